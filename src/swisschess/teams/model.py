"""The team model of C.04.6: teams, their rounds, and the competition's rules.

A team is known by its TPN (tournament pairing number).  C.04.6 art. 1.1.2:
"The rules of the team competition shall describe how to assign a TPN to each
team. Otherwise, it is a decision of the Chief Arbiter" - so the TPN is an
*input* here, never derived from ratings, and art. 1.1.3 keeps it fixed.

Each round of a team is one :class:`TeamRound`: a played match (with the
colour of its first board, art. 1.6.1), a match won or lost by forfeit, a
pairing-allocated-bye, a full-/half-/zero-point bye, or an absence.  The
round records the match points and game points the team scored in it, so any
scoring scale of the competition is honoured as entered.

The pairing reads from the history only what the text names:

* the **score** (art. 1.2): match points or game points, as the rules of the
  competition say (default match points, art. 1.2.2), plus the secondary
  score that art. 4.2.2 uses to choose the first-team;
* the **colour difference** and **colour sequence** (art. 1.6) of the played
  matches only - General Handling Rules art. 3.4 squeezes unplayed rounds out;
* the **colour preference** (art. 1.7, Type A, Type B or none);
* whether the team was a **floater** in the previous round (art. 1.5);
* the opponents it has played ([C1], art. 2.1.1) and whether it may still
  receive the PAB ([C2], art. 2.1.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class RoundKind(Enum):
    """What a team's round was."""

    PLAYED = "played"            # the match was played (art. 1.6.1 gives it a colour)
    FORFEIT_WIN = "forfeit_win"  # won by forfeit: bars the PAB ([C2] art. 2.1.2)
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"  # paired, neither side played
    PAB = "pab"                  # pairing-allocated-bye (art. 1.4)
    FULL_BYE = "full_bye"        # FIDE-deprecated full-point bye: bars the PAB ([C2])
    HALF_BYE = "half_bye"
    ABSENT = "absent"            # zero-point bye / not paired (GHR art. 3.3)


#: The round kinds in which the team had an opponent on the board.
PAIRED_KINDS = frozenset({RoundKind.PLAYED, RoundKind.FORFEIT_WIN,
                          RoundKind.FORFEIT_LOSS, RoundKind.DOUBLE_FORFEIT})


class ColourModel(Enum):
    """C.04.6 art. 1.7: "Type A colour preferences are used unless the rules of
    the team competition specify that either Type B colour preferences shall be
    used, or colour preferences are not to be used at all"."""

    TYPE_A = "typea"
    TYPE_B = "typeb"
    NONE = "nocolour"


class Score(Enum):
    """Which points a score counts (art. 1.2.1)."""

    MATCH_POINTS = "mp"
    GAME_POINTS = "gp"


class Colour(Enum):
    WHITE = "W"
    BLACK = "B"

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Strength(Enum):
    """The strength of a colour preference (art. 1.7).  Type A knows only the
    *simple* preference; Type B knows *strong* and *mild* ones."""

    SIMPLE = "simple"
    STRONG = "strong"
    MILD = "mild"


@dataclass(frozen=True)
class Preference:
    """A colour preference: the colour wanted and how strongly (art. 1.7)."""

    colour: Colour
    strength: Strength

    @property
    def strong(self) -> bool:
        """Strong in the sense of [C9] and art. 4.3.4 (Type B).  A Type A
        (simple) preference is worded exactly like a Type B strong one; the
        distinction only matters under Type B, where both are used."""
        return self.strength is Strength.STRONG


