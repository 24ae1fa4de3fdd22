"""FIDE (Dutch) System, C.04.3 — the 2017 edition (1 Jul 2017 – 31 Jan 2026).

The 2017 text pairs the same brackets, in the same order, with the same
generation order of candidates (D.1 transpositions, D.2 resident exchanges,
D.3 MDP exchanges) and the same colour rules (E.1-E.5) as the 2026 text.  So
this module takes everything from :mod:`swisschess.rules.dutchcore` (the players'
facts :class:`~swisschess.rules.dutchcore.Entrant`, the bracket decisions
:class:`~swisschess.rules.dutchcore.BracketProcess`, colour allocation and board order)
and only states what the 2017 edition does differently:

1. **Floats and the bye** (A.4, C.2): any player who did not play a game in a
   round counts as a downfloater of that round; a player who already had a
   PAB or a forfeit win may not get the PAB.  Both live in
   :mod:`swisschess.model.history`; this edition reads them as ``FACTS_2017``.
2. **PSD instead of scores** (A.8, C.6, C.7, C.16-C.19): the pairing score
   difference of a candidate is the list of the score differences of its
   pairs, plus for each downfloater the difference between its score and a
   virtual score one point below the lowest score of the bracket (and of
   the next scoregroup, which the 2017 look-ahead C.7 pairs along); lists
   are compared from the largest difference down.  The 2026 text instead
   maximises the scores of the paired players (its [C7], [C18]-[C21]).
3. **Completion by the PPB and the collapsed last bracket** (A.9, C.4): the
   2017 text has no whole-round completion criterion at every bracket.  A
   bracket is paired looking only at itself and the next scoregroup; if the
   rest of the round can then no longer be completed (C.1-C.3), the bracket
   is the *penultimate pairing bracket* (PPB): it is paired again together
   with all the remaining players merged into one *collapsed last bracket*
   (CLB), and completion becomes the first criterion.
4. **No C9 of 2026** (unplayed games of the PAB assignee): the 2017 text does
   not have it.
5. **Repeated floats by number, then by score difference** (C.12-C.19): the
   same criteria as 2026 [C14]-[C21], but their score parts are score
   differences (PSD terms) instead of scores.

The colour criteria C.8-C.11 are those of 2026 [C10]-[C13]; the 2017
criteria are numbered two lower than in 2026 from there on.

How the criteria become weights is the same technique as for 2026: one big
integer per possible pair, one field per criterion, most significant first.
The difference is the matching's scope: a 2017 bracket is optimised over the
bracket and the next scoregroup only (players outside are not in the graph,
and players inside may stay unpaired), and a separate matching of the whole
round only answers "can the round still be completed?" (A.9).
"""

from __future__ import annotations

from fractions import Fraction

from swisschess.model.history import Float
from swisschess.model.tournament import Tournament
from swisschess.pairing.matching import MatchingGraph, NoPerfectMatching
from swisschess.pairing.result import Pairing, PairingError
from swisschess.rules.dutchclasses import ClassBail, ClassBracket, Conflicts, conflict_sets, dirac
from swisschess.rules.dutchcore import (
    FACTS_2017,
    BracketProcess,
    Compatibility,
    DutchEdition,
    Entrant,
    colour_criteria,
    field_bits,
    pair_dutch,
)

# Rounds with at least this many players check completion (A.9) by a
# certificate first, and pair brackets of at least CLASS_MIN_ACTIVE players
# on classes first; both only trade speed (results are the same).
CLASS_MIN_PLAYERS = 64
CLASS_MIN_ACTIVE = 2
ONE_POINT = Fraction(1)  # A.8: the virtual score of downfloaters is one point below the bracket


