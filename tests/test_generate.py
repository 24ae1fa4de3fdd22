"""Random tournament generator (engine ``-g``) and the batch verifier (``verify``)."""

from __future__ import annotations

import sys
from collections import Counter
from fractions import Fraction

import pytest
from checkhelp import naive_pairer

from swisschess.checking import (
    ConfigError,
    GeneratorConfig,
    generate,
    make_config,
    parse_config,
    point_system,
)
from swisschess.checking.generator import draw_result, expected_score
from swisschess.cli import verify
from swisschess.cli.check import read_report
from swisschess.cli.generate import add_xxr, parse_seed
from swisschess.cli.main import main
from swisschess.formats.checks import check_file
from swisschess.formats.diagnostics import ERROR
from swisschess.pairing import api


@pytest.fixture
def naive(monkeypatch):
    monkeypatch.setattr(api, "pair_round", naive_pairer)
    return naive_pairer


def gen(settings, seed=1):
    return generate(settings, seed, pairer=naive_pairer)


# ------------------------------------------------------------ configuration
def test_parse_config_keys_and_comments():
    s = parse_config("# comment\r\nPlayersNumber=20\nRoundsNumber = 7\n\nDrawPercentage=35\n"
                     "ForfeitRate=12\nRetiredRate=0\nHalfPointByteRate=9\n"
                     "PointsForWin=3\nPointsForDraw=1.0\n")
    assert s["PlayersNumber"] == 20 and s["RoundsNumber"] == 7 and s["DrawPercentage"] == 35
    assert s["ForfeitRate"] == 12.0 and s["RetiredRate"] == 0.0
    assert s["HalfPointByteRate"] == 9.0
    assert s["PointsForWin"] == 3 and s["PointsForDraw"] == 1


@pytest.mark.parametrize("text", ["Players=3", "PlayersNumber=x", "PointsForWin=-1",
                                  "ForfeitRate=nan", "just a line"])
def test_parse_config_errors(text):
    with pytest.raises(ConfigError):
        parse_config(text)


def test_point_system_defaults_follow_the_reference_generators():
    ps = point_system({"PointsForWin": Fraction(3), "PointsForDraw": Fraction(1)})
    assert (ps.win, ps.draw, ps.loss) == (3, 1, 0)
    assert ps.pab == ps.forfeit_win == ps.full_bye == 3 and ps.half_bye == 1
    ps = point_system({"PointsForForfeitLoss": Fraction(1, 2), "PointsForPAB": Fraction(1, 2)})
    assert ps.zero_bye == ps.forfeit_loss == Fraction(1, 2) and ps.pab == Fraction(1, 2)
    ps = point_system({"PointsForForfeitLoss": Fraction(1, 2), "PointsForZPB": Fraction(0)})
    assert ps.zero_bye == 0


def test_random_parameters_in_the_usual_ranges():
    import random

    for seed in range(40):
        c = make_config(None, random.Random(seed))
        assert 15 <= c.players <= 215
        assert 1 <= c.rounds <= 15 and c.rounds <= c.players // 2
        assert 10 <= c.draw_percentage <= 50
        assert 6 <= c.forfeit_rate <= 30
        assert 1400 <= c.lowest_rating <= c.highest_rating <= 2800


def test_bad_configuration_is_refused():
    with pytest.raises(ConfigError):
        make_config({"HighestRating": 1500, "LowestRating": 2000}, __import__("random").Random(1))
    with pytest.raises(ConfigError):
        GeneratorConfig(players=0).check()


# --------------------------------------------------------------- generation
def test_same_seed_same_tournament_other_seed_other():
    cfg = {"PlayersNumber": 17, "RoundsNumber": 5}
    assert gen(cfg, 7) == gen(cfg, 7)
    assert gen(cfg, 7) != gen(cfg, 8)
    assert gen(None, 3) == gen(None, 3)


