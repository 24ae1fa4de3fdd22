"""Web pages of issue 25: rating changes, the public player card, norms and
prizes, in every language (no English left on the translated pages)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from storehelp import login

from swisschess import i18n
from swisschess.store.service import TournamentService
from swisschess.web.app import create_app

DATA = Path(__file__).parent / "data"
TOKEN = "t0ken"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    svc = TournamentService(str(tmp_path_factory.mktemp("r") / "t.db"), actor="web")
    tid = svc.import_trf((DATA / "ratings_open.trf").read_text(), "ratings_open.trf")
    rr = svc.import_trf((DATA / "norms_rr.trf").read_text(), "norms_rr.trf")
    with TestClient(create_app(token=TOKEN, service=svc), base_url="http://127.0.0.1") as c:
        yield c, tid, rr
    svc.close()


def test_public_ratings_and_player_card(site):
    c, tid, _rr = site
    r = c.get(f"/t/{tid}/ratings?lang=en")
    assert r.status_code == 200
    assert "1 March 2024" in r.text and "-13.1" in r.text
    assert f'href="/t/{tid}/players/9"' in r.text and "initial rating (B.02 8.2)" in r.text
    card = c.get(f"/t/{tid}/players/1?lang=en").text
    # opponents, results, Ra 2102, Rp 2251, We 4.81, K 10, -13.1, new 2687
    for x in ("Eta, Eino", "2102", "2251", "4.81", "-13.1", "2687"):
        assert x in card
    assert c.get(f"/t/{tid}/players/99?lang=en").status_code == 404


def test_arbiter_norms_and_prizes(site):
    c, tid, rr = site
    assert c.get(f"/arbiter/t/{rr}/norms", follow_redirects=False).status_code in (302, 303, 401)
    login(c, TOKEN)
    page = c.get(f"/arbiter/t/{rr}/norms?lang=en").text
    assert "GM, IM" in page and "4½/9 would have made the score requirements" in page
    cfg = (DATA / "prizes_open.toml").read_text()
    r = c.post(f"/arbiter/t/{tid}/prizes?lang=en", data={"config": cfg})
    assert r.status_code == 200 and "275.00 EUR" in r.text
    bad = c.post(f"/arbiter/t/{tid}/prizes?lang=en", data={"config": "sharing = 1"})
    assert bad.status_code == 422 and "sharing" in bad.text


@pytest.mark.parametrize("lang", [x for x in i18n.LANGUAGES if x != "en"])
def test_pages_translated(site, lang):
    c, tid, rr = site
    login(c, TOKEN)
    markers = ["Rating changes", "initial rating (B.02 8.2)", "1 March 2024", "Remark",
               "Title norms", "would have made", "Norms missed", "Allocate the prizes",
               "Prize file", "Rated", "A player receives only"]
    pages = [f"/t/{tid}/ratings", f"/t/{tid}/players/9", f"/arbiter/t/{rr}/norms",
             f"/arbiter/t/{tid}/prizes"]
    for url in pages:
        text = c.get(f"{url}?lang={lang}").text
        assert f'lang="{lang}"' in text
        for m in markers:
            assert m not in text, (url, m)
    r = c.post(f"/arbiter/t/{tid}/prizes?lang={lang}",
               data={"config": (DATA / "prizes_open.toml").read_text()})
    assert "A player receives only" not in r.text and "EUR" in r.text


def test_json_api(site):
    c, tid, rr = site
    data = c.get(f"/api/tournaments/{tid}/ratings").json()
    assert data["players"][0]["rating_change"] == -13.1
    c2 = TestClient(c.app, base_url="http://127.0.0.1")  # not logged in
    assert c2.get(f"/api/tournaments/{rr}/norms").status_code == 401
    login(c, TOKEN)
    norms = c.get(f"/api/tournaments/{rr}/norms").json()
    assert norms["players"][0]["norms"] == ["GM", "IM"]
