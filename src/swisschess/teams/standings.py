"""Team standings: match points, game points and the team tie-breaks of C.07.

C.07 (Play-off and Tie-Break Regulations, 2026 edition) treats teams in three
places:

* art. 11.1: a match gives two scores, **match points** (MP: a team win, draw
  or loss) and **game points** (GP: the sum of the team's board points);
* art. 12, the "knock-out" tie-breaks, also usable in team competitions:
  **BC** board count (12.1), **TBR** top board results (12.2), **BBE** bottom
  board elimination (12.3).  An individual forfeit counts as a standard win or
  loss and a PAB, board by board, as a standard win (art. 12);
* art. 13: the individual tie-breaks of arts. 6-10 "or some variation of them"
  on MP or GP (the primary score unless the code says ``:MP`` / ``:GP``), and
  the team ones: **MPvGP** (13.1, the other score), **ESB** extended
  Sonneborn-Berger EMMSB/EMGSB/EGMSB/EGGSB (13.2: opponent's final MP or GP x
  the MP or GP scored against it), **EDE** extended direct encounter (13.3:
  DE on the primary score, then on the secondary; EDEBT/EDEBB/EDET/EDEB add
  BC, TBR, BBE for two teams still tied), **SSSC** (13.4: the secondary score
  plus the primary Buchholz divided by a normalising factor).

Unplayed matches follow art. 16 (2026) with "points" meaning MP and GP: the
categories of 16.2, the score an opponent sees (16.3: a requested bye that is
followed only by voluntary unplayed rounds counts as a draw), the dummy
opponent of the team's own unplayed rounds (16.4, capped by 16.4.1/16.4.2) and
the Cut exception for voluntary unplayed rounds (16.5).

The public entry points (used by the command line and the manager):

* :func:`team_standings` - the ranking with the chosen tie-breaks;
* :func:`team_crosstable` - one row per team in standings order;
* :func:`board_statistics` - each member's score board by board.

Codes follow the TEC "Mandatory Tie-Breaks" syntax of TRF-2026 records
202/212: ``NAME[:MP|:GP][/Cn|/Mn][/P][/Kx]`` (case-insensitive).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from swisschess.standings.ranking import encounter_groups, mutual_scores
from swisschess.teams.model import (
    Colour,
    RoundKind,
    Score,
    Team,
    TeamRound,
    TeamTournament,
)

F0 = Fraction(0)

#: code -> (C.07 article, description, higher is better)
TEAM_TIEBREAKS: dict[str, tuple[str, str, bool]] = {
    "MPTS": ("11.1", "match points", True),
    "GPTS": ("11.1", "game points", True),
    "MPVGP": ("13.1", "match points or game points (the other score)", True),
    "DE": ("6, 13", "direct encounter", False),
    "EDE": ("13.3", "extended direct encounter", False),
    "EDEBT": ("13.3", "extended direct encounter, board count, top board results", False),
    "EDEBB": ("13.3", "extended direct encounter, board count, bottom board elimination", False),
    "EDET": ("13.3", "extended direct encounter, top board results", False),
    "EDEB": ("13.3", "extended direct encounter, bottom board elimination", False),
    "WIN": ("7.1, 13", "matches with a win's match points, with or without playing", True),
    "WON": ("7.2, 13", "matches won over the board", True),
    "BPG": ("7.3, 13", "matches played with Black on board 1", True),
    "BWG": ("7.4, 13", "matches won with Black on board 1", True),
    "PS": ("7.5, 13", "sum of progressive scores", True),
    "REP": ("7.6, 13", "rounds one elected to play in", True),
    "STD": ("7.7, 13", "standard points", True),
    "TPN": ("7.8", "team pairing number (ascending)", False),
    "BH": ("8.1, 13", "Buchholz", True),
    "SB": ("9.1, 13", "Sonneborn-Berger", True),
    "EMMSB": ("13.2.1", "extended Sonneborn-Berger: opponent's MP x MP scored", True),
    "EMGSB": ("13.2.2", "extended Sonneborn-Berger: opponent's MP x GP scored", True),
    "EGMSB": ("13.2.3", "extended Sonneborn-Berger: opponent's GP x MP scored", True),
    "EGGSB": ("13.2.4", "extended Sonneborn-Berger: opponent's GP x GP scored", True),
    "SSSC": ("13.4", "score and schedule strength combination", True),
    "BC": ("12.1", "board count (lower is better)", False),
    "TBR": ("12.2", "top board results", True),
    "BBE": ("12.3", "bottom board elimination", True),
}
ALIASES = {"MP": "MPTS", "GP": "GPTS", "SNO": "TPN", "GE": "REP", "MPVSGP": "MPVGP"}
#: The tie-breaks that depend on the group of tied teams (type A, art. 4.3).
GROUP_BASED = frozenset({"DE", "EDE", "EDEBT", "EDEBB", "EDET", "EDEB"})
#: The sums that take the Cut / Median modifiers (art. 5 "Cut-1" column, 14.1.2).
CUTTABLE = frozenset({"BH", "SB", "PS", "EMMSB", "EMGSB", "EGMSB", "EGGSB"})


class TeamTiebreakError(ValueError):
    """A team tie-break code that is not understood."""


@dataclass(frozen=True)
class TeamTiebreak:
    """One entry of the tie-break list: the code, the score it is computed on
    (``:MP``/``:GP``, None = the primary score), Cut/Median, ``/P`` (forfeits
    count as matches against the scheduled opponent, art. 6.1.1 / 16.6) and
    ``/K`` (the SSSC normalising factor, 13.4)."""

    code: str
    score: Score | None = None
    cut_low: int = 0
    cut_high: int = 0
    forfeits_played: bool = False
    factor: Fraction | None = None

    @property
    def label(self) -> str:
        s = "MPvGP" if self.code == "MPVGP" else self.code  # C.07 13.1 writes it so
        if self.score is not None:
            s += ":MP" if self.score is Score.MATCH_POINTS else ":GP"
        if self.cut_low and self.cut_low == self.cut_high:
            s += f"/M{self.cut_low}"
        elif self.cut_low:
            s += f"/C{self.cut_low}"
        if self.forfeits_played:
            s += "/P"
        if self.factor is not None:
            s += f"/K{_fmt(self.factor)}"
        return s

    @property
    def article(self) -> str:
        return TEAM_TIEBREAKS[self.code][0]

    @property
    def higher_is_better(self) -> bool:
        return TEAM_TIEBREAKS[self.code][2]


_MOD = re.compile(r"^(C|M|K)(\d+(?:\.\d+)?)$|^P$")


def parse_team_tiebreaks(text: str | Sequence[str]) -> list[TeamTiebreak]:
    """``"EDE,EMGSB/C1,BH:MP/C1"`` -> the list of :class:`TeamTiebreak`."""
    items = [x for x in (text.split(",") if isinstance(text, str) else text)]
    out: list[TeamTiebreak] = []
    for raw in items:
        item = raw.strip().upper().replace("-", "/")
        if not item:
            continue
        head, *mods = item.split("/")
        name, _sep, sc = head.partition(":")
        name = ALIASES.get(name, name)
        if name == "PTS":
            continue  # the primary score always ranks first
        if name not in TEAM_TIEBREAKS:
            raise TeamTiebreakError(f"unknown team tie-break {raw.strip()}")
        score = {"": None, "MP": Score.MATCH_POINTS, "GP": Score.GAME_POINTS}.get(sc, "bad")
        if score == "bad":
            raise TeamTiebreakError(f"{raw.strip()}: the score must be :MP or :GP")
        kw: dict[str, object] = {}
        for m in mods:
            hit = _MOD.match(m)
            if not hit:
                raise TeamTiebreakError(f"{raw.strip()}: unknown modifier /{m}")
            kind, num = hit.group(1), hit.group(2)
            if kind is None:
                kw["forfeits_played"] = True
            elif kind == "K" and name == "SSSC":
                kw["factor"] = Fraction(num)
            elif kind in "CM" and name in CUTTABLE and num.isdigit():
                kw["cut_low"] = int(num)
                kw["cut_high"] = int(num) if kind == "M" else 0
            else:
                raise TeamTiebreakError(f"{raw.strip()}: /{m} does not apply to {name}")
        out.append(TeamTiebreak(name, score, **kw))  # type: ignore[arg-type]
    return out


def default_tiebreaks(t: TeamTournament) -> list[TeamTiebreak]:
    """The list used when none is given: the other score (13.1), the extended
    direct encounter (13.3), the extended Sonneborn-Berger with Cut-1 (13.2:
    EMGSB for a match-point event, as at the Olympiad; EGGSB when game points
    decide) and the Buchholz with Cut-1 (8.1, 13)."""
    if t.rules.primary is Score.MATCH_POINTS:
        return parse_team_tiebreaks("MPVGP,EDE,EMGSB/C1,BH/C1")
    return parse_team_tiebreaks("MPVGP,EDE,EGGSB/C1,BH/C1")


# ---------------------------------------------------------------- results

#: a tie-break value: a number, a sequence (TBR, BBE: compared in order), or
#: None (not defined: e.g. BC without board results)
Value = Fraction | tuple[Fraction, ...] | None


@dataclass(frozen=True)
class TeamStandingRow:
    """One line of the team standings."""

    rank: int                     # shared by teams the list cannot separate
    tpn: int
    name: str
    match_points: Fraction
    game_points: Fraction
    played: int                   # matches played over the board
    won: int
    drawn: int
    lost: int
    values: tuple[Value, ...]     # one per tie-break, in the list's order


@dataclass(frozen=True)
class TeamStandings:
    """The standings after ``after_round`` rounds with the tie-break list used."""

    after_round: int
    primary: Score
    tiebreaks: tuple[TeamTiebreak, ...]
    rows: list[TeamStandingRow]

    @property
    def labels(self) -> list[str]:
        return [tb.label for tb in self.tiebreaks]


# ------------------------------------------------------- art. 16 machinery

VOLUNTARY = frozenset({RoundKind.HALF_BYE, RoundKind.ABSENT, RoundKind.FORFEIT_LOSS,
                       RoundKind.DOUBLE_FORFEIT})


@dataclass
class _View:
    """The tournament cut at ``n`` rounds, with the art. 16 scores."""

    t: TeamTournament
    n: int
    rounds: dict[int, list[TeamRound]] = field(default_factory=dict)
    mp: dict[int, Fraction] = field(default_factory=dict)
    gp: dict[int, Fraction] = field(default_factory=dict)
    adj: dict[tuple[int, Score], Fraction] = field(default_factory=dict)

    def __post_init__(self) -> None:
        boards = self.t.rules.boards
        for team in self.t.teams:
            rs = list(team.rounds[:self.n])
            rs += [TeamRound(RoundKind.ABSENT)] * (self.n - len(rs))
            self.rounds[team.tpn] = rs
            self.mp[team.tpn] = sum((Fraction(r.match_points) for r in rs), F0)
            self.gp[team.tpn] = sum((Fraction(r.game_points) for r in rs), F0)
            for sc in Score:
                total = F0
                for i, r in enumerate(rs):
                    if self.category(team.tpn, i) == 5:
                        # art. 16.3.2: counted as a draw (MP and GP, art. 16.4)
                        total += (Fraction(self.t.rules.draw_match_points)
                                  if sc is Score.MATCH_POINTS else Fraction(boards, 2))
                    else:
                        total += self.points(r, sc)  # 16.3.1
                self.adj[(team.tpn, sc)] = total

    def category(self, tpn: int, i: int) -> int:
        """Art. 16.2: the category of the team's unplayed round ``i`` (0: played)."""
        r = self.rounds[tpn][i]
        if r.played:
            return 0
        if r.kind in (RoundKind.PAB, RoundKind.FULL_BYE):
            return 1
        if r.kind is RoundKind.FORFEIT_WIN:
            return 2
        if r.kind in (RoundKind.FORFEIT_LOSS, RoundKind.DOUBLE_FORFEIT):
            return 4
        # a requested bye (half- or zero-point; the rounds after a withdrawal are zero-point byes)
        later = self.rounds[tpn][i + 1:]
        return 3 if any(x.kind not in VOLUNTARY for x in later) else 5

    @staticmethod
    def points(r: TeamRound, sc: Score) -> Fraction:
        return Fraction(r.match_points if sc is Score.MATCH_POINTS else r.game_points)

    def total(self, tpn: int, sc: Score) -> Fraction:
        return self.mp[tpn] if sc is Score.MATCH_POINTS else self.gp[tpn]

    def draw(self, sc: Score) -> Fraction:
        if sc is Score.MATCH_POINTS:
            return Fraction(self.t.rules.draw_match_points)
        return Fraction(self.t.rules.boards, 2)

    def opponent_value(self, tpn: int, i: int, sc: Score, forfeits_played: bool) -> Fraction:
        """The score of the opponent of round ``i`` for BH/SB: the opponent's
        adjusted score (16.3) when the match was played (or a forfeit with
        ``/P``), else the dummy's (16.4): the team's own score capped by the
        scheduled opponent's adjusted score for a forfeit (16.4.1) or a draw's
        points times the rounds for the other unplayed rounds (16.4.2)."""
        r = self.rounds[tpn][i]
        if r.opponent is not None and (r.played or forfeits_played):
            return self.adj[(r.opponent, sc)]
        own = self.total(tpn, sc)
        if r.opponent is not None:
            return min(own, self.adj[(r.opponent, sc)])
        return min(own, self.draw(sc) * self.n)


