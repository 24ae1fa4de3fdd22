"""``swisschess verify``: generate and check many random tournaments, on Dask.

    swisschess verify --tournaments 200 --players 15-60 --seed 1
    swisschess verify -n 50000 --scheduler tcp://10.0.0.5:8786 \
        --reference '/opt/bbp/bbpPairings.exe --dutch'

Tournament ``i`` (0-based) uses seed ``SEED + i``; its number of players is
drawn in ``--players MIN-MAX`` (and of rounds in ``--rounds`` if given), every
other generator parameter at random as ``engine -g`` does without a
configuration (or from ``--config``).  Each tournament is generated with our
engine, written as TRF-2026, read back and checked round by round by our
checker; with ``--reference CMD`` (also spelt ``--reference-checker``) the file
is also given to an independent engine as ``CMD FILE -c`` (JaVaFo /
bbpPairings convention) and its verdict counted beside ours.  With
``--reference-generator CMD`` the tournaments come from an external generator
instead, run as ``CMD -g CONFIG -o FILE -s SEED`` (the endorsement test: an
accepted generator's tournaments through our checker).

Where the work runs (one task per tournament, so per seed):

* by default on an embedded Dask ``LocalCluster``: one worker process per core
  (``--jobs`` workers), one thread each; nothing to set up;
* ``--scheduler tcp://HOST:PORT``: on an existing Dask cluster (``dask
  scheduler`` and any number of ``dask worker tcp://HOST:PORT``, each with
  swisschess installed, and the ``--reference`` command at the same path);
* ``--jobs 1``: in this process, without Dask (the one-process run).

The verdicts do not depend on where a tournament ran: a seed always gives the
same tournament.  A progress bar goes to stderr; the summary lists every seed
with a discrepancy and the command that reproduces it.  Every such tournament
is written to ``--keep DIR`` (default ``verify-failures``) as ``seed-S.trf``,
its first ``###`` comment naming the seed and the first differing round, with
the generator configuration beside it as ``seed-S.cfg``, so that
``swisschess engine -g seed-S.cfg -s S`` makes it again and ``swisschess
engine seed-S.trf -c`` shows the difference.

Exit codes: 0 no discrepancy, 6 some discrepancy, 2 unexpected errors only
(or the scheduler lost during the run), 3 invalid arguments (an unreachable
``--scheduler`` included).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from swisschess import i18n
from swisschess.cli.check import read_report
from swisschess.cli.cluster import ClusterError, ClusterLost, dask_client, map_on_dask
from swisschess.cli.exitcodes import (
    EXIT_DIFFERENCES,
    EXIT_FILE,
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_UNEXPECTED,
)
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.pairing import registry

if TYPE_CHECKING:
    from distributed import Client

#: Where failing tournaments go unless ``--keep`` says otherwise.
DEFAULT_KEEP = "verify-failures"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="generate and check many random tournaments",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tournaments", "-n", type=int, default=100, metavar="N",
                   help="number of tournaments (default 100)")
    p.add_argument("--jobs", "-j", type=int, default=0, metavar="J",
                   help="workers of the embedded Dask cluster (default: all cores); "
                        "1 runs in this process, without Dask")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                   help="run on this Dask scheduler's workers instead of an embedded cluster")
    p.add_argument("--connect-timeout", type=float, default=30.0, metavar="SEC",
                   help="time allowed to reach --scheduler and find a worker (default 30)")
    p.add_argument("--players", default="15-215", metavar="MIN-MAX",
                   help="range of the number of players (default 15-215)")
    p.add_argument("--rounds", default=None, metavar="MIN-MAX",
                   help="range of the number of rounds (default: random, 5-15)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="first seed (default 1)")
    p.add_argument("--system", choices=registry.systems(), default="dutch")
    p.add_argument("--edition", choices=registry.editions(), default=None,
                   help="rule edition (default: the system's, Dutch 2026)")
    p.add_argument("--config", metavar="FILE", help="generator configuration for every tournament")
    p.add_argument("--reference", "--reference-checker", dest="reference_checker", metavar="CMD",
                   help="independent engine run as CMD FILE -c on each generated file")
    p.add_argument("--reference-generator", metavar="CMD",
                   help="make the tournaments with an external generator run as "
                        "CMD -g CONFIG -o FILE -s SEED")
    p.add_argument("--keep", metavar="DIR", default=DEFAULT_KEEP,
                   help="write tournaments with discrepancies or errors here "
                        f"(default {DEFAULT_KEEP}; made only when needed)")
    p.add_argument("--no-keep", dest="keep", action="store_const", const=None,
                   help="do not write them")
    p.add_argument("--verdicts", metavar="FILE",
                   help="write every tournament's verdict, one JSON line per seed in seed "
                        "order (to compare runs)")
    p.add_argument("--timeout", type=float, default=600.0, metavar="SEC",
                   help="time limit of one reference checker run (default 600)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


# ------------------------------------------------------------------ one task
@dataclass(slots=True)
class Outcome:
    """What happened to one tournament (a task's answer, sent back by a worker)."""

    seed: int
    players: int = 0
    rounds: int = 0
    #: "ok", "no-pairing" (the generator found no valid pairing), "error"
    status: str = "ok"
    message: str = ""
    #: Our checker's differing rounds, as text ("round 3: pairs differ").
    ours: list[str] = field(default_factory=list)
    #: The round numbers of ``ours``.
    our_rounds: list[int] = field(default_factory=list)
    #: The reference checker's differing rounds; None when not run.
    reference: list[int] | None = None
    reference_error: str = ""
    seconds: float = 0.0
    #: The tournament file, sent back only when it is to be kept.
    text: str = ""
    #: Where the client wrote it.
    kept: str = ""

    @property
    def differs(self) -> bool:
        return bool(self.ours) or bool(self.reference)

    @property
    def first_round(self) -> int | None:
        """The first round either checker found differing (None: none)."""
        rounds = self.our_rounds + (self.reference or [])
        return min(rounds) if rounds else None

    @property
    def worth_keeping(self) -> bool:
        return self.differs or self.status == "error" or bool(self.reference_error)

    def verdict(self) -> dict[str, object]:
        """Everything judged about the tournament (not how long it took or where it ran)."""
        return {"seed": self.seed, "players": self.players, "rounds": self.rounds,
                "status": self.status, "message": self.message, "ours": self.ours,
                "reference": self.reference, "reference_error": self.reference_error}


@dataclass(slots=True)
class Task:
    """One tournament to make and check: all a worker needs, picklable."""

    index: int
    seed: int
    players: tuple[int, int]
    rounds: tuple[int, int] | None
    settings: dict[str, object]
    system: str
    edition: str
    reference: str | None
    #: Send the file back when it fails (the client writes it to ``--keep``).
    keep: bool
    timeout: float
    generator: str | None = None


def settings_for(task: Task) -> dict[str, object]:
    """Generator settings of one task: the configuration plus drawn sizes."""
    rng = random.Random(f"swisschess-verify-{task.seed}")
    s = dict(task.settings)
    players = rng.randint(*task.players)
    s["PlayersNumber"] = players
    if task.rounds is not None:
        s["RoundsNumber"] = rng.randint(*task.rounds)
    elif "RoundsNumber" not in s:
        s["RoundsNumber"] = max(1, min(rng.randint(5, 15), players // 2))
    return s


def run_reference(cmd: str, path: str, timeout: float) -> tuple[list[int] | None, str]:
    """Run ``CMD PATH -c``: (differing rounds, error message)."""
    argv = shlex.split(cmd) + [path, "-c"]
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout,
                           cwd=os.path.dirname(path) or None)
    except (OSError, subprocess.SubprocessError) as e:
        return None, f"{type(e).__name__}: {e}"
    if r.returncode != 0:
        msg = (r.stderr or r.stdout).strip().splitlines()
        return None, f"exit {r.returncode}: {msg[-1] if msg else ''}"
    return read_report(r.stdout)[1], ""


def config_text(settings: dict[str, object]) -> str:
    """Settings as a generator configuration file (``Key=Value`` lines)."""
    lines = []
    for key, value in settings.items():
        if isinstance(value, int):
            lines.append(f"{key}={value}")
        else:
            lines.append(f"{key}={float(value):g}")  # type: ignore[arg-type]
    return "\n".join(lines) + "\n"


def run_generator(cmd: str, settings: dict[str, object], seed: int,
                  timeout: float) -> tuple[str | None, str, bool]:
    """Run ``CMD -g CONFIG -o FILE -s SEED``: (file text, error, no valid pairing)."""
    with tempfile.TemporaryDirectory(prefix="swisschess-verify-") as tmp:
        cfg = os.path.join(tmp, "config.txt")
        path = os.path.join(tmp, f"seed-{seed}.trf")
        with open(cfg, "w", encoding="utf-8") as f:
            f.write(config_text(settings))
        argv = shlex.split(cmd) + ["-g", cfg, "-o", path, "-s", str(seed)]
        try:
            r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=tmp)
        except (OSError, subprocess.SubprocessError) as e:
            return None, f"{type(e).__name__}: {e}", False
        if r.returncode != 0 or not os.path.exists(path):
            msg = (r.stderr or r.stdout).strip().splitlines()
            return None, f"exit {r.returncode}: {msg[-1] if msg else ''}", r.returncode == 1
        with open(path, "rb") as f:
            data = f.read()
    return data.decode("utf-8", errors="replace"), "", False


def run_task(task: Task) -> Outcome:
    """Generate, write, read back and check one tournament (runs on a worker).

    Never raises: whatever goes wrong is the outcome's ``error``.  It writes
    nothing but temporary files, so a worker may be on another machine.
    """
    from swisschess.checking import differing_rounds, generate
    from swisschess.cli.generate import tournament_text
    from swisschess.formats.trf import parse_trf
    from swisschess.pairing.result import PairingError

    start = time.perf_counter()
    out = Outcome(task.seed)
    text = ""
    try:
        settings = settings_for(task)
        out.players = int(settings["PlayersNumber"])  # type: ignore[call-overload]
        out.rounds = int(settings["RoundsNumber"])  # type: ignore[call-overload]
        if task.generator:
            made, err, no_pairing = run_generator(task.generator, settings, task.seed,
                                                  task.timeout)
            if made is None:
                out.status = "no-pairing" if no_pairing else "error"
                out.message = f"reference generator: {err}"
                return out
            text = made
        else:
            try:
                t = generate(settings, task.seed, system=task.system, edition=task.edition)
            except PairingError as e:
                out.status, out.message = "no-pairing", str(e)
                return out
            text = tournament_text(t, task.seed, settings)
        res = parse_trf(text, f"seed-{task.seed}.trf")
        if res.errors or res.tournament is None:
            out.status = "error"
            out.message = "the file does not read: " + str(res.errors[0] if res.errors else "")
        else:
            for d in differing_rounds(res.tournament, task.system, task.edition):
                out.ours.append(str(d))
                out.our_rounds.append(d.round)
        if task.reference:
            with tempfile.TemporaryDirectory(prefix="swisschess-verify-") as tmp:
                path = os.path.join(tmp, f"seed-{task.seed}.trf")
                with open(path, "w", encoding="utf-8", newline="") as f:
                    f.write(text)
                out.reference, out.reference_error = run_reference(
                    task.reference, path, task.timeout)
    except Exception as e:  # report, keep going with the other tournaments
        out.status, out.message = "error", f"{type(e).__name__}: {e}"
    finally:
        out.seconds = time.perf_counter() - start
        if task.keep and text and out.worth_keeping:
            out.text = text
    return out


# ------------------------------------------------------------- failure files
def generator_command(args: argparse.Namespace) -> str:
    """The command that makes a tournament of this run again (before ``-g``)."""
    if args.reference_generator:
        return str(args.reference_generator)
    return f"swisschess engine --{args.system} --edition {args.edition}"


def annotated(o: Outcome, args: argparse.Namespace) -> str:
    """The tournament file of ``o`` with ``###`` comments saying why it was kept.

    The comments go after the file's own leading comments (the generator's
    seed and configuration line); TRF readers skip ``###`` lines.
    """
    nl = "\r\n" if "\r\n" in o.text else "\n"
    lines = o.text.split(nl)
    first = o.first_round
    head = f"### swisschess verify: seed {o.seed}, " + (
        f"first differing round {first}" if first is not None else f"status {o.status}")
    notes = [head]
    notes += [f"### ours: {d}" for d in o.ours]
    if o.reference:
        notes.append("### reference: rounds " + ", ".join(map(str, o.reference)) + " differ")
    if o.reference_error:
        notes.append(f"### reference error: {o.reference_error}")
    if o.status != "ok":
        notes.append(f"### {o.status}: {o.message}".replace(nl, " "))
    notes.append(f"### make again: {generator_command(args)} -g seed-{o.seed}.cfg "
                 f"-o seed-{o.seed}.trf -s {o.seed}")
    notes.append(f"### check: swisschess engine --{args.system} --edition {args.edition} "
                 f"seed-{o.seed}.trf -c")
    at = 0
    while at < len(lines) and lines[at].startswith("###"):
        at += 1
    return nl.join(lines[:at] + notes + lines[at:])


def keep_failure(o: Outcome, task: Task, args: argparse.Namespace) -> None:
    """Write ``seed-S.trf`` (annotated) and ``seed-S.cfg`` into ``args.keep``."""
    if not o.text:
        return
    try:
        os.makedirs(args.keep, exist_ok=True)
        path = os.path.join(args.keep, f"seed-{o.seed}.trf")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(annotated(o, args))
        with open(os.path.join(args.keep, f"seed-{o.seed}.cfg"), "w", encoding="utf-8") as f:
            f.write(config_text(settings_for(task)))
        o.kept = path
    except OSError as e:
        print("swisschess verify: " + _("{file}: cannot write seed {seed}: {reason}").format(
            file=args.keep, seed=o.seed, reason=e.strerror or e), file=sys.stderr)
    o.text = ""  # written: do not hold thousands of files in memory


def write_verdicts(path: str, outcomes: list[Outcome]) -> None:
    """One JSON object per tournament, in seed order: two runs of the same
    seeds give the same file wherever they ran (``diff`` compares them)."""
    import json

    with open(path, "w", encoding="utf-8") as f:
        for o in sorted(outcomes, key=lambda o: o.seed):
            f.write(json.dumps(o.verdict(), ensure_ascii=False) + "\n")


# ------------------------------------------------------------------ progress
class Progress:
    """A plain-text progress bar on stderr (a line every 5 % when not a terminal)."""

    def __init__(self, total: int, enabled: bool = True, stream: TextIO | None = None):
        self.total, self.done = total, 0
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.tty = enabled and hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.monotonic()
        self.step = max(1, total // 20)

    def update(self, ours: int, ref: int, errors: int) -> None:
        self.done += 1
        if not self.enabled:
            return
        if not self.tty and self.done % self.step and self.done != self.total:
            return
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        width = 30
        filled = width * self.done // max(1, self.total)
        bar = "#" * filled + "." * (width - filled)
        line = f"[{bar}] {self.done}/{self.total}  " + _(
            "differ {ours}  ref {ref}  errors {errors}  {elapsed}s  eta {eta}s").format(
            ours=ours, ref=ref, errors=errors, elapsed=f"{elapsed:5.0f}", eta=f"{eta:4.0f}")
        if self.tty:
            self.stream.write("\r" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


# ------------------------------------------------------------------ where it runs
def run_on_dask(client: Client, tasks: list[Task], record: Callable[[Outcome], None]) -> None:
    """One Dask task per tournament (:func:`~swisschess.cli.cluster.map_on_dask`);
    a task lost with its worker becomes an error outcome of that seed."""
    def lost(task: Task, why: str) -> Outcome:
        return Outcome(task.seed, status="error", message=f"dask: {why}")

    for o in map_on_dask(client, run_task, tasks, lost):
        record(o)


# ------------------------------------------------------------------ command
def parse_range(text: str, what: str) -> tuple[int, int]:
    """``"15-60"`` -> (15, 60); a single number gives a one-value range."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text or "")
    if not m:
        raise ValueError(f"{what}: expected MIN-MAX, got {text!r}")
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) else lo
    if lo < 1 or hi < lo:
        raise ValueError(f"{what}: expected 1 <= MIN <= MAX, got {text!r}")
    return lo, hi


def summary_lines(outcomes: list[Outcome], args: argparse.Namespace, seconds: float,
                  jobs: int, where: str = "") -> list[str]:
    n = len(outcomes)
    gen_fail = [o for o in outcomes if o.status == "no-pairing"]
    errors = [o for o in outcomes if o.status == "error"]
    ours = [o for o in outcomes if o.ours]
    # i18n: the summary is for people (in --lang); the ### notes in kept files stay English
    made_by = (", " + _("made by {generator}").format(generator=args.reference_generator)
               if args.reference_generator else "")
    rate = (", " + _("{rate} tournaments/min").format(rate=i18n.number(round(60 * n / seconds)))
            if seconds > 0 and n else "")
    lines = [
        _("verify: {n} tournaments, seeds {first}-{last}, {players} players, {system} {edition}, "
          "{jobs} jobs{where}, {seconds} s").format(
            n=n, first=args.seed, last=args.seed + n - 1, players=args.players,
            system=args.system, edition=args.edition, jobs=jobs, where=where,
            seconds=i18n.number(seconds, 1)) + rate + made_by,
        "  " + _("generated and checked   {n}").format(n=n - len(gen_fail) - len(errors)),
        "  " + _("no pairing while generating  {n}").format(n=len(gen_fail)),
        "  " + _("errors                  {n}").format(n=len(errors)),
        "  " + _("our checker: tournaments with discrepancies {n} ({rounds} rounds)").format(
            n=len(ours), rounds=sum(len(o.ours) for o in ours)),
    ]
    if args.reference_checker:
        ref = [o for o in outcomes if o.reference]
        ref_err = [o for o in outcomes if o.reference_error]
        lines.append("  " + _("reference checker: tournaments with discrepancies {n} ({rounds} "
                                "rounds), errors {errors}").format(
            n=len(ref), rounds=sum(len(o.reference or []) for o in ref), errors=len(ref_err)))
        judged = [o for o in outcomes
                  if o.status == "ok" and o.reference is not None and not o.reference_error]
        both = sum(1 for o in judged if o.ours and o.reference)
        only_ours = sum(1 for o in judged if o.ours and not o.reference)
        only_ref = sum(1 for o in judged if o.reference and not o.ours)
        lines.append("  " + _("verdicts side by side: both clean {clean}, both differ {both}, "
                                "only ours {ours}, only reference {ref}").format(
            clean=len(judged) - both - only_ours - only_ref, both=both, ours=only_ours,
            ref=only_ref))
    for o in sorted(outcomes, key=lambda o: o.seed):
        notes = []
        if o.status != "ok":
            notes.append(f"{o.status}: {o.message}")
        notes.extend(f"ours: {d}" for d in o.ours)
        if o.reference:
            notes.append("reference: rounds " + ", ".join(map(str, o.reference)) + " differ")
        if o.reference_error:
            notes.append(f"reference error: {o.reference_error}")
        if notes:
            place = f" -> {o.kept}" if o.kept else ""
            lines.append(_("seed {seed} ({players} players, {rounds} rounds)").format(
                seed=o.seed, players=o.players, rounds=o.rounds) + place)
            lines.extend("    " + s for s in notes)
            lines.append("    " + _("reproduce:") + f" {generator_command(args)} -g CONFIG -o seed-{o.seed}.trf"
                         f" -s {o.seed}   " + _("with CONFIG:") + f" PlayersNumber={o.players} "
                         f"RoundsNumber={o.rounds}" + (f" + {args.config}" if args.config else ""))
    return lines


def run(args: argparse.Namespace) -> int:
    from swisschess.checking.generator import ConfigError, parse_config

    try:
        players = parse_range(args.players, "--players")
        rounds = parse_range(args.rounds, "--rounds") if args.rounds else None
    except ValueError as e:
        print(f"swisschess verify: {translate_message(str(e))}", file=sys.stderr)
        return EXIT_INVALID
    if args.tournaments < 1:
        print("swisschess verify: " + _("--tournaments must be at least 1"), file=sys.stderr)
        return EXIT_INVALID
    if args.scheduler and args.jobs:
        print("swisschess verify: " + _("--jobs is for the embedded cluster; with --scheduler "
                                        "the cluster's workers run the tournaments"),
              file=sys.stderr)
        return EXIT_INVALID
    settings: dict[str, object] = {}
    if args.config:
        try:
            with open(args.config, encoding="utf-8-sig") as f:
                settings = dict(parse_config(f.read()))
        except (OSError, ConfigError) as e:
            print(f"swisschess verify: {args.config}: {e}", file=sys.stderr)
            return EXIT_INVALID
    args.edition = args.edition or registry.default_edition(args.system)
    jobs = args.jobs if args.jobs and args.jobs > 0 else (os.cpu_count() or 1)
    jobs = min(jobs, args.tournaments)
    tasks = [Task(i, args.seed + i, players, rounds, settings, args.system, args.edition,
                  args.reference_checker, bool(args.keep), args.timeout,
                  args.reference_generator)
             for i in range(args.tournaments)]
    task_of = {t.seed: t for t in tasks}
    progress = Progress(len(tasks), enabled=not args.quiet)
    outcomes: list[Outcome] = []
    counts = [0, 0, 0]
    where = ""
    start = time.monotonic()

    def record(o: Outcome) -> None:
        if o.text:
            keep_failure(o, task_of[o.seed], args)
        outcomes.append(o)
        counts[0] += bool(o.ours)
        counts[1] += bool(o.reference)
        counts[2] += o.status == "error" or bool(o.reference_error)
        progress.update(*counts)

    def summary() -> None:
        for line in summary_lines(outcomes, args, time.monotonic() - start, jobs, where):
            print(line)

    try:
        if jobs == 1 and not args.scheduler:
            for task in tasks:
                record(run_task(task))
        else:
            with dask_client(args.scheduler, jobs, args.connect_timeout) as client:
                if args.scheduler:
                    jobs = sum(client.nthreads().values())
                    where = " " + _("on {scheduler}").format(scheduler=args.scheduler)
                # the rate counts tournaments, not the cluster's start
                where += " (" + _("up in {seconds} s").format(
                    seconds=i18n.number(time.monotonic() - start, 1)) + ")"
                progress.start = start = time.monotonic()
                run_on_dask(client, tasks, record)
    except ClusterError as e:
        progress.close()
        print(f"swisschess verify: {translate_message(str(e))}", file=sys.stderr)
        if not isinstance(e, ClusterLost):  # no cluster to run on: a wrong address or set-up
            return EXIT_INVALID
        summary()  # what was done before it went
        return EXIT_UNEXPECTED
    except KeyboardInterrupt:
        progress.close()
        print("swisschess verify: " + _("interrupted"), file=sys.stderr)
        summary()
        return EXIT_INTERRUPTED
    progress.close()
    summary()
    if args.verdicts:
        try:
            write_verdicts(args.verdicts, outcomes)
        except OSError as e:
            print("swisschess verify: " + _("{file}: cannot write: {reason}").format(
                file=args.verdicts, reason=e.strerror or e), file=sys.stderr)
            return EXIT_FILE
    if any(o.differs for o in outcomes):
        return EXIT_DIFFERENCES
    if any(o.status == "error" or o.reference_error for o in outcomes):
        return EXIT_UNEXPECTED
    return EXIT_OK
