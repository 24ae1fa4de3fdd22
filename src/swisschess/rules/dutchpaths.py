"""``python -m swisschess.rules.dutchpaths FILE``: which path paired each bracket.

Pairs the next round of a tournament file by the Dutch 2026 rules with the
path trace on (:mod:`swisschess.rules.dutchtrace`) and prints, per bracket,
its score, size, MDPs, seconds, the path (classes, reduced graph, full
graph) and why each cheaper certificate failed.  Nothing is written; the
pairing is the one ``swisschess engine --dutch FILE -p`` gives.  A developer
diagnostic for slow cases (English only).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from swisschess.pairing.result import PairingError
from swisschess.rules.dutchtrace import recording, report


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m swisschess.rules.dutchpaths FILE``: pair the next round of
    FILE by the 2026 rules and print each bracket's path."""
    ap = argparse.ArgumentParser(prog="python -m swisschess.rules.dutchpaths",
                                 description=main.__doc__)
    ap.add_argument("input", help="tournament file (TRF)")
    ap.add_argument("--live", action="store_true",
                    help="also print each bracket to stderr as soon as it is paired")
    a = ap.parse_args(argv)
    from swisschess.formats.trf import read_trf
    from swisschess.rules.baku import accelerate
    from swisschess.rules.dutch import pair_dutch

    try:
        res = read_trf(a.input)
    except OSError as e:
        print(f"{a.input}: cannot read: {e.strerror or e}", file=sys.stderr)
        return 5
    if res.errors:
        for d in res.errors:
            print(str(d), file=sys.stderr)
        return 3
    t = res.tournament
    if "baku" in str(t.system or "").lower():
        accelerate(t)  # C.04.7: the virtual points, unless the file gives them
    with recording(sys.stderr if a.live else None) as tr:
        try:
            pair_dutch(t)
        except PairingError as e:
            sys.stdout.write(report(tr))
            print(f"{a.input}: no valid pairing: {e}", file=sys.stderr)
            return 1
    sys.stdout.write(report(tr))
    return 0


if __name__ == "__main__":
    sys.exit(main())
