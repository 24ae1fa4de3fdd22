"""Maximum-weight perfect matching with warm starts (Edmonds' primal-dual method).

Why our own solver
------------------
The Dutch pairing asks a long series of closely related questions: the same
graph, re-optimised after the weights of *one* player's edges change.  A
solver that starts from scratch each time does O(n^3) work per question.  This
one keeps the optimal dual solution between questions; after a change it only
re-opens the players whose edges changed (dissolving the blossoms around them)
and re-augments, which typically costs one or two augmentations.

The method (LP duality for the matching polytope, maximisation form):

* a dual ``y[v]`` per vertex and ``z[B] >= 0`` per odd set (blossom) ``B``;
* feasibility: ``y[i] + y[j] + sum(z[B] for B containing i and j) >= w(i, j)``;
* complementary slackness: matched edges are tight, blossoms with ``z > 0``
  are full.  A perfect matching with a feasible, complementary dual is
  optimal.

Stages grow alternating trees from all free vertices along tight edges, shrink
odd cycles into blossoms, augment between two trees, and otherwise change the
duals by the largest step that keeps them feasible.  Weights are exact Python
integers; a dual step that would need a half unit doubles every weight and
dual once (``self.scale``), so arithmetic stays integral.
"""

from __future__ import annotations

import heapq
from itertools import count

_S, _T = 1, 2


class NoPerfectMatching(Exception):
    pass


class _Blossom:
    __slots__ = ("children", "edges", "z", "parent", "base", "_leaves")

    def __init__(self, children: list, edges: list[tuple[int, int]], base: int) -> None:
        self.children = children  # cyclic, children[0] holds the base
        self.edges = edges  # edges[k] joins children[k] and children[k+1] (cyclically)
        self.z = 0
        self.parent: _Blossom | None = None
        self.base = base
        self._leaves: list[int] | None = None

    def leaves(self) -> list[int]:
        if self._leaves is None:
            out: list[int] = []
            stack: list = [self]
            while stack:  # iterative: blossoms can nest hundreds deep
                node = stack.pop()
                if isinstance(node, int):
                    out.append(node)
                else:
                    stack.extend(node.children)
            self._leaves = out
        return self._leaves


def _leaves(node) -> list[int]:
    return [node] if isinstance(node, int) else node.leaves()


def _base(node) -> int:
    return node if isinstance(node, int) else node.base


