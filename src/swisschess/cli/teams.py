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

The engine command line reaches the same code: ``swisschess engine --team
IN.trf -p [OUT]`` (or any file with ``310`` records / a ``192 FIDE_TEAM`` code),
``-c`` to re-pair and check every round, ``-g [CONFIG] -o OUT.trf [-s SEED]``
for a random team tournament, CONFIG holding ``Key=Value`` lines (TeamsNumber,
RoundsNumber, BoardsNumber, ColourModel, PrimaryScore, Baku, DrawPercentage,
ForfeitRate, AbsenceRate ...: :data:`swisschess.teams.generate.TEAM_CONFIG_KEYS`)
(see :func:`run_engine`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from swisschess.cli.exitcodes import (
    EXIT_DIFFERENCES,
    EXIT_FILE,
    EXIT_INVALID,
    EXIT_NO_PAIRING,
    EXIT_OK,
    fail,
)
from swisschess.cli.files import cannot_read
from swisschess.formats.trf import decode
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.teams.generate import (
    TeamConfigError,
    generate,
    generate_from_config,
    parse_team_config,
)
from swisschess.teams.model import Colour, RoundKind, Team, TeamTournament
from swisschess.teams.pairing import NoTeamPairing, TeamRoundPairing, pair_round
from swisschess.teams.trf import TeamTrfError, read_team_trf, write_team_trf


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("team-pair", help="pair the next round of a team event "
                                         "(FIDE Swiss Team Pairing System C.04.6)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input", metavar="FILE", help="TRF-2026 team file")
    p.add_argument("--absent", type=int, nargs="*", default=[], metavar="TPN",
                   help="teams not to be paired this round (besides the file's 240 Z records)")
    p.set_defaults(func=run)


def _fail(code: int, msg: str) -> int:
    return fail(code, msg, "team-pair")


def _engine_fail(code: int, msg: str) -> int:
    """``engine --team`` reports as ``engine`` does (``swisschess: ...``)."""
    return fail(code, msg)


def load_team_file(path: str, report: Callable[[int, str], int], pending: bool = False,
                   ) -> tuple[str, TeamTournament, frozenset[int]] | int:
    """The team file's text, tournament and the teams absent from the next
    round, or the exit code ``report`` returned after the message (5 unreadable,
    3 invalid).  ``pending``: read a round paired without results as not yet
    played (standings) instead of refusing it (pairing)."""
    try:
        with open(path, "rb") as f:
            text = decode(f.read())
    except OSError as e:
        return report(EXIT_FILE, cannot_read(path, e))
    try:
        return (text, *read_team_trf(text, path, pending=pending))
    except TeamTrfError as e:
        return report(EXIT_INVALID, _("{file}: invalid file: line {line}: {message}").format(
            file=path, line=e.line, message=translate_message(e.message)))


def _write(path: str, text: str, report: Callable[[int, str], int] = _fail) -> int:
    """Write ``text`` to ``path``: exit 0, or 5 after the message (through ``report``)."""
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as e:
        return report(EXIT_FILE, _("{file}: cannot write: {reason}").format(
            file=path, reason=e.strerror or e))
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    path = args.input
    loaded = load_team_file(path, _fail)
    if isinstance(loaded, int):
        return loaded
    _text, tournament, absent = loaded
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


# ------------------------------------------------------------ engine --team
def is_team_file(path: str) -> bool:
    """Whether ``path`` is a TRF team file (a ``310`` record or a ``192 FIDE_TEAM``
    code): ``swisschess engine`` then pairs it by C.04.6."""
    try:
        with open(path, "rb") as f:
            text = decode(f.read())
    except OSError:
        return False
    return any(ln.startswith("310") or ln.upper().startswith("192 FIDE_TEAM")
               for ln in text.splitlines())


def run_engine(args: argparse.Namespace) -> int:
    """``swisschess engine --team``: ``-p [OUT]`` pairs the next round (engine
    format: the number of pairs, then ``WHITE BLACK`` per line, the PAB as
    ``TPN 0``), ``-c`` re-pairs every round of the file and reports the rounds
    that differ, ``-g [CONFIG] -o OUT.trf [-s SEED]`` writes a random team tournament."""
    if args.generate is not None:
        return _engine_generate(args)
    if not args.input:
        return _engine_fail(EXIT_INVALID, _("no input file given"))
    path = args.input
    loaded = load_team_file(path, _engine_fail)
    if isinstance(loaded, int):
        return loaded
    _text, tournament, absent = loaded
    if args.check:
        return _engine_check(path, tournament)
    if args.pair is None:
        return _engine_fail(EXIT_INVALID, _("nothing to do: give -p, -c or -g"))
    if tournament.rounds_played >= tournament.rules.rounds:
        return _engine_fail(EXIT_INVALID, _("all {rounds} rounds have been paired").format(
            rounds=tournament.rules.rounds))
    try:
        pairing = pair_round(tournament, absent)
    except NoTeamPairing:
        return _engine_fail(EXIT_NO_PAIRING, _("{file}: no valid pairing: {reason}").format(
            file=path, reason=_("no pairing respects the absolute criteria")))
    lines = [f"{m.white} {m.black}" for m in pairing.matches]
    if pairing.pab is not None:
        lines.append(f"{pairing.pab} 0")
    out = "\n".join([str(len(lines)), *lines]) + "\n"
    if args.pair == "-":
        sys.stdout.write(out)
        return EXIT_OK
    return _write(args.pair, out, _engine_fail)


def _engine_check(path: str, tournament: TeamTournament) -> int:
    """Re-pair every round from the rounds before it and compare (the report is
    language-neutral, as the individual checker's)."""
    name = os.path.splitext(os.path.basename(path))[0]
    report, differ = [], 0
    for rnd in range(1, tournament.rounds_played + 1):
        before = TeamTournament(tournament.rules, [Team(t.tpn, t.name, t.rounds[:rnd - 1])
                                                   for t in tournament.teams])
        recorded = _recorded(tournament, rnd)
        absent = frozenset(t.tpn for t in tournament.teams
                           if t.rounds[rnd - 1].kind in _NOT_PAIRED)
        try:
            p = pair_round(before, absent)
            ours = _as_round(p)
        except NoTeamPairing:
            ours = None
        same = ours is not None and _same(ours, recorded)
        if not same:
            differ += 1
            report.append(f"Round #{rnd}: differs")
            report.append(f"  checker:    {_show(ours)}")
            report.append(f"  tournament: {_show(recorded)}")
        else:
            report.append(f"Round #{rnd}: ok")
    report.append(f"{name}: {tournament.rounds_played} rounds checked by C.04.6 (2026), "
                  f"{differ} differ")
    sys.stdout.write("\n".join(report) + "\n")
    return EXIT_DIFFERENCES if differ else EXIT_OK


_NOT_PAIRED = frozenset({RoundKind.ABSENT, RoundKind.FULL_BYE, RoundKind.HALF_BYE})

#: A round as (matches with colour, forfeited matches without, PAB).
_Round = tuple[frozenset[tuple[int, int]], frozenset[frozenset[int]], int | None]


def _as_round(p: TeamRoundPairing) -> _Round:
    return (frozenset((m.white, m.black) for m in p.matches), frozenset(), p.pab)


def _recorded(tournament: TeamTournament, rnd: int) -> _Round:
    played, unplayed, pab = set(), set(), None
    for t in tournament.teams:
        e = t.rounds[rnd - 1]
        if e.kind is RoundKind.PAB:
            pab = t.tpn
        elif e.played and e.colour is Colour.WHITE and e.opponent is not None:
            played.add((t.tpn, e.opponent))
        elif not e.played and e.opponent is not None:
            unplayed.add(frozenset((t.tpn, e.opponent)))
    return frozenset(played), frozenset(unplayed), pab


def _same(ours: _Round, recorded: _Round) -> bool:
    """Played matches must agree with colours; a forfeited match has no colour
    (C.04.6 art. 1.6.1), so only its teams are compared."""
    matches, _none, pab = ours
    played, unplayed, rec_pab = recorded
    if pab != rec_pab or not played <= matches:
        return False
    return {frozenset(m) for m in matches - played} == set(unplayed)


def _show(r: _Round | None) -> str:
    if r is None:
        return "no pairing"
    matches, unplayed, pab = r
    parts = [f"{w}-{b}" for w, b in sorted(matches, key=min)]
    parts += [f"{min(m)}:{max(m)}" for m in sorted(unplayed, key=min)]
    return " ".join(parts) + (f" PAB {pab}" if pab is not None else "")


def _engine_generate(args: argparse.Namespace) -> int:
    from swisschess.cli.generate import parse_seed

    if not args.output:
        return _engine_fail(EXIT_INVALID, _("-g needs -o OUT.trf"))
    seed = parse_seed(args.seed)
    settings: dict[str, object] | None = None
    if args.generate:
        try:
            with open(args.generate, "rb") as f:
                config = decode(f.read())
        except OSError as e:
            return _engine_fail(EXIT_FILE, cannot_read(args.generate, e))
        try:
            settings = parse_team_config(config)
        except TeamConfigError as e:
            return _engine_fail(EXIT_INVALID, _("{file}: invalid configuration: {message}").format(
                file=args.generate, message=translate_message(str(e))))
    try:
        t = (generate(seed, absence_rate=0.04, forfeit_rate=0.03) if settings is None
             else generate_from_config(settings, seed))
    except TeamConfigError as e:
        return _engine_fail(EXIT_INVALID, _("{file}: invalid configuration: {message}").format(
            file=args.generate, message=translate_message(str(e))))
    except NoTeamPairing:
        return _engine_fail(EXIT_NO_PAIRING, _("seed {seed}: no valid pairing: {reason}").format(
            seed=seed, reason=_("no pairing respects the absolute criteria")))
    head = f"### swisschess engine --team -g {args.generate or ''} -s {seed}".replace("  ", " ")
    return _write(args.output, head + "\n" + write_team_trf(t), _engine_fail)
