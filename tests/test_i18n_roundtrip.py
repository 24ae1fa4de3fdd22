"""Names with diacritics survive every round trip (issue 16).

A tournament with Cyrillic and Baltic names (and Polish, Czech, Slovenian ones)
goes through CSV import, pairing, results, export to TRF and re-import, and comes
back unchanged; the database, CSV and HTML standings and the printable list keep
the names too.  TRF in Latin-1 is legal for names Latin-1 can write (Estonian
õ ä ö ü, not č or ж): such a file is read back the same.
"""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from storehelp import login

from swisschess.formats.trf import decode, parse_trf
from swisschess.standings import render
from swisschess.standings.ranking import standings
from swisschess.store.importers import read_players
from swisschess.store.service import TournamentService

PLAYERS = [  # name, rating, federation
    ("Петров, Иван", 2310, "BUL"), ("Жечев, Стефан", 2290, "BUL"),
    ("Õunapuu, Jüri", 2285, "EST"), ("Kõrv, Öie", 2270, "EST"),
    ("Ozoliņš, Jānis", 2250, "LAT"), ("Bērziņa, Līga", 2240, "LAT"),
    ("Šukys, Žygimantas", 2230, "LTU"), ("Łukasiewicz, Żaneta", 2220, "POL"),
    ("Novák, Čestmír", 2205, "CZE"), ("Kovač, Špela", 2190, "SLO"),
    ("Дървенски, Цветан-Щерю", 2150, "BUL"),
]
LATIN1 = [("Õunapuu, Jüri", 2285, "EST"), ("Kõrv, Öie", 2270, "EST"),
          ("Väljataga, Märt", 2200, "EST"), ("Müürsepp, Tõnu", 2150, "EST"),
          ("Þórsson, Ægir", 2100, "ISL"), ("Straße, Jörg", 2050, "GER")]


def csv_text(players) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["name", "rating", "federation"])
    w.writerows(players)
    return buf.getvalue()


def play(svc: TournamentService, tid: int, rounds: int) -> None:
    words = ["1-0", "1/2", "0-1", "1-0", "+-"]
    for rnd in range(1, rounds + 1):
        svc.pair_next_round(tid)
        for k, b in enumerate(svc.boards(tid, rnd)):
            svc.enter_result(tid, rnd, b.board, words[(k + rnd) % len(words)])


def snapshot(t) -> dict:
    """What must survive: every player's details and every round entry."""
    return {pid: (p.name, p.rating, p.federation,
                  tuple((e.opponent, e.colour, e.code) for e in p.results))
            for pid, p in sorted(t.players.items())}


def test_cyrillic_and_baltic_names_round_trip(tmp_path):
    db = tmp_path / "t.db"
    svc = TournamentService(str(db), actor="test")
    tid = svc.create_tournament("Турнир Tartu–Vilnius", 3, city="Пловдив")
    rows = read_players(csv_text(PLAYERS).encode("utf-8").decode("utf-8-sig"), "csv",
                        "players.csv")
    svc.add_players(tid, rows)
    play(svc, tid, 3)
    before = snapshot(svc.tournament(tid))
    assert {v[0] for v in before.values()} == {p[0] for p in PLAYERS}

    text = svc.export_trf(tid)
    data = text.encode("utf-8")
    assert decode(data) == text  # UTF-8 is read as UTF-8, not as Latin-1
    res = parse_trf(decode(data), "export.trf")
    assert not res.errors, res.errors
    assert snapshot(res.tournament) == before
    assert res.tournament.name == "Турнир Tartu–Vilnius" and res.tournament.city == "Пловдив"

    again = svc.import_trf(decode(data), "export.trf")
    assert snapshot(svc.tournament(again)) == before
    assert svc.export_trf(again) == text  # and out again byte for byte
    svc.close()

    svc = TournamentService(str(db), actor="test")  # the database keeps them
    assert snapshot(svc.tournament(tid)) == before
    st = standings(svc.tournament(tid), None, "2026")
    back = list(csv.DictReader(io.StringIO(render.standings_csv(st))))
    assert {r["Name"] for r in back} == {p[0] for p in PLAYERS}
    page = render.standings_html(st, svc.tournament(tid).name)
    assert all(html.escape(p[0]) in page for p in PLAYERS)
    assert render.standings_text(st).count("Дървенски, Цветан-Щерю") == 1
    svc.close()


def test_latin1_trf_where_legal(tmp_path):
    svc = TournamentService(str(tmp_path / "l.db"), actor="test")
    tid = svc.create_tournament("Pärnu lahtised", 3, city="Pärnu")
    svc.add_players(tid, read_players(csv_text(LATIN1), "csv", "players.csv"))
    play(svc, tid, 2)
    before = snapshot(svc.tournament(tid))
    text = svc.export_trf(tid)
    data = text.encode("latin-1")  # legal: every letter is in Latin-1
    assert data != text.encode("utf-8")
    res = parse_trf(decode(data), "latin1.trf")
    assert not res.errors and snapshot(res.tournament) == before
    assert res.tournament.city == "Pärnu"
    tid2 = svc.import_trf(decode(data), "latin1.trf")
    assert snapshot(svc.tournament(tid2)) == before
    svc.close()
    with pytest.raises(UnicodeEncodeError):  # not legal: Latin-1 has no č, ž, ж
        "Kovač, Špela; Жечев".encode("latin-1")


def test_names_in_web_pages_and_print(tmp_path):
    from fastapi.testclient import TestClient

    from swisschess.web.app import create_app

    svc = TournamentService(str(tmp_path / "w.db"), actor="web")
    tid = svc.create_tournament("Rīga", 3)
    svc.add_players(tid, read_players(csv_text(PLAYERS), "csv", "players.csv"))
    play(svc, tid, 1)
    with TestClient(create_app(token="x", service=svc), base_url="http://127.0.0.1") as c:
        login(c, "x")  # and the CSRF token (web/security.py)
        for path in (f"/t/{tid}/standings", f"/arbiter/t/{tid}/print/standings",
                     f"/arbiter/t/{tid}/print/pairings/1", f"/arbiter/t/{tid}/crosstable"):
            r = c.get(path + "?lang=bg")
            assert r.headers["content-type"].endswith("charset=utf-8")
            found = [p[0] for p in PLAYERS if html.escape(p[0]) in r.text]
            assert len(found) >= 10, (path, found)  # the pairings list: all but a bye
        # a name typed into the form comes back the same
        token = re.search(r'name="csrf-token" content="([^"]+)"', c.get("/arbiter").text)[1]
        c.post(f"/arbiter/t/{tid}/players/3",
               data={"name": "Õunapuu-Kõrv, Žaneta", "rating": "2285", "csrf": token})
        assert svc.tournament(tid).players[3].name == "Õunapuu-Kõrv, Žaneta"
    svc.close()
