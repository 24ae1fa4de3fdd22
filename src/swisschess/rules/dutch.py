"""FIDE (Dutch) System, C.04.3 — the 2026 edition (applied from 1 Feb 2026).

How the rules become an algorithm
---------------------------------
The rules define the pairing of a bracket as the *first generated* candidate
(Art. 4: transpositions, resident exchanges, MDP sets) among those that are
*best* by the quality criteria [C5]-[C21] (Art. 3.8), subject to the absolute
criteria [C1]-[C3] and completion [C4].  The 2026 text allows any method that
gives identical results.  We use weighted matching, as bbpPairings does:

* every possible pair gets one integer weight made of *fields*, most
  significant first, one field per criterion (see :func:`_edge_weight`); a
  maximum-weight matching of all remaining players therefore optimises the
  criteria in their priority order, and includes the lower brackets so that
  completion [C4] and the look-ahead [C8] are respected at every bracket;
* the order of generation (which MDPs go to S1 (4.4), which exchanges (4.3),
  which transposition (4.2)) is then fixed one decision at a time: a small
  bonus in the lowest bits of one player's edges asks the matching for the
  earliest-generated choice that keeps the optimum, and the choice is frozen.

Each decision below cites the article it implements.  The matching itself is
in :mod:`swisschess.pairing.matching`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

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
from swisschess.pairing.matching import MatchingGraph, NoPerfectMatching
from swisschess.pairing.reduced import ReducedGraph, least_degree
from swisschess.pairing.result import Pairing, PairingError

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE

# Rounds with at least this many players pair each bracket against a reduced
# lower part (see :mod:`swisschess.pairing.reduced`), as long as at least
# REDUCED_MIN_LOWER players lie below the next scoregroup.  Both only trade
# speed: the reduced graph is certified or expanded, so results are the same.
REDUCED_MIN_PLAYERS = 64
REDUCED_MIN_LOWER = 16


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


def _entrant(t: Tournament, pid: int, rank: int, rnd: int, edition: str) -> Entrant:
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
        float_in_round(t, pid, prev, edition) if prev >= 1 else Float.NONE,
        float_in_round(t, pid, prev - 1, edition) if prev >= 2 else Float.NONE,
    )
    forbidden = {e.opponent for e in history if e.played}
    return Entrant(
        id=pid,
        rank=rank,
        score=t.score(pid, rnd - 1) + t.acceleration(pid, rnd),
        raw_score=t.score(pid, rnd - 1),
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


def _bits(x: int) -> int:
    return max(1, int(x).bit_length())


class _Weights:
    """Edge weights for the current state of the round (Art. 2 criteria as fields).

    Field widths are generous so that no field can overflow into the next one:
    ``cb`` bits for counts, ``sb`` bits for score-indexed sets (one slot per
    scoregroup, the higher score more significant).
    """

    def __init__(self, players: list[Entrant], topscorer_round: bool, played_rounds: int) -> None:
        self.players = players
        n = len(players)
        self.cb = _bits(n) + 2
        # One slot per score, lowest score least significant (Art. 1.2 order).
        counts: dict[int, int] = {}
        for p in players:
            counts[p.skey] = counts.get(p.skey, 0) + 1
        self.shift: dict[int, int] = {}
        total = 0
        for s in sorted(counts):
            self.shift[s] = total
            total += _bits(counts[s])
        self.sb = total + 1
        # sums of shift offsets over all pairs (completion weight) must not overflow
        self.completion_bits = _bits(n * 2 * (total + 1)) + 1
        self.topscorer_round = topscorer_round
        self.played_rounds = played_rounds
        # Width of the ordering area at the bottom (Art. 4 generation order).
        self.order_bits = 3 * self.cb + 1
        self.bye_score: int | None = None
        self._layout()
        self.single_downfloater_bye = False
        self.unplayed_rank: dict[int, int] = {}

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        """[C1] no rematch (and prohibited pairs); [C3] absolute preferences."""
        if b.id in a.forbidden or a.id in b.forbidden:
            return False
        if a.absolute and b.absolute and a.preference is b.preference:
            # [C3] does not apply to topscorers in the final round (Art. 1.8)
            return self.topscorer_round and (a.topscorer or b.topscorer)
        return True

    def bye_candidate(self, p: Entrant) -> bool:
        bye = self.bye_score if self.bye_score is not None else 0
        return p.bye_eligible and p.skey <= bye

    def _layout(self) -> None:
        """Bit offset of every field, most significant first (Art. 2 order)."""
        cb, sb = self.cb, self.sb
        fields = [("C6", cb), ("C7", sb), ("C8pairs", cb), ("C8scores", sb), ("C9", 2 * cb),
                  ("C10", cb), ("C11", cb), ("C12", cb), ("C13", cb)]
        for back in (0, 1):
            if self.played_rounds > back:
                fields += [(f"C14_{back}", cb), (f"C15_{back}", cb)]
        for back in (0, 1):
            if self.played_rounds > back:
                fields += [(f"C18_{back}", sb), (f"C19_{back}", sb)]
        off = self.order_bits
        self.off: dict[str, int] = {}
        for name, width in reversed(fields):
            self.off[name] = off
            off += width
        self.off["C4"] = off

    def weight(self, hi: Entrant, lo: Entrant, in_current: bool, in_next: bool) -> int:
        """Weight of the pair ``hi``-``lo`` (``hi`` ranks higher, Art. 1.2).

        ``in_current``: ``lo`` belongs to the bracket being paired (so the
        pair is made in it); ``in_next``: ``lo`` is in the next scoregroup
        (the pair would be made there: look-ahead [C8]).  Each field below is
        one criterion; a field is more significant than all fields after it.
        """
        if not self.compatible(hi, lo):
            return 0
        off, shift = self.off, self.shift
        # [C4] completion and [C2]/[C5]: every player paired but at most one,
        # and the one left out is eligible for the PAB with the lowest score.
        w = (1 + (not self.bye_candidate(hi)) + (not self.bye_candidate(lo))) << off["C4"]
        # [C9] minimise the unplayed games of the PAB assignee
        if self.single_downfloater_bye:
            c9 = 0
            if hi.skey == self.bye_score:
                c9 += self.unplayed_rank[hi.played_games]
            if lo.skey == self.bye_score:
                c9 += self.unplayed_rank[lo.played_games]
            w |= c9 << off["C9"]
        if in_next:
            # [C8] the next bracket: its pairs, then the scores paired there
            w |= (1 << off["C8pairs"]) | (1 << (off["C8scores"] + shift[hi.skey]))
            return w
        if not in_current:
            return w
        # [C6] maximise the pairs in the bracket; [C7] minimise the
        # downfloaters' scores, i.e. maximise the scores paired here
        w |= (1 << off["C6"]) | (1 << (off["C7"] + shift[hi.skey]))
        # [C10]-[C13] colours
        for name, ok in zip(("C10", "C11", "C12", "C13"), colour_criteria(lo, hi), strict=True):
            if ok:
                w |= 1 << off[name]
        # [C14]-[C21] floats of the previous rounds
        higher_score = hi.skey > lo.skey
        for back in (0, 1):
            if self.played_rounds <= back:
                break
            # [C14]/[C16]: resident downfloaters who floated down before
            down = (lo.floats[back] is Float.DOWN) + (
                not higher_score and hi.floats[back] is Float.DOWN)
            w |= down << off[f"C14_{back}"]
            # [C15]/[C17]: MDP opponents who floated up before
            if not (higher_score and lo.floats[back] is Float.UP):
                w |= 1 << off[f"C15_{back}"]
            # [C18]/[C20]: scores of those downfloaters
            v = 0
            if lo.floats[back] is Float.DOWN:
                v += 1 << shift[lo.skey]
            if hi.floats[back] is Float.DOWN:
                v += 1 << shift[hi.skey]
            w |= v << off[f"C18_{back}"]
            # [C19]/[C21]: scores of the MDPs whose opponents floated up
            if not (lo.floats[back] is Float.UP and higher_score):
                w |= 1 << (off[f"C19_{back}"] + shift[hi.skey])
        return w

    @property
    def unit(self) -> int:
        """The [C4] weight every pair has (see :meth:`share`)."""
        return 1 << self.off["C4"]

    def share(self, p: Entrant) -> int:
        """``p``'s part of the fields every pair has: a compatible pair made
        outside the bracket and the next scoregroup weighs exactly
        ``unit + share(hi) + share(lo)`` (the [C4], [C5] and [C9] fields)."""
        w = (not self.bye_candidate(p)) << self.off["C4"]
        if self.single_downfloater_bye and p.skey == self.bye_score:
            w += self.unplayed_rank[p.played_games] << self.off["C9"]
        return w

    def completion_weight(self, hi: Entrant, lo: Entrant, top: Fraction) -> int:
        """First look at the round (odd number of players): can it be completed
        ([C4]) and with which score does the PAB go ([C5])?"""
        if not self.compatible(hi, lo):
            return 0
        w = 1 + (not hi.bye_eligible) + (not lo.bye_eligible)
        w = (w << self.completion_bits) | (self.shift[hi.skey] + self.shift[lo.skey])
        w = (w << self.cb) | (lo.skey >= top)
        return w


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


def _complete(mate: list[int], players: list[Entrant]) -> bool:
    """All paired but at most one, who may receive the PAB ([C2], Art. 1.9)."""
    if len(mate) != len(players):
        return False
    single = False
    for v, m in enumerate(mate):
        if m == v:
            if single or not players[v].bye_eligible:
                return False
            single = True
    return True


class _Round:
    """The bracket-by-bracket process of Art. 3 for one round.

    Vertices are the players' positions in Art. 1.2 order.  ``bracket`` holds
    the vertices of the bracket being paired (MDPs first, then residents),
    followed by the next scoregroup (look-ahead, [C8]).
    """

    def __init__(self, players: list[Entrant], wt: _Weights) -> None:
        self.players = players
        self.wt = wt
        self.n = len(players)
        self.g = MatchingGraph(self.n, [p.bye_eligible for p in players])
        self.matched = [False] * self.n
        self.cur: list[int] = []

    # ------------------------------------------------------------ the round
    def run(self) -> list[int]:
        players, wt, n = self.players, self.wt, self.n
        top = players[0].skey
        if not self._start_reduced(top):
            self._first_look(top)
        g = self.g

        bracket: list[int] = []
        nxt = 0
        while nxt < n and players[nxt].skey >= top:
            bracket.append(nxt)
            nxt += 1
        mdps = 0
        first_resident = 0
        while len(bracket) > 1 or nxt < n:
            size = len(bracket)
            first_next = first_resident + (size - mdps)
            group_start = nxt
            while nxt < n and players[nxt].skey >= players[group_start].skey:
                bracket.append(nxt)
                nxt += 1
            g.begin_bracket(bracket, nxt)
            b = _Bracket(self, bracket, mdps, size, first_resident, first_next)
            b.pair()
            # Next bracket: the unpaired players float down (Art. 1.4.1).
            wt.single_downfloater_bye = bool(
                n % 2 and group_start < n and wt.bye_score >= players[group_start].skey)
            new_bracket = []
            mdps = 0
            for li, v in enumerate(bracket):
                if li < size and self.matched[v]:
                    continue
                new_bracket.append(v)
                if li < size:
                    mdps += 1
                if (wt.single_downfloater_bye
                        and players[self.cur[v]].skey < players[group_start].skey):
                    wt.single_downfloater_bye = False
            bracket = new_bracket
            first_resident = first_next
        return self.cur

    def _first_look(self, top: int) -> None:
        """The whole round at once: can it be completed ([C4]), and with which
        score does the PAB go ([C5])?  Leaves the round's optimum in ``cur``."""
        players, wt, g, n = self.players, self.wt, self.g, self.n
        if n % 2:
            for j in range(n):
                for i in range(j):
                    g.set(i, j, wt.completion_weight(players[i], players[j], top))
        else:
            self._set_all_round_weights()
        try:
            mate = g.solve()
        except NoPerfectMatching:
            mate = []
        if not _complete(mate, players):
            raise PairingError("no pairing satisfies the absolute criteria [C1]-[C3] for all players")
        if n % 2:
            # [C5] the PAB goes to a player with this score
            wt.bye_score = next(players[v].skey for v in range(n) if mate[v] == v)
            if wt.bye_score >= top:
                wt.single_downfloater_bye = all(
                    players[mate[v]].skey >= top for v in range(n) if players[v].skey >= top)
            self._rank_unplayed()
            self._set_all_round_weights()
        self.cur = g.solve()

    def _rank_unplayed(self) -> None:
        """[C9] rank the players with the PAB score by played games (most first)."""
        wt = self.wt
        counts = sorted((p.played_games for p in self.players if p.skey == wt.bye_score),
                        reverse=True)
        for r, c in enumerate(counts):
            wt.unplayed_rank[c] = r

    def _start_reduced(self, top: int) -> bool:
        """Large rounds: settle [C4] and [C5] for the whole round by a
        certificate instead of a matching, and pair against a reduced lower
        part (:class:`ReducedGraph`).  False when the certificate does not
        apply; the full graph is used then."""
        players, wt, n = self.players, self.wt, self.n
        if n < REDUCED_MIN_PLAYERS:
            return False
        pos = {p.id: k for k, p in enumerate(players)}
        conflicts: list[set[int]] = [set() for _ in range(n)]
        for k, p in enumerate(players):
            for x in p.forbidden:
                j = pos.get(x)
                if j is not None:
                    conflicts[k].add(j)
                    conflicts[j].add(k)
        # [C3]: two absolute preferences for the same colour never meet
        cls = [(1 if p.preference is W else 2) if p.absolute else 0 for p in players]
        least = least_degree(0, conflicts, cls)
        if n % 2:
            # [C5] the PAB goes to the lowest score that leaves the round
            # completable; by Dirac's theorem every choice does (below).
            low = min((p.skey for p in players if p.bye_eligible), default=None)
            if low is None or low >= top:
                return False
            least -= 1
        # Dirac: minimum degree >= half the vertices gives a Hamiltonian
        # cycle, hence a perfect matching of the round ([C4]).
        if 2 * least < n - n % 2:
            return False
        if n % 2:
            wt.bye_score = low
            self._rank_unplayed()
        self.g = ReducedGraph(
            n, [p.bye_eligible for p in players], wt.unit, [wt.share(p) for p in players],
            lambda a, b: wt.compatible(players[a], players[b]), conflicts, cls,
            REDUCED_MIN_LOWER)
        return True

    def _set_all_round_weights(self) -> None:
        players, wt, g = self.players, self.wt, self.g
        for j in range(self.n):
            for i in range(j):
                g.set(i, j, wt.weight(players[i], players[j], False, False))

    def solve(self) -> None:
        self.cur = self.g.solve()


