"""A whole 7-round, 30-player tournament run through the web pages in a real browser.

Playwright (sync API) drives Debian's Chromium headless against ``swisschess
serve`` started on a free loopback port.  Skipped when /usr/bin/chromium,
Playwright or the pairing engine is missing (``apt-get install chromium``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from storehelp import free_port, kill_server, start_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
TOKEN = "browser-test"
ROUNDS, PLAYERS = 7, 30

pytestmark = [
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium: install Debian's chromium "
                       "(apt-get install chromium, as .ci/system-packages.sh does) to run it"),
]


@pytest.fixture
def server(tmp_path):
    port = free_port()
    proc = start_server(str(tmp_path / "browser.db"), port, TOKEN)
    yield f"http://127.0.0.1:{port}"
    kill_server(proc)


def result_for(white: int, black: int, rnd: int) -> str:
    """A deterministic mix of results, stronger player (lower number) more often winning."""
    k = (white * 31 + black * 17 + rnd * 7) % 10
    if k < 4:
        return "1-0" if white < black else "0-1"
    if k < 7:
        return "1/2"
    return "0-1" if white < black else "1-0"


def test_seven_round_tournament_in_the_browser(browser, server, tmp_path):
    csv = tmp_path / "players.csv"
    feds = ["SUI", "GER", "FRA", "ITA", "AUT", "NED"]
    csv.write_text("name,rating,sex,federation\n" + "".join(
        f"\"Player{i:02d}, Test\",{2450 - 23 * i},{'m' if i % 4 else 'w'},{feds[i % 6]}\n"
        for i in range(1, PLAYERS + 1)))
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(20000)
    page.on("dialog", lambda d: d.accept())
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # login: a wrong password first
    page.goto(server + "/arbiter")
    assert "/login" in page.url
    page.fill("input[name=token]", "not-it")
    page.click("button.primary")
    assert "Wrong password" in page.inner_text("#flash")
    page.fill("input[name=token]", TOKEN)
    page.click("button.primary")
    page.wait_for_url(server + "/arbiter")

    # create the tournament and register the players from a CSV file
    page.fill("#new-tournament input[name=name]", "Browser Open")
    page.fill("#new-tournament input[name=rounds]", str(ROUNDS))
    page.fill("#new-tournament input[name=city]", "Lausanne")
    page.click("#new-tournament button.primary")
    page.wait_for_url("**/players*")
    tid = page.url.split("/arbiter/t/")[1].split("/")[0]
    page.set_input_files("input[name=file]", str(csv))
    page.click("form[action$='/players/import'] button")
    assert "30 player(s) registered" in page.inner_text("#flash")
    # a malformed file is refused with a message, nothing registered
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nSomeone,12x4\n")
    page.set_input_files("input[name=file]", str(bad))
    page.click("form[action$='/players/import'] button")
    assert "not a number" in page.inner_text("#flash.error")
    assert page.locator("#players tbody tr").count() == PLAYERS
    # a half-point bye requested for round 3
    page.select_option("#bye-form select[name=player]", "5")
    page.fill("#bye-form input[name=round]", "3")
    page.click("#bye-form button")
    assert "half-point bye in round 3" in page.inner_text("#flash")

    for rnd in range(1, ROUNDS + 1):
        page.goto(f"{server}/arbiter/t/{tid}")
        page.click("#pair-next")
        page.wait_for_selector("#preview")
        assert f"Round {rnd}: proposed pairing" in page.inner_text("h1")
        page.click("#confirm-pairing")
        page.wait_for_selector("#boards")
        assert f"Round {rnd} paired" in page.inner_text("#flash")
        rows = page.locator("#boards tbody tr")
        n = rows.count()
        assert n == (PLAYERS - (1 if rnd == 3 else 0) - (1 if rnd > 5 else 0)) // 2
        for i in range(n):
            row = rows.nth(i)
            w = int(row.get_attribute("data-white"))
            b = int(row.get_attribute("data-black"))
            row.locator(f"button[value='{result_for(w, b, rnd)}']").click()
            page.wait_for_selector(f"#boards tr#b{i + 1}.done", state="attached")
        page.wait_for_selector("#round-status[data-pending='0']", state="attached")
        if rnd == 5:
            # a player withdraws after round 5 (confirmation dialog accepted)
            page.goto(f"{server}/arbiter/t/{tid}/players")
            page.click("form[action$='/players/30/withdraw'] button")
            assert "Player 30 withdrawn" in page.inner_text("#flash")

    # a correction on the last round, then the duplicate is refused
    page.goto(f"{server}/arbiter/t/{tid}/round/{ROUNDS}")
    row = page.locator("#boards tr#b1")
    row.locator("button.fix").click()
    old = row.locator(".result").inner_text()
    new = "1/2" if old != "½–½" else "1-0"
    row.locator(f"button[value='{new}']").click()
    page.wait_for_function(
        "o => document.querySelector('#b1 .result').textContent !== o", arg=old)
    assert "saved" in page.inner_text("#flash")

    page.goto(f"{server}/arbiter/t/{tid}")
    assert "All rounds played" in page.inner_text(".status")
    page.goto(f"{server}/arbiter/t/{tid}/standings")
    assert page.locator("#standings tbody tr").count() == PLAYERS
    page.goto(f"{server}/arbiter/t/{tid}/crosstable")
    assert page.locator("#crosstable thead th.c").count() == ROUNDS
    page.goto(f"{server}/arbiter/t/{tid}/print/pairings/{ROUNDS}")
    assert page.locator("#pairings tbody tr").count() >= 14

    # public pages, without the login cookie
    pub = browser.new_context().new_page()
    pub.goto(f"{server}/t/{tid}")
    assert f"Round {ROUNDS}" in pub.inner_text("h1")
    assert pub.locator("#pairings tbody tr").count() >= 14
    assert pub.locator("button[name=result]").count() == 0
    pub.goto(f"{server}/t/{tid}/standings")
    assert pub.locator("#standings tbody tr").count() == PLAYERS
    pub.context.close()

    # the export is accepted by the checker with no discrepancy
    resp = page.request.get(f"{server}/arbiter/t/{tid}/export.trf")
    trf = tmp_path / "browser.trf"
    trf.write_text(resp.text())
    from swisschess.cli.main import main

    assert main(["engine", "--dutch", str(trf), "-c"]) == 0
    assert not errors, errors
    ctx.close()
