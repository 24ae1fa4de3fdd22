"""The web app's system settings: Baku acceleration and round robin (Berger tables)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from storehelp import login

from swisschess.formats.trf import parse_trf
from swisschess.rules.roundrobin import schedule
from swisschess.store.service import TournamentService
from swisschess.web.app import create_app

TOKEN = "s3cret"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def client(tmp_path):
    svc = TournamentService(f"sqlite:///{tmp_path / 'w.db'}", actor="web")
    with TestClient(create_app(token=TOKEN, service=svc), base_url="http://127.0.0.1") as c:
        yield c
    svc.close()


def _new(client, n: int, rounds: int, **body) -> int:
    r = client.post("/api/tournaments", headers=AUTH,
                    json={"name": "Systems", "rounds": rounds, **body})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    r = client.post(f"/api/tournaments/{tid}/players/bulk", headers=AUTH,
                    json=[{"name": f"Player {i}", "rating": 2400 - 10 * i}
                          for i in range(1, n + 1)])
    assert r.status_code == 201
    return tid


def _export(client, tid: int):
    login(client, TOKEN)
    r = client.get(f"/arbiter/t/{tid}/export.trf")
    assert r.status_code == 200
    return parse_trf(r.text).tournament


def test_api_baku_tournament(client):
    tid = _new(client, 12, 5, baku=True)
    assert client.post(f"/api/tournaments/{tid}/rounds", headers=AUTH).status_code == 201
    t = _export(client, tid)
    assert t.system == "FIDE_DUTCH_BAKU" and sorted(t.xxa) == list(range(1, 7))
    for pid in t.xxa:  # GA paired within GA in round 1
        assert t.players[pid].entry(1).opponent in t.xxa


def test_api_round_robin_and_printable_table(client):
    tid = _new(client, 5, 10, round_robin="double")
    assert client.post(f"/api/tournaments/{tid}/rounds", headers=AUTH).status_code == 201
    t = _export(client, tid)
    assert t.system == "FIDE_DOUBLEROUNDROBIN"
    first = [(w, b) for w, b in schedule(5, double=True)[0] if max(w, b) <= 5]
    for w, b in first:
        assert t.players[w].entry(1).opponent == b
    page = client.get(f"/arbiter/t/{tid}/print/berger")
    assert page.status_code == 200
    assert "double round robin" in page.text and "Number 6 is the bye" in page.text
    assert page.text.count("<tr><td class=\"num\">") >= 10
    assert client.get(f"/arbiter/t/{tid}").text.count("/print/berger") == 1


def test_arbiter_form_offers_the_systems(client):
    login(client, TOKEN)  # and the session's CSRF token (web/security.py)
    home = client.get("/arbiter").text
    assert 'value="round-robin"' in home and 'value="baku"' in home
    r = client.post("/arbiter/new", data={"name": "RR", "rounds": "3", "edition": "round-robin"},
                    follow_redirects=False)
    assert r.status_code == 303
    r = client.post("/arbiter/new", data={"name": "Acc", "rounds": "5", "edition": "2026",
                                          "acceleration": "baku"}, follow_redirects=False)
    assert r.status_code == 303
    items = client.get("/api/tournaments", headers=AUTH).json()
    systems = {it["name"]: it["system"] for it in items}
    assert systems["RR"] == "round-robin"
