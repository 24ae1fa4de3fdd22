"""The Lim system (seed 002 Estonian, other-systems.md section 4)."""

from __future__ import annotations

from test_dutch1992 import bye, check_absolute, game, reference_files, simulate, tournament

from swisschess.model.history import Float
from swisschess.model.rounds import cut_before
from swisschess.model.tournament import Colour
from swisschess.pairing.api import pair_round
from swisschess.rules.dutch1992 import Context
from swisschess.rules.lim import Lim, is_maxi, lim_order, pair_lim

W, B = Colour.WHITE, Colour.BLACK


def fmt(pairs) -> str:
    return " ".join(f"{min(a, b)}-{max(a, b)}" for a, b in pairs)


def test_lim_downward_exchange_order_estonian_table():
    """Seed 002 "Vastaste ümberasetused" 2: the 15 pairings of 6 players, downward."""
    expected = [
        "1-4 2-5 3-6", "1-4 2-6 3-5", "1-4 2-3 5-6", "1-5 2-4 3-6", "1-5 2-6 3-4",
        "1-5 2-3 4-6", "1-6 2-4 3-5", "1-6 2-5 3-4", "1-6 2-3 4-5", "1-3 2-5 4-6",
        "1-3 2-6 4-5", "1-3 2-4 5-6", "1-2 3-5 4-6", "1-2 3-6 4-5", "1-2 3-4 5-6",
    ]
    assert [fmt(p) for p in lim_order(range(1, 7))] == expected


def test_lim_upward_exchange_order_estonian_table():
    """Upward: the lowest player's opponent runs 3, 2, 1, then 4, 5 (seed 002 second table)."""
    expected = [
        "1-4 2-5 3-6", "1-5 2-4 3-6", "1-2 4-5 3-6", "1-4 3-5 2-6", "1-5 3-4 2-6",
        "1-3 4-5 2-6", "2-4 3-5 1-6", "2-5 3-4 1-6", "2-3 4-5 1-6", "2-5 1-3 4-6",
        "1-5 2-3 4-6", "3-5 1-2 4-6", "2-4 1-3 5-6", "1-4 2-3 5-6", "3-4 1-2 5-6",
    ]
    got = [{frozenset(x) for x in p} for p in lim_order(range(1, 7), downward=False)]
    want = [{frozenset(map(int, x.split("-"))) for x in row.split()} for row in expected]
    assert got == want


def test_lim_and_dutch_orders_differ_as_in_seed():
    """Seed 002: Lim varies #1's opponent first; Dutch tries all transpositions first."""
    from swisschess.rules.dutch1992 import homogeneous_order

    lim = [fmt(p) for p in lim_order(range(1, 7))]
    dutch = [fmt(p) for p in homogeneous_order(6)]
    assert lim[0] == dutch[0] == "1-4 2-5 3-6"
    assert lim[2] == "1-4 2-3 5-6" and dutch[2] == "1-5 2-4 3-6"
    assert sorted(lim) == sorted(dutch)


def test_round_one_colours_alternate_down_the_boards():
    """Seed 002 "Värvide määramine" 1: 8 players, #1 White: 1-5, 6-2, 3-7, 8-4."""
    assert pair_lim(tournament(8)).boards == [(1, 5), (6, 2), (3, 7), (8, 4)]
    t = tournament(8)
    t.initial_colour = B
    assert pair_lim(t).boards == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_bye_lowest_rated_of_lowest_group_and_not_twice():
    """Seed 002 bye 1-2: lowest-rated player of the lowest group, not one who
    already scored without playing."""
    t = tournament(5, {
        1: [game(2, "w", "1")], 2: [game(1, "b", "0")],
        3: [game(4, "w", "1")], 4: [game(3, "b", "0")], 5: [bye("U")],
    })
    p = pair_lim(t)
    # lowest group (0 points): 2 and 4; 4 is the lower rated
    assert p.bye == 4 and check_absolute(t, p, "all") == []


