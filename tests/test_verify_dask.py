"""``swisschess verify`` on Dask: a real cluster, the reference engine, failure files.

The cluster fixture starts ``dask scheduler`` and two ``dask worker``
processes on 127.0.0.1 (the commands the ``dask[distributed]`` dependency
installs), exactly as docs/scaling.md tells a user to; the verdicts of a run
through ``--scheduler`` must be those of the one-process run (``-j 1``).
The real engine pairs small tournaments (8-12 players, 3-4 rounds), so each
task takes a few hundredths of a second.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from swisschess.cli import verify
from swisschess.cli.main import main

DASK = Path(sys.executable).parent / "dask"
SMALL = ["--players", "8-12", "--rounds", "3-4", "--quiet"]

#: A stand-in reference engine (JaVaFo / bbpPairings ``FILE -c`` report):
#: seeds divisible by 3 have round 2 differ, seeds ending in 5 have no valid
#: pairing in round 3; it also notes which process ran it (its parent: the
#: worker) in ``ran-SEED`` beside itself.
FAKE_ENGINE = """\
import os, pathlib, sys
name = pathlib.Path(sys.argv[1]).stem
assert sys.argv[2] == '-c' and name.startswith('seed-'), sys.argv
seed = int(name[5:])
here = pathlib.Path(__file__).parent
(here / f'ran-{seed}').write_text(str(os.getppid()))
print(name + ': Round #1')
print(name + ': Round #2')
if seed % 3 == 0:
    print('  Checker pairings        Tournament pairings ')
    print('      1 -   2                  2 -   1')
    print()
print(name + ': Round #3')
if seed % 10 == 5:
    print('No valid pairing exists for round 3.')
    print()
print()
"""


@pytest.fixture()
def fake_engine(tmp_path: Path) -> Path:
    d = tmp_path / "engine"
    d.mkdir()
    script = d / "fake_engine.py"
    script.write_text(FAKE_ENGINE)
    return script


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory):
    """``dask scheduler`` + two ``dask worker`` processes on 127.0.0.1; its address."""
    from distributed import Client

    tmp = tmp_path_factory.mktemp("dask")
    log = open(tmp / "cluster.log", "w")
    procs: list[subprocess.Popen] = []

    def start(*argv: str) -> None:
        procs.append(subprocess.Popen([str(DASK), *argv], cwd=tmp, stdout=log,
                                      stderr=subprocess.STDOUT, start_new_session=True))

    address = f"tcp://127.0.0.1:{free_port()}"
    try:
        start("scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
              "--no-dashboard", "--scheduler-file", str(tmp / "scheduler.json"))
        deadline = time.monotonic() + 60
        while not (tmp / "scheduler.json").exists():
            assert procs[0].poll() is None, (tmp / "cluster.log").read_text()
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.1)
        assert json.loads((tmp / "scheduler.json").read_text())["address"] == address
        for i in range(2):
            start("worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                  "--no-nanny", "--no-dashboard", "--name", f"w{i}")
        with Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        if len(procs) == 3:  # the scheduler closes the workers and itself
            try:
                with Client(address, timeout=5) as client:
                    client.shutdown()
            # best effort: distributed's client can fail to start its IO loop on a loaded
            # machine (an AssertionError inside LoopRunner); the processes are stopped below
            except Exception:  # noqa: BLE001
                pass
        for p in reversed(procs):
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        log.close()


def text_of(path: Path) -> str:
    """A file's text with its line ends as written (CR LF for TRF-2026)."""
    return path.read_bytes().decode("utf-8")


def verdicts(out: str) -> list[str]:
    """The summary without its first line (time, jobs and where it ran)."""
    lines = out.splitlines()
    assert lines[0].startswith("verify: ")
    return lines[1:]


