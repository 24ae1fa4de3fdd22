"""Accelerated pairing of team events: the Baku method of C.04.7 on match points.

C.04.7 ("Accelerated pairing systems", 2026) adds *virtual points* to the
pairing score of the stronger teams in the first rounds.  For teams the
method works on **match points** (art. 1.4.4: it cannot be used when game
points are the primary score); the points are those of a match won (full) or
drawn (half), the premise being that a win is worth two draws and a loss
nothing.  The division and the rounds are those of the individual method
(:mod:`swisschess.rules.baku`):

* GA = the first half of the teams paired in round 1, rounded up to an even
  number (``2*ceil(N/4)``), by TPN; a later entry is in GA when its TPN is not
  above the last GA team's;
* the accelerated rounds are the first half of the rounds, rounded up; GA
  teams get a win's match points in the first half of those (rounded up),
  a draw's in the others.  Fourteen rounds: rounds 1-4 two MP, 5-7 one MP.

The pairing score (score + virtual points) defines the scoregroups, their
order and the board order (C.04.7 art. 1.5); whether a team floated (C.04.6
art. 1.5) compares pairing scores too.  The colour allocation (C.04.6 art.
4.2) and the standings read the real scores.  Virtual points given in the
file (TRF-2026 record ``250``) win over the method.
"""

from __future__ import annotations

from swisschess.rules.baku import accelerated_rounds, group_a_size
from swisschess.teams.model import (
    PAIRED_KINDS,
    Acceleration,
    RoundKind,
    Score,
    Team,
    TeamTournament,
    score,
)


class AccelerationError(ValueError):
    """The acceleration cannot be applied to these rules."""


def check_acceleration(tournament: TeamTournament) -> None:
    """Refuse what C.04.7 does not allow: an acceleration on game points
    (art. 1.4.4) and the Baku method without the 2/1/0 proportions."""
    rules = tournament.rules
    if not (rules.baku or rules.acceleration):
        return
    if rules.primary is Score.GAME_POINTS:
        raise AccelerationError("an acceleration cannot be used when game points are the "
                                "primary score (C.04.7 art. 1.4.4)")
    if rules.baku and not rules.acceleration and (
            rules.win_match_points != 2 * rules.draw_match_points or rules.loss_match_points != 0):
        raise AccelerationError("the Baku acceleration needs a match win worth two draws "
                                "and a loss worth nothing")


def last_ga_team(tournament: TeamTournament, absent: frozenset[int] = frozenset()) -> int | None:
    """The TPN of the last team of GA: the ``2*ceil(N/4)``-th of the teams
    paired in round 1 (before round 1: the teams to be paired)."""
    if tournament.rounds_played >= 1:
        listed = sorted(t.tpn for t in tournament.teams
                        if t.rounds and (t.rounds[0].kind in PAIRED_KINDS or
                                         t.rounds[0].kind is RoundKind.PAB))
    else:
        listed = sorted(t.tpn for t in tournament.teams if t.tpn not in absent)
    if not listed:
        return None
    return listed[min(len(listed), group_a_size(len(listed))) - 1]


def virtual_points(tournament: TeamTournament, tpn: int, rnd: int,
                   absent: frozenset[int] = frozenset()) -> float:
    """The virtual points (on the primary score) of team ``tpn`` when pairing
    round ``rnd``."""
    rules = tournament.rules
    if rules.acceleration:
        value = 0.0
        for a in rules.acceleration:  # the last record that covers it wins
            if a.first_round <= rnd <= a.last_round and a.first_team <= tpn <= a.last_team:
                value = a.match_points if rules.primary is Score.MATCH_POINTS else a.game_points
        return value
    if not rules.baku:
        return 0.0
    full, last = accelerated_rounds(rules.rounds)
    if rnd > last:
        return 0.0
    ga = last_ga_team(tournament, absent)
    if ga is None or tpn > ga:
        return 0.0
    return rules.win_match_points if rnd <= full else rules.draw_match_points


def pairing_score(tournament: TeamTournament, team: Team, rnd: int,
                  absent: frozenset[int] = frozenset()) -> float:
    """C.04.7 art. 1.5: the score before round ``rnd`` plus that round's virtual points."""
    return score(team, tournament.rules, rnd - 1) + virtual_points(tournament, team.tpn, rnd, absent)


def floated(tournament: TeamTournament, team: Team, round_number: int) -> bool:
    """C.04.6 art. 1.5 under an acceleration: a team floated in round
    ``round_number`` when it played an opponent with a different *pairing*
    score (the scores that made the scoregroups of that round)."""
    if round_number < 1 or round_number > len(team.rounds):
        return False
    entry = team.rounds[round_number - 1]
    if not entry.played or entry.opponent is None:
        return False
    opponent = tournament.team(entry.opponent)
    return (pairing_score(tournament, team, round_number)
            != pairing_score(tournament, opponent, round_number))


def baku_records(tournament: TeamTournament, absent: frozenset[int] = frozenset()
                 ) -> tuple[Acceleration, ...]:
    """The virtual points of the Baku method as TRF-2026 ``250`` records (what
    an in-tournament data exchange file carries, so that another engine pairs
    with the same points): a win's MP to GA in the first accelerated rounds,
    a draw's in the others."""
    rules = tournament.rules
    if not rules.baku or rules.acceleration:
        return rules.acceleration
    ga = last_ga_team(tournament, absent)
    if ga is None:
        return ()
    full, last = accelerated_rounds(rules.rounds)
    out = [Acceleration(rules.win_match_points, 0.0, 1, full, 1, ga)]
    if last > full:
        out.append(Acceleration(rules.draw_match_points, 0.0, full + 1, last, 1, ga))
    return tuple(out)
