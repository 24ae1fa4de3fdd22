"""The command line never loses or silently changes what the arbiter entered (issue 24):
undo asks before it removes results and keeps later bye requests, late corrections are
flagged, pending byes are listed, and no command leaves an empty database behind."""

from __future__ import annotations

import os

import pytest
from storehelp import run

from swisschess.cli.main import main
from swisschess.formats.trf import parse_trf
from swisschess.store.service import TournamentService


def _event(db: str, n: int = 10, rounds: int = 5) -> None:
    assert run(db, "new", "Integrity Open", "--rounds", str(rounds)) == 0
    for i in range(1, n + 1):
        assert run(db, "add-player", f"Player {i:02d}", "--rating", str(2400 - 10 * i)) == 0


def _pair(db: str, rnd: int, ids: list[int], *extra: str) -> None:
    half = len(ids) // 2
    boards = [f"{ids[i]}-{ids[i + half]}" for i in range(half)]
    assert run(db, "edit-pairing", "--round", str(rnd), *boards, *extra,
               "--reason", "test") == 0


def _state(db: str):
    svc = TournamentService(db)
    try:
        return svc.state(svc.resolve_tournament())
    finally:
        svc.close()


def test_undo_asks_counts_and_keeps_later_byes(db, capsys):
    _event(db)
    assert run(db, "bye", "Player 08", "--round", "4") == 0
    everyone = list(range(1, 11))
    for rnd in (1, 2):
        _pair(db, rnd, everyone)
        for board in range(1, 6):
            assert run(db, "result", str(board), "1-0") == 0
    _pair(db, 3, everyone)
    assert run(db, "result", "1", "1/2") == 0
    assert run(db, "result", "2", "0-1") == 0
    capsys.readouterr()
    before = _state(db)
    # results in the round: nothing happens without --yes
    assert run(db, "undo") == 3
    err = capsys.readouterr().err
    assert "round 3 has 2 result(s): run `swisschess undo --yes` to remove them" in err
    assert run(db, "undo", "--lang", "pl") == 3
    assert "runda 3 ma wpisane wyniki (2)" in capsys.readouterr().err
    assert _state(db).seq == before.seq
    assert run(db, "undo", "--yes") == 0
    out = capsys.readouterr().out
    assert "round 3 removed: its pairing and 2 result(s)" in out
    s = _state(db)
    assert s.current_round == 2
    assert [(b.round, b.ids, b.code) for b in s.t.bye_requests] == [(4, (8,), "H")]
    # the request is listed, and honoured when round 4 is paired
    assert run(db, "show", "byes") == 0
    out = capsys.readouterr().out
    assert "    4   8 Player 08" in out and "half-point bye" in out
    assert run(db, "show", "players") == 0
    assert "H bye r4" in [ln for ln in capsys.readouterr().out.splitlines()
                          if "Player 08" in ln][0]
    _pair(db, 3, everyone)
    for board in range(1, 6):
        assert run(db, "result", str(board), "1-0") == 0
    _pair(db, 4, [i for i in everyone if i not in (8, 10)], "--bye", "10")
    assert _state(db).t.players[8].entry(4).code == "H"
    # an empty round is undone without --yes
    assert run(db, "undo") == 0
    assert "round 4 removed: its pairing and 0 result(s)" in capsys.readouterr().out
    capsys.readouterr()
    assert run(db, "show", "byes") == 0
    assert "Player 08" in capsys.readouterr().out


def test_late_correction_warns_and_is_noted_in_the_export(db, capsys, tmp_path):
    _event(db, 6, rounds=4)
    for rnd in (1, 2, 3):
        _pair(db, rnd, [1, 2, 3, 4, 5, 6])
        for board in (1, 2, 3):
            assert run(db, "result", str(board), "0-1", "--round", str(rnd)) == 0
    capsys.readouterr()
    assert run(db, "result", "2", "1/2", "--round", "1", "--correct") == 0
    cap = capsys.readouterr()
    assert "round 1 board 2" in cap.out
    assert "warning: rounds 2-3 were paired with the previous result (0-1)" in cap.err
    assert run(db, "result", "3", "1-0", "--round", "2", "--correct", "--lang", "cs") == 0
    assert "varování: 3. kolo bylo spárováno s předchozím výsledkem (0-1)" in \
        capsys.readouterr().err
    # a correction in the last round is no late correction
    assert run(db, "result", "1", "1-0", "--round", "3", "--correct") == 0
    assert "warning" not in capsys.readouterr().err
    out = tmp_path / "late.trf"
    assert run(db, "export", "-o", str(out)) == 0
    text = out.read_text()
    assert ("### round 1 board 2: result changed from 0-1 to 1/2 after rounds 2-3 had been "
            "paired") in text
    assert "### round 2 board 3: result changed from 0-1 to 1-0 after round 3 had been paired" \
        in text
    assert not parse_trf(text).errors
    # the note survives an import of the export, and is not written twice
    assert run(db, "import", str(out), "--name", "Copy") == 0
    capsys.readouterr()
    assert run(db, "export", "-T", "2") == 0
    again = capsys.readouterr().out
    assert again.count("### round 1 board 2: result changed") == 1
    # undoing round 3 leaves round 2's change before any later round: its note goes
    assert run(db, "undo", "-T", "1", "--yes") == 0
    capsys.readouterr()
    assert run(db, "export", "-T", "1") == 0
    text = capsys.readouterr().out
    assert "### round 1 board 2: result changed from 0-1 to 1/2 after round 2 had been paired" \
        in text
    assert "### round 2 board 3" not in text


@pytest.mark.parametrize("argv", [("result", "1", "1-0"), ("show", "byes"), ("show",),
                                  ("tournaments",), ("undo",), ("export",),
                                  ("import", "missing.csv"), ("new", "X", "--rounds", "0")])
def test_no_empty_database_is_left_behind(tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SWISSCHESS_DB", raising=False)
    main(list(argv))
    assert not [f for f in os.listdir(tmp_path) if f.startswith("swisschess.db")]


def test_an_existing_database_is_kept(db):
    _event(db, 2)
    assert run(db, "show", "byes") == 0
    assert run(db, "result", "1", "1-0") == 3
    assert os.path.exists(db) and _state(db).seq == 3
