"""The settings an arbiter makes before round 1, on the command line.

    swisschess new "Club Open" -r 9 --tiebreaks DE,BH/C1,BH,SB --first-colour lot \\
        --round-dates 2026/07/01,2026/07/02 --late-entry-points half --rating-list "FIDE 2026-11"
    swisschess set                          # list the settings
    swisschess set tiebreaks BH/C1,BH,SB,DE,WIN
    swisschess set first-colour black       # white | black | lot | none
    swisschess set round-date 3 2026/07/03
    swisschess set acceleration baku        # baku | none
    swisschess forbid Novak Novakova        # may not meet (same family); --cancel lifts it

Every change is one event of the log (``settings`` / ``forbid``).  The pairing
system, the acceleration and the first-round colour are refused once round 1
is paired (C.04.2 (2026) Art. 1.1-1.3: announced before the event); the other
settings may change at any time.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from swisschess import i18n
from swisschess.cli.exitcodes import EXIT_INVALID, EXIT_OK
from swisschess.i18n import gettext as _
from swisschess.i18n.terms import forbidden_text
from swisschess.pairing import registry

#: ``set KEY``: the keys and the settings field each one changes.
KEYS = {
    "tiebreaks": "tiebreaks", "first-colour": "initial_colour", "round-dates": "round_dates",
    "round-date": "round_dates", "acceleration": "baku", "late-entry-points": "late_entry",
    "late-entry-max": "late_entry_max", "rating-list": "rating_list", "rounds": "rounds",
    "name": "name", "city": "city", "federation": "federation", "start": "start_date",
    "end": "end_date", "arbiter": "chief_arbiter", "time-control": "time_control",
    "language": "language",
}


def add_new_options(p: argparse.ArgumentParser) -> None:
    """The settings options of ``swisschess new``."""
    p.add_argument("--tiebreaks", metavar="LIST",
                   help=_("tie-break order, C.07 names, e.g. DE,BH/C1,BH,SB,WIN "
                        "(default: BH/C1,BH,SB,DE,WIN)"))
    p.add_argument("--first-colour", choices=("white", "black", "lot"),
                   help=_("colour of pairing number 1 in round 1; lot: drawn now, once "
                        "(default: white)"))
    p.add_argument("--round-dates", metavar="DATES",
                   help=_("comma-separated dates of the rounds, e.g. 2026/07/01,2026/07/02"))
    p.add_argument("--late-entry-points", choices=("zero", "half"),
                   help=_("players registered after round 1 is paired get for each round "
                        "missed: zero (default) or a half-point bye"))
    p.add_argument("--late-entry-max", type=int, metavar="N",
                   help=_("at most N half-point byes for a late entry"))
    p.add_argument("--rating-list", metavar="TEXT",
                   help=_('which rating list seeds the event, e.g. "FIDE 2026-11 standard"'))


def new_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The settings given to ``new`` (only those given)."""
    out: dict[str, Any] = {}
    if args.tiebreaks is not None:
        out["tiebreaks"] = args.tiebreaks
    if args.first_colour:
        out["initial_colour"] = args.first_colour
    if args.round_dates is not None:
        out["round_dates"] = args.round_dates.split(",")
    if args.late_entry_points:
        out["late_entry"] = args.late_entry_points
    if args.late_entry_max is not None:
        out["late_entry_max"] = args.late_entry_max
    if args.rating_list is not None:
        out["rating_list"] = args.rating_list
    return out


def announce_lot(svc, tid: int) -> None:
    """Say which colour the lot gave pairing number 1 (``new --first-colour lot``)."""
    s = svc.state(tid)
    if s.option("colour_lot") and s.t.initial_colour is not None:
        # one sentence per colour: the colour's case depends on the verb
        if s.t.initial_colour.value == "w":
            print(_("drawn by lot: pairing number 1 has White in round 1"))
        else:
            print(_("drawn by lot: pairing number 1 has Black in round 1"))


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """The ``set`` and ``forbid`` commands (``add`` is the workflow's command maker)."""
    p = add("set", cmd_set, _("change a tournament setting (some only before round 1), "
                            "or list them"))
    p.add_argument("key", nargs="?", choices=tuple(KEYS), metavar="KEY",
                   help=_("one of: {keys}").format(keys=", ".join(KEYS)))
    p.add_argument("value", nargs="*", help=_("the new value ('round-date' takes ROUND DATE)"))

    p = add("forbid", cmd_forbid,
            _("players who must not be paired together (same family, club by request)"))
    p.add_argument("players", nargs="+", metavar="PLAYER",
                   help=_("two or more players: pairing number, FIDE id or name"))
    p.add_argument("--cancel", action="store_true",
                   help=_("lift it (from the next round on)"))


