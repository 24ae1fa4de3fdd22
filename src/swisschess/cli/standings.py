"""``swisschess standings`` and ``swisschess crosstable``: rankings of a TRF file.

    swisschess standings IN.trf [--tiebreaks LIST] [--edition 2026|2023|pre2023]
                                [--format text|csv|json|html] [--round N]
    swisschess crosstable IN.trf [--format text|html] [--round N] [--tiebreaks LIST]

LIST is a comma-separated list of C.07 short names, e.g. ``DE,BH/C1,BH,SB``
(see ``docs/standings.md``); the presets ``F10`` (seeds' final ranking) and
``POLISH`` (Polish supplement) are accepted.  Without ``--tiebreaks`` the
file's own list is used (TRF-2026 record 212, else 202), else
``BH/C1,BH,SB,DE,WIN``.  Points always rank first.

Exit codes: 0 ok, 3 invalid input (file with errors, unknown tie-break, round
out of range or with missing results), 5 file cannot be read.
"""

from __future__ import annotations

import argparse

from swisschess.cli.exitcodes import EXIT_INVALID
from swisschess.cli.helptext import description
from swisschess.cli.reportinput import CommandError, check_round, load_tournament, run_report
from swisschess.i18n import gettext as _
from swisschess.standings.field import EDITION_ALIASES, EDITIONS


def register(sub: argparse._SubParsersAction) -> None:
    fmt = argparse.RawDescriptionHelpFormatter
    usage = ("    swisschess standings IN.trf [--tiebreaks LIST] [--edition 2026|2023|pre2023]\n"
             "                                [--format text|csv|json|html] [--round N]\n"
             "    swisschess crosstable IN.trf [--format text|html] [--round N] "
             "[--tiebreaks LIST]")
    desc = description(
        _("Rankings of a TRF file: standings with C.07 tie-breaks, or the crosstable."),
        _("LIST is a comma-separated list of C.07 short names, e.g. DE,BH/C1,BH,SB "
          "(see docs/standings.md); the presets F10 (the final ranking of the 1992 rules) and "
          "POLISH (Polish supplement) are accepted. Without --tiebreaks the file's own list "
          "is used (TRF-2026 record 212, else 202), else BH/C1,BH,SB,DE,WIN. Points always "
          "rank first."),
        _("Exit codes: 0 ok, 3 invalid input (file with errors, unknown tie-break, round "
          "out of range or with missing results), 5 file cannot be read."),
        usage=usage)
    p = sub.add_parser("standings", help=_("standings with C.07 tie-breaks"),
                       description=desc, formatter_class=fmt)
    _common(p)
    p.add_argument("--format", choices=("text", "csv", "json", "html"), default="text")
    p.set_defaults(func=run_standings)

    c = sub.add_parser("crosstable", help=_("crosstable in standings order"),
                       description=desc, formatter_class=fmt)
    _common(c)
    c.add_argument("--format", choices=("text", "html"), default="text")
    c.set_defaults(func=run_crosstable)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="IN.trf", help=_("TRF file (TRF16, TRF(x), TRF-2026); '-' = stdin"))
    p.add_argument("--tiebreaks", "-t", metavar="LIST",
                   help=_("comma-separated tie-breaks, e.g. DE,BH/C1,BH,SB (or F10, POLISH)"))
    p.add_argument("--edition", default="2026", choices=(*EDITIONS, *EDITION_ALIASES),
                   help=_("C.07 edition for unplayed rounds (default 2026; 2024 = 2023)"))
    p.add_argument("--round", type=int, metavar="N",
                   help=_("standings after round N (default: last complete round)"))
    p.add_argument("--round-robin", action="store_true", default=None,
                   help=_("apply the round-robin rules of C.07 Art. 15.2 (default: when the "
                        "file's pairing system, record 192/092, is a round robin)"))
    p.add_argument("--unrated", type=int, metavar="RATING",
                   help=_("rating given to unrated players for ARO/TPR/... (default: "
                        "rating tie-breaks are not applied when unrated players are present)"))


def _prepare(args: argparse.Namespace):
    from swisschess.standings.ranking import file_tiebreaks
    from swisschess.standings.spec import TiebreakError, TiebreakSpec, parse_tiebreaks

    t = load_tournament(args.file)
    specs: list[TiebreakSpec] | None
    if args.tiebreaks is not None:
        try:
            specs = parse_tiebreaks(args.tiebreaks)
        except TiebreakError as e:
            raise CommandError(EXIT_INVALID, _("{file}: error: --tiebreaks: {reason}").format(
                file=args.file, reason=e)) from None
    else:
        try:
            specs = parse_tiebreaks(file_tiebreaks(t)) if file_tiebreaks(t) else None
        except TiebreakError as e:
            raise CommandError(EXIT_INVALID, _("{file}: error: tie-breaks of record 212/202: "
                                               "{reason}").format(file=args.file, reason=e)) from None
    check_round(t, args.file, args.round)
    return t, specs, args.round


def _run(args: argparse.Namespace, what: str) -> int:
    from swisschess.standings import render
    from swisschess.standings.crosstable import crosstable
    from swisschess.standings.ranking import standings

    def body() -> str:
        t, specs, upto = _prepare(args)
        if what == "standings":
            st = standings(t, specs, args.edition, upto, unrated=args.unrated,
                           round_robin=args.round_robin)
            return render.render_standings(st, args.format, t.name)
        ct = crosstable(t, specs, args.edition, upto, unrated=args.unrated,
                        round_robin=args.round_robin)
        return render.render_crosstable(ct, args.format, t.name)
    return run_report(args.file, body)


def run_standings(args: argparse.Namespace) -> int:
    return _run(args, "standings")


def run_crosstable(args: argparse.Namespace) -> int:
    return _run(args, "crosstable")
