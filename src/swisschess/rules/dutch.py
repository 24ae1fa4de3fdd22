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

import bisect
from collections.abc import Callable

from swisschess.model.history import Float
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.classlp import feasible, transport
from swisschess.pairing.matching import MatchingGraph, NoPerfectMatching
from swisschess.pairing.reduced import ReducedGraph, least_degree
from swisschess.pairing.result import Pairing, PairingError
from swisschess.rules.dutchcore import (
    BracketProcess,
    Compatibility,
    Entrant,
    colour_criteria,
    colour_of,
    entrants,
    field_bits,
)
from swisschess.rules.dutchcore import pair_dutch as pair_with

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE

# Rounds with at least this many players pair each bracket against a reduced
# lower part (see :mod:`swisschess.pairing.reduced`), as long as at least
# REDUCED_MIN_LOWER players lie below the next scoregroup.  Both only trade
# speed: the reduced graph is certified or expanded, so results are the same.
REDUCED_MIN_PLAYERS = 64
REDUCED_MIN_LOWER = 16
# In such rounds, brackets of at least this many players are first paired on
# classes of alike players (:class:`_ClassBracket`); exact either way.
CLASS_MIN_ACTIVE = 24


class _Weights(Compatibility):
    """Edge weights for the current state of the round (Art. 2 criteria as fields).

    Field widths are generous so that no field can overflow into the next one:
    ``cb`` bits for counts, ``sb`` bits for score-indexed sets (one slot per
    scoregroup, the higher score more significant).
    """

    def __init__(self, players: list[Entrant], topscorer_round: bool, played_rounds: int) -> None:
        self.players = players
        n = len(players)
        self.cb = field_bits(n) + 2
        # One slot per score, lowest score least significant (Art. 1.2 order).
        counts: dict[int, int] = {}
        for p in players:
            counts[p.skey] = counts.get(p.skey, 0) + 1
        self.shift: dict[int, int] = {}
        total = 0
        for s in sorted(counts):
            self.shift[s] = total
            total += field_bits(counts[s])
        self.sb = total + 1
        # sums of shift offsets over all pairs (completion weight) must not overflow
        self.completion_bits = field_bits(n * 2 * (total + 1)) + 1
        self.topscorer_round = topscorer_round
        self.played_rounds = played_rounds
        # Width of the ordering area at the bottom (Art. 4 generation order).
        self.order_bits = 3 * self.cb + 1
        self.bye_score: int | None = None
        self._layout()
        self.single_downfloater_bye = False
        self.unplayed_rank: dict[int, int] = {}

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
        return self.raw_weight(hi, lo, in_current, in_next)

    def raw_weight(self, hi: Entrant, lo: Entrant, in_current: bool, in_next: bool) -> int:
        """:meth:`weight` of a pair assumed compatible (classes use it)."""
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

    def completion_weight(self, hi: Entrant, lo: Entrant, top: int) -> int:
        """First look at the round (odd number of players): can it be completed
        ([C4]) and with which score does the PAB go ([C5])?"""
        if not self.compatible(hi, lo):
            return 0
        w = 1 + (not hi.bye_eligible) + (not lo.bye_eligible)
        w = (w << self.completion_bits) | (self.shift[hi.skey] + self.shift[lo.skey])
        w = (w << self.cb) | (lo.skey >= top)
        return w


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
        # pairs made so far (both engines record them; see _fresh_graph)
        self.pairs: list[tuple[int, int]] = []
        # large rounds (see _start_reduced): brackets may be paired on classes
        self.reduced = False
        self.g_stale = False
        self.conflicts: list[set[int]] = []
        self.colour_class: list[int] = []

    # ------------------------------------------------------------ the round
    def run(self) -> list[int]:
        players, wt, n = self.players, self.wt, self.n
        top = players[0].skey
        if not self._start_reduced(top):
            self._first_look(top)

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
            if not (self.reduced and size >= CLASS_MIN_ACTIVE
                    and _ClassBracket(self, bracket, mdps, size, nxt).pair()):
                if self.g_stale:
                    self._fresh_graph()
                self.g.begin_bracket(bracket, nxt)
                BracketProcess(self, bracket, mdps, size, first_resident, first_next).pair()
            # Next bracket: the unpaired players float down (Art. 1.4.1).
            wt.single_downfloater_bye = bool(
                n % 2 and group_start < n and wt.bye_score is not None
                and wt.bye_score >= players[group_start].skey)
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
        self.conflicts = conflicts
        self.colour_class = cls
        self.reduced = True
        self._fresh_graph()
        return True

    def _fresh_graph(self) -> None:
        """A new reduced graph with the pairs made so far frozen (after
        brackets paired on classes, which do not keep the graph up to date)."""
        players, wt = self.players, self.wt
        self.g = ReducedGraph(
            self.n, [p.bye_eligible for p in players], wt.unit, [wt.share(p) for p in players],
            lambda a, b: wt.compatible(players[a], players[b]), self.conflicts,
            self.colour_class, REDUCED_MIN_LOWER)
        for a, b in self.pairs:
            self.g.freeze_pair(a, b)
        self.g_stale = False

    def _set_all_round_weights(self) -> None:
        players, wt, g = self.players, self.wt, self.g
        for j in range(self.n):
            for i in range(j):
                g.set(i, j, wt.weight(players[i], players[j], False, False))

    def solve(self) -> None:
        self.cur = self.g.solve()


