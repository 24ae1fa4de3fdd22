# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""Hostile traffic on the web app (issue 26): each finding of the red-team run,
replayed in-process at a small size (the figures are in docs/scaling.md)."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisschess.formats.trf import write_trf
from swisschess.model.tournament import Player, Tournament
from swisschess.rules.roundrobin import MAX_PLAYERS as MAX_RR_PLAYERS
from swisschess.store import logins
from swisschess.store.logins import FREE_FAILURES
from swisschess.store.service import TournamentService
from swisschess.web import limits
from swisschess.web.app import create_app
from swisschess.web.cache import PublicPageCache
from swisschess.web.pairapi import create_pair_app
from swisschess.web.pairapi import pair_text as REAL_PAIR_TEXT

TEXT = {"Content-Type": "text/plain"}
TOKEN = "s3cret-token"
BASE = "http://127.0.0.1"


def n_tournaments(svc: TournamentService) -> int:
    return len(svc.list_tournaments())


def trf_of(n: int, code: str = "FIDE_ROUNDROBIN") -> str:
    t = Tournament(name="RR", rounds=3, system=code)
    for i in range(1, n + 1):
        t.players[i] = Player(id=i, name=f"P{i}", rating=2400 - i % 400)
    return write_trf(t)


# ------------------------------------------------ round robin: one round, bounded
def test_a_9999_player_round_robin_is_refused_at_once():
    with TestClient(create_pair_app()) as c:
        t0 = time.perf_counter()
        r = c.post("/api/pair?system=round-robin", content=trf_of(9999), headers=TEXT)
        assert time.perf_counter() - t0 < 10
    assert r.status_code == 413
    assert r.json()["exit_code"] == 4 and "at most" in r.json()["detail"]


def test_the_largest_round_robin_is_paired():
    with TestClient(create_pair_app()) as c:
        r = c.post("/api/pair?system=round-robin&edition=double", content=trf_of(MAX_RR_PLAYERS),
                   headers=TEXT)
    assert r.status_code == 200, r.text
    boards = r.json()["boards"]
    assert len(boards) == MAX_RR_PLAYERS // 2
    assert boards[0] == {"board": 1, "white": 1, "black": MAX_RR_PLAYERS}


# ------------------------------------------------------ body size, credential first
@pytest.fixture
def svc(tmp_path):
    s = TournamentService(str(tmp_path / "hostile.db"), actor="web")
    yield s
    s.close()


def call(app, method: str, path: str, chunks: list[bytes] | None = None,
         headers: dict[str, str] | None = None, client: str = "198.51.100.7"
         ) -> tuple[int, dict[str, str], bytes, int]:
    """One request straight through the ASGI app; the body is offered chunk by
    chunk: (status, headers, body, chunks the app took)."""
    chunks = list(chunks or [])
    taken = 0
    out: dict = {"body": b""}

    async def receive():
        nonlocal taken
        if taken < len(chunks):
            taken += 1
            return {"type": "http.request", "body": chunks[taken - 1],
                    "more_body": taken < len(chunks)}
        return {"type": "http.disconnect"}

    async def send(message):
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
            out["headers"] = {k.decode(): v.decode() for k, v in message["headers"]
                              if k != b"set-cookie"}
            out["cookies"] = [v.decode() for k, v in message["headers"] if k == b"set-cookie"]
        else:
            out["body"] += message.get("body", b"")

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "client": (client, 5000),
             "server": ("127.0.0.1", 8000),
             "headers": [(k.lower().encode(), v.encode()) for k, v in
                         {"host": "127.0.0.1:8000", **(headers or {})}.items()]}
    asyncio.run(app(scope, receive, send))
    return out["status"], out["headers"], out["body"], taken


MB = 1024 * 1024