@dataclass(frozen=True)
class TeamRound:
    """One round of one team.

    ``opponent`` is the opponent's TPN for a paired round, else None.
    ``colour`` is the colour of the team's first board in a *played* match
    (art. 1.6.1: "the player on the first board was scheduled to play with
    that colour"); None for every other kind of round.  ``scheduled`` keeps
    the first board's colour of a paired match that was not played (a
    forfeit): files record it, the pairing ignores it (art. 1.6.1: no colour).

    ``boards`` (optional) is the team's game points board by board (board 1
    first), ``lineup`` the member id that sat on each board (0: nobody, the
    game was forfeited) and ``unplayed_boards`` the boards (0-based) whose
    game was not played (a forfeit).  The pairing never reads them; the team
    tie-breaks of C.07 art. 12 (BC, TBR, BBE) and the board statistics do.
    """

    kind: RoundKind
    match_points: float = 0.0
    game_points: float = 0.0
    opponent: int | None = None
    colour: Colour | None = None
    scheduled: Colour | None = None
    boards: tuple[float, ...] | None = None
    lineup: tuple[int, ...] | None = None
    unplayed_boards: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if (self.kind in PAIRED_KINDS) != (self.opponent is not None):
            raise ValueError(f"a {self.kind.value} round {'needs' if self.kind in PAIRED_KINDS else 'has no'}"
                             " opponent")
        if (self.kind is RoundKind.PLAYED) != (self.colour is not None):
            raise ValueError("only a played match has a colour (C.04.6 art. 1.6.1)")
        if self.scheduled is not None and (self.played or self.opponent is None):
            raise ValueError("only an unplayed paired match has a scheduled colour")

    @property
    def played(self) -> bool:
        return self.kind is RoundKind.PLAYED


@dataclass(frozen=True)
class Member:
    """A player of a team: an id unique in the tournament (the TRF ``001``
    start number), name, rating (0: unrated) and place in the team's list."""

    id: int
    name: str = ""
    rating: int = 0


@dataclass
class Team:
    """A team: its TPN (art. 1.1), name, its rounds so far (round 1 first)
    and, optionally, its members in the order of the team's list (board order)."""

    tpn: int
    name: str = ""
    rounds: list[TeamRound] = field(default_factory=list)
    members: list[Member] = field(default_factory=list)


@dataclass(frozen=True)
class Acceleration:
    """Virtual points of an accelerated pairing (C.04.7; TRF-2026 record
    ``250``): ``match_points`` / ``game_points`` added to the pairing score of
    the teams ``first_team``..``last_team`` (TPN) in rounds
    ``first_round``..``last_round``."""

    match_points: float
    game_points: float
    first_round: int
    last_round: int
    first_team: int
    last_team: int


@dataclass(frozen=True)
class Prohibition:
    """Teams that may not meet each other in rounds ``first_round`` ..
    ``last_round`` (TRF-2026 record ``260``; e.g. the teams of one club or
    federation), applied like [C1]."""

    first_round: int
    last_round: int
    teams: frozenset[int]


@dataclass(frozen=True)
class TeamRules:
    """The rules of the team competition that C.04.6 leaves to them.

    * ``primary``: art. 1.2.1 - match points or game points is the (primary)
      score; the default is match points (art. 1.2.2).
    * ``secondary_for_colour``: art. 1.2.1/4.2.2 - whether the other score is
      used to choose the first-team; the default is yes (art. 1.2.2).
    * ``colour_model``: art. 1.7 - Type A unless the rules say Type B or none.
    * ``rounds``: the declared number of rounds (Basic Rules art. 1); art. 1.7.2,
      2.3.4 [C7] and 2.3.7 [C10] need to know the last (two) rounds.
    * ``boards``: the number of boards of a match.
    * ``pab_match_points`` / ``pab_game_points``: art. 1.4 - "as many match
      points and game points as are rewarded for a draw, unless the regulations
      of the team competition state otherwise"; None means the draw's points
      (``draw_match_points`` and half the boards).
    * ``initial_colour``: art. 4.1 - drawn by lot before round 1.
    * ``baku``: the Baku acceleration (C.04.7) on match points (TRF ``192``
      code ending in ``_BAKU``); ``acceleration``: virtual points given
      explicitly (TRF ``250``), which win over the method.  See
      :mod:`swisschess.teams.acceleration`.
    """

    rounds: int
    boards: int = 4
    primary: Score = Score.MATCH_POINTS
    secondary_for_colour: bool = True
    colour_model: ColourModel = ColourModel.TYPE_A
    initial_colour: Colour = Colour.WHITE
    win_match_points: float = 2.0
    draw_match_points: float = 1.0
    loss_match_points: float = 0.0
    pab_match_points: float | None = None
    pab_game_points: float | None = None
    baku: bool = False
    acceleration: tuple[Acceleration, ...] = ()
    board_colours: str | None = None  # TRF 352: board 1's colour first, e.g. "WBWB"
    prohibited: tuple[Prohibition, ...] = ()

    def barred(self, tpn: int, rnd: int) -> set[int]:
        """The teams ``tpn`` may not be paired with in round ``rnd`` (record 260)."""
        out: set[int] = set()
        for p in self.prohibited:
            if p.first_round <= rnd <= p.last_round and tpn in p.teams:
                out |= p.teams - {tpn}
        return out

    def board_colour(self, team_colour: Colour, board: int) -> Colour:
        """The colour on ``board`` (0-based) of the team whose first board has
        ``team_colour`` (art. 1.6.1); boards alternate unless ``board_colours``
        says otherwise."""
        seq = self.board_colours or "".join("WB"[i % 2] for i in range(self.boards))
        same = seq[board % len(seq)] == seq[0]
        return team_colour if same else team_colour.other

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise ValueError("the number of rounds must be at least 1")
        if self.boards < 1:
            raise ValueError("a team has at least one board")

    @property
    def pab_points(self) -> tuple[float, float]:
        """(match points, game points) of a PAB - a drawn match's by default (art. 1.4)."""
        mp = self.draw_match_points if self.pab_match_points is None else self.pab_match_points
        gp = self.boards / 2 if self.pab_game_points is None else self.pab_game_points
        return mp, gp

    def match_points_for(self, game_points: float, opponent_game_points: float) -> float:
        """The match points of a played match from its game points."""
        if game_points > opponent_game_points:
            return self.win_match_points
        if game_points < opponent_game_points:
            return self.loss_match_points
        return self.draw_match_points


