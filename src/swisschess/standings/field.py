"""The tournament as the tie-breaks see it: one normalised record per player and round.

C.07 (2026) Art. 15.1: an *unplayed round* is any round in which a participant
did not play a game over the board.  Art. 16.2 sorts them in categories:

=====  ======================================================  =================
cat.   unplayed round                                          TRF codes
=====  ======================================================  =================
16.2.1 pairing-allocated bye or full-point bye                 ``U`` ``F``
16.2.2 forfeit win                                             ``+``
16.2.3 requested bye followed by at least one non-VUR round    ``H`` ``Z``
16.2.4 forfeit loss                                            ``-``
16.2.5 requested byes followed only by VURs, or last round     ``H`` ``Z``
=====  ======================================================  =================

A *VUR* (voluntary unplayed round, Art. 16.1) is a requested bye (half- or
zero-point) or a forfeit loss; every round after a withdrawal is a zero-point
bye (16.1.1), and so are the rounds before a late entry, absences and a bare
``-`` without opponent (lichess exports).  A double forfeit is a forfeit loss
for both players.  TRF ``W D L`` games (less than one move) count as played.

Editions (``edition`` argument everywhere):

* ``"2026"`` C.07 approved 02/02/2026, applied from 1 March 2026;
* ``"2023"`` C.07 of 01/08/2023 as amended 2024-08 (the "dummy opponent");
  ``"2024"`` is accepted as the same;
* ``"pre2023"`` the older virtual-opponent rules (C.02 tie-break regulations).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from swisschess.model.tournament import Colour, RoundEntry, Tournament, outcome

EDITIONS = ("2026", "2023", "pre2023")
#: other names accepted for the editions (normalise_edition maps them)
EDITION_ALIASES = {"2024": "2023", "2023/24": "2023", "2022": "pre2023", "2009": "pre2023"}


def normalise_edition(edition: str) -> str:
    """``"2026"``, ``"2023"`` (also ``"2024"``) or ``"pre2023"``; ValueError otherwise."""
    e = EDITION_ALIASES.get(str(edition).lower(), str(edition).lower())
    if e not in EDITIONS:
        raise ValueError(f"unknown tie-break edition {edition!r} (use 2026, 2023 or pre2023)")
    return e


class Kind(StrEnum):
    GAME = "game"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    PAB = "pairing-allocated bye"
    FULL_BYE = "full-point bye"
    HALF_BYE = "half-point bye"
    ZERO_BYE = "zero-point bye"


#: C.07 (2026) Art. 16.1: voluntary unplayed rounds.
VUR_KINDS = frozenset({Kind.FORFEIT_LOSS, Kind.HALF_BYE, Kind.ZERO_BYE})
FORFEITS = frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS})


@dataclass(frozen=True, slots=True)
class Rec:
    """One player's round for the tie-breaks."""

    round: int
    kind: Kind
    points: Fraction
    opponent: int | None = None  # the (scheduled) opponent of a game or forfeit
    colour: Colour = Colour.NONE
    #: win / draw / loss class of the result (model.tournament.outcome)
    outcome: str = "loss"

    @property
    def played(self) -> bool:
        """Played over the board (C.07 Art. 15.1)."""
        return self.kind is Kind.GAME

    @property
    def vur(self) -> bool:
        return self.kind in VUR_KINDS

    @property
    def rating_points(self) -> Fraction:
        """1, 1/2 or 0 whatever the event's point system (for Art. 10)."""
        return {"win": Fraction(1), "draw": Fraction(1, 2)}.get(self.outcome, Fraction(0))


def is_round_robin(t: Tournament) -> bool:
    """The pairing system of the file is a round robin (TRF-2026 record 192 code
    ``BERGER_ROUNDROBIN``, ``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN`` ..., or a
    092 text naming a round robin / Berger table)."""
    s = t.system.upper().replace(" ", "").replace("-", "")
    return "ROUNDROBIN" in s or "BERGER" in s


