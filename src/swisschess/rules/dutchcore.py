"""The Dutch system's core, shared by every edition (C.04.3: 2026 and 2017).

What every edition has in common lives here:

* the facts about each player the rules look at (:class:`Entrant`, built by
  :func:`entrants` in Art. 1.2 order: score, then TPN);
* the bracket-by-bracket decisions of Art. 3-4 on a weighted matching
  (:class:`BracketProcess`): which MDPs are paired (4.4), whom each meets
  (4.2), S1 and S2 of the remainder and the exchanges (4.3), the
  transpositions (4.2).  It asks its round for weights (``wt.weight``) and
  optima (``solve``) and so works for any edition's criteria;
* [C1]/[C3] compatibility (:class:`Compatibility`), the colour criteria
  [C10]-[C13] (:func:`colour_criteria`) and colour allocation (Art. 5,
  :func:`colour_of`);
* :func:`pair_dutch`: from a tournament to a :class:`Pairing`, given an
  edition's bracket process.

Each edition is a small module that says how it differs:
:mod:`swisschess.rules.dutch` (2026: the criteria [C1]-[C21] as weights, a
whole-round matching with a reduced lower part, classes for large brackets)
and :mod:`swisschess.rules.dutch2017` (PSD, the PPB and the collapsed last
bracket).
"""

from __future__ import annotations

import bisect
import math
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from swisschess.model.history import (
    Float,
    Strength,
    colour_preference,
    float_in_round,
    pab_eligible,
    played_colours,
    requested_bye,
    to_be_paired,
    unpaired_entries,
)
from swisschess.model.rounds import sort_boards
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.classlp import feasible, transport
from swisschess.pairing.result import Pairing

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE


@dataclass(slots=True)
class Entrant:
    """What the Dutch system needs to know about one player to be paired."""

    id: int
    rank: int  # 0-based position by TPN (Art. 1.1)
    score: Fraction  # with acceleration (Art. 1.2 / C.04.2)
    raw_score: Fraction  # without acceleration (board order)
    colours: list[Colour]  # played games only (handling rules 3.4)
    imbalance: int  # |colour difference| (Art. 1.6)
    preference: Colour  # Art. 1.7
    absolute: bool
    strong: bool
    repeated: Colour  # colour of the last two games when equal, else NONE
    played_games: int
    bye_eligible: bool  # [C2]
    floats: tuple[Float, Float]  # float one and two rounds before (Art. 1.4)
    forbidden: set[int] = field(default_factory=set)  # [C1] and XXP / 260
    skey: int = 0  # score as an integer key (exact, for speed)
    topscorer: bool = False  # Art. 1.8 (final round only)

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1


def _entrant(t: Tournament, pid: int, rank: int, rnd: int, edition: str,
             scores: list[dict[int, Fraction]]) -> Entrant:
    """``scores[k]``: every player's pairing score of round ``rnd - k``."""
    p = t.players[pid]
    history = p.results[: rnd - 1]
    cols = played_colours(p, rnd - 1)
    # Art. 1.6 / 1.7: colour difference and preference (model.history owns them)
    cp = colour_preference(cols)
    imbalance = abs(cp.difference)
    pref = cp.colour
    absolute = cp.strength is Strength.ABSOLUTE
    # the colour of the two latest games, when they are the same ([C11])
    repeated = cols[-1] if len(cols) >= 2 and cols[-1] is cols[-2] else NONE
    prev = rnd - 1
    floats = (
        float_in_round(t, pid, prev, edition, scores[1]) if prev >= 1 else Float.NONE,
        float_in_round(t, pid, prev - 1, edition, scores[2]) if prev >= 2 else Float.NONE,
    )
    forbidden = {e.opponent for e in history if e.played and e.opponent is not None}
    return Entrant(
        id=pid,
        rank=rank,
        score=scores[0][pid],
        raw_score=scores[0][pid] - t.acceleration(pid, rnd),
        colours=cols,
        imbalance=imbalance,
        preference=pref,
        absolute=absolute,
        strong=cp.strength is Strength.STRONG,
        repeated=repeated,
        played_games=len(cols),
        bye_eligible=pab_eligible(t, pid, rnd - 1, edition),
        floats=floats,
        forbidden=forbidden,
    )


def _takes_part(t: Tournament, p, rnd: int) -> bool:
    """Does the player count in the TPN order (Art. 1.1) when pairing ``rnd``?

    A player who never took part in a pairing and is absent now (an entry
    written for the round, or a bye request) does not count yet."""
    if any(e.paired for e in p.results):
        return True
    return len(p.results) <= rnd - 1 and requested_bye(t, p.id, rnd) is None


