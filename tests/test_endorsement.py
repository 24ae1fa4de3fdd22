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
import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from enginehelp import ROOT

from swisschess.cli import main as cli_main
from swisschess.cli.check import read_report
from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament

sys.path.insert(0, str(ROOT / "benchmarks"))
import endorsement  # noqa: E402
import peerfiles  # noqa: E402  (tools/, put on the path by endorsement)

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
    assert read_report(REPORT) == (4, [2, 3])
    assert read_report("t: Round #1\nt: Round #2\n") == (2, [])
    assert read_report("") == (0, [])


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


# ------------------------------------------------ the 2012 wording: JaVaFo 1.4

def player_line(pid: int, *rounds: str) -> str:
    """A TRF 001 line whose round fields (``"3 w 1"``, ``"0000 - U"``) start at column 92."""
    return f"001 {pid:4d}      P{pid}".ljust(91) + "".join(f"{r:>8}  " for r in rounds)


#: Three players of a TRF-2026 file: a game, a pairing bye (U), a forfeit
#: between players (+/-, stays), a half-point bye (H).
OURS_LINES = "".join(line + "\n" for line in (
    player_line(1, "3 w 1", "0000 - H"),
    player_line(2, "0000 - U", "3 b -"),
    player_line(3, "1 b 0", "2 w +")))


def test_javafo14_codes_are_rewritten_both_ways():
    javafo = peerfiles.to_javafo14(OURS_LINES)
    assert "0000 - =" in javafo and "0000 - +" in javafo
    assert "0000 - H" not in javafo and "0000 - U" not in javafo
    assert "3 b -" in javafo and "2 w +" in javafo  # forfeits between players untouched
    assert peerfiles.to_javafo14("001 ...  0000 - Z  0000 - F") == "001 ...  0000 - -  0000 - +"
    back = peerfiles.from_javafo14(javafo)
    # the codes come back; round 1's drawn colour is added: the first player
    # taking part in round 1 (player 1, the pairing-bye player 2 counts as taking
    # part only after him) had white
    assert back == OURS_LINES + "XXC white1\n"
    assert peerfiles.from_javafo14(back) == back  # an XXC stays as it is


def test_javafo14_round_one_colour_counts_the_players_before():
    # player 1 absent in round 1 (no part), player 2 has black and is the first
    # taking part: black1; with player 1 taking part before him (a bye), white1
    lines = [player_line(1, "0000 - -"), player_line(2, "3 b 1"), player_line(3, "2 w 0")]
    assert peerfiles.from_javafo14("\n".join(lines) + "\n").endswith("XXC black1\n")
    lines[0] = player_line(1, "0000 - +")
    assert peerfiles.from_javafo14("\n".join(lines) + "\n").endswith("XXC white1\n")


#: JaVaFo 1.4's checker under a round it pairs with other colours (its real output).
JAVAFO_REPORT = """\
inv: Round #1
inv: Round #2
inv: Round #3

2 and 1 had inverted colors
  Checker pairings        Tournament pairings

inv: Round #4

2 and 6 had inverted colors

3 and 1 had inverted colors
  Checker pairings        Tournament pairings

inv: Round #5
inv: Round #6
  Checker pairings        Tournament pairings
     20 -  25                 24 -  20
"""


def test_javafo_report_counts_inverted_colours_and_other_pairs():
    assert read_report(JAVAFO_REPORT) == (6, [3, 4, 6])


#: A stand-in for JaVaFo 1.4 (``java -jar javafo.jar``) built on our 2012 engine:
#: it refuses ``--`` options, takes no seed, writes and reads only its own bye
#: codes (an unrewritten U/H/Z makes it fail) and no XXC, and answers "PAIRING IS
#: IMPOSSIBLE" for 7 players (and a plain error for 6).
FAKE_JAVAFO = r"""
import re, subprocess, sys
args = sys.argv[1:]
if any(a.startswith("--") for a in args):
    print("Error in processing (java.lang.RuntimeException: No-POSIX arguments (--) allowed yet)")
    sys.exit(1)
engine = [sys.executable, "-m", "swisschess", "engine", "--dutch", "--edition", "2012"]
if "-g" in args:
    assert "-s" not in args, args
    cfg, out = args[args.index("-g") + 1], args[args.index("-o") + 1]
    if "PlayersNumber=7\n" in open(cfg).read():
        print("Error in processing (java.lang.RuntimeException: **** PAIRING IS IMPOSSIBLE ****)")
        sys.exit(1)
    if "PlayersNumber=6\n" in open(cfg).read():
        print("Error in processing (java.lang.NullPointerException)")
        sys.exit(1)
    rc = subprocess.run([*engine, "-g", cfg, "-o", out, "-s", "77"]).returncode
    text = open(out).read()
    text = re.sub(r"0000 - U", "0000 - +", text)
    text = re.sub(r"0000 - H", "0000 - =", text)
    text = re.sub(r"0000 - Z", "0000 - -", text)
    open(out, "w").write("".join(ln for ln in text.splitlines(True) if not ln.startswith("XXC")))
    sys.exit(rc)
path = args[0]
text = open(path).read()
assert not re.search(r"0000 - [UHZF]", text), "not in JaVaFo's codes"
text = text.replace("0000 - +", "0000 - U").replace("0000 - =", "0000 - H").replace(
    "0000 - -", "0000 - Z")
open(path + ".ours", "w").write(text)
chk = subprocess.run([*engine, path + ".ours", "-c"], capture_output=True, text=True)
print(chk.stdout, end="")
sys.exit(0)
"""


