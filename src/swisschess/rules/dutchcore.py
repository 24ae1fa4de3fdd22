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
* :func:`run_brackets`: the one Art. 1.3 / Art. 3 walk from the top
  scoregroup down, bracket by bracket (2017: A.3, A.9), which calls the
  edition's hooks (:class:`DutchRound`);
* :func:`pair_dutch`: from a tournament to a :class:`Pairing`, given an
  edition (:class:`DutchEdition`).

Each edition is a small module that says how it differs, and exports one
:class:`DutchEdition` object naming its criteria, its facts and its round:
:mod:`swisschess.rules.dutch` (``DUTCH_2026``: the criteria [C1]-[C21] as
weights, a whole-round matching with a reduced lower part, classes for large
brackets) and :mod:`swisschess.rules.dutch2017` (``DUTCH_2017``: PSD, the PPB
and the collapsed last bracket).  The edition is never a string here: the
strings ("2026", the TRF ``192`` code, the store's setting) are mapped to
these objects once, in :mod:`swisschess.pairing.registry`.

The pipeline of one round::

    pair_dutch(t, edition)
      -> entrants(t, rnd, edition.facts)       the players' facts (Art. 1.1-1.9)
      -> edition.new_round(players, ...)       the edition's weights and graph
      -> run_brackets(round)                   Art. 1.3 / 3: bracket by bracket,
           round.pair_bracket(...)               BracketProcess (Art. 4) on the
                                                 edition's graph, or classes
      -> colour_of, sort_boards                Art. 5.2, board order
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, Protocol

from swisschess.model import history
from swisschess.model.history import Float, Strength
from swisschess.model.rounds import sort_boards
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.result import Pairing

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE

#: The rule texts whose history facts :mod:`swisschess.model.history` knows.
HistoryText = Literal["2026", "2017", "1992"]


@dataclass(frozen=True, slots=True)
class DutchFacts:
    """The facts from a player's history that differ between the texts.

    * floats: 2026 Art. 1.4 (a player who did not play floats down only after
      a PAB or a win's points without playing), 2017 A.4 (anyone who did not
      play floats down), 1992 A4/A5;
    * PAB eligibility: 2026 [C2], 2017 C.2, 1992 B1b.

    Both are computed by :mod:`swisschess.model.history`, which keys them by
    the text's year (``text``); an edition object carries its own facts, so
    its criteria cannot be mixed with another text's facts.
    """

    text: HistoryText

    def float_in_round(self, t: Tournament, pid: int, rnd: int,
                       scores: Mapping[int, Fraction] | None = None) -> Float:
        """The float ``pid`` received in round ``rnd``."""
        return history.float_in_round(t, pid, rnd, self.text, scores)

    def pab_eligible(self, t: Tournament, pid: int, upto: int) -> bool:
        """May ``pid`` receive the PAB, judged on rounds ``1..upto``?"""
        return history.pab_eligible(t, pid, upto, self.text)


FACTS_2026 = DutchFacts("2026")
FACTS_2017 = DutchFacts("2017")
#: the 1992 text's floats and bye (the explainer's view of a 1992 round)
FACTS_1992 = DutchFacts("1992")


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
    #: [C1] opponents already met; the XXP / 260 groups are in ``groups``
    #: (not copied here: two groups of 5,000 would cost 50 M ids, issue 31)
    forbidden: set[int] = field(default_factory=set)
    skey: int = 0  # score as an integer key (exact, for speed)
    topscorer: bool = False  # Art. 1.8 (final round only)
    #: the prohibited-pair groups (XXP / 260) the player is in this round, by
    #: index: two players sharing one never meet (classes use it, issue 31)
    groups: tuple[int, ...] = ()

    def barred(self, other: Entrant) -> bool:
        """[C1]: may ``self`` and ``other`` never meet (met before, or in one
        prohibited-pair group, XXP / 260)?"""
        if other.id in self.forbidden or self.id in other.forbidden:
            return True
        return bool(self.groups and other.groups) and not set(self.groups).isdisjoint(other.groups)

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1


def _entrant(t: Tournament, pid: int, rank: int, rnd: int, facts: DutchFacts,
             scores: list[dict[int, Fraction]]) -> Entrant:
    """``scores[k]``: every player's pairing score of round ``rnd - k``."""
    p = t.players[pid]
    past = p.results[: rnd - 1]
    cols = history.played_colours(p, rnd - 1)
    # Art. 1.6 / 1.7: colour difference and preference (model.history owns them)
    cp = history.colour_preference(cols)
    imbalance = abs(cp.difference)
    pref = cp.colour
    absolute = cp.strength is Strength.ABSOLUTE
    # the colour of the two latest games, when they are the same ([C11])
    repeated = cols[-1] if len(cols) >= 2 and cols[-1] is cols[-2] else NONE
    prev = rnd - 1
    floats = (
        facts.float_in_round(t, pid, prev, scores[1]) if prev >= 1 else Float.NONE,
        facts.float_in_round(t, pid, prev - 1, scores[2]) if prev >= 2 else Float.NONE,
    )
    forbidden = {e.opponent for e in past if e.played and e.opponent is not None}
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
        bye_eligible=facts.pab_eligible(t, pid, rnd - 1),
        floats=floats,
        forbidden=forbidden,
    )


