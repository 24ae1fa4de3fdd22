"""In a real browser: a page of another origin cannot change anything (CSRF, framing).

The arbiter logs in to ``swisschess serve`` on 127.0.0.1:PORT; then a page
served from 127.0.0.1:OTHER (same site, other origin: the browser *does* send
the SameSite=Strict cookie, so only the CSRF defences stand in the way) posts
a form to the app, sends ``fetch`` requests with the cookie, and tries to
frame an arbiter page.  Nothing may change.  Skipped without /usr/bin/chromium
or Playwright (``apt-get install chromium``; ``pip install -e '.[test]'``).
"""

from __future__ import annotations

import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from storehelp import free_port, kill_server, start_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
TOKEN = "browser-security"

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="no /usr/bin/chromium (apt-get install chromium)")


@pytest.fixture
def server(tmp_path):
    port = free_port()
    proc = start_server(str(tmp_path / "csrf.db"), port, TOKEN)
    yield f"http://127.0.0.1:{port}"
    kill_server(proc)


def evil_site(target: str) -> tuple[str, ThreadingHTTPServer]:
    """A page on another port of 127.0.0.1 (another origin, same site) attacking ``target``."""
    pages = {
        "/form.html": f"""<!doctype html><title>win a prize</title>
<form id="f" method="post" action="{target}/arbiter/new">
<input name="name" value="Forged Open"><input name="rounds" value="5"></form>
<script>document.getElementById("f").submit();</script>""",
        "/fetch.html": f"""<!doctype html><title>fetch</title><pre id="out">...</pre><script>
async function go() {{
  const out = [];
  const r1 = await fetch("{target}/arbiter/new", {{method: "POST", mode: "no-cors",
      credentials: "include", headers: {{"Content-Type": "application/x-www-form-urlencoded"}},
      body: "name=Fetched+Open&rounds=5"}});
  out.push("form:" + r1.type);
  try {{
    const r2 = await fetch("{target}/api/tournaments", {{method: "POST", credentials: "include",
        headers: {{"Content-Type": "application/json"}},
        body: JSON.stringify({{name: "Json Open", rounds: 5}})}});
    out.push("json:" + r2.status);
  }} catch (e) {{ out.push("json:blocked"); }}
  document.getElementById("out").textContent = out.join(" ");
}}
go();
</script>""",
        "/frame.html": f"""<!doctype html><title>frame</title>
<iframe id="fr" src="{target}/arbiter" width="600" height="400"></iframe>""",
    }

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{srv.server_address[1]}", srv


def tournaments(server: str) -> list[str]:
    return [t["name"] for t in httpx.get(server + "/api/tournaments", timeout=10).json()]


def test_cross_origin_post_fails_in_the_browser(browser, server):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.set_default_timeout(20000)
    page.goto(server + "/login")
    page.fill("input[name=token]", TOKEN)
    page.click("button.primary")
    page.wait_for_url(server + "/arbiter")
    cookies = [c for c in ctx.cookies() if c["name"] == "swisschess_session"]
    assert cookies and cookies[0]["httpOnly"] and cookies[0]["sameSite"] == "Strict"

    evil, srv = evil_site(server)
    try:
        # 1. an auto-submitting form on the other origin: refused with 403
        statuses = []
        page.on("response", lambda r: statuses.append((r.url, r.status))
                if r.request.method == "POST" else None)
        page.goto(evil + "/form.html")
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        assert (server + "/arbiter/new", 403) in statuses, statuses
        assert "another site" in page.content()
        # 2. fetch with the cookie: the form-encoded one is refused by the server,
        #    the JSON one is stopped by the browser (CORS preflight) or refused
        page.goto(evil + "/fetch.html")
        page.wait_for_function("document.getElementById('out').textContent !== '...'")
        out = page.inner_text("#out")
        assert "json:201" not in out and "json:200" not in out, out
        # 3. framing an arbiter page is refused (frame-ancestors 'none')
        page.goto(evil + "/frame.html")
        page.wait_for_timeout(500)
        inner = [f for f in page.frames if f != page.main_frame]
        assert inner and not inner[0].url.startswith(server), [f.url for f in inner]
        assert "Arbiter" not in inner[0].content()
        assert tournaments(server) == []
        # the arbiter's own page, same browser, same cookie: works
        page.goto(server + "/arbiter")
        page.fill("#new-tournament input[name=name]", "Real Open")
        page.fill("#new-tournament input[name=rounds]", "5")
        page.click("#new-tournament button.primary")
        page.wait_for_url("**/players*")
        assert tournaments(server) == ["Real Open"]
    finally:
        srv.shutdown()
        srv.server_close()
        ctx.close()


def test_pages_break_no_content_security_rule(browser, server):
    """The policy forbids inline code except what it allows by hash: no page of the
    app may trip it (Chromium reports every violation on the console)."""
    auth = {"Authorization": f"Bearer {TOKEN}"}
    tid = httpx.post(server + "/api/tournaments", json={"name": "CSP Open", "rounds": 3},
                     headers=auth).json()["id"]
    httpx.post(f"{server}/api/tournaments/{tid}/players/bulk", headers=auth,
               json=[{"name": f"Player {i}", "rating": 2000 - i} for i in range(1, 7)])
    httpx.post(f"{server}/api/tournaments/{tid}/byes", headers=auth,
               json={"player": 2, "round": 1, "code": "H"})
    ctx = browser.new_context()
    page = ctx.new_page()
    page.set_default_timeout(20000)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text else None)
    page.goto(server + "/login")
    page.fill("input[name=token]", TOKEN)
    page.click("button.primary")
    page.wait_for_url(server + "/arbiter")
    for url in (f"/arbiter/t/{tid}", f"/arbiter/t/{tid}/players",
                f"/arbiter/t/{tid}/players/2", f"/arbiter/t/{tid}/standings",
                f"/t/{tid}/standings"):
        page.goto(server + url)
        page.wait_for_load_state("load")
    # the print page's button (an inline handler allowed by its hash)
    page.goto(f"{server}/arbiter/t/{tid}/print/standings")
    page.evaluate("window.print = () => { document.title = 'printed'; }")
    page.click(".printbar button")
    assert page.title() == "printed"
    # an error page's "Go back" link (a javascript: URL, run by app.js instead)
    page.goto(f"{server}/arbiter/t/{tid}/players")
    page.goto(f"{server}/arbiter/t/{tid}/round/9/edit")
    assert "Cannot do that" in page.content()
    page.click("text=Go back")
    page.wait_for_url(f"{server}/arbiter/t/{tid}/players")
    # the result form, sent by app.js with the page's CSRF token
    page.goto(f"{server}/arbiter/t/{tid}/players")
    page.fill("#add-player input[name=name]", "Late, Entry")
    page.click("#add-player button")
    assert "Late, Entry registered" in page.inner_text("#flash")
    assert violations == []
    ctx.close()
