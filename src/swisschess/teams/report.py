"""Team standings, crosstable and board statistics as text, CSV and JSON.

The numbers come from :mod:`swisschess.teams.standings`; this module only
lays them out (the command line ``swisschess team-standings`` and the web
pages call it).  Text headers are translated; CSV and JSON keys are English
field names meant for programs.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from swisschess.i18n import gettext as _
from swisschess.teams.model import TeamTournament
from swisschess.teams.standings import (
    BoardLine,
    CrossRow,
    TeamStandings,
    Value,
)


def value_text(v: Value) -> str:
    """A tie-break value for people: ``2.5``, ``3/2.5/1`` (TBR, BBE), ``-`` (undefined)."""
    if v is None:
        return "-"
    if isinstance(v, tuple):
        return "/".join(points_text(x) for x in v)
    return points_text(v)


def points_text(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    if (x * 100).denominator == 1:
        return f"{float(x):g}"
    return f"{float(x):.2f}"


def value_json(v: Value) -> object:
    if v is None:
        return None
    if isinstance(v, tuple):
        return [float(x) for x in v]
    return float(v)


# ------------------------------------------------------------------ text

def standings_text(st: TeamStandings) -> str:
    head = [_("Rk"), _("TPN"), _("Team"), _("MP"), _("GP"), *st.labels]
    rows = [[str(r.rank), str(r.tpn), r.name, points_text(r.match_points), points_text(r.game_points),
             *(value_text(v) for v in r.values)] for r in st.rows]
    lines = [_("Standings after round {n}").format(n=st.after_round)]
    if st.labels:
        lines.append(_("Tie-breaks:") + " " + ", ".join(st.labels))
    lines.append("")
    return "\n".join(lines) + "\n" + _table(head, rows, left={2})


def crosstable_text(rows: list[CrossRow], after_round: int) -> str:
    head = [_("Rk"), _("TPN"), _("Team"), *(str(k) for k in range(1, after_round + 1)), _("MP"), _("GP")]
    body = [[str(x.row.rank), str(x.row.tpn), x.row.name, *(c.text for c in x.cells),
             points_text(x.row.match_points), points_text(x.row.game_points)] for x in rows]
    return _("Crosstable") + "\n\n" + _table(head, body, left={2})


def boards_text(lines: list[BoardLine], t: TeamTournament) -> str:
    boards = t.rules.boards
    head = [_("TPN"), _("Team"), _("Player"), *(f"{_('Board')} {b}" for b in range(1, boards + 1)),
            _("Games"), _("Pts")]
    names = {x.tpn: x.name for x in t.teams}
    body = []
    for x in lines:
        cells = [f"{points_text(p)}/{g}" if g or p else "" for g, p in x.boards]
        body.append([str(x.team), names.get(x.team, ""), x.name, *cells, str(x.games),
                     points_text(x.points)])
    return _table(head, body, left={1, 2})


def _table(head: list[str], rows: list[list[str]], left: set[int]) -> str:
    widths = [max(len(str(c)) for c in col) for col in zip(head, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return "\n".join([line(head), *(line(r) for r in rows)]) + "\n"


# ------------------------------------------------------------ CSV / JSON

def standings_csv(st: TeamStandings) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["rank", "tpn", "team", "match_points", "game_points", "played", "won", "drawn",
                "lost", *st.labels])
    for r in st.rows:
        w.writerow([r.rank, r.tpn, r.name, points_text(r.match_points), points_text(r.game_points),
                    r.played, r.won, r.drawn, r.lost, *(value_text(v) for v in r.values)])
    return out.getvalue()


def standings_json(st: TeamStandings, cross: list[CrossRow] | None = None,
                   boards: list[BoardLine] | None = None) -> str:
    data: dict[str, object] = {
        "after_round": st.after_round,
        "primary": st.primary.value,
        "tiebreaks": st.labels,
        "rows": [{"rank": r.rank, "tpn": r.tpn, "team": r.name,
                  "match_points": float(r.match_points), "game_points": float(r.game_points),
                  "played": r.played, "won": r.won, "drawn": r.drawn, "lost": r.lost,
                  "tiebreaks": {label: value_json(v) for label, v in zip(st.labels, r.values, strict=True)}}
                 for r in st.rows],
    }
    if cross is not None:
        data["crosstable"] = [
            {"tpn": x.row.tpn, "rounds": [
                {"kind": c.kind.value, "opponent": c.opponent, "colour": c.colour or None,
                 "game_points": float(c.game_points), "match_points": float(c.match_points)}
                for c in x.cells]} for x in cross]
    if boards is not None:
        data["boards"] = [
            {"tpn": x.team, "player": x.member, "name": x.name,
             "boards": [{"games": g, "points": float(p)} for g, p in x.boards],
             "forfeits_won": x.forfeits_won} for x in boards]
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
