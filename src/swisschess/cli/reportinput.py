"""The input side the report commands share (``standings``, ``crosstable``,
``ratings``, ``norms``, ``prizes``, ``teams``): read a TRF file (``-`` =
stdin), refuse a file with errors or without players, check ``--round N``
against the rounds the file holds and the rounds whose results are all in,
and turn a refusal into one message on stderr and its exit code
(cli/exitcodes.py: 3 invalid input, 5 file cannot be read).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from swisschess.cli.exitcodes import EXIT_FILE, EXIT_INVALID, EXIT_OK
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message

if TYPE_CHECKING:
    from swisschess.model.tournament import Tournament


class CommandError(Exception):
    """A refusal: the message the arbiter reads and the command's exit code."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def read_bytes(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input); unreadable: exit 5."""
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as e:
        raise CommandError(EXIT_FILE, _("{file}: error: cannot read file: {reason}").format(
            file=path, reason=e.strerror or e)) from None


def load_tournament(path: str) -> Tournament:
    """The tournament of the TRF file ``path``; the file's first error (and how
    many more), a reader failure or a file without 001 records: exit 3."""
    from swisschess.formats.trf import decode, parse_trf

    data = read_bytes(path)
    try:
        res = parse_trf(decode(data), path)
    except Exception as e:  # a reader bug must not end in a traceback
        raise CommandError(EXIT_INVALID, _("{file}: error: cannot read tournament ({reason})")
                           .format(file=path, reason=f"{type(e).__name__}: {e}")) from None
    if res.errors:
        more = (" " + _("(and {n} more errors)").format(n=len(res.errors) - 1)
                if len(res.errors) > 1 else "")
        raise CommandError(EXIT_INVALID, f"{translate_message(str(res.errors[0]))}{more}")
    t = res.tournament
    if not t.players:
        raise CommandError(EXIT_INVALID, _("{file}: error: no players (no 001 records)")
                           .format(file=path))
    return t


def check_round(t: Tournament, path: str, upto: int | None) -> int:
    """Refuse ``--round N`` (``upto``) past the rounds the file records or
    past the last round whose games all have a result; return that last
    complete round."""
    from swisschess.standings.field import complete_rounds

    last, recorded = complete_rounds(t), t.rounds_recorded()
    if upto is not None and not 0 <= upto <= recorded:
        raise CommandError(EXIT_INVALID, _("{file}: error: --round {n}: the file has rounds 0 "
                                           "to {last}").format(file=path, n=upto, last=recorded))
    if upto is not None and upto > last:
        raise CommandError(EXIT_INVALID, _("{file}: error: --round {n}: round {r} has games "
                                           "without a result").format(file=path, n=upto,
                                                                      r=last + 1))
    return last


def run_report(path: str, body: Callable[[], str]) -> int:
    """Run ``body`` and print its text; a refusal goes to stderr with its exit
    code, a ``ValueError`` from the computation as an invalid-input message
    naming ``path``."""
    try:
        text = body()
    except CommandError as e:
        print(str(e), file=sys.stderr)
        return e.code
    except ValueError as e:
        print(translate_message(f"{path}:1:1: error: {e}").replace(":1:1:", ":", 1),
              file=sys.stderr)
        return EXIT_INVALID
    sys.stdout.write(text)
    return EXIT_OK
