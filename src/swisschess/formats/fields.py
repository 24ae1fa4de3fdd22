"""Field syntax shared by the TRF reader, its checks and the writer: numbers, columns.

A leaf module, so that :mod:`~swisschess.formats.trf` (reader),
:mod:`~swisschess.formats.checks` and :mod:`~swisschess.formats.writer` share
these without importing each other.
"""

from __future__ import annotations

import datetime
import re
from fractions import Fraction

#: Column (1-based) of round ``r``'s entry in a 001 record: opponent 92-95,
#: colour 97, result 99, then every 10 columns (TRF16 / TRF-2026 record 001).
ROUND_COLUMN = 92
ROUND_STRIDE = 10
#: Pairing numbers are four columns (001 record 5-8): at most 9999 players.
MAX_PLAYERS = 9999

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


def parse_number(s: str) -> Fraction | None:
    """A TRF decimal such as ``11.5`` (a comma is accepted as decimal point)."""
    s = s.strip().replace(",", ".")
    if not _NUMBER.match(s):
        return None
    return Fraction(s)


def parse_int(s: str) -> int | None:
    s = s.strip()
    if s.isascii() and s.isdigit():
        return int(s)
    return None


# ------------------------------------------------------------- 132 round dates
#: A round date as TRF writes it: ``YY/MM/DD`` (TRF16 / TRF-2026 record 132);
#: ``YYYY/MM/DD`` and ``-`` or ``.`` separators are read too.
_DATE = re.compile(r"^(\d{2}|\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$")


def _century(year: int) -> int:
    """A two-digit year of a 132 date: 70-99 are 19xx, 00-69 are 20xx."""
    return year + (1900 if year >= 70 else 2000) if year < 100 else year


def parse_date(text: str) -> str | None:
    """``26/05/01``, ``2026/05/01`` or ``2026-05-01`` as ISO ``2026-05-01``;
    None when it is not a date of the calendar."""
    m = _DATE.match(text.strip())
    if not m:
        return None
    try:
        d = datetime.date(_century(int(m.group(1))), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None
    return d.isoformat()


def parse_round_dates(line: str) -> list[str] | None:
    """The round dates of a 132 record as ISO strings (index = round - 1, ``""``
    for a round without a date, up to the last date given), or None when the
    line is not in that layout (then the caller keeps it as it is).

    Round r's date is in the 10 columns from 92 + 10(r-1), the columns of
    round r's entry in the 001 records: ``YY/MM/DD`` at 92-99 as FIDE writes
    it (or one column to the right, as Sharly writes it), ``YYYY/MM/DD`` at
    92-101.  Nothing but blanks may come between the code and column 92.
    """
    if line[3:ROUND_COLUMN - 1].strip():
        return None
    dates: list[str] = []
    for start in range(ROUND_COLUMN - 1, len(line), ROUND_STRIDE):
        cell = line[start:start + ROUND_STRIDE].strip()
        iso = parse_date(cell) if cell else ""
        if iso is None:
            return None
        dates.append(iso)
    while dates and not dates[-1]:
        dates.pop()
    return dates


def round_date_field(iso: str) -> str:
    """One round's date for record 132: ``YY/MM/DD`` (``YYYY/MM/DD`` outside
    1970-2069, where two digits would read back as another century); blank
    for ``""`` or a text that is not a date."""
    d = parse_date(iso)
    if d is None:
        return ""
    year, month, day = d.split("-")
    if 1970 <= int(year) <= 2069:
        year = year[2:]
    return f"{year}/{month}/{day}"


def round_dates_line(dates: list[str]) -> str:
    """Record 132 of ``dates`` (ISO, index = round - 1): round r's date at
    columns 92 + 10(r-1) (TRF16 / TRF-2026)."""
    cells = "".join(round_date_field(d).ljust(ROUND_STRIDE) for d in dates)
    return ("132".ljust(ROUND_COLUMN - 1) + cells).rstrip()
