"""A team event run from the command line (issue 32; pairing by C.04.6).

    swisschess new "Club League" --team --boards 4 --rounds 5 [--colours A|B|none]
    swisschess add-team "Rooks"
    swisschess add-team-player Rooks "Novak, Jan" --rating 2105
    swisschess import-teams teams.csv          # team,name,rating,title,federation,fide_id
    swisschess next-round [--absent 5]          # C.04.6: matches, then the PAB
    swisschess lineup Rooks 1 2 4 5             # board 1 first (board order checked)
    swisschess match-result 1 1-0 1/2 0-1 +-    # match 1, boards 1-4, first team first
    swisschess match-result 1 --board 3 1/2 --correct
    swisschess show pairings | cards | standings | teams
    swisschess undo --yes
    swisschess export -o league.trf             # TRF-2026 with the team records

The store is the individual manager's (same database, log, lock and undo);
this module adds the team commands and the team side of ``next-round``,
``undo``, ``show`` and ``export`` (:mod:`swisschess.cli.workflow` hands a team
event over).  A board result is written from the first team's side (the team
with White on board 1): ``1-0`` is a win of its player, whatever his colour.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from swisschess import i18n
from swisschess.cli.exitcodes import EXIT_FILE, EXIT_INVALID, EXIT_OK
from swisschess.cli.files import read_bytes
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.i18n.terms import colour_letter
from swisschess.store.events import NotFound
from swisschess.store.service import EntryError, TournamentService
from swisschess.store.teamdesk import MatchCard, TeamDesk
from swisschess.store.teamevents import TeamState

#: The colour preference models the ``--colours`` option takes (C.04.6 art. 1.7).
COLOUR_CHOICES = ("A", "B", "none")


def add_new_options(p: argparse.ArgumentParser) -> None:
    """``new --team --boards N --colours A|B|none``."""
    p.add_argument("--team", action="store_true",
                   help=_("a team event, paired by the FIDE Swiss Team Pairing System (C.04.6)"))
    p.add_argument("--boards", type=int, help=_("team event: boards per match"))
    p.add_argument("--colours", choices=COLOUR_CHOICES, default="A",
                   help=_("team event: colour preferences, Type A (default), Type B or none "
                          "(C.04.6 art. 1.7)"))


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """The team commands (``add`` is the workflow's command maker)."""
    p = add("add-team", cmd_add_team, _("team event: register a team"))
    p.add_argument("name", help=_("name of the team (at most 32 characters)"))

    p = add("add-team-player", cmd_add_player,
            _("team event: add a player at the end of a team's list (its board order)"))
    p.add_argument("team", help=_("team: number or name"))
    p.add_argument("name", help=_('"Surname, First name" (at most 33 characters)'))
    p.add_argument("--rating", type=int, default=0, help=_("rating (0: unrated)"))
    p.add_argument("--title", default="", help=_("title: GM, IM, FM, CM, WGM, WIM, WFM, WCM"))
    p.add_argument("--fed", dest="federation", default="", help=_("federation (3 letters)"))
    p.add_argument("--fide-id", default="", help=_("FIDE id"))

    p = add("import-teams", cmd_import,
            _("team event: register teams and their players from a CSV file (columns team, "
              "name, rating, title, federation, fide_id; players in board order)"))
    p.add_argument("file", help=_("the file to import"))

    p = add("lineup", cmd_lineup,
            _("team event: a team's line-up for the round, board 1 first (a player may not "
              "play above a player listed higher who also plays)"))
    p.add_argument("team", help=_("team: number or name"))
    p.add_argument("players", nargs="+", metavar="PLAYER",
                   help=_("player numbers or names, board 1 first; '-' leaves a board empty"))
    p.add_argument("--round", type=int, help=_("round (default: the last round paired)"))

    p = add("match-result", cmd_match_result,
            _("team event: the board results of a match (first team's player first: 1-0 is "
              "his win), all or none"))
    p.add_argument("match", type=int, help=_("match number"))
    p.add_argument("results", nargs="+", metavar="RESULT",
                   help=_("one result a board, board 1 first (with --board: one result)"))
    p.add_argument("--board", type=int, help=_("enter only this board"))
    p.add_argument("--round", type=int, help=_("round (default: the last round paired)"))
    p.add_argument("--correct", action="store_true", help=_("replace results already entered"))


def is_team(svc: TournamentService, tid: int) -> bool:
    return TeamDesk.is_team(svc, tid)


def _err(msg: str) -> None:
    print(f"swisschess: {msg}", file=sys.stderr)


def _tid(svc: TournamentService, args: argparse.Namespace) -> int:
    return svc.resolve_tournament(getattr(args, "tournament", None))


def _pts(x: float) -> str:
    return i18n.points(x)


# -------------------------------------------------------------------- commands

def cmd_new(svc: TournamentService, args: argparse.Namespace) -> int:
    if not args.boards:
        _err(_("a team event needs --boards N (boards per match)"))
        return EXIT_INVALID
    tid = TeamDesk(svc).create(args.name, args.rounds, args.boards, args.colours.lower())
    print(_("team event {tid} created: {name}, {rounds} rounds, {boards} boards ({db})").format(
        tid=tid, name=args.name, rounds=args.rounds, boards=args.boards, db=svc.url))
    return EXIT_OK


def cmd_add_team(svc: TournamentService, args: argparse.Namespace) -> int:
    team = TeamDesk(svc).add_team(_tid(svc, args), args.name)
    print(_("team {n} registered: {name}").format(n=team.tpn, name=team.name))
    return EXIT_OK


def cmd_add_player(svc: TournamentService, args: argparse.Namespace) -> int:
    desk = TeamDesk(svc)
    tid = _tid(svc, args)
    p = desk.add_player(tid, args.team, args.name, args.rating, title=args.title,
                        federation=args.federation, fide_id=args.fide_id)
    team = desk.find_team(tid, args.team)
    print(_("player {n} {name} added to team {team}, list no. {pos}").format(
        n=p.pid, name=p.name, team=team.name, pos=len(team.players)))
    return EXIT_OK


def cmd_import(svc: TournamentService, args: argparse.Namespace) -> int:
    from swisschess.store.encodings import decode_bytes

    data = read_bytes(args.file)
    if data is None:
        return EXIT_FILE
    text = decode_bytes(data, args.file).text
    teams, players = TeamDesk(svc).import_csv(_tid(svc, args), text, os.path.basename(args.file))
    print(_("{teams} team(s) and {players} player(s) registered from {file}").format(
        teams=teams, players=players, file=args.file))
    return EXIT_OK


def update_player(svc: TournamentService, args: argparse.Namespace) -> int:
    """``update-player`` of a team event: the player by number, his details corrected."""
    desk = TeamDesk(svc)
    tid = _tid(svc, args)
    if not str(args.player).strip().isdigit():  # a team event's players by number
        raise NotFound(f"unknown player {args.player}")
    fields = {k: getattr(args, k) for k in ("name", "rating", "title", "federation", "fide_id")
              if getattr(args, k, None) is not None}
    p = desk.update_player(tid, int(args.player), **fields)
    print(_("player {n} updated: {details}").format(
        n=p.pid, details=" ".join(str(x) for x in (p.name, p.title, p.rating or "",
                                                   p.federation) if x)))
    return EXIT_OK


def cmd_lineup(svc: TournamentService, args: argparse.Namespace) -> int:
    desk = TeamDesk(svc)
    tid = _tid(svc, args)
    rnd = args.round or desk.state(tid).current_round
    team = desk.find_team(tid, args.team)
    pids = desk.set_lineup(tid, rnd, team.tpn, args.players)
    ts = desk.state(tid)
    print(_("round {r}: line-up of team {team}").format(r=rnd, team=team.name))
    for board, pid in enumerate(pids, 1):
        who = f"{pid:3d} {ts.players[pid].name}" if pid else "  - " + _("empty board")
        print(f"  {board:2d}  {who}")
    return EXIT_OK


def cmd_match_result(svc: TournamentService, args: argparse.Namespace) -> int:
    desk = TeamDesk(svc)
    tid = _tid(svc, args)
    ts = desk.state(tid)
    rnd = args.round or ts.current_round
    if args.board is not None:
        if len(args.results) != 1:
            _err(_("--board takes one result"))
            return EXIT_INVALID
        entries = [(args.board, args.results[0])]
    else:
        if len(args.results) != ts.boards:
            _err(_("match {m}: {n} result(s) for {boards} boards (or give --board)").format(
                m=args.match, n=len(args.results), boards=ts.boards))
            return EXIT_INVALID
        entries = list(enumerate(args.results, 1))
    late = rnd < ts.current_round
    old = ", ".join(ts.paired[rnd].results.get((args.match, b), "-") for b, _w in entries) \
        if late and rnd in ts.paired else ""
    try:
        card = desk.enter_results(tid, rnd, args.match, entries, correction=args.correct)
    except EntryError as e:
        _err(_("Board {board}: {error}").format(board=entries[e.index][0],
                                                error=translate_message(str(e.error))))
        print(_("nothing stored"), file=sys.stderr)
        return EXIT_INVALID
    print("\n".join(card_lines(card)))
    if late:  # General Handling Rules art. 4.3: the rounds paired since stay as they are
        last = ts.current_round
        why = (f"round {last} was paired with the previous result ({old})" if last == rnd + 1
               else f"rounds {rnd + 1}-{last} were paired with the previous result ({old})")
        print(_("warning: {message}").format(message=translate_message(why)), file=sys.stderr)
    return EXIT_OK


# ------------------------------------------------- team side of shared commands

def next_round(svc: TournamentService, args: argparse.Namespace) -> int:
    desk = TeamDesk(svc)
    tid = _tid(svc, args)
    absent = list(getattr(args, "absent", None) or [])
    if getattr(args, "preview", False):
        p = desk.preview(tid, absent)
        ts = desk.state(tid)
        print(_("Round {n}").format(n=p.round))
        for n, m in enumerate(p.matches, 1):
            print(f"{n:4d}  {m.white:3d} {ts.teams[m.white].name:<28} - {m.black:3d} "
                  f"{ts.teams[m.black].name:<28} {m.rule}")
        if p.pab is not None:
            print(_("PAB: {team}").format(team=f"{p.pab} {ts.teams[p.pab].name}"))
        print(_("preview only: nothing stored"))
        return EXIT_OK
    desk.pair(tid, absent)
    print("\n".join(pairing_lines(desk, tid, desk.state(tid).current_round)))
    return EXIT_OK


def _open(svc: TournamentService, args: argparse.Namespace) -> tuple[TeamDesk, int, TeamState]:
    """The team desk, the tournament the command names and its team state."""
    desk = TeamDesk(svc)
    tid = _tid(svc, args)
    return desk, tid, desk.state(tid)


def undo(svc: TournamentService, args: argparse.Namespace) -> int:
    desk, tid, ts = _open(svc, args)
    rnd = ts.current_round
    if not rnd:
        _err(_("no round has been paired yet"))
        return EXIT_INVALID
    n = len(ts.paired[rnd].results)
    if n and not args.yes:
        _err(_("round {r} has {n} result(s): run `swisschess undo --yes` to remove them").format(
            r=rnd, n=n))
        return EXIT_INVALID
    desk.undo(tid, expected=svc.state(tid).seq)
    print(_("round {r} removed: its pairing, line-ups and {n} board result(s); teams and "
            "players stay").format(r=rnd, n=n))
    return EXIT_OK


def show(svc: TournamentService, args: argparse.Namespace) -> int:
    desk, tid, ts = _open(svc, args)
    what = args.what
    rnd = args.round or ts.current_round
    if what in ("pairings", "cards") and not ts.current_round:
        _err(_("no round has been paired yet"))
        return EXIT_INVALID
    if what == "pairings":
        print("\n".join(pairing_lines(desk, tid, rnd)))
    elif what == "cards":
        for card in desk.cards(tid, rnd):
            print("\n".join(card_lines(card)))
            print()
    elif what == "standings":
        upto, labels, rows = desk.standings(tid)
        print(_("Standings after round {n}").format(n=upto))
        head = (_("Rank"), _("No"), _("Team"), _("MP"), _("GP"))
        print(f"{head[0]:>4} {head[1]:>3} {head[2]:<32} {head[3]:>5} {head[4]:>5}"
              + "".join(f" {label:>9}" for label in labels))
        for row in rows:
            print(f"{row.rank:4d} {row.tpn:3d} {row.name:<32} {_pts(row.match_points):>5} "
                  f"{_pts(row.game_points):>5}" + "".join(f" {v:>9}" for v in row.tiebreaks))
    elif what in ("players", "teams"):
        for tpn, team in sorted(ts.teams.items()):
            print(f"{tpn:3d} {team.name}")
            for pos, pid in enumerate(team.players, 1):
                p = ts.players[pid]
                print(f"      {pos:2d}. {pid:3d} {p.name:<33} {p.title:<3} {p.rating or '':>4} "
                      f"{p.federation}".rstrip())
    elif what == "status":
        s = svc.state(tid)
        print(_("{name}: team event, {teams} teams, {boards} boards, round {r} of {rounds} "
                "paired").format(name=s.t.name, teams=len(ts.teams), boards=ts.boards,
                                 r=ts.current_round, rounds=ts.rounds))
        pend = ts.pending(ts.current_round)
        if pend:
            print(_("round {r}: results missing in match(es) {matches}").format(
                r=ts.current_round, matches=", ".join(str(m) for m in sorted({m for m, _b
                                                                              in pend}))))
    elif what == "log":
        for e in svc.log(tid):
            print(f"{e.seq:5d} {i18n.datetime(e.created_at, 'short')} {e.actor:<4} {e.kind:<13} "
                  + ", ".join(f"{k}={v}" for k, v in e.payload.items()))
    else:
        _err(_("a team event shows: status, teams, pairings, cards, standings, log"))
        return EXIT_INVALID
    return EXIT_OK


def export(svc: TournamentService, args: argparse.Namespace) -> str:
    return TeamDesk(svc).export_trf(_tid(svc, args))


# ----------------------------------------------------------------------- lists

def pairing_lines(desk: TeamDesk, tid: int, rnd: int) -> list[str]:
    """The team pairings of a round: match, first team (White on board 1), second
    team, match result once in, the colour rule of C.04.6 art. 4.3."""
    ts = desk.state(tid)
    r = ts.round(rnd)
    out = [_("Round {n}").format(n=rnd)]
    head = (_("Match"), _("White on board 1"), _("Team"), _("Result"))
    out.append(f"{head[0]:>5}  {head[1]:<32} {head[2]:<32} {head[3]}")
    for card in desk.cards(tid, rnd):
        score = (f"{_pts(card.score[0])} - {_pts(card.score[1])}" if card.score else "")
        if card.points:
            score += "  " + _("({first}:{second} match points)").format(
                first=_pts(card.points[0]), second=_pts(card.points[1]))
        out.append(f"{card.number:5d}  {card.first.tpn:3d} {card.first.name:<28} "
                   f"{card.second.tpn:3d} {card.second.name:<28} {score}".rstrip())
    if r.pab is not None:
        out.append(_("PAB: {team}").format(team=f"{r.pab} {ts.teams[r.pab].name}"))
    for tpn in r.absent:
        out.append(_("absent: {team}").format(team=f"{tpn} {ts.teams[tpn].name}"))
    return out


def card_lines(card: MatchCard) -> list[str]:
    """A match card: the boards, players, colours and results."""
    score = f"  {_pts(card.score[0])} - {_pts(card.score[1])}" if card.score else ""
    if card.points:
        score += "  " + _("({first}:{second} match points)").format(
            first=_pts(card.points[0]), second=_pts(card.points[1]))
    out = [_("Round {r}, match {m}: {first} - {second}").format(
        r=card.round, m=card.number, first=card.first.name, second=card.second.name) + score]
    for b in card.boards:
        first = f"{b.first.pid:3d} {b.first.name:<28} {b.first.rating or '':>4}" if b.first \
            else f"  - {_('empty board'):<28}     "
        second = f"{b.second.pid:3d} {b.second.name:<28} {b.second.rating or '':>4}" if b.second \
            else f"  - {_('empty board'):<28}"
        other = "B" if b.colour == "W" else "W"
        colours = f"{colour_letter(b.colour)}-{colour_letter(other)}"
        out.append(f"  {b.board:2d} {colours}  {first}  {second}  {b.result or '...'}".rstrip())
    return out
