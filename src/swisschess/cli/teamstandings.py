"""``swisschess team-standings FILE``: standings of a team event (C.07 arts. 11-13).

    swisschess team-standings event.trf [--tiebreaks LIST] [--round N]
                                        [--format text|csv|json] [--crosstable] [--boards]

FILE is a TRF-2026 team file.  Teams are ranked by the primary score (match
points unless the 192 code says game points), then by LIST (e.g.
``EDE,EMGSB/C1,BH:MP/C1``; without it the file's 202 record, else
``MPVGP,EDE,EMGSB/C1,BH/C1``).  ``--crosstable`` adds the team crosstable,
``--boards`` each player's score board by board.

Exit codes: 0 ok, 3 invalid file, tie-break or round, 5 file cannot be read.
"""

from __future__ import annotations

import argparse
import sys

from swisschess.cli.exitcodes import EXIT_INVALID, EXIT_OK, fail
from swisschess.cli.helptext import description
from swisschess.cli.teams import load_team_file
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.teams.report import (
    boards_text,
    crosstable_text,
    standings_csv,
    standings_json,
    standings_text,
)
from swisschess.teams.standings import (
    TeamTiebreakError,
    board_statistics,
    parse_team_tiebreaks,
    team_crosstable,
    team_standings,
)


def register(sub: argparse._SubParsersAction) -> None:
    usage = ("    swisschess team-standings FILE [--tiebreaks LIST] [--round N]\n"
             "                                   [--format text|csv|json] [--crosstable] [--boards]")
    desc = description(
        _("Standings of a team event: match points, game points and the C.07 team tie-breaks."),
        _("LIST is a comma-separated list of C.07 codes, e.g. EDE,EMGSB/C1,BH:MP/C1 (see "
          "docs/teams.md). Without --tiebreaks the file's record 202 is used, else "
          "MPVGP,EDE,EMGSB/C1,BH/C1. The primary score always ranks first."),
        _("Exit codes: 0 ok, 3 invalid file, tie-break or round, 5 file cannot be read."),
        usage=usage)
    p = sub.add_parser("team-standings", help=_("standings of a team event (C.07 team tie-breaks)"),
                       description=desc, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help=_("TRF-2026 team file"))
    p.add_argument("--tiebreaks", "-t", metavar="LIST",
                   help=_("comma-separated team tie-breaks, e.g. EDE,EMGSB/C1,BH:MP/C1"))
    p.add_argument("--round", type=int, metavar="N",
                   help=_("standings after round N (default: last complete round)"))
    p.add_argument("--format", choices=("text", "csv", "json"), default="text")
    p.add_argument("--crosstable", action="store_true", help=_("add the team crosstable"))
    p.add_argument("--boards", action="store_true",
                   help=_("add each player's score board by board"))
    p.set_defaults(func=run)


def _fail(code: int, msg: str) -> int:
    return fail(code, msg, "team-standings")


def file_tiebreaks(text: str) -> str | None:
    """The file's record 202 (the tie-breaks for teams tied on points), if any."""
    for line in text.splitlines():
        if line.startswith("202 "):
            return line[4:].strip() or None
    return None


def run(args: argparse.Namespace) -> int:
    path = args.file
    loaded = load_team_file(path, _fail, pending=True)
    if isinstance(loaded, int):
        return loaded
    text, t, _absent = loaded
    listed = args.tiebreaks if args.tiebreaks is not None else file_tiebreaks(text)
    try:
        tbs = parse_team_tiebreaks(listed) if listed is not None else None
    except TeamTiebreakError as e:
        return _fail(EXIT_INVALID, _("tie-breaks: {error}").format(error=translate_message(str(e))))
    n = t.rounds_played if args.round is None else args.round
    if not 0 <= n <= t.rounds_played:
        return _fail(EXIT_INVALID, _("--round {n}: the file has {rounds} rounds with results").format(
            n=n, rounds=t.rounds_played))
    st = team_standings(t, tbs, after_round=n)
    cross = team_crosstable(t, st) if args.crosstable else None
    boards = board_statistics(t, n) if args.boards else None
    if args.format == "json":
        sys.stdout.write(standings_json(st, cross, boards))
    elif args.format == "csv":
        sys.stdout.write(standings_csv(st))
    else:
        parts = [standings_text(st)]
        if cross is not None:
            parts.append(crosstable_text(cross, n))
        if boards is not None:
            parts.append(boards_text(boards, t))
        sys.stdout.write("\n".join(parts))
    return EXIT_OK
