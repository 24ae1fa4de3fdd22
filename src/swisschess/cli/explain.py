"""``swisschess explain IN.trf [--round N] [--format text|json] [--edition E]``.

Explains, bracket by bracket, why a round of a Dutch-system tournament is
paired as it is: who was in each bracket, who floated and why, which quality
criteria the pairing could not fully meet, and why the better-looking
candidates were rejected.  Without ``--round`` the next round is paired now and
explained; with ``--round N`` round N is explained as recorded in the file.

Exit codes: 0 ok, 1 no valid pairing for the next round, 2 unexpected error,
3 invalid input (file errors, no such round), 5 file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys

from swisschess.cli.exitcodes import (
    EXIT_FILE,
    EXIT_INVALID,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_UNEXPECTED,
    fail,
)
from swisschess.cli.files import cannot_read
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.pairing import registry


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("explain", help="explain why a round is paired as it is (Dutch system)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input", metavar="IN.trf", help="tournament file (TRF)")
    p.add_argument("--round", "-r", type=int, dest="round", metavar="N",
                   help="explain round N as recorded (default: pair and explain the next round)")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="output format (default: text)")
    p.add_argument("--edition", choices=registry.editions(),
                   default=None,
                   help=f"rule edition (Dutch: default {registry.default_edition('dutch')}; "
                        f"Lim: default {registry.default_edition('lim')})")
    # -- branch dubov: Dubov / Burstein at bracket level (explain.systems) --
    p.add_argument("--system", choices=registry.systems(), default=None,
                   help="pairing system (default: the file's 192/092 record, else Dutch)")
    p.add_argument("--lim", action="store_true",
                   help="explain by the Lim system (the seed's procedure, article by article)")
    p.set_defaults(func=run)


def _fail(code: int, msg: str) -> int:
    return fail(code, msg, "explain")


def run(args: argparse.Namespace) -> int:
    """Read the file, explain the round, print it."""
    from swisschess.explain import ExplainError, explain_round, render_text
    from swisschess.formats.trf import read_trf
    from swisschess.pairing.result import InputError, PairingError

    path = args.input
    try:
        res = read_trf(path)
    except OSError as e:
        return _fail(EXIT_FILE, cannot_read(path, e))
    if res.errors:
        first = res.errors[0]
        more = (" " + _("(and {n} more)").format(n=len(res.errors) - 1)
                if len(res.errors) > 1 else "")
        return _fail(EXIT_INVALID, _("{file}: invalid file: line {line}: {message}").format(
            file=path, line=first.line, message=translate_message(first.message)) + more)
    if args.round is not None and args.round < 1:
        return _fail(EXIT_INVALID, _("{file}: --round must be 1 or more").format(file=path))
    if args.round is None or args.round > res.tournament.rounds_recorded():
        # the next round is paired now: refused as ``pair`` refuses it
        from swisschess.cli.engine import refuse_unpairable

        refused = refuse_unpairable(res, path)
        if refused is not None:
            return refused
    system = "lim" if args.lim else (
        args.system or (registry.system_from_code(res.tournament.system) or ("dutch",))[0])
    if system in ("dubov", "burstein"):
        return _run_system(res.tournament, system, args)
    try:
        if registry.baku_from_code(res.tournament.system):  # 192 *_BAKU (C.04.5.1)
            from swisschess.rules.baku import accelerate

            accelerate(res.tournament)
        edition = args.edition or registry.default_edition(system)
        explained = explain_round(res.tournament, args.round, edition, system)
    except ExplainError as ex:
        return _fail(EXIT_INVALID, f"{path}: {translate_message(str(ex))}")
    except InputError as ex:
        return _fail(EXIT_INVALID, f"{path}: {translate_message(str(ex))}")
    except PairingError as ex:
        return _fail(EXIT_NO_PAIRING, _("{file}: no valid pairing for the next round: {reason}")
                     .format(file=path, reason=translate_message(str(ex))))
    except (ValueError, KeyError, IndexError) as ex:  # inconsistent data
        return _fail(EXIT_INVALID, _("{file}: cannot explain this round: {reason}").format(
            file=path, reason=f"{type(ex).__name__}: {ex}"))
    except Exception as ex:  # a bug: say so in one line, no traceback
        return _fail(EXIT_UNEXPECTED, _("{file}: unexpected error: {reason}").format(
            file=path, reason=f"{type(ex).__name__}: {ex}"))
    if args.format == "json":
        sys.stdout.write(json.dumps(explained.to_dict(), indent=2) + "\n")
    else:
        sys.stdout.write(render_text(explained))
    return EXIT_OK


def _run_system(t, system: str, args: argparse.Namespace) -> int:
    """Dubov / Burstein: the bracket-level explanation (explain.systems)."""
    from swisschess.explain import ExplainError
    from swisschess.explain.systems import explain_system_round, render_system_text
    from swisschess.pairing.result import InputError, PairingError

    try:
        x = explain_system_round(t, system, args.round)
    except (ExplainError, InputError) as ex:
        return _fail(EXIT_INVALID, f"{args.input}: {ex}")
    except PairingError as ex:
        return _fail(EXIT_NO_PAIRING, f"{args.input}: no valid pairing for the next round: {ex}")
    if args.format == "json":
        sys.stdout.write(json.dumps(x.to_dict(), indent=2) + "\n")
    else:
        sys.stdout.write(render_system_text(x))
    return EXIT_OK
