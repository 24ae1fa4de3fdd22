"""TRF reader: FIDE TRF16, JaVaFo's TRF(x), bbpPairings' TRF(bx) and TRF-2026.

Public API (stable):

* ``parse_trf(text, filename="<string>") -> TrfResult`` (tournament + diagnostics)
* ``read_trf(path) -> TrfResult`` (decodes UTF-8, falls back to Latin-1)
* ``load_trf(path) -> Tournament``, raising ``TrfError`` when the file has errors
* ``write_trf(t, variant="2026") -> str`` (see :mod:`swisschess.formats.writer`)

A TRF file is a list of fixed-column records; the record type is in columns
1-3 and header values start at column 5.  The player record ``001`` carries the
whole history of a player: from column 92 on, one 8-column entry per round
(opponent 92-95, colour 97, result 99, then +10 per round).  Everything the
pairing needs is in the model (:class:`~swisschess.model.tournament.Tournament`);
records the model does not interpret (team records, NRS lines, typed 299
records, ...) are kept raw in ``Tournament.extra`` so that a file
read and written again keeps them.

Checks that need the whole file (mirror entries, stated points, ...) are in
:mod:`swisschess.formats.checks`; ``parse_trf`` runs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from swisschess.formats.diagnostics import ERROR, WARNING, Diagnostic, TrfError, TrfResult
from swisschess.formats.fields import (
    MAX_PLAYERS,
    ROUND_COLUMN,
    ROUND_STRIDE,
    parse_int,
    parse_number,
    parse_round_dates,
)
from swisschess.formats.locations import Locations
from swisschess.model.text import BAD_CHAR_IN_FILE, char_name
from swisschess.model.tournament import (
    ALL_CODES,
    Acceleration,
    ByeRequest,
    Colour,
    ForbiddenPairs,
    Player,
    PointAdjustment,
    RoundEntry,
    Tournament,
)

#: A number read from a column (int or Fraction).
N = TypeVar("N")

__all__ = [
    "Diagnostic",
    "TrfError",
    "TrfResult",
    "parse_trf",
    "read_trf",
    "load_trf",
    "decode",
    "split_lines",
    "write_trf",
]

#: Header records whose value (from column 5) maps to a model field.
HEADER_FIELDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "102": "chief_arbiter",
    "122": "time_control",
}

#: Records kept raw in ``Tournament.extra`` without a warning: TRF16 headers the
#: model does not interpret, TRF-2026 records for other purposes, team records.
KEEP_RAW = frozenset(
    "062 072 082 092 132 172 182 212 222 299 "
    "013 300 310 320 330 340 350 352 360 362 801 802 XXY".split()
)

#: JaVaFo XXS keys (TRF(x)) and the point-system fields they set.
XXS_KEYS: dict[str, tuple[str, ...]] = {
    "WW": ("win",),
    "BW": ("win_black",),
    "WD": ("draw",),
    "BD": ("draw_black",),
    "WL": ("loss",),
    "BL": ("loss_black",),
    "ZPB": ("zero_bye",),
    "HPB": ("half_bye",),
    "FPB": ("full_bye",),
    "PAB": ("pab",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    # shortcuts: the value for both colours
    "W": ("win", "win_black"),
    "D": ("draw", "draw_black"),
    "L": ("loss", "loss_black"),
}

#: TRF-2026 record 162 symbols.  ``A`` is the spec's (and Gacrux's) absence
#: symbol; bbpPairings parses ``Z`` instead, so both are accepted.  ``X``
#: (unknown result, e.g. adjourned, worth a draw) has no field in the model.
R162_SYMBOLS: dict[str, tuple[str, ...]] = {
    "W": ("win", "forfeit_win", "full_bye"),
    "D": ("draw", "half_bye"),
    "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss"),
    "Z": ("zero_bye", "forfeit_loss"),
    "P": ("pab",),
    "X": (),
}

#: bbpPairings TRF(bx) point records.
BB_RECORDS: dict[str, tuple[str, ...]] = {
    "BBW": ("win", "forfeit_win", "full_bye"),
    "BBD": ("draw", "half_bye"),
    "BBL": ("loss",),
    "BBZ": ("zero_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pab",),
}

#: Start of the error for a character no TRF line may hold (model.text): a
#: control character (a tab is read as whitespace), a line separator or a bidi
#: override.  Almost always the
#: sign of a file read in the wrong encoding (Windows-1250 "Š" read as Latin-1
#: is U+008A) or of a line break inside a name.
CONTROL_CHARACTER = "not allowed: character"


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), else Latin-1 (which decodes any byte)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def split_lines(text: str) -> list[str]:
    """Split on LF, CRLF or CR (TRF-2026 ends lines with CR; most files use LF)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


