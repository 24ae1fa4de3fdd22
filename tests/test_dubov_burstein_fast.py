"""The fast paths of the Dubov and Burstein engines decide as the slow ones.

* Dubov 3.2.5: :func:`swisschess.rules.dubov.first_transposition` (assignment
  duals and alternating paths) against the weighted matching per S1 player
  (:meth:`RoundGraph.prefer`, the specification) on random brackets;
* Burstein: a large round on the reduced graph (lower part as sinks; a
  bracket that pairs completely on its own graph) against the same round on
  the full graph; Art. 4.3 read from one optimum and its
  duals (``Art4Order``) against one weighted matching per question;
* Dubov 3.2.1-3.2.2 on the relaxation of a bracket and its next scoregroup
  (``Dubov._bracket_relaxed``) against the round's graph, and the tight-graph
  answers (``pairing.tight``) against one weighted matching per question;
* Dubov's dense brackets decided from built matchings (``pairing.dense``)
  against the relaxation and the weighted matchings.
"""

from __future__ import annotations

import random
import sys

import pytest
from enginehelp import ROOT

import swisschess.rules.burstein as burstein_mod
from swisschess.pairing.reduced import ReducedGraph
from swisschess.rules.burstein import pair_burstein
from swisschess.rules.dubov import Dubov, RoundGraph, first_transposition, pair_dubov

sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_pairing as bench  # noqa: E402


def _bracket(rng: random.Random, k: int) -> RoundGraph:
    """A random bracket of S1 = 0..k-1 and T2 = k..2k-1: S1-T2 pairs with
    criteria weights 1-3 (some pairs missing), some pairs inside S1 and T2."""
    g = RoundGraph(2 * k)
    for a in range(2 * k):
        for b in range(a + 1, 2 * k):
            cross = a < k <= b
            if rng.random() < (0.8 if cross else 0.3):
                g.set_hi(a, b, rng.randint(1, 3))
                if cross:
                    g.set_cross(a, b, True)
    return g


def _slow(g: RoundGraph, s1: list[int], t2: list[int]) -> list[tuple[int, int]]:
    g.use_tight = False  # the specification: one weighted matching per choice
    out, taken = [], set()
    for a in s1:
        b = g.prefer(a, [b for b in t2 if b not in taken])
        taken.add(b)
        g.freeze(a, b)
        out.append((a, b))
    return out


def test_first_transposition_is_the_weighted_choice_on_random_brackets():
    rng = random.Random(29)
    fast_used = 0
    for _ in range(300):
        k = rng.randint(1, 6)
        g = _bracket(rng, k)
        try:
            g.solve()
        except Exception:  # no perfect matching: not a bracket the engine reaches
            continue
        s1 = rng.sample(range(k), k)
        t2 = rng.sample(range(k, 2 * k), k)
        optimum = list(g.mate)
        fast = first_transposition(g, s1, t2)
        slow = _slow(g, s1, t2)
        if fast is not None:
            fast_used += 1
            assert fast == slow
        else:  # only when the optimum does not pair S1 with T2 throughout
            assert any(optimum[a] not in t2 for a in s1)
    assert fast_used > 100


def test_first_transposition_refuses_unequal_subgroups():
    g = RoundGraph(4)
    for a, b in ((0, 1), (0, 2), (1, 3), (2, 3)):
        g.set_hi(a, b, 1)
    g.solve()
    assert first_transposition(g, [0], [1, 2]) is None


