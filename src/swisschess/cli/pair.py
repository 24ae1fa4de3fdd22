"""``swisschess pair``: pair the next round of a tournament file, for people.

    swisschess pair IN.trf [-o OUT.trf] [--edition EDITION] [--dutch|--lim] [--baku]
    swisschess pair IN.trf --round-robin [--double]

Prints the board list (boards in the handling rules' order: higher score
first) and, with ``-o``, writes the tournament with the new round added
(results still open) as TRF-2026.
"""

from __future__ import annotations

import argparse
import sys

from swisschess.cli import options
from swisschess.cli.engine import read, refuse_unpairable
from swisschess.cli.exitcodes import EXIT_FILE, EXIT_INVALID, EXIT_NO_PAIRING, EXIT_OK
from swisschess.cli.lists import pairing_list
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.pairing.result import InputError, PairingError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("pair", help=_("pair the next round and print the board list"),
                       description=_("Pair the next round of a tournament file and print the "
                                     "board list (boards in the handling rules' order: higher "
                                     "score first); with -o, write the tournament with the new "
                                     "round added (results still open) as TRF-2026."))
    p.add_argument("input", help=_("tournament file (TRF16, TRF(x) or TRF-2026)"))
    p.add_argument("-o", "--output", metavar="OUT.trf",
                   help=_("write the tournament with the new round added"))
    options.add_pairing_options(p)
    p.set_defaults(func=run)


def board_list(t, pairing) -> list[str]:
    """Printable board list, as ``next-round`` and ``show pairings`` print it
    (cli/lists.py): board, numbers, titles, names, ratings, points; then the byes."""
    extras = ([(pairing.bye, "U")] if pairing.bye is not None else []) + list(pairing.unpaired)
    return pairing_list(t, pairing.round, pairing.boards, extras=extras)


def run(args: argparse.Namespace) -> int:
    from swisschess.formats import write_trf
    from swisschess.model.rounds import add_pairing
    from swisschess.pairing.api import pair_next
    from swisschess.pairing.registry import ROUND_ROBIN

    res, rc = read(args.input)
    if res is None:
        return rc
    # C.04.1: a round is paired on complete rounds, and not past the last one
    refused = refuse_unpairable(res, args.input)
    if refused is not None:
        return refused
    t = res.tournament
    try:
        kind = options.resolve_round_robin(args.round_robin, args.double, args.system, t.system)
        if kind is not None:
            system, edition = ROUND_ROBIN, kind
        else:
            system, edition = options.resolve_system(args.system, args.edition, t.system)
        pairing = pair_next(t, system, edition, baku=options.resolve_baku(args.baku, t.system))
    except PairingError as e:
        print("swisschess: " + _("{file}: no valid pairing: {reason}").format(
            file=args.input, reason=translate_message(str(e))), file=sys.stderr)
        return EXIT_NO_PAIRING
    except InputError as e:
        print(f"swisschess: {args.input}: {translate_message(str(e))}", file=sys.stderr)
        return EXIT_INVALID
    print("\n".join(board_list(t, pairing)))
    if args.output:
        add_pairing(t, pairing)
        if t.rounds is None:
            t.rounds = pairing.round
        try:
            with open(args.output, "w", encoding="utf-8", newline="") as f:
                f.write(write_trf(t, "2026", points="computed"))
        except OSError as e:
            print("swisschess: " + _("{file}: cannot write: {reason}").format(
                file=args.output, reason=e.strerror or e), file=sys.stderr)
            return EXIT_FILE
        print("\n" + _("wrote {file}").format(file=args.output))
    return EXIT_OK
