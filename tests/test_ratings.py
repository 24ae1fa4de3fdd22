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


# ------------------------------------------------------------------ norms
# tests/data/norms_rr.trf: a constructed 10-player round robin (9 rounds).
# No. 1 (IM, SLO, 2450) beats 4-10 and loses to 2 and 3: 7/9.  No. 9 beats
# No. 10; every other game is drawn.  Opponents of No. 1: GM 2600 HUN, GM 2560
# GER, GM 2520 CRO, IM 2480 AUT, IM 2450 SLO, WIM... see the file.

from swisschess.standings.norms import (  # noqa: E402
    exemption_1_4_3d,
    title_norms,
    title_of,
)


def _norms(t=None):
    t = t or load_trf(str(DATA / "norms_rr.trf"))
    return {n.number: n for n in title_norms(t)}


def test_gm_and_im_norm_all_requirements_met():
    # B.01 1.4.7: Ra = (2600+2560+2520+2480+2450+2400+2380+2300+2250) / 9
    # = 21940 / 9 = 2437.8 -> 2438; 1.4.9: p = 7/9 = .78 -> dp 220; Rp = 2658.
    # 9 games (1.4.1); 6 foreign federations (1.4.3); 3 SLO opponents <= 5,
    # at most 1 from any other federation <= 6 (1.4.4); 8 title-holders >= 5
    # (1.4.5a); 3 GMs >= 3 (1.4.5b); 6 GMs/IMs >= 3 (1.4.5c).  A man: no WGM/WIM.
    n = _norms()[1]
    assert n.norms == ["GM", "IM"]
    gm = n.checks[0]
    assert (gm.average_opponent_rating, gm.performance_rating) == (2438, 2658)
    assert gm.requirements["title_holders"] == (True, 3, 3)
    assert gm.requirements["own_federation"] == (True, 3, 5)
    assert [c.title for c in n.checks] == ["GM", "IM"]


def test_no_norm_on_3_5_of_9_and_the_score_that_would_have_made_it():
    # No. 10 (2250): Ra = 22140 / 9 = 2460; p = 3.5/9 = .39 -> dp -80: Rp 2380.
    # IM: 4.5/9 (p .50, dp 0) gives 2460 >= 2450; 4/9 (.44, -43) 2417 does not.
    # GM: 6.5/9 (.72, dp 166) 2626 >= 2600; 6/9 (.67, 125) 2585 does not.
    n = _norms()[10]
    assert n.norms == []
    gm, im = n.checks
    assert gm.missing == ["performance"] and gm.requirements["performance"] == (False, 2380, 2600)
    assert (gm.needed, im.needed) == (Fraction(13, 2), Fraction(9, 2))


def test_a_gm_opponent_count_and_women_norms():
    ns = _norms()
    # No. 2 (GM) met only GMs 3 and 4 among the opponents: 2 < 3 (1.4.5b)
    assert ns[2].checks[0].requirements["title_holders"] == (False, 2, 3)
    assert ns[2].norms == ["IM"]
    # No. 7 (a woman, 4/9): Ra = 21990 / 9 = 2443.3 -> 2443, p .44 -> -43:
    # Rp 2400 = the WGM minimum (1.4.8): WGM and WIM norms.
    assert ns[7].norms == ["WGM", "WIM"]
    assert ns[7].checks[2].performance_rating == 2400


def test_federations_rating_floor_and_unrated_opponents():
    t = load_trf(str(DATA / "norms_rr.trf"))
    for pid in range(2, 11):
        t.players[pid].federation = "SLO"
    gm = _norms(t)[1].checks[0]
    # 1.4.3: no foreign federation; 1.4.4: 9 SLO > 5, 9 of one federation > 6
    assert set(gm.missing) == {"federations", "own_federation", "one_federation"}
    t = load_trf(str(DATA / "norms_rr.trf"))
    t.players[10].rating = 1800
    t.players[9].rating = 1900
    # 1.4.6c: only the lowest (1800) raised to the GM floor 2200; 1900 stays:
    # (21940 - 2250 - 2300 + 2200 + 1900) / 9 = 21490 / 9 = 2387.8 -> 2388
    assert _norms(t)[1].checks[0].average_opponent_rating == 2388
    t.players[10].rating = 0
    # 1.4.6d: unrated counts 1400, then is the one raised to 2200: still 2388
    assert _norms(t)[1].checks[0].average_opponent_rating == 2388


