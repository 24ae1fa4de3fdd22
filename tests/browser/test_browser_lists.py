"""Keyboard entry of a round and the public player search, in a real browser.

The keyboard page works without JavaScript (one form, one submit); with it, Enter
moves to the next board instead of submitting, and "Board" + Enter jumps to a
board's field.  Skipped without /usr/bin/chromium, Playwright or the engine.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from storehelp import free_port, kill_server, start_server  # noqa: E402

from swisschess.store.service import TournamentService  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
TOKEN = "browser-test"

pytestmark = [
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium"),
]


@pytest.fixture
def event(tmp_path):
    """Eight players (diacritics, titles), round 1 paired; the server on a free port."""
    db = str(tmp_path / "lists.db")
    svc = TournamentService(db)
    tid = svc.create_tournament("Keyboard Open", 3)
    svc.add_players(tid, [
        {"name": n, "rating": 2400 - 50 * i, "title": "FM" if i == 1 else ""}
        for i, n in enumerate(["Šťastný, Jiří", "Müller, Jörg", "Wójcik, Łukasz",
                               "Kovačič, Žiga", "Lepik, Anna", "Novak, Petra",
                               "Keller, Anna", "Horvat, Ana"])])
    svc.pair_next_round(tid)
    svc.close()
    port = free_port()
    proc = start_server(db, port, TOKEN)
    yield f"http://127.0.0.1:{port}", tid, db
    kill_server(proc)


def test_keyboard_entry_and_player_search(browser, event):
    server, tid, db = event
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/login")
    page.fill("input[name=token]", TOKEN)
    page.click("button.primary")
    page.wait_for_url(server + "/arbiter")

    page.goto(f"{server}/arbiter/t/{tid}/round/1")
    page.click("#keyboard-entry")
    page.wait_for_selector("#keyboard")
    # the first field has the focus; Enter moves on instead of submitting
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "r3"
    assert "/keyboard" in page.url  # nothing submitted yet
    # jump to board 4 through "Board"
    page.fill("#goto", "4")
    page.press("#goto", "Enter")
    assert page.evaluate("document.activeElement.id") == "r4"
    page.keyboard.type("+")
    page.focus("#r3")
    page.keyboard.type("0")
    page.click("#save-results")
    page.wait_for_selector("#boards")
    assert "4 result(s) saved" in page.inner_text("#flash")
    svc = TournamentService(db)
    try:
        assert [bv.result for bv in svc.boards(tid, 1)] == ["1-0", "1/2", "0-1", "+-"]
    finally:
        svc.close()

    # the public search ignores case and diacritics
    pub = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    pub.goto(f"{server}/t/{tid}/pairings/1")
    pub.fill("form.find input[name=q]", "STASTNY")
    pub.press("form.find input[name=q]", "Enter")
    pub.wait_for_selector("#found")
    assert "Šťastný, Jiří" in pub.inner_text("#found")
    assert "round 1, board" in pub.inner_text("#found")
    assert not errors
