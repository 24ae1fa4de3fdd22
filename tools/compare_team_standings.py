"""Compare our team tie-breaks (swisschess.teams.standings) with gacrux's.

Usage (gacrux installed in its own venv, outside the repo):

    .venv/bin/python tools/compare_team_standings.py --gacrux /work/peers/gacrux-venv/bin/python \
        --tournaments 200 --seed 1 [--absence 0.05] [--forfeit 0.03] [FILE.trf ...]

Random team tournaments are generated and paired by swisschess (or the given
TRF-2026 team files are read); each is written as a TRF-2026 team file and
gacrux's ``tiebreakchecker`` computes the same tie-break codes; every value of
every team is compared (to two decimals), code by code.  The group-based codes
(DE, EDE...) are left out: gacrux prints them as places, not values.  All the
gacrux calls run in one gacrux process.

Nothing of gacrux is imported into swisschess; it is only run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from fractions import Fraction
from pathlib import Path

from swisschess.formats.trf import decode
from swisschess.teams.generate import generate
from swisschess.teams.pairing import NoTeamPairing
from swisschess.teams.standings import team_standings
from swisschess.teams.trf import read_team_trf, write_team_trf

CODES = ["MPTS", "GPTS", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMGSB/C1", "EGGSB/C1",
         "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1", "PS:MP", "PS:GP",
         "SB:MP", "SB:GP", "WIN", "WON", "BPG", "BWG", "REP", "STD", "SSSC", "BC",
         "BH:MP/P", "BH:MP/C1/P", "EMGSB/C1/P", "EGGSB/C1/P"]

DRIVER = r"""
import contextlib, io, json, sys
from gacrux.tiebreakchecker import tiebreakchecker
src, dst = sys.argv[1], sys.argv[2]
job = json.load(open(src))
out = {}
for f in job["files"]:
    sys.argv = ["tiebreakchecker", "-i", f, "-f", "TRF", "-s", "-d", "\t", "-t", *job["codes"]]
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            tiebreakchecker().common_main()
        out[f] = buf.getvalue()
    except BaseException as e:  # noqa: BLE001 - report, keep going
        out[f] = "ERROR " + type(e).__name__ + ": " + str(e)[:300]
json.dump(out, open(dst, "w"))
"""


def parse(text: str) -> dict[int, dict[str, str]] | None:
    lines = [ln.split("\t") for ln in text.strip().splitlines() if "\t" in ln]
    if not lines or lines[0][0] != "StartNo":
        return None
    head = lines[0]
    return {int(r[0]): dict(zip(head, r, strict=False)) for r in lines[1:] if r[0].isdigit()}


def number(v: object) -> str:
    if isinstance(v, Fraction):
        return repr(float(v))  # gacrux prints two decimals, rounded half up: compare to 0.006
    return str(v)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gacrux", required=True, help="python of a venv where gacrux is installed")
    ap.add_argument("--tournaments", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--absence", type=float, default=0.0)
    ap.add_argument("--forfeit", type=float, default=0.0)
    ap.add_argument("--codes", default=",".join(CODES))
    ap.add_argument("--show", type=int, default=8)
    ap.add_argument("--rank", metavar="LIST",
                    help="compare the ranking by PTS then LIST (e.g. EDET/P,EMGSB/C1/P,BH:MP/C1/P) "
                         "instead of the values")
    ap.add_argument("files", nargs="*", help="TRF-2026 team files to compare instead")
    args = ap.parse_args()
    codes = args.codes.split(",")

    work = Path(tempfile.mkdtemp(prefix="teams-tb-"))
    events = {}
    if args.files:
        for f in args.files:
            t, _ = read_team_trf(decode(Path(f).read_bytes()), f)
            events[str(Path(f).resolve())] = t
    else:
        for k in range(args.tournaments):
            seed = args.seed * 100000 + k
            try:
                t = generate(seed, absence_rate=args.absence, forfeit_rate=args.forfeit)
            except NoTeamPairing:
                continue  # a small field with too many rounds (art. 3.3.3)
            name = str(work / f"t{seed}.trf")
            Path(name).write_text(write_team_trf(t), encoding="utf-8")
            events[name] = t
    job = work / "job.json"
    if args.rank:
        codes = ["PTS", *args.rank.split(",")]
    job.write_text(json.dumps({"files": sorted(events), "codes": codes}), encoding="utf-8")
    result = work / "gacrux.json"
    subprocess.run([args.gacrux, "-c", DRIVER, str(job), str(result)], check=True, cwd=work)
    theirs = json.loads(result.read_text(encoding="utf-8"))

    same: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    shown = 0
    for name, t in sorted(events.items()):
        g = parse(theirs.get(name, ""))
        if g is None:
            print("gacrux failed on", name, theirs.get(name, "")[:300])
            continue
        if args.rank:
            st = team_standings(t, codes[1:])
            for row in st.rows:
                other = g.get(row.tpn, {}).get("Rank", "?")
                agree = str(row.rank) == other
                (same if agree else differ)["rank"] += 1
                if not agree and shown < args.show:
                    shown += 1
                    print(f"--- rank: {name} team {row.tpn}: ours {row.rank}, gacrux {other}")
            continue
        st = team_standings(t, codes)
        for row in st.rows:
            for label, code, value in zip(st.labels, codes, row.values, strict=True):
                mine = number(value)
                other = g.get(row.tpn, {}).get(code, "?")
                try:
                    agree = abs(float(mine) - float(other)) < 0.006
                except ValueError:
                    agree = mine == other
                (same if agree else differ)[label] += 1
                if not agree and shown < args.show:
                    shown += 1
                    print(f"--- {label}: {name} team {row.tpn}: ours {mine}, gacrux {other}")
    print(f"{len(events)} tournaments (files in {work})")
    for label in sorted(set(same) | set(differ), key=lambda x: codes.index(x) if x in codes else 99):
        print(f"  {label:12s} same {same[label]:6d}  differ {differ[label]:6d}")
    return 0 if not differ else 1


if __name__ == "__main__":
    sys.exit(main())
