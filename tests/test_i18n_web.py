"""Every page and printable list of the web app in all six languages (issue 16).

A tournament with Cyrillic and Baltic names, two rounds played, is shown on each
page in each language, and each rendering is checked:

* no untranslated message: every catalogue message whose text appears on the
  English page (and whose translation differs) is absent from the page in the
  other language -- the English rendering is the marker;
* no layout break: the HTML is well formed (tags balanced), every row of every
  table has as many cells as its header, no format field is left unfilled
  (``{n}``, ``%(n)s``), the navigation labels stay short;
* ``<html lang>`` names the language, and the names with diacritics are intact.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient
from storehelp import login

from swisschess import i18n
from swisschess.i18n import catalogues
from swisschess.store.service import TournamentService
from swisschess.web.app import create_app

TOKEN = "t0ken"
NAMES = [  # (name, rating, federation): Cyrillic, Baltic, Central European letters
    ("Петров, Иван", 2310, "BUL"), ("Õunapuu, Jüri", 2285, "EST"), ("Ozoliņš, Jānis", 2250, "LAT"),
    ("Łukasiewicz, Żaneta", 2230, "POL"), ("Novák, Čestmír", 2205, "CZE"),
    ("Kovač, Špela", 2190, "SLO"), ("Жечев, Стефан", 2160, "BUL"), ("Šukys, Žygimantas", 2140, "LTU"),
    ("Kõrv, Öie", 2100, "EST"),
]
OTHERS = [x for x in i18n.LANGUAGES if x != "en"]
VOID = {"meta", "link", "input", "br", "img", "hr", "col", "source", "wbr"}
ATTRS = ("title", "placeholder", "aria-label", "data-confirm", "value")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """(client, tournament id) with two rounds played and round 3 to pair."""
    db = tmp_path_factory.mktemp("i18n") / "t.db"
    svc = TournamentService(str(db), actor="web")
    tid = svc.create_tournament("Tallinn–Ljubljana Open", 4, city="Tartu",
                                start_date="2026/05/01", end_date="2026/05/03",
                                chief_arbiter="Õunapuu, Jüri")
    for name, rating, fed in NAMES:
        svc.add_player(tid, name=name, rating=rating, federation=fed)
    results = ["1-0", "1/2", "0-1", "+-"]
    for rnd in (1, 2):
        svc.pair_next_round(tid)
        for k, b in enumerate(svc.boards(tid, rnd)):
            svc.enter_result(tid, rnd, b.board, results[(k + rnd) % len(results)])
    svc.request_bye(tid, 9, 3, "H")
    # a double round robin of five (Berger table with a bye number), one round paired
    from swisschess.pairing import registry

    rr = svc.create_tournament("Пловдив RR", 10, system=registry.ROUND_ROBIN, edition="double")
    for name, rating, fed in NAMES[:5]:
        svc.add_player(rr, name=name, rating=rating, federation=fed)
    svc.pair_next_round(rr)
    with TestClient(create_app(token=TOKEN, service=svc), base_url="http://127.0.0.1") as c:
        login(c, TOKEN)  # and the CSRF token (web/security.py)
        yield c, tid
    svc.close()


def rr_of(tid: int) -> int:
    return tid + 1


def pages(tid: int) -> dict[str, str]:
    return {
        "start": "/", "login": "/login",
        "public pairings": f"/t/{tid}/pairings/2", "public standings": f"/t/{tid}/standings",
        "arbiter home": "/arbiter", "overview": f"/arbiter/t/{tid}",
        "players": f"/arbiter/t/{tid}/players", "player": f"/arbiter/t/{tid}/players/3",
        "round": f"/arbiter/t/{tid}/round/2", "edit": f"/arbiter/t/{tid}/round/2/edit",
        "preview": f"/arbiter/t/{tid}/pair", "standings": f"/arbiter/t/{tid}/standings",
        "crosstable": f"/arbiter/t/{tid}/crosstable", "log": f"/arbiter/t/{tid}/log",
        "print pairings": f"/arbiter/t/{tid}/print/pairings/2",
        "print standings": f"/arbiter/t/{tid}/print/standings",
        "error": f"/arbiter/t/{tid}/round/9/edit",
        "round robin overview": f"/arbiter/t/{rr_of(tid)}",
        "berger table": f"/arbiter/t/{rr_of(tid)}/print/berger",
    }


def get(client: TestClient, path: str, lang: str) -> str:
    r = client.get(path + ("&" if "?" in path else "?") + f"lang={lang}")
    assert r.status_code in (200, 400), (path, r.status_code)
    return r.text


def csrf(client: TestClient) -> str:
    """The session's CSRF token (web/security.py), for the forms posted here."""
    return re.search(r'name="csrf-token" content="([^"]+)"', client.get("/arbiter").text)[1]


