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
from dataclasses import replace

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
               absent: frozenset[int] = frozenset(), forfeit_rate: float = 0.0,
               draw_percentage: int | None = None) -> None:
    """Append random results of ``pairing`` to the teams (``draw_percentage``:
    the share of drawn games; by default about a quarter)."""
    low, high = 0.38, 0.62
    if draw_percentage is not None:
        low, high = 0.5 - draw_percentage / 200, 0.5 + draw_percentage / 200
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
            white_boards.append(1.0 if x > high else 0.5 if x > low else 0.0)
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


# ------------------------------------------------------------ configuration

class TeamConfigError(ValueError):
    """A team generator configuration that cannot be used (engine exit code 3)."""


#: Key -> kind of value.  Rates are "one in N" as in the individual
#: generator's keys (JaVaFo / bbpPairings style; 0 = never).
TEAM_CONFIG_KEYS: dict[str, str] = {
    "TeamsNumber": "int",          # teams (TPN 1..n)
    "RoundsNumber": "int",
    "BoardsNumber": "int",
    "ColourModel": "model",        # TypeA, TypeB or None (C.04.6 art. 1.7)
    "PrimaryScore": "score",       # MP or GP (art. 1.2)
    "SecondaryForColour": "bool",  # art. 1.2.1 / 4.2.2
    "InitialColour": "colour",     # W or B (art. 4.1)
    "Baku": "bool",                # C.04.7 on match points
    "DrawPercentage": "int",       # drawn games, per cent
    "ForfeitRate": "rate",         # one match in N forfeited
    "AbsenceRate": "rate",         # one team-round in N absent
    "MatchPointsForWin": "points",
    "MatchPointsForDraw": "points",
    "MatchPointsForLoss": "points",
    "PABMatchPoints": "points",
    "PABGamePoints": "points",
}

_MODELS = {"TYPEA": ColourModel.TYPE_A, "TYPEB": ColourModel.TYPE_B, "NONE": ColourModel.NONE,
           "NOCOLOUR": ColourModel.NONE}


def parse_team_config(text: str) -> dict[str, object]:
    """The ``Key=Value`` lines of a team generator configuration (blank lines
    and ``#`` comments ignored).  Raises :class:`TeamConfigError` naming the line."""
    out: dict[str, object] = {}
    for ln, raw in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            raise TeamConfigError(f"line {ln}: expected Key=Value, got {line}")
        key, value = (s.strip() for s in line.split("=", 1))
        kind = TEAM_CONFIG_KEYS.get(key)
        if kind is None:
            raise TeamConfigError(f"line {ln}: unknown key {key} (known: {', '.join(TEAM_CONFIG_KEYS)})")
        v = value.upper()
        try:
            if kind == "int":
                out[key] = int(value)
            elif kind in ("rate", "points"):
                x = float(value)
                if not x >= 0 or x == float("inf"):
                    raise ValueError(value)
                out[key] = x
            elif kind == "model":
                out[key] = _MODELS[v.replace("_", "").replace(" ", "")]
            elif kind == "score":
                out[key] = {"MP": Score.MATCH_POINTS, "GP": Score.GAME_POINTS}[v]
            elif kind == "bool":
                out[key] = {"YES": True, "TRUE": True, "1": True, "NO": False, "FALSE": False, "0": False}[v]
            else:
                out[key] = Colour(v)
        except (ValueError, KeyError):
            raise TeamConfigError(f"line {ln}: invalid value {value} for {key}") from None
    return out


def generate_from_config(settings: dict[str, object], seed: int) -> TeamTournament:
    """A random team tournament from :func:`parse_team_config`'s settings;
    a key not given is drawn at random (as :func:`generate` does).  The same
    settings and seed give the same tournament."""
    rng = random.Random(seed)
    base = random_rules(rng, rounds=settings.get("RoundsNumber"),  # type: ignore[arg-type]
                        colour_model=settings.get("ColourModel"))  # type: ignore[arg-type]
    pick: dict[str, object] = {}
    for key, attr in (("BoardsNumber", "boards"), ("PrimaryScore", "primary"),
                      ("SecondaryForColour", "secondary_for_colour"), ("InitialColour", "initial_colour"),
                      ("Baku", "baku"), ("MatchPointsForWin", "win_match_points"),
                      ("MatchPointsForDraw", "draw_match_points"),
                      ("MatchPointsForLoss", "loss_match_points"),
                      ("PABMatchPoints", "pab_match_points"), ("PABGamePoints", "pab_game_points")):
        if key in settings:
            pick[attr] = settings[key]
    if pick.get("baku") and "primary" not in pick:
        pick["primary"] = Score.MATCH_POINTS  # C.04.7 art. 1.4.4
    try:
        rules = replace(base, **pick)  # type: ignore[arg-type]
    except ValueError as e:
        raise TeamConfigError(str(e)) from None
    if rules.baku and rules.primary is Score.GAME_POINTS:
        raise TeamConfigError("Baku: an acceleration cannot be used when game points are the "
                              "primary score (C.04.7 art. 1.4.4)")
    n = settings.get("TeamsNumber", rng.randint(4, 16))
    if not isinstance(n, int) or not 2 <= n <= 999:
        raise TeamConfigError("TeamsNumber must be between 2 and 999")
    draw = settings.get("DrawPercentage")
    if draw is not None and not (isinstance(draw, int) and 0 <= draw <= 100):
        raise TeamConfigError("DrawPercentage must be between 0 and 100")
    rates = {}
    for key in ("ForfeitRate", "AbsenceRate"):
        v = settings.get(key, 0.0)
        if not isinstance(v, float) or (v != 0 and v < 1):
            raise TeamConfigError(f"{key}: a rate is 'one in N' with N >= 1 (0 = never)")
        rates[key] = 1 / v if v else 0.0
    tournament = TeamTournament(rules, [Team(i, f"Team {i}", members=members(i, rules.boards))
                                        for i in range(1, n + 1)])
    for _ in range(rules.rounds):
        absent = next_absences(tournament, rng, rates["AbsenceRate"])
        pairing = pair_round(tournament, absent)
        play_round(tournament, pairing, rng, absent, rates["ForfeitRate"],
                   draw_percentage=draw if isinstance(draw, int) else None)
    return tournament
