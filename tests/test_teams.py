"""The FIDE Swiss Team Pairing System (C.04.6, 2026): hand-checked witnesses.

Each test names the article it witnesses; the expected pairings were worked
out by hand from the text (and agree with gacrux's team engine).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisschess.cli.main import main
from swisschess.teams.generate import generate
from swisschess.teams.model import (
    Colour,
    ColourModel,
    Preference,
    RoundKind,
    Score,
    Strength,
    Team,
    TeamRound,
    TeamRules,
    TeamTournament,
    colour_preference,
    floated,
    matches_played,
    may_receive_pab,
    played_opponents,
    record_round,
)
from swisschess.teams.pairing import (
    Entrant,
    Match,
    NoTeamPairing,
    pair_bracket,
    pair_round,
    upfloater_sets,
)
from swisschess.teams.trf import TeamTrfError, parse_type_code, read_team_trf, write_team_trf

W, B = Colour.WHITE, Colour.BLACK


def event(n: int, rounds: int = 5, **kw: object) -> TeamTournament:
    rules = TeamRules(rounds=rounds, **kw)  # type: ignore[arg-type]
    return TeamTournament(rules, [Team(i, f"T{i}") for i in range(1, n + 1)])


def pairs(p) -> list[tuple[int, int]]:
    return [(m.white, m.black) for m in p.matches]


def team_with(colours: list[Colour]) -> Team:
    return Team(1, rounds=[TeamRound(RoundKind.PLAYED, 1.0, 2.0, 2, c) for c in colours])


# ------------------------------------------------------------ art. 1 (model)

def test_art_1_1_tpns_must_be_1_to_n() -> None:
    with pytest.raises(ValueError, match="different TPN"):
        TeamTournament(TeamRules(rounds=3), [Team(1), Team(3)])


def test_art_1_4_pab_scores_a_draw_by_default() -> None:
    assert TeamRules(rounds=5, boards=4).pab_points == (1.0, 2.0)
    assert TeamRules(rounds=5, boards=6, pab_match_points=2.0).pab_points == (2.0, 3.0)


def test_art_1_7_1_type_a_preferences() -> None:
    rules = TeamRules(rounds=9)
    assert colour_preference(team_with([]), rules, 1) is None
    assert colour_preference(team_with([W]), rules, 2) is None          # CD +1: none
    assert colour_preference(team_with([W, B, B]), rules, 4) == Preference(W, Strength.SIMPLE)
    assert colour_preference(team_with([W, W]), rules, 3) == Preference(B, Strength.SIMPLE)
    # CD +1 after two Blacks: no Type A preference (unlike the Dutch system)
    assert colour_preference(team_with([W, W, W, B, B]), rules, 6) is None


def test_art_1_7_2_type_b_preferences() -> None:
    rules = TeamRules(rounds=5, colour_model=ColourModel.TYPE_B)
    assert colour_preference(team_with([W]), rules, 2) == Preference(B, Strength.MILD)
    assert colour_preference(team_with([W, B]), rules, 3) == Preference(W, Strength.MILD)
    assert colour_preference(team_with([W, W, W, B, B]), rules, 5) == Preference(B, Strength.MILD)
    assert colour_preference(team_with([B, B]), rules, 3) == Preference(W, Strength.STRONG)
    # CD 0 in the last round: no preference ...
    assert colour_preference(team_with([B, W, W, B]), rules, 5) is None
    # ... unless the last two were the same colour: the strong clause wins (reading A1)
    assert colour_preference(team_with([B, B, W, W]), rules, 5) == Preference(B, Strength.STRONG)


def test_art_1_7_no_colour_preferences_at_all() -> None:
    rules = TeamRules(rounds=5, colour_model=ColourModel.NONE)
    assert colour_preference(team_with([W, W, W]), rules, 4) is None


def test_art_1_5_floater_and_ghr_3_5_forfeits() -> None:
    t = event(4)
    record_round(t, [(1, 2, 3.0, 1.0), (3, 4, 2.0, 2.0)])
    record_round(t, [(1, 3, 2.0, 2.0)], forfeits=((2, 4),))
    one, two = t.team(1), t.team(2)
    assert floated(t, one, 2)                   # 2 MP met 1 MP
    assert not floated(t, one, 1)               # round 1: everybody on 0
    assert not floated(t, two, 2)               # a forfeit is not played
    assert played_opponents(two) == {1}         # the forfeit does not count for [C1]
    assert matches_played(two) == 1             # nor as a match played (art. 3.4.3)
    assert not may_receive_pab(two)             # [C2]: it won by forfeit
    assert may_receive_pab(t.team(4))


# ------------------------------------------------------------ art. 3 (pairing)

def test_art_3_6_round_1_and_art_4_3_1() -> None:
    """Round 1: one bracket, identifier 1 2 3 4 5 6 is the first; 4.3.1 gives
    the initial-colour to an odd first-team, the other colour to an even one."""
    t = event(6, initial_colour=W)
    assert pairs(pair_round(t)) == [(1, 4), (5, 2), (3, 6)]
    t = event(6, initial_colour=B)
    assert pairs(pair_round(t)) == [(4, 1), (2, 5), (6, 3)]


def test_art_3_4_pab_first_to_the_largest_tpn() -> None:
    p = pair_round(event(5))
    assert p.pab == 5
    assert pairs(p) == [(1, 3), (4, 2)]


def test_art_3_4_3_forfeits_are_not_matches_played_and_c2() -> None:
    """Round 1: 1 beats 2 over the board, 3 beats 4 by forfeit, 5 has the PAB.
    [C2] bars 3 and 5; of the lowest (2, 4) team 2 has played more matches."""
    t = event(5, rounds=5)
    record_round(t, [(1, 2, 3.0, 1.0)], pab=5, forfeits=((3, 4),))
    p = pair_round(t)
    assert p.pab == 2
    # 3-1: same MP, 3 has more GP (first-team) and CD 0 < +1 (4.3.5);
    # 5-4: neither has played, 5 is odd (4.3.1)
    assert pairs(p) == [(3, 1), (5, 4)]
    assert [m.rule for m in p.matches] == ["4.3.5", "4.3.1"]


def test_art_3_6_1_top_member_is_the_smaller_tpn_even_for_an_upfloater() -> None:
    """Round 1: 1-5 (1 wins), 2-6 (2 wins), 3-7 drawn, 4-8 (4 wins).  The top
    scoregroup {1, 2, 4} takes upfloater 3; in the bracket {1, 2, 3, 4} the
    first identifier is 1 2 3 4, so 1-3 and 2-4 (3 is a *top* member)."""
    t = event(8)
    record_round(t, [(1, 5, 3.0, 1.0), (6, 2, 1.5, 2.5), (3, 7, 2.0, 2.0), (8, 4, 0.5, 3.5)])
    p = pair_round(t)
    assert p.brackets[0].upfloaters == (3,)
    assert p.brackets[0].pairs == ((1, 3), (2, 4))
    # colours: no Type A preference, equal CDs and last colours: 4.3.8;
    # boards by GHR art. 3.6 (2-4 has the higher sum of scores than 1-3)
    assert pairs(p) == [(4, 2), (3, 1), (7, 5), (8, 6)]
    assert {m.rule for m in p.matches} == {"4.3.8"}


def test_art_3_5_4_upfloater_sets_in_lexicographic_order() -> None:
    """The example of art. 3.5.4: 2, 6, 8 have 3 points, 1, 3, 5 have 2.5."""
    def ent(tpn: int, score: float) -> Entrant:
        return Entrant(tpn, score, 0.0, frozenset(), True, 0, (), 0, None, False)
    lower = [ent(1, 2.5), ent(2, 3.0), ent(3, 2.5), ent(5, 2.5), ent(6, 3.0), ent(8, 3.0)]
    got = [[t.tpn for t in s] for s in upfloater_sets(lower, (3.0, 3.0, 2.5))]
    assert got == [[2, 6, 1], [2, 6, 3], [2, 6, 5], [2, 8, 1], [2, 8, 3], [2, 8, 5],
                   [6, 8, 1], [6, 8, 3], [6, 8, 5]]


def test_art_3_6_2_identifier_order_under_c1() -> None:
    """With 1-3 barred by [C1]: 1-4 2-3 (identifier 1 2 4 3) precedes 1-2 3-4 (1 3 2 4)."""
    def ent(tpn: int, met: set[int]) -> Entrant:
        return Entrant(tpn, 0.0, 0.0, frozenset(met), True, 1, (), 0, None, False)
    teams = [ent(1, {3}), ent(2, set()), ent(3, {1}), ent(4, set())]
    got = [(a.tpn, b.tpn) for a, b in pair_bracket(teams, set(), False, False)]
    assert got == [(1, 4), (2, 3)]


def test_c8_before_the_identifier() -> None:
    """[C8]: 1-3 and 2-4 would leave two teams wanting White against each other
    (1, 3), so 1-4 2-3 (identifier 1 2 4 3) is chosen."""
    def ent(tpn: int, colour: Colour) -> Entrant:
        return Entrant(tpn, 0.0, 0.0, frozenset(), True, 2, (), 0,
                       Preference(colour, Strength.SIMPLE), False)
    teams = [ent(1, W), ent(2, B), ent(3, W), ent(4, B)]
    got = [(a.tpn, b.tpn) for a, b in pair_bracket(teams, set(), False, False)]
    assert got == [(1, 4), (2, 3)]


def test_c1_forfeited_pairs_may_meet_again_then_no_pairing() -> None:
    """GHR art. 3.5: a forfeited match does not use up the pairing; once
    played, two teams cannot meet again and the round cannot be paired (3.3.3)."""
    t = event(2, rounds=3)
    record_round(t, [], forfeits=((1, 2),))
    p = pair_round(t)
    assert {(m.white, m.black) for m in p.matches} in ({(1, 2)}, {(2, 1)})
    record_round(t, [(2, 1, 2.0, 2.0)])
    with pytest.raises(NoTeamPairing):
        pair_round(t)


def test_absent_teams_are_not_paired() -> None:
    t = event(5)
    p = pair_round(t, absent={3})
    assert p.pab is None
    assert sorted(x for m in p.matches for x in (m.white, m.black)) == [1, 2, 4, 5]


def test_pairing_past_the_last_round_is_refused() -> None:
    t = event(4, rounds=1)
    record_round(t, [(1, 3, 2.0, 2.0), (4, 2, 2.0, 2.0)])
    with pytest.raises(ValueError, match="past the 1 declared rounds"):
        pair_round(t)


def test_match_type_is_exported() -> None:
    assert Match(1, 2, "4.3.1").white == 1


# ------------------------------------------------------------ TRF-2026 files

DATA = Path(__file__).parent / "data" / "teams"

#: The next round of each sample, board by board (white, black), and the PAB -
#: worked out by hand for the first two, and for all five the pairing gacrux's
#: C.04.6 engine gives (pairingchecker -p).
SAMPLES = {
    "upfloater-top-member.trf": ([(4, 2), (3, 1), (7, 5), (8, 6)], None),
    "forfeit-and-pab.trf": ([(3, 1), (5, 4)], 2),
    "typeb-absences-forfeits.trf": ([(1, 7), (5, 3), (6, 4), (8, 9), (10, 2)], None),
    "typea-gp-primary.trf": ([(1, 5), (7, 4), (2, 6), (9, 3), (8, 10)], None),
    "nocolour-odd.trf": ([(7, 1), (2, 4), (3, 5), (10, 8), (6, 9)], 11),
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_samples_pair_as_expected(name: str) -> None:
    tournament, absent = read_team_trf((DATA / name).read_text(encoding="utf-8"), name)
    p = pair_round(tournament, absent)
    assert (pairs(p), p.pab) == SAMPLES[name]


def test_sample_rules_from_record_192() -> None:
    t, _ = read_team_trf((DATA / "typea-gp-primary.trf").read_text(encoding="utf-8"))
    assert t.rules.primary is Score.GAME_POINTS and t.rules.secondary_for_colour
    assert t.rules.initial_colour is B
    t, _ = read_team_trf((DATA / "nocolour-odd.trf").read_text(encoding="utf-8"))
    assert t.rules.colour_model is ColourModel.NONE
    assert parse_type_code("FIDE_TEAM") == {"colour_model": ColourModel.TYPE_A}
    assert parse_type_code("FIDE_TEAM_TYPEB_MP")["secondary_for_colour"] is False


def test_forfeits_and_byes_read_from_the_file() -> None:
    t, _ = read_team_trf((DATA / "forfeit-and-pab.trf").read_text(encoding="utf-8"))
    assert [t.team(i).rounds[0].kind for i in range(1, 6)] == [
        RoundKind.PLAYED, RoundKind.PLAYED, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS,
        RoundKind.PAB]
    assert t.team(3).rounds[0].match_points == 2.0
    assert t.team(5).rounds[0].game_points == 2.0


@pytest.mark.parametrize("seed", range(6))
def test_write_then_read_gives_the_same_event(seed: int) -> None:
    t = generate(seed, teams=9, rules=TeamRules(rounds=6, colour_model=ColourModel.TYPE_B),
                 absence_rate=0.08, forfeit_rate=0.08, rounds_to_play=4)
    back, absent = read_team_trf(write_team_trf(t, frozenset({2})))
    assert [x.rounds for x in back.teams] == [x.rounds for x in t.teams]
    assert absent == {2}
    assert pair_round(back, absent) == pair_round(t, absent)


@pytest.mark.parametrize(("text", "line", "needle"), [
    ("142 5\n310   1 A\n", 2, "team 1 has no players"),
    ("142 5\n192 FIDE_DUTCH\n", 2, "not a FIDE_TEAM code"),
    ("142 x\n", 1, "142: x is not a number"),
    ("142 5\n192 FIDE_TEAM_GP_BAKU\n" + "310   1 A".ljust(73) + "   1\n001    1\n", 2,
     "C.04.7 art. 1.4.4"),
    ("001    1\n310   1 A                                                          1\n", 0,
     "record 142"),
])
def test_bad_files_are_refused_with_the_line(text: str, line: int, needle: str) -> None:
    with pytest.raises(TeamTrfError) as e:
        read_team_trf(text, "x.trf")
    assert needle in e.value.message
    assert e.value.line == line
    assert str(e.value).startswith("x.trf:")


# ------------------------------------------------------------ the command

def test_cli_team_pair(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "team-pair", str(DATA / "forfeit-and-pab.trf")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Round 2"
    assert out[2].split()[:5] == ["1", "3", "Team", "3", "1"] and out[2].endswith("4.3.5")
    assert out[-1] == "PAB: 2 Team 2"


def test_cli_team_pair_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sample = str(DATA / "forfeit-and-pab.trf")
    assert main(["--lang", "en", "team-pair", str(tmp_path / "none.trf")]) == 5
    assert main(["--lang", "en", "team-pair", sample, "--absent", "9"]) == 3
    assert "no team 9" in capsys.readouterr().err
    bad = tmp_path / "bad.trf"
    bad.write_text("142 5\n310   1 A\n", encoding="utf-8")
    assert main(["--lang", "sl", "team-pair", str(bad)]) == 3
    assert "ekipa 1 nima igralcev" in capsys.readouterr().err
    done = tmp_path / "done.trf"
    done.write_text(sample_text(1), encoding="utf-8")
    assert main(["--lang", "en", "team-pair", str(done)]) == 3
    assert "all 1 rounds have been paired" in capsys.readouterr().err
    two = tmp_path / "two.trf"
    t = event(2, rounds=3)
    record_round(t, [(1, 2, 2.0, 2.0)])
    two.write_text(write_team_trf(t), encoding="utf-8")
    assert main(["--lang", "en", "team-pair", str(two)]) == 1


def sample_text(rounds: int) -> str:
    text = (DATA / "forfeit-and-pab.trf").read_text(encoding="utf-8")
    return text.replace("142 5\n", f"142 {rounds}\n")


def test_engine_team_pair_check_generate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``engine --team``: -p in the engine format, selected by the file's 310
    records too; -g writes a team tournament that -c finds paired as C.04.6 pairs."""
    sample = str(DATA / "nocolour-odd.trf")
    assert main(["engine", sample, "-p"]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == ["6", "7 1", "2 4"]
    out = tmp_path / "gen.trf"
    assert main(["engine", "--team", "-g", "-o", str(out), "-s", "3"]) == 0
    assert main(["engine", str(out), "-c"]) == 0
    report = capsys.readouterr().out
    assert "Round #1: ok" in report and "0 differ" in report
    # a round changed by hand is reported
    text = out.read_text(encoding="utf-8")
    tournament, _ = read_team_trf(text)
    first = next(t for t in tournament.teams if t.rounds[0].played)
    other = first.rounds[0].opponent
    assert other is not None
    swapped = tmp_path / "swapped.trf"
    for t in tournament.teams:       # swap the colours of one round-1 match
        if t.tpn in (first.tpn, other):
            r = t.rounds[0]
            t.rounds[0] = TeamRound(r.kind, r.match_points, r.game_points, r.opponent,
                                    r.colour.other if r.colour else None)
    swapped.write_text(write_team_trf(tournament), encoding="utf-8")
    assert main(["engine", str(swapped), "-c"]) == 6
    assert "Round #1: differs" in capsys.readouterr().out
    # a configuration that cannot be read: a file error (5); -g CONFIG is tested in test_team_standings
    assert main(["--lang", "en", "engine", "--team", "-g", str(tmp_path / "none.cfg"), "-o", str(out)]) == 5
    # reported as the engine command reports, not as team-pair
    assert capsys.readouterr().err.startswith(f"swisschess: {tmp_path / 'none.cfg'}: cannot read")
    assert main(["--lang", "en", "engine", "--team", str(tmp_path / "none.trf"), "-p"]) == 5
    assert capsys.readouterr().err.startswith("swisschess: ")
    assert main(["--lang", "en", "team-pair", str(tmp_path / "none.trf")]) == 5
    assert capsys.readouterr().err.startswith("swisschess team-pair: ")