def _score_of(tb: TeamTiebreak, t: TeamTournament) -> Score:
    return tb.score or t.rules.primary


def _other(sc: Score) -> Score:
    return Score.GAME_POINTS if sc is Score.MATCH_POINTS else Score.MATCH_POINTS


def _cut(contribs: list[tuple[Fraction, bool, Fraction]], tb: TeamTiebreak, sb_like: bool) -> Fraction:
    """Sum of the contributions less the cuts of art. 14 with the exception of
    art. 16.5.  A contribution is (value, voluntary unplayed round, the
    opponent's score that makes it least significant)."""
    items = list(contribs)
    for _ in range(tb.cut_low):
        if not items:
            break
        # 14.1.1 / 14.1.2: least significant = lowest opponent score, then lowest value
        least = min(range(len(items)), key=lambda k: (items[k][2], items[k][0]))
        vurs = [k for k in range(len(items)) if items[k][1]]
        pick = least
        if vurs:
            lowest_vur = min(vurs, key=lambda k: items[k][0])
            # 16.5: cut the lowest VUR contribution instead (for SB-like sums:
            # the higher of it and the least significant value)
            if not sb_like or items[lowest_vur][0] >= items[least][0]:
                pick = lowest_vur
        items.pop(pick)
    for _ in range(tb.cut_high):
        if not items:
            break
        items.pop(max(range(len(items)), key=lambda k: (items[k][2], items[k][0])))
    return sum((v for v, _vur, _o in items), F0)