def test_config_keys_are_honoured():
    t = gen({"PlayersNumber": 24, "RoundsNumber": 6, "HighestRating": 2300,
             "LowestRating": 2100, "ForfeitRate": 0, "RetiredRate": 0, "HalfPointByeRate": 0,
             "PointsForWin": 3, "PointsForDraw": 1, "PointsForPAB": 1}, 5)
    assert len(t.players) == 24 and t.rounds == 6 and t.rounds_recorded() == 6
    assert all(2100 <= p.rating <= 2300 for p in t.players.values())
    ratings = [p.rating for p in t.sorted_players()]
    assert ratings == sorted(ratings, reverse=True)
    assert (t.points.win, t.points.draw, t.points.pab) == (3, 1, 1)
    codes = Counter(e.code for p in t.players.values() for e in p.results)
    assert not set(codes) & set("+-HZ")
    assert not [d for d in check_file(t) if d.severity == ERROR or "points" in d.message]
    assert all(p.stated_points == t.score(p.id) for p in t.players.values())


def test_rates_are_honoured():
    # HalfPointByeRate / RetiredRate: one player in N gets at least one such bye
    # (bbpPairings' generator, src/tournament/generator.cpp)
    everyone = gen({"PlayersNumber": 20, "RoundsNumber": 5, "HalfPointByeRate": 1,
                    "RetiredRate": 0, "ForfeitRate": 0}, 2)
    for p in everyone.players.values():
        assert [e.code for e in p.results].count("H") >= 1
        assert p.results[-1].code != "H"  # never in the last round
    retire = gen({"PlayersNumber": 20, "RoundsNumber": 5, "RetiredRate": 2,
                  "HalfPointByeRate": 0, "ForfeitRate": 0}, 2)
    zeros = {p.id: [e.code for e in p.results].count("Z") for p in retire.players.values()}
    assert sum(1 for z in zeros.values() if z) == 10
    assert max(zeros.values()) <= 5 - 2  # at most rounds - 2 per player
    forfeits = gen({"PlayersNumber": 12, "RoundsNumber": 4, "ForfeitRate": 1,
                    "RetiredRate": 0, "HalfPointByeRate": 0}, 2)
    assert all(e.code in "+-" for p in forfeits.players.values() for e in p.results)


def test_retired_rate_gives_scattered_zero_point_byes():
    """As the reference generator: single zero-point byes anywhere in the event
    (a player comes back after one), not withdrawals to the end."""
    import random

    from swisschess.checking.generator import GeneratorConfig, _absences

    cfg = GeneratorConfig(40, 7, 30, 0, 4, 0, 2600, 1600)
    by_round = Counter()
    back = single = players = 0
    for seed in range(200):
        absent = _absences(cfg, random.Random(seed))
        rounds_of: dict[int, list[int]] = {}
        for rnd, who in absent.items():
            for pid, code in who.items():
                assert code == "Z"
                by_round[rnd] += 1
                rounds_of.setdefault(pid, []).append(rnd)
        assert len(rounds_of) == 10  # one player in 4
        for rs in rounds_of.values():
            players += 1
            single += len(rs) == 1
            back += min(rs) < 7 and any(r not in rs for r in range(min(rs) + 1, 8))
    # every round about as likely (uniform: 1/7 each)
    assert all(abs(by_round[r] / sum(by_round.values()) - 1 / 7) < 0.02 for r in range(1, 8))
    assert single / players > 0.7 and back / players > 0.7
    # the generated tournament has them: players absent in a round play later
    t = gen({"PlayersNumber": 30, "RoundsNumber": 7, "RetiredRate": 3,
             "HalfPointByeRate": 0, "ForfeitRate": 0}, 5)
    assert any("Zp" in "".join("Z" if e.code == "Z" else "p" for e in p.results)
               for p in t.players.values())


