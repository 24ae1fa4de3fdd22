# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""A team event in the store (issue 32): command line end to end, web pages, replay."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from storehelp import login, pg_server, run, store_url  # noqa: F401

from swisschess.store.events import State, apply
from swisschess.store.service import TournamentService
from swisschess.store.teamdesk import TeamDesk
from swisschess.teams.pairing import pair_round
from swisschess.teams.trf import read_team_trf
from swisschess.web.app import create_app

#: Five teams (one gets the PAB each round), four boards, a reserve in two teams.
CSV = """team,name,rating,title,federation
Rooks,"Novak, Jan",2310,FM,SLO
Rooks,"Kranjc, Eva",2240,,SLO
Rooks,"Zupan, Luka",2180,,SLO
Rooks,"Horvat, Maja",2120,,SLO
Rooks,"Kos, Peter",2050,,SLO
Knights,"Tamm, Mart",2290,,EST
Knights,"Saar, Liis",2200,,EST
Knights,"Mets, Andres",2150,,EST
Knights,"Kask, Kadri",2100,,EST
Bishops,"Novák, Petr",2350,IM,CZE
Bishops,"Svoboda, Jana",2230,,CZE
Bishops,"Dvořák, Tomáš",2190,,CZE
Bishops,"Černá, Lucie",2110,,CZE
Queens,"Petrova, Maria",2280,,BUL
Queens,"Ivanov, Georgi",2210,,BUL
Queens,"Dimitrov, Stefan",2160,,BUL
Queens,"Georgieva, Elena",2090,,BUL
Pawns,"Nowak, Piotr",2260,,POL
Pawns,"Kowalska, Anna",2170,,POL
Pawns,"Wiśniewski, Jan",2130,,POL
"""


def _events(db: str) -> int:
    svc = TournamentService(db)
    try:
        return svc.count_events()
    finally:
        svc.close()


def _state(db: str):
    svc = TournamentService(db)
    try:
        return svc.state(1).team
    finally:
        svc.close()


