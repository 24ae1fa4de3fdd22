"""Field syntax shared by the TRF reader, its checks and the writer: numbers, columns.

A leaf module, so that :mod:`~swisschess.formats.trf` (reader),
:mod:`~swisschess.formats.checks` and :mod:`~swisschess.formats.writer` share
these without importing each other.
"""

from __future__ import annotations

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