def test_eight_games_with_a_forfeit_win_count_as_nine():
    # 1.4.1c: round 9, No. 1 v No. 2 becomes a forfeit win for No. 1:
    # 8 games (6 wins, 1 loss... 7 wins v 4-10, 1 loss v 3): 7/8
    t = load_trf(str(DATA / "norms_rr.trf"))
    from swisschess.model.tournament import RoundEntry
    e1, e2 = t.players[1].results[8], t.players[2].results[8]
    t.players[1].results[8] = RoundEntry(e1.opponent, e1.colour, "+")
    t.players[2].results[8] = RoundEntry(e2.opponent, e2.colour, "-")
    n = _norms(t)[1]
    assert (n.games, n.eight_games) == (8, True)
    assert n.checks[0].requirements["games"] == (True, 9, 9)
    # with a full-point bye instead, 8 games are not enough
    t.players[1].results[8] = RoundEntry.bye("F")
    t.players[2].results[8] = RoundEntry.bye("Z")
    assert _norms(t)[1].checks[0].requirements["games"] == (False, 8, 9)


def test_exemption_1_4_3d():
    from swisschess.model.tournament import Player, Tournament
    from swisschess.standings.field import Field
    t = Tournament(federation="ESP")
    for i in range(1, 21):
        fed = ("FRA", "GER", "ITA")[i % 3]
        t.players[i] = Player(i, f"P{i}", "m", "g" if i <= 10 else "", 2400, fed)
    assert exemption_1_4_3d(t, Field.build(t, 0))
    t.players[20].federation = "ESP"  # 19 foreign players
    assert not exemption_1_4_3d(t, Field.build(t, 0))


def test_trf_titles():
    assert [title_of(x) for x in ("g", "m", "wg", "wm", "f", "wc", "GM", "")] == [
        "GM", "IM", "WGM", "WIM", "FM", "WCM", "GM", ""]


# ------------------------------------------------------------------ prizes
from swisschess.standings.prizes import (  # noqa: E402
    PrizeConfigError,
    allocate,
    parse_config,
    prize_list,
)
from swisschess.standings.ranking import standings  # noqa: E402


def _prizes(text=None):
    t = load_trf(str(DATA / "ratings_open.trf"))
    cfg = parse_config(text or (DATA / "prizes_open.toml").read_text())
    pl = prize_list(t, standings(t), cfg)
    return {k: [(a.place, a.number, a.amount) for a in v] for k, v in pl.categories.items()}


def test_prizes_hort_one_prize_per_player():
    # Standings: 1 Beta (No. 2, 4.0, w), 2 Zeta (No. 6, 4.0, w, 1950, born 2011),
    # 3 Alpha (No. 1, 3.5), then 3.0: Gamma (3, born 2010), Delta (4, w),
    # Iota (9, w, unrated, born 2009), Kappa (10, unrated); 1.5: Epsilon
    # (5, 2000), Eta (7), Mu (12, w), Theta (8).
    p = _prizes()
    # Open, Hort 50 %: Beta and Zeta share places 1-2 (300 + 200): Beta
    # 150 + 125 = 275, Zeta 100 + 125 = 225; Alpha 3rd 100.
    assert p["Open"] == [("1-2", 2, 275), ("1-2", 6, 225), ("3", 1, 100)]
    # Beta and Zeta keep their Open prizes (the best); in Women Delta and Iota
    # move up and share places 1-2 (60 + 40): 30 + 25 = 55 and 20 + 25 = 45.
    assert p["Women"] == [("1-2", 4, 55), ("1-2", 9, 45)]
    # Iota would also get 45 in Under 2000: equal amounts, Women is listed
    # first.  Under 2000 (unrated included, Epsilon's 2000 is out): Kappa 1st
    # 50; Eta, Mu, Theta share places 2-4 (30 + 0 + 0): 15 + 5, 0 + 5, 0 + 5.
    assert p["Under 2000"] == [("1", 10, 50), ("2-4", 7, 20), ("2-4", 12, 5), ("2-4", 8, 5)]
    assert p["Juniors"] == [("1", 3, 40)]