def _takes_part(t: Tournament, p, rnd: int) -> bool:
    """Does the player count in the TPN order (Art. 1.1) when pairing ``rnd``?

    A player who never took part in a pairing and is absent now (an entry
    written for the round, or a bye request) does not count yet."""
    if any(e.paired for e in p.results):
        return True
    return len(p.results) <= rnd - 1 and history.requested_bye(t, p.id, rnd) is None


def field_bits(x: int) -> int:
    """Bits a weight field needs to count up to ``x``."""
    return max(1, int(x).bit_length())


class Compatibility:
    """[C1] and [C3] (2017: C.1, C.3): who may meet at all."""

    topscorer_round: bool

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        """[C1] no rematch (and prohibited pairs); [C3] absolute preferences."""
        if a.barred(b):
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


class BracketWeights(Protocol):
    """An edition's criteria as edge weights, as :class:`BracketProcess` reads them."""

    @property
    def cb(self) -> int:
        """Bits of a counting field (the Art. 4 ordering bonuses sit in the
        lowest ``3 * cb + 1`` bits, below every criterion)."""
        ...

    def weight(self, hi: Entrant, lo: Entrant, in_current: bool, in_next: bool) -> int:
        """The weight of the pair ``hi``-``lo`` (0: they may not meet)."""
        ...


class BracketGraph(Protocol):
    """The weighted graph an edition's round pairs on (see
    :class:`~swisschess.pairing.matching.MatchingGraph`); vertices are the
    players' positions in Art. 1.2 order, 0 is no edge."""

    def set(self, a: int, b: int, w: int) -> None: ...

    def set_many(self, changes: list[tuple[int, int, int]],
                 lift: dict[int, int] | None = None) -> None: ...

    def set_vertex(self, v: int, weights: dict[int, int]) -> None: ...

    def freeze_pair(self, a: int, b: int) -> None: ...


class RoundState(Protocol):
    """What :class:`BracketProcess` needs from an edition's round."""

    @property
    def players(self) -> list[Entrant]:
        """The entrants in Art. 1.2 order (vertex ``k`` is ``players[k]``)."""
        ...

    @property
    def wt(self) -> BracketWeights:
        """The edition's criteria as weights."""
        ...

    @property
    def g(self) -> BracketGraph:
        """The graph of the bracket being paired."""
        ...

    @property
    def cur(self) -> list[int]:
        """Every vertex's mate in the last optimum (:meth:`solve`)."""
        ...

    @property
    def matched(self) -> list[bool]:
        """Vertices whose pair is final."""
        ...

    @property
    def pairs(self) -> list[tuple[int, int]]:
        """The final pairs so far, in the order they were made."""
        ...

    def solve(self) -> None:
        """Re-optimise the graph; the optimum is then in :attr:`cur`."""
        ...