class PerfectMatcher:
    """Maximum-weight perfect matching on vertices ``0..n-1`` with warm starts.

    ``adj[v]`` maps neighbours to (scaled) weights; an absent key is no edge.
    Use :meth:`set_weight`, :meth:`remove_vertex` and :meth:`solve`.
    """

    def __init__(self, n: int, alive: bool = True) -> None:
        self.n = n
        self.adj: list[dict[int, int]] = [{} for _ in range(n)]
        self.y: list[int] = [0] * n
        self.mate: list[int] = [-1] * n
        self.top: list = list(range(n))
        self.vparent: list[_Blossom | None] = [None] * n  # smallest blossom around v
        self.alive = [alive] * n
        self.scale = 0
        # vertices whose matched edge or dual must be looked at again before
        # the next solve (a set; the graphs above keep a bool ``dirty``)
        self.to_reopen: set[int] = set(range(n)) if alive else set()

    def add_vertex(self, alive: bool = True) -> int:
        """Append a vertex without edges; returns its number."""
        v = self.n
        self.n += 1
        self.adj.append({})
        self.y.append(0)
        self.mate.append(-1)
        self.top.append(v)
        self.vparent.append(None)
        self.alive.append(alive)
        if alive:
            self.to_reopen.add(v)
        return v

    def revive(self, v: int) -> None:
        """Bring back a vertex that was created dead (see ``PerfectMatcher(n, alive=False)``)."""
        self.alive[v] = True
        self.to_reopen.add(v)

    def restart(self) -> None:
        """Forget the matching, the blossoms and the duals (a cold start).

        Worth it when most weights changed at once: the duals are then set
        afresh by the rule in :meth:`_reopen`, which suits a whole new bracket
        better than repairing the old ones."""
        for v in range(self.n):
            self.mate[v] = -1
            self.top[v] = v
            self.vparent[v] = None
            self.y[v] = 0
        self.to_reopen = {v for v in range(self.n) if self.alive[v]}

    def start_from(self, duals: list[int]) -> bool:
        """Warm-start a fresh matcher from the caller's vertex duals.

        The duals must cover every edge (``y[a] + y[b] >= w``); the first
        :meth:`solve` then pairs along the edges they make tight and repairs
        only the rest, instead of setting duals by the generic rule of
        :meth:`_reopen`.  Any feasible duals give the same optimum weight.
        Returns False, changing nothing, when the matcher is not fresh or
        an edge is not covered."""
        if self.scale or any(m >= 0 for m in self.mate) or len(duals) != self.n:
            return False
        for v, row in enumerate(self.adj):
            yv = duals[v]
            for u, w in row.items():
                if yv + duals[u] < w:
                    return False
        self.y = list(duals)
        self.to_reopen = set()
        return True

    # ----------------------------------------------------------- updates
    def set_weight(self, a: int, b: int, w: int | None) -> None:
        """Set edge ``a``-``b`` to weight ``w`` (None: no edge).  Only ``a``
        is re-opened, so a batch of changes at one vertex stays cheap."""
        if w is None:
            if self.adj[a].pop(b, None) is not None:
                self.adj[b].pop(a, None)
                # the edge may be matched or lie inside a blossom: re-open a
                if self.mate[a] == b or not isinstance(self.top[a], int):
                    self.to_reopen.add(a)
            return
        w <<= self.scale
        old = self.adj[a].get(b)
        if old == w:
            return
        self.adj[a][b] = w
        self.adj[b][a] = w
        if a in self.to_reopen or b in self.to_reopen:
            return  # re-opened anyway: its dual is recomputed from all edges
        if self.mate[a] == b or self.top[a] == self.top[b] and not isinstance(self.top[a], int):
            self.to_reopen.add(a)  # matched or inside a blossom: tightness / z terms change
        elif self.y[a] + self.y[b] < w:
            self.to_reopen.add(a)  # the dual no longer covers the edge
        # otherwise the current duals stay feasible: the optimum certificate holds

    def set_weights(self, changes: list[tuple[int, int, int | None]]) -> None:
        """Set many edges at once (None: no edge), keeping the duals useful.

        A matched edge whose weight rises by ``d`` has ``d`` added to its two
        endpoints' duals: it stays tight, and every other edge of theirs only
        gains slack.  Afterwards only edges that really lost feasibility
        re-open a vertex, so re-weighting a whole bracket stays cheap."""
        adj, mate, top, y = self.adj, self.mate, self.top, self.y
        raised: set[int] = set()
        for a, b, w in changes:
            if w is None or mate[a] != b or a in raised or b in raised:
                continue
            if not (isinstance(top[a], int) and isinstance(top[b], int)):
                continue
            d = (w << self.scale) - adj[a].get(b, 0)
            if d > 0:
                y[a] += d // 2
                y[b] += d - d // 2
                adj[a][b] = adj[b][a] = w << self.scale
                raised.add(a)
                raised.add(b)
        for a, b, w in changes:
            if w is not None and mate[a] == b and (a in raised or b in raised):
                continue
            self.set_weight(a, b, w)

    def reweight(self, changes: list[tuple[int, int, int | None]], lift: dict[int, int]) -> None:
        """Set many edges at once and add ``lift[v]`` to vertex duals first.

        For a change that adds a bonus depending on one endpoint (the
        generation order of a bracket), lifting that endpoint's dual by its
        bonus keeps every edge feasible and many matched edges tight, where
        a plain re-weighting would re-open nearly every vertex.  Blossoms
        around the touched vertices are dissolved; matched edges that lost
        tightness, and edges no longer covered, re-open a vertex as usual."""
        adj, y, mate = self.adj, self.y, self.mate
        touched = set(lift)
        for a, b, _ in changes:
            touched.add(a)
            touched.add(b)
        for v in touched:
            self._dissolve_around(v)
        for v, d in lift.items():
            y[v] += d << self.scale
        for a, b, w in changes:
            if w is None:
                if adj[a].pop(b, None) is not None:
                    del adj[b][a]
                    if mate[a] == b:
                        self.to_reopen.add(a)
                continue
            w <<= self.scale
            adj[a][b] = adj[b][a] = w
            if mate[a] == b:
                if y[a] + y[b] != w:
                    self.to_reopen.add(a)
            elif y[a] + y[b] < w:
                self.to_reopen.add(a)
        for v in lift:
            m = mate[v]
            if m >= 0 and y[v] + y[m] != adj[v].get(m):
                self.to_reopen.add(v)

    def remove_vertex(self, v: int) -> None:
        self._dissolve_around(v)
        m = self.mate[v]
        if m >= 0:
            self.mate[m] = -1
            self.mate[v] = -1
        for u in self.adj[v]:
            del self.adj[u][v]
        self.adj[v] = {}
        self.alive[v] = False
        self.to_reopen.discard(v)

    def open_free_blossoms(self) -> None:
        """Dissolve the outermost blossoms with ``z == 0`` until every
        outermost blossom has ``z > 0``.  No dual and no pair changes: a
        blossom with ``z == 0`` constrains nothing (``pairing.tight``)."""
        top = self.top
        stack = [b for b in {id(top[v]): top[v] for v in range(self.n)
                             if not isinstance(top[v], int)}.values()]
        while stack:
            b = stack.pop()
            if b.z:
                continue
            for c in b.children:
                if isinstance(c, int):
                    self.vparent[c] = None
                else:
                    c.parent = None
                    stack.append(c)
                for u in _leaves(c):
                    top[u] = c

    def rebase(self, b: _Blossom, v: int) -> None:
        """Make ``v`` the base of the outermost blossom ``b`` (its pairs
        inside follow); the caller then pairs ``v`` outside ``b``."""
        self._augment_blossom(b, v)

    # ----------------------------------------------------------- warm start
    def _dissolve_around(self, v: int) -> None:
        """Dissolve every blossom containing ``v`` (outermost first).

        Moving ``z/2`` onto each member keeps every edge feasible; only the
        base's matched edge to the outside may lose tightness, so it is
        unmatched."""
        while not isinstance(self.top[v], int):
            b = self.top[v]
            half = b.z // 2 if b.z % 2 == 0 else None
            if half is None:
                self._double()
                half = b.z // 2
            for u in b.leaves():
                self.y[u] += half
            base = b.base
            m = self.mate[base]
            if m >= 0 and half:
                self.mate[m] = -1
                self.mate[base] = -1
            self._free_children(b)

    def _free_children(self, b: _Blossom) -> None:
        """Dissolve ``b``: each child becomes a top-level vertex or blossom again."""
        for c in b.children:
            if isinstance(c, int):
                self.vparent[c] = None
            else:
                c.parent = None
            for u in _leaves(c):
                self.top[u] = c

    def _double(self) -> None:
        self.scale += 1
        for v in range(self.n):
            self.y[v] *= 2
            row = self.adj[v]
            for u in row:
                row[u] *= 2
        tops = {self.top[v] for v in range(self.n) if not isinstance(self.top[v], int)}
        stack = list(tops)
        while stack:
            b = stack.pop()
            b.z *= 2
            stack.extend(c for c in b.children if not isinstance(c, int))

    def _reopen(self) -> None:
        y, adj = self.y, self.adj
        for v in self.to_reopen:
            if not self.alive[v]:
                continue
            self._dissolve_around(v)
            m = self.mate[v]
            if m >= 0:
                self.mate[m] = -1
                self.mate[v] = -1
        # The smallest duals that keep every edge feasible.  Re-opened
        # vertices are set heaviest edge first; an edge to one not set yet is
        # shared half and half.  Where a group of re-opened vertices has equal
        # weights between them (a new scoregroup), those edges all come out
        # tight, and the greedy start pairs most of the group.
        order = sorted((v for v in self.to_reopen if self.alive[v]),
                       key=lambda v: max(adj[v].values(), default=0), reverse=True)
        pending = set(order)
        for v in order:
            pending.discard(v)
            need = None
            for u, w in adj[v].items():
                s = (w + 1) // 2 if u in pending else w - y[u]
                if need is None or s > need:
                    need = s
            y[v] = need if need is not None else 0
        self.to_reopen = set()

    def _greedy_tight(self) -> None:
        """Match free vertices along tight edges to other free vertices.

        A tight matched edge keeps complementary slackness, so this only saves
        augmentations; it never changes which matchings are optimal."""
        y, adj, mate, top = self.y, self.adj, self.mate, self.top
        for v in range(self.n):
            if mate[v] >= 0 or not self.alive[v] or not isinstance(top[v], int):
                continue
            yv = y[v]
            for u, w in adj[v].items():
                if mate[u] < 0 and yv + y[u] == w and isinstance(top[u], int):
                    mate[v] = u
                    mate[u] = v
                    break

    # ----------------------------------------------------------- solving
    def solve(self) -> list[int]:
        if self.to_reopen:
            self._reopen()
        self._greedy_tight()
        while True:
            free = [v for v in range(self.n) if self.alive[v] and self.mate[v] < 0]
            if not free:
                return self.mate
            if len(free) % 2:
                raise NoPerfectMatching
            self._stage(free)

    def _stage(self, free: list[int]) -> None:
        """Grow alternating trees from the free vertices and augment until
        every tree has augmented (or a dual step needs half units).

        After an augmentation only the two trees it joined are dissolved; the
        other trees keep their labels, so a solve with many free vertices
        does not rescan the whole forest once per augmentation.  Records of
        slacks (``best2``, ``heap3``, ``heap4``) may then be stale; each is
        checked against the current duals when it is used."""
        y, adj, top, mate = self.y, self.adj, self.top, self.mate
        label: dict = {}
        ledge: dict = {}  # node -> (vertex in parent node, vertex in this node)
        tree: dict = {}  # node -> its tree's number
        members: dict[int, list] = {}  # tree number -> nodes ever labelled in it
        queue: list[int] = []
        tick = count()
        best2: dict[int, tuple] = {}  # unlabelled vertex -> (slack + D, S vertex)
        heap3: list = []  # S - S (different blossoms): key slack + 2D
        heap4: list = []  # T blossoms: key z + 2D
        D = 0
        heappush = heapq.heappush

        def assign_s(node, edge, t) -> None:
            label[node] = _S
            ledge[node] = edge
            tree[node] = t
            members[t].append(node)
            leaves = _leaves(node)
            for v in leaves:
                best2.pop(v, None)
            queue.extend(leaves)

        def assign_t(node, edge) -> None:
            t = tree[top[edge[0]]]
            label[node] = _T
            ledge[node] = edge
            tree[node] = t
            members[t].append(node)
            for v in _leaves(node):
                best2.pop(v, None)
            if not isinstance(node, int):
                heapq.heappush(heap4, (node.z + 2 * D, next(tick), node))
            b = _base(node)
            m = mate[b]
            assign_s(top[m], (b, m), t)

        def best_s_neighbour(v):
            bv = top[v]
            best = None
            yv = y[v]
            for u, w in adj[v].items():
                bu = top[u]
                if bu == bv or label.get(bu) != _S:
                    continue
                k = yv + y[u] - w + D
                if best is None or k < best[0]:
                    best = (k, u)
            return best

        def dissolve(trees) -> bool:
            """Unlabel the trees that augmented; False when none is left."""
            freed: list[int] = []
            for t in trees:
                for node in members.pop(t):
                    if tree.get(node) == t and node in label:
                        del label[node]
                        del ledge[node]
                        del tree[node]
                        freed.extend(_leaves(node))
            if not members:
                return False
            # The freed vertices need their least slack to the trees left:
            # scan them, or rescan the trees' S vertices, whichever is fewer.
            # (A rescan looks only at unlabelled neighbours, pushed as ~v: the
            # S-S edges between the trees left are in heap3 already, and their
            # keys do not move with the duals.)
            s_left = [v for node, lab in label.items() if lab == _S for v in _leaves(node)]
            if len(s_left) < len(freed):
                queue.extend(~v for v in s_left)
                return True
            for v in freed:
                b = best_s_neighbour(v)
                if b is not None:
                    best2[v] = b
            return True

        def valid3(entry) -> bool:  # still an S-S edge with this slack
            key, i, j = entry
            return (top[i] != top[j] and label.get(top[i]) == _S
                    and label.get(top[j]) == _S and y[i] + y[j] - adj[i][j] == key - 2 * D)

        def valid4(entry) -> bool:  # still a T blossom with this dual
            key, _, b = entry
            return (b.parent is None and label.get(b) == _T and top[b.base] == b
                    and b.z + 2 * D == key)

        roots = set()
        for r in free:
            node = top[r]
            if node not in roots:
                roots.add(node)
                t = len(members)
                members[t] = []
                assign_s(node, None, t)

        while True:
            # scan S vertices
            while queue:
                i = queue.pop()
                rescan = i < 0  # after a dissolve: unlabelled neighbours only
                if rescan:
                    i = ~i
                bi = top[i]
                if label.get(bi) != _S:
                    continue  # its tree augmented meanwhile
                yi = y[i]
                for j, w in adj[i].items():
                    bj = top[j]
                    if bj == bi:
                        continue
                    lj = label.get(bj)
                    if lj == _T or rescan and lj is not None:
                        continue
                    slack = yi + y[j] - w
                    if lj is None:
                        if slack == 0:
                            assign_t(bj, (i, j))
                        else:
                            k = slack + D
                            b = best2.get(j)
                            if b is None or k < b[0]:
                                best2[j] = (k, i)
                    else:
                        if slack == 0:
                            done = self._tight_ss(i, j, label, ledge, tree, members, queue)
                            if done is not None:
                                if not dissolve(done):
                                    return
                                if label.get(top[i]) != _S:
                                    break
                            bi = top[i]
                        else:
                            heappush(heap3, (slack + 2 * D, i, j))
            # dual step
            best = None
            kind = 0
            e2 = None
            while best2:
                j2 = min(best2, key=best2.__getitem__)
                key, i2 = best2[j2]
                if (label.get(top[j2]) is None and label.get(top[i2]) == _S
                        and top[i2] != top[j2] and y[i2] + y[j2] - adj[j2][i2] + D == key):
                    best, kind, e2 = key - D, 2, (i2, j2)
                    break
                b = best_s_neighbour(j2)  # a stale record: recompute it
                if b is None or label.get(top[j2]) is not None:
                    del best2[j2]
                else:
                    best2[j2] = b
            # S-S edges (kind 3: slack / 2) and T blossoms (kind 4: z / 2)
            for heap, kind_here, valid in ((heap3, 3, valid3), (heap4, 4, valid4)):
                while heap and not valid(heap[0]):
                    heapq.heappop(heap)
                if heap:
                    twice = heap[0][0] - 2 * D
                    if twice % 2:
                        # matching and duals stay feasible and complementary
                        # when doubled, so a fresh stage can start from them
                        self._double()
                        return
                    if best is None or twice // 2 < best:
                        best, kind = twice // 2, kind_here
            if best is None:
                raise NoPerfectMatching
            if best:
                for node, lab in label.items():
                    if lab == _S:
                        for v in _leaves(node):
                            y[v] -= best
                        if not isinstance(node, int):
                            node.z += 2 * best
                    elif lab == _T:
                        for v in _leaves(node):
                            y[v] += best
                        if not isinstance(node, int):
                            node.z -= 2 * best
                D += best
            if kind == 2:
                assert e2 is not None
                i, j = e2
                assign_t(top[j], (i, j))
            elif kind == 3:
                _, i, j = heapq.heappop(heap3)
                done = self._tight_ss(i, j, label, ledge, tree, members, queue)
                if done is not None and not dissolve(done):
                    return
            else:
                _, _, b = heapq.heappop(heap4)
                self._expand_t(b, label, ledge, tree, members, assign_s, best_s_neighbour,
                              best2, heap4, D, tick)

    # --------------------------------------------------------- tree events
    def _path_up(self, node, ledge) -> list:
        path = [node]
        while ledge[node] is not None:
            node = self.top[ledge[node][0]]
            path.append(node)
        return path

    def _tight_ss(self, i, j, label, ledge, tree, members, queue):
        """A tight edge between two S vertices: augment (different trees;
        returns the two trees' numbers) or shrink the odd cycle into a
        blossom (returns None)."""
        top = self.top
        pi = self._path_up(top[i], ledge)
        pj = self._path_up(top[j], ledge)
        if pi[-1] != pj[-1]:
            self._augment(i, j, ledge)
            return tree[pi[-1]], tree[pj[-1]]
        on_j = set(pj)
        k = 0
        while pi[k] not in on_j:
            k += 1
        base = pi[k]
        seq_i = pi[:k]
        seq_j = pj[: pj.index(base)]
        children = [base] + list(reversed(seq_i)) + seq_j
        edges: list[tuple[int, int]] = []
        for node in reversed(seq_i):  # base -> ... -> top[i]
            x, yv = ledge[node]
            edges.append((x, yv))
        edges.append((i, j))
        for node in seq_j:  # top[j] -> ... -> base
            x, yv = ledge[node]
            edges.append((yv, x))
        b = _Blossom(children, edges, _base(base))
        for c in children:
            if isinstance(c, int):
                self.vparent[c] = b
            else:
                c.parent = b
            if label.pop(c, None) == _T:
                queue.extend(_leaves(c))
        for v in b.leaves():
            top[v] = b
        label[b] = _S
        ledge[b] = ledge[base]
        t = tree[base]
        tree[b] = t
        members[t].append(b)
        return None

    def _augment(self, i: int, j: int, ledge) -> None:
        top, mate = self.top, self.mate
        for s, t in ((i, j), (j, i)):
            while True:
                bs = top[s]
                if not isinstance(bs, int):
                    self._augment_blossom(bs, s)
                mate[s] = t
                e = ledge[bs]
                if e is None:
                    break
                m = e[0]
                bt = top[m]
                x, entry = ledge[bt]
                if not isinstance(bt, int):
                    self._augment_blossom(bt, entry)
                mate[entry] = x
                s, t = x, entry

    def _augment_blossom(self, b: _Blossom, v: int) -> None:
        """Make ``v`` the base of ``b``, flipping the even path inside it.

        Each level only changes its own children's order and the mates along
        its own cycle, so the nested levels are independent tasks; a stack
        keeps deep nesting from exhausting Python's recursion limit."""
        mate, vparent = self.mate, self.vparent
        tasks = [(b, v)]
        while tasks:
            b, v = tasks.pop()
            c: int | _Blossom = v  # the child of b that holds v
            p = vparent[v]
            while p is not b:
                assert p is not None
                c = p
                p = p.parent
            if not isinstance(c, int):
                tasks.append((c, v))
            k = len(b.children)
            idx = b.children.index(c)
            if idx % 2 == 0:
                flips = range(0, idx, 2)  # forward: edges 0, 2, ..., idx-2 become matched
            else:
                flips = range(k - 1, idx, -2)  # backward: edges k-1, k-3, ..., idx+1
            for m_ in flips:
                x, yv = b.edges[m_]
                cx, cy = b.children[m_], b.children[(m_ + 1) % k]
                if not isinstance(cx, int):
                    tasks.append((cx, x))
                if not isinstance(cy, int):
                    tasks.append((cy, yv))
                mate[x] = yv
                mate[yv] = x
            b.children = b.children[idx:] + b.children[:idx]
            b.edges = b.edges[idx:] + b.edges[:idx]
            b.base = v

    def _expand_t(self, b: _Blossom, label, ledge, tree, members, assign_s, best_s_neighbour,
                  best2, heap4, D, tick) -> None:
        """A T blossom whose dual reached zero opens up (Edmonds' expand)."""
        top = self.top
        t = tree[b]
        entry_x, entry = ledge[b]
        self._free_children(b)
        del label[b]
        k = len(b.children)
        cj = top[entry]
        j = b.children.index(cj)
        # walk from the entry child to the base child along the even side
        if j % 2 == 0:
            path = list(range(j, -1, -1))  # backward
            edge_between = [b.edges[q - 1] for q in range(j, 0, -1)]  # (x in c_{q-1}, y in c_q)
            oriented = [(yv, x) for x, yv in edge_between]  # from c_q to c_{q-1}
        else:
            path = [q % k for q in range(j, k + 1)]  # forward, wraps to 0
            oriented = [b.edges[q % k] for q in range(j, k)]  # (x in c_q, y in c_{q+1})
        on_path = set()
        prev_edge = (entry_x, entry)
        for step, q in enumerate(path):
            c = b.children[q]
            on_path.add(c)
            if step % 2 == 0:
                label[c] = _T
                ledge[c] = prev_edge
                tree[c] = t
                members[t].append(c)
                if not isinstance(c, int):
                    heapq.heappush(heap4, (c.z + 2 * D, next(tick), c))
            else:
                # its vertices were inside a T blossom: scan them now
                assign_s(c, prev_edge, t)
            if step < len(oriented):
                prev_edge = oriented[step]
        # the S node above the base keeps its label edge (base vertex unchanged)
        for c in b.children:
            if c in on_path:
                continue
            for v in _leaves(c):
                best = best_s_neighbour(v)
                if best is None:
                    best2.pop(v, None)
                else:
                    best2[v] = best
