"""The classic engines' bracket search: branches it cuts never change a pairing.

The search (rules/dutch1992/engine.py) cuts a branch when every pairing below it
would be rejected or skipped whatever its pairs (``Dutch1992._dead_branch``,
``_dead_bracket``, ``_beyond_least_squares``, ``_no_leaf``): the players left over break B1b or
B5/B6, leave no complete pairing, fail the look-ahead, cost more of a joined
bracket's squared score differences than is left (or no pairing at all fits what
is left), or are skipped by a C12/C13 walk.  Without those cuts C13's walk ran out of its node budget on the 2012 run's
seed 3, round 11 (15 CPU s) and joined two brackets early, which JaVaFo 1.4 does not.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from swisschess.checking.checker import (
    checker_boards,
    compare_boards,
    position_before,
    tournament_boards,
)
from swisschess.formats.trf import read_trf
from swisschess.rules.dutch1992 import Dutch1992, pair_dutch_1992
from swisschess.rules.dutch1992.kernel import SearchStats
from swisschess.rules.dutch2012 import EDITION_2012, pair_dutch_2012

#: a 127-player tournament made by JaVaFo 1.4's generator (the 2012 run at scale, seed 3),
#: in TRF-2026; its round 11 is the witness (see tests/data/classic/PROVENANCE.md)
SEED3 = Path(__file__).parent / "data" / "classic" / "c13_walk_javafo_seed3.trf"
#: our generator's 2012 seed 8 (122 players), rounds 1-4: round 5 is the witness of the
#: float bound's cut; our generator's seed 282 (26 players), rounds 1-11: round 11 is the
#: witness of the remainders' cut (both from the 2012 run at scale, see PROVENANCE.md)
SEED8 = Path(__file__).parent / "data" / "classic" / "float_bound_ours_seed8.trf"
SEED282 = Path(__file__).parent / "data" / "classic" / "het_remainder_ours_seed282.trf"
#: our generator's 2012 seeds 536 (103 players, rounds 1-2) and 952 (64 players, rounds 1-11)
SEED536 = Path(__file__).parent / "data" / "classic" / "pairs_allowed_ours_seed536.trf"
SEED952 = Path(__file__).parent / "data" / "classic" / "too_few_pairs_ours_seed952.trf"
#: our generator's 2012 seed 736 (135 players, rounds 1-4): round 4
SEED736 = Path(__file__).parent / "data" / "classic" / "colour_bound_ours_seed736.trf"


def _boards(pairing) -> set[tuple[int, int]]:
    return set(checker_boards(pairing))


def test_c13_walk_reaches_the_reference_pairing_within_its_budget():
    """Seed 3 round 11: the walk of the 11-player penultimate bracket tries its pairings
    with one player sent down (all tried), then those with three, instead of walking
    every 5-pair pairing again; the round is JaVaFo's, no budget runs out, quickly."""
    t = read_trf(str(SEED3)).tournament
    recorded, colourless = tournament_boards(t, 11)
    stats = SearchStats()
    t0 = time.process_time()
    pairing = pair_dutch_2012(position_before(t, 11), stats=stats)
    assert time.process_time() - t0 < 5  # 15 s and a walk cut short before
    assert (stats.fallbacks, stats.walks_cut) == (0, 0)
    assert compare_boards(11, checker_boards(pairing), recorded, colourless) is None


@pytest.mark.parametrize("edition", ["2012", "1992"])
def test_cuts_change_no_pairing(monkeypatch, edition):
    """Rounds 2-10 of the same tournament with and without the cuts: the same pairings."""
    t = read_trf(str(SEED3)).tournament
    pair = pair_dutch_2012 if edition == "2012" else pair_dutch_1992
    positions = [position_before(t, rnd) for rnd in range(2, 11)]
    cut = [_boards(pair(p)) for p in positions]
    monkeypatch.setattr(Dutch1992, "_dead_branch", lambda self, *args: False)
    monkeypatch.setattr(Dutch1992, "_dead_bracket", lambda self, *args: False)
    monkeypatch.setattr(Dutch1992, "_beyond_least_squares", lambda self, *args: False)
    monkeypatch.setattr(Dutch1992, "_no_leaf", lambda self, *args: False)
    monkeypatch.setattr(Dutch1992, "_dead_remainders", lambda self, *args: None)
    monkeypatch.setattr(Dutch1992, "_cut_over_bound", lambda self, *args: False)
    monkeypatch.setattr(Dutch1992, "_too_few_pairs", lambda self, *args: False)
    monkeypatch.setattr(Dutch1992, "_pairs_allowed", lambda self, level: lambda *spent: self.ctx.compatible)
    assert [_boards(pair(p)) for p in positions] == cut


def test_a_walk_cut_short_is_counted(monkeypatch):
    """Without the cuts, 10,000 nodes per bracket: C13's walk runs out of its budget
    and joins the brackets early - counted as a walk cut short, not as a fallback."""
    t = read_trf(str(SEED3)).tournament
    monkeypatch.setattr(Dutch1992, "_dead_branch", lambda self, *args: False)
    monkeypatch.setattr(Dutch1992, "_dead_bracket", lambda self, *args: False)
    stats = SearchStats()
    pair_dutch_2012(position_before(t, 11), node_budget=10_000, stats=stats)
    assert (stats.fallbacks, stats.walks_cut) == (0, 1)


