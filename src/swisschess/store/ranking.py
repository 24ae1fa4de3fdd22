"""Standings for the store's views.

Uses :mod:`swisschess.standings` when it offers a ``standings(t, ...)`` function;
until then a small built-in ranking: points, Buchholz Cut-1, Buchholz,
Sonneborn-Berger, wins, then pairing number.  Unplayed rounds count for the
opponent's Buchholz as the player's own points (simplified virtual opponent).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from swisschess.model.tournament import Tournament, outcome

if TYPE_CHECKING:
    from swisschess.store.service import StandingRow


def standings(t: Tournament, upto: int | None = None) -> tuple[list[str], list[StandingRow]]:
    """(tie-break names, rows in rank order) after round ``upto``."""
    from swisschess.store.service import FALLBACK_TIEBREAKS, StandingRow

    rounds = t.rounds_recorded() if upto is None else upto
    score = {pid: _points(t, pid, rounds) for pid in t.players}
    keys = {}
    for pid, p in t.players.items():
        opp_scores = []
        sb = Fraction(0)
        wins = 0
        for e in p.results[:rounds]:
            if e.code == "*":
                continue
            if e.opponent is not None and e.opponent in t.players and e.played:
                os = score[e.opponent]
                opp_scores.append(os)
                pts = t.points.points(e)
                sb += os * pts
            else:
                opp_scores.append(score[pid])
            if outcome(e) == "win" and e.played:
                wins += 1
        bh = sum(opp_scores, Fraction(0))
        cut1 = bh - min(opp_scores) if opp_scores else Fraction(0)
        keys[pid] = [cut1, bh, sb, Fraction(wins)]
    order = sorted(t.players, key=lambda pid: (-score[pid], [-k for k in keys[pid]], pid))
    rows: list[StandingRow] = []
    prev = None
    for i, pid in enumerate(order, 1):
        k = (score[pid], keys[pid])
        rank = rows[-1].rank if prev == k else i
        rows.append(StandingRow(rank, t.players[pid], score[pid], keys[pid]))
        prev = k
    return list(FALLBACK_TIEBREAKS), rows


def _points(t: Tournament, pid: int, rounds: int) -> Fraction:
    return sum((t.points.points(e) for e in t.players[pid].results[:rounds] if e.code != "*"),
               Fraction(0))
