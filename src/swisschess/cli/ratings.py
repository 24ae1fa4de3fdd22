"""``swisschess ratings|norms|prizes|teams``: what players ask after the last round.

    swisschess ratings IN.trf [--k K] [--k-player NUMBER=K ...] [--round N]
                              [--format text|csv|json|html]
    swisschess norms IN.trf [--exempt] [--round N] [--format text|csv|json|html]
    swisschess prizes IN.trf --config PRIZES.toml [--tiebreaks LIST] [--round N]
                             [--format text|csv|json|html]
    swisschess teams IN.trf [--best N] [--by federation|club] [--tiebreaks LIST]
                            [--round N] [--format text|csv|json|html]

* ``ratings``: rating change of every player by the FIDE Rating Regulations
  (B.02, 1 March 2024; 8.3.1 as amended from 1 October 2025): games, score,
  Ra, Rp, expected score We, K, change, new rating; initial ratings of unrated
  players (8.2).  ``--k`` is the K of a player about whom the file says nothing
  (default 20); ``--k-player 12=40`` sets one player's K.
* ``norms``: GM, IM, WGM, WIM norm checks by the FIDE Title Regulations (B.01,
  1 January 2024); ``--exempt``: the event is exempt from the federation rules
  (national championship, national team championship, zonal: B.01 1.4.3 a-c).
* ``prizes``: the prize list of a TOML file (docs/ratings-norms-prizes.md).
* ``teams``: federations or clubs by the points of their best N players.

Exit codes: 0 ok, 3 invalid input (file with errors, bad option or prize
file), 5 file cannot be read.
"""

from __future__ import annotations

import argparse
import sys

from swisschess.cli.exitcodes import EXIT_INVALID, EXIT_OK
from swisschess.cli.reportinput import (
    CommandError,
    check_round,
    load_tournament,
    read_bytes,
    run_report,
)
from swisschess.i18n import gettext as _

FORMATS = ("text", "csv", "json", "html")


def register(sub: argparse._SubParsersAction) -> None:
    fmt = argparse.RawDescriptionHelpFormatter
    r = sub.add_parser("ratings", help="rating change of every player (FIDE B.02)",
                       description=__doc__, formatter_class=fmt)
    _common(r)
    r.add_argument("--k", type=_k_value, default=20, metavar="K",
                   help="K of a player about whom the file says nothing (default 20)")
    r.add_argument("--k-player", action="append", default=[], metavar="NUMBER=K",
                   help="the K of one player (pairing number), e.g. 12=40; repeatable")
    r.set_defaults(func=run_ratings)

    n = sub.add_parser("norms", help="GM/IM/WGM/WIM norm checks (FIDE B.01)",
                       description=__doc__, formatter_class=fmt)
    _common(n)
    n.add_argument("--exempt", action="store_true",
                   help="the event is exempt from the federation rules (B.01 1.4.3 a-c)")
    n.set_defaults(func=run_norms)

    p = sub.add_parser("prizes", help="prize list from a TOML prize file",
                       description=__doc__, formatter_class=fmt)
    _common(p)
    p.add_argument("--config", required=True, metavar="PRIZES.toml", help="the prize file")
    p.add_argument("--tiebreaks", "-t", metavar="LIST",
                   help="ranking tie-breaks (default: the prize file's, else the TRF file's)")
    p.set_defaults(func=run_prizes)

    t = sub.add_parser("teams", help="federation/club standings (best N players)",
                       description=__doc__, formatter_class=fmt)
    _common(t)
    t.add_argument("--best", type=int, default=4, metavar="N",
                   help="players counted per team (default 4)")
    t.add_argument("--by", choices=("federation", "club"), default="federation")
    t.add_argument("--tiebreaks", "-t", metavar="LIST",
                   help="ranking tie-breaks (default: the TRF file's)")
    t.set_defaults(func=run_teams)


def _k_value(text: str) -> int:
    """``--k``: a whole number 1-100 (B.02 8.3.3 uses 10, 20 and 40)."""
    if not text.strip().isdigit() or not 1 <= int(text) <= 100:
        raise argparse.ArgumentTypeError(
            _("K {k} is not a whole number from 1 to 100").format(k=repr(text)))
    return int(text)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="IN.trf", help="TRF file (TRF16, TRF(x), TRF-2026); '-' = stdin")
    p.add_argument("--round", type=int, metavar="N",
                   help="after round N (default: the last complete round)")
    p.add_argument("--format", choices=FORMATS, default="text")


def _load(args: argparse.Namespace):
    t = load_tournament(args.file)
    return t, _round(t, args.file, args.round)


def _round(t, path: str, upto: int | None) -> int:
    """The round asked for (default: the last complete one), checked."""
    last = check_round(t, path, upto)
    return last if upto is None else upto


