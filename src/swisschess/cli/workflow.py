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
import os
import sys
from collections.abc import Callable
from fractions import Fraction

from swisschess import i18n
from swisschess.cli.exitcodes import EXIT_FILE, EXIT_INVALID, EXIT_OK
from swisschess.cli.options import (
    add_acceleration_option,
    add_round_robin_options,
    add_system_options,
)
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.i18n.terms import bye_name, note
from swisschess.pairing import registry
from swisschess.store.events import StoreError


def _common(p: argparse.ArgumentParser, tournament: bool = True) -> None:
    p.add_argument("--db", metavar="URL",
                   help="database: SQLAlchemy URL or SQLite file "
                        "(default: $SWISSCHESS_DB, else ./swisschess.db)")
    if tournament:
        p.add_argument("-T", "--tournament", metavar="ID|NAME",
                       help="tournament in the database (default: the newest)")


def register(sub: argparse._SubParsersAction) -> None:
    def add(name: str, fn: Callable, help: str, tournament: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help)
        _common(p, tournament)
        p.set_defaults(func=lambda a, fn=fn: _run(fn, a))
        return p

    p = add("new", cmd_new, "create a tournament in the database", tournament=False)
    p.add_argument("name")
    p.add_argument("-r", "--rounds", type=int, required=True, help="number of rounds")
    p.add_argument("--city", default="")
    p.add_argument("--federation", default="")
    p.add_argument("--start", dest="start_date", default="", help="start date (YYYY/MM/DD)")
    p.add_argument("--end", dest="end_date", default="", help="end date (YYYY/MM/DD)")
    p.add_argument("--arbiter", dest="chief_arbiter", default="", help="chief arbiter")
    p.add_argument("--time-control", default="")
    p.add_argument("--language", default="", choices=["", *i18n.LANGUAGES],
                   help="language of the tournament's web pages and lists (default: the "
                        "reader's)")
    add_system_options(p, default_system="dutch",
                       edition_help="rule edition (default: the system's, Dutch 2026)")
    add_acceleration_option(p)
    add_round_robin_options(p)

    add("tournaments", cmd_tournaments, "list the tournaments of the database", tournament=False)

    p = add("add-player", cmd_add_player, "register a player")
    p.add_argument("name", help='"Surname, First name" (at most 33 characters)')
    p.add_argument("--rating", type=int, default=0)
    p.add_argument("--title", default="")
    p.add_argument("--sex", default="", choices=("", "m", "w"))
    p.add_argument("--fed", dest="federation", default="", help="federation (3 letters)")
    p.add_argument("--fide-id", default="")
    p.add_argument("--birth", default="", help="birth date or year")

    p = add("import", cmd_import,
            "register players from a CSV file or a FIDE rating list (TXT or XML), "
            "or create a tournament from a TRF file")
    p.add_argument("file")
    p.add_argument("--format", choices=("csv", "fide-txt", "fide-xml", "trf"),
                   help="file format (default: from the name and contents)")
    p.add_argument("--rating-type", choices=("standard", "rapid", "blitz"), default="standard",
                   help="which rating of a FIDE list to use")
    p.add_argument("--only", metavar="FIDE_IDS",
                   help="comma-separated FIDE ids: register only these players of the list")
    p.add_argument("--name", help="name of the tournament created from a TRF file")
    p.add_argument("--replace", action="store_true",
                   help="TRF file: replace the state of the tournament (-T) instead of "
                        "creating a new one (recorded in the log)")

    p = add("update-player", cmd_update_player, "correct a player's details")
    p.add_argument("player", help="pairing number, FIDE id or name")
    p.add_argument("--name")
    p.add_argument("--rating", type=int)
    p.add_argument("--title")
    p.add_argument("--sex", choices=("", "m", "w"))
    p.add_argument("--fed", dest="federation")
    p.add_argument("--fide-id")
    p.add_argument("--birth")

    p = add("withdraw", cmd_withdraw, "withdraw a player (not paired any more)")
    p.add_argument("player", help="pairing number, FIDE id or name")
    p.add_argument("--undo", action="store_true", help="reinstate a withdrawn player")

    p = add("bye", cmd_bye, "request a bye for a player in a round not yet paired")
    p.add_argument("player", help="pairing number, FIDE id or name")
    p.add_argument("--round", type=int, help="round (default: the next round to pair)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--half", dest="code", action="store_const", const="H",
                   help="half-point bye (default)")
    g.add_argument("--zero", dest="code", action="store_const", const="Z", help="zero-point bye")
    g.add_argument("--full", dest="code", action="store_const", const="F", help="full-point bye")
    p.add_argument("--cancel", action="store_true", help="cancel the bye request")
    p.set_defaults(code="H")

    p = add("next-round", cmd_next_round, "pair the next round (runs the pairing engine)")
    p.add_argument("--preview", action="store_true", help="show the pairing, store nothing")

    p = add("edit-pairing", cmd_edit_pairing,
            "pair a round by hand or change the last round's pairing (manual edit)")
    p.add_argument("boards", nargs="+", metavar="W-B", help="boards as WHITE-BLACK numbers")
    p.add_argument("--round", type=int, help="round (default: the last round paired)")
    p.add_argument("--bye", type=int, help="player who gets the pairing-allocated bye")
    p.add_argument("--reason", required=True, help="why (written to the TRF as a ### comment)")

    p = add("result", cmd_result, "enter the result of a board")
    p.add_argument("board", type=int)
    p.add_argument("result", help="1-0, 0-1, 1/2, +- (forfeit win), -+ , -- (double forfeit)")
    p.add_argument("--round", type=int, help="round (default: the last round paired)")
    p.add_argument("--correct", action="store_true", help="replace a result already entered")

    p = add("undo", cmd_undo, "remove the last round's pairing and its results")
    p.add_argument("--yes", action="store_true",
                   help="remove the round even if results were entered in it")

    p = add("show", cmd_show, "show players, pairings, standings, crosstable or the log")
    p.add_argument("what", choices=("players", "pairings", "standings", "crosstable", "log",
                                     "status", "byes"), nargs="?", default="status")
    p.add_argument("--round", type=int,
                   help="round of the pairings (default: the last) or of the standings "
                        "(default: the last complete round)")

    p = add("set-language", cmd_set_language,
            "language of the tournament's web pages and lists (i18n)")
    p.add_argument("language", choices=["", *i18n.LANGUAGES],
                   help="en, sl, pl, et, cs, bg; '' = each reader's own")

    p = add("export", cmd_export, "write the tournament as a TRF file")
    p.add_argument("-o", "--output", help="file to write (default: standard output)")
    p.add_argument("--variant", default="2026", help="TRF variant (default 2026)")