def test_a_50_mb_body_announced_is_refused_before_a_byte_is_read(svc):
    app = create_app(token=TOKEN, service=svc)
    for path, ctype in (("/api/tournaments", "application/json"), ("/arbiter/new",
                        "application/x-www-form-urlencoded"), ("/login",
                        "application/x-www-form-urlencoded"), ("/api/tournaments/1/standings",
                        "application/json")):
        status, _h, body, taken = call(app, "POST", path, [b"x" * MB] * 50,
                                       {"content-type": ctype, "content-length": str(50 * MB)})
        assert (status, taken) == (413, 0), path
    status, _h, body, _t = call(app, "POST", "/api/tournaments", [b"{}"],
                                {"content-type": "application/json", "content-length": "2x"})
    assert status == 413
    assert n_tournaments(svc) == 0


def test_a_streamed_body_is_cut_at_the_limit(svc):
    app = create_app(token=TOKEN, service=svc)
    auth = {"authorization": f"Bearer {TOKEN}", "content-type": "application/json"}
    chunks = [b"[" + b" " * (64 * 1024)] + [b" " * (64 * 1024)] * 799  # 50 MB, no length
    status, _h, body, taken = call(app, "POST", "/api/tournaments", chunks, auth)
    assert status == 413 and b"limit" in body
    assert taken <= limits.DEFAULT_MAX_BODY // (64 * 1024) + 1  # not one chunk more
    # an upload route takes more: 1 MB of TRF text is read to the end (and judged)
    trf = json.dumps({"text": trf_of(8) + " " * MB}).encode()
    status, _h, body, taken = call(app, "POST", "/api/tournaments/import-trf",
                                   [trf[i:i + 65536] for i in range(0, len(trf), 65536)], auth)
    assert status == 201, body
    # a page's form too: the error page, in the reader's language
    status, _h, body, _t = call(app, "POST", "/arbiter/new", [b"name=" + b"x" * MB],
                                {"content-type": "application/x-www-form-urlencoded",
                                 "authorization": f"Bearer {TOKEN}", "accept-language": "sl"})
    assert status == 413 and "<html" in body.decode()
    assert "Zahteva je prevelika: tu je sprejetih največ 256 KB." in body.decode()


def test_anonymous_writes_are_refused_before_the_body_is_parsed(svc):
    app = create_app(token=TOKEN, service=svc)
    junk = [b"{not json" + b" " * 200_000]
    status, h, body, taken = call(app, "POST", "/api/tournaments", junk,
                                  {"content-type": "application/json"})
    assert status == 401 and h["www-authenticate"] == "Bearer" and taken == 0
    status, h, body, taken = call(app, "PUT", "/api/tournaments/1/trf", junk,
                                  {"content-type": "application/json",
                                   "authorization": "Bearer wrong"})
    assert status == 401 and taken == 0
    # a page's form: to the login page, body unread
    status, h, body, taken = call(app, "POST", "/arbiter/new", [b"name=X&rounds=5"],
                                  {"content-type": "application/x-www-form-urlencoded"})
    assert status == 303 and h["location"].startswith("/login?next=") and taken == 0
    # the pairing service and the login form need no credential
    status, _h, _b, taken = call(app, "POST", "/login", [b"token=nope"],
                                 {"content-type": "application/x-www-form-urlencoded"})
    assert status == 401 and taken == 1
    assert n_tournaments(svc) == 0


def test_a_wrong_bearer_token_counts_one_failure(svc):
    with TestClient(create_app(token=TOKEN, service=svc), base_url=BASE) as c:
        for _ in range(FREE_FAILURES):
            r = c.post("/api/tournaments", json={"name": "A", "rounds": 3},
                       headers={"Authorization": "Bearer wrong"})
            assert r.status_code == 401
        # counted once per request (the gate and the route ask the same question)
        r = c.post("/api/tournaments", json={"name": "A", "rounds": 3},
                   headers={"Authorization": "Bearer wrong"})
        assert r.status_code == 429 and "Retry-After" in r.headers


# ------------------------------------------------- who is the client: back-off
FORM = {"content-type": "application/x-www-form-urlencoded"}