def test_2012_run_against_a_javafo_like_reference(tmp_path):
    fake = tmp_path / "javafo.py"
    fake.write_text(FAKE_JAVAFO)
    out = tmp_path / "run"
    args = ["--edition", "2012", "--reference", f"{sys.executable} {fake}", "-n", "1",
            "--players", "11-11", "--rounds", "4-4", "-j", "1", "--out", str(out)]
    assert endorsement.main([*args, "--seed", "4"]) == 0
    lines = {x["direction"]: x for x in map(json.loads, (out / "log.jsonl").read_text().splitlines())}
    # both directions read the other's dialect: every round checked, none differs
    assert all(x["generated"] and x["rounds"] == 4 and x["differing_rounds"] == []
               and not x["crash"] for x in lines.values()), lines
    # JaVaFo's own file, kept gzipped as written (its generator takes no seed)
    (kept,) = (out / "generated").iterdir()
    assert kept.name == "reference-seed-4.trf.gz"
    raw = gzip.decompress(kept.read_bytes()).decode()
    assert "0000 - +" in raw and "0000 - U" not in raw and "XXC" not in raw
    # "PAIRING IS IMPOSSIBLE" is no valid pairing; another exit 1 is a crash
    out2 = tmp_path / "run2"
    args2 = [*args[:-1], str(out2), "--directions", "reference"]
    assert endorsement.main([*args2, "--players", "7-7", "--seed", "1"]) == 0
    (line,) = map(json.loads, (out2 / "log.jsonl").read_text().splitlines())
    assert line["no_pairing"] and not line["crash"] and not line["generated"]
    assert endorsement.main([*args2, "--players", "6-6", "--seed", "1"]) == 6
    (line,) = map(json.loads, (out2 / "log.jsonl").read_text().splitlines())
    assert not line["no_pairing"] and "NullPointerException" in line["crash"]
    assert (out2 / "differences" / "reference-seed-1.cfg").exists()


def test_recheck_checks_the_kept_files_again_without_the_generator(tmp_path):
    fake = tmp_path / "javafo.py"
    fake.write_text(FAKE_JAVAFO)
    out = tmp_path / "run"
    made = ["--edition", "2012", "--reference", f"{sys.executable} {fake}", "-j", "1",
            "--rounds", "4-4", "--out", str(out), "--directions", "reference", "--resume"]
    assert endorsement.main([*made, "-n", "1", "--players", "11-11", "--seed", "4"]) == 0
    assert endorsement.main([*made, "-n", "1", "--players", "6-6", "--seed", "5"]) == 6
    # a "reference" that fails whatever it is asked: the recheck must not call it
    broken = f"{sys.executable} -c 'import sys; sys.exit(9)'"
    again = tmp_path / "again"
    assert endorsement.main(["--edition", "2012", "--reference", broken, "-j", "1",
                             "-n", "3", "--seed", "4", "--out", str(again),
                             "--directions", "reference", "--recheck", str(out)]) == 6
    lines = {x["seed"]: x for x in map(json.loads, (again / "log.jsonl").read_text().splitlines())}
    assert sorted(lines) == [4, 5]  # seed 6 was never made: left out
    # seed 4: JaVaFo's kept file checked again by ours, in the configuration it was made with
    assert lines[4]["generated"] and lines[4]["rounds"] == 4 and not lines[4]["crash"]
    assert lines[4]["config"]["PlayersNumber"] == 11 and lines[4]["ours_cpu"] > 0
    # seed 5: its generator's crash, copied as logged
    assert "NullPointerException" in lines[5]["crash"] and not lines[5]["generated"]
    assert not (again / "generated").exists()
    # a seeded reference makes its files again: no recheck
    with pytest.raises(SystemExit):
        endorsement.main(["--reference", broken, "--recheck", str(out), "--out", str(again)])