class _Bracket:
    """One bracket: MDPs (if any), residents, and the next scoregroup."""

    def __init__(self, rnd: _Round, bracket: list[int], mdps: int, size: int,
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
        changes = []
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


def _pair_players(players: list[Entrant], topscorer_round: bool, played_rounds: int) -> list[int]:
    """Art. 2-4 (2026): the mate of every player (itself for the PAB)."""
    wt = _Weights(players, topscorer_round=topscorer_round, played_rounds=played_rounds)
    return _Round(players, wt).run()


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
    players = [_entrant(t, pid, rank[pid], rnd, edition) for pid in ids]
    for f in t.forbidden:
        if f.first_round <= rnd <= f.last_round:
            for p in players:
                if p.id in f.ids:
                    p.forbidden.update(x for x in f.ids if x != p.id)
    players.sort(key=lambda p: (-p.score, p.rank))
    if not players:
        return players
    played = rnd - 1
    limit = Fraction(played) * max(t.points.win, t.points.draw) / 2  # Art. 1.8 topscorers
    unit = math.lcm(*(p.score.denominator for p in players))
    for p in players:
        p.skey = int(p.score * unit)
        p.topscorer = p.score > limit
    return players


def pair_dutch(t: Tournament, edition: str = "2026", pair_players=_pair_players) -> Pairing:
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
