"""Standings for the store's views: :mod:`swisschess.standings` (FIDE C.07
tie-breaks; the tournament's own list, else ``BH/C1, BH, SB, DE, WIN``) after
the last complete round."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from swisschess.model.tournament import Player, Tournament
from swisschess.standings import standings as fide_standings
from swisschess.standings.field import complete_rounds
from swisschess.store.events import Conflict, NotFound


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


def standings_round(t: Tournament, upto: int | None = None) -> int:
    """The round standings (or a crosstable) may be shown after: ``upto``, or
    the last complete round by default.

    Refused, like the file command ``standings FILE --round N``: a round that
    was not paired, 0 or negative (NotFound: no standings are invented), and
    a round whose games (or an earlier round's) do not all have a result yet
    (Conflict: they will be once the results are in)."""
    last = complete_rounds(t)
    if upto is None:
        return last
    recorded = t.rounds_recorded()
    if not recorded:
        raise NotFound("no round has been paired yet")
    if not 1 <= upto <= recorded:
        raise NotFound(f"round {upto}: the tournament has rounds 1 to {recorded}")
    if upto > last:
        raise Conflict(f"round {upto}: round {last + 1} has games without a result")
    return upto


def ranking(t: Tournament, upto: int | None = None) -> Ranking:
    """The standings after round ``upto`` (default: the last complete round);
    see :func:`standings_round` for the rounds refused."""
    rounds = standings_round(t, upto)
    st = fide_standings(t, None, "2026", rounds)
    rows = [StandingRow(r.rank, r.player, r.points, list(r.values)) for r in st.rows]
    return Ranking(st.labels, rows, st.round, list(st.notes))