# ------------------------------------------------------------ tie-breaks

def _voluntary(r: TeamRound, tb: TeamTiebreak) -> bool:
    """A voluntary unplayed round for art. 16.5; with ``/P`` a forfeit counts
    as a match played against the scheduled opponent, so it is not one."""
    if tb.forfeits_played and r.opponent is not None:
        return False
    return r.kind in VOLUNTARY


def _buchholz(v: _View, tb: TeamTiebreak, sc: Score | None = None) -> dict[int, Value]:
    """C.07 art. 8.1 on teams (art. 13): the sum of the opponents' scores."""
    sc = sc or _score_of(tb, v.t)
    out: dict[int, Value] = {}
    for tpn, rs in v.rounds.items():
        contribs = []
        for i, r in enumerate(rs):
            val = v.opponent_value(tpn, i, sc, tb.forfeits_played)
            contribs.append((val, _voluntary(r, tb), val))
        out[tpn] = _cut(contribs, tb, sb_like=False)
    return out


def _esb(v: _View, tb: TeamTiebreak, opp: Score, mine: Score) -> dict[int, Value]:
    """C.07 art. 13.2 (and 9.1 on teams): opponent's final ``opp`` score times
    the ``mine`` points scored against it; unplayed rounds against the dummy
    of art. 16.4 with the points received."""
    out: dict[int, Value] = {}
    for tpn, rs in v.rounds.items():
        contribs = []
        for i, r in enumerate(rs):
            o = v.opponent_value(tpn, i, opp, tb.forfeits_played)
            contribs.append((o * v.points(r, mine), _voluntary(r, tb), o))
        out[tpn] = _cut(contribs, tb, sb_like=True)
    return out