# --------------------------------------------------------------------- criteria
class _Weights2017(Compatibility):
    """Edge weights of the 2017 criteria for one bracket (see :meth:`enter`).

    Counting fields are ``cb`` bits wide.  A *PSD field* has one slot per
    score difference that can occur in the bracket, larger differences more
    significant, each slot ``db`` bits wide; the field of a candidate holds,
    per difference, how often it occurs, so comparing fields compares the
    PSDs (A.8: sorted from the largest difference down, compared
    lexicographically) — a smaller PSD is a larger weight, so the differences
    of the pairs are *subtracted* from the downfloater differences of the
    players who get paired.
    """

    def __init__(self, players: list[Entrant], topscorer_round: bool, played_rounds: int) -> None:
        self.n = len(players)
        self.cb = field_bits(self.n) + 2
        self.order_bits = 3 * self.cb + 1  # room for the generation order (D.1-D.3)
        self.topscorer_round = topscorer_round
        self.played_rounds = played_rounds
        # set per bracket by enter()
        self.special = False
        self.final = False
        self.current: set[int] = set()
        self.low = Fraction(0)
        self.slot: dict[Fraction, int] = {}
        self.db = 1
        self.pw = 1

    # C.1 no rematch (and prohibited pairs); C.3 absolute colour preferences,
    # except for topscorers in the final round (A.7): as in 2026 [C1], [C3]

    def enter(self, graph: list[Entrant], size: int, special: bool, final: bool) -> None:
        """Prepare the weights of one bracket.

        ``graph`` are the players of the bracket's matching: the bracket
        (``graph[:size]``: MDPs, then residents) followed by the next
        scoregroup, or by all the remaining players when the bracket is the
        PPB or the last one (``special``: A.9 completion is then criterion
        one).  ``final``: the next scoregroup is the last one, so pairing it
        along (C.7) means completing the round.
        """
        self.special, self.final = special, final
        self.current = {p.id for p in graph[:size]}
        # A.8: a downfloater's SD is taken against a virtual score one point
        # below the lowest score; the lowest of the whole matching (bracket and
        # next scoregroup, or all the remaining players for the PPB), so that
        # one scale serves C.6 and the look-ahead C.7 (as the reference engine)
        self.low = min(p.score for p in graph) - ONE_POINT
        scores = sorted({p.score for p in graph[:size]}, reverse=True)
        diffs = {x - self.low for x in scores}
        for k, x in enumerate(scores):  # pairs of players: differences of scores
            for y in scores[k:]:
                diffs.add(x - y)
        self.slot = {d: k for k, d in enumerate(sorted(diffs))}
        self.db = field_bits(2 * len(graph)) + 1
        self.pw = self.db * len(self.slot)

    def tail_bits(self) -> int:
        """Bits below the C.7 fields: colours, floats, generation order."""
        backs = min(self.played_rounds, 2)
        return 4 * self.cb + backs * 2 * self.cb + backs * 2 * self.pw + self.order_bits

    def next_pair_unit(self) -> int:
        """C.7: one more pair in the next bracket (not for the PPB/CLB)."""
        return 1 << (self.tail_bits() + self.pw)

    def down_value(self, p: Entrant) -> int:
        """C.7: ``p``, a downfloater of the bracket, paired in the next one."""
        return self._down(p) << self.tail_bits()

    def completion_unit(self) -> int:
        """A.9 / C.4 (PPB and last bracket): the completion field's unit."""
        return 1 << (self.tail_bits() + self.pw + self.cb)

    def _psd(self, d: Fraction) -> int:
        return 1 << (self.slot[d] * self.db)

    def _down(self, p: Entrant) -> int:
        """PSD term of ``p`` as a downfloater (A.8)."""
        return self._psd(p.score - self.low)

    def weight(self, hi: Entrant, lo: Entrant, in_current: bool, in_next: bool) -> int:
        """Weight of the pair ``hi``-``lo`` (``hi`` ranks higher, A.2).

        ``in_current``: the pair is made in the bracket; otherwise ``lo`` is
        in the next scoregroup (or among the remaining players of a PPB).
        """
        if not self.compatible(hi, lo):
            return 0
        return self.raw_weight(hi, lo, in_current, in_next)

    def raw_weight(self, hi: Entrant, lo: Entrant, in_current: bool, in_next: bool) -> int:
        """:meth:`weight` of a pair assumed compatible (classes use it)."""
        cb, pw = self.cb, self.pw
        gap = hi.score - lo.score
        higher = gap > 0
        # A.9 / C.4 (PPB and last bracket only): complete the round, and
        # leave out only a player who may get the PAB (C.2)
        w = (1 + (not hi.bye_eligible) + (not lo.bye_eligible)) if self.special else 0
        # C.5 maximise the number of pairs in the bracket
        w = (w << cb) | in_current
        # C.6 minimise the PSD: a pair replaces two downfloater terms by its difference
        psd = self._down(hi) + self._down(lo) - self._psd(gap) if in_current else 0
        w = (w << pw) + psd
        if not self.special:
            # C.7 the same for the next bracket: as many pairs as possible ...
            if self.final:
                nxt = 1 + (not hi.bye_eligible) + (not lo.bye_eligible)  # ... completing the round
            else:
                nxt = int(not in_current)
            w = (w << (cb + 2)) + nxt
            # ... and the bracket's downfloaters paired there with the highest scores
            down = 0
            if hi.id in self.current:
                down += self._down(hi)
                if in_current:
                    down += self._down(lo)
            w = (w << pw) + down
        # C.8 (topscorers' colour difference), C.9 (same colour three times),
        # C.10 (colour preferences), C.11 (strong preferences): for the pairs
        # made in the bracket
        for ok in colour_criteria(lo, hi):
            w = (w << cb) | (in_current and ok)
        # repeated floats, one round before (back 0), then two (back 1):
        for back in (0, 1):
            if self.played_rounds > back:
                # C.12 / C.14: downfloaters who floated down then
                down = 0
                if in_current:
                    down = (lo.floats[back] is Float.DOWN) + (
                        not higher and hi.floats[back] is Float.DOWN)
                w = (w << cb) + down
                # C.13 / C.15: MDP opponents who floated up then
                w = (w << cb) - (in_current and higher and lo.floats[back] is Float.UP)
        # the same by score differences (PSD terms), one round before, then two
        for back in (0, 1):
            if self.played_rounds > back:
                # C.16 / C.18: the downfloaters' score differences
                down = 0
                if in_current:
                    if lo.floats[back] is Float.DOWN:
                        down += self._down(lo)
                    if hi.floats[back] is Float.DOWN:
                        down += self._down(hi)
                        if higher:
                            down -= self._psd(gap)
                w = (w << pw) + down
                # C.17 / C.19: the score differences of the MDPs whose
                # opponents floated up then
                up = 0
                if in_current and higher and lo.floats[back] is Float.UP:
                    up = -self._psd(gap)
                w = (w << pw) + up
        return w << self.order_bits