class PendingResult(ValueError):
    """A round asked for has games whose result is not known yet."""


def complete_rounds(t: Tournament) -> int:
    """Last round up to which every result is known: the round before the first
    one with a ``*`` entry (a result cleared in an earlier round after later
    rounds were paired stops the standings there, for the store and the files alike)."""
    for n in range(1, t.rounds_recorded() + 1):
        if any((e := p.entry(n)) is not None and e.code == "*" for p in t.players.values()):
            return n - 1
    return t.rounds_recorded()


def _record(t: Tournament, pid: int, rnd: int, e: RoundEntry | None) -> Rec:
    ps = t.points
    if e is None:
        return Rec(rnd, Kind.ZERO_BYE, ps.zero_bye)
    if e.code == "*":
        raise PendingResult(f"round {rnd}: the game of player {pid} has no result yet")
    opp = e.opponent if e.opponent in t.players and e.opponent != pid else None
    pts = ps.points(e)
    out = outcome(e)
    if opp is not None:
        if e.played:
            return Rec(rnd, Kind.GAME, pts, opp, e.colour, out)
        if e.code == "+":
            return Rec(rnd, Kind.FORFEIT_WIN, pts, opp, e.colour, "win")
        if e.code == "-":
            return Rec(rnd, Kind.FORFEIT_LOSS, pts, opp, e.colour, "loss")
    c = e.code
    if c == "U":
        pab_out = "win" if ps.pab >= ps.win else "draw" if ps.pab >= ps.draw else "loss"
        return Rec(rnd, Kind.PAB, ps.pab, outcome=pab_out)
    if c in "F+":
        return Rec(rnd, Kind.FULL_BYE, ps.full_bye, outcome="win")
    if c == "H":
        return Rec(rnd, Kind.HALF_BYE, ps.half_bye, outcome="draw")
    if opp is None and c in "1W=D":
        # result written against an unknown opponent: keep the points as a bye
        kind = Kind.FULL_BYE if out == "win" else Kind.HALF_BYE
        return Rec(rnd, kind, pts, outcome=out)
    return Rec(rnd, Kind.ZERO_BYE, ps.zero_bye)