def test_results_follow_ratings_and_draw_percentage():
    import random

    rng = random.Random(1)
    strong = Counter(draw_result(rng, 2600, 2200, 20, 0) for _ in range(4000))
    assert strong["1-0"] > 5 * strong["0-1"]
    even = Counter(draw_result(rng, 2400, 2400, 40, 0) for _ in range(4000))
    assert 0.35 < even["1/2"] / 4000 < 0.45
    assert draw_result(rng, 2000, 2000, 100, 0) == "1/2"
    assert abs(expected_score(0) - 0.5) < 1e-9 and expected_score(400) > 0.9
    t = gen({"PlayersNumber": 20, "RoundsNumber": 5, "DrawPercentage": 0, "ForfeitRate": 0}, 4)
    assert not any(e.code == "=" for p in t.players.values() for e in p.results)


# ---------------------------------------------------------------- command
def test_seed_parsing():
    assert parse_seed("42") == 42
    assert parse_seed("abc") == parse_seed("abc") != parse_seed("abd")
    assert parse_seed(None) > 0


def test_add_xxr():
    assert add_xxr("012 x\r\n142 5\r\n001 ...\r\n", 5) == "012 x\r\n142 5\r\nXXR 5\r\n001 ...\r\n"
    assert add_xxr("XXR 3\n", 5) == "XXR 3\n"


def test_cli_generate_same_seed_same_file(tmp_path, capsys, naive):
    cfg = tmp_path / "cfg.txt"
    cfg.write_text("PlayersNumber=15\nRoundsNumber=5\nPointsForWin=3\nPointsForDraw=1\n")
    a, b, c = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"
    assert main(["engine", "--dutch", "-g", str(cfg), "-o", str(a), "-s", "9"]) == 0
    assert main(["engine", "--dutch", "-g", str(cfg), "-o", str(b), "-s", "9"]) == 0
    assert main(["engine", "--dutch", "-g", str(cfg), "-o", str(c), "-s", "10"]) == 0
    assert a.read_bytes() == b.read_bytes() != c.read_bytes()
    lines = a.read_bytes().decode().split("\r\n")
    assert "142 5" in lines and "XXR 5" in lines and "192 FIDE_DUTCH" in lines
    assert "162  W 3.0    D 1.0" in lines  # symbols at columns 6 and 15
    assert sum(ln.startswith("001") for ln in lines) == 15
    # the file is checked clean by our checker
    assert main(["engine", "--dutch", str(a), "-c"]) == 0
    capsys.readouterr()


def test_cli_generate_without_config(tmp_path, naive):
    out = tmp_path / "r.trf"
    assert main(["engine", "--dutch", "-g", "-o", str(out), "-s", "4"]) == 0
    assert "seed 4" in out.read_text()


def test_cli_generate_errors(tmp_path, capsys, naive):
    bad = tmp_path / "bad.txt"
    bad.write_text("NoSuchKey=1\n")
    assert main(["engine", "--dutch", "-g", str(bad), "-o", str(tmp_path / "x.trf")]) == 3
    assert main(["engine", "--dutch", "-g", str(tmp_path / "missing.txt"),
                 "-o", str(tmp_path / "x.trf")]) == 5
    assert main(["engine", "--dutch", "-g"]) == 3  # no -o
    huge = tmp_path / "huge.txt"
    huge.write_text("PlayersNumber=10000\n")  # pairing numbers are 4 TRF columns
    assert main(["engine", "--dutch", "-g", str(huge), "-o", str(tmp_path / "x.trf")]) == 4
    assert "at most 9999" in capsys.readouterr().err


# ----------------------------------------------------------------- verify
BBP_LIKE = "\n".join([
    "seed-3: Round #1",
    "seed-3: Round #2",
    "  Checker pairings        Tournament pairings ",  # bbpPairings' trailing space
    "      3 -   7                  7 -   3",
    "",
    "seed-3: Round #3",
    "No valid pairing exists for round 3.",
    "",
    "seed-3: Round #4",
    "",
])


def test_parse_reference_report():
    assert read_report(BBP_LIKE)[1] == [2, 3]
    assert read_report("x: Round #1\nx: Round #2\n\n")[1] == []


