"""Standings edition ``pre2023`` (C.07 before 2023) against an independent implementation.

gacrux does not compute the pre-2023 rules.  The tables in
``tests/data/tiebreak_pre2023/`` were computed by the npm package ``tiebreak``
0.4.0 (Marcel Juenemann, MIT; ``UnplayedRoundsAdjustment.FIDE_2009``: an
opponent's unplayed rounds count as draws, one's own unplayed round is a game
against a virtual opponent with the player's score before the round, the
opposite result and draws after it) on files shipped with the tests; how, in
the README there.  Compared: points, BH, BH/C1, BH/C2, BH/M1, BH/M2.
"""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest

from swisschess.formats.trf import read_trf
from swisschess.standings import standings

DATA = Path(__file__).parent / "data"
TABLES = DATA / "tiebreak_pre2023"
COLUMNS = ["BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2"]

with open(TABLES / "CASES.tsv", newline="") as fh:
    CASES = [(r["table"], DATA / r["input"], int(r["round"]) if r["round"] else None)
             for r in csv.DictReader(fh, delimiter="\t")]


def test_every_table_has_a_case() -> None:
    assert sorted(c[0] for c in CASES) == sorted(
        p.stem for p in TABLES.glob("*.tsv") if p.stem != "CASES")


@pytest.mark.parametrize("name,trf,rnd", CASES, ids=[c[0] for c in CASES])
def test_pre2023_table(name: str, trf: Path, rnd: int | None) -> None:
    t = read_trf(str(trf)).tournament
    st = standings(t, ",".join(COLUMNS), edition="pre2023", upto=rnd or t.rounds_recorded())
    with open(TABLES / f"{name}.tsv", newline="") as fh:
        expected = list(csv.DictReader(fh, delimiter="\t"))
    assert len(expected) == len(st.rows)
    bad = []
    for exp in expected:
        row = st.row(int(exp["StartNo"]))
        got = dict(zip(["PTS", *COLUMNS], [row.points, *row.values], strict=True))
        for label, value in got.items():
            if Fraction(exp[label]) != Fraction(value):
                bad.append((exp["StartNo"], label, exp[label], value))
    assert not bad, f"{len(bad)} differences, first: {bad[:10]}"
