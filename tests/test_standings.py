"""Standings: ranking, shared places, presets, rounds, the two commands."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from swisschess.cli.main import main
from swisschess.formats.trf import parse_trf, read_trf
from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament
from swisschess.standings import DEFAULT_TIEBREAKS, PendingResult, standings
from swisschess.standings.crosstable import crosstable
from swisschess.standings.field import complete_rounds
from swisschess.standings.render import crosstable_text, fmt, render_standings

DATA = Path(__file__).parent / "data"
BYES = str(DATA / "standings_byes.trf")
TIES = str(DATA / "standings_ties.trf")


def load(path: str) -> Tournament:
    return read_trf(path).tournament


def order(st) -> list[tuple[int, int]]:
    return [(r.rank, r.id) for r in st.rows]


def test_default_list_and_order() -> None:
    st = standings(load(BYES))
    assert st.labels == list(DEFAULT_TIEBREAKS)
    assert st.round == 4 and st.edition == "2026"
    assert order(st) == [(1, 5), (2, 1), (3, 2), (4, 3), (5, 6), (6, 7), (7, 4), (8, 8)]
    assert st.row(2).values[:3] == [F(15, 2), 9, 4]  # BH/C1, BH, SB


def test_tied_on_points_separated_by_list() -> None:
    t = load(BYES)
    # #2 and #3 (2.0): BH/C1 7.5 vs 6.5 -> 2 first; with SB first the same;
    # with DE only they stay tied (they drew), shared 3rd place
    assert order(standings(t, "DE"))[2:4] == [(3, 2), (3, 3)]
    assert order(standings(t, "BH/C1"))[2:4] == [(3, 2), (4, 3)]
    # #6 and #7 (1.5): BH 6.5 vs 5.0 -> 6 first
    assert order(standings(t, "BH"))[4:6] == [(5, 6), (6, 7)]


def test_shared_ranks_when_list_exhausted() -> None:
    st = standings(load(TIES))
    assert st.labels == ["DE", "BH", "SB", "WIN"]  # from TRF-2026 record 202
    assert [r.rank for r in st.rows] == [1, 1, 1, 1]
    assert [r.id for r in st.rows] == [1, 2, 3, 4]


def test_record_212_wins_over_202() -> None:
    text = Path(TIES).read_text().replace("202 DE,BH,SB,WIN", "202 DE\n212 PTS,SB,TPN")
    t = parse_trf(text).tournament
    st = standings(t)
    assert st.labels == ["SB", "TPN"]
    assert [r.rank for r in st.rows] == [1, 2, 3, 4]  # TPN separates


def test_withdrawn_and_late_entries() -> None:
    t = load(BYES)
    t.players[4].withdrawn = True
    st = standings(t, "BH")
    assert st.row(4).withdrawn and not st.row(1).withdrawn
    assert "(withdrawn)" in render_standings(st, "text")
    # late entry #7 / #8: rounds 1-2 zero-point byes
    assert st.row(7).points == F(3, 2) and st.row(8).points == 0


def test_standings_after_earlier_round() -> None:
    st = standings(load(BYES), "BH", upto=2)
    assert st.round == 2
    assert {r.id: r.points for r in st.rows}[5] == 1  # draw + HPB
    assert order(st)[0] == (1, 1)  # #1: two wins


def test_pending_results() -> None:
    t = load(BYES)
    for pid, opp in ((1, 2), (2, 1)):
        t.players[pid].results.append(RoundEntry(opp, Colour.WHITE if pid == 1 else Colour.BLACK,
                                                 "*"))
    assert complete_rounds(t) == 4
    assert standings(t).round == 4
    with pytest.raises(PendingResult):
        standings(t, upto=5)


def _round_robin(results: dict[tuple[int, int], str], n: int) -> Tournament:
    t = Tournament()
    for i in range(1, n + 1):
        t.players[i] = Player(i, name=f"P{i}", rating=2400 - 10 * i)
    pairs = sorted(results)
    for a, b in pairs:
        for p in t.players.values():
            p.results.append(RoundEntry.bye("Z"))
        res = results[(a, b)]
        t.players[a].results[-1] = RoundEntry(b, Colour.WHITE, res)
        t.players[b].results[-1] = RoundEntry(a, Colour.BLACK, {"1": "0", "0": "1", "=": "="}[res])
    return t


def test_f10_preset_mutual_result_for_first_place_only() -> None:
    """Seeds F10: points; for the first place only the games between the tied
    players; then the average rating of the opponents; then lots (shared)."""
    # 1 and 2 tie on 2.0 for first, 1 beat 2; 3 and 4 tie on 1.0, 4 beat 3
    t = _round_robin({(1, 2): "1", (1, 3): "0", (2, 3): "1", (1, 4): "1", (2, 4): "1",
                      (3, 4): "0"}, 4)
    t.players[3].rating = t.players[4].rating = 2300  # same opponents' average for 3 and 4
    scores = {p: t.score(p) for p in t.players}
    assert scores == {1: 2, 2: 2, 3: 1, 4: 1}
    st = standings(t, "F10", edition="pre2023")
    assert st.labels == ["DE1", "ARO"]
    assert order(st) == [(1, 1), (2, 2), (3, 3), (3, 4)]  # 3rd place shared (lots)
    # ordinary DE would separate 3 and 4 too
    assert order(standings(t, "DE")) == [(1, 1), (2, 2), (3, 4), (4, 3)]


def test_polish_preset() -> None:
    st = standings(load(BYES), "POLISH", edition="2023")
    assert st.labels == ["BH", "BH/M1", "PS", "DE", "WIN"]
    assert order(st)[:2] == [(1, 5), (2, 1)]


def test_rating_tiebreaks_dropped_with_unrated() -> None:
    st = standings(load(TIES), "ARO")
    assert st.notes and "unrated" in st.notes[0]
    assert [r.values[0] for r in st.rows] == [None] * 4
    st = standings(load(TIES), "ARO", unrated=1000)
    assert st.row(1).values[0] == round((2000 + 1900 + 1000) / 3)


def test_round_robin_note_and_cli(capsys) -> None:
    st = standings(load(str(DATA / "standings_rr.trf")), "SB,BH")
    assert any("round robin" in n for n in st.notes)
    assert [r.id for r in st.rows] == [1, 3, 5, 2, 4]
    assert main(["standings", BYES, "--round-robin", "-t", "BH"]) == 0
    assert "must not be used in round robins" in capsys.readouterr().out


def test_format_helpers() -> None:
    assert fmt(F(17, 4), 2) == "4.25" and fmt(F(9), 1) == "9.0" and fmt(None, 1) == "-"
    assert fmt(2015, 0) == "2015" and fmt(F(-1, 2), 1) == "-0.5"


def test_crosstable() -> None:
    ct = crosstable(load(BYES), "BH")
    first = ct.lines[0]
    assert first.row.id == 5
    # #5: drew #2 (line 3) with black, HPB, FPB, beat #1 (line 2) with black
    assert first.cells == ["3b½", "H", "F", "2b1"]
    six = next(x for x in ct.lines if x.row.id == 6)
    assert six.cells[:2] == ["4b-", "PAB"]  # forfeit loss to #3 (line 4), then the PAB
    assert "PAB" in crosstable_text(ct)


# ------------------------------------------------------------------- the CLI
def test_cli_standings_text(capsys) -> None:
    assert main(["standings", BYES, "--tiebreaks", "DE,BH/C1,BH,SB"]) == 0
    out = capsys.readouterr().out
    assert "BH/C1" in out and "Echo, Emil" in out


def test_cli_standings_formats(capsys) -> None:
    assert main(["standings", BYES, "--format", "json", "--edition", "2023", "-t", "BH"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edition"] == "2023" and data["round"] == 4
    assert data["rows"][0]["tpn"] == 5 and data["rows"][0]["tiebreaks"]["BH"] == 10.5
    assert main(["standings", BYES, "--format", "csv", "--round", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Rk,TPN,Name")
    assert len(lines) == 9
    assert main(["standings", TIES, "--format", "html"]) == 0
    html = capsys.readouterr().out
    assert html.startswith("<!DOCTYPE html>") and "One, Ola" in html


def test_cli_crosstable(capsys) -> None:
    assert main(["crosstable", BYES]) == 0
    assert "2b1" in capsys.readouterr().out
    assert main(["crosstable", BYES, "--format", "html"]) == 0
    assert "<table>" in capsys.readouterr().out


@pytest.mark.parametrize("args,code,needle", [
    (["standings", "/nonexistent/x.trf"], 5, "cannot read file"),
    (["standings", BYES, "--tiebreaks", "BH,XYZ"], 3, "unknown tie-break"),
    (["standings", BYES, "--round", "9"], 3, "--round 9"),
    (["crosstable", "/nonexistent/x.trf"], 5, "x.trf"),
])
def test_cli_errors(capsys, args: list[str], code: int, needle: str) -> None:
    assert main(args) == code
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_cli_invalid_file(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(Path(BYES).read_text().replace("   4 w 1     2 b 1", "   4 w 1     2 b Q"))
    assert main(["standings", str(bad)]) == 3
    err = capsys.readouterr().err.strip()
    assert err.startswith(str(bad)) and len(err.splitlines()) == 1


def test_cli_bad_record_202(tmp_path, capsys) -> None:
    bad = tmp_path / "tb.trf"
    bad.write_text(Path(TIES).read_text().replace("202 DE,BH,SB,WIN", "202 DE,NOPE"))
    assert main(["standings", str(bad)]) == 3
    assert "record 212/202" in capsys.readouterr().err


def test_fore_buchholz_does_not_depend_on_the_final_round_results() -> None:
    """docs/standings.md, "FB without the final round's results": FB reads the
    final round's pairing only (every game drawn), BH its results."""
    from dataclasses import replace

    t = load(str(DATA / "reference" / "dutch-2026" / "134.trf"))
    flipped = read_trf(str(DATA / "reference" / "dutch-2026" / "134.trf")).tournament
    swap = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    for p in flipped.players.values():
        e = p.results[-1]
        if e.opponent is not None:
            p.results[-1] = replace(e, code=swap[e.code])
    a, b = standings(t, "FB,BH"), standings(flipped, "FB,BH")
    assert all(a.row(i).values[0] == b.row(i).values[0] for i in t.players)  # FB
    assert sum(a.row(i).values[1] != b.row(i).values[1] for i in t.players) > 30  # BH
    # before the final round FB is BH
    before = standings(t, "FB,BH", upto=10)
    assert all(r.values[0] == r.values[1] for r in before.rows)


def test_a_result_cleared_in_an_earlier_round_stops_the_standings_there() -> None:
    # one definition for the files and the store (review 4e): the first round with
    # a "*" entry ends the complete rounds, even when later rounds are complete
    t = load(BYES)
    played = next(p for p in t.players.values() if p.entry(2) and p.entry(2).opponent)
    for pid in (played.id, played.entry(2).opponent):
        results = t.players[pid].results
        results[1] = dataclasses.replace(results[1], code="*")
    assert t.rounds_recorded() == 4
    assert complete_rounds(t) == 1
    assert standings(t).round == 1
