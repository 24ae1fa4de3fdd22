"""``swisschess validate``: located problems, exit codes 0 / 3 / 5, no traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from swisschess.cli.main import main
from swisschess.formats.trf import parse_trf, read_trf

DATA = Path(__file__).parent / "data"
LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning): (?P<msg>.+)$")


def line001(pid: int, pts: str, *rounds: str) -> str:
    head = f"001 {pid:4d}      {'Player ' + str(pid):<33} 2000".ljust(80) + f"{pts:>4}"
    return head.ljust(89) + "".join("  " + r for r in rounds)


def run(capsys, *args: str) -> tuple[int, list[re.Match]]:
    rc = main(["validate", *map(str, args)])
    out = capsys.readouterr().out.splitlines()
    matches = [LINE.match(ln) for ln in out]
    assert all(matches), out
    return rc, matches


def write(tmp_path: Path, name: str, *lines: str) -> Path:
    f = tmp_path / name
    f.write_text("\n".join(lines) + "\n")
    return f


def test_valid_samples_exit_0(capsys):
    rc, out = run(capsys, *sorted(DATA.glob("sample_*.trf")))
    assert rc == 0 and out == []


def test_warnings_do_not_invalidate(tmp_path, capsys):
    f = write(tmp_path, "w.trf", line001(1, "0.0", "   2 w 1"), line001(2, "0.0", "   1 b 0"))
    rc, out = run(capsys, f)
    assert rc == 0 and [(m["line"], m["col"], m["sev"]) for m in out] == [("1", "81", "warning")]
    rc, out = run(capsys, "-q", f)
    assert rc == 0 and out == []


# Each case: lines of a file, and the (line, column) of the expected error.
CASES = {
    "mirror": ([line001(1, "1.0", "   2 w 1"), line001(2, "0.0", "   3 b 0"),
                line001(3, "0.0", "   2 w 1")], (1, 92)),
    "both_won": ([line001(1, "1.0", "   2 w 1"), line001(2, "1.0", "   1 b 1")], (1, 99)),
    "same_colour": ([line001(1, "1.0", "   2 b 1"), line001(2, "0.0", "   1 b 0")], (1, 97)),
    "not_a_player": ([line001(1, "1.0", "   9 w 1")], (1, 92)),
    "himself": ([line001(1, "1.0", "   1 w 1")], (1, 92)),
    "unknown_code": ([line001(1, "1.0", "   2 w 1", "0000 - Q"), line001(2, "0.0", "   1 b 0")],
                     (1, 109)),
    "bye_with_opponent": ([line001(1, "1.0", "   2 w H"), line001(2, "0.0")], (1, 99)),
    "bad_colour": ([line001(1, "1.0", "   2 x 1"), line001(2, "0.0")], (1, 97)),
    "bad_player_number": (["001   x1      Somebody"], (1, 5)),
    "duplicate_player": ([line001(1, "0.0"), line001(1, "0.0")], (2, 5)),
    "too_many_rounds": (["XXR 1", line001(1, "1.0", "   2 w 1", "0000 - U"),
                         line001(2, "0.0", "   1 b 0")], (2, 102)),
    "misaligned": ([line001(1, "0.0") + "  2 w 1"], (1, 96)),
    "bad_xxs": (["XXS WW=1 QQ=3", line001(1, "0.0")], (1, 5)),
    "bad_142": (["142 many", line001(1, "0.0")], (1, 5)),
    "no_players": (["012 Just a name"], (1, 1)),
    "gap": ([line001(1, "0.0"), line001(3, "0.0")], (2, 5)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_invalid_files_exit_3_with_location(tmp_path, capsys, name):
    lines, where = CASES[name]
    f = write(tmp_path, f"{name}.trf", *lines)
    rc, out = run(capsys, f)
    assert rc == 3
    errors = [(int(m["line"]), int(m["col"])) for m in out if m["sev"] == "error"]
    assert where in errors, [m.string for m in out]
    assert all(m["file"] == str(f) for m in out)


def test_paired_twice(tmp_path, capsys):
    f = write(tmp_path, "twice.trf", line001(1, "1.0", "   3 w 1"), line001(2, "1.0", "   3 w 1"),
              line001(3, "0.0", "   1 b 0"))
    rc, out = run(capsys, f)
    assert rc == 3 and any("paired twice" in m["msg"] for m in out)


def test_unreadable_file_exit_5(tmp_path, capsys):
    good = DATA / "sample_trf16.trf"
    bad = write(tmp_path, "bad.trf", line001(1, "1.0", "   1 w 1"))
    rc, out = run(capsys, good, bad, tmp_path / "missing.trf")
    assert rc == 5
    assert out[-1]["file"].endswith("missing.trf") and "cannot read" in out[-1]["msg"]
    rc, _ = run(capsys, tmp_path)  # a directory cannot be read as a file
    assert rc == 5


def test_binary_garbage_no_traceback(tmp_path, capsys):
    f = tmp_path / "junk.trf"
    f.write_bytes(bytes(range(256)) * 3)
    rc, out = run(capsys, f)
    assert rc == 3 and out


def test_summary(capsys):
    rc = main(["validate", "--summary", str(DATA / "sample_trfx.trf")])
    assert rc == 0 and capsys.readouterr().out.strip().endswith("sample_trfx.trf: valid")


# ------------------------------------------------------- malformed files
#: A valid tournament shipped with the tests (see tests/data/reference/PROVENANCE.md):
#: line 2 is player 1 (``12 w 0``, ``14 b 1``, ``18 w 1``, ``13 b +``), line 13 player 12.
BASE = DATA / "reference" / "dutch-2026" / "1.trf"


def _col(rnd: int, field: str) -> int:
    """1-based column of a round field of an 001 line (opponent, colour, result)."""
    return 92 + 10 * (rnd - 1) + {"opponent": 0, "colour": 5, "result": 7}[field]


def _mutate(line_no: int, col: int, new: str):
    def f(lines: list[str]) -> list[str]:
        ln = lines[line_no - 1]
        lines[line_no - 1] = ln[:col - 1] + new + ln[col - 1 + len(new):]
        return lines
    return f


def _drop_round(line_no: int, rnd: int):
    def f(lines: list[str]) -> list[str]:
        lines[line_no - 1] = lines[line_no - 1][:_col(rnd, "opponent") - 3].rstrip()
        return lines
    return f


def _extra_round(lines: list[str]) -> list[str]:
    lines[1] += "     2 w 1"  # round 5 in a 4-round file, against 2 who has no round 5
    return lines + ["XXR 4"]


def _drop_player(pid: int):
    def f(lines: list[str]) -> list[str]:
        return [ln for ln in lines if not ln.startswith(f"001 {pid:4d}")]
    return f


#: name -> (mutation of BASE, a (line, column) where an error must be reported).
#: The same kinds of damage as the malformed files of the public corpus
#: (engine fixtures with incompatible colours / results, a missing result or
#: player, too many rounds, a result code ``*``, a negative start number).
MALFORMED = {
    "incompatible-colour": (_mutate(2, _col(1, "colour"), "b"), (2, _col(1, "colour"))),
    "incompatible-result": (_mutate(2, _col(1, "result"), "1"), (2, _col(1, "result"))),
    # player 12 loses round 4; reported where his opponent (10, line 11) names him
    "missing-result": (_drop_round(13, 4), (11, _col(4, "opponent"))),
    "missing-start-number": (_drop_player(12), (2, _col(1, "opponent"))),
    "too-many-results": (_extra_round, (2, _col(5, "opponent"))),
    "unknown-result-code": (_mutate(2, _col(2, "result"), "*"), (2, _col(2, "result"))),
    "negative-start-number": (_mutate(2, 5, "  -1"), (2, 5)),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_malformed_file_is_located(name, tmp_path, capsys):
    mutate, where = MALFORMED[name]
    lines = mutate(BASE.read_text().splitlines())
    f = tmp_path / f"{name}.trf"
    f.write_text("\n".join(lines) + "\n")
    assert read_trf(f).errors
    rc, out = run(capsys, f)
    assert rc == 3
    found = [(int(m["line"]), int(m["col"])) for m in out if m["sev"] == "error"]
    assert where in found, (name, found)


def test_every_reference_file_has_no_error():
    files = sorted((DATA / "reference").glob("dutch-*/*.trf"))
    assert len(files) >= 185  # the shipped samples
    for f in files:
        r = parse_trf(f.read_text(), str(f))
        assert r.errors == [], (f, r.errors[:3])


def test_check_file_on_a_model():
    from swisschess.formats.checks import check_file
    from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament

    t = Tournament()
    t.players[1] = Player(1, results=[RoundEntry(2, Colour.WHITE, "1")])
    t.players[2] = Player(2, results=[RoundEntry(1, Colour.WHITE, "1")])
    msgs = [(d.line, d.message) for d in check_file(t) if d.severity == "error"]
    assert msgs == [(0, "round 1: players 1 and 2 both have colour 'w'"),
                    (0, "round 1: results disagree: 1 has '1', 2 has '1'")]
