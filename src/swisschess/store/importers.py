"""Player lists to register: CSV, and FIDE rating list TXT and XML.

Each reader returns a list of player dicts (``name``, ``rating``, ``title``,
``sex``, ``federation``, ``fide_id``, ``birth``, ``club``) ready for
:meth:`TournamentService.add_players`, or raises :class:`ImportFormatError` with
the line (or element) that is wrong.  Nothing is registered by these functions.

:func:`read_player_file` is the whole way from the file's bytes: the encoding
(:mod:`swisschess.store.encodings`: UTF-8, else the Windows / ISO code page
that reads the names plausibly, or the one the arbiter gives), the format, the
players, and the line of each for the warnings of
:mod:`swisschess.store.playercheck`.  A cell holding a control character or a
line break (a quoted CSV cell, an XML character reference) is refused with
its line.

* **CSV**: a header row naming the columns, any order, case-insensitive:
  ``name`` (required), ``rating``, ``title``, ``sex``, ``federation`` (or ``fed``),
  ``fide_id`` (or ``id``, ``fideid``), ``birth`` (or ``born``, ``birthday``),
  ``club``.  Comma, semicolon or tab separated (detected).  Other columns are
  not read (a warning names them).
* **FIDE TXT** (``players_list_foa.txt``): fixed columns found from the header
  line ``ID Number  Name  Fed Sex Tit ... SRtng ... B-day Flag``.
* **FIDE XML** (``players_list_xml_foa.xml``): ``<playerslist><player>`` with
  ``fideid name country sex title rating rapid_rating blitz_rating birthday``.
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from swisschess.model.text import text_problem
from swisschess.store.encodings import Decoded, decode_bytes
from swisschess.store.events import StoreError

#: CSV column aliases -> player field.
CSV_COLUMNS = {
    "name": "name", "player": "name", "rating": "rating", "elo": "rating", "title": "title",
    "sex": "sex", "gender": "sex", "federation": "federation", "fed": "federation",
    "country": "federation", "fide_id": "fide_id", "fideid": "fide_id", "id": "fide_id",
    "fide id": "fide_id", "birth": "birth", "born": "birth", "birthday": "birth",
    "b-day": "birth", "club": "club", "klub": "club", "клуб": "club",
}
RATING_TYPES = ("standard", "rapid", "blitz")


class ImportFormatError(StoreError):
    """The file is not a player list we can read; the message says where."""


def detect_format(filename: str, text: str) -> str:
    """``csv``, ``fide-txt``, ``fide-xml`` or ``trf`` from the file name and contents."""
    low = filename.lower()
    head = text.lstrip()[:400]
    if low.endswith(".xml") or head.startswith("<"):
        return "fide-xml"
    if low.endswith((".trf", ".trfx")) or re.search(r"^(012|001) ", text[:2000], re.M):
        return "trf"
    first = head.splitlines()[0] if head else ""
    if first.startswith("ID Number") or (" Fed " in first and " Sex " in first):
        return "fide-txt"
    return "csv"


@dataclass(slots=True)
class PlayerFile:
    """A player list read from a file: the players, where each was, how it was read."""

    rows: list[dict]
    format: str
    decoded: Decoded
    #: ``file:line`` (CSV, TXT) or ``file: player N`` (XML) of each row.
    where: list[str] = field(default_factory=list)
    #: CSV columns that are not read.
    unknown_columns: list[str] = field(default_factory=list)


def read_player_file(data: bytes, filename: str = "<input>", fmt: str | None = None,
                     encoding: str | None = None, rating_type: str = "standard",
                     only: Iterable[str] | None = None) -> PlayerFile:
    """Decode ``data`` (see :mod:`swisschess.store.encodings`) and read its players;
    ``fmt`` (default: detected) is ``csv``, ``fide-txt`` or ``fide-xml``."""
    decoded = decode_bytes(data, filename, encoding)
    fmt = fmt or detect_format(filename, decoded.text)
    unknown: list[str] = []
    where: list[str] = []
    rows = read_players(decoded.text, fmt, filename, rating_type, only, where=where,
                        unknown=unknown)
    return PlayerFile(rows, fmt, decoded, where, unknown)


def read_players(text: str, fmt: str, filename: str = "<input>",
                 rating_type: str = "standard", only: Iterable[str] | None = None, *,
                 where: list[str] | None = None, unknown: list[str] | None = None) -> list[dict]:
    """Players of a list in format ``fmt``; ``only`` keeps these FIDE ids (in file order).

    ``where`` (when given) is filled with the location of each row returned,
    ``unknown`` with the CSV columns not read."""
    wanted = {str(x).strip() for x in only if str(x).strip()} if only is not None else None
    if fmt == "csv":
        rows = read_csv(text, filename, unknown=unknown)
    elif fmt == "fide-txt":
        rows = read_fide_txt(text, filename, rating_type, wanted)
    elif fmt == "fide-xml":
        rows = read_fide_xml(text, filename, rating_type, wanted)
    else:
        raise ImportFormatError(f"{filename}: unknown player list format {fmt!r}")
    if wanted is not None:
        rows = [r for r in rows if r.get("fide_id") in wanted]
        found = {r["fide_id"] for r in rows}
        missing = sorted(wanted - found)
        if missing:
            raise ImportFormatError(f"{filename}: FIDE id(s) not in the list: " + ", ".join(missing))
    if where is not None:
        where.extend(r.get(_WHERE, "") for r in rows)
    for r in rows:
        r.pop(_WHERE, None)
    if not rows:
        raise ImportFormatError(f"{filename}: no player found")
    return rows


#: Key of a row's location while it is read (removed before the rows are returned).
_WHERE = "__where__"


def _clean(d: dict, where: str = "") -> dict:
    out = {k: v.strip() for k, v in d.items() if isinstance(v, str)}
    for k, v in out.items():
        why = text_problem(k, v)  # the store's rule, said here with the line
        if why:
            raise ImportFormatError(f"{where}: {why}")
    out = {k: v for k, v in out.items() if v != ""}
    if where:
        out[_WHERE] = where
    return out


def _rating(value: str, where: str) -> int:
    v = value.strip()
    if not v:
        return 0
    if not v.isdigit():
        raise ImportFormatError(f"{where}: rating {v!r} is not a number")
    return int(v)


def read_csv(text: str, filename: str = "<input>", *,
             unknown: list[str] | None = None) -> list[dict]:
    """Players of a CSV file with a header row (see module docs); the columns not
    read are added to ``unknown`` when given."""
    lines = text.lstrip("\ufeff")
    if not lines.strip():
        raise ImportFormatError(f"{filename}: the file is empty")
    try:
        dialect = csv.Sniffer().sniff(lines.splitlines()[0], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(lines), dialect)
    try:
        header = next(reader)
    except (StopIteration, csv.Error) as e:
        raise ImportFormatError(f"{filename}:1: cannot read the header: {e}") from None
    fields = []
    for h in header:
        key = CSV_COLUMNS.get(h.strip().lower())
        fields.append(key)
        if key is None and unknown is not None and h.strip():
            unknown.append(h.strip())
    if "name" not in fields:
        raise ImportFormatError(f"{filename}:1: no 'name' column in the header "
                                f"(columns: {', '.join(header)})")
    out = []
    try:
        last = reader.line_num
        for row in reader:
            ln, last = last + 1, reader.line_num  # a quoted cell may span lines
            if not any(c.strip() for c in row):
                continue
            if len(row) != len(header):
                raise ImportFormatError(f"{filename}:{ln}: {len(row)} fields, the header has "
                                        f"{len(header)}")
            cells = {f: v for f, v in zip(fields, row, strict=True) if f}
            d = _clean(cells, f"{filename}:{ln}")
            if not d.get("name"):
                raise ImportFormatError(f"{filename}:{ln}: the name is empty")
            d["rating"] = _rating(d.get("rating", ""), f"{filename}:{ln}")
            if d.get("fide_id") and not d["fide_id"].isdigit():
                raise ImportFormatError(f"{filename}:{ln}: FIDE id {d['fide_id']!r} is not a number")
            out.append(d)
    except csv.Error as e:
        raise ImportFormatError(f"{filename}:{reader.line_num}: {e}") from None
    return out


_TXT_COLUMNS = {
    "ID Number": "fide_id", "Name": "name", "Fed": "federation", "Sex": "sex", "Tit": "title",
    "B-day": "birth",
}
_TXT_RATING = {"standard": ("SRtng", "Rtng"), "rapid": ("RRtng",), "blitz": ("BRtng",)}
#: the K column of each rating (B.02 8.3.3; issue 25)
_TXT_K = {"standard": ("SK", "K"), "rapid": ("RK",), "blitz": ("BK",)}
_XML_K = {"rating": "k", "rapid_rating": "rapid_k", "blitz_rating": "blitz_k"}


def read_fide_txt(text: str, filename: str = "<input>", rating_type: str = "standard",
                  wanted: set[str] | None = None) -> list[dict]:
    """Players of a FIDE rating list in the fixed-width TXT format (only the FIDE
    ids in ``wanted`` when given: the full list has over a million lines)."""
    lines = text.splitlines()
    if not lines or "Name" not in lines[0] or "Fed" not in lines[0]:
        raise ImportFormatError(f"{filename}:1: not a FIDE rating list (header with "
                                "'ID Number  Name ... Fed Sex Tit' expected)")
    header = lines[0]
    starts: list[tuple[int, str]] = []
    for m in re.finditer(r"\S+(?: Number)?", header):
        starts.append((m.start(), m.group()))
    cols: dict[str, tuple[int, int]] = {}
    for i, (pos, label) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else None
        cols[label] = (pos, end if end is not None else 10**6)
    rating_col = next((c for c in _TXT_RATING.get(rating_type, ()) if c in cols), None)
    if rating_col is None:
        # older lists name the rating column after the month, e.g. "NOV25"
        rating_col = next((lab for _p, lab in starts if re.fullmatch(r"[A-Z]{3}\d{2}", lab)), None)
    if "Name" not in cols or "ID Number" not in cols:
        raise ImportFormatError(f"{filename}:1: the header has no 'ID Number' or 'Name' column")
    out = []
    id_a, id_b = cols["ID Number"]
    for ln, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        if wanted is not None and line[id_a:id_b].strip() not in wanted:
            continue
        cells: dict[str, str] = {}
        for label, key in _TXT_COLUMNS.items():
            if label in cols:
                a, b = cols[label]
                cells[key] = line[a:b]
        if rating_col:
            a, b = cols[rating_col]
            cells["rating"] = line[a:b]
        k_col = next((c for c in _TXT_K.get(rating_type, ()) if c in cols), None)
        if k_col and line[slice(*cols[k_col])].strip().isdigit():
            cells["k_factor"] = line[slice(*cols[k_col])]
        d = _clean(cells, f"{filename}:{ln}")
        if not d.get("fide_id", "").isdigit():
            raise ImportFormatError(f"{filename}:{ln}: FIDE id {d.get('fide_id', '')!r} "
                                    "is not a number")
        if not d.get("name"):
            raise ImportFormatError(f"{filename}:{ln}: the name is empty")
        d["rating"] = _rating(d.get("rating", ""), f"{filename}:{ln}")
        d["sex"] = d.get("sex", "").lower()[:1]
        out.append(d)
    return out


_XML_RATING = {"standard": "rating", "rapid": "rapid_rating", "blitz": "blitz_rating"}


def read_fide_xml(text: str, filename: str = "<input>", rating_type: str = "standard",
                  wanted: set[str] | None = None) -> list[dict]:
    """Players of a FIDE rating list in the XML format (streamed: elements are
    dropped as soon as read; only the FIDE ids in ``wanted`` when given)."""
    if "<!ENTITY" in text[:5000]:
        raise ImportFormatError(f"{filename}: entity declarations are not accepted")
    rating_tag = _XML_RATING.get(rating_type, "rating")
    out = []
    try:
        for n, el in _players(text):
            row = _xml_player(el, n, filename, rating_tag, wanted)
            el.clear()
            if row is not None:
                out.append(row)
    except ET.ParseError as e:
        raise ImportFormatError(f"{filename}: not well-formed XML: {e}") from None
    return out


def _players(text: str) -> Iterator[tuple[int, ET.Element]]:
    n = 0
    for _event, el in ET.iterparse(io.StringIO(text), events=("end",)):
        if el.tag == "player":
            n += 1
            yield n, el


def _xml_player(el: ET.Element, n: int, filename: str, rating_tag: str,
                wanted: set[str] | None) -> dict | None:
    """One ``<player>`` element as a player dict (None when not wanted)."""

    def get(tag: str) -> str:
        return (el.findtext(tag) or "").strip()

    if wanted is not None and get("fideid") not in wanted:
        return None
    where = f"{filename}: player {n}"
    d = _clean({"fide_id": get("fideid"), "name": get("name"), "federation": get("country"),
                "sex": get("sex").lower()[:1], "title": get("title"), "birth": get("birthday")},
               where)
    if not d.get("name"):
        raise ImportFormatError(f"{where}: the name is empty")
    if d.get("fide_id") and not d["fide_id"].isdigit():
        raise ImportFormatError(f"{where}: FIDE id {d['fide_id']!r} is not a number")
    d["rating"] = _rating(get(rating_tag), where)
    k = get(_XML_K.get(rating_tag, "k"))
    if k.isdigit():  # a K the list does not give right is left out, not an error
        d["k_factor"] = k
    return d