def test_median_group_paired_last_with_floaters():
    """Groups above the median go down, below go up; the median group is last.

    After two rounds (median 1 point): {1, 2} with 1.5 (have met) float down,
    {7, 8} with 0.5 (have met) float up.  In the median group {3, 4, 5, 6} the
    downfloaters are paired first with the highest-rated player whose colour due
    is opposite (1 due White -> 5, 2 due Black -> 3), then the upfloaters with
    the lowest-rated such player (7 due Black -> 4, 8 due White -> 6).
    """
    h = {
        1: [game(2, "w", "="), game(7, "b", "1")], 2: [game(1, "b", "="), game(8, "w", "1")],
        3: [game(5, "w", "1"), game(5, "b", "0")], 4: [game(6, "w", "1"), game(6, "b", "0")],
        5: [game(3, "b", "0"), game(3, "w", "1")], 6: [game(4, "b", "0"), game(4, "w", "1")],
        7: [game(8, "w", "="), game(1, "w", "0")], 8: [game(7, "b", "="), game(2, "b", "0")],
    }
    t = tournament(8, h, rounds=5)
    ctx = Context(t, 3, list(range(1, 9)))
    assert [float(ctx.f[q].score) for q in range(1, 9)] == [1.5, 1.5, 1, 1, 1, 1, 0.5, 0.5]
    p = pair_lim(t)
    assert check_absolute(t, p, "all") == []
    assert {frozenset(wb) for wb in p.boards} == {
        frozenset((1, 5)), frozenset((2, 3)), frozenset((4, 7)), frozenset((6, 8))
    }


def test_odd_floater_choice_avoids_types_and_equalises_colours():
    """Seed 002 "Liuglejate valimine": among natives with an opponent in the next
    group, the one whose removal equalises White/Black dues; then the lowest rated."""
    h = {q: [game(100 + q, "w" if q in (1, 2) else "b", "1")] for q in range(1, 4)}
    t = tournament(5, h)
    ctx = Context(t, 2, [1, 2, 3, 4, 5])
    lim = Lim(ctx)
    # group {1, 2, 3}: 1, 2 due Black, 3 due White -> a Black-due player floats;
    # going down the lower rated of them (2) is chosen
    order = lim.choose_odd_floater([1, 2, 3], set(), Float.DOWN, [4, 5])
    assert order[0] == 2
    order = lim.choose_odd_floater([1, 2, 3], {2}, Float.DOWN, [4, 5])
    assert order[0] == 1  # 2 floated into this group (type b) is avoided


def test_maxi_option_and_definition():
    t = tournament(40, rounds=5)
    assert is_maxi(t, 40) and not is_maxi(t, 32)
    assert pair_lim(t, maxi=True).boards[0] == (1, 21)
    assert pair_lim(t, maxi=None).boards == pair_lim(t, maxi=False).boards


def test_lim_dispatch():
    t = tournament(6)
    assert pair_round(t, "lim").boards == pair_lim(t).boards


def test_reference_tournaments_never_break_absolute_criteria():
    from swisschess.formats.trf import read_trf

    checked = 0
    for f in reference_files(8):
        t = read_trf(str(f)).tournament
        t.rounds = t.rounds_recorded()
        for r in range(1, t.rounds + 1):
            c = cut_before(t, r)
            p = pair_lim(c)
            assert check_absolute(c, p, "all") == [], (f.name, r)
            checked += 1
    assert checked > 30


def test_simulated_tournaments_valid_every_round():
    for seed in range(3):
        simulate(21 + seed, 7, seed, pair_lim, "all")
        simulate(30 + seed, 6, seed, lambda t: pair_lim(t, maxi=True), "all")


def test_last_round_colour_limits_waived_for_everybody():
    """Seed 002 "Värvide määramine" 8: in the last round Lim allows a third colour
    in a row for anyone; the 1992 Dutch text only for players above 50 %."""
    from swisschess.pairing.result import PairingError
    from swisschess.rules.dutch1992 import pair_dutch_1992

    h = {1: [game(101, "w", "1"), game(102, "w", "0")], 2: [game(103, "w", "0"), game(104, "w", "1")]}
    t = tournament(2, h, rounds=3)  # both 1/2 (not above 50 %), both WW
    p = pair_lim(t)
    assert len(p.boards) == 1 and check_absolute(t, p, "all") == []
    try:
        pair_dutch_1992(t)
    except PairingError:
        pass
    else:  # pragma: no cover
        raise AssertionError("1992 must refuse a third White for players at 50 %")


def test_maxi_floater_opponent_within_100_points():
    """Seed 002 "Liuglejate valimine" 2: a downfloater meets the highest-rated player
    whose colour due is opposite; in maxi-tournaments within 100 points of the
    highest-rated one."""
    h = {
        1: [game(101, "w", "1")],  # floater, due Black
        2: [game(102, "w", "0")],  # 2480, due Black (same as 1)
        3: [game(103, "b", "1")],  # 2470, due White
    }
    t = tournament(3, h)
    t.players[3].rating = 2300  # 180 points below player 2
    ctx = Context(t, 2, [1, 2, 3])
    down = Float.DOWN
    assert Lim(ctx)._floater_opponents(1, down, [2, 3])[0] == 3  # colour first
    assert Lim(ctx, maxi=True)._floater_opponents(1, down, [2, 3])[0] == 2  # 100-point rule
