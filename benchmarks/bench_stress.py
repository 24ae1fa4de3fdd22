#!/usr/bin/env python3
"""The hard cases of the Dutch engine (issue 31): generated families, timed beside bbpPairings.

    python benchmarks/bench_stress.py [--players 1000,3000,9999] [--families all|a,b,...]
                                      [--timeout 120] [--cache DIR] [--engines swisschess,bbp]
                                      [--markdown-out FILE] [--seed 1]

:mod:`bench_pairing` times ordinary opens; an adversarial probe found inputs,
several of them ordinary, on which the class method of the 2026 engine gave
up on a bracket and the fallback paired it on the full weighted graph
(minutes, gigabytes).  Each family below rebuilds one of them at any size
from :func:`bench_pairing.make_history` (a valid history: no rematch, legal
colours, at most one PAB each) plus the one twist that makes it hard:

``r1-even``, ``r1-odd``
    round 1, a plain rating list (N players; ``r1-odd`` takes N + 1 when N
    is even): one scoregroup, the PAB in it when odd;
``white``
    round 3, 90 % of the decisive games won by White: after two rounds most
    players of a scoregroup are due the same colour (one-sided colour classes);
``xxp``
    round 2, the players split by parity of their number into two XXP
    groups: half of all pairs forbidden ([C1]);
``fewdraws``
    round 2, 2 % draws: two huge scoregroups, hardly any in between;
``wedge``
    round 5, the higher rated player always wins, no draws: each scoregroup
    is one band of the rating list (score falls with rating like a wedge);
``absent``
    round 3, 17 players (16 when that leaves an even field) announce a
    half-point bye: 983 of 1000 present, an odd round after even ones;
``smalltop``
    round 2 after a round 1 of eight drawn games and one half-point bye, all
    others absent (or entering late): 17 players on ½ point above all the
    rest on 0;
``baku``
    round 3 of 9 with Baku acceleration (C.04.7; virtual points as ``XXA``
    records, :func:`swisschess.rules.baku.baku_points`).

Every file is written as TRF16 with JaVaFo's records (``XXR``, ``XXC``,
``XXP``, ``XXA``, the requested byes in the round's column), which both
engines read, and checked like the ordinary benchmark's (``history_problems``).
The engines run as in :mod:`bench_pairing` (``run_engine``: wall seconds, CPU
seconds from ``wait4``, peak MiB; ``--timeout`` kills) and the pairs and
colours are compared ("same" / "DIFF").  bbpPairings runs when ``BBP`` names
its binary (default ``/work/peers/bbpPairings/bbpPairings.exe`` when it
exists).  Run it under ``nice -n 10`` on a shared machine and note the load.
Standard library only, plus swisschess.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_pairing import (  # noqa: E402  (a script beside this one)
    ENGINE_TITLES,
    Run,
    engine_commands,
    make_history,
    markdown_table,
    run_engines,
    save_checked,
)

from swisschess.formats.writer import write_trf  # noqa: E402
from swisschess.model.tournament import (  # noqa: E402
    ByeRequest,
    Colour,
    ForbiddenPairs,
    RoundEntry,
    Tournament,
)
from swisschess.rules.baku import baku_points  # noqa: E402

#: Bump when a family changes, so that cached files of an older one are not reused.
FAMILY_VERSION = 1
DEFAULT_BBP = "/work/peers/bbpPairings/bbpPairings.exe"


def _white_wins(rng: random.Random, wr: int, br: int) -> tuple[str, str]:
    """30 % draws; of the decisive games White wins 90 %."""
    r = rng.random()
    if r < 0.30:
        return "=", "="
    return ("1", "0") if r < 0.30 + 0.70 * 0.9 else ("0", "1")


def _few_draws(rng: random.Random, wr: int, br: int) -> tuple[str, str]:
    """2 % draws, the stronger player more likely to win (Elo expectation)."""
    expect = 1 / (1 + 10 ** (((br or 1400) - (wr or 1400)) / 400))
    r = rng.random()
    if r < 0.02:
        return "=", "="
    return ("1", "0") if r < 0.02 + 0.98 * expect else ("0", "1")


def _stronger_wins(rng: random.Random, wr: int, br: int) -> tuple[str, str]:
    """No draws; the higher rating wins (White on equal ratings)."""
    return ("1", "0") if wr >= br else ("0", "1")


def _restate(t: Tournament) -> Tournament:
    for p in t.players.values():
        p.stated_points = t.score(p.id)
    return t


def _history(n: int, rnd: int, seed: int, result: Callable[..., tuple[str, str]] | None = None,
             byes: float = 0.01) -> Tournament:
    return make_history(n, rnd - 1, seed, planned=9, byes=byes, result=result)


def _absent(n: int, seed: int) -> Tournament:
    t = _history(n, 3, seed)
    k = 17 if (n - 17) % 2 else 16
    rng = random.Random(f"stress absent {n} {seed}")
    t.bye_requests.append(ByeRequest("H", 3, tuple(sorted(rng.sample(sorted(t.players), k)))))
    return t


def _small_top(n: int, seed: int) -> Tournament:
    t = _history(n, 1, seed)
    rng = random.Random(f"stress smalltop {n} {seed}")
    chosen = rng.sample(sorted(t.players), 17)
    games = chosen[:16]
    for k in range(0, 16, 2):  # eight drawn games
        a, b = games[k], games[k + 1]
        t.players[a].results.append(RoundEntry(b, Colour.WHITE, "="))
        t.players[b].results.append(RoundEntry(a, Colour.BLACK, "="))
    t.players[chosen[16]].results.append(RoundEntry.bye("H"))
    for p in t.players.values():
        if not p.results:
            p.results.append(RoundEntry.bye("Z"))  # absent, or entering late
    return _restate(t)


def _xxp(n: int, seed: int) -> Tournament:
    t = _history(n, 2, seed)
    ids = sorted(t.players)
    t.forbidden += [ForbiddenPairs(tuple(i for i in ids if i % 2 == k)) for k in (1, 0)]
    return t


def _baku(n: int, seed: int) -> Tournament:
    t = _history(n, 3, seed)
    t.xxa = baku_points(t)
    return t


#: family -> (round paired, builder of the tournament for N players and a seed)
FAMILIES: dict[str, tuple[int, Callable[[int, int], Tournament]]] = {
    "r1-even": (1, lambda n, s: _history(n - n % 2, 1, s)),
    "r1-odd": (1, lambda n, s: _history(n + 1 - n % 2, 1, s)),
    "white": (3, lambda n, s: _history(n, 3, s, _white_wins)),
    "xxp": (2, _xxp),
    "fewdraws": (2, lambda n, s: _history(n, 2, s, _few_draws)),
    "wedge": (5, lambda n, s: _history(n, 5, s, _stronger_wins, byes=0.0)),
    "absent": (3, _absent),
    "smalltop": (2, _small_top),
    "baku": (3, _baku),
}


def family_file(cache: Path, family: str, n: int, seed: int) -> Path:
    """The TRF16 file of ``family`` at ``n`` players; written once into ``cache``."""
    rnd, build = FAMILIES[family]
    path = cache / f"stress-v{FAMILY_VERSION}-{family}-n{n}-r{rnd}-s{seed}.trf"
    if path.exists():
        return path
    save_checked(path, write_trf(build(n, seed), "16", points="computed"), rnd, "file")
    return path


def ab_same(path: Path) -> tuple[bool, str]:
    """Pair ``path`` in this process as shipped and on the full graph
    (``REDUCED_MIN_PLAYERS = 10**9``: no reduced graph, no classes); True when
    boards, colours and PAB agree.  The second string is the shipped paths."""
    from swisschess.formats.trf import read_trf
    from swisschess.pairing.result import PairingError
    from swisschess.rules import dutch
    from swisschess.rules.dutchtrace import recording

    def lines() -> list[str]:
        t = read_trf(str(path)).tournament
        try:
            return dutch.pair_dutch(t).engine_lines()
        except PairingError as e:
            return [f"no pairing: {e}"]

    with recording() as tr:
        shipped = lines()
    paths: dict[str, int] = {}
    for b in tr.brackets:
        paths[b.path] = paths.get(b.path, 0) + 1
    saved = dutch.REDUCED_MIN_PLAYERS
    dutch.REDUCED_MIN_PLAYERS = 10**9
    try:
        full = lines()
    finally:
        dutch.REDUCED_MIN_PLAYERS = saved
    return shipped == full, ", ".join(f"{k} {v}" for k, v in paths.items())


def table(rows: list[tuple[str, int, int, dict[str, Run]]], engines: Sequence[str]) -> str:
    """Markdown: family | players | round | wall s, CPU s, MiB per engine | same?"""
    return markdown_table(["family", "players", "round"],
                          [([fam, str(n), str(rnd)], runs) for fam, n, rnd, runs in rows],
                          engines, left=1)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="1000,3000,9999", help="sizes, comma-separated")
    ap.add_argument("--families", default="all", help="families, comma-separated, or all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cache", type=Path, default=None,
                    help="directory for the generated files (default: a temporary one)")
    ap.add_argument("--timeout", type=float, default=120, help="seconds per engine and file")
    ap.add_argument("--engines", default="swisschess",
                    help="engines to run: swisschess,bbp (bbp needs BBP or the peer build)")
    ap.add_argument("--markdown-out", type=Path, default=None, help="also write the table here")
    ap.add_argument("--generate-only", action="store_true", help="write the input files only")
    ap.add_argument("--ab", default="", metavar="SEEDS",
                    help="instead of timing: pair each file in-process as shipped and on the "
                         "full graph and compare, for seeds 1..SEEDS (use small --players)")
    a = ap.parse_args(argv)

    sizes = [int(x) for x in a.players.split(",") if x.strip()]
    fams = list(FAMILIES) if a.families == "all" else [f.strip() for f in a.families.split(",")]
    unknown = [f for f in fams if f not in FAMILIES]
    if unknown:
        ap.error(f"unknown families {unknown}; known: {', '.join(FAMILIES)}")
    if "BBP" not in os.environ and os.path.exists(DEFAULT_BBP):
        os.environ["BBP"] = DEFAULT_BBP
    names = [x.strip() for x in a.engines.split(",") if x.strip()]
    cmds = engine_commands(names)
    engines = [e for e in names if cmds[e] is not None]
    for e in names:
        if cmds[e] is None:
            print(f"# {ENGINE_TITLES[e]}: not run (not installed)", file=sys.stderr)
    tmp = None
    cache = a.cache
    if cache is None:
        tmp = tempfile.TemporaryDirectory(prefix="swisschess-stress-")
        cache = Path(tmp.name)
    cache.mkdir(parents=True, exist_ok=True)
    if a.ab:
        bad = 0
        for n in sizes:
            for fam in fams:
                for seed in range(1, int(a.ab) + 1):
                    same, paths = ab_same(family_file(cache, fam, n, seed))
                    bad += not same
                    print(f"{fam} n={n} seed={seed}: {'same' if same else 'DIFF'} ({paths})",
                          flush=True)
        if tmp is not None:
            tmp.cleanup()
        return 1 if bad else 0
    print(f"# load: {os.getloadavg()}", file=sys.stderr)
    rows: list[tuple[str, int, int, dict[str, Run]]] = []
    try:
        for n in sizes:
            for fam in fams:
                t0 = time.perf_counter()
                path = family_file(cache, fam, n, a.seed)
                print(f"# {path.name} ({time.perf_counter() - t0:.1f} s)", file=sys.stderr)
                if a.generate_only:
                    continue
                runs = run_engines(engines, cmds, path, cache, a.timeout)
                rows.append((fam, n, FAMILIES[fam][0], runs))
    finally:
        if tmp is not None:
            tmp.cleanup()
    if a.generate_only:
        return 0
    text = table(rows, engines)
    sys.stdout.write(text)
    if a.markdown_out:
        a.markdown_out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
