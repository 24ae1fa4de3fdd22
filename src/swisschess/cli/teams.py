"""``swisschess team-pair FILE``: the next round of a team event (C.04.6).

    swisschess team-pair event.trf [--absent 3 7]

FILE is a TRF-2026 team file (``001`` players, ``310`` teams, ``320`` PABs,
``240`` byes and absences, ``142`` rounds, ``192`` FIDE_TEAM code, ``352`` board
colours, ``362`` match points).  The next round is paired by the FIDE Swiss Team
Pairing System (:mod:`swisschess.teams.pairing`) and printed board by board:
the team with White on board 1 first, then its opponent, then the article of
C.04.6 art. 4.3 that gave the colours.

Exit codes: 0 paired, 1 no pairing (art. 3.3.3), 3 invalid file or all rounds
paired, 5 file cannot be read.
"""

from __future__ import annotations

import argparse
import sys

from swisschess.cli.exitcodes import EXIT_FILE, EXIT_INVALID, EXIT_NO_PAIRING, EXIT_OK
from swisschess.formats.trf import decode
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.teams.pairing import NoTeamPairing, pair_round
from swisschess.teams.trf import TeamTrfError, read_team_trf


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("team-pair", help="pair the next round of a team event "
                                         "(FIDE Swiss Team Pairing System C.04.6)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input", metavar="FILE", help="TRF-2026 team file")
    p.add_argument("--absent", type=int, nargs="*", default=[], metavar="TPN",
                   help="teams not to be paired this round (besides the file's 240 Z records)")
    p.set_defaults(func=run)


def _fail(code: int, msg: str) -> int:
    print(f"swisschess team-pair: {msg}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    path = args.input
    try:
        with open(path, "rb") as f:
            text = decode(f.read())
    except OSError as e:
        return _fail(EXIT_FILE, _("{file}: cannot read: {reason}").format(
            file=path, reason=e.strerror or e))
    try:
        tournament, absent = read_team_trf(text, path)
    except TeamTrfError as e:
        return _fail(EXIT_INVALID, _("{file}: invalid file: line {line}: {message}").format(
            file=path, line=e.line, message=translate_message(e.message)))
    unknown = sorted(set(args.absent) - {t.tpn for t in tournament.teams})
    if unknown:
        return _fail(EXIT_INVALID, _("--absent: no team {tpn} in {file}").format(
            tpn=unknown[0], file=path))
    if tournament.rounds_played >= tournament.rules.rounds:
        return _fail(EXIT_INVALID, _("all {rounds} rounds have been paired").format(
            rounds=tournament.rules.rounds))
    try:
        pairing = pair_round(tournament, absent | set(args.absent))
    except NoTeamPairing:
        return _fail(EXIT_NO_PAIRING, _("{file}: no valid pairing for the next round: {reason}")
                     .format(file=path, reason=_("no pairing respects the absolute criteria")))
    names = {t.tpn: t.name for t in tournament.teams}
    print(_("Round {n}").format(n=pairing.round))
    print(f"{_('Board'):>5}  {_('White'):<28}  {_('Black'):<28}")
    for board, m in enumerate(pairing.matches, start=1):
        white = f"{m.white:3d} {names[m.white]}"[:28]
        black = f"{m.black:3d} {names[m.black]}"[:28]
        print(f"{board:5d}  {white:<28}  {black:<28}  {m.rule}")
    if pairing.pab is not None:
        print(_("PAB: {pid}").format(pid=f"{pairing.pab} {names[pairing.pab]}"))
    return EXIT_OK
