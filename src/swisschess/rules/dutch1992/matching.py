"""Matching helpers of the 1992 engine: the feasibility oracle for C12/C13 and the fallback."""

from __future__ import annotations

from collections.abc import Sequence


def max_matching(n: int, adj: Sequence[Sequence[int]], start: list[int] | None = None) -> list[int]:
    """Maximum cardinality matching of a general graph (Edmonds' blossom algorithm).

    ``adj[v]`` lists the neighbours of vertex ``v`` (0..n-1).  ``start`` is an
    optional valid matching to begin with (``-1`` = unmatched).  Returns ``mate``
    with ``mate[v]`` the partner of ``v`` or ``-1``.  O(n^3); every augmenting
    path is found by a breadth-first search that shrinks odd cycles (blossoms)
    to their base vertex.
    """
    mate = list(start) if start is not None else [-1] * n
    if start is None:  # greedy start
        for v in range(n):
            if mate[v] == -1:
                for u in adj[v]:
                    if mate[u] == -1:
                        mate[u], mate[v] = v, u
                        break

    def augment_from(root: int) -> bool:
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = [root]

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        qi = 0
        while qi < len(queue):
            v = queue[qi]
            qi += 1
            for to in adj[v]:
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark(v, cur, to, blossom)
                    mark(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:  # augmenting path found: flip it
                        while to != -1:
                            pv = parent[to]
                            nxt = mate[pv]
                            mate[to], mate[pv] = pv, to
                            to = nxt
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False

    for v in range(n):
        if mate[v] == -1 and adj[v]:
            augment_from(v)
    return mate


def bipartite_saturates(left: Sequence[int], right: Sequence[int], ok) -> bool:
    """Can every player of ``left`` get a distinct partner in ``right``? (Kuhn)."""
    if len(left) > len(right):
        return False
    # the diagonal (left[k] with right[k]) is the usual witness: checked in
    # linear time before the general search
    if all(ok(a, b) for a, b in zip(left, right, strict=False)):
        return True
    match: dict[int, int] = {}

    def try_(a: int, seen: set[int]) -> bool:
        for b in right:
            if b in seen or not ok(a, b):
                continue
            seen.add(b)
            if b not in match or try_(match[b], seen):
                match[b] = a
                return True
        return False

    return all(try_(a, set()) for a in left)
