#!/usr/bin/env python3
"""Measure how often the 1992 Dutch text and the Lim system agree with a reference.

    .venv/bin/python tools/compare_editions.py [--system dutch1992|lim|both] [--limit N]
        [--files 1,2,3] [DIR]

DIR defaults to ``../shared/reference/dutch-2017``.  Every round of every file is
cut back to what was known before it (``cut_before``), paired by our engine and
compared with the reference: the same pairs (and bye), and the same pairs with
the same colours.  Also counts absolute-criteria violations (must be 0) and
classifies each differing round by the first cause found (see ``classify``).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from dataclasses import dataclass  # noqa: E402

from swisschess.formats.trf import read_trf  # noqa: E402
from swisschess.model.history import to_be_paired, unpaired_entries  # noqa: E402
from swisschess.model.rounds import cut_before  # noqa: E402
from swisschess.model.tournament import Colour  # noqa: E402
from swisschess.pairing.result import Pairing, PairingError  # noqa: E402
from swisschess.rules.dutch1992 import (  # noqa: E402
    Context,
    Dutch1992,
    SearchStats,
    Variant,
    absolute_violations,
    allocate_colours,
    board_order,
    pair_dutch_1992,
)
from swisschess.rules.dutch1992.kernel import FloatHolds  # noqa: E402
from swisschess.rules.dutch2012 import AMENDMENTS, EDITION_2012, pair_dutch_2012  # noqa: E402
from swisschess.rules.lim import pair_lim  # noqa: E402


def reference_round(t, rnd: int) -> tuple[set, set, int | None]:
    """(pairs as frozensets, (white, black) tuples, bye) of round ``rnd`` in ``t``."""
    pairs, coloured, bye = set(), set(), None
    for pid, p in t.players.items():
        e = p.entry(rnd)
        if e is None:
            continue
        if e.is_pab:
            bye = pid
        elif e.opponent is not None and e.colour is Colour.WHITE:
            pairs.add(frozenset((pid, e.opponent)))
            coloured.add((pid, e.opponent))
    return pairs, coloured, bye


def classify(c, ours: Pairing, ref_pairs: set, ref_bye) -> str:
    """First kind of difference found between our round and the reference round."""
    ctx = Context(c, ours.round, [q for wb in ours.boards for q in wb] + ([ours.bye] if ours.bye else []))
    if ours.bye != ref_bye:
        return "bye receiver"
    mine = {frozenset(wb) for wb in ours.boards}
    diff_mine = mine - ref_pairs
    diff_ref = ref_pairs - mine
    if not diff_mine:
        return "colours only"
    # score differences: floats
    def sd(prs):
        return sum(abs(ctx.f[a].score - ctx.f[b].score) for a, b in (tuple(x) for x in prs) if a in ctx.f and b in ctx.f)
    if sd(diff_mine) != sd(diff_ref):
        return "different floaters (score differences of the pairs)"
    def conflicts(prs):
        return sum(1 for a, b in (tuple(x) for x in prs) if a in ctx.f and b in ctx.f and ctx.conflict(a, b))
    if conflicts(diff_mine) != conflicts(diff_ref):
        return "different number of colour conflicts"
    return "other: same score differences and colour conflicts, another choice"


#: 2017 priority of the float criteria (C.12 > C.13 > C.14 > C.15), for the measurement only.
FLOAT_LEVELS_2017 = (
    FloatHolds(True, True, True, True),
    FloatHolds(True, True, False, True),
    FloatHolds(False, True, False, True),
    FloatHolds(False, True, False, False),
    FloatHolds(False, False, False, False),
)


@dataclass(frozen=True)
class Measure:
    """1992 rules replaced by their 2017 counterparts (measurement only, not in the product)."""

    floats_2017: bool = False  # 2017 A.4: every unplayed round is a downfloat
    topscorer_float_waiver: bool = True  # 1992 B5/B6 note: waived for > 50 % in the last round
    float_order_2017: bool = False  # 2017 C.12-C.15 order instead of C9/C10's drop order
    a3_homogeneous: bool = True  # 1992 A3: >= half movers -> treated as homogeneous
    strong_2017: bool = False  # 2017 C.11: fewest players denied a strong preference


class Dutch1992Measured(Dutch1992):
    """The 1992 engine with some rules replaced by their 2017 counterparts (:class:`Measure`)."""

    def __init__(self, ctx: Context, m: Measure):
        super().__init__(ctx, variant=Variant(topscorer_float_waiver=m.topscorer_float_waiver,
                                              a3_homogeneous=m.a3_homogeneous))
        self.strong_2017 = m.strong_2017
        if m.float_order_2017:
            self.levels = FLOAT_LEVELS_2017

    def strong_caps(self, x, stage, players, p):
        return range(0, x + 1) if self.strong_2017 else (None,)


def pair_measured(t, m: Measure) -> Pairing:
    """:func:`pair_dutch_1992` with the 2017 replacements of ``m``."""
    rnd = t.rounds_recorded() + 1
    ids = to_be_paired(t, rnd)
    ctx = Context(t, rnd, ids, "2017" if m.floats_2017 else "1992")
    pairs, bye = Dutch1992Measured(ctx, m).run(ids)
    boards = [allocate_colours(ctx, a, b) for a, b in pairs]
    return Pairing(rnd, board_order(ctx, boards), bye, unpaired_entries(t, rnd))


#: One 1992 rule replaced by its 2017 counterpart (see ``Measure``), tried in this order.
VARIANTS = [
    ("float definition (1992 A4/A5: only the bye floats; 2017 A.4: every unplayed round)",
     Measure(floats_2017=True)),
    ("B5/B6 waived for > 50 % in the last round (1992 note; 2017 keeps C.12-C.15)",
     Measure(topscorer_float_waiver=False)),
    ("float criteria priority (1992 C9/C10 drop order vs 2017 C.12-C.15)",
     Measure(float_order_2017=True)),
    ("B4 counts every preference alike (2017 C.11 also minimises denied strong preferences)",
     Measure(strong_2017=True)),
    ("A3: bracket with >= half movers treated as homogeneous",
     Measure(a3_homogeneous=False)),
]
ALL_2017 = Measure(floats_2017=True, topscorer_float_waiver=False, float_order_2017=True,
                   a3_homogeneous=False, strong_2017=True)


def attribute(c, ref_pairs: set, ref_bye) -> str | None:
    """The single 1992-vs-2017 rule whose 2017 version makes the round agree."""
    def same(v):
        p = pair_measured(c, v)
        return {frozenset(wb) for wb in p.boards} == ref_pairs and p.bye == ref_bye

    for label, v in VARIANTS:
        if same(v):
            return label
    if same(ALL_2017):
        return "several of the rules above together"
    return None


def trace_2012(c, ref_pairs: set, ref_bye) -> str | None:
    """The 2012 amendment that alone turns the 1992 round into the reference round.

    First all of them (the 2012 edition; None when it does not reproduce the
    round either), then each amendment of ``rules.dutch2012.AMENDMENTS`` applied
    to the 1992 text on its own.
    """
    def same(amendments):
        try:
            p = pair_dutch_2012(c, amendments=frozenset(amendments))
        except PairingError:
            return False
        return {frozenset(wb) for wb in p.boards} == ref_pairs and p.bye == ref_bye

    if not same(EDITION_2012):
        return None  # the 2012 edition differs too (docs: the remaining 2012 differences)
    for name, article in AMENDMENTS.items():
        if same({name}):
            return f"{name}: {article}"
    return "several 2012 amendments together"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default=str(Path(__file__).resolve().parents[1] / ".." / "shared" / "reference" / "dutch-2017"))
    ap.add_argument("--system", default="both", choices=("dutch1992", "lim", "both"))
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--files", default="")
    ap.add_argument("--attribute", action="store_true",
                    help="trace 1992 differences to rules by re-pairing with 2017 variants")
    ap.add_argument("--trace-2012", action="store_true",
                    help="trace 1992 differences from the 2012 reference to the 2012 amendments")
    args = ap.parse_args(argv)
    files = sorted(Path(args.dir).glob("*.trf"), key=lambda p: (len(p.stem), p.stem))
    if args.files:
        want = set(args.files.split(","))
        files = [f for f in files if f.stem in want]
    if args.limit:
        files = files[: args.limit]
    systems = ["dutch1992", "lim"] if args.system == "both" else [args.system]
    for system in systems:
        stats = collections.Counter()
        kinds = collections.Counter()
        by_round = collections.Counter()
        worst = 0.0
        t0 = time.time()
        search = SearchStats()
        for f in files:
            t = read_trf(str(f)).tournament
            R = t.rounds_recorded()
            t.rounds = R
            e1 = t.players[min(t.players)].entry(1)
            if e1 is not None and e1.colour in (Colour.WHITE, Colour.BLACK):
                t.initial_colour = e1.colour if min(t.players) % 2 == 1 else e1.colour.opposite
            for r in range(1, R + 1):
                c = cut_before(t, r)
                s = time.time()
                try:
                    ours = pair_dutch_1992(c, stats=search) if system == "dutch1992" else pair_lim(c, stats=search)
                except PairingError as e:
                    stats["rounds"] += 1
                    kinds[f"no pairing possible: {e}"] += 1
                    print(f"{system} {f.name} round {r}: {e}", file=sys.stderr)
                    continue
                worst = max(worst, time.time() - s)
                ref_pairs, ref_col, ref_bye = reference_round(t, r)
                stats["rounds"] += 1
                v = absolute_violations(c, ours, colour_waiver="all" if system == "lim" else "topscorers")
                if v:
                    stats["violations"] += 1
                    print(f"{system} {f.name} round {r}: {v}", file=sys.stderr)
                same = {frozenset(wb) for wb in ours.boards} == ref_pairs and ours.bye == ref_bye
                if same:
                    stats["same_pairs"] += 1
                    if set(ours.boards) == ref_col:
                        stats["same_colours"] += 1
                    else:
                        kinds["colours only"] += 1
                else:
                    label = attribute(c, ref_pairs, ref_bye) if system == "dutch1992" and args.attribute else None
                    if system == "dutch1992" and args.trace_2012:
                        label = trace_2012(c, ref_pairs, ref_bye)
                        if label is None:
                            label = "2012 edition differs too: " + classify(c, ours, ref_pairs, ref_bye)
                        print(f"{f.stem}:{r} {label}", file=sys.stderr)
                    kinds[label or classify(c, ours, ref_pairs, ref_bye)] += 1
                    by_round["first round" if r == 1 else ("last round" if r == R else "middle")] += 1
        n = stats["rounds"]
        print(f"{system}: files {len(files)} rounds {n}  same pairs {stats['same_pairs']} "
              f"({100 * stats['same_pairs'] / max(n, 1):.1f} %)  same pairs+colours {stats['same_colours']} "
              f"({100 * stats['same_colours'] / max(n, 1):.1f} %)  violations {stats['violations']}  "
              f"seconds {time.time() - t0:.1f} (slowest round {worst:.2f})  "
              f"search fallbacks {search.fallbacks}")
        for k, v in kinds.most_common():
            print(f"  {k}: {v}")
        for k, v in by_round.most_common():
            print(f"  differing pairs, {k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
