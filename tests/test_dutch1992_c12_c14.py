"""The seeds' C12/C14 machinery on real rounds (issue 13, the four defects).

Each position is a round of a reference tournament (see
``tests/data/classic/PROVENANCE.md``); the expected pairing is the one the
seeds' text gives, which in these rounds the reference engine also made.
"""

from __future__ import annotations

from pathlib import Path

from swisschess.formats.trf import read_trf
from swisschess.model.tournament import Tournament
from swisschess.rules.dutch1992 import Context, absolute_violations, pair_dutch_1992
from swisschess.rules.dutch1992.engine import Dutch1992

DATA = Path(__file__).resolve().parent / "data" / "classic"


def load(name: str) -> Tournament:
    return read_trf(str(DATA / name)).tournament


def pairs_of(t: Tournament) -> tuple[set[frozenset[int]], int | None]:
    p = pair_dutch_1992(t)
    assert absolute_violations(t, p) == []
    return {frozenset(b) for b in p.boards}, p.bye


def test_c14_lowers_x_with_p():
    """C14: "decrease p by 1, and if x > 0, x by 1" - also in a heterogeneous bracket.

    Round 8: 21 (mild White) moves down into the 2.5 bracket {24 W, 25 B, 27 B,
    30 W, 35 W}: A8 gives x = 1 for p = 3, but only two pairs can be made there,
    so x = 0.  With x left at 1 the first transposition 21-24 (both want White)
    was accepted; the text pairs 21-25 and 24 takes the bye.
    """
    t = load("x_reduced_with_p_1003r8.trf")
    pairs, bye = pairs_of(t)
    assert frozenset((21, 25)) in pairs and frozenset((27, 30)) in pairs
    assert bye == 24


def test_every_remainder_pairing_before_a_new_opponent_for_the_moved_down_player():
    """C6 -> C2 for the remainder, C10 only when the remainder cannot be paired.

    Round 3, 12 players: a heterogeneous bracket's generator yielded only the
    first remainder pairing per opponent of its moved-down player, so going
    back to it (C12 from the bracket below) skipped the remainder's other
    pairings and changed the moved-down player's opponent instead.
    """
    t = load("remainder_alternatives_1103r3.trf")
    pairs, bye = pairs_of(t)
    assert pairs == {frozenset(p) for p in [(1, 6), (2, 3), (4, 5), (7, 8), (9, 10), (11, 12)]}
    assert bye is None


def test_c12_accepts_only_a_repairing_that_allows_p_pairs():
    """C12: the previous bracket's new pairing is accepted only if it "now allows p pairings".

    Round 7: 15 (absolute Black) moves into a bracket where he has no legal
    opponent.  The old code took the first re-pairing of the bracket above in
    which each new moved-down player had *some* opponent (8-15, bye 6) although
    the bracket still fell short of its pairs; no re-pairing allows p pairs, so
    the text goes on to C14 and 15 moves on (bye 15, 6-8).
    """
    t = load("c12_accepts_p_pairs_1117r7.trf")
    pairs, bye = pairs_of(t)
    assert bye == 15
    assert frozenset((6, 8)) in pairs


def test_c12_after_c11_before_c14():
    """C12 is the step after C11: a bracket that cannot make its p pairs backtracks.

    Round 7: 3 and 1 reach the 3-point bracket; each has an opponent there
    (so C1 does not send them to C12), but the bracket cannot pair both of
    them and its remainder.  Before C14 reduces p, the text re-pairs the
    bracket above so that 3 and 5 move down instead, which allows all pairs.
    """
    t = load("c12_after_c11_1026r7.trf")
    pairs, bye = pairs_of(t)
    assert pairs == {frozenset(p) for p in [(1, 8), (2, 4), (3, 9), (5, 6), (7, 10)]}


def test_short_bracket_means_fewer_than_p_pairs():
    """A6/C12 trigger: n // 2 pairs and, heterogeneous, no moved-down player left over."""
    from swisschess.model.history import to_be_paired
    from swisschess.rules.dutch1992 import Candidate

    t = load("c12_after_c11_1026r7.trf")
    rnd = t.rounds_recorded() + 1
    ctx = Context(t, rnd, to_be_paired(t, rnd))
    eng = Dutch1992(ctx)
    assert eng._short([3], [5, 8], Candidate([(5, 8)], [3]))  # the mover left over
    assert not eng._short([3], [5, 8], Candidate([(3, 8)], [5]))
    assert eng._short([], [5, 8, 6, 7], Candidate([(5, 8)], [6, 7]))