#: The type-B counts of art. 7 that count games when game points are the score (art. 13).
GAME_LEVEL = frozenset({"WIN", "WON", "BPG", "BWG", "REP", "STD"})


def _games(v: _View, r: TeamRound) -> list[tuple[Fraction, bool, Colour | None]]:
    """The games of a round, board by board: (points, played over the board,
    colour).  An unplayed round gives every board the same result: a PAB or
    a full-point bye a win on each board, as art. 12 counts a PAB (the only
    place where C.07 spreads a team's bye over its boards; gacrux does the
    same), a half-point bye a draw, a forfeit a win or a loss."""
    b = v.t.rules.boards
    if r.played and r.boards is not None and len(r.boards) == b and r.colour is not None:
        return [(Fraction(x), k not in r.unplayed_boards, v.t.rules.board_colour(r.colour, k))
                for k, x in enumerate(r.boards)]
    per = _boards_of(v, r) or (Fraction(r.game_points) / b,) * b
    return [(x, False, None) for x in per]


def _game_counts(v: _View, code: str) -> dict[int, Value]:
    """Art. 7.1-7.4, 7.6, 7.7 counted on games (art. 13 with game points)."""
    out: dict[int, Value] = {}
    for tpn, rs in v.rounds.items():
        total = F0
        for r in rs:
            voluntary = r.kind in VOLUNTARY
            for pts, otb, colour in _games(v, r):
                black = colour is Colour.BLACK
                if code == "WIN":
                    total += pts >= 1
                elif code == "WON":
                    total += otb and pts >= 1
                elif code == "BPG":
                    total += otb and black
                elif code == "BWG":
                    total += otb and black and pts >= 1
                elif code == "REP":  # 7.6: less forfeit losses and requested byes
                    total += not (voluntary or (not otb and pts == 0))
                else:  # STD, 7.7
                    total += 1 if pts > Fraction(1, 2) else Fraction(1, 2) if pts == Fraction(1, 2) \
                        and r.kind is not RoundKind.ABSENT else 0
        out[tpn] = total
    return out


