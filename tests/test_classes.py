"""Brackets paired on classes (pairing.classlp, rules.dutch._ClassBracket) give
exactly what the weighted graph gives."""

from __future__ import annotations

import dataclasses
import random
import sys

import networkx as nx
import pytest
from enginehelp import ROOT
from test_dutch2026 import _replay

import swisschess.rules.dutch as dutch
import swisschess.rules.dutch2017 as dutch2017
from swisschess.pairing.api import pair_round
from swisschess.pairing.classlp import feasible, transport

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_pairing import make_history  # noqa: E402


def synthetic(n: int, played: int, planned: int, seed: int):
    """A legal generated history (the benchmark's generator)."""
    return make_history(n, played, seed, planned=planned)


def _random_classes(rng: random.Random) -> tuple[list[int], dict[tuple[int, int], int]]:
    k = rng.randint(1, 7)
    count = [rng.randint(1, 5) for _ in range(k)]
    w: dict[tuple[int, int], int] = {}
    for i in range(k):
        for j in range(i, k):
            if rng.random() < 0.7:
                w[i, j] = w[j, i] = rng.randint(-20, 50)
    return count, w


@pytest.mark.parametrize("seed", range(6))
def test_transport_duals_are_optimal(seed):
    """Dual value == networkx's min-cost-flow optimum on the double cover, and
    the tight arcs carry a complete flow."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(40):
        count, w = _random_classes(rng)
        g = nx.DiGraph()
        for i, c in enumerate(count):
            g.add_node(("L", i), demand=-c)
            g.add_node(("R", i), demand=c)
        for (i, j), x in w.items():
            g.add_edge(("L", i), ("R", j), weight=-x)
        try:
            opt = -nx.network_simplex(g)[0]
        except nx.NetworkXUnfeasible:
            opt = None
        res = transport(count, w)
        if res is None:
            assert opt is None
            continue
        u, v = res
        assert opt == sum(c * (u[i] + v[i]) for i, c in enumerate(count))
        assert all(u[i] + v[j] >= x for (i, j), x in w.items())
        tight = {i: [j for j in range(len(count)) if (i, j) in w and u[i] + v[j] == w[i, j]]
                 for i in range(len(count))}
        cnt = dict(enumerate(count))
        assert feasible(cnt, cnt, tight) is not None
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("seed", range(4))
def test_feasible_agrees_with_max_flow(seed):
    rng = random.Random(100 + seed)
    seen = {True: 0, False: 0}
    for _ in range(60):
        k = rng.randint(1, 6)
        arcs = {i: [j for j in range(k) if rng.random() < 0.5] for i in range(k)}
        sup = {i: rng.randint(0, 4) for i in range(k)}
        dem = dict(sup)
        for _ in range(2):
            a, b = rng.randrange(k), rng.randrange(k)
            if dem[a] > 0:
                dem[a] -= 1
                dem[b] += 1
        f = feasible(sup, dem, arcs)
        h = nx.DiGraph()
        for i in range(k):
            h.add_edge("s", ("L", i), capacity=sup[i])
            h.add_edge(("R", i), "t", capacity=dem[i])
            for j in arcs[i]:
                h.add_edge(("L", i), ("R", j), capacity=10**6)
        ok = nx.maximum_flow_value(h, "s", "t") == sum(sup.values())
        assert (f is not None) == ok
        if f is not None:
            for i in range(k):
                assert sum(x for (a, _), x in f.items() if a == i) == sup[i]
                assert sum(x for (_, b), x in f.items() if b == i) == dem[i]
                assert all(b in arcs[a] for (a, b), x in f.items() if x)
        seen[ok] += 1
    assert seen[True] and seen[False]


def _outcomes(monkeypatch, bracket_class) -> list[bool]:
    """Whether each bracket tried on classes was paired so (True) or went to
    the graph (False), in the order they were tried."""
    outcomes: list[bool] = []
    original = bracket_class.pair

    def pair(self):
        ok = original(self)
        outcomes.append(ok)
        return ok

    monkeypatch.setattr(bracket_class, "pair", pair)
    return outcomes


def _force_classes(monkeypatch) -> list[bool]:
    """Classes for every bracket of every round; counts the brackets paired so."""
    monkeypatch.setattr(dutch, "REDUCED_MIN_PLAYERS", 4)
    monkeypatch.setattr(dutch, "REDUCED_MIN_LOWER", 2)
    monkeypatch.setattr(dutch, "CLASS_MIN_ACTIVE", 2)
    return _outcomes(monkeypatch, dutch._ClassBracket)


@pytest.mark.parametrize("n", [30, 61, 120])
def test_classes_same_as_graph_on_generated_rounds(monkeypatch, n):
    """The class method against the weighted graph, rounds 2 to 9."""
    cases = []
    for rnd in (2, 3, 5, 7, 9):
        for seed in range(3):
            cases.append(synthetic(n, rnd - 1, 9, seed))
    outcomes = _force_classes(monkeypatch)
    by_classes = [pair_round(t) for t in cases]
    assert sum(outcomes) >= len(cases)  # most brackets were paired on classes
    monkeypatch.setattr(dutch, "CLASS_MIN_ACTIVE", 10**9)
    for t, p in zip(cases, by_classes, strict=True):
        q = pair_round(t)
        assert (p.boards, p.bye) == (q.boards, q.bye)


def test_reference_rounds_with_classes_forced(monkeypatch):
    """Reference rounds, every bracket tried on classes first: identical."""
    outcomes = _force_classes(monkeypatch)
    rounds, same, bad = _replay("2026", max_players=40, max_files=25)
    assert rounds >= 80
    assert not bad, bad[:5]
    assert sum(outcomes) > 100


def test_large_round_is_paired_on_classes(monkeypatch):
    """1,000 players: every bracket is paired on classes (no fallback) and
    every player is paired."""
    outcomes = _outcomes(monkeypatch, dutch._ClassBracket)
    t = synthetic(1000, 1, 9, seed=7)
    p = pair_round(t)
    assert outcomes and all(outcomes)
    assert len(p.boards) == 500


def _round_one(rng: random.Random, n: int):
    """Round 1 of an open: unrated players, requested byes and absences,
    forbidden pairs and family groups, a fixed or drawn first colour."""
    from swisschess.model.tournament import (
        ByeRequest,
        Colour,
        ForbiddenPairs,
        Player,
        Tournament,
    )

    t = Tournament(name="round one", rounds=9)
    ratings = sorted((0 if rng.random() < 0.1 else rng.randint(1000, 2700) for _ in range(n)),
                     reverse=True)
    for i, r in enumerate(ratings, 1):
        t.players[i] = Player(id=i, name=f"P{i}", rating=r)
    if rng.random() < 0.5:
        t.initial_colour = rng.choice([Colour.WHITE, Colour.BLACK])
    for _ in range(rng.choice([0, 1, 3, 10])):
        t.bye_requests.append(ByeRequest(rng.choice("HZF"), 1, (rng.randint(1, n),)))
    for _ in range(rng.choice([0, 2, 20, n // 2])):
        t.forbidden.append(ForbiddenPairs(tuple(rng.sample(range(1, n + 1), 2))))
    for _ in range(rng.choice([0, 5])):
        t.forbidden.append(ForbiddenPairs(tuple(rng.sample(range(1, n + 1), 4))))
    return t


@pytest.mark.parametrize("seed", range(8))
def test_round_one_same_on_classes_as_on_the_full_graph(monkeypatch, seed):
    """Round 1 (one scoregroup), odd or even: the class method with the PAB in
    the bracket gives the full graph's pairing, colours and board order."""
    rng = random.Random(seed)
    for n in (65 + 2 * seed, 96 + 3 * seed):
        t = _round_one(rng, n)
        classes = pair_round(t)
        monkeypatch.setattr(dutch, "REDUCED_MIN_PLAYERS", 10**9)
        full = pair_round(t)
        monkeypatch.undo()
        assert classes.boards == full.boards and classes.bye == full.bye, (seed, n)


