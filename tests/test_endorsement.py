"""benchmarks/endorsement.py and the fast start of ``swisschess engine`` it relies on.

The endorsement run starts ``swisschess engine`` twice per tournament (our
generator or our checker, once per direction), thousands of times: the
command must not import the tournament store (SQLAlchemy), and the script must
count rounds and differences from the checkers' reports exactly, log every
tournament as it is checked and resume a stopped run without counting a
tournament twice.  The script is run end to end with swisschess standing in for
the reference program (the real one is never part of the repository).
"""

from __future__ import annotations

import argparse
import copy
import json
import subprocess
import sys

import pytest
from enginehelp import ROOT

from swisschess.cli import main as cli_main
from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament

sys.path.insert(0, str(ROOT / "benchmarks"))
import endorsement  # noqa: E402

REPORT = """\
t: Round #1
t: Round #2
Checker pairings
  1   4
  3   2
Tournament pairings
  1   3
  2   4
t: Round #3
No valid pairing exists
t: Round #4
"""


def test_report_counts_every_round_and_each_differing_one():
    assert endorsement.parse_report(REPORT) == (4, [2, 3])
    assert endorsement.parse_report("t: Round #1\nt: Round #2\n") == (2, [])
    assert endorsement.parse_report("") == (0, [])


def test_configuration_is_drawn_from_the_seed_within_the_ranges():
    a = endorsement.draw_config(5, (6, 300), (3, 13))
    assert a == endorsement.draw_config(5, (6, 300), (3, 13))
    for seed in range(200):
        c = endorsement.draw_config(seed, (6, 300), (3, 13))
        assert 6 <= c["PlayersNumber"] <= 300
        assert 3 <= c["RoundsNumber"] <= max(3, min(13, (c["PlayersNumber"] + 1) // 2))
        assert 0 <= c["DrawPercentage"] <= 60


def test_run_logs_each_tournament_and_resumes(tmp_path, capsys):
    out = tmp_path / "run"
    args = ["--reference", f"{sys.executable} -m swisschess engine", "-n", "1",
            "--players", "6-8", "--rounds", "3-3", "--seed", "11", "-j", "1",
            "--out", str(out)]
    assert endorsement.main(args) == 0
    lines = [json.loads(x) for x in (out / "log.jsonl").read_text().splitlines()]
    assert sorted((x["direction"], x["seed"]) for x in lines) == [("ours", 11), ("reference", 11)]
    assert all(x["generated"] and x["rounds"] == 3 and x["differing_rounds"] == []
               and not x["crash"] for x in lines)
    # both programs' CPU is measured: here both are swisschess, so both spend some
    assert all(x["ours_cpu"] > 0 and x["reference_cpu"] > 0 for x in lines)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["ours"]["summary"]["rounds_checked"] == 3
    assert summary["reference"]["summary"]["tournaments"] == 1
    # resumed: nothing is run or counted again; one more seed adds one per direction
    assert endorsement.main([*args, "--resume"]) == 0
    assert len((out / "log.jsonl").read_text().splitlines()) == 2
    assert endorsement.main([*args[:3], "2", *args[4:], "--resume"]) == 0
    assert len((out / "log.jsonl").read_text().splitlines()) == 4
    capsys.readouterr()
    assert endorsement.main(["--summary", str(out)]) == 0
    text = capsys.readouterr().out
    assert "4 tournaments logged" in text and "rounds_checked: 6" in text


#: A stand-in reference whose generator writes one game of round 2 with the
#: colours swapped (and whose checker is ours): the run must report round 2.
FLIPPING_REFERENCE = """\
import subprocess, sys
from swisschess.formats.trf import read_trf
from swisschess.formats.writer import write_trf
from swisschess.model.tournament import RoundEntry
args = sys.argv[1:]
rc = subprocess.run([sys.executable, "-m", "swisschess", "engine", *args]).returncode
if "-g" in args and rc == 0:
    out = args[args.index("-o") + 1]
    t = read_trf(out).tournament
    for pid, p in sorted(t.players.items()):
        e = p.entry(2)
        if e is not None and e.played:
            f = t.players[e.opponent].results[1]
            p.results[1] = RoundEntry(e.opponent, e.colour.opposite, e.code)
            t.players[e.opponent].results[1] = RoundEntry(pid, f.colour.opposite, f.code)
            break
    with open(out, "w") as fh:
        fh.write(write_trf(t))
sys.exit(rc)
"""


def test_a_difference_is_counted_and_its_file_kept(tmp_path, capsys):
    fake = tmp_path / "flip.py"
    fake.write_text(FLIPPING_REFERENCE)
    out = tmp_path / "run"
    rc = endorsement.main(["--reference", f"{sys.executable} {fake}", "-n", "1",
                           "--players", "8-8", "--rounds", "3-3", "--seed", "3", "-j", "1",
                           "--directions", "reference", "--out", str(out)])
    assert rc == 6
    (line,) = (json.loads(x) for x in (out / "log.jsonl").read_text().splitlines())
    assert line["rounds"] == 3 and 2 in line["differing_rounds"] and not line["crash"]
    kept = out / "differences"
    assert {f.name for f in kept.iterdir()} == {
        "reference-seed-3.trf", "reference-seed-3.cfg", "reference-seed-3.ours.txt",
        "reference-seed-3.reference.txt"}
    assert "Checker pairings" in (kept / "reference-seed-3.ours.txt").read_text()
    assert "rounds [2" in capsys.readouterr().out


def test_engine_starts_without_the_store():
    code = ("import sys; from swisschess.cli.main import main; "
            "rc = main(['engine', '--round-robin', '--players', '4']); "
            "print(rc, 'sqlalchemy' in sys.modules, 'swisschess.store' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines()[-1] == "0 False False"


def test_each_single_command_module_registers_its_command():
    full = cli_main.build_parser()
    names = set(full._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    for command, module in cli_main.SINGLE_COMMANDS.items():
        assert module in cli_main.COMMANDS
        assert command in names
        alone = cli_main.build_parser(command)
        assert set(alone._subparsers._group_actions[0].choices) == {  # type: ignore[union-attr]
            command}


@pytest.mark.parametrize("argv, command", [
    (["engine", "--dutch", "x.trf", "-c"], "engine"),
    (["--lang", "sl", "engine", "-g"], "engine"),
    (["--lang=cs", "pair", "x.trf"], "pair"),
    (["result", "4", "-+"], "result"),
    (["--help"], None),
    (["--version"], None),
    ([], None),
])
def test_command_word(argv, command):
    assert cli_main.command_in(argv) == command


def test_unknown_command_still_gets_the_full_parser(capsys):
    with pytest.raises(SystemExit):
        cli_main.main(["engin"])
    assert "engine" in capsys.readouterr().err  # argparse lists the commands


def test_deep_copy_of_a_tournament_shares_only_immutable_entries():
    e = RoundEntry(2, Colour.WHITE, "1")
    t = Tournament(players={1: Player(1, "A", results=[e]),
                            2: Player(2, "B", results=[RoundEntry(1, Colour.BLACK, "0")])})
    c = copy.deepcopy(t)
    assert c == t and c.players[1] is not t.players[1]
    assert c.players[1].results is not t.players[1].results
    c.players[1].results.append(RoundEntry.bye("Z"))
    c.players[1].withdrawn = True
    assert t.players[1].results == [e] and not t.players[1].withdrawn
    # one player object copied once, wherever it is referred to
    shared = copy.deepcopy([t.players[1], t.players[1]])
    assert shared[0] is shared[1]


def test_seed_span_shows_a_gap():
    assert endorsement.seed_span([1, 2, 3]) == "1-3"
    assert endorsement.seed_span([1, 3]) == "2 seeds within 1-3"
    assert endorsement.seed_span([]) == ""


def test_arguments_parse_ranges():
    assert endorsement.parse_range("6-300") == (6, 300)
    assert endorsement.parse_range("9") == (9, 9)
    with pytest.raises(argparse.ArgumentTypeError):
        endorsement.parse_range("9-3")
