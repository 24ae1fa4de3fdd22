"""The tournament model: players, rounds, results and the point system.

Pure data, no I/O.  A tournament is a list of players; each player has one
:class:`RoundEntry` per round played so far.  The entry keeps the TRF result code
(see C.04 Annex 2 / TRF-2026) because that code is the field's common language:

====  ======================================  ========  =====================
code  meaning                                 played?   counts for colour?
====  ======================================  ========  =====================
1 = 0 win / draw / loss over the board         yes       yes
      (0 against 0: played, lost by both)
W D L win / draw / loss, < 1 move (unrated)    yes       yes
\\+ -  forfeit win / forfeit loss               no        no (seeds F2)
      (- against -: double forfeit)
H     half-point bye                          no        no
F     full-point bye                          no        no
U     pairing-allocated bye (PAB)             no        no
Z     zero-point bye, absence (also blank)    no        no
====  ======================================  ========  =====================
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction


class Colour(StrEnum):
    """Colour of a player in one round; NONE for unplayed rounds."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> Colour:
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.NONE


#: Result codes of a game played over the board (TRF "1 = 0" and "W D L").
PLAYED_CODES = frozenset("1=0WDL")
#: Codes written against a real opponent but not played (forfeits).
FORFEIT_CODES = frozenset("+-")
#: Codes for rounds without an opponent.
BYE_CODES = frozenset("HFUZ")
ALL_CODES = PLAYED_CODES | FORFEIT_CODES | BYE_CODES
#: Result pairs that may stand against each other in one game (TRF16 result
#: table): over the board (``0 / 0``: a game lost by both), less than one move,
#: forfeits, double forfeit, and a
#: game whose result is not known yet (``*``).
MIRROR_RESULTS = frozenset({
    ("1", "0"), ("0", "1"), ("=", "="), ("0", "0"),
    ("W", "L"), ("L", "W"), ("D", "D"),
    ("+", "-"), ("-", "+"), ("-", "-"),
    ("*", "*"),
})


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's round: opponent (None if none), colour and TRF result code.

    ``code`` is upper-case: one of ``1 = 0 W D L + - H F U Z``, or ``*`` for a
    game paired whose result is not known yet (TRF: result column blank).  A blank TRF entry
    (player not paired, nothing written) is stored as ``Z`` with ``blank=True`` so
    that a writer can reproduce it.
    """

    opponent: int | None
    colour: Colour
    code: str
    blank: bool = False

    @property
    def played(self) -> bool:
        """A game was played over the board (counts for colours and pairings)."""
        return self.opponent is not None and self.code in PLAYED_CODES

    @property
    def is_pab(self) -> bool:
        return self.code == "U"

    @property
    def paired(self) -> bool:
        """The player took part in the round's pairing (a game, forfeit or PAB)."""
        return self.opponent is not None or self.code == "U"

    @property
    def is_absence(self) -> bool:
        """Not paired: a requested bye (H, F, Z) or an absence."""
        return self.opponent is None and self.code in "HFZ"

    def __deepcopy__(self, memo: dict[int, object]) -> RoundEntry:
        # immutable (frozen, atoms only): a copy of a tournament shares it, as
        # it shares a str; copying a tournament (cut_before, once per round
        # checked) was half the checker's time, most of it rebuilding these
        return self

    @staticmethod
    def game(opponent: int, colour: Colour, code: str) -> RoundEntry:
        return RoundEntry(opponent, colour, code)

    @staticmethod
    def bye(code: str) -> RoundEntry:
        return RoundEntry(None, Colour.NONE, code)


# Outcome classes used by the point system.
WIN, DRAW, LOSS = "win", "draw", "loss"


def outcome(entry: RoundEntry) -> str:
    """Win / draw / loss class of a result code (for statistics and tie-breaks)."""
    c = entry.code
    if c in "1W+FU":
        return WIN
    if c in "=DH":
        return DRAW
    return LOSS


