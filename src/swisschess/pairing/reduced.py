"""The round's matching with the lower part replaced by a few *sinks*.

Why
---
While a bracket is paired, the matching must contain every player still to be
paired, because the rest of the round must stay pairable (completion, [C4]).
But the players below the next scoregroup (the *lower part* ``L``) take part
only through that completion: every pair involving one of them has the
*separable* weight ``unit + g(a) + g(b)`` (``g`` being the player's share of
the [C4]/[C5]/[C9] fields), or no edge at all.  In a large event ``L`` is most
of the graph, densely connected and uniformly weighted, and a matching solver
wanders through all of it at every question.

The reduction
-------------
For a perfect matching ``M`` of the round, write ``CN`` for the bracket plus
the next scoregroup (the *active* players), ``M'`` for the pairs of ``M``
inside ``CN``, ``U`` for the active players paired into ``L``, and ``b`` for
the PAB.  Because every player but ``b`` appears in exactly one pair,

    weight(M) = constant + sum over M' of r(e) - g(b),
    r(a, b) = weight(a, b) - unit - g(a) - g(b).

So the round is the problem "choose ``M'`` in ``CN`` (weights ``r``) and the
PAB" subject to one condition: ``U`` plus ``L`` (minus the PAB) has a perfect
matching.  We drop the condition (a *relaxation*), solve, and then *certify*
it for the solution found (Dirac's theorem: a graph on ``h >= 3`` vertices in
which every vertex has at least ``h / 2`` neighbours has a Hamiltonian cycle,
so with ``h`` even a perfect matching).  A relaxed optimum that satisfies the
dropped condition is an optimum of the real problem, so every decision read
from it is the one the full graph gives.  When the certificate fails, the
graph is expanded back to the full round and solved exactly.

In the solver, "paired into ``L``" is a pair with one of ``q`` sinks (a
clique of weight-0 vertices joined to every active player).  With ``q``
sinks at most ``q`` players can leave; because the best matching with ``k``
pairs is concave in ``k``, an optimum that leaves at least one sink-sink pair
(so is not limited by ``q``) is an optimum for any number of sinks.  When all
sinks are used, more are added and the solve goes on from the same duals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from swisschess.pairing.blossom import NoPerfectMatching, PerfectMatcher
from swisschess.pairing.conflicts import GroupMemo, count_from
from swisschess.pairing.matching import MatchingGraph


def class_counts(colour_class: Sequence[int], start: int) -> dict[int, int]:
    """How many players from ``start`` on are in each non-zero colour class."""
    counts: dict[int, int] = {}
    for c in colour_class[start:]:
        if c:
            counts[c] = counts.get(c, 0) + 1
    return counts


def degree_bound(v: int, start: int, conflicts: Sequence[AbstractSet[int]],
                 colour_class: Sequence[int], counts: dict[int, int], inside: bool,
                 memo: GroupMemo | None = None) -> int:
    """A lower bound on ``v``'s possible opponents among the players from
    ``start`` on (``inside``: ``v`` is one of them): all of them, less its
    conflicts and the players of its own colour class ([C3]).  ``memo``
    (one per ``start``) counts each prohibited-pair group once."""
    d = len(colour_class) - start - inside
    d -= count_from(conflicts[v], start, GroupMemo() if memo is None else memo)
    c = colour_class[v]
    if c:
        d -= counts.get(c, 0) - inside
    return d


def least_degree(start: int, conflicts: Sequence[AbstractSet[int]], colour_class: Sequence[int]) -> int:
    """The least :func:`degree_bound` among the players from ``start`` on."""
    counts = class_counts(colour_class, start)
    memo = GroupMemo()
    return min(degree_bound(v, start, conflicts, colour_class, counts, True, memo)
               for v in range(start, len(colour_class)))


class ReducedGraph(MatchingGraph):
    """A :class:`MatchingGraph` over the active players plus sinks.

    Vertices keep their global numbers ``0..n-1``; ``n`` is the PAB dummy
    (odd rounds), sinks follow.  Weights given and returned are the full
    round's weights; the solver stores ``r``.  Call :meth:`begin_bracket`
    before each bracket; the graph then decides whether the lower part can
    stay reduced, and expands itself for good when it cannot.

    ``unit``, ``share[v]``: a pair with a lower-part player weighs
    ``unit + share[a] + share[b]`` when ``compatible(a, b)``, else it is no
    edge.  ``conflicts[v]``: players never compatible with ``v``;
    ``colour_class[v]``: players of the same non-zero class are never
    compatible ([C3]).  Both are only used for lower bounds on degrees.
    """

    def __init__(self, n: int, bye_eligible: Sequence[bool], unit: int, share: Sequence[int],
                 compatible: Callable[[int, int], bool], conflicts: Sequence[AbstractSet[int]],
                 colour_class: Sequence[int], min_lower: int) -> None:
        self.n = n
        self.dummy = n if n % 2 else None
        self.bye_eligible = list(bye_eligible)
        self.unit = unit
        self.share = list(share)
        self.compatible = compatible
        self.conflicts = conflicts
        self.colour_class = list(colour_class)
        self.min_lower = min_lower
        self.pm = PerfectMatcher(n + 1, alive=False)
        if self.dummy is not None:
            self.pm.revive(self.dummy)
        self._frozen: dict[int, int] = {}
        self.mate = list(range(n))
        self.dirty = True
        self.solves = 0
        self.reduced = True
        self.active: set[int] = set()
        self.sinks: list[int] = []
        self.lower_start = n
        self.best_bye_share: int | None = None
        self.min_lower_degree = 0
        self.class_count: dict[int, int] = {}
        self.group_memo = GroupMemo()
        self.fresh = False
        self.expanded_because = ""

    # ------------------------------------------------------------ weights
    def get(self, a: int, b: int) -> int:
        if not self.reduced:
            return super().get(a, b)
        if a in self.active and b in self.active:
            x = self.pm.adj[a].get(b)
            if x is None:
                return 0
            return (x >> self.pm.scale) + self.unit + self.share[a] + self.share[b]
        return self._lower_weight(a, b)

    def _lower_weight(self, a: int, b: int) -> int:
        return self.unit + self.share[a] + self.share[b] if self.compatible(a, b) else 0

    def _r(self, a: int, b: int, w: int) -> int | None:
        return w - self.unit - self.share[a] - self.share[b] if w > 0 else None

    def _solver_weight(self, a: int, b: int, w: int) -> int | None:
        return self._r(a, b, w) if self.reduced else super()._solver_weight(a, b, w)

    def freeze_pair(self, a: int, b: int) -> None:
        self.active.discard(a)
        self.active.discard(b)
        super().freeze_pair(a, b)

    # ------------------------------------------------------------ brackets
    def begin_bracket(self, bracket: Sequence[int], lower_start: int) -> None:
        """The active players are now ``bracket``; the lower part is every
        player from ``lower_start`` on."""
        if not self.reduced:
            return
        self.lower_start = lower_start
        lower = range(lower_start, self.n)
        if len(lower) < self.min_lower:
            self._expand(f"{len(lower)} players below, fewer than {self.min_lower}")
            return
        pm = self.pm
        # the PAB: to an active player, or to the best candidate below
        if self.dummy is not None:
            best = min((self.share[v] for v in lower if self.bye_eligible[v]), default=None)
            if best is None:
                self._expand("odd round, no PAB candidate below")
                return
            if best != self.best_bye_share:
                self.best_bye_share = best
                for v in self.active:
                    if self.bye_eligible[v]:
                        pm.set_weight(self.dummy, v, best - self.share[v])
                self.dirty = True
        for v in bracket:
            if v in self.active or v in self._frozen:
                continue
            pm.revive(v)
            for u in self.active:
                if self.compatible(u, v):
                    pm.set_weight(v, u, 0)
            for s in self.sinks:
                pm.set_weight(v, s, 0)
            if self.dummy is not None and self.bye_eligible[v]:
                assert self.best_bye_share is not None
                pm.set_weight(self.dummy, v, self.best_bye_share - self.share[v])
            self.active.add(v)
            self.dirty = True
        # sinks: at least two, and an even number of vertices in all
        want = max(2, len(self.sinks))
        if (len(self.active) + (self.dummy is not None) + want) % 2:
            want += 1
        self._add_sinks(want - len(self.sinks))
        # lower bounds on degrees inside the lower part (Dirac certificate)
        self.class_count = class_counts(self.colour_class, lower_start)
        self.group_memo = GroupMemo()
        self.min_lower_degree = least_degree(lower_start, self.conflicts, self.colour_class)
        self.fresh = True

    def _lower_degree(self, v: int, inside: bool) -> int:
        """A lower bound on ``v``'s neighbours in the lower part."""
        return degree_bound(v, self.lower_start, self.conflicts, self.colour_class,
                            self.class_count, inside, self.group_memo)

    def _add_sinks(self, k: int) -> None:
        pm = self.pm
        for _ in range(k):
            s = pm.add_vertex()
            for v in self.active:
                pm.set_weight(s, v, 0)
            for t in self.sinks:
                pm.set_weight(s, t, 0)
            if self.dummy is not None:
                pm.set_weight(s, self.dummy, 0)
            self.sinks.append(s)
            self.dirty = True

    # ------------------------------------------------------------ solving
    def solve(self) -> list[int]:
        if not self.reduced or not self.dirty:
            return super().solve()
        first_sink = self.n + 1
        if self.fresh:
            # a new bracket re-weights nearly every pair: start cold
            self.pm.restart()
            self.fresh = False
        while True:
            self.solves += 1
            try:
                pmate = self.pm.solve()
            except NoPerfectMatching:
                pmate = None
            # concavity: the sinks must not limit the optimum
            if pmate is not None and any(pmate[s] >= first_sink for s in self.sinks):
                break
            if len(self.sinks) > len(self.active) + 2:
                # every active player can already leave: cannot happen, but
                # never loop; the full graph decides
                self._expand("sinks exhausted")
                return super().solve()
            self._add_sinks(2 * max(1, len(self.sinks) // 2))  # even: parity stays
        leaving = [v for v in self.active if pmate[v] >= first_sink]
        pab_below = self.dummy is not None and pmate[self.dummy] >= first_sink
        if not self._completes(leaving, pab_below):
            self._expand(f"Dirac fails on the lower part with {len(leaving)} leaving")
            return super().solve()
        mate = list(range(self.n))
        for v, m in self._frozen.items():
            mate[v] = m
        for v in self.active:
            m = pmate[v]
            if m >= first_sink:
                mate[v] = self.lower_start  # paired somewhere below
            elif m != self.dummy:
                mate[v] = m
        self.mate = mate
        self.dirty = False
        return list(mate)

    def _completes(self, leaving: list[int], pab_below: bool) -> bool:
        """Dirac certificate: the players leaving plus the lower part (minus
        the PAB) have a perfect matching."""
        h = len(leaving) + self.n - self.lower_start - pab_below
        if h < 3:
            return h == 0
        if 2 * (self.min_lower_degree - 1) < h:
            return False
        return all(2 * (self._lower_degree(v, False) - 1) >= h for v in leaving)

    def _expand(self, why: str) -> None:
        """Go back to the full round: every player still to be paired
        (``why``: the certificate that failed, kept for the path trace)."""
        self.expanded_because = why
        n = self.n
        alive = [v for v in range(n) if v not in self._frozen]
        weights = [(a, b, self.get(a, b)) for k, a in enumerate(alive) for b in alive[k + 1:]]
        pm = PerfectMatcher(n + (self.dummy is not None))
        for v in self._frozen:
            pm.remove_vertex(v)
        if self.dummy is not None:
            for v in alive:
                if self.bye_eligible[v]:
                    pm.set_weight(self.dummy, v, 0)
        for a, b, w in weights:
            if w > 0:
                pm.set_weight(a, b, w)
        self.pm = pm
        self.reduced = False
        self.active = set()
        self.dirty = True


__all__ = ["ReducedGraph", "class_counts", "degree_bound", "least_degree"]
