"""The bracket search of the 1992 text: C1-C14 as generators of acceptable bracket pairings.

See the package docstring for how the state machine is turned into generators.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import chain, combinations
from math import comb

from swisschess.model.history import Float, Strength
from swisschess.model.tournament import Colour
from swisschess.pairing.blossom import NoPerfectMatching, PerfectMatcher
from swisschess.pairing.result import PairingError
from swisschess.rules.dutch1992.context import Context
from swisschess.rules.dutch1992.kernel import (
    STRICT,
    BoundedLevel,
    BudgetSpent,
    Feasibility,
    FloatHolds,
    Level,
    SearchBudget,
    SearchStats,
    down_cap,
    holds,
    up_cap,
    with_up_cap,
    without_upfloat_criteria,
)
from swisschess.rules.dutch1992.matching import bipartite_saturates, max_pairs
from swisschess.rules.dutch1992.orders import a8_x, d2_exchanges

W, B = Colour.WHITE, Colour.BLACK


@dataclass(slots=True)
class Candidate:
    """A bracket pairing: pairs made here and players moved down to the next bracket."""

    pairs: list[tuple[int, int]]
    floaters: list[int]


#: Float relaxation levels (C9, C10): which of the four float criteria still hold.
#: C9 drops B6 then B5 for downfloaters; C10 drops B6 then B5 for upfloaters.
FLOAT_LEVELS: tuple[Level, ...] = (
    FloatHolds(True, True, True, True),
    FloatHolds(False, True, True, True),
    FloatHolds(False, False, True, True),
    FloatHolds(False, False, False, True),
    FloatHolds(False, False, False, False),
)


@dataclass(frozen=True, slots=True)
class Variant:
    """Switches that replace one 1992 rule by its 2012 counterpart (see ``rules.dutch2012``)."""

    topscorer_float_waiver: bool = True  # 1992 B5/B6 note: waived for > 50 % in the last round
    a3_homogeneous: bool = True  # 1992 A3: >= half movers -> treated as homogeneous
    score_lowering_exchanges_last: bool = False  # 2012 B.3 > B.4: see Dutch1992.homogeneous
    forced_floats_exempt: bool = False  # 2012: C.1 floaters do not make the bracket relax B5/B6
    psd_lowest: bool = False  # 2012 (C13 joined brackets): B3 pair score differences decide first
    sets_before_colours: bool = False  # 2012 C.8.b: another set of movers (same scores) before x / A.7.d grow
    remainder_homogeneous: bool = False  # 2012 A.3: no upfloaters in a remainder, so no B5/B6 for them
    remainder_bracket_floor: bool = False  # 2012: a lowest remainder's bye floats only at the bracket's lowest score
    unpaired_movers_remainder: bool = False  # 2012 A.3: none of a lowest bracket's movers paired: all a remainder
    joined_s1: bool = False  # 2012 C.13: a merged bracket has the latest added score bracket as S1
    psd_squares: bool = False  # 2012 B.3 in a joined bracket: the sum of the squared differences
    walked_a3_no_upfloats: bool = False  # 2012 C.12/C.13 walks: an A.3-homogeneous bracket judged without upfloats
    psd_s1_pairs: bool = False  # 2012 C.13 + B.3: equal sums of squares, the most S1-S2 pairs (homogeneous by A.3)
    psd_movers_first: bool = False  # 2012 A.3 before B.3 in a joined bracket: most moved-down players paired
    joined_floats: bool = False  # 2012 C.13: no float between two players of a merged bracket's S1
    sets_before_floats: bool = False  # 2012 C.8.b before C.10.a-d: another set of movers before a float level
    walk_sets_apart: bool = False  # 2012 (fitted): a walk past A.7.d takes each set of movers through x in turn
    walk_movers_paired: bool = False  # 2012 C.13 + A.3: a penultimate mover moved on must be paired in the lowest


#: C12: how many sets of moved-down players from the previous bracket's alternative pairings are looked at.
C12_TRIES = 50
#: C12: search nodes for pairing the current bracket with each alternative set of moved-down players.
C12_TRIAL_BUDGET = 3_000

#: Extra search nodes for a lowest bracket joined by C13 (its best score differences are known).
JOINED_EXTRA_NODES = 400_000

#: At most this many sets of players left unpaired are looked at per search node (dead branches).
DEAD_SETS = 64
#: At most this many at a bracket's root while a walk (C12, C13) asks for its next pairing
#: (:meth:`Dutch1992._dead_bracket`, once per exchange search): the walk skips most sets.
WALK_ROOT_DEAD_SETS = 20_000
#: At most this many nodes decide that a joined bracket's remainder has no pairing at all.
NO_LEAF_NODES = 5_000

#: Search nodes allowed per bracket before the matching fallback is used.
NODE_BUDGET = 40_000


@dataclass(frozen=True, slots=True)
class _MoverSet:
    """One set of a heterogeneous bracket's moved-down players to pair (D3)."""

    s1: list[int]  # paired with residents first
    join: list[int]  # lowest bracket: the other movers join the remainder (C13)
    moved_on: list[int]  # the other movers (and C1 floaters) move on down


@dataclass(frozen=True, slots=True)
class C12Trial:
    """What C12 knows while it tries the previous bracket's other pairings.

    ``needed``: the pairs the current bracket as it stood had to make
    (:meth:`Dutch1992.c12_pairs_needed`, or C14's lowered P1); ``before``: the most
    pairs it allowed then; ``first``: its pairing as it stood (the one that
    reached C12); ``previous``: the previous bracket's pairing as it stood.
    """

    needed: int
    before: int
    first: Candidate
    previous: Candidate


@dataclass(slots=True)
class _Paired:
    """A bracket as paired so far (C13 backtracks through these)."""

    movers: list[int]
    residents: list[int]
    gen: Iterator[Candidate] | None
    cand: Candidate


#: More float breaches than any bracket has (no bound).
_MANY = 1 << 30


