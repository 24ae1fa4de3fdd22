"""``pairing.dense``: built matchings of dense brackets, against brute force.

Random small graphs with a few pairs barred (as [C1] and [C3] bar them in a
bracket): :func:`first_perfect` must give the lexicographically first
perfect matching (each S1 player the first T2 player that still leaves a
perfect matching of the rest), :func:`split_witness` a matching of the
asked shape whenever one exists (it may give up only when none does or the
graph is far from dense), :func:`rejoin_inside` only matchings of that shape.
"""

from __future__ import annotations

import itertools
import random

from swisschess.pairing.dense import first_perfect, rejoin_inside, split_witness


def _barred(rng: random.Random, n: int, p: float) -> set[frozenset[int]]:
    return {frozenset((a, b)) for a in range(n) for b in range(a + 1, n) if rng.random() < p}


def _perfect(s1: list[int], t2: list[int], ok) -> bool:
    if not s1:
        return True
    a = s1[0]
    return any(ok(a, c) and _perfect(s1[1:], [x for x in t2 if x != c], ok) for c in t2)


def _lexicographic(s1: list[int], t2: list[int], ok) -> list[tuple[int, int]] | None:
    out = []
    left = list(t2)
    for i, a in enumerate(s1):
        for c in left:
            rest = [x for x in left if x != c]
            if ok(a, c) and _perfect(s1[i + 1:], rest, ok):
                out.append((a, c))
                left = rest
                break
        else:
            return None
    return out


def _shape_ok(mate: dict[int, int], small: list[int], large: list[int], ok) -> bool:
    everyone = set(small) | set(large)
    if set(mate) != everyone:
        return False
    for a, b in mate.items():
        if mate[b] != a or a == b or not ok(a, b):
            return False
    return all(mate[s] in set(large) for s in small)


def test_first_perfect_is_the_lexicographic_first_perfect_matching():
    rng = random.Random(29)
    checked = 0
    for _ in range(400):
        k = rng.randint(1, 6)
        barred = _barred(rng, 2 * k, rng.choice((0.1, 0.3, 0.5)))

        def ok(a: int, b: int, barred=barred) -> bool:
            return frozenset((a, b)) not in barred

        s1 = rng.sample(range(k), k)
        t2 = rng.sample(range(k, 2 * k), k)
        want = _lexicographic(s1, t2, ok)
        if want is None:
            continue
        witness = {}
        for perm in itertools.permutations(t2):
            if all(ok(a, c) for a, c in zip(s1, perm, strict=True)):
                witness = dict(zip(s1, perm, strict=True))
                break
        for a, c in list(witness.items()):
            witness[c] = a
        assert first_perfect(s1, t2, ok, witness) == want
        checked += 1
    assert checked > 150


def test_split_witness_builds_the_shape_when_the_bracket_is_dense():
    rng = random.Random(7)
    built = 0
    for _ in range(300):
        ns, extra = rng.randint(0, 6), 2 * rng.randint(0, 3)
        n = 2 * ns + extra
        if n == 0:
            continue
        barred = _barred(rng, n, rng.choice((0.05, 0.2, 0.4)))

        def ok(a: int, b: int, barred=barred) -> bool:
            return frozenset((a, b)) not in barred

        small, large = list(range(ns)), list(range(ns, n))
        mate = split_witness(small, large, ok)
        if mate is not None:
            assert _shape_ok(mate, small, large, ok)
            built += 1
        if not barred:
            assert mate is not None  # a complete graph always has one
    assert built > 150
    assert split_witness([0, 1], [2], lambda a, b: True) is None  # |L| < |S|


def test_rejoin_inside_keeps_the_shape_and_pairs_the_player_inside():
    rng = random.Random(11)
    moved = 0
    for _ in range(300):
        ns, extra = rng.randint(1, 5), 2 * rng.randint(1, 3)
        n = 2 * ns + extra
        barred = _barred(rng, n, 0.15)

        def ok(a: int, b: int, barred=barred) -> bool:
            return frozenset((a, b)) not in barred

        small, large = list(range(ns)), list(range(ns, n))
        mate = split_witness(small, large, ok)
        if mate is None:
            continue
        x = rng.choice(large)
        before = dict(mate)
        if rejoin_inside(mate, x, set(large), ok):
            assert mate[x] in large and mate[x] != x
            assert _shape_ok(mate, small, large, ok)
            moved += 1
        else:
            assert mate == before
    assert moved > 100
