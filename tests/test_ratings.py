"""Rating change (B.02, 1 March 2024; 8.3.1 as amended from 1 October 2025).

Every expected figure below is computed by hand from the regulation's own
tables (8.1.1 p -> dp, 8.1.2 D -> PD) and written out in the comment beside it.
The event is ``tests/data/ratings_open.trf`` (constructed: a 2700 player, a
junior, three unrated players, a forfeit, a half-point bye and a PAB).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from swisschess.formats.trf import load_trf
from swisschess.standings.ratingchange import (
    Status,
    effective_difference,
    initial_rating,
    k_factor,
    rating_changes,
)

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def changes():
    return {c.number: c for c in rating_changes(load_trf(str(DATA / "ratings_open.trf")))}


def test_400_point_rule_from_october_2025():
    # 8.3.1: capped at 400 below 2650, the real difference from 2650 up
    assert effective_difference(2200, 2700) == -400
    assert effective_difference(2649, 2000) == 400
    assert effective_difference(2650, 2000) == 650
    assert effective_difference(2700, 1800) == 900


def test_k_rules():
    # 8.3.3, as far as a file tells: stored K, 2400+, junior under 2300, default
    assert k_factor(2100, "2000", 2026, stored=15) == (15, "player")
    assert k_factor(2400, "2012", 2026) == (10, "2400")
    assert k_factor(2299, "2008/12/31", 2026) == (40, "junior")  # 18 in 2026
    assert k_factor(2299, "2007", 2026) == (20, "default")       # 19 in 2026
    assert k_factor(2300, "2012", 2026) == (20, "default")       # junior, not under 2300
    assert k_factor(2000, "", 2026, default_k=40) == (40, "default")


def test_player_rated_2650_or_more_uses_the_real_difference(changes):
    # No. 1, 2700 (no cap): opponents 1800 (D 900 -> 1.00), 2310 (390 -> .91),
    # 2250 (450 -> .94), 2150 (550 -> .97), 2000 (700 -> .99): We = 4.81.
    # Score 3.5 (1, ½, 0, 1, 1); K 10 (2400+): 10 x (3.5 - 4.81) = -13.1 -> -13.
    c = changes[1]
    assert c.status is Status.RATED and len(c.games) == 5
    assert c.expected_score == Fraction(481, 100)
    assert (c.k, c.change, c.rounded, c.new_rating) == (10, Fraction(-131, 10), -13, 2687)
    # Ra = (1800 + 2310 + 2250 + 2150 + 2000) / 5 = 2102; p = .70 -> dp 149: Rp 2251
    assert (c.average_opponent_rating, c.performance_rating) == (2102, 2251)


def test_junior_and_the_400_point_cap(changes):
    # No. 3, 2250, born 2010 (16 in 2026, under 2300): K 40.
    # 2150 (D 100 -> .64), 2700 (-450 capped -400 -> .08), 2000 (250 -> .81),
    # 2310 (-60 -> .42): We = 1.95; score ½+0+1+1 = 2.5; 40 x 0.55 = +22.0
    c = changes[3]
    assert [g.difference for g in c.games] == [100, -400, 250, -60]
    assert (c.expected_score, c.k, c.k_source, c.change) == (
        Fraction(195, 100), 40, "junior", Fraction(22))


def test_forfeits_and_byes_are_not_rated(changes):
    # No. 4 won round 1 by forfeit: 3 games (rounds 2, 3, 4... and 5), not 4.
    # rounds: 1 forfeit win (out), 2 v 3 (2250) win, 3 v 7 (1800) draw,
    # 4 v 1 (2700) loss, 5 v 9 (unrated) draw: not rated for No. 4 (8.3.1).
    c = changes[4]
    assert [g.round for g in c.games] == [2, 3, 4]
    # D -100 -> .36, 350 -> .89, -550 capped -400 -> .08: We 1.33; score 1.5;
    # K 20 (default): 20 x 0.17 = +3.4 -> +3
    assert (c.expected_score, c.change, c.rounded) == (Fraction(133, 100), Fraction(17, 5), 3)
    # No. 8: round 4 a forfeit loss, round 3 v the unrated No. 9: 2 rated games
    assert [g.round for g in changes[8].games] == [1, 5]


def test_rounding_8_3_4_away_from_zero():
    # -2.5 -> -3, +2.5 -> +3 (8.3.4 "0.5 is rounded away from zero")
    from swisschess.standings.ratingchange import RatingChange
    neg = RatingChange(1, "", 2000, Status.RATED, change=Fraction(-5, 2))
    pos = RatingChange(1, "", 2000, Status.RATED, change=Fraction(5, 2))
    assert (neg.rounded, pos.rounded) == (-3, 3)


def test_initial_rating_two_hypothetical_1800_draws(changes):
    # No. 9, unrated: 5 games v rated 2250, 1800, 1700, 2310, 2150 (sum 10210),
    # score 3. 8.2.2: Ra = (10210 + 3600) / 7 = 1972.857; p = (3 + 1) / 7 = .57
    # -> dp 50; Ru = 2022.857 -> 2023 (5 games, >= 1400: published, 7.1.4).
    c = changes[9]
    assert (c.status, c.initial_rating, c.new_rating) == (Status.INITIAL, 2023, 2023)
    # Ra and Rp of the rated opponents only, as chess-results prints them:
    # 10210 / 5 = 2042; p = .60 -> dp 72: 2114
    assert (c.average_opponent_rating, c.performance_rating) == (2042, 2114)


def test_initial_rating_needs_five_games_and_a_score(changes):
    # No. 10: 2 rated games (1600 won, 1950 drawn): Ru = (3550 + 3600) / 4 =
    # 1787.5, p = 2.5 / 4 = .63 -> dp 95: 1882.5 -> 1883, not published yet.
    assert (changes[10].status, changes[10].initial_rating) == (Status.PROVISIONAL, 1883)
    # No. 11 lost all 4 games: the zero score is disregarded (8.2.1)
    assert (changes[11].status, changes[11].initial_rating) == (Status.ZERO, None)
    # 8.2.3: at most 2200
    assert initial_rating([(2600, Fraction(1))] * 5) == 2200
    # below 1400: computed, not published
    assert initial_rating([(1400, Fraction(0))] * 4 + [(1400, Fraction(1, 2))]) < 1400


def test_k_times_games_at_most_700():
    # 8.3.3: 18 games at K 40 = 720 > 700 -> K = 38
    from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament
    t = Tournament(name="long", end_date="2026/01/01")
    t.players[1] = Player(1, "A", rating=1500, birth="2015")
    t.players[2] = Player(2, "B", rating=1500)
    for r in range(18):
        w = r % 2 == 0
        t.players[1].results.append(RoundEntry.game(2, Colour.WHITE if w else Colour.BLACK, "="))
        t.players[2].results.append(RoundEntry.game(1, Colour.BLACK if w else Colour.WHITE, "="))
    c = rating_changes(t)[0]
    assert (c.k, c.k_source, len(c.games)) == (38, "junior 700", 18)
