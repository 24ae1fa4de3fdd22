#!/usr/bin/env python3
"""The endorsement run (issue 30): our engine against a reference engine, both directions.

    python benchmarks/endorsement.py --reference /path/to/bbpPairings.exe
        [--edition 2026] [--tournaments 500] [--players 6-100] [--rounds 3-13]
        [--seed 1] [--jobs 2] [--out /tmp/endorsement] [--quick] [--resume]
        [--directions ours,reference] [--swisschess 'python -m swisschess']
        [--scheduler local|tcp://HOST:PORT]
    python benchmarks/endorsement.py --edition 2012 --reference 'java -jar /path/to/javafo.jar'
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

The reference speaks a *dialect* (``--reference-dialect``, chosen by the
edition unless given): ``trf2026``, bbpPairings (v6 for 2026, v5 for 2017),
called as above; ``javafo14``, JaVaFo 1.4 for the 2012 wording, called without
``--dutch`` (it pairs Dutch only) and reading and writing its own codes for a
round without opponent (``0000 - +`` / ``=`` / ``-`` for TRF-2026's ``U`` /
``H`` / ``Z``) and no ``XXC``: our file is rewritten before its checker reads
it and its file after its generator writes it (``tools/peerfiles.py``).  Its
generator takes no seed (``-g CONFIG -o F`` only), so its tournaments cannot be
made again: every file it writes is kept as written, gzipped, in
``OUT/generated/reference-seed-S.trf.gz`` (``tools/javafo_2012.py convert``
gives the file our checker read).  Its exit 1 with ``PAIRING IS IMPOSSIBLE``
is "no valid pairing"; any other exit 1 is a crash.  ``--recheck EARLIER_OUT``
checks those kept files again with today's checker (a new log in ``--out``;
the generator's CPU seconds and its crashes are copied from the earlier log),
so that a long run's reference direction is measured on one version of ours.

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
``wait4`` of each command), per program: ``ours_cpu`` and ``reference_cpu``.

Every file with a difference or a crash is kept in ``OUT/differences/`` with
its configuration (``DIR-seed-S.trf`` / ``.cfg``; ``DIR-seed-S.javafo14.trf``
as JaVaFo read or wrote it) and both checkers' reports (``.ours.txt`` /
``.reference.txt``); the other files are deleted.  This is a benchmark, not a
test: it needs the reference program, which is never part of the repository
(build it outside, e.g. under /tmp).

Where the jobs run: by default a pool of ``--jobs`` processes; with
``--scheduler local`` one Dask task per tournament and direction on an
embedded ``LocalCluster`` of ``--jobs`` single-threaded workers, with
``--scheduler tcp://HOST:PORT`` on the workers of a running ``dask
scheduler`` (``dask worker tcp://HOST:PORT`` on each machine, each with
swisschess and the reference at the same paths; this script's code travels
with the tasks).  The cluster set-up is ``swisschess verify``'s
(``swisschess.cli.cluster``).  A job works in a temporary folder of its own
and sends the files to keep back with its outcome; this process writes the
log and the files, so the log lines are the same wherever the jobs ran.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import resource
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import peerfiles  # noqa: E402  (the peers' dialects, tools/)

from swisschess.cli.check import read_report  # noqa: E402
from swisschess.cli.cluster import ClusterError  # noqa: E402

NONE = 1_000_000  # a rate that gives no event


@dataclass(frozen=True)
class Dialect:
    """How a reference program is called and what it reads and writes."""

    flags: tuple[str, ...]                  # before ``-g`` or the file
    seeded: bool                            # its generator takes ``-s SEED``
    to_reference: Callable[[str], str] | None = None    # our file as it reads it
    from_reference: Callable[[str], str] | None = None  # its file in TRF-2026
    #: its generator's exit 1 means "no valid pairing" only with this in its output
    no_pairing_text: str = ""


DIALECTS = {
    # bbpPairings (v5 for 2017, v6 for 2026): TRF-2026 codes, reproducible generator
    "trf2026": Dialect(flags=("--dutch",), seeded=True),
    # JaVaFo 1.4 (2012): its own bye codes, no XXC, no --dutch, a generator without
    # a seed (every file it makes is kept), exit 1 with this for "no valid pairing"
    "javafo14": Dialect(flags=(), seeded=False, to_reference=peerfiles.to_javafo14,
                        from_reference=peerfiles.from_javafo14,
                        no_pairing_text="PAIRING IS IMPOSSIBLE"),
}
#: The reference's dialect when --reference-dialect is not given.
DEFAULT_DIALECT = {"2026": "trf2026", "2017": "trf2026", "2012": "javafo14"}


@dataclass
class Job:
    """One tournament of one direction: who generates, who checks, with what."""

    direction: str          # "ours" (our generator, reference checks) or "reference"
    seed: int
    config: dict[str, int]
    edition: str
    ours: list[str]
    reference: list[str]
    dialect: str            # a key of DIALECTS
    out: str                # the run's OUT folder (where the client writes kept files)
    timeout: float
    #: --cpu-limit: CPU seconds per command (0: none), fair on a loaded machine
    cpu_limit: float = 0.0
    #: --recheck: the reference's kept file (gzipped, as it wrote it) instead of generating
    made_from: str = ""
    made_cpu: float = 0.0   # ... and what its generator spent making it


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


#: A job's answer: its outcome and the files to keep, by path under OUT (the
#: worker writes nothing of its own, so it may run on another machine).
Result = tuple[Outcome, dict[str, bytes]]


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


class Timeout(subprocess.TimeoutExpired):
    """A command killed past its time, with the CPU seconds it had spent."""

    def __init__(self, cmd: list[str], timeout: float, cpu: float, what: str = "s"):
        super().__init__(cmd, timeout)
        self.cpu = cpu
        self.what = what  # "s" (wall seconds) or "CPU s"


def cpu_limited(seconds: float) -> Callable[[], None] | None:
    """What a child runs before its program: the kernel stops it past ``seconds``
    of CPU (SIGXCPU, then SIGKILL a second later), all its threads counted."""
    if not seconds:
        return None
    soft = max(1, int(seconds + 0.999))

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 1))
    return limit


def run(cmd: list[str], timeout: float, cpu_limit: float = 0.0
        ) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run ``cmd``: its completed process and its CPU seconds (user + system).

    The CPU comes from ``wait4`` of that very process, so it is exact in any
    worker, however many threads run commands side by side (a Dask worker may
    have several).  Raises :class:`Timeout` past ``timeout`` seconds (the
    process is killed), or past ``cpu_limit`` CPU seconds when one is given (a
    limit that does not depend on how loaded the machine is).
    """
    with tempfile.TemporaryFile() as so, tempfile.TemporaryFile() as se:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=so, stderr=se,
                                preexec_fn=cpu_limited(cpu_limit))
        ended: list[tuple[int, int, resource.struct_rusage]] = []
        waiter = threading.Thread(target=lambda: ended.append(os.wait4(proc.pid, 0)),
                                  daemon=True)
        waiter.start()
        waiter.join(timeout)
        timed_out = waiter.is_alive()
        if timed_out:  # (not proc.kill(): its poll() would race the waiter for the exit)
            try:
                os.kill(proc.pid, 9)
            except ProcessLookupError:  # ended in between
                pass
            waiter.join()
        _, status, usage = ended[0]
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        cpu = usage.ru_utime + usage.ru_stime
        if timed_out:
            raise Timeout(cmd, timeout, cpu)
        # SIGXCPU comes only from the limit; a SIGKILL is the limit's when the CPU is
        # near it (rusage's user/system split is sampled, so it may read a little under)
        if cpu_limit and (proc.returncode == -signal.SIGXCPU or (
                proc.returncode == -signal.SIGKILL and cpu >= 0.9 * int(cpu_limit + 0.999))):
            raise Timeout(cmd, cpu_limit, cpu, "CPU s")
        so.seek(0)
        se.seek(0)
        out = so.read().decode("utf-8", errors="replace")
        err = se.read().decode("utf-8", errors="replace")
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err), cpu