class DutchRound(RoundState, Protocol):
    """An edition's round as :func:`run_brackets` drives it: the state
    :class:`BracketProcess` works on, plus the edition's hooks."""

    @property
    def collapsed(self) -> bool:
        """The bracket takes every player left below it, not only the next
        scoregroup (2017 A.9: the PPB with the collapsed last bracket)."""
        ...

    def start(self) -> None:
        """Before the first bracket: can the round be paired at all ([C1]-[C4];
        2017 C.1-C.3, A.9), and with which score does the PAB go ([C5])?
        Raises :class:`~swisschess.pairing.result.PairingError` when not."""

    def pair_bracket(self, bracket: list[int], mdps: int, size: int, first_resident: int,
                     first_next: int, lower_start: int) -> None:
        """Pair one bracket (Art. 3-4): ``bracket[:mdps]`` MDPs,
        ``bracket[mdps:size]`` residents, ``bracket[size:]`` the next
        scoregroup; players from ``lower_start`` on are below it."""

    def bracket_paired(self, bracket: list[int], size: int, group_start: int,
                       lower_start: int) -> bool:
        """After a bracket: True to pair it again, together with every player
        below (2017 A.9: the round could no longer be completed, so this
        bracket is the PPB)."""
        ...

    def next_bracket(self, bracket: list[int], group_start: int) -> None:
        """The next bracket is ``bracket``: the downfloaters (MDPs), then the
        scoregroup starting at ``group_start``."""

    def mates(self) -> list[int]:
        """Every vertex's mate once all brackets are paired (itself: the PAB)."""
        ...


