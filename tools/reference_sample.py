#!/usr/bin/env python3
"""Choose the reference tournaments shipped in ``tests/data/reference/``.

The full reference sets (``../shared/reference/dutch-2026``, ``dutch-2017``,
``dutch-2012``: random tournaments whose every round was paired by an endorsed
engine) stay outside the repository.  The tests carry a small sample of them,
chosen by this tool so that every situation the rules treat specially occurs
in several files, and the files stay cheap to replay:

    .venv/bin/python tools/reference_sample.py [--shared ../shared] [--write]

Without ``--write`` it prints the choice; with it, it copies the files into
``tests/data/reference/dutch-EDITION/`` (byte for byte) and writes
``SAMPLE.tsv`` there (file, players, rounds, features, why it was chosen).

Features read from each file (the round entries of the ``001`` lines):

==================  ==========================================================
``pab``             a pairing-allocated bye (``0000 - U``)
``pab-last``        a pairing-allocated bye in the last round
``odd``             an odd number of players to pair in some round
``forfeit``         a forfeited game (``+`` / ``-``)
``double-forfeit``  both players lost by forfeit (``-`` against ``-``)
``H``               an announced half-point bye (``0000 - H``)
``Z``               an announced zero-point bye / absence (``0000 - Z``)
``late-entry``      a player absent in round 1 who plays later
``withdrawal``      a player absent in every round from some round on (>= 2)
``returns``         a player absent in a middle round who plays again
``last-round-exc``  the last round gives a topscorer a third colour in a row
                    or a colour difference beyond 2 (C.04.3 A.7 / [C3])
``ppb``             (2017 only) some round has a penultimate pairing bracket
                    (A.9): counted by running our 2017 engine with a probe
``tiny``            at most 10 players
``large``           at least 100 players
``long``            at least 11 rounds
``many-rounds``     rounds > players / 3 (late rounds where completion bites)
==================  ==========================================================

Selection (deterministic): the files the tests name explicitly first
(``REQUIRED``), then, feature by feature from the rarest, the file with the
best ratio of still-needed features to replay cost (players x rounds) until
the feature occurs in ``--cover`` files; then files spread over the player
counts (the cheapest file of each size band) up to ``--count``.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from swisschess.formats.trf import read_trf  # noqa: E402
from swisschess.model.history import colour_difference, played_colours  # noqa: E402
from swisschess.model.tournament import Colour, Tournament  # noqa: E402

#: edition -> (files to ship, cover each feature this often)
PLAN = {"2026": (100, 6), "2017": (65, 5), "2012": (20, 2)}

#: Files some test names (keep them in the sample).
REQUIRED = {
    # test_checking / test_explain: report layout, every round explained, A.4 limbo
    "2026": ["31", "104", "139", "206"],
    # test_dutch2017: the first files and tournaments with a PPB in some round
    "2017": ["1", "2", "3", "100", "102", "104", "113", "121", "123", "139", "160", "162",
             "164", "178", "198", "200"],
    "2012": [],
}

FEATURES = ["pab", "pab-last", "odd", "forfeit", "double-forfeit", "H", "Z", "late-entry",
            "withdrawal", "returns", "last-round-exc", "ppb", "tiny", "large", "long",
            "many-rounds"]


def features(t: Tournament) -> set[str]:
    """The features of one complete tournament (see the module docstring)."""
    out: set[str] = set()
    last = t.rounds_recorded()
    n = len(t.players)
    if n <= 10:
        out.add("tiny")
    if n >= 100:
        out.add("large")
    if last >= 11:
        out.add("long")
    if last > n / 3:
        out.add("many-rounds")
    for rnd in range(1, last + 1):
        paired = 0
        for p in t.players.values():
            e = p.entry(rnd)
            if e is None or e.blank:
                continue
            if e.is_pab:
                out.add("pab")
                if rnd == last:
                    out.add("pab-last")
            if e.opponent is not None or e.is_pab:
                paired += 1
            if e.opponent is not None and e.code == "+":
                out.add("forfeit")
            if e.opponent is not None and e.code == "-":
                out.add("forfeit")
                o = t.players[e.opponent].entry(rnd)
                if o is not None and o.code == "-":
                    out.add("double-forfeit")
            if e.opponent is None and e.code in ("H", "Z"):
                out.add(e.code)
        if paired % 2:
            out.add("odd")
    for p in t.players.values():
        present = [(e is not None and e.paired) for e in (p.entry(r) for r in range(1, last + 1))]
        if present and not present[0] and any(present):
            out.add("late-entry")
        if len(present) >= 3 and any(present):
            first_in = present.index(True)
            tail = len(present) - 1 - max(i for i, x in enumerate(present) if x)
            if tail >= 2:
                out.add("withdrawal")
            if any(not present[i] and any(present[i + 1:]) for i in range(first_in, len(present))):
                out.add("returns")
        e = p.entry(last)
        if e is not None and e.played and last >= 3:
            cols = played_colours(p, last)
            if abs(colour_difference(cols)) > 2 or (
                    len(cols) >= 3 and cols[-1] is cols[-2] is cols[-3] is not Colour.NONE):
                out.add("last-round-exc")
    return out


def ppb_rounds(t: Tournament) -> int:
    """Rounds of ``t`` whose 2017 pairing went through A.9's PPB (our engine, probed).

    The probe counts the completion test failing after a bracket was paired,
    the branch where the 2017 engine turns the bracket into the PPB.  Returns
    -1 when the engine's structure has changed and the probe cannot be set.
    """
    from swisschess.checking import position_before
    from swisschess.pairing.api import pair_round
    from swisschess.pairing.matching import NoPerfectMatching
    from swisschess.rules import dutch2017

    base = getattr(dutch2017, "MatchingGraph", None)
    if base is None:
        return -1
    hits = [0]

    class Probe(base):  # type: ignore[misc, valid-type]
        calls = 0

        def solve(self, *a, **k):  # noqa: ANN002, ANN003
            self.calls += 1
            try:
                return super().solve(*a, **k)
            except NoPerfectMatching:
                if self.calls > 1:
                    hits[0] += 1
                raise

    count = 0
    dutch2017.MatchingGraph = Probe
    try:
        for rnd in range(1, t.rounds_recorded() + 1):
            hits[0] = 0
            try:
                pair_round(position_before(t, rnd), "dutch", "2017")
            except Exception:  # noqa: BLE001 - a probe, not a test
                continue
            count += hits[0] > 0
    finally:
        dutch2017.MatchingGraph = base
    return count


def survey(folder: Path, edition: str) -> dict[str, dict]:
    info: dict[str, dict] = {}
    for f in sorted(folder.glob("*.trf"), key=lambda p: (len(p.stem), p.stem)):
        t = read_trf(str(f)).tournament
        feats = features(t)
        if edition == "2017" and ppb_rounds(t) > 0:
            feats.add("ppb")
        info[f.stem] = {"players": len(t.players), "rounds": t.rounds_recorded(),
                        "features": feats, "bytes": f.stat().st_size}
    return info


def choose(info: dict[str, dict], edition: str, count: int, cover: int) -> dict[str, str]:
    """file stem -> why it was chosen."""
    cost = {k: v["players"] * v["rounds"] for k, v in info.items()}
    chosen: dict[str, str] = {}
    for k in REQUIRED[edition]:
        if k in info:
            chosen[k] = "named by a test"

    def have(feat: str) -> int:
        return sum(feat in info[k]["features"] for k in chosen)

    present = [f for f in FEATURES if any(f in v["features"] for v in info.values())]
    for feat in sorted(present, key=lambda f: (sum(f in v["features"] for v in info.values()),
                                                FEATURES.index(f))):
        while have(feat) < cover:
            needed = {f for f in present if have(f) < cover}
            cands = [k for k in info if k not in chosen and feat in info[k]["features"]]
            if not cands:
                break
            best = max(cands, key=lambda k: (len(info[k]["features"] & needed) / cost[k],
                                              -cost[k], k))
            chosen[best] = f"covers {feat}"
    # spread over the sizes: the cheapest unchosen file of each player-count band
    bands = sorted({v["players"] // 10 for v in info.values()})
    while len(chosen) < count:
        added = False
        for b in bands:
            if len(chosen) >= count:
                break
            cands = [k for k in info if k not in chosen and info[k]["players"] // 10 == b]
            if cands:
                k = min(cands, key=lambda k: (cost[k], k))
                chosen[k] = f"size band {10 * b}-{10 * b + 9} players"
                added = True
        if not added:
            break
    return chosen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    ap.add_argument("--edition", action="append", choices=sorted(PLAN))
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    for edition in a.edition or sorted(PLAN, reverse=True):
        src = Path(a.shared) / "reference" / f"dutch-{edition}"
        if not src.is_dir():
            print(f"{src}: not found", file=sys.stderr)
            return 5
        count, cover = PLAN[edition]
        info = survey(src, edition)
        chosen = choose(info, edition, count, cover)
        order = sorted(chosen, key=lambda k: (len(k), k))
        size = sum(info[k]["bytes"] for k in order)
        rounds = sum(info[k]["rounds"] for k in order)
        print(f"dutch-{edition}: {len(order)} of {len(info)} files, {rounds} rounds, "
              f"{size / 1e6:.2f} MB")
        for feat in FEATURES:
            n_all = sum(feat in v["features"] for v in info.values())
            n = sum(feat in info[k]["features"] for k in order)
            if n_all:
                print(f"  {feat:15} {n:3} of {n_all}")
        if not a.write:
            continue
        dst = ROOT / "tests" / "data" / "reference" / f"dutch-{edition}"
        if dst.is_dir():
            for old in dst.glob("*.trf"):
                old.unlink()
        dst.mkdir(parents=True, exist_ok=True)
        lines = ["file\tplayers\trounds\tfeatures\twhy"]
        for k in order:
            shutil.copyfile(src / f"{k}.trf", dst / f"{k}.trf")
            v = info[k]
            feats = ",".join(f for f in FEATURES if f in v["features"])
            lines.append(f"{k}.trf\t{v['players']}\t{v['rounds']}\t{feats}\t{chosen[k]}")
        (dst / "SAMPLE.tsv").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
