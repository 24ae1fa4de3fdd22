"""Results and lists as used at the board (issue 24 #5): bulk result entry on the command
line and the web, one pairing list with titles and ratings everywhere, the public
starting list, crosstable and player search, name lookup without diacritics."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from storehelp import login, run

from swisschess.cli.main import main
from swisschess.model.search import fold, matches, suggestions
from swisschess.store.service import EntryError, TournamentService
from swisschess.web.app import create_app

TOKEN = "s3cret"
PLAYERS = [("Šťastný, Jiří", 2450, "IM", "CZE"), ("Müller, Jörg", 2380, "FM", "GER"),
           ("Wójcik, Łukasz", 2300, "", "POL"), ("Kovačič, Žiga", 2210, "", "SLO"),
           ("Lepik, Anna", 2105, "WFM", "EST"), ("Novak, Petra", 1990, "", "SLO"),
           ("Keller, Anna", 1890, "", "SUI")]


def make_event(db: str, rounds: int = 3) -> None:
    """Seven players with titles and diacritics; Lepik asks a half-point bye in round 1."""
    assert run(db, "new", "Board Open", "--rounds", str(rounds)) == 0
    for name, rating, title, fed in PLAYERS:
        argv = ["add-player", name, "--rating", str(rating), "--fed", fed]
        assert run(db, *argv, *(["--title", title] if title else [])) == 0
    assert run(db, "bye", "lepik", "--round", "1") == 0


def results_of(db: str, rnd: int) -> list[str | None]:
    svc = TournamentService(db)
    try:
        tid = svc.resolve_tournament()
        return [bv.result for bv in svc.boards(tid, rnd)]
    finally:
        svc.close()


# ------------------------------------------------------------------ names
def test_fold_and_match_ignore_case_and_diacritics():
    assert fold("Šťastný, Jiří") == "stastny jiri"
    assert fold("Wójcik, Łukasz") == "wojcik lukasz"
    assert fold("Straße, Søren") == "strasse soren"
    assert matches("Muller", "Müller, Jörg") and matches("sťastny", "Šťastný, Jiří")
    assert matches("jorg muller", "Müller, Jörg")  # words in any order
    assert not matches("Mueller", "Müller, Jörg") and not matches("", "Müller, Jörg")
    assert matches("иванов", "Иванов, Иван")  # other scripts: case only
    assert suggestions("Mueller", ["Müller, Jörg", "Novak, Petra"]) == ["Müller, Jörg"]
    assert suggestions("xyz", ["Müller, Jörg"]) == []


def test_cli_lookup_without_diacritics_and_did_you_mean(db, capsys):
    make_event(db)
    capsys.readouterr()
    assert run(db, "bye", "Muller", "--round", "2") == 0
    assert "Müller, Jörg" in capsys.readouterr().out
    assert run(db, "withdraw", "STASTNY") == 0
    assert "Šťastný, Jiří" in capsys.readouterr().out
    assert run(db, "bye", "Mueller", "--round", "3") == 3
    err = capsys.readouterr().err
    assert "unknown player 'Mueller': did you mean 2 Müller, Jörg?" in err
    assert run(db, "bye", "anna", "--round", "3") == 3  # ambiguous: both listed
    assert "Lepik, Anna" in capsys.readouterr().err
    assert run(db, "bye", "Mueller", "--round", "3", "--lang", "sl") == 3
    assert "ali ste mislili" in capsys.readouterr().err.lower()


# ---------------------------------------------------------- pairing lists
def test_one_complete_pairing_list_with_titles_and_ratings(db, capsys):
    make_event(db)
    capsys.readouterr()
    assert run(db, "next-round") == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert lines[0] == "Round 1"
    assert lines[1].split() == ["Bd", "No", "Title", "White", "Rtg", "Pts", "Result", "No",
                                "Title", "Black", "Rtg", "Pts"]
    assert "IM" in out.out and "2450" in out.out and "WFM" in out.out
    # the requested bye is on the list next-round prints, as on show pairings (review #12)
    assert re.search(r"Lepik, Anna\s+2105\s+0\s+half-point bye", out.out)
    assert "pairing round 1" in out.err
    assert run(db, "show", "pairings") == 0
    shown = capsys.readouterr().out
    assert shown.splitlines()[1] == lines[1]
    assert "half-point bye" in shown and "pairing-allocated bye" not in shown
    # columns aligned in every language: the header's columns start where the rows' do
    for lang in ("pl", "sl", "cs"):
        assert run(db, "show", "pairings", "--lang", lang) == 0
        head, first = capsys.readouterr().out.splitlines()[1:3]
        bd = head.split()[0]
        assert len(head) - len(head.lstrip()) + len(bd) == len(first) - len(first.lstrip()) + 1
    # show standings has the columns and the tie-break legend of standings FILE (review #13)
    assert run(db, "result", "1", "1-0", "2", "1/2", "3", "0-1") == 0
    capsys.readouterr()
    assert run(db, "show", "standings") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:7] == ["Rk", "No", "Name", "Title", "Rtg", "Fed", "Pts"]
    assert any("IM" in x and "2450" in x and "CZE" in x for x in lines)
    assert lines[-1].startswith("Tie-breaks: BH/C1 = Buchholz (C1)")
    assert "½" in "\n".join(lines) and ".5 " not in lines[2][:60]
    assert run(db, "next-round", "--preview", "--lang", "sl") == 0
    assert "določanje parov 2. kola" in capsys.readouterr().err  # the progress line


def test_pair_file_lists_titles_ratings_and_half_points(capsys, tmp_path):
    sample = Path(__file__).resolve().parent.parent / "samples" / "club-open-24.trf"
    assert main(["pair", str(sample)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].split()[:5] == ["Bd", "No", "Title", "White", "Rtg"]
    assert "½" in out or re.search(r"\s\d\s", out)
    assert ".0 " not in out  # points as lists write them, never 2.0


# ------------------------------------------------------------ bulk results
def test_bulk_results_arguments_file_and_stdin_all_or_none(db, capsys, tmp_path, monkeypatch):
    make_event(db)
    assert run(db, "next-round") == 0
    capsys.readouterr()
    # a bad pair in the middle: nothing stored, the pair named
    assert run(db, "result", "1", "1-0", "2", "1/3", "3", "0-1") == 3
    err = capsys.readouterr().err
    assert "'2 1/3': unknown result '1/3'" in err and "nothing was stored" in err
    assert results_of(db, 1) == [None, None, None]
    assert run(db, "result", "1", "1-0", "2") == 3
    assert "has no result" in capsys.readouterr().err
    # a file with comments; a board given twice is refused with FILE:LINE
    f = tmp_path / "round1.txt"
    f.write_text("# round 1\n1 1-0\n\n2 1/2   # agreed\n2 0-1\n", encoding="utf-8")
    assert run(db, "result", "--from", str(f)) == 3
    assert f"{f}:5: board 2 is given twice" in capsys.readouterr().err
    f.write_text("1 1-0\n2 1/2\nfour 1-0\n", encoding="utf-8")
    assert run(db, "result", "--from", str(f)) == 3
    assert f"{f}:3: board 'four' is not a board number" in capsys.readouterr().err
    f.write_text("1 1-0\n9 1/2\n", encoding="utf-8")
    assert run(db, "result", "--from", str(f)) == 3
    assert f"{f}:2: round 1 has no board 9 (boards 1-3)" in capsys.readouterr().err
    assert results_of(db, 1) == [None, None, None]
    assert run(db, "result", "--from", str(tmp_path / "missing.txt")) == 5
    capsys.readouterr()
    # good: two on the command line and one from standard input in one command
    monkeypatch.setattr(sys, "stdin", io.StringIO("3 0-1  # from the sheet\n"))
    assert run(db, "result", "1", "1-0", "2", "=", "--from", "-") == 0
    out = capsys.readouterr().out
    assert "3 results entered  (round complete)" in out
    assert results_of(db, 1) == ["1-0", "1/2", "0-1"]
    # a decided board needs --correct; corrections go in bulk too
    assert run(db, "result", "1", "0-1") == 3
    assert "already has the result 1-0" in capsys.readouterr().err
    assert run(db, "result", "1", "0-1", "3", "1/2", "--correct") == 0
    assert results_of(db, 1) == ["0-1", "1/2", "1/2"]
    # results that begin with a dash are results after a board number, not options
    assert run(db, "result", "2", "-+", "3", "--", "--correct") == 0
    assert results_of(db, 1) == ["0-1", "-+", "--"]
    assert run(db, "result", "3", "1/3", "--correct") == 3  # one board: no location
    assert capsys.readouterr().err.startswith("swisschess: unknown result '1/3'")
    # a single board keeps its one-line answer
    assert run(db, "next-round") == 0
    capsys.readouterr()
    assert run(db, "result", "1", "1-0") == 0
    assert re.fullmatch(r"round 2 board 1: .+ 1-0 .+  \(2 result\(s\) to enter\)\n",
                        capsys.readouterr().out)


def test_service_enter_results_names_the_entry(db):
    make_event(db)
    svc = TournamentService(db)
    try:
        tid = svc.resolve_tournament()
        svc.pair_next_round(tid)
        n = svc.count_events()
        with pytest.raises(EntryError) as e:
            svc.enter_results(tid, 1, [(1, "1-0"), (3, "x")])
        assert e.value.index == 1 and "unknown result 'x'" in str(e.value.error)
        assert svc.count_events() == n
        views = svc.enter_results(tid, 1, [(3, "0-1"), (1, "1/2")])
        assert [(v.board, v.result) for v in views] == [(3, "0-1"), (1, "1/2")]
        assert svc.count_events() == n + 2
    finally:
        svc.close()


# ------------------------------------------------------------------ web
@pytest.fixture
def web(tmp_path):
    svc = TournamentService(str(tmp_path / "web.db"), actor="web")
    tid = svc.create_tournament("Board Open", 3)
    svc.add_players(tid, [{"name": n, "rating": r, "title": t, "federation": f}
                          for n, r, t, f in PLAYERS])
    with TestClient(create_app(token=TOKEN, service=svc), base_url="http://127.0.0.1") as c:
        yield c, svc, tid
    svc.close()


def test_public_starting_list_and_search_before_round_1(web):
    c, svc, tid = web
    r = c.get(f"/t/{tid}/players")
    assert r.status_code == 200 and "Starting list" in r.text
    rows = re.findall(r'<tr id="p(\d+)"', r.text)
    assert len(rows) == len(PLAYERS)
    assert "IM" in r.text and "2450" in r.text and "CZE" in r.text
    r = c.get(f"/t/{tid}/players", params={"q": "sťastny"})
    found = re.search(r'<section class="card found".*?</section>', r.text, re.S).group(0)
    assert "Šťastný, Jiří" in found and "Müller" not in found
    assert c.get(f"/t/{tid}").url.path == f"/t/{tid}/players"  # no round paired yet
    assert f'href="/t/{tid}/players"' in c.get("/").text
    assert c.get("/t/99/players").status_code == 404
    assert c.get("/t/99/crosstable").status_code == 404
    r = c.get(f"/t/{tid}/players", params={"q": "zzz"})
    assert "No player&#39;s name contains" in r.text or "No player's name contains" in r.text


def test_public_pairings_crosstable_and_find_my_board(web):
    c, svc, tid = web
    svc.pair_next_round(tid)
    r = c.get(f"/t/{tid}/pairings/1")
    assert '<span class="ti">IM</span> Šťastný, Jiří' in r.text and ">2450<" in r.text
    assert f'action="/t/{tid}/players"' in r.text  # the search box
    r = c.get(f"/t/{tid}/players", params={"q": "MULLER"})
    found = re.search(r'<section class="card found".*?</section>', r.text, re.S).group(0)
    board = next(bv for bv in svc.boards(tid, 1) if "Müller" in bv.white.name + bv.black.name)
    assert f"round 1, board {board.board}" in found and f"#b{board.board}" in found
    r = c.get(f"/t/{tid}/players", params={"q": "lepik"})
    assert "half-point bye" not in r.text  # no bye requested in this event
    r = c.get(f"/t/{tid}/crosstable")
    assert r.status_code == 200 and 'id="crosstable"' in r.text and "Enter result" not in r.text
    assert f'href="/t/{tid}/crosstable"' in c.get(f"/t/{tid}/standings").text
    assert 'class="scroll"' in c.get(f"/t/{tid}/standings").text  # phones scroll sideways


def test_keyboard_entry_all_or_none_and_stale_page(web):
    c, svc, tid = web
    login(c, TOKEN)
    svc.pair_next_round(tid)
    r = c.get(f"/arbiter/t/{tid}/round/1")
    assert f"/arbiter/t/{tid}/round/1/keyboard" in r.text and ">2450<" in r.text
    r = c.get(f"/arbiter/t/{tid}/round/1/keyboard")
    assert r.status_code == 200 and 'id="goto"' in r.text
    version = re.search(r'name="version" value="(\d+)"', r.text).group(1)
    n = svc.count_events()
    # a bad field: nothing stored, the form comes back as typed with the board named
    r = c.post(f"/arbiter/t/{tid}/round/1/keyboard",
               data={"version": version, "r1": "1", "r2": "x", "r3": "5"})
    assert r.status_code == 400 and "Board 2: unknown result" in r.text
    assert 'name="r1" id="r1" value="1"' in r.text and svc.count_events() == n
    # another arbiter entered board 3 meanwhile: the stale page is refused, nothing stored
    svc.enter_result(tid, 1, 3, "0-1")
    n = svc.count_events()
    r = c.post(f"/arbiter/t/{tid}/round/1/keyboard",
               data={"version": version, "r1": "1", "r2": "=", "r3": "5"})
    assert r.status_code == 409 and "changed meanwhile" in r.text
    assert svc.count_events() == n and svc.boards(tid, 1)[2].result == "0-1"
    # the fresh page has no field for board 3 any more; one submit stores the rest
    r = c.get(f"/arbiter/t/{tid}/round/1/keyboard")
    assert 'name="r3"' not in r.text
    version = re.search(r'name="version" value="(\d+)"', r.text).group(1)
    r = c.post(f"/arbiter/t/{tid}/round/1/keyboard",
               data={"version": version, "r1": "1", "r2": "="})
    assert r.status_code == 200 and "2 result(s) saved" in r.text
    assert [bv.result for bv in svc.boards(tid, 1)] == ["1-0", "1/2", "0-1"]
    r = c.get(f"/arbiter/t/{tid}/print/pairings/1")
    assert ">2450<" in r.text and '<span class="ti">IM</span>' in r.text
    # e2e run: a round with every result in offers no empty form to save
    r = c.get(f"/arbiter/t/{tid}/round/1/keyboard")
    assert 'id="save-results"' not in r.text and 'id="all-entered"' in r.text
    # an earlier round's page: the printable-list link has no stray leading "·"
    svc.pair_next_round(tid)
    r = c.get(f"/arbiter/t/{tid}/round/1")
    assert re.search(r'</p>\s*<a href="/arbiter/t/\d+/print/pairings/1">|\n<a href="/arbiter/t/\d+/print/pairings/1">', r.text)
    assert not re.search(r'\n· <a href="/arbiter/t/\d+/print/pairings/1">', r.text)
    # the "clear this result?" question is asked in the page's language
    assert 'data-msg-clear="Clear this result?"' in r.text
    r = c.get(f"/arbiter/t/{tid}/round/1", params={"lang": "pl"})
    assert 'data-msg-clear="Usunąć ten wynik?"' in r.text


# --------------------------------------------------------------- start-up
def test_migration_heads_read_from_the_files_match_alembic():
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from swisschess.store.db import MIGRATIONS, head_revisions

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    assert head_revisions() == frozenset(ScriptDirectory.from_config(cfg).get_heads())


def test_a_command_that_does_not_pair_imports_no_web_engine_or_alembic(db):
    make_event(db)  # the database exists and is at the head revision
    code = ("import sys, io, contextlib\n"
            "from swisschess.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    rc = main(['show', 'players', '--db', {db!r}])\n"
            "heavy = ['alembic', 'fastapi', 'uvicorn', 'dask', 'networkx',\n"
            "         'swisschess.rules.dutch', 'swisschess.web']\n"
            "print(rc, [m for m in heavy if m in sys.modules])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "0 []"


def test_overview_latest_changes_carry_the_date(web):
    # e2e run: a 9-day event's "Latest changes" showed the time of day only
    from babel.dates import format_datetime

    c, svc, tid = web
    login(c, TOKEN)
    r = c.get(f"/arbiter/t/{tid}")
    last = svc.log(tid)[-1].created_at
    assert format_datetime(last, "short", locale="en") in r.text


def test_players_page_offers_a_bye_only_when_one_can_be_given(tmp_path):
    # e2e run: an empty "Player" list before the first registration, and a round
    # field with min 4 > max 3 once every round was paired
    svc = TournamentService(str(tmp_path / "bye.db"), actor="web")
    tid = svc.create_tournament("Bye Open", 1)
    with TestClient(create_app(token=TOKEN, service=svc), base_url="http://127.0.0.1") as c:
        login(c, TOKEN)
        assert 'id="bye-form"' not in c.get(f"/arbiter/t/{tid}/players").text
        svc.add_players(tid, [{"name": n, "rating": r} for n, r, _t, _f in PLAYERS])
        assert 'id="bye-form"' in c.get(f"/arbiter/t/{tid}/players").text
        svc.pair_next_round(tid)
        assert 'id="bye-form"' not in c.get(f"/arbiter/t/{tid}/players").text
    svc.close()


def test_a_withdrawn_player_is_listed_as_withdrawn_not_absent(db, capsys):
    """The rounds a player misses because he withdrew say "withdrawn" in the
    pairing lists (command line, arbiter's round page, public pairings); an
    absence announced before the withdrawal stays an absence; the TRF code stays Z."""
    make_event(db, rounds=4)
    assert run(db, "next-round") == 0
    svc = TournamentService(db)
    tid = svc.resolve_tournament()
    for n in range(1, len(svc.boards(tid, 1)) + 1):
        svc.enter_result(tid, 1, n, "1/2")
    keller = next(p.id for p in svc.tournament(tid).players.values() if p.name.startswith("Keller"))
    novak = next(p.id for p in svc.tournament(tid).players.values() if p.name.startswith("Novak"))
    svc.request_bye(tid, novak, 2, "Z")  # absent in round 2 only
    svc.withdraw(tid, keller)
    capsys.readouterr()
    assert run(db, "next-round") == 0
    assert run(db, "show", "pairings", "--lang", "en") == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if "Keller" in ln)
    assert line.rstrip().endswith("withdrawn") and "absent" not in line
    assert "zero-point bye" in next(ln for ln in out.splitlines() if "Novak" in ln)
    assert run(db, "show", "pairings", "--lang", "sl") == 0
    assert next(ln for ln in capsys.readouterr().out.splitlines()
                if "Keller" in ln).rstrip().endswith("odstopil")
    assert svc.tournament(tid).players[keller].results[1].code == "Z"
    with TestClient(create_app(token=TOKEN, service=svc), base_url="http://127.0.0.1") as c:
        public = c.get(f"/t/{tid}/pairings/2").text
        assert re.search(r"Keller, Anna</td>.*?<td>withdrawn</td>", public, re.S)
        login(c, TOKEN)
        arbiter = c.get(f"/arbiter/t/{tid}/round/2").text
        assert re.search(r"Keller, Anna.*?<td>withdrawn</td>", arbiter, re.S)
        assert re.search(r"Novak, Petra.*?<td>absent \(zero-point bye\)</td>", arbiter, re.S)
    svc.close()
