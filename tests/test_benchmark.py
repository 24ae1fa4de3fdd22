"""benchmarks/bench_pairing.py: the generated histories are legal, the table runs end to end.

The benchmark's inputs must be tournaments every Dutch engine accepts, else a
timing compares engines on different work (or on an error path).  These tests
check the history generator's output with their own code against the absolute
rules ([C1] no rematch, [C3] colour difference within ±2 and never three same
colours running, [C2] one PAB at most), and run the script with our engine
only at a tiny size.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections import Counter
from pathlib import Path

import pytest
from enginehelp import ROOT

from swisschess.formats.trf import parse_trf, read_trf
from swisschess.formats.writer import write_trf
from swisschess.model.history import colour_difference, played_colours
from swisschess.model.tournament import Colour, RoundEntry

sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_pairing as bench  # noqa: E402


def _legal(t) -> None:
    """The absolute rules, checked here independently of the script's own checker."""
    rounds = t.rounds_recorded()
    for pid, p in t.players.items():
        assert len(p.results) == rounds
        opponents = [e.opponent for e in p.results if e.opponent is not None]
        assert len(opponents) == len(set(opponents)), f"{pid} meets someone twice"
        for r, e in enumerate(p.results, 1):
            if e.opponent is not None:
                back = t.players[e.opponent].results[r - 1]
                assert back.opponent == pid and back.colour is e.colour.opposite
                assert (e.code, back.code) in {("1", "0"), ("0", "1"), ("=", "=")}
        for r in range(1, rounds + 1):
            cols = played_colours(p, r)
            assert abs(colour_difference(cols)) <= 2, (pid, r, cols)
            assert not (len(cols) >= 3 and cols[-1] is cols[-2] is cols[-3]), (pid, r, cols)
        assert sum(e.is_pab for e in p.results) <= 1


def test_history_of_60_players_before_round_5_is_legal_and_realistic():
    t = bench.make_history(60, 4, seed=7)
    _legal(t)
    assert bench.history_problems(t) == []
    # score groups as in an open: many different scores, draws, a bye now and then
    assert len({t.score(p) for p in t.players}) >= 5
    codes = Counter(e.code for p in t.players.values() for e in p.results)
    assert codes["="] >= 10 and codes["1"] == codes["0"] >= 40
    # pairing numbers by rating, best first
    ratings = [t.players[i].rating for i in sorted(t.players)]
    assert ratings == sorted(ratings, reverse=True)
    # the written file reads back without a single diagnostic and is still legal
    read = parse_trf(write_trf(t, points="computed"))
    assert read.diagnostics == []
    _legal(read.tournament)
    assert read.tournament.rounds_recorded() == 4


def test_history_is_deterministic_and_shorter_histories_are_prefixes():
    a = bench.make_history(40, 5, seed=3)
    b = bench.make_history(40, 5, seed=3)
    assert write_trf(a, points="computed") == write_trf(b, points="computed")
    short = bench.make_history(40, 2, seed=3)
    assert write_trf(short, points="computed") == write_trf(bench.truncated(a, 2),
                                                             points="computed")
    assert write_trf(bench.make_history(40, 5, seed=4)) != write_trf(a)


def test_history_check_finds_a_rematch_and_a_colour_breach():
    t = bench.make_history(20, 3, seed=1)
    p1, p2 = t.players[1], t.players[2]
    # round 3 replaced by a rematch of round 1 of player 1, and a third colour in a row
    opp = p1.results[0].opponent
    p1.results[2] = RoundEntry(opp, p1.results[0].colour, "1")
    problems = bench.history_problems(t)
    assert any("meets an opponent twice" in x for x in problems)
    assert not any("player 2:" in x for x in problems)
    # player 2 White in every game, the opponents Black: mirrored, but three Whites
    for r, e in enumerate(p2.results):
        if e.played:
            p2.results[r] = RoundEntry(e.opponent, Colour.WHITE, e.code)
            o = t.players[e.opponent]
            o.results[r] = RoundEntry(2, Colour.BLACK, o.results[r].code)
    assert len(played_colours(p2)) == 3
    assert "player 2: same colour three times running by round 3" in bench.history_problems(t)