class Dutch1992:
    """Pair one round by the seeds' procedure.  Use :func:`pair_dutch_1992`."""

    def __init__(
        self, ctx: Context, node_budget: int = NODE_BUDGET, variant: Variant | None = None,
        stats: SearchStats | None = None,
    ):
        self.ctx = ctx
        self.variant = variant or Variant()
        self.levels: tuple[Level, ...] = FLOAT_LEVELS
        self.budget = SearchBudget(node_budget)
        self.stats = stats if stats is not None else SearchStats()
        self.oracle = Feasibility(ctx, ctx.sort)
        self._nu: dict[frozenset[int], int] = {}
        self._levels_known: dict[tuple[tuple[int, ...], bool], tuple[int, ...]] = {}  # distinct_levels
        #: look ahead from every bracket (the rest must stay pairable); off: only the
        #: lowest bracket is checked, C13 backtracks (2012 edition)
        self.lookahead = True
        self.joined = False  # pairing a lowest bracket joined by C13
        #: (2012 ``c13-apart``) once C13 re-pairs a bracket above two or more brackets
        #: it had joined, the one joined last is paired again on its own (see _run_c13)
        self.c13_apart = False
        #: set by :meth:`_c13`: the penultimate bracket was re-paired after joins
        self._c13_reopened = False
        #: (variant ``joined_floats``) the S1 of the bracket C13 first merged into
        #: the lowest: the penultimate bracket with its moved-down players, all from
        #: above; a pair of two of them has no float (B5/B6), as moved-down players
        #: do not meet each other in a heterogeneous bracket
        self.joined_s1: frozenset[int] = frozenset()
        #: C13 walks a penultimate bracket whose lowest bracket cannot be paired
        #: alone: its pairings that send nobody down cannot help and are skipped
        self.floaters_needed = False
        #: C13 walks a penultimate bracket: a pairing whose moved-down players this
        #: says are useless is skipped by the walk, so no search has to reach it
        #: (set only while the bracket itself is searched; see :meth:`c13_walk`)
        self.walk_skips: Callable[[frozenset[int]], bool] | None = None
        #: the fewest float violations (down, up) a bound rejected in the level being walked
        self.rejected = [_MANY, _MANY]
        self._psd_left: Counter | None = None  # B3 differences still available (joined bracket)
        #: what a B5 breach weighs in the bounded levels' counts (a B6 breach: 1); an
        #: edition may make it outweigh any number of B6 breaches (2012, see dutch2012)
        self.b5_weight = 1
        #: with ``_psd_left``: the joined bracket's lowest score and the bye's share set aside (squares)
        self._psd_bye: tuple[Fraction, int] = (Fraction(0), 0)
        self._least_squares: dict[tuple[frozenset[int], Fraction], int] = {}  # -1: no complete pairing
        self._few_pairs: dict[tuple, bool] = {}  # _too_few_pairs

    # ------------------------------------------------------------ look-ahead
    def completable(self, ids: frozenset[int]) -> bool:
        """Can these players (left-overs plus all lower brackets) still be paired?"""
        return self.oracle.completable(ids)

    # ------------------------------------------------------------ criteria
    def float_ok(self, pid: int, direction: Float, level: Level) -> bool:
        """B5 / B6 for a player about to receive a float, at a relaxation level."""
        x = self.ctx.f[pid]
        if x.topscorer and self.variant.topscorer_float_waiver:  # B5/B6 note: not for > 50 % in the last round
            return True
        if direction is Float.DOWN:
            b6, b5 = level.b6_down, level.b5_down
        else:
            b6, b5 = level.b6_up, level.b5_up
        if b5 and x.float1 is direction:
            return False
        return not (b6 and x.float2 is direction)

    def float_violations(self, pid: int, direction: Float) -> int:
        """How many of B5/B6 a float ``direction`` would break for this player (0-2),
        a B5 breach counted :attr:`b5_weight` times (2012: B.5 before B.6)."""
        if self.float_ok(pid, direction, STRICT):
            return 0
        x = self.ctx.f[pid]
        return (x.float1 is direction) * self.b5_weight + (x.float2 is direction)

    def _upfloater(self, a: int, b: int) -> int | None:
        """The player of a pair who floats up (A4: the lower score), None for equal scores."""
        sa, sb = self.ctx.f[a].score, self.ctx.f[b].score
        if sa == sb:
            return None
        if a in self.joined_s1 and b in self.joined_s1:
            return None  # 2012 C.13: two players of a merged bracket's S1 (from above)
        return b if sa > sb else a

    def _pair_violations(self, a: int, b: int) -> int:
        """B5/B6 breaches of a pair's upfloater (0 for a pair of equal scores)."""
        lo = self._upfloater(a, b)
        return 0 if lo is None else self.float_violations(lo, Float.UP)

    def _pair_float_ok(self, a: int, b: int, level: Level) -> bool:
        """Floats of a pair between different scores (A4): lower player floats up."""
        lo = self._upfloater(a, b)
        return lo is None or self.float_ok(lo, Float.UP, level)

    # ------------------------------------------------------------ C6/C7 search
    def transpositions(
        self,
        s1: list[int],
        s2: list[int],
        max_conflicts: int,
        level: Level,
        accept,
        max_strong: int | None = None,
        dead: Callable[[frozenset[int]], bool] | None = None,
        dead_pool: Callable[[list[int]], bool] | None = None,
    ) -> Iterator[Candidate]:
        """C6/C7: pair S1[i] with S2[i] over the D1 orders of S2 (depth first).

        ``accept(pairs, rest)`` turns a complete assignment into the acceptable
        candidates it stands for (none, one, or - in a heterogeneous bracket -
        every acceptable pairing of the remainder, in order); it checks the
        floats of the players left over, the bye and the look-ahead.  Pruning: B1/B2, the colour budget
        and a bipartite test that the rest of S1 can still find opponents.
        ``dead(F)``: would every leaf leaving the players F of S2 unpaired yield
        nothing, whatever its pairs?  Given, branches holding only such leaves are
        cut (:meth:`_dead_branch`).  ``dead_pool(free)`` (a heterogeneous bracket's
        movers, :meth:`_het_level`): would every leaf whose S2 players left over are
        among ``free`` yield nothing?  Given, branches where it holds are cut.
        """
        ctx = self.ctx
        p = len(s1)
        used = [False] * len(s2)
        chosen: list[int] = []

        ucap = up_cap(level)
        tick = self.budget.tick
        allowed = self._pairs_allowed(level)

        def leaf() -> Iterator[Candidate]:
            pairs = [(s1[k], s2[j]) for k, j in enumerate(chosen)]
            rest = [s2[j] for j in range(len(s2)) if not used[j]]
            yield from accept(pairs, rest)

        # Depth first over S1's positions with an explicit stack (S1 may hold
        # thousands of players: no Python recursion).  A frame is
        # [position, conflicts, strong, up, next S2 index, child's undo]; the
        # undo (S2 index, B3 counter, difference) is applied when the search
        # comes back to the frame, exactly where a recursive version would.
        tick()
        # the colour budgets and B1/B2 first (cheap, the same tests as a branch's below):
        # a remainder's D2 exchanges are mostly cut here, thousands of them per relaxation
        if self._same_colour_bound(s1, s2) > max_conflicts or (
            max_strong is not None and self._same_colour_bound(s1, s2, Strength.STRONG) > max_strong
        ):
            return
        if dead is not None and self._dead_branch(s1, s2, dead, max_conflicts, max_strong):
            return
        if dead_pool is not None and dead_pool(list(s2)):
            return
        if p == 0:
            yield from leaf()
            return
        stack: list[list] = [[0, 0, 0, 0, 0, None]]
        while stack:
            frame = stack[-1]
            i, conflicts, strong, up = frame[0], frame[1], frame[2], frame[3]
            undo = frame[5]
            if undo is not None:  # back from the child: take the pair out again
                frame[5] = None
                chosen.pop()
                used[undo[0]] = False
                if undo[1] is not None:
                    undo[1][undo[2]] += undo[3]
            a = s1[i]
            descend = False
            while frame[4] < len(s2):
                j = frame[4]
                frame[4] = j + 1
                b = s2[j]
                if used[j] or not ctx.compatible(a, b):
                    continue
                c = conflicts + (1 if ctx.conflict(a, b) else 0)
                if c > max_conflicts or not self._pair_float_ok(a, b, level):
                    continue
                ups = up
                if ucap is not None:
                    ups += self._pair_violations(a, b)
                    if ups > ucap:
                        self.rejected[1] = min(self.rejected[1], ups)
                        continue
                sc = strong
                if max_strong is not None:
                    sc += self.strong_conflict(a, b)
                    if sc > max_strong:
                        continue
                left = self._psd_left
                d: Fraction | None = None
                cost = 1
                if left is not None:  # B3 in a joined lowest bracket: only the best differences
                    diff = abs(ctx.f[a].score - ctx.f[b].score)
                    d = diff
                    if self.variant.psd_squares:  # what is left of the best sum of squares (quarter points)
                        d, cost = None, int(4 * diff * diff)
                    if left[d] < cost:
                        continue
                    left[d] -= cost
                used[j] = True
                chosen.append(j)
                if i + 1 == p:
                    tick()
                    if (dead is None or not dead(frozenset(s2[k] for k in range(len(s2)) if not used[k]))) and (
                        dead_pool is None or not dead_pool([s2[k] for k in range(len(s2)) if not used[k]])
                    ):
                        yield from leaf()
                else:
                    free = [s2[k] for k in range(len(s2)) if not used[k]]
                    s1_left = s1[i + 1 :]
                    if dead is not None and self._dead_branch(
                        s1_left, free, dead, max_conflicts - c, None if max_strong is None else max_strong - sc
                    ):
                        pass
                    elif dead_pool is not None and dead_pool(free):
                        pass
                    elif c + self._same_colour_bound(s1_left, free) <= max_conflicts and (
                        max_strong is None or sc + self._same_colour_bound(s1_left, free, Strength.STRONG) <= max_strong
                    ) and bipartite_saturates(
                        s1_left, free, allowed(c == max_conflicts, max_strong is not None and sc == max_strong)
                    ):
                        frame[5] = (j, left, d, cost)
                        tick()
                        stack.append([i + 1, c, sc, ups, 0, None])
                        descend = True
                        break
                chosen.pop()
                used[j] = False
                if left is not None:
                    left[d] += cost
            if not descend:
                stack.pop()

    def _pairs_allowed(self, level: Level) -> Callable[[bool, bool], Callable[[int, int], bool]]:
        """The pairs a branch of :meth:`transpositions` may still make, for its test that
        the rest of S1 can still find opponents: compatible (B1/B2), the upfloater's B5/B6
        as the level holds them, and - once the branch has used up its colour budget
        (``no_conflict``: x, B4) or its strong one (``no_strong``: 2012 A.7.d) - no two
        players wanting the same colour (strongly).  Every pair below the branch meets
        these, so a branch whose S1 cannot be saturated by them has no leaf; none of them
        depends on a level's bounds, so a looser level cuts the same branch (see
        :meth:`_dead_branch`).  Before, only B1/B2 were tested: our generator's 2012 seed
        536 r2 (a 27-player remainder at x = 0) walked 1.2 million nodes to its first leaf."""
        ctx = self.ctx
        memo: dict[tuple[int, int], bool] = {}

        def base(a: int, b: int) -> bool:
            r = memo.get((a, b))
            if r is None:
                r = memo[a, b] = ctx.compatible(a, b) and self._pair_float_ok(a, b, level)
            return r

        def no_conflict(a: int, b: int) -> bool:
            return base(a, b) and not ctx.conflict(a, b)

        def no_strong(a: int, b: int) -> bool:
            return base(a, b) and not self.strong_conflict(a, b)

        def neither(a: int, b: int) -> bool:
            return no_conflict(a, b) and not self.strong_conflict(a, b)

        variants = {(False, False): base, (True, False): no_conflict, (False, True): no_strong, (True, True): neither}
        return lambda conflicts_spent, strong_spent: variants[conflicts_spent, strong_spent]

    def _too_few_pairs(self, players: Sequence[int], p: int, no_conflict: bool, no_strong: bool, level: Level) -> bool:
        """Can ``players`` not make ``p`` pairs of the kind :meth:`_pairs_allowed` allows
        (B1/B2, the upfloaters' B5/B6 at the level, and with a colour budget of 0 no
        pair wanting the same colour, with a strong one of 0 none wanting it strongly)?
        Then no D2 exchange and no D1 order has a leaf: the bracket's search at this
        relaxation is skipped whole instead of each exchange being cut at its root.
        Like :meth:`_pairs_allowed`, nothing here depends on a level's bounds.  Our
        generator's 2012 seed 952 r11: 3,744 remainders of the 5-point bracket, each
        of its exchanges tried at a strong budget of 0 (277,000 searches, 10 CPU s)."""
        if p == 0:
            return False
        key = (frozenset(players), p, no_conflict, no_strong, holds(level), self.joined_s1)
        r = self._few_pairs.get(key)
        if r is None:
            ok = self._pairs_allowed(level)(no_conflict, no_strong)
            r = self._few_pairs[key] = max_pairs(list(players), ok) < p
        return r

    def _dead_branch(
        self, s1: Sequence[int], s2: Sequence[int], dead: Callable[[frozenset[int]], bool],
        conflicts_left: int | None = None, strong_left: int | None = None,
    ) -> bool:
        """Would every pairing of all of ``s1`` into ``s2`` give a dead leaf?

        Such a pairing leaves some r = |S2| - |S1| players F of ``s2`` unpaired.
        When ``dead(F)`` holds for every r-subset F, no leaf below yields
        anything.  When it holds for some, a leaf below leaving any other F
        unpaired has paired ``s1`` into S2 minus F: if that is impossible for
        every such F (B1/B2, or - ``conflicts_left``, ``strong_left`` given - more
        pairs wanting the same colour than the branch may still make, B4 / 2012
        A.7.d, :meth:`_same_colour_bound`), no leaf below yields anything either.
        Cutting such a branch never changes what the search yields, nor its
        order.  Only a few subsets are looked at (nothing cut when there are more).

        The bounds of 2012 C.10 (:meth:`fewest_violations`) skip a level whose looser
        bound would let through nothing the previous walk rejected; a cut branch
        records none of its rejections, so such a level may now be skipped where it
        was walked before.  It would have walked the same branch again and cut it
        again (the same criteria of the players left over, the same colour budget,
        a walk's skips only growing), so it yields nothing new: the result is the same.
        """
        compatible = self.ctx.compatible

        def pairable(rest: list[int]) -> bool:
            assert conflicts_left is not None
            return (
                self._same_colour_bound(s1, rest) <= conflicts_left
                and (strong_left is None or self._same_colour_bound(s1, rest, Strength.STRONG) <= strong_left)
                and bipartite_saturates(s1, rest, compatible)
            )

        # without a colour budget the branch's own tests cover the union of the F
        return self._leftovers_dead(s2, len(s2) - len(s1), dead, None if conflicts_left is None else pairable)

    def _dead_bracket(
        self, players: Sequence[int], p: int, dead: Callable[[frozenset[int]], bool], x: int, sx: int | None
    ) -> bool:
        """:meth:`_dead_branch` for a whole bracket at p pairs, before its D2 exchanges.

        Every leaf of every exchange leaves some n - 2p of the players unpaired and
        pairs the others among themselves.  When each such set F is dead, or (some
        being dead) the others cannot be paired with at most ``x`` pairs wanting
        the same colour (of 2p players, more than p wanting White make pairs of
        two who do, B4), nor ``sx`` wanting it strongly (2012 A.7.d), no exchange
        yields anything.
        """
        f = self.ctx.f

        def same_colour(rest: list[int], strength: Strength | None) -> int:
            count = Counter(
                f[q].pref_colour for q in rest
                if f[q].pref_colour is not Colour.NONE and (strength is None or f[q].pref_strength >= strength)
            )
            return sum(max(0, count[c] - p) for c in (W, B))

        def pairable(rest: list[int]) -> bool:
            return same_colour(rest, None) <= x and (sx is None or same_colour(rest, Strength.STRONG) <= sx)

        # in a walk a whole value of p may send down only sets it skips (2012 seed 2035 r5:
        # C13 walks 22 players at p = 10, 231 sets, over every colour and float level)
        most = DEAD_SETS if self.walk_skips is None else WALK_ROOT_DEAD_SETS
        return self._leftovers_dead(players, len(players) - 2 * p, dead, pairable, most)

    @staticmethod
    def _leftovers_dead(
        pool: Sequence[int], r: int, dead: Callable[[frozenset[int]], bool],
        pairable: Callable[[list[int]], bool] | None, most: int = DEAD_SETS,
    ) -> bool:
        """The test :meth:`_dead_branch` and :meth:`_dead_bracket` share: every set F of
        ``r`` players of ``pool`` left over is dead, or - some of them being dead, and
        ``pairable`` given - no live F leaves a rest of ``pool`` that ``pairable``
        accepts.  False when unsure (r < 0 or more than ``most`` sets)."""
        if r < 0 or comb(len(pool), r) > most:
            return False
        live = [out for out in combinations(pool, r) if not dead(frozenset(out))]
        if not live:
            return True
        if pairable is None or len(live) == comb(len(pool), r):
            return False
        return not any(pairable([q for q in pool if q not in out]) for out in live)

    def strong_conflict(self, a: int, b: int) -> int:
        """Both players want the same colour strongly or absolutely (2012 A.7.d, A.7.e): what
        such a pair counts against the caps of :meth:`strong_caps` (an edition hook)."""
        fa, fb = self.ctx.f[a], self.ctx.f[b]
        return int(
            self.ctx.conflict(a, b) and fa.pref_strength >= Strength.STRONG and fb.pref_strength >= Strength.STRONG
        )

    def distinct_levels(self, players: Sequence[int], lowest: bool = False) -> list[int]:
        """The float levels that differ for these players, first occurrences only.

        A level drops some of B5/B6 for down- and upfloaters (2012: and may bound
        how often they are broken, see :meth:`fewest_violations`); a criterion that
        no player here can violate (nobody floated that way one or two rounds
        ago) makes no difference, so levels equal up to such criteria are
        searched once (the first of them: the same candidates, in the same order).
        """
        f = self.ctx.f
        # players who could break each criterion (B6 down, B5 down, B6 up, B5 up)
        could = (
            sum(f[q].float2 is Float.DOWN for q in players),
            sum(f[q].float1 is Float.DOWN for q in players),
            sum(f[q].float2 is Float.UP for q in players),
            sum(f[q].float1 is Float.UP for q in players),
        )
        known = self._levels_known.get((could, lowest))  # the answer depends on these counts only
        if known is not None:
            return list(known)
        out: list[int] = []
        seen: set[tuple[bool | int | None, ...]] = set()
        for i, lv in enumerate(self.levels):
            eff: tuple[bool | int | None, ...] = tuple(hold and c > 0 for hold, c in zip(holds(lv), could, strict=True))
            if isinstance(lv, BoundedLevel):  # bounds on breaches (2012 C.10): one at or above the most possible is none
                w5 = self.b5_weight
                down = (not lv.b6_down) * could[0] + (not lv.b5_down) * could[1] * w5
                up = (not lv.b6_up) * could[2] + (not lv.b5_up) * could[3] * w5
                eff += (_bound(lv.down_cap, min(down, 1 + w5) if lowest else down), _bound(lv.up_cap, up))  # lowest: one floater
            if eff not in seen:
                seen.add(eff)
                out.append(i)
        self._levels_known[could, lowest] = tuple(out)
        return out

    # ------------------------------------------------------------ edition hooks
    def colour_stages(self, p: int) -> Sequence[object]:
        """Outer colour relaxation stages around C11's x (none in 1992; see dutch2012)."""
        return (None,)

    def strong_caps(self, x: int, stage: object, players: Sequence[int], p: int) -> Sequence[int | None]:
        """Caps on pairs whose players want the same colour strongly, inside x (None: no cap)."""
        return (None,)

    def exchanges(self, s1: Sequence[int], s2: Sequence[int]) -> Iterable[tuple[tuple[int, ...], tuple[int, ...]]]:
        """C8: the exchanges of a homogeneous bracket or remainder in the edition's order (D2)."""
        return d2_exchanges(s1, s2)

    def _same_colour_bound(self, s1: Sequence[int], s2: Sequence[int], strength: Strength | None = None) -> int:
        """Lower bound of pairs whose players want the same colour when pairing all of
        ``s1`` into ``s2``: B4 conflicts, or with ``strength`` those of players who both
        want it at least that much (2012 A.7.d/e).  A player of S1 wanting White beyond
        the players of S2 who do not want White must meet one who does (Black likewise)."""
        f = self.ctx.f

        def wants(q: int, c: Colour) -> bool:
            return f[q].pref_colour is c and (strength is None or f[q].pref_strength >= strength)

        bound = 0
        for c in (W, B):
            want1 = sum(1 for q in s1 if wants(q, c))
            want2 = sum(1 for q in s2 if wants(q, c))
            bound += max(0, want1 - (len(s2) - want2))
        return bound

    # ------------------------------------------------------------ homogeneous
    def homogeneous(
        self,
        players: list[int],
        lower: frozenset[int],
        lowest: bool,
        extra: Sequence[int] = (),
        p_only: int | None = None,
        x_fixed: int | None = None,
        level_only: int | None = None,
        s_fixed: int | None = None,
        up_left: int | None = None,
        upfloats: bool = True,
        own: Fraction | None = None,
        a3_homog: bool = False,
    ) -> Iterator[Candidate]:
        """A homogeneous bracket or remainder (A3, A6, C2-C11, C14).

        ``extra`` are players already known to move down (not paired here).
        ``p_only``, ``x_fixed``, ``level_only`` (``up_left``: the upfloat
        violations its bracket still allows) pin one relaxation level (used for
        the remainder of a heterogeneous bracket, whose levels are driven by it).
        ``upfloats=False``: B5/B6 for upfloaters do not apply (2012 A.3: a
        remainder "is always treated as a homogeneous one" - it has no upfloaters).
        ``own``: the score the players left over float down from (2012 ``bye-lowest-score``:
        the whole bracket's lowest; None: the lowest of the players here).
        ``a3_homog``: a bracket with moved-down players that A.3 treats as homogeneous;
        with ``walked_a3_no_upfloats`` its pairings asked for by a walk (C.12, C.13) are
        judged without B5/B6 for upfloaters.
        """
        ctx = self.ctx
        players = ctx.sort(players)
        n = len(players)
        p0 = n // 2  # A6 / C3
        nu = self._max_pairs(players)
        x0 = a8_x((ctx.f[q].pref_colour for q in players), n)  # A8 / C2
        if p_only is not None:
            ps: Iterable[int] = [p_only] if p_only <= nu else []
        elif lowest:
            ps = [p0] if n - 2 * p0 <= 1 else []
        else:
            ps = range(min(p0, nu), -1, -1)  # C14
        mixed = len({ctx.f[q].score for q in players}) > 1
        levels: Sequence[int] = range(len(self.levels))
        if level_only is not None:  # pinned by the bracket (a remainder)
            levels = [level_only]
        else:
            if not mixed:  # no upfloaters: only the downfloater part of a level matters
                parts: dict[tuple[bool, bool, int | None], int] = {}
                for i, lv in enumerate(self.levels):
                    parts.setdefault((lv.b6_down, lv.b5_down, down_cap(lv)), i)
                levels = sorted(parts.values())
            seen_levels = set(self.distinct_levels(list(players) + list(extra), lowest))
            levels = [li for li in levels if li in seen_levels]
        for p in ps:
            if self.floaters_needed and n - 2 * p + len(extra) == 0:
                continue  # C13: nobody moves down, the lowest bracket stays unpaired
            if p == 0:  # everybody moves down: only the float criteria of the level apply
                for li in levels:
                    cand = self._accept_rest([], list(extra) + players, lower, lowest, self.levels[li], extra, own)
                    if cand is not None:
                        yield cand
                        break
                continue
            xs = max(0, x0 - (p0 - p)) if x0 > 0 else 0  # C14: x -= 1 with p
            xrange_: Iterable[int] = range(xs, p + 1) if x_fixed is None else ([x_fixed] if x_fixed >= xs else [])
            # B3 before B4 (variant): with several scores in the bracket, the D2
            # exchanges are taken in groups by the scores they leave in S1, highest
            # first; each group gets every colour and float relaxation before the next
            phases: list[list[tuple[tuple[int, ...], tuple[int, ...]]] | None] = [None]
            if mixed and self.variant.score_lowering_exchanges_last and self._psd_left is None:
                groups: dict[tuple[Fraction, ...], list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
                for e in self._all_exchanges(players, p):
                    groups.setdefault(self._s1_scores(players, p, e), []).append(e)
                phases = [groups[k] for k in sorted(groups, reverse=True)]

            def relaxations(p=p, phases=phases, xrange_=xrange_):
                for phase in phases:
                    # a remainder's colour budget is pinned by its bracket: one stage only
                    for stage in self.colour_stages(p) if x_fixed is None else (None,):
                        for x in xrange_:  # C11
                            for sx in self.strong_caps(x, stage, players, p) if s_fixed is None else [s_fixed]:
                                pinned: Iterable[tuple[int, Level]] = ((li, self.levels[li]) for li in levels)
                                if up_left is not None:
                                    pinned = ((li, with_up_cap(lv, up_left)) for li, lv in pinned)
                                walked = a3_homog and self.walk_skips is not None and self.variant.walked_a3_no_upfloats
                                if not upfloats or walked:
                                    pinned = ((li, without_upfloat_criteria(lv)) for li, lv in pinned)
                                # a pinned level (a remainder) has nothing to skip: its
                                # rejections count straight in its bracket's level (which
                                # the dead leaves read, see _dead_leaves)
                                walk = pinned if level_only is not None else self.fewest_violations(pinned)
                                for _, lv in walk:  # C9
                                    yield phase, x, sx, lv

            for phase, x, sx, level in relaxations():
                if self.floaters_needed and n - 2 * p + len(extra) == 0:
                    break  # C13 began while this p was being walked
                yield from self.kept_rejected(
                    self._exchanges_search(players, p, x, level, lower, lowest, extra, sx, exchanges=phase, own=own)
                )

    def fewest_violations(self, levels: Iterable[tuple[int, Level]]) -> Iterator[tuple[int, Level]]:
        """The float levels ``(index, level)`` in order, less those that cannot give anything new.

        A level may bound how often its dropped criteria are broken (2012 C.10:
        a criterion is dropped "only for the minimum number of pairs"); when a
        bound never rejected anything, a later level of the same criteria with
        looser bounds walks the same pairings again and is skipped.
        """
        walked: list[tuple[BoundedLevel, int, int]] = []  # level, fewest violations its bounds rejected
        for li, lv in levels:
            if isinstance(lv, BoundedLevel) and any(
                holds(lv) == holds(w) and _at_least(lv.down_cap, w.down_cap) and _at_least(lv.up_cap, w.up_cap)
                and _below(lv.down_cap, d) and _below(lv.up_cap, u)
                for w, d, u in walked
            ):
                continue
            outer, self.rejected = self.rejected, [_MANY, _MANY]
            yield li, lv
            d, u = self.rejected
            self.rejected = [min(outer[0], d), min(outer[1], u)]
            if isinstance(lv, BoundedLevel):
                walked.append((lv, d, u))

    def kept_rejected(self, cands: Iterator[Candidate]) -> Iterator[Candidate]:
        """``cands`` with :attr:`rejected` as it was when each was handed out.

        A bracket's generator waits between its candidates while other brackets are
        searched (C12's trials, C13's walk); their counts must not leak into the
        level it resumes, whose end decides which looser bounds are skipped
        (:meth:`fewest_violations`): a leaked "nothing rejected" skipped them all.
        """
        for cand in cands:
            mine = self.rejected
            yield cand
            self.rejected = mine

    def _all_exchanges(self, players: list[int], p: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The identity and the D2 exchanges of a bracket (bracket numbers 1..n), in order (lazily)."""
        n = len(players)
        s1n, s2n = list(range(1, p + 1)), list(range(p + 1, n + 1))
        return chain([((), ())], self.exchanges(s1n, s2n) if p < n else ())

    def _s1_scores(self, players: list[int], p: int, exchange) -> tuple[Fraction, ...]:
        """The scores in S1 after an exchange, highest first (B3: higher scores paired first)."""
        out1, in2 = exchange
        s1 = set(range(1, p + 1)) - set(out1) | set(in2)
        return tuple(sorted((self.ctx.f[players[v - 1]].score for v in s1), reverse=True))

    def _exchanges_search(
        self, players, p, x, level, lower, lowest, extra, sx=None,
        exchanges: Iterable[tuple[tuple[int, ...], tuple[int, ...]]] | None = None, own: Fraction | None = None,
    ) -> Iterator[Candidate]:
        """C8 + C5-C7: the D2 exchanges (identity first), each with all D1 orders.

        ``exchanges``: only these, in this order (None: all of :meth:`_all_exchanges`).
        """
        pos = {q: i + 1 for i, q in enumerate(players)}  # bracket numbers 1..n
        s1n = [pos[q] for q in players[:p]]
        s2n = [pos[q] for q in players[p:]]
        by = {v: k for k, v in pos.items()}
        seen: set[frozenset] = set()
        dead = self._dead_leaves(players, p, extra, lower, lowest, level, own=own)
        if self._dead_bracket(players, p, dead, x, sx):
            return
        if self._too_few_pairs(players, p, x == 0, sx == 0, level):
            return
        if lowest and self._beyond_least_squares(players, extra):
            return
        if self._psd_left is not None and self._no_leaf(players, p, x, sx, level, dead):
            return

        def accept(pairs, rest) -> list[Candidate]:
            key = frozenset(frozenset(pr) for pr in pairs)
            if key in seen:
                return []
            seen.add(key)
            cand = self._accept_rest(pairs, list(extra) + rest, lower, lowest, level, extra, own)
            return [] if cand is None else [cand]

        for out1, in2 in self._all_exchanges(players, p) if exchanges is None else exchanges:
            s1 = [by[v] for v in sorted(set(s1n) - set(out1) | set(in2))]
            s2 = [by[v] for v in sorted(set(s2n) - set(in2) | set(out1))]
            yield from self.transpositions(s1, s2, x, level, accept, sx, dead=dead)

    def _accept_rest(
        self, pairs, rest, lower, lowest, level: Level, known: Sequence[int] = (), own: Fraction | None = None
    ) -> Candidate | None:
        """Leaf test: the players left over (downfloaters / bye) and the look-ahead."""
        ctx = self.ctx
        if lowest:
            if len(rest) > 1:
                return None
            if rest and not ctx.f[rest[0]].bye_ok:  # B1b
                return None
        # B5/B6 for downfloaters (A5: the bye too).  A moved-down player (score
        # above the bracket's own) already got this round's downfloat when he
        # left his bracket; moving on does not give him another one.
        if own is None:  # the bracket's own score: its lowest
            scores = [ctx.f[q].score for pr in pairs for q in pr] + [ctx.f[q].score for q in rest]
            own = min(scores) if scores else None
        # (variant) players known to move down before the bracket is paired (C1: no
        # opponent here) do not count either: no pairing of the bracket avoids them.
        exempt = set(known) if self.variant.forced_floats_exempt else set()
        for q in rest:
            if ctx.f[q].score == own and q not in exempt and not self.float_ok(q, Float.DOWN, level):
                return None
        bound = down_cap(level)
        if bound is not None:
            down = sum(self.float_violations(q, Float.DOWN) for q in rest if ctx.f[q].score == own and q not in exempt)
            if down > bound:
                self.rejected[0] = min(self.rejected[0], down)
                return None
        if not lowest and self.lookahead and not self.completable(frozenset(rest) | lower):
            return None
        return Candidate(list(pairs), list(rest))

    def _dead_leaves(
        self, players: Sequence[int] | None, p: int, extra: Sequence[int], lower: frozenset[int], lowest: bool,
        level: Level, own: Fraction | None = None,
    ) -> Callable[[frozenset[int]], bool]:
        """``dead(F)``: does a leaf of this bracket (``players``, ``extra`` moving
        down anyway, ``p`` pairs) that leaves F unpaired yield nothing, whatever its pairs?

        None is reached when the other players have no p pairs among them (B1/B2).
        ``players`` None (a heterogeneous bracket's remainder not yet known, see
        :meth:`_het_level`): only what F alone decides, ``own`` the lowest score
        the remainder and ``extra`` can have (a player of F with that score makes
        it the remainder's own score).

        What :meth:`_accept_rest` rejects on the players left over alone - the
        lowest bracket's bye (B1b), B5/B6 for downfloaters at the level (A5), the
        look-ahead - and what a walk (C12, C13) skips (:attr:`walk_skips`: the same
        players moving down as before, or with whom the lowest bracket cannot be
        completed).  ``walk_skips`` only rejects more as its walk goes on (the tried
        sets grow), so a branch cut now would also be skipped later.

        The bound on downfloat breaches (2012 C.10): the fewest breaches the leaves
        reject steer the levels (:meth:`fewest_violations`: a looser level is skipped
        when its bound still rejects them), so a leaf over the bound is only dead
        once the level has already rejected as few breaches or fewer
        (:attr:`rejected`, read when asked): cutting it then leaves the level's
        fewest as the full walk finds it.  Under ``float-criteria`` this is the cut
        that matters: its levels drop B.5 and B.6 together and bound them in one
        count where a B.5 breach weighs 16, so a player breaking B.5 is not refused
        by the level's criteria (as under the other float levels) but by the bound
        only; without the cut every pairing leaving him over went down to its leaf
        (our generator's 2012 seed 8 r5: 90 CPU s, two searches out of budget).
        """
        ctx = self.ctx
        fixed = frozenset(extra)
        if own is None:
            assert players is not None
            own = min(ctx.f[q].score for q in chain(players, extra))  # as _accept_rest: the bracket's own score
        exempt = fixed if self.variant.forced_floats_exempt else frozenset()
        cap = down_cap(level)
        #: static reasons only (a walk's skips grow, the level's fewest falls): dead,
        #: and the breaches over the bound (0: within it)
        known: dict[frozenset[int], tuple[bool, int]] = {}

        def static(out: frozenset[int]) -> tuple[bool, int]:
            rest = fixed | out
            if lowest:
                if len(rest) > 1:
                    return True, 0
                if rest and not ctx.f[next(iter(rest))].bye_ok:  # B1b
                    return True, 0
            for q in rest:
                if ctx.f[q].score == own and q not in exempt and not self.float_ok(q, Float.DOWN, level):
                    return True, 0
            if players is not None and self._max_pairs([q for q in players if q not in out]) < p:
                return True, 0
            over = 0
            if cap is not None:  # as _accept_rest: the breaches of the bracket's own downfloaters
                down = sum(self.float_violations(q, Float.DOWN) for q in rest if ctx.f[q].score == own and q not in exempt)
                over = down if down > cap else 0
            return not lowest and self.lookahead and not self.completable(rest | lower), over

        def dead(out: frozenset[int]) -> bool:
            skips = self.walk_skips  # set while a walk asks for the next pairing only (the cheaper test first)
            if skips is not None and skips(fixed | out):
                return True
            r = known.get(out)
            if r is None:
                r = known[out] = static(out)
            return r[0] or bool(r[1] and self._cut_over_bound(r[1]))

        return dead

    def _cut_over_bound(self, breaches: int) -> bool:
        """May a leaf whose downfloaters break the level's bound (2012 C.10) this much
        be cut unseen?  Once the level has rejected as few breaches or fewer: its
        fewest (:attr:`rejected`, which steers the looser levels) stays as the full
        walk finds it (see :meth:`_dead_leaves`)."""
        return breaches >= self.rejected[0]

    def _beyond_least_squares(self, players: Sequence[int], extra: Sequence[int]) -> bool:
        """Joined lowest bracket, B3 by squares first (:meth:`_least_differences`): do
        these players (a remainder), however paired, cost more of the sum of squared
        differences than is left?  Their cheapest pairing (:meth:`best_differences`,
        the bye counted as :meth:`psd` counts it) is a lower bound of what any of
        their pairings adds; when it exceeds what is left no leaf of the search
        can have the target sum, and the search yields nothing the caller takes."""
        left = self._psd_left
        if left is None or not self.variant.psd_squares or extra:
            return False
        lo, reserve = self._psd_bye
        key = (frozenset(players), lo)
        least = self._least_squares.get(key)
        if least is None:
            best = self.best_differences(list(players), lo)
            least = self._least_squares[key] = -1 if best is None else int(4 * best[0])
        return least > left[None] + reserve

    def _no_leaf(
        self, players: Sequence[int], p: int, x: int, sx: int | None, level: Level,
        dead: Callable[[frozenset[int]], bool],
    ) -> bool:
        """Joined lowest bracket searched for its least score differences: does no
        pairing of these players at all - in any D2 exchange or D1 order - pass the
        pair tests of :meth:`transpositions` (B1/B2, at most ``x`` pairs wanting the
        same colour and ``sx`` wanting it strongly, B5/B6 of the upfloaters as the
        level holds them, the B3 differences still left) with players left over
        that are not dead?  Each pairing is looked at once (its lowest player paired
        first), not once per exchange.  The upfloaters' bound of a 2012 level is
        left out (a looser test): a level with a looser bound meets the same answer,
        so a later level skipped for a rejection not recorded here yields nothing
        either (see :meth:`_dead_branch`).  False when unsure (too many sets or nodes).
        """
        n = len(players)
        r = n - 2 * p
        if r < 0 or comb(n, r) > DEAD_SETS:
            return False
        left = self._psd_left
        if left is None:
            return False
        ctx, f = self.ctx, self.ctx.f
        squares = self.variant.psd_squares
        lo, reserve = self._psd_bye
        nodes = [0]

        def pairs_exist(rest: list[int], conflicts: int, strong: int, budget: Counter) -> bool | None:
            if not rest:
                return True
            nodes[0] += 1
            if nodes[0] > NO_LEAF_NODES:
                return None
            a, others = rest[0], rest[1:]
            unsure = False
            for k, b in enumerate(others):
                if not ctx.compatible(a, b) or not self._pair_float_ok(a, b, level):
                    continue
                c = conflicts + ctx.conflict(a, b)
                st = strong + self.strong_conflict(a, b)
                if c > x or (sx is not None and st > sx):
                    continue
                diff = abs(f[a].score - f[b].score)
                d, cost = (None, int(4 * diff * diff)) if squares else (diff, 1)
                if budget[d] < cost:
                    continue
                budget[d] -= cost
                got = pairs_exist(others[:k] + others[k + 1 :], c, st, budget)
                budget[d] += cost
                if got:
                    return True
                unsure = unsure or got is None
            return None if unsure else False

        for out in combinations(players, r):
            if dead(frozenset(out)):
                continue
            budget = Counter(left)
            if out:  # the bye (a lowest bracket leaves at most one player)
                d = f[out[0]].score - lo + 1
                key, cost = (None, int(4 * d * d) - reserve) if squares else (d, 1)
                if len(out) > 1 or budget[key] < cost:
                    continue
                budget[key] -= cost
            got = pairs_exist([q for q in players if q not in out], 0, 0, budget)
            if got is None or got:
                return False
        return True

    def _max_pairs(self, players: list[int]) -> int:
        """Upper bound for p: maximum number of compatible pairs inside the bracket."""
        key = frozenset(players)
        if key not in self._nu:
            self._nu[key] = max_pairs(players, self.ctx.compatible)
        return self._nu[key]

    # ------------------------------------------------------------ heterogeneous
    def heterogeneous(
        self, movers: list[int], residents: list[int], lower: frozenset[int], lowest: bool, forced: Sequence[int] = ()
    ) -> Iterator[Candidate]:
        """A heterogeneous bracket (A3, A6): S1 = the moved-down players, S2 = residents.

        Movers are paired first (C6, D1 transpositions of S2 for the movers'
        opponents); the remaining residents form the remainder, paired as a
        homogeneous bracket (C2 again).  C10: when the remainder cannot be paired,
        the lowest mover's opponent changes first (that is the next D1 order).
        C11 raises x for movers and remainder together; C14 pairs fewer movers
        (the lowest ones move on), and then fewer remainder pairs.
        """
        ctx = self.ctx
        movers = ctx.sort(movers)
        residents = ctx.sort(residents)
        n = len(movers) + len(residents)
        xb = a8_x((ctx.f[q].pref_colour for q in movers + residents), n)  # A8 on the whole bracket
        # most movers that can meet a resident at all (upper bound for p)
        m_max = len(movers)
        while m_max > 0 and not any(
            bipartite_saturates(list(s), residents, ctx.compatible) for s in _head_subsets(movers, m_max, 64)
        ):
            m_max -= 1
        for pm in range(m_max, -1, -1):  # C14 on the movers' pairs
            sets: list[_MoverSet] = []
            for s1 in _head_subsets(movers, pm, 64):
                left = [q for q in movers if q not in s1]
                if lowest and left:
                    # C13: in the lowest bracket nobody can move on: the movers
                    # not paired with residents join the remainder.
                    sets.append(_MoverSet(list(s1), left, list(forced)))
                else:
                    sets.append(_MoverSet(list(s1), [], list(forced) + left))
            for group in self._set_groups(sets):
                yield from self._het_level(group, residents, lower, lowest, xb, n // 2)

    def _set_groups(self, sets: list[_MoverSet]) -> list[list[_MoverSet]]:
        """The sets of moved-down players to pair (D3 order), grouped for the search.

        1992 C8 (and by default): each set is searched through all relaxations
        before the next.  2012 C.8.b (``sets_before_colours``): the sets with the
        same scores are one group - another set is tried (C.8.b) before the
        colour requirements are lowered (C.10.e/f: x, A.7.d), each set through the
        float levels (C.10.a-d) first; sets of other scores stay apart (B.3: the
        highest scores are paired first).
        """
        if not self.variant.sets_before_colours:
            return [[st] for st in sets]
        groups: list[list[_MoverSet]] = []
        key = None
        for st in sets:
            scores = sorted(self.ctx.f[q].score for q in st.s1)
            if groups and scores == key:
                groups[-1].append(st)
            else:
                groups.append([st])
                key = scores
        return groups

    def _het_level(self, sets: list[_MoverSet], residents, lower, lowest, xb, p_full) -> Iterator[Candidate]:
        ctx = self.ctx
        pm = len(sets[0].s1)
        if pm == 0:
            st = sets[0]
            # A.3 (variant): no moved-down player paired, the whole bracket is the remainder (no upfloaters)
            up = not (self.variant.unpaired_movers_remainder and lowest and st.join)
            yield from self.homogeneous(residents + st.join, lower, lowest, extra=st.moved_on, upfloats=up)
            return
        # every set of a group has the same size, so the same remainder size and p values
        brackets = [list(st.s1) + list(residents) + list(st.join) for st in sets]
        lises = [self.distinct_levels(b, lowest) for b in brackets]
        rem_size = len(residents) + len(sets[0].join) - pm
        n_moved_on = len(sets[0].moved_on)
        pr_max = rem_size // 2
        pr_values = [pr_max] if lowest else list(range(pr_max, -1, -1))
        # the score a player left over floats down from (2012 bye-lowest-score): the whole
        # bracket's lowest, at or below every score of the remainder
        floor = min(ctx.f[q].score for q in brackets[0]) if lowest and self.variant.remainder_bracket_floor else None
        for pr in pr_values:  # C14 in the remainder
            if self.floaters_needed and rem_size - 2 * pr + n_moved_on == 0:
                continue  # C13: nobody moves down, the lowest bracket stays unpaired
            # C11: x of the whole bracket (A8) grows step by step; the movers' pairs
            # and the remainder share it (B4 counts the bracket's pairs; the
            # remainder's own A8 value is a lower bound for its part).
            # C14: "decrease p by 1, and if x > 0, x by 1": every pair fewer than
            # the bracket's p_full = n // 2 lowers the starting x (never above p).
            x_start = min(max(0, xb - (p_full - (pm + pr))), pm + pr)

            def relaxations(pr=pr, x_start=x_start):
                for stage in self.colour_stages(pm + pr):
                    if self._sets_apart(stage, len(sets)):
                        # 2012 (fitted, ``c8b-walk-a7d``): each set through x and the float levels in turn
                        for st, b, lis in zip(sets, brackets, lises, strict=True):
                            for big_x in range(x_start, pm + pr + 1):
                                for sx in self.strong_caps(big_x, stage, b, pm + pr):
                                    for li, level in self.fewest_violations((li, self.levels[li]) for li in lis):
                                        yield st, big_x, sx, li, level
                        continue
                    for big_x in range(x_start, pm + pr + 1):
                        caps = [self.strong_caps(big_x, stage, b, pm + pr) for b in brackets]
                        for sx in _caps_union(caps):
                            if self.variant.sets_before_floats and len(sets) > 1:
                                # 2012 C.8.b before C.10.a-d: every set at a float level before the next level
                                for li in sorted({li for lis in lises for li in lis}):
                                    for st, cap, lis in zip(sets, caps, lises, strict=True):
                                        if sx in cap and li in lis:
                                            yield st, big_x, sx, li, self.levels[li]
                                continue
                            for st, cap, lis in zip(sets, caps, lises, strict=True):  # C8b (see _set_groups)
                                if sx not in cap:
                                    continue
                                for li, level in self.fewest_violations((li, self.levels[li]) for li in lis):  # C9 / C10
                                    yield st, big_x, sx, li, level

            for st, big_x, sx, li, level in relaxations():
                if self.floaters_needed and rem_size - 2 * pr + n_moved_on == 0:
                    break  # C13 began while this p was being walked
                seen_rem: set[tuple[frozenset[int], int, int | None, int | None]] = set()

                def accept(
                    pairs, rest, big_x=big_x, li=li, pr=pr, seen_rem=seen_rem, sx=sx, level=level,
                    join=st.join, moved_on=st.moved_on,
                ) -> Iterator[Candidate]:
                    # C6 -> C2 for the remainder: every acceptable remainder
                    # pairing is tried (C7/C8 inside the remainder) before a
                    # moved-down player's opponent changes (C10).
                    rem = ctx.sort(list(rest) + list(join))
                    left_x = big_x - sum(1 for a, b in pairs if ctx.conflict(a, b))
                    left_s = None if sx is None else sx - sum(self.strong_conflict(a, b) for a, b in pairs)
                    # the upfloaters' bound left for the remainder (A.3, 2012: none - it has no upfloaters)
                    ucap = None if self.variant.remainder_homogeneous else up_cap(level)
                    left_u = None if ucap is None else ucap - sum(self._pair_violations(a, b) for a, b in pairs)
                    key = (frozenset(rem), left_x, left_s, left_u)
                    if key in seen_rem:
                        return
                    if lowest and not self.completable(frozenset(rem)):
                        seen_rem.add(key)  # C13: the lowest bracket is paired whole
                        return
                    cands = self.homogeneous(
                        rem, lower, lowest, extra=moved_on, p_only=pr, x_fixed=left_x, level_only=li,
                        s_fixed=left_s, up_left=left_u, upfloats=not self.variant.remainder_homogeneous,
                        own=floor,
                    )
                    found = False
                    for c in cands:
                        found = True
                        yield Candidate(list(pairs) + c.pairs, c.floaters)
                    if not found:
                        seen_rem.add(key)

                yield from self.kept_rejected(
                    self.transpositions(
                        list(st.s1), residents, min(pm, big_x), level, accept, sx,
                        dead_pool=self._dead_remainders(residents, st, rem_size - 2 * pr, lower, lowest, level),
                    )
                )

    def _sets_apart(self, stage: object, n_sets: int) -> bool:
        """Does a walk (C.12, C.13) take the sets of moved-down players one by one at
        this colour stage, each through every x, instead of C.8.b's order?

        ``walk_sets_apart``, fitted to JaVaFo 1.4 (not a sentence of the text): once
        A.7.d has been dropped (odd rounds, stage k >= 1) in a bracket a walk asks for
        another pairing (run seed 3284 r7); before that, C.8.b's order (1101 r7).
        """
        return (
            self.variant.walk_sets_apart and n_sets > 1 and self.walk_skips is not None
            and isinstance(stage, tuple) and stage[0] == "a7d" and stage[1] > 0
        )

    def _dead_remainders(
        self, residents: Sequence[int], st: _MoverSet, r: int, lower: frozenset[int], lowest: bool, level: Level
    ) -> Callable[[list[int]], bool]:
        """``dead_pool(free)`` for a heterogeneous bracket's movers (:meth:`transpositions`):
        does every remainder left once the movers have opponents among ``free``
        (the residents not yet taken, plus ``st.join``) leave over, with ``r`` players
        unpaired, only sets that :meth:`_dead_leaves` calls dead on their own?

        Such a set F is among the r-subsets of ``free`` and ``join`` whatever the
        movers' other opponents, and the remainder's own search would cut each of
        its leaves (or reject it at the leaf) for F alone: the bye (B1b), B5/B6 for
        downfloaters, their 2012 bound, the look-ahead, a walk's skips.  Without
        this, a walk (C12, C13) that skips every set the bracket can send down tried
        each of the movers' pairings at each colour and float relaxation, each
        remainder cut only at its own root (our generator's 2012 seed 282 r11: 3,024
        pairings of four movers into nine residents, about 100 relaxations).
        """
        f = self.ctx.f
        own = min(f[q].score for q in chain(residents, st.join, st.moved_on))  # the lowest the remainder can have
        dead = self._dead_leaves(None, 0, st.moved_on, lower, lowest, level, own=own)
        join = list(st.join)
        return lambda free: self._leftovers_dead(free + join, r, dead, None)

    # ------------------------------------------------------------ the round
    def run(self, ids: list[int]) -> tuple[list[tuple[int, int]], int | None]:
        """Pair all players ``ids``; returns (pairs, bye)."""
        ctx = self.ctx
        everyone = frozenset(ids)
        if not self.completable(everyone):
            raise PairingError("no pairing respects the absolute criteria B1/B2")
        if not self.lookahead:
            return self._run_c13(ids)
        groups = ctx.score_groups(ids)
        pairs: list[tuple[int, int]] = []
        movers: list[int] = []
        prev: tuple[Iterator[Candidate] | None, Candidate] | None = None
        for k, residents in enumerate(groups):
            lowest = k == len(groups) - 1
            lower = frozenset(q for g in groups[k + 1 :] for q in g)
            cand, gen = self._pair_bracket(movers, residents, lower, lowest)
            # C12 (after C11, before C14 gives up pairs): the bracket cannot make its
            # p pairs (C1: a moved-down player without opponent is one such case) ->
            # re-pair the previous bracket if that "now allows p pairings" here.
            if prev is not None and movers and self.c12_applies(movers, residents, cand):
                got = self._c12(prev, movers, residents, lower, lowest, cand)
                if got is not None:
                    alt, cand, gen = got
                    del pairs[len(pairs) - len(prev[1].pairs) :]
                    pairs.extend(alt.pairs)
            pairs.extend(cand.pairs)
            prev = (gen, cand)
            movers = cand.floaters
        bye = None
        if movers:
            if len(movers) != 1:  # cannot happen: the lowest bracket keeps at most one
                raise PairingError("round could not be completed")
            bye = movers[0]
        return pairs, bye

    def _run_c13(self, ids: list[int]) -> tuple[list[tuple[int, int]], int | None]:
        """The brackets top down without look-ahead; C13 when the lowest cannot be paired.

        C13: the penultimate bracket is undone and its next pairings are tried
        until one lets the lowest bracket be paired; when none does (its p would
        become zero) the two are joined into a new lowest bracket and C13 goes on
        with the bracket above.
        """
        ctx = self.ctx
        groups = ctx.score_groups(ids)
        stack: list[_Paired] = []
        movers: list[int] = []
        for k, residents in enumerate(groups):
            lowest = k == len(groups) - 1
            lower = frozenset(q for g in groups[k + 1 :] for q in g)
            got = self._pair_or_none(movers, residents, lower, lowest)
            here = got[0] if got else Candidate([], [])
            if stack and movers and self.c12_applies(movers, residents, here, lowest):
                prev = stack[-1]
                seen: list[Candidate] = []
                gen = None if prev.gen is None else _recording(prev.gen, seen)
                alt = self._c12((gen, prev.cand), movers, residents, lower, lowest, here)
                if prev.gen is not None:
                    prev.gen = self.other_pairings(prev.cand, seen, prev.gen, None if alt is None else alt[0])
                if alt is not None:
                    prev.cand, cand, gen = alt
                    got = (cand, gen)
                    movers = ctx.sort(prev.cand.floaters)
            if got is None:  # only the lowest bracket: C13
                self._c13_reopened = False
                movers, residents, got = self._c13(stack, movers, list(residents))
                if self._c13_reopened:  # c13-apart: the bracket joined last on its own again
                    first = groups[len(stack)]
                    rest = ctx.sort([q for g in groups[len(stack) + 1 :] for q in g])
                    apart = None
                    if self._treated_heterogeneous(movers, first):  # A3: its movers are paired first
                        apart = self._pair_apart(movers, [first, rest])
                    if apart is not None and self._apart_as_close(apart, got[0]):
                        stack.extend(apart)
                        movers = apart[-1].cand.floaters
                        break
            cand, gen = got
            stack.append(_Paired(movers, list(residents), gen, cand))
            movers = cand.floaters
        pairs = [pr for e in stack for pr in e.cand.pairs]
        if len(movers) > 1:
            raise PairingError("round could not be completed")
        return pairs, (movers[0] if movers else None)

    def _pair_apart(self, movers: list[int], groups: list[list[int]]) -> list[_Paired] | None:
        """c13-apart: the score group C13 joined last paired again on its own, then
        the bracket it had been joined to (still merged) as the lowest.

        Taken only when both are paired straight away (no C12 below the first,
        no C13 again) and the first pairs all its moved-down players; otherwise
        None and the merged bracket's pairing stands.
        """
        done: list[_Paired] = []
        joined = self.joined
        try:
            for k, residents in enumerate(groups):
                lowest = k == len(groups) - 1
                self.joined = lowest  # the lowest is still a joined bracket
                lower = frozenset(q for g in groups[k + 1 :] for q in g)
                got = self._pair_or_none(movers, residents, lower, lowest)
                # C12 does not undo the pairing C13 has just chosen above (k = 0)
                if got is None or (k and movers and self.c12_applies(movers, residents, got[0], lowest)):
                    return None
                if not k and set(movers) & set(got[0].floaters):  # A3: every moved-down player paired
                    return None
                done.append(_Paired(movers, list(residents), got[1], got[0]))
                movers = got[0].floaters
            return done
        finally:
            self.joined = joined

    def _apart_as_close(self, apart: list[_Paired], merged: Candidate) -> bool:
        """c13-apart: B3 - the groups paired apart have score differences as small as
        the merged bracket's pairing (else the merged pairing stands)."""
        everyone = [q for e in apart for q in e.movers + e.residents]
        lowest_score = min(self.ctx.f[q].score for q in everyone)
        pairs = [pr for e in apart for pr in e.cand.pairs]
        return self.psd(Candidate(pairs, apart[-1].cand.floaters), lowest_score) <= self.psd(merged, lowest_score)

    def _mover_left_twice(self, pen: _Paired, alt: Candidate, residents: Sequence[int], lowest: Candidate) -> bool:
        """C.13 with A.3 (``walk_movers_paired``): does ``alt``, another pairing of the
        penultimate bracket, leave one of its moved-down players unpaired there and the
        lowest bracket (heterogeneous by A.3) then pair none of its moved-down players,
        so that he is left over again (the bye)?  Such a pairing does not "allow a
        pairing in the lowest score bracket": moved-down players "are always paired
        first whenever possible" (A.3), and the walk goes on (run seed 4525 r5).  A
        resident of the penultimate bracket moved down and left over is a pairing
        (the bye; run seeds 110 r12, 1402 r6).  Only while the lowest bracket is a
        score bracket of its own: once C.13 has merged brackets, the merged one's S1 is
        the latest added score bracket (``c13-s1``), and a moved-down player of the
        bracket above may be its bye (run seed 3284 r7).
        """
        down = set(alt.floaters)
        if not self.variant.walk_movers_paired or not down & set(pen.movers):
            return False
        return self._treated_heterogeneous(alt.floaters, residents) and not any(
            a in down or b in down for a, b in lowest.pairs
        )

    def c13_p_zero(self, pen: _Paired, alt: Candidate) -> bool:
        """C13: would ``alt`` leave the penultimate bracket with p = 0 (join instead)?

        A heterogeneous bracket's p counts the pairs of its moved-down players
        (A3: they are paired first), so a pairing that pairs none of them has
        p = 0 even when residents are paired among themselves.
        """
        if not alt.pairs:
            return True
        movers = set(pen.movers)
        return self._treated_heterogeneous(pen.movers, pen.residents) and not any(
            a in movers or b in movers for a, b in alt.pairs
        )

    @staticmethod
    def other_pairings(
        current: Candidate, seen: list[Candidate], rest: Iterator[Candidate], replaced: Candidate | None
    ) -> Iterator[Candidate]:
        """C13's "another pairing" of a bracket after C12 walked its pairings ``seen``.

        C13 tries the bracket's pairings in its own order, all but the one it
        keeps: those C12 rejected come back, and when C12 replaced ``current``
        (by ``replaced``, one of ``seen``), ``current`` comes first.
        """
        if replaced is None:
            return chain(seen, rest)
        return chain([current], [s for s in seen if s is not replaced], rest)

    def _pair_or_none(self, movers, residents, lower, lowest) -> tuple[Candidate, Iterator[Candidate] | None] | None:
        """The first pairing of a bracket; None when it has none (the lowest bracket only)."""
        got = self._first_pairing(movers, residents, lower, lowest)
        if got is not None or not self.budget.exhausted:
            return got
        cand = self._budget_fallback(movers, residents, lower)
        return None if cand is None else (cand, None)

    def _c13(self, stack: list[_Paired], movers: list[int], residents: list[int]):
        """C13: re-pair the penultimate bracket, else join it to the lowest; see :meth:`_run_c13`."""
        ctx = self.ctx
        joins = 0
        while stack:
            pen = stack.pop()
            if pen.gen is not None:
                self.budget.start()
                tried: set[frozenset[int]] = set()
                need = not self.completable(frozenset(residents))
                lowest = frozenset(residents)

                def skipped(down: frozenset[int], tried=tried, lowest=lowest) -> bool:
                    return down in tried or not self.completable(down | lowest)

                try:
                    for alt in self.c13_walk(pen.gen, need, skipped):
                        if self.c13_p_zero(pen, alt):  # join the brackets instead
                            continue
                        down = frozenset(alt.floaters)
                        if down in tried:
                            continue
                        tried.add(down)
                        if not self.completable(down | frozenset(residents)):
                            continue
                        with self.budget.kept():
                            got = self._pair_or_none(ctx.sort(alt.floaters), residents, frozenset(), True)
                        if got is not None and not joins and self._mover_left_twice(pen, alt, residents, got[0]):
                            continue
                        if got is not None:
                            pen.cand = alt
                            stack.append(pen)
                            self._c13_reopened = self.c13_apart and joins > 1
                            return ctx.sort(alt.floaters), residents, got
                except BudgetSpent:  # not every pairing was tried: counted
                    self.stats.walks_cut += 1
            # the whole penultimate bracket (its movers too), and the lowest as it stands
            latest, below = ctx.sort(pen.movers + pen.residents), residents
            movers, residents = pen.movers, ctx.sort(pen.residents + residents)
            self.joined = True
            joins += 1
            if self.variant.joined_floats and not self.joined_s1:
                self.joined_s1 = frozenset(latest)  # the first join only
            if not self.completable(frozenset(movers) | frozenset(residents)):
                continue
            if self.variant.joined_s1:
                # 2012 C.13: "Such a merged score bracket shall be treated as a
                # heterogeneous score bracket with the latest added score bracket as S1"
                # (A.3 still applies: with at least half of it in S1 it is homogeneous).
                got = self._pair_or_none(latest, below, frozenset(), True)
                if got is not None:
                    return latest, below, got
                continue
            got = self._pair_or_none(movers, residents, frozenset(), True)
            if got is not None:
                return movers, residents, got
        raise PairingError("round could not be completed")

    def c13_walk(
        self, gen: Iterator[Candidate], floaters_needed: bool,
        skipped: Callable[[frozenset[int]], bool] | None = None,
    ) -> Iterator[Candidate]:
        """C13's walk over the penultimate bracket's next pairings.

        When the lowest bracket cannot be paired by itself, a pairing that sends
        nobody down cannot help: the bracket's search skips those values of p
        (``floaters_needed``, set only while the bracket itself is searched).
        ``skipped(moved_down)``: pairings the walk skips whatever their pairs
        (already tried, or the lowest bracket cannot be completed with them);
        the bracket's search cuts branches holding only such pairings.
        """
        while True:
            self.floaters_needed = floaters_needed
            self.walk_skips = skipped
            try:
                alt = next(gen)
            except StopIteration:
                return
            finally:
                self.floaters_needed = False
                self.walk_skips = None
            yield alt

    def _pair_bracket(self, movers, residents, lower, lowest) -> tuple[Candidate, Iterator[Candidate] | None]:
        """The first acceptable pairing of a bracket (or the matching fallback)."""
        got = self._first_pairing(movers, residents, lower, lowest)
        if got is not None:
            return got
        cand = self._budget_fallback(movers, residents, lower)
        if cand is None:  # cannot happen: the look-ahead keeps the rest pairable
            raise PairingError("round could not be completed")
        return cand, None

    def _budget_fallback(self, movers, residents, lower: frozenset[int]) -> Candidate | None:
        """Search budget spent: the bracket's pairs from a global matching (counted)."""
        self.stats.fallbacks += 1
        return self._fallback(self.ctx.sort(movers + residents), lower)

    def _first_pairing(
        self, movers, residents, lower, lowest, budget: int | None = None
    ) -> tuple[Candidate, Iterator[Candidate]] | None:
        """The first acceptable pairing of a bracket; None when the search budget runs out."""
        ctx = self.ctx
        bracket = ctx.sort(movers + residents)
        # C1: a resident without any legal opponent in the bracket moves down
        # (in the lowest bracket C13 applies instead: the look-ahead handles it).
        forced: list[int] = []
        if not lowest:
            forced = [q for q in residents if self.without_opponent(q, bracket)]
        residents = [q for q in residents if q not in forced]
        self.budget.start(budget)
        # A3: with at least half the players from above the bracket is homogeneous
        homog = not self._treated_heterogeneous(movers, residents)

        def search() -> Iterator[Candidate]:
            if homog:
                return self.homogeneous(movers + residents, lower, lowest, extra=forced, a3_homog=bool(movers))
            return self.heterogeneous(movers, residents, lower, lowest, forced)

        if self.variant.psd_lowest and lowest and self.joined and len({ctx.f[q].score for q in bracket}) > 1:
            # 2012 C.13: "treated as a heterogeneous score bracket with the latest added score
            # bracket as S1" also where A.3 makes it homogeneous: its S1-S2 pairs break B.3 ties
            tie = homog and self.variant.psd_squares and self.variant.psd_s1_pairs
            got = self._least_differences(
                bracket, search, budget, () if homog else movers, frozenset(movers) if tie else frozenset()
            )
            if got is not None:
                return got
            self.budget.start(budget)
        gen = search()
        try:
            for cand in gen:
                return cand, gen
        except BudgetSpent:
            self.stats.searches_cut += 1
        return None

    def _least_differences(
        self, bracket, search, budget, movers: Sequence[int] = (), s1_ties: frozenset[int] = frozenset()
    ) -> tuple[Candidate, Iterator[Candidate]] | None:
        """B3 first in a lowest bracket joined by C13: the first pairing, in the
        usual order, whose score differences are the smallest any pairing has
        (``movers``: S1 of a heterogeneous one, ``s1_ties``: of a homogeneous one, see
        :meth:`best_differences`)."""
        ctx = self.ctx
        lo = min(ctx.f[q].score for q in bracket)
        target = self.best_differences(bracket, lo, movers if self.variant.psd_movers_first else (), s1_ties)
        if target is None:
            return None
        if self.variant.psd_squares:
            # what the pairs may still spend of the best sum of squares (quarter points):
            # the bye (odd count) takes at least what the cheapest legal bye costs
            byes = [int(4 * (ctx.f[q].score - lo + 1) ** 2) for q in bracket if ctx.f[q].bye_ok]
            reserve = min(byes) if len(bracket) % 2 and byes else 0
            self._psd_left = Counter({None: int(4 * target[0]) - reserve})
            self._psd_bye = (lo, reserve)
        else:
            self._psd_left = Counter(target)  # the differences still available
            self._psd_bye = (lo, 0)
        self.budget.start(self.budget.limit + JOINED_EXTRA_NODES if budget is None else budget)
        gen = search()
        try:
            for cand in gen:
                if self.psd(cand, lo, s1_ties) == target:
                    return cand, gen
        except BudgetSpent:
            self.stats.searches_cut += 1
        finally:
            self._psd_left = None
        return None

    def best_differences(
        self, players: list[int], lowest_score, movers: Sequence[int] = (), s1_ties: frozenset[int] = frozenset()
    ) -> tuple | None:
        """B3: the smallest score differences (largest first) any complete pairing of ``players`` has.

        A maximum-weight perfect matching (``pairing.blossom``) where a pair's
        cost grows faster with its difference than all smaller differences
        together (so every optimum has the same differences); the bye (odd
        count, B1b) counts against a score one point below the lowest.
        ``movers`` (2012 A.3, a heterogeneous joined bracket's S1): among the
        pairings that pair as many of them with the other players as any does -
        they "are always paired first whenever possible" - a pair of a mover
        with a non-mover weighs more than any sum of differences.  ``s1_ties`` (2012
        ``b3-squares-s1``, squares only): among the least sums of squares, the most pairs
        of these players with the others; the answer is then (sum, -such pairs).
        """
        f = self.ctx.f
        idx = {q: i for i, q in enumerate(players)}
        bye = len(players)  # the bye's vertex (odd count only)
        edges: list[tuple[int, int, Fraction]] = []
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                if self.ctx.compatible(a, b):
                    edges.append((i, idx[b], abs(f[a].score - f[b].score)))
        if len(players) % 2:
            edges += [(idx[q], bye, f[q].score - lowest_score + 1) for q in players if f[q].bye_ok]
        ranks = {d: i for i, d in enumerate(sorted({e[2] for e in edges}))}
        k = len(players) + 1
        big = k ** (len(ranks) + 1)
        first = set(movers)
        if first and self.variant.psd_squares and edges:  # above any sum of squares (quarter points)
            big = max(big, 4 * k * max(int(4 * d * d) for _, _, d in edges) + 1)
        tie = s1_ties  # (squares only) a pair of S1 with the rest costs one unit less, below a square's
        if tie and edges:
            big = k * max(int(4 * d * d) * k + 1 for _, _, d in edges) + 1
        pm = PerfectMatcher(len(players) + len(players) % 2)
        for i, j, d in edges:
            # A.3: a moved-down player paired with a player of S2 (not the bye, not another mover)
            mover_pair = j < len(players) and (players[i] in first) != (players[j] in first)
            cost = int(4 * d * d) if self.variant.psd_squares else k ** ranks[d]
            if tie:
                cost = int(4 * d * d) * k + (0 if j < len(players) and (players[i] in tie) != (players[j] in tie) else 1)
            pm.set_weight(i, j, big - cost + (big if mover_pair else 0))
        try:
            mate = pm.solve()
        except NoPerfectMatching:  # somebody left over: no complete pairing
            return None
        diff = {(i, j): d for i, j, d in edges}
        if tie:
            across = sum(1 for i, j in enumerate(mate) if i < j < len(players) and (players[i] in tie) != (players[j] in tie))
            return (sum(diff[i, mate[i]] ** 2 for i in range(len(mate)) if i < mate[i]), -across)
        if self.variant.psd_squares:
            return (sum(diff[i, mate[i]] ** 2 for i in range(len(mate)) if i < mate[i]),)
        return tuple(sorted((diff[i, mate[i]] for i in range(len(mate)) if i < mate[i]), reverse=True))

    def psd(self, cand: Candidate, lowest_score, s1_ties: frozenset[int] = frozenset()) -> tuple:
        """B3: the score differences of the pairs, largest first (smaller is better).

        A player left unpaired (the bye) counts against a score one point below
        the bracket's lowest.
        """
        f = self.ctx.f
        diffs = [abs(f[a].score - f[b].score) for a, b in cand.pairs]
        diffs += [f[q].score - lowest_score + 1 for q in cand.floaters]
        if s1_ties:  # then the most pairs of S1 with the rest (see best_differences)
            across = sum(1 for a, b in cand.pairs if (a in s1_ties) != (b in s1_ties))
            return (sum(d * d for d in diffs), -across)
        if self.variant.psd_squares:
            return (sum(d * d for d in diffs),)
        return tuple(sorted(diffs, reverse=True))

    def _fallback(self, bracket: list[int], lower: frozenset[int]) -> Candidate | None:
        """Budget exhausted: pairs inside the bracket taken from a global matching (None: none exists)."""
        got = self.oracle.split(bracket, self.ctx.sort(set(bracket) | lower))
        return None if got is None else Candidate(*got)

    def _treated_heterogeneous(self, movers: Sequence[int], residents: Sequence[int]) -> bool:
        """A3: a bracket with moved-down players, unless at least half of it came from above."""
        n = len(movers) + len(residents)
        return bool(movers) and not (self.variant.a3_homogeneous and 2 * len(movers) >= n)

    def _short(self, movers: Sequence[int], residents: Sequence[int], cand: Candidate) -> bool:
        """Did the bracket fall short of its p pairs (A6)?

        Heterogeneous: p = the moved-down players, every one of them paired, and
        the remainder paired completely; homogeneous: p = n // 2 pairs.  Both
        amount to n // 2 pairs with no moved-down player left over.
        """
        n = len(movers) + len(residents)
        if len(cand.pairs) < n // 2:
            return True
        return self._treated_heterogeneous(movers, residents) and any(q in cand.floaters for q in movers)

    def without_opponent(self, q: int, bracket: Sequence[int]) -> bool:
        """C1: nobody in the bracket may meet ``q`` (B1/B2)."""
        return not any(self.ctx.compatible(q, o) for o in bracket if o != q)

    def c12_applies(self, movers: Sequence[int], residents: Sequence[int], cand: Candidate, lowest: bool = False) -> bool:
        """C12's trigger: the bracket fell short of its p pairs (C1 is one such case).

        ``lowest``: the bracket is the lowest (an edition may read C1 there with the bye).
        """
        return self._short(movers, residents, cand)

    def c12_accepts(
        self, movers: Sequence[int], residents: Sequence[int], cand: Candidate, lowest: bool = False,
        trial: C12Trial | None = None,
    ) -> bool:
        """C12: does the bracket, with these moved-down players, "now allow p pairings"?

        ``trial``: the bracket and the previous one as they stood (:class:`C12Trial`).
        """
        return not self._short(movers, residents, cand)

    def c12_pairs_needed(self, movers: Sequence[int], residents: Sequence[int]) -> int:
        """C12: the pairs the bracket (as it stood, with ``movers``) must allow with the
        new moved-down players instead (seeds: p = n // 2)."""
        return (len(movers) + len(residents)) // 2

    def c12_lowers_p1(self, movers: Sequence[int], residents: Sequence[int]) -> bool:
        """C12 after C14: when no other set of moved-down players allows the pairs the
        bracket needed, may one allowing fewer (but more than the bracket allowed)
        be accepted, P1 lowered one by one?  (Seeds: no.)"""
        return False

    def same_movers(self, alt: Candidate, cand: Candidate) -> bool:
        """Would ``alt`` move down the same players as ``cand`` (so C12 gains nothing)?"""
        return set(alt.floaters) == set(cand.floaters)

    def _c12(
        self, prev, movers: list[int], residents: list[int], lower: frozenset[int], lowest: bool,
        first: Candidate,
    ) -> tuple[Candidate, Candidate, Iterator[Candidate] | None] | None:
        """C12: the previous bracket's next pairings with as many pairs.

        Seeds C12: undo the previous bracket; if it can be paired so that a
        different player moves down *and the current bracket then yields its p
        pairs*, that pairing is accepted.  ``first``: the current bracket's
        pairing that reached C12.  Returns (the previous bracket's new pairing,
        the current bracket's pairing, its generator) or None.
        """
        ctx = self.ctx
        gen, cand = prev
        if gen is None:
            return None
        tried = 0
        looked: set[frozenset[int]] = set()
        fewer: list[tuple[int, Candidate, list[int]]] = []  # fewer than needed, more than before
        needed = self.c12_pairs_needed(movers, residents)
        before = self._max_pairs(ctx.sort(list(movers) + list(residents)))
        trial = C12Trial(needed, before, first, cand)
        self.budget.start()
        try:
            # a pairing moving down players already looked at is skipped whatever its
            # pairs: the bracket's search cuts branches holding only such pairings
            # (their first such pairing came before them, also in the order C13 may
            # walk them again afterwards: see other_pairings)
            for alt in self.c13_walk(gen, False, looked.__contains__):
                down = frozenset(alt.floaters)
                if down in looked:  # the same players moving down: the same outcome
                    continue
                looked.add(down)
                tried += 1
                if tried > C12_TRIES:
                    break
                if len(alt.pairs) != len(cand.pairs) or self.same_movers(alt, cand):
                    continue
                new = ctx.sort(alt.floaters)
                # cheap necessary tests first: p pairs inside the bracket, and
                # (heterogeneous) every moved-down player can meet a resident
                most = self._max_pairs(ctx.sort(new + residents))
                if most < needed:
                    if before < most and self.c12_lowers_p1(new, residents):
                        fewer.append((most, alt, new))
                    continue
                if self._treated_heterogeneous(new, residents) and not bipartite_saturates(
                    new, residents, ctx.compatible
                ):
                    continue
                with self.budget.kept():
                    got = self._first_pairing(new, residents, lower, lowest, budget=C12_TRIAL_BUDGET)
                if got is not None and self.c12_accepts(new, residents, got[0], lowest, trial):
                    return alt, got[0], got[1]
            # C14 lowers P1 by one and the bracket, still short, comes back to C12:
            # the first other set (in the previous bracket's order) allowing P1 pairs
            for p1 in range(needed - 1, before, -1):
                for most, alt, new in fewer:
                    if most < p1:
                        continue
                    with self.budget.kept():
                        got = self._first_pairing(new, residents, lower, lowest, budget=C12_TRIAL_BUDGET)
                    if got is not None and self.c12_accepts(new, residents, got[0], lowest, replace(trial, needed=p1)):
                        return alt, got[0], got[1]
        except BudgetSpent:
            self.stats.searches_cut += 1
            return None
        return None


def _bound(cap: int | None, most: int) -> int | None:
    """A bound on breaches as it acts where at most ``most`` are possible (None: none)."""
    return None if cap is None or cap >= most else cap


def _below(cap: int | None, fewest: int) -> bool:
    """Does bound ``cap`` still reject every count a looser-bounded walk rejected?"""
    return fewest >= _MANY or (cap is not None and cap < fewest)


def _at_least(a: int | None, b: int | None) -> bool:
    """Is bound ``a`` at least as loose as ``b`` (None: no bound)?"""
    return a is None or (b is not None and a >= b)


def _recording(gen: Iterator[Candidate], seen: list[Candidate]) -> Iterator[Candidate]:
    """``gen``, keeping what it yields in ``seen`` (to replay it later)."""
    for cand in gen:
        seen.append(cand)
        yield cand


def _caps_union(seqs: Sequence[Sequence[int | None]]) -> list[int | None]:
    """The values of several caps sequences, each once: ascending (or the one ``None``)."""
    values = {v for seq in seqs for v in seq}
    if None in values:
        return [None]
    return sorted(values)  # type: ignore[type-var]


def _head_subsets(movers: list[int], size: int, limit: int) -> Iterator[tuple[int, ...]]:
    """Subsets of ``size`` movers, the highest ones first (C4: "the p highest")."""
    for i, c in enumerate(combinations(movers, size)):
        if i >= limit:
            return
        yield c
