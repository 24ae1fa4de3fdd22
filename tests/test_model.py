"""Derived facts of the tournament model (colour preferences, floats, byes)."""

from fractions import Fraction

from swisschess.formats.trf import parse_trf
from swisschess.model.history import (
    Float,
    Strength,
    colour_preference,
    compressed_history,
    float_in_round,
    pab_eligible,
    to_be_paired,
)
from swisschess.model.tournament import Colour

W, B = Colour.WHITE, Colour.BLACK


def test_preferences_2026_art_1_7():
    assert colour_preference([]).strength is Strength.NONE
    p = colour_preference([W])
    assert (p.colour, p.strength) == (B, Strength.STRONG)
    p = colour_preference([W, B])
    assert (p.colour, p.strength) == (W, Strength.MILD)
    p = colour_preference([B, W, W])
    assert (p.colour, p.strength) == (B, Strength.ABSOLUTE)
    p = colour_preference([B, B, W, B])
    assert (p.colour, p.strength) == (W, Strength.ABSOLUTE)


def trf_line(pid: int, rating: int, pts: str, *rounds: str) -> str:
    """A TRF 001 line; each round is written like ``"   2 w 1"``."""
    head = f"001 {pid:4d}      {'Player ' + str(pid):<33} {rating:4d}".ljust(80) + f"{pts:>4}"
    return head.ljust(89) + "".join("  " + r for r in rounds)


TRF = "\n".join([
    "012 Test",
    "XXR 5",
    trf_line(1, 2400, "2.0", "   2 w 1", "0000 - U"),
    trf_line(2, 2300, "0.5", "   1 b 0", "0000 - H"),
    trf_line(3, 2200, "1.0", "   4 w -", "   5 b 1"),
    trf_line(4, 2100, "1.0", "   3 b +", "0000 - Z"),
    trf_line(5, 2000, "0.0", "0000 - Z", "   3 w 0", "0000 - Z"),
]) + "\n"


def test_floats_and_byes_by_edition():
    t = parse_trf(TRF).tournament
    assert t.rounds_recorded() == 2
    assert t.score(1) == 2 and t.score(2) == Fraction(1, 2)
    # PAB is a downfloat in every edition; a half-point bye only from 2026 on.
    assert float_in_round(t, 1, 2, "2026") is Float.DOWN
    assert float_in_round(t, 2, 2, "2026") is Float.DOWN
    assert float_in_round(t, 4, 2, "2026") is Float.NONE  # zero-point bye
    assert float_in_round(t, 4, 2, "2017") is Float.DOWN  # any unplayed round
    # 3 (0 points) beat 5 (0 points): equal scores, no float
    assert float_in_round(t, 3, 2, "2026") is Float.NONE
    assert not pab_eligible(t, 1)
    assert not pab_eligible(t, 4, edition="2026")  # forfeit win
    assert pab_eligible(t, 2, edition="2026")  # a half-point bye does not bar the PAB
    assert to_be_paired(t, 3) == [1, 2, 3, 4]  # 5 is announced absent in round 3


def test_seeds_f3_compressed_history():
    t = parse_trf(trf_line(1, 2400, "5.0", "   2 b 1", "   3 w 1", "   4 w 1", "0000 - Z",
                           "   5 b 1", "   6 w 1", "0000 - Z")).tournament
    assert compressed_history(t.players[1], 4) == "-BWW"
    assert compressed_history(t.players[1]) == "--BWWBW"
