# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""Web app hardening (issue 14 part 2): CSRF, session expiry, login back-off,
security headers, constant-time comparisons.  The browser's cross-origin POST
is in tests/browser/test_browser_security.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from storehelp import pg_server, store_url  # noqa: F401

from swisschess.store.logins import FORGET_AFTER, FREE_FAILURES, MAX_WAIT, LoginThrottle, backoff
from swisschess.store.service import TournamentService
from swisschess.web import security
from swisschess.web.app import create_app

TOKEN = "s3cret-token"
BASE = "http://127.0.0.1"


class Clock:
    """A clock the tests move forward."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def svc(tmp_path):
    s = TournamentService(str(tmp_path / "sec.db"), actor="web")
    yield s
    s.close()


def make_client(svc: TournamentService, clock: Clock | None = None) -> TestClient:
    app = create_app(token=TOKEN, service=svc)
    if clock is not None:
        app.state.auth.clock = clock
        app.state.auth.throttle.clock = clock
    return TestClient(app, base_url=BASE)


def login(c: TestClient) -> str:
    """Log in; return the session's CSRF token (from the page's meta tag)."""
    r = c.post("/login", data={"token": TOKEN, "next": "/arbiter"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    page = c.get("/arbiter")
    assert page.status_code == 200
    return re.search(r'name="csrf-token" content="([^"]+)"', page.text)[1]


def n_tournaments(svc: TournamentService) -> int:
    return len(svc.list_tournaments())


# ------------------------------------------------------------------- CSRF
def test_every_post_form_carries_the_csrf_token(svc):
    with make_client(svc) as c:
        csrf = login(c)
        tid = c.post("/api/tournaments", json={"name": "T", "rounds": 3},
                     headers={"X-CSRF-Token": csrf}).json()["id"]
        c.post(f"/api/tournaments/{tid}/players/bulk", headers={"X-CSRF-Token": csrf},
               json=[{"name": f"P{i}", "rating": 2000 - i} for i in range(1, 5)])
        c.put(f"/api/tournaments/{tid}/rounds/1/pairing", headers={"X-CSRF-Token": csrf},
              json={"boards": [[1, 3], [4, 2]], "reason": "test"})
        pages = ["/arbiter", f"/arbiter/t/{tid}", f"/arbiter/t/{tid}/players",
                 f"/arbiter/t/{tid}/players/1", f"/arbiter/t/{tid}/round/1",
                 f"/arbiter/t/{tid}/round/1/edit"]
        forms = 0
        for url in pages:
            html = c.get(url).text
            for form in re.findall(r"<form[^>]*method=\"post\"[^>]*>.*?</form>", html, re.S):
                forms += 1
                assert f'name="csrf" value="{csrf}"' in form, (url, form[:120])
        assert forms >= 10


def test_add_csrf_fills_every_post_form_only():
    html = ("<html><head><title>x</title></head><body>"
            '<form method="post" action="/a"><button>a</button></form>'
            "<form method='POST' action=\"/b\" class=\"x\"><button>b</button></form>"
            '<form method="get" action="/c"></form><form action="/d"></form>'
            "<p>&lt;form method=\"post\"&gt; typed by a player</p></body></html>")
    out = security.add_csrf(html, "TOKEN")
    field = '<input type="hidden" name="csrf" value="TOKEN">'
    assert out.count(field) == 2
    assert '<form method="post" action="/a">' + field in out
    assert "<form method='POST' action=\"/b\" class=\"x\">" + field in out
    assert '<meta name="csrf-token" content="TOKEN">' in out.split("</head>")[0]
    assert security.add_csrf(html, "") == html


def test_cookie_post_without_or_with_a_wrong_csrf_token_is_refused(svc):
    with make_client(svc) as c:
        csrf = login(c)
        data = {"name": "Forged Open", "rounds": "5"}
        r = c.post("/arbiter/new", data=data)
        assert r.status_code == 403 and "CSRF" in r.text
        r = c.post("/arbiter/new", data={**data, "csrf": csrf[:-2] + "00"})
        assert r.status_code == 403
        r = c.post("/logout", follow_redirects=False)
        assert r.status_code == 403
        assert n_tournaments(svc) == 0
        # the form field of the page makes it
        r = c.post("/arbiter/new", data={**data, "csrf": csrf}, follow_redirects=False)
        assert r.status_code == 303 and n_tournaments(svc) == 1


def test_every_router_is_protected_even_one_added_later(svc):
    from fastapi import APIRouter, Form

    app = create_app(token=TOKEN, service=svc)
    extra = APIRouter()
    changed = []

    @extra.post("/arbiter/t/{tid}/something")
    def something(tid: int, value: str = Form("")):
        changed.append(value)
        return {"ok": True}

    app.include_router(extra)  # as another package (i18n, ...) would
    with TestClient(app, base_url=BASE) as c:
        csrf = login(c)
        assert c.post("/arbiter/t/1/something", data={"value": "x"}).status_code == 403
        assert c.post("/arbiter/t/1/something", data={"value": "y", "csrf": csrf}
                      ).status_code == 200
    assert changed == ["y"]


def test_cookie_api_call_needs_the_csrf_header_bearer_does_not(svc):
    with make_client(svc) as c:
        csrf = login(c)
        r = c.post("/api/tournaments", json={"name": "A", "rounds": 3})
        assert r.status_code == 403 and "CSRF" in r.json()["detail"]
        assert n_tournaments(svc) == 0
        r = c.post("/api/tournaments", json={"name": "A", "rounds": 3},
                   headers={"X-CSRF-Token": csrf})
        assert r.status_code == 201
        # a bearer token decides alone: no CSRF token needed, and a wrong one fails
        # even with a valid session cookie sent along
        r = c.post("/api/tournaments", json={"name": "B", "rounds": 3},
                   headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status_code == 201
        r = c.post("/api/tournaments", json={"name": "C", "rounds": 3},
                   headers={"Authorization": "Bearer wrong", "X-CSRF-Token": csrf})
        assert r.status_code == 401
    with make_client(svc) as c:  # no cookie: a bearer token needs no CSRF token
        r = c.post("/api/tournaments", json={"name": "D", "rounds": 3},
                   headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status_code == 201
    assert n_tournaments(svc) == 3


def test_cross_origin_post_fails_even_with_the_token(svc):
    with make_client(svc) as c:
        csrf = login(c)
        evil = {"Origin": "http://evil.example", "X-CSRF-Token": csrf}
        r = c.post("/arbiter/new", data={"name": "X", "rounds": "5", "csrf": csrf},
                   headers={"Origin": "http://127.0.0.1:9999"})  # same host, other port
        assert r.status_code == 403
        r = c.post("/api/tournaments", json={"name": "X", "rounds": 3}, headers=evil)
        assert r.status_code == 403 and "another site" in r.json()["detail"]
        r = c.post("/arbiter/new", data={"name": "X", "rounds": "5", "csrf": csrf},
                   headers={"Origin": "null"})
        assert r.status_code == 403
        r = c.post("/arbiter/new", data={"name": "X", "rounds": "5", "csrf": csrf},
                   headers={"Sec-Fetch-Site": "cross-site"})
        assert r.status_code == 403
        assert n_tournaments(svc) == 0
        # the stateless pairing service takes no credential: any site may call it
        trf = (Path(__file__).parent / "data/reference/dutch-2026/201.trf").read_text()
        r = c.post("/api/pair", content=trf, headers={"Content-Type": "text/plain",
                                                      "Origin": "http://evil.example"})
        assert r.status_code == 200
        # the same request from our own origin goes through
        r = c.post("/arbiter/new", data={"name": "X", "rounds": "5", "csrf": csrf},
                   headers={"Origin": BASE}, follow_redirects=False)
        assert r.status_code == 303 and n_tournaments(svc) == 1
    with make_client(svc) as c:  # login CSRF: a foreign page cannot log us in
        r = c.post("/login", data={"token": TOKEN}, headers={"Origin": "http://evil.example"},
                   follow_redirects=False)
        assert r.status_code == 403 and "swisschess_session" not in r.cookies


# ------------------------------------------------------------- sessions
def test_session_expires_after_twelve_hours(svc):
    clock = Clock()
    with make_client(svc, clock) as c:
        login(c)
        cookie = c.cookies["swisschess_session"]
        assert TOKEN not in cookie and "." in cookie
        clock.now += security.SESSION_TTL - 60
        assert c.get("/arbiter", follow_redirects=False).status_code == 200
        clock.now += 61
        r = c.get("/arbiter", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/login")
        # and the API no longer takes it either
        assert c.post("/api/tournaments", json={"name": "Late", "rounds": 3}).status_code in (
            401, 403)
        assert n_tournaments(svc) == 0


def test_session_cookie_is_signed_and_flagged(svc):
    with make_client(svc) as c:
        r = c.post("/login", data={"token": TOKEN}, follow_redirects=False)
        head = r.headers["set-cookie"].lower()
        assert "httponly" in head and "samesite=strict" in head and "max-age=43200" in head
        good = c.cookies["swisschess_session"]
        sid, issued, sig = good.split(".")
        for forged in (f"{sid}.{int(issued) + 3600}.{sig}", f"x{sid}.{issued}.{sig}",
                       f"{sid}.{issued}.{'0' * len(sig)}", "garbage", ""):
            c.cookies.clear()
            c.cookies.set("swisschess_session", forged)
            assert c.get("/arbiter", follow_redirects=False).status_code == 303, forged
        # a new token (server restarted with another --token) ends every session
    app2 = create_app(token="another-token", service=svc)
    with TestClient(app2, base_url=BASE) as c2:
        c2.cookies.set("swisschess_session", good)
        assert c2.get("/arbiter", follow_redirects=False).status_code == 303


def test_logout_ends_the_session_everywhere(svc):
    with make_client(svc) as c:
        csrf = login(c)
        stolen = c.cookies["swisschess_session"]
        r = c.post("/logout", data={"csrf": csrf}, follow_redirects=False)
        assert r.status_code == 303
        assert c.get("/arbiter", follow_redirects=False).status_code == 303
    for app in (create_app(token=TOKEN, service=svc), create_app(token=TOKEN, service=svc)):
        with TestClient(app, base_url=BASE) as other:  # another worker, a copied cookie
            other.cookies.set("swisschess_session", stolen)
            assert other.get("/arbiter", follow_redirects=False).status_code == 303
            assert other.post("/api/tournaments", json={"name": "X", "rounds": 3},
                              headers={"X-CSRF-Token": csrf}).status_code == 401
    with make_client(svc) as c:  # a new login works
        login(c)
        assert c.get("/arbiter", follow_redirects=False).status_code == 200
    assert n_tournaments(svc) == 0


# ------------------------------------------------------------ back-off
def test_backoff_schedule(svc):
    assert [backoff(n) for n in range(FREE_FAILURES)] == [0.0] * FREE_FAILURES
    assert [backoff(FREE_FAILURES + k) for k in range(4)] == [1.0, 2.0, 4.0, 8.0]
    assert backoff(100) == MAX_WAIT
    # failures are forgotten a day after the last one (the table keeps recent ones only)
    clock = Clock()
    throttle = LoginThrottle(svc.engine, clock)
    for _ in range(40):
        throttle.failure("ip:192.0.2.1")
    assert throttle.wait("ip:192.0.2.1") == MAX_WAIT
    clock.now += FORGET_AFTER + 1
    assert throttle.wait("ip:192.0.2.1") == 0.0
    throttle.failure("ip:192.0.2.2")  # prunes the old row
    assert throttle.failures("ip:192.0.2.1") == (0, 0.0)
    assert throttle.failures("ip:192.0.2.2")[0] == 1


def test_login_backoff_kept_in_the_database(store_url):
    svc = TournamentService(store_url, actor="web")
    clock = Clock()
    try:
        with make_client(svc, clock) as c:
            for _ in range(FREE_FAILURES):
                r = c.post("/login", data={"token": "guess"})
                assert r.status_code == 401
            # now every attempt waits, even with the right password
            r = c.post("/login", data={"token": TOKEN}, follow_redirects=False)
            assert r.status_code == 429 and r.headers["retry-after"] == "1"
            assert "swisschess_session" not in r.cookies
            # the API's bearer token is held back the same way
            r = c.post("/api/tournaments", json={"name": "B", "rounds": 3},
                       headers={"Authorization": f"Bearer {TOKEN}"})
            assert r.status_code == 429
        # another worker (another app on the same database) sees the same count
        with make_client(svc, clock) as other:
            assert other.post("/login", data={"token": TOKEN}).status_code == 429
            clock.now += 1.5
            assert other.post("/login", data={"token": "again wrong"}).status_code == 401
            r = other.post("/login", data={"token": TOKEN}, follow_redirects=False)
            assert r.status_code == 429 and r.headers["retry-after"] == "2"
            clock.now += 2.5
            r = other.post("/login", data={"token": TOKEN}, follow_redirects=False)
            assert r.status_code == 303  # the right password clears the count
        with make_client(svc, clock) as c:
            for _ in range(FREE_FAILURES - 1):
                assert c.post("/login", data={"token": "guess"}).status_code == 401
            assert c.post("/login", data={"token": TOKEN},
                          follow_redirects=False).status_code == 303
        assert n_tournaments(svc) == 0
    finally:
        svc.close()


# -------------------------------------------------------------- headers
def test_security_headers_on_every_answer(svc):
    with make_client(svc) as c:
        for url in ("/", "/login", "/api/tournaments", "/static/style.css", "/no-such-page",
                    "/api/docs"):
            r = c.get(url)
            csp = r.headers.get("content-security-policy", "")
            assert "frame-ancestors 'none'" in csp, url
            assert r.headers.get("x-content-type-options") == "nosniff", url
            assert r.headers.get("referrer-policy") == "same-origin", url
            assert r.headers.get("x-frame-options") == "DENY", url
        csp = c.get("/").headers["content-security-policy"]
        assert "unsafe-inline" not in csp and "script-src 'self' 'unsafe-hashes' 'sha256-" in csp
        # the only inline code of the pages is what the policy allows by its hash
        login(c)
        tid = c.post("/api/tournaments", json={"name": "T", "rounds": 3},
                     headers={"Authorization": f"Bearer {TOKEN}"}).json()["id"]
        c.post(f"/api/tournaments/{tid}/players/bulk", headers={"Authorization": f"Bearer {TOKEN}"},
               json=[{"name": f"P{i}", "rating": 2000 - i} for i in range(1, 5)])
        c.post(f"/api/tournaments/{tid}/byes", headers={"Authorization": f"Bearer {TOKEN}"},
               json={"player": 2, "round": 1, "code": "H"})
        for url in ("/", "/login", "/arbiter", f"/arbiter/t/{tid}/players",
                    f"/arbiter/t/{tid}/players/2", f"/arbiter/t/{tid}/print/standings"):
            html = c.get(url).text
            assert not re.search(r"<script(?![^>]*\ssrc=)", html), url
            for code in re.findall(r'\son[a-z]+="([^"]*)"', html):
                assert code in security.INLINE_HANDLERS, (url, code)
            for style in re.findall(r'\sstyle="([^"]*)"', html):
                assert style in security.INLINE_STYLES, (url, style)


# --------------------------------------------------- constant-time checks
def test_secrets_are_compared_in_constant_time(svc, monkeypatch):
    calls = []
    real = security.hmac.compare_digest

    def spy(a, b):
        calls.append((len(a), len(b)))
        return real(a, b)

    monkeypatch.setattr(security.hmac, "compare_digest", spy)
    with make_client(svc) as c:
        c.post("/login", data={"token": "wrong"})
        assert calls, "the password was compared without hmac.compare_digest"
        calls.clear()
        csrf = login(c)
        assert calls
        calls.clear()
        c.post("/api/tournaments", json={"name": "A", "rounds": 3},
               headers={"X-CSRF-Token": csrf})
        assert len(calls) >= 2  # the cookie's signature and the CSRF token
        calls.clear()
        c.cookies.clear()
        c.post("/api/tournaments", json={"name": "B", "rounds": 3},
               headers={"Authorization": "Bearer nope"})
        assert calls
    assert security.same_secret("abc", "abc") and not security.same_secret("abc", "abcd")


# ------------------------------------------------- two arbiters, one board
def test_result_form_conflict_shows_what_is_stored(svc):
    """Two arbiters enter the same board from their screens: the second one's
    fetch gets 409 with the stored result (app.js shows it in the row)."""
    auth = {"Authorization": f"Bearer {TOKEN}"}
    with make_client(svc) as first, make_client(svc) as second:
        tid = first.post("/api/tournaments", json={"name": "T", "rounds": 3},
                         headers=auth).json()["id"]
        first.post(f"/api/tournaments/{tid}/players/bulk", headers=auth,
                   json=[{"name": f"P{i}", "rating": 2000 - i} for i in range(1, 5)])
        first.put(f"/api/tournaments/{tid}/rounds/1/pairing", headers=auth,
                  json={"boards": [[1, 3], [4, 2]], "reason": "test"})
        fetch = {"X-Requested-With": "fetch"}
        url = f"/arbiter/t/{tid}/round/1/result"
        r1 = first.post(url, data={"board": "1", "result": "1-0", "csrf": login(first)},
                        headers=fetch)
        r2 = second.post(url, data={"board": "1", "result": "0-1", "csrf": login(second)},
                         headers=fetch)
        assert r1.status_code == 200 and r1.json()["ok"]
        assert r2.status_code == 409 and not r2.json()["ok"]
        assert r2.json()["current"] == "1-0" and r2.json()["label"] == "1–0"
        # the API's 409 carries the board and version stored
        r3 = second.post(f"/api/tournaments/{tid}/rounds/1/results", headers=auth,
                         json={"board": 1, "result": "1/2"})
        assert r3.status_code == 409
        cur = r3.json()["current"]
        assert cur["result"] == "1-0" and cur["board"] == 1 and cur["version"] == svc.version(tid)
        # a stale version is refused even for another board
        r4 = second.post(f"/api/tournaments/{tid}/rounds/1/results", headers=auth,
                         json={"board": 2, "result": "1/2", "expected_version": cur["version"] - 1})
        assert r4.status_code == 409 and "changed meanwhile" in r4.json()["detail"]
        assert svc.boards(tid, 1)[1].result is None


# ------------------------------------------------------------ notices
def test_only_the_servers_own_notices_are_shown(svc):
    """A page shows ?msg= / ?err= / ?warn= only with the server's signature: a
    crafted link cannot make the site say anything; the server's own redirect
    after a change still shows its message (and keeps a #fragment last)."""
    with make_client(svc) as c:
        csrf = login(c)
        spoof = "The tournament moved to evil.example"
        for key in ("msg", "err", "warn"):
            for url in (f"/arbiter?{key}={spoof}", f"/arbiter?{key}={spoof}&ns=00ff"):
                assert spoof not in c.get(url).text, url
        r = c.post("/arbiter/new", data={"name": "Signed", "rounds": "3", "csrf": csrf},
                   follow_redirects=False)
        assert r.status_code == 303
        where = r.headers["location"]
        assert "msg=" in where and "ns=" in where
        assert "Signed" in c.get(where).text
        # the same signature does not cover another text
        forged = re.sub(r"msg=[^&]*", "msg=" + spoof.replace(" ", "+"), where)
        assert spoof not in c.get(forged).text
    from types import SimpleNamespace

    from swisschess.web.common import with_notice

    req = SimpleNamespace(app=create_app(token=TOKEN, service=svc))  # what with_notice reads
    url = with_notice(req, "/arbiter/t/1/round/2#b3", warn="a warning")  # type: ignore[arg-type]
    assert url.startswith("/arbiter/t/1/round/2?warn=a+warning&ns=") and url.endswith("#b3")
    assert with_notice(req, "/x?y=1", msg=None) == "/x?y=1"  # type: ignore[arg-type]