def field_bits(x: int) -> int:
    """Bits a weight field needs to count up to ``x``."""
    return max(1, int(x).bit_length())


class Compatibility:
    """[C1] and [C3] (2017: C.1, C.3): who may meet at all."""

    topscorer_round: bool

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        """[C1] no rematch (and prohibited pairs); [C3] absolute preferences."""
        if b.id in a.forbidden or a.id in b.forbidden:
            return False
        if a.absolute and b.absolute and a.preference is b.preference:
            # [C3] does not apply to topscorers in the final round (Art. 1.8)
            return self.topscorer_round and (a.topscorer or b.topscorer)
        return True

    def colour_compatible(self, a: Entrant, b: Entrant) -> bool:
        """[C3] alone: may two players with these colour facts meet?"""
        if a.absolute and b.absolute and a.preference is b.preference:
            return self.topscorer_round and (a.topscorer or b.topscorer)
        return True


def colour_criteria(p: Entrant, o: Entrant) -> tuple[bool, bool, bool, bool]:
    """[C10]-[C13] for the pair ``p``-``o`` (True: the criterion is met).

    [C10] no topscorer (or opponent) gets a colour difference beyond +-2;
    [C11] none gets the same colour three times in a row; [C12] both get their
    colour preference; [C13] both get their strong preference.  (2017: C.8-C.11.)
    """
    same = p.preference is o.preference and p.preference is not NONE
    c10 = not (same and p.absolute_imbalance and o.absolute_imbalance)
    if p.imbalance == o.imbalance:
        loser_ok = p.repeated is NONE or p.repeated is not o.repeated
    else:
        loser = o if p.imbalance > o.imbalance else p
        loser_ok = loser.repeated is not p.preference.opposite
    c11 = not (p.absolute and o.absolute and p.preference is o.preference) or loser_ok
    c13 = ((not p.strong and not p.absolute) or (not o.strong and not o.absolute)
           or (p.absolute and o.absolute) or p.preference is not o.preference)
    return c10, c11, not same, c13


class RoundState(Protocol):
    """What :class:`BracketProcess` needs from an edition's round."""

    players: list[Entrant]
    wt: Any  # the edition's weights: weight(), cb, ...
    g: Any  # the edition's matching graph: set_many(), set_vertex(), freeze_pair()
    cur: list[int]
    matched: list[bool]
    pairs: list[tuple[int, int]]

    def solve(self) -> None: ...