# --------------------------------------------------------------------- helpers

def _err(msg: str) -> None:
    print(f"swisschess: {msg}", file=sys.stderr)


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


def _pts(x: Fraction) -> str:
    return i18n.points(x)


def _tb(x) -> str:
    if x is None:
        return ""
    return i18n.number(round(float(x), 2))


def _progress(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# -------------------------------------------------------------------- commands

def cmd_new(svc, args) -> int:
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
        **({"language": args.language} if args.language else {}))
    print(_("tournament {tid} created: {name}, {rounds} rounds ({db})").format(
        tid=tid, name=args.name, rounds=args.rounds, db=svc.url))
    return EXIT_OK


def cmd_tournaments(svc, args) -> int:
    items = svc.list_tournaments()
    if not items:
        print(_("no tournament yet (swisschess new NAME --rounds N)"))
    for it in items:
        s = svc.state(it.id)
        print(f"{it.id:4d}  {it.name:<40} "
              + _("{n} players, round {r}/{rounds}").format(
                  n=len(s.t.players), r=s.current_round, rounds=s.t.rounds or "?"))
    return EXIT_OK


def cmd_add_player(svc, args) -> int:
    tid = _tid(svc, args)
    p = svc.add_player(tid, name=args.name, rating=args.rating, title=args.title, sex=args.sex,
                       federation=args.federation, fide_id=args.fide_id, birth=args.birth)
    print(_("player {n} registered: {name} {rating}").format(
        n=p.id, name=p.name, rating=p.rating or "").rstrip())
    return EXIT_OK


def cmd_import(svc, args) -> int:
    from swisschess.store.importers import detect_format, read_players

    try:
        with open(args.file, "rb") as f:
            data = f.read()
    except OSError as e:
        _err(_("{file}: cannot read: {reason}").format(file=args.file, reason=e.strerror or e))
        return EXIT_FILE
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
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
    rows = read_players(text, fmt, args.file, args.rating_type, only)
    _progress(_("{file}: {n} player(s) read ({format}), registering...").format(
        file=args.file, n=len(rows), format=fmt))
    tid = _tid(svc, args)
    players = svc.add_players(tid, rows)
    print(_("{n} player(s) registered (numbers {first}-{last})").format(
        n=len(players), first=players[0].id, last=players[-1].id))
    return EXIT_OK


def cmd_update_player(svc, args) -> int:
    tid = _tid(svc, args)
    p = svc.find_player(tid, args.player)
    fields = {k: getattr(args, k) for k in ("name", "rating", "title", "sex", "federation",
                                            "fide_id", "birth") if getattr(args, k) is not None}
    if not fields:
        _err(_("nothing to change: give --name, --rating, --title, --sex, --fed, --fide-id or "
               "--birth"))
        return EXIT_INVALID
    p = svc.update_player(tid, p.id, **fields)
    print(_("player {n} updated: {details}").format(
        n=p.id, details=f"{p.name} {p.title} {p.rating or ''} {p.federation}".rstrip()))
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
    rnd = args.round or svc.state(tid).current_round + 1
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
    t = t or svc.tournament(tid)
    rnd = spec.round
    print(_("Round {n}").format(n=rnd))
    bd, no, white, black, pts = _("Bd"), _("No"), _("White"), _("Black"), _("Pts")
    print(f"{bd:>3}  {no:>3} {white:<28} {pts:>4}   {pts:>4} {no:>3} {black}")
    for n, (w, b) in enumerate(spec.boards, 1):
        pw, pb = t.players[w], t.players[b]
        print(f"{n:3d}  {w:3d} {pw.name[:28]:<28} {_pts(t.score(w, rnd - 1)):>4} - "
              f"{_pts(t.score(b, rnd - 1)):>4} {b:3d} {pb.name}")
    if spec.bye is not None:
        pab = _("pairing-allocated bye")
        print(f"     {spec.bye:3d} {t.players[spec.bye].name}: {pab}")


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
    from swisschess.store.events import PairingSpec

    s = svc.state(tid)
    bye = next((p.id for p, c in svc.round_extras(tid, rnd) if c == "U"), None)
    _print_spec(svc, tid, PairingSpec(rnd, s.boards[rnd], bye))
    return EXIT_OK