def test_scheduler_gives_the_verdicts_of_one_process(dask_cluster, fake_engine, tmp_path,
                                                     capsys):
    argv = ["verify", "-n", "8", "--seed", "1", *SMALL, "--no-keep",
            "--reference", f"{sys.executable} {fake_engine}"]
    rc_one = main([*argv, "-j", "1", "--verdicts", str(tmp_path / "one.jsonl")])
    one = capsys.readouterr().out
    ran_here = {(fake_engine.parent / f"ran-{s}").read_text() for s in range(1, 9)}
    assert ran_here == {str(os.getpid())}

    rc_dask = main([*argv, "--scheduler", dask_cluster,
                    "--verdicts", str(tmp_path / "dask.jsonl")])
    dist = capsys.readouterr().out
    assert rc_one == rc_dask == 6  # the stand-in reference flags seeds 3, 5 and 6
    assert f"2 jobs on {dask_cluster}" in dist.splitlines()[0]
    assert verdicts(dist) == verdicts(one)
    each = [json.loads(ln) for ln in (tmp_path / "one.jsonl").read_text().splitlines()]
    assert [v["seed"] for v in each] == list(range(1, 9))
    assert [v["reference"] for v in each] == [[], [], [2], [], [3], [2], [], []]
    assert (tmp_path / "dask.jsonl").read_text() == (tmp_path / "one.jsonl").read_text()
    assert "reference checker: tournaments with discrepancies 3 (3 rounds), errors 0" in one
    # the tournaments ran in the two worker processes, not here
    ran_there = {(fake_engine.parent / f"ran-{s}").read_text() for s in range(1, 9)}
    assert len(ran_there) == 2 and str(os.getpid()) not in ran_there


def test_embedded_local_cluster_gives_the_verdicts_of_one_process(capsys):
    argv = ["verify", "-n", "4", "--seed", "20", *SMALL, "--no-keep"]
    assert main([*argv, "-j", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*argv, "-j", "2"]) == 0
    local = capsys.readouterr().out
    assert ", 2 jobs (up in " in local.splitlines()[0]
    assert verdicts(local) == verdicts(one)
    assert "generated and checked   4" in one


def test_reference_verdicts_counted_beside_ours(tmp_path, fake_engine, capsys):
    keep = tmp_path / "kept"
    rc = main(["verify", "-n", "6", "-j", "1", "--seed", "1", *SMALL, "--keep", str(keep),
               "--reference", f"{sys.executable} {fake_engine}"])
    out = capsys.readouterr().out
    assert rc == 6, out
    assert "  our checker: tournaments with discrepancies 0 (0 rounds)" in out
    assert "  reference checker: tournaments with discrepancies 3 (3 rounds), errors 0" in out
    assert ("  verdicts side by side: both clean 3, both differ 0, only ours 0, "
            "only reference 3") in out
    assert "    reference: rounds 3 differ" in out.split("seed 5 ")[1]
    assert sorted(p.name for p in keep.iterdir()) == [
        "seed-3.cfg", "seed-3.trf", "seed-5.cfg", "seed-5.trf", "seed-6.cfg", "seed-6.trf"]

    # the kept file says why, and its configuration and seed make it again
    kept = text_of(keep / "seed-5.trf")
    assert "### swisschess verify: seed 5, first differing round 3\r\n" in kept
    again = tmp_path / "again.trf"
    assert main(["engine", "--dutch", "-g", str(keep / "seed-5.cfg"), "-o", str(again),
                 "-s", "5"]) == 0
    ours = [ln for ln in kept.split("\r\n") if not ln.startswith("### swisschess verify")
            and not ln.startswith(("### reference", "### make again", "### check"))]
    assert text_of(again).split("\r\n") == ours


#: A stand-in reference generator: our generator, with the colours of player
#: 1's round-2 board swapped for seed 8, so that round 2 (and maybe later
#: ones) differ from what the engine pairs.
FAKE_GENERATOR = """\
import sys
from swisschess.checking import generate
from swisschess.checking.generator import parse_config
from swisschess.cli.generate import tournament_text
from swisschess.model.tournament import RoundEntry
args = sys.argv[1:]
cfg = parse_config(open(args[args.index('-g') + 1]).read())
seed = int(args[args.index('-s') + 1])
t = generate(cfg, seed)
if seed == 8:
    e = t.players[1].entry(2)
    o = t.players[e.opponent].entry(2)
    t.players[1].results[1] = RoundEntry(e.opponent, e.colour.opposite, e.code)
    t.players[e.opponent].results[1] = RoundEntry(1, o.colour.opposite, o.code)
with open(args[args.index('-o') + 1], 'w', newline='') as f:
    f.write(tournament_text(t, seed, cfg))
"""