class BracketProcess:
    """One bracket: MDPs (if any), residents, and the next scoregroup."""

    def __init__(self, rnd: RoundState, bracket: list[int], mdps: int, size: int,
                 first_resident: int, first_next: int) -> None:
        self.r = rnd
        self.v = bracket  # list index -> vertex
        self.mdps = mdps  # bracket[:mdps] are MDPs
        self.size = size  # bracket[mdps:size] are residents, the rest the next group
        self.first_resident = first_resident
        self.first_next = first_next
        self.base: dict[tuple[int, int], int] = {}
        self.rem: list[int] = []
        self.rem_pairs = 0

    def pair(self) -> None:
        self._set_base_weights()
        self.r.solve()
        self._choose_mdps()
        self._pair_mdps()
        self._remainder()

    # Art. 2: weights of every pair within the bracket and the next group
    def _set_base_weights(self) -> None:
        r, v, size = self.r, self.v, self.size
        # two MDPs never meet in their bracket (Art. 4: S1 MDPs, S2 residents)
        changes = [(v[li], v[lj], 0) for lj in range(self.mdps) for li in range(lj)]
        for lj in range(self.mdps, len(v)):
            for li in range(lj):
                w = r.wt.weight(r.players[v[li]], r.players[v[lj]], lj < size, lj >= size)
                self.base[li, lj] = w
                changes.append((v[li], v[lj], w))
        r.g.set_many(changes)

    def _resident_mate(self, x: int) -> bool:
        return self.first_resident <= self.r.cur[x] < self.first_next

    def _pairs_down(self, x: int) -> bool:
        return x < self.r.cur[x] < self.first_next

    def _to_residents(self, k: int, f) -> dict[int, int]:
        """New weights of MDP ``k``'s edges to the residents: ``f(base)``."""
        out = {}
        for j in range(self.mdps, self.size):
            w = self.base.get((k, j), 0)
            if w:
                out[self.v[j]] = f(w)
        return out

    def _choose_mdps(self) -> None:
        """Art. 3.2 / 4.4: which MDPs are paired here (S1): the highest scores
        first ([C7]); among equal scores the earliest valid set (4.4.2)."""
        r, v, mdps = self.r, self.v, self.mdps
        residents = self.size - mdps
        i = 0
        while i < mdps:
            score = r.players[v[i]].skey
            j = i
            while j < mdps and r.players[v[j]].skey == score:
                j += 1
            left = j - i
            can = sum(1 for k in range(i, j) if self._resident_mate(v[k]))
            for k in range(i, j):
                if can == 0:
                    break
                x = v[k]
                if left <= can:
                    r.matched[x] = True
                    left -= 1
                    can -= 1
                    continue
                left -= 1
                if not self._resident_mate(x):
                    r.g.set_vertex(x, self._to_residents(k, lambda w: w + 1))
                    r.solve()
                if self._resident_mate(x):
                    r.matched[x] = True
                    can -= 1
                    r.g.set_vertex(x, self._to_residents(k, lambda w: w + residents + 1))
            i = j

    def _pair_mdps(self) -> None:
        """Art. 4.2: each paired MDP takes the highest resident possible."""
        r, v = self.r, self.v
        for k in range(self.mdps):
            if r.matched[v[k]]:
                lower_first = [j for j in range(self.size - 1, self.mdps - 1, -1)
                               if not r.matched[v[j]]]
                self._take_highest(k, lower_first, len(v), count_incompatible=False)

    def _take_highest(self, k: int, lower_first: list[int], bonus: int,
                      count_incompatible: bool) -> None:
        """Player ``k`` takes the highest-ranked candidate that keeps the best
        pairing (Art. 4.2): the candidates, lowest first, get increasing
        bonuses in the ordering bits; the pair the matching then makes is final."""
        r, v = self.r, self.v
        x = v[k]
        weights = {}
        for j in lower_first:
            w = self.base.get((k, j), 0)
            if w:
                weights[v[j]] = w + bonus
            if w or count_incompatible:
                bonus += 1
        r.g.set_vertex(x, weights)
        r.solve()
        m = r.cur[x]
        r.matched[x] = r.matched[m] = True
        r.g.freeze_pair(x, m)
        r.pairs.append((x, m))

    def _order_weight(self, li: int, lj: int, q: int) -> int:
        """Art. 4.3 resident exchanges: keep S1 players in S1 (fewest
        exchanges), then prefer the smallest BSNs above."""
        w = self.base.get((li, lj), 0)
        return w + self._order_bonus(q) if w else 0

    def _order_bonus(self, q: int) -> int:
        """The Art. 4.3 ordering bonus of a pair whose upper player is the
        ``q``-th of the remainder."""
        return (((q < self.rem_pairs) << (2 * self.r.wt.cb)) - q) << 1

    def _remainder(self) -> None:
        """Pair the remainder (or the homogeneous bracket): Art. 3.3, 4.2, 4.3."""
        r, v = self.r, self.v
        rem = [j for j in range(self.mdps, self.size) if r.cur[v[j]] >= self.first_resident]
        self.rem = rem
        self.rem_pairs = sum(1 for j in rem if r.cur[v[j]] < v[j])
        rem_pairs = self.rem_pairs
        # The ordering bonus of a pair depends on its upper player only:
        # lifting those players' duals by it keeps most of the optimum.
        changes = []
        lift = {}
        for q, li in enumerate(rem):
            bonus = self._order_bonus(q)
            if bonus > 0:
                lift[v[li]] = bonus
            for lj in rem[q + 1:]:
                changes.append((v[li], v[lj], self._order_weight(li, lj, q)))
        r.g.set_many(changes, lift)
        r.solve()
        exchanges = sum(1 for li in rem[:rem_pairs] if not self._pairs_down(v[li]))
        # Art. 4.3: which S1 players go down to S2 — the lowest ones first.
        left = exchanges
        q = rem_pairs
        while q > 0 and left:
            q -= 1
            li = rem[q]
            x = v[li]
            if self._pairs_down(x):
                weights = {}
                for lj in rem[q + 1:]:
                    w = self._order_weight(li, lj, q)
                    if w:
                        weights[v[lj]] = w - 1
                r.g.set_vertex(x, weights)
                r.solve()
            ex = not self._pairs_down(x)
            left -= ex
            weights = {}
            for lj in rem[q + 1:]:
                if ex:
                    self.base[li, lj] = 0
                weights[v[lj]] = self._order_weight(li, lj, q)
            r.g.set_vertex(x, weights)
        # Art. 4.3: which S2 players come up to S1 — the highest ones first.
        left = exchanges
        for q in range(rem_pairs, len(rem)):
            if left <= 1:
                break
            li = rem[q]
            x = v[li]
            already = self._pairs_down(x)
            if not already:
                weights = {}
                for lj in rem[q + 1:]:
                    w = self._order_weight(li, lj, q)
                    if w:
                        weights[v[lj]] = w + 1
                r.g.set_vertex(x, weights)
                r.solve()
            if self._pairs_down(x):
                left -= 1
                weights = {}
                for lk in rem[:q]:
                    self.base[lk, li] = 0
                    weights[v[lk]] = 0
                for lk in range(self.size, len(v)):
                    self.base[li, lk] = 0
                    weights[v[lk]] = 0
                r.g.set_vertex(x, weights)
            if not already:
                r.g.set_vertex(x, {v[lj]: self._order_weight(li, lj, q) for lj in rem[q + 1:]})
        # Fix who is in S1 (pairs downwards) and S2; drop the ordering bonus.
        for q, li in enumerate(rem):
            x = v[li]
            down = self._pairs_down(x)
            for lj in rem[q + 1:]:
                u = v[lj]
                if not down or self._pairs_down(u):
                    self.base[li, lj] = 0
                r.g.set(x, u, self.base.get((li, lj), 0))
        # Art. 4.2 transpositions: each S1 player, in order, takes the highest
        # S2 player that keeps the best pairing possible.
        for li in rem:
            if self._pairs_down(v[li]):
                lower_first = [lj for lj in reversed(rem) if lj > li and not r.matched[v[lj]]]
                self._take_highest(li, lower_first, 0, count_incompatible=True)