def one(job: Job) -> Result:
    """Generate one tournament with one engine, check it with the other.

    Works in a temporary folder of its own; the files to keep come back with the
    outcome: for a difference or a crash the configuration, the file (in
    TRF-2026 codes, and as the reference read it when its dialect differs) and
    both checkers' reports under ``differences/``; every file of a reference
    generator without a seed (JaVaFo 1.4), as it wrote it, gzipped under
    ``generated/``, so that each checked tournament can be checked again.
    """
    out = Outcome(job.direction, job.seed, job.config)
    dialect = DIALECTS[job.dialect]
    ours = [*job.ours, "engine", *engine_flags(job.edition)]
    ref = [*job.reference, *dialect.flags]
    generator, checker = (ours, ref) if job.direction == "ours" else (ref, ours)
    checker_name = "reference" if job.direction == "ours" else "ours"
    stem = f"{job.direction}-seed-{job.seed}"
    keep: dict[str, bytes] = {}
    reports: dict[str, str] = {}
    start = time.perf_counter()

    def spent(who: str, cpu: float) -> None:
        if who == "ours":
            out.ours_cpu += cpu
        else:
            out.reference_cpu += cpu

    def timed(who: str, cmd: list[str]) -> subprocess.CompletedProcess[str]:
        try:
            done, cpu = run(cmd, job.timeout, job.cpu_limit)
        except Timeout as exc:  # what it spent counts too
            spent(who, exc.cpu)
            raise
        spent(who, cpu)
        return done

    with tempfile.TemporaryDirectory(prefix="endorsement-") as tmp:
        cfg = Path(tmp) / f"{stem}.cfg"
        trf = Path(tmp) / f"{stem}.trf"  # in TRF-2026 codes: what our checker reads
        # what the reference reads or writes: the same file, or its own dialect's copy
        ref_trf = (Path(tmp) / f"{stem}.{job.dialect}.trf"
                   if dialect.to_reference or dialect.from_reference else trf)
        cfg.write_text("".join(f"{k}={v}\n" for k, v in job.config.items()))
        made = ref_trf if job.direction == "reference" else trf
        seed = ["-s", str(job.seed)] if job.direction == "ours" or dialect.seeded else []
        try:
            if job.made_from:  # --recheck: the file made in an earlier run, checked again
                made.write_bytes(gzip.decompress(Path(job.made_from).read_bytes()))
                spent(job.direction, job.made_cpu)
                gen = subprocess.CompletedProcess([], 0, "", "")
            else:
                gen = timed(job.direction, [*generator, "-g", str(cfg), "-o", str(made), *seed])
            said = gen.stdout + gen.stderr
            if gen.returncode == 1 and (job.direction == "ours"
                                        or dialect.no_pairing_text in said):
                out.no_pairing = True
            elif gen.returncode != 0 or not made.exists():
                out.crash = f"generator exit {gen.returncode}: {said.strip()[:300]}"
            else:
                out.generated = True
                if job.direction == "reference" and not dialect.seeded and not job.made_from:
                    keep[f"generated/{stem}.trf.gz"] = gzip.compress(made.read_bytes(), mtime=0)
                if ref_trf != trf:  # the other one in the other dialect
                    if job.direction == "reference":
                        assert dialect.from_reference is not None
                        trf.write_text(dialect.from_reference(ref_trf.read_text("latin-1")))
                    else:
                        assert dialect.to_reference is not None
                        ref_trf.write_text(dialect.to_reference(trf.read_text()))
                checked = trf if checker_name == "ours" else ref_trf
                chk = timed(checker_name, [*checker, str(checked), "-c"])
                reports[checker_name] = chk.stdout
                out.rounds, out.differing_rounds = read_report(chk.stdout)
                # ours exits 6 when a round differs; bbpPairings and JaVaFo exit 0 and report it
                if chk.returncode not in (0, 6) or out.rounds == 0:
                    out.crash = (f"checker exit {chk.returncode}: "
                                 f"{(chk.stderr or chk.stdout).strip()[:300]}")
        except subprocess.TimeoutExpired as exc:
            what = exc.what if isinstance(exc, Timeout) else "s"
            out.crash = f"timeout after {exc.timeout:.0f} {what}: {shlex.join(map(str, exc.cmd))}"
            if out.generated:  # the checker: not run again for the kept reports
                reports[checker_name] = out.crash + "\n"
        except OSError as exc:  # the program cannot be started
            out.crash = f"{type(exc).__name__}: {exc}"
        out.seconds = time.perf_counter() - start
        out.ours_cpu, out.reference_cpu = round(out.ours_cpu, 3), round(out.reference_cpu, 3)
        if out.differing_rounds or out.crash:
            for f in dict.fromkeys((cfg, trf, ref_trf)):
                if f.exists():
                    keep[f"differences/{f.name}"] = f.read_bytes()
            if trf.exists() and ref_trf.exists():  # both reports, to compare side by side
                for name, cmd, f in (("ours", ours, trf), ("reference", ref, ref_trf)):
                    if name not in reports:
                        try:
                            reports[name] = run([*cmd, str(f), "-c"], job.timeout,
                                                job.cpu_limit)[0].stdout
                        except (subprocess.TimeoutExpired, OSError) as exc:
                            reports[name] = f"{type(exc).__name__}: {exc}\n"
                    keep[f"differences/{stem}.{name}.txt"] = reports[name].encode()
            out.kept = str(Path(job.out) / "differences" / (trf if trf.exists() else cfg).name)
    return out, keep


