"""No option value ends in a traceback (issue 24): every command with bad values.

Each case runs ``swisschess`` in-process with a bad option value (negative or
huge numbers, unknown choices, empty strings, files that do not exist or
cannot be written) and asserts a short error on stderr and an exit code of
the table in :mod:`swisschess.cli.exitcodes`: 2 (argparse: not one of the
choices), 3 (invalid input), 4 (too large) or 5 (file error) -- never a
traceback, never the one-line "unexpected error" a bug gives.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from swisschess.cli.main import main
from swisschess.cli.results import protect_result_words
from swisschess.store.trfout import trf_variant

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "club-open-24.trf"
NOWHERE = "/nonexistent-dir-swisschess/x"

#: (command line, exit codes allowed); ``{trf}`` is a copy of the sample file.
CASES: list[tuple[str, set[int]]] = [
    # engine / pair / validate / explain (files)
    ("engine --dutch missing.trf -p", {5}),
    ("engine --dutch {trf} -p " + NOWHERE, {5}),
    ("engine --dutch {trf} -c -l " + NOWHERE, {5}),
    ("engine --round-robin --players -3", {3}),
    ("engine --round-robin --players 0", {3}),
    ("engine --round-robin --players 100000", {4}),
    ("engine --dutch -g missing.cfg -o out.trf", {5}),
    ("engine --dutch -g -o " + NOWHERE, {5}),
    ("engine --edition 1800 {trf} -p", {2}),
    ("engine --dutch", {3}),
    ("engine --dutch '' -p", {3}),
    ("engine --dutch {trf}", {3}),
    ("pair missing.trf", {5}),
    ("pair ''", {5}),
    ("pair {trf} -o " + NOWHERE, {5}),
    ("pair {trf} --edition bogus", {2}),
    ("validate ''", {5}),
    ("validate missing.trf", {5}),
    ("explain {trf} --round -1", {3}),
    ("explain {trf} --round 0", {3}),
    ("explain {trf} --round 99999", {3}),
    ("explain {trf} --format bad", {2}),
    ("explain missing.trf", {5}),
    # standings / crosstable of a file
    ("standings {trf} --round -1", {3}),
    ("standings {trf} --round 99", {3}),
    ("standings {trf} --round abc", {2}),
    ("standings {trf} --tiebreaks XYZ", {3}),
    ("standings {trf} --format bad", {2}),
    ("standings {trf} --edition 1999", {2}),
    ("crosstable {trf} --round 99999999999999999999", {3}),
    ("crosstable missing.trf", {5}),
    # verify: only values refused before any work starts
    ("verify --tournaments -1", {3}),
    ("verify --tournaments 0", {3}),
    ("verify --players 5-3 -n 1", {3}),
    ("verify --players abc -n 1", {3}),
    ("verify --rounds 0-0 -n 1", {3}),
    ("verify --config missing.cfg -n 1", {3, 5}),
    ("verify --system bogus", {2}),
    # the manager
    ("new '' --rounds 3", {3}),
    ("new X --rounds 0", {3}),
    ("new X --rounds -1", {3}),
    ("new X --rounds 1000000000", {3}),
    ("new X --rounds abc", {2}),
    ("new X --rounds 3 --edition 9", {2}),
    ("new X --rounds 3 --language xx", {2}),
    ("import missing.csv", {5}),
    ("import ''", {5}),
    ("import {trf} --format bad", {2}),
    ("import /dev/null --format csv", {3}),
    ("import /dev/null --format trf", {3}),
    ("import /dev/null --format fide-xml", {3}),
    ("import /dev/null --format fide-txt", {3}),
    ("import {trf} --rating-type bogus", {2}),
    ("add-player ''", {3}),
    ("add-player X --rating -5", {3}),
    ("add-player X --rating 99999999999", {3}),
    ("add-player X --rating abc", {2}),
    ("add-player X --fide-id abc", {3}),
    ("add-player X --sex q", {2}),
    ("update-player 1 --rating -1", {3}),
    ("update-player 1 --name ''", {3}),
    ("update-player 999 --rating 2000", {3}),
    ("withdraw 9999", {3}),
    ("withdraw ''", {3}),
    ("bye 1 --round -1", {3}),
    ("bye 1 --round 0", {3}),
    ("bye 1 --round 1000000000", {3}),
    ("bye 999 --round 3", {3}),
    ("bye 1 --round 3 --cancel", {3}),
    ("result 1 bogus", {3}),
    ("result 1 ''", {3}),
    ("result -1 1-0", {3}),
    ("result 99999 1-0", {3}),
    ("result 1 1-0 --round -3", {3}),
    ("result 1 1-0 --round 99", {3}),
    ("result abc 1-0", {3}),
    ("edit-pairing a-b --reason x", {3}),
    ("edit-pairing 1-2 --round -1 --reason x", {3}),
    ("edit-pairing 1-2 --round 99 --reason x", {3}),
    ("edit-pairing 1-999 --reason x", {3}),
    ("show bogus", {2}),
    ("show standings --round -1", {3}),
    ("show standings --round 0", {3}),
    ("show standings --round 12", {3}),
    ("show standings --round 2", {3}),
    ("show crosstable --round 99", {3}),
    ("show pairings --round 0", {3}),
    ("show pairings --round -1", {3}),
    ("show pairings --round 99", {3}),
    ("show -T nonexistent", {3}),
    ("show -T 99999", {3}),
    ("undo -T 99999", {3}),
    ("next-round -T 99999", {3}),
    ("next-round", {3}),
    ("export --variant 1999", {3}),
    ("export --variant ''", {3}),
    ("export -o " + NOWHERE, {5}),
    ("export -o ''", {5}),
    ("set-language xx", {2}),
    ("serve --port -1", {2}),
    ("serve --port 99999999", {2}),
    ("serve --port abc", {2}),
    ("serve --workers 0", {2}),
    ("--lang xx show", {2}),
]

#: Commands that take ``--db`` (the manager's).
MANAGER = {"new", "import", "add-player", "update-player", "withdraw", "bye", "result",
           "edit-pairing", "show", "undo", "next-round", "export", "set-language"}


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    """A database with a tournament: 6 players, round 1 complete, round 2 paired
    with one result missing; and a copy of the sample TRF file."""
    root = tmp_path_factory.mktemp("options")
    trf = root / "sample.trf"
    shutil.copy(SAMPLE, trf)
    db = str(root / "event.db")
    assert main(["new", "Options Open", "--rounds", "5", "--db", db]) == 0
    for i in range(1, 7):
        assert main(["add-player", f"Player, P{i}", "--rating", str(2000 + i),
                     "--db", db]) == 0
    assert main(["next-round", "--db", db]) == 0
    for board, res in ((1, "1-0"), (2, "0-0"), (3, "--")):
        assert main(["result", str(board), res, "--db", db]) == 0
    assert main(["next-round", "--db", db]) == 0
    assert main(["result", "1", "1/2", "--db", db]) == 0
    return root, trf, db


def argv_of(case: str, trf: Path, db: str) -> list[str]:
    import shlex

    argv = shlex.split(case.format(trf=trf))
    command = next(a for a in argv if not a.startswith("-") and a != "xx")
    if command in MANAGER:
        argv += ["--db", db]
    return argv


@pytest.mark.parametrize("case, codes", CASES, ids=[c for c, _ in CASES])
def test_bad_option_value_gives_one_short_error(place, capsys, monkeypatch, case, codes):
    root, trf, db = place
    monkeypatch.chdir(root)
    monkeypatch.delenv("SWISSCHESS_DB", raising=False)
    try:
        rc = main(argv_of(case, trf, db))
    except SystemExit as e:  # argparse: usage and one "error:" line, exit 2
        rc = e.code
    out, err = capsys.readouterr()
    assert "Traceback" not in err + out
    assert "unexpected error" not in err, err
    assert rc in codes, (rc, err)
    # (``validate`` reports on standard output: the report is its output)
    lines = [ln for ln in (err or out).strip().split("\n") if ln.strip()]
    assert lines, "no message"
    if rc == 2:  # argparse: the last line names the option and the choices
        assert "error:" in lines[-1]
    else:
        assert len(lines) <= 3 and all(len(ln) < 400 for ln in lines), err


def test_export_variant_names_are_the_stores():
    assert trf_variant("2016") == trf_variant("16") == trf_variant("TRF16") == "16"
    assert trf_variant("2026") == trf_variant("TRF-2026") == "2026"


def test_result_words_starting_with_a_dash_stay_positional():
    assert protect_result_words(["result", "4", "-+"]) == ["result", "4", " -+"]
    assert protect_result_words(["result", "4", "--"]) == ["result", "4", " --"]
    assert protect_result_words(["--lang", "sl", "result", "4", "-:-", "--round", "2"]) == [
        "--lang", "sl", "result", "4", " -:-", "--round", "2"]
    # "--" followed by a word that is not an option is the end-of-options marker
    assert protect_result_words(["result", "4", "--", "-+"]) == ["result", "4", "--", " -+"]
    assert protect_result_words(["result", "4", "--", "--db", "x.db"]) == [
        "result", "4", " --", "--db", "x.db"]
    # "result" as a value of another command is left alone
    assert protect_result_words(["new", "result", "--rounds", "3"]) == [
        "new", "result", "--rounds", "3"]
