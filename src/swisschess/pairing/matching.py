"""Maximum-weight matching on a general graph with exact integer weights.

The Dutch system's criteria are encoded as fields of one large integer weight
per possible pair (see :mod:`swisschess.rules.dutch`), so the matcher must work
with arbitrary-precision integers and return *a* maximum-weight matching.  The
bracket procedure is written so that its decisions do not depend on which of
several optimal matchings the solver returns.

:class:`MatchingGraph` keeps the current weights and is re-solved after small
changes; vertices whose pair is final are removed from the graph so that later
solves get smaller.
"""

from __future__ import annotations

import networkx as nx


class MatchingGraph:
    """A complete graph on ``n`` vertices with integer edge weights (0 = no edge)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.g = nx.Graph()
        self.g.add_nodes_from(range(n))
        self._frozen: dict[int, int] = {}

    def set(self, a: int, b: int, w: int) -> None:
        if a == b or a in self._frozen or b in self._frozen:
            return
        if w > 0:
            self.g.add_edge(a, b, weight=w)
        elif self.g.has_edge(a, b):
            self.g.remove_edge(a, b)

    def get(self, a: int, b: int) -> int:
        d = self.g.get_edge_data(a, b)
        return d["weight"] if d else 0

    def freeze_pair(self, a: int, b: int) -> None:
        """Fix ``a``-``b`` as a final pair: both leave the graph."""
        self.g.remove_node(a)
        self.g.remove_node(b)
        self._frozen[a] = b
        self._frozen[b] = a

    def solve(self) -> list[int]:
        """Mate of every vertex (itself when unmatched)."""
        mate = list(range(self.n))
        for a, b in self._frozen.items():
            mate[a] = b
        for a, b in nx.max_weight_matching(self.g, maxcardinality=False):
            mate[a] = b
            mate[b] = a
        return mate
