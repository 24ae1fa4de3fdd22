"""Art. 4.3 with two or more exchanges: S1 and S2 on a sparse graph, priced against the whole.

The question
------------
A remainder of ``m`` players (positions ``0..m-1`` in Art. 1.2 order) is
split into S1 (``rp`` players), S2 and ``f = m - 2 * rp`` players left
single.  Every S1 player meets a later S2 player over a *tight* pair (the
class optimum's pairs, :class:`~swisschess.rules.dutchclasses.ClassBracket`)
of compatible players; the players left single must be tight as such.
Among all such splits the rules want the fewest exchanges, then the
smallest sum of BSNs in S1 (Art. 4.3), then the lowest S1 players down
first and the highest S2 players up first.  As a matching: an edge from
``q`` down to ``q2 > q`` weighs ``2 * (big * [q < rp] + m - q)`` (only the
upper end counts), a player left single meets one of ``f`` slots at 0, and
the maximum-weight perfect matching gives S1 as the upper ends.

Why sparse
----------
With dense forbidden pairs (two XXP halves, issue 31) the remainder of a
9,999-player round has 3,500 players and 2.3 million tight pairs; the
matching on all of them took a minute.  But any S1-S2 pairing of a split has
the same weight, so a handful of partners per player and class is enough.
:func:`choose_sides` solves on a few edges per player and class, then
*prices* every pair left out: the solver's duals cover an edge
``q``-``q2`` when ``y[q] + y[q2] >= w(q)``.  An edge not covered is added
and the solve goes on from the same duals (column generation).  When no
edge is left uncovered the duals are feasible for the whole graph and the
matching is tight on them, so it is optimal for the whole graph: every
answer is the one the dense graph gives (the decisions compare optimum
weights only, which both graphs share).  Pricing needs no list of the
pairs: per class, a suffix minimum of the duals tells at once whether any
later player of that class can be uncovered.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from swisschess.pairing.blossom import NoPerfectMatching, PerfectMatcher

#: Partners per player and tight class in the first sparse graph: the
#: nearest later ones and as many spread over the rest.
NEAR = 4
SPREAD = 4
#: Edges added per player and class in one pricing pass.
PRICE_CAP = 8


class NoSides(Exception):
    """No split of the remainder pairs every S1 player on the tight pairs."""


class _Exchanges:
    def __init__(self, m: int, rp: int, cls: Sequence[int], tight: Sequence[AbstractSet[int]],
                 single_ok: Sequence[bool], compatible: Callable[[int, int], bool],
                 sparse: bool) -> None:
        self.m, self.rp, self.f = m, rp, m - 2 * rp
        self.cls = cls
        self.compatible = compatible
        self.single_ok = single_ok
        big = m * m + 1
        self.base = [2 * (big * (q < rp) + m - q) for q in range(m)]
        self.wdown: list[int | None] = list(self.base)  # q's down edges now weigh this
        self.low_ok = [True] * m  # q may still be met from above (not come up)
        self.members: dict[int, list[int]] = {}
        for q in range(m):
            self.members.setdefault(cls[q], []).append(q)
        self.succ = {c: [d for d in self.members if d in tight[c]] for c in self.members}
        self.down: list[dict[int, int]] = [{} for _ in range(m)]  # edges present
        self.into: list[set[int]] = [set() for _ in range(m)]
        self.dense = not sparse
        self.pm = self._matcher()
        # warm start (issue 31): duals of "S1 = the first rp": an S2 player
        # holds m - rp, an S1 player the rest of his down weight, a single
        # slot minus m - rp; every edge is covered and S1-S2 pairs are tight,
        # so the first solve repairs only the exchanges
        duals = [m - rp if q >= rp else self.base[q] - (m - rp) for q in range(m)]
        self.pm.start_from(duals + [-(m - rp)] * self.f)

    # ------------------------------------------------------------ edges
    def _matcher(self) -> PerfectMatcher:
        m = self.m
        self.pm = PerfectMatcher(m + self.f)
        for q in range(m):
            if self.wdown[q] is not None:
                for q2 in self._first_partners(q):
                    self._add(q, q2)
            if self.single_ok[q] and self.low_ok[q]:
                for s in range(m, m + self.f):
                    self.pm.set_weight(q, s, 0)
        return self.pm

    def _first_partners(self, q: int) -> list[int]:
        """Every later player of a tight class (dense), or a few of each."""
        out: list[int] = []
        for d in self.succ[self.cls[q]]:
            lst = self.members[d]
            i = bisect.bisect_right(lst, q)
            after = [q2 for q2 in lst[i:] if self.low_ok[q2]]
            if self.dense or len(after) <= NEAR + 2 * SPREAD:
                out.extend(after)
                continue
            out.extend(after[:NEAR])
            rest = len(after) - NEAR
            for t in range(SPREAD):  # spread, shifted by q so that players differ
                out.append(after[NEAR + (t * rest + (q * 7) % rest) // SPREAD % rest])
        return out

    def _add(self, q: int, q2: int) -> bool:
        if q2 in self.down[q] or not self.compatible(q, q2):
            return False
        w = self.wdown[q]
        assert w is not None
        self.down[q][q2] = w
        self.into[q2].add(q)
        # re-open q2 if the edge is not covered: pricing finds many upper
        # players short of the same few lower ones, whose duals fell
        self.pm.set_weight(q2, q, w)
        return True

    def set_down(self, q: int, delta: int | None) -> None:
        """q's down edges weigh ``base + delta`` (None: q may not go down)."""
        w = None if delta is None else self.base[q] + delta
        self.wdown[q] = w
        for q2 in self.down[q]:
            self.pm.set_weight(q, q2, w)
        if w is None:
            for q2 in self.down[q]:
                self.into[q2].discard(q)
            self.down[q] = {}
        else:
            for q2 in self.down[q]:
                self.down[q][q2] = w

    def come_up(self, q: int) -> None:
        """q is in S1: nobody meets him from above, he is not left single."""
        self.low_ok[q] = False
        for q0 in self.into[q]:
            self.pm.set_weight(q0, q, None)
            del self.down[q0][q]
        self.into[q] = set()
        for s in range(self.m, self.m + self.f):
            self.pm.set_weight(q, s, None)

    # ------------------------------------------------------------ solving
    def _price(self) -> int:
        """Add the edges the duals leave uncovered (a few per player and
        class); how many were added."""
        pm, m, low_ok = self.pm, self.m, self.low_ok
        y, sc = pm.y, pm.scale
        inf = None
        sufmin: dict[int, list[int | None]] = {}
        for d, lst in self.members.items():
            s: list[int | None] = [inf] * (len(lst) + 1)
            for i in range(len(lst) - 1, -1, -1):
                q2 = lst[i]
                b = s[i + 1]
                s[i] = (y[q2] if b is None or y[q2] < b else b) if low_ok[q2] else b
            sufmin[d] = s
        added = 0
        for q in range(m):
            w = self.wdown[q]
            if w is None:
                continue
            need = (w << sc) - y[q]  # q-q2 is uncovered when y[q2] < need
            row = self.down[q]
            for d in self.succ[self.cls[q]]:
                lst, s = self.members[d], sufmin[d]
                i = bisect.bisect_right(lst, q)
                got = 0
                while i < len(lst):
                    lo = s[i]
                    if lo is None or lo >= need:
                        break
                    q2 = lst[i]
                    i += 1
                    if low_ok[q2] and y[q2] < need and q2 not in row and self._add(q, q2):
                        added += 1
                        got += 1
                        if got >= PRICE_CAP:
                            break
        return added

    def solve(self) -> list[int]:
        """An optimum of the whole graph (sparse: solved, priced, repeated)."""
        while True:
            try:
                mate = self.pm.solve()
            except NoPerfectMatching as e:
                if self.dense:
                    raise NoSides from e
                # the sparse graph proves nothing: all edges from here on
                self.dense = True
                self.pm = self._matcher()
                continue
            if self.dense or not self._price():
                return mate

    def pairs_down(self, mate: list[int], q: int) -> bool:
        return q < mate[q] < self.m


