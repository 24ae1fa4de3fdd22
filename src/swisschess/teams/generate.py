"""Random team tournaments, paired round by round by C.04.6 (for comparisons).

Each team has a hidden strength (its TPN order, with noise); each board of a
played match is won, drawn or lost at random with odds that lean towards the
stronger team.  Optionally a team is absent in a round (a zero-point bye,
General Handling Rules art. 3.3) or loses a match by forfeit.  The match
points come from the game points (win/draw/loss of the match), the PAB from
the rules (a draw's points by default, C.04.6 art. 1.4).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from swisschess.teams.model import (
    Colour,
    ColourModel,
    Member,
    RoundKind,
    Score,
    Team,
    TeamRound,
    TeamRules,
    TeamTournament,
)
from swisschess.teams.pairing import TeamRoundPairing, pair_round

Pairer = Callable[[TeamTournament, frozenset[int]], TeamRoundPairing]


def random_rules(rng: random.Random, rounds: int | None = None,
                 colour_model: ColourModel | None = None) -> TeamRules:
    """Rules with a random board count, colour model, primary score and lot."""
    return TeamRules(
        rounds=rounds if rounds is not None else rng.randint(3, 9),
        boards=rng.choice([2, 3, 4, 4, 5, 6]),
        primary=rng.choice([Score.MATCH_POINTS, Score.MATCH_POINTS, Score.GAME_POINTS]),
        secondary_for_colour=rng.random() < 0.8,
        colour_model=colour_model or rng.choice(list(ColourModel)),
        initial_colour=rng.choice(list(Colour)),
    )


def play_round(tournament: TeamTournament, pairing: TeamRoundPairing, rng: random.Random,
               absent: frozenset[int] = frozenset(), forfeit_rate: float = 0.0) -> None:
    """Append random results of ``pairing`` to the teams."""
    rules = tournament.rules
    boards = rules.boards
    entries: dict[int, TeamRound] = {}

    def lineup(tpn: int) -> tuple[int, ...] | None:
        members = tournament.team(tpn).members
        return tuple(x.id for x in members[:boards]) if len(members) >= boards else None

    for m in pairing.matches:
        if rng.random() < forfeit_rate:
            winner, loser = (m.white, m.black) if rng.random() < 0.5 else (m.black, m.white)
            colour = {m.white: Colour.WHITE, m.black: Colour.BLACK}
            every = frozenset(range(boards))
            entries[winner] = TeamRound(RoundKind.FORFEIT_WIN, rules.win_match_points,
                                        float(boards), loser, scheduled=colour[winner],
                                        boards=(1.0,) * boards, lineup=lineup(winner),
                                        unplayed_boards=every)
            entries[loser] = TeamRound(RoundKind.FORFEIT_LOSS, rules.loss_match_points, 0.0,
                                       winner, scheduled=colour[loser], boards=(0.0,) * boards,
                                       lineup=lineup(loser), unplayed_boards=every)
            continue
        edge = (m.black - m.white) / max(1, len(tournament.teams))  # stronger = smaller TPN
        white_boards = []
        for _ in range(boards):
            x = rng.random() + 0.25 * edge
            white_boards.append(1.0 if x > 0.62 else 0.5 if x > 0.38 else 0.0)
        white_gp = sum(white_boards)
        black_gp = boards - white_gp
        entries[m.white] = TeamRound(RoundKind.PLAYED, rules.match_points_for(white_gp, black_gp),
                                     white_gp, m.black, Colour.WHITE, boards=tuple(white_boards),
                                     lineup=lineup(m.white))
        entries[m.black] = TeamRound(RoundKind.PLAYED, rules.match_points_for(black_gp, white_gp),
                                     black_gp, m.white, Colour.BLACK,
                                     boards=tuple(1.0 - x for x in white_boards), lineup=lineup(m.black))
    if pairing.pab is not None:
        mp, gp = rules.pab_points
        entries[pairing.pab] = TeamRound(RoundKind.PAB, mp, gp)
    for team in tournament.teams:
        team.rounds.append(entries.get(team.tpn, TeamRound(RoundKind.ABSENT)))


def generate(seed: int, teams: int | None = None, rules: TeamRules | None = None,
             absence_rate: float = 0.0, forfeit_rate: float = 0.0,
             pairer: Pairer | None = None, rounds_to_play: int | None = None
             ) -> TeamTournament:
    """A random team tournament of ``rounds_to_play`` rounds (all by default)."""
    rng = random.Random(seed)
    rules = rules or random_rules(rng)
    n = teams if teams is not None else rng.randint(4, 16)
    tournament = TeamTournament(rules, [Team(i, f"Team {i}", members=members(i, rules.boards))
                                        for i in range(1, n + 1)])
    pair = pairer or (lambda t, a: pair_round(t, a))
    for _ in range(rounds_to_play if rounds_to_play is not None else rules.rounds):
        absent = next_absences(tournament, rng, absence_rate)
        play_round(tournament, pair(tournament, absent), rng, absent, forfeit_rate)
    return tournament


def members(tpn: int, boards: int) -> list[Member]:
    """The players of a generated team: one per board, numbered team by team."""
    return [Member((tpn - 1) * boards + b + 1, f"Team {tpn} board {b + 1}", 2000)
            for b in range(boards)]


def next_absences(tournament: TeamTournament, rng: random.Random, rate: float) -> frozenset[int]:
    """Teams absent from the next round, leaving at least two present."""
    absent = {t.tpn for t in tournament.teams if rng.random() < rate}
    if len(tournament.teams) - len(absent) < 2:
        return frozenset()
    return frozenset(absent)
