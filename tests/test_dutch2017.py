"""The 2017 Dutch edition against its reference engine (bbpPairings v5.0.1).

Each reference tournament (the sample shipped in ``tests/data/reference/dutch-2017``,
see PROVENANCE.md there) is cut back before each of its rounds the way the
reference replay tool does it (rounds already played, the absences
known for the round, ``XXR`` = the planned rounds, ``XXC`` = the colour the
pairing gave in round 1) and re-paired through the Python API; pairs and
colours must be exactly those in the file.

The subset holds small tournaments in which some round has a penultimate
pairing bracket (A.9: a bracket re-paired together with the collapsed last
bracket because the rest could not be completed), plus the first files of
the set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisschess.formats.trf import read_trf
from swisschess.model.rounds import cut_before
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.api import pair_round

REFERENCE = Path(__file__).resolve().parent / "data" / "reference" / "dutch-2017"

# tournaments with a PPB in some round (A.9), small enough to be fast
WITH_PPB = ["104", "113", "139", "123", "160", "178", "198", "200", "162", "164", "121",
            "100", "102"]
FIRST = ["1", "2", "3"]

def initial_colour(t: Tournament) -> Colour:
    """``XXC`` as replay.py derives it: the round-1 colour of the first player
    (by number) who played in round 1, as it would be for pairing number 1;
    every PAB receiver before him shifts the alternation by one."""
    shift = 0
    for pid in sorted(t.players):
        e = t.players[pid].entry(1)
        if e is None or (e.opponent is None and not e.is_pab):
            continue
        if e.colour is not Colour.NONE:
            return e.colour if shift % 2 == 0 else e.colour.opposite
        shift += 1
    return Colour.WHITE


def expected(t: Tournament, rnd: int) -> tuple[set[tuple[int, int]], int | None]:
    boards, bye = set(), None
    for pid, p in t.players.items():
        e = p.entry(rnd)
        if e is None:
            continue
        if e.is_pab:
            bye = pid
        elif e.opponent is not None and e.colour is Colour.WHITE:
            boards.add((pid, e.opponent))
    return boards, bye


def rounds_of(name: str):
    t = read_trf(str(REFERENCE / f"{name}.trf")).tournament
    total = t.rounds_recorded()
    t.rounds = total
    t.initial_colour = initial_colour(t)
    for rnd in range(1, total + 1):
        yield rnd, cut_before(t, rnd), expected(t, rnd)


@pytest.mark.parametrize("name", FIRST + WITH_PPB)
def test_reference_rounds_identical(name: str) -> None:
    for rnd, before, (boards, bye) in rounds_of(name):
        p = pair_round(before, "dutch", "2017")
        assert (set(p.boards), p.bye) == (boards, bye), f"{name}.trf round {rnd}"


def test_unplayed_round_is_a_downfloat_and_forfeit_win_bars_the_bye() -> None:
    """2017 A.4 / C.2 as the reference engine reads them."""
    from swisschess.model.history import Float, float_in_round, pab_eligible
    from swisschess.model.tournament import Player, RoundEntry

    t = Tournament(rounds=5, initial_colour=Colour.WHITE)
    for i in (1, 2, 3, 4):
        t.players[i] = Player(id=i, name=f"P{i}", rating=2000 - i, results=[])
    t.players[1].results = [RoundEntry.game(2, Colour.WHITE, "+")]
    t.players[2].results = [RoundEntry.game(1, Colour.BLACK, "-")]
    t.players[3].results = [RoundEntry.bye("H")]
    t.players[4].results = [RoundEntry.bye("U")]
    for pid in (1, 2, 3, 4):  # not played: a downfloat in 2017 (not in 2026 for 2 and 3)
        assert float_in_round(t, pid, 1, edition="2017") is Float.DOWN
    assert float_in_round(t, 2, 1, edition="2026") is Float.NONE
    assert [pab_eligible(t, pid, edition="2017") for pid in (1, 2, 3, 4)] == [
        False, True, True, False]
