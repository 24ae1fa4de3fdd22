"""The Lim system as FIDE words it today (C.04.4.3, 2026) beside the seed's reading."""

from __future__ import annotations

from test_dutch1992 import bye, check_absolute, game, simulate, tournament

from swisschess.pairing.api import pair_round
from swisschess.pairing.registry import system_from_code
from swisschess.rules.lim import pair_lim


def test_round_one_colours_by_number_not_by_board():
    """7.2: odd-numbered top-half players share #1's colour; seed 002: alternate down the boards.

    With player 2 absent the top half is 1, 3, 4, 5: by number 1, 3, 5 get
    #1's colour (White) and 4 the other; down the boards 1, 4 get White and 3, 5 Black.
    """
    t = tournament(9, {2: [bye("Z")]}, rounds=5)
    t.players[2].results = []
    t.players[2].results.append(bye("Z"))
    seed = pair_lim(t)
    today = pair_lim(t, edition="2026")
    assert {frozenset(b) for b in seed.boards} == {frozenset(b) for b in today.boards}
    white_today = {w for w, _ in today.boards}
    white_seed = {w for w, _ in seed.boards}
    assert {1, 3, 5} <= white_today and 4 not in white_today
    assert 3 not in white_seed and 4 in white_seed


def test_below_the_median_the_lower_ranked_player_gets_his_due_colour():
    """5.4 (2026 only): 3 and 4 (0 points, median 1) both want White, same history."""
    h = {
        1: [game(3, "b", "1"), game(4, "w", "1")],
        2: [game(4, "b", "1"), game(3, "w", "1")],
        3: [game(1, "w", "0"), game(2, "b", "0")],
        4: [game(2, "w", "0"), game(1, "b", "0")],
    }
    t = tournament(4, h, rounds=5)
    seed = pair_lim(t)
    today = pair_lim(t, edition="2026")
    assert (3, 4) in seed.boards  # E4: the higher-ranked player's preference
    assert (4, 3) in today.boards  # 5.4: below the median, the lower-ranked player's
    assert [b for b in seed.boards if 1 in b] == [b for b in today.boards if 1 in b]


def test_lim_2026_is_an_edition_of_the_table():
    assert system_from_code("CUSTOM_SWISS_LIM_2026") == ("lim", "2026")
    assert system_from_code("CUSTOM_SWISS_LIM") == ("lim", "1992")
    t = tournament(6, rounds=3)
    assert pair_round(t, "lim", "2026") == pair_lim(t, edition="2026")


def test_lim_2026_never_breaks_the_absolute_criteria():
    for seed in range(2):
        simulate(21 + seed, 6, seed, lambda t: pair_lim(t, edition="2026"), waiver="all")


def test_no_pairing_is_changed_by_the_edition_where_the_texts_agree():
    t = tournament(8, rounds=5)
    p = pair_lim(t)
    assert p == pair_lim(t, edition="2026")
    assert check_absolute(t, p, "all") == []
