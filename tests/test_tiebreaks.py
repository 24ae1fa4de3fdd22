"""Tie-break values on hand-made cases (values worked out by hand from C.07)."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from swisschess.formats.trf import read_trf
from swisschess.model.tournament import Colour, Player, PointSystem, RoundEntry, Tournament
from swisschess.standings import (
    Field,
    TiebreakError,
    compute,
    direct_encounter,
    parse_tiebreak,
    parse_tiebreaks,
)
from swisschess.standings import rating as R
from swisschess.standings.tiebreaks import Part, apply_cuts

DATA = Path(__file__).parent / "data"


def byes(edition: str = "2026") -> Field:
    return Field.build(read_trf(str(DATA / "standings_byes.trf")).tournament, edition=edition)


def values(f: Field, name: str, unrated: int | None = None) -> dict[int, object]:
    return compute(f, parse_tiebreak(name), unrated)


def fr(d: dict[int, object]) -> dict[int, F]:
    return {k: F(v) for k, v in d.items()}  # type: ignore[arg-type]


# --------------------------------------------------------- unplayed rounds
def test_categories_of_unplayed_rounds() -> None:
    """C.07 (2026) Art. 16.2 categories in the sample (one of every kind)."""
    f = byes()
    assert f.category(3, 1) == 2  # forfeit win
    assert f.category(6, 1) == 4  # forfeit loss
    assert f.category(6, 2) == 1  # PAB
    assert f.category(5, 3) == 1  # full-point bye
    assert f.category(5, 2) == 3  # half-point bye followed by a non-VUR round
    assert f.category(6, 4) == 5  # half-point bye in the last round
    assert f.category(4, 3) == 5  # withdrawn: zero-point byes to the end (16.1.1)
    assert f.category(4, 4) == 5  # ... also where nothing is written
    assert f.category(7, 1) == 3  # late entry: zero-point byes, then games
    assert f.category(1, 1) == 0  # a game


def test_adjusted_scores_16_3() -> None:
    f = byes()
    assert f.score[4] == 1 and f.adjusted[4] == 2  # rounds after withdrawal count as draws
    assert f.score[8] == 0 and f.adjusted[8] == F(1, 2)  # late entry (cat .3) + last-round Z
    assert f.adjusted[5] == f.score[5] == 3  # HPB followed by a full-point bye: as received
    assert f.adjusted[6] == f.score[6] == F(3, 2)


@pytest.mark.parametrize("edition,expected", [
    ("2026", {1: 9, 2: 9, 3: 8, 4: F(13, 2), 5: F(17, 2), 6: F(13, 2), 7: 5, 8: F(3, 2)}),
    ("2023", {1: 9, 2: 9, 3: F(17, 2), 4: F(13, 2), 5: F(21, 2), 6: F(13, 2), 7: 5, 8: F(3, 2)}),
    ("pre2023", {1: 8, 2: 8, 3: 8, 4: F(17, 2), 5: 8, 6: 7, 7: F(15, 2), 8: 8}),
])
def test_buchholz_by_edition(edition: str, expected: dict[int, F]) -> None:
    """BH: 2026 caps the dummy (16.4.1: #3's forfeit win -> min(2, 1.5); 16.4.2:
    #5's byes -> min(3, 0.5 x 4)); 2023 uses the own score; pre-2023 the
    virtual opponent S_PR + (1 - S_fPR) + 0.5 (n - R)."""
    assert fr(values(byes(edition), "BH")) == expected


def test_sonneborn_berger_2026() -> None:
    assert fr(values(byes(), "SB")) == {1: 5, 2: 4, 3: F(15, 4), 4: 2, 5: F(13, 2),
                                        6: F(9, 4), 7: F(5, 4), 8: 0}


def test_cut_with_vur_exception_16_5() -> None:
    """#7 (late entry, two ZPBs, one game, last-round HPB): parts 1.5 (VUR), 1.5
    (VUR), 0.5, 1.5 (VUR).  Cut-1 removes a VUR contribution, not the 0.5 game."""
    v = fr(values(byes(), "BH/C1"))
    assert v == {1: 7, 2: F(15, 2), 3: F(13, 2), 4: F(11, 2), 5: F(13, 2), 6: 5,
                 7: F(7, 2), 8: F(3, 2)}
    # pre-2023: no VUR exception, the lowest value goes
    assert F(values(byes("pre2023"), "BH/C1")[7]) == F(15, 2) - F(3, 2)


def test_apply_cuts_rules() -> None:
    game = Part(F(1), F(1), False, 1)
    vur_high = Part(F(3), F(3), True, 2)
    # BH: cut the lowest VUR contribution instead of the least significant value
    assert apply_cuts([game, vur_high], 1, 0, True) == [game]
    assert apply_cuts([game, vur_high], 1, 0, False) == [vur_high]
    # SB: the VUR contribution (0.5) is not lower than the LSV (0) -> cut the VUR
    lsv = Part(F(0), F(1), False, 1)
    v = Part(F(1, 2), F(2), True, 2)
    assert apply_cuts([lsv, v], 1, 0, True) == [lsv]
    # SB: the VUR contribution (0) is lower than the LSV (1) -> cut the LSV
    lsv2 = Part(F(1), F(1), False, 1)
    v0 = Part(F(0), F(3), True, 2)
    assert apply_cuts([lsv2, v0], 1, 0, True) == [v0]
    # Median-1: lowest then highest; SB-C1 ties on score -> the lower product
    a, b, c = Part(F(2), F(2), False, 1), Part(F(1), F(2), False, 2), Part(F(5), F(5), False, 3)
    assert apply_cuts([a, b, c], 1, 1, True) == [a]
    assert apply_cuts([], 2, 2, True) == []


def test_median_and_cut2() -> None:
    f = byes()
    assert F(values(f, "BH/M1")[1]) == 9 - 2 - 3
    assert F(values(f, "BH/C2")[2]) == 9 - F(3, 2) - 2


def test_fore_buchholz() -> None:
    """FB (Art. 8.3): final-round games as draws.  #1 lost to #5 in round 4;
    as a draw #1 has 3.0 and #5 2.5, which changes their opponents' sums."""
    f = byes()
    fb = fr(values(f, "FB"))
    # #2's opponents: 5 (2.5 as FB), 1 (3.0), 6 (1.5), 3 (2.0)
    assert fb[2] == F(9)
    # #1: 4 (2.0), 2 (2.0), 3 (2.0), 5 (2.5)
    assert fb[1] == F(17, 2)
    # before the final round FB equals BH
    mid = Field.build(f.t, 3, "2026")
    assert values(mid, "FB") == values(mid, "BH")


def test_own_record_tiebreaks() -> None:
    f = byes()
    assert values(f, "WIN") == {1: 2, 2: 1, 3: 1, 4: 1, 5: 2, 6: 1, 7: 1, 8: 0}
    assert values(f, "WON") == {1: 2, 2: 1, 3: 0, 4: 1, 5: 1, 6: 0, 7: 1, 8: 0}
    assert values(f, "BPG") == {1: 2, 2: 1, 3: 1, 4: 2, 5: 2, 6: 0, 7: 0, 8: 1}
    assert values(f, "BWG") == {1: 1, 2: 1, 3: 0, 4: 1, 5: 1, 6: 0, 7: 0, 8: 0}
    assert values(f, "REP") == {1: 4, 2: 4, 3: 4, 4: 2, 5: 3, 6: 2, 7: 1, 8: 1}
    assert values(f, "GE") == values(f, "REP")
    assert fr(values(f, "PS")) == {1: 8, 2: F(9, 2), 3: F(11, 2), 4: 3, 5: F(13, 2),
                                   6: F(7, 2), 7: F(5, 2), 8: 0}
    assert F(values(f, "PS/C1")[1]) == 7
    assert values(f, "TPN") == {p: p for p in range(1, 9)}


def test_standard_points_normalise_3_1_0() -> None:
    """STD (Art. 7.7) gives 1 / 1/2 / 0 whatever the scoring; a double forfeit is 0."""
    t = Tournament(points=PointSystem(win=F(3), draw=F(1), forfeit_win=F(3), pab=F(3),
                                      full_bye=F(3), half_bye=F(1)))
    for i in range(1, 5):
        t.players[i] = Player(i, rating=2000)
    w, b = Colour.WHITE, Colour.BLACK
    t.players[1].results = [RoundEntry(2, w, "1"), RoundEntry(3, b, "=")]
    t.players[2].results = [RoundEntry(1, b, "0"), RoundEntry(4, w, "-")]
    t.players[3].results = [RoundEntry(4, w, "="), RoundEntry(1, w, "=")]
    t.players[4].results = [RoundEntry(3, b, "="), RoundEntry(2, b, "-")]
    f = Field.build(t)
    assert f.score == {1: 4, 2: 0, 3: 2, 4: 1}
    assert fr(values(f, "STD")) == {1: F(3, 2), 2: 0, 3: 1, 4: F(1, 2)}
    assert values(f, "WIN") == {1: 1, 2: 0, 3: 0, 4: 0}


def test_koya() -> None:
    f = byes()
    # limit 50 % of 4 points = 2: opponents 1, 2, 3, 5 qualify (4, 6, 7, 8 do not)
    ks = fr(values(f, "KS"))
    assert ks[1] == F(3, 2)  # 1 vs 2, 1/2 vs 3; nothing vs 4 (1.0) ; 0 vs 5
    assert ks[2] == F(1, 2) + 0 + F(1, 2)  # 5, 1, 3 (6 has 1.5)
    assert ks[3] == F(1, 2) + F(1, 2)  # 1 and 2; not 4 (1.0) nor the forfeit win over 6 (1.5)
    assert F(values(f, "KS/L+2")[1]) == 0  # limit 3.0: only #5 qualifies, #1 lost to him


# ------------------------------------------------------------------ ratings
def test_rating_tables() -> None:
    assert R.dp(F(1)) == 800 and R.dp(F(0)) == -800 and R.dp(F(1, 2)) == 0
    assert R.dp(F(3, 4)) == 193 and R.dp(F(1, 4)) == -193
    assert R.dp(F(2, 3)) == 125  # 0.6667 -> 0.67
    assert R.pd(0) == F(1, 2) and R.pd(3) == F(1, 2) and R.pd(4) == F(51, 100)
    assert R.pd(735) == F(99, 100) and R.pd(736) == 1 and R.pd(-736) == 0
    assert R.average_rating([2000, 2001]) == 2001  # 2000.5 -> up
    assert R.average_rating([]) is None


def test_ptp_special_cases() -> None:
    assert R.perfect_performance(F(0), [1800, 2000]) == 1000
    assert R.perfect_performance(F(2), [1800, 2000]) == 2736
    assert R.perfect_performance(F(1, 2), [2000]) == 1997  # PD(-3) = 0.50
    p = R.perfect_performance(F(3, 2), [1800, 2000, 2200])
    assert R.expected_total(p, [1800, 2000, 2200]) >= F(3, 2)
    assert R.expected_total(p - 1, [1800, 2000, 2200]) < F(3, 2)


def test_rating_based_values() -> None:
    f = byes()
    # #1 met 4 (1700), 2 (1900), 3 (1800), 5 (1600): ARO 1750; 2.5/4 = .63 -> dp 95
    assert values(f, "ARO")[1] == 1750
    assert values(f, "TPR")[1] == 1750 + 95
    assert values(f, "ARO/C1")[1] == 1800  # without the lowest (1600)
    assert values(f, "RTNG")[1] == 2000
    # #3's forfeit win is not a game: ARO over 4, 1, 2 only
    assert values(f, "ARO")[3] == round((1700 + 2000 + 1900) / 3)
    assert values(f, "ARO")[8] == 1450
    ptp = values(f, "PTP")
    assert ptp[8] == 1450 - 800  # zero score
    apro = values(f, "APRO")
    tpr = values(f, "TPR")
    assert apro[1] == int(R.round_half_up(F(tpr[4] + tpr[2] + tpr[3] + tpr[5], 4)))


def test_unrated_players_drop_rating_tiebreaks() -> None:
    """C.07 Art. 10: with an unrated participant rating-based values are undefined,
    unless a rating for unrated players is given."""
    t = read_trf(str(DATA / "standings_ties.trf")).tournament
    f = Field.build(t)
    assert set(values(f, "ARO").values()) == {None}
    assert set(values(f, "RTNG").values()) == {None}
    aro = values(f, "ARO", unrated=1000)
    assert aro[1] == round((2000 + 1900 + 1000) / 3)


def test_aob() -> None:
    f = byes()
    bh = values(f, "BH")
    aob = values(f, "AOB")
    # #1 met 4, 2, 3, 5 over the board
    assert aob[1] == R.round_half_up(F(bh[4] + bh[2] + bh[3] + bh[5]) / 4, F(1, 100))
    # #3 met 4, 1, 2 (the forfeit win does not count)
    assert aob[3] == R.round_half_up(F(bh[4] + bh[1] + bh[2]) / 3, F(1, 100))


# ----------------------------------------------------------- direct encounter
def _t(games: list[tuple[int, int, str]], n: int) -> Field:
    """A tournament with one round per game (others absent)."""
    t = Tournament()
    for i in range(1, n + 1):
        t.players[i] = Player(i, rating=2000 - i)
    rnd = 0
    for a, b, res in games:
        rnd += 1
        for p in t.players.values():
            p.results.append(RoundEntry.bye("Z"))
        other = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}[res]
        t.players[a].results[-1] = RoundEntry(b, Colour.WHITE, res)
        t.players[b].results[-1] = RoundEntry(a, Colour.BLACK, other)
    return Field.build(t, edition="2026")