def test_team_event_from_the_command_line(db, tmp_path, capsys):
    csv_file = tmp_path / "teams.csv"
    csv_file.write_text(CSV, encoding="utf-8")
    assert run(db, "new", "Club League", "--team", "--boards", "4", "--rounds", "3") == 0
    assert run(db, "import-teams", str(csv_file)) == 0
    assert "5 team(s) and 20 player(s)" in capsys.readouterr().out
    assert run(db, "add-team-player", "Pawns", "Wójcik, Ewa", "--rating", "2070") == 0
    assert run(db, "add-team-player", "Nobody", "X, Y") == 3  # unknown team
    assert "unknown team 'Nobody'" in capsys.readouterr().err

    # round 1: C.04.6 on 5 teams: two matches and the PAB (art. 3.4: the last TPN)
    assert run(db, "next-round") == 0
    out = capsys.readouterr().out
    assert "PAB: 5 Pawns" in out
    ts = _state(db)
    assert ts.current_round == 1 and len(ts.paired[1].matches) == 2 and ts.paired[1].pab == 5
    rooks_match = ts.paired[1].match_of(1)
    assert ts.paired[1].lineups[1] == [1, 2, 3, 4]  # the first four of the list by default

    # line-ups: a reserve plays (Zupan rests), then a board-order violation is refused
    assert run(db, "lineup", "Rooks", "1", "2", "4", "5") == 0
    before = _events(db)
    assert run(db, "lineup", "Rooks", "1", "4", "2", "5") == 3
    err = capsys.readouterr().err
    assert "board order: Horvat, Maja (list no. 4) may not play above Kranjc, Eva" in err
    assert run(db, "lineup", "Rooks", "1", "2", "10", "5") == 3  # another team's player
    assert _events(db) == before and _state(db).paired[1].lineups[1] == [1, 2, 4, 5]

    # results: a bad board, a bad result, then the matches (the other one a forfeit)
    other = 3 - rooks_match
    assert run(db, "match-result", str(rooks_match), "--board", "5", "1-0") == 3
    assert "has no board 5" in capsys.readouterr().err
    assert run(db, "match-result", str(rooks_match), "1-0", "1/2", "0-1", "xx") == 3
    capsys.readouterr()
    assert run(db, "match-result", "9", "--board", "1", "1-0") == 3
    err = capsys.readouterr().err  # the match is at fault, not board 1
    assert "round 1 has no match 9 (matches 1-2)" in err and "Board 1" not in err
    assert _events(db) == before
    assert run(db, "match-result", str(rooks_match), "1-0", "1/2", "0-1", "1-0") == 0
    assert run(db, "next-round") == 3  # a match still without results
    assert run(db, "match-result", str(other), "+-", "+-", "+-", "+-") == 0
    out = capsys.readouterr().out
    assert "4 - 0" in out and "(2:0 match points)" in out
    t1 = _state(db).tournament()
    forfeit_winner = _state(db).paired[1].matches[other - 1].white
    assert t1.team(forfeit_winner).rounds[0].kind.value == "forfeit_win"  # all boards +-
    assert t1.team(1).rounds[0].game_points == 2.5 and t1.team(1).rounds[0].match_points == 2

    # round 2, undone (nothing entered yet), paired again: the same pairing
    assert run(db, "next-round") == 0
    first = _state(db).paired[2]
    assert run(db, "undo") == 0
    assert _state(db).current_round == 1
    assert run(db, "next-round") == 0
    assert _state(db).paired[2].matches == first.matches
    ts = _state(db)
    for n in (1, 2):
        assert run(db, "match-result", str(n), "1/2", "1/2", "1-0", "0-1") == 0
    # round 3 with a result entered: undo needs --yes, and takes the results with it
    assert run(db, "next-round") == 0
    assert run(db, "match-result", "1", "--board", "1", "1-0") == 0
    assert run(db, "undo") == 3
    assert run(db, "undo", "--yes") == 0
    assert _state(db).current_round == 2 and not _state(db).pending(2)
    assert run(db, "next-round") == 0
    for n in (1, 2):
        assert run(db, "match-result", str(n), "1-0", "0-1", "1/2", "1/2") == 0
    assert run(db, "next-round") == 3  # all 3 rounds paired
    capsys.readouterr()

    assert run(db, "show", "standings") == 0
    out = capsys.readouterr().out
    assert "Standings after round 3" in out and "MP" in out
    assert run(db, "show", "cards", "--round", "1") == 0
    assert "Kos, Peter" in capsys.readouterr().out  # the reserve on board 4
    assert run(db, "result", "1", "1-0") == 3  # the individual command refuses, clearly
    assert "this is a team event: enter the board results" in capsys.readouterr().err

    # the TRF-2026 export: team records, and the same standings read back
    trf = tmp_path / "league.trf"
    assert run(db, "export", "-o", str(trf)) == 0
    text = trf.read_text(encoding="utf-8")
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text and "310   1 Rooks" in text
    assert "320  1.0  2.0   5" in text  # round 1's PAB
    back, _absent = read_team_trf(text)
    mine = _state(db).tournament()
    assert [[(r.kind, r.match_points, r.game_points, r.opponent) for r in t.rounds]
            for t in back.teams] == [[(r.kind, r.match_points, r.game_points, r.opponent)
                                      for r in t.rounds] for t in mine.teams]


def test_export_pairs_like_the_store(tmp_path):
    """A file exported after a complete round gives the engine the same next round."""
    svc = TournamentService(str(tmp_path / "t.db"))
    desk = TeamDesk(svc)
    tid = desk.create("Cup", 4, 4, "b")
    desk.import_csv(tid, CSV, "teams.csv")
    desk.add_player(tid, "Pawns", "Wójcik, Ewa", 2070)
    for rnd in (1, 2):
        desk.pair(tid)
        for card in desk.cards(tid, rnd):
            words = ["1-0", "1/2", "0-1", "1-0"] if card.number % 2 else ["0-1", "0-1", "1/2", "1/2"]
            desk.enter_results(tid, rnd, card.number, list(enumerate(words, 1)))
    back, absent = read_team_trf(desk.export_trf(tid))
    assert back.rules.colour_model.value == "typeb"
    assert pair_round(back, absent).matches == desk.preview(tid).matches
    svc.close()


