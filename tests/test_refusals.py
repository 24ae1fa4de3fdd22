"""Refuse what cannot be right, as the reference engines do (issue 24, part 3).

* pairing past the declared number of rounds (142 / XXR) or with a result
  missing: exit 3 with a located message in every front end (``engine -p``,
  ``pair``, the manager, ``POST /api/pair``); the checker (``-c``) still reads
  a file whose last round is in progress;
* ``show standings --round N`` (and the API's ``?round=N``) refuse a round not
  paired or not complete, 0 and negative rounds;
* ``0-0`` is a game played and lost by both (TRF ``0``/``0``), ``--`` / ``-:-``
  a double forfeit (``-``/``-``);
* ``export --variant 2016``, ``import --name``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from swisschess.cli.main import main
from swisschess.formats.checks import check_pairable
from swisschess.formats.trf import parse_trf
from swisschess.model.history import played_colours
from swisschess.model.rounds import pairing_refusals
from swisschess.store.events import Conflict, NotFound, StoreError
from swisschess.store.service import TournamentService, normalise_result

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "club-open-24.trf"
#: Round 4 of the sample: player 1 (Black) against player 6 (White), 1-0 for 1.
R4_RESULT = 128  # 0-based index of round 4's result column (column 129)


def sample_lines(rounds: int = 7) -> list[str]:
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")
    return [f"XXR {rounds}" if ln.startswith("XXR") else ln for ln in lines]


def blank_round4_game(lines: list[str]) -> list[str]:
    """Player 1 - player 6 of round 4 without its result (both entries)."""
    out = []
    for ln in lines:
        if ln.startswith("001") and int(ln[4:8]) in (1, 6):
            ln = ln[:R4_RESULT] + " " + ln[R4_RESULT + 1:]
        out.append(ln)
    return out


@pytest.fixture
def files(tmp_path):
    finished = tmp_path / "finished.trf"
    finished.write_text("\n".join(sample_lines(4)), encoding="utf-8")
    missing = tmp_path / "missing.trf"
    missing.write_text("\n".join(blank_round4_game(sample_lines(7))), encoding="utf-8")
    open_ = tmp_path / "open.trf"  # no XXR: no limit on the rounds
    open_.write_text("\n".join(ln for ln in sample_lines() if not ln.startswith("XXR")),
                     encoding="utf-8")
    return finished, missing, open_


# ------------------------------------------------------------ the shared check
def test_pairing_refusals_of_the_model():
    t = parse_trf("\n".join(sample_lines(4))).tournament
    (why,) = pairing_refusals(t)
    assert why.player is None and why.round == 5
    assert why.message == ("the tournament has 4 rounds and all are paired: there is no "
                           "round 5 to pair")
    t = parse_trf("\n".join(blank_round4_game(sample_lines(7)))).tournament
    (why,) = pairing_refusals(t)  # reported once, at White (player 6)
    assert (why.round, why.player) == (4, 6)
    assert why.message.startswith("round 4: the game 6 - 1 has no result")
    t.rounds = None
    assert len(pairing_refusals(t)) == 1  # no declared rounds: only the result
    assert pairing_refusals(parse_trf(SAMPLE.read_text()).tournament) == []


def test_open_games_are_reported_in_the_order_of_their_lines():
    # e2e run: a round with many open games listed them in the order of the lower
    # pairing number, so the located messages jumped up and down the file
    lines = [ln[:R4_RESULT] + " " + ln[R4_RESULT + 1:]
             if ln.startswith("001") and ln[R4_RESULT - 8:R4_RESULT - 4].strip() else ln
             for ln in sample_lines(7)]
    whys = pairing_refusals(parse_trf("\n".join(lines)).tournament)
    whites = [w.player for w in whys]
    assert len(whites) > 3 and whites == sorted(whites)


def test_check_pairable_points_at_the_record_and_the_result_column():
    res = parse_trf("\n".join(blank_round4_game(sample_lines(4))), "x.trf")
    found = [str(d) for d in check_pairable(res.tournament, res.locations, "x.trf")]
    xxr = next(i for i, ln in enumerate(sample_lines(), 1) if ln.startswith("XXR"))
    p6 = next(i for i, ln in enumerate(sample_lines(), 1) if ln.startswith("001    6 "))
    assert found == [
        f"x.trf:{xxr}:5: error: the tournament has 4 rounds and all are paired: there is no "
        "round 5 to pair",
        f"x.trf:{p6}:129: error: round 4: the game 6 - 1 has no result: enter every result "
        "of round 4 before pairing round 5"]
    # TRF-2026 record 142 is pointed at when it is there
    text = "142 4\n" + "\n".join(ln for ln in sample_lines() if not ln.startswith("XXR"))
    res = parse_trf(text, "y.trf")
    (d,) = check_pairable(res.tournament, res.locations, "y.trf")
    assert (d.line, d.column) == (1, 5)


# ----------------------------------------------------------------- front ends
@pytest.mark.parametrize("argv", [("engine", "--dutch", "{f}", "-p"), ("pair", "{f}"),
                                  ("engine", "--lim", "{f}", "-p"),
                                  ("engine", "--round-robin", "{f}", "-p"),
                                  ("explain", "{f}")])
def test_engine_and_pair_refuse_with_a_located_message(files, capsys, argv):
    finished, missing, _open = files
    for f, needle in ((finished, ":5: error: the tournament has 4 rounds and all are paired"),
                      (missing, ":129: error: round 4: the game 6 - 1 has no result")):
        assert main([a.format(f=f) for a in argv]) == 3
        out, err = capsys.readouterr()
        assert out == "" and f"{f}:" in err and needle in err and "Traceback" not in err


def test_refusals_are_translated(files, capsys):
    finished, _missing, _open = files
    assert main(["pair", str(finished), "--lang", "sl"]) == 3
    err = capsys.readouterr().err
    assert "napaka" in err and "all are paired" not in err


def test_checker_and_files_without_rounds_still_work(files, capsys):
    finished, missing, open_ = files
    # the checker re-pairs rounds from the complete rounds before them: it
    # reads a file whose last round is in progress (bbpPairings refuses it)
    assert main(["engine", "--dutch", str(missing), "-c"]) == 0
    assert main(["engine", "--dutch", str(finished), "-c"]) == 0
    capsys.readouterr()
    assert main(["engine", "--dutch", str(open_), "-p"]) == 0  # no XXR: no limit
    assert capsys.readouterr().out.split("\n")[0] == "12"


def test_pair_api_refuses_with_the_located_diagnostics(files):
    from fastapi.testclient import TestClient

    from swisschess.web.pairapi import create_pair_app

    finished, missing, _open = files
    with TestClient(create_pair_app()) as c:
        for f, col in ((finished, 5), (missing, 129)):
            r = c.post("/api/pair", content=f.read_bytes(),
                       headers={"Content-Type": "text/plain"})
            assert r.status_code == 422
            body = r.json()
            assert body["error"] == "invalid_input" and body["exit_code"] == 3
            assert body["detail"].startswith("request.trf:")
            assert body["diagnostics"][0]["column"] == col


def test_manager_refuses_an_imported_round_with_a_missing_result(tmp_path):
    svc = TournamentService(str(tmp_path / "m.db"))
    try:
        # round 4 of 7 complete but round 3's game 1 - 5 has no result
        lines = []
        for ln in sample_lines(7):
            if ln.startswith("001") and int(ln[4:8]) in (1, 5):
                ln = ln[:118] + " " + ln[119:]
            lines.append(ln)
        tid = svc.import_trf("\n".join(lines), "m.trf")
        with pytest.raises(Conflict, match="round 3: the game 1 - 5 has no result"):
            svc.preview(tid)
        finished = svc.import_trf("\n".join(sample_lines(4)), "f.trf")
        with pytest.raises(Conflict, match="all 4 rounds have been paired"):
            svc.preview(finished)
    finally:
        svc.close()


# ------------------------------------------------------ standings --round N
def test_show_standings_refuses_rounds_not_played(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "s.db")
    src = tmp_path / "in.trf"
    src.write_text("\n".join(blank_round4_game(sample_lines(9))), encoding="utf-8")
    assert main(["import", str(src), "--db", db]) == 0
    capsys.readouterr()
    for rnd, msg in (("12", "round 12: the tournament has rounds 1 to 4"),
                     ("0", "round 0: the tournament has rounds 1 to 4"),
                     ("-1", "round -1: the tournament has rounds 1 to 4"),
                     ("4", "round 4: round 4 has games without a result")):
        for what in ("standings", "crosstable"):
            assert main(["show", what, "--round", rnd, "--db", db]) == 3, (what, rnd)
            out, err = capsys.readouterr()
            assert out == "" and msg in err
    assert main(["show", "pairings", "--round", "0", "--db", db]) == 3
    assert "round 0 has not been paired" in capsys.readouterr().err
    assert main(["show", "standings", "--round", "3", "--db", db]) == 0
    assert "after round 3" in capsys.readouterr().out
    assert main(["show", "crosstable", "--round", "2", "--db", db]) == 0
    out = capsys.readouterr().out
    assert " R2 " in out and " R3 " not in out
    assert main(["show", "standings", "--round", "2", "--db", db, "--lang", "cs"]) == 0


def test_api_standings_round(tmp_path):
    from fastapi.testclient import TestClient

    from swisschess.web.app import create_app

    app = create_app(str(tmp_path / "a.db"), token="t")
    with TestClient(app) as c:
        h = {"Authorization": "Bearer t"}
        text = "\n".join(blank_round4_game(sample_lines(9)))
        tid = c.post("/api/tournaments/import-trf", json={"text": text}, headers=h).json()["id"]
        url = f"/api/tournaments/{tid}/standings"
        assert c.get(url, params={"round": 3}).json()["after_round"] == 3
        assert c.get(url).json()["after_round"] == 3  # the last complete round
        for rnd, status in ((12, 404), (0, 404), (-1, 404), (4, 409)):
            r = c.get(url, params={"round": rnd})
            assert r.status_code == status and "round" in r.json()["detail"]
        url = f"/api/tournaments/{tid}/export.trf"
        r = c.get(url, params={"variant": "2016"}, headers=h)
        assert r.status_code == 200 and r.text.startswith("012 ")
        r = c.get(url, params={"variant": "1999"}, headers=h)
        assert r.status_code == 400 and "unknown TRF variant '1999'" in r.json()["detail"]


# --------------------------------------------------------- 0-0 and --, -:-
@pytest.mark.parametrize("word, want", [("0-0", "0-0"), ("0:0", "0-0"), ("0 - 0", "0-0"),
                                        ("--", "--"), ("-:-", "--"), ("-/-", "--"),
                                        ("1:0", "1-0"), ("½-½", "1/2"), ("=", "1/2"),
                                        ("+:-", "+-")])
def test_result_words(word, want):
    assert normalise_result(word) == want


def test_unknown_result_word_names_the_choices():
    with pytest.raises(StoreError, match=r"expected 1-0, 0-1, 1/2, 0-0, \+-, -\+ or --"):
        normalise_result("2-0")


def test_zero_zero_is_a_played_game_and_double_forfeit_is_not(tmp_path, capsys):
    db = str(tmp_path / "z.db")
    assert main(["new", "Zero Open", "--rounds", "3", "--db", db]) == 0
    for i in range(1, 5):
        assert main(["add-player", f"Player, P{i}", "--rating", str(2100 - i), "--db", db]) == 0
    assert main(["next-round", "--db", db]) == 0
    assert main(["result", "1", "0-0", "--db", db]) == 0
    assert main(["result", "2", "-:-", "--db", db]) == 0  # argparse would take it for an option
    out = capsys.readouterr().out
    assert " 0-0 " in out and " -- " in out
    svc = TournamentService(db)
    try:
        tid = svc.resolve_tournament()
        t = svc.tournament(tid)
        (w1, b1), (w2, b2) = svc.state(tid).boards[1]
        e, f = t.players[w1].entry(1), t.players[w2].entry(1)
        assert (e.code, t.players[b1].entry(1).code) == ("0", "0") and e.played
        assert (f.code, t.players[b2].entry(1).code) == ("-", "-") and not f.played
        assert all(t.score(p) == 0 for p in (w1, b1, w2, b2))
        # colours: the 0-0 game counts, the double forfeit does not
        assert played_colours(t.players[w1], 1) != played_colours(t.players[w2], 1)
        assert [b.result for b in svc.boards(tid, 1)] == ["0-0", "--"]
        text = svc.export_trf(tid)
        back = parse_trf(text)
        assert back.ok, back.errors
        assert back.tournament.players[w1].entry(1).code == "0"
        assert back.tournament.players[w2].entry(1).code == "-"
        # tie-breaks: the lost-by-both game is a game (played, 0 points each)
        st = svc.standings(tid)
        assert all(r.points == Fraction(0) for r in st.rows)
        # the pairing: players who played (0-0) do not meet again (C.04.1 b)
        svc.pair_next_round(tid)
        assert {w1, b1} not in [set(b) for b in svc.state(tid).boards[2]]
        # export as 2016 (TRF16), the name arbiters use
        assert main(["export", "--variant", "2016", "--db", db]) == 0
        out = capsys.readouterr().out
        assert out.startswith("012 Zero Open") and "\n142 " not in out
    finally:
        svc.close()


def test_import_name_wins_over_record_012(tmp_path, capsys):
    db = str(tmp_path / "n.db")
    assert main(["import", str(SAMPLE), "--name", "Big Open", "--db", db]) == 0
    assert "Big Open" in capsys.readouterr().out
    svc = TournamentService(db)
    try:
        assert svc.tournament(svc.resolve_tournament()).name == "Big Open"
        assert svc.list_tournaments()[0].name == "Big Open"
    finally:
        svc.close()
    assert main(["import", str(SAMPLE), "--db", db]) == 0  # without --name: the 012
    assert "Swisschess Sample Club Open" in capsys.readouterr().out


def test_bye_round_zero_is_refused(tmp_path, capsys):
    db = str(tmp_path / "b.db")
    assert main(["new", "Bye Open", "--rounds", "3", "--db", db]) == 0
    assert main(["add-player", "Player, One", "--db", db]) == 0
    capsys.readouterr()
    assert main(["bye", "1", "--round", "0", "--db", db]) == 3
    assert "there is no round 0" in capsys.readouterr().err
    with pytest.raises(NotFound):
        TournamentService(db).boards(1, 1)


def test_web_preview_refuses_and_result_form_takes_zero_zero(tmp_path):
    from fastapi.testclient import TestClient
    from storehelp import login

    from swisschess.web.app import create_app

    svc = TournamentService(str(tmp_path / "w.db"), actor="web")
    try:
        finished = svc.import_trf("\n".join(sample_lines(4)), "f.trf")
        missing = svc.import_trf("\n".join(blank_round4_game(sample_lines(7))), "m.trf")
        with TestClient(create_app(token="t", service=svc), base_url="http://127.0.0.1") as c:
            login(c, "t")
            r = c.get(f"/arbiter/t/{finished}/pair")
            assert r.status_code == 200 and "all 4 rounds have been paired" in r.text
            r = c.get(f"/arbiter/t/{missing}/pair?lang=pl")
            assert "w rundzie 4 są jeszcze wyniki do wpisania" in r.text
            # the round page offers 0-0; the form stores it as a played game
            assert 'value="0-0"' in c.get(f"/arbiter/t/{missing}/round/4").text
            board = next(b.board for b in svc.boards(missing, 4) if b.result is None)
            r = c.post(f"/arbiter/t/{missing}/round/4/result",
                       data={"board": board, "more": "0-0"},
                       headers={"X-Requested-With": "fetch"})
            assert r.json()["result"] == "0-0" and r.json()["label"] == "0–0"
            h = {"Authorization": "Bearer t"}
            r = c.get(f"/api/tournaments/{finished}/pairing-preview", headers=h)
            assert r.status_code == 409 and "all 4 rounds" in r.json()["detail"]
    finally:
        svc.close()
