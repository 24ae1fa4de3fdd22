#!/usr/bin/env python3
"""Screenshots of the main pages of the web app, with a demo tournament.

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]
    .venv/bin/python scripts/screenshots.py --languages   # only standings-<lang>.png (issue 16)
    .venv/bin/python scripts/screenshots.py --only keyboard-entry,public-starting-list
    .venv/bin/python scripts/screenshots.py --only settings  # only settings.png

Builds a demo tournament (24 players, 7 rounds, 3 played, round 4 half entered)
in a temporary database, starts ``swisschess serve`` on a free loopback port and
takes PNG screenshots with Playwright driving Debian's Chromium.  Needs the
pairing engine, Playwright and Chromium (``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from swisschess.store.service import TournamentService

TOKEN = "demo"
NAMES = [
    ("Lindqvist, Erik", 2412, "IM", "m", "SWE"), ("Moreau, Camille", 2365, "WGM", "w", "FRA"),
    ("Bianchi, Marco", 2331, "FM", "m", "ITA"), ("Keller, Anna", 2298, "WIM", "w", "SUI"),
    ("Novak, Tomas", 2270, "FM", "m", "CZE"), ("Duarte, Ines", 2241, "", "w", "POR"),
    ("Hoffmann, Lukas", 2210, "CM", "m", "GER"), ("Jansen, Pieter", 2188, "", "m", "NED"),
    ("Kowalska, Zofia", 2150, "WFM", "w", "POL"), ("Oliveira, Rafael", 2131, "", "m", "BRA"),
    ("Brunner, Marc", 2104, "", "m", "SUI"), ("Schmid, Lea", 2076, "", "w", "SUI"),
    ("Rossi, Luca", 2043, "", "m", "ITA"), ("Dubois, Claire", 2015, "", "w", "FRA"),
    ("Meier, Jonas", 1987, "", "m", "SUI"), ("Horvat, Ana", 1960, "", "w", "CRO"),
    ("Fischer, Paul", 1932, "", "m", "AUT"), ("Nielsen, Freja", 1901, "", "w", "DEN"),
    ("Gerber, Samuel", 1876, "", "m", "SUI"), ("Varga, Eszter", 1844, "", "w", "HUN"),
    ("Weber, Nico", 1812, "", "m", "GER"), ("Costa, Beatriz", 1780, "", "w", "ESP"),
    ("Müller, Tim", 1745, "", "m", "SUI"), ("Ivanova, Daria", 1702, "", "w", "BUL"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(db: str) -> Iterator[str]:
    """``swisschess serve`` on ``db`` at a free port, once it answers: its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "swisschess", "serve", "--db", db,
                             "--port", str(port), "--token", TOKEN],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                if httpx.get(base + "/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield base
    finally:
        proc.kill()
        proc.wait()


def launch_chromium(p, executable: str | None):
    """A headless Chromium for Playwright's ``p`` (``executable``: its path or None)."""
    return p.chromium.launch(executable_path=executable, args=[
        "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"])


def result_for(w: int, b: int, rnd: int) -> str:
    k = (w * 31 + b * 17 + rnd * 7) % 10
    if k < 4:
        return "1-0" if w < b else "0-1"
    if k < 7:
        return "1/2"
    return "0-1" if w < b else "1-0"


def build_demo(db: str) -> int:
    svc = TournamentService(db, actor="demo")
    tid = svc.create_tournament("Lake Geneva Open 2026", 7, city="Lausanne",
                                start_date="2026/06/12", end_date="2026/06/14",
                                chief_arbiter="IA Sofia Berger", time_control="90'/40 + 30' + 30\"")
    svc.add_players(tid, [{"name": n, "rating": r, "title": ti, "sex": s, "federation": f}
                          for n, r, ti, s, f in NAMES])
    svc.request_bye(tid, 6, 2, "H")
    for rnd in (1, 2, 3, 4):
        svc.pair_next_round(tid)
        boards = svc.boards(tid, rnd)
        for b in boards:
            if rnd == 4 and b.board > len(boards) // 2:
                break
            svc.enter_result(tid, rnd, b.board, result_for(b.white.id, b.black.id, rnd))
    svc.request_bye(tid, 11, 5, "H")
    svc.close()
    return tid


IMPORT_CSV = ("name;rating;title;federation;birth;club;e-mail\r\n"
              "\"Šťastný, Jiří\";2105;FM;CZE;1994;ŠK Slavoj Praha;js@example.org\r\n"
              "\"Wójcik, Łukasz\";1980;;POL;2001;KS Łódź;\r\n"
              "\"Kovačič, Žiga\";1875;GMX;SLO;2030;ŠD Kočevje;\r\n"
              "\"Horvat, Ana\";1960;;CRO;;ŠK Rijeka;\r\n")


def shot_import(page, base: str, db: str, tmp: str, out: Path) -> None:
    """The players page after importing a CSV saved by Excel on a Central-European
    Windows (Windows-1250): detected encoding and warnings."""
    svc = TournamentService(db)
    tid = svc.create_tournament("Ljubljana Rapid 2026", 7, city="Ljubljana")
    svc.add_player(tid, "Horvat, Ana", 1960, federation="CRO")
    svc.close()
    path = Path(tmp) / "igralci.csv"
    path.write_bytes(IMPORT_CSV.encode("cp1250"))
    page.goto(base + "/login")
    page.fill("input[name=token]", TOKEN)
    page.click("button.primary")
    page.wait_for_url(base + "/arbiter")
    page.goto(f"{base}/arbiter/t/{tid}/players")
    page.set_input_files("input[name=file]", str(path))
    page.click("form[action$='/players/import'] button")
    page.wait_for_selector("#warnings")
    page.screenshot(path=str(out / "players-import.png"), full_page=True)
    print(out / "players-import.png")


def build_settings_demo(db: str) -> int:
    """A second tournament, before round 1, with the settings of issue 24 made."""
    svc = TournamentService(db, actor="demo")
    tid = svc.create_tournament(
        "Club Championship 2026", 5, city="Lausanne", start_date="2026/07/01",
        end_date="2026/07/05", chief_arbiter="IA Sofia Berger", time_control="90'/40 + 30' + 30\"",
        tiebreaks="DE,BH/C1,BH,SB,WIN", initial_colour="lot", late_entry="half",
        late_entry_max=2, rating_list="FIDE 2026-07 standard",
        round_dates=[f"2026-07-0{d}" for d in range(1, 6)])
    svc.add_players(tid, [{"name": n, "rating": r, "title": ti, "sex": s, "federation": f}
                          for n, r, ti, s, f in NAMES[:12]])
    svc.forbid(tid, [5, 9])
    svc.close()
    return tid


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs" / "screenshots"))
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--languages", action="store_true",
                    help="only the public standings page in each language (standings-LANG.png), "
                         "asked for by the browser's language (Accept-Language)")
    ap.add_argument("--import-list", action="store_true",
                    help="only players-import.png: a Windows-1250 CSV imported through the "
                         "web form (encoding detected, warnings shown; issue 24)")
    ap.add_argument("--only", metavar="NAMES",
                    help="comma-separated screenshot names to take (default: all)")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="swisschess-demo-")
    db = os.path.join(tmp, "demo.db")
    tid = build_demo(db)
    with serving(db) as base, sync_playwright() as p:
        browser = launch_chromium(p, args.chromium)
        if args.languages:
            from swisschess.i18n import LANGUAGES

            for lang in LANGUAGES:
                pub = browser.new_context(viewport={"width": 1100, "height": 860},
                                          locale=lang).new_page()
                pub.goto(f"{base}/t/{tid}/standings")
                name = out / f"standings-{lang}.png"
                pub.screenshot(path=str(name), full_page=True)
                print(name)
            browser.close()
            return 0
        ctx = browser.new_context(viewport={"width": 1280, "height": 860})
        page = ctx.new_page()
        if args.import_list:
            shot_import(page, base, db, tmp, out)
            browser.close()
            return 0

        def shot(name: str, url: str, full: bool = True, media: str = "screen",
                 before=None, on=None) -> None:
            on = on or page
            if only is not None and name not in only and name != "login":
                return
            on.emulate_media(media=media)
            on.goto(base + url)
            if before is not None:
                before(on)
            if only is None or name in only:
                on.screenshot(path=str(out / f"{name}.png"), full_page=full)
                print(out / f"{name}.png")

        def type_results(pg) -> None:  # the first boards typed, the cursor on the next
            pg.focus("input[data-board]")
            pg.keyboard.type("1")
            pg.keyboard.press("Enter")
            pg.keyboard.type("5")
            pg.keyboard.press("Enter")
            pg.keyboard.type("0")

        shot("login", "/login", full=False)
        page.fill("input[name=token]", TOKEN)
        page.click("button.primary")
        page.wait_for_url(base + "/arbiter")
        shot("arbiter-home", "/arbiter")
        shot("overview", f"/arbiter/t/{tid}")
        shot("players", f"/arbiter/t/{tid}/players")
        shot("player", f"/arbiter/t/{tid}/players/3", full=False)  # details, K, games
        shot("results-entry", f"/arbiter/t/{tid}/round/4")
        shot("manual-edit", f"/arbiter/t/{tid}/round/4/edit", full=False)
        shot("keyboard-entry", f"/arbiter/t/{tid}/round/4/keyboard", full=False,
             before=type_results)
        shot("standings", f"/arbiter/t/{tid}/standings")
        shot("crosstable", f"/arbiter/t/{tid}/crosstable")
        shot("print-pairings", f"/arbiter/t/{tid}/print/pairings/4", media="print")
        shot("print-standings", f"/arbiter/t/{tid}/print/standings", media="print")
        if only is None or "settings" in only:
            shot("settings", f"/arbiter/t/{build_settings_demo(db)}/settings")
        # finish round 4 and preview round 5
        svc = TournamentService(db)
        for b in svc.boards(tid, 4):
            if b.result is None:
                svc.enter_result(tid, 4, b.board, result_for(b.white.id, b.black.id, 4))
        svc.close()
        shot("pairing-preview", f"/arbiter/t/{tid}/pair")
        pub = browser.new_context(viewport={"width": 1100, "height": 860}).new_page()
        shot("public-pairings", f"/t/{tid}/pairings/4", on=pub)
        # the public starting list with a player search (case and diacritics ignored)
        shot("public-starting-list", f"/t/{tid}/players?q=MULLER", on=pub)
        shot("public-crosstable", f"/t/{tid}/crosstable", on=pub)
        # a 390 px phone: the standings scroll sideways to the hidden columns (review #22)
        phone = browser.new_context(viewport={"width": 390, "height": 844},
                                    device_scale_factor=2, is_mobile=True,
                                    has_touch=True).new_page()
        shot("phone-standings", f"/t/{tid}/standings", full=False, on=phone)
        shot("phone-standings-scrolled", f"/t/{tid}/standings", full=False, on=phone,
             before=lambda pg: pg.eval_on_selector(
                 ".scroll", "el => { el.scrollLeft = el.scrollWidth; }"))
        # a late correction: round 2 changed after rounds 3 and 4 were paired (issue 24)
        def correct_round_2(pg) -> None:
            row = pg.locator("#boards tr#b1")
            row.locator("button.fix").click()
            old = row.locator(".result").inner_text()
            row.locator("button[value='%s']" % ("1/2" if old != "½–½" else "1-0")).click()
            pg.wait_for_function(
                "o => document.querySelector('#b1 .result').textContent !== o", arg=old)
            pg.reload()

        shot("late-correction", f"/arbiter/t/{tid}/round/2", full=False,
             before=correct_round_2)

        # undo round 4 with its results: the dialog, then what was removed
        def undo_round(pg) -> None:
            pg.once("dialog", lambda d: d.accept())
            pg.click("#undo-round")
            pg.wait_for_selector("#flash")

        shot("undo", f"/arbiter/t/{tid}", full=False, before=undo_round)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