class BracketProcess:
    """One bracket: MDPs (if any), residents, and the next scoregroup."""

    def __init__(self, rnd: RoundState, bracket: list[int], mdps: int, size: int,
                 first_resident: int, first_next: int) -> None:
        self.state = rnd
        self.vertices = bracket  # list index -> vertex
        self.mdps = mdps  # bracket[:mdps] are MDPs
        self.size = size  # bracket[mdps:size] are residents, the rest the next group
        self.first_resident = first_resident
        self.first_next = first_next
        self.base: dict[tuple[int, int], int] = {}
        self.rem: list[int] = []
        self.rem_pairs = 0

    def pair(self) -> None:
        self._set_base_weights()
        self.state.solve()
        self._choose_mdps()
        self._pair_mdps()
        self._remainder()

    # Art. 2: weights of every pair within the bracket and the next group
    def _set_base_weights(self) -> None:
        state, vertices, size = self.state, self.vertices, self.size
        players, weight = state.players, state.wt.weight
        # two MDPs never meet in their bracket (Art. 4: S1 MDPs, S2 residents)
        changes = [(vertices[li], vertices[lj], 0) for lj in range(self.mdps) for li in range(lj)]
        for lj in range(self.mdps, len(vertices)):
            lo = players[vertices[lj]]
            for li in range(lj):
                w = weight(players[vertices[li]], lo, lj < size, lj >= size)
                self.base[li, lj] = w
                changes.append((vertices[li], vertices[lj], w))
        state.g.set_many(changes)

    def _resident_mate(self, x: int) -> bool:
        return self.first_resident <= self.state.cur[x] < self.first_next

    def _pairs_down(self, x: int) -> bool:
        return x < self.state.cur[x] < self.first_next

    def _to_residents(self, k: int, f) -> dict[int, int]:
        """New weights of MDP ``k``'s edges to the residents: ``f(base)``."""
        out = {}
        for j in range(self.mdps, self.size):
            w = self.base.get((k, j), 0)
            if w:
                out[self.vertices[j]] = f(w)
        return out

    def _choose_mdps(self) -> None:
        """Art. 3.2 / 4.4: which MDPs are paired here (S1): the highest scores
        first ([C7]); among equal scores the earliest valid set (4.4.2)."""
        state, vertices, mdps = self.state, self.vertices, self.mdps
        residents = self.size - mdps
        i = 0
        while i < mdps:
            score = state.players[vertices[i]].skey
            j = i
            while j < mdps and state.players[vertices[j]].skey == score:
                j += 1
            left = j - i
            can = sum(1 for k in range(i, j) if self._resident_mate(vertices[k]))
            for k in range(i, j):
                if can == 0:
                    break
                x = vertices[k]
                if left <= can:
                    state.matched[x] = True
                    left -= 1
                    can -= 1
                    continue
                left -= 1
                if not self._resident_mate(x):
                    state.g.set_vertex(x, self._to_residents(k, lambda w: w + 1))
                    state.solve()
                if self._resident_mate(x):
                    state.matched[x] = True
                    can -= 1
                    state.g.set_vertex(x, self._to_residents(k, lambda w: w + residents + 1))
            i = j

    def _pair_mdps(self) -> None:
        """Art. 4.2: each paired MDP takes the highest resident possible."""
        state, vertices = self.state, self.vertices
        for k in range(self.mdps):
            if state.matched[vertices[k]]:
                lower_first = [j for j in range(self.size - 1, self.mdps - 1, -1)
                               if not state.matched[vertices[j]]]
                self._take_highest(k, lower_first, len(vertices), count_incompatible=False)

    def _take_highest(self, k: int, lower_first: list[int], bonus: int,
                      count_incompatible: bool) -> None:
        """Player ``k`` takes the highest-ranked candidate that keeps the best
        pairing (Art. 4.2): the candidates, lowest first, get increasing
        bonuses in the ordering bits; the pair the matching then makes is final."""
        state, vertices = self.state, self.vertices
        x = vertices[k]
        weights = {}
        for j in lower_first:
            w = self.base.get((k, j), 0)
            if w:
                weights[vertices[j]] = w + bonus
            if w or count_incompatible:
                bonus += 1
        state.g.set_vertex(x, weights)
        state.solve()
        m = state.cur[x]
        state.matched[x] = state.matched[m] = True
        state.g.freeze_pair(x, m)
        state.pairs.append((x, m))

    def _order_weight(self, li: int, lj: int, q: int) -> int:
        """Art. 4.3 resident exchanges: keep S1 players in S1 (fewest
        exchanges), then prefer the smallest BSNs above."""
        w = self.base.get((li, lj), 0)
        return w + self._order_bonus(q) if w else 0

    def _order_bonus(self, q: int) -> int:
        """The Art. 4.3 ordering bonus of a pair whose upper player is the
        ``q``-th of the remainder."""
        return (((q < self.rem_pairs) << (2 * self.state.wt.cb)) - q) << 1

    def _remainder(self) -> None:
        """Pair the remainder (or the homogeneous bracket): Art. 3.3, 4.2, 4.3."""
        state, vertices = self.state, self.vertices
        rem = [j for j in range(self.mdps, self.size) if state.cur[vertices[j]] >= self.first_resident]
        self.rem = rem
        self.rem_pairs = sum(1 for j in rem if state.cur[vertices[j]] < vertices[j])
        rem_pairs = self.rem_pairs
        # The ordering bonus of a pair depends on its upper player only:
        # lifting those players' duals by it keeps most of the optimum.
        changes = []
        lift = {}
        for q, li in enumerate(rem):
            bonus = self._order_bonus(q)
            if bonus > 0:
                lift[vertices[li]] = bonus
            for lj in rem[q + 1:]:
                changes.append((vertices[li], vertices[lj], self._order_weight(li, lj, q)))
        state.g.set_many(changes, lift)
        state.solve()
        exchanges = sum(1 for li in rem[:rem_pairs] if not self._pairs_down(vertices[li]))
        # Art. 4.3: which S1 players go down to S2 — the lowest ones first.
        left = exchanges
        q = rem_pairs
        while q > 0 and left:
            q -= 1
            li = rem[q]
            x = vertices[li]
            if self._pairs_down(x):
                weights = {}
                for lj in rem[q + 1:]:
                    w = self._order_weight(li, lj, q)
                    if w:
                        weights[vertices[lj]] = w - 1
                state.g.set_vertex(x, weights)
                state.solve()
            ex = not self._pairs_down(x)
            left -= ex
            weights = {}
            for lj in rem[q + 1:]:
                if ex:
                    self.base[li, lj] = 0
                weights[vertices[lj]] = self._order_weight(li, lj, q)
            state.g.set_vertex(x, weights)
        # Art. 4.3: which S2 players come up to S1 — the highest ones first.
        left = exchanges
        for q in range(rem_pairs, len(rem)):
            if left <= 1:
                break
            li = rem[q]
            x = vertices[li]
            already = self._pairs_down(x)
            if not already:
                weights = {}
                for lj in rem[q + 1:]:
                    w = self._order_weight(li, lj, q)
                    if w:
                        weights[vertices[lj]] = w + 1
                state.g.set_vertex(x, weights)
                state.solve()
            if self._pairs_down(x):
                left -= 1
                weights = {}
                for lk in rem[:q]:
                    self.base[lk, li] = 0
                    weights[vertices[lk]] = 0
                for lk in range(self.size, len(vertices)):
                    self.base[li, lk] = 0
                    weights[vertices[lk]] = 0
                state.g.set_vertex(x, weights)
            if not already:
                state.g.set_vertex(x, {vertices[lj]: self._order_weight(li, lj, q) for lj in rem[q + 1:]})
        # Fix who is in S1 (pairs downwards) and S2; drop the ordering bonus.
        for q, li in enumerate(rem):
            x = vertices[li]
            down = self._pairs_down(x)
            for lj in rem[q + 1:]:
                u = vertices[lj]
                if not down or self._pairs_down(u):
                    self.base[li, lj] = 0
                state.g.set(x, u, self.base.get((li, lj), 0))
        # Art. 4.2 transpositions: each S1 player, in order, takes the highest
        # S2 player that keeps the best pairing possible.
        for li in rem:
            if self._pairs_down(vertices[li]):
                lower_first = [lj for lj in reversed(rem) if lj > li and not state.matched[vertices[lj]]]
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


