"""Web app and JSON API (issue 24): a late correction warns naming the later rounds,
undo says how many results it removed and keeps later bye requests."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from storehelp import login

from swisschess.store.service import TournamentService
from swisschess.web.app import create_app

TOKEN = "s3cret"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def svc(tmp_path):
    s = TournamentService(str(tmp_path / "web.db"), actor="web")
    yield s
    s.close()


@pytest.fixture
def client(svc):
    with TestClient(create_app(token=TOKEN, service=svc), base_url="http://127.0.0.1") as c:
        yield c


def _event(client, rounds: int = 3) -> int:
    """6 players, round 1 and 2 paired by hand and played (all 1-0)."""
    tid = client.post("/api/tournaments", json={"name": "Web Open", "rounds": 4},
                      headers=AUTH).json()["id"]
    client.post(f"/api/tournaments/{tid}/players/bulk", headers=AUTH,
                json=[{"name": f"Player {i}", "rating": 2000 - 10 * i} for i in range(1, 7)])
    for rnd in range(1, rounds + 1):
        r = client.put(f"/api/tournaments/{tid}/rounds/{rnd}/pairing", headers=AUTH,
                       json={"boards": [[1, 4], [5, 2], [3, 6]], "reason": "test"})
        assert r.status_code == 200, r.text
        for board in (1, 2, 3):
            client.post(f"/api/tournaments/{tid}/rounds/{rnd}/results", headers=AUTH,
                        json={"board": board, "result": "1-0"})
    return tid


def test_api_correction_warns(client):
    tid = _event(client)
    r = client.post(f"/api/tournaments/{tid}/rounds/1/results", headers=AUTH,
                    json={"board": 2, "result": "1/2", "correction": True})
    assert r.status_code == 200
    assert r.json()["warning"] == "rounds 2-3 were paired with the previous result (1-0)"
    r = client.post(f"/api/tournaments/{tid}/rounds/3/results", headers=AUTH,
                    json={"board": 2, "result": "1/2", "correction": True})
    assert r.status_code == 200 and r.json()["warning"] == ""
    r = client.delete(f"/api/tournaments/{tid}/rounds/2/results/1", headers=AUTH)
    assert r.json()["warning"] == "round 3 was paired with the previous result (1-0)"
    assert "### round 2 board 1: result changed from 1-0 to none after round 3 had been " \
        "paired" in client.get(f"/api/tournaments/{tid}/export.trf", headers=AUTH).text


def test_api_undo_counts_results_and_keeps_byes(client, svc):
    tid = _event(client, rounds=2)
    assert client.post(f"/api/tournaments/{tid}/byes", headers=AUTH,
                       json={"player": 6, "round": 4}).status_code == 201
    r = client.delete(f"/api/tournaments/{tid}/rounds/last", headers=AUTH)
    assert r.json()["undone"] == 2 and r.json()["results_removed"] == 3
    assert [(b.round, b.ids) for b in svc.tournament(tid).bye_requests] == [(4, (6,))]


def test_pages_show_the_warning_and_the_undo_count(client, svc):
    tid = _event(client)
    login(client, TOKEN)
    # the result form, sent by app.js (JSON answer) and without JavaScript (redirect)
    r = client.post(f"/arbiter/t/{tid}/round/1/result",
                    data={"board": "1", "result": "0-1", "correction": "1"},
                    headers={"X-Requested-With": "fetch", "Accept": "application/json"})
    assert r.json()["ok"] and r.json()["warning"] == \
        "rounds 2-3 were paired with the previous result (1-0)"
    page = client.get(f"/arbiter/t/{tid}/round/1?lang=en").text
    assert "Board 1: result changed from 1–0 to 0–1 after round 3 had been paired." in page
    r = client.post(f"/arbiter/t/{tid}/round/2/result",
                    data={"board": "2", "result": "1/2", "correction": "1"})
    assert '<div class="flash warning" role="alert" id="flash">round 3 was paired with the ' \
        'previous result (1-0)</div>' in r.text
    r = client.post(f"/arbiter/t/{tid}/round/2/result?lang=sl",
                    data={"board": "2", "result": "0-1", "correction": "1"})
    assert "3. kolo je bilo sestavljeno s prejšnjim rezultatom (1/2)" in r.text
    # undo: the count of the results removed; the bye request for round 4 stays
    assert client.post(f"/api/tournaments/{tid}/byes", headers=AUTH,
                       json={"player": 6, "round": 4}).status_code == 201
    r = client.post(f"/arbiter/t/{tid}/undo?lang=en")
    assert "Round 3 removed: its pairing and 3 result(s)" in r.text
    assert svc.state(tid).current_round == 2
    assert "H bye r4" in client.get(f"/arbiter/t/{tid}/players").text
    page = client.get(f"/arbiter/t/{tid}/round/1").text
    assert "after round 2 had been paired" in page
