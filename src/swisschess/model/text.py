"""What may stand in a text field: no control characters, no line breaks, a length limit.

One rule for every entry point (command line, CSV and rating-list imports, TRF
files, web forms, the JSON API): the store's event validation calls
:func:`check_text` for every player and tournament text, the TRF reader calls
:func:`first_bad_char` on every line.  A name that carries a control character
is almost always a file read in the wrong encoding (``Š`` of Windows-1250 read
as Latin-1 is U+008A, a C1 control character); a line break in a name or a
manual-pairing reason would write a record break into the exported TRF
(issue 26: re-importing the file turned a 3-round event into a 1-round one).

Refused: the C0 and C1 control characters (Unicode category Cc, tab and line
feeds included), lone surrogates (bytes that were not UTF-8 on a command line
arrive as U+DC80-U+DCFF), the Unicode line and paragraph separators (U+2028, U+2029) and
the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
U+2066-U+2069) that make a name display as something else.  Letters of every
script, accents and ordinary punctuation are fine.

Length limits are those of the TRF fields where the format has one (C.04
Annex 2, TRF16/TRF-2026 player record 001: name 33 characters, title 3,
federation 3, FIDE id 11, birth date 10) and generous ones elsewhere.
"""

from __future__ import annotations

import re
import unicodedata

#: Longest value of each text field.  Player fields: TRF record 001 columns.
LIMITS: dict[str, int] = {
    # player (TRF 001: name 15-47, title 11-13, federation 54-56, FIDE id 58-68, birth 70-79)
    "name": 33,
    "title": 3,
    "federation": 3,
    "fide_id": 11,
    "birth": 10,
    "sex": 10,  # "m", "w", also "male", "female" (the store keeps the first letter)
    "club": 60,  # no TRF field (kept in the store only)
    # tournament header (TRF 012 ... 122 have no width; a TRF line stays readable)
    "tournament": 200,
    "city": 100,
    "start_date": 10,
    "end_date": 10,
    "chief_arbiter": 100,
    "deputy_arbiter": 100,
    "time_control": 100,
    # manual pairing edits (written as a ### comment line)
    "reason": 200,
    "filename": 255,
}

#: The bidirectional embeddings, overrides (U+202A-U+202E) and isolates
#: (U+2066-U+2069): part of what no field may hold (below), and all that the
#: web layer checks in texts the store never sees (swisschess.web.fields).
BIDI_CONTROLS = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))

# Refused besides C0/C1: lone surrogates (D800-DFFF), the line and paragraph
# separators (2028, 2029) and the bidi embeddings, overrides (202A-202E) and
# isolates (2066-2069).
_BAD_RANGES = "\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069"
#: Any character no text field may hold.
BAD_CHAR = re.compile(f"[\x00-\x1f{_BAD_RANGES}]")
#: The same, except tab, line feed and carriage return (the structure of a file).
BAD_CHAR_IN_FILE = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f{_BAD_RANGES}]")


def is_bad_char(ch: str) -> bool:
    """A character no text field may hold (see the module docs)."""
    return BAD_CHAR.match(ch) is not None


def first_bad_char(text: str) -> int | None:
    """Index of the first character of ``text`` no field may hold, else None."""
    m = BAD_CHAR.search(text)
    return m.start() if m else None


def char_name(ch: str) -> str:
    """``U+008A`` plus the Unicode name when there is one: for messages."""
    name = unicodedata.name(ch, "")
    code = f"U+{ord(ch):04X}"
    if ch == "\n":
        return f"{code} (line feed)"
    if ch == "\r":
        return f"{code} (carriage return)"
    if ch == "\t":
        return f"{code} (tab)"
    if "\udc80" <= ch <= "\udcff":
        return f"{code} (byte 0x{ord(ch) - 0xDC00:02X}, not UTF-8)"
    return f"{code} ({name.lower()})" if name else f"{code} (control character)"


def text_problem(field: str, value: str) -> str | None:
    """Why ``value`` cannot be the ``field`` (English, for the store's errors), else None."""
    i = first_bad_char(value)
    if i is not None:
        return (f"{field} {value[:40]!r}: character {char_name(value[i])} at position "
                f"{i + 1} is not allowed (control character or line break)")
    limit = LIMITS.get(field)
    if limit is not None and len(value) > limit:
        return f"{field} {value[:40]!r} is longer than {limit} characters"
    return None
