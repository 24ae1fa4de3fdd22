"""Free pairings checker: re-pair every round of a tournament and compare.

For each round ``r`` recorded in the tournament the checker cuts the tournament
back to what was known before ``r`` was paired (the results of rounds ``< r``
and the announced absences / requested byes of round ``r``), asks the pairing
engine for round ``r`` and compares its boards and colours with what the
tournament has, the pairing-allocated bye (PAB) included (C.04.A A.4;
C.02.03 §7 "PTC").

Pure logic, no I/O.  The engine is :func:`swisschess.pairing.api.pair_round`
unless another function with the same signature is given (tests and tools).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from swisschess.model.rounds import cut_before, sort_boards
from swisschess.model.tournament import Colour, RoundEntry, Tournament

#: A board as the engines print it: ``(white, black)``, ``(id, 0)`` for the PAB.
Board = tuple[int, int]
#: The signature of :func:`swisschess.pairing.api.pair_round`.
Pairer = Callable[[Tournament, str, str], object]

@dataclass(slots=True)
class RoundDiscrepancy:
    """A round whose pairing differs from the checker's.

    ``checker`` and ``tournament`` hold only the boards that differ (checker's
    boards missing from the tournament, tournament's boards missing from the
    checker's), each in board order.  ``kind`` is ``"colours"`` when the same
    players meet with other colours only, ``"pairs"`` when the pairs differ
    (the PAB included) and ``"no-pairing"`` when the engine found no valid
    pairing (``error`` says why).
    """

    round: int
    kind: str
    checker: list[Board] = field(default_factory=list)
    tournament: list[Board] = field(default_factory=list)
    error: str | None = None

    def __str__(self) -> str:
        if self.kind == "no-pairing":
            return f"round {self.round}: no valid pairing ({self.error})"
        return f"round {self.round}: {self.kind} differ"


@dataclass(slots=True)
class RoundCheck:
    """The checker's view of one round: both pairings and the difference."""

    round: int
    #: All boards the checker made, in its board order, the PAB last.
    checker: list[Board]
    #: All boards of the tournament, roughly in board order, the PAB last.
    tournament: list[Board]
    #: The tournament as known before the round (what the engine was given).
    before: Tournament
    discrepancy: RoundDiscrepancy | None = None


# ------------------------------------------------------------------ pairings
def tournament_boards(t: Tournament, rnd: int) -> tuple[list[Board], set[frozenset[int]]]:
    """Boards of round ``rnd`` as recorded: ``(boards, colourless)``.

    ``boards`` are ``(white, black)`` with the PAB as ``(id, 0)`` last, sorted
    roughly in board order (higher scores first).  Pairs recorded without
    colours (``-`` in both colour columns, e.g. some forfeits) are given as
    ``(lower id, higher id)`` and also listed in ``colourless``: they match the
    checker's board in either orientation.
    """
    boards: list[Board] = []
    colourless: set[frozenset[int]] = set()
    pab: list[Board] = []
    seen: set[int] = set()
    for pid in sorted(t.players):
        e = t.players[pid].entry(rnd)
        if e is None or pid in seen:
            continue
        if e.is_pab:
            pab.append((pid, 0))
            seen.add(pid)
            continue
        if e.opponent is None:
            continue
        opp = e.opponent
        seen.update((pid, opp))
        if e.colour is Colour.WHITE:
            boards.append((pid, opp))
        elif e.colour is Colour.BLACK:
            boards.append((opp, pid))
        else:
            boards.append((min(pid, opp), max(pid, opp)))
            colourless.add(frozenset((pid, opp)))

    def score(p: int) -> Fraction:
        return t.score(p, rnd - 1) + t.acceleration(p, rnd) if p in t.players else Fraction(0)

    return sort_boards(boards, score, lambda p: p) + pab, colourless


def checker_boards(pairing) -> list[Board]:
    """The engine's :class:`~swisschess.pairing.result.Pairing` as boards, PAB last."""
    out = [(int(w), int(b)) for w, b in pairing.boards]
    if pairing.bye is not None:
        out.append((int(pairing.bye), 0))
    return out


def compare_boards(rnd: int, checker: list[Board], tournament: list[Board],
                   colourless: set[frozenset[int]] | None = None) -> RoundDiscrepancy | None:
    """The difference between the checker's and the tournament's boards, if any."""
    colourless = colourless or set()
    tset = set(tournament)
    cset = set(checker)

    def in_tournament(b: Board) -> bool:
        return b in tset or (b[1] != 0 and frozenset(b) in colourless)

    def in_checker(b: Board) -> bool:
        if b in cset:
            return True
        return frozenset(b) in colourless and (b[1], b[0]) in cset

    c_only = [b for b in checker if not in_tournament(b)]
    t_only = [b for b in tournament if not in_checker(b)]
    if not c_only and not t_only:
        return None
    same_pairs = {frozenset(b) for b in c_only} == {frozenset(b) for b in t_only}
    kind = "colours" if same_pairs and all(b[1] != 0 for b in c_only) else "pairs"
    return RoundDiscrepancy(rnd, kind, c_only, t_only)


def position_before(t: Tournament, rnd: int) -> Tournament:
    """The tournament as known before round ``rnd`` was paired, for the checker.

    :func:`~swisschess.model.rounds.cut_before`, plus what a complete file
    tells about round ``rnd``: every player not paired in it (announced
    absence, requested bye, withdrawal, late entry, a row shorter than the
    others) gets that round's unpaired entry (``Z`` when nothing is written),
    players paired in it are not withdrawn, the planned number of rounds
    defaults to the rounds recorded (as the reference engines do without
    ``XXR`` / ``142``) and the initial colour, when the file does not give it,
    is read from round 1 (:func:`infer_initial_colour`).
    """
    c = cut_before(t, rnd)
    paired_now: set[int] = set()
    for pid, p in t.players.items():
        e = p.entry(rnd)
        if e is not None and e.paired:
            paired_now.add(pid)
    for pid, p in c.players.items():
        if pid in paired_now:
            p.withdrawn = False
            continue
        if len(p.results) >= rnd:
            continue  # cut_before kept the announced absence
        orig = t.players[pid].entry(rnd)
        while len(p.results) < rnd - 1:
            p.results.append(RoundEntry(None, Colour.NONE, "Z", blank=True))
        if orig is None or orig.blank:
            p.results.append(RoundEntry.bye("Z"))
        else:
            p.results.append(RoundEntry(None, Colour.NONE, orig.code))
    reqs = []
    for b in c.bye_requests:
        if b.round == rnd:
            ids = tuple(i for i in b.ids if i not in paired_now)
            if not ids:
                continue
            b = type(b)(b.code, b.round, ids)
        reqs.append(b)
    c.bye_requests = reqs
    if not c.rounds:
        c.rounds = t.rounds_recorded()
    if c.initial_colour is None:
        c.initial_colour = infer_initial_colour(t)
    return c


def infer_initial_colour(t: Tournament) -> Colour | None:
    """The colour of pairing number 1 in round 1, read from the recorded colours.

    Used when the file does not say (no ``152`` / ``XXC``), as the reference
    engines do: in the first round with colours, the highest-ranked player who
    took part in the pairing of that round or before gives the colour; when
    that player has no colour in that round, the next one's colour, reversed,
    and so on alternately (round 1 gives the top half alternate colours).
    """
    last = t.rounds_recorded()
    for rnd in range(1, last + 1):
        if not any((e := p.entry(rnd)) is not None and e.colour is not Colour.NONE
                   for p in t.players.values()):
            continue
        k = 0
        for pid in sorted(t.players):
            p = t.players[pid]
            if not any(e.paired for e in p.results[:rnd]):
                continue
            e = p.entry(rnd)
            if e is not None and e.colour is not Colour.NONE:
                return e.colour if k % 2 == 0 else e.colour.opposite
            k += 1
        return None
    return None


# ------------------------------------------------------------------- checker
def _default_pairer() -> Pairer:
    from swisschess.pairing.api import pair_round

    return pair_round


def check_rounds(t: Tournament, system: str = "dutch", edition: str = "2026",
                 pairer: Pairer | None = None,
                 rounds: list[int] | None = None) -> list[RoundCheck]:
    """Re-pair every recorded round (or the given ``rounds``) and compare.

    Raises :class:`~swisschess.pairing.result.InputError` when the engine cannot
    pair the tournament as given; a round without a valid pairing
    (:class:`~swisschess.pairing.result.PairingError`) is reported as a
    ``"no-pairing"`` discrepancy.
    """
    from swisschess.pairing.result import PairingError

    pair = pairer or _default_pairer()
    out: list[RoundCheck] = []
    todo = rounds if rounds is not None else range(1, t.rounds_recorded() + 1)
    for rnd in todo:
        before = position_before(t, rnd)
        recorded, colourless = tournament_boards(t, rnd)
        try:
            pairing = pair(before, system, edition)
        except PairingError as e:
            disc = RoundDiscrepancy(rnd, "no-pairing", [], recorded, error=str(e) or "no valid pairing")
            out.append(RoundCheck(rnd, [], recorded, before, disc))
            continue
        mine = checker_boards(pairing)
        out.append(RoundCheck(rnd, mine, recorded, before,
                              compare_boards(rnd, mine, recorded, colourless)))
    return out


def differing_rounds(t: Tournament, system: str = "dutch", edition: str = "2026",
                     pairer: Pairer | None = None) -> list[RoundDiscrepancy]:
    """The rounds of ``t`` whose pairing differs from the engine's, in round order.

    An empty list means every round was paired as the engine pairs it.
    """
    return [rc.discrepancy for rc in check_rounds(t, system, edition, pairer)
            if rc.discrepancy is not None]
