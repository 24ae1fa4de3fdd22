"""TRF-2026 record 299: points added to or removed from a player's score.

Kept raw in ``Tournament.extra["299"]`` by the reader (and written back as
read); this module reads their values.
"""

from __future__ import annotations

from fractions import Fraction

from swisschess.formats.fields import parse_int, parse_number
from swisschess.model.tournament import Tournament


def point_adjustments(t: Tournament) -> dict[int, Fraction]:
    """Points added or removed by TRF-2026 record 299 (abnormal points, penalties).

    299 layout: type at 5, match points 8-11, points 14-17, round 20-22, IDs
    24-27, 29-32 ...  The records are kept raw in ``t.extra["299"]``; this sums
    their game points per player (match points are for team events).
    """
    out: dict[int, Fraction] = {}
    for line in t.extra.get("299", []):
        pts = parse_number(line[13:17])
        if pts is None:
            continue
        for w in line[23:].split():
            pid = parse_int(w)
            if pid is not None:
                out[pid] = out.get(pid, Fraction(0)) + pts
    return out
