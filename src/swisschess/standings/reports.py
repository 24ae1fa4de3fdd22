"""Rating changes, title norms, prize lists and team standings as text, CSV,
JSON and HTML (strings, no I/O).

As for the standings (:mod:`swisschess.standings.render`): text and HTML are
for people, in the current language with its decimal mark; CSV and JSON are
data, English keys and ``.`` decimals.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from swisschess import i18n
from swisschess.i18n import gettext as _
from swisschess.model.points import format_points
from swisschess.standings import norms as nm
from swisschess.standings import ratingchange as rc
from swisschess.standings.prizes import PrizeConfig, PrizeList
from swisschess.standings.render import fmt, html_page
from swisschess.standings.teams import TeamRow


# ------------------------------------------------------------------ helpers
def _text_table(head: list[str], rows: list[list[str]], left: set[int]) -> list[str]:
    widths = [max(len(x) for x in col) for col in zip(head, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    top = line(head)
    return [top, "-" * len(top), *(line(r) for r in rows)]


def _csv(head: list[str], rows: list[list[str]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(head)
    w.writerows(rows)
    return buf.getvalue()


def _num(x: Fraction | int | None, decimals: int, local: bool) -> str:
    s = fmt(x, decimals)
    return i18n.decimal_text(s) if local and x is not None else s


def _pts(x: Fraction, local: bool) -> str:
    return i18n.points(x) if local else format_points(x, decimals=1)


def _json_num(x: Fraction | int | None, decimals: int = 2) -> float | int | None:
    if x is None or isinstance(x, int):
        return x
    return float(fmt(x, decimals))


def _table_report(fmt_name: str, *, title: str, caption: str, edition: str,
                  rows: Callable[[bool], tuple[list[str], list[list[str]]]], right: set[int],
                  text_tail: Callable[[], list[str]], html_tail: Callable[[], list[str]],
                  json_: tuple[int, str, str, Callable[[], list[dict[str, Any]]]]) -> str:
    """A report of one table (rating changes, norms) in ``fmt_name``: text and HTML
    with the caption, the edition of the regulations and the lines after the table
    (``rows(True)``: the table in the reader's language); CSV the table alone
    (``rows(False)``, English headers); JSON the players of ``json_`` = (round,
    edition, edition date, players) under the tournament's title."""
    def text() -> str:
        head, body = rows(True)
        out = [title] if title else []
        out += [caption, edition, *_text_table(head, body, right), *text_tail()]
        return "\n".join(out) + "\n"

    def as_html() -> str:
        head, body = rows(True)
        return html_page(title, [(caption + " - " + edition, head, body, right)], html_tail())

    def as_json() -> str:
        round_, edition_name, edition_date, players = json_
        data = {"tournament": title, "round": round_, "edition": edition_name,
                "edition_date": edition_date, "players": players()}
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"

    return _render(fmt_name, text=text, csv_=lambda: _csv(*rows(False)), json_=as_json,
                   html_=as_html)


def _render(fmt_name: str, *, text: Callable[[], str], csv_: Callable[[], str],
            json_: Callable[[], str], html_: Callable[[], str]) -> str:
    table = {"text": text, "csv": csv_, "json": json_, "html": html_}
    if fmt_name not in table:
        raise ValueError(f"unknown format {fmt_name!r}")
    return table[fmt_name]()


# ------------------------------------------------------------------ ratings
def rating_edition() -> str:
    return _("FIDE Rating Regulations (B.02) effective from 1 March 2024, the 400-point rule "
             "(8.3.1) as amended from 1 October 2025")


def rating_remark(c: rc.RatingChange) -> str:
    if c.status is rc.Status.INITIAL:
        return _("initial rating (B.02 8.2)")
    if c.status is rc.Status.PROVISIONAL:
        return _("not rated yet: {n} of 5 games against rated opponents (B.02 7.1.4)").format(
            n=len(c.games))
    if c.status is rc.Status.BELOW_FLOOR:
        return _("not rated yet: initial rating below 1400 (B.02 7.1.4)")
    if c.status is rc.Status.ZERO:
        return _("not rated yet: a zero score is disregarded (B.02 8.2.1)")
    if c.status is rc.Status.NO_GAMES:
        return _("no rated game")
    if c.k_source.endswith("700"):
        return _("K reduced: K x games at most 700 (B.02 8.3.3)")
    return ""


def _rating_rows(changes: list[rc.RatingChange], local: bool) -> tuple[list[str], list[list[str]]]:
    head = ([_("No"), _("Name"), _("Rtg"), _("Gms"), _("Pts"), _("Ra"), _("Rp"), _("We"),
             _("K"), _("+/-"), _("New"), _("Remark")] if local else
            ["No", "Name", "Rtg", "Gms", "Pts", "Ra", "Rp", "We", "K", "+/-", "New", "Remark"])
    rows = []
    for c in changes:
        rows.append([
            str(c.number), c.name, str(c.rating or ""), str(len(c.games)),
            _pts(c.score, local) if c.games else "",
            str(c.average_opponent_rating or ""), str(c.performance_rating or ""),
            _num(c.expected_score, 2, local) if c.expected_score is not None else "",
            str(c.k or ""),
            (("+" if c.change > 0 else "") + _num(c.change, 1, local)) if c.change is not None
            else "",
            str(c.new_rating or (c.initial_rating or "")),
            rating_remark(c) if local else c.status.value,
        ])
    return head, rows


def rating_notes(default_k: int) -> list[str]:
    return [
        _("K: the player's own value when given, else 10 for a rating of 2400 or more, 40 for a "
          "junior rated under 2300, else {k} (B.02 8.3.3).").format(k=default_k),
        _("+/- is K x (score - We) over the games against rated opponents; the new rating rounds "
          "it to a whole number, 0.5 away from zero (B.02 8.3.4).  Unrated players: Ra with two "
          "hypothetical opponents rated 1800, drawn (B.02 8.2.2)."),
    ]


def render_ratings(changes: list[rc.RatingChange], fmt_name: str, *, title: str = "",
                   round_: int = 0, default_k: int = rc.K_STANDARD) -> str:
    def players() -> list[dict[str, Any]]:
        return [{
            "number": c.number, "name": c.name, "rating": c.rating,
            "status": c.status.value, "games": len(c.games),
            "score": _json_num(c.score, 1),
            "average_opponent_rating": c.average_opponent_rating,
            "performance_rating": c.performance_rating,
            "expected_score": _json_num(c.expected_score),
            "k": c.k, "k_source": c.k_source or None,
            "rating_change": _json_num(c.change),
            "rating_change_rounded": c.rounded,
            "new_rating": c.new_rating,
            "initial_rating": c.initial_rating,
            "opponents": [{"round": g.round, "number": g.opponent,
                           "rating": g.opponent_rating, "score": _json_num(g.score, 1),
                           "difference": g.difference,
                           "expected": _json_num(g.expected)} for g in c.games],
        } for c in changes]

    return _table_report(
        fmt_name, title=title, caption=_("Rating changes after round {n}").format(n=round_),
        edition=rating_edition(), rows=lambda local: _rating_rows(changes, local), right={1, 11},
        text_tail=lambda: rating_notes(default_k), html_tail=lambda: rating_notes(default_k),
        json_=(round_, rc.EDITION, rc.EDITION_DATE, players))


# ------------------------------------------------------------------ norms
def norm_edition() -> str:
    return _("FIDE Title Regulations (B.01) effective from 1 January 2024")


def requirement_name(key: str) -> str:
    names = {
        "games": _("games"),
        "federations": _("foreign federations"),
        "own_federation": _("opponents from the player's federation"),
        "one_federation": _("opponents from one federation"),
        "titled": _("title-holders"),
        "title_holders": _("opponents with the title or higher"),
        "average": _("average rating Ra"),
        "performance": _("performance Rp"),
        "score": _("score %"),
    }
    return names[key]


_AT_MOST = frozenset({"own_federation", "one_federation"})


def requirement_text(key: str, value: int, required: int) -> str:
    """``performance Rp 2380 (at least 2600; B.01 1.4.8)``."""
    if key in _AT_MOST:
        return _("{what} {value} (at most {required}; B.01 {article})").format(
            what=requirement_name(key), value=value, required=required,
            article=nm.ARTICLES[key])
    return _("{what} {value} (at least {required}; B.01 {article})").format(
        what=requirement_name(key), value=value, required=required, article=nm.ARTICLES[key])


def missed_lines(pn: nm.PlayerNorms) -> list[str]:
    out = []
    for c in pn.sought():
        if c.met:
            continue
        failed = "; ".join(requirement_text(k, v, r) for k, (ok, v, r) in c.requirements.items()
                           if not ok)
        if c.needed is None:
            score = _("no score would have made it")
        else:
            score = _("{score}/{games} would have made the score requirements").format(
                score=i18n.points(c.needed), games=pn.games)
        out.append(_("{title} norm missed: {failed}; {score}").format(
            title=c.title, failed=failed, score=score))
    return out


def _norm_rows(result: list[nm.PlayerNorms], local: bool) -> tuple[list[str], list[list[str]]]:
    head = ([_("No"), _("Name"), _("Gms"), _("Pts"), _("Ra"), _("Rp"), _("Norms")] if local
            else ["No", "Name", "Gms", "Pts", "Ra", "Rp", "Norms"])
    rows = [[str(p.number), p.name, str(p.games), _pts(p.score, local) if p.games else "",
             str(p.average_opponent_rating or ""), str(p.performance_rating or ""),
             ", ".join(p.norms) if p.norms else ("-" if local else "")] for p in result]
    return head, rows


def render_norms(result: list[nm.PlayerNorms], fmt_name: str, *, title: str = "",
                 round_: int = 0, exempt: bool = False) -> str:
    caption = _("Title norms after round {n}").format(n=round_)
    note_ra = _("Ra and Rp: unrated opponents count 1400 (B.01 1.4.6d); in each title's check "
                "the lowest-rated opponent is raised to the rating floor GM 2200, IM 2050, "
                "WGM 2000, WIM 1850 (1.4.6b-c).")
    notes = [note_ra]
    if exempt:
        notes.append(_("The federation requirements (1.4.3, 1.4.4) do not apply to this event."))

    def missed() -> list[str]:
        return [f"{p.number} {p.name}: {line}" for p in result for line in missed_lines(p)
                if p.games]

    def text_tail() -> list[str]:
        m = missed()
        out = ["", _("Norms missed (titles the player does not hold):"), *m] if m else []
        return out + ["", *notes]

    def players() -> list[dict[str, Any]]:
        return [{
            "number": p.number, "name": p.name, "games": p.games,
            "score": _json_num(p.score, 1),
            "average_opponent_rating": p.average_opponent_rating,
            "performance_rating": p.performance_rating,
            "norms": p.norms,
            "missing": {c.title: c.missing for c in p.checks if not c.met},
            "checks": {c.title: {
                "met": c.met,
                "average_opponent_rating": c.average_opponent_rating,
                "performance_rating": c.performance_rating,
                "score_needed": _json_num(c.needed, 1),
                "requirements": {k: {"met": ok, "value": v, "required": r,
                                     "article": nm.ARTICLES[k]}
                                 for k, (ok, v, r) in c.requirements.items()},
            } for c in p.checks},
        } for p in result]

    return _table_report(
        fmt_name, title=title, caption=caption, edition=norm_edition(),
        rows=lambda local: _norm_rows(result, local), right={1, 6}, text_tail=text_tail,
        html_tail=lambda: [*missed(), *notes], json_=(round_, nm.EDITION, nm.EDITION_DATE, players))


# ------------------------------------------------------------------ prizes
def sharing_text(config: PrizeConfig, rule: str) -> str:
    if rule == "hort":
        return _("Hort system: {percent} per cent of each place's prize by tie-break order, the "
                 "rest shared equally among the tied players").format(
            percent=i18n.number(config.hort_share * 100))
    if rule == "equal":
        return _("prizes of tied players shared equally")
    return _("prizes by tie-break order, not shared")


def _money(x: Fraction, currency: str, local: bool) -> str:
    s = _num(x, 2, local)
    return f"{s} {currency}".strip()


def prize_sections(pl: PrizeList, local: bool) -> list[tuple[str, list[str], list[list[str]]]]:
    head = ([_("Rk"), _("No"), _("Name"), _("Pts"), _("Prize")]
            if local else ["Rk", "No", "Name", "Pts", "Prize"])
    out = []
    for name, awards in pl.categories.items():
        rows = [[a.place, str(a.number), a.name, _pts(a.points, local),
                 _money(a.amount, pl.currency if local else "", local)] for a in awards]
        out.append((name, head, rows))
    return out


def prize_notes(pl: PrizeList, config: PrizeConfig) -> list[str]:
    """The total awarded, the sharing rules used and the one-prize rule."""
    rules = sorted({c.sharing for c in config.categories}, key=["hort", "equal", "tiebreak"].index)
    total = _("Total prize money awarded: {amount}").format(
        amount=_money(pl.total(), pl.currency, True))
    return [total, *(sharing_text(config, r) for r in rules),
            _("A player receives only their best prize.")]


def no_player_text(pid: int) -> str:
    return _("There is no player number {n}.").format(n=pid)


def render_prizes(pl: PrizeList, config: PrizeConfig, fmt_name: str, *, title: str = "",
                  round_: int = 0) -> str:
    caption = _("Prize list after round {n}").format(n=round_)
    total, *notes = prize_notes(pl, config)

    def text() -> str:
        out = [title] if title else []
        out.append(caption)
        for name, head, rows in prize_sections(pl, True):
            out += ["", name]
            out += (_text_table(head, rows, {2}) if rows else [_("(no prize awarded)")])
        out += ["", total, *notes]
        return "\n".join(out) + "\n"

    def as_csv() -> str:
        rows = [[name, *r] for name, _h, rs in prize_sections(pl, False) for r in rs]
        return _csv(["Category", "Rk", "No", "Name", "Pts", "Prize"], rows)

    def as_json() -> str:
        data = {"tournament": title, "round": round_, "currency": pl.currency,
                "categories": [{"name": name, "sharing": next(
                    c.sharing for c in config.categories if c.name == name),
                    "awards": [{"place": a.place, "number": a.number, "name": a.name,
                                "points": _json_num(a.points, 1),
                                "amount": _json_num(a.amount)} for a in awards]}
                    for name, awards in pl.categories.items()],
                "total": _json_num(pl.total())}
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"

    def as_html() -> str:
        sections = [(name, head, rows, {2}) for name, head, rows in prize_sections(pl, True)]
        return html_page(title, sections, [total, *notes], subtitle=caption)

    return _render(fmt_name, text=text, csv_=as_csv, json_=as_json, html_=as_html)


# ------------------------------------------------------------------ teams
def _team_rows(rows: list[TeamRow], local: bool) -> tuple[list[str], list[list[str]]]:
    head = ([_("Rk"), _("Team"), _("Pts"), _("Players"), _("Counted")] if local
            else ["Rk", "Team", "Pts", "Players", "Counted"])
    out = [[str(r.rank), r.team, _pts(r.points, local), str(r.players),
            "; ".join(f"{name} {_pts(p, local)}" for _n, name, p, _rk in r.members)]
           for r in rows]
    return head, out


def render_teams(rows: list[TeamRow], fmt_name: str, *, title: str = "", round_: int = 0,
                 best: int = 1, by: str = "federation") -> str:
    if by == "club":
        caption = _("Club standings after round {n} (points of the best {best} players)")
    else:
        caption = _("Federation standings after round {n} (points of the best {best} players)")
    caption = caption.format(n=round_, best=best)
    empty = [] if rows else [_("No player has a club or federation to group by.")]

    def text() -> str:
        head, body = _team_rows(rows, True)
        out = [title] if title else []
        out += [caption, *_text_table(head, body, {1, 4}), *empty]
        return "\n".join(out) + "\n"

    def as_json() -> str:
        data: dict[str, Any] = {
            "tournament": title, "round": round_, "group": by, "best": best,
            "teams": [{"rank": r.rank, "team": r.team, "points": _json_num(r.points, 1),
                       "players": r.players,
                       "counted": [{"number": n, "name": name, "points": _json_num(p, 1),
                                    "rank": rk} for n, name, p, rk in r.members]}
                      for r in rows]}
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"

    def as_html() -> str:
        head, body = _team_rows(rows, True)
        return html_page(title, [(caption, head, body, {1, 4})], empty)

    return _render(fmt_name, text=text, csv_=lambda: _csv(*_team_rows(rows, False)),
                   json_=as_json, html_=as_html)
