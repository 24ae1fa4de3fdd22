"""Team standings (C.07 arts. 11-13, 16), Baku on match points (C.04.7), the
TRF-2026 team records 250/260/300/330/801/802 and ``engine --team -g CONFIG``.

The small event below is worked out by hand (and gacrux's tiebreakchecker
gives the same values for it).  Four teams, two boards, three rounds, match
points 2/1/0:

* round 1: 1-2 boards 1, 1/2 (1.5-0.5); 3-4 boards 1/2, 1/2 (1-1);
* round 2: 1-3 boards 1, 1 (2-0); team 2 the PAB (1 MP, 1 GP); team 4 absent;
* round 3: 2-3 boards 1/2, 0 (0.5-1.5); team 1 wins by forfeit against team 4.

Totals: team 1 6 MP 5.5 GP, team 2 1 MP 2 GP, team 3 3 MP 2.5 GP, team 4 1 MP 1 GP.
Team 4's absence is followed only by a forfeit loss: category 16.2.5, so its
opponents see it as a draw (art. 16.3.2): adjusted 2 MP, 2 GP.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from swisschess.cli.main import main
from swisschess.teams.acceleration import (
    AccelerationError,
    baku_records,
    check_acceleration,
    last_ga_team,
    virtual_points,
)
from swisschess.teams.generate import (
    TeamConfigError,
    generate_from_config,
    members,
    parse_team_config,
)
from swisschess.teams.model import (
    Colour,
    RoundKind,
    Score,
    Team,
    TeamRound,
    TeamRules,
    TeamTournament,
)
from swisschess.teams.pairing import pair_round
from swisschess.teams.standings import (
    TeamTiebreakError,
    board_statistics,
    parse_team_tiebreaks,
    team_crosstable,
    team_standings,
)
from swisschess.teams.trf import TeamTrfError, read_team_trf, write_team_trf

W, B = Colour.WHITE, Colour.BLACK
F = Fraction


def played(opp: int, colour: Colour, boards: tuple[float, ...], mp: float) -> TeamRound:
    ids = None
    return TeamRound(RoundKind.PLAYED, mp, sum(boards), opp, colour, boards=boards, lineup=ids)


def hand_event() -> TeamTournament:
    rules = TeamRules(rounds=3, boards=2)
    teams = [Team(i, f"T{i}", members=members(i, 2)) for i in range(1, 5)]
    t1, t2, t3, t4 = teams
    t1.rounds = [played(2, W, (1, .5), 2), played(3, W, (1, 1), 2),
                 TeamRound(RoundKind.FORFEIT_WIN, 2, 2, 4, scheduled=W, boards=(1, 1),
                           unplayed_boards=frozenset({0, 1}))]
    t2.rounds = [played(1, B, (0, .5), 0), TeamRound(RoundKind.PAB, 1, 1), played(3, W, (.5, 0), 0)]
    t3.rounds = [played(4, W, (.5, .5), 1), played(1, B, (0, 0), 0), played(2, B, (.5, 1), 2)]
    t4.rounds = [played(3, B, (.5, .5), 1), TeamRound(RoundKind.ABSENT),
                 TeamRound(RoundKind.FORFEIT_LOSS, 0, 0, 1, scheduled=B, boards=(0, 0),
                           unplayed_boards=frozenset({0, 1}))]
    for team in teams:  # line-ups: the team's two members in list order
        team.rounds = [TeamRound(r.kind, r.match_points, r.game_points, r.opponent, r.colour, r.scheduled,
                                 r.boards, tuple(m.id for m in team.members) if r.boards else None,
                                 r.unplayed_boards) for r in team.rounds]
    return TeamTournament(rules, teams)


def values(t: TeamTournament, codes: str) -> dict[int, list[object]]:
    return {r.tpn: list(r.values) for r in team_standings(t, codes).rows}


# ------------------------------------------------------------ art. 11, 13, 16

def test_scores_and_ranking_art_11_and_4_2() -> None:
    st = team_standings(hand_event(), "EDE,BH:MP")
    assert [(r.rank, r.tpn, r.match_points, r.game_points) for r in st.rows] == [
        (1, 1, 6, F(11, 2)), (2, 3, 3, F(5, 2)), (3, 2, 1, 2), (4, 4, 1, 1)]
    # teams 2 and 4 never met: EDE leaves them tied (0), the Buchholz decides
    assert st.rows[2].values == (0, 10) and st.rows[3].values == (0, 5)
    assert (st.rows[0].played, st.rows[0].won, st.rows[3].drawn) == (2, 2, 1)


def test_buchholz_with_the_dummy_of_art_16_4() -> None:
    # team 1's forfeit win: dummy = min(own 6, scheduled opponent's adjusted 2) (16.4.1)
    # team 2's PAB: dummy = min(own 1, a draw's 1 MP x 3 rounds) (16.4.2)
    # team 3 met team 4, whose absence counts as a draw for its opponents (16.3.2)
    assert values(hand_event(), "BH:MP") == {1: [6], 2: [10], 3: [9], 4: [5]}


def test_cut_1_cuts_a_voluntary_unplayed_round_art_16_5() -> None:
    # team 4: contributions 3 (round 1), 1 (absence, VUR), 1 (forfeit loss, VUR)
    assert values(hand_event(), "BH:MP/C1") == {1: [5], 2: [9], 3: [8], 4: [4]}
    # with /P team 4's forfeit loss is a match against team 1 (6), not a voluntary
    # unplayed round: the absence (1) is cut
    assert values(hand_event(), "BH:MP/C1/P")[4] == [9]


def test_extended_sonneborn_berger_art_13_2() -> None:
    # EMGSB: opponent's (adjusted) MP x game points scored against it
    got = values(hand_event(), "EMGSB,EMMSB,MPVGP")
    assert got[1] == [F(23, 2), 12, F(11, 2)]
    assert got[2] == [F(11, 2), 1, 2]
    assert got[3] == [F(7, 2), 4, F(5, 2)]
    assert got[4] == [3, 3, 1]


def test_board_count_top_board_bottom_board_art_12() -> None:
    # the PAB counts as a win on every board (art. 12): team 2 boards 1.5 and 1.5
    got = values(hand_event(), "BC,TBR,BBE")
    assert got[2] == [F(9, 2), (F(3, 2), F(3, 2)), (F(3, 2),)]
    assert got[1] == [8, (3, F(5, 2)), (3,)]


def test_game_level_counts_when_game_points_decide() -> None:
    t = hand_event()
    t.rules = TeamRules(rounds=3, boards=2, primary=Score.GAME_POINTS)
    # WIN on games: team 1 won 3 games over the board and 2 by forfeit
    assert values(t, "WIN,WON,BPG")[1] == [5, 3, 2]
    assert values(t, "WIN:MP")[1] == [3]


def test_extended_direct_encounter_uses_the_knock_out_tie_breaks_on_the_match() -> None:
    rules = TeamRules(rounds=1, boards=2)
    a = Team(1, "A", [played(2, W, (0, 1), 1)])
    b = Team(2, "B", [played(1, B, (1, 0), 1)])
    t = TeamTournament(rules, [a, b])
    assert [r.rank for r in team_standings(t, "EDE").rows] == [1, 1]
    for code in ("EDET", "EDEB", "EDEBT"):   # board 1 won by B decides (13.3.2)
        assert [r.tpn for r in team_standings(t, code).rows] == [2, 1]


def test_tie_break_codes() -> None:
    tbs = parse_team_tiebreaks("EDET/P, emgsb/c1/p, BH:GP/M1, SSSC/K4, PTS")
    assert [tb.label for tb in tbs] == ["EDET/P", "EMGSB/C1/P", "BH:GP/M1", "SSSC/K4"]
    for bad in ("XYZ", "BH:XP", "EDE/C1", "BH/Q2"):
        with pytest.raises(TeamTiebreakError):
            parse_team_tiebreaks(bad)


def test_crosstable_and_board_statistics() -> None:
    t = hand_event()
    rows = team_crosstable(t)
    assert [c.text for c in rows[0].cells] == ["2w1.5", "3w2", "+4"]
    assert [c.text for c in rows[2].cells] == ["1b0.5", "PAB", "3w0.5"]
    lines = {x.member: x for x in board_statistics(t)}
    # player 1 (team 1, board 1): won two games on board 1, and one by forfeit
    assert lines[1].boards[0] == (2, 3) and lines[1].forfeits_won == 1 and lines[1].games == 2
    assert lines[8].points == F(1, 2) and lines[8].games == 1


# ------------------------------------------------------------ files and CLI

def test_written_file_reads_back_with_board_results() -> None:
    t = hand_event()
    back, _ = read_team_trf(write_team_trf(t))
    assert [x.rounds for x in back.teams] == [x.rounds for x in t.teams]
    assert team_standings(back, "EMGSB,BC").rows == team_standings(t, "EMGSB,BC").rows


def test_cli_team_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "e.trf"
    f.write_text(write_team_trf(hand_event()).replace("142 3\n", "142 3\n202 EDE,BH:MP/C1\n"),
                 encoding="utf-8")
    assert main(["--lang", "en", "team-standings", str(f), "--crosstable", "--boards"]) == 0
    out = capsys.readouterr().out
    assert "Tie-breaks: EDE, BH:MP/C1" in out and "2w1.5" in out
    assert main(["--lang", "en", "team-standings", str(f), "--format", "json", "-t", "EMGSB"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rows"][0]["tiebreaks"] == {"EMGSB": 11.5} and data["primary"] == "mp"
    assert main(["--lang", "en", "team-standings", str(f), "--format", "csv", "-t", "BH:MP"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "1,1,T1,6,5.5,2,2,0,0,6"
    assert main(["--lang", "en", "team-standings", str(f), "-t", "NOPE"]) == 3
    assert main(["--lang", "en", "team-standings", str(f), "--round", "7"]) == 3
    assert main(["--lang", "en", "team-standings", str(tmp_path / "none.trf")]) == 5


HEAD = "142 5\n192 FIDE_TEAM_TYPEA_MP_GP\n"
ROSTER = ("310   1 A".ljust(73) + "   1    2\n" + "310   2 B".ljust(73) + "   3    4\n"
          + "".join(f"001 {i:4d}      P{i}\n" for i in range(1, 5)))


@pytest.mark.parametrize(("extra", "line", "needle"), [
    ("250  2.0        3   1    1    2\n", 3, "250: rounds 3-1 are not a range"),
    ("250  2.0        1   1    1    7\n", 3, "250: no team 7"),
    ("260   1   5    1    9\n", 3, "260: no team 9"),
    ("300   1   1   2    3    2\n", 3, "300: player 3 is not in team 1"),
    ("330 x-   1   1   2\n", 3, "330: forfeit type must be"),
    ("330 +-   1   1   2\n330 -+   1   2   1\n", 4, "two forfeited matches"),
    ("801  9 X\n", 3, "no team 9"),
])
def test_team_records_are_validated_with_the_line(extra: str, line: int, needle: str) -> None:
    with pytest.raises(TeamTrfError) as e:
        read_team_trf(HEAD + extra + ROSTER, "x.trf")
    assert needle in e.value.message and e.value.line == line


def test_forfeited_match_record_330_and_line_up_300() -> None:
    text = HEAD + ROSTER.replace("001    1      P1\n", "001    1      P1" + " " * 75 + "0000 - +\n") \
        + "330 +-   1   1   2\n"
    t, _ = read_team_trf(text)
    assert t.team(1).rounds[0].kind is RoundKind.FORFEIT_WIN
    assert t.team(2).rounds[0].kind is RoundKind.FORFEIT_LOSS
    # a line-up out of the list's order: board 1 is player 2
    game = "001    {p}      P{p}" + " " * 75 + "{o:4d} {c} {r}\n"
    rows = (game.format(p=1, o=4, c="b", r="1") + game.format(p=2, o=3, c="w", r="=")
            + game.format(p=3, o=2, c="b", r="=") + game.format(p=4, o=1, c="w", r="0"))
    text = HEAD + "310   1 A".ljust(73) + "   1    2\n" + "310   2 B".ljust(73) + "   3    4\n" + rows \
        + "300   1   1   2    2    1\n"
    t, _ = read_team_trf(text)
    r = t.team(1).rounds[0]
    assert r.lineup == (2, 1) and r.boards == (0.5, 1.0) and r.colour is W
    assert t.team(2).rounds[0].lineup == (3, 4) and t.team(2).rounds[0].colour is B


def test_prohibited_pairings_260_act_like_c1() -> None:
    rules = TeamRules(rounds=3, prohibited=())
    t = TeamTournament(rules, [Team(i) for i in range(1, 5)])
    assert {(m.white, m.black) for m in pair_round(t).matches} & {(1, 3), (3, 1)}
    text = write_team_trf(t).replace("192 ", "260   1   3    1    3\n192 ")
    back, _ = read_team_trf(text)
    assert not {frozenset((m.white, m.black)) for m in pair_round(back).matches} & {frozenset((1, 3))}


# ------------------------------------------------------------ Baku (C.04.7)

def test_baku_virtual_match_points() -> None:
    t = TeamTournament(TeamRules(rounds=14, baku=True), [Team(i) for i in range(1, 51)])
    assert last_ga_team(t) == 26                          # 2 * ceil(50 / 4)
    assert [virtual_points(t, 1, r) for r in (1, 4, 5, 7, 8)] == [2, 2, 1, 1, 0]
    assert virtual_points(t, 27, 1) == 0
    recs = baku_records(t)
    assert [(a.match_points, a.first_round, a.last_round, a.last_team) for a in recs] == [
        (2, 1, 4, 26), (1, 5, 7, 26)]
    absent = frozenset({3, 39})                           # not in round 1's list
    assert last_ga_team(t, absent) == 25                 # the 24th of the 48 listed


def test_baku_pairs_the_top_half_together_in_round_1() -> None:
    t = TeamTournament(TeamRules(rounds=5, baku=True), [Team(i) for i in range(1, 9)])
    # GA = teams 1-4 with 2 virtual MP: they form the top scoregroup
    assert {frozenset((m.white, m.black)) for m in pair_round(t).matches} == {
        frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}


def test_acceleration_refused_on_game_points_art_1_4_4() -> None:
    t = TeamTournament(TeamRules(rounds=5, baku=True, primary=Score.GAME_POINTS), [Team(1), Team(2)])
    with pytest.raises(AccelerationError):
        check_acceleration(t)


# ------------------------------------------------------------ -g CONFIG

def test_generator_configuration() -> None:
    cfg = parse_team_config("# teams\nTeamsNumber=10\nRoundsNumber=5\nBoardsNumber=3\n"
                            "ColourModel=TypeB\nBaku=yes\nForfeitRate=20\n")
    a, b = generate_from_config(cfg, 4), generate_from_config(cfg, 4)
    assert [x.rounds for x in a.teams] == [x.rounds for x in b.teams]
    assert (len(a.teams), a.rules.rounds, a.rules.boards, a.rules.baku) == (10, 5, 3, True)
    for bad, needle in (("Teams=3", "line 1: unknown key Teams"), ("RoundsNumber=x", "invalid value x"),
                        ("nothing", "expected Key=Value")):
        with pytest.raises(TeamConfigError, match=needle):
            parse_team_config(bad)
    with pytest.raises(TeamConfigError, match="1.4.4"):
        generate_from_config(parse_team_config("Baku=yes\nPrimaryScore=GP"), 1)


def test_cli_generate_with_configuration(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.txt"
    cfg.write_text("TeamsNumber=9\nRoundsNumber=4\nAbsenceRate=20\n", encoding="utf-8")
    out = tmp_path / "o.trf"
    assert main(["engine", "--team", "-g", str(cfg), "-o", str(out), "-s", "5"]) == 0
    assert main(["engine", "--team", str(out), "-c"]) == 0
    assert "0 differ" in capsys.readouterr().out
    cfg.write_text("TeamsNumber=x\n", encoding="utf-8")
    assert main(["--lang", "en", "engine", "--team", "-g", str(cfg), "-o", str(out)]) == 3
    assert "invalid configuration: line 1" in capsys.readouterr().err
