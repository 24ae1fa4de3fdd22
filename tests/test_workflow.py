"""The CLI workflow: new, import, add-player, bye, withdraw, next-round, result, undo, export."""

from __future__ import annotations

from pathlib import Path

import pytest
from storehelp import run

from swisschess.cli.main import main
from swisschess.formats.trf import parse_trf
from swisschess.store.service import TournamentService

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "import"


def events(db: str) -> int:
    svc = TournamentService(db)
    try:
        return svc.count_events()
    finally:
        svc.close()


def test_manual_tournament_from_the_command_line(db, capsys, tmp_path):
    assert run(db, "new", "Club Open", "--rounds", "2", "--city", "Bern") == 0
    assert run(db, "import", str(SAMPLES / "players.csv")) == 0
    assert run(db, "add-player", "Late, Larry", "--rating", "1500", "--fed", "SUI") == 0
    assert run(db, "bye", "Larry", "--round", "2", "--zero") == 0
    capsys.readouterr()
    # round 1 by hand (numbers in registration order), with a reason
    assert run(db, "edit-pairing", "--round", "1", "1-4", "5-2", "3-6", "--bye", "7",
               "--reason", "club rule: first round by hand") == 0
    out, err = capsys.readouterr()
    assert "warning" in err and "Keller, Anna" in out
    for board, res in ((1, "1-0"), (2, "1/2"), (3, "0-1")):
        assert run(db, "result", str(board), res) == 0
    out = capsys.readouterr().out
    assert "round complete" in out
    assert run(db, "show", "pairings") == 0
    assert "bye (pairing-allocated)" in capsys.readouterr().out
    assert run(db, "update-player", "Novak", "--rating", "1880", "--fed", "SVK") == 0
    assert run(db, "update-player", "Novak") == 3
    assert run(db, "withdraw", "Novak") == 0
    assert run(db, "edit-pairing", "--round", "2", "1-2", "3-5", "--bye", "4",
               "--reason", "no engine here") == 0
    # player 4 unpaired -> refused, nothing changed
    n = events(db)
    capsys.readouterr()
    assert run(db, "result", "1", "1-0", "--round", "2") == 0
    assert run(db, "result", "2", "0-1", "--round", "2") == 0
    assert run(db, "result", "2", "1-0", "--round", "2", "--correct") == 0
    assert events(db) == n + 3
    capsys.readouterr()
    assert run(db, "show", "standings") == 0
    out = capsys.readouterr().out
    assert out.splitlines()[2].split()[2:4] == ["Keller,", "Anna"]
    assert run(db, "show", "crosstable") == 0
    out_file = tmp_path / "out.trf"
    assert run(db, "export", "-o", str(out_file)) == 0
    text = out_file.read_text()
    assert "### round 1: pairing edited by the arbiter: club rule: first round by hand" in text
    t = parse_trf(text).tournament
    assert t.players[1].entry(2).code == "1" and t.players[7].entry(2).code == "Z"
    # undo the last round, and import the exported file as a second tournament
    # (round 2 has results: undo asks for --yes and changes nothing without it)
    n = events(db)
    assert run(db, "undo") == 3 and events(db) == n
    assert run(db, "undo", "--yes") == 0
    assert run(db, "import", str(out_file), "--replace") == 0
    assert run(db, "undo", "--yes") == 0
    assert run(db, "import", str(out_file), "--name", "Copy") == 0
    capsys.readouterr()
    assert run(db, "tournaments") == 0
    out = capsys.readouterr().out
    assert "round 2/2" in out and "round 1/2" in out


@pytest.mark.parametrize("argv, message", [
    (("withdraw", "99"), "unknown player 99"),
    (("withdraw", "Nobody"), "unknown player 'Nobody'"),
    (("result", "1", "1-0"), "no round has been paired yet"),
    (("bye", "1", "--round", "9"), "only 2 rounds"),
    (("add-player", "X" * 40), "longer than 33"),
    (("show", "pairings", "-T", "nope"), "no tournament 'nope'"),
])
def test_bad_input_exit_3_nothing_changed(db, capsys, argv, message):
    assert run(db, "new", "T", "--rounds", "2") == 0
    assert run(db, "import", str(SAMPLES / "players.csv")) == 0
    n = events(db)
    capsys.readouterr()
    assert run(db, *argv) == 3
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert events(db) == n