def conflict_sets(players: list[Entrant]) -> tuple[list[set[int]], list[int]]:
    """For degree bounds: each player's [C1] conflicts (positions in
    ``players``) and [C3] colour class (1: absolute White, 2: absolute Black,
    0: neither; two players of one non-zero class never meet, topscorers of
    the final round aside — so the bound stays a lower bound)."""
    pos = {p.id: k for k, p in enumerate(players)}
    conflicts: list[set[int]] = [set() for _ in players]
    for k, p in enumerate(players):
        for x in p.forbidden:
            j = pos.get(x)
            if j is not None:
                conflicts[k].add(j)
                conflicts[j].add(k)
    cls = [(1 if p.preference is W else 2) if p.absolute else 0 for p in players]
    return conflicts, cls


def dirac(group: list[int], conflicts: list[set[int]], colour_class: list[int],
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
    per_class: dict[int, int] = {}
    for x in group:
        c = colour_class[x]
        if c:
            per_class[c] = per_class.get(c, 0) + 1
    for x in group:
        c = colour_class[x]
        deg = h - 1 - sum(1 for y in conflicts[x] if y in members)
        if c:
            deg -= per_class[c] - 1
        if 2 * deg < h:
            return False
    return True


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
                 compatible: Callable[[int, int], bool]) -> None:
        self.key = key
        self.arcs = arcs
        self.single_ok = single_ok
        self.compatible = compatible
        self.by_key: dict[Any, list[int]] = {}
        for w in s2:
            self.by_key.setdefault(key[w], []).append(w)
        self.float_keys = [b for b, ws in self.by_key.items() if single_ok(ws[0])]
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
        floats = set(self.floats) if x1 == _FLOAT or self.need_floats else None
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
        if floats is not None:
            self.floats = floats
        self.fixed.difference_update((q, q2))
        return False


