"""The ``swisschess`` command: one sub-command per module of this package.

Each sub-command module exposes ``register(subparsers)`` which adds its parser
and sets ``func`` (returning the exit code).  The exit codes are listed once,
in :mod:`swisschess.cli.exitcodes` (the engines' convention).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from swisschess import __version__
from swisschess.cli.exitcodes import EXIT_INTERRUPTED, EXIT_OK

#: Sub-command modules, in help order.
COMMANDS = [
    "swisschess.cli.engine",
    "swisschess.cli.pair",
    "swisschess.cli.validate",
    "swisschess.cli.explain",
    "swisschess.cli.verify",
    "swisschess.cli.standings",
    "swisschess.cli.workflow",
    "swisschess.cli.serve",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="swisschess",
        description="FIDE Swiss-system (Dutch) pairing, TRF files, standings.",
    )
    parser.add_argument("--version", action="version", version=f"swisschess {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_OK
    try:
        return int(args.func(args) or EXIT_OK)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
