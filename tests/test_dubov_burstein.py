"""Dubov (C.04.4.1) and Burstein (C.04.4.2), the 2026 texts.

Rule-level facts (ARO, MaxT, the shifters' order, round 1, the PAB), the
absolute criteria on generated tournaments, the samples in
``tests/data/dubov-burstein`` (our expected pairings; which peer agreed is in
its README), and the command line.  No peer is needed.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from swisschess.checking import check_rounds, generate, position_before
from swisschess.formats.trf import read_trf
from swisschess.model.tournament import ByeRequest, Colour, Player, RoundEntry, Tournament
from swisschess.pairing.api import pair_round
from swisschess.pairing.result import Pairing
from swisschess.rules.burstein import opposition_index, seeding_rounds
from swisschess.rules.dubov import absolute_violations, aro, max_upfloats, middle_out

DATA = Path(__file__).parent / "data" / "dubov-burstein"
SAMPLES = sorted(p.stem for p in DATA.glob("*.trf"))


def _tournament(n: int, rounds: int = 5) -> Tournament:
    t = Tournament(rounds=rounds, initial_colour=Colour.WHITE)
    for i in range(1, n + 1):
        t.players[i] = Player(id=i, name=f"P{i}", rating=2500 - 10 * i)
    return t


def _game(t: Tournament, w: int, b: int, res: str) -> None:
    mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    t.players[w].results.append(RoundEntry.game(b, Colour.WHITE, res))
    t.players[b].results.append(RoundEntry.game(w, Colour.BLACK, mirror[res]))


# ------------------------------------------------------------ definitions
def test_aro_rounds_half_up_and_uses_played_games_only():
    t = _tournament(4)
    t.players[3].rating, t.players[4].rating = 2001, 2000
    _game(t, 1, 3, "1")
    _game(t, 4, 1, "=")
    _game(t, 2, 4, "+")  # a forfeit: not an opponent met over the board (1.7.1)
    t.players[3].results.append(RoundEntry.bye("U"))
    assert aro(t, 1, 2) == 2001  # (2001 + 2000) / 2 = 2000.5 -> 2001
    assert aro(t, 2, 1) == 0  # 1.7.3: no game yet


@pytest.mark.parametrize("rounds,maxt", [(5, 3), (9, 3), (10, 4), (15, 5)])
def test_maximum_upfloater_threshold(rounds, maxt):
    assert max_upfloats(rounds) == maxt  # 1.8.2 MaxT = 2 + floor(Rnds/5)


def test_shifters_are_numbered_from_the_middle():
    # 4.3.3: the (remaining) middle first; of two in the middle, the higher one
    assert middle_out([10, 20, 30, 40]) == [20, 30, 10, 40]
    assert middle_out([1, 2, 3, 4, 5]) == [3, 2, 4, 1, 5]


def test_dubov_round_one():
    # 3.2.3 G1 = first half by TPN; S1 by ARO (all 0) then TPN; T2 = G2 by TPN;
    # 5.2.1 the higher-ranked player gets the initial colour if his TPN is odd
    p = pair_round(_tournament(8), "dubov")
    assert sorted(p.boards) == [(1, 5), (3, 7), (6, 2), (8, 4)]
    assert p.bye is None


def test_dubov_round_one_numbers_only_players_taking_part():
    # 5.2.1 "odd TPN": player 2 asked for a bye in round 1, so 3 is TPN 2
    # (numbered as the Dutch engine and the endorsed engines do)
    t = _tournament(5)
    t.bye_requests.append(ByeRequest("H", 1, (2,)))
    p = pair_round(t, "dubov")
    assert sorted(p.boards) == [(1, 4), (5, 3)]
    assert p.unpaired == [(2, "H")]


def test_dubov_pab_goes_to_most_games_played():
    # 3.1.3 lowest score, 3.1.4 most games played, 3.1.5 largest TPN
    t = _tournament(5, rounds=3)
    _game(t, 1, 2, "1")
    _game(t, 3, 4, "1")
    t.players[5].results.append(RoundEntry.bye("U"))
    p = pair_round(t, "dubov")
    # 2 and 4 lost (0 points, one game), 5 had the PAB ([C2]): the larger TPN, 4
    assert p.bye == 4
    t = _tournament(5, rounds=3)
    _game(t, 1, 2, "1")
    t.players[3].results.append(RoundEntry.bye("U"))
    _game(t, 4, 5, "-")  # a forfeit loss: 4 has 0 points and no game played
    p = pair_round(t, "dubov")
    assert p.bye == 2  # 0 points like 4, but one game played (3.1.4)


def test_burstein_index_counts_unplayed_rounds_against_oneself():
    t = _tournament(4, rounds=8)
    _game(t, 1, 2, "1")
    _game(t, 3, 4, "=")
    t.players[1].results.append(RoundEntry.bye("H"))  # 1.7.2: against oneself
    _game(t, 2, 3, "1")
    t.players[4].results.append(RoundEntry.bye("Z"))  # a series up to now:
    idx = opposition_index(t, 2)                      # a draw for 3's Index
    assert idx[1] == (Fraction(1) + Fraction(3, 2), Fraction(1) + Fraction(3, 4))
    # 3 met 4 (0.5 points + the zero-point bye counted as a draw = 1) and 2 (1)
    assert idx[3][0] == Fraction(1) + Fraction(1)
    assert seeding_rounds(8) == 4 and seeding_rounds(5) == 2 and seeding_rounds(11) == 4


def test_burstein_seeding_rounds_are_dutch():
    t = generate({"PlayersNumber": 15, "RoundsNumber": 6}, 3, system="burstein", edition="2026")
    for rnd in (1, 2, 3):  # 1.6.2: min(6 // 2, 4) = 3 seeding rounds
        before = position_before(t, rnd)
        assert pair_round(before, "burstein").boards == pair_round(before, "dutch", "2026").boards


# ------------------------------------------- absolute criteria, generated
@pytest.mark.parametrize("system", ["dubov", "burstein"])
def test_generated_tournaments_respect_the_absolute_criteria(system):
    rounds = 0
    for seed in range(1, 21):
        t = generate({"PlayersNumber": 8 + seed % 23}, seed, system=system, edition="2026")
        for rc in check_rounds(t, system, "2026"):  # re-pairs every round
            assert rc.discrepancy is None, (seed, rc.round)  # the same pairing again
            boards = [b for b in rc.checker if b[1] != 0]
            bye = next((b[0] for b in rc.checker if b[1] == 0), None)
            p = Pairing(round=rc.round, boards=boards, bye=bye)
            assert absolute_violations(rc.before, p) == [], (seed, rc.round)
            rounds += 1
    assert rounds > 100


# ------------------------------------------------------------- samples
@pytest.mark.parametrize("name", SAMPLES)
def test_sample_pairings(name):
    res = read_trf(DATA / f"{name}.trf")
    assert not res.errors
    system = "dubov" if name.startswith("dubov") else "burstein"
    p = pair_round(res.tournament, system)
    expected = (DATA / f"{name}.pairs").read_text().split("\n")
    assert p.engine_lines() == [ln for ln in expected if ln]
    assert absolute_violations(res.tournament, p) == []


def test_samples_exist():
    assert len(SAMPLES) >= 10


# ------------------------------------------------------------ command line
def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swisschess", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("flag", ["--dubov", "--burstein"])
def test_engine_generate_then_check(tmp_path, flag):
    cfg = tmp_path / "cfg.txt"
    cfg.write_text("PlayersNumber=21\nRoundsNumber=7\n")
    out = tmp_path / "t.trf"
    r = _cli("engine", flag, "-g", str(cfg), "-o", str(out), "-s", "11", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert ("FIDE_DUBOV" if flag == "--dubov" else "FIDE_BURSTEIN") in out.read_text()
    r = _cli("engine", flag, str(out), "-c", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    other = "--burstein" if flag == "--dubov" else "--dubov"
    assert _cli("engine", other, str(out), "-c", cwd=tmp_path).returncode == 6
    r = _cli("pair", str(out), cwd=tmp_path)  # all 7 rounds paired: nothing to pair
    assert r.returncode == 3 and "there is no round 8 to pair" in r.stderr, r.stderr
    longer = tmp_path / "t8.trf"
    longer.write_text(out.read_text().replace("\n142 7\n", "\n142 8\n")
                      .replace("\nXXR 7\n", "\nXXR 8\n"))
    r = _cli("pair", str(longer), cwd=tmp_path)  # the system from record 192
    assert r.returncode == 0, r.stderr
    r = _cli("explain", str(out), "--round", "5", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Bracket" in r.stdout and "Boards" in r.stdout


def test_bad_input_gets_a_located_error(tmp_path):
    bad = tmp_path / "bad.trf"
    text = (DATA / "dubov-all-agree.trf").read_text().split("\n")
    i = next(k for k, ln in enumerate(text) if ln.startswith("001"))
    text[i] = text[i][:90] + "  X  w 1" + text[i][98:]
    bad.write_text("\n".join(text))
    r = _cli("engine", "--dubov", str(bad), "-p", cwd=tmp_path)
    assert r.returncode == 3
    assert "bad.trf:3:" in r.stderr and "Traceback" not in r.stderr
    r = _cli("explain", "--system", "burstein", str(DATA / "burstein-after-seeding.trf"),
             "--round", "9", cwd=tmp_path)
    assert r.returncode == 3 and "round 9" in r.stderr


@pytest.mark.parametrize("system", ["dubov", "burstein"])
def test_web_api_pairs_with_the_tournament_system(tmp_path, system):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from swisschess.store.service import TournamentService
    from swisschess.web.app import create_app

    svc = TournamentService(f"sqlite:///{tmp_path / 'w.db'}", actor="web")
    auth = {"Authorization": "Bearer t0ken"}
    try:
        with TestClient(create_app(token="t0ken", service=svc), base_url="http://127.0.0.1") as c:
            r = c.post("/api/tournaments", headers=auth,
                       json={"name": "Open", "rounds": 5, "system": system, "edition": "2026"})
            assert r.status_code == 201, r.text
            tid = r.json()["id"]
            r = c.post(f"/api/tournaments/{tid}/players/bulk", headers=auth,
                       json=[{"name": f"Player {i}", "rating": 2400 - 10 * i} for i in range(1, 8)])
            assert r.status_code == 201
            r = c.post(f"/api/tournaments/{tid}/rounds", headers=auth)
            assert r.status_code == 201, r.text
            assert c.get(f"/api/tournaments/{tid}").json()["system"] == system
    finally:
        svc.close()


def test_web_form_offers_dubov_and_burstein(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient
    from storehelp import login

    from swisschess.store.service import TournamentService
    from swisschess.web.app import create_app

    svc = TournamentService(f"sqlite:///{tmp_path / 'f.db'}", actor="web")
    try:
        with TestClient(create_app(token="t0ken", service=svc), base_url="http://127.0.0.1") as c:
            login(c, "t0ken")
            home = c.get("/arbiter").text
            assert 'value="dubov:2026"' in home and 'value="burstein:2026"' in home
            r = c.post("/arbiter/new", data={"name": "D", "rounds": "5", "edition": "dubov:2026"},
                       follow_redirects=False)
            assert r.status_code == 303
            items = c.get("/api/tournaments", headers={"Authorization": "Bearer t0ken"}).json()
            assert {it["name"]: it["system"] for it in items}["D"] == "dubov"
    finally:
        svc.close()