def test_prizes_equal_and_tiebreak_sharing():
    text = (DATA / "prizes_open.toml").read_text()
    eq = _prizes(text.replace('sharing = "hort"', 'sharing = "equal"'))
    assert eq["Open"] == [("1-2", 2, 250), ("1-2", 6, 250), ("3", 1, 100)]
    tb = _prizes(text.replace('sharing = "hort"', 'sharing = "tiebreak"'))
    assert tb["Open"] == [("1", 2, 300), ("2", 6, 200), ("3", 1, 100)]
    # tie-break order: Iota (6th) would be 2nd woman (40) but 1st under 2000
    # (50, ahead of Kappa): she takes the 50, the 40 goes to Mu (No. 12)
    assert tb["Women"] == [("1", 4, 60), ("2", 12, 40)]
    assert tb["Under 2000"] == [("1", 9, 50), ("2", 10, 30)]


def test_allocate_tie_beyond_the_last_prize():
    # three players tied for places 2-4, prizes only for 1-2: 30 pooled
    from swisschess.standings.prizes import Category
    t = load_trf(str(DATA / "ratings_open.trf"))
    st = standings(t)
    rows = [r for r in st.rows if r.id in (10, 5, 7, 12)]  # 3.0, 1.5, 1.5, 1.5
    cat = Category("x", (Fraction(50), Fraction(30)), "equal")
    assert [(a.number, a.amount) for a in allocate(cat, rows, Fraction(1, 2))] == [
        (10, 50), (5, 10), (7, 10), (12, 10)]


@pytest.mark.parametrize("text, field", [
    ("sharing = 'lots'\n[[category]]\nname='A'\nprizes=[1]", "sharing"),
    ("[[category]]\nname='A'\nprizes=['x']", "category 1.prizes"),
    ("[[category]]\nname='A'\nprizes=[1]\nrating_max='2000'", "category 1.rating_max"),
    ("[[category]]\nname='A'\nprizes=[1]\nfoo=1", "category 1.foo: unknown key"),
    ("[[category]]\nname='A'\nprizes=[1]\n[[category]]\nname='A'\nprizes=[1]", "category 2.name"),
    ("x = [", "not valid TOML"),
    ("currency='EUR'", "category"),
])
def test_prize_config_errors_name_the_field(text, field):
    with pytest.raises(PrizeConfigError, match=field.replace(".", r"\.")):
        parse_config(text)


# ------------------------------------------------------------------ teams
def test_team_standings_best_three():
    from swisschess.standings.teams import team_standings
    t = load_trf(str(DATA / "ratings_open.trf"))
    rows = team_standings(standings(t), 3)
    # FIN: Beta 4 + Zeta 4 + Kappa 3 = 11; EST: Alpha 3.5 + Gamma 3 + Iota 3
    # = 9.5 (of 6 players); LAT: Delta 3 + Eta 1.5 + Mu 1.5 = 6
    assert [(r.rank, r.team, r.points, r.players) for r in rows] == [
        (1, "FIN", 11, 3), (2, "EST", Fraction(19, 2), 6), (3, "LAT", 6, 3)]
    # best 1: EST 3.5 < FIN 4; ties broken by places: none here
    assert [r.team for r in team_standings(standings(t), 1)] == ["FIN", "EST", "LAT"]


# ------------------------------------------------------------------ command line
import json  # noqa: E402

from swisschess.cli.main import main  # noqa: E402

OPEN = str(DATA / "ratings_open.trf")
RR = str(DATA / "norms_rr.trf")
PRIZES = str(DATA / "prizes_open.toml")


