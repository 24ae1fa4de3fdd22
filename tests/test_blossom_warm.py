"""Warm start of the weighted matching from the caller's duals (issue 31).

``PerfectMatcher.start_from`` lets the Dutch engine start the matching that
chooses S1 and S2 from duals that already make the S1-S2 pairs tight.  Any
feasible duals must give a maximum-weight perfect matching of the same
weight as a cold start (checked against networkx), and duals that leave an
edge uncovered must be refused.
"""

from __future__ import annotations

import random

import networkx as nx

from swisschess.pairing.blossom import NoPerfectMatching, PerfectMatcher


def _graph(rng: random.Random, n: int) -> dict[tuple[int, int], int]:
    edges = {}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < 0.4:
                edges[a, b] = rng.choice([0, 2, 4, 6, 40, 42, 100])
    return edges


def _weight(mate: list[int], edges: dict[tuple[int, int], int]) -> int:
    return sum(edges[a, b] for a, b in edges if mate[a] == b)


def test_warm_start_gives_the_optimum_weight() -> None:
    rng = random.Random(31)
    checked = 0
    for _ in range(60):
        n = rng.choice([6, 8, 10, 14])
        edges = _graph(rng, n)
        g = nx.Graph()
        g.add_nodes_from(range(n))
        for (a, b), w in edges.items():
            g.add_edge(a, b, weight=w)
        best = nx.max_weight_matching(g, maxcardinality=True)
        if 2 * len(best) != n:
            continue
        want = sum(edges[min(a, b), max(a, b)] for a, b in best)
        # feasible duals of every kind: generous, uneven, some negative
        duals = [rng.randint(-10, 10) for _ in range(n)]
        for (a, b), w in edges.items():
            if duals[a] + duals[b] < w:
                duals[a] += w - duals[a] - duals[b]
        for warm in (False, True):
            pm = PerfectMatcher(n)
            for (a, b), w in edges.items():
                pm.set_weight(a, b, w)
            if warm:
                assert pm.start_from(duals)
            mate = pm.solve()
            assert all(mate[mate[v]] == v for v in range(n))
            assert _weight(mate, edges) == want
        checked += 1
    assert checked > 20


def test_start_from_refuses_uncovered_edges() -> None:
    pm = PerfectMatcher(4)
    pm.set_weight(0, 1, 10)
    pm.set_weight(2, 3, 10)
    assert not pm.start_from([4, 5, 5, 5])  # 4 + 5 < 10
    assert not pm.start_from([5, 5, 5])  # wrong length
    assert pm.start_from([5, 5, 5, 5])
    assert sorted(pm.solve()) == [0, 1, 2, 3]
    assert not pm.start_from([5, 5, 5, 5])  # no longer fresh


def test_no_perfect_matching_still_reported_after_a_warm_start() -> None:
    pm = PerfectMatcher(4)
    pm.set_weight(0, 1, 2)
    pm.set_weight(0, 2, 2)
    pm.set_weight(0, 3, 2)
    assert pm.start_from([2, 0, 0, 0])
    try:
        pm.solve()
    except NoPerfectMatching:
        return
    raise AssertionError("a star of four vertices has no perfect matching")