def test_progress_bar_plain_text():
    import io

    s = io.StringIO()
    p = verify.Progress(40, stream=s)
    for _ in range(40):
        p.update(0, 0, 0)
    p.close()
    lines = s.getvalue().splitlines()
    assert len(lines) == 20 and lines[-1].startswith("[" + "#" * 30 + "] 40/40")


def test_verify_runs_and_summarises(tmp_path, capsys, naive):
    rc = main(["verify", "--tournaments", "3", "--jobs", "1", "--players", "9-13",
               "--rounds", "4", "--seed", "5", "--quiet"])
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "verify: 3 tournaments, seeds 5-7" in out
    assert "our checker: tournaments with discrepancies 0" in out


def test_verify_with_reference_checker(tmp_path, capsys, naive):
    fake = tmp_path / "fake_checker.py"
    fake.write_text("import sys, pathlib\n"
                    "name = pathlib.Path(sys.argv[1]).stem\n"
                    "assert sys.argv[2] == '-c'\n"
                    "print(name + ': Round #1')\n"
                    "if name.endswith('6'):\n"
                    "    print('  Checker pairings        Tournament pairings ')\n"
                    "    print('      1 -   2                  2 -   1')\n"
                    "    print()\n"
                    "print()\n")
    keep = tmp_path / "kept"
    rc = main(["verify", "-n", "2", "-j", "1", "--players", "8-10", "--rounds", "3",
               "--seed", "5", "--quiet", "--keep", str(keep),
               "--reference-checker", f"{sys.executable} {fake}"])
    out = capsys.readouterr().out
    assert rc == 6, out
    assert "reference checker: tournaments with discrepancies 1 (1 rounds), errors 0" in out
    assert "seed 6" in out and "reference: rounds 1 differ" in out
    assert (keep / "seed-6.trf").exists() and not (keep / "seed-5.trf").exists()


def test_verify_bad_arguments(capsys):
    assert main(["verify", "--players", "10-5"]) == 3
    assert main(["verify", "--players", "x"]) == 3
    capsys.readouterr()


def test_verify_with_reference_generator(tmp_path, capsys, naive):
    """Tournaments made by an external generator (here: ours, in a subprocess stand-in)."""
    from checkhelp import trf_text

    from swisschess.checking import generate as gen_fn

    made = tmp_path / "made.trf"
    made.write_text(trf_text(gen_fn({"PlayersNumber": 9, "RoundsNumber": 3}, 1,
                                    pairer=naive_pairer)))
    fake = tmp_path / "fake_generator.py"
    fake.write_text("import sys, shutil\n"
                    "args = sys.argv[1:]\n"
                    "cfg = open(args[args.index('-g') + 1]).read()\n"
                    "assert 'PlayersNumber=' in cfg and 'RoundsNumber=3' in cfg\n"
                    "if args[args.index('-s') + 1] == '8':\n"
                    "    sys.exit(1)\n"
                    f"shutil.copy({str(made)!r}, args[args.index('-o') + 1])\n")
    rc = main(["verify", "-n", "2", "-j", "1", "--players", "9", "--rounds", "3",
               "--seed", "7", "--quiet", "--reference-generator", f"{sys.executable} {fake}"])
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "made by" in out and "no pairing while generating  1" in out
    assert "our checker: tournaments with discrepancies 0" in out
    assert verify.config_text({"PlayersNumber": 9, "ForfeitRate": 12.0,
                               "PointsForWin": Fraction(3)}) == \
        "PlayersNumber=9\nForfeitRate=12\nPointsForWin=3\n"


def test_every_round_is_paired_even_when_most_players_leave():
    for seed in range(10):
        t = gen({"PlayersNumber": 4, "RoundsNumber": 3, "RetiredRate": 1,
                 "HalfPointByeRate": 1}, seed)
        assert t.rounds_recorded() == 3
        assert not [d for d in check_file(t) if d.severity == ERROR or "points" in d.message]
