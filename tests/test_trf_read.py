"""Reading TRF16, TRF(x) and TRF-2026: fields, records, line endings, encodings."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from swisschess.formats.adjustments import point_adjustments
from swisschess.formats.trf import (
    Diagnostic,
    TrfError,
    load_trf,
    parse_trf,
    read_trf,
)
from swisschess.model.history import to_be_paired
from swisschess.model.tournament import (
    Acceleration,
    ByeRequest,
    Colour,
    ForbiddenPairs,
    PointAdjustment,
    RoundEntry,
)

DATA = Path(__file__).parent / "data"
W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
F = Fraction


def line001(pid: int, pts: str, *rounds: str, name: str = "") -> str:
    """A 001 record; each round is written like ``"   2 w 1"`` (8 columns)."""
    head = f"001 {pid:4d}      {(name or 'Player ' + str(pid)):<33} 2000".ljust(80) + f"{pts:>4}"
    return head.ljust(89) + "".join("  " + r for r in rounds)


def parse(*lines: str):
    return parse_trf("\n".join(lines) + "\n", "t.trf")


# ------------------------------------------------------------------ TRF16
def test_trf16_sample_headers_and_players():
    r = read_trf(DATA / "sample_trf16.trf")
    assert r.diagnostics == []
    t = r.tournament
    assert (t.name, t.city, t.federation) == ("Swisschess Test Open (TRF16 sample)", "Tallinn", "EST")
    assert (t.start_date, t.end_date) == ("2025/03/01", "2025/03/02")
    assert t.chief_arbiter == "Arbiter, Chief"
    assert t.deputy_arbiters == ["Arbiter, Deputy One", "Arbiter, Deputy Two"]
    assert t.time_control == "90 min + 30 s/move"
    assert t.system == "Individual: Swiss-System Dutch"  # from 092 when there is no 192
    assert t.rounds is None and t.initial_colour is None and t.points.is_default()
    for code in ("062", "072", "082", "092", "013"):
        assert code in t.extra
    # 132: round dates (YY/MM/DD at 92, 102, ...) into the model, ISO
    assert "132" not in t.extra and t.round_dates == ["2025-03-01", "2025-03-01", "2025-03-02"]
    p1 = t.players[1]
    assert (p1.sex, p1.title, p1.name, p1.rating) == ("w", "WIM", "Alpha, Anna", 2415)
    assert (p1.federation, p1.fide_id, p1.birth) == ("EST", "4500123", "1990/05/17")
    assert (p1.stated_points, p1.stated_rank) == (F(3, 2), 3)
    assert t.players[6].rating == 0 and t.players[6].federation == ""


def test_trf16_result_codes():
    t = read_trf(DATA / "sample_trf16.trf").tournament
    p = t.players
    assert p[1].results == [RoundEntry(4, W, "1"), RoundEntry(2, B, "="), RoundEntry(3, W, "-")]
    assert p[3].results[0] == RoundEntry(6, W, "+")  # forfeit win
    assert p[3].results[1] == RoundEntry(5, B, "L")  # lost in less than one move
    assert p[3].results[2] == RoundEntry(1, B, "-")  # double forfeit
    assert p[4].results[1] == RoundEntry(None, N, "H")
    assert p[4].results[2] == RoundEntry(5, W, "D")  # lower-case 'd' stored upper case
    assert p[6].results[1] == RoundEntry(None, N, "U")
    assert [t.score(i) for i in range(1, 7)] == [F(3, 2), 1, 1, 1, 2, 2]
    assert t.rounds_recorded() == 3


# ------------------------------------------------------------------ TRF(x)
def test_trfx_sample_extensions():
    r = read_trf(DATA / "sample_trfx.trf")
    assert r.diagnostics == []
    t = r.tournament
    assert t.rounds == 5 and t.initial_colour is B
    ps = t.points
    assert (ps.win, ps.draw, ps.loss, ps.forfeit_win, ps.pab, ps.half_bye) == (3, 1, 0, 3, 3, 1)
    assert ps.win_black is None  # same value for both colours
    assert t.xxa[1] == [1, 1] and t.xxa[3] == [1, F(1, 2)] and t.xxa[4] == [1]
    assert t.acceleration(3, 2) == F(1, 2) and t.acceleration(4, 2) == 0
    assert t.forbidden == [ForbiddenPairs((1, 2)), ForbiddenPairs((5, 6, 7))]
    assert t.is_forbidden(6, 7, 3)
    # XXZ: not to be paired in the round about to be paired (round 2 here)
    assert t.bye_requests == [ByeRequest("Z", 2, (7,))]
    assert t.players[8].results[1] == RoundEntry(None, N, "H")
    assert to_be_paired(t, 2) == [1, 2, 3, 4, 5, 6]


def test_xxs_points_are_strict():
    lines = (DATA / "sample_trfx.trf").read_text().split("\n")
    assert lines[4][80:84] == " 3.0"
    lines[4] = lines[4][:80] + " 2.0" + lines[4][84:]
    r = parse_trf("\n".join(lines), "x.trf")
    assert [(d.line, d.column, d.severity) for d in r.diagnostics] == [(5, 81, "error")]
    assert "points 2.0 but the results give 3.0" in r.errors[0].message


def test_points_without_point_system_are_a_warning():
    r = parse(line001(1, "0.0", "   2 w 1"), line001(2, "0.0", "   1 b 0"))
    assert r.errors == [] and len(r.warnings) == 1
    assert (r.warnings[0].line, r.warnings[0].column) == (1, 81)


def test_next_round_bye_points_counted_or_not():
    """TRF(x): a 0000 - H written for the round to be paired may be in the points or not."""
    for pts in ("1.5", "1.0"):
        r = parse("XXS W=1", line001(1, pts, "   2 w 1", "0000 - H"), line001(2, "0.0", "   1 b 0"))
        assert r.errors == [], pts


def test_bbp_point_records():
    t = parse("BBW 3.0", "BBD 1.0", line001(1, "3.0", "0000 - U")).tournament
    assert (t.points.win, t.points.draw, t.points.pab, t.points.full_bye) == (3, 1, 3, 3)
    t = parse("BBU 1.0", "BBW 2.0", line001(1, "1.0", "0000 - U")).tournament
    assert (t.points.win, t.points.pab) == (2, 1)


def test_xxc_options():
    assert parse("XXC white1", line001(1, "")).tournament.initial_colour is W
    r = parse("XXC rank black1", line001(1, ""))
    assert r.tournament.initial_colour is B
    assert r.diagnostics == [] and r.tournament.rank_order == [1]  # XXC rank: file order
    assert parse("XXC pink1", line001(1, "")).errors[0].column == 5


# ---------------------------------------------------------------- TRF-2026
def test_trf2026_sample_records():
    r = read_trf(DATA / "sample_trf2026.trf")  # CR line ends, as TRF-2026 asks
    assert r.diagnostics == []
    t = r.tournament
    assert t.rounds == 4 and t.initial_colour is B
    assert (t.points.win, t.points.draw, t.points.pab, t.points.forfeit_win) == (2, 1, 2, 2)
    assert t.system == "FIDE_DUTCH_2026"  # 192 wins over 092
    assert t.tiebreaks == ["BH/C1", "BH", "SB"]
    for code in ("172", "182", "212", "222", "FRA", "092"):
        assert code in t.extra, code
    assert t.round_dates == ["2026-03-07"] * 4
    # 299 with a blank type: +1.0 for player 3 from round 2 on (in the model)
    assert "299" not in t.extra and t.adjustments == [PointAdjustment(F(1), 2, (3,))]
    assert t.score(3) == t.results_score(3) + 1 and t.score(3, 1) == t.results_score(3, 1)
    assert len(t.comments) == 3 and t.comments[0].startswith("### Swisschess")
    assert t.bye_requests == [ByeRequest("H", 3, (5,)), ByeRequest("Z", 3, (6,))]
    assert t.accelerations == [Acceleration(F(1), 1, 2, 1, 3)]
    assert t.acceleration(2, 2) == 1 and t.acceleration(4, 1) == 0 and t.acceleration(1, 3) == 0
    assert t.forbidden == [ForbiddenPairs((1, 2), 1, 4)]
    assert point_adjustments(t) == {3: F(1)}
    assert to_be_paired(t, 3) == [1, 2, 3, 4]


def test_162_symbols():
    t = parse("162  W 3.0    D 1.0    L 0.0    A-1.0", line001(1, "")).tournament
    ps = t.points
    assert (ps.win, ps.forfeit_win, ps.full_bye, ps.pab) == (3, 3, 3, 3)  # P follows W
    assert (ps.draw, ps.half_bye, ps.zero_bye, ps.forfeit_loss) == (1, 1, -1, -1)
    # bbpPairings writes Z for the absence symbol: accepted with a warning
    r = parse("162  W 1.0    Z 0.5", line001(1, ""))
    assert r.errors == [] and r.tournament.points.zero_bye == F(1, 2)
    assert [(d.column, d.severity) for d in r.diagnostics] == [(15, "warning")]
    r = parse("162  W 1.0    Q 0.5", line001(1, ""))
    assert [(d.line, d.column) for d in r.errors] == [(1, 15)]


def test_team_records_kept():
    r = parse("013 Team A                          1    2", line001(1, ""), line001(2, ""),
              "310   1 Team A                           TA      2000     0.0   0.0   1    1    2",
              "240 H   1    1", "260   1   2    1    2", "XXP 1 2")
    assert r.errors == []
    t = r.tournament
    assert t.extra["013"] and t.extra["310"]
    # In team events 240 / 250 / 260 name teams: kept raw, not read as player requests.
    assert t.bye_requests == [] and t.extra["240"] == ["240 H   1    1"]
    assert t.forbidden == [ForbiddenPairs((1, 2))] and t.extra["260"]


# ------------------------------------------------------------ round entries
def test_pending_result_is_star():
    t = parse(line001(1, "0.0", "   2 w  "), line001(2, "0.0", "   1 b")).tournament
    assert t.players[1].results == [RoundEntry(2, W, "*")]
    assert t.players[2].results == [RoundEntry(1, B, "*")]
    assert t.score(1) == 0


def test_blank_and_lichess_entries():
    t = parse(line001(1, "1.5", "        ", "   2 w 1", "       H", "       -"),
              line001(2, "0.0", "0000 - Z", "   1 b 0")).tournament
    res = t.players[1].results
    assert res[0] == RoundEntry(None, N, "Z", blank=True)
    assert res[2] == RoundEntry(None, N, "H") and res[3] == RoundEntry(None, N, "-")
    assert t.players[2].results[0] == RoundEntry(None, N, "Z")


def test_zero_padded_opponents():
    t = parse(line001(1, "1.0", "0002 w 1"), line001(2, "0.0", "0001 b 0")).tournament
    assert t.players[1].results[0].opponent == 2


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_line_endings(eol):
    text = (DATA / "sample_trf16.trf").read_text()
    r = parse_trf(text.replace("\n", eol), "x")
    assert r.diagnostics == []
    assert r.tournament == read_trf(DATA / "sample_trf16.trf").tournament


def test_latin1_and_utf8(tmp_path):
    text = "012 Tournoi d'été\n" + line001(1, "", name="Müller, Jürgen") + "\n"
    (tmp_path / "l1.trf").write_bytes(text.encode("latin-1"))
    (tmp_path / "u8.trf").write_bytes(text.encode("utf-8"))
    (tmp_path / "bom.trf").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    for name in ("l1.trf", "u8.trf", "bom.trf"):
        t = read_trf(tmp_path / name).tournament
        assert t.name == "Tournoi d'été" and t.players[1].name == "Müller, Jürgen"
        assert t.players[1].rating == 2000  # columns are characters, not bytes


def test_comments_single_hash():
    r = parse("# a py4swiss comment", "### a TRF-2026 comment", line001(1, ""))
    assert r.diagnostics == [] and len(r.tournament.comments) == 2


# ----------------------------------------------------------------- load_trf
def test_load_trf_raises_with_located_errors(tmp_path):
    f = tmp_path / "bad.trf"
    f.write_text(line001(1, "1.0", "   2 w 1") + "\n" + line001(2, "1.0", "   1 b 1") + "\n")
    with pytest.raises(TrfError) as ei:
        load_trf(f)
    d = ei.value.diagnostics[0]
    assert isinstance(d, Diagnostic) and (d.line, d.column) == (1, 99)
    assert str(d).startswith(f"{f}:1:99: error: round 1: results disagree")
    f.write_text(line001(1, "1.0", "   2 w 1") + "\n" + line001(2, "0.0", "   1 b 0") + "\n")
    assert set(load_trf(f).players) == {1, 2}
