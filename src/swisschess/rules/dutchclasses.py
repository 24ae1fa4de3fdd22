"""Pairing a bracket on classes of alike players: the method shared by the
Dutch editions for large rounds (see ``docs/pairing-engine.md``).

:class:`ClassBracket` makes the decisions of Art. 3-4 that
:class:`~swisschess.rules.dutchcore.BracketProcess` makes on a weighted graph,
in the same order, on a class optimum (:mod:`swisschess.pairing.classlp`),
and certifies the result as a whole; an edition states its weights, what a
player left single is worth and what must be certified
(:mod:`swisschess.rules.dutch`, :mod:`swisschess.rules.dutch2017`).
:func:`dirac` and :func:`conflict_sets` give the degree certificates that
also settle completion in large rounds.
"""

from __future__ import annotations

import bisect
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from swisschess.pairing.classlp import feasible, transport
from swisschess.pairing.conflicts import Conflicts, GroupMemo, count_within
from swisschess.pairing.constructive import class_sizes, has_perfect
from swisschess.pairing.exchanges import NoSides, choose_sides
from swisschess.rules import dutchtrace as trace
from swisschess.rules.dutchcore import Entrant, W


def conflict_sets(players: list[Entrant]) -> tuple[list[Conflicts], list[int]]:
    """For degree bounds: each player's [C1] conflicts (positions in
    ``players``) and [C3] colour class (1: absolute White, 2: absolute Black,
    0: neither; two players of one non-zero class never meet, topscorers of
    the final round aside — so the bound stays a lower bound)."""
    pos = {p.id: k for k, p in enumerate(players)}
    conflicts = [Conflicts(k) for k in range(len(players))]
    members: dict[int, set[int]] = {}
    for k, p in enumerate(players):
        for x in p.forbidden:
            j = pos.get(x)
            if j is not None:
                conflicts[k].own.add(j)
                conflicts[j].own.add(k)
        for g in p.groups:
            members.setdefault(g, set()).add(k)
    shared = {g: frozenset(m) for g, m in members.items()}
    for k, p in enumerate(players):
        if p.groups:
            conflicts[k].shared = tuple(shared[g] for g in p.groups)
    cls = [colour_class_of(p) for p in players]
    return conflicts, cls


def dirac(group: list[int], conflicts: Sequence[AbstractSet[int]], colour_class: list[int],
          compatible: Callable[[int, int], bool]) -> bool:
    """True when ``group`` (even) surely has a perfect matching: every player
    has at least half of it as possible opponents (Dirac's theorem: then a
    Hamiltonian cycle exists).  A sufficient test only."""
    h = len(group)
    if h == 0:
        return True
    if h % 2:
        return False
    if h == 2:
        return compatible(group[0], group[1])
    members = set(group)
    per_class = class_sizes(group, colour_class)
    memo = GroupMemo()
    for x in group:
        c = colour_class[x]
        deg = h - 1 - count_within(conflicts[x], members, memo)
        if c:
            deg -= per_class[c] - 1
        if 2 * deg < h:
            return False
    return True


def colour_class_of(p: Entrant) -> int:
    """[C3] colour class: 1 absolute White, 2 absolute Black, 0 neither."""
    return (1 if p.preference is W else 2) if p.absolute else 0


def in_crowd(p: Entrant, crowd: int) -> bool:
    """Is ``p`` in ``crowd``: 1 or 2, a [C3] colour class; ``3 + g``, the
    prohibited-pair group ``g`` ([C1]); 0, nobody.  Two players of one crowd
    never meet (topscorers of the final round aside, for colours)."""
    if crowd in (1, 2):
        return colour_class_of(p) == crowd
    return crowd > 2 and crowd - 3 in p.groups


def excess(group: list[int], players: list[Entrant]) -> tuple[int, int]:
    """The largest crowd (:func:`in_crowd`) of ``group`` and by how many its
    players outnumber all the others (``2 * |crowd| - |group|``; may be
    negative): that many of them must meet players from outside ([C1],
    [C3]).  ``(0, -len(group))`` when there is no crowd."""
    counts: dict[int, int] = {}
    for x in group:
        p = players[x]
        c = colour_class_of(p)
        if c:
            counts[c] = counts.get(c, 0) + 1
        for g in p.groups:
            counts[3 + g] = counts.get(3 + g, 0) + 1
    if not counts:
        return 0, -len(group)
    c = max(counts, key=lambda k: counts[k])
    return c, 2 * counts[c] - len(group)