def write_kept(out_dir: Path, files: dict[str, bytes]) -> None:
    """Write a job's kept files under ``out_dir`` (on the machine that runs the harness)."""
    for name, data in files.items():
        path = out_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


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


def run_jobs(jobs: list[Job], workers: int) -> Iterator[Result]:
    """Each job's result as soon as it is done, at most ``workers`` at a time
    (submitted lazily, so a long run holds only the jobs in flight)."""
    todo = iter(jobs)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[Result]] = set()
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


def run_jobs_on_dask(jobs: list[Job], scheduler: str, workers: int,
                     connect_timeout: float) -> Iterator[Result]:
    """Each job as a Dask task (the same :func:`one` as the process pool runs), on an
    embedded LocalCluster of ``workers`` processes (``scheduler`` "local") or on the
    workers of the scheduler at ``scheduler``; the cluster set-up is ``swisschess
    verify``'s (``swisschess.cli.cluster``).  Raises ``ClusterError`` (unreachable)
    and ``ClusterLost`` (gone during the run)."""
    import cloudpickle

    from swisschess.cli.cluster import dask_client, map_on_dask

    # this script and tools/peerfiles.py are not installed: their code travels with
    # the tasks (a worker started elsewhere could not import them)
    for module in (sys.modules[one.__module__], peerfiles):
        if module.__name__ != "__main__":
            cloudpickle.register_pickle_by_value(module)

    def lost(job: Job, why: str) -> Result:
        return Outcome(job.direction, job.seed, job.config, crash=f"dask: {why}"), {}

    address = None if scheduler == "local" else scheduler
    with dask_client(address, workers, connect_timeout) as client:
        threads = sum(client.nthreads().values())
        print(f"  on Dask: {len(client.nthreads())} workers, {threads} threads"
              + (f" at {scheduler}" if address else " (embedded LocalCluster)"), flush=True)
        yield from map_on_dask(client, one, jobs, lost)


