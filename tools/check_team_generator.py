"""Tournaments written by ``swisschess engine --team -g`` through gacrux's C.04.6 checker.

Usage (gacrux installed in its own venv, outside the repo):

    .venv/bin/python tools/check_team_generator.py --gacrux /work/peers/gacrux-venv/bin/python \
        --tournaments 500 --seed 1 [--model typea|typeb|nocolour] [--config EXTRA.txt]

For each seed the command line itself (``swisschess engine --team -g CONFIG -o
OUT -s SEED``, run in this process) writes a random team tournament; CONFIG
sets ``ColourModel`` (and the lines of ``--config``), every other key is drawn
by the seed.  A seed whose tournament reaches a round with no legal pairing
(exit 1, C.04.6 art. 3.3.3: small fields with many rounds) is counted and
replaced by the next one.  Every file is then given to gacrux's
``pairingchecker -c``, which re-pairs every round with its own engine and must
find it paired as it would pair it.

Nothing of gacrux is imported into swisschess; it is only run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from swisschess.cli.main import main as swisschess

DRIVER = r"""
import contextlib, io, json, sys
from gacrux.pairingchecker import pairingchecker
src, dst = sys.argv[1], sys.argv[2]
out = {}
for f in json.load(open(src)):
    sys.argv = ["pairingchecker", "-i", f, "-c", "-dT"]
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            pairingchecker().common_main()
        out[f] = buf.getvalue()
    except BaseException as e:  # noqa: BLE001 - report, keep going
        out[f] = "ERROR " + type(e).__name__ + ": " + str(e)[:300]
json.dump(out, open(dst, "w"))
"""

MODELS = {"typea": "TypeA", "typeb": "TypeB", "nocolour": "None"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gacrux", required=True, help="python of a venv where gacrux is installed")
    ap.add_argument("--tournaments", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--model", choices=sorted(MODELS), default="typea")
    ap.add_argument("--config", help="more Key=Value lines for every tournament")
    ap.add_argument("--show", type=int, default=5)
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="teams-gen-"))
    config = work / "config.txt"
    extra = Path(args.config).read_text(encoding="utf-8") if args.config else ""
    config.write_text(f"ColourModel={MODELS[args.model]}\n{extra}", encoding="utf-8")
    files: list[str] = []
    refused = 0
    seed = args.seed * 100000
    while len(files) < args.tournaments:
        seed += 1
        out = work / f"g{seed}.trf"
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = swisschess(["engine", "--team", "-g", str(config), "-o", str(out), "-s", str(seed)])
        if code == 1:
            refused += 1
            continue
        if code != 0:
            print(f"seed {seed}: exit {code}")
            return 1
        files.append(str(out))
    job = work / "files.json"
    job.write_text(json.dumps(files), encoding="utf-8")
    result = work / "gacrux.json"
    subprocess.run([args.gacrux, "-c", DRIVER, str(job), str(result)], check=True, cwd=work)
    theirs = json.loads(result.read_text(encoding="utf-8"))
    rounds = sum(int(next(ln for ln in Path(f).read_text(encoding="utf-8").splitlines()
                          if ln.startswith("142"))[4:]) for f in files)
    passed = [f for f in files if "Check: True" in theirs.get(f, "")]
    print(f"{args.model}: {len(files)} tournaments ({rounds} rounds) written by "
          f"'swisschess engine --team -g' (files in {work}); {refused} seeds refused (no legal pairing)")
    print(f"gacrux's checker (-c): {len(passed)} of {len(files)} tournaments pass in every round")
    for f in sorted(set(files) - set(passed))[:args.show]:
        print("  fails:", f, theirs.get(f, "").strip()[-300:])
    return 0 if len(passed) == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
