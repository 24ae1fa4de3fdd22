"""Team events paired by gacrux, re-paired by swisschess (``engine --team -c``).

Usage (gacrux installed in its own venv, outside the repo):

    .venv/bin/python tools/repair_gacrux_teams.py --gacrux /work/peers/gacrux-venv/bin/python \
        --tournaments 500 --seed 1 [--model typea|typeb|nocolour] [--absence 0.04] [--forfeit 0.03] [--baku]

gacrux 1.11.65's tournament generator has no team mode, so gacrux-paired team
events are built here: random rules and teams, and before each round the
history is written as a TRF-2026 team file and gacrux's ``pairingchecker -p -n
ROUND`` (its C.04.6 engine) pairs the round; random board results are played on
*gacrux's* pairing (swisschess's pairing is never consulted).  A round gacrux
cannot pair ends the event there.  Each finished event is then written and
given to ``swisschess engine --team FILE -c``, which re-pairs every round from
the rounds before it and must find every one identical.  One gacrux process
serves the whole run (a line protocol on its standard input).

Nothing of gacrux is imported into swisschess; it is only run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from compare_teams import parse_gacrux  # a script beside this one

from swisschess.cli.main import main as swisschess
from swisschess.teams.generate import members, next_absences, play_round, random_rules
from swisschess.teams.model import ColourModel, Score, Team, TeamTournament
from swisschess.teams.pairing import Match, TeamRoundPairing
from swisschess.teams.trf import write_team_trf

SERVER = r"""
import contextlib, io, json, sys
from gacrux.pairingchecker import pairingchecker
for line in sys.stdin:
    f, rnd = json.loads(line)
    sys.argv = ["pairingchecker", "-i", f, "-p", "-n", str(rnd), "-dT"]
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            pairingchecker().common_main()
        text = buf.getvalue()
    except BaseException as e:  # noqa: BLE001 - report, keep going
        text = "ERROR " + type(e).__name__ + ": " + str(e)[:300]
    sys.stdout.write(json.dumps(text) + "\n")
    sys.stdout.flush()
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gacrux", required=True, help="python of a venv where gacrux is installed")
    ap.add_argument("--tournaments", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--model", choices=[m.value for m in ColourModel])
    ap.add_argument("--absence", type=float, default=0.0)
    ap.add_argument("--forfeit", type=float, default=0.0)
    ap.add_argument("--max-teams", type=int, default=16)
    ap.add_argument("--baku", action="store_true")
    ap.add_argument("--show", type=int, default=5)
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="teams-gacrux-"))
    server = subprocess.Popen([args.gacrux, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, cwd=work)
    assert server.stdin is not None and server.stdout is not None

    def gacrux_pairs(path: Path, rnd: int) -> tuple[list[tuple[int, int]], int | None] | None:
        server.stdin.write(json.dumps([str(path), rnd]) + "\n")  # type: ignore[union-attr]
        server.stdin.flush()  # type: ignore[union-attr]
        return parse_gacrux(json.loads(server.stdout.readline()))  # type: ignore[union-attr]

    events, rounds_total, rounds_same, shown, stopped = 0, 0, 0, 0, 0
    try:
        for k in range(args.tournaments):
            seed = args.seed * 100000 + k
            rng = random.Random(seed)
            rules = random_rules(rng, colour_model=ColourModel(args.model) if args.model else None)
            if args.baku:
                rules = replace(rules, baku=True, primary=Score.MATCH_POINTS)
            n = rng.randint(4, args.max_teams)
            t = TeamTournament(rules, [Team(i, f"Team {i}", members=members(i, rules.boards))
                                       for i in range(1, n + 1)])
            for rnd in range(1, rules.rounds + 1):
                absent = next_absences(t, rng, args.absence)
                path = work / f"e{seed}-r{rnd}.trf"
                path.write_text(write_team_trf(t, absent), encoding="utf-8")
                got = gacrux_pairs(path, rnd)
                if got is None:
                    stopped += 1
                    break
                matches, pab = got
                pairing = TeamRoundPairing(rnd, tuple(Match(w, b, "gacrux") for w, b in matches), pab, ())
                play_round(t, pairing, rng, absent, args.forfeit)
            if not t.rounds_played:
                continue
            full = work / f"e{seed}.trf"
            full.write_text(write_team_trf(t), encoding="utf-8")
            report = io.StringIO()
            with contextlib.redirect_stdout(report), contextlib.redirect_stderr(io.StringIO()):
                swisschess(["engine", "--team", str(full), "-c"])
            text = report.getvalue()
            events += 1
            rounds_total += t.rounds_played
            rounds_same += text.count(": ok")
            if ": differs" in text and shown < args.show:
                shown += 1
                print(f"--- {full}\n{text}")
    finally:
        server.stdin.close()
        server.wait()
    print(f"{events} gacrux-paired team events, {rounds_total} rounds (files in {work}); "
          f"{stopped} events ended early (gacrux found no legal pairing)")
    print(f"swisschess engine --team -c: {rounds_same} of {rounds_total} rounds re-paired identically")
    return 0 if rounds_same == rounds_total else 1


if __name__ == "__main__":
    sys.exit(main())