def test_a_search_cut_short_is_counted():
    """A bracket's first-pairing search that runs out of its budget gives up; it is
    counted (``searches_cut``) whether its caller then falls back or moves on, so a
    round paired on a truncated search can be told from a literal one."""
    t = read_trf(str(SEED3)).tournament
    stats = SearchStats()
    pair_dutch_2012(position_before(t, 11), node_budget=1_000, stats=stats)
    assert stats.searches_cut >= 1
    full = SearchStats()
    pair_dutch_2012(position_before(t, 11), stats=full)
    assert full.searches_cut == 0


def test_float_bound_cut_finishes_the_search():
    """Our seed 8 round 5 (2012, ``float-criteria``): a level that drops B.5 and B.6 for
    downfloaters bounds their breaches in one count (a B.5 breach weighs 16); C.12's walk
    of the 1-point bracket (21 players) looks for a pairing sending down someone not yet
    tried, and the only one left breaks B.5.  Each level below 16 sent every pairing
    leaving him over down to its leaf: two searches ran out of 2,000,000 nodes (90 CPU s)
    and the round was not JaVaFo's.  A leaf over the bound is now cut once the level has
    rejected as few breaches (``_cut_over_bound``): 40,000 nodes are enough, and the
    round is JaVaFo 1.4's - as without ``float-criteria``, where nobody breaks B.5 here."""
    t = read_trf(str(SEED8)).tournament
    stats = SearchStats()
    t0 = time.process_time()
    pairing = _boards(pair_dutch_2012(t, node_budget=40_000, stats=stats))
    assert time.process_time() - t0 < 5
    assert (stats.fallbacks, stats.walks_cut, stats.searches_cut) == (0, 0, 0)
    assert pairing == _boards(pair_dutch_2012(t, amendments=EDITION_2012 - {"float-criteria"}))
    # boards JaVaFo 1.4's checker gave where the search cut short had paired otherwise
    assert {(83, 115), (105, 68), (113, 101), (96, 110), (104, 116), (114, 112)} <= pairing


def test_remainder_cut_finishes_the_walk():
    """Our seed 282 round 11 (2012, 26 players): C.13 walks the 5-point bracket (four
    players moved down, nine residents) for a pairing the joined lowest bracket can
    complete; every one sending a single player down is skipped, yet the walk paired the
    movers in all 3,024 ways at each colour and float relaxation before the remainders cut
    it (346,000 nodes, 6 CPU s).  The movers' search now cuts a branch whose remainders
    can only leave skipped sets over (``_dead_remainders``): 5,000 nodes per bracket are
    enough.  The round is JaVaFo 1.4's since the 2012 reading ``c12-p1-lowered``: five
    of the recorded boards (our generator's, before it) change to the pairs JaVaFo's
    checker gave, the other eight stay."""
    t = read_trf(str(SEED282)).tournament
    recorded, _ = tournament_boards(t, 11)
    stats = SearchStats()
    t0 = time.process_time()
    pairing = pair_dutch_2012(position_before(t, 11), node_budget=5_000, stats=stats)
    assert time.process_time() - t0 < 2
    assert (stats.fallbacks, stats.walks_cut, stats.searches_cut) == (0, 0, 0)
    ours_before = {(1, 10), (3, 15), (4, 8), (12, 5), (7, 19)}
    javafo = {(1, 15), (3, 19), (8, 5), (7, 4), (12, 10)}
    assert set(checker_boards(pairing)) == (set(recorded) - ours_before) | javafo


@pytest.mark.parametrize(
    ("path", "rnd"),
    [
        # a 27-player remainder at x = 0: the test that the rest of S1 can still find
        # opponents now counts only pairs the branch may still make (``_pairs_allowed``):
        # 1.2 million nodes to the first leaf before, 12 CPU s
        (SEED536, 2),
        # 3,744 remainders of the 5-point bracket at a strong-colour budget of 0, none
        # with a pairing: now skipped whole (``_too_few_pairs``), 277,000 searches before
        (SEED952, 11),
    ],
)
def test_searches_without_leaves_are_skipped(path, rnd):
    """Our seeds 536 r2 and 952 r11 (2012): the round as our engine paired it before
    (12 and 10 CPU s), now within 5,000 nodes per bracket, quickly."""
    t = read_trf(str(path)).tournament
    recorded, colourless = tournament_boards(t, rnd)
    stats = SearchStats()
    t0 = time.process_time()
    pairing = pair_dutch_2012(position_before(t, rnd), node_budget=5_000, stats=stats)
    assert time.process_time() - t0 < 2
    assert (stats.fallbacks, stats.walks_cut, stats.searches_cut) == (0, 0, 0)
    assert compare_boards(rnd, checker_boards(pairing), recorded, colourless) is None


def test_exchanges_cut_by_colour_first():
    """Our seed 736 r4 (2012, 135 players, the last round): the 2-point bracket's
    45-player remainder runs through some 16,000 D2 exchanges that no pairing within
    its colour budgets can use; each was cut at its root only after the dead-set test
    (45 sets, 7 CPU s in all).  The colour budgets are now tested first (a bound, as
    below the root): the same round, quickly."""
    t = read_trf(str(SEED736)).tournament
    recorded, colourless = tournament_boards(t, 4)
    stats = SearchStats()
    t0 = time.process_time()
    pairing = pair_dutch_2012(position_before(t, 4), stats=stats)
    assert time.process_time() - t0 < 3
    assert (stats.fallbacks, stats.walks_cut, stats.searches_cut) == (0, 0, 0)
    assert compare_boards(4, checker_boards(pairing), recorded, colourless) is None
