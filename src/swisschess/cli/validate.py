"""``swisschess validate``: check TRF files and list their problems.

    swisschess validate FILE...          one line per problem: FILE:LINE:COL: severity: message
    swisschess validate -q FILE...       errors only (no warnings)

A file is *invalid* when it has at least one error: something that makes it
unusable to pair the next round (entries that do not mirror each other,
impossible results, unknown opponents, a player paired twice, ...).  Warnings
(stated points that disagree with the results, unknown record types, ...) are
printed but do not make the file invalid.

Exit codes (those of JaVaFo and bbpPairings): 0 all files valid, 3 at least one
file invalid, 5 at least one file could not be read.
"""

from __future__ import annotations

import argparse
import sys

from swisschess.cli.exitcodes import EXIT_FILE, EXIT_INVALID, EXIT_OK
from swisschess.cli.helptext import description, examples
from swisschess.i18n import N_
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help=_("check TRF files (TRF16, TRF(x), TRF-2026)"),
                       description=description(
                           _("Check TRF files and list their problems."),
                           _("A file is invalid when it has at least one error: something that "
                             "makes it unusable to pair the next round (entries that do not "
                             "mirror each other, impossible results, unknown opponents, a player "
                             "paired twice, ...). Warnings (stated points that disagree with the "
                             "results, unknown record types, ...) are printed but do not make "
                             "the file invalid."),
                           _("Exit codes (those of JaVaFo and bbpPairings): 0 all files valid, "
                             "3 at least one file invalid, 5 at least one file could not be "
                             "read."),
                           usage=examples([
                               ("swisschess validate FILE...",
                                _("one line per problem: FILE:LINE:COL: severity: message")),
                               ("swisschess validate -q FILE...",
                                _("errors only (no warnings)"))])),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", metavar="FILE", help=_("TRF file ('-' reads standard input)"))
    p.add_argument("-q", "--quiet", action="store_true", help=_("print errors only, not warnings"))
    p.add_argument("--summary", action="store_true",
                   help=_("end with one line per file: FILE: valid, invalid or unreadable"))
    p.set_defaults(func=run)


def validate_file(path: str, quiet: bool = False, out=None) -> int:
    """Check one file, print its problems to ``out``; returns 0, 3 or 5."""
    from swisschess.formats.trf import decode, parse_trf

    out = out or sys.stdout
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        print(translate_message(f"{path}:1:1: error: cannot read file: {e.strerror or e}"),
              file=out)
        return EXIT_FILE
    try:
        res = parse_trf(decode(data), path)
    except Exception as e:  # a reader bug must not end in a traceback
        print(translate_message(f"{path}:1:1: error: internal error while reading "
                                f"({type(e).__name__}: {e})"), file=out)
        return EXIT_INVALID
    for d in res.diagnostics:
        if quiet and d.severity != "error":
            continue
        print(translate_message(str(d)), file=out)
    return EXIT_INVALID if res.errors else EXIT_OK


def run(args: argparse.Namespace) -> int:
    worst = EXIT_OK
    results = []
    for path in args.files:
        rc = validate_file(path, args.quiet)
        results.append((path, rc))
        if rc == EXIT_FILE or (rc == EXIT_INVALID and worst == EXIT_OK):
            worst = rc
    if args.summary:
        for path, rc in results:
            word = {EXIT_OK: N_("valid"), EXIT_INVALID: N_("invalid"),
                    EXIT_FILE: N_("unreadable")}[rc]
            print(f"{path}: {_(word)}")
    return worst
