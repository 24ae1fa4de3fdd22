"""Standings for the store's views: :mod:`swisschess.standings` (FIDE C.07
tie-breaks; the tournament's own list, else ``BH/C1, BH, SB, DE, WIN``) after
the last complete round."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from swisschess.model.tournament import Player, Tournament
from swisschess.standings import standings as fide_standings


@dataclass(slots=True)
class StandingRow:
    rank: int
    player: Player
    points: Fraction
    #: one value per tie-break of :attr:`Ranking.names` (None: not applicable)
    tiebreaks: list[Fraction | int | None] = field(default_factory=list)


@dataclass(slots=True)
class Ranking:
    """Standings after round :attr:`round` (the last complete round by default)."""

    names: list[str]
    rows: list[StandingRow]
    round: int
    notes: list[str] = field(default_factory=list)


def complete_rounds(t: Tournament) -> int:
    """Last round with every result known."""
    n = t.rounds_recorded()
    while n > 0 and any((e := p.entry(n)) is not None and e.code == "*"
                        for p in t.players.values()):
        n -= 1
    return n


def ranking(t: Tournament, upto: int | None = None) -> Ranking:
    """The standings after round ``upto`` (default: the last complete round)."""
    rounds = complete_rounds(t) if upto is None else upto
    st = fide_standings(t, None, "2026", rounds)
    rows = [StandingRow(r.rank, r.player, r.points, list(r.values)) for r in st.rows]
    return Ranking(st.labels, rows, st.round, list(st.notes))
