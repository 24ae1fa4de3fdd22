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
)
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
    p.add_argument("--lim", action="store_true",
                   help="explain by the Lim system (the seed's procedure, article by article)")
    p.set_defaults(func=run)


def _fail(code: int, msg: str) -> int:
    print(f"swisschess explain: {msg}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    """Read the file, explain the round, print it."""
    from swisschess.explain import ExplainError, explain_round, render_text
    from swisschess.formats.trf import read_trf
    from swisschess.pairing.result import InputError, PairingError

    path = args.input
    try:
        res = read_trf(path)
    except OSError as e:
        return _fail(EXIT_FILE, f"{path}: cannot read: {e.strerror or e}")
    if res.errors:
        first = res.errors[0]
        more = f" (and {len(res.errors) - 1} more)" if len(res.errors) > 1 else ""
        return _fail(EXIT_INVALID, f"{path}: invalid file: line {first.line}: "
                                   f"{first.message}{more}")
    if args.round is not None and args.round < 1:
        return _fail(EXIT_INVALID, f"{path}: --round must be 1 or more")
    try:
        system = "lim" if args.lim else "dutch"
        edition = args.edition or registry.default_edition(system)
        explained = explain_round(res.tournament, args.round, edition, system)
    except ExplainError as ex:
        return _fail(EXIT_INVALID, f"{path}: {ex}")
    except InputError as ex:
        return _fail(EXIT_INVALID, f"{path}: {ex}")
    except PairingError as ex:
        return _fail(EXIT_NO_PAIRING, f"{path}: no valid pairing for the next round: {ex}")
    except (ValueError, KeyError, IndexError) as ex:  # inconsistent data
        return _fail(EXIT_INVALID, f"{path}: cannot explain this round: {type(ex).__name__}: {ex}")
    except Exception as ex:  # a bug: say so in one line, no traceback
        return _fail(EXIT_UNEXPECTED, f"{path}: unexpected error: {type(ex).__name__}: {ex}")
    if args.format == "json":
        sys.stdout.write(json.dumps(explained.to_dict(), indent=2) + "\n")
    else:
        sys.stdout.write(render_text(explained))
    return EXIT_OK
