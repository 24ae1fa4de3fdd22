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

from enum import Enum
from typing import Any

from swisschess.model.history import Float
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.constructive import has_perfect
from swisschess.pairing.matching import MatchingGraph, NoPerfectMatching
from swisschess.pairing.reduced import ReducedGraph, least_degree
from swisschess.pairing.result import Pairing, PairingError
from swisschess.rules import dutchtrace as trace
from swisschess.rules.dutchclasses import (
    ClassBail,
    ClassBracket,
    Conflicts,
    colour_class_of,
    conflict_sets,
    excess,
    in_crowd,
)
from swisschess.rules.dutchcore import (
    FACTS_2026,
    BracketProcess,
    Compatibility,
    DutchEdition,
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
# ... and so is a smaller bracket whose graph (the bracket and the next
# scoregroup) would have at least this many players (a small scoregroup above
# a huge one, issue 31): the class attempt costs little, the graph a lot.
CLASS_MIN_GRAPH = 256



class Width(Enum):
    """How wide a weight field is (see :class:`_Weights`)."""

    COUNT = 1  # ``cb`` bits: a count of pairs or players
    SCORES = 2  # ``sb`` bits: one slot per scoregroup, the higher score more significant
    RANKS = 3  # ``2 * cb`` bits: [C9]'s ranks of the PAB candidates by played games


#: The quality criteria of Art. 2 as weight fields, most significant first
#: (below the [C4] field, which also holds [C2] and [C5]): the field's name, its
#: width, and how many rounds must have been played for it to exist (the float
#: criteria look one or two rounds back).
FIELDS: tuple[tuple[str, Width, int], ...] = (
    ("C6", Width.COUNT, 0), ("C7", Width.SCORES, 0),
    ("C8pairs", Width.COUNT, 0), ("C8scores", Width.SCORES, 0),
    ("C9", Width.RANKS, 0),
    ("C10", Width.COUNT, 0), ("C11", Width.COUNT, 0), ("C12", Width.COUNT, 0),
    ("C13", Width.COUNT, 0),
    ("C14", Width.COUNT, 1), ("C15", Width.COUNT, 1),
    ("C16", Width.COUNT, 2), ("C17", Width.COUNT, 2),
    ("C18", Width.SCORES, 1), ("C19", Width.SCORES, 1),
    ("C20", Width.SCORES, 2), ("C21", Width.SCORES, 2),
)
# The float criteria by how many rounds back they look (one, two): the
# downfloaters and the MDP opponents who floated up, counted ...
FLOAT_COUNT_FIELDS = (("C14", "C15"), ("C16", "C17"))
# ... and their scores
FLOAT_SCORE_FIELDS = (("C18", "C19"), ("C20", "C21"))


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
        bits = {Width.COUNT: self.cb, Width.SCORES: self.sb, Width.RANKS: 2 * self.cb}
        off = self.order_bits
        self.off: dict[str, int] = {}
        for name, width, rounds in reversed(FIELDS):
            if self.played_rounds >= rounds:
                self.off[name] = off
                off += bits[width]
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
            down_count, up_count = FLOAT_COUNT_FIELDS[back]
            down_scores, up_scores = FLOAT_SCORE_FIELDS[back]
            # [C14] (one round before) / [C16] (two rounds before): resident
            # downfloaters who floated down then
            down = (lo.floats[back] is Float.DOWN) + (
                not higher_score and hi.floats[back] is Float.DOWN)
            w |= down << off[down_count]
            # [C15] / [C17]: MDP opponents who floated up then
            if not (higher_score and lo.floats[back] is Float.UP):
                w |= 1 << off[up_count]
            # [C18] / [C20]: scores of those downfloaters
            scores = 0
            if lo.floats[back] is Float.DOWN:
                scores += 1 << shift[lo.skey]
            if hi.floats[back] is Float.DOWN:
                scores += 1 << shift[hi.skey]
            w |= scores << off[down_scores]
            # [C19] / [C21]: scores of the MDPs whose opponents floated up then
            if not (lo.floats[back] is Float.UP and higher_score):
                w |= 1 << (off[up_scores] + shift[hi.skey])
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
        self.conflicts: list[Conflicts] = []
        self.colour_class: list[int] = []

    # ------------------------------------------------ the hooks of run_brackets
    #: [C4] completion is weighed in every bracket (the whole round is in the
    #: graph), so no bracket is ever paired again with all the players below.
    collapsed = False

    def start(self) -> None:
        """[C4] and [C5] for the whole round, by certificate or matching."""
        top = self.players[0].skey
        trace.begin_round(self.n)
        if not self._start_reduced(top):
            self._first_look(top)

    def pair_bracket(self, bracket: list[int], mdps: int, size: int, first_resident: int,
                     first_next: int, lower_start: int) -> None:
        """Art. 3-4 for one bracket: on classes when large (exact either way),
        else :class:`BracketProcess` on the round's graph."""
        players = self.players
        tb = trace.begin_bracket(float(players[bracket[min(mdps, size - 1)]].score),
                                 size, mdps)
        on_classes = self.reduced and (size >= CLASS_MIN_ACTIVE
                                       or len(bracket) >= CLASS_MIN_GRAPH)
        if tb is not None and self.reduced and not on_classes:
            trace.note(f"classes: bracket under {CLASS_MIN_ACTIVE} players")
        if on_classes and _ClassBracket(self, bracket, mdps, size, lower_start).pair():
            trace.end_bracket(tb, trace.CLASSES)
            return
        if self.g_stale:
            self._fresh_graph()
        self.g.begin_bracket(bracket, lower_start)
        BracketProcess(self, bracket, mdps, size, first_resident, first_next).pair()
        graph = self.g
        trace.end_bracket(tb, trace.REDUCED if isinstance(graph, ReducedGraph)
                          and graph.reduced else trace.FULL)
        if tb is not None and isinstance(graph, ReducedGraph) and graph.expanded_because:
            tb.reasons.append(f"reduced graph: {graph.expanded_because}")

    def bracket_paired(self, bracket: list[int], size: int, group_start: int,
                       lower_start: int) -> bool:
        return False

    def next_bracket(self, bracket: list[int], group_start: int) -> None:
        """[C9] counts the PAB assignee's unplayed games only while one
        downfloater at most can reach the PAB score: the next scoregroup has
        the PAB score and every player of the new bracket is still paired
        within it in the round's optimum."""
        players, weights = self.players, self.wt
        group_score = players[group_start].skey if group_start < self.n else None
        weights.single_downfloater_bye = bool(
            self.n % 2 and group_score is not None and weights.bye_score is not None
            and weights.bye_score >= group_score
            and all(players[self.cur[v]].skey >= group_score for v in bracket))

    def mates(self) -> list[int]:
        return self.cur

    def _first_look(self, top: int) -> None:
        """The whole round at once: can it be completed ([C4]), and with which
        score does the PAB go ([C5])?  Leaves the round's optimum in ``cur``."""
        players, weights, graph, n = self.players, self.wt, self.g, self.n
        if n % 2:
            for j in range(n):
                for i in range(j):
                    graph.set(i, j, weights.completion_weight(players[i], players[j], top))
        else:
            self._set_all_round_weights()
        try:
            mate = graph.solve()
        except NoPerfectMatching:
            mate = []
        if not _complete(mate, players):
            raise PairingError("no pairing satisfies the absolute criteria [C1]-[C3] for all players")
        if n % 2:
            # [C5] the PAB goes to a player with this score
            weights.bye_score = next(players[v].skey for v in range(n) if mate[v] == v)
            if weights.bye_score >= top:
                weights.single_downfloater_bye = all(
                    players[mate[v]].skey >= top for v in range(n) if players[v].skey >= top)
            self._rank_unplayed()
            self._set_all_round_weights()
        self.cur = graph.solve()

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
            trace.note_start(f"fewer than {REDUCED_MIN_PLAYERS} players")
            return False
        # [C1] conflicts and [C3] colour classes, for degree bounds
        conflicts, cls = conflict_sets(players)
        least = least_degree(0, conflicts, cls)
        if n % 2:
            # [C5] the PAB goes to the lowest score that leaves the round
            # completable; by Dirac's theorem every choice does (below).
            low = min((p.skey for p in players if p.bye_eligible), default=None)
            if low is None:
                trace.note_start("odd round, nobody may take the PAB")
                return False
            if low >= top:
                # One scoregroup (round 1 without acceleration): the PAB stays
                # in it, every pair is within it, so [C9] counts for all.
                if any(p.skey != top for p in players):
                    trace.note_start("odd round, every PAB candidate in the top scoregroup")
                    return False
                wt.single_downfloater_bye = True
            least -= 1
        # Dirac: minimum degree >= half the vertices gives a Hamiltonian
        # cycle, hence a perfect matching of the round ([C4]).
        if 2 * least < n - n % 2 and not self._built_complete(low if n % 2 else None,
                                                               conflicts, cls):
            trace.note_start(f"Dirac: least degree {least} below half of {n - n % 2}, "
                             "and no perfect matching built greedily")
            return False
        if n % 2:
            wt.bye_score = low
            self._rank_unplayed()
        self.conflicts = conflicts
        self.colour_class = cls
        self.reduced = True
        self._fresh_graph()
        return True

    def _built_complete(self, bye_score: int | None, conflicts: list[Conflicts],
                        cls: list[int]) -> bool:
        """[C4] by construction (:func:`find_perfect`): the round, less the
        lowest-ranked PAB candidate with ``bye_score`` (odd rounds), has a
        perfect matching (XXP halves, lopsided colours: issue 31)."""
        players, wt = self.players, self.wt
        group = list(range(self.n))
        if bye_score is not None:
            cands = [v for v in group if players[v].bye_eligible and players[v].skey == bye_score]
            # [C1]/[C3] a crowd (one XXP group, one absolute colour) over half
            # of an odd round: a PAB from outside it would leave it more than
            # half of the rest, so the witness takes the PAB from the crowd
            crowd, k = excess(group, players)
            if k > 0:
                cands = [v for v in cands if in_crowd(players[v], crowd)] or cands
            group.remove(cands[-1])
        return has_perfect(group, conflicts, cls,
                           lambda a, b: wt.compatible(players[a], players[b]))

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


class _ClassBracket(ClassBracket):
    """A bracket of a large 2026 round paired on classes (see
    :class:`~swisschess.rules.dutchclasses.ClassBracket`): the [C1]-[C21] weights
    of :class:`_Weights`, a floater worth its [C8] value, and the whole round
    certified (the lower part and the PAB)."""

    def class_key(self, p: Entrant) -> tuple[Any, ...]:
        return (*super().class_key(p), self.r.wt.bye_candidate(p))

    def pair_value(self, hi: Entrant, lo: Entrant) -> int:
        wt = self.r.wt
        return wt.raw_weight(hi, lo, True, False) - wt.unit - wt.share(hi) - wt.share(lo)

    def single_values(self) -> list[int | None]:
        wt, players = self.r.wt, self.r.players
        k = len(self.reps)
        single: list[int | None] = [None] * k
        if self.whole:
            # the PAB: the player's share is not counted (C4, C9)
            for c in range(k):
                if self.reps[c].bye_eligible:
                    single[c] = -2 * wt.share(self.reps[c])
        else:
            # [C8]: one more pair in the next bracket, his score counted there
            off, shift = wt.off, wt.shift
            s_next = players[self.v[self.size]].skey
            c8 = 1 << off["C8pairs"]
            base = 1 << (off["C8scores"] + shift[s_next])
            for c in range(k):
                single[c] = c8 + 2 * (1 << (off["C8scores"] + shift[self.reps[c].skey])) - base
        return single

    def committed(self) -> None:
        self.r.g_stale = True

    def completion_need(self) -> tuple[int, int]:
        """[C4] with [C1]/[C3]: players of one absolute colour or one XXP
        group who outnumber all the others in the rest of the round need
        partners from this bracket (issue 31); the PAB may take one of them
        in an odd round."""
        r = self.r
        if r.wt.topscorer_round:
            return 0, 0  # topscorers may meet their own colour class (Art. 1.8)
        c, k = excess(self.v[self.size:] + list(range(self.lower_start, r.n)), r.players)
        return c, max(0, k - r.n % 2)

    def _pab(self, single: list[int], nxt: list[int], lower: list[int],
             shares: dict[int, int], least: int) -> tuple[int, int]:
        """Odd round: the witness's PAB (a player of least share, the last of
        the next scoregroup or else of the lower part) and the fewest players
        of the next scoregroup that any valid pairing with these floaters
        sends to the lower part.  [C1]/[C3]: when one crowd (an XXP group, an
        absolute colour) is over half of the rest of the round, its players
        never meet each other, so every valid pairing gives it the PAB; where
        the PAB sits changes what the lower part's crowd needs from above."""
        players, wt = self.r.players, self.r.wt
        c, k = self.lower_need(single + nxt + lower, False)
        in_lower = set(lower)
        memo: dict[Any, int] = {}

        def fits(x: int) -> bool:
            return k <= 0 or in_crowd(players[x], c)

        def need_without(x: int) -> int:
            key = (colour_class_of(players[x]), players[x].groups) if x in in_lower else None
            if key not in memo:
                rest = lower if key is None else [y for y in lower if y != x]
                memo[key] = self.lower_need(rest, False)[1]
            return memo[key]

        # every valid pairing: the PAB a candidate of the PAB score ([C5])
        forced = min((need_without(x) for x in single + nxt + lower
                      if wt.bye_candidate(players[x]) and fits(x)), default=None)
        witness = [x for x in reversed(lower + nxt) if shares.get(x) == least and fits(x)]
        if forced is None or not witness:
            raise ClassBail("certificate: odd round, no PAB candidate fits the crowds")
        return min(witness, key=need_without), forced

    def certify(self, single: list[int]) -> dict[int, int]:
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
            return self.certify_whole(single)
        players, wt = r.players, r.wt
        nxt = self.v[self.size:]
        lower = list(range(self.lower_start, r.n))
        if len(single) > len(nxt):
            raise ClassBail("certificate: more floaters than the next scoregroup")
        odd = (len(single) + len(nxt) + len(lower)) % 2 == 1
        pab = None
        # the fewest players of the next scoregroup every valid pairing sends
        # to the lower part (a bound for [C8] below)
        forced = self.lower_need(lower, odd)[1]
        if odd:
            shares = {x: wt.share(players[x]) for x in nxt + lower + single
                      if players[x].bye_eligible}
            if not shares:
                raise ClassBail("certificate: odd round, no PAB candidate below")
            least = min(shares.values())
            if any(shares.get(x) == least for x in single):
                # a floater might take the PAB as well: not handled
                raise ClassBail("certificate: a floater may take the PAB")
            pab, forced = self._pab(single, nxt, lower, shares, least)
        # each floater meets a distinct player of the next scoregroup
        taken: set[int] = set() if pab is None else {pab}
        partner = self.meet_next(single, self.absorbing_first(nxt), taken)
        rest = [y for y in nxt if y not in taken]
        low = [y for y in lower if y != pab]
        # [C1]/[C3] a crowd (one absolute colour, one XXP group) over half of
        # the lower part takes at least ``need`` players from above, whatever
        # this bracket does: they come from the next scoregroup (issue 31)
        c, need = self.lower_need(low, False)
        if need:
            self.send_down(rest, low, c, need)
        # [C8]: the next scoregroup keeps as many pairs as it can have
        if len(single) + len(rest) // 2 != (len(single) + len(nxt) - forced) // 2:
            raise ClassBail("certificate: [C8] pairs of the next scoregroup")
        if len(rest) % 2:
            if not low:
                raise ClassBail("certificate: odd next scoregroup, nothing below")
            down = rest.pop()
            low.append(down)
        if not (self.dirac(rest) and self.dirac(low)):
            raise ClassBail("certificate: Dirac fails on the next scoregroup or the lower part")
        return partner


def _new_round(players: list[Entrant], topscorer_round: bool, played_rounds: int) -> _Round:
    """Art. 2-4 (2026): the round with the [C1]-[C21] weights."""
    weights = _Weights(players, topscorer_round=topscorer_round, played_rounds=played_rounds)
    return _Round(players, weights)


#: The 2026 text: the [C4]-[C21] criteria as the weight fields of
#: :class:`_Weights`, the 2026 floats (Art. 1.4) and PAB eligibility ([C2]),
#: and a round on the whole-round graph.
DUTCH_2026 = DutchEdition(
    year="2026",
    criteria=("C4", *(name for name, _, _ in FIELDS)),
    facts=FACTS_2026,
    new_round=_new_round,
)


def pair_dutch(t: Tournament, edition: DutchEdition = DUTCH_2026) -> Pairing:
    """Pair the next round of ``t`` by the Dutch system (2026 by default;
    :data:`swisschess.rules.dutch2017.DUTCH_2017` for the 2017 text)."""
    return pair_with(t, edition)


__all__ = ["DUTCH_2026", "Entrant", "colour_criteria", "colour_of", "entrants", "pair_dutch"]
