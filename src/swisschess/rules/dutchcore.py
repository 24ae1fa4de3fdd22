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

import math
from collections.abc import Callable
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
    #: the prohibited-pair groups (XXP / 260) the player is in this round, by
    #: index: two players sharing one never meet (classes use it, issue 31)
    groups: tuple[int, ...] = ()

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
    for g, f in enumerate(t.forbidden):
        if f.first_round <= rnd <= f.last_round:
            members = set(f.ids)
            for p in players:
                if p.id in members:
                    p.forbidden.update(x for x in f.ids if x != p.id)
                    p.groups += (g,)
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