@pytest.mark.parametrize("seed", [3, 8])
def test_burstein_reduced_graph_gives_the_full_graphs_pairing(seed, monkeypatch):
    t = bench.make_history(90, 5, seed=seed, planned=9)  # round 6: a Burstein round
    monkeypatch.setattr(burstein_mod, "dense_art4", lambda *a: None)  # the weighted way
    kept = []  # did a solve stay on the reduced graph (certificate held)?
    solve = ReducedGraph.solve

    def spy(self: ReducedGraph) -> list[int]:
        mate = solve(self)
        kept.append(self.reduced)
        return mate

    closed = []  # brackets paired on their own graph (Burstein._closed)
    is_closed = burstein_mod.Burstein._closed

    def spy_closed(self, bracket, start):
        closed.append(is_closed(self, bracket, start))
        return closed[-1]

    monkeypatch.setattr(ReducedGraph, "solve", spy)
    monkeypatch.setattr(burstein_mod.Burstein, "_closed", spy_closed)
    reduced = pair_burstein(t)
    assert any(kept)
    assert any(closed) and not all(closed)
    monkeypatch.setattr(burstein_mod, "REDUCED_MIN_PLAYERS", 10 ** 6)
    full = pair_burstein(t)
    assert reduced.boards == full.boards and reduced.bye == full.bye
    assert len(reduced.boards) >= 44


@pytest.mark.parametrize(("players", "rounds", "seed"),
                         [(40, 5, 2), (90, 5, 3), (150, 5, 7), (120, 8, 5)])
def test_burstein_art4_order_from_duals_gives_the_weighted_pairing(
        players, rounds, seed, monkeypatch):
    """Art. 4.3 read from one optimum and its duals (``Art4Order``: slack =
    in no optimum, an alternating cycle of equal weight = in one) pairs as
    one weighted matching per question (the specification), on plain (40
    players) and reduced graphs, and most questions need no matching."""
    t = bench.make_history(players, rounds, seed=seed, planned=9)
    order = burstein_mod.Art4Order
    monkeypatch.setattr(burstein_mod, "dense_art4", lambda *a: None)  # the weighted way
    weighted = order._weighted
    asked, matched = [], []

    def spy_choose(self, v, cands):
        asked.append(v)
        return choose(self, v, cands)

    def spy_weighted(self, v, cands):
        matched.append(v)
        return weighted(self, v, cands)

    choose = order.choose
    monkeypatch.setattr(order, "choose", spy_choose)
    monkeypatch.setattr(order, "_weighted", spy_weighted)
    fast = pair_burstein(t)
    assert 2 * len(matched) < len(asked)
    monkeypatch.setattr(order, "choose", lambda self, v, cands: weighted(self, v, cands))
    slow = pair_burstein(t)
    assert fast.boards == slow.boards and fast.bye == slow.bye
    assert len(fast.boards) == players // 2


@pytest.mark.parametrize(("players", "seed"), [(120, 4), (160, 11)])
def test_dubov_relaxed_brackets_and_tight_answers_give_the_weighted_pairing(
        players, seed, monkeypatch):
    t = bench.make_history(players, 5, seed=seed, planned=9)
    # the weighted machinery itself (dense brackets are tested below)
    monkeypatch.setattr(Dubov, "_closed_dense", lambda self, *a, **k: None)
    monkeypatch.setattr(Dubov, "_relaxed_dense", lambda self, *a, **k: None)
    used = []
    relaxed = Dubov._bracket_relaxed

    def spy(self, *args, **kwargs):
        out = relaxed(self, *args, **kwargs)
        used.append(out is not None)
        return out

    monkeypatch.setattr(Dubov, "_bracket_relaxed", spy)
    fast = pair_dubov(t)
    assert sum(used) >= 3  # most brackets were decided on their relaxation
    monkeypatch.setattr(Dubov, "_bracket_relaxed", lambda self, *a, **k: None)
    monkeypatch.setattr(RoundGraph, "_ready", lambda self: False)
    slow = pair_dubov(t)  # the round's graph, one weighted matching per question
    assert fast.boards == slow.boards and fast.bye == slow.bye
    assert len(fast.boards) == players // 2


