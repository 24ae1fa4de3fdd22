#!/usr/bin/env python3
"""Wall and CPU seconds of the command-line workflow's commands that do not pair.

    python benchmarks/bench_startup.py [--players 60] [--rounds 3] [--repeat 3]
                                       [--db FILE] [--python PYTHON] [--baseline-src DIR]

An arbiter types ``swisschess result 4 1-0`` or ``swisschess show standings``
dozens of times a round: each call is a fresh Python process, so what counts is
start-up (imports) plus one read of the event log.  The script

1. builds (once, in a temporary directory unless ``--db`` names a file) a
   database with one tournament of ``--players`` players (names with
   diacritics) and ``--rounds`` rounds paired and played, through
   :class:`swisschess.store.service.TournamentService`;
2. runs each command below ``--repeat`` times in a fresh process
   (``PYTHON -m swisschess ...``) and prints the best and the median wall-clock
   seconds and the CPU seconds (user + system, from ``os.wait4``) of the best
   run, and the worst exit code.  A shared machine inflates the wall clock far more than the CPU time:
   note the load (``uptime``) beside the figures;
3. with ``--baseline-src DIR`` (the ``src`` directory of another version, e.g.
   ``git archive COMMIT src | tar -x -C /tmp/base``), times every command with
   that version too (``PYTHONPATH=DIR``), alternating the two runs so that both
   see the same load: before and after in one run.

The aim (issue 24): a command that does not pair answers in under 0.5 s.
Standard library plus swisschess only; not a timed test.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

#: The commands timed, as an arbiter types them (``--db`` is added).
COMMANDS: list[list[str]] = [
    ["--version"],
    ["show"],
    ["show", "players"],
    ["show", "pairings"],
    ["show", "standings"],
    ["show", "crosstable"],
    ["show", "log"],
    ["bye", "Müller, Jörg", "--round", "{next}"],
    ["bye", "Müller, Jörg", "--round", "{next}", "--cancel"],
    ["result", "1", "1-0", "--round", "{last}", "--correct"],
    ["result", "1", "1/2", "--round", "{last}", "--correct"],
    ["export"],
]

SURNAMES = ["Müller", "Šťastný", "Kovačič", "Wójcik", "Novák", "Lepik", "Keller", "Brunner",
            "Horvat", "Dvořák", "Jõgi", "Petrov", "Zieliński", "Kuusk", "Novak"]
GIVEN = ["Jörg", "Jiří", "Žiga", "Łukasz", "Anna", "Marc", "Eva", "Kristjan", "Ivan", "Maja"]


def build(db: str, players: int, rounds: int, seed: int = 1) -> None:
    """A tournament of ``players`` players with ``rounds`` rounds paired and played."""
    from swisschess.store.service import TournamentService

    rng = random.Random(seed)
    svc = TournamentService(db, actor="bench")
    try:
        tid = svc.create_tournament("Startup Open", rounds + 2)
        rows = []
        for i in range(players):
            name = f"{SURNAMES[i % len(SURNAMES)]}{'' if i < len(SURNAMES) else i}, " \
                   f"{GIVEN[i % len(GIVEN)]}"
            if i == 0:
                name = "Müller, Jörg"
            rows.append({"name": name, "rating": rng.randint(1400, 2600),
                         "federation": "SLO"})
        svc.add_players(tid, rows)
        for _ in range(rounds):
            spec = svc.pair_next_round(tid)
            for board in range(1, len(spec.boards) + 1):
                # board 1 of the last round ends 1/2: the benchmark corrects it to 1-0 and back
                word = "1/2" if board == 1 else rng.choice(["1-0", "0-1", "1/2"])
                svc.enter_result(tid, spec.round, board, word)
    finally:
        svc.close()


def run_once(python: str, argv: list[str], src: str | None = None
             ) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and exit code of one fresh ``swisschess`` process
    (``src``: the package is imported from there)."""
    env = dict(os.environ, PYTHONPATH=src) if src else None
    start = time.perf_counter()
    proc = subprocess.Popen([python, "-m", "swisschess", *argv], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, proc.returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--db", help="SQLite file to use (built when it does not exist)")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--baseline-src", metavar="DIR",
                    help="also time the version whose src directory is DIR (before/after)")
    args = ap.parse_args(argv)
    tmp = None
    db = args.db
    if db is None:
        tmp = tempfile.TemporaryDirectory()
        db = os.path.join(tmp.name, "bench.db")
    if not os.path.exists(db):
        t0 = time.perf_counter()
        build(db, args.players, args.rounds)
        print(f"# built {db}: {args.players} players, {args.rounds} rounds "
              f"({time.perf_counter() - t0:.1f} s)", file=sys.stderr)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"# load average {load:.2f}; {args.repeat} run(s) per command; seconds"
          + ("; before = --baseline-src, after = this version" if args.baseline_src else ""))
    cols = f"{'best':>6} {'median':>6} {'cpu':>6}  rc"
    if args.baseline_src:
        print(f"{'':<44} {'before':^24}   {'after':^24}")
        print(f"{'command':<44} {cols}   {cols}")
    else:
        print(f"{'command':<44} {cols}")
    worst = {"before": 0.0, "after": 0.0}
    versions = {"before": args.baseline_src, "after": None} if args.baseline_src \
        else {"after": None}
    argvs = [[a.replace("{next}", str(args.rounds + 1)).replace("{last}", str(args.rounds))
              for a in cmd] for cmd in COMMANDS]
    runs: dict[tuple[str, int], list[tuple[float, float, int]]] = {}
    # the whole list once per repeat and version, in order: each change is undone by the
    # next command (bye / --cancel, 1-0 / 1/2), so every run finds the same database;
    # the versions alternate, so both see the same load
    for _ in range(args.repeat):
        for key, src in versions.items():
            for k, argv_ in enumerate(argvs):
                full = argv_ if argv_[0].startswith("--version") else [*argv_, "--db", db]
                runs.setdefault((key, k), []).append(run_once(args.python, full, src))
    for k, argv_ in enumerate(argvs):
        cells = []
        for key in versions:
            best = min(runs[key, k])
            worst[key] = max(worst[key], best[0])
            cells.append(f"{best[0]:6.3f} {statistics.median(r[0] for r in runs[key, k]):6.3f} "
                         f"{best[1]:6.3f}  {max(r[2] for r in runs[key, k])}")
        print(f"{' '.join(argv_):<44} " + "   ".join(cells))
    if args.baseline_src:
        print(f"# slowest best wall time: before {worst['before']:.3f} s, "
              f"after {worst['after']:.3f} s")
    else:
        print(f"# slowest best wall time: {worst['after']:.3f} s")
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
