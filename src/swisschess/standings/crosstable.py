"""Crosstable: the players in standings order with every round's result.

Opponents are referred to by their line number in the table (the usual
printed form), so that shared ranks do not make the reference ambiguous.
"""

from __future__ import annotations

from dataclasses import dataclass

from swisschess.model.points import format_points
from swisschess.model.tournament import Colour, Tournament
from swisschess.standings.field import Field, Kind
from swisschess.standings.ranking import StandingRow, Standings, standings


@dataclass(slots=True)
class CrossLine:
    number: int
    row: StandingRow
    cells: list[str]


@dataclass(slots=True)
class Crosstable:
    standings: Standings
    rounds: int
    lines: list[CrossLine]


def cell(f: Field, pid: int, rnd: int, number: dict[int, int]) -> str:
    r = f.recs[pid][rnd - 1]
    col = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(r.colour, "-")
    if r.kind in (Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
        assert r.opponent is not None  # a game or a forfeit has an opponent
        opp = number[r.opponent]
        if r.kind is Kind.GAME:
            return f"{opp}{col}{format_points(r.points, halves=True)}"
        return f"{opp}{col}{'+' if r.kind is Kind.FORFEIT_WIN else '-'}"
    if r.kind is Kind.PAB:
        return "PAB"
    if r.kind is Kind.FULL_BYE:
        return "F"
    if r.kind is Kind.HALF_BYE:
        return "H"
    return "Z"


def crosstable(t: Tournament, tiebreaks: str | list | None = None, edition: str = "2026",
               upto: int | None = None, *, unrated: int | None = None,
               round_robin: bool | None = None) -> Crosstable:
    """The crosstable after round ``upto`` with the standings of :func:`standings`."""
    st = standings(t, tiebreaks, edition, upto, unrated=unrated, round_robin=round_robin)
    f = Field.build(t, st.round, edition)
    number = {r.id: i for i, r in enumerate(st.rows, 1)}
    lines = [CrossLine(i, r, [cell(f, r.id, k, number) for k in range(1, st.round + 1)])
             for i, r in enumerate(st.rows, 1)]
    return Crosstable(st, st.round, lines)
