"""``pairing.tight``: "is there an optimum pairing v with one of these?"
read from the tight graph of one optimum, against brute force.

Small random graphs with few distinct weights (so that many optima tie, as
in a scoregroup), every perfect matching enumerated: the answer of
:func:`rematch` (when it gives one) must be the brute-force answer, and on
True the matcher must hold an optimum that pairs ``v`` into the set.
"""

from __future__ import annotations

import random

from swisschess.pairing.blossom import NoPerfectMatching, PerfectMatcher
from swisschess.pairing.tight import prepare, rematch


def _perfect_matchings(n: int, w: dict[tuple[int, int], int]):
    def rec(free: list[int]):
        if not free:
            yield []
            return
        a = free[0]
        for b in free[1:]:
            if (a, b) in w:
                rest = [x for x in free if x != a and x != b]
                for m in rec(rest):
                    yield [(a, b), *m]
    yield from rec(list(range(n)))


def _graph(rng: random.Random, n: int) -> tuple[PerfectMatcher, dict[tuple[int, int], int]]:
    pm = PerfectMatcher(n)
    w = {}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < 0.6:
                w[(a, b)] = rng.choice((4, 6, 6, 8, 8, 8))
                pm.set_weight(a, b, w[(a, b)])
    return pm, w


def test_rematch_agrees_with_brute_force():
    rng = random.Random(2029)
    decided = refused = 0
    for _ in range(400):
        n = rng.choice((4, 6, 8, 10))
        pm, w = _graph(rng, n)
        try:
            pm.solve()
        except NoPerfectMatching:
            continue
        all_m = list(_perfect_matchings(n, w))
        best = max(sum(w[e] for e in m) for m in all_m)
        optima = [m for m in all_m if sum(w[e] for e in m) == best]
        for _ in range(3):
            if not prepare(pm):
                break
            v = rng.randrange(n)
            allowed = set(rng.sample([u for u in range(n) if u != v], rng.randint(1, 3)))
            truth = any(any((a == v and b in allowed) or (b == v and a in allowed) for a, b in m)
                        for m in optima)
            got = rematch(pm, v, allowed)
            if got is None:
                continue
            assert got == truth, (n, w, v, allowed)
            if got:
                decided += 1
                mate = pm.mate
                assert mate[v] in allowed
                assert all(mate[mate[x]] == x for x in range(n))
                assert sum(w[(x, mate[x])] for x in range(n) if x < mate[x]) == best
            else:
                refused += 1
    assert decided > 100 and refused > 50