class ClassBracket:
    """One bracket paired on *classes* of alike players (large rounds).

    Same decisions as :class:`BracketProcess`, in the same order, on the same
    weights — only asked differently (see :mod:`swisschess.pairing.classlp`):

    1. Players of the bracket with the same facts (score, colour preference
       and strength, floats, PAB facts, MDP or resident) form a class; the
       weight of a pair is :meth:`_Weights.raw_weight` of two representatives,
       less the parts every complete pairing has anyway (``unit`` and the
       players' shares).
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
       round can really be paired as step 2 assumed (:meth:`_certify`).
       Then the pairing is optimal, and every "no" of step 3 was right, so
       it is the pairing :class:`BracketProcess` makes.  Otherwise nothing is
       changed and the bracket goes to :class:`BracketProcess` (``pair`` is False).

    Exchanges between S1 and S2 (Art. 4.3) are left to :class:`BracketProcess`.
    """

    def __init__(self, rnd: Any, bracket: list[int], mdps: int, size: int,
                 lower_start: int) -> None:
        self.r = rnd
        self.v = bracket
        self.mdps = mdps
        self.size = size
        self.lower_start = lower_start
        self.whole = size == len(bracket) and lower_start == rnd.n
        self.pairs: list[tuple[int, int]] = []
        self.frozen: set[int] = set()

    # ------------------------------------------------------------ outline
    def pair(self) -> bool:
        if not self.whole and self.size == len(self.v):
            return False  # no next scoregroup, but players below: not handled
        try:
            self._classes()
            self._optimum()
            chosen = self._choose_mdps()
            self._pair_mdps(chosen)
            single = self._remainder(chosen)
            partner = self.certify(single)
        except ClassBail:
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
                p.floats, p.bye_eligible, p.played_games, p.topscorer)

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
                if not wt.colour_compatible(hi, lo):
                    continue
                self.w[c, d] = self.w[d, c] = self.pair_value(hi, lo)
        # a player left single: floats down or takes the PAB
        self.single = self.single_values()

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
        dummy = None
        if sum(count) % 2:
            dummy = k
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
            raise ClassBail
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
        self.single_tight = [a or b for a, b in zip(self.self_tight, self.dummy_tight, strict=True)]

    def _singles_ok(self, single: list[int]) -> bool:
        """The players left single (bracket positions) are tight as such:
        one with the dummy (odd bracket), the others on their own."""
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
                raise ClassBail

    def _remainder(self, chosen: set[int]) -> list[int]:
        """Art. 4.3 (S1 and S2 of the remainder, at most one exchange), then
        the transpositions of Art. 4.2.  Returns the players left single
        (floaters, or the PAB)."""
        players, wt, v = self.r.players, self.r.wt, self.v
        single = [li for li in range(self.mdps) if li not in chosen]
        if any(not self.single_tight[self.cls[li]] for li in single):
            raise ClassBail
        if self.whole and len(single) > (self.dummy is not None):
            raise ClassBail
        rem = [lj for lj in range(self.mdps, self.size) if v[lj] not in self.frozen]
        if self.whole:
            f = 1 if self.dummy is not None and not single else 0
            if (len(rem) - f) % 2:
                raise ClassBail
        else:
            f = self._fewest_single(rem)
        rp = (len(rem) - f) // 2
        plan = self._sides(rem, rp, None, None) or self._one_exchange(rem, rp)
        if plan is None:
            raise ClassBail
        side, keys, sup, dem, arcs, flow = plan
        open2 = [q for q in range(len(rem)) if side[q] == 2]  # S2, not yet paired
        exact = _SideMatching(
            [q for q in range(len(rem)) if side[q] == 1], open2, keys, arcs,
            lambda q: self.single_tight[self.cls[rem[q]]],
            lambda q, q2: wt.compatible(players[v[rem[q]]], players[v[rem[q2]]]))
        if not exact.build(flow):
            raise ClassBail
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
                raise ClassBail
        for q in range(len(rem)):
            if v[rem[q]] not in self.frozen:
                if side[q] != 2:
                    raise ClassBail
                single.append(rem[q])
        if not self._singles_ok(single):
            raise ClassBail
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
        for f in range(len(rem) % 2, min(len(rem), 8) + 1, 2):
            c = dict(cnt)
            c["F", 0] = f
            if feasible(c, c, arcs) is not None:
                return f
        raise ClassBail

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
        sup["F", 0, False, False] = f
        arcs["F", 0, False, False] = [b for b in dem if self.single_tight[b[1]]]
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
                qb = qa + d
                if qb < rp:
                    continue
                if qb >= len(rem):
                    continue
                tries += 1
                if tries > 400:
                    return None
                plan = self._sides(rem, rp, qa, qb)
                if plan is not None:
                    return plan
        return None

    # ------------------------------------------------------------ certificate
    def dirac(self, group: list[int]) -> bool:
        """:func:`dirac` on the round's conflict sets."""
        r = self.r
        return dirac(group, r.conflicts, r.colour_class,
                     lambda a, b: r.wt.compatible(r.players[a], r.players[b]))


