"""Compare our C.04.6 team pairing with gacrux's team engine on random events.

Usage (gacrux installed in its own venv, outside the repo):

    .venv/bin/python tools/compare_teams.py --gacrux /work/peers/gacrux-venv/bin/python \
        --tournaments 300 --seed 1 [--absence 0.05] [--forfeit 0.03] [--model typea|typeb|nocolour]

Random team tournaments are generated and paired round by round by
swisschess.teams; before each round the history is written as a TRF-2026 team
file and gacrux's pairingchecker (``-p``, its fideteam engine selected by the
record 192 code) pairs the same round.  The two pairings are compared as sets
of (white, black) matches plus the PAB.  All the gacrux calls of a run are made
in one gacrux process (a small driver passed with ``-c``), so a run of several
hundred tournaments takes minutes, not hours.  Each whole tournament is also
given to gacrux's checker (``pairingchecker -c``), which must find every round
paired as it would pair it.

Nothing of gacrux is imported into swisschess; it is only run.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

from swisschess.teams.generate import next_absences, play_round, random_rules
from swisschess.teams.model import ColourModel, Score, Team, TeamTournament
from swisschess.teams.pairing import NoTeamPairing, pair_round
from swisschess.teams.trf import write_team_trf

# Runs inside gacrux's venv: pair each file with pairingchecker -p and keep the text output.
DRIVER = r"""
import contextlib, io, json, sys
from gacrux.pairingchecker import pairingchecker
src, dst = sys.argv[1], sys.argv[2]
files = json.load(open(src))
out = {}
for f, rnd in files:
    if rnd:
        sys.argv = ["pairingchecker", "-i", f, "-p", "-n", str(rnd), "-dT"]
    else:  # the whole tournament through gacrux's checker
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


def parse_gacrux(text: str) -> tuple[list[tuple[int, int]], int | None] | None:
    """gacrux's answer for one round: the matches in its order (first team
    White on board 1) and the PAB, or None when it refused or failed.  Also
    used by ``repair_gacrux_teams.py``."""
    lines = [ln.split() for ln in text.strip().splitlines() if ln.strip()]
    if not lines or not lines[0][0].isdigit() or int(lines[0][0]) == 0:
        return None  # an error, or gacrux found no pairing
    matches: list[tuple[int, int]] = []
    pab = None
    for parts in lines[1:1 + int(lines[0][0])]:
        w, b = int(parts[0]), int(parts[1])
        if b == 0:
            pab = w
        else:
            matches.append((w, b))
    return matches, pab


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gacrux", required=True, help="python of a venv where gacrux is installed")
    ap.add_argument("--tournaments", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--model", choices=[m.value for m in ColourModel])
    ap.add_argument("--absence", type=float, default=0.0)
    ap.add_argument("--forfeit", type=float, default=0.0)
    ap.add_argument("--max-teams", type=int, default=14)
    ap.add_argument("--baku", action="store_true",
                    help="Baku acceleration on match points (C.04.7, 192 code _BAKU)")
    ap.add_argument("--show", type=int, default=5, help="disagreements to print")
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="teams-compare-"))
    ours: dict[str, tuple[set[tuple[int, int]], int | None] | str] = {}
    meta: dict[str, str] = {}
    rounds: dict[str, int] = {}
    checks: list[str] = []  # whole tournaments for gacrux's checker (-c)
    for k in range(args.tournaments):
        seed = args.seed * 100000 + k
        rng = random.Random(seed)
        model = ColourModel(args.model) if args.model else None
        rules = random_rules(rng, colour_model=model)
        if args.baku:
            rules = replace(rules, baku=True, primary=Score.MATCH_POINTS)
        n = rng.randint(4, args.max_teams)
        t = TeamTournament(rules, [Team(i, f"Team {i}") for i in range(1, n + 1)])
        for rnd in range(1, rules.rounds + 1):
            absent = next_absences(t, rng, args.absence)
            name = str(work / f"t{seed}-r{rnd}.trf")
            Path(name).write_text(write_team_trf(t, absent), encoding="utf-8")
            rounds[name] = rnd
            meta[name] = f"seed {seed} round {rnd} teams {n} {rules}"
            try:
                p = pair_round(t, absent)
            except NoTeamPairing as e:
                ours[name] = f"no pairing: {e}"
                break
            ours[name] = ({(m.white, m.black) for m in p.matches}, p.pab)
            play_round(t, p, rng, absent, args.forfeit)
        if t.rounds_played:
            full = str(work / f"t{seed}-full.trf")
            Path(full).write_text(write_team_trf(t), encoding="utf-8")
            checks.append(full)

    files = work / "files.json"
    files.write_text(json.dumps([[name, rounds[name]] for name in sorted(ours)]
                                + [[name, 0] for name in checks]), encoding="utf-8")
    result = work / "gacrux.json"
    subprocess.run([args.gacrux, "-c", DRIVER, str(files), str(result)], check=True,
                   cwd=work)
    theirs = json.loads(result.read_text(encoding="utf-8"))

    tally: Counter[str] = Counter()
    shown = 0
    for name in sorted(ours):
        mine = ours[name]
        got = parse_gacrux(theirs.get(name, ""))
        other = None if got is None else (set(got[0]), got[1])
        if isinstance(mine, str) or other is None:
            kind = "both refuse" if isinstance(mine, str) and other is None else "one refuses"
        elif mine == other:
            kind = "same pairing"
        elif mine[1] == other[1] and {frozenset(m) for m in mine[0]} == {frozenset(m) for m in other[0]}:
            kind = "same pairs, other colours"
        else:
            kind = "different pairs"
        tally[kind] += 1
        if kind not in ("same pairing", "both refuse") and shown < args.show:
            shown += 1
            print(f"--- {kind}: {name} ({meta[name]})")
            print("  ours  :", mine)
            print("  gacrux:", theirs.get(name, "").strip().replace("\n", " | ")[:400])
    total = sum(tally.values())
    print(f"{total} round pairings in {args.tournaments} tournaments (files in {work})")
    for kind, count in tally.most_common():
        print(f"  {kind:28s} {count:6d}  {100 * count / total:6.2f}%")
    passed = [name for name in checks if "Check: True" in theirs.get(name, "")]
    print(f"gacrux's checker (-c) on our {len(checks)} tournaments: {len(passed)} pass")
    for name in sorted(set(checks) - set(passed))[:args.show]:
        print("  fails:", name, theirs.get(name, "").strip()[-300:])
    ok = tally["same pairing"] + tally["both refuse"] == total and len(passed) == len(checks)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