def test_de_all_met() -> None:
    """Art. 6.2: A beat B and C, B drew C -> [A] [B C]; B beat C -> A, B, C."""
    f = _t([(1, 2, "1"), (1, 3, "1"), (2, 3, "=")], 3)
    assert direct_encounter(f, [1, 2, 3]) == [[1], [2, 3]]
    f = _t([(1, 2, "1"), (1, 3, "1"), (2, 3, "1")], 3)
    assert direct_encounter(f, [1, 2, 3]) == [[1], [2], [3]]
    f = _t([(1, 2, "1"), (2, 3, "1"), (3, 1, "1")], 3)  # a cycle: all tied
    assert direct_encounter(f, [1, 2, 3]) == [[1, 2, 3]]


def test_de_swiss_not_all_met() -> None:
    """Art. 6.3: first only if alone on top whatever the missing games give."""
    f = _t([(1, 2, "1")], 3)  # C could still beat A
    assert direct_encounter(f, [1, 2, 3]) == [[1, 2, 3]]
    f = _t([(1, 2, "1"), (1, 3, "1")], 3)  # A first; B and C never met
    assert direct_encounter(f, [1, 2, 3]) == [[1], [2, 3]]
    f = _t([(1, 2, "1")], 2)
    assert direct_encounter(f, [1, 2]) == [[1], [2]]


