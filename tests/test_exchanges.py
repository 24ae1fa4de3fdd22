"""Issue 31: Art. 4.3 with many exchanges on a sparse graph priced against
the whole (:mod:`swisschess.pairing.exchanges`), and the prohibited-pair
groups counted once per group (:mod:`swisschess.pairing.conflicts`)."""

from __future__ import annotations

import random

import pytest

from swisschess.pairing import exchanges
from swisschess.pairing.conflicts import Conflicts, GroupMemo, count_from, count_within
from swisschess.pairing.exchanges import NoSides, choose_sides


def _instance(seed: int, m: int):
    """A remainder like two XXP halves: classes 0/1 (one half, due White /
    Black) and 2/3 (the other half), tight across halves with opposite
    colours (and, for some seeds, one same-colour class pair too), in a
    random order, so that S1 = the first rp needs exchanges; a few opponents
    already met, some players allowed to be left single."""
    rng = random.Random(seed)
    x = rng.randrange(m // 8, 3 * m // 8)
    cls = [0] * x + [3] * x + [1] * (m // 2 - x) + [2] * (m // 2 - x)
    rng.shuffle(cls)
    tight: list[set[int]] = [{3}, {2}, {1}, {0}]
    if seed % 3 == 0:
        tight[0].add(2)
        tight[2].add(0)
    met = {(a, b) for a in range(m) for b in range(a + 1, m) if rng.random() < 0.02}
    single_ok = [rng.random() < 0.3 for _ in range(m)]
    rp = (len(cls) - rng.choice([0, 0, 2])) // 2

    def compatible(q: int, q2: int) -> bool:
        return (min(q, q2), max(q, q2)) not in met

    return len(cls), rp, cls, tight, single_ok, compatible


@pytest.mark.parametrize("seed", range(12))
def test_sparse_sides_are_the_dense_sides(seed, monkeypatch):
    """The sparse graph with pricing gives the split the graph of every
    tight pair gives (the decisions compare optimum weights, which the
    priced duals prove equal); small NEAR/SPREAD force many pricing passes."""
    monkeypatch.setattr(exchanges, "NEAR", 1)
    monkeypatch.setattr(exchanges, "SPREAD", 1)
    monkeypatch.setattr(exchanges, "PRICE_CAP", 2)
    m, rp, cls, tight, single_ok, compatible = _instance(seed, 60 + 7 * seed)

    def sides(sparse: bool):
        try:
            return choose_sides(m, rp, cls, tight, single_ok, compatible, sparse=sparse)
        except NoSides:
            return "none"

    dense = sides(False)
    assert sides(True) == dense
    if dense not in (None, "none"):
        assert sum(1 for s in dense if s == 1) == rp


def test_an_exchange_at_the_border():
    """Classes 0/1 of one half meet 3/2 of the other (colours).  S1 = the
    first four cannot all meet later S2 players (two class-0 players, one
    later class 3); the split moves the lowest S1 player (position 3) down
    and the highest S2 player (position 4) up."""
    cls = [0, 0, 1, 3, 1, 2, 2, 3]
    tight: list[set[int]] = [{3}, {2}, {1}, {0}]
    side = choose_sides(8, 4, cls, tight, [False] * 8, lambda a, b: True)
    assert side == [1, 1, 1, 2, 1, 2, 2, 2]
    assert choose_sides(8, 4, cls, tight, [False] * 8, lambda a, b: True, sparse=False) == side


def test_no_split_raises():
    """A remainder whose classes cannot all meet: NoSides."""
    with pytest.raises(NoSides):
        choose_sides(4, 2, [0, 0, 0, 1], [{1}, {0}], [False] * 4, lambda a, b: True)


def test_group_counts_match_plain_counting():
    """count_within / count_from with shared groups give the plain counts."""
    rng = random.Random(5)
    n = 60
    groups = [frozenset(range(0, n, 2)), frozenset(range(1, n, 2)), frozenset(range(0, n, 3))]
    confs = []
    for k in range(n):
        c = Conflicts(k)
        c.own = {rng.randrange(n) for _ in range(3)} - {k}
        c.shared = tuple(g for g in groups if k in g)
        confs.append(c)
    members = set(rng.sample(range(n), 35))
    memo = GroupMemo()
    for c in confs:
        plain = set(c)
        assert c.me not in plain
        assert count_within(c, members, memo) == len(plain & members)
    for start in (0, 17, 59):
        memo = GroupMemo()
        for c in confs:
            assert count_from(c, start, memo) == sum(1 for x in set(c) if x >= start)