@dataclass(slots=True)
class Field:
    """Records of every player for rounds ``1..upto`` and the derived scores.

    ``final_round`` is the last round of the event (TRF ``XXR`` / 142); it only
    matters for Fore Buchholz (C.07 Art. 8.3).  ``fore=True`` builds the view
    of Art. 8.3: every game paired in the final round (forfeits included)
    counts as a draw played over the board.
    """

    t: Tournament
    upto: int
    final_round: int
    edition: str
    recs: dict[int, list[Rec]] = field(default_factory=dict)
    score: dict[int, Fraction] = field(default_factory=dict)
    adjusted: dict[int, Fraction] = field(default_factory=dict)
    fore: bool = False
    #: round robin (or other pre-determined pairings): C.07 (2026) Art. 15.2
    round_robin: bool = False
    _fore_view: Field | None = None

    @property
    def win(self) -> Fraction:
        return self.t.points.win

    @property
    def draw(self) -> Fraction:
        return self.t.points.draw

    @property
    def loss(self) -> Fraction:
        return self.t.points.loss

    @classmethod
    def build(cls, t: Tournament, upto: int | None = None, edition: str = "2026",
              *, final_round: int | None = None, fore: bool = False,
              round_robin: bool | None = None) -> Field:
        edition = normalise_edition(edition)
        if upto is None:
            upto = complete_rounds(t)
        if final_round is None:
            final_round = max(t.rounds or 0, t.rounds_recorded(), upto)
        if round_robin is None:
            round_robin = is_round_robin(t)
        f = cls(t, upto, final_round, edition, fore=fore, round_robin=round_robin)
        for pid, p in t.players.items():
            recs = [_record(t, pid, r, p.entry(r)) for r in range(1, upto + 1)]
            if fore and upto == final_round and recs and recs[-1].opponent is not None:
                last = recs[-1]
                recs[-1] = Rec(last.round, Kind.GAME, t.points.draw, last.opponent,
                               last.colour, "draw")
            f.recs[pid] = recs
            # the results plus the record 299 adjustments of rounds up to upto
            f.score[pid] = sum((r.points for r in recs), Fraction(0)) + t.adjustment(pid, upto)
        for pid in t.players:
            f.adjusted[pid] = f._adjusted(pid)
        return f

    def fore_view(self) -> Field:
        """The view of C.07 (2026) Art. 8.3 (Fore Buchholz) of the same rounds."""
        if self.fore:
            return self
        if self._fore_view is None:
            self._fore_view = Field.build(self.t, self.upto, self.edition,
                                          final_round=self.final_round, fore=True,
                                          round_robin=self.round_robin)
        return self._fore_view

    # ------------------------------------------------------------ Art. 16
    def category(self, pid: int, rnd: int) -> int:
        """C.07 (2026) Art. 16.2 category of an unplayed round (0 for a game)."""
        recs = self.recs[pid]
        r = recs[rnd - 1]
        if r.kind is Kind.GAME:
            return 0
        if r.kind in (Kind.PAB, Kind.FULL_BYE):
            return 1
        if r.kind is Kind.FORFEIT_WIN:
            return 2
        if r.kind is Kind.FORFEIT_LOSS:
            return 4
        # requested bye: .3 if a non-VUR round follows, else .5 (withdrawal, last round)
        if any(not x.vur for x in recs[rnd:]):
            return 3
        return 5

    def _adjusted(self, pid: int) -> Fraction:
        """Score of ``pid`` as seen by the opponents' tie-breaks.

        * 2023, 2026: C.07 Art. 16.3 - categories .1 to .4 at the points
          received, category .5 (requested byes followed only by VURs, e.g.
          after a withdrawal) counted as draws;
        * pre2023: every unplayed round of an opponent counts as a draw.

        From the round results only: record 299 adjustments change the
        participant's own score (points, pairing, Art. 16.4 dummy), not what the
        opponents' tie-breaks count (as gacrux, the TEC's tie-break checker).
        """
        recs = self.recs[pid]
        if self.round_robin:
            return self.score[pid] - self.t.adjustment(pid, self.upto)  # Art. 15.2
        if self.edition == "pre2023":
            return sum((r.points if r.played else self.draw for r in recs), Fraction(0))
        last_non_vur = max((r.round for r in recs if not r.vur), default=0)
        total = Fraction(0)
        for r in recs:
            if r.kind in (Kind.HALF_BYE, Kind.ZERO_BYE) and r.round > last_non_vur:
                total += self.draw  # 16.3.2
            else:
                total += r.points  # 16.3.1
        return total

    def dummy_score(self, pid: int, r: Rec) -> Fraction:
        """Score of the opponent standing in for an unplayed round ``r`` of ``pid``.

        * 2023: C.07 Art. 16.4 - a dummy whose score is the participant's own final score;
        * 2026: Art. 16.4.1 for forfeits: at most the scheduled opponent's
          adjusted score (16.3); Art. 16.4.2 otherwise: at most draw points x
          number of rounds;
        * pre2023: the virtual opponent, S = S(before R) + (opposite result of
          R) + draw x (rounds after R).
        """
        own = self.score[pid]
        if self.edition == "2023":
            return own
        if self.edition == "2026":
            if r.opponent is not None:
                return min(own, self.adjusted[r.opponent])
            return min(own, self.draw * self.upto)
        before = sum((x.points for x in self.recs[pid][: r.round - 1]), Fraction(0))
        opposite = self.win + self.loss - r.points
        return before + opposite + self.draw * (self.upto - r.round)

    def rating(self, pid: int, unrated: int | None = None) -> int | None:
        rt = self.t.players[pid].rating
        return rt if rt > 0 else unrated

    def all_rated(self, unrated: int | None = None) -> bool:
        return all(self.rating(pid, unrated) is not None for pid in self.t.players)