def cmd_result(svc, args) -> int:
    tid = _tid(svc, args)
    rnd = args.round or svc.state(tid).current_round
    if not rnd:
        _err(_("no round has been paired yet"))
        return EXIT_INVALID
    bv = svc.enter_result(tid, rnd, args.board, args.result, correction=args.correct)
    left = len(svc.pending(tid)) if rnd == svc.state(tid).current_round else 0
    print(_("round {r} board {b}: {white} {result} {black}").format(
        r=rnd, b=bv.board, white=bv.white.name, result=bv.result, black=bv.black.name)
          + "  " + (_("({n} result(s) to enter)").format(n=left) if left
                    else _("(round complete)")))
    if bv.warning:  # a result changed after later rounds were paired on it (issue 24)
        print("swisschess: " + _("warning: {message}").format(
            message=translate_message(bv.warning)), file=sys.stderr)
    return EXIT_OK


def cmd_undo(svc, args) -> int:
    tid = _tid(svc, args)
    s = svc.state(tid)
    rnd = s.current_round
    if not rnd:
        _err(_("no round has been paired yet"))
        return EXIT_INVALID
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


def cmd_show(svc, args) -> int:
    tid = _tid(svc, args)
    s = svc.state(tid)
    t = s.t
    what = args.what
    if what == "status":
        print(_("{name}: {n} players, round {r} of {rounds} paired ({system} {edition})").format(
            name=t.name, n=len(t.players), r=s.current_round, rounds=t.rounds or "?",
            system=s.system, edition=s.edition))
        pend = svc.pending(tid)
        if pend:
            print(_("round {r}: results missing on board(s) {boards}").format(
                r=s.current_round, boards=", ".join(map(str, pend))))
        return EXIT_OK
    if what == "players":
        no, name, title, rtg, fed = _("No"), _("Name"), _("Title"), _("Rtg"), _("Fed")
        fide, pts = _("FIDE id"), _("Pts")
        print(f"{no:>3} {name:<33} {title:<5} {rtg:>4} {fed:<3} {fide:>10} {pts}")
        byes = _pending_byes(s)
        for p in t.sorted_players():
            flag = "  " + _("withdrawn") if p.withdrawn else ""
            for rnd, code in byes.get(p.id, []):
                flag += "  " + _("%(code)s bye r%(n)s") % {"code": code, "n": rnd}
            print(f"{p.id:3d} {p.name:<33} {p.title:<5} {p.rating or '':>4} {p.federation:<3} "
                  f"{p.fide_id:>10} {_pts(t.score(p.id))}{flag}")
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
        rnd = args.round or s.current_round
        if not rnd:
            _err(_("no round has been paired yet"))
            return EXIT_INVALID
        print(_("Round {n}").format(n=rnd))
        for bv in svc.boards(tid, rnd):
            print(f"{bv.board:3d}  {bv.white.id:3d} {bv.white.name[:28]:<28} "
                  f"{(bv.result or '').center(7)} {bv.black.id:3d} {bv.black.name}")
        for p, code in svc.round_extras(tid, rnd):
            label = bye_name(code)
            print(f"     {p.id:3d} {p.name[:28]:<28} {label}")
        return EXIT_OK
    if what == "standings":
        st = svc.standings(tid, args.round)
        print(_("Standings after round {n}").format(n=st.round))
        for text in st.notes:
            print(f"({note(text)})")
        rk, no, name, pts = _("Rk"), _("No"), _("Name"), _("Pts")
        print(f"{rk:>3} {no:>3} {name:<30} {pts:>4} "
              + " ".join(f"{n[:7]:>7}" for n in st.names))
        for r in st.rows:
            print(f"{r.rank:3d} {r.player.id:3d} {r.player.name[:30]:<30} {_pts(r.points):>4} "
                  + " ".join(f"{_tb(x):>7}" for x in r.tiebreaks))
        return EXIT_OK
    if what == "crosstable":
        n = s.current_round
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
            print(f"{p.id:3d} {p.name[:26]:<26} " + " ".join(cells) + f"  {_pts(t.score(p.id)):>4}")
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
    text = svc.export_trf(tid, args.variant)
    if not args.output:
        sys.stdout.write(text)
        return EXIT_OK
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