def _per_round(v: _View, f: Callable[[TeamRound], bool]) -> dict[int, Value]:
    return {tpn: Fraction(sum(1 for r in rs if f(r))) for tpn, rs in v.rounds.items()}


def _boards_of(v: _View, r: TeamRound) -> tuple[Fraction, ...] | None:
    """The game points of a round board by board for art. 12: individual
    forfeits as standard wins/losses (already so in the board results), a
    PAB as a standard win on every board (art. 12); None if unknown."""
    b = v.t.rules.boards
    if r.kind in (RoundKind.PAB, RoundKind.FULL_BYE, RoundKind.FORFEIT_WIN):
        return (Fraction(1),) * b
    if r.kind in (RoundKind.FORFEIT_LOSS, RoundKind.DOUBLE_FORFEIT, RoundKind.ABSENT):
        return (F0,) * b
    if r.kind is RoundKind.HALF_BYE:
        return (Fraction(1, 2),) * b
    if r.boards is None or len(r.boards) != b:
        return None
    return tuple(Fraction(x) for x in r.boards)


def board_totals(v: _View, tpn: int) -> tuple[Fraction, ...] | None:
    totals = [F0] * v.t.rules.boards
    for r in v.rounds[tpn]:
        bs = _boards_of(v, r)
        if bs is None:
            return None
        totals = [a + b for a, b in zip(totals, bs, strict=True)]
    return tuple(totals)


def _compute(v: _View, tb: TeamTiebreak) -> dict[int, Value]:
    t = v.t
    sc = _score_of(tb, t)
    code = tb.code
    if code == "MPTS":
        return dict(v.mp)
    if code == "GPTS":
        return dict(v.gp)
    if code == "MPVGP":  # 13.1
        return {tpn: v.total(tpn, _other(t.rules.primary)) for tpn in v.rounds}
    if code == "BH":
        return _buchholz(v, tb)
    if code == "SB":
        return _esb(v, tb, sc, sc)
    if code in ("EMMSB", "EMGSB", "EGMSB", "EGGSB"):
        pick = {"M": Score.MATCH_POINTS, "G": Score.GAME_POINTS}
        return _esb(v, tb, pick[code[1]], pick[code[2]])
    if code in GAME_LEVEL and sc is Score.GAME_POINTS:
        return _game_counts(v, code)
    win = Fraction(t.rules.win_match_points)
    if code == "WIN":  # 7.1: a win's match points, with or without playing
        return _per_round(v, lambda r: r.kind is not RoundKind.ABSENT and r.match_points >= win)
    if code == "WON":  # 7.2
        return _per_round(v, lambda r: r.played and r.match_points >= win)
    if code == "BPG":  # 7.3: the colour of a team is its first board's (C.04.6 art. 1.6.1)
        return _per_round(v, lambda r: r.played and r.colour is Colour.BLACK)
    if code == "BWG":  # 7.4
        return _per_round(v, lambda r: r.played and r.colour is Colour.BLACK and r.match_points >= win)
    if code == "REP":  # 7.6: rounds less half-/zero-point byes and forfeit losses
        return _per_round(v, lambda r: r.kind not in VOLUNTARY)
    if code == "STD":  # 7.7: 1 for more than the opponent (or a draw without playing), 1/2 for equal
        draw = t.rules.draw_match_points
        out: dict[int, Value] = {}
        for tpn, rs in v.rounds.items():
            out[tpn] = sum((Fraction(1) if r.match_points > draw else Fraction(1, 2)
                            if r.match_points == draw and r.kind is not RoundKind.ABSENT else F0
                            for r in rs), F0)
        return out
    if code == "TPN":
        return {tpn: Fraction(tpn) for tpn in v.rounds}
    if code == "PS":  # 7.5; Cut-1 drops the score after round 1 (14.1.1)
        out = {}
        for tpn, rs in v.rounds.items():
            run, sums = F0, []
            for r in rs:
                run += v.points(r, sc)
                sums.append(run)
            cut = sums[tb.cut_low:len(sums) - tb.cut_high if tb.cut_high else None]
            out[tpn] = sum(cut, F0)
        return out
    if code == "SSSC":  # 13.4
        primary = t.rules.primary
        factor = tb.factor
        if factor is None:
            best = (Fraction(t.rules.win_match_points) if primary is Score.MATCH_POINTS
                    else Fraction(t.rules.boards)) * v.n
            one = Fraction(t.rules.boards) if primary is Score.MATCH_POINTS \
                else Fraction(t.rules.win_match_points)
            factor = Fraction(int(best / one)) or Fraction(1)
        bh = _buchholz(v, TeamTiebreak("BH", forfeits_played=tb.forfeits_played), primary)
        return {tpn: v.total(tpn, _other(primary)) + bh[tpn] / factor  # type: ignore[operator]
                for tpn in v.rounds}
    if code in ("BC", "TBR", "BBE"):
        # 12.1 board number x game points on it; 12.2 board 1's game points, then
        # board 2's ...; 12.3 all boards but the last, then but the last two ...
        out = {}
        for tpn in v.rounds:
            tot = board_totals(v, tpn)
            out[tpn] = None if tot is None else _knockout_value(code, tot)
        return out
    raise TeamTiebreakError(f"unknown team tie-break {code}")


