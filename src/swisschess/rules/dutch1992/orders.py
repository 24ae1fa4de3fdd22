"""A8 (the colour budget x), D1 transpositions and D2 exchanges: the generation order of C6-C8."""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

from swisschess.model.tournament import Colour

W, B = Colour.WHITE, Colour.BLACK


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

    def emit_singles(left: list[int], right: list[int]):
        # one-player exchanges in D2 order without sorting them all first (a
        # large bracket has |S1| x |S2| of them and seldom needs more than a
        # few): each S1 player's row is already ordered by the S2 player, the
        # rows are merged by the same key
        def row(a: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
            return (((a,), (b,)) for b in right)

        for c in heapq.merge(*(row(a) for a in left), key=lambda c: _exchange_key(*c)):
            if c not in seen:
                seen.add(c)
                yield c

    # one-player table, then the others
    yield from emit_singles(t1, t2)
    yield from emit_singles(s1, s2)
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
            pairs = [(min(a, b), max(a, b)) for a, b in zip(s1, perm, strict=False)]
            key = frozenset(pairs)
            if key not in seen:
                seen.add(key)
                out.append(sorted(pairs))
    return out

