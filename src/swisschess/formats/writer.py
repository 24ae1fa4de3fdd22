"""TRF writer: TRF-2026 (default) and TRF16 with JaVaFo's XX records.

``write_trf(t)`` gives a file that :func:`swisschess.formats.trf.parse_trf`
reads back into an equal model.  What each variant writes:

* **TRF-2026**: headers 012-132 (132 from ``t.round_dates``, else as read;
  the others as read, kept raw in ``t.extra``), 142
  rounds, 152 initial colour, 162 point system (when it can say it; otherwise
  JaVaFo ``XXS``), 192 system, 202 tie-breaks, the 001 records, team and NRS
  records as read, 240 byes, 250 accelerations, 260 forbidden pairs with a
  round range, 299 as read, ``###`` comments (at the top).  What TRF-2026 has
  no record for is written with JaVaFo's records: ``XXA`` (fictitious points
  per player and round) and ``XXP`` (players who may never meet).
* **TRF16**: the TRF16 headers, 001 and 013 records, then JaVaFo ``XXR`` (rounds),
  ``XXC`` (white1/black1), ``XXS`` (non-default points), ``XXA`` (from XXA and
  250), ``XXP`` (260 ranges are lost), and for the round about to be paired
  ``XXZ`` (zero-point byes / absences) and in-column ``0000 - H`` / ``0000 - F``
  entries for requested half- and full-point byes.  TRF-2026-only records and
  comments are left out, so TRF16 is not loss-free for TRF-2026 input.
"""

from __future__ import annotations

import re
from fractions import Fraction

from swisschess.formats.adjustments import point_adjustments
from swisschess.formats.fields import MAX_PLAYERS, round_dates_line
from swisschess.model.points import format_points
from swisschess.model.tournament import (
    Colour,
    Player,
    PointAdjustment,
    PointSystem,
    RoundEntry,
    Tournament,
)

#: Records a TRF16 file may carry (FIDE C.04 Annex 2).
TRF16_HEADERS = frozenset("012 022 032 042 052 062 072 082 092 102 112 122 132 013".split())
#: Records written by this module from model fields (never copied from ``extra``).
GENERATED = frozenset("012 022 032 042 052 102 112 122 142 152 162 192 202".split())


