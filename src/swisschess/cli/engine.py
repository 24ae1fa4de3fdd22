"""``swisschess engine``: the command line pairing programs call (JaVaFo / bbpPairings style).

    swisschess engine --dutch IN.trf -p [OUT.txt]     pair the next round
    swisschess engine --dutch IN.trf -c [-l LIST]     check every round
    swisschess engine --dutch -g [CONFIG] -o OUT.trf [-s SEED]   random tournament

    swisschess engine --round-robin --players N [--double]       print a Berger table
    swisschess engine --round-robin IN.trf -p | -c               round robin (C.05 Annex 1)

A 192 code such as ``FIDE_ROUNDROBIN`` / ``FIDE_DOUBLEROUNDROBIN`` selects the
round robin when no system is named on the command line.
``--baku`` (or a 192 code ending in ``_BAKU``) pairs, checks and generates
with the Baku acceleration (C.04.5.1); the generator then writes the virtual
points as ``XXA`` records.

Exit codes (:mod:`swisschess.cli.exitcodes`): 0 ok, 1 no valid pairing, 2
unexpected error, 3 invalid input, 4 too large (``-g`` with more than 9999
players), 5 file error, 6 checker found differences.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from swisschess.cli import options
from swisschess.cli.exitcodes import (
    EXIT_FILE,
    EXIT_INVALID,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_TOO_LARGE,
    fail,
)
from swisschess.cli.files import cannot_read
from swisschess.cli.helptext import description, examples
from swisschess.formats.fields import MAX_PLAYERS  # TRF pairing numbers have four digits
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.pairing.result import InputError, Pairing, PairingError

if TYPE_CHECKING:
    from swisschess.formats.diagnostics import TrfResult



def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("engine", help=_("engine command line (drop-in for JaVaFo / bbpPairings)"),
                       description=description(
                           _("The command line pairing programs call (JaVaFo / bbpPairings "
                             "style)."),
                           _("A 192 code such as FIDE_ROUNDROBIN / FIDE_DOUBLEROUNDROBIN selects "
                             "the round robin when no system is named on the command line. "
                             "--baku (or a 192 code ending in _BAKU) pairs, checks and generates "
                             "with the Baku acceleration (C.04.5.1); the generator then writes "
                             "the virtual points as XXA records."),
                           _("Exit codes: 0 ok, 1 no valid pairing, 2 unexpected error, 3 invalid "
                             "input, 4 too large (-g with more than 9999 players), 5 file error, "
                             "6 checker found differences."),
                           usage=examples([
                               ("swisschess engine --dutch IN.trf -p [OUT.txt]",
                                _("pair the next round")),
                               ("swisschess engine --dutch IN.trf -c [-l LIST]",
                                _("check every round")),
                               ("swisschess engine --dutch -g [CONFIG] -o OUT.trf [-s SEED]",
                                _("random tournament")),
                               ("swisschess engine --round-robin --players N [--double]",
                                _("print a Berger table")),
                               ("swisschess engine --round-robin IN.trf -p | -c",
                                _("round robin (C.05 Annex 1)"))])),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_pairing_options(p, default_system="dutch", players=True)
    p.add_argument("input", nargs="?", help=_("tournament file (TRF)"))
    p.add_argument("-p", dest="pair", nargs="?", const="-", default=None, metavar="OUT",
                   help=_("pair the next round, write the pairs to OUT (stdout if omitted)"))
    p.add_argument("-c", dest="check", action="store_true", help=_("check every round of the tournament"))
    p.add_argument("-l", dest="checklist", metavar="LIST", help=_("checker report file"))
    p.add_argument("-g", dest="generate", nargs="?", const="", default=None, metavar="CONFIG",
                   help=_("generate a random tournament"))
    p.add_argument("-o", dest="output", metavar="OUT.trf", help=_("generated tournament file"))
    p.add_argument("-s", dest="seed", metavar="SEED", help=_("random seed for -g"))
    p.add_argument("--team", action="store_true",
                   help=_("team event: FIDE Swiss Team Pairing System C.04.6 (also selected "
                        "by 310 records or a 192 FIDE_TEAM code)"))
    p.set_defaults(func=run)


def _fail(code: int, msg: str) -> int:
    return fail(code, msg)


def read(path: str) -> tuple[TrfResult | None, int]:
    """Read a tournament file; returns (what was read, exit code).  The file's
    errors are printed (then the result is None, exit code 3 or 5)."""
    from swisschess.formats.trf import read_trf

    try:
        res = read_trf(path)
    except OSError as e:
        return None, _fail(EXIT_FILE, cannot_read(path, e))
    if res.errors:
        for d in res.errors:
            print(translate_message(str(d)), file=sys.stderr)
        return None, EXIT_INVALID
    return res, EXIT_OK


def load(path: str):
    """Read a tournament file; returns (tournament, exit code or None)."""
    res, rc = read(path)
    return (None, rc) if res is None else (res.tournament, None)


def refuse_unpairable(res: TrfResult, path: str) -> int | None:
    """Exit code 3 after printing, located, why the file's next round must not be
    paired (all declared rounds paired, a result missing: as bbpPairings
    refuses them); None when it may be paired."""
    from swisschess.formats.checks import check_pairable

    found = check_pairable(res.tournament, res.locations, path)
    for d in found:
        print(translate_message(str(d)), file=sys.stderr)
    return EXIT_INVALID if found else None


def run(args: argparse.Namespace) -> int:
    from swisschess.cli import teams  # C.04.6 team events

    if args.team or (args.input and args.generate is None and teams.is_team_file(args.input)):
        return teams.run_engine(args)
    if (args.round_robin or args.double) and args.system is not None:
        return _fail(EXIT_INVALID, f"--round-robin and --{args.system} exclude each other")
    if args.round_robin and args.players is not None and not args.input:
        return print_round_robin(args.players, args.double)
    if args.generate is not None:
        if args.round_robin or args.double:
            return _fail(EXIT_INVALID, "-g does not generate round robins")
        from swisschess.cli import generate

        return generate.run_generate(args)
    if not args.input:
        return _fail(EXIT_INVALID, _("no input file given"))
    res, rc = read(args.input)
    if res is None:
        return rc
    t = res.tournament
    if args.pair is not None and not args.check:
        # C.04.1: a round is paired on complete rounds, and not past the last one
        refused = refuse_unpairable(res, args.input)
        if refused is not None:
            return refused
    kind = options.resolve_round_robin(args.round_robin, args.double, args.system, t.system)
    if kind is not None:
        if args.baku:
            return _fail(EXIT_INVALID, "--baku applies to the Swiss systems, not to a round robin")
        return run_round_robin(args, t, kind, res.locations)
    try:
        system, edition = options.resolve_system(args.system, args.edition, t.system)
    except InputError as e:
        return _fail(EXIT_INVALID, f"{args.input}: {translate_message(str(e))}")
    if options.resolve_baku(args.baku, t.system):
        from swisschess.rules.baku import accelerate

        try:
            accelerate(t)
        except InputError as e:
            return _fail(EXIT_INVALID, f"{args.input}: {translate_message(str(e))}")
    if args.check:
        from swisschess.cli import check

        return check.run_check(args, t, system, edition, locations=res.locations)
    if args.pair is None:
        return _fail(EXIT_INVALID, _("nothing to do: give -p, -c or -g"))
    from swisschess.pairing.api import pair_next

    try:  # the one door (pairing.api): Baku, XXC rank, the rules
        pairing = pair_next(t, system, edition, baku=options.resolve_baku(args.baku, t.system))
    except PairingError as e:
        return _fail(EXIT_NO_PAIRING, _("{file}: no valid pairing: {reason}").format(
            file=args.input, reason=translate_message(str(e))))
    except InputError as e:
        return _fail(EXIT_INVALID, f"{args.input}: {translate_message(str(e))}")
    return write_pairing(args.pair, pairing)


def write_pairing(dest: str, pairing: Pairing) -> int:
    """Write ``pairing`` in the engine format (``-p``): to ``dest``, or to
    standard output when ``dest`` is ``-``."""
    text = "\n".join(pairing.engine_lines()) + "\n"
    if dest == "-":
        sys.stdout.write(text)
        return EXIT_OK
    try:
        with open(dest, "w", newline="\n") as f:
            f.write(text)
    except OSError as e:
        return _fail(EXIT_FILE, _("{file}: cannot write: {reason}").format(
            file=dest, reason=e.strerror or e))
    return EXIT_OK


# ------------------------------------- round robin (C.05 Annex 1, Berger)
def print_round_robin(players: int, double: bool) -> int:
    """``--round-robin --players N [--double]``: print the Berger table."""
    from swisschess.rules.roundrobin import TooManyPlayers, format_table

    if players > MAX_PLAYERS:
        return _fail(EXIT_TOO_LARGE, _("--players {n}: at most {max} players (TRF numbers "
                                       "them with four digits)").format(n=players,
                                                                        max=MAX_PLAYERS))
    try:
        sys.stdout.write(format_table(players, double))
    except TooManyPlayers as e:
        return _fail(EXIT_TOO_LARGE, f"--players {players}: {translate_message(str(e))}")
    except InputError as e:
        return _fail(EXIT_INVALID, f"--players {players}: {e}")
    return EXIT_OK


def run_round_robin(args: argparse.Namespace, t, kind: str, locations=None) -> int:
    """Pair (``-p``) or check (``-c``) a round robin from the Berger table."""
    from swisschess.pairing.api import pair_next
    from swisschess.pairing.registry import ROUND_ROBIN

    if args.check:
        from swisschess.cli import check

        def pairer(before, _system, _edition):
            return pair_next(before, ROUND_ROBIN, kind, refuse=False)

        return check.run_check(args, t, ROUND_ROBIN, kind, pairer=pairer, locations=locations)
    if args.pair is None:
        return _fail(EXIT_INVALID, "nothing to do: give -p or -c")
    from swisschess.rules.roundrobin import TooManyPlayers

    try:
        pairing = pair_next(t, ROUND_ROBIN, kind)
    except TooManyPlayers as e:
        return _fail(EXIT_TOO_LARGE, f"{args.input}: {translate_message(str(e))}")
    except InputError as e:
        return _fail(EXIT_INVALID, f"{args.input}: {e}")
    return write_pairing(args.pair, pairing)
