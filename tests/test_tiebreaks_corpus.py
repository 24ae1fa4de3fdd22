"""Reproduce the TEC TieBreakServer 1.9.57 tables of the shared corpus value for value.

The tables (``shared/corpus/tiebreak/tiebreakserver_1.9.57/*.tsv``) were made with
``tiebreakchecker.py -i FILE [-n 8] -dT -r -t PTS BH/C1 BH/M1 BH SB DE WIN WON BPG
BWG ARO ARO/C1 TPR PTP APRO AOB PS FB``.  How TieBreakServer reads the inputs,
and so how the test calls :func:`standings`:

* rule edition: chosen from the start date (record 042) when it reads as a
  date: 2016/06/28 (SDS Classic) -> the 2024 rules (our ``"2023"``); the lichess
  dates ("Feb 20, 2021") and the snapshots without 042 fall back to today's
  date -> the 2026 rules;
* round: ``-n 8`` for the chess-results snapshots (``_r09.trf``: rounds 1-8
  played, XXR 9, so Fore Buchholz equals Buchholz); otherwise the number of
  rounds = max(XXR, last round played).  gbtami's lichess files have XXR one
  above the rounds played, so the tables are "after round XXR" with a last round
  in which nobody played (every player has a zero-point bye there);
* unrated players present -> every rating-based value is ``-0``;
* DE is the place inside the group tied before DE, 0 when not separated.
"""

from __future__ import annotations

import csv
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from swisschess.formats.trf import read_trf
from swisschess.standings import standings

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
TABLES = SHARED / "tiebreak" / "tiebreakserver_1.9.57"
SNAPSHOTS = SHARED / "real_round_snapshots" / "chess_results"

COLUMNS = "BH/C1,BH/M1,BH,SB,DE,WIN,WON,BPG,BWG,ARO,ARO/C1,TPR,PTP,APRO,AOB,PS,FB"


def _cases() -> list[tuple[str, Path, int | None, str]]:
    """(table name, TRF path, round or None for max(XXR, played), edition)."""
    if not TABLES.is_dir():
        return []
    out = []
    for tsv in sorted(TABLES.glob("*.tsv")):
        stem = tsv.stem
        if stem.endswith("_after_r8"):
            event = stem[: -len("_after_r8")]
            out.append((stem, SNAPSHOTS / event / f"{event}_r09.trf", 8, "2026"))
        else:
            event = stem[: -len("_final")]
            edition = "2023" if event.startswith("sds_") else "2026"
            out.append((stem, SHARED / "real" / f"{event}.trf", None, edition))
    return out


CASES = _cases()


def _expected(name: str) -> list[dict[str, str]]:
    with open(TABLES / f"{name}.tsv", newline="") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def _fmt(v) -> Fraction | None:
    return None if v is None else Fraction(v)


@pytest.mark.skipif(not CASES, reason="shared corpus not available")
@pytest.mark.parametrize("name,trf,rnd,edition", CASES, ids=[c[0] for c in CASES])
def test_tiebreakserver_table(name: str, trf: Path, rnd: int | None, edition: str) -> None:
    if not trf.exists():
        pytest.skip(f"missing input {trf}")
    res = read_trf(str(trf))
    t = res.tournament
    upto = rnd if rnd is not None else max(t.rounds or 0, t.rounds_recorded())
    st = standings(t, COLUMNS, edition=edition, upto=upto)
    assert st.labels == COLUMNS.split(",")
    rows = {r.id: r for r in st.rows}
    mismatches = []
    for exp in _expected(name):
        pid = int(exp["StartNo"])
        row = rows[pid]
        if int(exp["Rank"]) != row.rank:
            mismatches.append((pid, "Rank", exp["Rank"], row.rank))
        if Fraction(Decimal(exp["PTS"])) != row.points:
            mismatches.append((pid, "PTS", exp["PTS"], row.points))
        for label, got in zip(st.labels, row.values, strict=True):
            want = None if exp[label] == "-0" else Fraction(Decimal(exp[label]))
            if want != _fmt(got):
                mismatches.append((pid, label, exp[label], got))
    assert not mismatches, f"{len(mismatches)} differences, first: {mismatches[:10]}"
    assert len(rows) == len(_expected(name))
