"""The ``swisschess`` command: one sub-command per module of this package.

Each sub-command module exposes ``register(subparsers)`` which adds its parser
and sets ``func`` (returning the exit code).  Exit codes follow the engines'
convention: 0 ok, 1 no valid pairing, 2 unexpected, 3 invalid input, 4 too
large, 5 file error.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from swisschess import __version__

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
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                continue  # command not built yet
            raise
        mod.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
