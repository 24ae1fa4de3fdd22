"""Why a pairing is what it is: a post-hoc explanation of a Dutch-system round.

``explain_round(t, rnd)`` returns a :class:`RoundExplanation` (plain
dataclasses, ``to_dict()`` for JSON); :func:`render_text` turns it into the
short lines an arbiter reads.  Pure: no I/O.  See ``docs/explain.md``.
"""

from swisschess.explain.model import (
    BracketExplanation,
    CandidateInfo,
    FloatInfo,
    PabExplanation,
    PairInfo,
    PlayerInfo,
    RoundExplanation,
    Shortfall,
)
from swisschess.explain.render import render_text
from swisschess.explain.report import explain_round
from swisschess.explain.state import ExplainError

__all__ = [
    "BracketExplanation",
    "CandidateInfo",
    "ExplainError",
    "FloatInfo",
    "PabExplanation",
    "PairInfo",
    "PlayerInfo",
    "RoundExplanation",
    "Shortfall",
    "explain_round",
    "render_text",
]
