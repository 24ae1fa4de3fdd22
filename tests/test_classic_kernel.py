"""The search kernel of the classic engines (rules/dutch1992/kernel.py).

The feasibility oracle answers from a warm start and rows built on demand; its
answers must be those of the full maximum matching, and the fallback's warm
start (the hint) must be the one the eager chain of full matchings gave.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from swisschess.rules.dutch1992.kernel import (
    BoundedLevel,
    BudgetSpent,
    Feasibility,
    FloatHolds,
    SearchBudget,
    with_up_cap,
    without_upfloat_criteria,
)
from swisschess.rules.dutch1992.matching import complete_matching, max_matching


class Graph:
    """A random compatibility relation with a random B1b flag per player (``Matcher``)."""

    def __init__(self, rng: random.Random, n: int, density: float):
        self.ids = list(range(1, n + 1))
        self.edges = {frozenset(e) for e in itertools.combinations(self.ids, 2) if rng.random() < density}
        self.bye = {q for q in self.ids if rng.random() < 0.5}

    def compatible(self, a: int, b: int) -> bool:
        return frozenset((a, b)) in self.edges

    def bye_allowed(self, pid: int) -> bool:
        return pid in self.bye

    def matching(self, ids, hint=None):
        """The engine's full matching (Context.matching's construction), as the reference."""
        nodes = list(ids)
        n = len(nodes)
        odd = n % 2
        adj: list[list[int]] = [[] for _ in range(n + odd)]
        for i, j in itertools.combinations(range(n), 2):
            if self.compatible(nodes[i], nodes[j]):
                adj[i].append(j)
                adj[j].append(i)
        if odd:
            for i, q in enumerate(nodes):
                if self.bye_allowed(q):
                    adj[i].append(n)
                    adj[n].append(i)
        start = None
        if hint:
            idx = {q: i for i, q in enumerate(nodes)}
            start = [-1] * (n + odd)
            for a, b in hint.items():
                if a in idx and (b in idx or (b == 0 and odd)):
                    i, j = idx[a], (idx[b] if b else n)
                    if start[i] == -1 and start[j] == -1 and j in adj[i]:
                        start[i], start[j] = j, i
        mate = max_matching(n + odd, adj, start)
        if any(m == -1 for m in mate):
            return None
        return {nodes[i]: (nodes[mate[i]] if mate[i] < n else 0) for i in range(n)}


def exists(g: Graph, ids) -> bool:
    """networkx: does a complete pairing (with a B1b bye if odd) exist?"""
    ids = list(ids)
    h = nx.Graph()
    h.add_nodes_from(ids)
    h.add_edges_from(tuple(e) for e in g.edges if e <= set(ids))
    if len(ids) % 2:
        h.add_edges_from((q, 0) for q in ids if q in g.bye)
    return 2 * len(nx.max_weight_matching(h, maxcardinality=True)) == len(ids) + len(ids) % 2


@pytest.mark.parametrize("seed", range(30))
def test_oracle_agrees_with_the_full_matching_and_keeps_the_hint_chain(seed):
    rng = random.Random(seed)
    g = Graph(rng, rng.choice([5, 8, 13, 20, 31]), rng.choice([0.15, 0.3, 0.6, 0.9]))
    fast = Feasibility(g, sorted)
    eager_hint = None
    seen: set[frozenset[int]] = set()  # the engines asked each set once (a cache)
    for _ in range(12):  # shrinking and random sets, as the brackets go down
        ids = frozenset(q for q in g.ids if rng.random() < rng.choice([0.5, 0.8, 1.0]))
        want = exists(g, ids)
        assert fast.completable(ids) is want
        if ids not in seen:
            seen.add(ids)
            m = g.matching(sorted(ids), eager_hint)
            assert (m is not None) is want
            if m is not None:
                eager_hint = m
        if rng.random() < 0.3:  # the fallback asks for the hint now and then
            assert fast.hint == eager_hint
    assert fast.hint == eager_hint


@pytest.mark.parametrize("seed", range(20))
def test_complete_matching_is_a_valid_pairing_from_any_start(seed):
    rng = random.Random(100 + seed)
    g = Graph(rng, rng.choice([6, 9, 16, 25]), rng.choice([0.3, 0.7]))
    start = g.matching(g.ids)
    ids = [q for q in g.ids if rng.random() < 0.8]
    m = complete_matching(ids, g.compatible, g.bye_allowed, start)
    assert (m is not None) is exists(g, ids)
    if m is not None:
        assert set(m) == set(ids)
        for a, b in m.items():
            assert (b == 0 and g.bye_allowed(a)) or (m[b] == a and g.compatible(a, b))
        assert sum(1 for b in m.values() if b == 0) == len(ids) % 2


def test_split_cuts_the_complete_matching_to_a_bracket():
    g = Graph(random.Random(7), 12, 0.8)
    oracle = Feasibility(g, sorted)
    assert oracle.completable(frozenset(g.ids))
    got = oracle.split([1, 2, 3, 4, 5], g.ids)
    assert got is not None
    pairs, rest = got
    m = g.matching(g.ids, oracle.hint)
    assert all(m[a] == b for a, b in pairs)
    assert sorted([q for pr in pairs for q in pr] + rest) == [1, 2, 3, 4, 5]


def test_budget_counts_restarts_and_keeps_the_outer_count():
    budget = SearchBudget(3)
    budget.start()
    budget.tick()
    with budget.kept():
        budget.start(1)  # a trial with one node
        budget.tick()
        with pytest.raises(BudgetSpent):
            budget.tick()
    assert budget.used == 1 and not budget.exhausted
    budget.start(5)  # more than the limit: a joined bracket
    for _ in range(5):
        budget.tick()
    with pytest.raises(BudgetSpent):
        budget.tick()
    assert budget.exhausted


def test_float_levels_are_named_and_compare_as_tuples():
    lv = BoundedLevel(False, True, False, True, 1, 2)
    assert lv.down_cap == 1 and lv[:4] == (False, True, False, True)
    assert without_upfloat_criteria(lv) == (False, True, False, False, 1, None)
    assert without_upfloat_criteria(FloatHolds(True, True, True, True)) == (True, True, False, False)
    assert with_up_cap(lv, 0).up_cap == 0