def test_replay_rebuilds_the_same_state(tmp_path):
    """The log is the truth: a state rebuilt from the events equals the one kept."""
    path = str(tmp_path / "t.db")
    svc = TournamentService(path)
    desk = TeamDesk(svc)
    tid = desk.create("Cup", 3, 4)
    desk.import_csv(tid, CSV, "teams.csv")
    desk.pair(tid)
    desk.set_lineup(tid, 1, "Rooks", ["Novak", "Kranjc", "Horvat", "-"])
    desk.enter_results(tid, 1, 1, [(1, "1-0"), (2, "=")])
    with pytest.raises(Exception, match="the first team has no player|the second team has no"):
        desk.enter_results(tid, 1, desk.state(tid).paired[1].match_of(1), [(4, "1-0")])
    kept = svc.state(tid)
    fresh = TournamentService(path)  # a new process: the state from the database
    assert fresh.state(tid).team == kept.team
    rebuilt = State()
    for e in svc.log(tid):
        apply(rebuilt, e.kind, json.loads(json.dumps(e.payload)), replay=True)
    assert rebuilt.team == kept.team and rebuilt.t.name == "Cup"
    assert [e.kind for e in svc.log(tid)][:3] == ["team_create", "team_register", "team_player"]
    fresh.close()
    svc.close()


def test_team_event_web_pages(store_url):
    svc = TournamentService(store_url, actor="web")
    with TestClient(create_app(token="pw", service=svc), base_url="http://127.0.0.1") as c:
        login(c, "pw")
        r = c.post("/arbiter/new-team", data={"name": "Web Cup", "rounds": "3", "boards": "2",
                                              "colours": "a"})
        assert r.status_code == 200 and "Web Cup" in r.text
        tid = svc.list_tournaments()[0].id
        for name in ("Alpha", "Beta", "Gamma", "Delta"):
            c.post(f"/arbiter/t/{tid}/teams", data={"name": name})
        for tpn in (1, 2, 3, 4):
            for k in range(3):
                c.post(f"/arbiter/t/{tid}/teams/{tpn}/players",
                       data={"name": f"Player {tpn}-{k + 1}", "rating": str(2000 - 10 * k)})
        page = c.get(f"/arbiter/t/{tid}/teams").text
        assert "Player 4-3" in page and "Pair round 1" in page
        assert "proposed pairing" in c.get(f"/arbiter/t/{tid}/team-pair").text
        c.post(f"/arbiter/t/{tid}/team-pair", data={"version": str(svc.version(tid))})
        ts = TeamDesk(svc).state(tid)
        assert ts.current_round == 1 and len(ts.paired[1].matches) == 2
        n = ts.paired[1].match_of(1)
        # a line-up out of board order: refused, shown, nothing changed
        bad = c.post(f"/arbiter/t/{tid}/team-round/1/lineup",
                     data={"team": "1", "p1": "2", "p2": "1"},
                     headers={"referer": f"http://127.0.0.1/arbiter/t/{tid}/team-round/1"})
        assert "board order" in bad.text
        assert TeamDesk(svc).state(tid).paired[1].lineups[1] == [1, 2]
        c.post(f"/arbiter/t/{tid}/team-round/1/lineup", data={"team": "1", "p1": "1", "p2": "3"})
        for m in (1, 2):
            c.post(f"/arbiter/t/{tid}/team-round/1/match/{m}", data={"r1": "1-0", "r2": "1/2"})
        ts = TeamDesk(svc).state(tid)
        assert not ts.pending(1) and ts.paired[1].lineups[1] == [1, 3]
        assert "Player 1-3" in c.get(f"/arbiter/t/{tid}/team-round/1").text
        # public pages: pairings, match cards, standings (no login needed)
        pub = TestClient(create_app(token="pw", service=svc), base_url="http://127.0.0.1")
        assert c.get(f"/t/{tid}", follow_redirects=False).headers["location"] \
            == f"/t/{tid}/team-pairings/1"
        text = pub.get(f"/t/{tid}/team-pairings/1").text
        assert "1½ – ½" in text and "match points" in text
        cards = pub.get(f"/t/{tid}/match-cards/1").text
        assert cards.count("match-card-table") == 2 and "Captain" in cards
        st = pub.get(f"/t/{tid}/team-standings").text
        assert "Standings after round 1" in st and "Alpha" in st
        # game points as chess lists write them, tie-breaks with the decimal mark
        # of the page's language (as the individual standings do)
        assert "<td class=\"num\">1½</td>" in st and "<td class=\"num\">1.5</td>" in st
        st_sl = pub.get(f"/t/{tid}/team-standings?lang=sl").text
        assert "<td class=\"num\">1,5</td>" in st_sl and "1.5<" not in st_sl
        assert pub.post(f"/arbiter/t/{tid}/team-undo", data={"version": "1"},
                        follow_redirects=False).status_code in (303, 403)
        assert TeamDesk(svc).state(tid).current_round == 1  # not logged in: nothing undone
        # the arbiter undoes round 1
        c.post(f"/arbiter/t/{tid}/team-undo", data={"version": str(svc.version(tid))})
        assert TeamDesk(svc).state(tid).current_round == 0
        assert n in (1, 2)
    svc.close()


