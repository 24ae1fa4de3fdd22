"""``swisschess verify``: generate and check many random tournaments in parallel.

    swisschess verify --tournaments 200 --jobs 4 --players 15-60 --seed 1
    swisschess verify --tournaments 200 --reference-checker '/path/bbpPairings.exe --dutch'

Tournament ``i`` (0-based) uses seed ``SEED + i``; its number of players is
drawn in ``--players MIN-MAX`` (and of rounds in ``--rounds`` if given), every
other generator parameter at random as ``engine -g`` does without a
configuration (or from ``--config``).  Each tournament is generated with our
engine, written as TRF-2026, read back and checked round by round by our
checker; with ``--reference-checker CMD`` the file is also given to an external
checker as ``CMD FILE -c`` (JaVaFo / bbpPairings convention) and its report
parsed.  With ``--reference-generator CMD`` the tournaments come from an
external generator instead, run as ``CMD -g CONFIG -o FILE -s SEED`` (the
endorsement test: an accepted generator's tournaments through our checker).
A progress bar goes to stderr; the summary lists every seed with a
discrepancy and the command that reproduces it.  ``--keep DIR`` saves those
tournaments.

Exit codes: 0 no discrepancy, 6 some discrepancy, 2 unexpected errors only,
3 invalid arguments.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

from swisschess.cli.exitcodes import EXIT_DIFFERENCES, EXIT_INVALID, EXIT_OK, EXIT_UNEXPECTED
from swisschess.pairing import registry


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="generate and check many random tournaments",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tournaments", "-n", type=int, default=100, metavar="N",
                   help="number of tournaments (default 100)")
    p.add_argument("--jobs", "-j", type=int, default=0, metavar="J",
                   help="parallel processes (default: all cores)")
    p.add_argument("--players", default="15-215", metavar="MIN-MAX",
                   help="range of the number of players (default 15-215)")
    p.add_argument("--rounds", default=None, metavar="MIN-MAX",
                   help="range of the number of rounds (default: random, 5-15)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="first seed (default 1)")
    p.add_argument("--system", choices=registry.systems(), default="dutch")
    p.add_argument("--edition", choices=registry.editions(), default=None,
                   help="rule edition (default: the system's, Dutch 2026)")
    p.add_argument("--config", metavar="FILE", help="generator configuration for every tournament")
    p.add_argument("--reference-checker", metavar="CMD",
                   help="external checker run as CMD FILE -c on each generated file")
    p.add_argument("--reference-generator", metavar="CMD",
                   help="make the tournaments with an external generator run as "
                        "CMD -g CONFIG -o FILE -s SEED")
    p.add_argument("--keep", metavar="DIR", help="save tournaments with discrepancies or errors here")
    p.add_argument("--timeout", type=float, default=600.0, metavar="SEC",
                   help="time limit of one reference checker run (default 600)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


# ------------------------------------------------------------------ one task
@dataclass(slots=True)
class Outcome:
    """What happened to one tournament."""

    seed: int
    players: int = 0
    rounds: int = 0
    #: "ok", "no-pairing" (the generator found no valid pairing), "error"
    status: str = "ok"
    message: str = ""
    #: Our checker's differing rounds, as text.
    ours: list[str] = field(default_factory=list)
    #: The reference checker's differing rounds; None when not run.
    reference: list[int] | None = None
    reference_error: str = ""
    seconds: float = 0.0
    kept: str = ""

    @property
    def differs(self) -> bool:
        return bool(self.ours) or bool(self.reference)


@dataclass(slots=True)
class Task:
    index: int
    seed: int
    players: tuple[int, int]
    rounds: tuple[int, int] | None
    settings: dict[str, object]
    system: str
    edition: str
    reference: str | None
    keep: str | None
    timeout: float
    generator: str | None = None


def settings_for(task: Task) -> dict[str, object]:
    """Generator settings of one task: the configuration plus drawn sizes."""
    rng = random.Random(f"swisschess-verify-{task.seed}")
    s = dict(task.settings)
    s["PlayersNumber"] = rng.randint(*task.players)
    if task.rounds is not None:
        s["RoundsNumber"] = rng.randint(*task.rounds)
    elif "RoundsNumber" not in s:
        s["RoundsNumber"] = max(1, min(rng.randint(5, 15), s["PlayersNumber"] // 2))
    return s


_ROUND_RE = re.compile(r"Round #(\d+)\s*$")


def parse_reference_report(text: str) -> list[int]:
    """Rounds reported as differing by a JaVaFo / bbpPairings style checker."""
    bad: list[int] = []
    current = None
    for line in text.splitlines():
        m = _ROUND_RE.search(line)
        if m:
            current = int(m.group(1))
            continue
        if current is not None and ("Checker pairings" in line or "No valid pairing" in line):
            if current not in bad:
                bad.append(current)
    return bad


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
    return parse_reference_report(r.stdout), ""


def config_text(settings: dict[str, object]) -> str:
    """Settings as a generator configuration file (``Key=Value`` lines)."""
    lines = []
    for key, value in settings.items():
        if isinstance(value, int):
            lines.append(f"{key}={value}")
        else:
            lines.append(f"{key}={float(value):g}")
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
    """Generate, write, read back and check one tournament (runs in a worker)."""
    from swisschess.checking import check_tournament, generate
    from swisschess.cli.generate import tournament_text
    from swisschess.formats.trf import parse_trf
    from swisschess.pairing.result import PairingError

    start = time.perf_counter()
    out = Outcome(task.seed)
    text = ""
    try:
        settings = settings_for(task)
        out.players, out.rounds = settings["PlayersNumber"], settings["RoundsNumber"]
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
        if res.errors:
            out.status = "error"
            out.message = "the file does not read: " + str(res.errors[0])
        else:
            for d in check_tournament(res.tournament, task.system, task.edition):
                out.ours.append(str(d))
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
    if task.keep and text and (out.differs or out.status == "error" or out.reference_error):
        path = os.path.join(task.keep, f"seed-{task.seed}.trf")
        try:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            out.kept = path
        except OSError:
            pass
    return out


# ------------------------------------------------------------------ progress
class Progress:
    """A plain-text progress bar on stderr (a line every 5 % when not a terminal)."""

    def __init__(self, total: int, enabled: bool = True, stream=None):
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
        line = (f"[{bar}] {self.done}/{self.total}  differ {ours}  ref {ref}  errors {errors}"
                f"  {elapsed:5.0f}s  eta {eta:4.0f}s")
        if self.tty:
            self.stream.write("\r" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


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
                  jobs: int) -> list[str]:
    n = len(outcomes)
    gen_fail = [o for o in outcomes if o.status == "no-pairing"]
    errors = [o for o in outcomes if o.status == "error"]
    ours = [o for o in outcomes if o.ours]
    made_by = f", made by {args.reference_generator}" if args.reference_generator else ""
    lines = [
        f"verify: {n} tournaments, seeds {args.seed}-{args.seed + n - 1}, "
        f"{args.players} players, {args.system} {args.edition}, {jobs} jobs, {seconds:.1f} s"
        + made_by,
        f"  generated and checked   {n - len(gen_fail) - len(errors)}",
        f"  no pairing while generating  {len(gen_fail)}",
        f"  errors                  {len(errors)}",
        f"  our checker: tournaments with discrepancies {len(ours)} "
        f"({sum(len(o.ours) for o in ours)} rounds)",
    ]
    if args.reference_checker:
        ref = [o for o in outcomes if o.reference]
        ref_err = [o for o in outcomes if o.reference_error]
        lines.append(f"  reference checker: tournaments with discrepancies {len(ref)} "
                     f"({sum(len(o.reference or []) for o in ref)} rounds), errors {len(ref_err)}")
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
            where = f" -> {o.kept}" if o.kept else ""
            lines.append(f"seed {o.seed} ({o.players} players, {o.rounds} rounds){where}")
            lines.extend("    " + s for s in notes)
            gen = (args.reference_generator if args.reference_generator else
                   f"swisschess engine --{args.system} --edition {args.edition}")
            lines.append(f"    reproduce: {gen} -g CONFIG -o seed-{o.seed}.trf -s {o.seed}"
                         f"   with CONFIG: PlayersNumber={o.players} RoundsNumber={o.rounds}"
                         + (f" + {args.config}" if args.config else ""))
    return lines


def run(args: argparse.Namespace) -> int:
    from swisschess.checking.generator import ConfigError, parse_config

    try:
        players = parse_range(args.players, "--players")
        rounds = parse_range(args.rounds, "--rounds") if args.rounds else None
    except ValueError as e:
        print(f"swisschess verify: {e}", file=sys.stderr)
        return EXIT_INVALID
    if args.tournaments < 1:
        print("swisschess verify: --tournaments must be at least 1", file=sys.stderr)
        return EXIT_INVALID
    settings: dict[str, object] = {}
    if args.config:
        try:
            with open(args.config, encoding="utf-8-sig") as f:
                settings = parse_config(f.read())
        except (OSError, ConfigError) as e:
            print(f"swisschess verify: {args.config}: {e}", file=sys.stderr)
            return EXIT_INVALID
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    args.edition = args.edition or registry.default_edition(args.system)
    jobs = args.jobs if args.jobs and args.jobs > 0 else (os.cpu_count() or 1)
    jobs = min(jobs, args.tournaments)
    tasks = [Task(i, args.seed + i, players, rounds, settings, args.system, args.edition,
                  args.reference_checker, args.keep, args.timeout, args.reference_generator)
             for i in range(args.tournaments)]
    progress = Progress(len(tasks), enabled=not args.quiet)
    outcomes: list[Outcome] = []
    counts = [0, 0, 0]
    start = time.monotonic()

    def record(o: Outcome) -> None:
        outcomes.append(o)
        counts[0] += bool(o.ours)
        counts[1] += bool(o.reference)
        counts[2] += o.status == "error" or bool(o.reference_error)
        progress.update(*counts)

    try:
        if jobs == 1:
            for task in tasks:
                record(run_task(task))
        else:
            with multiprocessing.Pool(jobs) as pool:
                for o in pool.imap_unordered(run_task, tasks):
                    record(o)
    except KeyboardInterrupt:
        progress.close()
        print("swisschess verify: interrupted", file=sys.stderr)
        for line in summary_lines(outcomes, args, time.monotonic() - start, jobs):
            print(line)
        return 130
    progress.close()
    for line in summary_lines(outcomes, args, time.monotonic() - start, jobs):
        print(line)
    if any(o.differs for o in outcomes):
        return EXIT_DIFFERENCES
    if any(o.status == "error" or o.reference_error for o in outcomes):
        return EXIT_UNEXPECTED
    return EXIT_OK
