"""Fingerprints of the tournaments our generator makes for an endorsement run.

The endorsement run's own direction (``benchmarks/endorsement.py``: swisschess
generates, the reference checks) keeps no file: a seed and its drawn
configuration make the tournament again.  When the engine changes during a long
run, this tells whether the run must start again: it generates every seed of the
run in process, as ``swisschess engine -g CONFIG -o F -s SEED`` would (the same
configuration drawn from the seed, the same file text), and writes the sha256 of
each file.  Two versions with the same fingerprints made the same tournaments,
every round paired alike, so the reference's verdicts on one hold for the other::

    PYTHONPATH=OLD/src python benchmarks/fingerprints.py --edition 2012 -n 5000 --out old.jsonl
    PYTHONPATH=NEW/src python benchmarks/fingerprints.py --edition 2012 -n 5000 --out new.jsonl
    python benchmarks/fingerprints.py --compare old.jsonl new.jsonl

Generating is cheap next to checking (2012 wording, 6-300 players: about 0.2 CPU s
a tournament, 5 000 in 15 CPU minutes).  ``--resume`` skips the seeds already
written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from endorsement import draw_config, parse_range

from swisschess.checking.generator import generate, parse_config
from swisschess.cli.generate import tournament_text


def fingerprint(seed: int, config: dict[str, int], edition: str) -> dict[str, object]:
    """The sha256 of the file ``engine -g`` writes for ``seed`` (or why there is none)."""
    settings = parse_config("".join(f"{k}={v}\n" for k, v in config.items()))
    t0 = time.process_time()
    row: dict[str, object] = {"seed": seed}
    try:
        t = generate(settings, seed, system="dutch", edition=edition)
        row["sha256"] = hashlib.sha256(tournament_text(t, seed, settings).encode()).hexdigest()
    except Exception as e:  # a seed with no legal pairing is a fingerprint too
        row["error"] = f"{type(e).__name__}: {e}"[:300]
    row["cpu"] = round(time.process_time() - t0, 3)
    return row


def read(path: Path) -> dict[int, dict[str, object]]:
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                rows[int(row["seed"])] = row
    return rows


def compare(a: Path, b: Path) -> int:
    """Print the seeds whose tournaments differ; 0 when both files agree on every common seed."""
    ra, rb = read(a), read(b)
    common = sorted(set(ra) & set(rb))
    differ = [s for s in common
              if (ra[s].get("sha256"), ra[s].get("error")) != (rb[s].get("sha256"), rb[s].get("error"))]
    print(f"{len(common)} seeds in both ({len(ra)} / {len(rb)}); {len(differ)} differ"
          + (f": {', '.join(map(str, differ[:50]))}" if differ else ""))
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edition", default="2026", choices=("2026", "2017", "2012"))
    ap.add_argument("-n", "--tournaments", type=int, default=500)
    ap.add_argument("--players", type=parse_range, default=(6, 300), metavar="MIN-MAX")
    ap.add_argument("--rounds", type=parse_range, default=(3, 13), metavar="MIN-MAX")
    ap.add_argument("--seed", type=int, default=1, help="tournament i uses seed SEED + i (as endorsement.py)")
    ap.add_argument("--out", type=Path, help="one JSON line per seed")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    args = ap.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        ap.error("--out is required (or --compare A B)")
    done = set(read(args.out)) if args.resume and args.out.exists() else set()
    with open(args.out, "a" if args.resume else "w", encoding="utf-8") as f:
        for i in range(args.tournaments):
            seed = args.seed + i
            if seed in done:
                continue
            row = fingerprint(seed, draw_config(seed, args.players, args.rounds), args.edition)
            f.write(json.dumps(row) + "\n")
            f.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
