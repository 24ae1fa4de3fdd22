"""Compare our Berger tables (rules.roundrobin) with gacrux's.  Not used by the tests.

1. gacrux's table function (``gacrux.berger.bergertables``), run in gacrux's own
   Python, for 3 to 16 players: every round, board and colour.
2. gacrux's tournament generator pairing whole round robins
   (``tournamentgenerator -m berger-fide``, single and double with ``-K 2``):
   every round of the TRF file it writes against our :func:`schedule`
   (games, colours, the player who rests).

``--write FILE`` writes gacrux's tables in the format of
``tests/data/berger/handbook-tables.txt`` (what ``tests/data/berger/gacrux-tables.txt``
was made with).  The gacrux Python comes from ``--gacrux-python`` or the
environment (``GACRUX_PYTHON``); gacrux is never imported here.

    GACRUX_PYTHON=/work/peers/venv/bin/python .venv/bin/python tools/compare_berger.py
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from swisschess.formats.trf import read_trf
from swisschess.model.tournament import Colour
from swisschess.rules.roundrobin import games, schedule, table_size

TABLES = """
import json, sys
from gacrux.berger import bergertables
out = {}
for n in range(int(sys.argv[1]), int(sys.argv[2]) + 1):
    bt = bergertables(n)
    out[n] = [[(bt["pairing"][r][b]["white"], bt["pairing"][r][b]["black"])
               for b in sorted(bt["pairing"][r])] for r in sorted(bt["pairing"])]
print(json.dumps(out))
"""


def gacrux_tables(python: str, lo: int, hi: int) -> dict[int, list[list[tuple[int, int]]]]:
    r = subprocess.run([python, "-c", TABLES, str(lo), str(hi)], check=True,
                       capture_output=True, text=True)
    return {int(k): [[tuple(b) for b in rnd] for rnd in v] for k, v in json.loads(r.stdout).items()}


def file_rounds(path: Path) -> list[tuple[list[tuple[int, int]], list[int]]]:
    """Per round of a TRF file: the games (white, black) and the players without a game."""
    t = read_trf(str(path)).tournament
    out = []
    for rnd in range(1, t.rounds_recorded() + 1):
        boards, idle = set(), []
        for pid, p in t.players.items():
            e = p.entry(rnd)
            if e is None or e.opponent is None:
                idle.append(pid)
            elif e.colour is Colour.WHITE:
                boards.add((pid, e.opponent))
        out.append((sorted(boards), sorted(idle)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gacrux-python", default=os.environ.get("GACRUX_PYTHON"))
    ap.add_argument("--min", type=int, default=3)
    ap.add_argument("--max", type=int, default=16)
    ap.add_argument("--write", help="write gacrux's tables to this file")
    args = ap.parse_args(argv)
    if not args.gacrux_python:
        ap.error("give --gacrux-python or GACRUX_PYTHON")
    bad = 0
    theirs = gacrux_tables(args.gacrux_python, args.min, args.max)
    for n, table in sorted(theirs.items()):
        ours = schedule(n)
        if [list(r) for r in ours] != table:
            bad += 1
            print(f"[table] {n} players: differs")
    print(f"[table] gacrux bergertables, {args.min}-{args.max} players: "
          f"{len(theirs) - bad} of {len(theirs)} equal")
    if args.write:
        lines = ["# Berger tables computed by gacrux 1.11.65 (gacrux.berger.bergertables),",
                 f"# written by tools/compare_berger.py --write, {args.min}-{args.max} players",
                 "# (a table for an odd number is the next even number's)."]
        for n in sorted({table_size(n) for n in theirs}):
            lines.append(f"## {n}")
            for r, rnd in enumerate(theirs[n], 1):
                lines.append(f"{r} " + " ".join(f"{w}-{b}" for w, b in rnd))
        Path(args.write).write_text("\n".join(lines) + "\n")

    # whole tournaments paired by gacrux's generator
    checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.min, args.max + 1):
            for double in (False, True):
                cycle = table_size(n) - 1
                rounds = 2 * cycle if double else cycle
                cmd = [args.gacrux_python, "-m", "gacrux.tournamentgenerator", "-m", "berger-fide",
                       "-p", str(n), "-N", str(rounds), "-F", "TRF", "-g", "0", "1",
                       "-o", str(Path(tmp) / f"rr{n}{'d' if double else 's'}%d.trf")]
                if double:
                    cmd[5:5] = ["-K", "2"]
                subprocess.run(cmd, check=True, capture_output=True)
                path = Path(tmp) / f"rr{n}{'d' if double else 's'}0000.trf"
                got = file_rounds(path)
                want = []
                for rnd in schedule(n, double):
                    real, rest = games(rnd, n)
                    want.append((sorted(real), [rest] if rest is not None else []))
                checked += 1
                if got != want:
                    bad += 1
                    first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False))
                                  if a != b), min(len(got), len(want)))
                    print(f"[generator] {n} players {'double' if double else 'single'}: "
                          f"round {first + 1} differs ({len(got)} rounds in gacrux's file, "
                          f"{len(want)} in ours)")
    print(f"[generator] gacrux round robins (single and double, {args.min}-{args.max} players): "
          f"{checked} tournaments, differing: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