# ------------------------------------------------- direct encounter (6, 13.3)

def _direct_encounter(v: _View, group: list[int], sc: Score, forfeits: bool) -> list[list[int]]:
    """C.07 art. 6 on teams with score ``sc``: the points scored in the matches
    among the tied teams (6.1; forfeits only with ``/P``, 6.1.1; the average
    against an opponent met twice, 6.1.2); 6.2 when all met; 6.3 otherwise: a
    team ranks first only if it stays alone on top whatever the missing
    matches would give."""
    group = sorted(group)
    if len(group) < 2:
        return [group]
    score, met = mutual_scores(group, lambda tpn: v.rounds[tpn], lambda r: v.points(r, sc),
                               forfeits)
    most = (Fraction(v.t.rules.win_match_points) if sc is Score.MATCH_POINTS
            else Fraction(v.t.rules.boards))
    return encounter_groups(group, score, met, most,
                            lambda sub: _direct_encounter(v, sub, sc, forfeits))


def _split(group: list[int], vals: dict[int, Value], higher: bool) -> list[list[int]]:
    keyed = sorted(group, key=lambda p: (_key(vals[p], higher), p))
    out: list[list[int]] = []
    prev: object = object()
    for p in keyed:
        k = _key(vals[p], higher)
        if not out or k != prev:
            out.append([])
        out[-1].append(p)
        prev = k
    return out


def _extended_de(v: _View, group: list[int], tb: TeamTiebreak) -> list[list[int]]:
    """C.07 art. 13.3: DE on the primary score, then on the secondary (13.3.1);
    for two teams still tied on MP and GP, the art. 12 tie-breaks the code
    names, applied to their match (13.3.2: EDEBT = BC then TBR, EDEBB = BC then
    BBE, EDET = TBR, EDEB = BBE); every new tied subgroup starts again at
    13.3.1 (13.3.3)."""
    if len(group) < 2:
        return [group]
    primary = v.t.rules.primary
    for sc in (primary, _other(primary)):
        sub = _direct_encounter(v, group, sc, tb.forfeits_played)
        if len(sub) > 1:
            return [g for s in sub for g in _extended_de(v, s, tb)]
    if len(group) == 2:
        encounter = _encounter_boards(v, group, tb.forfeits_played)
        for code in {"EDEBT": ("BC", "TBR"), "EDEBB": ("BC", "BBE"),
                     "EDET": ("TBR",), "EDEB": ("BBE",)}.get(tb.code, ()):
            if encounter is None:
                break
            vals = {p: _knockout_value(code, encounter[p]) for p in group}
            sub = _split(group, vals, TEAM_TIEBREAKS[code][2])
            if len(sub) > 1:
                return sub
    return [group]


