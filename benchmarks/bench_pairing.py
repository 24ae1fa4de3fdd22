#!/usr/bin/env python3
"""Seconds and peak memory to pair rounds 2, 5 and 9 of generated tournaments.

    python benchmarks/bench_pairing.py [--sizes 50,200,500,1000,2000] [--rounds 2,5,9]
                                       [--edition 2026] [--seed 1]

The history before the measured round is made by a quick greedy Swiss pairer
(score groups, no rematches, alternating colours, random results with draws,
a few half-point byes and absences) — plausible Swiss data, not a FIDE-exact
pairing, so that large events can be built in seconds.  Only the measured round
is paired by the real engine, in a fresh process per case; the memory column
is that process's peak resident set size (interpreter included).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import time

from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament
from swisschess.pairing.api import pair_round

W, B = Colour.WHITE, Colour.BLACK


def synthetic(n: int, played: int, planned: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    t = Tournament(name=f"bench {n}", rounds=planned, initial_colour=W)
    for i in range(1, n + 1):
        t.players[i] = Player(id=i, name=f"P{i}", rating=2700 - i)
    met: dict[int, set[int]] = {i: set() for i in t.players}
    for _ in range(played):
        absent = {i for i in t.players if rng.random() < 0.02}
        for i in absent:
            t.players[i].results.append(RoundEntry.bye(rng.choice("HZ")))
        order = sorted((i for i in t.players if i not in absent),
                       key=lambda i: (-t.score(i), i))
        free = list(order)
        while len(free) > 1:
            a = free.pop(0)
            k = next((k for k, b in enumerate(free) if b not in met[a]), 0)
            b = free.pop(k)
            met[a].add(b)
            met[b].add(a)
            wa = sum(1 for e in t.players[a].results if e.colour is W)
            wb = sum(1 for e in t.players[b].results if e.colour is W)
            white, black = (a, b) if wa <= wb else (b, a)
            r = rng.random()
            cw, cb = ("1", "0") if r < 0.4 else ("=", "=") if r < 0.7 else ("0", "1")
            t.players[white].results.append(RoundEntry(black, W, cw))
            t.players[black].results.append(RoundEntry(white, B, cb))
        for a in free:  # the odd one out gets the PAB
            t.players[a].results.append(RoundEntry.bye("U"))
    for p in t.players.values():
        p.stated_points = t.score(p.id)
    return t


def measure_here(n: int, rnd: int, edition: str, seed: int) -> tuple[float, float]:
    t = synthetic(n, rnd - 1, max(rnd, 9), seed)
    t0 = time.perf_counter()
    pair_round(t, "dutch", edition)
    dt = time.perf_counter() - t0
    return dt, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(n: int, rnd: int, edition: str, seed: int) -> tuple[float, float]:
    out = subprocess.run([sys.executable, __file__, "--one", f"{n},{rnd}", "--edition", edition,
                          "--seed", str(seed)], capture_output=True, text=True)
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["?"])[-1]
        print(f"  {n} players, round {rnd}: failed: {last}", file=sys.stderr)
        return float("nan"), float("nan")
    dt, mib = out.stdout.split()
    return float(dt), float(mib)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="50,200,500,1000,2000")
    ap.add_argument("--rounds", default="2,5,9")
    ap.add_argument("--edition", default="2026")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--one", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one:
        n, r = (int(x) for x in a.one.split(","))
        dt, mib = measure_here(n, r, a.edition, a.seed)
        print(f"{dt:.3f} {mib:.1f}")
        return
    rounds = [int(x) for x in a.rounds.split(",")]
    print(f"{'players':>8} " + " ".join(f"{'round ' + str(r) + ' s':>11} {'MiB':>7}"
                                         for r in rounds), flush=True)
    for n in (int(x) for x in a.sizes.split(",")):
        cells = []
        for r in rounds:
            dt, mib = measure(n, r, a.edition, a.seed)
            cells.append(f"{dt:>11.2f} {mib:>7.1f}")
        print(f"{n:>8} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
