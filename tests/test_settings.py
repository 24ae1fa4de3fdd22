"""The settings made before round 1 (issue 24): tie-breaks, first-round colour (or
by lot), round dates, forbidden pairs, acceleration, late entries, rating list -
in the store, the command line (new / set / forbid), the web form and the API."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient
from storehelp import login, run

from swisschess.formats.trf import parse_trf
from swisschess.model.tournament import Colour, ForbiddenPairs
from swisschess.store.events import Conflict, NotFound, StoreError
from swisschess.store.service import TournamentService
from swisschess.web.app import create_app

TOKEN = "s3cret"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def svc(tmp_path):
    s = TournamentService(f"sqlite:///{tmp_path / 'settings.db'}")
    yield s
    s.close()


def _players(svc, tid, n=6):
    svc.add_players(tid, [{"name": f"Player {i:02d}", "rating": 2400 - 17 * i}
                          for i in range(1, n + 1)])


def _replayed(svc, tid):
    """The state rebuilt from the log alone (a fresh service on the same database)."""
    other = TournamentService(svc.url)
    try:
        return other.state(tid)
    finally:
        other.close()


# ------------------------------------------------------------------- store
def test_tiebreaks_are_validated_stored_and_used(svc):
    tid = svc.create_tournament("T", 5, tiebreaks="de, bh-c1, BH, sb")
    t = svc.tournament(tid)
    assert t.tiebreaks == ["DE", "BH/C1", "BH", "SB"]
    assert svc.standings(tid).names[:4] == ["DE", "BH/C1", "BH", "SB"]
    with pytest.raises(StoreError, match="unknown tie-break 'XYZ'"):
        svc.update_settings(tid, tiebreaks="DE,XYZ")
    with pytest.raises(StoreError, match="listed twice"):
        svc.update_settings(tid, tiebreaks="BH,BH")
    assert svc.tournament(tid).tiebreaks == ["DE", "BH/C1", "BH", "SB"]  # nothing changed
    svc.update_settings(tid, tiebreaks="PTS,WIN,BH")  # a leading PTS is points: left out
    assert svc.tournament(tid).tiebreaks == ["WIN", "BH"]
    assert "202 WIN,BH" in svc.export_trf(tid)


def test_first_colour_by_lot_is_drawn_once_and_replayed(svc):
    seen = set()
    for _ in range(12):
        tid = svc.create_tournament("Lot", 5, initial_colour="lot")
        s = svc.state(tid)
        assert s.option("colour_lot") and s.t.initial_colour in (Colour.WHITE, Colour.BLACK)
        payload = svc.log(tid)[0].payload
        assert payload["initial_colour"] in ("w", "b") and payload["initial_colour_lot"]
        assert _replayed(svc, tid).t.initial_colour is s.t.initial_colour
        seen.add(s.t.initial_colour)
    assert seen == {Colour.WHITE, Colour.BLACK}  # 2 ** -11 to fail by chance
    with pytest.raises(StoreError, match="expected white, black or lot"):
        svc.update_settings(tid, initial_colour="green")


def test_frozen_after_round_one_others_still_change(svc):
    tid = svc.create_tournament("F", 5, initial_colour="black")
    _players(svc, tid)
    spec = svc.pair_next_round(tid)
    # pairing number 1 plays Black in round 1
    assert any(b == 1 for _w, b in spec.boards)
    for change, msg in (({"initial_colour": "white"}, "colour of pairing number 1"),
                        ({"initial_colour": "lot"}, "colour of pairing number 1"),
                        ({"baku": True}, "acceleration"),
                        ({"system": "dutch", "edition": "2017"}, "pairing system")):
        with pytest.raises(Conflict, match=f"{msg}.* cannot change once round 1 is paired"):
            svc.update_settings(tid, **change)
    svc.update_settings(tid, initial_colour="black")  # the same value: accepted
    svc.update_settings(tid, tiebreaks="BH,SB", round_dates=["2026/07/01", "", "26/07/03"],
                        rating_list="FIDE 2026-11 standard")
    t = svc.tournament(tid)
    assert t.round_dates == ["2026-07-01", "", "2026-07-03"]
    with pytest.raises(StoreError, match="round 2: '2026/02/30' is not a date"):
        svc.update_settings(tid, round_dates=["2026-07-01", "2026/02/30"])
    with pytest.raises(StoreError, match="6 round dates for 5 rounds"):
        svc.update_settings(tid, round_dates=["2026-07-01"] * 6)
    with pytest.raises(StoreError, match="3 round dates for 2 rounds"):
        svc.update_settings(tid, rounds=2)  # fewer rounds than dates: say so, drop nothing
    assert svc.tournament(tid).rounds == 5


def test_forbidden_pairs_are_honoured_and_kept_for_past_rounds(svc):
    tid = svc.create_tournament("Family", 5)
    _players(svc, tid, 4)
    # before round 1: numbers follow registration; seeding keeps the pair together
    svc.forbid(tid, [1, 3])
    with pytest.raises(Conflict, match="may already not meet"):
        svc.forbid(tid, [3, 1])
    spec = svc.pair_next_round(tid)
    # by rating, 1-3 would be board 1 (S1 = 1, 2; S2 = 3, 4)
    assert (1, 3) not in spec.boards and (3, 1) not in spec.boards
    assert svc.tournament(tid).forbidden == [ForbiddenPairs((1, 3), 1, 9999)]
    svc.forbid(tid, [1, 3], cancel=True)
    # kept for round 1 (so round 1 stays reproducible), lifted from round 2 on
    assert svc.tournament(tid).forbidden == [ForbiddenPairs((1, 3), 1, 1)]
    text = svc.export_trf(tid)
    assert "260   1   1    1    3" in text
    assert parse_trf(text).tournament.forbidden == [ForbiddenPairs((1, 3), 1, 1)]
    svc.forbid(tid, [2, 4])
    assert svc.tournament(tid).forbidden[-1] == ForbiddenPairs((2, 4), 2, 9999)
    with pytest.raises(NotFound, match="no forbidden pairing of players 1, 2"):
        svc.forbid(tid, [1, 2], cancel=True)
    with pytest.raises(StoreError, match="at least two different players"):
        svc.forbid(tid, [2, 2])


def test_forbidden_pairs_follow_the_seeding(svc):
    tid = svc.create_tournament("Seed", 5)
    svc.add_players(tid, [{"name": "Low", "rating": 1500}, {"name": "Mid", "rating": 1800},
                          {"name": "Top", "rating": 2100}])
    svc.forbid(tid, [1, 3])  # Low and Top
    svc.renumber(tid)
    assert svc.tournament(tid).forbidden == [ForbiddenPairs((1, 3), 1, 9999)]  # Top 1, Low 3
    # a group of three, one pair lifted: the two other pairs stay
    tid = svc.create_tournament("Group", 5)
    _players(svc, tid, 3)
    svc.forbid(tid, [1, 2, 3])
    svc.forbid(tid, [1, 2], cancel=True)
    assert sorted(f.ids for f in svc.tournament(tid).forbidden) == [(1, 3), (2, 3)]


def test_late_entries_get_the_rounds_missed_as_the_rules_say(svc):
    tid = svc.create_tournament("Late", 5, late_entry="half", late_entry_max=1)
    _players(svc, tid)
    for rnd in (1, 2):
        svc.pair_next_round(tid)
        for b in range(1, 4):
            svc.enter_result(tid, rnd, b, "1-0")
    late = svc.add_player(tid, "Late, Half", 1500)
    # two rounds missed, at most one half-point bye
    assert [e.code for e in late.results] == ["H", "Z"]
    zero = svc.add_player(tid, "Late, Zero", 1400, missed="Z")
    assert [(e.code, e.blank) for e in zero.results] == [("Z", True), ("Z", True)]
    svc.update_settings(tid, late_entry_max=None)
    half = svc.add_player(tid, "Late, Both", 1300)
    assert [e.code for e in half.results] == ["H", "H"]
    t = svc.tournament(tid)
    assert t.score(half.id) == 1 and t.score(late.id) == 0.5 and t.score(zero.id) == 0
    with pytest.raises(StoreError, match="points for missed rounds 'X'"):
        svc.add_player(tid, "Late, Bad", 1200, missed="X")
    # the standings, the export and the next pairing see them
    assert {r.player.id: r.points for r in svc.standings(tid).rows}[half.id] == 1
    line = next(ln for ln in svc.export_trf(tid).splitlines() if "Late, Both" in ln)
    assert line.endswith("0000 - H  0000 - H")
    spec = svc.pair_next_round(tid)
    assert half.id in {p for b in spec.boards for p in b} | {spec.bye}
    assert _replayed(svc, tid).t.players[half.id].results[:2] == half.results


def test_rating_list_and_settings_notes_survive_export_and_import(svc):
    tid = svc.create_tournament("Rated", 7, rating_list="FIDE 2026-11 standard",
                                initial_colour="lot", late_entry="half", late_entry_max=2,
                                round_dates=["2026-11-27"])
    _players(svc, tid, 4)
    text = svc.export_trf(tid)
    assert "### rating list: FIDE 2026-11 standard" in text
    assert "### first-round colour drawn by lot" in text
    assert "### late entries: half-point bye for each round missed, at most 2" in text
    back = svc.state(svc.import_trf(text))
    assert back.options == svc.state(tid).options
    assert back.t.comments == []  # read back as settings, not kept as loose comments
    with pytest.raises(StoreError, match="one line of at most 80 characters"):
        svc.update_settings(tid, rating_list="FIDE\nstandard")


# ---------------------------------------------------------------- command line
def test_new_first_colour_black_gives_number_one_black(db, capsys):
    assert run(db, "new", "Black Open", "-r", "5", "--first-colour", "black",
               "--tiebreaks", "DE,BH/C1,BH", "--round-dates", "2026/07/01,2026/07/02",
               "--rating-list", "FIDE 2026-11 standard") == 0
    for i in range(1, 7):
        assert run(db, "add-player", f"Player {i}", "--rating", str(2000 - 10 * i)) == 0
    capsys.readouterr()
    assert run(db, "next-round") == 0
    out = capsys.readouterr().out
    assert "Round 1 · Jul 1, 2026" in out
    board1 = next(ln for ln in out.splitlines() if ln.strip().startswith("1 "))
    # #1 on the Black side (the right half) of board 1
    assert re.search(r"Player [2-6] .* Player 1 ", board1 + " "), board1
    assert run(db, "export", "-o", "e.trf") == 0
    text = open("e.trf", encoding="utf-8").read()
    assert "152 B" in text and "202 DE,BH/C1,BH" in text
    assert "### rating list: FIDE 2026-11 standard" in text
    capsys.readouterr()
    assert run(db, "set", "first-colour", "white") == 3
    assert "cannot change once round 1 is paired" in capsys.readouterr().err
    assert run(db, "set", "acceleration", "baku") == 3
    assert run(db, "show", "standings") == 0
    assert "DE" in capsys.readouterr().out


def test_set_and_forbid_commands(db, capsys):
    assert run(db, "new", "Set Open", "-r", "5") == 0
    for name in ("Novak, Jan", "Novak, Eva", "Horvat, Ana"):
        assert run(db, "add-player", name, "--rating", "1800") == 0
    capsys.readouterr()
    assert run(db, "set", "tiebreaks", "BH/C1,BH,SB") == 0
    assert run(db, "set", "round-date", "3", "2026/07/03") == 0
    assert run(db, "set", "acceleration", "baku") == 0
    assert run(db, "set", "late-entry-points", "half") == 0
    assert run(db, "set", "late-entry-max", "2") == 0
    assert run(db, "set", "rating-list", "FIDE", "2026-11") == 0
    assert run(db, "forbid", "Novak, Jan", "Novak, Eva") == 0
    out = capsys.readouterr().out
    assert "not to be paired together from round 1 on: 1 Novak, Jan, 2 Novak, Eva" in out
    assert run(db, "show", "settings") == 0
    out = capsys.readouterr().out
    for text in ("BH/C1, BH, SB", "Baku acceleration", "3: Jul 3, 2026",
                 "1 Novak, Jan – 2 Novak, Eva", "a half-point bye for each round missed (at most 2)",
                 "FIDE 2026-11"):
        assert text in out, text
    # bad values: exit 3, a message, nothing stored
    svc = TournamentService(db)
    n = svc.count_events()
    svc.close()
    for argv, message in ((("set", "tiebreaks", "BH,QQ"), "unknown tie-break 'QQ'"),
                          (("set", "round-date", "3"), "expected ROUND DATE"),
                          (("set", "round-date", "2", "2026/13/01"), "is not a date"),
                          (("set", "acceleration", "fast"), "expected baku or none"),
                          (("set", "late-entry-points", "all"), "expected zero or half"),
                          (("set", "first-colour", "red"), "expected white, black or lot"),
                          (("forbid", "Novak, Jan", "Novak, Jan"), "two different players"),
                          (("forbid", "Horvat", "Nobody"), "unknown player 'Nobody'")):
        assert run(db, *argv) == 3, argv
        assert message in capsys.readouterr().err, argv
    svc = TournamentService(db)
    assert svc.count_events() == n
    svc.close()
    assert run(db, "show", "players") == 0
    assert "Rating list: FIDE 2026-11" in capsys.readouterr().out
    assert run(db, "forbid", "1", "2", "--cancel") == 0
    assert run(db, "new", "Lot Open", "-r", "5", "--first-colour", "lot") == 0
    assert re.search(r"drawn by lot: pairing number 1 has (White|Black) in round 1",
                     capsys.readouterr().out)
    assert run(db, "add-player", "Late, Z", "--missed-rounds-points", "z") == 0


# ------------------------------------------------------------------ web and API
@pytest.fixture
def client(svc):
    with TestClient(create_app(token=TOKEN, service=svc), base_url="http://127.0.0.1") as c:
        yield c


def test_web_settings_form(client, svc):
    login(client, TOKEN)
    tid = svc.create_tournament("Web Open", 3)
    _players(svc, tid, 4)
    page = client.get(f"/arbiter/t/{tid}/settings")
    assert page.status_code == 200 and 'id="settings-form"' in page.text
    assert 'name="round_date_3"' in page.text and "frozen-note" not in page.text
    form = {"name": "Web Open", "rounds": "3", "tiebreaks": "DE, BH/C1", "first_colour": "lot",
            "acceleration": "baku", "late_entry": "half", "late_entry_max": "",
            "rating_list": "FIDE 2026-11", "round_date_1": "2026-07-01", "round_date_2": "",
            "round_date_3": "2026-07-03"}
    r = client.post(f"/arbiter/t/{tid}/settings", data=form)
    assert r.status_code == 200 and "Settings saved." in r.text
    s = svc.state(tid)
    assert s.t.tiebreaks == ["DE", "BH/C1"] and s.option("colour_lot")
    assert s.t.round_dates == ["2026-07-01", "", "2026-07-03"] and s.t.system.endswith("_BAKU")
    colour = s.t.initial_colour
    # saving again keeps the colour drawn (the form shows it as "keep")
    page = client.get(f"/arbiter/t/{tid}/settings").text
    assert 'value="keep" selected' in page
    form["first_colour"] = "keep"
    client.post(f"/arbiter/t/{tid}/settings", data=form)
    assert svc.state(tid).t.initial_colour is colour and svc.state(tid).option("colour_lot")
    # a bad tie-break: the error is shown, nothing changed
    r = client.post(f"/arbiter/t/{tid}/settings", data={**form, "tiebreaks": "XX"})
    assert "unknown tie-break" in r.text
    assert svc.state(tid).t.tiebreaks == ["DE", "BH/C1"]
    assert "Rating list: FIDE 2026-11" in client.get(f"/arbiter/t/{tid}/players").text
    # forbidden pairs
    r = client.post(f"/arbiter/t/{tid}/forbidden", data={"players": "1 2"})
    assert "will not be paired together" in r.text and "1 Player 01 – 2 Player 02" in r.text
    r = client.post(f"/arbiter/t/{tid}/forbidden", data={"players": "1 2", "cancel": "1"})
    assert "may be paired together again" in r.text and svc.tournament(tid).forbidden == []


def test_api_settings(client, svc):
    r = client.post("/api/tournaments", headers=AUTH, json={
        "name": "API Open", "rounds": 5, "first_colour": "black", "tiebreaks": ["DE", "BH"],
        "round_dates": ["2026-07-01"], "rating_list": "FIDE 2026-11 standard"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    st = r.json()["settings"]
    assert st["first_colour"] == "black" and st["tiebreaks"] == ["DE", "BH"]
    assert st["round_dates"] == ["2026-07-01"] and st["rating_list"] == "FIDE 2026-11 standard"
    r = client.patch(f"/api/tournaments/{tid}", headers=AUTH,
                     json={"late_entry_points": "half", "late_entry_max": 1, "baku": True})
    assert r.status_code == 200
    st = r.json()["settings"]
    assert (st["late_entry_points"], st["late_entry_max"], st["baku"]) == ("half", 1, True)
    r = client.patch(f"/api/tournaments/{tid}", headers=AUTH, json={"late_entry_max": -1})
    assert r.json()["settings"]["late_entry_max"] is None
    r = client.patch(f"/api/tournaments/{tid}", headers=AUTH, json={"tiebreaks": "BH,QQ"})
    assert r.status_code == 400 and "unknown tie-break 'QQ'" in r.json()["detail"]
    _players(svc, tid, 3)
    r = client.post(f"/api/tournaments/{tid}/forbidden", headers=AUTH, json={"players": [1, 2]})
    assert r.json()["settings"]["forbidden"] == [
        {"players": [1, 2], "first_round": 1, "last_round": None}]
    assert client.post(f"/api/tournaments/{tid}/forbidden",
                       json={"players": [1, 2]}).status_code == 401
    r = client.post(f"/api/tournaments/{tid}/rounds", headers=AUTH)
    assert r.status_code == 201
    r = client.post(f"/api/tournaments/{tid}/players", headers=AUTH,
                    json={"name": "Late, Lara", "missed_rounds_points": "H"})
    assert r.status_code == 201 and r.json()["points"] == 0.5
    assert client.patch(f"/api/tournaments/{tid}", headers=AUTH,
                        json={"name": " "}).status_code == 400
    login(client, TOKEN)
    page = client.get(f"/arbiter/t/{tid}/log").text
    assert "Forbidden pairing: 1 Player 01, 2 Player 02" in page
    log = [json.dumps(e.payload) for e in svc.log(tid)]
    assert any('"late_entry": "half"' in x for x in log)


def test_add_player_says_what_a_late_entry_gets_for_the_rounds_missed(db, capsys):
    # e2e run (issue 24): registering after round 1 must not hide the points given
    assert run(db, "new", "Late Open", "-r", "5", "--late-entry-points", "half",
               "--late-entry-max", "1") == 0
    for i in range(1, 5):
        assert run(db, "add-player", f"Player {i}", "--rating", str(2000 - 10 * i)) == 0
    assert run(db, "next-round") == 0
    assert run(db, "result", "1", "1-0", "2", "0-1") == 0
    assert run(db, "next-round") == 0
    assert run(db, "result", "1", "1/2", "2", "1-0") == 0
    capsys.readouterr()
    assert run(db, "add-player", "Late, Comer", "--rating", "1700") == 0
    out = capsys.readouterr().out
    assert "player 5 registered: Late, Comer 1700" in out
    assert "late entry, rounds missed: 1: half-point bye, 2: absent (zero-point bye)" in out
    assert run(db, "add-player", "Late, Two", "--missed-rounds-points", "H", "--lang", "sl") == 0
    assert "pozna prijava" in capsys.readouterr().out.lower()


def test_web_settings_log_only_what_changed_and_late_entry_says_its_byes(client, svc):
    # e2e run (issue 24): saving the form once logged every field as "changed"
    login(client, TOKEN)
    tid = svc.create_tournament("Web Late", 3, city="Bled", late_entry="half",
                                tiebreaks="DE,BH/C1", round_dates=["2026-07-01", "", ""])
    _players(svc, tid, 4)
    page = client.get(f"/arbiter/t/{tid}/settings").text
    form = {k: v for k, v in re.findall(r'<input name="(\w+)"[^>]*value="([^"]*)"', page)}
    form.update({k: v for k, v in re.findall(
        r'<input type="date" name="(\w+)" value="([^"]*)"', page)})
    form.update({"late_entry": "half", "first_colour": "", "acceleration": "none"})
    n = svc.count_events()
    r = client.post(f"/arbiter/t/{tid}/settings", data=form)
    assert "Nothing was changed." in r.text and svc.count_events() == n
    r = client.post(f"/arbiter/t/{tid}/settings", data={**form, "rating_list": "FIDE 2026-08"})
    assert "Settings saved." in r.text and svc.count_events() == n + 1
    assert svc.log(tid)[-1].payload == {"rating_list": "FIDE 2026-08"}
    svc.pair_next_round(tid)
    r = client.post(f"/arbiter/t/{tid}/players", data={"name": "Late, Web", "rating": "1500"})
    assert "Late entry, rounds missed: 1: half-point bye." in r.text