def test_rotating_x_forwarded_for_meets_the_backoff(svc, monkeypatch):
    # The first wait is 1 s (``logins.backoff``); on a loaded machine 30 requests can take
    # longer, and the 26th would then be a fresh attempt.  A long first wait keeps the
    # test about the key, not the clock.
    monkeypatch.setattr(logins, "backoff", lambda n: 0.0 if n < FREE_FAILURES else 600.0)
    app = create_app(token=TOKEN, service=svc)  # no trusted proxy: the header is ignored
    statuses = [call(app, "POST", "/login", [b"token=guess%d" % i],
                     {**FORM, "x-forwarded-for": f"203.0.113.{i}"}, client="127.0.0.1")[0]
                for i in range(30)]
    assert statuses[:FREE_FAILURES] == [401] * FREE_FAILURES
    assert set(statuses[FREE_FAILURES:]) == {429}
    # behind a trusted proxy the header names the client: each its own count, and
    # only the address the proxy appended counts (the client wrote the rest)
    app = create_app(token=TOKEN, service=svc, trusted_proxies="10.0.0.1, ::1")
    for i in range(FREE_FAILURES + 2):
        status = call(app, "POST", "/login", [b"token=guess"],
                      {**FORM, "x-forwarded-for": f"192.0.2.{i}, 198.18.0.1"},
                      client="10.0.0.1")[0]
        assert status == (401 if i < FREE_FAILURES else 429)
    assert call(app, "POST", "/login", [b"token=guess"],
                {**FORM, "x-forwarded-for": "198.18.0.2"}, client="10.0.0.1")[0] == 401
    # from anywhere else the header is not believed
    assert call(app, "POST", "/login", [b"token=guess"],
                {**FORM, "x-forwarded-for": "198.18.0.3"}, client="127.0.0.1")[0] == 429


def test_a_guesser_on_the_arbiters_address_cannot_lock_the_arbiter_out(svc):
    app = create_app(token=TOKEN, service=svc)
    arbiter = TestClient(app, base_url=BASE)
    script = TestClient(app, base_url=BASE)
    attacker = TestClient(app, base_url=BASE)  # same address ("testclient"), no device cookie
    with arbiter, script, attacker:
        r = arbiter.post("/login", data={"token": TOKEN}, follow_redirects=False)
        assert r.status_code == 303 and "swisschess_device" in r.cookies
        arbiter.post("/logout", data={"csrf": login_csrf(arbiter)})
        r = script.get("/api/tournaments/1/players", headers={"Authorization": f"Bearer {TOKEN}"})
        assert "swisschess_device" in r.cookies  # a script keeps it like a browser
        for _ in range(FREE_FAILURES + 3):
            attacker.post("/login", data={"token": "guess"})
        assert attacker.post("/login", data={"token": TOKEN}).status_code == 429
        assert attacker.post("/api/tournaments", json={"name": "X", "rounds": 3}, headers={
            "Authorization": f"Bearer {TOKEN}"}).status_code == 429
        # the arbiter's browser and script are known devices: not held back
        r = arbiter.post("/login", data={"token": TOKEN}, follow_redirects=False)
        assert r.status_code == 303
        r = script.post("/api/tournaments", json={"name": "X", "rounds": 3},
                        headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status_code == 201
        # a forged device cookie is just no device
        attacker.cookies.set("swisschess_device", "abc.def")
        assert attacker.post("/login", data={"token": TOKEN}).status_code == 429


def login_csrf(c: TestClient) -> str:
    page = c.get("/arbiter")
    return re.search(r'name="csrf-token" content="([^"]+)"', page.text)[1]


# ------------------------------------------------------------------- serve
def test_serve_hides_secrets_and_trusts_no_forwarded_header_by_default(tmp_path, monkeypatch,
                                                                        capsys):
    import uvicorn

    from swisschess.cli.main import main
    from swisschess.cli.serve import masked

    assert masked("postgresql://swiss:hunter2@db.example/swiss") == \
        "postgresql://swiss:***@db.example/swiss"
    assert masked(str(tmp_path / "a.db")) == str(tmp_path / "a.db")
    runs: list[tuple] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: runs.append((app, kw)))
    monkeypatch.delenv("SWISSCHESS_TOKEN", raising=False)
    monkeypatch.delenv("SWISSCHESS_TRUSTED_PROXY", raising=False)
    secret = tmp_path / "token.txt"
    secret.write_text("from-a-file\n")
    db = str(tmp_path / "s.db")
    assert main(["serve", "--db", db, "--token-file", str(secret)]) == 0
    app, kw = runs[-1]
    assert app.state.token == "from-a-file" and kw["proxy_headers"] is False
    err = capsys.readouterr().err
    assert "from-a-file" not in err and "password" not in err
    assert main(["serve", "--db", db, "--token-file", str(tmp_path / "none")]) == 5
    assert main(["serve", "--db", db, "--trusted-proxy", "not-an-ip"]) == 3
    assert "--trusted-proxy" in capsys.readouterr().err
    assert main(["serve", "--db", db, "--trusted-proxy", "10.0.0.1"]) == 0
    app, kw = runs[-1]
    status = call(app, "POST", "/login", [b"token=x"], {**FORM, "x-forwarded-for": "192.0.2.9"},
                  client="10.0.0.1")[0]
    assert status == 401 and kw["proxy_headers"] is False
    forwarded = [m for m in app.user_middleware if m.cls is limits.ForwardedClient]
    assert [str(n) for n in forwarded[0].kwargs["proxies"]] == ["10.0.0.1/32"]
    assert main(["serve", "--db", db, "--allowed-hosts", "chess.example.org"]) == 0
    hosts = [m.kwargs for m in runs[-1][0].user_middleware if "allowed_hosts" in m.kwargs]
    assert hosts == [{"allowed_hosts": ["chess.example.org"]}]


