"""Which pairs are in no optimum of a round, read from the duals of its last
solve, also on a *reduced* graph.

Why
---
Burstein's Art. 4 order asks, player after player, "is there an optimal
pairing in which BSN ``v`` meets ``u``?" for the candidates ``u`` in turn.
Complementary slackness answers most of these questions at once: with
optimal duals ``y`` (vertices) and ``z`` (blossoms), every optimal perfect
matching uses only *tight* edges (``y[a] + y[b] + z of the blossoms holding
both == weight``), so an edge with slack (:func:`slack`) is in no optimum.

The reduced graph
-----------------
Large rounds are solved on a :class:`~swisschess.pairing.reduced.ReducedGraph`:
the lower part of the round replaced by ``q`` *sinks* (weight 0 to every
active player and to each other) and a Dirac certificate.  An optimum of the
round may let more players leave for the lower part than there are sinks, so
the duals of the ``q``-sink relaxation must also be optimal when sinks are
added.  Fresh sinks can be *twins* of a sink ``s``: the same dual, inside the
same blossoms.  Each edge of a twin is then exactly as feasible as the same
edge of ``s`` (every sink meets everybody with weight 0), and two twins
paired together keep the dual objective when ``2 * y[s] + Z(s) == 0`` (``Z``:
the ``z`` of the blossoms around ``s``, each of which gains two members).
Then the duals stay optimal for any number of sinks, every optimum of the
round maps to an optimum of that relaxation, and "slack, so in no optimum"
holds for the round (:meth:`TightReducedGraph.open_optimum`).  When the graph
has expanded to the full round it is a plain matching graph and only
:func:`swisschess.pairing.tight.prepare` is needed.
"""

from __future__ import annotations

from swisschess.pairing.blossom import PerfectMatcher
from swisschess.pairing.reduced import ReducedGraph
from swisschess.pairing.tight import prepare


class TightReducedGraph(ReducedGraph):
    """A :class:`ReducedGraph` whose duals can tell the pairs that are in
    no optimum of the round (:func:`slack`)."""

    def set_fresh(self, changes: list[tuple[int, int, int]]) -> None:
        """Set many weights (the full round's, > 0) at a new bracket.  The
        next solve then starts cold (:meth:`ReducedGraph.solve`), so the
        duals need no care: the weights go straight into the solver."""
        if not (self.reduced and self.fresh):
            self.set_many(changes)
            return
        pm = self.pm
        adj, scale, frozen = pm.adj, pm.scale, self._frozen
        unit, share = self.unit, self.share
        for a, b, w in changes:
            if a == b or a in frozen or b in frozen:
                continue
            r = (w - unit - share[a] - share[b]) << scale
            adj[a][b] = adj[b][a] = r
        self.dirty = True

    def open_optimum(self) -> bool:
        """:func:`~swisschess.pairing.tight.prepare` the solver and check that
        its duals are the round's (module docstring): then an edge with
        :func:`slack` is in no optimum of the round."""
        if not prepare(self.pm):
            return False
        return not self.reduced or self._sink_twins()

    def _sink_twins(self) -> bool:
        """Is there a sink ``s`` with ``2 * y[s] + Z(s) == 0``?"""
        pm = self.pm
        y, vparent = pm.y, pm.vparent
        for s in self.sinks:
            z = 0
            b = vparent[s]
            while b is not None:
                z += b.z
                b = b.parent
            if 2 * y[s] + z == 0:
                return True
        return False


def slack(pm: PerfectMatcher, a: int, b: int) -> int | None:
    """The slack of edge ``a``-``b`` under the solver's duals (None: no
    edge): ``y[a] + y[b]`` plus the ``z`` of the blossoms holding both, less
    the weight.  Positive: no optimum pairs ``a`` with ``b``."""
    w = pm.adj[a].get(b)
    if w is None:
        return None
    y, top = pm.y, pm.top
    s = y[a] + y[b] - w
    if top[a] is top[b] and not isinstance(top[a], int):
        around: set[int] = set()
        x = pm.vparent[a]
        while x is not None:
            around.add(id(x))
            x = x.parent
        x = pm.vparent[b]
        while x is not None:
            if id(x) in around:
                s += x.z
            x = x.parent
    return s


__all__ = ["TightReducedGraph", "slack"]
