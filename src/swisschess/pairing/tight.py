"""Deciding "is there an optimum in which v meets one of these?" without a
weighted matching: one alternating path in the *tight graph*.

Why
---
The Dubov and Burstein procedures ask, player after player, whether some
optimal pairing gives a player one of a set of opponents (Dubov 3.2.2, 3.2.4,
Burstein 4.3).  Asked as a weighted matching with a bonus on the player's
edges, each question costs a solve that grows alternating trees over the
whole graph.  LP duality answers it more cheaply.

The method
----------
After a solve, :class:`~swisschess.pairing.blossom.PerfectMatcher` holds an
optimal perfect matching ``M`` and optimal duals ``y`` (vertices) and ``z``
(blossoms).  By complementary slackness the optimal perfect matchings are
exactly those that use only *tight* edges (``y[a] + y[b] + z-terms ==
w(a, b)``) and leave each blossom with ``z > 0`` by exactly one edge.
Blossoms with ``z == 0`` constrain nothing and are opened first
(:func:`prepare`); each remaining outermost blossom is then one *node*, and
the optimal matchings are the perfect matchings of the tight graph between
nodes (inside a blossom any member can be the one paired outside: the
blossom's own tight edges pair the others).

So "an optimum pairs ``v`` with one of ``allowed``" is "the node graph, with
``v``'s node entered only by ``v``'s edges to ``allowed``, has a perfect
matching".  Unmatching ``v``'s node and its partner node leaves two free
nodes; one augmenting path between them (Edmonds' search with shrinking,
unweighted) decides it and, when it exists, turns ``M`` into such an
optimum.  The weights and duals do not change, so the matcher stays optimal
and the next question starts from there.  A partner inside ``v``'s own
blossom is not decided here (None: the caller asks the weighted way).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from swisschess.pairing.blossom import PerfectMatcher

Edge = tuple[int, int]


def prepare(pm: PerfectMatcher) -> bool:
    """Open the blossoms with ``z == 0``; False when ``pm`` does not hold a
    perfect matching of tight edges (then it is not an optimum to read)."""
    pm.open_free_blossoms()
    y, adj, mate, top = pm.y, pm.adj, pm.mate, pm.top
    for v in range(pm.n):
        if not pm.alive[v]:
            continue
        m = mate[v]
        if m < 0:
            return False
        if top[v] is not top[m] and y[v] + y[m] != adj[v].get(m):
            return False
    return True


def rematch(pm: PerfectMatcher, v: int, allowed: Collection[int]) -> bool | None:
    """Make ``v``'s mate one of ``allowed`` in another optimum of a
    :func:`prepare`-d ``pm``, if there is one.

    True: ``pm.mate`` is now such an optimum.  False: there is none (``pm``
    unchanged).  None: undecided (a candidate inside ``v``'s blossom)."""
    mate, y, adj, top = pm.mate, pm.y, pm.adj, pm.top
    if mate[v] in allowed:
        return True

    def nid(u: int) -> int:  # the node of u, named by its base vertex
        t = top[u]
        return t if isinstance(t, int) else t.base

    root = nid(v)
    yv, row = y[v], adj[v]
    first: list[Edge] = []
    inside = False
    for u in allowed:
        w = row.get(u)
        if w is None or u == v:
            continue
        if nid(u) == root:
            inside = True
        elif yv + y[u] == w:
            first.append((v, u))
    target = nid(mate[root])
    path = _search(pm, nid, root, target, v, set(allowed), first) if first else None
    if path is None:
        return None if inside else False
    for a, b in path:
        for x in (a, b):
            t = top[x]
            if not isinstance(t, int) and t.base != x:
                pm.rebase(t, x)
    for a, b in path:
        mate[a] = b
        mate[b] = a
    return True


def _search(pm: PerfectMatcher, nid: Callable[[int], int], root: int, target: int, v: int,
            allowed: set[int], first: list[Edge]) -> list[Edge] | None:
    """Edmonds' search on the node graph for an augmenting path from
    ``root`` to ``target`` (the only free nodes), ``root`` entered only by
    ``first`` (edges of ``v`` to ``allowed``); the new pairs (vertex edges)
    along it."""
    mate, y, adj, top = pm.mate, pm.y, pm.adj, pm.top

    def mnode(x: int) -> int:  # the partner node (-1: free)
        return -1 if x == root or x == target else nid(mate[x])

    def members(x: int) -> list[int]:
        t = top[x]
        return [x] if isinstance(t, int) else t.leaves()

    base: dict[int, int] = {}  # node -> base of its shrunk search blossom
    parent: dict[int, tuple[int, Edge]] = {}  # node -> (node before, edge from it)
    used: set[int] = {root}  # even nodes
    queue = [root]

    def b(x: int) -> int:
        return base.get(x, x)

    def lca(a: int, c: int) -> int:
        seen: set[int] = set()
        while True:
            a = b(a)
            seen.add(a)
            m = mnode(a)
            if m < 0:
                break
            a = parent[m][0]
        while True:
            c = b(c)
            if c in seen:
                return c
            c = parent[mnode(c)][0]

    def mark(x: int, top_: int, child: int, e: Edge, inside: set[int]) -> None:
        while b(x) != top_:
            m = mnode(x)
            inside.add(b(x))
            inside.add(b(m))
            parent[x] = (child, e)
            nxt, (a, c) = parent[m]
            child, e, x = m, (c, a), nxt

    k = 0
    while k < len(queue):
        i = queue[k]
        k += 1
        if i == root:
            edges = first
        else:
            edges = []
            for a in members(i):
                ya = y[a]
                for u, w in adj[a].items():
                    if ya + y[u] != w:
                        continue
                    j = nid(u)
                    if j == i:
                        continue
                    if j == root and not (u == v and a in allowed):
                        continue  # the root is entered by v's edges to allowed only
                    edges.append((a, u))
        for a, u in edges:
            j = nid(u)
            if b(i) == b(j) or mnode(i) == j:
                continue
            if j == root or (mnode(j) >= 0 and mnode(j) in parent):
                t = lca(i, j)  # an odd cycle of nodes: shrink it
                inside: set[int] = set()
                mark(i, t, j, (u, a), inside)
                mark(j, t, i, (a, u), inside)
                for x in list(used | parent.keys()):
                    if b(x) in inside:
                        base[x] = t
                        if x not in used:
                            used.add(x)
                            queue.append(x)
            elif j not in parent:
                parent[j] = (i, (a, u))
                if j == target:
                    return _path(parent, mnode, j)
                m = mnode(j)
                if m >= 0 and m not in used:
                    used.add(m)
                    queue.append(m)
    return None


def _path(parent: dict[int, tuple[int, Edge]], mnode: Callable[[int], int],
          end: int) -> list[Edge]:
    """The new pairs (vertex edges) along the augmenting path ending at ``end``."""
    out = []
    x = end
    while x >= 0:
        pv, (a, c) = parent[x]
        out.append((a, c))
        x = mnode(pv)
    return out


__all__ = ["prepare", "rematch"]
