"""Baku acceleration (C.04.5.1): the method, its selection, and exact pairings.

The sample files in ``tests/data/baku`` were re-paired by bbpPairings with no
discrepancy (see their README): they are the expected pairings here.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from enginehelp import trf_line

from swisschess.checking.checker import differing_rounds
from swisschess.checking.generator import generate
from swisschess.cli.main import main
from swisschess.formats.trf import load_trf, parse_trf, write_trf
from swisschess.model.tournament import ByeRequest, Player, PointSystem, Tournament
from swisschess.pairing import registry
from swisschess.pairing.api import pair_round
from swisschess.pairing.result import InputError
from swisschess.rules.baku import (
    accelerate,
    accelerated_rounds,
    baku_points,
    group_a_size,
    last_ga_player,
)
from swisschess.standings import standings

DATA = Path(__file__).parent / "data" / "baku"
SAMPLES = sorted(DATA.glob("*.trf"))
ONE, HALF = Fraction(1), Fraction(1, 2)


def _field(n: int, rounds: int) -> Tournament:
    t = Tournament(rounds=rounds)
    for i in range(1, n + 1):
        t.players[i] = Player(id=i, name=f"P{i:03d}", rating=2600 - 5 * i)
    return t


def _without_xxa(path: Path, code: str = "FIDE_DUTCH_BAKU") -> Tournament:
    text = path.read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if not ln.startswith("XXA")]
    lines = [f"192 {code}" if ln.startswith("192") else ln for ln in lines]
    r = parse_trf("\n".join(lines) + "\n", str(path))
    assert r.errors == []
    return r.tournament


# ------------------------------------------------------------------ the method
@pytest.mark.parametrize("rounds, expected", [
    (1, (1, 1)), (2, (1, 1)), (3, (1, 2)), (4, (1, 2)), (5, (2, 3)), (6, (2, 3)),
    (7, (2, 4)), (8, (2, 4)), (9, (3, 5)), (10, (3, 5)), (11, (3, 6)), (13, (4, 7)),
])
def test_accelerated_rounds(rounds, expected):
    # C.04.5.1: accelerated = first half rounded up; full points in the first
    # half (rounded up) of those.  The text's example: 9 rounds -> 3 + 2.
    assert accelerated_rounds(rounds) == expected


@pytest.mark.parametrize("n, ga", [(161, 82), (160, 80), (159, 80), (158, 80), (157, 80),
                                   (4, 2), (5, 4), (2, 2), (1, 2)])
def test_group_a_is_first_half_rounded_up_to_even(n, ga):
    assert group_a_size(n) == ga


def test_virtual_points_by_round_and_group():
    t = _field(30, 9)
    pts = baku_points(t)
    assert sorted(pts) == list(range(1, 17))  # 2 * ceil(30 / 4) = 16
    assert pts[1] == [ONE, ONE, ONE, HALF, HALF]
    accelerate(t)
    assert [t.acceleration(16, r) for r in range(1, 10)] == [1, 1, 1, HALF, HALF, 0, 0, 0, 0]
    assert all(t.acceleration(17, r) == 0 for r in range(1, 10))


def test_virtual_points_are_the_points_of_a_win():
    # C.04.7 (2026): the virtual points are the points for a win, then half.
    t = _field(8, 5)
    t.points = PointSystem(win=Fraction(2), draw=Fraction(1), loss=Fraction(0))
    assert baku_points(t)[1] == [2, 2, 1]


def test_round_one_absentees_are_not_in_the_list_but_keep_their_number():
    # 13 players, #3 announced absent in round 1: 12 in the list, GA = 6.
    t = _field(13, 7)
    t.bye_requests.append(ByeRequest("H", 1, (3,)))
    # 12 paired players -> GA = 2 * 3 = 6: the 6th paired player is #7
    assert last_ga_player(t) == 7
    assert sorted(baku_points(t)) == [1, 2, 3, 4, 5, 6, 7]  # #3 is GA by number


def test_late_entry_keeps_the_last_ga_player():
    # 8 players paired in round 1 (GA = 4: #1-#4); a late entry rated between
    # #2 and #3 is inserted as #3 (C.04.2 late entries), the others move down.
    # "The last GA player shall be the same": the old #4, now #5, so GA has
    # five players (Note 2: GA may become odd).
    lines = ["012 Late entry", "142 5", "192 FIDE_DUTCH_BAKU"]
    r1 = {1: "   6 w 1", 2: "   7 b 0", 4: "   8 w =", 5: "   9 b =",
          6: "   1 b 0", 7: "   2 w 1", 8: "   4 b =", 9: "   5 w ="}
    pts = {1: "1.0", 2: "0.0", 4: "0.5", 5: "0.5", 6: "0.0", 7: "1.0", 8: "0.5", 9: "0.5"}
    for pid in range(1, 10):
        if pid == 3:
            lines.append(trf_line(3, 2590, "0.0", "0000 - Z"))
        else:
            lines.append(trf_line(pid, 2600 - 10 * pid, pts[pid], r1[pid]))
    t = parse_trf("\n".join(lines) + "\n").tournament
    assert last_ga_player(t) == 5
    assert sorted(baku_points(t)) == [1, 2, 3, 4, 5]


def test_premise_and_rounds_are_checked():
    t = _field(10, None)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="number of rounds"):
        baku_points(t)
    t = _field(10, 7)
    t.points = PointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))
    with pytest.raises(InputError, match="premise"):
        baku_points(t)


def test_acceleration_in_the_file_wins():
    t = load_trf(str(SAMPLES[0]))
    given = {pid: list(v) for pid, v in t.xxa.items()}
    t.xxa[1] = [Fraction(3)]
    assert accelerate(t) is False and t.xxa[1] == [3]
    assert given  # the sample carries XXA


# ------------------------------------------------------------ selection (192)
@pytest.mark.parametrize("code, baku", [
    ("FIDE_DUTCH_BAKU", True), ("FIDE_DUTCH_2026_BAKU", True), ("FIDE_DUTCH_2017_BAKU", True),
    ("FIDE_DUTCH", False), ("FIDE_DUTCH_2017", False), ("", False), ("BAKUDUTCH", False),
])
def test_baku_from_code(code, baku):
    assert registry.baku_from_code(code) is baku


def test_accelerated_codes_select_the_edition():
    for e in registry.EDITIONS:
        code = registry.accelerated_trf_code(*e.key)
        assert code.endswith("_BAKU")
        assert registry.system_from_code(code) == e.key


# ------------------------------------------------------- exact pairings (bbp)
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_samples_pair_as_bbppairings_with_the_files_xxa(path):
    t = load_trf(str(path))
    assert t.xxa
    assert differing_rounds(t) == []


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_samples_computed_from_the_192_code(path):
    given = load_trf(str(path))
    t = _without_xxa(path)
    assert t.xxa == {}
    assert accelerate(t)
    assert t.xxa == given.xxa
    assert differing_rounds(t) == []


def test_acceleration_changes_the_pairing():
    path = SAMPLES[0]
    accel = _without_xxa(path)
    accelerate(accel)
    plain = _without_xxa(path, "FIDE_DUTCH")
    # round 1 unaccelerated: 1 - N/2+1; accelerated: GA and GB paired apart
    from swisschess.checking.checker import position_before

    a = pair_round(position_before(accel, 1))
    p = pair_round(position_before(plain, 1))
    assert a.boards != p.boards
    ga = set(accel.xxa)
    # 14 GA players paired in round 1 (one GA number absent): GA meets GA
    for w, b in a.boards:
        assert (w in ga) == (b in ga)


def test_standings_ignore_virtual_points():
    path = SAMPLES[0]
    with_xxa = load_trf(str(path))
    plain = _without_xxa(path, "FIDE_DUTCH")
    a, b = standings(with_xxa), standings(plain)
    assert [(r.rank, r.player.id, r.points, r.values) for r in a.rows] == \
           [(r.rank, r.player.id, r.points, r.values) for r in b.rows]


# --------------------------------------------------------------- command line
def test_engine_generates_and_checks_accelerated_tournaments(tmp_path, capsys):
    out = tmp_path / "g.trf"
    cfg = tmp_path / "c.txt"
    cfg.write_text("PlayersNumber=22\nRoundsNumber=5\n")
    assert main(["engine", "--dutch", "--baku", "-g", str(cfg), "-o", str(out), "-s", "3"]) == 0
    text = out.read_text()
    assert "192 FIDE_DUTCH_BAKU" in text
    assert sum(1 for ln in text.splitlines() if ln.startswith("XXA")) == 12
    assert main(["engine", "--dutch", str(out), "-c"]) == 0
    # the same file without XXA: the 192 code makes us compute the same points
    plain = tmp_path / "p.trf"
    plain.write_text("".join(ln for ln in text.splitlines(keepends=True)
                             if not ln.startswith("XXA")))
    assert main(["engine", str(plain), "-c"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("edition", ["2017", "1992"])
def test_every_dutch_edition_is_accelerated(edition):
    t = generate({"PlayersNumber": 20, "RoundsNumber": 5}, 5, edition=edition, baku=True)
    assert t.system == registry.accelerated_trf_code("dutch", edition)
    assert max(t.xxa) == last_ga_player(t)
    assert differing_rounds(t, "dutch", edition) == []
    again = parse_trf(write_trf(t)).tournament
    assert again.xxa == t.xxa and registry.baku_from_code(again.system)


def test_engine_baku_bad_point_system_is_a_located_error(tmp_path, capsys):
    f = tmp_path / "bad.trf"
    lines = ["012 Bad", "142 5", "162  W 3.0    D 1.0    L 0.0",
             trf_line(1, 2400, "0.0"), trf_line(2, 2300, "0.0")]
    f.write_text("\n".join(lines) + "\n")
    assert main(["engine", "--baku", str(f), "-p"]) == 3
    err = capsys.readouterr().err
    assert "bad.trf" in err and "premise" in err


# --------------------------------------------------------------- the manager
def test_manager_baku_setting_pairs_accelerated_and_exports_xxa(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'm.db'}"
    assert main(["new", "Open", "-r", "5", "--baku", "--db", db]) == 0
    for i in range(1, 11):
        assert main(["add-player", f"P{i}, X", "--rating", str(2500 - 20 * i), "--db", db]) == 0
    assert main(["next-round", "--db", db]) == 0
    out = tmp_path / "m.trf"
    assert main(["export", "-o", str(out), "--db", db]) == 0
    capsys.readouterr()
    t = load_trf(str(out))
    assert t.system == "FIDE_DUTCH_BAKU"
    assert sorted(t.xxa) == [1, 2, 3, 4, 5, 6]  # 2 * ceil(10 / 4)
    # round 1: GA (1-6) and GB (7-10) paired apart, as the engine does
    ga = set(t.xxa)
    for pid in ga:
        assert t.players[pid].entry(1).opponent in ga
    assert differing_rounds(t) == []


def test_explain_uses_the_virtual_points(tmp_path, capsys):
    f = tmp_path / "s.trf"
    f.write_text("".join(ln for ln in SAMPLES[0].read_text().splitlines(keepends=True)
                         if not ln.startswith("XXA")))
    assert main(["explain", str(f), "-r", "1"]) == 0
    out = capsys.readouterr().out
    assert "Bracket 1: 1.0 points, 14 players" in out  # GA, not the whole field at 0


def test_pair_command_accelerates_round_one(tmp_path, capsys):
    lines = ["012 Open", "142 7", "192 FIDE_DUTCH"] + [trf_line(i, 2600 - 10 * i, "0.0")
                                                     for i in range(1, 13)]
    f = tmp_path / "open.trf"
    f.write_text("\n".join(lines) + "\n")
    out = tmp_path / "r1.trf"
    assert main(["pair", str(f), "--baku", "-o", str(out)]) == 0
    capsys.readouterr()
    t = load_trf(str(out))
    # 12 players: GA = 1-6 (2 * ceil(12 / 4)), paired 1-4 2-5 3-6 among themselves
    assert {frozenset((p, t.players[p].entry(1).opponent)) for p in range(1, 7)} == \
        {frozenset(x) for x in ((1, 4), (2, 5), (3, 6))}
    assert sorted(t.xxa) == [1, 2, 3, 4, 5, 6]  # written with the round, for other engines