def choose_sides(m: int, rp: int, cls: Sequence[int], tight: Sequence[AbstractSet[int]],
                 single_ok: Sequence[bool], compatible: Callable[[int, int], bool],
                 sparse: bool = True) -> list[int] | None:
    """S1 (1) or S2 (2) for each position of the remainder, by the rules'
    order (see the module text); None when the best split does not put
    ``rp`` players in S1.  ``cls[q]``: q's class; ``tight[c]``: the classes
    c meets over tight pairs; ``single_ok[q]``: q may be left single;
    ``compatible(q, q2)``: the two players may meet.  ``sparse=False``
    builds every edge (the reference the tests compare with).  Raises
    :class:`NoSides` when no split exists."""
    ex = _Exchanges(m, rp, cls, tight, single_ok, compatible, sparse)
    mate = ex.solve()
    k = sum(1 for q in range(rp) if not ex.pairs_down(mate, q))
    left = k
    q = rp
    while q > 0 and left:  # S1 players going down: the lowest first
        q -= 1
        if ex.pairs_down(mate, q):
            ex.set_down(q, -1)
            mate = ex.solve()
        if ex.pairs_down(mate, q):
            ex.set_down(q, 0)
        else:
            left -= 1
            ex.set_down(q, None)
    left = k
    for q in range(rp, m):  # S2 players coming up: the highest first
        if left <= 1:
            break
        already = ex.pairs_down(mate, q)
        if not already:
            ex.set_down(q, 1)
            mate = ex.solve()
        if ex.pairs_down(mate, q):
            left -= 1
            ex.come_up(q)
        if not already:
            ex.set_down(q, 0)
    mate = ex.solve()
    side = [1 if ex.pairs_down(mate, q) else 2 for q in range(m)]
    if sum(1 for x in side if x == 1) != rp:
        return None
    return side


__all__ = ["NoSides", "choose_sides"]