def test_de_forfeits_and_repeats() -> None:
    f = _t([(1, 2, "+")], 2)  # forfeits excluded (6.1.1) unless /P
    assert direct_encounter(f, [1, 2]) == [[1, 2]]
    assert direct_encounter(f, [1, 2], forfeits=True) == [[1], [2]]
    f = _t([(1, 2, "1"), (2, 1, "1")], 2)  # met twice: averages (6.1.2)
    assert direct_encounter(f, [1, 2]) == [[1, 2]]
    f = _t([(1, 2, "1"), (2, 1, "=")], 2)
    assert direct_encounter(f, [1, 2]) == [[1], [2]]


# ------------------------------------------------------------------- parsing
def test_parse_names() -> None:
    specs = parse_tiebreaks("DE, BH/C1,bh-m1 ,SB/C1,ARO/C1,KS/L+1,PS/C1,GE,AOB/F,TPN/R,BH/F")
    assert [s.label for s in specs] == ["DE", "BH/C1", "BH/M1", "SB/C1", "ARO/C1", "KS/L+1",
                                        "PS/C1", "REP", "AOB/F", "TPN/R", "FB"]
    assert specs[1].cut_low == 1 and specs[2].cut_high == 1
    assert specs[5].limit_offset == F(1, 2)
    assert parse_tiebreak("KS/L60").limit_percent == 60
    assert parse_tiebreak("DE/P").forfeits_played
    assert not parse_tiebreak("TPN").higher_is_better
    assert parse_tiebreak("TPN/R").higher_is_better
    assert parse_tiebreak("BH:GP").code == "BH"
    assert parse_tiebreak("BH").article == "8.1"


