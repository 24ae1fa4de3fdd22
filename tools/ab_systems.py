#!/usr/bin/env python3
"""A/B check of a pairing system against another swisschess installation.

    python tools/ab_systems.py --old-python /work/main/.venv/bin/python
                               [--system dubov|burstein|dutch|lim] [--edition E] [--baku]
                               [--count 20] [--first-seed 1] [--players 20,60,150,300]
                               [--workdir DIR] [--generate-only]

Used to prove that a speed change leaves every pairing unchanged: for each
seed the *old* installation (``--old-python``, e.g. the main checkout's
virtual environment) generates a random tournament with its own engine
(``swisschess engine --SYSTEM -g CONFIG -o FILE -s SEED``: random results,
forfeits, withdrawals, half-point byes and absences as the generator draws
them), and *this* checkout's engine re-pairs every round of it as the old one
saw it (``-c``, exit code 6 on any board or colour that differs).  Players
cycle through ``--players``; the other generator keys are left to the seed.
Prints one line per tournament and a total; exit code 1 if any round differs.
Each engine runs in its own process.  Standard library only.

With ``--workdir`` a tournament already generated there by an earlier run is
reused (so the old engine's files can be made once, e.g. ``--generate-only``
before the change, and checked after it); systems ``dutch`` and ``lim`` take
``--edition`` (1992, 2012, ... as ``swisschess engine`` does).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old-python", required=True, help="Python of the installation to compare with")
    ap.add_argument("--new-python", default=sys.executable, help="Python of this checkout")
    ap.add_argument("--system", default="dubov", choices=("dubov", "burstein", "dutch", "lim"))
    ap.add_argument("--edition", default=None)
    ap.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.5.1)")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--players", default="20,60,150,300", help="sizes, cycled through")
    ap.add_argument("--workdir", type=Path, default=None, help="keep the files here (and reuse them)")
    ap.add_argument("--generate-only", action="store_true", help="only make the old engine's tournaments")
    a = ap.parse_args(argv)
    sizes = [int(x) for x in a.players.split(",") if x.strip()]
    opts = [f"--{a.system}"] + (["--edition", a.edition] if a.edition else []) \
        + (["--baku"] if a.baku else [])
    tmp = None
    work = a.workdir
    if work is None:
        tmp = tempfile.TemporaryDirectory(prefix="swisschess-ab-")
        work = Path(tmp.name)
    work.mkdir(parents=True, exist_ok=True)
    bad = rounds = 0
    try:
        for k in range(a.count):
            seed = a.first_seed + k
            n = sizes[k % len(sizes)]
            cfg = work / f"cfg-{seed}.txt"
            cfg.write_text(f"PlayersNumber={n}\n")
            ed = f"-{a.edition}" if a.edition else ""
            trf = work / f"{a.system}{ed}{'-baku' if a.baku else ''}-s{seed}-n{n}.trf"
            t0 = time.perf_counter()
            if not trf.exists():
                gen = subprocess.run([a.old_python, "-m", "swisschess", "engine", *opts, "-g", str(cfg),
                                      "-o", str(trf), "-s", str(seed)], capture_output=True, text=True)
                if gen.returncode != 0:
                    print(f"seed {seed} n={n}: old generator failed ({gen.returncode}): "
                          f"{gen.stderr.strip()[-200:]}", flush=True)
                    trf.unlink(missing_ok=True)
                    continue
            t1 = time.perf_counter()
            if a.generate_only:
                print(f"seed {seed} n={n}: generated ({t1 - t0:.1f} s)", flush=True)
                continue
            chk = subprocess.run([a.new_python, "-m", "swisschess", "engine", *opts, str(trf),
                                  "-c"], capture_output=True, text=True)
            t2 = time.perf_counter()
            r = sum(1 for ln in chk.stdout.splitlines() if ": Round #" in ln)
            rounds += r
            verdict = "same" if chk.returncode == 0 else f"DIFFERENT (exit {chk.returncode})"
            if chk.returncode != 0:
                bad += 1
                print(chk.stdout[-2000:], chk.stderr[-1000:], sep="\n")
            print(f"seed {seed} n={n}: {r} rounds {verdict} "
                  f"(old {t1 - t0:.1f} s to generate, new {t2 - t1:.1f} s to check)", flush=True)
    finally:
        if tmp is not None:
            tmp.cleanup()
    print(f"{a.count} tournaments, {rounds} rounds, {bad} with differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