def _neutral_colour(p: Entrant, o: Entrant) -> Colour:
    """Colour for ``p`` by Art. 5.2.1-5.2.3 (NONE if they do not decide)."""
    if p.preference is NONE or o.preference is NONE or p.preference is not o.preference:
        # 5.2.1 both preferences can be granted
        if p.preference is not NONE:
            return p.preference
        if o.preference is not NONE:
            return o.preference.opposite
        return NONE
    # 5.2.2 the stronger preference (both absolute: the wider imbalance)
    if p.absolute and (p.imbalance > o.imbalance or not o.absolute):
        return p.preference
    if o.absolute and (o.imbalance > p.imbalance or not p.absolute):
        return o.preference.opposite
    if p.strong and not o.strong:
        return p.preference
    if o.strong and not p.strong:
        return o.preference.opposite
    # 5.2.3 alternate from the latest round in which they had different colours
    for cp, co in zip(reversed(p.colours), reversed(o.colours), strict=False):
        if cp is not co:
            return co
    return NONE


def colour_of(p: Entrant, o: Entrant, initial: Colour) -> Colour:
    """Colour of ``p`` against ``o`` (Art. 5.2)."""
    c = _neutral_colour(p, o)
    if c is not NONE:
        return c
    p_higher = (p.score, -p.rank) > (o.score, -o.rank)
    if p.preference is NONE:
        # 5.2.5 the higher-ranked player gets the initial colour if his TPN is odd
        if p_higher:
            return initial if p.rank % 2 == 0 else initial.opposite
        return initial.opposite if o.rank % 2 == 0 else initial
    # 5.2.4 the higher-ranked player's preference
    return p.preference if p_higher else o.preference.opposite


def entrants(t: Tournament, rnd: int | None = None, edition: str = "2026") -> list[Entrant]:
    """The players to pair in round ``rnd`` (default: the next), in Art. 1.2
    order (score, then TPN), with what the Dutch system needs to know about
    each: colour preference, floats, PAB eligibility, forbidden opponents."""
    if rnd is None:
        rnd = t.rounds_recorded() + 1
    ids = to_be_paired(t, rnd)
    # Art. 1.1 TPN order; players who never took part in a pairing and are
    # absent now are not counted (their TPN is not yet effective).
    rank = {pid: k for k, pid in enumerate(
        pid for pid in sorted(t.players) if _takes_part(t, t.players[pid], rnd))}
    # pairing scores (score before the round plus acceleration) of this
    # round and the two before (floats, Art. 1.4), each computed once
    scores = [{pid: t.score(pid, r - 1) + t.acceleration(pid, r) for pid in t.players}
              if r >= 1 else {} for r in (rnd, rnd - 1, rnd - 2)]
    players = [_entrant(t, pid, rank[pid], rnd, edition, scores) for pid in ids]
    for f in t.forbidden:
        if f.first_round <= rnd <= f.last_round:
            for p in players:
                if p.id in f.ids:
                    p.forbidden.update(x for x in f.ids if x != p.id)
    if not players:
        return players
    unit = math.lcm(*(p.score.denominator for p in players))
    for p in players:
        p.skey = int(p.score * unit)
    players.sort(key=lambda p: (-p.skey, p.rank))
    played = rnd - 1
    limit = Fraction(played) * max(t.points.win, t.points.draw) / 2  # Art. 1.8 topscorers
    for p in players:
        p.topscorer = p.score > limit
    return players


def pair_dutch(t: Tournament, edition: str,
               pair_players: Callable[[list[Entrant], bool, int], list[int]]) -> Pairing:
    """Pair the next round of ``t`` by the Dutch system.

    ``pair_players(players, topscorer_round, played_rounds)`` pairs the
    entrants (sorted by Art. 1.2) and returns each one's mate; the other rule
    editions pass their own (see :mod:`swisschess.rules.dutch2017`)."""
    rnd = t.rounds_recorded() + 1
    ids = to_be_paired(t, rnd)
    pairing = Pairing(round=rnd, unpaired=unpaired_entries(t, rnd))
    if not ids:
        return pairing
    players = entrants(t, rnd, edition)
    played = rnd - 1
    total = t.rounds or rnd
    if len(players) == 1:
        mate = [0]
    else:
        mate = pair_players(players, played >= total - 1, played)
    initial = t.initial_colour or W
    boards = []
    for v, m in enumerate(mate):
        if m == v:
            pairing.bye = players[v].id
        elif players[v].id < players[m].id:
            p, o = players[v], players[m]
            if colour_of(p, o, initial) is W:
                boards.append((p, o))
            else:
                boards.append((o, p))
    boards = sort_boards(boards, lambda p: p.raw_score, lambda p: p.rank)
    pairing.boards = [(w.id, b.id) for w, b in boards]
    return pairing