@dataclass(slots=True)
class PointSystem:
    """Points per kind of round (JaVaFo XXS keys, TRF-2026 record 162).

    Defaults are the FIDE 1 / ½ / 0 system with a PAB worth a win.  Played games
    may score differently with White and Black (XXS ``WW BW WD BD WL BL``).
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    win_black: Fraction | None = None
    draw_black: Fraction | None = None
    loss_black: Fraction | None = None
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    full_bye: Fraction = Fraction(1)
    half_bye: Fraction = Fraction(1, 2)
    zero_bye: Fraction = Fraction(0)

    def points(self, entry: RoundEntry) -> Fraction:
        c = entry.code
        black = entry.colour is Colour.BLACK
        if c in "1W":
            return self.win_black if black and self.win_black is not None else self.win
        if c in "=D":
            return self.draw_black if black and self.draw_black is not None else self.draw
        if c in "0L":
            return self.loss_black if black and self.loss_black is not None else self.loss
        if c == "+":
            return self.forfeit_win
        if c == "-":
            return self.forfeit_loss
        if c == "U":
            return self.pab
        if c == "F":
            return self.full_bye
        if c == "H":
            return self.half_bye
        return self.zero_bye

    def is_default(self) -> bool:
        return self == PointSystem()


@dataclass(slots=True)
class Player:
    """A registered player.  ``id`` is the starting rank / pairing number (TPN)."""

    id: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    #: The player's club.  No TRF-2026 individual record carries it (013/310 are
    #: team records), so it lives in the store and is not exported.
    club: str = ""
    #: Points as written in the file (81-84); None when blank.  The model's own
    #: score is computed from the results; readers compare the two.
    stated_points: Fraction | None = None
    stated_rank: int | None = None
    results: list[RoundEntry] = field(default_factory=list)
    #: Withdrawn players are not paired any more (C.04.2; seeds F5).
    withdrawn: bool = False
    #: Development coefficient K of the FIDE rating list the player was imported
    #: from (B.02 8.3.3; issue 25); None when unknown (TRF files carry none).
    k_factor: int | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> Player:
        # every field is an atom but ``results``, a list of immutable entries:
        # copying the list is a deep copy (several times faster than copy's
        # generic one; keep it so if a mutable field is added)
        c = replace(self, results=list(self.results))
        memo[id(self)] = c
        return c

    def entry(self, rnd: int) -> RoundEntry | None:
        """Entry of round ``rnd`` (1-based), or None if nothing is recorded."""
        if 1 <= rnd <= len(self.results):
            return self.results[rnd - 1]
        return None


@dataclass(frozen=True, slots=True)
class ForbiddenPairs:
    """Players who may not meet (JaVaFo XXP; TRF-2026 record 260)."""

    ids: tuple[int, ...]
    first_round: int = 1
    last_round: int = 9999


@dataclass(frozen=True, slots=True)
class ByeRequest:
    """A requested bye or announced absence for a round (TRF-2026 record 240, XXZ)."""

    code: str  # "H", "F" or "Z"
    round: int
    ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Acceleration:
    """Fictitious points (TRF-2026 record 250, JaVaFo XXA) for some rounds."""

    points: Fraction
    first_round: int
    last_round: int
    first_id: int
    last_id: int


@dataclass(frozen=True, slots=True)
class PointAdjustment:
    """Points added to (negative: removed from) players' scores: TRF-2026 record 299
    with a blank type (a penalty, points docked for not appearing, ...).

    As gacrux reads 299 (``299    -1.0  -2.0    4   31``): an adjustment of
    ``round`` R (0-998) is part of the score from round R on, in standings and
    tie-breaks after R and so for pairing round R + 1 and later; ``round`` 999
    (:data:`FINAL_ONLY`) changes only the final standing (the points, not the
    scores the tie-breaks use, nor the pairing).  ``match_points`` are for team
    events (columns 8-11).
    """

    points: Fraction
    round: int
    ids: tuple[int, ...]
    match_points: Fraction | None = None

    def counts_after(self, upto: int) -> bool:
        """Part of the score after round ``upto``."""
        return self.round < FINAL_ONLY and self.round <= upto


#: Record 299 round for an adjustment of the final standing only.
FINAL_ONLY = 999


@dataclass(slots=True)
class Tournament:
    """A Swiss tournament: header, players and what the pairing needs to know."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: list[str] = field(default_factory=list)
    time_control: str = ""
    #: Round dates (TRF 132), ISO ``YYYY-MM-DD``; index = round - 1, "" = unknown.
    round_dates: list[str] = field(default_factory=list)
    #: Planned number of rounds (TRF-2026 142, XXR); None when unknown.
    rounds: int | None = None
    #: Colour of the first player in round 1 ("w" / "b"); None = not fixed.
    initial_colour: Colour | None = None
    points: PointSystem = field(default_factory=PointSystem)
    players: dict[int, Player] = field(default_factory=dict)
    #: Pairing system as written in the file (192 / 092), e.g. "FIDE_DUTCH_2026".
    system: str = ""
    tiebreaks: list[str] = field(default_factory=list)
    forbidden: list[ForbiddenPairs] = field(default_factory=list)
    bye_requests: list[ByeRequest] = field(default_factory=list)
    accelerations: list[Acceleration] = field(default_factory=list)
    #: Per-player per-round fictitious points from XXA (id -> list by round).
    xxa: dict[int, list[Fraction]] = field(default_factory=dict)
    #: Point adjustments (TRF-2026 record 299 with a blank type), in file order.
    adjustments: list[PointAdjustment] = field(default_factory=list)
    #: JaVaFo ``XXC rank``: the start numbers in the order of the file's 001
    #: lines, whose positions are the pairing numbers (see model.renumber);
    #: None: the start numbers are the pairing numbers.
    rank_order: list[int] | None = None
    #: Header records we keep but do not interpret (code -> raw lines), so that
    #: writing a file gives back what was read (team records, 132, 172, ...).
    extra: dict[str, list[str]] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)

    # ----------------------------------------------------------------- queries
    def player(self, pid: int) -> Player:
        return self.players[pid]

    def sorted_players(self) -> list[Player]:
        return [self.players[k] for k in sorted(self.players)]

    def rounds_recorded(self) -> int:
        """Number of rounds that have been paired (a game, forfeit or PAB exists).

        Entries after that round are announced absences or requested byes for the
        round about to be paired (TRF(x) convention ``0000 - Z``).
        """
        last = 0
        for p in self.players.values():
            for i in range(len(p.results), last, -1):
                if p.results[i - 1].paired:
                    last = i
                    break
        return last

    def score(self, pid: int, upto: int | None = None) -> Fraction:
        """Points of ``pid`` after round ``upto`` (all recorded rounds by default):
        the results plus the point adjustments of rounds up to ``upto`` (record
        299).  This is the score the pairing and the tie-breaks use."""
        return self.results_score(pid, upto) + self.adjustment(pid, upto)

    def results_score(self, pid: int, upto: int | None = None) -> Fraction:
        """Points of ``pid`` from the round results only, after round ``upto``."""
        p = self.players[pid]
        res = p.results if upto is None else p.results[:upto]
        # exact, over one common denominator (summing Fractions is slow)
        points = self.points.points
        num, den = 0, 1
        for e in res:
            v = points(e)
            d = v.denominator
            if den % d:
                m = d // math.gcd(den, d)
                num *= m
                den *= m
            num += v.numerator * (den // d)
        return Fraction(num, den)

    def adjustment(self, pid: int, upto: int | None = None) -> Fraction:
        """Record 299 points of ``pid`` that count after round ``upto`` (default:
        the rounds recorded); the final-standing-only ones (round 999) excluded."""
        if not self.adjustments:
            return Fraction(0)
        last = self.rounds_recorded() if upto is None else upto
        return sum((a.points for a in self.adjustments
                    if pid in a.ids and a.counts_after(last)), Fraction(0))

    def final_adjustment(self, pid: int) -> Fraction:
        """Record 299 points of ``pid`` for the final standing only (round 999)."""
        return sum((a.points for a in self.adjustments
                    if pid in a.ids and a.round >= FINAL_ONLY), Fraction(0))

    def acceleration(self, pid: int, rnd: int) -> Fraction:
        """Fictitious points of ``pid`` when pairing round ``rnd`` (250 / XXA)."""
        if pid in self.xxa:
            seq = self.xxa[pid]
            return seq[rnd - 1] if rnd <= len(seq) else Fraction(0)
        total = Fraction(0)
        for a in self.accelerations:
            if a.first_round <= rnd <= a.last_round and a.first_id <= pid <= a.last_id:
                total += a.points
        return total

    def is_forbidden(self, a: int, b: int, rnd: int) -> bool:
        for f in self.forbidden:
            if f.first_round <= rnd <= f.last_round and a in f.ids and b in f.ids:
                return True
        return False