def test_presets() -> None:
    assert [s.label for s in parse_tiebreaks("F10")] == ["DE1", "ARO"]
    assert [s.label for s in parse_tiebreaks("polish")] == ["BH", "BH/M1", "PS", "DE", "WIN"]


@pytest.mark.parametrize("bad", ["XYZ", "BH/Q1", "WIN/C1", "KS/C1x", "BH:MP", "DE/L+1", ""])
def test_parse_errors(bad: str) -> None:
    with pytest.raises(TiebreakError):
        parse_tiebreak(bad)


# --------------------------------------------------------------- round robin
def test_round_robin_rules_15_2() -> None:
    """C.07 (2026) Art. 15.2: a forfeit counts as a game (#1's forfeit win over #4),
    except for rating tie-breaks (never) and, for type B, forfeit losses; rest
    rounds of the odd round robin add nothing.  The file's 192 code says RR."""
    t = read_trf(str(DATA / "standings_rr.trf")).tournament
    f = Field.build(t)
    assert f.round_robin
    assert fr(values(f, "SB")) == {1: 5, 2: 3, 3: 4, 4: F(5, 2), 5: 4}
    # KS: limit 50 % of the 4 games a player has = 2.0 -> opponents 1, 3, 5
    assert fr(values(f, "KS")) == {1: 1, 2: F(3, 2), 3: 1, 4: F(1, 2), 5: 1}
    assert values(f, "WON")[1] == 2  # the forfeit win counts (type B, 15.2)
    assert values(f, "BPG")[4] == 1  # the forfeit loss with Black does not
    assert values(f, "REP") == {1: 4, 2: 4, 3: 4, 4: 3, 5: 4}
    assert values(f, "ARO")[1] == 2083  # 2150, 2100, 2000: the forfeit is no game here
    # the same file read as a Swiss: the forfeit win is an unplayed round
    sw = Field.build(t, round_robin=False)
    assert values(sw, "WON")[1] == 1
    assert F(values(sw, "SB")[1]) != 5


