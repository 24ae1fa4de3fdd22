"""Maximum-weight matching for the pairing core, with exact integer weights.

The Dutch system's criteria are encoded as fields of one large integer weight
per possible pair (see :mod:`swisschess.rules.dutch`), so the matcher works
with arbitrary-precision integers.  The bracket procedure is written so that
its decisions do not depend on which of several optimal matchings is returned.

Every pairing the Dutch system accepts is *complete* (all players paired but
at most one, who gets the PAB), so the problem is a maximum-weight *perfect*
matching: with an odd number of players a dummy vertex stands for the PAB and
is joined to the players who may receive it ([C2]).  The solver
(:mod:`swisschess.pairing.blossom`) keeps its optimal duals between solves, so
the long series of small re-optimisations costs little.
"""

from __future__ import annotations

from swisschess.pairing.blossom import NoPerfectMatching, PerfectMatcher


class MatchingGraph:
    """A complete graph on ``n`` players with integer edge weights (0 = no edge).

    ``bye_eligible`` (odd ``n`` only) lists who may be left unpaired.  The graph
    remembers its last optimum; changes that provably keep it optimal (see
    :meth:`set_vertex`) do not trigger a new solve.
    """

    def __init__(self, n: int, bye_eligible: list[bool] | None = None) -> None:
        self.n = n
        self.dummy = n if n % 2 else None
        self.pm = PerfectMatcher(n + (1 if self.dummy is not None else 0))
        if self.dummy is not None:
            for v in range(n):
                if bye_eligible is None or bye_eligible[v]:
                    self.pm.set_weight(self.dummy, v, 0)
        self._frozen: dict[int, int] = {}
        self.mate: list[int] = list(range(n))
        self.dirty = True
        self.solves = 0

    def get(self, a: int, b: int) -> int:
        """Current weight of ``a``-``b`` (the solver stores it, scaled)."""
        return self.pm.adj[a].get(b, 0) >> self.pm.scale

    def set(self, a: int, b: int, w: int) -> None:
        if a == b or a in self._frozen or b in self._frozen:
            return
        if self.get(a, b) == w:
            return
        self.dirty = True
        self._store(a, b, w)

    def set_many(self, changes: list[tuple[int, int, int]],
                 lift: dict[int, int] | None = None) -> None:
        """Set many edge weights at once (0 = no edge).  ``lift``: bonuses by
        vertex that the changes add to that vertex's edges (see
        :meth:`PerfectMatcher.reweight`); only the solver's work depends on it."""
        todo = [(a, b, self._solver_weight(a, b, w)) for a, b, w in changes
                if a != b and a not in self._frozen and b not in self._frozen
                and self.get(a, b) != w]
        if lift:
            lift = {v: d for v, d in lift.items() if v not in self._frozen}
            self.dirty = True
            self.pm.reweight(todo, lift)
        elif todo:
            self.dirty = True
            self.pm.set_weights(todo)

    def _solver_weight(self, a: int, b: int, w: int) -> int | None:
        """The weight as the solver stores it (None: no edge)."""
        return w if w > 0 else None

    def _store(self, a: int, b: int, w: int) -> None:
        self.pm.set_weight(a, b, self._solver_weight(a, b, w))

    def set_vertex(self, v: int, weights: dict[int, int]) -> None:
        """Set the weights of several edges of one vertex ``v``.

        If the last optimum ``M`` is still current and the edge of ``v`` in
        ``M`` gains strictly more than every other edge of ``v`` (and more than
        leaving ``v`` unmatched), ``M`` stays optimal and ``v``'s mate is the
        same in every optimum, so no new solve is needed.
        """
        if v in self._frozen:
            return
        changes = {u: w - self.get(v, u) for u, w in weights.items()
                   if u != v and u not in self._frozen}
        if not any(changes.values()):
            return
        if not self.dirty:
            m = self.mate[v]
            gain = changes.get(m, 0) if m != v else 0
            if gain <= 0 or any(d >= gain for u, d in changes.items() if u != m):
                self.dirty = True
        for u, d in changes.items():
            if d:
                self._store(v, u, weights[u])

    def begin_bracket(self, bracket: list[int], lower_start: int) -> None:
        """A new bracket starts (the reduced graph uses this; here nothing)."""

    def freeze_pair(self, a: int, b: int) -> None:
        """Fix ``a``-``b`` as a final pair: both leave the graph."""
        if self.mate[a] != b:
            self.dirty = True  # the last optimum did not have this pair
        self.pm.remove_vertex(a)
        self.pm.remove_vertex(b)
        self._frozen[a] = b
        self._frozen[b] = a

    def tight_ready(self) -> bool:
        """Does the solver hold an optimum of the current weights, so that
        :mod:`swisschess.pairing.tight` may read other optima from it?"""
        return not self.dirty and not self.pm.to_reopen

    def adopt_current(self) -> bool:
        """Take the solver's current perfect matching, changed in place by
        :func:`swisschess.pairing.tight.rematch` (an optimum of the same
        weights), as the last optimum."""
        self._read(self.pm.mate)
        return True

    def _read(self, pmate: list[int]) -> None:
        mate = list(range(self.n))
        for v in range(self.n):
            if v in self._frozen:
                mate[v] = self._frozen[v]
            elif pmate[v] >= 0 and pmate[v] != self.dummy:
                mate[v] = pmate[v]
        self.mate = mate
        self.dirty = False

    def solve(self) -> list[int]:
        """Mate of every vertex (itself when unmatched) in a maximum-weight
        complete matching; raises :class:`NoPerfectMatching` if none exists."""
        if not self.dirty:
            return list(self.mate)
        self.solves += 1
        self._read(self.pm.solve())
        return list(self.mate)


__all__ = ["MatchingGraph", "NoPerfectMatching"]