def recheck_jobs(jobs: list[Job], earlier: Path) -> list[Outcome]:
    """``--recheck EARLIER``: point the reference direction's jobs at the files its
    generator made in the run logged in ``EARLIER`` (a generator without a seed,
    JaVaFo 1.4, cannot make them again), so that they are checked again by our
    checker of today; the outcomes of the seeds it made no file for (a crash, a
    timeout, no valid pairing) are returned to be logged as they were."""
    logged = {o.seed: o for o in read_log(earlier / "log.jsonl") if o.direction == "reference"}
    copied: list[Outcome] = []
    for job in jobs:
        if job.direction != "reference":
            continue
        before = logged.get(job.seed)
        kept = earlier / "generated" / f"reference-seed-{job.seed}.trf.gz"
        if before is None:
            continue  # not made earlier: left out of this run
        if before.generated:
            if not kept.exists():
                raise FileNotFoundError(f"{kept}: logged as made, but not kept")
            job.made_from, job.made_cpu = str(kept), before.reference_cpu
            job.config = before.config  # as made (not as drawn from this run's ranges)
        else:
            copied.append(before)
    return copied


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reference",
                    help="the reference engine: a binary (bbpPairings.exe) or a command line")
    ap.add_argument("--edition", default="2026", choices=("2026", "2017", "2012"),
                    help="Dutch edition of our engine (the reference must follow the same: "
                         "bbpPairings v6 for 2026, v5 for 2017, JaVaFo 1.4 for 2012)")
    ap.add_argument("--reference-dialect", choices=sorted(DIALECTS),
                    help="how the reference is called and what codes it reads: trf2026 "
                         "(bbpPairings) or javafo14 (JaVaFo 1.4); default javafo14 for "
                         "--edition 2012, else trf2026")
    ap.add_argument("-n", "--tournaments", type=int, default=500, help="per direction")
    ap.add_argument("--players", type=parse_range, default=(6, 100), metavar="MIN-MAX")
    ap.add_argument("--rounds", type=parse_range, default=(3, 13), metavar="MIN-MAX")
    ap.add_argument("--seed", type=int, default=1, help="tournament i uses seed SEED + i")
    ap.add_argument("-j", "--jobs", type=int, default=2,
                    help="processes (or the embedded Dask cluster's workers)")
    ap.add_argument("--scheduler", metavar="local|tcp://HOST:PORT",
                    help="run the jobs as Dask tasks: on an embedded LocalCluster of --jobs "
                         "workers (local) or on a running 'dask scheduler' and its workers")
    ap.add_argument("--connect-timeout", type=float, default=30.0, metavar="SEC",
                    help="time allowed to reach --scheduler and find a worker")
    ap.add_argument("--out", default="/tmp/endorsement", help="log, report and kept files")
    ap.add_argument("--directions", default="ours,reference",
                    help="ours (our generator) and/or reference (its generator)")
    ap.add_argument("--swisschess", default=f"{shlex.quote(sys.executable)} -m swisschess",
                    help="command that runs swisschess")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per command")
    ap.add_argument("--cpu-limit", type=float, default=0.0, metavar="SEC",
                    help="CPU seconds per command (all its threads), a limit that does not "
                         "depend on the machine's load (default: none, only --timeout)")
    ap.add_argument("--quick", action="store_true",
                    help="20 tournaments each way, 6-40 players (a smoke run)")
    ap.add_argument("--resume", action="store_true",
                    help="keep OUT/log.jsonl and skip the tournaments already in it")
    ap.add_argument("--recheck", metavar="EARLIER_OUT",
                    help="the reference direction again without its generator: every file it "
                         "made in the run logged in EARLIER_OUT (kept under generated/) checked "
                         "again by our checker; its crashes and no-pairings are copied as logged")
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
    dialect = args.reference_dialect or DEFAULT_DIALECT[args.edition]
    if args.recheck and DIALECTS[dialect].seeded:
        ap.error("--recheck is for a reference generator without a seed (javafo14); "
                 "a seeded one makes its files again")
    out_dir = Path(args.out).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    log_path = out_dir / "log.jsonl"
    directions = [d for d in args.directions.split(",") if d]
    ref_path = Path(args.reference)
    reference = ([str(ref_path.resolve())] if ref_path.exists()
                 else shlex.split(args.reference))
    where = (f"{args.jobs} processes" if not args.scheduler
             else f"Dask {args.jobs} workers" if args.scheduler == "local"
             else f"Dask at {args.scheduler}")
    print(f"endorsement run: Dutch {args.edition}, reference {shlex.join(reference)} "
          f"({dialect}), {args.tournaments} tournaments per direction, players "
          f"{args.players[0]}-{args.players[1]}, rounds {args.rounds[0]}-{args.rounds[1]}, "
          f"seeds {args.seed}..{args.seed + args.tournaments - 1}, {where}, log {log_path}",
          flush=True)
    done: set[tuple[str, int]] = set()
    if args.resume:
        done = {(o.direction, o.seed) for o in read_log(log_path)}
    else:
        log_path.unlink(missing_ok=True)
    # the directions side by side, seed by seed: a run stopped early has both
    seeds = range(args.seed, args.seed + args.tournaments)
    jobs = [Job(d, s, draw_config(s, args.players, args.rounds), args.edition,
                shlex.split(args.swisschess), reference, dialect, str(out_dir), args.timeout,
                args.cpu_limit)
            for s in seeds for d in directions if (d, s) not in done]
    if args.recheck:
        try:
            copied = recheck_jobs(jobs, Path(args.recheck).resolve())
        except FileNotFoundError as e:
            print(f"endorsement: {e}", file=sys.stderr)
            return 2
        with log_path.open("a") as log:  # what the earlier run's generator did not make
            for o in copied:
                log.write(json.dumps(asdict(o), default=str) + "\n")
        jobs = [j for j in jobs if j.direction != "reference" or j.made_from]
    start = time.perf_counter()
    finished = 0
    results = (run_jobs_on_dask(jobs, args.scheduler, args.jobs, args.connect_timeout)
               if args.scheduler else run_jobs(jobs, args.jobs))
    try:
        with log_path.open("a") as log:
            for o, files in results:
                write_kept(out_dir, files)  # before the log line that names them
                log.write(json.dumps(asdict(o), default=str) + "\n")
                log.flush()
                finished += 1
                if finished % 50 == 0:  # progress on stderr
                    print(f"  {finished}/{len(jobs)} ({time.perf_counter() - start:.0f} s)",
                          file=sys.stderr, flush=True)
    except ClusterError as e:  # the log keeps what was done; --resume continues
        print(f"endorsement: {e}", file=sys.stderr)
        return 2
    wall = time.perf_counter() - start
    outcomes = [o for o in read_log(log_path)
                if o.direction in directions and o.seed in seeds]
    summaries, bad = report(outcomes, directions)
    print(f"\nwall seconds of this invocation (both directions): {wall:.0f}")
    summary = {"arguments": {k: v for k, v in vars(args).items()},
               "wall_seconds": round(wall, 1), **summaries}
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=1, default=str))
    print(f"\nsummary: {out_dir / 'summary.json'}")
    return 6 if bad else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
