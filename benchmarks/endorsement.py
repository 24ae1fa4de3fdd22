#!/usr/bin/env python3
"""The endorsement run (issue 30): our engine against a reference engine, both directions.

    python benchmarks/endorsement.py --reference /path/to/bbpPairings.exe
        [--edition 2026] [--tournaments 500] [--players 6-100] [--rounds 3-13]
        [--seed 1] [--jobs 2] [--out /tmp/endorsement] [--quick] [--resume]
        [--directions ours,reference] [--swisschess 'python -m swisschess']
    python benchmarks/endorsement.py --summary OUT      # the counts so far (a run going on)

FIDE endorses a pairing program after running it against an accepted one in
both directions (C.04.A; Handbook C.02.03 section 7 from 2026), with the same
command line convention in both programs:

(a) **ours -> reference**: ``swisschess engine --dutch -g CONFIG -o F -s SEED``
    makes a tournament (every round paired by our engine) and the reference
    checker re-pairs every round of it: ``REFERENCE --dutch F -c``;
(b) **reference -> ours**: the reference generator makes it,
    ``REFERENCE --dutch -g CONFIG -o F -s SEED``, and our checker re-pairs it:
    ``swisschess engine --dutch F -c``.

A checker prints one ``NAME: Round #R`` line per round and, under a round that
it pairs differently, a ``Checker pairings`` table (or ``No valid pairing``):
those rounds are the *differences*.  A *crash* is a generator or checker that
exits with an error (other than "no valid pairing" while generating, which is
counted apart: the random history left no legal pairing), prints nothing
parsable, or runs past ``--timeout``.

Tournament *i* of a direction uses seed ``SEED + i``; its configuration is
drawn from ``random.Random(seed)``, so a run is repeated exactly by the same
arguments (the seeds and configurations are printed with every difference and
written to ``OUT/summary.json``).  The generator keys are the ones the FIDE
endorsement procedure's generators share (JaVaFo's RTG, bbpPairings, ours):
``PlayersNumber``, ``RoundsNumber``, ``DrawPercentage``, ``ForfeitRate``,
``RetiredRate`` (zero-point byes), ``HalfPointByeRate``; each rate is "one in
a million" (none: bbpPairings refuses 0) in about one tournament in five, so
every combination occurs.

The two directions run side by side (seed by seed), and every tournament is
written to ``OUT/log.jsonl`` the moment it is checked (seed, configuration,
rounds checked, differing rounds, crash, the CPU seconds of each program), so
a long run can be read while it goes on (``--summary OUT``), stopped at any
point with exact counts, and continued (``--resume`` skips the tournaments
already in the log).  CPU seconds are the processes' own (user + system, from
``getrusage`` of the children), per program: ``ours_cpu`` and
``reference_cpu``.

Every file with a difference or a crash is kept in ``OUT/differences/`` with
its configuration (``DIR-seed-S.trf`` / ``.cfg``) and both checkers' reports
(``.ours.txt`` / ``.reference.txt``); the other files are deleted.  This is a
benchmark, not a test: it needs the reference binary, which is never part of
the repository (build it outside, e.g. under /tmp).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path

NONE = 1_000_000  # a rate that gives no event
ROUND_LINE = re.compile(r"^(\S.*): Round #(\d+)\s*$")


@dataclass
class Job:
    """One tournament of one direction: who generates, who checks, with what."""

    direction: str          # "ours" (our generator, reference checks) or "reference"
    seed: int
    config: dict[str, int]
    edition: str
    ours: list[str]
    reference: list[str]
    work: str
    keep: str
    timeout: float


@dataclass
class Outcome:
    direction: str
    seed: int
    config: dict[str, int]
    generated: bool = False
    no_pairing: bool = False            # the generator found no legal pairing for a round
    rounds: int = 0
    differing_rounds: list[int] = field(default_factory=list)
    crash: str = ""
    seconds: float = 0.0                # wall seconds of the whole job
    ours_cpu: float = 0.0               # CPU seconds (user + system) of our program
    reference_cpu: float = 0.0          # ... and of the reference
    kept: str = ""


def parse_range(text: str) -> tuple[int, int]:
    lo, _, hi = text.partition("-")
    a, b = int(lo), int(hi or lo)
    if a > b:
        raise argparse.ArgumentTypeError(f"{text}: MIN-MAX with MIN <= MAX")
    return a, b


def draw_config(seed: int, players: tuple[int, int], rounds: tuple[int, int]) -> dict[str, int]:
    """The generator configuration of one tournament, drawn from its seed.

    Rounds are at most half the players (rounded up) so that a random history
    rarely leaves a round without a legal pairing; every rate is used.
    """
    rng = random.Random(seed)
    n = rng.randint(*players)
    r_hi = max(rounds[0], min(rounds[1], (n + 1) // 2))
    r = rng.randint(rounds[0], r_hi)

    def rate(lo: int, hi: int) -> int:
        # bbpPairings refuses 0 ("none" in ours): one in a million is none in both
        return NONE if rng.random() < 0.2 else rng.randint(lo, hi)

    return {
        "PlayersNumber": n,
        "RoundsNumber": r,
        "DrawPercentage": rng.randint(0, 60),
        "ForfeitRate": rate(6, 40),
        "RetiredRate": rate(10, 200),
        "HalfPointByeRate": rate(10, 200),
    }


def engine_flags(edition: str) -> list[str]:
    return ["--dutch"] if edition == "2026" else ["--dutch", "--edition", edition]


def parse_report(text: str) -> tuple[int, list[int]]:
    """Rounds checked and rounds that differ, from a JaVaFo/bbpPairings-style ``-c`` report."""
    rounds: list[int] = []
    differing: set[int] = set()
    for line in text.splitlines():
        m = ROUND_LINE.match(line)
        if m:
            rounds.append(int(m.group(2)))
        elif rounds and ("Checker pairings" in line or "No valid pairing" in line):
            differing.add(rounds[-1])
    return len(rounds), sorted(differing)


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's finished children so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)


def timed(out: Outcome, who: str, cmd: list[str], timeout: float
          ) -> subprocess.CompletedProcess[str]:
    """:func:`run`, adding the command's CPU seconds to ``out.ours_cpu`` or
    ``out.reference_cpu`` (a worker runs one command at a time, so the change of
    its children's usage is that command's)."""
    before = children_cpu()
    try:
        return run(cmd, timeout)
    finally:
        spent = children_cpu() - before
        if who == "ours":
            out.ours_cpu += spent
        else:
            out.reference_cpu += spent


def one(job: Job) -> Outcome:
    """Generate one tournament with one engine, check it with the other."""
    out = Outcome(job.direction, job.seed, job.config)
    stem = f"{job.direction}-seed-{job.seed}"
    cfg = Path(job.work) / f"{stem}.cfg"
    trf = Path(job.work) / f"{stem}.trf"
    cfg.write_text("".join(f"{k}={v}\n" for k, v in job.config.items()))
    ours = [*job.ours, "engine", *engine_flags(job.edition)]
    ref = [*job.reference, "--dutch"]
    generator, checker = (ours, ref) if job.direction == "ours" else (ref, ours)
    checker_name = "reference" if job.direction == "ours" else "ours"
    start = time.perf_counter()
    try:
        gen = timed(out, job.direction, [*generator, "-g", str(cfg), "-o", str(trf), "-s",
                                         str(job.seed)], job.timeout)
        if gen.returncode == 1:
            out.no_pairing = True
        elif gen.returncode != 0 or not trf.exists():
            out.crash = f"generator exit {gen.returncode}: {gen.stderr.strip()[:300]}"
        else:
            out.generated = True
            chk = timed(out, checker_name, [*checker, str(trf), "-c"], job.timeout)
            out.rounds, out.differing_rounds = parse_report(chk.stdout)
            # ours exits 6 when a round differs; bbpPairings exits 0 and reports it
            if chk.returncode not in (0, 6) or out.rounds == 0:
                out.crash = f"checker exit {chk.returncode}: {chk.stderr.strip()[:300]}"
    except subprocess.TimeoutExpired as exc:
        out.crash = f"timeout after {job.timeout:.0f} s: {shlex.join(map(str, exc.cmd))}"
    out.seconds = time.perf_counter() - start
    out.ours_cpu, out.reference_cpu = round(out.ours_cpu, 3), round(out.reference_cpu, 3)
    if out.differing_rounds or out.crash:
        keep = Path(job.keep)
        keep.mkdir(parents=True, exist_ok=True)
        for f in (cfg, trf):
            if f.exists():
                shutil.copy(f, keep / f.name)
        if trf.exists():  # both checkers' reports, to compare side by side
            for name, cmd in (("ours", ours), ("reference", ref)):
                try:
                    text = run([*cmd, str(trf), "-c"], job.timeout).stdout
                except subprocess.TimeoutExpired:
                    text = "timeout\n"
                (keep / f"{stem}.{name}.txt").write_text(text)
        out.kept = str(keep / trf.name)
    for f in (cfg, trf):
        f.unlink(missing_ok=True)
    return out


def seed_span(seeds: list[int]) -> str:
    """``"1-174"`` when the seeds run without a gap, else how many and within what
    (a run stopped while two workers were busy can leave one out)."""
    if not seeds:
        return ""
    if seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"{seeds[0]}-{seeds[-1]}"
    return f"{len(seeds)} seeds within {seeds[0]}-{seeds[-1]}"


def summarise(outcomes: list[Outcome]) -> dict[str, object]:
    summary: dict[str, object] = {
        "tournaments": len(outcomes),
        "generated": sum(o.generated for o in outcomes),
        "no_pairing_while_generating": sum(o.no_pairing for o in outcomes),
        "rounds_checked": sum(o.rounds for o in outcomes),
        "differing_tournaments": sum(bool(o.differing_rounds) for o in outcomes),
        "differing_rounds": sum(len(o.differing_rounds) for o in outcomes),
        "crashes": sum(bool(o.crash) for o in outcomes),
        "players": (f"{min(o.config['PlayersNumber'] for o in outcomes)}-"
                    f"{max(o.config['PlayersNumber'] for o in outcomes)}" if outcomes else ""),
        "seeds": seed_span(sorted(o.seed for o in outcomes)),
        "ours_cpu_seconds": round(sum(o.ours_cpu for o in outcomes), 1),
        "reference_cpu_seconds": round(sum(o.reference_cpu for o in outcomes), 1),
        "job_wall_seconds": round(sum(o.seconds for o in outcomes), 1),
    }
    return summary


LABEL = {"ours": "swisschess generates, reference checks",
         "reference": "reference generates, swisschess checks"}


def read_log(path: Path) -> list[Outcome]:
    """The tournaments checked so far, from ``OUT/log.jsonl`` (a line cut short
    by a stopped run is left out)."""
    outcomes = []
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                outcomes.append(Outcome(**json.loads(line)))
            except (ValueError, TypeError):
                continue
    return outcomes


def report(outcomes: list[Outcome], directions: Iterable[str]
           ) -> tuple[dict[str, object], bool]:
    """Print each direction's summary and problems; the summaries, and whether
    any round differed or any program crashed."""
    results: dict[str, object] = {}
    bad = False
    for direction in directions:
        mine = sorted((o for o in outcomes if o.direction == direction), key=lambda o: o.seed)
        summary = summarise(mine)
        print(f"\n[{direction}] {LABEL[direction]}")
        for k, v in summary.items():
            print(f"  {k}: {v}")
        problems = [o for o in mine if o.differing_rounds or o.crash]
        for o in problems:
            bad = True
            what = (f"rounds {o.differing_rounds}" if o.differing_rounds else o.crash)
            print(f"  seed {o.seed} {o.config}: {what} -> {o.kept}")
        results[direction] = {"summary": summary, "problems": [asdict(o) for o in problems]}
    return results, bad


def run_jobs(jobs: list[Job], workers: int) -> Iterator[Outcome]:
    """Each job's outcome as soon as it is done, at most ``workers`` at a time
    (submitted lazily, so a long run holds only the jobs in flight)."""
    todo = iter(jobs)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[Outcome]] = set()
        for job in todo:
            running.add(pool.submit(one, job))
            if len(running) >= 2 * workers:
                break
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for f in done:
                yield f.result()
                nxt = next(todo, None)
                if nxt is not None:
                    running.add(pool.submit(one, nxt))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reference",
                    help="the reference engine: a binary (bbpPairings.exe) or a command line")
    ap.add_argument("--edition", default="2026", choices=("2026", "2017"),
                    help="Dutch edition of our engine (the reference must follow the same)")
    ap.add_argument("-n", "--tournaments", type=int, default=500, help="per direction")
    ap.add_argument("--players", type=parse_range, default=(6, 100), metavar="MIN-MAX")
    ap.add_argument("--rounds", type=parse_range, default=(3, 13), metavar="MIN-MAX")
    ap.add_argument("--seed", type=int, default=1, help="tournament i uses seed SEED + i")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--out", default="/tmp/endorsement", help="log, report and kept files")
    ap.add_argument("--directions", default="ours,reference",
                    help="ours (our generator) and/or reference (its generator)")
    ap.add_argument("--swisschess", default=f"{shlex.quote(sys.executable)} -m swisschess",
                    help="command that runs swisschess")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per command")
    ap.add_argument("--quick", action="store_true",
                    help="20 tournaments each way, 6-40 players (a smoke run)")
    ap.add_argument("--resume", action="store_true",
                    help="keep OUT/log.jsonl and skip the tournaments already in it")
    ap.add_argument("--summary", metavar="OUT",
                    help="only print the counts of the run logged in OUT (running or not)")
    args = ap.parse_args(argv)
    if args.summary:
        outcomes = read_log(Path(args.summary) / "log.jsonl")
        print(f"{Path(args.summary) / 'log.jsonl'}: {len(outcomes)} tournaments logged")
        return 6 if report(outcomes, sorted({o.direction for o in outcomes}))[1] else 0
    if not args.reference:
        ap.error("--reference is required (or --summary OUT)")
    if args.quick:
        args.tournaments, args.players = 20, (6, 40)
    out_dir = Path(args.out)
    work = out_dir / "work"
    work.mkdir(parents=True, exist_ok=True)
    keep = out_dir / "differences"
    log_path = out_dir / "log.jsonl"
    directions = [d for d in args.directions.split(",") if d]
    ref_path = Path(args.reference)
    reference = ([str(ref_path.resolve())] if ref_path.exists()
                 else shlex.split(args.reference))
    print(f"endorsement run: Dutch {args.edition}, reference {shlex.join(reference)}, "
          f"{args.tournaments} tournaments per direction, players {args.players[0]}-"
          f"{args.players[1]}, rounds {args.rounds[0]}-{args.rounds[1]}, seeds "
          f"{args.seed}..{args.seed + args.tournaments - 1}, {args.jobs} processes, "
          f"log {log_path}", flush=True)
    done: set[tuple[str, int]] = set()
    if args.resume:
        done = {(o.direction, o.seed) for o in read_log(log_path)}
    else:
        log_path.unlink(missing_ok=True)
    # the directions side by side, seed by seed: a run stopped early has both
    seeds = range(args.seed, args.seed + args.tournaments)
    jobs = [Job(d, s, draw_config(s, args.players, args.rounds), args.edition,
                shlex.split(args.swisschess), reference, str(work), str(keep), args.timeout)
            for s in seeds for d in directions if (d, s) not in done]
    start = time.perf_counter()
    finished = 0
    with log_path.open("a") as log:
        for o in run_jobs(jobs, args.jobs):
            log.write(json.dumps(asdict(o), default=str) + "\n")
            log.flush()
            finished += 1
            if finished % 50 == 0:  # progress on stderr
                print(f"  {finished}/{len(jobs)} ({time.perf_counter() - start:.0f} s)",
                      file=sys.stderr, flush=True)
    wall = time.perf_counter() - start
    outcomes = [o for o in read_log(log_path)
                if o.direction in directions and o.seed in seeds]
    results, bad = report(outcomes, directions)
    print(f"\nwall seconds of this invocation (both directions): {wall:.0f}")
    results = {"arguments": {k: v for k, v in vars(args).items()}, "wall_seconds": round(wall, 1),
               **results}
    shutil.rmtree(work, ignore_errors=True)
    (out_dir / "summary.json").write_text(json.dumps(results, indent=1, default=str))
    print(f"\nsummary: {out_dir / 'summary.json'}")
    return 6 if bad else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