def _encounter_boards(v: _View, pair: list[int], forfeits: bool
                      ) -> dict[int, tuple[Fraction, ...]] | None:
    """Reading of art. 13.3.2: two teams still tied after DE on both scores
    drew their match(es) in MP and GP; the knock-out tie-breaks of art. 12
    then decide *that* match, board by board (its game points per board,
    summed over their encounters).  None when they did not meet (or a board
    result is unknown)."""
    a, b = pair
    out: dict[int, tuple[Fraction, ...]] = {}
    for me, other in ((a, b), (b, a)):
        totals = [F0] * v.t.rules.boards
        met = False
        for r in v.rounds[me]:
            if r.opponent == other and (r.played or forfeits):
                bs = _boards_of(v, r)
                if bs is None:
                    return None
                totals = [x + y for x, y in zip(totals, bs, strict=True)]
                met = True
        if not met:
            return None
        out[me] = tuple(totals)
    return out


def _knockout_value(code: str, boards: tuple[Fraction, ...]) -> Value:
    """BC (12.1), TBR (12.2) or BBE (12.3) of a team's board results."""
    if code == "BC":
        return sum((k * x for k, x in enumerate(boards, start=1)), F0)
    if code == "TBR":
        return boards
    return tuple(sum(boards[:k], F0) for k in range(len(boards) - 1, 0, -1))


# ---------------------------------------------------------------- ranking

def _key(v: Value, higher: bool) -> tuple[int, tuple[Fraction, ...]]:
    if v is None:
        return (1, ())  # an undefined value ranks last
    seq = v if isinstance(v, tuple) else (v,)
    return (0, tuple(-x if higher else x for x in seq))


def team_standings(t: TeamTournament, tiebreaks: str | Sequence[str] | Sequence[TeamTiebreak] | None = None,
                   after_round: int | None = None) -> TeamStandings:
    """The team standings after ``after_round`` rounds (default: all recorded).

    Teams are ranked by the primary score of the competition (C.04.6 art. 1.2:
    match points unless game points), then by ``tiebreaks`` in order, each
    applied to the teams still tied (C.07 art. 4.2); teams the list cannot
    separate share the rank.  ``tiebreaks`` is a list of codes such as
    ``"EDE,EMGSB/C1,BH:MP/C1"`` (see :data:`TEAM_TIEBREAKS`) or parsed
    :class:`TeamTiebreak` entries; None is :func:`default_tiebreaks`.

    A group-based tie-break (DE, EDE...) shows the place it gave inside the
    group tied before it (1 = best), 0 when it did not separate that group.
    """
    n = t.rounds_played if after_round is None else after_round
    if n < 0 or n > t.rounds_played:
        raise ValueError(f"round {n} is out of range (0-{t.rounds_played})")
    if tiebreaks is None:
        tbs = default_tiebreaks(t)
    elif isinstance(tiebreaks, str) or (tiebreaks and isinstance(tiebreaks[0], str)):
        tbs = parse_team_tiebreaks(tiebreaks)  # type: ignore[arg-type]
    else:
        tbs = list(tiebreaks)  # type: ignore[arg-type]
    v = _View(t, n)
    primary = t.rules.primary
    tpns = sorted(v.rounds)
    values: dict[int, list[Value]] = {p: [] for p in tpns}
    groups = _split(tpns, {p: v.total(p, primary) for p in tpns}, True)
    for tb in tbs:
        if tb.code in GROUP_BASED:
            new: list[list[int]] = []
            for g in groups:
                sub = ([g] if len(g) < 2 else
                       _direct_encounter(v, g, _score_of(tb, t), tb.forfeits_played) if tb.code == "DE"
                       else _extended_de(v, g, tb))
                pos = 1
                for s in sub:
                    for p in s:
                        values[p].append(Fraction(pos if len(sub) > 1 else 0))
                    pos += len(s)
                new.extend(sub)
            groups = new
            continue
        vals = _compute(v, tb)
        for p in tpns:
            values[p].append(vals[p])
        groups = [s for g in groups for s in (_split(g, vals, tb.higher_is_better) if len(g) > 1 else [g])]
    rows: list[TeamStandingRow] = []
    win, draw = t.rules.win_match_points, t.rules.draw_match_points
    place = 1
    for g in groups:
        for p in sorted(g):
            rs = [r for r in v.rounds[p] if r.played]
            team = t.team(p)
            rows.append(TeamStandingRow(
                place, p, team.name, v.mp[p], v.gp[p], len(rs),
                sum(1 for r in rs if r.match_points >= win),
                sum(1 for r in rs if r.match_points == draw),
                sum(1 for r in rs if r.match_points < draw), tuple(values[p])))
        place += len(g)
    return TeamStandings(n, primary, tuple(tbs), rows)


