"""TRF-2026 record 299: points added to or removed from a player's score.

The reader turns the records with a blank type and player numbers into
:class:`~swisschess.model.tournament.PointAdjustment` (``Tournament.adjustments``,
which :meth:`Tournament.score` counts); the typed forms are kept raw in
``Tournament.extra["299"]``.  This module sums them (the writer writes them).
"""

from __future__ import annotations

from fractions import Fraction

from swisschess.model.tournament import Tournament


def point_adjustments(t: Tournament) -> dict[int, Fraction]:
    """Total record 299 points per player, every round and the final standing."""
    out: dict[int, Fraction] = {}
    for a in t.adjustments:
        for pid in a.ids:
            out[pid] = out.get(pid, Fraction(0)) + a.points
    return out
