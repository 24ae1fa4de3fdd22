"""The Lim system ("FIDE Swiss Rules", 1987; old C.04.2, later C.04.4.3).

Named after Lim Kok Ann; described in the Estonian seed (002_33f6cfabbc9b0962.txt, sections "Paarimine",
"Liuglejate valimine", "Vastaste ümberasetused", "Värvide määramine") and in
``docs/other-systems.md`` section 4.  Where the two disagree the seed wins.

Outline of a round (seed 002 "Paarimine" 2-5):

1. *Bye* (seed "Mängija vabaks jätmine" 1-2): with an odd number of players the
   lowest-rated player of the lowest score group gets the bye, never a player who
   already scored a point without playing (bye or opponent's no-show), and only
   if the rest of the players can still be paired.
2. *Score groups*: the *median group* has the score of half the rounds played
   (other-systems.md; the seed names the "middle score group" without defining
   it).  Groups above it are paired from the top down, groups below it from the
   bottom up, the median group last (downward).  The seed presents the two-sided
   order as a help "especially in the second half of the tournament"; we always
   use it (in round 1 everybody is in the median group, so nothing changes).
3. In each group, players without a compatible opponent *float* to the next
   group (down when working downward, up when working upward), and one more
   player floats if the group is odd (floater choice, seed "Liuglejate
   valimine" 1, 4, 5).  Incoming floaters are paired first: a downfloater meets
   the highest-rated player whose due colour is as opposite as possible, an
   upfloater the lowest-rated one (2); floaters from the furthest group first,
   and in the median group downfloaters, then upfloaters, then residents (3).
4. The residents: top half against bottom half (1 v n/2+1 ...); when a pair is
   not allowed, the opponent is exchanged in the fixed order of the seed's
   6-player table ("Vastaste ümberasetused" 2): downward, the highest player's
   opponent runs through the bottom half ascending, then the top half
   descending, and so on for the next player; upward the mirror image.
5. If the median group cannot be paired (seed "Paarimine" 5): with more
   downfloaters than upfloaters the first pair of the group just below is
   dissolved and its two players join the median group, else the last pair of
   the group just above; repeat.

Compatibility (seed "Paarimine" 1): no second game, no colour three times in a
row, no colour difference of three.  In the last round the colour limits may be
broken by anyone (seed "Värvide määramine" 8, and the seed's Lim-vs-Dutch note:
"Lim allows this regardless of the score").

Maxi-tournaments (more than 2^n players for n rounds, seed "Põhikriteeriumid"):
with ``maxi=True`` the 100-point rule applies: the odd-number floater chosen for
colour reasons must be within 100 rating points of the default (lowest / highest
rated) choice, a floater's opponent within 100 points of the default opponent,
and colour-motivated exchanges only between players at most 100 points apart.

Like the 1992 Dutch engine, every group pairing is accepted only if the players
still unpaired can be completed (maximum matching look-ahead), so a pairing that
respects the absolute criteria is always found when one exists.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction

from swisschess.model.history import Float, to_be_paired, unpaired_entries
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.result import Pairing, PairingError
from swisschess.rules.dutch1992 import (
    Context,
    allocate_colours,
    board_order,
)
from swisschess.rules.dutch1992.kernel import BudgetSpent, Feasibility, SearchBudget, SearchStats

W, B = Colour.WHITE, Colour.BLACK
DOWN, UP = Float.DOWN, Float.UP

#: Search nodes allowed per group before falling back to the matching.
NODE_BUDGET = 20_000


def lim_order(players: Sequence[int], downward: bool = True) -> Iterator[list[tuple[int, int]]]:
    """All pairings of an even group in the Lim exchange order (seed 002).

    ``players`` are sorted best first.  Downward: the first player's opponent
    runs through the bottom half ascending, then the top half descending, and
    the rest is paired the same way (halves of the remaining players).  Upward:
    the last player's opponent runs through the top half descending, then the
    bottom half ascending.  For 6 players this is the seed's table of 15.
    """
    players = list(players)
    if not players:
        yield []
        return
    for a, o in _first_choices(players, downward):
        rest = [q for q in players if q != a and q != o]
        for sub in lim_order(rest, downward):
            yield [(a, o)] + sub


def _first_choices(players: list[int], downward: bool) -> list[tuple[int, int]]:
    h = len(players) // 2
    top, bottom = players[:h], players[h:]
    if downward:
        a = players[0]
        return [(a, o) for o in bottom + top[1:][::-1]]
    a = players[-1]
    return [(a, o) for o in top[::-1] + bottom[:-1]]


class Lim:
    """Pair one round by the Lim system.  Use :func:`pair_lim`."""

    def __init__(
        self, ctx: Context, maxi: bool = False, node_budget: int = NODE_BUDGET,
        stats: SearchStats | None = None,
    ):
        self.ctx = ctx
        self.maxi = maxi
        self.budget = SearchBudget(node_budget)
        self.stats = stats if stats is not None else SearchStats()
        self.unpaired: set[int] = set()
        self.oracle = Feasibility(ctx, sorted)

    # ------------------------------------------------------------ helpers
    def completable(self, ids: frozenset[int]) -> bool:
        """Can these players still all be paired (the absolute criteria, the bye)?"""
        return self.oracle.completable(ids)

    def rating(self, pid: int) -> int:
        return self.ctx.f[pid].rating

    def due(self, pid: int) -> Colour:
        return self.ctx.f[pid].pref_colour

    # ------------------------------------------------------------ the round
    def run(self, ids: list[int]) -> tuple[list[tuple[int, int]], int | None]:
        ctx = self.ctx
        if not self.completable(frozenset(ids)):
            raise PairingError("no pairing respects the absolute criteria")
        bye = self._choose_bye(ids) if len(ids) % 2 else None
        players = [q for q in ids if q != bye]
        self.unpaired = set(players)
        median = median_score(ctx)
        groups = ctx.score_groups(players)
        above = [g for g in groups if ctx.f[g[0]].score > median]
        below = [g for g in groups if ctx.f[g[0]].score < median]
        middle = [q for g in groups if ctx.f[g[0]].score == median for q in g]
        results: list[tuple[Fraction, list[tuple[int, int]]]] = []  # (score, pairs) per group

        # top down to just above the median group (seed "Paarimine" 2)
        down: list[int] = []
        for i, g in enumerate(above):
            nxt = above[i + 1] if i + 1 < len(above) else middle
            pairs, down = self.pair_group(down, g, DOWN, nxt)
            results.append((ctx.f[g[0]].score, pairs))
        # bottom up to just below the median group
        up: list[int] = []
        for i, g in enumerate(reversed(below)):
            nxt = below[::-1][i + 1] if i + 1 < len(below) else middle
            pairs, up = self.pair_group(up, g, UP, nxt)
            results.append((ctx.f[g[0]].score, pairs))
        # the median group last, downward (downfloaters, upfloaters, residents)
        pairs = self.pair_median(down, up, middle, results, median)
        all_pairs = [pr for _, ps in results for pr in ps] + pairs
        return all_pairs, bye

    # ------------------------------------------------------------ bye
    def _choose_bye(self, ids: list[int]) -> int:
        """Lowest-rated eligible player of the lowest score group (seed, bye 1-2).

        C.04.4.3 (2026) 1.1 says the lowest *rank* in the lowest scoregroup;
        within a scoregroup the rank follows the rating (A2), so both editions
        choose the same player.
        """
        ctx = self.ctx
        order = sorted(ids, key=lambda q: (ctx.f[q].score, ctx.f[q].rating, -ctx.f[q].rank))
        for q in order:
            if ctx.f[q].bye_ok and self.completable(frozenset(ids) - {q}):
                return q
        raise PairingError("no player may receive the bye")

    # ------------------------------------------------------------ floaters
    def _compatible_in(self, pid: int, others: Sequence[int]) -> bool:
        return any(o != pid and self.ctx.compatible(pid, o) for o in others)

    def _pairable(self, players: Sequence[int]) -> bool:
        return self.oracle.pairable(players)

    def choose_odd_floater(
        self, group: list[int], incoming: set[int], direction: Float, adjacent: Sequence[int]
    ) -> list[int]:
        """Floater candidates for an odd group, best first (seed "Liuglejate valimine").

        Key: (a) the rest of the group stays pairable ("the number of pairs does
        not decrease"); (b) the four types to avoid, most serious first:
        floated in and no compatible opponent in the adjacent group, floated in
        with one, native without, native with (4 a-d); (c) not a player who got
        the same float last round (5); (d) the removal equalises the numbers due
        White and Black (1) - in maxi-tournaments only within 100 rating points of
        the default choice; (e) lowest rated going down, highest going up (1).
        """
        ctx = self.ctx
        w = sum(1 for q in group if self.due(q) is W)
        b = sum(1 for q in group if self.due(q) is B)
        majority = W if w > b else (B if b > w else Colour.NONE)
        if direction is DOWN:
            default = min(group, key=lambda q: (ctx.f[q].rating, -ctx.f[q].rank))
        else:
            default = max(group, key=lambda q: (ctx.f[q].rating, -ctx.f[q].rank))

        def key(q: int):
            rest = [o for o in group if o != q]
            pairable = self._pairable(rest)
            has_adj = self._compatible_in(q, adjacent)
            kind = (2 if has_adj else 3) if q in incoming else (0 if has_adj else 1)
            same_float = ctx.f[q].float1 is direction and not ctx.f[q].topscorer
            equalises = majority is Colour.NONE or self.due(q) is majority
            if self.maxi and abs(ctx.f[q].rating - ctx.f[default].rating) > 100:
                equalises = False  # 100-point rule (maxi-tournaments)
            r = ctx.f[q].rating
            rating_key = (r, -ctx.f[q].rank) if direction is DOWN else (-r, ctx.f[q].rank)
            return (not pairable, kind, same_float, not equalises, rating_key)

        return sorted(group, key=key)

    # ------------------------------------------------------------ a group
    def pair_group(
        self, incoming: list[int], residents: list[int], direction: Float, adjacent: Sequence[int]
    ) -> tuple[list[tuple[int, int]], list[int]]:
        """Pair one score group; returns (pairs, players floating on)."""
        ctx = self.ctx
        incoming_set = set(incoming)
        group = ctx.sort(incoming + residents)
        out: list[int] = []
        # seed "Paarimine" 3: players with no compatible opponent in the group float
        changed = True
        while changed:
            changed = False
            for q in list(group):
                if not self._compatible_in(q, group):
                    group.remove(q)
                    out.append(q)
                    changed = True
        self.budget.start()
        try:
            for extra in self._floater_sets(group, incoming_set, direction, adjacent):
                g = [q for q in group if q not in extra]
                floaters = out + list(extra)
                res = self._pair_members(g, incoming_set, direction, floaters)
                if res is not None:
                    self._commit(res)
                    return res, floaters
        except BudgetSpent:
            pass
        # fallback: pairs inside the group from a global matching
        self.stats.fallbacks += 1
        pairs, rest = self._matching_fallback(incoming + residents)
        self._commit(pairs)
        return pairs, rest

    def _floater_sets(
        self, group: list[int], incoming: set[int], direction: Float, adjacent: Sequence[int]
    ) -> Iterator[tuple[int, ...]]:
        """Who floats out of the group, fewest first (seed "Liuglejate valimine" 1-2).

        An odd group gives one floater (its best candidates first).  If no pairing
        of the rest keeps the round pairable, two more players float ("more than
        one player may be moved up or down"), each chosen by the same rules.
        """
        first: list[tuple[int, ...]] = [()]
        if len(group) % 2:
            first = [(f,) for f in self.choose_odd_floater(group, incoming, direction, adjacent)[:8]]
        yield from first
        for base in first[:3]:
            rest = [q for q in group if q not in base]
            if len(rest) < 4:
                continue
            for f1 in self.choose_odd_floater(rest, incoming, direction, adjacent)[:3]:
                rest2 = [q for q in rest if q != f1]
                for f2 in self.choose_odd_floater(rest2, incoming, direction, adjacent)[:3]:
                    yield base + (f1, f2)

    def _commit(self, pairs: list[tuple[int, int]]) -> None:
        for a, b in pairs:
            self.unpaired.discard(a)
            self.unpaired.discard(b)

    def _matching_fallback(self, members: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
        """The group's pairs from a complete matching of every player still unpaired."""
        got = self.oracle.split(self.ctx.sort(members), self.ctx.sort(self.unpaired))
        if got is None:
            raise PairingError("round could not be completed")
        return got

    def _pair_members(
        self,
        group: list[int],
        incoming: set[int],
        direction: Float,
        floaters: list[int],
        up_incoming: set[int] | None = None,
    ) -> list[tuple[int, int]] | None:
        """Incoming floaters first, then the residents by the Lim order.

        ``up_incoming`` (median group only) are the upfloaters, paired after the
        downfloaters ``incoming`` and before the residents (seed "Liuglejate
        valimine" 3).
        """
        ctx = self.ctx
        outside = frozenset(self.unpaired - set(group) - set(floaters)) | frozenset(floaters)
        up_incoming = up_incoming or set()
        # floaters from the furthest group first
        downs = sorted((q for q in group if q in incoming), key=lambda q: -ctx.f[q].score)
        ups = sorted((q for q in group if q in up_incoming), key=lambda q: ctx.f[q].score)
        if direction is UP:
            order = [(q, UP) for q in sorted((q for q in group if q in incoming), key=lambda q: ctx.f[q].score)]
        else:
            order = [(q, DOWN) for q in downs] + [(q, UP) for q in ups]

        def place(i: int, avail: list[int], acc: list[tuple[int, int]]) -> Iterator[list[tuple[int, int]]]:
            self.budget.tick()
            if i == len(order):
                yield from self._residents(avail, direction, acc, outside)
                return
            f, d = order[i]
            if f not in avail:
                yield from place(i + 1, avail, acc)
                return
            floating = dict(order)
            residents = [q for q in avail if q != f and q not in floating]
            others = [q for q in avail if q != f and q in floating]
            # residents first; another floater only as a last resort
            for o in self._floater_opponents(f, d, residents) + self._floater_opponents(f, d, others):
                rest = [q for q in avail if q not in (f, o)]
                yield from place(i + 1, rest, acc + [(f, o)])

        for res in place(0, list(group), []):
            return res
        return None

    def _floater_opponents(self, f: int, direction: Float, avail: list[int]) -> list[int]:
        """Seed "Liuglejate valimine" 2: colour due as opposite as possible, then
        the highest-rated (downfloater) / lowest-rated (upfloater) player;
        maxi-tournaments: within 100 points of that player."""
        ctx = self.ctx
        cands = [o for o in avail if ctx.compatible(f, o)]
        if not cands:
            return []
        my = self.due(f)

        def colour_rank(o: int) -> int:
            d = self.due(o)
            if my is Colour.NONE or d is Colour.NONE:
                return 1
            return 0 if d is not my else 2

        sign = -1 if direction is DOWN else 1
        cands.sort(key=lambda o: (colour_rank(o), sign * ctx.f[o].rating, ctx.f[o].rank * sign))
        if self.maxi:
            best = (max if direction is DOWN else min)(cands, key=lambda o: ctx.f[o].rating)
            near = [o for o in cands if abs(ctx.f[o].rating - ctx.f[best].rating) <= 100]
            cands = near + [o for o in cands if o not in near]
        return cands

    def _residents(
        self, players: list[int], direction: Float, acc: list[tuple[int, int]], outside: frozenset[int]
    ) -> Iterator[list[tuple[int, int]]]:
        """The residents by the Lim order; colour conflicts relaxed step by step.

        A pair whose players are due the same colour is a colour conflict; the
        seed allows exchanges to improve colours ("Paarimine" 4, "Värvide
        määramine" 7).  The first pairing in Lim order with the fewest conflicts
        (searched level by level) is taken; in maxi-tournaments a colour-motivated
        exchange is allowed only between players at most 100 points apart.
        """
        ctx = self.ctx
        players = ctx.sort(players)
        if len(players) % 2:
            return
        default = None
        if self.maxi:
            default = self._first(players, direction, len(players), outside, None)
        for level in range(self._conflict_bound(players), len(players) // 2 + 1):
            res = self._first(players, direction, level, outside, default)
            if res is not None:
                yield acc + res
                return

    def _conflict_bound(self, players: Sequence[int]) -> int:
        """Fewest colour conflicts possible when pairing ``players`` among themselves."""
        w = sum(1 for q in players if self.due(q) is W)
        b = sum(1 for q in players if self.due(q) is B)
        return conflict_bound(w, b, len(players))

    def _first(self, players, direction, max_conflicts, outside, default) -> list[tuple[int, int]] | None:
        ctx = self.ctx
        partner: dict[int, int] = {}
        if default is not None:
            for a, b in default:
                partner[a], partner[b] = b, a

        def ok_maxi(a: int, o: int) -> bool:
            if default is None or partner.get(a) == o:
                return True
            pa = partner.get(a)
            return pa is None or abs(ctx.f[o].rating - ctx.f[pa].rating) <= 100

        downward = direction is DOWN
        tick = self.budget.tick
        # Depth first in Lim order with an explicit stack (a group may hold
        # thousands of players: no Python recursion).  A frame is [players
        # still to pair, conflicts so far, their first choices, next choice];
        # ``path`` holds the pair that led to each frame below the first.
        tick()
        if not players:
            return [] if self.completable(outside) else None
        rest0 = list(players)
        # players due White / Black among those still to pair (for the conflict bound)
        due_w = sum(1 for q in rest0 if self.due(q) is W)
        due_b = sum(1 for q in rest0 if self.due(q) is B)
        stack: list[list] = [[rest0, 0, _first_choices(rest0, downward), 0, due_w, due_b]]
        path: list[tuple[int, int]] = []
        while stack:
            frame = stack[-1]
            rest, conflicts, choices, due_w, due_b = frame[0], frame[1], frame[2], frame[4], frame[5]
            descend = False
            while frame[3] < len(choices):
                a, o = choices[frame[3]]
                frame[3] += 1
                if not ctx.compatible(a, o) or not ok_maxi(a, o):
                    continue
                c = conflicts + (1 if ctx.conflict(a, o) else 0)
                if c > max_conflicts:
                    continue
                left = [q for q in rest if q not in (a, o)]
                da, do = self.due(a), self.due(o)
                left_w = due_w - (da is W) - (do is W)
                left_b = due_b - (da is B) - (do is B)
                if c + conflict_bound(left_w, left_b, len(left)) > max_conflicts:
                    continue
                if left and not all(self._compatible_in(q, left) for q in left):
                    continue
                tick()
                if not left:
                    if self.completable(outside):
                        return path + [(a, o)]
                    continue
                path.append((a, o))
                stack.append([left, c, _first_choices(left, downward), 0, left_w, left_b])
                descend = True
                break
            if not descend:
                stack.pop()
                if path:
                    path.pop()
        return None

    # ------------------------------------------------------------ median group
    def pair_median(
        self,
        down: list[int],
        up: list[int],
        middle: list[int],
        results: list,
        median,
    ) -> list[tuple[int, int]]:
        """Median group: downfloaters, then upfloaters, then residents (seed 3, 5)."""
        ctx = self.ctx
        down, up, middle = list(down), list(up), list(middle)
        for _ in range(len(results) + 1):
            group = ctx.sort(down + up + middle)
            self.budget.start()
            try:
                res = self._pair_members(group, set(down), DOWN, [], set(up))
            except BudgetSpent:
                res = None
            if res is not None:
                self._commit(res)
                return res
            # seed "Paarimine" 5: widen the median group by dissolving a neighbour pair
            if not self._dissolve(results, median, more_down=len(down) > len(up), down=down, up=up):
                break
        self.stats.fallbacks += 1
        pairs, rest = self._matching_fallback(down + up + middle)
        if rest:
            raise PairingError("round could not be completed")
        self._commit(pairs)
        return pairs

    def _dissolve(self, results, median, more_down: bool, down: list[int], up: list[int]) -> bool:
        """Move the first pair of the group below (or last pair above) to the median."""
        if more_down:
            cands = [r for r in results if r[0] < median and r[1]]
            if not cands:
                return False
            grp = max(cands, key=lambda r: r[0])
            a, b = grp[1].pop(0)
            up.extend((a, b))
        else:
            cands = [r for r in results if r[0] > median and r[1]]
            if not cands:
                return False
            grp = min(cands, key=lambda r: r[0])
            a, b = grp[1].pop()
            down.extend((a, b))
        self.unpaired.update((a, b))
        return True


def conflict_bound(due_white: int, due_black: int, size: int) -> int:
    """Fewest colour conflicts possible among ``size`` players of whom so many are due White / Black."""
    free = size - due_white - due_black
    return max(0, (abs(due_white - due_black) - free + 1) // 2)


def median_score(ctx: Context):
    """Median score: half the points available in the rounds played (seed 002)."""
    return ctx.t.points.win * (ctx.rnd - 1) / 2


def is_maxi(t: Tournament, n_players: int) -> bool:
    """Maxi-tournament: more than 2^n participants for n rounds (seed 002)."""
    return t.rounds is not None and n_players > 2**t.rounds


#: Lim editions: ``1992`` the Estonian seed's reading (002), ``2026`` FIDE's
#: text of today (C.04.4.3, applied from 1 Feb 2026).  Where they differ
#: (docs/editions-1992-lim.md section 4): below the median scoregroup the
#: lower-ranked player gets his due colour (5.4); round 1: odd-numbered top-half
#: players share #1's colour (7.2) instead of alternating down the boards; the
#: maxi-tournament is no longer defined (no automatic 100-point rules).
LIM_EDITIONS = ("1992", "2026")


def pair_lim(
    t: Tournament, *, maxi: bool | None = False, node_budget: int = NODE_BUDGET, edition: str = "1992",
    stats: SearchStats | None = None,
) -> Pairing:
    """Pair the next round of ``t`` by the Lim system.

    ``maxi``: apply the maxi-tournament 100-point rules (True), not (False, the
    default), or decide by the seed's 2^n definition (None; the 2026 text has no
    definition, so None means no).  ``edition``: ``"1992"`` (the seed) or
    ``"2026"`` (C.04.4.3 of today), see :data:`LIM_EDITIONS`.  ``stats``
    collects the search's fallbacks.
    """
    if edition not in LIM_EDITIONS:
        raise ValueError(f"unknown Lim edition {edition!r}")
    rnd = t.rounds_recorded() + 1
    ids = to_be_paired(t, rnd)
    ctx = Context(t, rnd, ids)
    if ctx.last_round:
        # seed 002 "Värvide määramine" 8 / C.04.4.3 6: in the last round three in a
        # row or a difference of three are allowed for everyone (regardless of score).
        for x in ctx.f.values():
            x.topscorer = True
    if maxi is None:
        maxi = edition == "1992" and is_maxi(t, len(ids))
    engine = Lim(ctx, maxi=maxi, node_budget=node_budget, stats=stats)
    pairs, bye = engine.run(ids)
    # Colours (seed 002_33f6cfabbc9b0962.txt "Värvide määramine" 5 a-d): both
    # preferences, the stronger one, alternate from the latest round with
    # different colours, then the higher-placed player (more points if scores
    # differ).  C.04.4.3 5.4 (2026 edition only; the seed has no such rule):
    # below the median scoregroup the lower-ranked player gets his due colour.
    median = median_score(ctx)
    coloured = []
    for a, b in pairs:
        hi, lo = (a, b) if ctx.f[a].rank < ctx.f[b].rank else (b, a)
        below = max(ctx.f[a].score, ctx.f[b].score) < median
        order = (lo, hi) if edition == "2026" and below else (hi, lo)
        coloured.append(allocate_colours(ctx, a, b, higher_first=order))
    boards = board_order(ctx, coloured)
    if all(not x.colours for x in ctx.f.values()):
        out = []
        for i, (w, b) in enumerate(boards):
            hi = w if ctx.f[w].rank < ctx.f[b].rank else b
            lo = b if hi == w else w
            if edition == "2026":
                # C.04.4.3 7.2: the odd-numbered top-half players share #1's colour
                c = ctx.initial if hi % 2 == 1 else ctx.initial.opposite
            else:
                # Seed 002 "Värvide määramine" 1: the first pair's colour by lot,
                # then the colours alternate down the boards (with absent players
                # this differs from 7.2).
                c = ctx.initial if i % 2 == 0 else ctx.initial.opposite
            out.append((hi, lo) if c is W else (lo, hi))
        boards = out
    return Pairing(rnd, boards, bye, unpaired_entries(t, rnd))


__all__ = ["LIM_EDITIONS", "Lim", "is_maxi", "lim_order", "pair_lim"]
