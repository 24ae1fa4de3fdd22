#!/usr/bin/env python3
"""Dubov / Burstein: absolute criteria on random tournaments, and agreement with peer engines.

    .venv/bin/python tools/compare_peers.py --system dubov [--count 300] [--first-seed 1]
        [--players 8-50] [--py4swiss PYTHON] [--cppdubov BINARY] [--save DIR] [--jobs N]

For each seed our generator (``swisschess.checking.generate``) plays a random
tournament paired by our engine for the system.  Every round is then

* checked against the absolute criteria
  (:func:`swisschess.rules.dubov.absolute_violations`; must be 0), and
* given, as known before it was paired (:func:`position_before`, written as
  TRF16 with XXR / XXC / XXZ), to each peer; the peer's pairing is compared
  with ours round by round: the same pairs (and PAB), and the same colours.

Peers (never needed by the tests; paths from the options or the environment):

* ``--py4swiss`` / ``$PY4SWISS_PYTHON``: a Python interpreter with py4swiss
  installed (0.3.1 has Dubov and Burstein); one worker process per run;
* ``--cppdubov`` / ``$CPPDUBOV_BIN``: the CPPDubovSystem binary (Dubov only),
  run as ``--pairings FILE --output CSV`` per round.

A peer round that differs is written to ``--save DIR`` (the TRF given to the
peer plus a ``.txt`` with both pairings) for examination; the summary counts
rounds and tournaments.  ``--jobs`` runs several tournaments at once (keep it
at 1 or 2 on a shared machine).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from swisschess.checking import generate, position_before, tournament_boards  # noqa: E402
from swisschess.formats.writer import write_trf  # noqa: E402
from swisschess.pairing.result import Pairing  # noqa: E402
from swisschess.rules.dubov import absolute_violations  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peerfiles import cppdubov_trf  # noqa: E402  (a module beside this one)

#: The worker run by the py4swiss interpreter: one TRF path per input line,
#: one JSON line out: {"pairs": [[w, b], ...]} (b = 0 for the PAB) or {"error": ...}.
PY4SWISS_WORKER = r"""
import json, sys
from pathlib import Path
from py4swiss.engines import BursteinEngine, DubovEngine
from py4swiss.trf import TrfParser
engine = {"dubov": DubovEngine, "burstein": BursteinEngine}[sys.argv[1]]
for line in sys.stdin:
    path = line.strip()
    try:
        trf = TrfParser.parse(Path(path), strict=False)
        pairs = [[p.white, p.black] for p in engine.generate_pairings(trf)]
        out = {"pairs": pairs}
    except Exception as e:
        out = {"error": type(e).__name__ + ": " + str(e)[:200]}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
