"""The reduced lower part (pairing.reduced) gives exactly what the full graph gives."""

from __future__ import annotations

import random
import sys

import pytest
from enginehelp import ROOT
from test_dutch2026 import _replay

import swisschess.rules.dutch as dutch
from swisschess.pairing.api import pair_round
from swisschess.pairing.matching import MatchingGraph
from swisschess.pairing.reduced import ReducedGraph

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_pairing import make_history  # noqa: E402


def synthetic(n: int, played: int, planned: int, seed: int):
    """A legal generated history (the benchmark's generator)."""
    return make_history(n, played, seed, planned=planned)


def test_lower_part_weights_are_separable():
    """A pair outside the bracket and the next group weighs unit + share + share."""
    t = synthetic(90, 6, 9, seed=3)
    players = dutch.entrants(t)
    wt = dutch._Weights(players, topscorer_round=False, played_rounds=6)
    wt.bye_score = min(p.skey for p in players if p.bye_eligible)
    compatible = 0
    for a in range(0, len(players), 3):
        for b in range(a + 1, len(players), 2):
            hi, lo = players[a], players[b]
            w = wt.weight(hi, lo, False, False)
            if wt.compatible(hi, lo):
                compatible += 1
                assert w == wt.unit + wt.share(hi) + wt.share(lo)
            else:
                assert w == 0
    assert compatible > 100


def _random_round(rng: random.Random, n: int, lower_start: int):
    compat = {(a, b): rng.random() < 0.85 for a in range(n) for b in range(a + 1, n)}
    eligible = [rng.random() < 0.8 for _ in range(n)]
    unit = 1 << 50
    share = [rng.choice((0, 1 << 48)) + rng.randrange(4) for _ in range(n)]
    weights = {}
    for (a, b), ok in compat.items():
        if not ok:
            weights[a, b] = 0
        elif b < lower_start:  # bracket or next group: any extra weight
            weights[a, b] = unit + share[a] + share[b] + rng.randrange(1, 1 << 40)
        else:
            weights[a, b] = unit + share[a] + share[b]
    return compat, eligible, unit, share, weights


@pytest.mark.parametrize("seed", range(12))
def test_reduced_graph_matches_full_graph(seed):
    rng = random.Random(seed)
    n = rng.choice((41, 42, 47, 50))
    lower_start = rng.choice((12, 16, 20))
    compat, eligible, unit, share, weights = _random_round(rng, n, lower_start)
    full = MatchingGraph(n, eligible)
    for (a, b), w in weights.items():
        full.set(a, b, w)
    conflicts = [set() for _ in range(n)]
    for (a, b), ok in compat.items():
        if not ok:
            conflicts[a].add(b)
            conflicts[b].add(a)
    red = ReducedGraph(n, eligible, unit, share, lambda a, b: compat[min(a, b), max(a, b)],
                       conflicts, [0] * n, min_lower=4)
    bracket = list(range(lower_start))
    red.begin_bracket(bracket, lower_start)
    red.set_many([(a, b, weights[a, b]) for b in bracket for a in range(b)])
    want, got = full.solve(), red.solve()
    assert red.reduced  # the Dirac certificate held: the sinks decided
    for v in bracket:
        if want[v] < lower_start:
            assert got[v] == want[v]
        else:
            assert got[v] >= lower_start  # paired below (or the PAB)
            assert (got[v] == v) == (want[v] == v)
    # a decision: give vertex 0 a bonus towards its worst bracket partner
    k = max((b for b in range(1, lower_start) if weights[0, b]), default=None)
    if k is not None:
        for g in (full, red):
            g.set_vertex(0, {k: weights[0, k] + (1 << 45)})
        assert red.solve()[0] == full.solve()[0]


def test_reference_rounds_with_the_reduction_forced(monkeypatch):
    """Every bracket reduced as soon as two players lie below: same rounds."""
    monkeypatch.setattr(dutch, "REDUCED_MIN_PLAYERS", 4)
    monkeypatch.setattr(dutch, "REDUCED_MIN_LOWER", 2)
    rounds, same, bad = _replay("2026", max_players=30, max_files=20)
    assert rounds >= 80
    assert not bad, bad[:5]


@pytest.mark.parametrize("n,rnd", [(150, 5), (240, 9)])
def test_large_round_same_with_and_without_reduction(monkeypatch, n, rnd):
    t = synthetic(n, rnd - 1, 9, seed=n)
    reduced = pair_round(t)
    monkeypatch.setattr(dutch, "REDUCED_MIN_PLAYERS", 10**9)
    full = pair_round(t)
    assert reduced.boards == full.boards and reduced.bye == full.bye