def _run(capsys, *argv):
    code = main(["--lang", "en", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_ratings_json_has_the_issue_keys(capsys):
    code, out, _err = _run(capsys, "ratings", OPEN, "--format", "json", "--k-player", "5=40")
    assert code == 0
    data = json.loads(out)
    assert data["edition_date"] == "2024-03-01" and "1 March 2024" in data["edition"]
    p1 = data["players"][0]
    for key in ("number", "rating", "games", "score", "average_opponent_rating",
                "expected_score", "k", "rating_change", "performance_rating"):
        assert key in p1
    assert (p1["number"], p1["rating_change"], p1["rating_change_rounded"]) == (1, -13.1, -13)
    # --k-player 5=40: No. 5, 0.5 from We 0.98: 40 x -0.48 = -19.2
    p5 = data["players"][4]
    assert (p5["k"], p5["k_source"], p5["rating_change"]) == (40, "player", -19.2)


def test_cli_ratings_text_names_the_edition(capsys):
    code, out, _err = _run(capsys, "ratings", OPEN, "--k", "15")
    assert code == 0
    assert "1 March 2024" in out and "1 October 2025" in out
    assert "initial rating (B.02 8.2)" in out and "else 15 (B.02 8.3.3)" in out


def test_cli_norms_json(capsys):
    code, out, _err = _run(capsys, "norms", RR, "--format", "json")
    assert code == 0
    data = json.loads(out)
    p = {x["number"]: x for x in data["players"]}
    assert p[1]["norms"] == ["GM", "IM"] and p[1]["missing"] == {}
    assert p[10]["norms"] == [] and p[10]["missing"] == {"GM": ["performance"],
                                                           "IM": ["performance"]}
    assert p[10]["checks"]["IM"]["score_needed"] == 4.5
    assert data["edition_date"] == "2024-01-01"


def test_cli_prizes_text_and_html(capsys):
    code, out, _err = _run(capsys, "prizes", OPEN, "--config", PRIZES)
    assert code == 0 and "275.00 EUR" in out and "Total prize money awarded: 820.00 EUR" in out
    code, out, _err = _run(capsys, "prizes", OPEN, "--config", PRIZES, "--format", "html")
    assert code == 0 and out.startswith("<!DOCTYPE html>") and "<caption>Women</caption>" in out


def test_cli_teams(capsys):
    code, out, _err = _run(capsys, "teams", OPEN, "--best", "2", "--format", "csv")
    assert code == 0
    assert out.splitlines()[1].startswith("1,FIN,8.0,3,")


@pytest.mark.parametrize("argv, code, text", [
    (["ratings", "missing.trf"], 5, "missing.trf: error: cannot read file"),
    (["ratings", OPEN, "--round", "9"], 3, "--round 9: the file has rounds 0 to 5"),
    (["ratings", OPEN, "--k-player", "5:40"], 3, "--k-player 5:40: use NUMBER=K"),
    (["ratings", OPEN, "--k-player", "99=40"], 3, "no player number 99"),
    (["teams", OPEN, "--best", "0"], 3, "--best 0: at least 1 player"),
    (["prizes", OPEN, "--config", "nowhere.toml"], 5, "nowhere.toml: error: cannot read"),
])
def test_cli_errors_without_traceback(capsys, argv, code, text):
    got, _out, err = _run(capsys, *argv)
    assert got == code and text in err and "Traceback" not in err


def test_cli_prize_file_error_names_the_file_and_field(capsys, tmp_path):
    bad = tmp_path / "p.toml"
    bad.write_text("[[category]]\nname = 'Open'\nprizes = [100, 'lots']\n")
    code, _out, err = _run(capsys, "prizes", OPEN, "--config", str(bad))
    assert code == 3 and f"{bad}: error: category 1.prizes" in err


def test_cli_in_slovenian(capsys):
    assert main(["--lang", "sl", "ratings", OPEN]) == 0
    out = capsys.readouterr().out
    assert "1 March 2024" not in out and "2024" in out


def test_manager_show_ratings_norms_prizes(tmp_path, capsys):
    db = str(tmp_path / "event.db")
    assert main(["import", OPEN, "--db", db]) == 0
    capsys.readouterr()
    assert main(["--lang", "en", "show", "ratings", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "Rating changes after round 5" in out and "-13.1" in out
    assert main(["--lang", "en", "show", "norms", "--db", db]) == 0
    assert "Title norms after round 5" in capsys.readouterr().out
    assert main(["--lang", "en", "show", "prizes", "--db", db]) == 3
    assert "--prizes PRIZES.toml" in capsys.readouterr().err
    assert main(["--lang", "en", "show", "prizes", "--db", db, "--prizes", PRIZES]) == 0
    assert "275.00 EUR" in capsys.readouterr().out


# B.02 table 8.1.2 transcribed again, row by row as the regulation prints it
# ("D" from-to, "PD" of the higher-rated player H), as an independent oracle.
_TABLE_8_1_2 = """0-3 .50|4-10 .51|11-17 .52|18-25 .53|26-32 .54|33-39 .55|40-46 .56|47-53 .57|
54-61 .58|62-68 .59|69-76 .60|77-83 .61|84-91 .62|92-98 .63|99-106 .64|107-113 .65|114-121 .66|
122-129 .67|130-137 .68|138-145 .69|146-153 .70|154-162 .71|163-170 .72|171-179 .73|180-188 .74|
189-197 .75|198-206 .76|207-215 .77|216-225 .78|226-235 .79|236-245 .80|246-256 .81|257-267 .82|
268-278 .83|279-290 .84|291-302 .85|303-315 .86|316-328 .87|329-344 .88|345-357 .89|358-374 .90|
375-391 .91|392-411 .92|412-432 .93|433-456 .94|457-484 .95|485-517 .96|518-559 .97|560-619 .98|
620-735 .99"""


def _oracle_pd(d: int) -> float:
    for row in _TABLE_8_1_2.replace("\n", "").split("|"):
        span, p = row.split()
        lo, hi = map(int, span.split("-"))
        if lo <= abs(d) <= hi:
            return float(p) if d >= 0 else 1 - float(p)
    return 1.0 if d > 0 else 0.0


def test_every_rated_player_of_the_sample_open_agrees_with_the_oracle():
    # samples/club-open-24.trf: 24 rated players, 4 rounds, a forfeit.  For each
    # rated player: sum over the games played v rated opponents of
    # K x (score - PD(min(400, |D|))), K 20 (no birth dates in the file).
    t = load_trf(str(Path(__file__).parent.parent / "samples" / "club-open-24.trf"))
    results = {"1": 1.0, "=": 0.5, "0": 0.0}
    checked = 0
    for c in rating_changes(t):
        p = t.players[c.number]
        total = 0.0
        for e in p.results:
            if e.opponent is None or e.code not in results:
                continue
            d = max(-400, min(400, p.rating - t.players[e.opponent].rating))
            total += results[e.code] - _oracle_pd(d)
        assert c.k == 20
        assert abs(float(c.change) - 20 * total) < 0.05, c.number
        checked += 1
    assert checked == 24


def test_round_robin_games_v_unrated_zero_scorers_do_not_count():
    # B.01 1.4.2b: No. 10 made unrated and losing every game against the rated
    # players: the games against No. 10 are left out of everyone's norm check
    t = load_trf(str(DATA / "norms_rr.trf"))
    from swisschess.model.tournament import RoundEntry
    t.players[10].rating = 0
    for p in t.players.values():
        for i, e in enumerate(p.results):
            if e.opponent == 10 or p.id == 10:
                win = "0" if p.id == 10 else "1"
                p.results[i] = RoundEntry(e.opponent, e.colour, win)
    ns = _norms(t)
    assert ns[1].games == 8 and ns[2].games == 8  # No. 10 himself keeps his 9
    assert ns[1].checks[0].requirements["games"] == (False, 8, 9)


def test_k_of_an_imported_fide_rating_list(tmp_path):
    # B.02 8.3.3: the K published on the rating list (XML <k>, TXT SK) is
    # stored with the player and used before the rules a file can apply
    from swisschess.store.events import StoreError
    from swisschess.store.importers import read_fide_xml
    from swisschess.store.service import TournamentService
    rows = read_fide_xml((Path(__file__).parent.parent / "samples" / "import" /
                          "fide-list.xml").read_text())
    assert [r.get("k_factor") for r in rows] == ["20", "20", "40"]
    svc = TournamentService(str(tmp_path / "k.db"))
    try:
        tid = svc.create_tournament("K", 1, end_date="2026/01/01")
        svc.add_players(tid, rows)
        t = svc.state(tid).t
        assert [p.k_factor for p in t.sorted_players()] == [20, 20, 40]
        svc.pair_next_round(tid)
        svc.enter_result(tid, 1, 1, "1/2")
        t = svc.state(tid).t
        rated = [c for c in rating_changes(t) if c.status is Status.RATED]
        assert rated and all(c.k_source == "player" for c in rated)
        with pytest.raises(StoreError, match="K '0' is not a whole number"):
            svc.add_player(tid, "Bad, K", 1500, k_factor="0")
    finally:
        svc.close()