def test_results_errors(db, capsys):
    run(db, "new", "T", "--rounds", "2")
    run(db, "import", str(SAMPLES / "players.csv"))
    run(db, "edit-pairing", "--round", "1", "1-2", "3-4", "5-6", "--reason", "test")
    assert run(db, "result", "1", "1-0") == 0
    n = events(db)
    capsys.readouterr()
    assert run(db, "result", "1", "0-1") == 3
    assert "already has the result 1-0" in capsys.readouterr().err
    assert run(db, "result", "7", "0-1") == 3
    assert "no board 7" in capsys.readouterr().err
    assert run(db, "result", "2", "2-0") == 3
    assert "unknown result" in capsys.readouterr().err
    assert events(db) == n


@pytest.mark.parametrize("content, message", [
    ("rating,fed\n2000,SUI\n", "no 'name' column"),
    ("name,rating\nA,2000\nB,20x0\n", ":3: rating '20x0' is not a number"),
    ("name,rating\nA,2000\nB,2000,extra\n", ":3: 3 fields, the header has 2"),
    ("", "empty"),
])
def test_malformed_csv(db, capsys, tmp_path, content, message):
    run(db, "new", "T", "--rounds", "2")
    bad = tmp_path / "bad.csv"
    bad.write_text(content)
    n = events(db)
    capsys.readouterr()
    assert run(db, "import", str(bad)) == 3
    assert message in capsys.readouterr().err
    assert events(db) == n


def test_fide_lists(db, capsys):
    run(db, "new", "T", "--rounds", "5")
    assert run(db, "import", str(SAMPLES / "fide-list.txt")) == 0
    assert run(db, "import", str(SAMPLES / "fide-list.xml"), "--only", "90000031,90000033") == 0
    assert run(db, "import", str(SAMPLES / "fide-list.xml"), "--only", "1234") == 3
    # a player already registered (same FIDE id) is refused, the whole file with it
    assert run(db, "import", str(SAMPLES / "fide-list.xml")) == 3
    svc = TournamentService(db)
    t = svc.tournament(svc.resolve_tournament())
    svc.close()
    assert [(p.name, p.rating, p.title, p.sex) for p in t.sorted_players()][:2] == [
        ("Sample, Alexander", 2391, "IM", "m"), ("Example, Beatrice", 2288, "WGM", "w")]
    assert len(t.players) == 6


def test_rapid_rating_and_env_database(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SWISSCHESS_DB", str(tmp_path / "env.db"))
    assert main(["new", "Rapid", "--rounds", "3"]) == 0
    assert main(["import", str(SAMPLES / "fide-list.txt"), "--rating-type", "rapid"]) == 0
    assert (tmp_path / "env.db").exists() and not (tmp_path / "swisschess.db").exists()
    capsys.readouterr()
    assert main(["show", "players"]) == 0
    out = capsys.readouterr().out
    assert "2350" in out and "2391" not in out


def test_engine_rounds(db, capsys):
    run(db, "new", "Engine Open", "--rounds", "3")
    run(db, "import", str(SAMPLES / "players.csv"))
    run(db, "import", str(SAMPLES / "fide-list.xml"))
    capsys.readouterr()
    assert run(db, "next-round", "--preview") == 0
    preview = capsys.readouterr().out
    assert run(db, "next-round") == 0
    out = capsys.readouterr().out
    assert preview.split("Round 1", 1)[1].split("preview only")[0].strip() in out
    assert run(db, "next-round") == 3
    assert "still has results to enter on board(s) 1, 2, 3, 4" in capsys.readouterr().err
    for rnd in (1, 2, 3):
        if rnd > 1:
            assert run(db, "next-round") == 0
        svc = TournamentService(db)
        tid = svc.resolve_tournament()
        boards = len(svc.boards(tid, rnd))
        svc.close()
        for b in range(1, boards + 1):
            assert run(db, "result", str(b), "1-0") == 0
    assert run(db, "next-round") == 3
    assert "all 3 rounds" in capsys.readouterr().err