# ------------------------------------------------- public pages: cached by event
def small_tournament(svc: TournamentService) -> int:
    tid = svc.create_tournament("Cache Open", 3)
    svc.add_players(tid, [{"name": f"Player {i}", "rating": 2000 - i} for i in range(1, 7)])
    svc.pair_next_round(tid)
    return tid


def test_public_pages_are_cached_until_the_next_event_on_any_worker(svc, tmp_path):
    tid = small_tournament(svc)
    app = create_app(token=TOKEN, service=svc)
    cache = next(m for m in app.user_middleware if m.cls is PublicPageCache)
    # a second worker: another app and service on the same database
    other = TournamentService(str(tmp_path / "hostile.db"), actor="web")
    try:
        with TestClient(app, base_url=BASE) as c, \
                TestClient(create_app(token=TOKEN, service=other), base_url=BASE) as w2:
            first = c.get(f"/t/{tid}/pairings/1")
            assert first.status_code == 200 and "Player 1" in first.text
            ranking_before = svc.standings(tid)
            assert svc.standings(tid) is ranking_before  # computed once per event
            assert c.get(f"/t/{tid}/pairings/1").text == first.text
            s1 = c.get(f"/t/{tid}/standings").text
            instance = c.app.middleware_stack  # built: find the cache's counters
            pc = find_cache(instance)
            assert (pc.hits, pc.misses) == (1, 2)
            # a result entered on the other worker: the next page shows it
            for board in (1, 2, 3):  # the round complete: the standings change too
                r = w2.post(f"/api/tournaments/{tid}/rounds/1/results", json={
                    "board": board, "result": "1-0"},
                    headers={"Authorization": f"Bearer {TOKEN}"})
                assert r.status_code == 200
            after = c.get(f"/t/{tid}/pairings/1")
            assert after.text != first.text and "1–0" in after.text
            assert svc.standings(tid) is not ranking_before
            assert c.get(f"/t/{tid}/standings").text != s1
            # per language; a logged-in arbiter and a ?msg= are never served from the cache
            assert c.get(f"/t/{tid}/pairings/1", headers={"accept-language": "sl"}
                         ).text != after.text
            hits = pc.hits
            c.post("/login", data={"token": TOKEN})
            assert "Log out" in c.get(f"/t/{tid}/pairings/1").text
            c.get(f"/t/{tid}/pairings/1?lang=en")
            assert pc.hits == hits
            assert cache.kwargs["service_of"]() is svc
    finally:
        other.close()


