"""Standings and crosstables as text, CSV, JSON and HTML (strings, no I/O).

Text and HTML are for people: headers, captions and notes in the current
language (:mod:`swisschess.i18n`), numbers with its decimal mark, a legend of
the tie-breaks.  CSV and JSON are data: English column names and keys, ``.``
decimals, whatever the language, so programs read them the same everywhere.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from fractions import Fraction

from swisschess import i18n
from swisschess.i18n import gettext as _
from swisschess.i18n.terms import note, tiebreak_name
from swisschess.standings.crosstable import Crosstable
from swisschess.standings.ranking import Standings
from swisschess.standings.tiebreaks import Value

FORMATS = ("text", "csv", "json", "html")


def decimals_needed(values: list[Value]) -> int:
    """Decimals to show a column exactly (0 for counts and ratings; at least 1 for
    point-based values; 2 for quarter points and rounded averages)."""
    nums = [v for v in values if v is not None]
    if nums and all(isinstance(v, int) for v in nums):
        return 0
    d = 1
    for v in nums:
        den = Fraction(v).denominator
        k = next((k for k in range(5) if 10 ** k % den == 0), 2)
        d = max(d, k)
    return d


def fmt(v: Value, decimals: int) -> str:
    """A value with a fixed number of decimals (half away from zero); '-' when undefined."""
    if v is None:
        return "-"
    if decimals == 0:
        return str(int(v))
    x = Fraction(v)
    scaled = abs(x) * 10 ** decimals
    n = int(scaled + Fraction(1, 2))
    s = f"{n // 10 ** decimals}.{n % 10 ** decimals:0{decimals}d}"
    return "-" + s if x < 0 else s


def _columns(st: Standings) -> tuple[int, list[int]]:
    pts = decimals_needed([r.points for r in st.rows]) if st.rows else 1
    tb = [decimals_needed([r.values[i] for r in st.rows]) for i in range(len(st.tiebreaks))]
    return pts, tb


def _table(st: Standings, local: bool = False) -> tuple[list[str], list[list[str]]]:
    """Header and rows; ``local``: for people, in the current language."""
    pd, tbd = _columns(st)
    loc = i18n.decimal_text if local else str
    tr = _ if local else str
    head = [tr("Rk"), tr("TPN"), tr("Name"), tr("Rtg"), tr("Fed"), tr("Pts"), *st.labels]
    rows = []
    for r in st.rows:
        name = r.player.name + (" (" + tr("withdrawn") + ")" if r.withdrawn else "")
        rows.append([str(r.rank), str(r.id), name, str(r.player.rating or ""),
                     # points for people as every list writes them: 6½ (review #13)
                     r.player.federation, i18n.points(r.points) if local else fmt(r.points, pd),
                     *(loc(fmt(v, d)) for v, d in zip(r.values, tbd, strict=True))])
    return head, rows


def _legend(labels: list[str]) -> str:
    """``BH/C1 = Buchholz (C1); SB = Sonneborn-Berger`` in the current language."""
    return _("Tie-breaks:") + " " + "; ".join(f"{x} = {tiebreak_name(x)}" for x in labels)


def standings_text(st: Standings, title: str = "") -> str:
    head, rows = _table(st, local=True)
    widths = [max(len(x) for x in col) for col in zip(head, *rows, strict=True)]
    left = {2, 4}  # name, federation

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    out = []
    if title:
        out.append(title)
    out.append(_("Standings after round {n} (tie-breaks: C.07 {edition} edition)").format(
        n=st.round, edition=st.edition))
    out.append(line(head))
    out.append("-" * len(line(head)))
    out.extend(line(r) for r in rows)
    if st.labels:
        out.append(_legend(st.labels))
    out.extend(_("Note: {text}").format(text=note(n)) for n in st.notes)
    return "\n".join(out) + "\n"


#: First characters that make a spreadsheet read a cell as a formula (``=cmd|...``,
#: ``+``, ``-``, ``@``; tab and carriage return too): OWASP "CSV injection".
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?$")


def spreadsheet_safe(cell: object) -> str:
    """A CSV cell no spreadsheet runs as a formula: text starting with one of
    :data:`FORMULA_START` gets a leading apostrophe (shown as text, as the
    spreadsheets do themselves); a number such as ``-1.5`` stays a number."""
    text = str(cell)
    if text.startswith(FORMULA_START) and not _NUMBER.match(text):
        return "'" + text
    return text


def standings_csv(st: Standings) -> str:
    head, rows = _table(st)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([spreadsheet_safe(c) for c in head])
    w.writerows([spreadsheet_safe(c) for c in row] for row in rows)
    return buf.getvalue()


def _json_value(v: Value, decimals: int) -> int | float | None:
    if v is None:
        return None
    if isinstance(v, int):
        return v
    return float(fmt(v, decimals))


def standings_json(st: Standings, title: str = "") -> str:
    pd, tbd = _columns(st)
    data = {
        "tournament": title,
        "round": st.round,
        "edition": st.edition,
        "tiebreaks": [{"label": s.label, "code": s.code, "article": s.article,
                       "description": s.description} for s in st.tiebreaks],
        "rows": [{
            "rank": r.rank, "tpn": r.id, "name": r.player.name, "rating": r.player.rating,
            "federation": r.player.federation, "withdrawn": r.withdrawn,
            "points": _json_value(r.points, pd),
            "tiebreaks": {lab: _json_value(v, d)
                          for lab, v, d in zip(st.labels, r.values, tbd, strict=True)},
        } for r in st.rows],
        "notes": st.notes,
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


_CSS = ("table{border-collapse:collapse;font-family:sans-serif;font-size:90%}"
        "th,td{border:1px solid #bbb;padding:2px 6px}td.n{text-align:right}"
        "tr:nth-child(even){background:#f4f4f4}")


#: One table of an HTML page: caption, header, rows, the columns set flush left.
HtmlSection = tuple[str, list[str], list[list[str]], set[int]]


def html_page(title: str, sections: list[HtmlSection], notes: list[str],
              subtitle: str = "") -> str:
    """A whole HTML page: the title (else the first caption) as heading, an
    optional subtitle, each section as a captioned table (numbers flush
    right), then the notes as paragraphs; everything escaped."""
    e = html.escape
    out = ["<!DOCTYPE html>", f'<html lang="{i18n.get_language()}"><head><meta charset="utf-8">',
           f"<title>{e(title or sections[0][0])}</title><style>{_CSS}</style></head><body>"]
    if title:
        out.append(f"<h1>{e(title)}</h1>")
    if subtitle:
        out.append(f"<h2>{e(subtitle)}</h2>")
    for caption, head, rows, left in sections:
        out.append(f"<table><caption>{e(caption)}</caption>")
        out.append("<thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr></thead>")
        out.append("<tbody>")
        for r in rows:
            out.append("<tr>" + "".join(
                f"<td>{e(c)}</td>" if i in left else f'<td class="n">{e(c)}</td>'
                for i, c in enumerate(r)) + "</tr>")
        out.append("</tbody></table>")
    out.extend(f"<p>{e(n)}</p>" for n in notes)
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_doc(title: str, caption: str, head: list[str], rows: list[list[str]],
              left: set[int], notes: list[str] | None = None) -> str:
    return html_page(title, [(caption, head, rows, left)], notes or [])


def standings_html(st: Standings, title: str = "") -> str:
    head, rows = _table(st, local=True)
    caption = _("Standings after round {n} (C.07 {edition})").format(n=st.round,
                                                                     edition=st.edition)
    notes = ([_legend(st.labels)] if st.labels else []) + [note(n) for n in st.notes]
    return _html_doc(title, caption, head, rows, {2, 4}, notes)


def render_standings(st: Standings, fmt_name: str, title: str = "") -> str:
    if fmt_name == "text":
        return standings_text(st, title)
    if fmt_name == "csv":
        return standings_csv(st)
    if fmt_name == "json":
        return standings_json(st, title)
    if fmt_name == "html":
        return standings_html(st, title)
    raise ValueError(f"unknown format {fmt_name!r}")


# ---------------------------------------------------------------- crosstable
def _cross_table(ct: Crosstable) -> tuple[list[str], list[list[str]]]:
    st = ct.standings
    pd, tbd = _columns(st)
    loc = i18n.decimal_text
    head = [_("No"), _("Rk"), _("TPN"), _("Name"), _("Rtg"),
            *(str(r) for r in range(1, ct.rounds + 1)), _("Pts"), *st.labels]
    rows = []
    for line in ct.lines:
        r = line.row
        rows.append([str(line.number), str(r.rank), str(r.id), r.player.name,
                     str(r.player.rating or ""), *line.cells, i18n.points(r.points),
                     *(loc(fmt(v, d)) for v, d in zip(r.values, tbd, strict=True))])
    return head, rows


def crosstable_text(ct: Crosstable, title: str = "") -> str:
    head, rows = _cross_table(ct)
    widths = [max(len(x) for x in col) for col in zip(head, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 3 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    out = [title] if title else []
    out.append(_("Crosstable after round {n} (opponents by line number; w/b colour; 1 ½ 0 "
                 "result, + - forfeit)").format(n=ct.standings.round))
    out.append(line(head))
    out.append("-" * len(line(head)))
    out.extend(line(r) for r in rows)
    out.append(_("PAB = pairing-allocated bye, F = full-point bye, H = half-point bye, "
                 "Z = zero-point bye / absent"))
    if ct.standings.labels:
        out.append(_legend(ct.standings.labels))
    return "\n".join(out) + "\n"


def crosstable_html(ct: Crosstable, title: str = "") -> str:
    head, rows = _cross_table(ct)
    caption = _("Crosstable after round {n}").format(n=ct.standings.round)
    legend = [_legend(ct.standings.labels)] if ct.standings.labels else []
    return _html_doc(title, caption, head, rows, {3}, legend)


def render_crosstable(ct: Crosstable, fmt_name: str, title: str = "") -> str:
    if fmt_name == "text":
        return crosstable_text(ct, title)
    if fmt_name == "html":
        return crosstable_html(ct, title)
    raise ValueError(f"unknown format {fmt_name!r}")