# ---------------------------------------------------------------- crosstable

@dataclass(frozen=True)
class CrossCell:
    """One round of a team in the crosstable: ``opponent`` TPN (None: no
    opponent), ``colour`` of board 1 ("W"/"B", "" when not played), the game
    points and match points scored, and the round's kind."""

    kind: RoundKind
    opponent: int | None
    colour: str
    game_points: Fraction
    match_points: Fraction

    @property
    def text(self) -> str:
        """Compact form: ``12w2.5`` played, ``+12``/``-12`` forfeit, ``PAB``,
        ``F``/``H`` full-/half-point bye, ``-`` absent."""
        gp = _fmt(self.game_points)
        if self.kind is RoundKind.PLAYED:
            return f"{self.opponent}{self.colour.lower()}{gp}"
        if self.kind is RoundKind.FORFEIT_WIN:
            return f"+{self.opponent}"
        if self.kind in (RoundKind.FORFEIT_LOSS, RoundKind.DOUBLE_FORFEIT):
            return f"-{self.opponent}"
        return {RoundKind.PAB: "PAB", RoundKind.FULL_BYE: "F", RoundKind.HALF_BYE: "H"}.get(self.kind, "-")


@dataclass(frozen=True)
class CrossRow:
    row: TeamStandingRow
    cells: tuple[CrossCell, ...]


def team_crosstable(t: TeamTournament, standings: TeamStandings | None = None) -> list[CrossRow]:
    """One row per team in standings order, one cell per round."""
    st = standings or team_standings(t)
    out = []
    for row in st.rows:
        rs = list(t.team(row.tpn).rounds[:st.after_round])
        cells = tuple(CrossCell(r.kind, r.opponent, r.colour.value if r.colour else "",
                                Fraction(r.game_points), Fraction(r.match_points)) for r in rs)
        out.append(CrossRow(row, cells))
    return out


# ---------------------------------------------------------- board statistics

@dataclass(frozen=True)
class BoardLine:
    """A member's games board by board: ``boards[b]`` = (games, points) on
    board b+1 (games actually played; a forfeit won counts in points, not in
    games), and the totals."""

    team: int
    member: int
    name: str
    boards: tuple[tuple[int, Fraction], ...]
    forfeits_won: int

    @property
    def games(self) -> int:
        return sum(g for g, _p in self.boards)

    @property
    def points(self) -> Fraction:
        return sum((p for _g, p in self.boards), F0)


def board_statistics(t: TeamTournament, after_round: int | None = None) -> list[BoardLine]:
    """Each member's score by board (teams by TPN, members in list order).

    Needs the line-ups (:attr:`TeamRound.lineup`) and board results
    (:attr:`TeamRound.boards`); a round without them counts nothing.  Without
    a line-up, a team with exactly one member per board is taken to play in
    list order."""
    n = t.rounds_played if after_round is None else after_round
    nb = t.rules.boards
    out: list[BoardLine] = []
    for team in sorted(t.teams, key=lambda x: x.tpn):
        stats: dict[int, list[list]] = {m.id: [[0, F0] for _ in range(nb)] for m in team.members}
        ffw: dict[int, int] = {m.id: 0 for m in team.members}
        for r in team.rounds[:n]:
            if r.boards is None or r.kind not in (RoundKind.PLAYED, RoundKind.FORFEIT_WIN,
                                                    RoundKind.FORFEIT_LOSS):
                continue
            lineup = r.lineup or _default_lineup(team, nb)
            if lineup is None:
                continue
            for b, (mid, pts) in enumerate(zip(lineup, r.boards, strict=False)):
                if mid not in stats:
                    continue
                if r.played and b not in r.unplayed_boards:
                    stats[mid][b][0] += 1
                    stats[mid][b][1] += Fraction(pts)
                elif pts > 0:
                    ffw[mid] += 1
                    stats[mid][b][1] += Fraction(pts)
        for m in team.members:
            out.append(BoardLine(team.tpn, m.id, m.name,
                                 tuple((g, p) for g, p in stats[m.id]), ffw[m.id]))
    return out


def _default_lineup(team: Team, boards: int) -> tuple[int, ...] | None:
    if len(team.members) == boards:
        return tuple(m.id for m in team.members)
    return None


def _fmt(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):g}"