# ------------------------------------------------------------------ parser
class _Reader:
    """One pass over the lines; fills a Tournament, a Locations table and diagnostics."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.t = Tournament()
        self.diags: list[Diagnostic] = []
        self.loc = Locations()
        self.points_given = False  # XXS, 162 or BB* present: points strictly checked
        self._xxz: list[tuple[int, tuple[int, ...]]] = []
        self._299: list[tuple[str, PointAdjustment | None]] = []
        self._xxc_rank = False
        # Raw 240 / 250 / 260 lines: in team events they name teams, not players.
        self._team_raw: list[tuple[str, str]] = []
        self._from_260: list[bool] = []  # per t.forbidden item
        self._pab_set = False
        self._pab_follows_win = False
        self._132: list[str] = []  # round dates, read in finish()

    def report(self, ln: int, col: int, msg: str, severity: str = ERROR) -> None:
        self.diags.append(Diagnostic(self.filename, ln, col, msg, severity))

    def warn(self, ln: int, col: int, msg: str) -> None:
        self.report(ln, col, msg, WARNING)

    # .............................................................. records

    def _number(self, line: str, ln: int, start: int, end: int,
                parse: Callable[[str], N | None], what: str, note: str = "") -> N | None:
        """The number in columns ``start+1``..``end`` of ``line``; None when blank or
        not a number (then a warning at that column)."""
        text = line[start:end].strip()
        if not text:
            return None
        value = parse(text)
        if value is None:
            self.warn(ln, start + 1, f"{what} {text!r} is not a number{note}")
        return value
    def line(self, ln: int, line: str) -> None:
        m = BAD_CHAR_IN_FILE.search(line)  # a tab is whitespace here, not an error
        if m is not None:
            # in a name, a header text or anywhere else: the record cannot be trusted
            bad = m.start()
            self.report(ln, bad + 1, f"{CONTROL_CHARACTER} {char_name(line[bad])}; a file "
                                     "saved in another encoding, or a line break inside a "
                                     "field?")
        line = line.rstrip()
        if not line.strip():
            return
        if line.startswith("#"):
            # TRF-2026: lines starting with ### are comments (a single # is
            # accepted too, py4swiss writes those).
            self.t.comments.append(line.rstrip())
            return
        code = line[:3].upper()
        self.loc.record_line.setdefault(code, ln)
        value = line[4:].strip()
        if code == "001":
            self.player(ln, line)
        elif code in HEADER_FIELDS:
            setattr(self.t, HEADER_FIELDS[code], value)
        elif code == "112":
            self.t.deputy_arbiters.append(value)
        elif code == "132":
            self._132.append(line.rstrip())
        elif code == "092":
            self.t.extra.setdefault(code, []).append(line.rstrip())
            if not self.t.system:
                self.t.system = value
        elif code == "192":
            # TRF-2026 record 192: encoded tournament type; it wins over 092.
            # An empty 192 says nothing: the system stays the one of 092 (so
            # that writing and reading again gives the same model).
            if value:
                self.t.system = value
            else:
                self.warn(ln, 5, "record 192 is empty (ignored; the system is read from 092)")
        elif code == "202":
            self.t.tiebreaks = [w.strip() for w in value.split(",") if w.strip()]
        elif code in ("XXR", "142"):
            self.rounds(ln, code, value)
        elif code in BB_RECORDS:
            self.bb(ln, code, value)
        elif code in _RECORD_READERS:
            read, whole_line = _RECORD_READERS[code]
            read(self, ln, line if whole_line else value)
        elif code in ("240", "250", "260"):
            if code != "250" or not line[4:8].strip() or line[9:13].strip():
                self._team_raw.append((code, line))
            getattr(self, "r" + code)(ln, line)
        else:
            self.t.extra.setdefault(code, []).append(line.rstrip())
            if code not in KEEP_RAW and not _is_nrs(line):
                self.warn(ln, 1, f"unknown record type {code!r} (kept, not interpreted)")

    def rounds(self, ln: int, code: str, value: str) -> None:
        # JaVaFo XXR / TRF-2026 record 142: total number of rounds.
        n = parse_int(value.split()[0]) if value.split() else None
        if n is None or n < 1:
            self.report(ln, 5, f"{code}: number of rounds {value!r} is not a positive number")
            return
        if self.t.rounds is not None and self.t.rounds != n:
            self.warn(ln, 5, f"{code}: number of rounds {n} differs from {self.t.rounds} given before")
        self.t.rounds = n

    def xxc(self, ln: int, value: str) -> None:
        # JaVaFo XXC [rank] [white1|black1]
        for w in value.split():
            lw = w.lower()
            if lw == "white1":
                self.t.initial_colour = Colour.WHITE
            elif lw == "black1":
                self.t.initial_colour = Colour.BLACK
            elif lw == "rank":
                self._xxc_rank = True  # pair by position in the file (model.renumber)
            else:
                self.report(ln, 5, f"XXC: unknown option {w!r} (expected white1, black1 or rank)")

    def r152(self, ln: int, value: str) -> None:
        # TRF-2026 record 152: initial colour W / B
        v = value.upper()
        if v in ("W", "B"):
            self.t.initial_colour = Colour.WHITE if v == "W" else Colour.BLACK
        else:
            self.report(ln, 5, f"152: initial colour must be W or B, not {value!r}")

    def _set_points(self, names: tuple[str, ...], v: Fraction) -> None:
        for n in names:
            setattr(self.t.points, n, v)
        if "pab" in names:
            self._pab_set = True
        if "win" in names and not self._pab_set and self._pab_follows_win:
            self.t.points.pab = v

    def r162(self, ln: int, line: str) -> None:
        # TRF-2026 record 162: symbol at 6, points at 7-10, next pairs at 15/16-19,
        # 24/25-28 ...  Read as a sequence of "symbol value" pairs, tolerant of spacing.
        self.points_given = True
        self._pab_follows_win = True  # 162: P = W unless given
        body = line[4:]
        pos = 4
        for m in re.finditer(r"(\S)\s*([+-]?[\d.,]+)?", body):
            sym = m.group(1).upper()
            col = pos + m.start() + 1
            if sym not in R162_SYMBOLS:
                self.report(ln, col, f"162: unknown scoring symbol {m.group(1)!r} "
                                     "(expected W D L A P X)")
                continue
            if m.group(2) is None:
                self.report(ln, col, f"162: symbol {sym} without points")
                continue
            v = parse_number(m.group(2))
            if v is None:
                self.report(ln, col + 1, f"162: points {m.group(2)!r} for {sym} is not a number")
                continue
            if sym == "Z":
                self.warn(ln, col, "162: absence symbol Z (bbpPairings) read as A (TRF-2026)")
            self._set_points(R162_SYMBOLS[sym], v)

    def xxs(self, ln: int, value: str) -> None:
        # JaVaFo XXS CODE=VALUE ...
        self.points_given = True
        col = 5
        for tok in value.split():
            key, eq, val = tok.partition("=")
            key = key.upper()
            if not eq or key not in XXS_KEYS:
                self.report(ln, col, f"XXS: unknown scoring item {tok!r}")
                continue
            v = parse_number(val)
            if v is None:
                self.report(ln, col, f"XXS: value {val!r} of {key} is not a number")
                continue
            self._set_points(XXS_KEYS[key], v)

    def bb(self, ln: int, code: str, value: str) -> None:
        # bbpPairings TRF(bx): BBW BBD BBL BBZ BBF BBU pp.p ; PAB defaults to the win value.
        self.points_given = True
        self._pab_follows_win = True
        v = parse_number(value)
        if v is None:
            self.report(ln, 5, f"{code}: points {value!r} is not a number")
            return
        self._set_points(BB_RECORDS[code], v)

    def _ids(self, ln: int, code: str, words: list[str], col: int) -> tuple[int, ...] | None:
        ids = []
        for w in words:
            n = parse_int(w)
            if n is None or n < 1:
                self.report(ln, col, f"{code}: player number {w!r} is not a positive number")
                return None
            ids.append(n)
        return tuple(ids)

    def xxa(self, ln: int, line: str) -> None:
        # JaVaFo XXA: id at 5-8, then fictitious points per round at 10-13, 15-18 ...
        words = line[4:].split()
        if not words:
            self.report(ln, 5, "XXA: player number missing")
            return
        pid = parse_int(words[0])
        if pid is None or pid < 1:
            self.report(ln, 5, f"XXA: player number {words[0]!r} is not a positive number")
            return
        vals = []
        for i, w in enumerate(words[1:]):
            v = parse_number(w)
            if v is None:
                self.report(ln, 10 + 5 * i, f"XXA: points {w!r} is not a number")
                return
            vals.append(v)
        if pid in self.t.xxa:
            self.warn(ln, 5, f"XXA: player {pid} given again; this line replaces the earlier one")
        self.t.xxa[pid] = vals
        self.loc.xxa_lines[pid] = ln

    def xxp(self, ln: int, value: str) -> None:
        # JaVaFo XXP id id ...: these players may never meet.
        ids = self._ids(ln, "XXP", value.split(), 5)
        if ids is None:
            return
        if len(ids) < 2:
            self.warn(ln, 5, "XXP: fewer than two players, nothing is forbidden")
        self.t.forbidden.append(ForbiddenPairs(ids))
        self.loc.forbidden_lines.append(ln)
        self._from_260.append(False)

    def xxz(self, ln: int, value: str) -> None:
        # JaVaFo XXZ id id ...: not to be paired in the round about to be paired.
        ids = self._ids(ln, "XXZ", value.split(), 5)
        if ids is not None:
            self._xxz.append((ln, ids))

    def r240(self, ln: int, line: str) -> None:
        # TRF-2026 record 240: type at 5 (F/H/Z), round 7-9, IDs 11-14, 16-19 ...
        kind = line[4:5].upper()
        if kind not in ("F", "H", "Z"):
            self.report(ln, 5, f"240: bye type must be F, H or Z, not {line[4:5]!r}")
            return
        words = line[5:].split()
        rnd = parse_int(words[0]) if words else None
        if rnd is None or rnd < 1:
            self.report(ln, 7, "240: round number missing or not a positive number")
            return
        ids = self._ids(ln, "240", words[1:], 11)
        if ids is None:
            return
        if not ids:
            self.warn(ln, 11, "240: no player numbers")
        self.t.bye_requests.append(ByeRequest(kind, rnd, ids))
        self.loc.bye_lines.append(ln)

    def r299(self, ln: int, line: str) -> None:
        # TRF-2026 record 299: type at 5, match points 8-11, points 14-17, round
        # 20-22, IDs 24-27, 29-32 ...  A blank type with player numbers adjusts
        # their scores (model PointAdjustment, gacrux's reading: from that round
        # on, 999 = final standing only).  The typed forms (an abnormal result of
        # a round, the points of a result kind) are kept raw, not interpreted.
        words = line[23:].split()
        if line[4:5].strip() or not words:
            self._299.append((line.rstrip(), None))
            return
        pts = parse_number(line[13:17])
        if pts is None:
            self.report(ln, 14, "299: points (columns 14-17) missing or not a number")
            return
        mp_text = line[7:11].strip()
        mp = parse_number(mp_text) if mp_text else None
        if mp_text and mp is None:
            self.report(ln, 8, f"299: match points {mp_text!r} are not a number")
            return
        r_text = line[19:22].strip()
        rnd = parse_int(r_text) if r_text else 0
        if rnd is None or rnd < 0:
            self.report(ln, 20, f"299: round {r_text!r} is not a number")
            return
        ids = self._ids(ln, "299", words, 24)
        if ids is None:
            return
        self._299.append((line.rstrip(), PointAdjustment(Fraction(pts), rnd, ids,
                                                         None if mp is None else Fraction(mp))))

    def r250(self, ln: int, line: str) -> None:
        # TRF-2026 record 250: fictitious MP 5-8 (teams), points 10-13, first round
        # 15-17, last round 19-21, first ID 23-26, last ID 28-31.
        mp = line[4:8].strip()
        if mp and not line[9:13].strip():
            # A team acceleration in match points: kept raw (teams are not paired here).
            self.t.extra.setdefault("250", []).append(line.rstrip())
            return
        # Both columns given (gacrux writes the match points of a win too, for
        # individual events): the points column is the players' acceleration.
        fields = [(line[9:13], 10, "points"), (line[14:17], 15, "first round"),
                  (line[18:21], 19, "last round"), (line[22:26], 23, "first ID"),
                  (line[27:31], 28, "last ID")]
        pts = parse_number(fields[0][0])
        if pts is None:
            self.report(ln, 10, f"250: fictitious points {fields[0][0].strip()!r} is not a number")
            return
        nums = []
        for text, col, what in fields[1:]:
            n = parse_int(text)
            if n is None or n < 1:
                self.report(ln, col, f"250: {what} {text.strip()!r} is not a positive number")
                return
            nums.append(n)
        if nums[0] > nums[1] or nums[2] > nums[3]:
            self.report(ln, 15 if nums[0] > nums[1] else 23, "250: range is empty (first > last)")
            return
        self.t.accelerations.append(Acceleration(pts, nums[0], nums[1], nums[2], nums[3]))

    def r260(self, ln: int, line: str) -> None:
        # TRF-2026 record 260: first round 5-7, last round 9-11, IDs 13-16, 18-21 ...
        first, last = parse_int(line[4:7]), parse_int(line[8:11])
        if first is None or first < 1:
            self.report(ln, 5, "260: first round is not a positive number")
            return
        if last is None or last < first:
            self.report(ln, 9, "260: last round is missing or before the first round")
            return
        ids = self._ids(ln, "260", line[11:].split(), 13)
        if ids is None:
            return
        self.t.forbidden.append(ForbiddenPairs(ids, first, last))
        self.loc.forbidden_lines.append(ln)
        self._from_260.append(True)

    # ............................................................... players
    def player(self, ln: int, line: str) -> None:
        pid = parse_int(line[4:8])
        if pid is None or not 1 <= pid <= MAX_PLAYERS:
            self.report(ln, 5, f"player number {line[4:8].strip()!r} is not a number 1-9999")
            return
        if pid in self.t.players:
            self.report(ln, 5, f"player {pid} appears twice (first on line "
                               f"{self.loc.player_line[pid]})")
            return
        if line[8:9].strip():
            self.report(ln, 9, "player number runs into column 9 (expected columns 5-8)")
        p = Player(
            id=pid,
            sex=line[9:10].strip(),
            title=line[10:13].strip(),
            name=line[14:47].strip(),
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            birth=line[69:79].strip(),
        )
        rating = self._number(line, ln, 48, 52, parse_int, "rating", " (read as unrated)")
        if rating is not None:
            p.rating = rating
        p.stated_points = self._number(line, ln, 80, 84, parse_number, "points")
        p.stated_rank = self._number(line, ln, 85, 89, parse_int, "rank")
        if line[89:91].strip():
            self.report(ln, 90, "unexpected text in columns 90-91 (round 1 starts at column 92)")
        i, rnd = ROUND_COLUMN - 1, 1
        while i < len(line):
            e = self.entry(ln, line, i, rnd)
            p.results.append(e if e is not None else RoundEntry(None, Colour.NONE, "Z", blank=True))
            i += ROUND_STRIDE
            rnd += 1
        while p.results and p.results[-1].blank:
            p.results.pop()
        self.t.players[pid] = p
        self.loc.player_line[pid] = ln

    def entry(self, ln: int, line: str, i: int, rnd: int) -> RoundEntry | None:
        """Round ``rnd``'s entry starting at index ``i``; None when blank or unreadable."""
        chunk = line[i:i + ROUND_STRIDE].ljust(ROUND_STRIDE)
        col = i + 1
        if not chunk.strip():
            return None
        for k in (4, 6, 8, 9):
            if chunk[k] != " ":
                self.report(ln, col + k, f"round {rnd}: unexpected {chunk[k]!r} in column "
                                         f"{col + k} (entry misaligned?)")
                return None
        opp_s, col_s, res_s = chunk[0:4].strip(), chunk[5].lower(), chunk[7].upper()
        opp: int | None = None
        if opp_s:
            n = parse_int(opp_s)
            if n is None:
                self.report(ln, col, f"round {rnd}: opponent {opp_s!r} is not a number")
                return None
            opp = n or None
        if col_s not in "wb- ":
            self.report(ln, col + 5, f"round {rnd}: colour {chunk[5]!r} is not w, b or -")
            return None
        colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(col_s, Colour.NONE)
        if res_s != " " and res_s not in ALL_CODES:
            self.report(ln, col + 7, f"round {rnd}: unknown result code {chunk[7]!r}")
            return None
        if opp is None:
            if colour is not Colour.NONE:
                self.report(ln, col + 5, f"round {rnd}: colour {col_s!r} without an opponent")
                return None
            if res_s in "1=0WDL" and res_s != " ":
                self.report(ln, col + 7, f"round {rnd}: game result {res_s!r} without an opponent")
                return None
            return RoundEntry(None, Colour.NONE, "Z" if res_s == " " else res_s)
        if res_s == " ":
            # Paired, result not known yet (model code "*").
            return RoundEntry(opp, colour, "*")
        if res_s in "HFUZ":
            self.report(ln, col + 7, f"round {rnd}: bye code {res_s!r} with opponent {opp} "
                                     "(byes are written 0000 - " + res_s + ")")
            return None
        return RoundEntry(opp, colour, res_s)

    # ................................................................ finish
    def finish(self) -> None:
        t = self.t
        if "310" in t.extra or "TEAM" in t.system.upper():
            # Team event: 240 / 250 / 260 name teams.  Keep them raw, out of the
            # player-level model (team pairing is not done here).
            t.bye_requests, self.loc.bye_lines, t.accelerations = [], [], []
            keep = [i for i, f in enumerate(self._from_260) if not f]
            t.forbidden = [t.forbidden[i] for i in keep]
            self.loc.forbidden_lines = [self.loc.forbidden_lines[i] for i in keep]
            for code, line in self._team_raw:
                t.extra.setdefault(code, []).append(line)
        # Record 299: player score adjustments into the model (team events:
        # the numbers are teams, kept raw like the other team records).
        team = "310" in t.extra or "TEAM" in t.system.upper()
        for line, adj in self._299:
            if adj is not None and not team:
                t.adjustments.append(adj)
            else:
                t.extra.setdefault("299", []).append(line)
        if self._xxc_rank:
            t.rank_order = list(t.players)  # read in file order
        self.round_dates()
        # JaVaFo XXZ applies to the round about to be paired (first round without data).
        nxt = t.rounds_recorded() + 1
        for ln, ids in self._xxz:
            t.bye_requests.append(ByeRequest("Z", nxt, ids))
            self.loc.bye_lines.append(ln)
        # One model for "same value for both colours": None (see PointSystem).
        ps = t.points
        for col, black in (("win", "win_black"), ("draw", "draw_black"), ("loss", "loss_black")):
            if getattr(ps, black) == getattr(ps, col):
                setattr(ps, black, None)

    def round_dates(self) -> None:
        """Record 132 (TRF16 / TRF-2026): the date of each round into
        ``round_dates`` (ISO, index = round - 1, ``""`` unknown, up to the last
        date given -- the form the store keeps too).  A 132 the layout does not
        fit (several 132 lines, one date per line, text before column 92) is
        kept raw; a 132 without any date says nothing and is dropped."""
        t = self.t
        if not self._132:
            return
        dates = parse_round_dates(self._132[0]) if len(self._132) == 1 else None
        if dates is None:
            t.extra["132"] = list(self._132)
            return
        t.round_dates = dates