@dataclass
class TeamTournament:
    """The rules and the teams (one :class:`Team` per TPN 1..n, art. 1.1.1)."""

    rules: TeamRules
    teams: list[Team]

    def __post_init__(self) -> None:
        tpns = sorted(t.tpn for t in self.teams)
        if tpns != list(range(1, len(tpns) + 1)):
            # C.04.6 art. 1.1.1
            raise ValueError("each team must have a different TPN, from 1 to the number of teams")

    @property
    def rounds_played(self) -> int:
        return max((len(t.rounds) for t in self.teams), default=0)

    def team(self, tpn: int) -> Team:
        return self.teams[tpn - 1] if self.teams[tpn - 1].tpn == tpn else \
            next(t for t in self.teams if t.tpn == tpn)


def record_round(tournament: TeamTournament, matches: list[tuple[int, int, float, float]],
                 pab: int | None = None, forfeits: tuple[tuple[int, int], ...] = ()) -> None:
    """Append one round to every team.

    ``matches``: played matches ``(white, black, white game points, black game
    points)`` - white being the team whose first board had White; the match
    points follow from the game points.  ``pab``: the team that received the
    PAB (a draw's points by default, art. 1.4).  ``forfeits``: ``(winner,
    loser)`` matches won by forfeit (all boards).  Every other team is absent.
    """
    rules = tournament.rules
    entries: dict[int, TeamRound] = {}
    for white, black, wgp, bgp in matches:
        entries[white] = TeamRound(RoundKind.PLAYED, rules.match_points_for(wgp, bgp), wgp,
                                   black, Colour.WHITE)
        entries[black] = TeamRound(RoundKind.PLAYED, rules.match_points_for(bgp, wgp), bgp,
                                   white, Colour.BLACK)
    for winner, loser in forfeits:
        entries[winner] = TeamRound(RoundKind.FORFEIT_WIN, rules.win_match_points,
                                    float(rules.boards), loser)
        entries[loser] = TeamRound(RoundKind.FORFEIT_LOSS, rules.loss_match_points, 0.0, winner)
    if pab is not None:
        mp, gp = rules.pab_points
        entries[pab] = TeamRound(RoundKind.PAB, mp, gp)
    known = {t.tpn for t in tournament.teams}
    if not set(entries) <= known:
        raise ValueError(f"unknown team(s): {sorted(set(entries) - known)}")
    for team in tournament.teams:
        team.rounds.append(entries.get(team.tpn, TeamRound(RoundKind.ABSENT)))


# ----------------------------------------------------------------- history

def match_points(team: Team, upto: int | None = None) -> float:
    return sum(r.match_points for r in team.rounds[:upto])


def game_points(team: Team, upto: int | None = None) -> float:
    return sum(r.game_points for r in team.rounds[:upto])


def score(team: Team, rules: TeamRules, upto: int | None = None) -> float:
    """The (primary) score after ``upto`` rounds (all by default), art. 1.2."""
    if rules.primary is Score.MATCH_POINTS:
        return match_points(team, upto)
    return game_points(team, upto)