def entrants(t: Tournament, rnd: int | None = None,
             facts: DutchFacts = FACTS_2026) -> list[Entrant]:
    """The players to pair in round ``rnd`` (default: the next), in Art. 1.2
    order (score, then TPN), with what the Dutch system needs to know about
    each: colour preference, floats, PAB eligibility (both by ``facts``),
    forbidden opponents."""
    if rnd is None:
        rnd = t.rounds_recorded() + 1
    ids = history.to_be_paired(t, rnd)
    # Art. 1.1 TPN order; players who never took part in a pairing and are
    # absent now are not counted (their TPN is not yet effective).
    rank = {pid: k for k, pid in enumerate(
        pid for pid in sorted(t.players) if _takes_part(t, t.players[pid], rnd))}
    # pairing scores (score before the round plus acceleration) of this
    # round and the two before (floats, Art. 1.4), each computed once
    scores = [{pid: t.score(pid, r - 1) + t.acceleration(pid, r) for pid in t.players}
              if r >= 1 else {} for r in (rnd, rnd - 1, rnd - 2)]
    players = [_entrant(t, pid, rank[pid], rnd, facts, scores) for pid in ids]
    for g, f in enumerate(t.forbidden):
        if f.first_round <= rnd <= f.last_round:
            members = set(f.ids)
            for p in players:
                if p.id in members:
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