# --------------------------------------------------------------------- matching
class _BracketGraph:
    """Maximum-weight matching of one bracket and the next scoregroup.

    Unlike the whole-round graph of 2026, nobody *has* to be paired here.  The
    players are given by their round positions; every two of them are joined by
    a *filler* edge of weight 1, and a real pair of weight ``w`` gets ``w + 1``.
    Every complete matching uses the same number of edges, so the complete
    matching of maximum weight is a maximum-weight matching of the real pairs;
    a pair matched by its filler edge means "both unpaired".
    """

    def __init__(self, n: int, vertices: list[int]) -> None:
        self.n = n
        self.vertices = vertices
        self.local = {v: k for k, v in enumerate(vertices)}
        m = len(vertices)
        self.g = MatchingGraph(m)
        for j in range(m):
            for i in range(j):
                self.g.set(i, j, 1)
        self.frozen: set[int] = set()

    def set(self, a: int, b: int, w: int) -> None:
        self.g.set(self.local[a], self.local[b], w + 1)

    def set_many(self, changes: list[tuple[int, int, int]],
                 lift: dict[int, int] | None = None) -> None:
        local = self.local
        self.g.set_many([(local[a], local[b], w + 1) for a, b, w in changes],
                        {local[v]: d for v, d in lift.items()} if lift else None)

    def set_vertex(self, v: int, weights: dict[int, int]) -> None:
        self.g.set_vertex(self.local[v], {self.local[u]: w + 1 for u, w in weights.items()})

    def freeze_pair(self, a: int, b: int) -> None:
        self.frozen.update((self.local[a], self.local[b]))
        self.g.freeze_pair(self.local[a], self.local[b])

    def solve(self) -> list[int]:
        mate = list(range(self.n))
        for k, m in enumerate(self.g.solve()):
            if m != k and (k in self.frozen or self.g.get(k, m) > 1):
                mate[self.vertices[k]] = self.vertices[m]
        return mate