#: Art. 4.3 with two or more exchanges is decided on a matching of the
#: remainder's tight pairs up to this many players (else on the graph).
MANY_EXCHANGES_MAX = 4000


class ClassBail(Exception):
    """The class method cannot vouch for this bracket: pair it on the graph."""


_FLOAT = -1  # the S1-side stand-in for the S2 players left single


class _SideMatching:
    """Every S1 player of a remainder matched to a later S2 player over
    tight, compatible pairs, the other S2 players left single (tight as
    such): the players' own bipartite problem once S1 and S2 are known, so
    that each transposition (Art. 4.2) is confirmed exactly."""

    def __init__(self, s1: list[int], s2: list[int], key: list[Any],
                 arcs: dict[Any, list[Any]], single_ok: Callable[[int], bool],
                 compatible: Callable[[int, int], bool],
                 prefer: Callable[[int], bool] | None = None) -> None:
        self.key = key
        self.arcs = arcs
        self.compatible = compatible
        self.by_key: dict[Any, list[int]] = {}
        for w in s2:
            self.by_key.setdefault(key[w], []).append(w)
        self.float_keys = [b for b, ws in self.by_key.items() if single_ok(ws[0])]
        if prefer is not None:  # these float first (the need node's, issue 31)
            self.float_keys.sort(key=lambda b: not prefer(self.by_key[b][0]))
        self.mate: dict[int, int] = {}
        self.back: dict[int, int] = {}  # S2 position -> S1 position or _FLOAT
        self.floats: set[int] = set()
        self.fixed: set[int] = set()
        self.journal: list[tuple[dict[int, int], int, int | None]] = []
        self.s1 = s1
        self.need_floats = len(s2) - len(s1)

    def _neighbours(self, u: int) -> Iterator[int]:
        keys = self.float_keys if u == _FLOAT else self.arcs.get(self.key[u], ())
        for b in keys:
            for w in self.by_key.get(b, ()):
                if w in self.fixed:
                    continue
                if u == _FLOAT or (w > u and self.compatible(u, w)):
                    yield w

    def build(self, flow: dict[tuple[Any, Any], int]) -> bool:
        """A first matching, following the class flow ``flow``, completed by
        alternating paths."""
        free = {b: deque(ws) for b, ws in self.by_key.items()}
        left = dict(flow)
        for u in self.s1:  # greedy, along the class flow
            a = self.key[u]
            for b in self.arcs.get(a, ()):
                if left.get((a, b), 0) <= 0:
                    continue
                ws = free.get(b)
                if not ws:
                    continue
                for i, w in enumerate(ws):
                    if w > u and self.compatible(u, w):
                        del ws[i]
                        self.mate[u], self.back[w] = w, u
                        left[a, b] -= 1
                        break
                if u in self.mate:
                    break
        for b in self.float_keys:
            for w in free.get(b, ()):
                if len(self.floats) < self.need_floats:
                    self.floats.add(w)
                    self.back[w] = _FLOAT
        for u in self.s1:
            if u not in self.mate and not self._augment(u, lambda w: True):
                return False
        while len(self.floats) < self.need_floats:
            if not self._augment(_FLOAT, lambda w: True):
                return False
        return True

    def _augment(self, src: int, target: Callable[[int], bool]) -> bool:
        """An alternating path from ``src`` to a free S2 position; applied."""
        prev: dict[int, int] = {}  # S2 position -> the node that reached it
        via: dict[int, int] = {}  # node -> the S2 position it was entered through
        seen = {src}
        queue = deque([src])
        while queue:
            u = queue.popleft()
            for w in self._neighbours(u):
                if w in prev:
                    continue
                prev[w] = u
                owner = self.back.get(w)
                if owner is None:
                    if not target(w):
                        continue
                    while True:  # flip the path back to src
                        u = prev[w]
                        old = via.get(u)
                        if u == _FLOAT:
                            if old is not None:
                                self.floats.discard(old)
                            self.floats.add(w)
                        else:
                            self.journal.append((self.mate, u, self.mate.get(u)))
                            self.mate[u] = w
                        self.journal.append((self.back, w, self.back.get(w)))
                        self.back[w] = u
                        if u == src:
                            return True
                        assert old is not None
                        w = old
                if owner not in seen:
                    seen.add(owner)
                    via[owner] = w
                    queue.append(owner)
        return False

    def fix(self, q: int, q2: int) -> bool:
        """Can ``q`` (S1) meet ``q2`` (S2) with every other player still
        matched as above?  If so the pair is fixed."""
        if self.mate.get(q) == q2:
            self.fixed.update((q, q2))
            return True
        y0 = self.mate[q]
        x1 = self.back[q2]
        floats = set(self.floats)  # the float stand-in's positions are not journaled
        self.journal = [(self.mate, q, y0), (self.back, q2, x1), (self.back, y0, q)]
        self.mate[q], self.back[q2] = q2, q
        del self.back[y0]
        if x1 == _FLOAT:
            self.floats.discard(q2)
        else:
            self.journal.append((self.mate, x1, q2))
            del self.mate[x1]
        self.fixed.update((q, q2))
        if self._augment(x1, lambda w: w == y0):
            return True
        for d, k, old in reversed(self.journal):
            if old is None:
                d.pop(k, None)
            else:
                d[k] = old
        self.floats = floats
        self.fixed.difference_update((q, q2))
        return False


