"""Issue 31: rounds whose colour classes are one-sided or whose pairs are
half forbidden are paired by certificates, not on the full graph — and the
pairing is the full graph's."""

from __future__ import annotations

import random
import sys

import networkx as nx
import pytest
from enginehelp import ROOT, same_as_full_graph

import swisschess.rules.dutch as dutch
from swisschess.pairing import constructive
from swisschess.pairing.api import pair_round
from swisschess.rules import dutchclasses, dutchtrace

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_stress import FAMILIES  # noqa: E402


def family(name: str, n: int, seed: int = 1):
    return FAMILIES[name][1](n, seed)


def _graph(h: int, colour: list[int], conflicts: list[set[int]]):
    def compatible(a: int, b: int) -> bool:
        return b not in conflicts[a] and not (colour[a] and colour[a] == colour[b])
    return compatible


def _valid(mate: dict[int, int], group: list[int], compatible) -> None:
    assert sorted(mate) == sorted(group)
    for a, b in mate.items():
        assert mate[b] == a and a != b and compatible(a, b)


def test_find_perfect_on_a_lopsided_group():
    """60 of 100 due White absolutely can still all meet the 40 others (no
    player has half the group as opponents, so Dirac says nothing): built."""
    h = 100
    colour = [1] * 50 + [0] * 30 + [2] * 20
    conflicts: list[set[int]] = [set() for _ in range(h)]
    for a, b in ((0, 50), (1, 51), (50, 51), (80, 2)):
        conflicts[a].add(b)
        conflicts[b].add(a)
    compatible = _graph(h, colour, conflicts)
    group = list(range(h))
    assert not dutchclasses.dirac(group, conflicts, colour, compatible)
    mate = constructive.find_perfect(group, conflicts, colour, compatible)
    assert mate is not None
    _valid(mate, group, compatible)


def test_find_perfect_declines_when_a_class_is_over_half():
    h = 10
    colour = [1] * 6 + [0] * 4
    conflicts: list[set[int]] = [set() for _ in range(h)]
    assert constructive.find_perfect(list(range(h)), conflicts, colour,
                                     _graph(h, colour, conflicts)) is None
    assert constructive.find_perfect([0, 1, 2], conflicts, colour,
                                     _graph(h, colour, conflicts)) is None  # odd


@pytest.mark.parametrize("seed", range(5))
def test_find_perfect_is_never_wrong(seed):
    """On random halves (XXP-like) with colours and rematches: a matching
    found is valid, and one is found whenever networkx finds one in most
    cases (it is a sufficient test only)."""
    rng = random.Random(seed)
    found = exists = 0
    for _ in range(20):
        h = 2 * rng.randint(5, 30)
        colour = [rng.choice((0, 0, 1, 2)) for _ in range(h)]
        half = [rng.randint(0, 1) for _ in range(h)]
        conflicts: list[set[int]] = [set() for _ in range(h)]
        for a in range(h):
            for b in range(a + 1, h):
                if half[a] == half[b] or rng.random() < 0.05:
                    conflicts[a].add(b)
                    conflicts[b].add(a)
        compatible = _graph(h, colour, conflicts)
        g = nx.Graph()
        g.add_nodes_from(range(h))
        g.add_edges_from((a, b) for a in range(h) for b in range(a + 1, h) if compatible(a, b))
        perfect = len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == h
        mate = constructive.find_perfect(list(range(h)), conflicts, colour, compatible)
        if mate is not None:
            assert perfect
            _valid(mate, list(range(h)), compatible)
            found += 1
        exists += perfect
    assert found >= exists * 3 // 4


def _counting(monkeypatch) -> dict[str, int]:
    hits = {"need": 0, "send_down": 0}
    send_down = dutchclasses.ClassBracket.send_down
    optimum = dutchclasses.ClassBracket._optimum

    def counted_send_down(self, *a):
        hits["send_down"] += 1
        return send_down(self, *a)

    def counted_optimum(self):
        hits["need"] += bool(self.need)
        return optimum(self)

    monkeypatch.setattr(dutchclasses.ClassBracket, "send_down", counted_send_down)
    monkeypatch.setattr(dutchclasses.ClassBracket, "_optimum", counted_optimum)
    return hits


@pytest.mark.parametrize("seed", [1, 3])
def test_white_wins_round_on_classes(monkeypatch, seed):
    """Round 3, most decisive games won by White: the lowest scoregroup is
    mostly due White absolutely, so it cannot be paired within itself.  The
    bracket above floats enough players for it (the need node of the class
    optimum), the one above that lets the next scoregroup send them (the
    lower part's need): every bracket on classes, identical to the full graph."""
    t = family("white", 200, seed)
    hits = _counting(monkeypatch)
    with dutchtrace.recording() as tr:
        pair_round(t)
    assert all(b.path == dutchtrace.CLASSES for b in tr.brackets
               if b.size >= dutch.CLASS_MIN_ACTIVE)
    assert hits["send_down"] >= 1 and hits["need"] >= 1
    monkeypatch.undo()
    same_as_full_graph(monkeypatch, t)


def test_xxp_groups_are_class_facts():
    """Two players of one prohibited-pair group never meet: the group is part
    of the class, so the class method does not offer the pair."""
    from swisschess.rules.dutchcore import entrants

    t = family("xxp", 80)
    ps = entrants(t)
    odd = [p for p in ps if p.id % 2]
    even = [p for p in ps if not p.id % 2]
    assert all(len(p.groups) == 1 for p in ps)
    assert odd[0].groups == odd[1].groups != even[0].groups


def test_half_forbidden_round_on_classes(monkeypatch):
    """Round 2 with the players split into two XXP groups: nobody may meet
    half of the round, so Dirac fails; the round is certified by a perfect
    matching built greedily, and every bracket is paired on classes — S1 and
    S2 need several exchanges (Art. 4.3), chosen on the remainder's tight
    pairs.  Identical to the full graph."""
    t = family("xxp", 120, 1)
    plans: list[bool] = []
    many = dutchclasses.ClassBracket._many_exchanges

    def counted(self, rem, rp):
        plan = many(self, rem, rp)
        plans.append(plan is not None)
        return plan

    monkeypatch.setattr(dutchclasses.ClassBracket, "_many_exchanges", counted)
    with dutchtrace.recording() as tr:
        pair_round(t)
    assert tr.start == ""
    assert {b.path for b in tr.brackets} == {dutchtrace.CLASSES}
    assert any(plans)
    monkeypatch.undo()
    same_as_full_graph(monkeypatch, t)


@pytest.mark.parametrize("n", [121, 151])
def test_odd_half_forbidden_round_on_classes(monkeypatch, n):
    """An odd round split into two XXP groups: the larger group must take the
    PAB (its players never meet each other), so the witnesses of [C4] at the
    start and of each bracket's certificate take it from that group — the
    whole round stays on classes, identical to the full graph."""
    t = family("xxp", n, 1)
    with dutchtrace.recording() as tr:
        pair_round(t)
    assert tr.start == ""
    assert {b.path for b in tr.brackets} == {dutchtrace.CLASSES}
    same_as_full_graph(monkeypatch, t)
