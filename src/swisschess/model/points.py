"""Points as text: the one writer behind every list, file and message.

A score is exact (a :class:`~fractions.Fraction`: the FIDE 1 / ½ / 0 system,
quarter points in team events, record 299 adjustments).  It is written in one
of three ways, all from :func:`format_points`:

* for people (``halves=True``): ``2``, ``2½``, ``½``, as every chess list does;
* in a TRF field or a check message (``decimals=1``): ``2.0``, ``11.5``, ``0.25``;
* in an explanation (the default): ``2``, ``1.5``, ``0.25``.

A negative total (possible after a record 299 penalty) keeps its sign in
front of the whole number: ``-½``, ``-1½``, ``-1.5`` (never ``-2½``, which is
what ``divmod`` of a negative number would give).
"""

from __future__ import annotations

from fractions import Fraction

#: decimals written at most for a score that has no finite decimal form (1/3)
MAX_DECIMALS = 6


def as_fraction(x: Fraction | float | int) -> Fraction:
    """``x`` exactly; a float is read as written (``0.1`` is 1/10, not its binary value)."""
    if isinstance(x, float):
        return Fraction(repr(x))
    return Fraction(x)


def format_points(x: Fraction | float | int | None, *, halves: bool = False, decimals: int = 0,
                mark: str = ".") -> str:
    """``x`` as text; ``""`` for ``None`` (no score).

    ``halves``: write a half point as ``½`` (``2½``); ``decimals``: write at
    least this many decimals otherwise (``2.0`` with 1); further decimals only
    as many as the score needs, up to :data:`MAX_DECIMALS`.  ``mark``: the
    decimal mark (``,`` in most of the six languages).
    """
    if x is None:
        return ""
    f = as_fraction(x)
    sign = "-" if f < 0 else ""
    whole, frac = divmod(abs(f), 1)
    if halves and frac == Fraction(1, 2):
        return f"{sign}{whole or ''}½"
    digits = ""
    while frac and len(digits) < MAX_DECIMALS:
        d, frac = divmod(frac * 10, 1)
        digits += str(d)
    digits = digits.ljust(decimals, "0")
    return f"{sign}{whole}{mark}{digits}" if digits else f"{sign}{whole}"