def find_cache(app):
    while app is not None and not isinstance(app, PublicPageCache):
        app = getattr(app, "app", None)
    assert app is not None
    return app


# ------------------------------------------------- /api/pair: bounded work
def test_pairing_service_refuses_when_busy_and_past_its_time_budget(monkeypatch):
    import threading

    from swisschess.web import pairapi

    monkeypatch.setattr(pairapi, "SLOTS", threading.BoundedSemaphore(1))
    monkeypatch.setattr(pairapi, "ISOLATION", "thread")  # the slow stand-in runs here
    release = threading.Event()

    def slow(*args):
        release.wait(10)
        raise pairapi.PairFailure(3, "never mind")

    monkeypatch.setattr(pairapi, "pair_text", slow)
    monkeypatch.setattr(pairapi, "TIME_BUDGET", 0.2)
    with TestClient(create_pair_app()) as c:
        t0 = time.perf_counter()
        r = c.post("/api/pair", content=trf_of(4, "FIDE_DUTCH_2025"), headers=TEXT)
        assert r.status_code == 503 and r.json()["error"] == "timeout"
        assert r.headers["retry-after"] == str(pairapi.RETRY_AFTER)
        assert time.perf_counter() - t0 < 5
        # the computation still runs and holds the only place: the next is refused at once
        r = c.post("/api/pair", content=trf_of(4, "FIDE_DUTCH_2025"), headers=TEXT)
        assert r.status_code == 503 and r.json()["error"] == "busy"
        release.set()
        for _ in range(100):  # the place comes back when the computation ends
            if pairapi.SLOTS.acquire(timeout=0.1):
                pairapi.SLOTS.release()
                break
        monkeypatch.setattr(pairapi, "pair_text", REAL_PAIR_TEXT)
        r = c.post("/api/pair", content=trf_of(4, "FIDE_DUTCH_2025"), headers=TEXT)
        assert r.status_code == 200, r.text


