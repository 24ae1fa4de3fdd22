"""FIDE Dutch system, the seeds' own text: "Swiss System based on rating" (1992/1998).

This is the procedure of the project seeds (000 Slovenian, 001 Polish, 003 Czech,
004 Bulgarian; 002 Estonian summary), articles A1-F10, as synthesised in
``docs/rules-editions.md`` part (a).  Where the translations disagree the
engineer's choice of that document is followed; where a document and the seeds
disagree, the seeds win (comments say which seed).

How the text's state machine (C1-C14) is turned into code
-----------------------------------------------------------
The seeds describe a trial-and-error procedure: pair a bracket (C4-C8), relax
the relative criteria step by step (C9 floats, C10 the moved-down players'
opponents, C11 colours, C14 fewer pairs), and backtrack to the previous bracket
(C12) or merge the lowest brackets (C13) when the lowest bracket cannot be
paired.  Here every bracket is a *generator* of acceptable bracket pairings in
exactly that order of relaxation::

    for p in (p0, p0-1, ...)                       # C14: fewer pairs last
        for x in (x0, x0+1, ..., p)                # C11: colours (B4) next
            for level in FLOAT_LEVELS              # C9/C10: B6 then B5 dropped
                for S1, S2 in D2 exchanges         # C8 (identity first)
                    for S2 order in D1 transpositions   # C6/C7, lexicographic
                        accept if B1/B2 hold, at most x colour conflicts,
                        the float criteria of the level hold, and the players
                        left over can still be paired (see below)

*C12/C13 by look-ahead.*  Rather than pairing a bracket blindly and undoing it
when a lower bracket gets stuck, a bracket pairing is only accepted when the
players it leaves over, together with all lower brackets, can still be paired
respecting B1/B2 (and B1b for the bye).  This is decided exactly with a maximum
cardinality matching (Edmonds' blossom algorithm, written below).  The outcome
is the one C12/C13 aim at: the earliest acceptable pairing of a bracket that
lets the rest of the round be paired; when no pairing of a bracket with p pairs
allows it, p is reduced (C14) down to 0, which moves the whole bracket down,
i.e. merges it with the next one (C13).  C12 proper (a moved-down player with
no opponent in his new bracket) is also done literally: the previous bracket's
generator is asked for its next pairing with as many pairs that moves a
different player down.

*Bounded search.*  The literal enumeration explodes for large brackets.  Each
bracket has a budget of search nodes; the transposition search prunes with a
bipartite matching test (can the rest of S1 still get opponents in S2?).  If the
budget runs out, the bracket takes the pairing given by the global matching
(always exists by the look-ahead invariant) - so a pairing that respects B1/B2
is *always* found when one exists; only its quality may then fall short of the
literal procedure.  ``Dutch1992.fallbacks`` counts how often that happened.

B3 (score differences as small as possible) is built into the bracket order:
brackets are paired from the top, moved-down players are paired first, and the
number of pairs p is the outermost criterion (a player moves down only when no
pairing with more pairs exists).  Not pairing rules, hence not here: F2 (unplayed
games do not count: ``history.played_colours``), F5 (withdrawn / absent players are
not paired: ``history.to_be_paired``), F6-F9 (publication, corrections, absence,
adjourned games: handled by the tournament workflow and the TRF data), F10 (final
ranking: ``swisschess.standings``).

Interpretations (the text is silent or ambiguous; see docs/editions-1992-lim.md):

* A8: a negative x is clamped to 0.
* C6 accepts a bracket pairing only if it also respects B4 within the current x
  and the float criteria of the current relaxation level (the text names only
  B1/B2 there, but C9-C11 make sense only this way).
* C11 restarts with B5/B6 restored (colours rank above floats, B4 > B5 > B6).
* D2: the seeds' tables are generalised: first the k lowest S1 players x the k
  highest S2 players, k = min(|S1|, |S2| - 1) (reproduces the 8- and 7-player
  tables), ordered by difference, then by the lowest S1 player; then the
  exchanges that involve the other players; then 3- and more-player exchanges.
* Players with no colour history meeting each other: the higher-ranked player
  gets the drawn colour if his pairing number is odd (the round-1 rule E/F4).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, combinations

from swisschess.model.history import (
    Float,
    Strength,
    colour_difference,
    colour_preference,
    compressed_history,
    float_in_round,
    pab_eligible,
    played_colours,
    to_be_paired,
    unpaired_entries,
)
from swisschess.model.rounds import sort_boards
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.result import Pairing, PairingError

W, B = Colour.WHITE, Colour.BLACK

#: A2 (c): FIDE titles in the seeds' order GM - WGM - IM - WIM - FM - WFM - none.
#: TRF title codes: g, wg, m, wm, f, wf (c / wc did not exist in 1992: "none").
TITLE_ORDER = {"g": 0, "wg": 1, "m": 2, "wm": 3, "f": 4, "wf": 5}


# =========================================================================
# Matching (feasibility oracle for C12/C13, fallback)
# =========================================================================
def max_matching(n: int, adj: Sequence[Sequence[int]], start: list[int] | None = None) -> list[int]:
    """Maximum cardinality matching of a general graph (Edmonds' blossom algorithm).

    ``adj[v]`` lists the neighbours of vertex ``v`` (0..n-1).  ``start`` is an
    optional valid matching to begin with (``-1`` = unmatched).  Returns ``mate``
    with ``mate[v]`` the partner of ``v`` or ``-1``.  O(n^3); every augmenting
    path is found by a breadth-first search that shrinks odd cycles (blossoms)
    to their base vertex.
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

    for v in range(n):
        if mate[v] == -1 and adj[v]:
            augment_from(v)
    return mate


def bipartite_saturates(left: Sequence[int], right: Sequence[int], ok) -> bool:
    """Can every player of ``left`` get a distinct partner in ``right``? (Kuhn)."""
    if len(left) > len(right):
        return False
    match: dict[int, int] = {}

    def try_(a: int, seen: set[int]) -> bool:
        for b in right:
            if b in seen or not ok(a, b):
                continue
            seen.add(b)
            if b not in match or try_(match[b], seen):
                match[b] = a
                return True
        return False

    return all(try_(a, set()) for a in left)


# =========================================================================
# Player facts and the absolute criteria
# =========================================================================
@dataclass(slots=True)
class Facts:
    """What the pairing needs to know about one player before round ``rnd``."""

    id: int
    score: Fraction  # pairing score: points + fictitious points
    rating: int
    title: int
    name: str
    colours: list[Colour]  # played games only (seeds F2)
    history: str  # seeds F3 compressed colour history, e.g. "-BWWB"
    cd: int  # A7 colour difference
    pref_colour: Colour  # A7 preference (NONE before the first game)
    pref_strength: Strength
    opponents: frozenset[int]  # B1a: opponents of games actually played
    bye_ok: bool  # B1b
    topscorer: bool  # > 50 % in the last round: B2, B5, B6 waived
    float1: Float  # float received last round (B5)
    float2: Float  # float received two rounds before (B6)
    rank: int = 0  # A2 position in the whole field, 0 = first


class Context:
    """Facts of all players to pair in round ``rnd`` and the pair tests."""

    def __init__(self, t: Tournament, rnd: int, ids: Iterable[int], edition: str = "1992"):
        fe = "2017" if edition == "2017" else "1992"  # float definition (measurement variants only)
        self.t = t
        self.rnd = rnd
        self.last_round = t.rounds is not None and rnd >= t.rounds
        self.initial = t.initial_colour if t.initial_colour in (W, B) else W
        win = t.points.win
        self.f: dict[int, Facts] = {}
        for pid in ids:
            p = t.players[pid]
            cols = played_colours(p, rnd - 1)
            pref = colour_preference(cols)
            points = t.score(pid, rnd - 1)
            self.f[pid] = Facts(
                id=pid,
                score=points + t.acceleration(pid, rnd),
                rating=p.rating,
                title=TITLE_ORDER.get(p.title.strip().lower(), 6),
                name=p.name.strip().casefold(),
                colours=cols,
                history=compressed_history(p, rnd - 1),
                cd=colour_difference(cols),
                pref_colour=pref.colour,
                pref_strength=pref.strength,
                opponents=frozenset(
                    e.opponent for e in p.results[: rnd - 1] if e.played and e.opponent is not None
                ),
                bye_ok=pab_eligible(t, pid, rnd - 1, edition="1992"),
                topscorer=self.last_round and 2 * points > (rnd - 1) * win,
                float1=float_in_round(t, pid, rnd - 1, fe) if rnd > 1 else Float.NONE,
                float2=float_in_round(t, pid, rnd - 2, fe) if rnd > 2 else Float.NONE,
            )
        for i, pid in enumerate(sorted(self.f, key=self.a2_key)):
            self.f[pid].rank = i
        self._compat: dict[tuple[int, int], bool] = {}

    # ------------------------------------------------------------ A2 order
    def a2_key(self, pid: int) -> tuple:
        """A2: score, rating, FIDE title, name (then pairing number)."""
        x = self.f[pid]
        return (-x.score, -x.rating, x.title, x.name, pid)

    def sort(self, ids: Iterable[int]) -> list[int]:
        return sorted(ids, key=lambda p: self.f[p].rank)

    # ------------------------------------------------------------ B1 / B2
    def may_get(self, pid: int, colour: Colour) -> bool:
        """B2: the colour keeps |CD| <= 2 and gives no colour three times in a row.

        Waived in the last round for players with more than 50 % (B2 note).
        """
        x = self.f[pid]
        if x.topscorer:
            return True
        cd = x.cd + (1 if colour is W else -1)
        if cd > 2 or cd < -2:  # B2a
            return False
        c = x.colours
        return not (len(c) >= 2 and c[-1] is colour and c[-2] is colour)  # B2b

    def compatible(self, a: int, b: int) -> bool:
        """B1a (no second game) and B2 (some colour allocation keeps both legal)."""
        key = (a, b) if a < b else (b, a)
        r = self._compat.get(key)
        if r is None:
            r = (
                b not in self.f[a].opponents
                and not self.t.is_forbidden(a, b, self.rnd)
                and (
                    (self.may_get(a, W) and self.may_get(b, B))
                    or (self.may_get(a, B) and self.may_get(b, W))
                )
            )
            self._compat[key] = r
        return r

    def conflict(self, a: int, b: int) -> bool:
        """B4: the pair cannot give both players their preferred colour."""
        ca, cb = self.f[a].pref_colour, self.f[b].pref_colour
        return ca is not Colour.NONE and ca is cb

    # ------------------------------------------------------------ completion
    def matching(self, ids: Iterable[int], hint: dict[int, int] | None = None) -> dict[int, int] | None:
        """A pairing of ``ids`` respecting B1/B2, with one B1b-eligible bye if odd.

        Returns ``{player: partner}`` (the bye's partner is ``0``) or None.
        """
        nodes = list(ids)
        n = len(nodes)
        odd = n % 2 == 1
        idx = {pid: i for i, pid in enumerate(nodes)}
        size = n + (1 if odd else 0)
        adj: list[list[int]] = [[] for _ in range(size)]
        for i in range(n):
            a = nodes[i]
            for j in range(i + 1, n):
                if self.compatible(a, nodes[j]):
                    adj[i].append(j)
                    adj[j].append(i)
        if odd:
            for i, a in enumerate(nodes):
                if self.f[a].bye_ok:
                    adj[i].append(n)
                    adj[n].append(i)
        start = None
        if hint:
            start = [-1] * size
            for a, b in hint.items():
                if a in idx and (b in idx or (b == 0 and odd)):
                    i = idx[a]
                    j = idx[b] if b != 0 else n
                    if start[i] == -1 and start[j] == -1 and j in adj[i]:
                        start[i], start[j] = j, i
        mate = max_matching(size, adj, start)
        if any(m == -1 for m in mate):
            return None
        return {nodes[i]: (nodes[mate[i]] if mate[i] < n else 0) for i in range(n)}


# =========================================================================
# A8, D1, D2
# =========================================================================
def a8_x(prefs: Iterable[Colour], size: int) -> int:
    """A8: x = b - q if b > w else w - q, q = ceil(size / 2); clamped to 0.

    ``w`` / ``b`` count players preferring White / Black (players without a
    preference are not counted).  The seeds never say what a negative x means
    (6 players, w = b = 2 gives -1): clamping to 0 is our interpretation.  The
    Slovenian seed (000_1c7527957d7a8312.txt) prints ``b = w``: a typo, the
    others (001, 003, 004) have ``b > w``.
    """
    prefs = list(prefs)
    w = sum(1 for c in prefs if c is W)
    b = sum(1 for c in prefs if c is B)
    q = (size + 1) // 2
    x = b - q if b > w else w - q
    return max(0, x)


def d1_transpositions(s2: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """D1: all orders of S2 in lexicographic (ascending number) order.

    A9 (a): a *transposition* changes the order of S2 only.

    Seeds D1 (003 Czech: "sort all numbers made of the digits 5, 6, 7, 8
    ascending"): 5-6-7-8, 5-6-8-7, 5-7-6-8, ...  The Bulgarian list (004) is
    corrupt (starts with the identity twice over); we follow the rule.
    """
    items = sorted(s2)

    def rec(prefix: list[int], rest: list[int]) -> Iterator[tuple[int, ...]]:
        if not rest:
            yield tuple(prefix)
            return
        for i, v in enumerate(rest):
            yield from rec(prefix + [v], rest[:i] + rest[i + 1 :])

    yield from rec([], items)


def _exchange_key(out1: tuple[int, ...], in2: tuple[int, ...]) -> tuple:
    """D2 order: smallest difference, then the lowest S1 player(s) first."""
    return (sum(in2) - sum(out1), tuple(-v for v in sorted(out1, reverse=True)), in2)


#: Exchanges of three or more players are generated only from this many S1 and S2 players at the
#: boundary (bounded search; the seeds give tables for one and two players only).
WIDE_EXCHANGE_WINDOW = 6


def d2_exchanges(s1: Sequence[int], s2: Sequence[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D2: exchanges between S1 and S2 as ``(from S1, from S2)`` number tuples.

    A9 (b): an *exchange* moves players between S1 and S2 (homogeneous brackets and
    remainders only); both subgroups are then sorted again by A2.

    The seeds' tables (8 players: S1 = 1-4, S2 = 5-8) give the one-player order
    a 4-5, b 4-6, c 3-5, d 4-7, e 3-6, f 2-5, g 3-7, h 2-6, i 2-7 and the
    two-player order j 3+4/5+6, k 3+4/5+7, l 2+4/5+6, m 3+4/6+7, n 2+4/5+7,
    o 2+3/5+6, p 2+4/6+7, q 2+3/5+7, r 2+3/6+7: "the difference between the
    exchanged numbers as small as possible; on equal difference the lowest S1
    player" (difference of two-player exchanges: of the sums - interpretation).
    For 7 players (S1 = 1-3, S2 = 4-7) every number drops by one and "the last
    column of the second table becomes superfluous" (000, 001, 003).

    Generalisation (interpretation): the table is the k lowest S1 players x
    the k highest S2 players, k = min(|S1|, |S2| - 1); when S2 is the larger
    subgroup the two-player column of the two highest table players is dropped.
    Exchanges involving the other players follow each table in the same order;
    larger exchanges come last (bounded to a window at the S1/S2 boundary).
    """
    s1 = sorted(s1)
    s2 = sorted(s2)
    k = min(len(s1), len(s2) - 1)
    if k <= 0:
        k = min(len(s1), len(s2))
    t1 = s1[len(s1) - k :]
    t2 = s2[:k]
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def emit(cands: Iterable[tuple[tuple[int, ...], tuple[int, ...]]]):
        for c in sorted(cands, key=lambda c: _exchange_key(*c)):
            if c not in seen:
                seen.add(c)
                yield c

    # one-player table, then the others
    yield from emit(((a,), (b,)) for a in t1 for b in t2)
    yield from emit(((a,), (b,)) for a in s1 for b in s2)
    if min(len(s1), len(s2)) >= 2:
        tw1, tw2 = t1[-12:], t2[:12]  # bounded window for large brackets
        cols = list(combinations(tw1, 2))
        if len(s2) > len(s1) and len(cols) > 1 and len(t1) <= 12:
            top = tuple(t1[:2])
            cols = [c for c in cols if c != top]  # "last column superfluous" (odd bracket)
        yield from emit((c, r) for c in cols for r in combinations(tw2, 2))
        w1 = s1 if len(s1) <= 12 else s1[-12:]
        w2 = s2 if len(s2) <= 12 else s2[:12]
        yield from emit((c, r) for c in combinations(w1, 2) for r in combinations(w2, 2))
    w1 = s1[-WIDE_EXCHANGE_WINDOW:]
    w2 = s2[:WIDE_EXCHANGE_WINDOW]
    for size in range(3, min(len(w1), len(w2)) + 1):
        yield from emit((c, r) for c in combinations(w1, size) for r in combinations(w2, size))


def homogeneous_order(n: int) -> list[list[tuple[int, int]]]:
    """Every pairing of an n-player homogeneous bracket (n even) in D1/D2 order.

    No criteria: this is the pure generation order of C6-C8 (transpositions
    first, then exchanges; repeated pairings skipped), numbers 1..n.  For n = 6
    it is the Estonian seed's (002) Dutch column of 15 pairings.
    """
    players = list(range(1, n + 1))
    p = n // 2
    seen: set[frozenset] = set()
    out: list[list[tuple[int, int]]] = []
    for out1, in2 in [((), ())] + list(d2_exchanges(players[:p], players[p:])):
        s1 = sorted(set(players[:p]) - set(out1) | set(in2))
        s2 = sorted(set(players[p:]) - set(in2) | set(out1))
        for perm in d1_transpositions(s2):
            pairs = [tuple(sorted((a, b))) for a, b in zip(s1, perm, strict=False)]
            key = frozenset(pairs)
            if key not in seen:
                seen.add(key)
                out.append(sorted(pairs))
    return out


# =========================================================================
# Bracket search
# =========================================================================
@dataclass(slots=True)
class Candidate:
    """A bracket pairing: pairs made here and players moved down to the next bracket."""

    pairs: list[tuple[int, int]]
    floaters: list[int]
    level: tuple = ()


#: Float relaxation levels (C9, C10): which of the four float criteria still hold.
#: (downfloaters B6, downfloaters B5, upfloaters B6, upfloaters B5).  C9 drops B6
#: then B5 for downfloaters; C10 drops B6 then B5 for upfloaters.
FLOAT_LEVELS: tuple[tuple[bool, bool, bool, bool], ...] = (
    (True, True, True, True),
    (False, True, True, True),
    (False, False, True, True),
    (False, False, False, True),
    (False, False, False, False),
)

#: 2017 priority of the float criteria (C.12 > C.13 > C.14 > C.15): for measurements only.
FLOAT_LEVELS_2017: tuple[tuple[bool, bool, bool, bool], ...] = (
    (True, True, True, True),
    (True, True, False, True),
    (False, True, False, True),
    (False, True, False, False),
    (False, False, False, False),
)


@dataclass(frozen=True, slots=True)
class Variant:
    """Switches that replace one 1992 rule by its 2017 counterpart.

    Not part of the 1992 rules: ``tools/compare_editions.py`` uses them to trace
    each difference from the 2017 reference to the rule that causes it.
    """

    floats_2017: bool = False  # 2017 A.4: every unplayed round is a downfloat
    topscorer_float_waiver: bool = True  # 1992 B5/B6 note: waived for > 50 % in the last round
    float_order_2017: bool = False  # 2017 C.12-C.15 order instead of C9/C10's drop order
    a3_homogeneous: bool = True  # 1992 A3: >= half movers -> treated as homogeneous
    strong_2017: bool = False  # 2017 C.11: fewest players denied a strong preference


#: Search nodes allowed per bracket before the matching fallback is used.
NODE_BUDGET = 40_000


class _Budget(Exception):
    pass


#: Diagnostics: how many brackets/groups used the matching fallback (all runs so far).
FALLBACKS = [0]


class Dutch1992:
    """Pair one round by the seeds' procedure.  Use :func:`pair_dutch_1992`."""

    def __init__(self, ctx: Context, node_budget: int = NODE_BUDGET, variant: Variant | None = None):
        self.ctx = ctx
        self.variant = variant or Variant()
        self.levels = FLOAT_LEVELS_2017 if self.variant.float_order_2017 else FLOAT_LEVELS
        self.node_budget = node_budget
        self.nodes = 0
        self.fallbacks = 0
        self._feasible: dict[frozenset[int], bool] = {}
        self._hint: dict[int, int] | None = None
        self._nu: dict[frozenset[int], int] = {}

    # ------------------------------------------------------------ look-ahead
    def completable(self, ids: frozenset[int]) -> bool:
        """Can these players (left-overs plus all lower brackets) still be paired?"""
        r = self._feasible.get(ids)
        if r is None:
            m = self.ctx.matching(sorted(ids, key=lambda p: self.ctx.f[p].rank), self._hint)
            r = m is not None
            if m is not None:
                self._hint = m
            self._feasible[ids] = r
        return r

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_budget:
            raise _Budget

    # ------------------------------------------------------------ criteria
    def float_ok(self, pid: int, direction: Float, level: tuple[bool, bool, bool, bool]) -> bool:
        """B5 / B6 for a player about to receive a float, at a relaxation level."""
        x = self.ctx.f[pid]
        if x.topscorer and self.variant.topscorer_float_waiver:  # B5/B6 note: not for > 50 % in the last round
            return True
        b6, b5 = (level[0], level[1]) if direction is Float.DOWN else (level[2], level[3])
        if b5 and x.float1 is direction:
            return False
        return not (b6 and x.float2 is direction)

    def _pair_float_ok(self, a: int, b: int, level) -> bool:
        """Floats of a pair between different scores (A4): lower player floats up."""
        sa, sb = self.ctx.f[a].score, self.ctx.f[b].score
        if sa == sb:
            return True
        lo = b if sa > sb else a
        return self.float_ok(lo, Float.UP, level)

    # ------------------------------------------------------------ C6/C7 search
    def transpositions(
        self,
        s1: list[int],
        s2: list[int],
        max_conflicts: int,
        level,
        accept,
        max_strong: int | None = None,
    ) -> Iterator[Candidate]:
        """C6/C7: pair S1[i] with S2[i] over the D1 orders of S2 (depth first).

        ``accept(pairs, rest)`` decides on complete candidates (floats of the
        players left over, bye, look-ahead).  Pruning: B1/B2, the colour budget
        and a bipartite test that the rest of S1 can still find opponents.
        """
        ctx = self.ctx
        p = len(s1)
        used = [False] * len(s2)
        chosen: list[int] = []

        def rec(i: int, conflicts: int, strong: int = 0) -> Iterator[Candidate]:
            self._tick()
            if i == p:
                pairs = [(s1[k], s2[j]) for k, j in enumerate(chosen)]
                rest = [s2[j] for j in range(len(s2)) if not used[j]]
                cand = accept(pairs, rest)
                if cand is not None:
                    yield cand
                return
            a = s1[i]
            for j, b in enumerate(s2):
                if used[j] or not ctx.compatible(a, b):
                    continue
                c = conflicts + (1 if ctx.conflict(a, b) else 0)
                if c > max_conflicts or not self._pair_float_ok(a, b, level):
                    continue
                sc = strong
                if max_strong is not None:
                    sc += self._strong_conflict(a, b)
                    if sc > max_strong:
                        continue
                used[j] = True
                chosen.append(j)
                if i + 1 == p:
                    yield from rec(i + 1, c, sc)
                else:
                    free = [s2[k] for k in range(len(s2)) if not used[k]]
                    if c + self._conflict_bound(s1[i + 1 :], free) <= max_conflicts and (
                        bipartite_saturates(s1[i + 1 :], free, ctx.compatible)
                    ):
                        yield from rec(i + 1, c, sc)
                chosen.pop()
                used[j] = False

        yield from rec(0, 0)

    def _strong_conflict(self, a: int, b: int) -> int:
        """2017 C.11 (variant only): both want the same colour strongly or absolutely."""
        fa, fb = self.ctx.f[a], self.ctx.f[b]
        return int(
            self.ctx.conflict(a, b) and fa.pref_strength >= Strength.STRONG and fb.pref_strength >= Strength.STRONG
        )

    def _strong_range(self, x: int) -> Sequence[int | None]:
        return range(0, x + 1) if self.variant.strong_2017 else [None]

    def _conflict_bound(self, s1: Sequence[int], s2: Sequence[int]) -> int:
        """Lower bound of B4 conflicts when pairing all of ``s1`` into ``s2``."""
        f = self.ctx.f
        w1 = sum(1 for q in s1 if f[q].pref_colour is W)
        b1 = sum(1 for q in s1 if f[q].pref_colour is B)
        w2 = sum(1 for q in s2 if f[q].pref_colour is W)
        b2 = sum(1 for q in s2 if f[q].pref_colour is B)
        n2 = len(s2) - w2 - b2
        return max(0, w1 - b2 - n2) + max(0, b1 - w2 - n2)

    # ------------------------------------------------------------ homogeneous
    def homogeneous(
        self,
        players: list[int],
        lower: frozenset[int],
        lowest: bool,
        extra: Sequence[int] = (),
        p_only: int | None = None,
        x_fixed: int | None = None,
        level_only: int | None = None,
        s_fixed: int | None = None,
    ) -> Iterator[Candidate]:
        """A homogeneous bracket or remainder (A3, A6, C2-C11, C14).

        ``extra`` are players already known to move down (not paired here).
        ``p_only``, ``x_fixed``, ``level_only`` pin one relaxation level (used for
        the remainder of a heterogeneous bracket, whose levels are driven by it).
        """
        ctx = self.ctx
        players = ctx.sort(players)
        n = len(players)
        p0 = n // 2  # A6 / C3
        nu = self._max_pairs(players)
        x0 = a8_x((ctx.f[q].pref_colour for q in players), n)  # A8 / C2
        if p_only is not None:
            ps: Iterable[int] = [p_only] if p_only <= nu else []
        elif lowest:
            ps = [p0] if n - 2 * p0 <= 1 else []
        else:
            ps = range(min(p0, nu), -1, -1)  # C14
        mixed = len({ctx.f[q].score for q in players}) > 1
        levels: Sequence[int] = range(len(self.levels))
        if not mixed:  # no upfloaters: only the downfloater part of a level matters
            parts: dict[tuple[bool, bool], int] = {}
            for i, lv in enumerate(self.levels):
                parts.setdefault(lv[:2], i)
            levels = sorted(parts.values())
        if level_only is not None:
            levels = [min(level_only, levels[-1])]
        for p in ps:
            if p == 0:  # everybody moves down: only the float criteria of the level apply
                for li in levels:
                    cand = self._accept_rest([], list(extra) + players, lower, lowest, self.levels[li])
                    if cand is not None:
                        yield cand
                        break
                continue
            xs = max(0, x0 - (p0 - p)) if x0 > 0 else 0  # C14: x -= 1 with p
            xrange_: Iterable[int] = range(xs, p + 1) if x_fixed is None else ([x_fixed] if x_fixed >= xs else [])
            for x in xrange_:  # C11
                for sx in self._strong_range(x) if s_fixed is None else [s_fixed]:
                    for li in levels:  # C9
                        level = self.levels[li]
                        yield from self._exchanges_search(players, p, x, level, lower, lowest, extra, sx)

    def _exchanges_search(self, players, p, x, level, lower, lowest, extra, sx=None) -> Iterator[Candidate]:
        """C8 + C5-C7: the D2 exchanges (identity first), each with all D1 orders."""
        pos = {q: i + 1 for i, q in enumerate(players)}  # bracket numbers 1..n
        s1n = [pos[q] for q in players[:p]]
        s2n = [pos[q] for q in players[p:]]
        by = {v: k for k, v in pos.items()}
        seen: set[frozenset] = set()

        def accept(pairs, rest):
            key = frozenset(frozenset(pr) for pr in pairs)
            if key in seen:
                return None
            seen.add(key)
            return self._accept_rest(pairs, list(extra) + rest, lower, lowest, level)

        exchanges = chain([((), ())], d2_exchanges(s1n, s2n) if p < len(players) else ())
        for out1, in2 in exchanges:
            s1 = [by[v] for v in sorted(set(s1n) - set(out1) | set(in2))]
            s2 = [by[v] for v in sorted(set(s2n) - set(in2) | set(out1))]
            yield from self.transpositions(s1, s2, x, level, accept, sx)

    def _accept_rest(self, pairs, rest, lower, lowest, level) -> Candidate | None:
        """Leaf test: the players left over (downfloaters / bye) and the look-ahead."""
        ctx = self.ctx
        if lowest:
            if len(rest) > 1:
                return None
            if rest and not ctx.f[rest[0]].bye_ok:  # B1b
                return None
        for q in rest:
            if not self.float_ok(q, Float.DOWN, level):  # B5/B6 for downfloaters (A5: bye too)
                return None
        if not lowest and not self.completable(frozenset(rest) | lower):
            return None
        return Candidate(list(pairs), list(rest))

    def _max_pairs(self, players: list[int]) -> int:
        """Upper bound for p: maximum number of compatible pairs inside the bracket."""
        key = frozenset(players)
        if key not in self._nu:
            n = len(players)
            adj = [[j for j in range(n) if j != i and self.ctx.compatible(players[i], players[j])] for i in range(n)]
            self._nu[key] = sum(1 for v in max_matching(n, adj) if v != -1) // 2
        return self._nu[key]

    # ------------------------------------------------------------ heterogeneous
    def heterogeneous(
        self, movers: list[int], residents: list[int], lower: frozenset[int], lowest: bool, forced: Sequence[int] = ()
    ) -> Iterator[Candidate]:
        """A heterogeneous bracket (A3, A6): S1 = the moved-down players, S2 = residents.

        Movers are paired first (C6, D1 transpositions of S2 for the movers'
        opponents); the remaining residents form the remainder, paired as a
        homogeneous bracket (C2 again).  C10: when the remainder cannot be paired,
        the lowest mover's opponent changes first (that is the next D1 order).
        C11 raises x for movers and remainder together; C14 pairs fewer movers
        (the lowest ones move on), and then fewer remainder pairs.
        """
        ctx = self.ctx
        movers = ctx.sort(movers)
        residents = ctx.sort(residents)
        n = len(movers) + len(residents)
        xb = a8_x((ctx.f[q].pref_colour for q in movers + residents), n)  # A8 on the whole bracket
        # most movers that can meet a resident at all (upper bound for p)
        m_max = len(movers)
        while m_max > 0 and not any(
            bipartite_saturates(list(s), residents, ctx.compatible) for s in _head_subsets(movers, m_max, 64)
        ):
            m_max -= 1
        for pm in range(m_max, -1, -1):  # C14 on the movers' pairs
            for s1 in _head_subsets(movers, pm, 64):
                left = [q for q in movers if q not in s1]
                if lowest and left:
                    # C13: in the lowest bracket nobody can move on: the movers
                    # not paired with residents join the remainder.
                    yield from self._het_level(list(s1), residents, left, list(forced), lower, lowest, xb)
                else:
                    yield from self._het_level(list(s1), residents, [], list(forced) + left, lower, lowest, xb)

    def _het_level(self, s1, residents, join, moved_on, lower, lowest, xb) -> Iterator[Candidate]:
        ctx = self.ctx
        pm = len(s1)
        if pm == 0:
            yield from self.homogeneous(residents + join, lower, lowest, extra=moved_on)
            return
        rem_size = len(residents) + len(join) - pm
        pr_max = rem_size // 2
        pr_values = [pr_max] if lowest else list(range(pr_max, -1, -1))
        for pr in pr_values:  # C14 in the remainder
            # C11: x of the whole bracket (A8) grows step by step; the movers' pairs
            # and the remainder share it (B4 counts the bracket's pairs; the
            # remainder's own A8 value is a lower bound for its part).
            for big_x in range(xb, pm + pr + 1):
                for sx in self._strong_range(big_x):  # None unless the 2017 C.11 variant
                    for li in range(len(self.levels)):  # C9 / C10
                        level = self.levels[li]
                        seen_rem: set[tuple[frozenset[int], int, int | None]] = set()

                        def accept(pairs, rest, big_x=big_x, li=li, pr=pr, seen_rem=seen_rem, sx=sx):
                            rem = ctx.sort(list(rest) + list(join))
                            left_x = big_x - sum(1 for a, b in pairs if ctx.conflict(a, b))
                            left_s = None if sx is None else sx - sum(self._strong_conflict(a, b) for a, b in pairs)
                            key = (frozenset(rem), left_x, left_s)
                            if key in seen_rem:
                                return None
                            cands = self.homogeneous(
                                rem, lower, lowest, extra=moved_on, p_only=pr, x_fixed=left_x, level_only=li,
                                s_fixed=left_s,
                            )
                            for c in cands:
                                return Candidate(list(pairs) + c.pairs, c.floaters)
                            seen_rem.add(key)
                            return None

                        yield from self.transpositions(list(s1), residents, min(pm, big_x), level, accept, sx)

    # ------------------------------------------------------------ the round
    def run(self, ids: list[int]) -> tuple[list[tuple[int, int]], int | None]:
        """Pair all players ``ids``; returns (pairs, bye)."""
        ctx = self.ctx
        everyone = frozenset(ids)
        if not self.completable(everyone):
            raise PairingError("no pairing respects the absolute criteria B1/B2")
        groups: list[list[int]] = []
        for pid in ctx.sort(ids):
            if groups and ctx.f[groups[-1][0]].score == ctx.f[pid].score:
                groups[-1].append(pid)
            else:
                groups.append([pid])
        pairs: list[tuple[int, int]] = []
        movers: list[int] = []
        prev: tuple[Iterator[Candidate] | None, Candidate] | None = None
        for k, residents in enumerate(groups):
            lowest = k == len(groups) - 1
            lower = frozenset(q for g in groups[k + 1 :] for q in g)
            # C12: a moved-down player without a legal opponent here -> re-pair the
            # previous bracket so that a different player moves down.
            if prev is not None and movers:
                got = self._c12(prev, movers, residents)
                if got is not None:
                    del pairs[len(pairs) - len(prev[1].pairs) :]
                    pairs.extend(got.pairs)
                    movers = got.floaters
            cand, gen = self._pair_bracket(movers, residents, lower, lowest)
            pairs.extend(cand.pairs)
            prev = (gen, cand)
            movers = cand.floaters
        bye = None
        if movers:
            if len(movers) != 1:  # cannot happen: the lowest bracket keeps at most one
                raise PairingError("round could not be completed")
            bye = movers[0]
        return pairs, bye

    def _pair_bracket(self, movers, residents, lower, lowest) -> tuple[Candidate, Iterator[Candidate] | None]:
        """The first acceptable pairing of a bracket (or the matching fallback)."""
        ctx = self.ctx
        bracket = ctx.sort(movers + residents)
        # C1: a resident without any legal opponent in the bracket moves down
        # (in the lowest bracket C13 applies instead: the look-ahead handles it).
        forced: list[int] = []
        if not lowest:
            for q in residents:
                if not any(ctx.compatible(q, o) for o in bracket if o != q):
                    forced.append(q)
        residents = [q for q in residents if q not in forced]
        movers_set = set(movers)
        self.nodes = 0
        # A3: with at least half the players from above the bracket is homogeneous
        if not movers or (self.variant.a3_homogeneous and 2 * len(movers) >= len(movers) + len(residents)):
            gen = self.homogeneous(movers + residents, lower, lowest, extra=forced)
        else:
            gen = self.heterogeneous(movers, residents, lower, lowest, forced)
        try:
            for cand in gen:
                return cand, gen
        except _Budget:
            pass
        self.fallbacks += 1
        FALLBACKS[0] += 1
        return self._fallback(bracket, lower, movers_set), None

    def _fallback(self, bracket: list[int], lower: frozenset[int], movers: set[int]) -> Candidate:
        """Budget exhausted: pairs inside the bracket taken from a global matching."""
        ctx = self.ctx
        m = ctx.matching(ctx.sort(set(bracket) | lower), self._hint)
        if m is None:  # cannot happen: the look-ahead keeps the rest pairable
            raise PairingError("round could not be completed")
        inside = set(bracket)
        pairs, rest = [], []
        done: set[int] = set()
        for q in bracket:
            if q in done:
                continue
            o = m[q]
            if o in inside:
                pairs.append((q, o))
                done.update((q, o))
            else:
                rest.append(q)
        return Candidate(pairs, rest)

    def _c12(self, prev, movers: list[int], residents: list[int]) -> Candidate | None:
        """C12: try the previous bracket's next pairings (same number of pairs)."""
        ctx = self.ctx
        gen, cand = prev
        if gen is None:
            return None
        bracket = movers + residents
        stuck = [q for q in movers if not any(ctx.compatible(q, o) for o in bracket if o != q)]
        if not stuck:
            return None
        het = 2 * len(movers) < len(bracket)
        self.nodes = 0
        tried = 0
        try:
            for alt in gen:
                tried += 1
                if tried > 200:
                    break
                if len(alt.pairs) != len(cand.pairs) or set(alt.floaters) == set(cand.floaters):
                    continue
                new = alt.floaters
                if het and 2 * len(new) < len(new) + len(residents):
                    if not bipartite_saturates(ctx.sort(new), residents, ctx.compatible):
                        continue
                elif any(
                    not any(ctx.compatible(q, o) for o in new + residents if o != q) for q in new
                ):
                    continue
                return alt
        except _Budget:
            return None
        return None


def _head_subsets(movers: list[int], size: int, limit: int) -> Iterator[tuple[int, ...]]:
    """Subsets of ``size`` movers, the highest ones first (C4: "the p highest")."""
    for i, c in enumerate(combinations(movers, size)):
        if i >= limit:
            return
        yield c


# =========================================================================
# E: colours, F1: board order
# =========================================================================
def allocate_colours(ctx: Context, a: int, b: int, higher_first=None) -> tuple[int, int]:
    """E1-E4 (and the round-1 rule): returns ``(white, black)``.

    E1 grant both preferences; E2 grant the stronger one; E3 alternate with
    respect to the latest round in which the two had different colours (F3
    histories, unplayed rounds moved to the front); E4 grant the preference of
    the higher-ranked player (A2; Estonian seed 002: with unequal scores the one
    with more points - A2 already sorts by score).  Round 1: S1 players with odd
    numbers get the drawn colour, even numbers the other one (E, F4).
    """
    fa, fb = ctx.f[a], ctx.f[b]
    hi, lo = (a, b) if fa.rank < fb.rank else (b, a)
    if higher_first is not None:
        hi, lo = higher_first
    fh, fl = ctx.f[hi], ctx.f[lo]

    def give(pid: int, colour: Colour) -> tuple[int, int]:
        other = lo if pid == hi else hi
        w, bl = (pid, other) if colour is W else (other, pid)
        # never break B2 when the other allocation keeps it (E1/E2 guarantee it
        # for absolute preferences; this only guards the fallbacks)
        if not (ctx.may_get(w, W) and ctx.may_get(bl, B)) and ctx.may_get(bl, W) and ctx.may_get(w, B):
            return bl, w
        return w, bl

    ch, cl = fh.pref_colour, fl.pref_colour
    none = Colour.NONE
    if ch is not none and cl is not none and ch is not cl:  # E1
        return give(hi, ch)
    if ch is none and cl is not none:  # E1: only one preference
        return give(lo, cl)
    if cl is none and ch is not none:
        return give(hi, ch)
    if ch is not none:  # same colour wanted
        if fh.pref_strength != fl.pref_strength:  # E2
            strong = hi if fh.pref_strength > fl.pref_strength else lo
            return give(strong, ctx.f[strong].pref_colour)
        # E3: latest round with different colours (histories aligned at the end)
        for x, y in zip(reversed(fh.history), reversed(fl.history), strict=False):
            if x != "-" and y != "-" and x != y:
                return give(hi, B if x == "W" else W)
        return give(hi, ch)  # E4
    # no preferences at all (round 1, or no games yet): odd number -> drawn colour.
    # "Number" is the starting number (003_283857243f69a16d.txt: "se sudým
    # startovním číslem"), so with absent players this is not an alternation by
    # board (the Lim seed 002 alternates by board).
    c = ctx.initial if hi % 2 == 1 else ctx.initial.opposite
    return give(hi, c)


def board_order(ctx: Context, boards: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """F1: higher player's score, then sum of scores, then A2 rank of the higher player."""
    return sort_boards(boards, lambda p: ctx.f[p].score, lambda p: ctx.f[p].rank)


def absolute_violations(t: Tournament, pairing: Pairing, *, colour_waiver: str = "topscorers") -> list[str]:
    """Check a pairing against the absolute criteria B1 and B2 (and the bye rule).

    ``colour_waiver`` says for whom B2 is waived in the last round: ``"topscorers"``
    (Dutch 1992: players with more than 50 %) or ``"all"`` (Lim: everyone).
    Returns human-readable violations (empty when the pairing is valid).
    """
    rnd = pairing.round
    ids = to_be_paired(t, rnd)
    ctx = Context(t, rnd, ids)
    if colour_waiver == "all" and ctx.last_round:
        for x in ctx.f.values():
            x.topscorer = True
    out: list[str] = []
    seen: list[int] = [q for wb in pairing.boards for q in wb]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    if sorted(seen) != sorted(ids):
        out.append(f"players paired {sorted(seen)} != players to pair {sorted(ids)}")
    for w, b in pairing.boards:
        if w not in ctx.f or b not in ctx.f:
            continue
        if b in ctx.f[w].opponents:
            out.append(f"B1a: {w}-{b} have met")
        if not ctx.may_get(w, W):
            out.append(f"B2: {w} may not get White")
        if not ctx.may_get(b, B):
            out.append(f"B2: {b} may not get Black")
    if pairing.bye is not None:
        if len(ids) % 2 == 0:
            out.append("bye with an even number of players")
        elif pairing.bye in ctx.f and not ctx.f[pairing.bye].bye_ok:
            out.append(f"B1b: {pairing.bye} already scored a point without playing")
    elif len(ids) % 2 == 1:
        out.append("odd number of players and no bye")
    return out


def pair_dutch_1992(t: Tournament, *, node_budget: int = NODE_BUDGET, variant: Variant | None = None) -> Pairing:
    """Pair the next round of ``t`` by the seeds' 1992/1998 Dutch text.

    Raises :class:`PairingError` when no pairing respects B1/B2 (and B1b).
    """
    rnd = t.rounds_recorded() + 1
    ids = to_be_paired(t, rnd)
    ctx = Context(t, rnd, ids, "2017" if variant is not None and variant.floats_2017 else "1992")
    engine = Dutch1992(ctx, node_budget, variant)
    pairs, bye = engine.run(ids)
    boards = [allocate_colours(ctx, a, b) for a, b in pairs]
    return Pairing(rnd, board_order(ctx, boards), bye, unpaired_entries(t, rnd))


__all__ = [
    "Context",
    "absolute_violations",
    "Dutch1992",
    "a8_x",
    "allocate_colours",
    "board_order",
    "d1_transpositions",
    "d2_exchanges",
    "homogeneous_order",
    "max_matching",
    "pair_dutch_1992",
]