def test_dask_run_logs_what_the_process_pool_logs(tmp_path):
    args = ["--reference", f"{sys.executable} -m swisschess engine", "-n", "1",
            "--players", "6-8", "--rounds", "3-3", "--seed", "11", "-j", "1"]
    timing = ("seconds", "ours_cpu", "reference_cpu")
    logs = []
    for where, extra in (("pool", []), ("dask", ["--scheduler", "local"])):
        assert endorsement.main([*args, *extra, "--out", str(tmp_path / where)]) == 0
        lines = [json.loads(x) for x in (tmp_path / where / "log.jsonl").read_text().splitlines()]
        assert all(x["ours_cpu"] > 0 for x in lines)
        logs.append(sorted(({k: v for k, v in x.items() if k not in timing} for x in lines),
                           key=lambda x: x["direction"]))
    assert logs[0] == logs[1] and len(logs[0]) == 2


def spinning_checker_run(tmp_path, *limits: str) -> tuple[int, dict, Path]:
    """Our generator, checked by a "reference" that spins for ever, with these limits:
    the exit code, the one log line and the run's folder."""
    spin = tmp_path / "spin.py"
    spin.write_text("while True:\n    pass\n")
    out = tmp_path / "run"
    rc = endorsement.main(["--reference", f"{sys.executable} {spin}", "-n", "1", "--players",
                           "6-6", "--rounds", "3-3", "-j", "1", *limits,
                           "--directions", "ours", "--out", str(out)])
    (line,) = map(json.loads, (out / "log.jsonl").read_text().splitlines())
    return rc, line, out


def test_a_checker_past_its_time_is_a_crash_and_its_cpu_counts(tmp_path):
    rc, line, out = spinning_checker_run(tmp_path, "--timeout", "3")
    assert rc == 6
    # (3 s: time enough for our generator of 6 players even on a busy machine)
    assert line["generated"] and line["crash"].startswith("timeout after 3 s:")
    # counted until killed (3 s of wall time: at most that much CPU, less on a busy machine)
    assert 0 < line["reference_cpu"] < 4
    # its report is not asked again (another timeout) for the kept files
    kept = out / "differences"
    assert (kept / "ours-seed-1.reference.txt").read_text().startswith("timeout after 3 s")
    assert "Round #3" in (kept / "ours-seed-1.ours.txt").read_text()


def test_a_cpu_limit_stops_a_command_by_its_cpu_not_the_clock(tmp_path):
    rc, line, _ = spinning_checker_run(tmp_path, "--timeout", "120", "--cpu-limit", "1")
    assert rc == 6
    assert line["generated"] and line["crash"].startswith("timeout after 1 CPU s:")
    # stopped by the kernel at its first CPU second, however long that took on the clock
    # (rusage's user/system times are sampled: they may read a little under the limit)
    assert 0.75 < line["reference_cpu"] < 2.5


def test_fingerprints_are_the_generators_files_and_tell_versions_apart(tmp_path, capsys):
    """benchmarks/fingerprints.py: the sha256 of the very file ``engine -g`` writes for a
    seed of the run's drawing, so that two engine versions with the same fingerprints
    made the same tournaments (and a changed one is named by its seed)."""
    import hashlib

    import fingerprints

    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    argv = ["--edition", "2012", "-n", "3", "--seed", "5", "--players", "6-14", "--rounds", "3-5"]
    assert fingerprints.main([*argv, "--out", str(a)]) == 0
    assert fingerprints.main([*argv, "-n", "2", "--out", str(b)]) == 0
    assert fingerprints.main([*argv, "--out", str(b), "--resume"]) == 0  # seed 7 added, 5-6 kept
    rows = fingerprints.read(a)
    assert sorted(rows) == [5, 6, 7] and fingerprints.read(b) == {
        s: {**r, "cpu": fingerprints.read(b)[s]["cpu"]} for s, r in rows.items()}
    assert fingerprints.compare(a, b) == 0
    # the same bytes as the command line's file for seed 6
    cfg = tmp_path / "6.cfg"
    config = endorsement.draw_config(6, (6, 14), (3, 5))
    cfg.write_text("".join(f"{k}={v}\n" for k, v in config.items()))
    out = tmp_path / "6.trf"
    assert cli_main.main(["engine", "--dutch", "--edition", "2012", "-g", str(cfg), "-o", str(out), "-s", "6"]) == 0
    assert hashlib.sha256(out.read_bytes()).hexdigest() == rows[6]["sha256"]
    # another version's tournament for one seed is named
    changed = dict(rows[6], sha256="0" * 64)
    b.write_text("".join(json.dumps(r if s != 6 else changed) + "\n" for s, r in rows.items()))
    capsys.readouterr()
    assert fingerprints.compare(a, b) == 1
    assert "1 differ: 6" in capsys.readouterr().out