# --------------------------------------------------------------- low findings
def test_standings_csv_never_starts_a_cell_with_a_formula(tmp_path, capsys):
    from swisschess.cli.main import main
    from swisschess.standings.render import spreadsheet_safe

    t = Tournament(name="CSV", rounds=1)
    names = ['=cmd|"/c calc"!A1', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR", "Plain, Name"]
    for i, name in enumerate(names, 1):
        t.players[i] = Player(id=i, name=name, rating=2000 - i)
    path = tmp_path / "csv.trf"
    path.write_text(write_trf(t))
    assert main(["standings", str(path), "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    cells = [c for row in rows for c in row]
    assert not [c for c in cells if c.startswith(("=", "+", "-", "@", "\t", "\r"))]
    shown = {c[1:] for c in cells if c.startswith("'")}
    assert set(names[:4]) <= shown and "Plain, Name" in cells
    assert spreadsheet_safe("-1.5") == "-1.5" and spreadsheet_safe("+3") == "+3"
    assert spreadsheet_safe(-2) == "-2" and spreadsheet_safe("=1+1") == "'=1+1"


@pytest.mark.parametrize("url", ["/t/{big}", "/t/{big}/standings", "/api/tournaments/{big}",
                                 "/arbiter/t/{big}", "/api/tournaments/{big}/standings",
                                 "/t/1/pairings/{big}", "/arbiter/t/1/players/{big}"])
def test_out_of_range_ids_are_not_found(svc, url):
    small_tournament(svc)
    with TestClient(create_app(token=TOKEN, service=svc), base_url=BASE,
                    raise_server_exceptions=False) as c:
        for big in (2**63, 2**64 + 5, 10**30, 2**31):
            r = c.get(url.format(big=big), headers={"Authorization": f"Bearer {TOKEN}"})
            assert r.status_code == 404, (url, big, r.text[:200])


def test_api_docs_work_offline(svc):
    for app in (create_app(token=TOKEN, service=svc), create_pair_app()):
        with TestClient(app, base_url=BASE) as c:
            r = c.get("/api/docs")
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
            page = r.text
            # every operation of the description is on the page, nothing from outside
            spec = c.get("/api/openapi.json").json()
            for path, item in spec["paths"].items():
                for method in item:
                    assert f"{method.upper()} {path}" in page, (method, path)
            assert not re.findall(r"""(?:src|href)=["']?(?:https?:)?//""", page)
            assert "<script" not in page
            assert "unsafe-inline" not in r.headers["content-security-policy"]


# ------------------------------------------------ TRF: no record break in a field
BREAKS = ["\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029"]


def test_the_trf_writer_never_breaks_a_record_inside_a_field():
    from swisschess.formats.trf import parse_trf

    t = Tournament(name="Open" + "\n001 9999 m    Forged, Line", rounds=3, city="A\rB",
                   chief_arbiter="C\u2028D")
    t.comments.append("note\n012 Forged name")
    for i, br in enumerate(BREAKS, 1):
        t.players[i] = Player(id=i, name=f"Name{br}001 {9000 + i} Forged", rating=2000 + i,
                              federation=f"S{br}", birth=f"2000{br}")
    for variant in ("2026", "16"):
        text = write_trf(t, variant)
        lines = text.split("\n")[:-1]
        assert all(not any(b in ln for b in BREAKS) for ln in lines)
        assert not [ln for ln in lines if ln.startswith("001") and "Forged" in ln[:14]]
        back = parse_trf(text).tournament
        assert sorted(back.players) == list(range(1, len(BREAKS) + 1)), variant
        assert back.rounds == 3 and back.name.startswith("Open ")


def test_the_exported_trf_keeps_a_reason_with_a_line_break_on_one_line(svc):
    from swisschess.formats.trf import parse_trf
    from swisschess.store.trfout import export

    tid = small_tournament(svc)
    s = svc.state(tid).copy()
    s.manual.setdefault(1, []).append("swap\n001    7 m    Ghost, Player   2000")
    s.t.players[2].name = "Two\nLines"
    s.t.players[3].withdrawn = True
    s.t.players[3].name = "Three\r\n012 Forged"
    text = export(s)
    assert "\n001    7" not in text and "\n012 Forged" not in text
    back = parse_trf(text).tournament
    assert sorted(back.players) == [1, 2, 3, 4, 5, 6] and back.name == "Cache Open"
    assert back.rounds_recorded() == 1


# ----------------------------------------------- text fields: length, bidi overrides
RLO = "\u202e"


def test_api_text_fields_have_limits_and_no_bidi_overrides(svc):
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    with TestClient(create_app(token=TOKEN, service=svc), base_url=BASE) as c:
        for body in ({"name": "x" * 201, "rounds": 3}, {"name": f"Open{RLO}nepO", "rounds": 3},
                     {"name": "Open", "rounds": 3, "city": "c" * 201},
                     {"name": "Open", "rounds": 3, "chief_arbiter": f"A{chr(0x2066)}B"}):
            r = c.post("/api/tournaments", json=body, headers=bearer)
            assert r.status_code == 422, body
        assert "U+202E" in c.post("/api/tournaments", json={
            "name": f"Open{RLO}", "rounds": 3}, headers=bearer).json()["detail"]
        r = c.post("/api/tournaments", json={"name": "Open", "rounds": 3}, headers=bearer)
        tid = r.json()["id"]
        r = c.post(f"/api/tournaments/{tid}/players", json={"name": f"Mal{RLO}lory"},
                   headers=bearer)
        assert r.status_code == 422
        r = c.post(f"/api/tournaments/{tid}/players", json={"name": "ن" * 33}, headers=bearer)
        assert r.status_code == 201  # right-to-left writing itself is welcome
        r = c.patch(f"/api/tournaments/{tid}", json={"name": "y" * 10_000}, headers=bearer)
        assert r.status_code == 422
    assert [it.name for it in svc.list_tournaments()] == ["Open"]


def test_form_fields_have_limits_and_no_bidi_overrides(svc):
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    with TestClient(create_app(token=TOKEN, service=svc), base_url=BASE) as c:
        r = c.post("/arbiter/new", data={"name": "n" * 201, "rounds": "5"}, headers=bearer)
        assert r.status_code == 400 and "at most 200 characters" in r.text
        r = c.post("/arbiter/new", data={"name": f"Club{RLO}", "rounds": "5"},
                   headers={**bearer, "accept-language": "sl"})
        assert r.status_code == 400 and "dvosmerni krmilni znak U+202E" in r.text
        r = c.post("/arbiter/new", data={"name": "Club", "rounds": "5", "city": "c" * 3000},
                   headers=bearer)
        assert r.status_code == 400
        assert n_tournaments(svc) == 0
        r = c.post("/arbiter/new", data={"name": "Club", "rounds": "5"}, headers=bearer,
                   follow_redirects=False)
        assert r.status_code == 303 and n_tournaments(svc) == 1


def test_a_pairing_past_its_time_budget_is_stopped(monkeypatch):
    """The default isolation: the pairing runs in a child process, killed at the
    budget, and its place is free at once."""
    import multiprocessing

    from swisschess.web import pairapi

    monkeypatch.setattr(pairapi, "ISOLATION", "process")  # the default (conftest: thread)
    with TestClient(create_pair_app()) as c:
        # an ordinary request through the child process: the same answer as in-process
        small = trf_of(6, "FIDE_DUTCH_2025")
        r = c.post("/api/pair?format=engine", content=small, headers=TEXT)
        assert r.status_code == 200
        assert r.text == "\n".join(REAL_PAIR_TEXT(small)[0].engine_lines()) + "\n"
        bad = c.post("/api/pair", content="001 x", headers=TEXT)
        assert bad.status_code == 422 and bad.json()["exit_code"] == 3
        # a budget no pairing of 1,001 players meets (whatever the engine's speed)
        monkeypatch.setattr(pairapi, "TIME_BUDGET", 0.005)
        t0 = time.perf_counter()
        r = c.post("/api/pair", content=trf_of(1001, "FIDE_DUTCH_2025"), headers=TEXT)
        assert r.status_code == 503 and r.json()["error"] == "timeout"
        assert time.perf_counter() - t0 < 15
        assert not [p for p in multiprocessing.active_children() if p.name != "forkserver"]
        assert pairapi.SLOTS.acquire(blocking=False)  # the place is free again
        pairapi.SLOTS.release()


def test_serve_says_when_the_port_is_taken(tmp_path, monkeypatch, capsys):
    import socket

    import uvicorn

    from swisschess.cli.main import main

    runs: list = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: runs.append(kw))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        for extra in ([], ["--pair-only"], ["--workers", "2"]):
            assert main(["serve", "--db", str(tmp_path / "p.db"), "--port", str(port),
                         *extra]) == 5
            assert f"127.0.0.1:{port}" in capsys.readouterr().err
    assert runs == []


def test_arbiter_answers_are_not_cached(svc):
    tid = small_tournament(svc)
    with TestClient(create_app(token=TOKEN, service=svc), base_url=BASE) as c:
        bearer = {"Authorization": f"Bearer {TOKEN}"}
        for url in (f"/arbiter/t/{tid}/players", f"/api/tournaments/{tid}/players",
                    f"/api/tournaments/{tid}/export.trf", "/login", "/arbiter"):
            assert c.get(url, headers=bearer).headers.get("cache-control") == "no-store", url
        assert "cache-control" not in c.get(f"/t/{tid}/standings").headers


# ---------------------------------------- the red team's fuzzing, at a small budget
PATHS = ["/api/tournaments", "/api/tournaments/{n}", "/api/tournaments/{n}/players",
         "/api/tournaments/{n}/players/bulk", "/api/tournaments/{n}/rounds/{n}/results",
         "/api/tournaments/{n}/rounds/{n}/pairing", "/api/tournaments/import-trf",
         "/api/tournaments/{n}/byes", "/t/{n}/standings", "/t/{n}/pairings/{n}",
         "/arbiter/new", "/arbiter/t/{n}/players", "/arbiter/t/{n}/round/{n}/edit", "/login"]
NUMBERS = st.sampled_from(["1", "0", "-1", str(2**31), str(2**63), str(10**40), "x", "1e3"])
TEXTS = st.text(alphabet=st.sampled_from(list("aZ9 ,-=\n\r\t\x00") + [RLO, "\u2028", "ü"]),
                max_size=60)
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | TEXTS,
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["name", "rounds", "board", "result",
                                                       "boards", "reason", "text", "player"]),
                                      inner, max_size=5), max_leaves=12)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    s = TournamentService(str(tmp_path_factory.mktemp("fuzz") / "f.db"), actor="web")
    small_tournament(s)
    yield create_app(token=TOKEN, service=s)
    s.close()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(method=st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE"]),
       path=st.sampled_from(PATHS), n=NUMBERS, body=JSON, form=st.booleans(),
       auth=st.booleans(), xff=TEXTS)
