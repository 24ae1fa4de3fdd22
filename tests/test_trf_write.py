"""Writing TRF-2026 and TRF16; reading what was written gives the same model."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from swisschess.formats.trf import parse_trf, read_trf, write_trf
from swisschess.model.tournament import (
    Acceleration,
    ByeRequest,
    Colour,
    ForbiddenPairs,
    Player,
    PointSystem,
    RoundEntry,
    Tournament,
)

DATA = Path(__file__).parent / "data"
SAMPLES = sorted(DATA.glob("sample_*.trf"))
F = Fraction


def reread(text: str):
    r = parse_trf(text, "written.trf")
    assert r.errors == [], r.errors
    return r.tournament


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_round_trip_2026(path):
    t = read_trf(path).tournament
    assert reread(write_trf(t)) == t


@pytest.mark.parametrize("path", [DATA / "sample_trf16.trf", DATA / "sample_trfx.trf"],
                         ids=lambda p: p.name)
def test_round_trip_16(path):
    t = read_trf(path).tournament
    assert reread(write_trf(t, "16")) == t


def test_trf2026_records_written():
    t = read_trf(DATA / "sample_trf2026.trf").tournament
    text = write_trf(t)
    lines = text.splitlines()
    for start in ("142 4", "152 B", "162  W 2.0    D 1.0", "192 FIDE_DUTCH_2026",
                  "202 BH/C1,BH,SB", "212 PTS", "240 H   3    5", "240 Z   3    6",
                  "250       1.0   1   2    1    3", "260   1   4    1    2",
                  "299           1.0    2    3", "### Swisschess", "FRA    3"):
        assert any(ln.startswith(start) for ln in lines), start
    assert not any(ln.startswith(("XXR", "XXC", "XXS")) for ln in lines)
    p1 = next(ln for ln in lines if ln.startswith("001    1"))
    assert p1[80:84] == " 3.0" and p1[91:99] == "   4 w 1" and p1[101:109] == "   6 b ="


def test_trfx_to_trf2026_keeps_xx_records_without_equivalent():
    t = read_trf(DATA / "sample_trfx.trf").tournament
    lines = write_trf(t).splitlines()
    assert "142 5" in lines and "152 B" in lines
    assert "162  W 3.0    D 1.0" in lines  # 3-1-0 fits record 162
    assert "240 Z   2    7" in lines  # XXZ becomes a 240 for round 2
    assert "XXA    3  1.0  0.5" in lines  # no TRF-2026 record for per-round points
    assert "XXP 1 2" in lines  # 260 needs a round range


def test_trf16_writes_xx_records():
    t = read_trf(DATA / "sample_trf2026.trf").tournament
    text = write_trf(t, "16")
    lines = text.splitlines()
    assert "XXR 4" in lines and "XXC black1" in lines
    assert any(ln.startswith("XXS WW=2.0 BW=2.0 WD=1.0") for ln in lines)
    assert "XXA    1  1.0  1.0" in lines and "XXA    3  1.0  1.0" in lines  # from 250
    assert "XXP 1 2" in lines
    assert "XXZ 6" in lines  # 240 Z for the next round (3)
    p5 = next(ln for ln in lines if ln.startswith("001    5"))
    assert p5[111:119] == "0000 - H"  # 240 H for round 3 written in the column
    assert not any(ln[:3] in ("142", "152", "162", "192", "240", "250", "260", "299", "###")
                   for ln in lines)
    # TRF16 has no record for 299 (point adjustments): the +1.0 of player 3 is
    # lost, so his stated points no longer agree with the results.
    r = parse_trf(text, "16.trf")
    assert [(d.line, d.column, d.severity) for d in r.diagnostics] == [(14, 81, "error")]
    t16 = r.tournament
    assert t16.rounds == 4 and t16.initial_colour is Colour.BLACK and t16.points == t.points
    assert t16.bye_requests == [ByeRequest("Z", 3, (6,))]
    assert t16.players[5].results[2] == RoundEntry(None, Colour.NONE, "H")


def test_point_system_not_expressible_in_162():
    t = Tournament(name="x", points=PointSystem(win=F(3), win_black=F(4), forfeit_win=F(3),
                                                 full_bye=F(3), pab=F(3)))
    t.players[1] = Player(1, "A")
    text = write_trf(t)
    assert "162" not in text[:3] and "XXS WW=3.0 BW=4.0" in text
    assert reread(text) == t


def test_programmatic_tournament_and_computed_points():
    t = Tournament(name="Club", rounds=5, initial_colour=Colour.WHITE, system="FIDE_DUTCH_2026")
    for i, nm in enumerate(["Ann", "Bob", "Cid"], 1):
        t.players[i] = Player(i, nm, rating=2000 - i)
    t.players[1].results = [RoundEntry(2, Colour.WHITE, "1"), RoundEntry(3, Colour.BLACK, "*")]
    t.players[2].results = [RoundEntry(1, Colour.BLACK, "0"), RoundEntry.bye("U")]
    t.players[3].results = [RoundEntry.bye("H"), RoundEntry(1, Colour.WHITE, "*")]
    t.bye_requests = [ByeRequest("Z", 3, (2,))]
    t.accelerations = [Acceleration(F(1), 1, 2, 1, 2)]
    t.forbidden = [ForbiddenPairs((1, 3), 3, 5)]
    t2 = reread(write_trf(t))
    assert t2 == t  # no stated points: the columns stay blank
    t3 = reread(write_trf(t, points="computed"))
    assert [t3.players[i].stated_points for i in (1, 2, 3)] == [1, 1, F(1, 2)]
    line3 = next(ln for ln in write_trf(t).splitlines() if ln.startswith("001    3"))
    assert line3[101:109] == "   1 w"  # pending game: result column blank


def test_newline_option():
    t = read_trf(DATA / "sample_trf16.trf").tournament
    text = write_trf(t, newline="\r")
    assert "\n" not in text and text.endswith("\r")
    assert reread(text) == t


def test_bad_variant():
    with pytest.raises(ValueError):
        write_trf(Tournament(), "2006")


# ------------------------------------------------------- every shipped file
#: Format variants written for the tests (tests/data/formats/README.md) and the
#: reference samples (tests/data/reference/PROVENANCE.md).
FORMATS = sorted((DATA / "formats").glob("*.trf"))
REFERENCE = sorted((DATA / "reference").glob("dutch-*/*.trf"))


def test_round_trip_every_shipped_file():
    files = SAMPLES + FORMATS + REFERENCE
    assert len(FORMATS) >= 3 and len(REFERENCE) >= 185
    for f in files:
        r = read_trf(f)
        assert r.errors == [], (f, r.errors[:3])
        t = r.tournament
        assert parse_trf(write_trf(t), "w", check=False).tournament == t, f


@pytest.mark.parametrize("path", [p for p in FORMATS if "2026" not in p.name],
                         ids=lambda p: p.name)
def test_round_trip_16_for_trf16_and_trfx_variants(path):
    """TRF16 / TRF(x) files (CRLF, dotted birth dates, colourless forfeits,
    lichess's bare ``-`` and ``H``, XXS / XXZ / 013) survive a TRF16 round trip."""
    t = read_trf(path).tournament
    t16 = parse_trf(write_trf(t, "16"), "w", check=False).tournament
    assert t16 == t


def test_round_trip_16_reference_2017_sample():
    n = 0
    for f in REFERENCE:
        if "dutch-2026" in str(f):
            continue  # 092 FIDE_DUTCH_2025 is a TRF-2026 system code
        t = read_trf(f).tournament
        assert parse_trf(write_trf(t, "16"), "w", check=False).tournament == t, f
        n += 1
    assert n >= 85


# ------------------------------------------------------------- 132 round dates
def _132(*cells: str, at: int = 92) -> str:
    return "132".ljust(at - 1) + "".join(c.ljust(10) for c in cells).rstrip()


def test_round_dates_written_at_the_round_columns_and_read_back():
    t = Tournament(name="x", rounds=4, round_dates=["2026-05-01", "", "2026-05-02", "2026-05-03"])
    t.players[1] = Player(1, "A")
    for variant in ("2026", "16"):
        lines = write_trf(t, variant).splitlines()
        assert _132("26/05/01", "", "26/05/02", "26/05/03") in lines
        assert reread(write_trf(t, variant)) == t
    # a date of another century keeps its four digits (two would read back wrong)
    t.round_dates = ["1969-12-31", "2070-01-01"]
    assert _132("1969/12/31", "2070/01/01") in write_trf(t).splitlines()
    assert reread(write_trf(t)) == t


@pytest.mark.parametrize("line, rounds, dates", [
    (_132("25/09/13", "25/09/14"), 2, ["2025-09-13", "2025-09-14"]),
    (_132("25/09/13", "25/09/14", at=93), None, ["2025-09-13", "2025-09-14"]),  # Sharly
    (_132("2025/09/13", "", "2025-09-15"), 5, ["2025-09-13", "", "2025-09-15"]),
    ("132", 3, []),  # a blank 132 says nothing
], ids=["fide", "one-column-right", "four-digit-year", "blank"])
def test_round_dates_read(line, rounds, dates):
    text = "012 x\n" + line + "\n" + (f"142 {rounds}\n" if rounds else "")
    r = parse_trf(text + "001    1      A\n")
    assert r.diagnostics == [] and r.tournament.round_dates == dates
    assert "132" not in r.tournament.extra
    assert reread(write_trf(r.tournament)) == r.tournament


@pytest.mark.parametrize("lines", [
    ["132 2025/01/15", "132 2025/01/16"],  # one date per line (chesspairing)
    [_132("25/13/13")],  # not a date
    [_132("25/09/13", at=96)],  # not in round 1's columns
    ["132\t29\t0.0\t7.0"],  # something else
], ids=["one-per-line", "no-date", "misplaced", "other"])
def test_round_dates_in_another_layout_are_kept_as_read(lines):
    r = parse_trf("012 x\n" + "\n".join(lines) + "\n001    1      A\n")
    t = r.tournament
    assert r.diagnostics == [] and t.round_dates == [] and t.extra["132"] == lines
    assert [ln for ln in write_trf(t).splitlines() if ln.startswith("132")] == lines
    assert reread(write_trf(t)) == t
