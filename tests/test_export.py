"""The export a rating officer accepts: a complete event run through the manager
(registration from a TRF starting list, requested byes, a withdrawal, a forfeit,
all rounds) exported as TRF-2026 and TRF16 with the records of a FIDE rating
report (012-132, 062/072, 092) and the rank of every player, read back without a
single diagnostic.  (bbpPairings' checker on the same kind of file: docs/checking.md.)
"""

from __future__ import annotations

from pathlib import Path

from storehelp import run

from swisschess.cli.main import main
from swisschess.formats.trf import parse_trf
from swisschess.standings import standings
from swisschess.store.service import TournamentService

START = Path(__file__).parent / "data" / "export" / "start.trf"
DATES = "26/05/01  26/05/01  26/05/02  26/05/02  26/05/03"
#: The header a rating report needs, as the starting list gives it (both variants).
HEADER = ["012 Bern Spring Open 2026", "022 Bern", "032 SUI", "042 2026/05/01",
          "052 2026/05/03", "062 12", "072 11", "092 Individual: Swiss-System",
          "102 Huber, Hans", "112 Graf, Eva", "122 90 min + 30 s",
          "132" + " " * 88 + DATES]
#: Results by board: a fixed pattern, so the event is the same on every run.
PATTERN = ("1-0", "0-1", "1/2", "1-0")


def play_event(db: str, rounds: int = 5) -> None:
    """Register from the starting list, two requested byes, a withdrawal after
    round 2, a forfeit in round 3, and ``rounds`` rounds with all results."""
    assert run(db, "import", str(START)) == 0
    assert run(db, "bye", "Neuling", "--round", "2", "--half") == 0
    assert run(db, "bye", "Schmid", "--round", "4", "--zero") == 0
    for rnd in range(1, rounds + 1):
        assert run(db, "next-round") == 0
        svc = TournamentService(db)
        boards = svc.boards(svc.resolve_tournament(), rnd)
        svc.close()
        for b in boards:
            result = "+-" if (rnd, b.board) == (3, 4) else PATTERN[(b.board + rnd) % 4]
            assert run(db, "result", str(b.board), result) == 0
        if rnd == 2:
            assert run(db, "withdraw", "Dubois") == 0


def export(db: str, path: Path, *variant: str) -> str:
    assert run(db, "export", "-o", str(path), *variant) == 0
    return path.read_text(encoding="utf-8")


def ranks(text: str) -> dict[int, int]:
    """Pairing number -> rank (columns 86-89) of the 001 lines."""
    return {int(ln[4:8]): int(ln[85:89]) for ln in text.splitlines() if ln.startswith("001")}


def test_finished_event_exports_a_rating_report(db, tmp_path, capsys):
    play_event(db)
    text26 = export(db, tmp_path / "ev26.trf")
    text16 = export(db, tmp_path / "ev16.trf", "--variant", "2016")
    lines26, lines16 = text26.splitlines(), text16.splitlines()
    for lines in (lines26, lines16):
        assert [ln for ln in lines if ln[:3] in {h[:3] for h in HEADER}] == HEADER
        assert not any(ln.startswith("082") for ln in lines)  # no teams
        assert len([ln for ln in lines if ln.startswith("001")]) == 12
    assert "142 5" in lines26 and "192 FIDE_DUTCH" in lines26
    assert "XXR 5" in lines16 and not any(ln[:3] in ("142", "192", "240") for ln in lines16)

    # Every rank filled, and it is the rank of the standings with the event's
    # tie-breaks (202) computed from the file itself.
    t = parse_trf(text26).tournament
    st = standings(t)
    assert st.round == 5 and [s.label for s in st.tiebreaks] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert ranks(text26) == {r.player.id: r.rank for r in st.rows} == ranks(text16)
    assert sorted(ranks(text26).values()) == list(range(1, 13))  # no full tie here
    # the order of the ranks follows the points
    by_rank = sorted(t.players.values(), key=lambda p: ranks(text26)[p.id])
    assert [t.score(p.id) for p in by_rank] == sorted((t.score(p.id) for p in by_rank),
                                                      reverse=True)
    assert ranks(text26)[by_rank[0].id] == 1 and by_rank[0].name == "Keller, Anna"
    # the event's facts are in the file: withdrawal, byes, forfeit
    assert "### withdrawn: 4 Dubois, Claire" in lines26
    assert t.players[4].entry(3).code == "Z" and t.players[12].entry(2).code == "H"
    assert t.players[11].entry(4).code == "Z"
    assert sorted(e.code for p in t.players.values() if (e := p.entry(3)).code in "+-") \
        == ["+", "-"]

    # Read back without an error or a warning, and `validate` says nothing.
    for text in (text26, text16):
        assert parse_trf(text, "export.trf").diagnostics == []
    capsys.readouterr()
    assert main(["validate", str(tmp_path / "ev26.trf"), str(tmp_path / "ev16.trf")]) == 0
    assert capsys.readouterr() == ("", "")

    # The TRF-2026 export imported again is the same event: same file.
    assert run(db, "import", str(tmp_path / "ev26.trf")) == 0
    assert export(db, tmp_path / "copy.trf", "-T", "2") == text26