def test_parse_pairs_and_compare():
    pairs = bench.parse_pairs("3\n1 4\n3 2\n5 0\n")
    assert pairs == (frozenset({(1, 4), (3, 2)}), 5)
    with pytest.raises(ValueError):
        bench.parse_pairs("### Error 505\nno pairing\n")
    ours = bench.Run("ok", pairing=pairs)
    assert bench.compare(ours, bench.Run("ok", pairing=pairs)) == "same"
    swapped = (frozenset({(4, 1), (3, 2)}), 5)  # colours differ on one board
    assert bench.compare(ours, bench.Run("ok", pairing=swapped)) == "DIFF (1 of 3 boards)"
    assert bench.compare(ours, bench.Run("timeout")) == ""


def test_a_slow_engine_is_killed_at_the_timeout(tmp_path):
    slow = [sys.executable, "-c", "import time; time.sleep(30)"]
    r = bench.run_engine(slow, tmp_path / "in.trf", tmp_path / "out.txt", timeout=0.5)
    assert r.status == "timeout"
    assert 0.4 < r.seconds < 10


def _fake_peer(tmp_path: Path) -> Path:
    """A stand-in for bbpPairings: pairs 1-2, 3-4, ... of the file it is given."""
    script = tmp_path / "fakebbp"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        "n = sum(1 for ln in open(sys.argv[2]) if ln.startswith('001'))\n"
        "rows = [f'{i} {i + 1}' for i in range(1, n, 2)] + ([f'{n} 0'] if n % 2 else [])\n"
        "open(sys.argv[4], 'w').write(f'{len(rows)}\\n' + '\\n'.join(rows) + '\\n')\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_table_end_to_end_with_our_engine(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("GACRUX_PYTHON", raising=False)
    monkeypatch.setenv("BBP", str(_fake_peer(tmp_path)))
    md = tmp_path / "table.md"
    cache = tmp_path / "cache"
    rc = bench.main(["--players", "24", "--rounds", "2,4", "--cache", str(cache),
                     "--engines", "swisschess,gacrux,bbp", "--timeout", "120",
                     "--markdown-out", str(md)])
    assert rc == 0
    out = capsys.readouterr()
    assert "gacrux: not run (set GACRUX_PYTHON)" in out.err
    lines = out.out.splitlines()
    assert lines[0] == ("| players | round | Dutch 2026 s | cpu s | MiB | bbpPairings s | cpu s "
                        "| MiB | same? |")
    rows = [ln for ln in lines[2:] if ln.startswith("|")]
    assert len(rows) == 2
    for row, rnd in zip(rows, (2, 4), strict=True):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[:2] == ["24", str(rnd)]
        wall, cpu, mib = cells[2:5]
        assert re.fullmatch(r"\d+\.\d+", wall) and re.fullmatch(r"\d+\.\d+", cpu)
        assert 0 < float(cpu) and int(mib) > 5  # a Python process's peak memory, in MiB
        # the fake peer pairs 1-2, 3-4, ...: never what a Swiss engine does in round 2+
        assert cells[8].startswith("bbpPairings: DIFF")
    assert md.read_text() == out.out
    # each input was written once, legal, and our engine's pairs are a full round
    for rnd in (2, 4):
        (trf,) = cache.glob(f"bench-*-n24-r{rnd}-*.trf")
        read = read_trf(str(trf))
        assert read.diagnostics == []
        _legal(read.tournament)
        ours = bench.parse_pairs((cache / f"{trf.stem}.swisschess.out").read_text())
        boards, bye = ours
        seen = [p for b in boards for p in b] + ([bye] if bye else [])
        assert sorted(seen) == sorted(read.tournament.players)
        for w, b in boards:  # no rematch in the round our engine paired
            assert b not in {e.opponent for e in read.tournament.players[w].results}


