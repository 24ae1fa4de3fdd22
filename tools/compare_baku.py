"""Check our Baku acceleration (C.04.5.1) against two peers.  Not used by the tests.

1. **bbpPairings' checker.**  Generate COUNT accelerated tournaments with our
   generator (``swisschess engine --dutch --baku -g``: 192 ``FIDE_DUTCH_BAKU``
   and our ``XXA`` records), run ``bbpPairings --dutch FILE -c`` on each and
   count the rounds it pairs differently.  bbpPairings reads ``XXA`` (before
   its own Baku computation), so this checks that our Dutch 2026 pairs the
   accelerated scores as it does.  ``--bbp-own`` also runs it on the file
   without the ``XXA`` lines, where bbpPairings computes the acceleration
   itself (GA = the first half of *all* players rounded up, not to an even
   number: a different reading of the text; differences expected).
2. **gacrux's generator.**  Generate GACRUX_COUNT tournaments with gacrux's
   ``tournamentgenerator -a`` (its Baku method, written as TRF-2026 record
   ``250``), read them, drop the 250 records, compute our virtual points
   from the method (``rules.baku``) and compare player by player, round by
   round.

Peers are never imported; their paths come from the command line or the
environment (``BBP_PAIRINGS``, ``GACRUX_PYTHON``).  Example::

    BBP_PAIRINGS=/work/peers/bbp/bbpPairings.exe GACRUX_PYTHON=/work/peers/venv/bin/python \\
        nice -n 10 .venv/bin/python tools/compare_baku.py --count 300 --gacrux-count 50
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from swisschess.checking.generator import generate
from swisschess.cli.generate import tournament_text
from swisschess.formats.trf import read_trf
from swisschess.rules.baku import accelerate, accelerated_rounds, group_a_size


def bbp_check(bbp: str, path: Path) -> tuple[int, list[int], str]:
    """bbpPairings ``-c``: (exit code, rounds with a discrepancy table, stderr)."""
    r = subprocess.run([bbp, "--dutch", str(path), "-c"], capture_output=True, text=True)
    bad: list[int] = []
    current = 0
    for line in r.stdout.splitlines():
        m = re.search(r"Round #(\d+)", line)
        if m:
            current = int(m.group(1))
        elif line.strip() and current and current not in bad:
            bad.append(current)
    return r.returncode, bad, r.stderr.strip()


def part_bbp(bbp: str, count: int, first_seed: int, workdir: Path, own: bool) -> int:
    rounds = players = accelerated = 0
    failures: list[str] = []
    own_diff: Counter[str] = Counter()
    sizes: Counter[int] = Counter()
    t0 = time.time()
    for seed in range(first_seed, first_seed + count):
        t = generate(None, seed, baku=True)
        path = workdir / f"baku-{seed}.trf"
        text = tournament_text(t, seed, None)
        path.write_text(text, encoding="utf-8", newline="")
        rounds += t.rounds or 0
        players += len(t.players)
        accelerated += accelerated_rounds(t.rounds or 1)[1]
        sizes[len(t.players) % 4] += 1
        rc, bad, err = bbp_check(bbp, path)
        if rc != 0 or bad:
            failures.append(f"seed {seed}: bbpPairings exit {rc}, rounds {bad} {err}")
        if own:
            plain = workdir / f"baku-{seed}-noxxa.trf"
            plain.write_text("".join(ln for ln in text.splitlines(keepends=True)
                                     if not ln.startswith("XXA")), encoding="utf-8", newline="")
            _, bad2, _ = bbp_check(bbp, plain)
            key = "same" if not bad2 else f"differs (N mod 4 = {len(t.players) % 4})"
            own_diff[key] += 1
    print(f"[bbp] {count} accelerated tournaments (seeds {first_seed}-{first_seed + count - 1}), "
          f"{players} players, {rounds} rounds ({accelerated} accelerated), "
          f"{time.time() - t0:.0f} s")
    print(f"[bbp] tournaments with a discrepancy or an error: {len(failures)}")
    for f in failures[:20]:
        print("   ", f)
    if own:
        print(f"[bbp] bbpPairings' own Baku (XXA removed): {dict(own_diff)}")
    return len(failures)


def part_gacrux(python: str, count: int, workdir: Path) -> int:
    out = workdir / "gacrux"
    out.mkdir(exist_ok=True)
    mismatches = compared = values = 0
    shapes: Counter[str] = Counter()
    for i in range(count):
        # sizes and lengths varied over the four residues of N mod 4
        players = 17 + 7 * i
        rounds = 5 + i % 7
        target = out / f"g{i:04d}.trf"
        subprocess.run([python, "-m", "gacrux.tournamentgenerator", "-a", "-g", str(i), "1",
                        "-p", str(players), "-N", str(rounds), "-F", "TRF",
                        "-o", str(out / "g%d.trf")], check=True, capture_output=True)
        res = read_trf(str(target))
        if res.errors:
            print(f"[gacrux] {target}: cannot read: {res.errors[0]}")
            mismatches += 1
            continue
        theirs = res.tournament
        ours = read_trf(str(target)).tournament
        ours.accelerations = []
        ours.system = "FIDE_DUTCH_BAKU"
        accelerate(ours)
        bad = []
        for pid in sorted(theirs.players):
            for r in range(1, (theirs.rounds or 0) + 1):
                values += 1
                if theirs.acceleration(pid, r) != ours.acceleration(pid, r):
                    bad.append((pid, r, theirs.acceleration(pid, r), ours.acceleration(pid, r)))
        compared += 1
        n1 = sum(1 for p in theirs.players.values() if (e := p.entry(1)) and e.paired)
        shapes[f"N1 mod 4 = {n1 % 4}"] += 1
        if bad:
            mismatches += 1
            print(f"[gacrux] {target.name}: {len(bad)} values differ, first {bad[:3]} "
                  f"(GA size {group_a_size(n1)})")
    print(f"[gacrux] {compared} tournaments from gacrux's generator, {values} (player, round) "
          f"values compared, tournaments differing: {mismatches}; {dict(shapes)}")
    return mismatches


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bbp", default=os.environ.get("BBP_PAIRINGS"),
                    help="bbpPairings executable (env BBP_PAIRINGS)")
    ap.add_argument("--gacrux-python", default=os.environ.get("GACRUX_PYTHON"),
                    help="a Python with gacrux installed (env GACRUX_PYTHON)")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--gacrux-count", type=int, default=50)
    ap.add_argument("--bbp-own", action="store_true",
                    help="also compare with bbpPairings' own Baku computation")
    ap.add_argument("--workdir", help="keep the files here (default: a temporary directory)")
    args = ap.parse_args(argv)
    if not args.bbp and not args.gacrux_python:
        ap.error("give --bbp and/or --gacrux-python (or BBP_PAIRINGS / GACRUX_PYTHON)")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.workdir or tmp)
        work.mkdir(parents=True, exist_ok=True)
        bad = 0
        if args.bbp and args.count:
            bad += part_bbp(args.bbp, args.count, args.first_seed, work, args.bbp_own)
        if args.gacrux_python and args.gacrux_count:
            bad += part_gacrux(args.gacrux_python, args.gacrux_count, work)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