class ClassBracket:
    """One bracket paired on *classes* of alike players (large rounds).

    Same decisions as :class:`BracketProcess`, in the same order, on the same
    weights — only asked differently (see :mod:`swisschess.pairing.classlp`):

    1. Players of the bracket with the same facts (score, colour preference
       and strength, floats, PAB facts, MDP or resident) form a class; the
       weight of a pair is the edition's :meth:`pair_value` of two
       representatives (its weight less what every complete pairing has).
    2. *Isolated* bracket (there is a next scoregroup): a player who is not
       paired here floats down and is worth what [C8] gives him there (the
       next bracket's pairs and scores, if each floater meets a player of
       the next scoregroup).  *Whole* bracket (the last one): everyone is
       paired here, one player may take the PAB.
    3. The class optimum's duals say which pairs are *tight*.  Each decision
       of Art. 3-4 (which MDPs are paired (4.4), whom each meets (4.2), S1
       and S2 of the remainder (4.3), the transpositions (4.2)) takes the
       first candidate for which a flow on the tight classes still exists —
       a necessary condition.
    4. At the end the bracket is checked as a whole: every pair made is
       tight and compatible, every floater's class is tight with floating,
       and (isolated) the floaters, the next scoregroup and the rest of the
       round can really be paired as step 2 assumed (:meth:`certify`).
       Then the pairing is optimal, and every "no" of step 3 was right, so
       it is the pairing :class:`BracketProcess` makes.  Otherwise nothing is
       changed and the bracket goes to :class:`BracketProcess` (``pair`` is False).

    Once S1 and S2 are known, each transposition is also confirmed on the
    players' own bipartite matching (:class:`_SideMatching`).  Two or more
    exchanges between S1 and S2 (Art. 4.3) are left to :class:`BracketProcess`.
    """

    def __init__(self, rnd: Any, bracket: list[int], mdps: int, size: int,
                 lower_start: int) -> None:
        self.r = rnd
        self.v = bracket
        self.mdps = mdps
        self.size = size
        self.lower_start = lower_start
        self.whole = size == len(bracket) and lower_start == rnd.n
        self.need = 0
        self.need_left = 0
        self.pairs: list[tuple[int, int]] = []
        self.frozen: set[int] = set()

    # ------------------------------------------------------------ outline
    def pair(self) -> bool:
        if not self.whole and self.size == len(self.v):
            # no next scoregroup, but players below: not handled
            trace.note("classes: no next scoregroup, players below")
            return False
        try:
            self._classes()
            self._optimum()
            chosen = self._choose_mdps()
            self._pair_mdps(chosen)
            single = self._remainder(chosen)
            partner = self.certify(single)
        except ClassBail as e:
            trace.note(f"classes: {e or 'certificate fails'}")
            return False
        r = self.r
        if len(r.cur) != r.n:
            r.cur = list(range(r.n))
        for a, b in self.pairs:
            r.matched[a] = r.matched[b] = True
            r.cur[a], r.cur[b] = b, a
            r.pairs.append((a, b))
        for x in single:
            r.cur[x] = partner.get(x, x)
        self.committed()
        return True

    # ------------------------------------------------------------ edition hooks
    def class_key(self, p: Entrant) -> tuple[Any, ...]:
        """The facts the edition's weights look at, beyond MDP or resident."""
        return (p.skey, p.preference, p.absolute, p.strong, p.imbalance, p.repeated,
                p.floats, p.bye_eligible, p.played_games, p.topscorer, p.groups)

    def pair_value(self, hi: Entrant, lo: Entrant) -> int:
        """Weight of a pair made in the bracket (``hi`` ranks higher), less
        what every complete pairing has anyway."""
        raise NotImplementedError

    def single_values(self) -> list[int | None]:
        """Per class: twice the value of a player left single (None: may not be)."""
        raise NotImplementedError

    def certify(self, single: list[int]) -> dict[int, int]:
        """Check what :meth:`single_values` assumed; each floater's partner."""
        raise NotImplementedError

    def completion_need(self) -> tuple[int, int]:
        """Isolated bracket: a crowd ``c`` (:func:`in_crowd`) and how many
        floaters outside it every valid pairing of the round sends down from this
        bracket at least (its players in the rest of the round outnumber
        everyone else there).  None by default: ``(0, 0)``."""
        return 0, 0

    def committed(self) -> None:
        """The bracket's pairs are in the round."""

    # ------------------------------------------------------------ classes
    def _classes(self) -> None:
        wt, players = self.r.wt, self.r.players
        index: dict[tuple[Any, ...], int] = {}
        self.cls: list[int] = []  # class of each bracket position
        self.reps: list[Entrant] = []
        self.is_mdp: list[bool] = []
        for li in range(self.size):
            p = players[self.v[li]]
            key = (li < self.mdps, *self.class_key(p))
            c = index.get(key)
            if c is None:
                c = index[key] = len(self.reps)
                self.reps.append(p)
                self.is_mdp.append(li < self.mdps)
            self.cls.append(c)
        k = len(self.reps)
        self.count = [0] * k
        for c in self.cls:
            self.count[c] += 1
        # pair weights: the criteria of the pair made in this bracket
        self.w: dict[tuple[int, int], int] = {}
        for c in range(k):
            for d in range(c, k):
                if self.is_mdp[c] and self.is_mdp[d]:
                    continue  # Art. 4: an MDP meets a resident
                if c == d and self.count[c] < 2:
                    continue
                hi, lo = self.reps[c], self.reps[d]
                if lo.skey > hi.skey:
                    hi, lo = lo, hi
                if not wt.colour_compatible(hi, lo) or set(hi.groups) & set(lo.groups):
                    continue  # [C3], or one prohibited-pair group ([C1])
                self.w[c, d] = self.w[d, c] = self.pair_value(hi, lo)
        # a player left single: floats down or takes the PAB
        self.single = self.single_values()
        # [C3]/[C4] floaters the rest of the round needs of other colour classes
        need_class, self.need = (0, 0) if self.whole else self.completion_need()
        self.need_ok = [not in_crowd(p, need_class) for p in self.reps]

    def _optimum(self) -> None:
        """Class optimum and its duals (twice the matching duals).

        An odd bracket gets one more vertex, ``dummy``, that must meet a
        player left single: the PAB (last bracket) or, in an isolated
        bracket, the one floater parity forces (others float in pairs, on
        their own).  Without it the fractional optimum would pair an odd
        bracket completely."""
        k = len(self.reps)
        count = list(self.count)
        arcs = dict(self.w)
        need = None
        if self.need:
            # issue 31: at least ``self.need`` floaters outside the rest of
            # the round's excess crowd, each worth its single value
            need = len(count)
            count.append(self.need)
            for c in range(k):
                s = self.single[c]
                if s is not None and self.need_ok[c]:
                    arcs[c, need] = arcs[need, c] = s // 2
        dummy = None
        if sum(count) % 2:
            dummy = len(count)
            count.append(1)
            for c in range(k):
                s = self.single[c]
                if s is not None:
                    arcs[c, dummy] = arcs[dummy, c] = s // 2
        if not self.whole:
            for c in range(k):
                s = self.single[c]
                assert s is not None
                arcs[c, c] = max(arcs.get((c, c), s), s)
        res = transport(count, arcs)
        if res is None:
            raise ClassBail("class optimum: no perfect fractional matching")
        u, v = res
        self.y = [u[c] + v[c] for c in range(len(count))]
        self.dummy = dummy
        y = self.y
        self.tight: list[set[int]] = [
            {d for d in range(k) if (c, d) in self.w and y[c] + y[d] == 2 * self.w[c, d]}
            for c in range(k)]
        # left single on its own (floats; isolated only) or with the dummy
        self.self_tight = [not self.whole and y[c] == self.single[c] for c in range(k)]
        self.dummy_tight = [dummy is not None and self.single[c] is not None
                            and y[c] + y[dummy] == self.single[c] for c in range(k)]
        self.need_tight = [need is not None and self.need_ok[c] and self.single[c] is not None
                           and y[c] + y[need] == self.single[c] for c in range(k)]
        self.single_tight = [a or b or n for a, b, n in zip(
            self.self_tight, self.dummy_tight, self.need_tight, strict=True)]

    def _singles_ok(self, single: list[int]) -> bool:
        """The players left single (bracket positions) are tight as such:
        one with the dummy (odd bracket), the others on their own (and at
        least :attr:`need` of them with the need node)."""
        if self.need:
            kinds = {"N": self.need, "P": int(self.dummy is not None)}
            kinds["S"] = len(single) - kinds["N"] - kinds["P"]
            if kinds["S"] < 0:
                return False
            sup: dict[Any, int] = {}
            arcs: dict[Any, list[Any]] = {}
            for li in single:
                c = self.cls[li]
                sup[c] = sup.get(c, 0) + 1
                arcs[c] = [kd for kd, ok in (("N", self.need_tight[c]),
                                             ("P", self.dummy_tight[c]),
                                             ("S", self.self_tight[c])) if ok]
            return feasible(sup, kinds, arcs) is not None
        if self.dummy is None:
            return all(self.self_tight[self.cls[li]] for li in single)
        loose = [li for li in single if not self.self_tight[self.cls[li]]]
        if len(loose) > 1:
            return False
        if loose:
            return self.dummy_tight[self.cls[loose[0]]]
        return any(self.dummy_tight[self.cls[li]] for li in single)

    # ------------------------------------------------------------ decisions
    def _node(self, li: int, chosen: set[int]) -> tuple[int, bool]:
        return (self.cls[li], li in chosen)

    def _cover_feasible(self, chosen: set[int], gone: set[int]) -> bool:
        """The double-cover flow on tight classes, with the MDPs ``chosen``
        bound to meet residents and the bracket positions ``gone`` paired."""
        cnt: dict[tuple, int] = {}
        for li in range(self.size):
            if li in gone or self.v[li] in self.frozen:
                continue
            nd = self._node(li, chosen)
            cnt[nd] = cnt.get(nd, 0) + 1
        arcs: dict[tuple, list[tuple]] = {}
        nodes = list(cnt)
        dummy = ("P", False)
        for a in nodes:
            out = [b for b in nodes if b[0] in self.tight[a[0]]]
            if not a[1]:
                if self.self_tight[a[0]] and a not in out:
                    out.append(a)
                if self.dummy_tight[a[0]]:
                    out.append(dummy)
            arcs[a] = out
        if self.dummy is not None:
            cnt[dummy] = 1
            arcs[dummy] = [a for a in nodes if not a[1] and self.dummy_tight[a[0]]]
        if self.need:
            need_node: tuple = ("N", False)
            cnt[need_node] = self.need
            arcs[need_node] = [a for a in nodes if not a[1] and self.need_tight[a[0]]]
            for a in arcs[need_node]:
                arcs[a].append(need_node)
        return feasible(cnt, cnt, arcs) is not None

    def _choose_mdps(self) -> set[int]:
        """Art. 3.2 / 4.4: the MDPs paired here, highest scores first, the
        earliest that can be (as :meth:`BracketProcess._choose_mdps`)."""
        chosen: set[int] = set()
        for li in range(self.mdps):
            chosen.add(li)
            if not self._cover_feasible(chosen, set()):
                chosen.discard(li)
        return chosen

    def _freeze(self, a: int, b: int) -> None:
        self.pairs.append((a, b))
        self.frozen.add(a)
        self.frozen.add(b)

    def _pair_mdps(self, chosen: set[int]) -> None:
        """Art. 4.2: each paired MDP meets the highest resident possible."""
        players, wt, v = self.r.players, self.r.wt, self.v
        for li in sorted(chosen):
            x = v[li]
            c = self.cls[li]
            rejected: set[int] = set()
            for lj in range(self.mdps, self.size):
                y = v[lj]
                d = self.cls[lj]
                if y in self.frozen or d in rejected or d not in self.tight[c]:
                    continue
                if not wt.compatible(players[x], players[y]):
                    continue
                if self._cover_feasible(chosen, {li, lj}):
                    self._freeze(x, y)
                    break
                rejected.add(d)
            else:
                raise ClassBail("MDP: no tight resident keeps the optimum")

    def _remainder(self, chosen: set[int]) -> list[int]:
        """Art. 4.3 (S1 and S2 of the remainder, at most one exchange), then
        the transpositions of Art. 4.2.  Returns the players left single
        (floaters, or the PAB)."""
        players, wt, v = self.r.players, self.r.wt, self.v
        single = [li for li in range(self.mdps) if li not in chosen]
        if any(not self.single_tight[self.cls[li]] for li in single):
            raise ClassBail("remainder: an unpaired MDP is not tight as a floater")
        if self.whole and len(single) > (self.dummy is not None):
            raise ClassBail("last bracket: more than the PAB left single")
        rem = [lj for lj in range(self.mdps, self.size) if v[lj] not in self.frozen]
        if self.whole:
            f = 1 if self.dummy is not None and not single else 0
            if (len(rem) - f) % 2:
                raise ClassBail("last bracket: remainder parity")
        else:
            # the need node's units the unpaired MDPs cannot take
            self.need_left = max(0, self.need - sum(1 for li in single
                                                    if self.need_tight[self.cls[li]]))
            f = self._fewest_single(rem)
        rp = (len(rem) - f) // 2
        plan = (self._sides(rem, rp, None, None) or self._one_exchange(rem, rp)
                or self._many_exchanges(rem, rp))
        if plan is None:
            raise ClassBail("remainder: no S1/S2 with at most one exchange")
        side, keys, sup, dem, arcs, flow = plan
        open2 = [q for q in range(len(rem)) if side[q] == 2]  # S2, not yet paired
        exact = _SideMatching(
            [q for q in range(len(rem)) if side[q] == 1], open2, keys, arcs,
            lambda q: self.single_tight[self.cls[rem[q]]],
            lambda q, q2: wt.compatible(players[v[rem[q]]], players[v[rem[q2]]]),
            (lambda q: self.need_tight[self.cls[rem[q]]]) if self.need_left else None)
        if not exact.build(flow):
            raise ClassBail("remainder: players' own S1-S2 matching fails")
        for q in range(len(rem)):
            if side[q] != 1:
                continue
            x = v[rem[q]]
            a = keys[q]
            rejected: set[tuple] = set()
            for q2 in open2[bisect.bisect_right(open2, q):]:
                y = v[rem[q2]]
                b = keys[q2]
                if b in rejected or b not in arcs[a]:
                    continue
                if not wt.compatible(players[x], players[y]):
                    continue
                sup[a] -= 1
                dem[b] -= 1
                if flow.get((a, b), 0) > 0:
                    flow[a, b] -= 1
                else:
                    nf = feasible(sup, dem, arcs, flow)
                    if nf is None:  # no class flow: no player of class b either
                        sup[a] += 1
                        dem[b] += 1
                        rejected.add(b)
                        continue
                    flow = nf
                if not exact.fix(q, q2):  # the players' own matching says no
                    sup[a] += 1
                    dem[b] += 1
                    flow = feasible(sup, dem, arcs, flow) or flow
                    continue
                self._freeze(x, y)
                open2.remove(q2)
                break
            else:
                raise ClassBail("remainder: transposition, no S2 player keeps the optimum")
        for q in range(len(rem)):
            if v[rem[q]] not in self.frozen:
                if side[q] != 2:
                    raise ClassBail("remainder: S1 player left single")
                single.append(rem[q])
        if not self._singles_ok(single):
            raise ClassBail("remainder: players left single are not tight")
        return [v[li] for li in single]

    def _fewest_single(self, rem: list[int]) -> int:
        """[C6]: the fewest remainder players left single (a relaxation:
        the double cover with the singles counted on both sides)."""
        cnt: dict[tuple, int] = {}
        for lj in rem:
            cnt["c", self.cls[lj]] = cnt.get(("c", self.cls[lj]), 0) + 1
        nodes = list(cnt)
        arcs: dict[tuple, list[tuple]] = {
            a: [b for b in nodes if b[1] in self.tight[a[1]]]
            + ([("F", 0)] if self.single_tight[a[1]] else []) for a in nodes}
        arcs["F", 0] = [a for a in nodes if self.single_tight[a[1]]]
        nl = self.need_left
        if nl:
            arcs["N", 0] = [a for a in nodes if self.need_tight[a[1]]]
            for a in arcs["N", 0]:
                arcs[a].append(("N", 0))
        # every count of singles up to the whole remainder (one-sided colour
        # classes can leave many: issue 31); each test is a flow on the classes
        for f in range(len(rem) % 2, len(rem) + 1, 2):
            if f < nl:
                continue
            c = dict(cnt)
            c["F", 0] = f - nl
            if nl:
                c["N", 0] = nl
            if feasible(c, c, arcs) is not None:
                return f
        raise ClassBail("remainder: no number of players left single fits the classes")

    def _sides(self, rem: list[int], rp: int, qa: int | None, qb: int | None):
        """S1 = the first ``rp`` of the remainder, less position ``qa``,
        plus position ``qb`` (Art. 4.3 exchange); a flow on the tight
        classes in which every S1 player meets a later S2 player, or None."""
        side: list[int] = []
        keys: list[tuple] = []
        sup: dict[tuple, int] = {}
        dem: dict[tuple, int] = {}
        for q, lj in enumerate(rem):
            c = self.cls[lj]
            if (q < rp and q != qa) or q == qb:
                k = ("1", c, qa is not None and q < qa, q == qb)
                side.append(1)
                sup[k] = sup.get(k, 0) + 1
            else:
                k = ("2", c, qb is not None and q > qb, q == qa)
                side.append(2)
                dem[k] = dem.get(k, 0) + 1
            keys.append(k)
        f = len(rem) - 2 * rp
        if f < 0:
            return None
        arcs: dict[tuple, list[tuple]] = {}
        for a in sup:
            # a meets b: tight, and b comes later (Art. 4.2: S1 meets S2)
            arcs[a] = [b for b in dem if b[1] in self.tight[a[1]]
                       and (not b[3] or a[2]) and (not a[3] or b[2])]
        return self._with_floaters(side, keys, sup, dem, arcs, f)

    def _with_floaters(self, side, keys, sup: dict, dem: dict, arcs: dict, f: int):
        """Add the ``f`` players floating down into the part (F; N: those the
        lower part needs, at most ``need_left``) as supplies, and solve the
        transport; None when it is infeasible."""
        nl = min(self.need_left, f)
        sup["F", 0, False, False] = f - nl
        arcs["F", 0, False, False] = [b for b in dem if self.single_tight[b[1]]]
        if nl:
            sup["N", 0, False, False] = nl
            arcs["N", 0, False, False] = [b for b in dem if self.need_tight[b[1]]]
        flow = feasible(sup, dem, arcs)
        if flow is None:
            return None
        return side, keys, sup, dem, arcs, flow

    def _one_exchange(self, rem: list[int], rp: int):
        """Art. 4.3: one S1 player (position ``qa``) and one S2 player
        (``qb``) change places — the smallest difference of their numbers
        first, then the lowest S1 player (as :meth:`BracketProcess._remainder`
        weighs them).  Two or more exchanges are left to the graph."""
        tries = 0
        for d in range(1, len(rem)):
            for qa in range(rp - 1, max(-1, rp - 1 - d), -1):
                qb = qa + d  # >= rp, since qa >= rp - d
                if qb >= len(rem):
                    continue
                tries += 1
                if tries > 400:
                    return None
                plan = self._sides(rem, rp, qa, qb)
                if plan is not None:
                    return plan
        return None

    def _many_exchanges(self, rem: list[int], rp: int):
        """Art. 4.3 with two or more exchanges (issue 31: XXP halves need
        many): S1 and S2 chosen on a matching of the remainder's *tight*,
        compatible pairs only — every best pairing is among its perfect
        matchings — with the ordering weights of
        :meth:`BracketProcess._remainder` (fewest exchanges, then the
        smallest BSN sum in S1, then the lowest S1 players go down first and
        the highest S2 players come up first).  Lexicographically best over
        a superset of the best pairings, so the best pairing's choice once
        the bracket is certified.  None when the remainder is too large."""
        m = len(rem)
        if m > MANY_EXCHANGES_MAX:
            return None
        players, wt, v = self.r.players, self.r.wt, self.v
        f = m - 2 * rp
        who = [players[v[lj]] for lj in rem]
        try:
            # a sparse graph priced against every tight pair (issue 31)
            found = choose_sides(m, rp, [self.cls[lj] for lj in rem], self.tight,
                                 [self.single_tight[self.cls[lj]] for lj in rem],
                                 lambda q, q2: wt.compatible(who[q], who[q2]))
        except NoSides as e:
            raise ClassBail("remainder: no S1/S2 on the tight pairs") from e
        if found is None:
            return None
        side = found
        keys: list[tuple] = []
        sup: dict[tuple, int] = {}
        dem: dict[tuple, int] = {}
        for q, lj in enumerate(rem):
            c = self.cls[lj]
            key = (str(side[q]), c, False, False)
            keys.append(key)
            book = sup if side[q] == 1 else dem
            book[key] = book.get(key, 0) + 1
        # the class flow forgets the order of positions (a relaxation: it
        # never refuses a transposition wrongly; the players' own matching,
        # _SideMatching, keeps S1 above S2)
        arcs: dict[tuple, list[tuple]] = {a: [b for b in dem if b[1] in self.tight[a[1]]]
                                          for a in sup}
        return self._with_floaters(side, keys, sup, dem, arcs, f)

    # ------------------------------------------------------------ certificate
    def certify_whole(self, single: list[int]) -> dict[int, int]:
        """The last bracket: exactly the player the dummy stands for is left
        (the PAB), or nobody."""
        if len(single) != (self.dummy is not None):
            raise ClassBail("last bracket: players left single are not the PAB")
        return {}

    def meet_next(self, single: list[int], nxt: list[int], taken: set[int]) -> dict[int, int]:
        """Each floater meets a distinct player of the next scoregroup ``nxt``
        (not one of ``taken``, which grows); each floater's partner."""
        players, wt = self.r.players, self.r.wt
        partner: dict[int, int] = {}
        for x in single:
            for y in nxt:
                if y not in taken and wt.compatible(players[x], players[y]):
                    partner[x] = y
                    taken.add(y)
                    break
            else:
                raise ClassBail("floater: no compatible player in the next scoregroup")
        return partner

    def absorbing_first(self, nxt: list[int]) -> list[int]:
        """``nxt`` with the players of its largest crowd (:func:`in_crowd`)
        first when it is more than half of it ([C1]/[C3]: they cannot meet each
        other, so floaters from above should meet them: issue 31)."""
        players = self.r.players
        c, k = excess(nxt, players)
        if k <= 0:
            return nxt
        return ([y for y in nxt if in_crowd(players[y], c)]
                + [y for y in nxt if not in_crowd(players[y], c)])

    def lower_need(self, lower: list[int], odd: bool) -> tuple[int, int]:
        """A crowd ``c`` (:func:`in_crowd`) of the lower part and how many
        players from above it needs at least (its players never meet each other,
        one of them may take the PAB): ``(c, need)``, need 0 if none."""
        if self.r.wt.topscorer_round:
            return 0, 0  # topscorers may meet their own class (Art. 1.8)
        c, k = excess(lower, self.r.players)
        return c, max(0, k - odd)

    def send_down(self, rest: list[int], low: list[int], c: int, need: int) -> None:
        """Move ``need`` players of ``rest`` not in crowd ``c``, the
        lowest first, into ``low`` (they meet the lower part's excess)."""
        players = self.r.players
        for y in reversed(list(rest)):
            if need <= 0:
                break
            if not in_crowd(players[y], c):
                rest.remove(y)
                low.append(y)
                need -= 1
        if need > 0:
            raise ClassBail("certificate: the lower part's crowd lacks partners above")

    def dirac(self, group: list[int]) -> bool:
        """:func:`dirac` on the round's conflict sets, else a perfect matching
        of ``group`` built greedily (:func:`find_perfect`: lopsided colour
        classes, dense forbidden pairs)."""
        r = self.r

        def compatible(a: int, b: int) -> bool:
            return r.wt.compatible(r.players[a], r.players[b])

        return (dirac(group, r.conflicts, r.colour_class, compatible)
                or has_perfect(group, r.conflicts, r.colour_class, compatible))


__all__ = ["ClassBail", "ClassBracket", "Conflicts", "conflict_sets", "dirac", "excess", "in_crowd"]