def test_export_during_a_round_ranks_after_the_last_complete_round(db, tmp_path):
    play_event(db, rounds=2)
    assert run(db, "next-round") == 0
    assert run(db, "result", "1", "1-0") == 0  # round 3: one result of five
    text = export(db, tmp_path / "now.trf")
    t = parse_trf(text).tournament
    assert ranks(text) == {r.player.id: r.rank for r in standings(t, upto=2).rows}
    assert parse_trf(text).diagnostics == []


def test_trf16_counts_the_next_rounds_requested_bye_in_the_points(db, tmp_path):
    play_event(db, rounds=1)  # Neuling asked for a half-point bye in round 2
    text16 = export(db, tmp_path / "r1-16.trf", "--variant", "16")
    text26 = export(db, tmp_path / "r1-26.trf")
    line16 = next(ln for ln in text16.splitlines() if ln.startswith("001   12"))
    line26 = next(ln for ln in text26.splitlines() if ln.startswith("001   12"))
    # TRF16 has no 240: the bye stands in round 2's column, and JaVaFo and
    # bbpPairings count it in the points; TRF-2026 keeps it in a 240 record.
    assert line16[101:109] == "0000 - H" and len(line26) < 102
    assert float(line16[80:84]) == float(line26[80:84]) + 0.5
    assert "240 H   2   12" in text26.splitlines()
    for text in (text16, text26):
        assert parse_trf(text).diagnostics == []


def test_export_before_round_one_and_variant_names(db, tmp_path, capsys):
    assert run(db, "import", str(START)) == 0
    text = export(db, tmp_path / "start.trf")
    assert all(ln[85:89] == "" for ln in text.splitlines() if ln.startswith("001"))
    assert "062 12" in text and "072 11" in text and "132" + " " * 88 + DATES in text
    assert export(db, tmp_path / "a.trf", "--variant", "TRF16") \
        == export(db, tmp_path / "b.trf", "--variant", "16")
    capsys.readouterr()
    assert run(db, "export", "--variant", "2017") == 3
    err = capsys.readouterr().err
    assert "unknown TRF variant '2017'" in err and "Traceback" not in err


def test_web_export_both_variants(tmp_path):
    from fastapi.testclient import TestClient
    from storehelp import login

    from swisschess.web.app import create_app

    svc = TournamentService(str(tmp_path / "web.db"), actor="web")
    tid = svc.import_trf(START.read_text(encoding="utf-8"), "start.trf")
    auth = {"Authorization": "Bearer s3cret"}
    with TestClient(create_app(token="s3cret", service=svc), base_url="http://127.0.0.1") as c:
        api = f"/api/tournaments/{tid}/export.trf"
        assert c.get(api, headers=auth).text == svc.export_trf(tid)
        assert c.get(api + "?variant=2016", headers=auth).text == svc.export_trf(tid, "16")
        r = c.get(api + "?variant=17", headers=auth)
        assert r.status_code == 400 and "unknown TRF variant '17'" in r.json()["detail"]
        login(c, "s3cret")
        page = c.get(f"/arbiter/t/{tid}")
        assert f'href="/arbiter/t/{tid}/export.trf?variant=16"' in page.text
        r = c.get(f"/arbiter/t/{tid}/export.trf?variant=16")
        assert r.text == svc.export_trf(tid, "16") and "XXR 5" in r.text
        assert 'filename="Bern-Spring-Open-2026-trf16.trf"' in r.headers["content-disposition"]
    svc.close()


def test_players_the_tiebreaks_cannot_separate_share_the_rank(tmp_path):
    svc = TournamentService(str(tmp_path / "tie.db"))
    tid = svc.create_tournament("Tie", rounds=1, chief_arbiter="Huber, Hans",
                                start_date="2026-05-01", end_date="1 May 2026")
    svc.add_players(tid, [{"name": f"Player {i}", "rating": 2000 - i} for i in (1, 2, 3)]
                    + [{"name": "Unrated, Una"}])
    svc.set_pairing(tid, 1, [(1, 2), (3, 4)], reason="by hand")
    svc.enter_result(tid, 1, 1, "1/2")
    svc.enter_result(tid, 1, 2, "1/2")
    text = svc.export_trf(tid)
    svc.close()
    # all four: ½ point, the same BH/C1, BH, SB, no encounter between the groups
    # that could decide, no win: one shared first place (C.07 Art. 4.2, no lots)
    assert ranks(text) == {1: 1, 2: 1, 3: 1, 4: 1}
    assert "062 4" in text.splitlines() and "072 3" in text.splitlines()
    # dates as TRF writes them when they read as dates, else as typed
    assert "042 2026/05/01" in text.splitlines() and "052 1 May 2026" in text.splitlines()
    assert parse_trf(text).diagnostics == []