def _rounds(n: int, rounds: list[list[tuple[int, int, str]]], byes: dict[tuple[int, int], str]
            ) -> Tournament:
    """``rounds[r]``: games (white, black, white's result); ``byes[(pid, r)]``: a bye
    code; every other player is absent (Z) in that round."""
    t = Tournament(rounds=len(rounds))
    for i in range(1, n + 1):
        t.players[i] = Player(i, rating=2000)
    other = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    for r, games in enumerate(rounds, 1):
        for p in t.players.values():
            p.results.append(RoundEntry.bye(byes.get((p.id, r), "Z")))
        for a, b, res in games:
            t.players[a].results[-1] = RoundEntry(b, Colour.WHITE, res)
            t.players[b].results[-1] = RoundEntry(a, Colour.BLACK, other[res])
    return t


def test_tec_exercise_rederivations() -> None:
    """The two 2026 re-derivations of the TEC tie-break exercises (formats doc b.4):
    a 3.5-point player with an early HPB in 5 rounds loses 1.0 of BH (dummy
    3.5 -> 0.5 x 5 = 2.5); a 2.5-point player with a forfeit win over a player
    whose adjusted score is 1.5 loses 1.0 (dummy 2.5 -> 1.5)."""
    t = _rounds(6, [[(1, 2, "1")], [], [(1, 3, "1")], [(1, 4, "=")], [(1, 5, "=")]],
                {(1, 2): "H"})
    assert t.score(1) == F(7, 2)
    bh23 = F(values(Field.build(t, edition="2023"), "BH")[1])
    bh26 = F(values(Field.build(t, edition="2026"), "BH")[1])
    assert bh23 - bh26 == 1
    # forfeit win of #1 over #2; #2 ends on 1.5 (adjusted 1.5), #1 on 2.5
    t = _rounds(5, [[(1, 2, "+")], [(2, 3, "1")], [(1, 3, "1")], [(2, 4, "=")],
                    [(1, 4, "="), (2, 3, "0")]],
                {})
    assert t.score(1) == F(5, 2) and t.score(2) == F(3, 2)
    f26 = Field.build(t, edition="2026")
    assert f26.adjusted[2] == F(3, 2)
    bh23 = F(values(Field.build(t, edition="2023"), "BH")[1])
    assert bh23 - F(values(f26, "BH")[1]) == 1