def test_burstein_criteria_weight_is_the_packed_criteria(monkeypatch):
    """``Burstein._reweigh`` adds the shifted fields instead of packing them:
    after each bracket's re-weighing, every pair it was asked about holds the
    same integer as ``Packer.pack`` of (1, C5, C6, C7a, C7b, C8)."""
    from swisschess.model.tournament import Colour
    from swisschess.rules.burstein import Burstein

    t = bench.make_history(70, 5, seed=5, planned=9)
    reweigh = Burstein._reweigh
    monkeypatch.setattr(burstein_mod, "dense_art4", lambda *a: None)  # the weighted way
    checked = []

    def spy(self: Burstein, g, touched, partners, eligible) -> None:
        reweigh(self, g, touched, partners, eligible)
        for a in touched:
            if a not in eligible:
                continue
            for b in partners:
                if b == a or not self.facts.compatible(a, b):
                    continue
                ia, ib, na, nb = a in self.inb, b in self.inb, a in self.inn, b in self.inn
                r = self.reward[a] + self.reward[b]
                if not (ia or na) or not (ib or nb):
                    fields = (1, 0, 0, 0, 0, 1)
                elif ia and ib:
                    pa, pb = self.P[a].pref.colour, self.P[b].pref.colour
                    fields = (1, 1, r, 0, 0, 0 if (pa is pb and pa is not Colour.NONE) else 1)
                else:
                    fields = (1, 0, 0, 1, r, 1)
                assert g.hi[g.key(a, b)] == self.packer.pack(fields)
                checked.append(fields[1])

    monkeypatch.setattr(Burstein, "_reweigh", spy)
    assert len(pair_burstein(t).boards) == 35
    assert 1 in checked and 0 in checked  # bracket pairs and next-bracket pairs


@pytest.mark.parametrize(("players", "rnd", "seed"),
                         [(40, 1, 1), (61, 1, 6), (40, 3, 1), (61, 5, 2), (90, 7, 5),
                          (150, 5, 7), (201, 9, 3)])
def test_dubov_dense_brackets_give_the_weighted_pairing(players, rnd, seed, monkeypatch):
    """Brackets decided from built matchings (``pairing.dense``: 3.2.1-3.2.2
    with at most one upfloater, 3.2.3-3.2.5 of a closed bracket) against
    the relaxation and the bracket's weighted matchings."""
    t = bench.make_history(players, rnd - 1, seed=seed, planned=9)
    used = []
    dense = Dubov._closed_dense

    def spy(self, *args, **kwargs):
        out = dense(self, *args, **kwargs)
        used.append(out is not None)
        return out

    monkeypatch.setattr(Dubov, "_closed_dense", spy)
    fast = pair_dubov(t)
    assert sum(used) >= (1 if rnd == 1 else 3)  # round 1: one bracket
    monkeypatch.setattr(Dubov, "_closed_dense", lambda self, *a, **k: None)
    monkeypatch.setattr(Dubov, "_relaxed_dense", lambda self, *a, **k: None)
    slow = pair_dubov(t)
    assert fast.boards == slow.boards and fast.bye == slow.bye


@pytest.mark.parametrize(("players", "rounds", "seed"),
                         [(90, 5, 3), (150, 5, 7), (120, 8, 5), (300, 4, 2)])
def test_burstein_dense_brackets_give_the_weighted_pairing(players, rounds, seed, monkeypatch):
    """Closed brackets paired from a built optimum (``dense_art4``: the
    perfect matchings without a pair inside the smaller colour side are the
    optima, 4.3 read by exchanges) pair as the weighted way (Art4Order)."""
    t = bench.make_history(players, rounds, seed=seed, planned=9)
    used = []
    dense = burstein_mod.dense_art4

    def spy(*args):
        out = dense(*args)
        used.append(out is not None)
        return out

    monkeypatch.setattr(burstein_mod, "dense_art4", spy)
    fast = pair_burstein(t)
    assert any(used)
    monkeypatch.setattr(burstein_mod, "dense_art4", lambda *a: None)
    slow = pair_burstein(t)
    assert fast.boards == slow.boards and fast.bye == slow.bye
    assert len(fast.boards) == players // 2
