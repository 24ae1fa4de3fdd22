"""One points writer (model.points.format_points) behind every list, file and message."""

from fractions import Fraction

import pytest

from swisschess import i18n
from swisschess.formats.writer import fmt_points
from swisschess.model.points import format_points


@pytest.mark.parametrize(("x", "people", "trf", "plain"), [
    (Fraction(0), "0", "0.0", "0"),
    (Fraction(1, 2), "½", "0.5", "0.5"),
    (Fraction(5, 2), "2½", "2.5", "2.5"),
    (Fraction(-1, 2), "-½", "-0.5", "-0.5"),
    (Fraction(-3, 2), "-1½", "-1.5", "-1.5"),  # not -2½ (divmod of a negative number)
    (Fraction(-2), "-2", "-2.0", "-2"),
    (Fraction(1, 4), "0.25", "0.25", "0.25"),
    (Fraction(-11, 4), "-2.75", "-2.75", "-2.75"),
    (Fraction(19999, 2), "9999½", "9999.5", "9999.5"),
    (Fraction(1, 3), "0.333333", "0.333333", "0.333333"),
])
def test_the_three_ways_of_writing_a_score(x, people, trf, plain):
    assert format_points(x, halves=True) == people
    assert format_points(x, decimals=1) == trf == fmt_points(x)
    assert format_points(x) == plain


def test_floats_are_read_as_written_and_none_is_empty():
    assert format_points(0.1) == "0.1" and format_points(2.5, halves=True) == "2½"
    assert format_points(None) == ""


def test_the_local_way_keeps_the_sign_and_the_decimal_mark():
    with i18n.use("sl"):
        assert [i18n.points(Fraction(n, 2)) for n in (-3, -1, 0, 1, 7)] == [
            "-1½", "-½", "0", "½", "3½"]
        assert i18n.points(Fraction(-11, 4)) == "-2,75"
    with i18n.use("en"):
        assert i18n.points(Fraction(-11, 4)) == "-2.75"
