"""Team and club standings from the individual results of an open.

Many opens give a prize to the best club or federation: the sum of the points
of its best ``best`` players (``best`` = N, as the tournament's rules say).
Teams are ranked by that sum; ties are broken by the sum of the same players'
places in the individual standings (lower is better), then stay shared.
Players without a club (federation) form no team.

The group is the player's federation (TRF columns 54-56) or, with
``by="club"``, the player's club when the model carries one (the ``club``
field of the player; empty otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from swisschess.standings.ranking import StandingRow, Standings

GROUPS = ("federation", "club")


@dataclass(frozen=True, slots=True)
class TeamRow:
    rank: int
    team: str
    points: Fraction
    #: the players counted (best first): (pairing number, name, points, place)
    members: list[tuple[int, str, Fraction, int]]
    players: int  # all players of the team in the event


def group_of(row: StandingRow, by: str) -> str:
    if by == "club":
        return str(getattr(row.player, "club", "") or "").strip()
    return row.player.federation.strip().upper()


def team_standings(st: Standings, best: int, by: str = "federation") -> list[TeamRow]:
    """Teams ranked by the points of their ``best`` best players."""
    if by not in GROUPS:
        raise ValueError(f"unknown team grouping {by!r} (use federation or club)")
    if best < 1:
        raise ValueError("the number of players counted must be at least 1")
    teams: dict[str, list[StandingRow]] = {}
    for r in st.rows:  # standings order: best first
        g = group_of(r, by)
        if g:
            teams.setdefault(g, []).append(r)
    scored = []
    for name, rows in teams.items():
        top = rows[:best]
        pts = sum((r.points for r in top), Fraction(0))
        places = sum(r.rank for r in top)
        scored.append((-pts, places, name, top, len(rows)))
    scored.sort(key=lambda x: (x[0], x[1], x[2]))
    out: list[TeamRow] = []
    for i, (neg, places, name, top, n) in enumerate(scored):
        tied = out and scored[i - 1][0] == neg and scored[i - 1][1] == places
        rank = out[-1].rank if tied else i + 1
        out.append(TeamRow(rank, name, -neg,
                           [(r.id, r.player.name, r.points, r.rank) for r in top], n))
    return out
