"""Matching problems on *classes* of interchangeable players.

Why classes
-----------
In a large bracket most players are alike as far as the quality criteria go:
the weight of a pair depends only on a few facts about each player (score,
colour preference and its strength, float history, ...).  Players with the
same facts form a *class*; a bracket of 3,000 players has a few dozen classes.
What still tells two players of a class apart is only whom they may not meet
([C1]) and their place in the generation order (Art. 4), and neither changes
the *value* of the best pairing.

So the bracket's optimum is first found on the classes (:func:`transport`):
a maximum-weight fractional perfect matching of the class multigraph, solved
as a transportation problem on its bipartite double cover (every class on
both sides; a pair of players of classes ``c``, ``d`` is one unit from ``c``
to ``d`` and one from ``d`` to ``c``; a player left single — a floater or the
PAB — is one unit from its class to itself).  Its optimal duals ``Y`` (one
integer per class, twice the matching dual) say which pairs are *tight*:
``Y[c] + Y[d] == 2 * w(c, d)``.  If a perfect matching of the players uses
only tight pairs, it has the dual's value, so it is optimal — and then every
optimal pairing uses only tight pairs (complementary slackness).

The bracket's decisions ("is there a best pairing in which ``x`` meets
``y``?") are then asked of :func:`feasible`, a flow on the classes over the
tight pairs.  It ignores [C1] inside classes and odd cycles, so it can only
say "yes" too often, never "no" wrongly; the caller confirms every "yes" at
the end with the complete pairing of players it has built (see
:mod:`swisschess.rules.dutch`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

__all__ = ["transport", "feasible"]


def transport(count: list[int], weight: Mapping[tuple[int, int], int]
              ) -> tuple[list[int], list[int]] | None:
    """Maximum-weight transportation with supplies = demands = ``count``.

    ``weight[i, j]`` is the weight of one unit from class ``i`` (left) to
    class ``j`` (right); a missing key is no arc.  Returns the duals
    ``(u, v)`` (``u[i] + v[j] >= weight[i, j]``, with equality wherever flow
    runs), or None when no complete transportation exists.  Successive
    shortest paths with Dijkstra on reduced costs; costs are exact integers.
    """
    k = len(count)
    out: list[list[tuple[int, int]]] = [[] for _ in range(k)]
    for (i, j), w in weight.items():
        out[i].append((j, -w))
    # potentials: pl for the left nodes, pr for the right nodes
    pl = [0] * k
    pr = [0] * k
    for j in range(k):
        pr[j] = min((c for i in range(k) for jj, c in out[i] if jj == j), default=0)
    supply = list(count)
    demand = list(count)
    flow: list[dict[int, int]] = [{} for _ in range(k)]  # flow[i][j]
    back: list[dict[int, int]] = [{} for _ in range(k)]  # back[j][i] = flow[i][j]
    cost = [dict(out[i]) for i in range(k)]
    remaining = sum(count)
    inf = None
    while remaining:
        # Dijkstra from every left node with supply left, over reduced costs
        dl: list[int | None] = [0 if supply[i] else inf for i in range(k)]
        dr: list[int | None] = [inf] * k
        prev_r: list[int] = [-1] * k  # left node before right node j
        prev_l: list[int] = [-1] * k  # right node before left node i
        done_l = [False] * k
        done_r = [False] * k
        target = -1
        while True:
            best = None
            side = 0
            node = -1
            for i in range(k):
                d = dl[i]
                if d is not None and not done_l[i] and (best is None or d < best):
                    best, side, node = d, 0, i
            for j in range(k):
                d = dr[j]
                if d is not None and not done_r[j] and (best is None or d < best):
                    best, side, node = d, 1, j
            if best is None:
                break
            if side == 0:
                done_l[node] = True
                base = best + pl[node]
                for j, c in cost[node].items():
                    if done_r[j]:
                        continue
                    nd = base + c - pr[j]
                    dj = dr[j]
                    if dj is None or nd < dj:
                        dr[j] = nd
                        prev_r[j] = node
            else:
                done_r[node] = True
                if demand[node]:
                    target = node
                    break
                for i, f in back[node].items():
                    if f and not done_l[i]:
                        nd = best - cost[i][node] + pr[node] - pl[i]
                        di = dl[i]
                        if di is None or nd < di:
                            dl[i] = nd
                            prev_l[i] = node
        if target < 0:
            return None
        cap = dr[target]
        assert cap is not None
        # potentials += min(distance, cap), shifted by -cap (a uniform shift)
        for i in range(k):
            d = dl[i]
            if d is not None and d < cap:
                pl[i] += d - cap
        for j in range(k):
            d = dr[j]
            if d is not None and d < cap:
                pr[j] += d - cap
        # the path, and how much it can carry
        amount = demand[target]
        j = target
        path = []
        while True:
            i = prev_r[j]
            path.append((i, j))
            pj = prev_l[i]
            if pj < 0:
                amount = min(amount, supply[i])
                break
            amount = min(amount, flow[i][pj])
            j = pj
        for i, j in path:
            flow[i][j] = flow[i].get(j, 0) + amount
            back[j][i] = flow[i][j]
        for idx in range(len(path) - 1):
            i = path[idx][0]
            j = path[idx + 1][1]
            flow[i][j] -= amount
            back[j][i] = flow[i][j]
        supply[path[-1][0]] -= amount
        demand[target] -= amount
        remaining -= amount
    u = list(pl)
    v = [-p for p in pr]
    # duals of the maximisation: u[i] + v[j] >= w; check (cheap, K^2)
    for (i, j), w in weight.items():
        if u[i] + v[j] < w:
            raise AssertionError("transport: dual infeasible")
        if flow[i].get(j) and u[i] + v[j] != w:
            raise AssertionError("transport: complementary slackness")
    return u, v


def feasible(supply: Mapping[K, int], demand: Mapping[K, int],
             arcs: Mapping[K, Sequence[K]],
             start: Mapping[tuple[K, K], int] | None = None
             ) -> dict[tuple[K, K], int] | None:
    """A flow meeting every supply and demand exactly over ``arcs``
    (``arcs[a]``: the right nodes ``a`` may send to), or None.

    ``start`` is a flow to begin from (it may exceed the supplies: it is cut
    back first).  Unit paths are found by breadth-first search on the few
    class nodes, each carrying as much as it can.
    """
    if sum(supply.values()) != sum(demand.values()):
        return None
    flow: dict[tuple[K, K], int] = {}
    sup = {a: s for a, s in supply.items() if s}
    dem = {b: d for b, d in demand.items() if d}
    if start:
        for (a, b), f in start.items():
            f = min(f, sup.get(a, 0), dem.get(b, 0))
            if f > 0 and b in arcs.get(a, ()):
                flow[a, b] = f
                sup[a] -= f
                dem[b] -= f
    # greedy
    for a in list(sup):
        for b in arcs.get(a, ()):
            if sup[a] == 0:
                break
            d = dem.get(b, 0)
            if d:
                f = min(d, sup[a])
                flow[a, b] = flow.get((a, b), 0) + f
                sup[a] -= f
                dem[b] -= f
    into: dict[K, list[K]] = {}
    for (a, b), f in flow.items():
        if f:
            into.setdefault(b, []).append(a)
    while True:
        sources = [a for a, s in sup.items() if s]
        if not sources:
            return flow
        # BFS over left nodes: a -> b (arc) -> a' (flow a'->b) ...
        prev: dict[K, tuple[K, None]] = {}  # right node -> left node
        prev_a: dict[K, K] = {}  # left node -> right node it came through
        seen_l = set(sources)
        queue = deque(sources)
        found = None
        while queue and found is None:
            a = queue.popleft()
            for b in arcs.get(a, ()):
                if b in prev:
                    continue
                prev[b] = (a, None)
                if dem.get(b, 0):
                    found = b
                    break
                for a2 in into.get(b, ()):
                    if flow.get((a2, b), 0) and a2 not in seen_l:
                        seen_l.add(a2)
                        prev_a[a2] = b
                        queue.append(a2)
        if found is None:
            return None
        # walk back, find the bottleneck
        b = found
        steps: list[tuple[K, K]] = []
        amount = dem[b]
        while True:
            a = prev[b][0]
            steps.append((a, b))
            b2 = prev_a.get(a)
            if b2 is None:
                amount = min(amount, sup[a])
                break
            amount = min(amount, flow[a, b2])
            steps.append((a, b2))
            b = b2
        # apply: even steps add, odd steps remove
        for idx, (a, b) in enumerate(steps):
            if idx % 2 == 0:
                if not flow.get((a, b)):
                    into.setdefault(b, []).append(a)
                flow[a, b] = flow.get((a, b), 0) + amount
            else:
                flow[a, b] -= amount
        sup[steps[-1][0]] -= amount
        dem[found] -= amount
