"""JaVaFo ``XXC rank``: the file's order of 001 lines gives the pairing numbers.

The expected pairings were made by bbpPairings (tests/data/xxc_rank/README.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisschess.checking.checker import tournament_boards
from swisschess.cli.main import main
from swisschess.formats.trf import parse_trf, read_trf, write_trf
from swisschess.model.renumber import by_file_position
from swisschess.pairing.api import pair_round
from swisschess.pairing.result import Pairing
from swisschess.store.service import TournamentService
from swisschess.web.pairapi import pair_text

DATA = Path(__file__).parent / "data" / "xxc_rank"
CASES = sorted(p.stem for p in DATA.glob("*.trf"))


def engine_lines(path: Path) -> list[str]:
    return path.read_text().split("\n")[:-1]


@pytest.mark.parametrize("name", CASES)
def test_same_pairing_as_bbppairings(name: str) -> None:
    r = read_trf(DATA / f"{name}.trf")
    assert r.diagnostics == []
    t = r.tournament
    assert t.rank_order is not None and t.rank_order != sorted(t.players)
    p = pair_round(t)
    assert p.engine_lines() == engine_lines(DATA / f"{name}.bbp.txt")
    # without XXC rank the start numbers are the pairing numbers: another pairing
    t.rank_order = None
    assert (pair_round(t).engine_lines() != p.engine_lines()) == (name != "ref14_round6_swapped")


@pytest.mark.parametrize("variant", ["16", "2026"])
def test_rank_order_round_trip(variant: str) -> None:
    t = read_trf(DATA / "ref1_round3_swapped.trf").tournament
    text = write_trf(t, variant)
    assert any(ln.startswith("XXC rank") for ln in text.splitlines())
    again = parse_trf(text, "again.trf").tournament
    assert again == t and again.rank_order == t.rank_order


def test_by_file_position_renumbers_everything() -> None:
    t = read_trf(DATA / "ref1_round3_swapped.trf").tournament
    assert t.rank_order is not None
    u, back = by_file_position(t)
    assert sorted(u.players) == list(range(1, len(t.players) + 1))
    for k, old in enumerate(t.rank_order, 1):
        assert back[k] == old and u.players[k].rating == t.players[old].rating
        for e, f in zip(u.players[k].results, t.players[old].results, strict=True):
            assert (back[e.opponent] if e.opponent else None) == f.opponent
            assert (e.colour, e.code) == (f.colour, f.code)
    assert [u.score(k) for k in back] == [t.score(back[k]) for k in back]


# ------------------------------------------- every front end through one door
def boards_of(p: Pairing) -> list[tuple[int, int]]:
    """The engine format's boards, the PAB as ``(id, 0)`` last."""
    return list(p.boards) + ([(p.bye, 0)] if p.bye is not None else [])


@pytest.mark.parametrize("name", CASES)
def test_every_front_end_pairs_xxc_rank_like_bbppairings(name: str, tmp_path: Path) -> None:
    """``engine -p``, ``pair``, ``/api/pair``, the manager and the checker's pairer all
    go through ``pairing.api.pair_next``, so all honour ``XXC rank`` (issue 28 step 1;
    before it, ``pair`` and the manager paired by start number)."""
    src = DATA / f"{name}.trf"
    expected = engine_lines(DATA / f"{name}.bbp.txt")
    want = [tuple(map(int, line.split())) for line in expected[1:]]
    # engine -p
    out = tmp_path / "pairs.txt"
    assert main(["engine", "--dutch", str(src), "-p", str(out)]) == 0
    assert engine_lines(out) == expected
    # pair -o: the new round as written into the tournament
    trf = tmp_path / "next.trf"
    assert main(["pair", str(src), "-o", str(trf)]) == 0
    t = read_trf(src).tournament
    after = read_trf(trf).tournament
    rnd = t.rounds_recorded() + 1
    assert after.rounds_recorded() == rnd
    got, _colourless = tournament_boards(after, rnd)
    assert sorted(got) == sorted(want)
    # POST /api/pair (the function behind it)
    pairing, _system, _edition, _warnings = pair_text(src.read_text())
    assert pairing.engine_lines() == expected
    # the manager, on an imported file (before round 1 it assigns its own numbers)
    if rnd > 1:
        svc = TournamentService("sqlite://")
        tid = svc.import_trf(src.read_text())
        spec = svc.preview(tid)[0]
        assert sorted(spec.boards + ([(spec.bye, 0)] if spec.bye else [])) == sorted(want)
    # the checker's and the explainer's pairer
    assert boards_of(pair_round(read_trf(src).tournament)) == want