def test_failure_file_is_reproducible(tmp_path, capsys):
    fake = tmp_path / "fake_generator.py"
    fake.write_text(FAKE_GENERATOR)
    gen = f"{sys.executable} {fake}"
    keep = tmp_path / "kept"
    rc = main(["verify", "-n", "2", "-j", "1", "--seed", "7", "--players", "10",
               "--rounds", "4", "--quiet", "--keep", str(keep), "--reference-generator", gen])
    out = capsys.readouterr().out
    assert rc == 6, out
    assert "ours: round 2: colours differ" in out
    assert sorted(p.name for p in keep.iterdir()) == ["seed-8.cfg", "seed-8.trf"]
    kept = keep / "seed-8.trf"
    lines = text_of(kept).split("\r\n")
    assert "### swisschess verify: seed 8, first differing round 2" in lines
    assert f"### make again: {gen} -g seed-8.cfg -o seed-8.trf -s 8" in lines

    # checking the kept file again finds round 2 first, as the comment says
    assert main(["engine", "--dutch", str(kept), "-c"]) == 6
    report = capsys.readouterr().out.splitlines()
    first_table = report.index("  Checker pairings        Tournament pairings ")
    assert report[first_table - 1] == "seed-8: Round #2"

    # the "make again" command, run where the file is, gives the same tournament
    os.rename(kept, keep / "kept.trf")
    argv = [sys.executable, str(fake), "-g", "seed-8.cfg", "-o", "seed-8.trf", "-s", "8"]
    subprocess.run(argv, cwd=keep, check=True)
    remade = text_of(keep / "seed-8.trf").split("\r\n")
    assert remade == [ln for ln in lines if not ln.startswith(
        ("### swisschess verify", "### ours", "### make again", "### check"))]


def test_unreachable_scheduler_is_a_clear_error(capsys):
    t0 = time.monotonic()
    assert main(["verify", "-n", "1", "--scheduler", "tcp://127.0.0.1:1",
                 "--connect-timeout", "1"]) == 3
    err = capsys.readouterr().err
    assert time.monotonic() - t0 < 20
    assert err.startswith("swisschess verify: --scheduler tcp://127.0.0.1:1: cannot connect")
    assert "dask scheduler" in err and "Traceback" not in err and err.count("\n") == 1
    assert main(["verify", "-n", "1", "--scheduler", "nonsense://x"]) == 3
    err = capsys.readouterr().err
    assert "unknown address scheme" in err and "Traceback" not in err
    assert main(["verify", "-n", "1", "--scheduler", "tcp://127.0.0.1:1", "-j", "2"]) == 3
    assert "--jobs is for the embedded cluster" in capsys.readouterr().err


def test_scheduler_lost_during_the_run(tmp_path, fake_engine):
    """A scheduler stopped mid-run: one line, the partial summary, exit 2."""
    log = open(tmp_path / "cluster.log", "w")
    address = f"tcp://127.0.0.1:{free_port()}"
    procs = [subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port",
                               address.rsplit(":", 1)[1], "--no-dashboard"],
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)]
    try:
        procs.append(subprocess.Popen([str(DASK), "worker", address, "--host", "127.0.0.1",
                                       "--nthreads", "1", "--no-nanny", "--no-dashboard"],
                                      stdout=log, stderr=subprocess.STDOUT,
                                      start_new_session=True))
        run = subprocess.Popen(
            [sys.executable, "-m", "swisschess.cli.main", "verify", "-n", "400", *SMALL,
             "--no-keep", "--scheduler", address, "--reference",
             f"{sys.executable} {fake_engine}"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while not (fake_engine.parent / "ran-3").exists():  # a few tournaments done
            assert run.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        procs[0].terminate()
        out, err = run.communicate(timeout=60)
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(timeout=10)
        log.close()
    assert run.returncode == 2, out + err
    assert err.startswith("swisschess verify: the scheduler cancelled seed ")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert out.startswith("verify: ") and "tournaments, seeds 1-" in out


def test_outcome_first_round_and_verdict():
    o = verify.Outcome(4, ours=["round 5: pairs differ"], our_rounds=[5], reference=[3, 6])
    assert o.first_round == 3 and o.differs and o.worth_keeping
    assert verify.Outcome(4).first_round is None
    assert o.verdict() == verify.Outcome(4, ours=["round 5: pairs differ"], our_rounds=[5],
                                         reference=[3, 6], seconds=9.0).verdict()