# --------------------------------------------------------------------- classes
class _ClassBracket2017(ClassBracket):
    """A bracket of a large 2017 round paired on classes (see
    :class:`~swisschess.rules.dutchclasses.ClassBracket`).  What differs from
    2026: the C.5-C.19 weights of :class:`_Weights2017` (nobody has to be
    paired; a pair's weight counts from "both unpaired"), a floater is worth
    what the look-ahead C.7 gives him (one more pair in the next bracket, his
    PSD term there; in the last-but-one bracket, completion with a player who
    may get the PAB left over), and only the bracket and the next scoregroup
    are certified — the rest of the round is A.9's completion check."""

    def pair_value(self, hi: Entrant, lo: Entrant) -> int:
        wt = self.r.wt
        w = wt.raw_weight(hi, lo, True, False)
        if self.whole:  # C.4 completion: what every complete pairing has
            w -= (1 + (not hi.bye_eligible) + (not lo.bye_eligible)) * wt.completion_unit()
        return w

    def single_values(self) -> list[int | None]:
        wt = self.r.wt
        if self.whole:  # the PAB (C.2): only a player who may get it, worth 0
            return [0 if p.bye_eligible else None for p in self.reps]
        unit = wt.next_pair_unit()
        return [unit + 2 * (wt.final and not p.bye_eligible) * unit + 2 * wt.down_value(p)
                for p in self.reps]

    def certify(self, single: list[int]) -> dict[int, int]:
        """Each floater meets a distinct player of the next scoregroup, which
        pairs within itself but for one player (parity; in the last-but-one
        bracket one who may get the PAB) — Dirac's theorem."""
        if self.whole:
            return self.certify_whole(single)
        players, wt = self.r.players, self.r.wt
        nxt = self.v[self.size:]
        if len(single) > len(nxt):
            raise ClassBail
        taken: set[int] = set()
        partner = self.meet_next(single, nxt, taken)
        rest = [y for y in nxt if y not in taken]
        if len(rest) % 2:
            left = [y for y in reversed(rest) if not wt.final or players[y].bye_eligible]
            if not left:
                raise ClassBail
            rest.remove(left[0])
        if not self.dirac(rest):
            raise ClassBail
        return partner