def run_brackets(rnd: DutchRound) -> list[int]:
    """Art. 1.3 and Art. 3 (2017: A.3, A.9): pair the round bracket by
    bracket, from the highest scoregroup down; returns every vertex's mate.

    A bracket is the scoregroup's residents after the players who floated
    down into it (MDPs, Art. 1.3.2); it is paired together with the next
    scoregroup (look-ahead, [C8]; 2017 C.7), which then becomes the next
    bracket with the unpaired players of this one on top (Art. 1.4.1).  The
    edition pairs each bracket (:meth:`DutchRound.pair_bracket`) and may ask
    for it to be paired again with all the players below
    (:meth:`DutchRound.bracket_paired`: 2017's PPB and collapsed last bracket).
    """
    players = rnd.players
    n = len(players)
    rnd.start()
    top = players[0].skey
    bracket: list[int] = []
    lower_start = 0  # the first player below the players of the graph
    while lower_start < n and players[lower_start].skey >= top:
        bracket.append(lower_start)
        lower_start += 1
    mdps = 0
    first_resident = 0
    while len(bracket) > 1 or lower_start < n:
        size = len(bracket)
        first_next = first_resident + (size - mdps)
        group_start = lower_start
        # the next scoregroup (2017 PPB: every player left, the CLB)
        while lower_start < n and (rnd.collapsed
                                   or players[lower_start].skey >= players[group_start].skey):
            bracket.append(lower_start)
            lower_start += 1
        rnd.pair_bracket(bracket, mdps, size, first_resident, first_next, lower_start)
        if rnd.bracket_paired(bracket, size, group_start, lower_start):
            del bracket[size:]
            lower_start = group_start
            continue
        # the unpaired players of the bracket float down (Art. 1.4.1)
        floaters_and_next = []
        mdps = 0
        for index, vertex in enumerate(bracket):
            if index < size and rnd.matched[vertex]:
                continue
            floaters_and_next.append(vertex)
            if index < size:
                mdps += 1
        bracket = floaters_and_next
        rnd.next_bracket(bracket, group_start)
        first_resident = first_next
    return rnd.mates()


@dataclass(frozen=True, slots=True)
class DutchEdition:
    """One rule text of the Dutch system, as :func:`pair_dutch` uses it.

    * ``year`` — the edition's code in :mod:`swisschess.pairing.registry`
      (``"2026"``), for people and messages only: nothing compares it;
    * ``criteria`` — the quality criteria its weights optimise, most
      significant first, named as its text numbers them;
    * ``facts`` — its floats and PAB eligibility (:class:`DutchFacts`);
    * ``new_round`` — its round for :func:`run_brackets`: the weights, the
      graph and the bracket hooks (:class:`DutchRound`), from the entrants,
      whether topscorers count (final round, Art. 1.8) and the rounds played.
    """

    year: str
    criteria: tuple[str, ...]
    facts: DutchFacts
    new_round: Callable[[list[Entrant], bool, int], DutchRound]


def pair_dutch(t: Tournament, edition: DutchEdition) -> Pairing:
    """Pair the next round of ``t`` by the Dutch system, in ``edition``
    (:data:`swisschess.rules.dutch.DUTCH_2026`,
    :data:`swisschess.rules.dutch2017.DUTCH_2017`)."""
    if not isinstance(edition, DutchEdition):
        # an edition code is mapped to its object by pairing.registry
        raise TypeError(f"pair_dutch needs a DutchEdition, not {edition!r}")
    rnd = t.rounds_recorded() + 1
    ids = history.to_be_paired(t, rnd)
    pairing = Pairing(round=rnd, unpaired=history.unpaired_entries(t, rnd))
    if not ids:
        return pairing
    players = entrants(t, rnd, edition.facts)
    played = rnd - 1
    total = t.rounds or rnd
    if len(players) == 1:
        mate = [0]
    else:
        mate = run_brackets(edition.new_round(players, played >= total - 1, played))
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