def test_corrections_after_later_rounds(db, tmp_path, capsys):
    """A player's details and an earlier round's board result corrected: the later
    pairing stays, the standings follow (General Handling Rules art. 4.3)."""
    csv_file = tmp_path / "teams.csv"
    csv_file.write_text(CSV, encoding="utf-8")
    assert run(db, "new", "Cup", "--team", "--boards", "4", "--rounds", "3") == 0
    assert run(db, "import-teams", str(csv_file)) == 0
    assert run(db, "add-team-player", "Pawns", "Wójcik, Ewa") == 0
    assert run(db, "update-player", "3", "--name", "Zupan, Luka Jr.", "--rating", "2185") == 0
    assert run(db, "update-player", "3", "--fide-id", "x1") == 3
    assert run(db, "update-player", "99", "--rating", "1") == 3
    assert _state(db).players[3].name == "Zupan, Luka Jr." and _state(db).players[3].rating == 2185
    assert run(db, "next-round") == 0
    for n in (1, 2):
        assert run(db, "match-result", str(n), "1-0", "1-0", "1-0", "1-0") == 0
    assert run(db, "next-round") == 0
    paired = _state(db).paired[2].matches
    before = _state(db).tournament(1).team(1).rounds[0].game_points
    capsys.readouterr()
    assert run(db, "match-result", "1", "--round", "1", "--board", "1", "0-1") == 3  # not --correct
    assert run(db, "match-result", "1", "--round", "1", "--board", "1", "0-1", "--correct") == 0
    assert "round 2 was paired with the previous result (1-0)" in capsys.readouterr().err
    ts = _state(db)
    assert ts.paired[2].matches == paired
    first = ts.paired[1].matches[0].white
    assert ts.tournament(1).team(first).rounds[0].game_points == 3.0
    assert before in (0.0, 4.0)


def test_an_export_made_during_a_round(db, tmp_path, capsys):
    # An export between pairing a round and entering its results: the round is
    # paired (opponents, the PAB) but has no result.  Pairing the file again
    # would ignore that pairing, so team-pair refuses it, located; the standings
    # are those of the complete rounds.
    csv_file = tmp_path / "teams.csv"
    csv_file.write_text(CSV, encoding="utf-8")
    assert run(db, "new", "Club League", "--team", "--boards", "4", "--rounds", "3") == 0
    assert run(db, "import-teams", str(csv_file)) == 0
    assert run(db, "next-round") == 0
    assert run(db, "match-result", "1", "1-0", "1/2", "1/2", "0-1") == 0
    assert run(db, "match-result", "2", "1-0", "1-0", "1/2", "1/2") == 0
    assert run(db, "next-round") == 0
    out = tmp_path / "mid.trf"
    assert run(db, "export", "-o", str(out)) == 0
    capsys.readouterr()
    from swisschess.cli.main import main
    assert main(["team-pair", str(out)]) == 3
    err = capsys.readouterr().err
    assert "invalid file: line" in err and "round 2 is paired but has no result yet" in err
    assert main(["team-standings", str(out)]) == 0
    assert "after round 1" in capsys.readouterr().out
    t, _absent = read_team_trf(out.read_text(encoding="utf-8"), str(out), pending=True)
    assert t.rounds_played == 1
