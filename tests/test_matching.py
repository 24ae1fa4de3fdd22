"""The weighted matching solver against networkx, with warm updates."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from swisschess.pairing.blossom import NoPerfectMatching, PerfectMatcher
from swisschess.pairing.matching import MatchingGraph


def _nx_best(n: int, w: dict[tuple[int, int], int]):
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for (a, b), x in w.items():
        g.add_edge(a, b, weight=x)
    m = nx.max_weight_matching(g, maxcardinality=True)
    return len(m) * 2 == n, sum(g[a][b]["weight"] for a, b in m)


def _total(w, mate):
    return sum(w[min(a, b), max(a, b)] for a, b in enumerate(mate) if a < b)


@pytest.mark.parametrize("seed", range(40))
def test_perfect_matching_with_warm_updates(seed):
    rng = random.Random(seed)
    n = rng.choice([2, 4, 6, 8, 10, 14, 20])
    wmax = rng.choice([1, 5, 1000, 10**40])
    w = {(a, b): rng.randint(1, wmax) for a, b in itertools.combinations(range(n), 2)
         if rng.random() < rng.choice([0.4, 0.8, 1.0])}
    pm = PerfectMatcher(n)
    for (a, b), x in w.items():
        pm.set_weight(a, b, x)
    for step in range(6):
        if step:  # change or remove some edges of one vertex
            v = rng.randrange(n)
            for u in range(n):
                k = (min(u, v), max(u, v))
                if u != v and k in w and rng.random() < 0.4:
                    if rng.random() < 0.2:
                        del w[k]
                        pm.set_weight(v, u, None)
                    else:
                        w[k] = rng.randint(1, wmax)
                        pm.set_weight(v, u, w[k])
        perfect, best = _nx_best(n, w)
        try:
            mate = list(pm.solve())
        except NoPerfectMatching:
            assert not perfect
            return
        assert perfect
        assert all(mate[mate[v]] == v for v in range(n))
        assert _total(w, mate) == best


def test_large_dense_graph_nests_blossoms_deeply():
    # Equal weights everywhere with a few heavier odd cycles: many nested
    # blossoms; the solver must not recurse per nesting level.
    rng = random.Random(7)
    n = 120
    w = {(a, b): 10 + rng.randint(0, 2) for a, b in itertools.combinations(range(n), 2)}
    pm = PerfectMatcher(n)
    for (a, b), x in w.items():
        pm.set_weight(a, b, x)
    mate = list(pm.solve())
    assert _total(w, mate) == _nx_best(n, w)[1]


def test_matching_graph_odd_players_and_bye_eligibility():
    # Three players: only 2 may be left unpaired (the PAB, [C2]).
    g = MatchingGraph(3, [False, False, True])
    g.set(0, 1, 5)
    g.set(0, 2, 9)
    g.set(1, 2, 9)
    assert g.solve() == [1, 0, 2]
    g.freeze_pair(0, 1)
    assert g.solve() == [1, 0, 2]
