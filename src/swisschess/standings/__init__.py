"""Standings and tie-breaks (FIDE C.07, 2023/24 and 2026 editions; seeds' F10).

Pure functions, no I/O::

    from swisschess.standings import standings
    st = standings(tournament, "BH/C1,BH,SB,DE", edition="2026")
    for row in st.rows:
        print(row.rank, row.player.name, row.points, row.values)
"""

from swisschess.standings.field import EDITIONS, Field, Kind, PendingResult, normalise_edition
from swisschess.standings.ranking import (
    DEFAULT_TIEBREAKS,
    StandingRow,
    Standings,
    direct_encounter,
    file_tiebreaks,
    rank_players,
    standings,
)
from swisschess.standings.spec import (
    PRESETS,
    TIEBREAKS,
    TiebreakError,
    TiebreakSpec,
    parse_tiebreak,
    parse_tiebreaks,
)
from swisschess.standings.tiebreaks import compute

__all__ = [
    "DEFAULT_TIEBREAKS",
    "EDITIONS",
    "Field",
    "Kind",
    "PRESETS",
    "PendingResult",
    "Standings",
    "StandingRow",
    "TIEBREAKS",
    "TiebreakError",
    "TiebreakSpec",
    "compute",
    "direct_encounter",
    "file_tiebreaks",
    "normalise_edition",
    "parse_tiebreak",
    "parse_tiebreaks",
    "rank_players",
    "standings",
]