def test_odd_round_one_is_paired_on_classes(monkeypatch):
    """1,001 players in round 1: one bracket, paired on classes (no full graph),
    the PAB to the lowest-ranked player (2026 Art. 3 [C5], [C9])."""
    from swisschess.model.tournament import Player, Tournament

    outcomes = _outcomes(monkeypatch, dutch._ClassBracket)
    t = Tournament(name="odd round one", rounds=9)
    for i in range(1, 1002):
        t.players[i] = Player(id=i, name=f"P{i}", rating=2800 - i)
    p = pair_round(t)
    assert outcomes == [True]
    assert p.bye == 1001
    assert len(p.boards) == 500
    assert {frozenset(b) for b in p.boards} == {frozenset((i, i + 500)) for i in range(1, 501)}


def _force_classes_2017(monkeypatch) -> list[bool]:
    monkeypatch.setattr(dutch2017, "CLASS_MIN_PLAYERS", 4)
    monkeypatch.setattr(dutch2017, "CLASS_MIN_ACTIVE", 2)
    return _outcomes(monkeypatch, dutch2017._ClassBracket2017)


@pytest.mark.parametrize("n", [24, 57, 90])
def test_2017_classes_same_as_graph_on_generated_rounds(monkeypatch, n):
    """2017 edition: classes (and completion by certificate) against the
    bracket graphs with the whole-round completion matching."""
    seeds = range(2) if n < 60 else range(1)
    cases = [synthetic(n, rnd - 1, 9, seed) for rnd in (2, 4, 6, 9) for seed in seeds]
    outcomes = _force_classes_2017(monkeypatch)
    by_classes = [pair_round(t, "dutch", "2017") for t in cases]
    assert sum(outcomes) >= len(cases)
    monkeypatch.setattr(dutch2017, "CLASS_MIN_PLAYERS", 10**9)
    for t, p in zip(cases, by_classes, strict=True):
        q = pair_round(t, "dutch", "2017")
        assert (p.boards, p.bye) == (q.boards, q.bye)


def test_2017_reference_rounds_with_classes_forced(monkeypatch):
    outcomes = _force_classes_2017(monkeypatch)
    rounds, same, bad = _replay("2017", max_players=30, max_files=12)
    assert rounds >= 40
    assert not bad, bad[:5]
    assert sum(outcomes) > 50


def test_2017_weights_expose_their_fields():
    """The C.7 and C.4 units the 2017 classes use sit where weight() puts them."""
    t = synthetic(40, 4, 9, seed=2)
    players = dutch.entrants(t, facts=dutch2017.DUTCH_2017.facts)
    wt = dutch2017._Weights2017(players, topscorer_round=False, played_rounds=4)
    wt.enter(players, 12, False, False)
    hi, lo = players[0], players[20]
    assert wt.raw_weight(hi, lo, False, True) == wt.next_pair_unit() + wt.down_value(hi)
    # C.4 (last bracket): flipping one player's PAB eligibility moves the
    # completion field by one unit
    wt.enter(players[:12], 12, True, True)
    hi, lo = players[0], players[5]
    flipped = dataclasses.replace(hi, bye_eligible=not hi.bye_eligible)
    diff = wt.raw_weight(flipped, lo, True, False) - wt.raw_weight(hi, lo, True, False)
    assert abs(diff) == wt.completion_unit()