#: Characters that end a line for some reader: ``\n`` and ``\r`` (TRF readers),
#: and what Python's ``str.splitlines`` and Unicode also break lines on.
_BREAKS = re.compile("[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def one_line(text: str) -> str:
    r"""``text`` fit for one field of one record: every line break (``\n``, ``\r``,
    vertical tab, form feed, ``U+0085``, ``U+2028``, ``U+2029`` ...) becomes a
    space.  The writer passes every text through it, so that no data, however it
    got into the model, can end a record early and start a forged one (a name
    ``"X\n001 ..."``; issue 26).  The input refuses such characters already; this
    is the second line of defence.  Other characters (a tab read from a file)
    are written as read, so that a file read and written again is the same."""
    return _BREAKS.sub(" ", text) if _BREAKS.search(text) else text


_clean = one_line


def fmt_points(x: Fraction) -> str:
    """``11.5``, ``2.0``, ``0.25``: one decimal at least, exact when finite."""
    return format_points(x, decimals=1)


def adjustment_line(a: PointAdjustment) -> str:
    """TRF-2026 record 299 of a score adjustment: type (blank) at 5, match
    points 8-11, points 14-17, round 20-22 (blank for 0), IDs 24-27, 29-32 ..."""
    mp = "" if a.match_points is None else fmt_points(a.match_points)
    rnd = str(a.round) if a.round else ""
    return (f"299    {mp:>4}  {fmt_points(a.points):>4}  {rnd:>3}"
            + "".join(f" {i:>4}" for i in a.ids))


def _entry(e: RoundEntry) -> str:
    """One 8-column round entry: opponent 4, space, colour, space, result."""
    if e.blank:
        return " " * 8
    opp = f"{e.opponent:>4}" if e.opponent is not None else "0000"
    colour = e.colour.value if e.opponent is not None else "-"
    code = " " if e.code == "*" else e.code
    return f"{opp} {colour} {code}"


def player_line(p: Player, points: Fraction | None, entries: list[RoundEntry] | None = None
                ) -> str:
    """The 001 record of ``p`` (TRF16 = TRF-2026 layout)."""
    if not 1 <= p.id <= MAX_PLAYERS:
        raise ValueError(f"pairing number {p.id} does not fit columns 5-8")
    rating = f"{p.rating:>4}" if p.rating else "    "
    if len(rating) > 4:
        raise ValueError(f"rating {p.rating} of player {p.id} does not fit columns 49-52")
    pts = fmt_points(points) if points is not None else ""
    rank = f"{p.stated_rank:>4}" if p.stated_rank is not None else ""
    sex, title, name, fed, fid, birth = (_clean(x) for x in (
        p.sex, p.title, p.name, p.federation, p.fide_id, p.birth))
    head = (f"001 {p.id:>4} {sex[:1]:1}{title[:3]:>3} {name[:33]:<33} {rating} "
            f"{fed[:3]:<3} {fid[:11]:>11} {birth[:10]:<10} {pts[:4]:>4} {rank[:4]:>4}")
    res = entries if entries is not None else p.results
    return (head + "".join("  " + _entry(e) for e in res)).rstrip()


# --------------------------------------------------------------- point system
def _r162(ps: PointSystem) -> str | None:
    """TRF-2026 record 162, or None when 162 cannot express ``ps``.

    162 has one value per symbol: W (win, forfeit win, full-point bye),
    D (draw, half-point bye), L (loss), A (zero-point bye, forfeit loss),
    P (PAB).  Symbol at column 6, points at 7-10, next pairs every 9 columns.
    """
    if ps.win_black is not None or ps.draw_black is not None or ps.loss_black is not None:
        return None
    if not (ps.win == ps.forfeit_win == ps.full_bye and ps.draw == ps.half_bye
            and ps.zero_bye == ps.forfeit_loss):
        return None
    # Only the values that differ from the defaults (allowed by the spec).  This
    # keeps ``A`` out of most files: bbpPairings reads ``Z`` there and rejects ``A``.
    items = [("W", ps.win, Fraction(1)), ("D", ps.draw, Fraction(1, 2)),
             ("L", ps.loss, Fraction(0)), ("A", ps.zero_bye, Fraction(0)),
             ("P", ps.pab, ps.win)]
    line = "162"
    for sym, value, default in items:
        if value != default:
            line = line.ljust(len(line) + (2 if line == "162" else 4)) + f"{sym}{fmt_points(value):>4}"
    return line


def _xxs(ps: PointSystem) -> str:
    """JaVaFo XXS with every key (the form JaVaFo and gbtami write)."""
    def black(v: Fraction | None, default: Fraction) -> Fraction:
        return default if v is None else v

    items = [
        ("WW", ps.win), ("BW", black(ps.win_black, ps.win)),
        ("WD", ps.draw), ("BD", black(ps.draw_black, ps.draw)),
        ("WL", ps.loss), ("BL", black(ps.loss_black, ps.loss)),
        ("ZPB", ps.zero_bye), ("HPB", ps.half_bye), ("FPB", ps.full_bye),
        ("PAB", ps.pab), ("FW", ps.forfeit_win), ("FL", ps.forfeit_loss),
    ]
    return "XXS " + " ".join(f"{k}={fmt_points(v)}" for k, v in items)


# --------------------------------------------------------------------- writer
def write_trf(t: Tournament, variant: str = "2026", *, points: str = "stated",
              newline: str = "\n") -> str:
    """Write ``t`` as TRF text.

    ``variant``: ``"2026"`` (TRF-2026, default) or ``"16"`` (TRF16 + JaVaFo XX records).
    ``points``: ``"stated"`` writes each player's points as read (columns 81-84;
    blank when none were read), so that reading the output gives the same model;
    ``"computed"`` writes the score computed from the results under ``t.points``
    plus 299 adjustments.  Use ``"computed"`` for a tournament built or changed
    in code (after entering results): engines check these points.
    ``newline``: line end (TRF-2026 asks for CR; LF is what most tools write).
    """
    if variant not in ("2026", "16"):
        raise ValueError(f"unknown TRF variant {variant!r} (use '2026' or '16')")
    if points not in ("stated", "computed"):
        raise ValueError("points must be 'stated' or 'computed'")
    v16 = variant == "16"
    out: list[str] = []
    extra = t.extra

    def raw(code: str) -> list[str]:
        return list(extra.get(code, []))

    if not v16:
        # TRF-2026: comment lines start with ###.
        out += [c if c.startswith("#") else "### " + c for c in map(_clean, t.comments)]

    # Header records in code order: model fields and raw kept records.
    fields = {"012": t.name, "022": t.city, "032": t.federation, "042": t.start_date,
              "052": t.end_date, "102": t.chief_arbiter, "122": t.time_control}
    header: dict[str, list[str]] = {}
    for code, value in fields.items():
        if value:
            header[code] = [f"{code} {_clean(value)}"]
    if t.deputy_arbiters:
        header["112"] = [f"112 {_clean(d)}" for d in t.deputy_arbiters]
    for code in ("062", "072", "082", "092", "132"):
        if code in extra:
            header[code] = raw(code)
    if any(t.round_dates):
        # 132: round r's date at columns 92 + 10(r-1), as the 001 entries
        header["132"] = [round_dates_line(t.round_dates)]
    system_in_092 = [ln[4:].strip() for ln in extra.get("092", [])]
    if v16:
        if t.system and t.system not in system_in_092 and "092" not in header:
            header["092"] = [f"092 {_clean(t.system)}"]
    else:
        if t.rounds is not None:
            header["142"] = [f"142 {t.rounds}"]
        if t.initial_colour in (Colour.WHITE, Colour.BLACK):
            header["152"] = ["152 " + ("W" if t.initial_colour is Colour.WHITE else "B")]
        if not t.points.is_default():
            r162 = _r162(t.points)
            if r162 is not None:
                header["162"] = [r162]
        # 192 only when 092 does not already carry the same value (the reader
        # takes the system from 192, else from the first 092).
        if t.system and (not system_in_092 or system_in_092[0] != t.system):
            header["192"] = [f"192 {_clean(t.system)}"]
        if t.tiebreaks:
            header["202"] = ["202 " + _clean(",".join(t.tiebreaks))]
        for code in ("172", "182", "212", "222"):
            if code in extra:
                header[code] = raw(code)
    for code in sorted(header):
        out += header[code]

    # Players.
    nxt = t.rounds_recorded() + 1
    adj = point_adjustments(t)
    in_column: dict[int, str] = {}
    if v16:
        for b in t.bye_requests:
            if b.round == nxt and b.code in ("H", "F"):
                for pid in b.ids:
                    in_column[pid] = b.code
    # XXC rank: the 001 lines in the order whose positions are the pairing numbers
    in_order = ([t.players[i] for i in t.rank_order] if t.rank_order is not None
                else t.sorted_players())
    for p in in_order:
        if points == "stated":
            pts = p.stated_points
        else:
            pts = t.results_score(p.id) + adj.get(p.id, Fraction(0))
        entries = None
        if p.id in in_column:
            cur = p.entry(nxt)
            if cur is None or cur.blank:
                entries = list(p.results)
                while len(entries) < nxt - 1:
                    entries.append(RoundEntry(None, Colour.NONE, "Z", blank=True))
                entries[nxt - 1:nxt] = [RoundEntry.bye(in_column[p.id])]
        out.append(player_line(p, pts, entries))

    # Other kept records (team records, NRS lines, unknown records), as read.
    done = set(header) | {"250", "299"}
    for code, lines in extra.items():
        if code in done:
            continue
        if v16 and code not in TRF16_HEADERS:
            continue
        out += lines

    if not v16:
        for b in t.bye_requests:
            # TRF-2026 record 240: type at 5, round 7-9, IDs 11-14, 16-19 ...
            out.append(f"240 {b.code} {b.round:>3}" + "".join(f" {i:>4}" for i in b.ids))
        for a in t.accelerations:
            # TRF-2026 record 250: points 10-13, rounds 15-17 / 19-21, IDs 23-26 / 28-31;
            # four columns: 100 points are written "100", not "100.0"
            text = fmt_points(a.points)
            if len(text) > 4 and a.points.denominator == 1:
                text = str(a.points.numerator)
            out.append(f"250 {'':4} {text:>4} {a.first_round:>3} "
                       f"{a.last_round:>3} {a.first_id:>4} {a.last_id:>4}")
        out += raw("250")
        for f in t.forbidden:
            # In the model's order: TRF-2026 record 260 (rounds 5-7 / 9-11, IDs
            # 13-16, 18-21 ...) when there is a round range, else JaVaFo XXP.
            if (f.first_round, f.last_round) != (1, 9999):
                out.append(f"260 {f.first_round:>3} {f.last_round:>3}"
                           + "".join(f" {i:>4}" for i in f.ids))
            else:
                out.append("XXP " + " ".join(str(i) for i in f.ids))
        out += [adjustment_line(a) for a in t.adjustments]
        out += raw("299")
        if t.rank_order is not None:
            out.append("XXC rank")  # TRF-2026 has no record for it
    else:
        if t.rounds is not None:
            out.append(f"XXR {t.rounds}")
        xxc = ["rank"] if t.rank_order is not None else []
        if t.initial_colour in (Colour.WHITE, Colour.BLACK):
            xxc.append("white1" if t.initial_colour is Colour.WHITE else "black1")
        if xxc:
            out.append("XXC " + " ".join(xxc))
    if (v16 and not t.points.is_default()) or (not v16 and not t.points.is_default()
                                                and _r162(t.points) is None):
        out.append(_xxs(t.points))
    rows = _xxa_rows(t, v16)
    for pid in sorted(rows):
        row = rows[pid]
        out.append(f"XXA {pid:>4}" + "".join(f" {fmt_points(v):>4}" for v in row))
    if v16:
        for f in t.forbidden:
            out.append("XXP " + " ".join(str(i) for i in f.ids))
    if v16:
        ids = sorted({i for b in t.bye_requests if b.round == nxt and b.code == "Z"
                      for i in b.ids})
        if ids:
            out.append("XXZ " + " ".join(map(str, ids)))
    return newline.join(out) + newline


def _xxa_rows(t: Tournament, v16: bool) -> dict[int, list[Fraction]]:
    """XXA rows: t.xxa, plus (TRF16 only) the 250 accelerations spelt out per round."""
    rows = {pid: list(v) for pid, v in t.xxa.items()}
    if v16 and t.accelerations:
        last = t.rounds or max(a.last_round for a in t.accelerations)
        for pid in t.players:
            if pid in rows:
                continue
            row = [t.acceleration(pid, r) for r in range(1, last + 1)]
            while row and not row[-1]:
                row.pop()
            if row:
                rows[pid] = row
    return rows
