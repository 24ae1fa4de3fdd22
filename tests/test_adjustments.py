"""TRF-2026 record 299 point adjustments count in scores for pairing and standings.

Semantics as gacrux (the TEC's tie-break checker) reads 299: a blank-type
record with player numbers adds its points (negative: a penalty) from its round
on, so it counts in the pairing of the next rounds and in the standings after
it; round 999 changes only the final standing.  The standings side is also
checked value for value against gacrux in ``test_tiebreaks_gacrux`` (table
``reference2026_14_with_299_final``).
"""

from __future__ import annotations

from fractions import Fraction as F

from enginehelp import trf_line

from swisschess.formats.trf import parse_trf, write_trf
from swisschess.model.tournament import PointAdjustment
from swisschess.pairing.api import pair_round
from swisschess.standings import standings

#: Round 1: 1, 2 and 3 won.  Round 2 to be paired.
ROUND1 = [
    "012 record 299",
    "142 3",
    "152 W",
    trf_line(1, 2400, "1.0", "   4 w 1"),
    trf_line(2, 2350, "1.0", "   5 b 1"),
    trf_line(3, 2300, "1.0", "   6 w 1"),
    trf_line(4, 2250, "0.0", "   1 b 0"),
    trf_line(5, 2200, "0.0", "   2 w 0"),
    trf_line(6, 2150, "0.0", "   3 b 0"),
]
#: player 1 loses the point of round 1 (a penalty, counted from round 1 on)
PENALTY = "299          -1.0    1    1"


def pairs(lines: list[str]) -> set[frozenset[int]]:
    r = parse_trf("\n".join(lines) + "\n")
    assert r.errors == [], r.errors
    p = pair_round(r.tournament)
    return {frozenset(b) for b in p.boards}


def test_penalty_moves_the_player_to_the_lower_score_group() -> None:
    # without it: 1, 2, 3 on 1 point, one of them floats down; 2-3 do not meet
    assert frozenset((2, 3)) not in pairs(ROUND1)
    # with it: 1 is on 0 points; 2-3 is the top bracket, 1 meets 5 or 6
    got = pairs([*ROUND1, PENALTY])
    assert frozenset((2, 3)) in got
    assert frozenset((1, 5)) in got or frozenset((1, 6)) in got


def test_score_counts_the_adjustment_from_its_round() -> None:
    t = parse_trf("\n".join([*ROUND1, PENALTY,
                             "299           0.5    2    4",
                             "299           2.0  999    6"]) + "\n").tournament
    assert t.adjustments == [PointAdjustment(F(-1), 1, (1,)), PointAdjustment(F(1, 2), 2, (4,)),
                             PointAdjustment(F(2), 999, (6,))]
    assert (t.score(1), t.score(1, 0), t.results_score(1)) == (0, 0, 1)
    assert t.score(4) == 0 and t.score(4, 2) == F(1, 2)  # round 2 not played yet
    assert t.score(6) == 0 and t.final_adjustment(6) == 2  # final standing only
    st = standings(t, "BH")
    assert st.row(1).points == 0 and st.row(6).points == 2
    assert st.row(2).points == 1
    # written back as read
    again = parse_trf(write_trf(t), "again.trf").tournament
    assert again == t
    assert sum(ln.startswith("299 ") for ln in write_trf(t).splitlines()) == 3


def test_bad_299_is_located() -> None:
    r = parse_trf("\n".join([*ROUND1, "299          -x.0    1    1"]) + "\n", "bad.trf")
    assert [(d.line, d.column) for d in r.errors] == [(10, 14)]
    r = parse_trf("\n".join([*ROUND1, "299          -1.0    1    0"]) + "\n", "bad.trf")
    assert [(d.line, d.column) for d in r.errors] == [(10, 24)]
