"""``swisschess result``: results of one board, of several, or of a whole file.

    swisschess result 4 1-0                       # board 4 of the last round paired
    swisschess result 1 1-0 2 1/2 3 0-1 4 --     # several boards in one command
    swisschess result --from round3.txt           # one "BOARD RESULT" a line
    swisschess result --from -                    # the same from standard input
    swisschess result 5 1/2 --round 2 --correct   # a correction

A result file holds one board a line, ``BOARD RESULT`` (spaces, a tab, a comma
or a semicolon between), blank lines and ``#`` comments ignored::

    # round 3, collected from the arbiters' sheets
    1 1-0
    2 1/2     # agreed on move 31
    3 -+      # Black wins by forfeit

The results of one command are entered together in one transaction, or none of
them: a bad line (unknown board or result, a board already decided without
``--correct``, the same board twice) is reported as ``FILE:LINE: message``,
the command exits 3 and nothing is stored.  A round of 750 boards is one
command, not 750.
"""

from __future__ import annotations

import argparse
import re
import sys

from swisschess.cli.exitcodes import EXIT_FILE, EXIT_INVALID, EXIT_OK
from swisschess.cli.files import cannot_read
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.store.events import StoreError

_SEPARATOR = re.compile(r"[\s,;]+")


class EntryInputError(Exception):
    """A result given on the command line or in a file cannot be read; the message
    says where (``FILE:LINE:`` or the argument) and why, translated."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``result`` command's own arguments."""
    p.add_argument("entries", nargs="*", metavar="BOARD RESULT",
                   help=_("board number and result, repeated for several boards: "
                        "1-0, 0-1, 1/2, +- (forfeit win), -+, -- (double forfeit)"))
    p.add_argument("--from", dest="from_file", metavar="FILE",
                   help=_("read 'BOARD RESULT' lines from FILE ('-': standard input); "
                        "'#' starts a comment"))
    p.add_argument("--round", type=int, help=_("round (default: the last round paired)"))
    p.add_argument("--correct", action="store_true", help=_("replace results already entered"))


#: Result words that begin with "-": argparse would take them for options.
DASH_RESULTS = frozenset({"-+", "--", "-:-", "-:+", "-/+", "-/-", "--+", "---"})
#: The options of ``result`` (a ``--`` before one of them is the result word).
RESULT_OPTIONS = frozenset({"--db", "-T", "--tournament", "--round", "--correct", "--lang",
                            "-h", "--help"})


def protect_result_words(argv: list[str]) -> list[str]:
    """``swisschess result 4 -+`` (or ``--``, ``-:-``): the result word as the
    positional it is.  argparse reads a word starting with ``-`` as an option
    (and ``--`` as the end of the options), so such a word after the ``result``
    command gets a leading space, which argparse keeps as a positional and
    :func:`~swisschess.store.service.normalise_result` drops.  A ``--``
    followed by a word that is not an option of ``result`` stays the
    end-of-options marker (``result 4 -- -+``)."""
    try:
        at = argv.index("result")
    except ValueError:
        return argv
    i = 0
    while i < at:  # only ``--lang X`` may come before the command
        if argv[i] == "--lang":
            i += 2
        elif argv[i].startswith("--lang="):
            i += 1
        else:
            return argv  # "result" is not the command (it is some option's value)
    out = argv[:at + 1]
    rest = argv[at + 1:]
    for i, a in enumerate(rest):
        nxt = rest[i + 1] if i + 1 < len(rest) else None
        ended = a == "--" and nxt is not None and nxt.split("=")[0] not in RESULT_OPTIONS
        out.append(" " + a if a in DASH_RESULTS and not ended else a)
    return out


