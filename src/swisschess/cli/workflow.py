"""Run a tournament from the command line, kept in a database (the store).

    swisschess new "Club Open 2026" --rounds 7
    swisschess import players.csv            # or a FIDE rating list (TXT / XML), or a TRF
    swisschess add-player "Carlsen, Magnus" --rating 2830 --title GM --fed NOR
    swisschess bye 12 --round 3 --half       # requested half-point bye
    swisschess next-round                    # pair the next round and show the boards
    swisschess result 4 1-0                  # board 4 of the current round
    swisschess show standings
    swisschess export -o club-open.trf

The database is ``--db URL`` (a SQLAlchemy URL or a SQLite file path), else
``$SWISSCHESS_DB``, else ``swisschess.db`` in the current directory.  One
database holds several tournaments: ``-T ID|NAME`` picks one (default: the
newest).  Every change is saved before the command returns.  Bad input prints
one message and exits with 3; nothing is changed then.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable
from typing import Any

from swisschess import i18n
from swisschess.cli import lists, results, teamevent
from swisschess.cli import settings as settings_cli
from swisschess.cli.exitcodes import EXIT_FILE, EXIT_INVALID, EXIT_OK
from swisschess.cli.files import read_bytes
from swisschess.cli.options import add_pairing_options
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.i18n.terms import bye_name, note
from swisschess.pairing import registry
from swisschess.store.events import StoreError


def _common(p: argparse.ArgumentParser, tournament: bool = True) -> None:
    p.add_argument("--db", metavar="URL",
                   help=_("database: SQLAlchemy URL or SQLite file "
                        "(default: $SWISSCHESS_DB, else ./swisschess.db)"))
    if tournament:
        p.add_argument("-T", "--tournament", metavar="ID|NAME",
                       help=_("tournament in the database (default: the newest)"))


def register(sub: argparse._SubParsersAction) -> None:
    def add(name: str, fn: Callable, help: str, tournament: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help)
        _common(p, tournament)
        p.set_defaults(func=lambda a, fn=fn: _run(fn, a))
        return p

    p = add("new", cmd_new, _("create a tournament in the database"), tournament=False)
    p.add_argument("name", help=_("name of the tournament"))
    p.add_argument("-r", "--rounds", type=int, required=True, help=_("number of rounds"))
    p.add_argument("--city", default="", help=_("city where the tournament is played"))
    p.add_argument("--federation", default="",
                   help=_("federation of the tournament (3 letters)"))
    p.add_argument("--start", dest="start_date", default="", help=_("start date (YYYY/MM/DD)"))
    p.add_argument("--end", dest="end_date", default="", help=_("end date (YYYY/MM/DD)"))
    p.add_argument("--arbiter", dest="chief_arbiter", default="", help=_("chief arbiter"))
    p.add_argument("--time-control", default="",
                   help=_('time control, e.g. "90 min + 30 s"'))
    p.add_argument("--language", default="", choices=["", *i18n.LANGUAGES],
                   help=_("language of the tournament's web pages and lists (default: the "
                        "reader's)"))
    add_pairing_options(p, default_system="dutch",
                        edition_help=_("rule edition (default: the system's, Dutch 2026)"))
    settings_cli.add_new_options(p)
    teamevent.add_new_options(p)  # issue 32: new --team --boards N
    settings_cli.register(add)
    teamevent.register(add)

    add("tournaments", cmd_tournaments, _("list the tournaments of the database"), tournament=False)

    p = add("add-player", cmd_add_player, _("register a player"))
    p.add_argument("name", help=_('"Surname, First name" (at most 33 characters)'))
    p.add_argument("--rating", type=int, default=0, help=_("rating (0: unrated)"))
    p.add_argument("--title", default="", help=_("title: GM, IM, FM, CM, WGM, WIM, WFM, WCM"))
    p.add_argument("--sex", default="", choices=("", "m", "w"), help=_("sex: m or w"))
    p.add_argument("--fed", dest="federation", default="", help=_("federation (3 letters)"))
    p.add_argument("--fide-id", default="", help=_("FIDE id"))
    p.add_argument("--birth", default="", help=_("birth date or year"))
    p.add_argument("--club", default="", help=_("club (kept in the tournament; no TRF field)"))
    p.add_argument("--missed-rounds-points", choices=("H", "Z"), type=str.upper,
                   help=_("a late entry's rounds already paired: H half-point byes, Z zero "
                        "(default: the tournament's late-entry setting)"))

    p = add("import", cmd_import,
            _("register players from a CSV file or a FIDE rating list (TXT or XML), "
            "or create a tournament from a TRF file"))
    p.add_argument("file", help=_("the file to import"))
    p.add_argument("--format", choices=("csv", "fide-txt", "fide-xml", "trf"),
                   help=_("file format (default: from the name and contents)"))
    p.add_argument("--rating-type", choices=("standard", "rapid", "blitz"), default="standard",
                   help=_("which rating of a FIDE list to use"))
    p.add_argument("--only", metavar="FIDE_IDS",
                   help=_("comma-separated FIDE ids: register only these players of the list"))
    p.add_argument("--name", help=_("name of the tournament created from a TRF file (wins "
                                  "over the file's record 012)"))
    p.add_argument("--replace", action="store_true",
                   help=_("TRF file: replace the state of the tournament (-T) instead of "
                        "creating a new one (recorded in the log)"))
    p.add_argument("--encoding", metavar="NAME",
                   help=_("the file's encoding, e.g. utf-8, cp1250, cp1251, cp1252, cp1257, "
                        "iso-8859-2 (default: UTF-8, else detected; the message says which)"))

    p = add("update-player", cmd_update_player, _("correct a player's details"))
    p.add_argument("player", help=_("pairing number, FIDE id or name"))
    p.add_argument("--name")
    p.add_argument("--rating", type=int)
    p.add_argument("--title")
    p.add_argument("--sex", choices=("", "m", "w"))
    p.add_argument("--fed", dest="federation")
    p.add_argument("--fide-id")
    p.add_argument("--birth")
    p.add_argument("--club")

    p = add("withdraw", cmd_withdraw, _("withdraw a player (not paired any more)"))
    p.add_argument("player", help=_("pairing number, FIDE id or name"))
    p.add_argument("--undo", action="store_true", help=_("reinstate a withdrawn player"))

    p = add("bye", cmd_bye, _("request a bye for a player in a round not yet paired"))
    p.add_argument("player", help=_("pairing number, FIDE id or name"))
    p.add_argument("--round", type=int, help=_("round (default: the next round to pair)"))
    g = p.add_mutually_exclusive_group()
    g.add_argument("--half", dest="code", action="store_const", const="H",
                   help=_("half-point bye (default)"))
    g.add_argument("--zero", dest="code", action="store_const", const="Z", help=_("zero-point bye"))
    g.add_argument("--full", dest="code", action="store_const", const="F", help=_("full-point bye"))
    p.add_argument("--cancel", action="store_true", help=_("cancel the bye request"))
    p.set_defaults(code="H")

    p = add("next-round", cmd_next_round, _("pair the next round (runs the pairing engine)"))
    p.add_argument("--preview", action="store_true", help=_("show the pairing, store nothing"))
    p.add_argument("--absent", type=int, nargs="+", metavar="TEAM",
                   help=_("team event: teams not paired this round (numbers)"))

    p = add("edit-pairing", cmd_edit_pairing,
            _("pair a round by hand or change the last round's pairing (manual edit)"))
    p.add_argument("boards", nargs="+", metavar="W-B", help=_("boards as WHITE-BLACK numbers"))
    p.add_argument("--round", type=int, help=_("round (default: the last round paired)"))
    p.add_argument("--bye", type=int, help=_("player who gets the pairing-allocated bye"))
    p.add_argument("--reason", required=True, help=_("why (written to the TRF as a ### comment)"))

    # bulk entry: several BOARD RESULT pairs, or --from FILE|- (cli/results.py)
    p = add("result", results.cmd_result,
            _("enter the results of one board, several boards, or a file (all or none)"))
    results.add_arguments(p)

    p = add("undo", cmd_undo, _("remove the last round's pairing and its results"))
    p.add_argument("--yes", action="store_true",
                   help=_("remove the round even if results were entered in it"))

    p = add("show", cmd_show, _("show players, pairings, standings, crosstable or the log"))
    p.add_argument("what", choices=("players", "pairings", "standings", "crosstable", "log",
                                     "status", "settings", "ratings", "norms", "prizes", "byes",
                                     "teams", "cards"),
                   nargs="?", default="status", help=_("what to show (default: status)"))
    p.add_argument("--prizes", metavar="PRIZES.toml", help=_("prize file of 'show prizes'"))
    p.add_argument("--round", type=int,
                   help=_("round of the pairings (default: the last) or of the standings and "
                        "crosstable (default: the last complete round; a round not paired or "
                        "not complete is refused)"))

    p = add("set-language", cmd_set_language,
            _("language of the tournament's web pages and lists (i18n)"))
    p.add_argument("language", choices=["", *i18n.LANGUAGES],
                   help=_("en, sl, pl, et, cs, bg; '' = each reader's own"))

    p = add("export", cmd_export, _("write the tournament as a TRF file"))
    p.add_argument("-o", "--output", help=_("file to write (default: standard output)"))
    p.add_argument("--variant", default="2026", metavar="2026|16",
                   help=_("TRF variant: 2026 (TRF-2026, the default) or 16 (TRF16, also "
                        "written 2016); both carry what a FIDE rating report needs "
                        "(062/072/132, ranks)"))


# --------------------------------------------------------------------- helpers

def _err(msg: str) -> None:
    print(f"swisschess: {msg}", file=sys.stderr)


Command = Callable[[Any, argparse.Namespace], int]


def for_teams(team_command: Command) -> Callable[[Command], Command]:
    """A command that a team event answers with its own version (cli/teamevent.py)."""
    def wrap(command: Command) -> Command:
        @functools.wraps(command)
        def run(svc: Any, args: argparse.Namespace) -> int:
            if teamevent.is_team(svc, _tid(svc, args)):
                return team_command(svc, args)
            return command(svc, args)
        return run
    return wrap


def _sqlite_file(db: str | None) -> str | None:
    """The file of a SQLite database named by ``--db`` (or the default), else None."""
    from sqlalchemy.engine import make_url

    from swisschess.store.db import resolve_url

    try:
        u = make_url(resolve_url(db))
    except Exception:  # a bad URL: TournamentService says so
        return None
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return u.database


def _run(fn: Callable, args: argparse.Namespace) -> int:
    from swisschess.store.service import TournamentService

    # a command that creates no tournament leaves no new database file behind (issue 24)
    new_file = _sqlite_file(args.db)
    if new_file is not None and os.path.exists(new_file):
        new_file = None
    try:
        svc = TournamentService(args.db, actor="cli")
    except Exception as e:  # bad URL, unreachable server, unreadable file
        _err(_("cannot open the database {db}: {reason}").format(
            db=args.db or os.environ.get("SWISSCHESS_DB") or "", reason=e))
        return EXIT_FILE
    try:
        return int(fn(svc, args) or 0)
    except StoreError as e:
        _err(translate_message(str(e)))
        return EXIT_INVALID
    finally:
        empty = False
        if new_file is not None:
            try:
                empty = not svc.list_tournaments()
            except Exception:  # pragma: no cover - keep the file when in doubt
                empty = False
        svc.close()
        if empty and new_file is not None:
            for suffix in ("", "-wal", "-shm", "-journal"):
                try:
                    os.remove(new_file + suffix)
                except OSError:
                    pass


def _tid(svc, args) -> int:
    return svc.resolve_tournament(getattr(args, "tournament", None))


def _progress(msg: str) -> None:
    print(translate_message(msg), file=sys.stderr, flush=True)


# -------------------------------------------------------------------- commands

def cmd_new(svc, args) -> int:
    if args.team:
        return teamevent.cmd_new(svc, args)
    system = args.system or registry.systems()[0]
    edition = args.edition or registry.default_edition(system)
    extra = {}
    if args.round_robin or args.double:
        if args.system is not None or args.baku:
            _err(f"--round-robin and --{args.system or 'baku'} exclude each other")
            return EXIT_INVALID
        system, edition = registry.ROUND_ROBIN, "double" if args.double else "auto"
    elif args.baku:
        extra["baku"] = True
    tid = svc.create_tournament(
        args.name, args.rounds, system=system, **extra,
        edition=edition, city=args.city,
        federation=args.federation, start_date=args.start_date, end_date=args.end_date,
        chief_arbiter=args.chief_arbiter, time_control=args.time_control,
        **({"language": args.language} if args.language else {}),
        **settings_cli.new_settings(args))
    print(_("tournament {tid} created: {name}, {rounds} rounds ({db})").format(
        tid=tid, name=args.name, rounds=args.rounds, db=svc.url))
    settings_cli.announce_lot(svc, tid)
    return EXIT_OK


def cmd_tournaments(svc, args) -> int:
    items = svc.list_tournaments()
    if not items:
        print(_("no tournament yet (swisschess new NAME --rounds N)"))
    for it in items:
        s = svc.state(it.id)
        if s.team is not None:  # issue 32: a team event
            print(f"{it.id:4d}  {it.name:<40} " + _("{teams} teams, round {r}/{rounds}").format(
                teams=len(s.team.teams), r=s.team.current_round, rounds=s.team.rounds))
            continue
        print(f"{it.id:4d}  {it.name:<40} "
              + _("{n} players, round {r}/{rounds}").format(
                  n=len(s.t.players), r=s.current_round, rounds=s.t.rounds or "?"))
    return EXIT_OK


def _warn_all(messages: list[str]) -> None:
    """Warnings about players (store.playercheck): registered all the same."""
    for m in messages:
        print(_("warning: {message}").format(message=translate_message(m)), file=sys.stderr)


def cmd_add_player(svc, args) -> int:
    from swisschess.store.playercheck import review_players

    tid = _tid(svc, args)
    row = {"name": args.name, "rating": args.rating, "title": args.title, "sex": args.sex,
           "federation": args.federation, "fide_id": args.fide_id, "birth": args.birth,
           "club": args.club}
    warnings = review_players([row], svc.tournament(tid).players.values())
    p = svc.add_player(tid, **row, **({"missed": args.missed_rounds_points}
                                      if args.missed_rounds_points else {}))
    print(_("player {n} registered: {name} {rating}").format(
        n=p.id, name=p.name, rating=p.rating or "").rstrip())
    if p.results:  # a late entry: what the rounds missed count (C.04.2 Art. 2.4)
        from swisschess.i18n.terms import bye_name

        missed = ", ".join(f"{r}: {bye_name(e.code)}" for r, e in enumerate(p.results, 1))
        print(_("late entry, rounds missed: {rounds}").format(rounds=missed))
    _warn_all(warnings)
    return EXIT_OK


def _read_as(decoded) -> str:
    """``read as Windows-1250`` (with the first accented line when guessed)."""
    if decoded.detected and decoded.sample:
        return _("read as {encoding}, detected (first line with accents: {line}); give "
                 "--encoding if the names are wrong").format(encoding=decoded.label,
                                                              line=decoded.sample)
    return _("read as {encoding}").format(encoding=decoded.label)


def cmd_import(svc, args) -> int:
    from swisschess.store.encodings import decode_bytes
    from swisschess.store.importers import detect_format, read_players
    from swisschess.store.playercheck import review_players, unknown_columns_warning

    data = read_bytes(args.file)
    if data is None:
        return EXIT_FILE
    decoded = decode_bytes(data, args.file, args.encoding)
    text = decoded.text
    _progress(f"{args.file}: " + _read_as(decoded))
    fmt = args.format or detect_format(args.file, text)
    if fmt == "trf" and args.replace:
        tid = _tid(svc, args)
        s = svc.replace_from_trf(tid, text, os.path.basename(args.file))
        print(_("tournament {tid} replaced by {file}: {n} players, {r} round(s) paired").format(
            tid=tid, file=args.file, n=len(s.t.players), r=s.current_round))
        return EXIT_OK
    if fmt == "trf":
        tid = svc.import_trf(text, os.path.basename(args.file), name=args.name)
        s = svc.state(tid)
        print(_("tournament {tid} created from {file}: {name}, {n} players, {r} round(s) "
                "paired").format(tid=tid, file=args.file, name=s.t.name, n=len(s.t.players),
                                 r=s.current_round))
        return EXIT_OK
    only = args.only.split(",") if args.only else None
    if len(data) > 5_000_000:
        _progress(_("{file}: reading {mb} MB ({format})...").format(
            file=args.file, mb=i18n.number(round(len(data) / 1e6)), format=fmt))
    where: list[str] = []
    unknown: list[str] = []
    rows = read_players(text, fmt, args.file, args.rating_type, only, where=where,
                        unknown=unknown)
    _progress(_("{file}: {n} player(s) read ({format}), registering...").format(
        file=args.file, n=len(rows), format=fmt))
    tid = _tid(svc, args)
    warnings = review_players(rows, svc.tournament(tid).players.values(), where)
    if unknown:
        warnings.insert(0, unknown_columns_warning(args.file, unknown))
    players = svc.add_players(tid, rows)
    print(_("{n} player(s) registered (numbers {first}-{last})").format(
        n=len(players), first=players[0].id, last=players[-1].id))
    _warn_all(warnings)
    return EXIT_OK


@for_teams(teamevent.update_player)
def cmd_update_player(svc, args) -> int:
    tid = _tid(svc, args)
    p = svc.find_player(tid, args.player)
    fields = {k: getattr(args, k) for k in ("name", "rating", "title", "sex", "federation",
                                            "fide_id", "birth", "club")
              if getattr(args, k) is not None}
    if not fields:
        _err(_("nothing to change: give --name, --rating, --title, --sex, --fed, --fide-id, "
               "--birth or --club"))
        return EXIT_INVALID
    from swisschess.store.playercheck import review_players

    others = [q for q in svc.tournament(tid).players.values() if q.id != p.id]
    row = dict(fields)
    if "name" in fields or "rating" in fields:  # a likely duplicate only when these change
        row = {"name": p.name, "rating": p.rating, **fields}
    warnings = review_players([row], others, [fields.get("name", p.name)])
    p = svc.update_player(tid, p.id, **fields)
    print(_("player {n} updated: {details}").format(
        n=p.id, details=" ".join(str(x) for x in (p.name, p.title, p.rating or "", p.federation,
                                                  p.club) if x)))
    _warn_all(warnings)
    return EXIT_OK


def cmd_withdraw(svc, args) -> int:
    tid = _tid(svc, args)
    p = svc.find_player(tid, args.player)
    if args.undo:
        svc.reinstate(tid, p.id)
        print(_("player {n} {name} reinstated").format(n=p.id, name=p.name))
    else:
        svc.withdraw(tid, p.id)
        print(_("player {n} {name} withdrawn: not paired from the next round on").format(
            n=p.id, name=p.name))
    return EXIT_OK


def cmd_bye(svc, args) -> int:
    tid = _tid(svc, args)
    p = svc.find_player(tid, args.player)
    rnd = args.round if args.round is not None else svc.state(tid).current_round + 1
    if args.cancel:
        svc.cancel_bye(tid, p.id, rnd)
        print(_("bye of player {n} {name} in round {r} cancelled").format(
            n=p.id, name=p.name, r=rnd))
        return EXIT_OK
    svc.request_bye(tid, p.id, rnd, args.code)
    print(_("{bye} for player {n} {name} in round {r}").format(
        bye=bye_name(args.code), n=p.id, name=p.name, r=rnd))
    return EXIT_OK


def _print_spec(svc, tid, spec, t=None) -> None:
    # the complete list: boards, then the PAB, requested byes and absences (review #12)
    t = t or svc.tournament(tid)
    extras = ([(spec.bye, "U")] if spec.bye is not None else []) + list(spec.unpaired)
    print("\n".join(lists.pairing_list(t, spec.round, spec.boards, extras=extras)))


@for_teams(teamevent.next_round)
def cmd_next_round(svc, args) -> int:
    tid = _tid(svc, args)
    if args.preview:
        spec, work, _version = svc.preview(tid, progress=_progress)
        st = svc.state(tid)
        if st.current_round == 0 and not st.seeded:
            print(_("(pairing numbers will be assigned by rating when round 1 is paired)"))
        _print_spec(svc, tid, spec, work.t)
        print(_("preview only: nothing stored"))
        return EXIT_OK
    spec = svc.pair_next_round(tid, progress=_progress)
    _print_spec(svc, tid, spec)
    return EXIT_OK


def cmd_edit_pairing(svc, args) -> int:
    tid = _tid(svc, args)
    s = svc.state(tid)
    rnd = args.round or s.current_round
    boards = []
    for item in args.boards:
        try:
            w, b = item.replace(":", "-").split("-")
            boards.append((int(w), int(b)))
        except ValueError:
            _err(_("board {board}: expected WHITE-BLACK pairing numbers, e.g. 3-17").format(
                board=repr(item)))
            return EXIT_INVALID
    for w, b in boards:
        svc.find_player(tid, w), svc.find_player(tid, b)
    print(_("warning: a manual pairing overrides the pairing rules; it is recorded in the log "
            "and written to the TRF file as a ### comment"), file=sys.stderr)
    svc.set_pairing(tid, rnd, boards, bye=args.bye, reason=args.reason)
    print("\n".join(lists.stored_round(svc, tid, rnd)))
    return EXIT_OK


@for_teams(teamevent.undo)
def cmd_undo(svc, args) -> int:
    tid = _tid(svc, args)
    s = svc.state(tid)
    if not s.current_round:
        _err(_("no round has been paired yet"))
        return EXIT_INVALID
    rnd = s.current_round
    n = svc.results_in(s, rnd)
    if n and not args.yes:
        # results are data the arbiter entered: never removed without being asked
        _err(_("round {r} has {n} result(s): run `swisschess undo --yes` to remove them").format(
            r=rnd, n=n))
        return EXIT_INVALID
    svc.undo_last_round(tid, expected_version=s.seq)
    print(_("round {r} removed: its pairing and {n} result(s); bye requests, withdrawals and "
            "players stay").format(r=rnd, n=n))
    return EXIT_OK


def _pending_byes(s) -> dict[int, list[tuple[int, str]]]:
    """Bye requests of rounds not yet paired: player -> [(round, code)]."""
    out: dict[int, list[tuple[int, str]]] = {}
    for b in sorted(s.t.bye_requests, key=lambda b: (b.round, b.ids)):
        if b.round > s.current_round:
            for pid in b.ids:
                out.setdefault(pid, []).append((b.round, b.code))
    return out


@for_teams(teamevent.show)
def cmd_show(svc, args) -> int:
    tid = _tid(svc, args)
    s = svc.state(tid)
    t = s.t
    what = args.what
    if what in ("ratings", "norms", "prizes"):  # issue 25: cli/ratings.py
        from swisschess.cli.ratings import show_report
        return show_report(t, what, args.round, args.prizes)
    if what == "status":
        print(_("{name}: {n} players, round {r} of {rounds} paired ({system} {edition})").format(
            name=t.name, n=len(t.players), r=s.current_round, rounds=t.rounds or "?",
            system=s.system, edition=s.edition))
        pend = svc.pending(tid)
        if pend:
            print(_("round {r}: results missing on board(s) {boards}").format(
                r=s.current_round, boards=", ".join(map(str, pend))))
        return EXIT_OK
    if what == "settings":
        print("\n".join(settings_cli.settings_lines(svc, tid)))
        return EXIT_OK
    if what == "players":
        no, name, title, rtg, fed = _("No"), _("Name"), _("Title"), _("Rtg"), _("Fed")
        if s.option("rating_list"):
            print(_("Rating list") + ": " + s.option("rating_list"))
        fide, pts, club = _("FIDE id"), _("Pts"), _("Club")
        print(f"{no:>3} {name:<33} {title:<5} {rtg:>4} {fed:<3} {fide:>10} {pts:>4}  {club}")
        byes = _pending_byes(s)
        for p in t.sorted_players():
            flag = "  " + _("withdrawn") if p.withdrawn else ""
            for rnd, code in byes.get(p.id, []):
                flag += "  " + _("%(code)s bye r%(n)s") % {"code": code, "n": rnd}
            print(f"{p.id:3d} {p.name:<33} {p.title:<5} {p.rating or '':>4} {p.federation:<3} "
                  f"{p.fide_id:>10} {i18n.points(t.score(p.id)):>4}  {p.club}{flag}".rstrip())
        return EXIT_OK
    if what == "byes":
        requests = sorted((rnd, pid, code) for pid, items in _pending_byes(s).items()
                          for rnd, code in items)
        if not requests:
            print(_("no bye requested for the rounds to come"))
            return EXIT_OK
        rd, no, name = _("Round"), _("No"), _("Name")
        print(f"{rd:>5} {no:>3} {name:<33} " + _("Bye"))
        for rnd, pid, code in requests:
            print(f"{rnd:5d} {pid:3d} {t.players[pid].name:<33} {bye_name(code)}")
        return EXIT_OK
    if what == "pairings":
        rnd = args.round if args.round is not None else s.current_round
        if not s.current_round:
            _err(_("no round has been paired yet"))
            return EXIT_INVALID
        print("\n".join(lists.stored_round(svc, tid, rnd)))
        return EXIT_OK
    if what == "standings":
        st = svc.standings(tid, args.round)
        print(_("Standings after round {n}").format(n=st.round))
        for text in st.notes:
            print(f"({note(text)})")
        print("\n".join(lists.standings_list(st)))  # as standings FILE (review #13)
        return EXIT_OK
    if what == "crosstable":
        from swisschess.store.ranking import standings_round

        # --round N: the crosstable after round N, refused as ``show standings`` is
        n = s.current_round if args.round is None else standings_round(t, args.round)
        no, name, pts, rn = _("No"), _("Name"), _("Pts"), _("R{n}")
        print(f"{no:>3} {name:<26} "
              + " ".join(f"{rn.format(n=i):>5}" for i in range(1, n + 1))
              + f"   {pts}")
        for p in t.sorted_players():
            cells = []
            for i in range(1, n + 1):
                e = p.entry(i)
                if e is None or e.blank:
                    cells.append("    -")
                elif e.opponent is None:
                    cells.append(f"{e.code:>5}")
                else:
                    c = "w" if e.colour.value == "w" else "b"
                    cells.append(f"{e.opponent:>3}{c}{e.code if e.code != '*' else ' '}")
            print(f"{p.id:3d} {p.name[:26]:<26} " + " ".join(cells)
                  + f"  {i18n.points(t.score(p.id, n)):>4}")
        return EXIT_OK
    for e in svc.log(tid):
        print(f"{e.seq:5d} {i18n.datetime(e.created_at, 'short')} {e.actor:<4} {e.kind:<13} "
              + ", ".join(f"{k}={v}" for k, v in e.payload.items() if k != "text"))
    return EXIT_OK


def cmd_set_language(svc, args) -> int:
    tid = _tid(svc, args)
    svc.update_settings(tid, language=args.language)
    name = i18n.LANGUAGES.get(args.language) or _("the reader's")
    print(_("Language of the tournament: %(name)s") % {"name": name})
    return EXIT_OK


def cmd_export(svc, args) -> int:
    tid = _tid(svc, args)
    text = (teamevent.export(svc, args) if teamevent.is_team(svc, tid)
            else svc.export_trf(tid, args.variant))
    if args.output is None:
        sys.stdout.write(text)
        return EXIT_OK
    if not args.output.strip():
        _err(_("{file}: cannot write: {reason}").format(file="-o ''", reason=_("no file name")))
        return EXIT_FILE
    tmp = args.output + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, args.output)
    except OSError as e:
        _err(_("{file}: cannot write: {reason}").format(file=args.output, reason=e.strerror or e))
        return EXIT_FILE
    print(_("{file} written").format(file=args.output), file=sys.stderr)
    return EXIT_OK