def test_fuzz_hostile_requests_never_500(fuzz_app, method, path, n, body, form, auth, xff):
    # a header is bytes: the text's UTF-8, with what would end the header removed
    raw = xff.encode("utf-8").replace(b"\n", b" ").replace(b"\r", b" ").replace(b"\x00", b" ")
    headers: dict[str, str | bytes] = {"x-forwarded-for": raw}
    if auth:
        headers["authorization"] = f"Bearer {TOKEN}"
    with TestClient(fuzz_app, base_url=BASE, raise_server_exceptions=False) as c:
        url = path.format(n=n)
        if form and isinstance(body, dict):
            r = c.request(method, url, data={k: str(v) for k, v in body.items()},
                          headers=headers)
        else:
            r = c.request(method, url, json=body, headers=headers)
    assert r.status_code < 500, (method, url, body, r.status_code, r.text[:300])


# ------------------------------------------------------------ a real server
def children_of(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_workers_die_with_their_master_and_the_port_is_free_again(tmp_path):
    """``kill -9`` of the ``serve --workers 2`` master: the workers end too, and a
    new server can take the port (issue 26; one real server)."""
    import os
    import signal
    import subprocess
    import sys

    import httpx
    from storehelp import free_port

    from swisschess.cli.serve import port_taken

    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SWISSCHESS_")}
    proc = subprocess.Popen([sys.executable, "-m", "swisschess", "serve", "--pair-only",
                             "--workers", "2", "--port", str(port)], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None and time.monotonic() < deadline, "server did not start"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/docs", timeout=5).status_code == 200:
                    workers = [p for p in children_of(proc.pid) if alive(p)]
                    if len(workers) >= 2:
                        break
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        os.kill(proc.pid, signal.SIGKILL)  # the master only
        proc.wait()
        deadline = time.monotonic() + 30
        while any(alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [p for p in workers if alive(p)]
        assert port_taken("127.0.0.1", port) is None
    finally:
        for p in [proc.pid, *workers]:
            try:
                os.kill(p, signal.SIGKILL)
            except OSError:
                pass


def test_only_the_allowed_host_names_are_served(svc):
    app = create_app(token=TOKEN, service=svc, allowed_hosts="chess.example.org, 127.0.0.1")
    with TestClient(app, base_url="http://chess.example.org") as c:
        assert c.get("/").status_code == 200
        assert c.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200
        assert c.get("/", headers={"host": "evil.example"}).status_code == 400
        assert c.post("/login", data={"token": TOKEN},
                      headers={"host": "evil.example"}).status_code == 400
    with TestClient(create_app(token=TOKEN, service=svc), base_url=BASE) as c:
        assert c.get("/", headers={"host": "anything.example"}).status_code == 200
