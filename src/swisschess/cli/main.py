"""The ``swisschess`` command: one sub-command per module of this package.

Each sub-command module exposes ``register(subparsers)`` which adds its parser
and sets ``func`` (returning the exit code).  The exit codes are listed once,
in :mod:`swisschess.cli.exitcodes` (the engines' convention).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from swisschess import __version__, i18n
from swisschess.cli.exitcodes import EXIT_INTERRUPTED, EXIT_OK, EXIT_UNEXPECTED
from swisschess.i18n import N_
from swisschess.i18n import gettext as _

#: Sub-command modules, in help order.
COMMANDS = [
    "swisschess.cli.engine",
    "swisschess.cli.pair",
    "swisschess.cli.validate",
    "swisschess.cli.explain",
    "swisschess.cli.verify",
    "swisschess.cli.teams",
    "swisschess.cli.teamstandings",
    "swisschess.cli.standings",
    "swisschess.cli.ratings",
    "swisschess.cli.workflow",
    "swisschess.cli.serve",
]

#: Commands registered alone by the module named: ``swisschess engine ...``
#: imports only :mod:`swisschess.cli.engine` and what it pairs with, not the
#: tournament store (SQLAlchemy) the other commands need.  A pairing program
#: or an endorsement run starts ``swisschess engine`` once per file, so this
#: is most of its start-up (about 0.33 -> 0.08 CPU s).  A command missing
#: here (the manager's ``result``, ``show``...) gets the full parser, as does
#: ``swisschess --help``.
SINGLE_COMMANDS = {
    "engine": "swisschess.cli.engine",
    "pair": "swisschess.cli.pair",
    "validate": "swisschess.cli.validate",
    "explain": "swisschess.cli.explain",
    "verify": "swisschess.cli.verify",
    "team-pair": "swisschess.cli.teams",
    "team-standings": "swisschess.cli.teamstandings",
}


#: argparse's own words (it looks them up with ``gettext`` at use): marked here so
#: that they are in the catalogues, and argparse is given the app's ``gettext``
#: (:func:`speak_argparse`), so ``--help`` and usage errors are in the language.
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("expected one argument"),
    N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"), N_("can't open '%(filename)s': %(error)s"),
)


def speak_argparse() -> None:
    """argparse's messages through the app's catalogues (the current language)."""
    vars(argparse)["_"] = i18n.gettext
    vars(argparse)["ngettext"] = i18n.ngettext


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``swisschess`` parser: every command, or only the command ``only`` when it is
    one of :data:`SINGLE_COMMANDS` (the fast start of ``swisschess engine``)."""
    speak_argparse()
    parser = argparse.ArgumentParser(
        prog="swisschess",
        description=_("FIDE Swiss-system (Dutch) pairing, TRF files, standings."),
    )
    parser.add_argument("--version", action="version", version=f"swisschess {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [SINGLE_COMMANDS[only]] if only in SINGLE_COMMANDS else COMMANDS:
        importlib.import_module(name).register(sub)
    add_language_option(parser)
    for command in set(sub.choices.values()):  # i18n: --lang on every command
        add_language_option(command)
    return parser


def add_language_option(p: argparse.ArgumentParser) -> None:
    """``--lang en|sl|pl|et|cs|bg``: the language of the messages and lists (else ``LANG``)."""
    p.add_argument("--lang", choices=list(i18n.LANGUAGES), default=argparse.SUPPRESS,
                   help=_("language of messages, lists and explanations: {languages} "
                          "(default: from $LANGUAGE / $LC_ALL / $LC_MESSAGES / $LANG)").format(
                       languages=", ".join(f"{k} {v}" for k, v in i18n.LANGUAGES.items())))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # i18n: --lang, else the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)
    with i18n.use(_lang_in(argv) or i18n.from_env()):
        command = command_in(argv)
        if command in SINGLE_COMMANDS:
            parser = build_parser(command)
        else:
            from swisschess.cli import results  # the store: only for the manager's commands

            parser = build_parser()
            argv = results.protect_result_words(argv)  # ``result 4 -+``
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
        except Exception as e:  # a bug: one line, never a traceback (exit code 2)
            if os.environ.get("SWISSCHESS_DEBUG"):
                raise
            print("swisschess: " + _("unexpected error (a bug, please report it; "
                                     "SWISSCHESS_DEBUG=1 shows where): {error}").format(
                error=f"{type(e).__name__}: {e}"), file=sys.stderr)
            return EXIT_UNEXPECTED


def command_in(argv: list[str]) -> str | None:
    """The command word of ``argv``: the first word that is not an option, only
    ``--lang X`` may come before it (None: ``--help``, ``--version`` or none)."""
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--lang":
            i += 2
        elif a.startswith("--lang="):
            i += 1
        elif a.startswith("-"):
            return None
        else:
            return a
    return None


def _lang_in(argv: list[str]) -> str | None:
    """The value of ``--lang`` in ``argv`` before parsing (None: not given)."""
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            return i18n.normalise(argv[i + 1])
        if a.startswith("--lang="):
            return i18n.normalise(a.split("=", 1)[1])
    return None


if __name__ == "__main__":
    sys.exit(main())