def _k_players(args: argparse.Namespace, t) -> dict[int, int]:
    out = {}
    for item in args.k_player:
        num, sep, k = item.partition("=")
        if not sep or not num.strip().isdigit() or not k.strip().isdigit() or not 1 <= int(k) <= 100:
            raise CommandError(EXIT_INVALID, _("{file}: error: --k-player {value}: use NUMBER=K, "
                                        "K from 1 to 100").format(file=args.file, value=item))
        if int(num) not in t.players:
            raise CommandError(EXIT_INVALID, _("{file}: error: --k-player {value}: no player "
                                        "number {n}").format(file=args.file, value=item,
                                                             n=int(num)))
        out[int(num)] = int(k)
    return out


def _standings(args: argparse.Namespace, t, upto: int, tiebreaks: str | None):
    from swisschess.standings.ranking import standings
    from swisschess.standings.spec import TiebreakError, parse_tiebreaks

    specs = None
    if tiebreaks:
        try:
            specs = parse_tiebreaks(tiebreaks)
        except TiebreakError as e:
            raise CommandError(EXIT_INVALID, _("{file}: error: --tiebreaks: {reason}").format(
                file=args.file, reason=e)) from None
    return standings(t, specs, "2026", upto)


def run_ratings(args: argparse.Namespace) -> int:
    from swisschess.standings.ratingchange import rating_changes
    from swisschess.standings.reports import render_ratings

    def body() -> str:
        t, upto = _load(args)
        ch = rating_changes(t, upto, default_k=args.k, k=_k_players(args, t))
        return render_ratings(ch, args.format, title=t.name, round_=upto, default_k=args.k)
    return run_report(args.file, body)


def run_norms(args: argparse.Namespace) -> int:
    from swisschess.standings.norms import title_norms
    from swisschess.standings.reports import render_norms

    def body() -> str:
        t, upto = _load(args)
        return render_norms(title_norms(t, upto, exempt=args.exempt), args.format,
                            title=t.name, round_=upto, exempt=args.exempt)
    return run_report(args.file, body)


def run_prizes(args: argparse.Namespace) -> int:
    from swisschess.standings.prizes import PrizeConfigError, parse_config, prize_list
    from swisschess.standings.reports import render_prizes

    def body() -> str:
        raw = read_bytes(args.config)
        try:
            config = parse_config(raw.decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise CommandError(EXIT_INVALID, _("{file}: error: not UTF-8 text").format(
                file=args.config)) from None
        except PrizeConfigError as e:
            raise CommandError(EXIT_INVALID, _("{file}: error: {reason}").format(
                file=args.config, reason=e)) from None
        t, upto = _load(args)
        st = _standings(args, t, upto, args.tiebreaks or config.tiebreaks)
        return render_prizes(prize_list(t, st, config), config, args.format, title=t.name,
                             round_=upto)
    return run_report(args.file, body)


def run_teams(args: argparse.Namespace) -> int:
    from swisschess.standings.reports import render_teams
    from swisschess.standings.teams import team_standings

    def body() -> str:
        if args.best < 1:
            raise CommandError(EXIT_INVALID, _("{file}: error: --best {n}: at least 1 player must "
                                        "count").format(file=args.file, n=args.best))
        t, upto = _load(args)
        rows = team_standings(_standings(args, t, upto, args.tiebreaks), args.best, args.by)
        return render_teams(rows, args.format, title=t.name, round_=upto, best=args.best,
                            by=args.by)
    return run_report(args.file, body)


def show_report(t, what: str, round_: int | None, prizes: str | None) -> int:
    """The manager's ``swisschess show ratings|norms|prizes`` (text, K 20 by
    default, no federation exemption); ``prizes``: the prize file."""
    from swisschess.standings.norms import title_norms
    from swisschess.standings.prizes import PrizeConfigError, parse_config, prize_list
    from swisschess.standings.ranking import standings
    from swisschess.standings.ratingchange import rating_changes
    from swisschess.standings.reports import render_norms, render_prizes, render_ratings

    name = t.name or "-"
    try:
        upto = _round(t, name, round_)
        if what == "ratings":
            text = render_ratings(rating_changes(t, upto), "text", title=t.name, round_=upto)
        elif what == "norms":
            text = render_norms(title_norms(t, upto), "text", title=t.name, round_=upto)
        else:
            if not prizes:
                raise CommandError(EXIT_INVALID, _("show prizes: name the prize file with "
                                            "--prizes PRIZES.toml"))
            try:
                config = parse_config(read_bytes(prizes).decode("utf-8-sig"))
            except (PrizeConfigError, UnicodeDecodeError) as e:
                raise CommandError(EXIT_INVALID, _("{file}: error: {reason}").format(
                    file=prizes, reason=e)) from None
            st = standings(t, config.tiebreaks, "2026", upto)
            text = render_prizes(prize_list(t, st, config), config, "text", title=t.name,
                                 round_=upto)
    except CommandError as e:
        print(str(e), file=sys.stderr)
        return e.code
    sys.stdout.write(text)
    return EXIT_OK
