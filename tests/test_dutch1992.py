"""The seeds' 1992/1998 Dutch text: worked examples and absolute-criteria properties."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from swisschess.model.history import colour_difference, pab_eligible, played_colours, to_be_paired
from swisschess.model.rounds import add_pairing, cut_before, set_result
from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament
from swisschess.pairing.api import pair_round
from swisschess.pairing.result import Pairing
from swisschess.rules.dutch1992 import (
    Context,
    a8_x,
    allocate_colours,
    d1_transpositions,
    d2_exchanges,
    homogeneous_order,
    max_matching,
    pair_dutch_1992,
)
from swisschess.rules.dutch1992.kernel import SearchStats

W, B = Colour.WHITE, Colour.BLACK
ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "tests" / "data" / "reference" / "dutch-2017"  # the shipped sample


# --------------------------------------------------------------------------- helpers
def game(opp: int, colour: str, code: str) -> RoundEntry:
    return RoundEntry.game(opp, W if colour == "w" else B, code)


def bye(code: str = "U") -> RoundEntry:
    return RoundEntry.bye(code)


def tournament(n: int, histories: dict[int, list[RoundEntry]] | None = None, rounds: int | None = None) -> Tournament:
    """Players 1..n rated 2500, 2490, ... with the given round entries."""
    t = Tournament(rounds=rounds, initial_colour=W)
    for i in range(1, n + 1):
        t.players[i] = Player(id=i, name=f"P{i:03d}", rating=2500 - 10 * i,
                              results=list((histories or {}).get(i, [])))
    return t


def check_absolute(t: Tournament, pairing: Pairing, waiver: str = "topscorers") -> list[str]:
    """Independent check of B1 (no rematch, bye rule) and B2 (colour limits)."""
    rnd = pairing.round
    ids = to_be_paired(t, rnd)
    out = []
    seen = [q for wb in pairing.boards for q in wb] + ([pairing.bye] if pairing.bye is not None else [])
    if sorted(seen) != sorted(ids):
        out.append("not every player paired exactly once")
    last = t.rounds is not None and rnd >= t.rounds
    for w, b in pairing.boards:
        met = {e.opponent for e in t.players[w].results[: rnd - 1] if e.played}
        if b in met:
            out.append(f"B1a {w}-{b}")
        top = {q for q in (w, b) if 2 * t.score(q, rnd - 1) > (rnd - 1)}
        for pid, col in ((w, W), (b, B)):
            if last and (waiver == "all" or pid in top or (waiver == "pairs" and top)):
                continue  # B2 note: waived in the last round (2012: for both when one is a top scorer)
            cols = played_colours(t.players[pid], rnd - 1) + [col]
            if abs(colour_difference(cols)) > 2:
                out.append(f"B2a {pid}")
            if len(cols) >= 3 and cols[-1] is cols[-2] is cols[-3]:
                out.append(f"B2b {pid}")
    if pairing.bye is not None:
        if len(ids) % 2 == 0 or not pab_eligible(t, pairing.bye, rnd - 1, edition="1992"):
            out.append(f"B1b bye {pairing.bye}")
    elif len(ids) % 2:
        out.append("no bye")
    return out


def reference_files(count: int) -> list[Path]:
    files = sorted(REFERENCE.glob("*.trf"), key=lambda p: int(p.stem) if p.stem.isdigit() else 0)
    return files[:count]


# --------------------------------------------------------------------------- D1 / D2 / A8
def test_d1_transpositions_lexicographic():
    """Seeds D1: 5-6-8-7, 5-7-6-8, 5-7-8-6, 5-8-6-7, 5-8-7-6, 6-5-7-8, 6-5-8-7 ..."""
    order = list(d1_transpositions([5, 6, 7, 8]))
    assert order[:8] == [
        (5, 6, 7, 8), (5, 6, 8, 7), (5, 7, 6, 8), (5, 7, 8, 6),
        (5, 8, 6, 7), (5, 8, 7, 6), (6, 5, 7, 8), (6, 5, 8, 7),
    ]
    assert len(order) == 24 and order[-1] == (8, 7, 6, 5)


def _tables(s1, s2):
    ex = list(d2_exchanges(s1, s2))
    one = [(a[0], b[0]) for a, b in ex if len(a) == 1]
    two = [(a, b) for a, b in ex if len(a) == 2]
    return one, two


def test_d2_exchange_tables_8_players():
    """Seeds D2 one-player a-i and two-player j-r for S1 = 1-4, S2 = 5-8."""
    one, two = _tables([1, 2, 3, 4], [5, 6, 7, 8])
    assert one[:9] == [(4, 5), (4, 6), (3, 5), (4, 7), (3, 6), (2, 5), (3, 7), (2, 6), (2, 7)]
    assert two[:9] == [
        ((3, 4), (5, 6)), ((3, 4), (5, 7)), ((2, 4), (5, 6)), ((3, 4), (6, 7)), ((2, 4), (5, 7)),
        ((2, 3), (5, 6)), ((2, 4), (6, 7)), ((2, 3), (5, 7)), ((2, 3), (6, 7)),
    ]
    # one-player exchanges come before two-player ones; #1 and #8 only after the table
    ex = list(d2_exchanges([1, 2, 3, 4], [5, 6, 7, 8]))
    assert ex[:9] == [((a,), (b,)) for a, b in one[:9]]


def test_d2_exchange_tables_7_players():
    """Odd bracket: every number one less, last column of the two-player table dropped."""
    one, two = _tables([1, 2, 3], [4, 5, 6, 7])
    assert one[:9] == [(3, 4), (3, 5), (2, 4), (3, 6), (2, 5), (1, 4), (2, 6), (1, 5), (1, 6)]
    assert two[:6] == [
        ((2, 3), (4, 5)), ((2, 3), (4, 6)), ((1, 3), (4, 5)),
        ((2, 3), (5, 6)), ((1, 3), (4, 6)), ((1, 3), (5, 6)),
    ]


def test_estonian_six_player_dutch_order():
    """Seed 002 (Estonian), "Hollandi süsteem" column: the 15 pairings in Dutch order."""
    expected = [
        "14 25 36", "14 26 35", "15 24 36", "15 26 34", "16 24 35", "16 25 34",
        "13 25 46", "13 26 45", "15 23 46", "16 23 45", "13 24 56", "14 23 56",
        "12 35 46", "12 36 45", "12 34 56",
    ]
    got = [" ".join(f"{a}{b}" for a, b in prs) for prs in homogeneous_order(6)]
    assert got == expected


def test_a8_x():
    """A8 example: 7 players, w = 5, b = 2 -> q = 4, x = 1; negative x clamped to 0."""
    assert a8_x([W] * 5 + [B] * 2, 7) == 1
    assert a8_x([W, W, B, B, Colour.NONE, Colour.NONE], 6) == 0  # w = b = 2: -1 -> 0
    assert a8_x([B] * 5 + [W], 6) == 2  # b > w: x = b - q


# --------------------------------------------------------------------------- F3 / E3 / F4
def test_f3_colour_history_examples():
    """F3: BWW-B -> -BWWB; WB-WB -> -WBWB; BWW-B-W -> --BWWBW (Slovenian typo BWBBW)."""
    def h(seq: str) -> list[RoundEntry]:
        return [bye("Z") if c == "-" else game(100 + i, c.lower(), "1") for i, c in enumerate(seq)]

    t = tournament(3, {1: h("BWW-B"), 2: h("WB-WB"), 3: h("BWW-B-W")})
    ctx = Context(t, 8, [1, 2, 3])
    assert ctx.f[1].history == "-BWWB"
    assert ctx.f[2].history == "-WBWB"
    assert ctx.f[3].history == "--BWWBW"


def test_e3_estonian_example():
    """Seed 002: A = BBWWBW, B = BWBWBW, both mild Black; round 3 is the last with
    different colours (A White, B Black) -> now A Black, B White."""
    a = [game(100 + i, c, "=") for i, c in enumerate("bbwwbw")]
    b = [game(200 + i, c, "=") for i, c in enumerate("bwbwbw")]
    t = tournament(2, {1: a, 2: b})
    ctx = Context(t, 7, [1, 2])
    assert allocate_colours(ctx, 1, 2) == (2, 1)


def test_e1_e2_e4():
    t = tournament(4, {
        1: [game(100, "w", "1")],  # strong Black
        2: [game(101, "b", "1")],  # strong White
        3: [game(102, "w", "1"), game(103, "w", "1")],  # absolute Black
        4: [game(104, "w", "1")],  # strong Black
    })
    ctx = Context(t, 3, [1, 2, 3, 4])
    assert allocate_colours(ctx, 1, 2) == (2, 1)  # E1 both granted
    assert allocate_colours(ctx, 3, 4) == (4, 3)  # E2 the stronger (absolute) one
    assert allocate_colours(ctx, 1, 4) == (4, 1)  # E3 no difference -> E4 higher-ranked (1) gets Black


def test_f4_first_round_even_and_odd():
    """F4: S1 top half v S2; even S1 numbers get the colour opposite to odd ones;
    with an odd number the lowest-ranked player gets the bye."""
    p = pair_dutch_1992(tournament(8))
    assert p.boards == [(1, 5), (6, 2), (3, 7), (8, 4)] and p.bye is None
    p = pair_dutch_1992(tournament(9))
    assert p.boards == [(1, 5), (6, 2), (3, 7), (8, 4)] and p.bye == 9
    t = tournament(8)
    t.initial_colour = B
    assert pair_dutch_1992(t).boards == [(5, 1), (2, 6), (7, 3), (4, 8)]


# --------------------------------------------------------------------------- B / C rules
def test_b1b_bye_not_twice():
    """B1b: a player who scored a point without playing gets no bye; next one up does."""
    t = tournament(5, {
        1: [game(2, "w", "=")], 2: [game(1, "b", "=")],
        3: [game(4, "w", "=")], 4: [game(3, "b", "=")], 5: [bye("U")],
    })
    p = pair_dutch_1992(t)
    assert p.bye != 5 and check_absolute(t, p) == []


def test_c13_lowest_bracket_blocked():
    """The lowest bracket {5, 6} already met: the penultimate bracket is re-paired
    with one pair fewer so that two players move down (C13, C14)."""
    t = tournament(6, {
        1: [game(101, "w", "1")], 2: [game(102, "b", "1")],
        3: [game(103, "w", "1")], 4: [game(104, "b", "1")],
        5: [game(6, "w", "=")], 6: [game(5, "b", "=")],
    })
    p = pair_dutch_1992(t)
    pairs = {frozenset(wb) for wb in p.boards}
    assert frozenset((5, 6)) not in pairs
    assert frozenset((1, 2)) in pairs  # p = 1 in the top bracket: 1 v 2, 3 and 4 move down
    assert check_absolute(t, p) == []


def test_c12_previous_bracket_repaired_for_a_different_downfloater():
    """C12: 3 would float from {1, 2, 3} into {4, 5} but has met both; the top
    bracket is re-paired with as many pairs so that another player moves down.
    Its next acceptable pairing in C order: 1-3 breaks a colour preference (x = 0),
    so the D2 exchange 1<->2 gives 2-3 and 1 moves down (then 1-4, 5-6)."""
    t = tournament(6, {
        1: [game(101, "w", "1"), game(102, "b", "1")],
        2: [game(103, "b", "1"), game(104, "w", "1")],
        3: [game(4, "w", "1"), game(5, "b", "1")],
        4: [game(3, "b", "0"), game(105, "w", "1")],
        5: [game(106, "b", "1"), game(3, "w", "0")],
        6: [game(107, "w", "0"), game(108, "b", "0")],
    })
    p = pair_dutch_1992(t)
    assert {frozenset(wb) for wb in p.boards} == {frozenset((2, 3)), frozenset((1, 4)), frozenset((5, 6))}
    assert check_absolute(t, p) == []


def test_c1_player_without_opponent_moves_down():
    """1 and 2 (top bracket) have met: both move down and meet the lower players."""
    t = tournament(4, {
        1: [game(3, "w", "1"), game(2, "b", "=")], 2: [game(4, "w", "1"), game(1, "w", "=")],
        3: [game(1, "b", "0"), game(4, "w", "=")], 4: [game(2, "b", "0"), game(3, "b", "=")],
    })
    p = pair_dutch_1992(t)
    assert {frozenset(wb) for wb in p.boards} == {frozenset((1, 4)), frozenset((2, 3))}
    assert check_absolute(t, p) == []


def test_b2_waived_in_last_round_for_topscorers():
    """B2 does not bind players with more than 50 % in the last round."""
    hist = {
        1: [game(101, "w", "1"), game(102, "w", "1")],  # 2/2, WW: third White allowed only now
        2: [game(103, "b", "1"), game(104, "w", "1")],
    }
    t = tournament(2, hist, rounds=3)
    t.players[2].results = [game(103, "w", "1"), game(104, "w", "1")]  # also WW
    p = pair_dutch_1992(t)
    assert len(p.boards) == 1 and check_absolute(t, p) == []
    t.rounds = 5  # not the last round: no legal pairing
    from swisschess.pairing.result import PairingError
    with pytest.raises(PairingError):
        pair_dutch_1992(t)


def test_max_matching_blossom():
    """A 5-cycle plus a pendant vertex needs a blossom to find the perfect matching."""
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5)]
    adj = [[] for _ in range(6)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    mate = max_matching(6, adj, [1, 0, 3, 2, -1, -1])
    assert all(m != -1 for m in mate)


def test_max_matching_against_brute_force():
    """The blossom matching is maximum on random small graphs (exhaustive check)."""
    rng = random.Random(5)

    def best(adj, vs):
        if not vs:
            return 0
        a, rest = vs[0], vs[1:]
        r = best(adj, rest)
        for b in rest:
            if b in adj[a]:
                r = max(r, 1 + best(adj, [q for q in rest if q != b]))
        return r

    for _ in range(150):
        n = rng.randint(2, 10)
        adj: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.35:
                    adj[i].append(j)
                    adj[j].append(i)
        mate = max_matching(n, adj)
        assert all(mate[mate[v]] == v and mate[v] in adj[v] for v in range(n) if mate[v] != -1)
        assert sum(1 for v in mate if v != -1) // 2 == best(adj, list(range(n)))


# --------------------------------------------------------------------------- properties
def test_reference_tournaments_never_break_absolute_criteria():
    """Re-pair every round of some reference tournaments (2017 histories)."""
    checked = 0
    for f in reference_files(14):
        from swisschess.formats.trf import read_trf

        t = read_trf(str(f)).tournament
        t.rounds = t.rounds_recorded()
        for r in range(1, t.rounds + 1):
            c = cut_before(t, r)
            p = pair_dutch_1992(c)
            assert check_absolute(c, p) == [], (f.name, r)
            checked += 1
    assert checked > 50


def simulate(n: int, rounds: int, seed: int, pairer, waiver: str = "topscorers") -> list[float]:
    """A whole tournament paired by ``pairer`` with random results and absences."""
    rng = random.Random(seed)
    t = tournament(n, rounds=rounds)
    times = []
    for _ in range(rounds):
        rnd = t.rounds_recorded() + 1
        for pid in rng.sample(sorted(t.players), k=max(0, n // 25)):  # announced absences
            if len(t.players[pid].results) < rnd:
                t.players[pid].results.extend([RoundEntry(None, Colour.NONE, "Z", blank=True)] * (rnd - 1 - len(t.players[pid].results)))
                t.players[pid].results.append(bye("Z"))
        s = time.perf_counter()
        p = pairer(t)
        times.append(time.perf_counter() - s)
        assert check_absolute(t, p, waiver) == [], rnd
        add_pairing(t, p)
        for w, b in p.boards:
            set_result(t, rnd, w, b, rng.choice(["1-0", "1-0", "0-1", "1/2", "1/2", "+-"]))
    return times


def test_simulated_tournaments_valid_every_round():
    for seed in range(3):
        simulate(23 + seed, 7, seed, pair_dutch_1992)


def test_two_hundred_players_within_the_search_budget():
    # Speed is the benchmarks' business (benchmarks/bench_pairing.py); what a test can
    # say without a clock is that no bracket of a 200-player event ran out of its node
    # budget and took the matching fallback.
    stats = SearchStats()
    simulate(200, 5, 7, lambda t: pair_dutch_1992(t, stats=stats))
    assert stats.fallbacks == 0


def test_pair_round_dispatch_and_engine_cli(tmp_path):
    t = tournament(6)
    assert pair_round(t, "dutch", "1992").boards == pair_dutch_1992(t).boards
    trf = tmp_path / "t.trf"
    lines = ["012 Test", "XXR 5"]
    for i in range(1, 7):
        lines.append(f"001 {i:4d}      {'Player ' + str(i):<33} {2500 - 10 * i:4d}".ljust(80) + " 0.0")
    trf.write_text("\n".join(lines) + "\n")
    exe = ROOT / ".venv" / "bin" / "swisschess"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "swisschess"]
    for flags in (["--edition", "1992", "--dutch"], ["--lim"]):
        res = subprocess.run(cmd + ["engine", *flags, str(trf), "-p"], capture_output=True, text=True, timeout=60)
        assert res.returncode == 0, res.stderr
        assert res.stdout.split() == ["3", "1", "4", "5", "2", "3", "6"]


def test_score_fraction_types():
    t = tournament(2, {1: [game(2, "w", "=")], 2: [game(1, "b", "=")]})
    ctx = Context(t, 2, [1, 2])
    assert ctx.f[1].score == Fraction(1, 2)


def test_bipartite_saturates_agrees_with_a_maximum_matching():
    """The diagonal shortcut of ``bipartite_saturates`` only answers "yes" when
    a saturating matching exists: compared with networkx on random graphs,
    dense (the diagonal usually a witness) and sparse."""
    import random

    import networkx as nx

    from swisschess.rules.dutch1992 import bipartite_saturates

    rng = random.Random(5)
    answers = set()
    for _ in range(400):
        nl, nr = rng.randint(1, 8), rng.randint(1, 9)
        dense = rng.random() < 0.5
        left, right = list(range(nl)), list(range(100, 100 + nr))
        edges = {(a, b) for a in left for b in right if rng.random() < (0.9 if dense else 0.35)}
        g = nx.Graph()
        g.add_nodes_from(left)
        g.add_nodes_from(right)
        g.add_edges_from(edges)
        m = nx.bipartite.maximum_matching(g, top_nodes=left)
        expected = all(a in m for a in left)
        got = bipartite_saturates(left, right, lambda a, b, e=edges: (a, b) in e)
        assert got == expected
        answers.add(got)
    assert answers == {True, False}