#: records read by one method of the reader: (method, True when it reads the
#: whole line, False when only the value after column 4)
_RECORD_READERS: dict[str, tuple[Callable[[_Reader, int, str], None], bool]] = {
    "XXC": (_Reader.xxc, False), "152": (_Reader.r152, False), "162": (_Reader.r162, True),
    "XXS": (_Reader.xxs, False), "XXA": (_Reader.xxa, True), "XXP": (_Reader.xxp, False),
    "XXZ": (_Reader.xxz, False), "299": (_Reader.r299, True),
}


def _is_nrs(line: str) -> bool:
    """TRF-2026 NRS line: a federation code in columns 1-3 and the 001 layout."""
    code = line[:3]
    return code.isascii() and code.isalpha() and code.isupper() and parse_int(line[4:8]) is not None


def parse_trf(text: str, filename: str = "<string>", *, check: bool = True) -> TrfResult:
    """Read a TRF text.  Never raises on bad input: problems become diagnostics.

    With ``check`` (default) the whole-file checks of
    :mod:`swisschess.formats.checks` run too (mirror entries, points, ...).
    """
    from swisschess.formats.checks import check_file

    r = _Reader(filename)
    for ln, line in enumerate(split_lines(text), 1):
        r.line(ln, line)
    r.finish()
    diags = r.diags
    if check:
        diags += check_file(r.t, r.loc, filename, strict_points=r.points_given)
    diags.sort(key=lambda d: (d.line, d.column))
    return TrfResult(r.t, diags, r.loc)


def read_trf(path: str) -> TrfResult:
    """Read a TRF file (UTF-8, else Latin-1; LF, CRLF or CR line ends).

    Raises ``OSError`` when the file cannot be read at all.
    """
    with open(path, "rb") as f:
        data = f.read()
    return parse_trf(decode(data), str(path))


def load_trf(path: str) -> Tournament:
    """The tournament of a TRF file; ``TrfError`` if it has errors."""
    r = read_trf(path)
    if r.errors:
        raise TrfError(r.errors)
    return r.tournament


def write_trf(t: Tournament, variant: str = "2026", **kw: str) -> str:
    """Write ``t`` as TRF-2026 (default) or TRF16; see :mod:`swisschess.formats.writer`."""
    from swisschess.formats.writer import write_trf as _write

    return _write(t, variant, **kw)

