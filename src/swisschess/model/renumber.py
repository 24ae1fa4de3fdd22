"""JaVaFo ``XXC rank``: pair by position in the file instead of by start number.

A TRF file numbers its players (001 columns 5-8, the start numbers) and the
pairing rules use the pairing numbers (C.04.3 A.2: the order used to break
ties, to give colours by rank, ...).  Normally the two are the same.  With
``XXC rank`` (JaVaFo's TRF(x) extension, read the same way by bbpPairings) the
*position of the 001 line in the file* is the pairing number instead: the
arbiter has sorted the lines (by rating, after late entries, ...) and kept
the start numbers.  The reader records that order in
:attr:`Tournament.rank_order`; :func:`by_file_position` gives the tournament
renumbered 1..n in that order, for the engine, and the map back.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from swisschess.model.tournament import RoundEntry, Tournament


def by_file_position(t: Tournament) -> tuple[Tournament, dict[int, int]]:
    """``t`` with every player numbered by his position in ``t.rank_order``, and
    the map from those numbers back to the start numbers.

    Everything that names players is renumbered: the round entries'
    opponents, requested byes, forbidden pairs, record 299 adjustments and
    accelerations (record 250 ID ranges become per-player XXA points, since a
    range of start numbers is no range of positions).
    """
    # players the order does not name (added after the file was read: a late
    # entry in the manager) come after it, by start number
    listed = [i for i in (t.rank_order or []) if i in t.players]
    order = listed + sorted(set(t.players) - set(listed))
    new = {old: k for k, old in enumerate(order, 1)}

    def ids(xs: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(new[i] for i in xs if i in new)

    def entry(e: RoundEntry) -> RoundEntry:
        return e if e.opponent is None else replace(e, opponent=new.get(e.opponent, e.opponent))

    c = copy.copy(t)
    c.rank_order = None
    c.players = {}
    for old in order:
        p = copy.deepcopy(t.players[old])
        p.id = new[old]
        p.results = [entry(e) for e in p.results]
        c.players[p.id] = p
    c.bye_requests = [replace(b, ids=ids(b.ids)) for b in t.bye_requests]
    c.forbidden = [replace(f, ids=ids(f.ids)) for f in t.forbidden]
    c.adjustments = [replace(a, ids=ids(a.ids)) for a in t.adjustments]
    last = max(t.rounds or 0, t.rounds_recorded() + 1)
    c.accelerations = []
    c.xxa = {}
    if t.accelerations or t.xxa:
        for old in order:
            pts = [t.acceleration(old, r) for r in range(1, last + 1)]
            if any(pts):
                c.xxa[new[old]] = pts
    return c, {k: old for old, k in new.items()}