def secondary_score(team: Team, rules: TeamRules, upto: int | None = None) -> float:
    """The other score (art. 1.2.1), used only by art. 4.2.2."""
    if rules.primary is Score.MATCH_POINTS:
        return game_points(team, upto)
    return match_points(team, upto)


def colour_sequence(team: Team) -> list[Colour]:
    """The colours of the played matches, in order (art. 1.6.1; GHR art. 3.4:
    only played matches count where the colour sequence is meaningful)."""
    return [r.colour for r in team.rounds if r.colour is not None]


def colour_difference(team: Team) -> int:
    """Art. 1.6.2: matches with White minus matches with Black."""
    seq = colour_sequence(team)
    return sum(1 if c is Colour.WHITE else -1 for c in seq)


def matches_played(team: Team) -> int:
    """The matches actually played (art. 3.4.3; forfeits are not played)."""
    return sum(1 for r in team.rounds if r.played)


def played_opponents(team: Team) -> set[int]:
    """The teams met over the board.  [C1] (Basic Rules art. 2) with General
    Handling Rules art. 3.5: "two paired participants, who did not play their
    game or match, may be paired together in a future round"."""
    return {r.opponent for r in team.rounds if r.played and r.opponent is not None}


def may_receive_pab(team: Team) -> bool:
    """[C2] art. 2.1.2: "A team that has already received a pairing-allocated
    bye or won a match by forfeit (or been given a FIDE-deprecated full-point
    bye) shall not receive the pairing-allocated bye"."""
    barred = {RoundKind.PAB, RoundKind.FORFEIT_WIN, RoundKind.FULL_BYE}
    return not any(r.kind in barred for r in team.rounds)


def colour_preference(team: Team, rules: TeamRules, round_to_pair: int) -> Preference | None:
    """The colour preference of art. 1.7 when pairing ``round_to_pair``.

    Type A (art. 1.7.1) and the strong preferences of Type B (art. 1.7.2) are
    worded alike: White if CD < -1, or CD is 0 or -1 and the last two played
    matches were with Black (and symmetrically for Black).  Type B adds mild
    preferences: White if CD is -1, or CD is 0, it is not the last round and
    the last played match was with Black.  No preference for a team that has yet
    to play a match, nor (Type B) for CD 0 when pairing the last round.

    Reading (open point A1): under Type B in the last round, a team with CD 0
    whose last two played matches had the same colour matches both the strong
    clause and "no preference when its CD is zero when pairing for the last
    round".  The strong clause is taken (it is stated without exception; the
    last-round clause closes the mild ones, which carry their own "not the last
    round" condition).  gacrux reads it the same way.
    """
    if rules.colour_model is ColourModel.NONE:
        return None
    seq = colour_sequence(team)
    if not seq:
        return None
    cd = colour_difference(team)
    last_two = seq[-2:]
    first_kind = Strength.SIMPLE if rules.colour_model is ColourModel.TYPE_A else Strength.STRONG
    if cd < -1 or (cd in (0, -1) and last_two == [Colour.BLACK, Colour.BLACK]):
        return Preference(Colour.WHITE, first_kind)
    if cd > 1 or (cd in (0, 1) and last_two == [Colour.WHITE, Colour.WHITE]):
        return Preference(Colour.BLACK, first_kind)
    if rules.colour_model is ColourModel.TYPE_A:
        return None  # art. 1.7.1: in all other situations, no preference
    if cd == -1:
        return Preference(Colour.WHITE, Strength.MILD)
    if cd == 1:
        return Preference(Colour.BLACK, Strength.MILD)
    if round_to_pair != rules.rounds:  # cd == 0
        return Preference(seq[-1].other, Strength.MILD)
    return None


def floated(tournament: TeamTournament, team: Team, round_number: int) -> bool:
    """Art. 1.5: "A floater is a team that plays against an opponent with a
    different score" - in round ``round_number``, with the scores before it.

    Only a played match makes a floater (a PAB has no opponent; a forfeit is
    not played).  The score is the primary score.
    """
    if round_number < 1 or round_number > len(team.rounds):
        return False
    entry = team.rounds[round_number - 1]
    if not entry.played or entry.opponent is None:
        return False
    rules = tournament.rules
    opponent = tournament.team(entry.opponent)
    return score(team, rules, round_number - 1) != score(opponent, rules, round_number - 1)