"""


class Py4Swiss:
    def __init__(self, python: str, system: str) -> None:
        self.proc = subprocess.Popen([python, "-c", PY4SWISS_WORKER, system],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def pair(self, path: str) -> tuple[list[tuple[int, int]], str | None]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(path + "\n")
        self.proc.stdin.flush()
        out = json.loads(self.proc.stdout.readline())
        if "error" in out:
            return [], out["error"]
        return [(int(w), int(b)) for w, b in out["pairs"]], None

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def cppdubov_pair(binary: str, path: str) -> tuple[list[tuple[int, int]], str | None]:
    out = path + ".csv"
    try:
        r = subprocess.run([binary, "--pairings", path, "--output", out],
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return [], "timeout"
    if r.returncode != 0 or not os.path.exists(out):
        return [], (r.stderr or r.stdout).strip()[-200:] or f"exit {r.returncode}"
    pairs = []
    with open(out, newline="") as f:
        for row in csv.reader(f):
            if len(row) < 2 or not row[0].strip().lstrip("-").isdigit():
                continue
            w, b = int(row[0]), int(row[1])
            pairs.append((w, 0 if b < 0 else b))
    os.remove(out)
    return pairs, None


def normalise(pairs: list[tuple[int, int]]) -> tuple[frozenset, frozenset]:
    """(unordered pairs with the PAB as (id, 0), coloured boards)."""
    unordered = frozenset(frozenset((w, b)) if b else frozenset((w, 0)) for w, b in pairs)
    coloured = frozenset((w, b) for w, b in pairs)
    return unordered, coloured


# ------------------------------------------------------------ classification
def _facts(before, system: str):
    """Contenders by id with the facts the criteria read (ARO, upfloats, Index)."""
    from swisschess.rules.burstein import Burstein
    from swisschess.rules.dubov import Dubov

    rnd = before.rounds_recorded() + 1
    eng = Dubov(before, rnd) if system == "dubov" else Burstein(before, rnd)
    return {c.id: c for c in eng.players}, eng


def _dubov_vector(pairs, facts, last: bool) -> list[tuple]:
    """Per scoregroup from the top: [C5] upfloaters, [C6] differences (descending),
    [C7] players without their colour, [C8]-[C10] (not in the last round)."""
    by_score: dict = {}
    for a, b in pairs:
        x, y = facts[a], facts[b]
        hi, lo = (x, y) if x.score >= y.score else (y, x)
        by_score.setdefault(hi.score, []).append((hi, lo))
    out = []
    for s in sorted(by_score, reverse=True):
        ps = by_score[s]
        ups = [lo for hi, lo in ps if lo.score < hi.score]
        c5 = len(ups)
        c6 = tuple(sorted((s - u.score for u in ups), reverse=True))
        c7 = sum(1 for hi, lo in ps if hi.pref.colour is lo.pref.colour)
        c8 = 0 if last else sum(u.max_upfloater for u in ups)
        c9 = 0 if last else sum(u.upfloats for u in ups if u.max_upfloater)
        c10 = 0 if last else sum(u.upfloated_last for u in ups)
        out.append((s, c5, c6, c7, c8, c9, c10, sorted(tuple(sorted((h.id, lo.id))) for h, lo in ps)))
    return out


def classify(before, system: str, ours: list, theirs: list) -> str:
    """The first rule that tells the two pairings apart (see the docs' table)."""
    facts, eng = _facts(before, system)
    tids = {q for p in theirs for q in p if q}
    if tids - set(facts):
        return "peer pairs a player who is not to be paired (absent / withdrawn / bye requested)"
    if set(facts) - tids:
        return "peer leaves out a player who is to be paired"
    obye = next((w for w, b in ours if b == 0), None)
    tbye = next((w for w, b in theirs if b == 0), None)
    if obye != tbye:
        if tbye is None or tbye not in facts:
            return "PAB: peer gives none / to an unknown player"
        o, t_ = facts.get(obye), facts[tbye]
        if not t_.pab_ok:
            return "PAB: peer's receiver not eligible ([C2])"
        if o is None:
            return "PAB: we give none"
        if o.score != t_.score:
            return "PAB 3.1.3: lowest score (" + ("peer higher" if t_.score > o.score else "ours higher") + ")"
        if o.games != t_.games:
            return "PAB 3.1.4: most games (" + ("peer fewer" if t_.games < o.games else "ours fewer") + ")"
        return "PAB 3.1.5: TPN / ranking (or [C4] completion)"
    op = sorted(frozenset(p) for p in ours if p[1])
    tp = sorted(frozenset(p) for p in theirs if p[1])
    if op == tp:
        return "colours (5.2)"
    opairs = [tuple(p) for p in ours if p[1]]
    tpairs = [tuple(p) for p in theirs if p[1]]
    for a, b in tpairs:
        if a in facts and b in facts:
            x, y = facts[a], facts[b]
            if b in x.forbidden:
                return "peer breaks [C1] (rematch)"
            if x.absolute and y.absolute and x.pref.colour is y.pref.colour:
                return "peer breaks [C3] (absolute colours)"
    if system == "dubov":
        last = eng.last
        names = ("C5 upfloaters", "C6 score differences", "C7 colour preferences",
                 "C8 maximum upfloaters", "C9 upfloats of maximum upfloaters",
                 "C10 upfloated last round")
        ov = _dubov_vector(opairs, facts, last)
        tv = _dubov_vector(tpairs, facts, last)
        for x, y in zip(ov, tv, strict=False):
            if x[0] != y[0]:
                return "bracket structure (scoregroup paired differently)"
            for k in range(1, 7):
                if x[k] != y[k]:
                    better = "ours" if _better(k, x[k], y[k]) else "peer"
                    return f"[{names[k - 1].split()[0]}] {names[k - 1][3:].strip()} (better: {better})"
            if x[7] != y[7]:
                return "same criteria values: order of Art. 4 (upfloater set 4.2, shifters 4.3, transposition 4.4)"
        return "same criteria values: order of Art. 4 (upfloater set 4.2, shifters 4.3, transposition 4.4)"
    return _burstein_class(opairs, tpairs, facts)


def _better(k: int, ours, theirs) -> bool:
    """Is our value of criterion field ``k`` better (all are minimised)?"""
    return ours < theirs


def _burstein_class(opairs, tpairs, facts) -> str:
    def vector(pairs):
        mate = {}
        for a, b in pairs:
            mate[a], mate[b] = b, a
        ids = sorted(facts, key=lambda i: -facts[i].score)
        scores = sorted({facts[i].score for i in ids}, reverse=True)
        out, floaters = [], []
        for s in scores:
            bracket = floaters + [i for i in ids if facts[i].score == s]
            bs = set(bracket)
            paired = [i for i in bracket if mate.get(i) in bs]
            fl = [i for i in bracket if i not in set(paired) and i in mate]
            c6 = tuple(sorted((facts[i].score for i in fl), reverse=True))
            c8 = sum(1 for i in paired if i < mate[i] and facts[i].pref.colour is facts[mate[i]].pref.colour
                     and facts[i].pref.colour.value != "-")
            out.append((s, -len(paired), c6, c8, tuple(sorted(fl))))
            floaters = fl
        return out
    ov, tv = vector(opairs), vector(tpairs)
    names = ("C5 pairs", "C6 floaters' scores", "C8 colour preferences")
    for x, y in zip(ov, tv, strict=False):
        for k in range(1, 4):
            if x[k] != y[k]:
                better = "ours" if x[k] < y[k] else "peer"
                return f"[{names[k - 1].split()[0]}] {names[k - 1][3:]} (better: {better})"
        if x[4] != y[4]:
            return "[C7]/order: other outgoing floaters, same C5/C6/C8"
    return "same criteria values: order of Art. 4 (BSN order / Index ranking)"


def run_one(seed: int, args: argparse.Namespace, tmp: str) -> dict:
    rng = random.Random(seed)
    lo, hi = args.players
    settings = {"PlayersNumber": rng.randint(lo, hi)}
    t = generate(settings, seed, system=args.system, edition="2026")
    peers: dict[str, object] = {}
    if args.py4swiss:
        peers["py4swiss"] = Py4Swiss(args.py4swiss, args.system)
    if args.cppdubov and args.system == "dubov":
        peers["cppdubov"] = args.cppdubov
    res = {"seed": seed, "players": len(t.players), "rounds": t.rounds_recorded(),
           "violations": [], "peers": {k: {"rounds": 0, "pairs": 0, "colours": 0, "errors": 0,
                                          "diff_rounds": []} for k in peers}}
    try:
        for rnd in range(1, t.rounds_recorded() + 1):
            before = position_before(t, rnd)
            recorded, _ = tournament_boards(t, rnd)
            ours = Pairing(round=rnd, boards=[b for b in recorded if b[1] != 0],
                           bye=next((b[0] for b in recorded if b[1] == 0), None))
            v = absolute_violations(before, ours)
            if v:
                res["violations"].append((rnd, v[:3]))
            if not peers:
                continue
            path = os.path.join(tmp, f"{args.system}-{seed}-r{rnd}.trf")
            with open(path, "w") as f:
                f.write(write_trf(before, "16", points="computed"))
            mine_u, mine_c = normalise(recorded)
            for name, peer in peers.items():
                if name == "py4swiss":
                    theirs, err = peer.pair(path)  # type: ignore[union-attr]
                else:
                    cpath = path + ".cpp.trf"
                    with open(cpath, "w") as f:
                        f.write(cppdubov_trf(before, rnd))
                    theirs, err = cppdubov_pair(peer, cpath)  # type: ignore[arg-type]
                    os.remove(cpath)
                st = res["peers"][name]
                st["rounds"] += 1
                if err:
                    st["errors"] += 1
                    st["diff_rounds"].append((rnd, "error: " + err))
                    continue
                th_u, th_c = normalise(theirs)
                same_pairs = th_u == mine_u
                st["pairs"] += same_pairs
                st["colours"] += same_pairs and th_c == mine_c
                if th_c != mine_c:
                    cause = classify(before, args.system, recorded, theirs)
                    st["diff_rounds"].append((rnd, cause))
                    st.setdefault("causes", {})
                    st["causes"][cause] = st["causes"].get(cause, 0) + 1
                    if args.save:
                        os.makedirs(args.save, exist_ok=True)
                        stem = os.path.join(args.save, f"{args.system}-{seed}-r{rnd}-{name}")
                        with open(stem + ".trf", "w") as f:
                            f.write(cppdubov_trf(before, rnd) if name == "cppdubov"
                                    else write_trf(before, "16", points="computed"))
                        with open(stem + ".txt", "w") as f:
                            f.write(f"cause: {cause}\n")
                            f.write(f"ours:   {sorted(recorded)}\n{name}: {sorted(theirs)}\n")
                            f.write(f"only ours:   {sorted(mine_c - th_c)}\n")
                            f.write(f"only {name}: {sorted(th_c - mine_c)}\n")
            os.remove(path)
    finally:
        for peer in peers.values():
            if isinstance(peer, Py4Swiss):
                peer.close()
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--system", choices=("dubov", "burstein"), required=True)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--players", default="8-50", help="range of PlayersNumber (default 8-50)")
    ap.add_argument("--py4swiss", default=os.environ.get("PY4SWISS_PYTHON"),
                    help="Python with py4swiss installed ($PY4SWISS_PYTHON)")
    ap.add_argument("--cppdubov", default=os.environ.get("CPPDUBOV_BIN"),
                    help="CPPDubovSystem binary ($CPPDUBOV_BIN)")
    ap.add_argument("--no-peers", action="store_true", help="absolute criteria only")
    ap.add_argument("--save", help="directory for the rounds a peer pairs differently")
    ap.add_argument("--json", help="write every tournament's result here (JSON lines)")
    args = ap.parse_args(argv)
    lo, _, hi = args.players.partition("-")
    args.players = (int(lo), int(hi or lo))
    if args.no_peers:
        args.py4swiss = args.cppdubov = None
    t0 = time.time()
    totals: dict[str, dict[str, int]] = {}
    bad_rounds = rounds = tourn_ok = 0
    jl = open(args.json, "w") if args.json else None
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.first_seed, args.first_seed + args.count):
            r = run_one(seed, args, tmp)
            rounds += r["rounds"]
            bad_rounds += len(r["violations"])
            for rnd, v in r["violations"]:
                print(f"seed {seed} round {rnd}: {v}")
            line = [f"seed {seed}: {r['players']} players, {r['rounds']} rounds"]
            for name, st in r["peers"].items():
                tot = totals.setdefault(name, {"rounds": 0, "pairs": 0, "colours": 0,
                                               "errors": 0, "tournaments": 0, "tourn_same": 0})
                for k in ("rounds", "pairs", "colours", "errors"):
                    tot[k] += st[k]
                for cause, k in st.get("causes", {}).items():
                    causes = tot.setdefault("causes", {})  # type: ignore[assignment]
                    causes[cause] = causes.get(cause, 0) + k  # type: ignore[index,union-attr]
                tot["tournaments"] += 1
                tot["tourn_same"] += st["colours"] == st["rounds"]
                line.append(f"{name} {st['colours']}/{st['rounds']}"
                            + (f" (differ: {st['diff_rounds'][:4]})" if st["diff_rounds"] else ""))
            tourn_ok += not r["violations"]
            print("; ".join(line), flush=True)
            if jl:
                jl.write(json.dumps(r) + "\n")
    if jl:
        jl.close()
    print(f"\n{args.system}: {args.count} tournaments, {rounds} rounds, "
          f"{bad_rounds} rounds breaking an absolute criterion "
          f"({tourn_ok} tournaments clean), {time.time() - t0:.0f} s")
    for name, tot in totals.items():
        n = tot["rounds"] or 1
        print(f"  {name}: same pairs {tot['pairs']}/{tot['rounds']} ({100 * tot['pairs'] / n:.1f} %), "
              f"same pairs and colours {tot['colours']}/{tot['rounds']} "
              f"({100 * tot['colours'] / n:.1f} %), peer errors {tot['errors']}; "
              f"tournaments identical in every round {tot['tourn_same']}/{tot['tournaments']}")
        for cause, k in sorted(tot.get("causes", {}).items(), key=lambda x: -x[1]):  # type: ignore[union-attr]
            print(f"      {k:5d}  {cause}")
    return 1 if bad_rounds else 0


if __name__ == "__main__":
    sys.exit(main())
