"""Standings for the store's views.

Uses :mod:`swisschess.standings` (FIDE C.07 tie-breaks; the tournament's own
list, else ``BH/C1, BH, SB, DE, WIN``) after the last complete round.  If that
package cannot be imported, a small built-in ranking: points, Buchholz Cut-1,
Buchholz, Sonneborn-Berger, wins (unplayed rounds count as the player's own
points for Buchholz, a simplified virtual opponent).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from swisschess.model.tournament import Tournament, outcome

if TYPE_CHECKING:
    from swisschess.store.service import Ranking, StandingRow


def complete_rounds(t: Tournament) -> int:
    """Last round with every result known."""
    n = t.rounds_recorded()
    while n > 0 and any((e := p.entry(n)) is not None and e.code == "*"
                        for p in t.players.values()):
        n -= 1
    return n


def ranking(t: Tournament, upto: int | None = None) -> Ranking:
    """The standings after round ``upto`` (default: the last complete round)."""
    from swisschess.store.service import Ranking, StandingRow

    rounds = complete_rounds(t) if upto is None else upto
    try:
        from swisschess.standings import standings as fide_standings
    except ImportError:
        names, rows = standings(t, rounds)
        return Ranking(names, rows, rounds, ["built-in tie-breaks (swisschess.standings missing)"])
    st = fide_standings(t, None, "2026", rounds)
    rows = [StandingRow(r.rank, r.player, r.points, list(r.values)) for r in st.rows]
    return Ranking(st.labels, rows, st.round, list(st.notes))


def standings(t: Tournament, upto: int | None = None) -> tuple[list[str], list[StandingRow]]:
    """Built-in fallback: (tie-break names, rows in rank order) after round ``upto``."""
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