class _Round2017:
    """The bracket-by-bracket process of the 2017 text for one round.

    Gives :func:`~swisschess.rules.dutchcore.run_brackets` its hooks and
    :class:`~swisschess.rules.dutchcore.BracketProcess` what it needs (``players``,
    ``wt``, ``g``, ``cur``, ``matched``, :meth:`solve`), with a fresh
    :class:`_BracketGraph` per bracket, and checks completion after each
    bracket (A.9): in large rounds first by Dirac's theorem on the players
    left, and by a matching of the whole round (``validity``) only when that
    certificate does not apply.  Large brackets are first paired on classes
    (:class:`_ClassBracket2017`).
    """

    def __init__(self, players: list[Entrant], wt: _Weights2017) -> None:
        self.players = players
        self.wt = wt
        self.n = len(players)
        self.matched = [False] * self.n
        self.cur = list(range(self.n))
        self._graph: _BracketGraph | None = None
        self.pairs: list[tuple[int, int]] = []
        self.collapsed = False  # A.9: pairing the PPB with the collapsed last bracket
        self._pairs_before = 0  # len(pairs) before the current bracket
        self._mate = list(range(self.n))  # the pairs of the brackets done
        self.large = self.n >= CLASS_MIN_PLAYERS
        self.conflicts: list[Conflicts] = []
        self.colour_class: list[int] = []
        if self.large:
            self.conflicts, self.colour_class = conflict_sets(players)
        self._validity: MatchingGraph | None = None
        self._validity_frozen = 0  # self.pairs[:this] are frozen in it

    def solve(self) -> None:
        self.cur = self.g.solve()

    def _completable(self) -> bool:
        """A.9 / C.1-C.3: can the players not yet paired still be paired
        (all but one, who may get the PAB, C.2)?"""
        players, n = self.players, self.n
        if self.large:
            left = [v for v in range(n) if not self.matched[v]]
            if len(left) % 2:
                bye = next((v for v in reversed(left) if players[v].bye_eligible), None)
                if bye is not None:
                    left.remove(bye)
            if dirac(left, self.conflicts, self.colour_class,
                     lambda a, b: self.wt.compatible(players[a], players[b])):
                return True
        if self._validity is None:
            g = MatchingGraph(n, [p.bye_eligible for p in players])
            for j in range(n):
                for i in range(j):
                    if self.wt.compatible(players[i], players[j]):
                        g.set(i, j, 1)
            self._validity = g
        g = self._validity
        for a, b in self.pairs[self._validity_frozen:]:
            g.freeze_pair(a, b)
        # (freeze_pair marks the graph for a new solve when its last
        # matching lacks a frozen pair; with it, that matching still answers)
        self._validity_frozen = len(self.pairs)
        try:
            g.solve()
        except NoPerfectMatching:
            return False
        return True

    # ------------------------------------------------ the hooks of run_brackets
    @property
    def g(self) -> _BracketGraph:
        """The graph of the bracket being paired (a fresh one per bracket)."""
        assert self._graph is not None, "no bracket is being paired"
        return self._graph

    def start(self) -> None:
        """C.1-C.3 (absolute criteria) and the PAB (C.2): can the round be
        paired at all?  A.9: with one scoregroup, the first bracket is the last."""
        if not self._completable():
            raise PairingError(
                "no pairing satisfies the absolute criteria C.1-C.3 for all players")
        self.collapsed = self.players[-1].skey >= self.players[0].skey

    def pair_bracket(self, bracket: list[int], mdps: int, size: int, first_resident: int,
                     first_next: int, lower_start: int) -> None:
        """One bracket with the next scoregroup (or, as the PPB or the last
        bracket, with every player left: A.9), on classes when large."""
        players, n = self.players, self.n
        self.wt.enter([players[v] for v in bracket], size, self.collapsed, lower_start == n)
        self._pairs_before = len(self.pairs)
        if not (self.large and size >= CLASS_MIN_ACTIVE
                and (not self.collapsed or lower_start == n and len(bracket) == size)
                and _ClassBracket2017(self, bracket, mdps, size, lower_start).pair()):
            self._graph = _BracketGraph(n, bracket)
            BracketProcess(self, bracket, mdps, size, first_resident, first_next).pair()

    def bracket_paired(self, bracket: list[int], size: int, group_start: int,
                       lower_start: int) -> bool:
        """A.9: when the players left can no longer be paired, this bracket is
        the PPB: its pairs are undone, and it is paired again with every
        player left as the collapsed last bracket (True)."""
        made = [(v, self.cur[v]) for v in bracket[:size]
                if self.matched[v] and v < self.cur[v]]
        if not self.collapsed:
            # A.9: can the remaining players still be paired?
            if not self._completable():
                for a, b in made:
                    self.matched[a] = self.matched[b] = False
                del self.pairs[self._pairs_before:]
                self.collapsed = True
                return True
        elif len(bracket) == size and size - 2 * len(made) > 1:
            raise PairingError("the last bracket cannot be completed")  # not reached: A.9
        self.collapsed = lower_start == self.n
        for a, b in made:
            self._mate[a], self._mate[b] = b, a
        return False

    def next_bracket(self, bracket: list[int], group_start: int) -> None:
        """Nothing to note: the 2017 weights are set per bracket (``enter``)."""

    def mates(self) -> list[int]:
        return self._mate


# --------------------------------------------------------------------- the round
def _new_round(players: list[Entrant], topscorer_round: bool,
               played_rounds: int) -> _Round2017:
    """The 2017 round: the C.4-C.19 weights, a graph per bracket."""
    weights = _Weights2017(players, topscorer_round=topscorer_round, played_rounds=played_rounds)
    return _Round2017(players, weights)


#: The 2017 text: the C.4-C.19 criteria (the fields of :class:`_Weights2017`,
#: most significant first; C.4 only in the PPB and the last bracket, C.7 only
#: before them), the 2017 floats (A.4) and PAB eligibility (C.2), and a round
#: that pairs each bracket with the next scoregroup only.
DUTCH_2017 = DutchEdition(
    year="2017",
    criteria=("C.4", "C.5", "C.6", "C.7", "C.8", "C.9", "C.10", "C.11", "C.12", "C.13",
              "C.14", "C.15", "C.16", "C.17", "C.18", "C.19"),
    facts=FACTS_2017,
    new_round=_new_round,
)


def pair_dutch_2017(t: Tournament) -> Pairing:
    """Pair the next round of ``t`` by the Dutch system, 2017 edition.

    Everything around the bracket process is shared with 2026: who is paired,
    TPN order (A.2), the bracket walk (A.3, A.9), colour allocation (E.1-E.5)
    and board order.
    """
    return pair_dutch(t, DUTCH_2017)
