"""Pairings checker and random tournament generator (pure logic, no I/O).

* :func:`differing_rounds` re-pairs every round of a tournament from what was
  known before it and returns the rounds whose pairing differs;
* :func:`generate` builds a random tournament with the JaVaFo / bbpPairings
  generator keys, every round paired by the engine.
"""

from swisschess.checking.checker import (
    Board,
    RoundCheck,
    RoundDiscrepancy,
    check_rounds,
    compare_boards,
    differing_rounds,
    infer_initial_colour,
    position_before,
    tournament_boards,
)
from swisschess.checking.generator import (
    CONFIG_KEYS,
    ConfigError,
    GeneratorConfig,
    config_summary,
    generate,
    make_config,
    parse_config,
    point_system,
    representable_in_trf,
    resolve_config,
)

__all__ = [
    "Board", "CONFIG_KEYS", "ConfigError", "GeneratorConfig", "RoundCheck", "RoundDiscrepancy",
    "check_rounds", "compare_boards", "config_summary", "differing_rounds", "generate",
    "infer_initial_colour", "make_config", "parse_config", "point_system", "position_before",
    "representable_in_trf", "resolve_config", "tournament_boards",
]
