"""The 2012 wording against JaVaFo 1.4, both directions (issue 30; a measurement, not a test).

JaVaFo 1.4 (build 1913, the engine of the Istanbul 2012 rules) is run outside the
repository as a peer: ``java -jar JAR ...``; nothing of it is copied here.  It
reads TRF16 with its own codes for rounds without opponent (``0000 - +`` pairing
bye, ``=`` half-point bye, ``-`` absence) and not TRF-2026's ``U``, ``H``, ``Z``;
this script rewrites them both ways (``tools/peerfiles.py``, shared with
``benchmarks/endorsement.py --edition 2012``, the endorsement run of both
directions at scale).

``replay DIR``
    every round of every tournament in DIR (e.g. made by JaVaFo's own generator,
    ``java -jar javafo.jar -g CFG -o F``, then ``convert``) paired again by
    ``--edition 2012`` in process (``checking.check_rounds``); prints each
    differing round and the totals.
``ours -n N --players A-B --rounds A-B --seed S --out DIR``
    N tournaments made by ``swisschess engine --dutch --edition 2012 -g CFG -s
    SEED``, each checked by JaVaFo's checker (``java -jar JAR F -c``); a round
    differs when JaVaFo reports a "Checker pairings" table or "inverted colors".
``convert IN OUT``
    a JaVaFo-generated file (``IN`` may be gzipped, as the endorsement run keeps
    them) to TRF-2026 codes (and ``XXC`` for round 1's drawn colour).

    python tools/javafo_2012.py replay /path/to/generated
    python tools/javafo_2012.py ours --jar /path/to/javafo.jar -n 50 --players 6-80 \\
        --rounds 3-13 --seed 1 --out /tmp/j14ours
"""

from __future__ import annotations

import argparse
import gzip
import random
import subprocess
import sys
import time
from pathlib import Path

from peerfiles import from_javafo14, to_javafo14  # tools/, beside this one

from swisschess.checking import check_rounds
from swisschess.cli.check import read_report
from swisschess.formats.trf import read_trf


def replay(folder: Path) -> int:
    files = sorted(folder.glob("*.trf"), key=lambda p: (len(p.stem), p.stem))
    total = differ = 0
    start = time.process_time()
    for path in files:
        res = read_trf(str(path))
        if res.errors:
            print(f"{path.name}: cannot read ({res.errors[0]})")
            continue
        for c in check_rounds(res.tournament, "dutch", "2012"):
            total += 1
            if c.discrepancy is not None:
                differ += 1
                print(f"{path.stem} r{c.round}: {c.discrepancy.kind}", flush=True)
    print(f"files {len(files)} rounds {total} same {total - differ} differ {differ} "
          f"cpu {time.process_time() - start:.0f}s")
    return 0


def ours(args: argparse.Namespace) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    lo_p, hi_p = map(int, args.players.split("-"))
    lo_r, hi_r = map(int, args.rounds.split("-"))
    tournaments = rounds = differ = failed = 0
    for i in range(args.n):
        seed = args.seed + i
        rng = random.Random(seed)
        players = rng.randint(lo_p, hi_p)
        nrounds = min(rng.randint(lo_r, hi_r), (players + 1) // 2)
        cfg = out / f"{seed}.cfg"
        lines = [f"PlayersNumber={players}", f"RoundsNumber={nrounds}", f"DrawPercentage={rng.randint(0, 60)}"]
        for key, lo, hi in (("ForfeitRate", 6, 40), ("RetiredRate", 10, 200), ("HalfPointByeRate", 10, 200)):
            if rng.random() > 0.2:
                lines.append(f"{key}={rng.randint(lo, hi)}")
        cfg.write_text("\n".join(lines) + "\n")
        trf = out / f"{seed}.trf"
        gen = subprocess.run(
            [args.swisschess, "engine", "--dutch", "--edition", "2012", "-g", str(cfg), "-o", str(trf), "-s", str(seed)],
            capture_output=True, text=True, timeout=args.timeout,
        )
        if gen.returncode != 0:
            failed += 1
            print(f"{seed}: generator rc {gen.returncode} {gen.stderr.strip()[:120]}")
            continue
        jtrf = out / f"{seed}.j.trf"
        jtrf.write_text(to_javafo14(trf.read_text()))
        chk = subprocess.run(["java", "-jar", args.jar, str(jtrf), "-c"], capture_output=True, text=True,
                             timeout=args.timeout)
        report = chk.stdout + chk.stderr
        (out / f"{seed}.javafo.txt").write_text(report)
        checked, bad = read_report(report)
        if checked == 0:
            failed += 1
            print(f"{seed}: JaVaFo checked no round: {report.strip()[:120]}")
            continue
        tournaments += 1
        rounds += checked
        differ += len(bad)
        if bad:
            print(f"{seed} ({players} players, {nrounds} rounds): rounds {bad} differ", flush=True)
    print(f"tournaments {tournaments} rounds {rounds} differing rounds {differ} failures {failed}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay")
    r.add_argument("folder", type=Path)
    o = sub.add_parser("ours")
    o.add_argument("--jar", required=True)
    o.add_argument("-n", type=int, default=20)
    o.add_argument("--players", default="6-40")
    o.add_argument("--rounds", default="3-13")
    o.add_argument("--seed", type=int, default=1)
    o.add_argument("--out", required=True)
    o.add_argument("--timeout", type=int, default=600)
    o.add_argument("--swisschess", default=str(Path(sys.executable).parent / "swisschess"))
    c = sub.add_parser("convert")
    c.add_argument("src", type=Path)
    c.add_argument("dst", type=Path)
    args = ap.parse_args(argv)
    if args.cmd == "replay":
        return replay(args.folder)
    if args.cmd == "convert":
        raw = args.src.read_bytes()
        if args.src.suffix == ".gz":  # as benchmarks/endorsement.py keeps them
            raw = gzip.decompress(raw)
        args.dst.write_text(from_javafo14(raw.decode("latin-1")))
        return 0
    return ours(args)


if __name__ == "__main__":
    sys.exit(main())
