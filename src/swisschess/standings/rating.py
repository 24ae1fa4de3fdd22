"""Rating-based arithmetic for the tie-breaks of C.07 Art. 10.

The two conversion tables are those of the FIDE Rating Regulations (B.02,
effective 1 March 2024) Art. 8.1: 8.1.1 turns a fractional score ``p`` into a
rating difference ``dp``; 8.1.2 turns a rating difference ``D`` into the
expected score ``PD`` of the higher-rated player.  All arithmetic is exact
(:class:`fractions.Fraction`); rounding is "0.5 up" as C.07 Art. 10.1 asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

#: B.02 8.1.1: dp for p = 0.50, 0.51, ..., 1.00 (index = hundredths above 0.50).
#: For p < 0.50, dp(p) = -dp(1 - p).  p = 1.0 is given the notional 800.
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)

#: B.02 8.1.2: (highest rating difference D, PD of the higher-rated player)
#: for each band; a difference above 735 gives 1.00.
_PD_BANDS = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72),
    (179, 73), (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79),
    (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
    (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93),
    (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99),
)


def _build_pd() -> list[int]:
    table: list[int] = []
    for top, pd in _PD_BANDS:
        while len(table) <= top:
            table.append(pd)
    return table


_PD = _build_pd()


def round_half_up(x: Fraction, unit: Fraction = Fraction(1)) -> Fraction:
    """``x`` rounded to a multiple of ``unit``, halves upwards (C.07 Art. 10.1)."""
    q = x / unit
    n = q.numerator // q.denominator
    if q - n >= Fraction(1, 2):
        n += 1
    return n * unit


def dp(p: Fraction) -> int:
    """B.02 8.1.1: rating difference for the fractional score ``p`` (0..1).

    ``p`` is first rounded to two decimals, 0.5 up; the table gives ±800 for
    p = 1 and p = 0.
    """
    h = int(round_half_up(p * 100))
    if h >= 50:
        return _DP_UPPER[min(h, 100) - 50]
    return -_DP_UPPER[min(100 - h, 100) - 50]


def pd(diff: int) -> Fraction:
    """B.02 8.1.2: expected score of a player rated ``diff`` points above the opponent.

    No 400-point cut (C.07 (2026) Art. 10.3 uses the full scale).
    """
    a = abs(diff)
    v = Fraction(_PD[a], 100) if a < len(_PD) else Fraction(1)
    return v if diff >= 0 else 1 - v


def average_rating(ratings: Sequence[int]) -> int | None:
    """C.07 (2026) Art. 10.1 ARO: mean rating, rounded to the nearest integer, 0.5 up."""
    if not ratings:
        return None
    return int(round_half_up(Fraction(sum(ratings), len(ratings))))


def performance_rating(score: Fraction, ratings: Sequence[int]) -> int | None:
    """C.07 (2026) Art. 10.2 TPR: ARO + dp(score / games) (B.02 8.1.1)."""
    aro = average_rating(ratings)
    if aro is None:
        return None
    return aro + dp(Fraction(score) / len(ratings))


def expected_total(rating: int, ratings: Sequence[int]) -> Fraction:
    """Sum of PD(rating - r) over the opponents' ratings (B.02 8.1.2)."""
    return sum((pd(rating - r) for r in ratings), Fraction(0))


def perfect_performance(score: Fraction, ratings: Sequence[int]) -> int | None:
    """C.07 (2026) Art. 10.3 PTP: the lowest integer R with sum PD(R - Ri) >= score.

    A zero score gives the lowest opponent rating minus 800.  A 100 % score
    gives the highest rating + 736 (the first difference whose PD is 1.00).
    """
    if not ratings:
        return None
    if score <= 0:
        return min(ratings) - 800
    lo, hi = min(ratings) - 800, max(ratings) + 800  # expected_total(lo) < score <= at hi
    if expected_total(hi, ratings) < score:
        return hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if expected_total(mid, ratings) >= score:
            hi = mid
        else:
            lo = mid
    return hi
