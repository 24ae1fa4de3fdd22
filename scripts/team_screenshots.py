#!/usr/bin/env python3
"""A team event run through the web app as an arbiter would, with screenshots (issue 32).

    .venv/bin/python scripts/team_screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Starts ``swisschess serve`` on a temporary database and a free loopback port,
then drives Chromium with Playwright through the arbiter's pages only: log in,
create a team event (6 teams, 4 boards, 5 rounds), import the teams from a CSV
file, pair round 1 (preview, confirm), change a line-up (a reserve plays),
enter the board results match by match (one match lost by forfeit), pair and
play round 2, pair round 3 and enter half of it.  Screenshots (``team-*.png``)
of the arbiter's and the public pages are written to ``--out``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from screenshots import TOKEN, launch_chromium, serving  # a script beside this one

CSV = """team,name,rating,title,federation
Ljubljana Rooks,"Novak, Jan",2310,FM,SLO
Ljubljana Rooks,"Kranjc, Eva",2240,WIM,SLO
Ljubljana Rooks,"Zupan, Luka",2180,,SLO
Ljubljana Rooks,"Horvat, Maja",2120,,SLO
Ljubljana Rooks,"Kos, Peter",2050,,SLO
Tallinn Knights,"Tamm, Mart",2290,FM,EST
Tallinn Knights,"Saar, Liis",2200,,EST
Tallinn Knights,"Mets, Andres",2150,,EST
Tallinn Knights,"Kask, Kadri",2100,,EST
Tallinn Knights,"Rebane, Toomas",2010,,EST
Prague Bishops,"Novák, Petr",2350,IM,CZE
Prague Bishops,"Svoboda, Jana",2230,,CZE
Prague Bishops,"Dvořák, Tomáš",2190,,CZE
Prague Bishops,"Černá, Lucie",2110,,CZE
Sofia Queens,"Petrova, Maria",2280,WGM,BUL
Sofia Queens,"Ivanov, Georgi",2210,,BUL
Sofia Queens,"Dimitrov, Stefan",2160,,BUL
Sofia Queens,"Georgieva, Elena",2090,,BUL
Sofia Queens,"Todorov, Ivan",2000,,BUL
Kraków Pawns,"Nowak, Piotr",2260,FM,POL
Kraków Pawns,"Kowalska, Anna",2170,,POL
Kraków Pawns,"Wiśniewski, Jan",2130,,POL
Kraków Pawns,"Wójcik, Ewa",2070,,POL
Tartu Kings,"Kuusk, Priit",2240,,EST
Tartu Kings,"Lepp, Kristi",2160,,EST
Tartu Kings,"Ots, Margus",2120,,EST
Tartu Kings,"Pärn, Helen",2040,,EST
"""
#: Board results by (round, match), first team's side.
RESULTS = {
    (1, 1): ["1-0", "1/2", "0-1", "1-0"], (1, 2): ["1/2", "1/2", "1-0", "0-1"],
    (1, 3): ["+-", "+-", "+-", "+-"],  # the second team did not turn up: forfeit
    (2, 1): ["1/2", "1-0", "1/2", "0-1"], (2, 2): ["0-1", "1/2", "0-1", "1/2"],
    (2, 3): ["1-0", "1-0", "1/2", "1/2"],
    (3, 1): ["1/2", "1/2", "1-0", "1/2"],
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs" / "screenshots"))
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="swisschess-teams-")
    db = os.path.join(tmp, "teams.db")
    csv_file = os.path.join(tmp, "teams.csv")
    Path(csv_file).write_text(CSV, encoding="utf-8")
    with serving(db) as base, sync_playwright() as p:
        browser = launch_chromium(p, args.chromium)
        page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()

        def shot(name: str, full: bool = True) -> None:
            page.screenshot(path=str(out / f"{name}.png"), full_page=full)
            print(out / f"{name}.png")

        def ok() -> None:  # every step must succeed: an error banner stops the run
            if page.locator(".flash.error").count():
                raise SystemExit(f"{page.url}: {page.locator('.flash.error').inner_text()}")

        page.goto(base + "/login?next=/arbiter")
        page.fill("input[name=token]", TOKEN)
        page.click("button[type=submit], form button")
        page.fill("#new-team-event input[name=name]", "Baltic-Balkan Team Cup 2026")
        page.fill("#new-team-event input[name=rounds]", "5")
        shot("team-new", full=False)
        page.click("#new-team-event button")
        ok()
        page.set_input_files("input[type=file]", csv_file)
        page.click("form[action$='/teams/import'] button")
        ok()
        shot("team-teams")
        tid = page.url.split("/t/")[1].split("/")[0]
        for rnd in (1, 2, 3):
            page.click("#team-pair-next")
            ok()
            if rnd == 1:
                shot("team-preview")
            page.click("#confirm-team-pairing")
            ok()
            if rnd == 1:  # a reserve: the Rooks rest Zupan (list no. 3), Kos plays board 4
                page.goto(f"{base}/arbiter/t/{tid}/teams")
                page.goto(f"{base}/arbiter/t/{tid}/team-round/1")
                form = page.locator("form[action$='/lineup']:has(input[name=team][value='1'])")
                form.locator("xpath=ancestor::details").evaluate("d => d.open = true")
                form.locator("select[name=p3]").select_option(label="4. Horvat, Maja")
                form.locator("select[name=p4]").select_option(label="5. Kos, Peter")
                form.locator("button").click()
                ok()
            for (r, m), words in RESULTS.items():
                if r != rnd:
                    continue
                card = page.locator(f"#m{m}")
                for b, w in enumerate(words, 1):
                    card.locator(f"select[name=r{b}]").select_option(w)
                card.locator("form[action*='/match/'] button.primary").click()
                ok()
            if rnd == 3:
                page.locator("#m2 details").evaluate("d => d.open = true")
                shot("team-round")
            else:
                page.goto(f"{base}/arbiter/t/{tid}/teams")
        page.goto(f"{base}/t/{tid}/team-pairings/2")
        shot("team-pairings")
        page.goto(f"{base}/t/{tid}/team-standings")
        shot("team-standings")
        page.emulate_media(media="print")
        page.goto(f"{base}/t/{tid}/match-cards/3")
        shot("team-match-cards")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