class _Bail(Exception):
    """The class method cannot vouch for this bracket: pair it on the graph."""


class _ClassBracket:
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

    def __init__(self, rnd: _Round, bracket: list[int], mdps: int, size: int,
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
            partner = self._certify(single)
        except _Bail:
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
        r.g_stale = True
        return True

    # ------------------------------------------------------------ classes
    def _classes(self) -> None:
        wt, players = self.r.wt, self.r.players
        index: dict[tuple, int] = {}
        self.cls: list[int] = []  # class of each bracket position
        self.reps: list[Entrant] = []
        self.is_mdp: list[bool] = []
        for li in range(self.size):
            p = players[self.v[li]]
            key = (li < self.mdps, p.skey, p.preference, p.absolute, p.strong, p.imbalance,
                   p.repeated, p.floats, p.bye_eligible, wt.bye_candidate(p), p.played_games,
                   p.topscorer)
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
        unit = wt.unit
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
                x = wt.raw_weight(hi, lo, True, False) - unit - wt.share(hi) - wt.share(lo)
                self.w[c, d] = self.w[d, c] = x
        # a player left single: floats down ([C8] value) or takes the PAB
        self.single: list[int | None] = [None] * k
        if self.whole:
            for c in range(k):
                if self.reps[c].bye_eligible:
                    self.single[c] = -2 * wt.share(self.reps[c])
        else:
            off, shift = wt.off, wt.shift
            s_next = players[self.v[self.size]].skey
            c8 = 1 << off["C8pairs"]
            base = 1 << (off["C8scores"] + shift[s_next])
            for c in range(k):
                self.single[c] = c8 + 2 * (1 << (off["C8scores"] + shift[self.reps[c].skey])) - base

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
            raise _Bail
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
                raise _Bail

    def _remainder(self, chosen: set[int]) -> list[int]:
        """Art. 4.3 (S1 and S2 of the remainder, at most one exchange), then
        the transpositions of Art. 4.2.  Returns the players left single
        (floaters, or the PAB)."""
        players, wt, v = self.r.players, self.r.wt, self.v
        single = [li for li in range(self.mdps) if li not in chosen]
        if any(not self.single_tight[self.cls[li]] for li in single):
            raise _Bail
        if self.whole and len(single) > (self.dummy is not None):
            raise _Bail
        rem = [lj for lj in range(self.mdps, self.size) if v[lj] not in self.frozen]
        if self.whole:
            f = 1 if self.dummy is not None and not single else 0
            if (len(rem) - f) % 2:
                raise _Bail
        else:
            f = self._fewest_single(rem)
        rp = (len(rem) - f) // 2
        plan = self._sides(rem, rp, None, None) or self._one_exchange(rem, rp)
        if plan is None:
            raise _Bail
        side, keys, sup, dem, arcs, flow = plan
        open2 = [q for q in range(len(rem)) if side[q] == 2]  # S2, not yet paired
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
                    if nf is None:
                        sup[a] += 1
                        dem[b] += 1
                        rejected.add(b)
                        continue
                    flow = nf
                self._freeze(x, y)
                open2.remove(q2)
                break
            else:
                raise _Bail
        for q in range(len(rem)):
            if v[rem[q]] not in self.frozen:
                if side[q] != 2:
                    raise _Bail
                single.append(rem[q])
        if not self._singles_ok(single):
            raise _Bail
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
        raise _Bail

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
    def _certify(self, single: list[int]) -> dict[int, int]:
        """Isolated bracket: the floaters, the next scoregroup and the rest of
        the round can be paired as the floaters' value assumed — each floater
        meets a player of the next scoregroup, that scoregroup pairs within
        itself but for one player at most (parity), the rest of the round is
        complete and the PAB goes to a player of least share.  Checked by
        Dirac's theorem (minimum degree at least half the vertices gives a
        Hamiltonian cycle, so a perfect matching when even).  Returns each
        floater's partner."""
        r = self.r
        if self.whole:
            if len(single) != (self.dummy is not None):
                raise _Bail
            return {}
        players, wt = r.players, r.wt
        nxt = self.v[self.size:]
        lower = list(range(self.lower_start, r.n))
        if len(single) > len(nxt):
            raise _Bail
        odd = (len(single) + len(nxt) + len(lower)) % 2 == 1
        pab = None
        if odd:
            shares = {x: wt.share(players[x]) for x in nxt + lower + single
                      if players[x].bye_eligible}
            if not shares:
                raise _Bail
            least = min(shares.values())
            if any(shares.get(x) == least for x in single):
                raise _Bail  # a floater might take the PAB as well: not handled
            # the PAB from the lower part if possible, else the next scoregroup
            for x in reversed(lower + nxt):
                if shares.get(x) == least:
                    pab = x
                    break
        # each floater meets a distinct player of the next scoregroup
        partner: dict[int, int] = {}
        taken: set[int] = set() if pab is None else {pab}
        for x in single:
            for y in nxt:
                if y not in taken and wt.compatible(players[x], players[y]):
                    partner[x] = y
                    taken.add(y)
                    break
            else:
                raise _Bail
        rest = [y for y in nxt if y not in taken]
        low = [y for y in lower if y != pab]
        # [C8]: the next scoregroup keeps as many pairs as it can have
        if len(single) + len(rest) // 2 != (len(single) + len(nxt)) // 2:
            raise _Bail
        if len(rest) % 2:
            if not low:
                raise _Bail
            down = rest.pop()
            low.append(down)
        if not (self._dirac(rest) and self._dirac(low)):
            raise _Bail
        return partner

    def _dirac(self, group: list[int]) -> bool:
        """Every player of ``group`` (even size) has at least half of it as
        possible opponents: then it has a perfect matching."""
        h = len(group)
        if h == 0:
            return True
        if h % 2:
            return False
        r = self.r
        if h == 2:
            a, b = group
            return r.wt.compatible(r.players[a], r.players[b])
        members = set(group)
        per_class: dict[int, int] = {}
        for x in group:
            c = r.colour_class[x]
            if c:
                per_class[c] = per_class.get(c, 0) + 1
        for x in group:
            c = r.colour_class[x]
            deg = h - 1 - sum(1 for y in r.conflicts[x] if y in members)
            if c:
                deg -= per_class[c] - 1
            if 2 * deg < h:
                return False
        return True


def _pair_players(players: list[Entrant], topscorer_round: bool, played_rounds: int) -> list[int]:
    """Art. 2-4 (2026): the mate of every player (itself for the PAB)."""
    wt = _Weights(players, topscorer_round=topscorer_round, played_rounds=played_rounds)
    return _Round(players, wt).run()


def pair_dutch(t: Tournament, edition: str = "2026",
               pair_players: Callable[[list[Entrant], bool, int], list[int]] = _pair_players
               ) -> Pairing:
    """Pair the next round of ``t`` by the Dutch system (2026 by default;
    :mod:`swisschess.rules.dutch2017` passes its own bracket process)."""
    return pair_with(t, edition, pair_players)


__all__ = ["Entrant", "colour_criteria", "colour_of", "entrants", "pair_dutch"]