def _fake_cppdubov(tmp_path: Path) -> Path:
    """A stand-in for CPPDubovSystem: reads ``--pairings FILE --output CSV`` and
    pairs the players it is not told to skip (``BYE id``) 1-2, 3-4, ..., the
    last one (if odd) with -1, after a ``White,Black`` header; it fails on a
    blank rating as the real one does."""
    script = tmp_path / "fakecpp"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        "lines = open(sys.argv[2]).read().splitlines()\n"
        "skip = {int(ln.split()[1]) for ln in lines if ln.startswith('BYE ')}\n"
        "ids = [int(ln[4:8]) for ln in lines if ln.startswith('001')]\n"
        "assert all(ln[48:52].strip() for ln in lines if ln.startswith('001'))\n"
        "ids = [i for i in ids if i not in skip]\n"
        "rows = [f'{a},{b}' for a, b in zip(ids[::2], ids[1::2])]\n"
        "rows += [f'{ids[-1]},-1'] if len(ids) % 2 else []\n"
        "open(sys.argv[4], 'w').write('White,Black\\n' + '\\n'.join(rows) + '\\n')\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_every_system_in_the_long_table_beside_its_peer(tmp_path, monkeypatch, capsys):
    """--layout long: a line per engine, our systems as multiples of Dutch 2026 on
    the same file, and a CSV-writing peer compared with our engine of its system."""
    monkeypatch.setenv("CPPDUBOV_BIN", str(_fake_cppdubov(tmp_path)))
    cache = tmp_path / "cache"
    rc = bench.main(["--players", "21", "--rounds", "3", "--cache", str(cache), "--byes", "0.2",
                     "--engines", "swisschess,dubov,lim,cppdubov", "--timeout", "120"])
    assert rc == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("| players | round | engine | s | cpu s | MiB | x Dutch 2026 (cpu) "
                        "| same? |")
    cells = {c[2]: c for c in ([x.strip() for x in ln.strip("|").split("|")]
                               for ln in lines[2:])}
    assert set(cells) == {"Dutch 2026", "Dubov", "Lim 1992", "CPPDubovSystem"}
    assert cells["Dutch 2026"][6] == ""  # the yardstick itself
    for name in ("Dubov", "Lim 1992"):
        assert re.fullmatch(r"\d+\.\dx", cells[name][6]), cells[name]
        assert cells[name][7] == ""  # ours: no peer verdict
    # the fake pairs 1-2, 3-4, ...: not a Dubov pairing of round 3
    assert cells["CPPDubovSystem"][7].startswith("DIFF") and "(Dubov)" in cells["CPPDubovSystem"][7]
    (cpp_in,) = cache.glob("*.cppdubov.trf")  # written once, in the peer's dialect
    assert "XXZ" not in cpp_in.read_text()


def test_peer_dialects(tmp_path):
    """tools/peerfiles.py: py4swiss gets a rank on every line; CPPDubovSystem the
    rounds before the one to pair, BYE lines for whoever is not paired, and 0 for
    a blank rating."""
    sys.path.insert(0, str(ROOT / "tools"))
    import peerfiles

    t = bench.make_history(12, 2, seed=3, planned=5, byes=0.0)
    t.players[5].rating = 0
    t.players[7].results.append(RoundEntry(None, None, "H"))  # a half-point bye in round 3
    p4 = parse_trf(peerfiles.py4swiss_trf(t), "p4").tournament
    assert sorted(p.stated_rank for p in p4.players.values()) == list(range(1, 13))
    cpp = peerfiles.cppdubov_trf(t, 3)
    assert "BYE 7" in cpp.splitlines()
    line5 = next(ln for ln in cpp.splitlines() if ln.startswith("001    5"))
    assert line5[48:52] == "   0"
    back = parse_trf(cpp, "cpp").tournament
    assert back.rounds_recorded() == 2


def test_csv_pairs():
    assert bench.parse_csv_pairs("White,Black\n3,2\n5,4\n1,-1\n") == (
        frozenset({(3, 2), (5, 4)}), 1)
    with pytest.raises(ValueError):
        bench.parse_csv_pairs("White,Black\n")


@pytest.mark.skipif(os.name != "posix", reason="os.wait4 is POSIX")
def test_memory_is_the_childs_own_peak(tmp_path):
    big = [sys.executable, "-c", "x = bytearray(200 * 1024 * 1024); x[::4096] = b'1' * len(x[::4096])"]
    small = [sys.executable, "-c", "pass"]
    r_big = bench.run_engine(big, tmp_path / "a", tmp_path / "big.txt", timeout=60)
    r_small = bench.run_engine(small, tmp_path / "a", tmp_path / "small.txt", timeout=60)
    # both "fail" (no pairs written) but are measured; the later small child is not
    # charged the earlier child's 200 MiB (as RUSAGE_CHILDREN's running maximum would)
    assert r_big.status == r_small.status == "error (output)"
    assert r_big.mib > 200 > r_small.mib
