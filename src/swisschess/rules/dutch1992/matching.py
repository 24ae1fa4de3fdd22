"""Maximum cardinality matchings of the classic engines: the feasibility oracle's and the fallback's."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol


class Rows(Protocol):
    """Adjacency lists by vertex: ``rows[v]`` are the neighbours of ``v``."""

    def __getitem__(self, v: int, /) -> Sequence[int]: ...


def max_matching(n: int, adj: Rows, start: list[int] | None = None, free_left: int = 0) -> list[int]:
    """Maximum cardinality matching of a general graph (Edmonds' blossom algorithm).

    ``adj[v]`` lists the neighbours of vertex ``v`` (0..n-1).  ``start`` is an
    optional valid matching to begin with (``-1`` = unmatched).  Returns ``mate``
    with ``mate[v]`` the partner of ``v`` or ``-1``.  O(n^3); every augmenting
    path is found by a breadth-first search that shrinks odd cycles (blossoms)
    to their base vertex.  ``free_left``: stop once no more than this many
    vertices are unmatched (1 for an odd count: nothing more can be gained).
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

    free = sum(1 for m in mate if m == -1)
    for v in range(n):
        if free <= free_left:
            break
        if mate[v] == -1 and adj[v] and augment_from(v):
            free -= 2
    return mate


def bipartite_saturates(left: Sequence[int], right: Sequence[int], ok) -> bool:
    """Can every player of ``left`` get a distinct partner in ``right``? (Kuhn).

    The diagonal (``left[k]`` with ``right[k]``) is the usual witness: its
    pairs are the starting matching, and only the players it leaves without a
    partner are searched for, a free partner first, else an alternating path.
    """
    if len(left) > len(right):
        return False
    match: dict[int, int] = {}  # right -> left
    unmatched: list[int] = []
    for a, b in zip(left, right, strict=False):
        if ok(a, b):
            match[b] = a
        else:
            unmatched.append(a)
    if not unmatched:
        return True
    free = [b for b in right if b not in match]

    def try_(a: int, seen: set[int]) -> bool:
        for b in free:
            if b not in match and ok(a, b):
                match[b] = a
                return True
        for b in right:
            if b in seen or b not in match or not ok(a, b):
                continue
            seen.add(b)
            if try_(match[b], seen):
                match[b] = a
                return True
        return False

    return all(try_(a, set()) for a in unmatched)


class _LazyRows:
    """Adjacency lists computed when the search first looks at a vertex.

    The classic engines ask whether (almost) the whole field can still be
    paired; the compatibility graph is dense, and an augmenting path from a
    warm start usually touches a handful of vertices, so only those rows are
    built (the whole graph would cost n^2 tests every time).
    """

    def __init__(self, nodes: Sequence[int], ok: Callable[[int, int], bool], bye: Callable[[int], bool] | None):
        self.nodes = nodes
        self.ok = ok
        self.bye = bye
        self.rows: dict[int, list[int]] = {}

    def __getitem__(self, v: int, /) -> list[int]:
        row = self.rows.get(v)
        if row is None:
            nodes, ok, n = self.nodes, self.ok, len(self.nodes)
            if v == n:  # the bye
                bye = self.bye
                row = [] if bye is None else [i for i in range(n) if bye(nodes[i])]
            else:
                a = nodes[v]
                row = [i for i in range(n) if i != v and ok(a, nodes[i])]
                if self.bye is not None and self.bye(a):
                    row.append(n)
            self.rows[v] = row
        return row


def complete_matching(
    nodes: Iterable[int],
    ok: Callable[[int, int], bool],
    bye_ok: Callable[[int], bool],
    start: Mapping[int, int] | None = None,
) -> dict[int, int] | None:
    """A pairing of all ``nodes`` by ``ok``, with one ``bye_ok`` player left for the bye if odd.

    Returns ``{player: partner}`` (the bye's partner is ``0``) or None when
    there is none.  ``start`` is an earlier complete pairing: its pairs still
    possible here are kept, the players it leaves free are first paired among
    themselves, and only the rest is searched for (Edmonds' blossom algorithm on
    rows built on demand).  The answer (exists or not) is exact; which pairing is
    returned depends on ``start``.
    """
    nodes = list(nodes)
    n = len(nodes)
    odd = n % 2 == 1
    size = n + odd
    idx = {q: i for i, q in enumerate(nodes)}
    mate = [-1] * size
    if start:
        for i, a in enumerate(nodes):
            b = start.get(a)
            if b is None:
                continue
            j = n if b == 0 and odd else idx.get(b)
            if j is None or mate[i] != -1 or mate[j] != -1:
                continue
            if bye_ok(a) if j == n else ok(a, b):
                mate[i], mate[j] = j, i
    rows = _LazyRows(nodes, ok, bye_ok if odd else None)
    free = [v for v in range(size) if mate[v] == -1]
    for k, v in enumerate(free):  # the players left free pair among themselves first
        if mate[v] != -1:
            continue
        for u in free[k + 1 :]:
            if mate[u] != -1:
                continue
            if u == n:
                fits = bye_ok(nodes[v])
            elif v == n:
                fits = bye_ok(nodes[u])
            else:
                fits = ok(nodes[v], nodes[u])
            if fits:
                mate[u], mate[v] = v, u
                break
    mate = max_matching(size, rows, mate)
    if any(m == -1 for m in mate):
        return None
    return {nodes[i]: (nodes[mate[i]] if mate[i] < n else 0) for i in range(n)}


def max_pairs(nodes: Sequence[int], ok: Callable[[int, int], bool]) -> int:
    """The most pairs ``nodes`` can make by ``ok`` (maximum cardinality matching).

    A greedy start (each player takes the first free one he may meet), then
    augmenting paths on rows built on demand, stopping as soon as at most one
    player is left over; a dense bracket rarely needs more than the greedy pass.
    """
    n = len(nodes)
    mate = [-1] * n
    for v in range(n):
        if mate[v] == -1:
            a = nodes[v]
            for u in range(v + 1, n):
                if mate[u] == -1 and ok(a, nodes[u]):
                    mate[u], mate[v] = v, u
                    break
    mate = max_matching(n, _LazyRows(nodes, ok, None), mate, free_left=1)
    return sum(1 for m in mate if m != -1) // 2
