# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""The web app (FastAPI TestClient): login, arbiter pages, public pages, JSON API."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from storehelp import login, pg_server, store_url  # noqa: F401

from swisschess.store.service import TournamentService
from swisschess.web.app import create_app

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "import"
TOKEN = "s3cret"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def svc(store_url):
    """The app's service on SQLite, then on PostgreSQL."""
    s = TournamentService(store_url, actor="web")
    yield s
    s.close()


@pytest.fixture
def client(svc):
    with TestClient(create_app(token=TOKEN, service=svc), base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture
def arbiter(client):
    login(client, TOKEN)  # and the session's CSRF token with every request (web/security.py)
    assert "swisschess_session" in client.cookies
    return client


def _tournament(client, n: int = 6, rounds: int = 3) -> int:
    tid = client.post("/api/tournaments", json={"name": "Web Open", "rounds": rounds},
                      headers=AUTH).json()["id"]
    r = client.post(f"/api/tournaments/{tid}/players/bulk", headers=AUTH,
                    json=[{"name": f"Player {i}", "rating": 2000 - 10 * i} for i in range(1, n + 1)])
    assert r.status_code == 201
    return tid


def test_login_required_and_wrong_password(client):
    r = client.get("/arbiter", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/login?next=%2Farbiter")
    r = client.post("/login", data={"token": "wrong", "next": "/arbiter"})
    assert r.status_code == 401 and "Wrong password" in r.text
    assert "swisschess_session" not in client.cookies
    # a forged cookie does not help, nor a next= to another host
    client.cookies.set("swisschess_session", "forged")
    assert client.get("/arbiter", follow_redirects=False).status_code == 303
    client.cookies.clear()
    r = client.post("/login", data={"token": TOKEN, "next": "//evil.example/x"},
                    follow_redirects=False)
    assert r.headers["location"] == "/arbiter"
    # API writes need the token (or the login cookie)
    client.cookies.clear()
    r = client.post("/api/tournaments", json={"name": "X", "rounds": 3})
    assert r.status_code == 401 and "token" in r.json()["detail"]


def test_arbiter_pages_forms_and_errors(arbiter, svc):
    c = arbiter
    r = c.post("/arbiter/new", data={"name": "Form Open", "rounds": "2", "city": "Basel"})
    assert r.status_code == 200 and "Form Open" in r.text and "created" in r.text
    tid = svc.resolve_tournament()
    r = c.post(f"/arbiter/t/{tid}/players", data={"name": "Anders, Anna", "rating": "2100"})
    assert "Player 1 Anders, Anna registered" in r.text
    with open(SAMPLES / "players.csv", "rb") as f:
        r = c.post(f"/arbiter/t/{tid}/players/import", files={"file": ("players.csv", f)})
    assert "6 player(s) registered" in r.text
    n = svc.count_events()
    # malformed CSV: clear message on the page it came from, nothing changed
    r = c.post(f"/arbiter/t/{tid}/players/import",
               files={"file": ("bad.csv", b"name,rating\nA,20x0\n")},
               headers={"referer": f"http://127.0.0.1/arbiter/t/{tid}/players"})
    assert r.url.path == f"/arbiter/t/{tid}/players"
    assert "rating &#39;20x0&#39; is not a number" in r.text and 'class="flash error"' in r.text
    assert svc.count_events() == n
    # correct a player's details
    r = c.post(f"/arbiter/t/{tid}/players/1", data={"name": "Anders, Anna", "rating": "2111",
                                                   "federation": "swe"})
    assert "Player 1 Anders, Anna updated" in r.text and ">2111<" in r.text
    assert c.get(f"/arbiter/t/{tid}/players/1").status_code == 200
    # the K of the player's rating list (rating change, B.02 8.3.3): set, refused, cleared
    c.post(f"/arbiter/t/{tid}/players/1", data={"name": "Anders, Anna", "rating": "2111",
                                               "federation": "swe", "k_factor": "40"})
    assert svc.state(tid).t.players[1].k_factor == 40
    assert 'name="k_factor" inputmode="numeric" pattern="[0-9]*" maxlength="3" value="40"' \
        in c.get(f"/arbiter/t/{tid}/players/1").text
    r = c.post(f"/arbiter/t/{tid}/players/1", data={"name": "Anders, Anna", "k_factor": "400"},
               headers={"referer": f"http://127.0.0.1/arbiter/t/{tid}/players/1"})
    assert "K &#39;400&#39; is not a whole number from 1 to 100" in r.text
    assert svc.state(tid).t.players[1].k_factor == 40 and svc.state(tid).t.players[1].rating == 2111
    c.post(f"/arbiter/t/{tid}/players/1", data={"name": "Anders, Anna", "rating": "2111",
                                               "federation": "swe", "k_factor": ""})
    assert svc.state(tid).t.players[1].k_factor is None
    # bye and withdrawal
    r = c.post(f"/arbiter/t/{tid}/byes", data={"player": "2", "round": "2", "code": "H"})
    assert "half-point bye in round 2" in r.text
    r = c.post(f"/arbiter/t/{tid}/players/7/withdraw", data={})
    assert "Player 7 withdrawn" in r.text
    # pair round 1 by hand through the edit page (warning shown)
    r = c.get(f"/arbiter/t/{tid}/round/1/edit")
    assert "overrides the FIDE pairing rules" in r.text
    r = c.post(f"/arbiter/t/{tid}/round/1/edit",
               data={"boards": "1-4\n5-2\n3-6", "bye": "", "reason": "web test"})
    assert "Round 1 pairing saved" in r.text and 'id="b3"' in r.text
    # results: plain form post, then fetch-style JSON, then errors
    r = c.post(f"/arbiter/t/{tid}/round/1/result", data={"board": "1", "result": "1-0"})
    assert r.status_code == 200 and "1–0" in r.text
    r = c.post(f"/arbiter/t/{tid}/round/1/result", data={"board": "2", "more": "+-"},
               headers={"x-requested-with": "fetch"})
    assert r.json() == {"ok": True, "board": 2, "result": "+-", "label": "+ / −", "pending": 1}
    n = svc.count_events()
    r = c.post(f"/arbiter/t/{tid}/round/1/result", data={"board": "2", "result": "0-1"},
               headers={"x-requested-with": "fetch"})
    assert r.status_code == 409 and "already has the result +-" in r.json()["detail"]
    r = c.post(f"/arbiter/t/{tid}/round/1/result", data={"board": "9", "result": "0-1"},
               headers={"referer": f"http://127.0.0.1/arbiter/t/{tid}/round/1"})
    assert "round 1 has no board 9" in r.text
    assert svc.count_events() == n
    r = c.post(f"/arbiter/t/{tid}/round/1/result",
               data={"board": "2", "result": "0-1", "correction": "1"})
    assert svc.boards(tid, 1)[1].result == "0-1"
    c.post(f"/arbiter/t/{tid}/round/1/result", data={"board": "3", "result": "1/2"})
    for path in ("", "/players", "/round/1", "/standings", "/crosstable", "/print/pairings/1",
                 "/print/standings", "/log", "/pair"):
        r = c.get(f"/arbiter/t/{tid}{path}")
        assert r.status_code == 200, path
    r = c.get(f"/arbiter/t/{tid}/crosstable")
    assert ">4w1<" in r.text and ">½ bye<" not in r.text
    r = c.get(f"/arbiter/t/{tid}/export.trf")
    assert "attachment" in r.headers["content-disposition"]
    assert "### round 1: pairing edited by the arbiter: web test" in r.text
    r = c.post(f"/arbiter/t/{tid}/undo")
    assert "Round 1 removed" in r.text and svc.state(tid).current_round == 0


def test_public_pages_are_read_only(client, svc):
    tid = _tournament(client)
    client.put(f"/api/tournaments/{tid}/rounds/1/pairing", headers=AUTH,
               json={"boards": [[1, 4], [5, 2], [3, 6]], "reason": "test"})
    client.post(f"/api/tournaments/{tid}/rounds/1/results", headers=AUTH,
                json={"board": 1, "result": "1-0"})
    r = client.get("/")
    assert "Web Open" in r.text and "Arbiter login" in r.text
    r = client.get(f"/t/{tid}")
    assert r.url.path == f"/t/{tid}/pairings/1"
    assert "Player 1" in r.text and "1–0" in r.text and "Enter result" not in r.text
    assert "Standings" in client.get(f"/t/{tid}/standings").text
    n = svc.count_events()
    r = client.post(f"/arbiter/t/{tid}/round/1/result", data={"board": "2", "result": "1-0"},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/login")
    assert svc.count_events() == n
    assert client.get("/t/99/standings").status_code == 404
    assert client.get("/static/style.css").status_code == 200


def test_api_flow_and_errors(client, svc):
    tid = _tournament(client, n=7)
    r = client.post(f"/api/tournaments/{tid}/byes", headers=AUTH, json={"player": 7, "round": 1})
    assert r.status_code == 201
    r = client.put(f"/api/tournaments/{tid}/rounds/1/pairing", headers=AUTH,
                   json={"boards": [[1, 4], [5, 2], [3, 6]], "reason": "api test"})
    assert r.status_code == 200 and r.json()["unpaired"] == [
        {"player": 7, "name": "Player 7", "code": "H"}]
    n = svc.count_events()
    errors = [
        (client.post(f"/api/tournaments/{tid}/rounds/1/results", headers=AUTH,
                     json={"board": 4, "result": "1-0"}), 404, "no board 4"),
        (client.post(f"/api/tournaments/{tid}/rounds/1/results", headers=AUTH,
                     json={"board": 1, "result": "3-0"}), 400, "unknown result"),
        (client.post(f"/api/tournaments/{tid}/rounds/1/results",
                     json={"board": 1, "result": "1-0"}), 401, "token"),
        (client.post(f"/api/tournaments/{tid}/rounds/1/results", headers=AUTH,
                     json={"result": "1-0"}), 422, "board"),
        (client.post(f"/api/tournaments/{tid}/players/99/withdraw", headers=AUTH), 404,
         "unknown player 99"),
        (client.post(f"/api/tournaments/{tid}/rounds", headers=AUTH), 409, "results to enter"),
        (client.get("/api/tournaments/42"), 404, "unknown tournament 42"),
    ]
    for r, status, text in errors:
        assert r.status_code == status, r.text
        assert text in str(r.json()["detail"]), r.text
    assert svc.count_events() == n
    for board, res in ((1, "1-0"), (2, "1/2"), (3, "-+")):
        r = client.post(f"/api/tournaments/{tid}/rounds/1/results", headers=AUTH,
                        json={"board": board, "result": res})
        assert r.status_code == 200 and r.json()["result"] == res
    r = client.post(f"/api/tournaments/{tid}/rounds/1/results", headers=AUTH,
                    json={"board": 1, "result": "0-1"})
    assert r.status_code == 409
    st = client.get(f"/api/tournaments/{tid}/standings").json()
    assert st["after_round"] == 1 and st["rows"][0]["points"] == 1.0
    assert len(client.get(f"/api/tournaments/{tid}/crosstable").json()) == 7
    assert client.get(f"/api/tournaments/{tid}/log", headers=AUTH).json()[0]["kind"] == "create"
    trf = client.get(f"/api/tournaments/{tid}/export.trf", headers=AUTH).text
    assert "### round 1: pairing edited by the arbiter: api test" in trf
    r = client.post("/api/tournaments/import-trf", headers=AUTH, json={"text": trf, "name": "C"})
    assert r.status_code == 201 and r.json()["current_round"] == 1
    r = client.delete(f"/api/tournaments/{tid}/rounds/last", headers=AUTH)
    assert r.json()["undone"] == 1
    # ... and back from the TRF file, as one logged event
    r = client.put(f"/api/tournaments/{tid}/trf", headers=AUTH, json={"text": trf})
    assert r.json()["current_round"] == 1 and r.json()["pending_boards"] == []
    r = client.put(f"/api/tournaments/{tid}/trf", headers=AUTH, json={"text": "001 x"})
    assert r.status_code == 400 and "errors" in r.json()["detail"]
    assert client.get(f"/api/tournaments/{tid}/export.trf").status_code == 401
    assert client.get(f"/api/tournaments/{tid}/players").status_code == 401
    spec = client.get("/api/openapi.json").json()
    assert "/api/tournaments/{tid}/rounds/{rnd}/results" in spec["paths"]


def test_api_whole_tournament_checked(client, svc, tmp_path):
    from swisschess.cli.main import main

    tid = _tournament(client, n=11, rounds=4)
    client.post(f"/api/tournaments/{tid}/byes", headers=AUTH,
                json={"player": 3, "round": 2, "code": "H"})
    for rnd in range(1, 5):
        pv = client.get(f"/api/tournaments/{tid}/pairing-preview", headers=AUTH).json()
        r = client.post(f"/api/tournaments/{tid}/rounds", headers=AUTH,
                        json={"expected_version": pv["version"]})
        assert r.status_code == 201, r.text
        boards = r.json()["boards"]
        assert [[b["white"], b["black"]] for b in boards] == pv["boards"]
        for b in boards:
            res = ["1-0", "1/2", "0-1"][(b["white"] * 7 + b["black"] + rnd) % 3]
            assert client.post(f"/api/tournaments/{tid}/rounds/{rnd}/results", headers=AUTH,
                               json={"board": b["board"], "result": res}).status_code == 200
    assert client.post(f"/api/tournaments/{tid}/rounds", headers=AUTH).status_code == 409
    path = tmp_path / "api.trf"
    path.write_text(client.get(f"/api/tournaments/{tid}/export.trf", headers=AUTH).text)
    assert main(["engine", "--dutch", str(path), "-c"]) == 0
    page = client.get(f"/t/{tid}/standings").text
    assert re.search(r"<td class=\"num pts\">\d", page)


def test_preview_gives_the_facts_as_data_and_the_page_in_words(client, arbiter):
    # review 7b: the store no longer writes "3 floats up, 4 down" in English;
    # the API gives player numbers, the page words them in the reader's language
    tid = _tournament(client, n=5, rounds=3)
    pv = client.get(f"/api/tournaments/{tid}/pairing-preview", headers=AUTH).json()
    r = client.post(f"/api/tournaments/{tid}/rounds", headers=AUTH,
                    json={"expected_version": pv["version"]})
    for b in r.json()["boards"]:
        client.post(f"/api/tournaments/{tid}/rounds/1/results", headers=AUTH,
                    json={"board": b["board"], "result": "1-0"})
    rows = client.get(f"/api/tournaments/{tid}/pairing-preview", headers=AUTH).json()["explanation"]
    assert all(set(row) >= {"white_pref", "black_pref", "float_up", "float_down"} for row in rows)
    floated = [row for row in rows if row["white_score"] != row["black_score"]]
    assert floated, rows  # 5 players after one round: some board joins two scores
    row = floated[0]
    low, high = sorted((row["white"], row["black"]),
                       key=lambda p: row["white_score" if p == row["white"] else "black_score"])
    assert (row["float_up"], row["float_down"]) == (low, high)
    assert all(r["float_up"] is None for r in rows if r["white_score"] == r["black_score"])
    page = arbiter.get(f"/arbiter/t/{tid}/pair").text
    assert f"{low} floats up, {high} down" in page
    page = arbiter.get(f"/arbiter/t/{tid}/pair?lang=sl").text
    assert f"{low} se seli navzgor, {high} navzdol" in page