def _err(msg: str) -> None:
    print(f"swisschess: {msg}", file=sys.stderr)


def cmd_set(svc, args) -> int:
    tid = svc.resolve_tournament(getattr(args, "tournament", None))
    if args.key is None:
        print("\n".join(settings_lines(svc, tid)))
        return EXIT_OK
    value = " ".join(args.value).strip()
    key = args.key
    if key == "round-date":
        if len(args.value) != 2 or not args.value[0].isdigit() or int(args.value[0]) < 1:
            _err(_("round-date: expected ROUND DATE, e.g. set round-date 3 2026/07/03"))
            return EXIT_INVALID
        rnd = int(args.value[0])
        dates = list(svc.tournament(tid).round_dates)
        dates += [""] * (rnd - len(dates))
        dates[rnd - 1] = args.value[1]
        change: dict[str, Any] = {"round_dates": dates}
    elif key == "round-dates":
        change = {"round_dates": value.split(",") if value else []}
    elif key == "acceleration":
        if value.lower() not in ("baku", "none"):
            _err(_("acceleration: expected baku or none"))
            return EXIT_INVALID
        change = {"baku": value.lower() == "baku"}
    elif key == "rounds":
        if not value.isdigit():
            _err(_("rounds: expected a number"))
            return EXIT_INVALID
        change = {"rounds": int(value)}
    else:
        change = {KEYS[key]: value}
    svc.update_settings(tid, **change)
    print("\n".join(settings_lines(svc, tid)))
    return EXIT_OK


def cmd_forbid(svc, args) -> int:
    tid = svc.resolve_tournament(getattr(args, "tournament", None))
    players = [svc.find_player(tid, ref) for ref in args.players]
    svc.forbid(tid, [p.id for p in players], cancel=args.cancel)
    names = ", ".join(f"{p.id} {p.name}" for p in players)
    nxt = svc.state(tid).current_round + 1
    if args.cancel:
        print(_("may be paired together again from round {r}: {players}").format(
            r=nxt, players=names))
    else:
        print(_("not to be paired together from round {r} on: {players}").format(
            r=nxt, players=names))
    return EXIT_OK


def settings_lines(svc, tid: int) -> list[str]:
    """The tournament's settings, one per line, as ``set`` and ``show settings`` print them."""
    from swisschess.standings.ranking import DEFAULT_TIEBREAKS, file_tiebreaks

    s = svc.state(tid)
    t = s.t
    system = f"{s.system} {s.edition}"
    if registry.baku_from_code(t.system):
        system += " · " + _("Baku acceleration")
    tbs = file_tiebreaks(t)
    tb_text = ", ".join(tbs) if tbs else ", ".join(DEFAULT_TIEBREAKS) + " " + _("(default)")
    colour = {"w": _("White"), "b": _("Black")}.get(
        t.initial_colour.value if t.initial_colour else "", "")
    if not colour:
        colour = _("not fixed (White)")
    elif s.option("colour_lot"):
        colour += " " + _("(drawn by lot)")
    dates = ", ".join(f"{r}: {i18n.date(d)}" for r, d in enumerate(t.round_dates, 1) if d)
    forbidden = "; ".join(forbidden_text(t, f) for f in t.forbidden)
    if s.option("late_entry") == "half":
        late = _("a half-point bye for each round missed")
        if s.option("late_entry_max") is not None:
            late += " " + _("(at most {n})").format(n=s.option("late_entry_max"))
    else:
        late = _("zero points for the rounds missed")
    none = _("none")
    rows = [
        (_("Pairing system"), system),
        (_("Rounds"), str(t.rounds or "?")),
        (_("Tie-breaks"), tb_text),
        (_("Colour of pairing number 1 in round 1"), colour),
        (_("Round dates"), dates or none),
        (_("Forbidden pairings"), forbidden or none),
        (_("Late entries"), late),
        (_("Rating list"), s.option("rating_list") or none),
    ]
    width = max(len(k) for k, _v in rows)
    return [t.name] + [f"  {k + ':':<{width + 1}} {v}" for k, v in rows]