def forget_lang(client: TestClient) -> None:
    """Drop the language menu's cookie (the login cookie stays)."""
    if "swisschess_lang" in client.cookies:
        client.cookies.delete("swisschess_lang")


class Page(HTMLParser):
    """Visible text (and the texts of titles, placeholders...), tag balance, tables."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.js: list[str] = []
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.tables: list[list[tuple[str, int]]] = []  # per table: (section, cells) per row
        self.section = ""
        self.nav: list[str] = []
        self._in: list[str] = []
        self._script = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ATTRS:
            if a.get(k) and not (k == "value" and tag != "option"):
                self.text.append(a[k])
        for k, v in a.items():
            if k.startswith("data-msg-") and v:  # messages of app.js ({board}: filled there)
                self.js.append(v)
        if tag in VOID:
            return
        self.stack.append(tag)
        if tag == "script":
            self._script += 1
        if tag == "table":
            self.tables.append([])
        elif tag in ("thead", "tbody"):
            self.section = tag
        elif tag == "tr" and self.tables:
            self.tables[-1].append((self.section, 0))
        elif tag in ("td", "th") and self.tables and self.tables[-1]:
            sec, n = self.tables[-1][-1]
            self.tables[-1][-1] = (sec, n + int(a.get("colspan") or 1))
        if tag == "a" and "nav" in self.stack[:-1]:
            self.nav.append("")

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else '-'}>")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag == "script":
            self._script -= 1

    def handle_data(self, data):
        if self._script:
            return
        self.text.append(data)
        if self.nav and self.stack and self.stack[-1] == "a" and "nav" in self.stack:
            self.nav[-1] += data.strip()


def parse(page: str) -> Page:
    p = Page()
    p.feed(page)
    p.close()
    return p


def flat(text: list[str]) -> str:
    return " ".join(" ".join(text).split())


_FIELD = re.compile(r"\{\w*\}|%\(\w+\)[sd]")


def markers(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """English messages whose ``lang`` text differs: (msgid, pattern of its English text)."""
    cat = catalogues.read_catalogue(lang)
    out = []
    for m in cat:
        if not m.id:
            continue
        ids = list(m.id) if isinstance(m.id, (list, tuple)) else [m.id]
        strs = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
        for mid in ids:
            if mid in strs:
                continue
            parts = [p for p in _FIELD.split(mid)]
            words = " ".join("".join(parts).split())
            # short labels ("No", "B", "Rk") are too common to be a marker on their own
            if len(words) < 6 or " " not in words and len(words) < 9:
                continue
            rx = r".{0,60}?".join(re.escape(" ".join(p.split())) for p in parts)
            out.append((mid, re.compile(r"(?<![\w])" + rx + r"(?![\w])")))
    return out


@pytest.fixture(scope="module")
def english(site):
    client, tid = site
    out = {}
    for name, path in pages(tid).items():
        p = parse(get(client, path, "en"))
        out[name] = flat(p.text + p.js)
    return out


@pytest.mark.parametrize("lang", OTHERS)
def test_every_page_translated_without_layout_break(site, english, lang):
    client, tid = site
    mk = markers(lang)
    untranslated, broken = [], []
    for name, path in pages(tid).items():
        body = get(client, path, lang)
        assert f'<html lang="{lang}">' in body, name
        p = parse(body)
        text = flat(p.text)
        every = flat(p.text + p.js)
        for mid, rx in mk:
            if rx.search(english[name]) and rx.search(every):
                untranslated.append(f"{name}: {mid!r}")
        broken += [f"{name}: {x}" for x in p.problems]
        if p.stack:
            broken.append(f"{name}: unclosed {p.stack}")
        for t in p.tables:
            heads = [n for sec, n in t if sec == "thead"]
            rows = [n for sec, n in t if sec != "thead" and n]
            if heads and any(n != heads[0] for n in rows):
                broken.append(f"{name}: table rows of {set(rows)} cells under {heads[0]} headers")
        if _FIELD.search(text) or "%(" in text:
            broken.append(f"{name}: unfilled field in {_FIELD.search(text) or '%('}")
        long_nav = [x for x in p.nav if len(x) > 24]
        if long_nav:
            broken.append(f"{name}: navigation label too long: {long_nav}")
        people = [person for person, _r, _f in NAMES if html.escape(person) in body]
        if name in ("public standings", "standings", "print standings", "crosstable", "players"):
            assert len(people) == len(NAMES), (name, people)
        elif name not in ("start", "login", "arbiter home", "error", "round robin overview"):
            assert people, name
    assert not untranslated, f"{lang}: untranslated:\n" + "\n".join(untranslated)
    assert not broken, f"{lang}: layout:\n" + "\n".join(broken)


def test_english_pages_are_well_formed(site):
    client, tid = site
    for name, path in pages(tid).items():
        p = parse(get(client, path, "en"))
        assert not p.problems and not p.stack, (name, p.problems, p.stack)


def test_the_marker_check_catches_english(site, english):
    """The check above is not vacuous: an English page fails it in Slovenian."""
    hits = [mid for mid, rx in markers("sl") if rx.search(english["standings"])]
    assert "Standings" in hits and "Rk" not in hits  # a short label is not a marker
    assert any("Tie-breaks" in h for h in hits)


def test_language_from_browser_and_tournament_setting(site):
    client, tid = site
    forget_lang(client)
    public = f"/t/{tid}/standings"
    r = client.get(public, headers={"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"})
    assert '<html lang="pl">' in r.text and "Klasyfikacja" in r.text
    r = client.post(f"/arbiter/t/{tid}/language", data={"language": "et", "csrf": csrf(client)}, follow_redirects=False)
    assert r.status_code == 303
    assert i18n.translate("Language of the tournament: %(name)s", "et").split(":")[0] in \
        client.get(r.headers["location"]).text
    # the arbiter's pages follow the setting; public pages the visitor's browser first
    assert '<html lang="et">' in client.get(f"/arbiter/t/{tid}").text
    r = client.get(public, headers={"Accept-Language": "fr-FR,fr"})
    assert '<html lang="et">' in r.text and "pärast 2. vooru" in r.text
    r = client.get(public, headers={"Accept-Language": "cs"})
    assert '<html lang="cs">' in r.text
    # ?lang= is remembered in a cookie
    client.get(f"/arbiter/t/{tid}?lang=bg")
    assert '<html lang="bg">' in client.get(f"/arbiter/t/{tid}/players").text
    forget_lang(client)
    client.post(f"/arbiter/t/{tid}/language", data={"language": "", "csrf": csrf(client)})
    assert '<html lang="en">' in client.get(f"/arbiter/t/{tid}").text
    r = client.post(f"/arbiter/t/{tid}/language", data={"language": "xx", "csrf": csrf(client)})
    assert r.status_code == 400 or "unknown language" in r.text
    # the JSON API sets it too
    assert client.patch(f"/api/tournaments/{tid}", json={"language": "cs"},
                        headers={"X-CSRF-Token": csrf(client)}).status_code == 200
    assert '<html lang="cs">' in client.get(f"/arbiter/t/{tid}").text
    assert client.patch(f"/api/tournaments/{tid}", json={"language": "xx"},
                        headers={"X-CSRF-Token": csrf(client)}).status_code == 400
    client.patch(f"/api/tournaments/{tid}", json={"language": ""},
                 headers={"X-CSRF-Token": csrf(client)})


def test_errors_and_flash_messages_translated(site):
    client, tid = site
    forget_lang(client)
    r = client.get(f"/arbiter/t/{tid}/round/9/edit?lang=sl")
    assert "Tega ni mogoče storiti" in r.text and "ročno je mogoče določiti samo pare" in r.text
    r = client.post(f"/arbiter/t/{tid}/byes?lang=cs", data={"player": 9, "round": 3, "code": "H", "csrf": csrf(client)},
                    headers={"referer": f"http://127.0.0.1/arbiter/t/{tid}/players"})
    assert "už má volno" in client.get(r.headers.get("location", r.url)).text \
        if r.status_code == 303 else "už má volno" in r.text
    forget_lang(client)