def parse_arguments(words: list[str]) -> list[tuple[int, str, str]]:
    """``["1", "1-0", "2", "1/2"]`` -> ``[(1, "1-0", "'1 1-0'"), (2, "1/2", "'2 1/2'")]``:
    board, result and how it was written (for messages)."""
    if len(words) % 2:
        raise EntryInputError(_("expected BOARD RESULT pairs, e.g. 1 1-0 2 1/2; "
                                "{word} has no result").format(word=repr(words[-1])))
    words = [w.lstrip(" ") for w in words]  # see protect_result_words
    out = []
    for k in range(0, len(words), 2):
        board, word = words[k], words[k + 1]
        out.append((_board(board, repr(board)), word, repr(f"{board} {word}")))
    return out


def parse_lines(text: str, name: str) -> list[tuple[int, str, str]]:
    """``BOARD RESULT`` lines of a file -> ``(board, result, "NAME:LINE")``."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        where = f"{name}:{n}"
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        words = _SEPARATOR.split(body)
        if len(words) != 2:
            raise EntryInputError(where + ": " + _(
                "expected BOARD RESULT, e.g. 4 1-0, not {text}").format(text=repr(body)))
        out.append((_board(words[0], where), words[1], where))
    return out


def _board(text: str, where: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise EntryInputError(_("{where}: board {board} is not a board number").format(
            where=where, board=repr(text)))
    return int(text)


def read_entries(args: argparse.Namespace) -> list[tuple[int, str, str]]:
    """The entries of the command: its arguments, then the lines of ``--from``."""
    entries = parse_arguments(list(args.entries))
    if args.from_file:
        if args.from_file == "-":
            text, name = sys.stdin.read(), _("standard input")
        else:
            try:
                with open(args.from_file, encoding="utf-8-sig") as f:
                    text = f.read()
            except OSError as e:
                raise OSError(cannot_read(args.from_file, e)) from None
            except UnicodeDecodeError as e:
                raise EntryInputError(_("{file}: not UTF-8 text (byte {pos})").format(
                    file=args.from_file, pos=e.start + 1)) from None
            name = args.from_file
        entries += parse_lines(text, name)
    if not entries:
        raise EntryInputError(_("no result given: BOARD RESULT ..., or --from FILE"))
    return entries


def cmd_result(svc, args: argparse.Namespace) -> int:
    """Enter the results (all or none) and print each board and what is left to enter."""
    from swisschess.store.service import EntryError

    try:
        entries = read_entries(args)
    except EntryInputError as e:
        _err(str(e))
        return EXIT_INVALID
    except OSError as e:
        _err(str(e))
        return EXIT_FILE
    tid = svc.resolve_tournament(getattr(args, "tournament", None))
    if svc.state(tid).team is not None:  # issue 32: board results of a match
        _err(_("this is a team event: enter the board results of a match with "
               "`swisschess match-result MATCH RESULT...`"))
        return EXIT_INVALID
    rnd = args.round or svc.state(tid).current_round
    if not rnd:
        raise StoreError("no round has been paired yet")
    try:
        views = svc.enter_results(tid, rnd, [(b, w) for b, w, _where in entries],
                                  correction=args.correct)
    except EntryError as e:
        message = translate_message(str(e.error))
        if len(entries) == 1 and not args.from_file:  # the one board of the command
            _err(message)
            return EXIT_INVALID
        _err(f"{entries[e.index][2]}: {message}")  # FILE:LINE or the 'BOARD RESULT' pair
        _err(_("nothing was stored: correct the entry and enter the results again"))
        return EXIT_INVALID
    left = len(svc.pending(tid)) if rnd == svc.state(tid).current_round else 0
    status = _("({n} result(s) to enter)").format(n=left) if left else _("(round complete)")
    for bv in views:
        line = _("round {r} board {b}: {white} {result} {black}").format(
            r=rnd, b=bv.board, white=bv.white.name, result=bv.result, black=bv.black.name)
        print(line + ("  " + status if len(views) == 1 else ""))
    if len(views) > 1:
        print(_("{n} results entered").format(n=len(views)) + "  " + status)
    if views[0].warning:  # a result changed after later rounds were paired on it
        _err(_("warning: {message}").format(message=translate_message(views[0].warning)))
    return EXIT_OK


def _err(msg: str) -> None:
    print(f"swisschess: {msg}", file=sys.stderr)
