"""``swisschess explain``: the story of a Dutch-system round, bracket by bracket.

Small hand-made tournaments where the reason for the pairing is known: the
Estonian seed's 6-player bracket (a transposition), a bracket that needs an
exchange, the 2026 worked examples for [C5] and [C9], a PAB case with [C2] and
MDPs; the JSON shape; the command line; and one reference tournament
explained round by round.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from checkhelp import trf_text

from swisschess.cli.main import main
from swisschess.explain import ExplainError, explain_round, render_text
from swisschess.model.rounds import add_pairing, set_result
from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament
from swisschess.pairing.api import pair_round

REFERENCE = Path(__file__).resolve().parent / "data" / "reference" / "dutch-2026"  # shipped sample
W, B = Colour.WHITE, Colour.BLACK
CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "=": ("=", "=")}


def make(n: int, rounds: list[list[tuple]], total: int | None = None) -> Tournament:
    """A tournament of ``n`` players; each round is a list of ``(white, black, result)``
    games and ``(id, code)`` entries (``U`` PAB, ``Z`` absent, ``H`` half-point bye)."""
    t = Tournament(name="explain test", rounds=total, initial_colour=W)
    for i in range(1, n + 1):
        t.players[i] = Player(i, name=f"Player {i}", rating=2400 - 10 * i)
    for games in rounds:
        for g in games:
            if len(g) == 3:
                w, b, res = g
                cw, cb = CODES[res]
                t.players[w].results.append(RoundEntry(b, W, cw))
                t.players[b].results.append(RoundEntry(w, B, cb))
            else:
                pid, code = g
                t.players[pid].results.append(RoundEntry.bye(code))
    return t


def bracket_with(e, pid: int):
    return next(b for b in e.brackets if any(p.id == pid for p in b.players))


# --------------------------------------------------------- seeds' examples
def estonian() -> Tournament:
    """Six players on 0.5 after a drawn round 1 (2-5, 6-1, 4-3): 1, 2, 3 want
    White, 4, 5, 6 want Black, and 2 and 5 have met."""
    return make(6, [[(5, 2, "="), (6, 1, "="), (4, 3, "=")]], total=5)


def test_six_player_bracket_needs_a_transposition():
    e = explain_round(estonian())
    assert e.round == 2 and e.source == "engine"
    assert len(e.brackets) == 1
    b = e.brackets[0]
    assert {frozenset((p.higher, p.lower)) for p in b.pairs} == {
        frozenset(x) for x in ((1, 4), (2, 6), (3, 5))}
    nat, *rest = b.candidates
    assert nat.label.startswith("natural")
    assert nat.pairs == [[1, 4], [2, 5], [3, 6]]
    assert nat.verdict == "rejected" and nat.criterion == "C1"
    assert "2 and 5 already played each other (round 1)" in nat.reason
    # the Estonian order: 1-4 2-5 3-6, then 1-4 2-6 3-5 (a transposition)
    chosen = rest[-1]
    assert chosen.verdict == "chosen" and chosen.pairs == [[1, 4], [2, 6], [3, 5]]
    assert "transposition" in chosen.label
    assert any("transposition (Art. 4.2)" in s for s in b.structure)
    assert b.shortfalls == []  # every colour preference granted
    # every pair got both preferences (5.2.1)
    assert {p.rule for p in b.pairs} == {"5.2.1"}
    assert all(p.white in (1, 2, 3) for p in b.pairs)


def test_bracket_that_needs_an_exchange():
    # 1 has met 3 and 4: S1 = 1, 2 / S2 = 3, 4 cannot work; 2 moves to S2 (Art. 4.3)
    t = make(4, [[(1, 3, "="), (2, 4, "=")], [(4, 1, "="), (3, 2, "=")]], total=4)
    e = explain_round(t)
    b = e.brackets[0]
    assert {frozenset((p.higher, p.lower)) for p in b.pairs} == {frozenset((1, 2)), frozenset((3, 4))}
    assert any("Exchange: 2 moved from S1 to S2 and 3 from S2 to S1 (Art. 4.3)" in s
               for s in b.structure)
    chosen = b.candidates[-1]
    assert chosen.verdict == "chosen" and "exchange 2 <-> 3" in chosen.label
    rejected = [c for c in b.candidates if c.verdict == "rejected"]
    assert rejected and all(c.criterion == "C1" for c in rejected)
    assert b.rejected_summary.get("C1", 0) >= 2
    # 1 and 2 both want White: one of them does not get it
    assert [s.criterion for s in b.shortfalls if s.criterion == "C12"] == ["C12"]


def c5_example() -> Tournament:
    """2026 worked example C5: after round 2, 1 and 3 on 2.0, 2 and 5 on 1.0 (they
    met), 6 on 0 and 4 on 0 absent in round 3."""
    t = make(6, [[(1, 4, "1-0"), (2, 5, "1-0"), (3, 6, "1-0")],
                 [(2, 1, "0-1"), (4, 3, "0-1"), (6, 5, "0-1")]], total=3)
    t.players[4].results.append(RoundEntry.bye("Z"))
    return t


def test_c5_lowest_score_pab_breaks_the_top_bracket():
    e = explain_round(c5_example())
    assert e.bye == 6
    assert e.not_paired == [[4, "Z"]]
    top = e.brackets[0]
    assert top.score == 2.0
    assert top.pairs == [] and sorted(f.id for f in top.floaters) == [1, 3]
    nat = top.candidates[0]
    assert nat.pairs == [[1, 3]] and nat.verdict == "rejected" and nat.criterion == "C5"
    assert "PAB would go to a player with 1.0 points instead of 0.0" in nat.reason
    assert all("[C5]" in f.reason for f in top.floaters)
    assert any("[C5]" in n for n in top.notes)
    second = bracket_with(e, 2)
    assert sorted(second.mdps) == [1, 3] and sorted(second.mdps_paired) == [1, 3]
    assert {frozenset((p.higher, p.lower)) for p in second.pairs} <= {
        frozenset(x) for x in ((1, 5), (3, 2), (1, 2), (3, 5))}
    assert all(p.kind == "MDP pairing" for p in second.pairs)
    assert e.pab.player == 6
    assert any(r.startswith("[C5] the lowest score with which the round can be completed is 0.0")
               for r in e.pab.reasons)


def test_c9_pab_to_the_player_with_fewest_unplayed_games():
    t = make(5, [[(1, 3, "1-0"), (2, 4, "1-0"), (5, "Z")]], total=3)
    e = explain_round(t)
    assert e.bye == 4
    text = " ".join(e.pab.reasons)
    assert "[C9]" in text and "5 (1)" in text and "4 (0)" in text
    last = e.brackets[-1]
    assert [f.id for f in last.floaters] == [4]
    assert last.floaters[0].outcome == "receives the PAB"


def test_pab_c2_and_mdps_who_already_met():
    # 4 and 5 had the PAB; 1 and 2 (1.5) met in round 2: both float down and the
    # PAB goes to 3, the only eligible player of the lowest score.
    t = make(5, [[(1, 3, "1-0"), (2, 4, "1-0"), (5, "U")],
                 [(1, 2, "="), (5, 3, "0-1"), (4, "U")]], total=3)
    e = explain_round(t)
    assert e.bye == 3
    assert sorted(e.pab.ineligible) == [4, 5]
    assert "[C2]" in e.pab.reasons[0] and "4 had the PAB in round 2" in e.pab.reasons[0]
    top = e.brackets[0]
    assert sorted(f.id for f in top.floaters) == [1, 2]
    for f in top.floaters:
        assert "[C1] 1 and 2 already played each other (round 2)" in f.reason
        assert f.role == "resident"
    low = e.brackets[1]
    assert low.mdps == [1, 2] and low.mdps_paired == [1, 2] and low.limbo == []
    assert {frozenset((p.higher, p.lower)) for p in low.pairs} == {
        frozenset((1, 4)), frozenset((2, 5))} or {
        frozenset((p.higher, p.lower)) for p in low.pairs} == {frozenset((1, 5)), frozenset((2, 4))}
    assert low.floaters[0].id == 3 and low.floaters[0].outcome == "receives the PAB"
    assert low.players[0].pab_eligible is False or low.players[0].id in (1, 2)


def test_colour_rules_are_cited():
    e = explain_round(make(4, [], total=3))  # round 1: no preferences: 5.2.5
    rules = {p.rule for b in e.brackets for p in b.pairs}
    assert rules == {"5.2.5"}
    b = e.brackets[0]
    assert [c.verdict for c in b.candidates] == ["chosen"]  # the natural pairing


# ------------------------------------------------------- recorded rounds
def play_round(t: Tournament, results: dict[int, str] | None = None) -> None:
    p = pair_round(t)
    add_pairing(t, p)
    for k, (w, b) in enumerate(p.boards):
        set_result(t, p.round, w, b, (results or {}).get(k, "1-0"))


def test_recorded_round_as_engine_and_planted_change():
    t = estonian()
    play_round(t)
    e = explain_round(t, 2)
    assert e.source == "file" and e.notes == []
    assert explain_round(t, 2).to_dict() == e.to_dict()
    # plant another pairing of round 2: 1-5 2-4 3-6 (legal, but not the Dutch one)
    for pid in range(1, 7):
        t.players[pid].results.pop()
    for w, bl in ((1, 5), (2, 4), (3, 6)):
        t.players[w].results.append(RoundEntry(bl, W, "1"))
        t.players[bl].results.append(RoundEntry(w, B, "0"))
    e = explain_round(t, 2)
    assert any("would pair this round differently" in n for n in e.notes)
    verdicts = {c.verdict for c in e.brackets[0].candidates}
    assert "better" in verdicts or "equal" in verdicts


def test_bad_round_number():
    with pytest.raises(ExplainError):
        explain_round(estonian(), 5)
    with pytest.raises(ExplainError):
        explain_round(estonian(), 0)


def test_json_shape_and_text():
    e = explain_round(c5_example())
    d = json.loads(json.dumps(e.to_dict()))
    assert set(d) == {"round", "edition", "source", "players", "boards", "bye", "not_paired",
                      "brackets", "pab", "notes", "system", "story"}
    b = d["brackets"][0]
    assert set(b) >= {"number", "score", "players", "mdps", "mdps_paired", "limbo", "pairs",
                      "floaters", "structure", "notes", "shortfalls", "candidates",
                      "rejected_summary", "candidates_examined", "chosen_reached"}
    assert set(b["players"][0]) == {"id", "name", "score", "role", "colours", "preference",
                                    "floats", "pab_eligible"}
    assert set(b["candidates"][0]) == {"label", "pairs", "floaters", "complete", "verdict",
                                       "criterion", "reason"}
    assert set(d["pab"]) == {"player", "score", "reasons", "ineligible"}
    text = render_text(e)
    assert "Bracket 1: 2.0 points" in text and "PAB: 6 (0.0 points)" in text
    assert "[C5]" in text


def test_other_editions_describe_only():
    e = explain_round(estonian(), edition="2017")
    assert all(b.candidates == [] for b in e.brackets)
    assert {p.rule for b in e.brackets for p in b.pairs} <= {"E.1", "E.2", "E.3", "E.4", "E.5"}
    e = explain_round(estonian(), edition="1992")
    assert {p.rule for b in e.brackets for p in b.pairs} == {None}


# ------------------------------------------------------------ command line
def test_cli(tmp_path, capsys):
    f = tmp_path / "c5.trf"
    f.write_text(trf_text(c5_example()).replace("XXR None\n", "XXR 3\n"))
    assert main(["explain", str(f)]) == 0
    out = capsys.readouterr().out
    assert "Round 3: FIDE Dutch system, 2026 rules" in out and "PAB: 6" in out
    assert main(["explain", str(f), "--format", "json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["round"] == 3 and d["bye"] == 6
    assert main(["explain", str(f), "--round", "2", "--format", "json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["round"] == 2 and d["source"] == "file"
    assert main(["explain", str(f), "--round", "7"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(f) in err and "no round 7" in err
    bad = tmp_path / "bad.trf"
    bad.write_text("this is not a tournament\n")
    assert main(["explain", str(bad)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err
    assert main(["explain", str(tmp_path / "missing.trf")]) == 5
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "missing.trf" in err and "Traceback" not in err


# ------------------------------------------------------ reference tournament
@pytest.mark.parametrize("name", ["139.trf", "31.trf"])
def test_reference_tournament_every_round(name):
    from swisschess.formats.trf import read_trf

    path = REFERENCE / name
    t = read_trf(str(path)).tournament
    for rnd in range(1, t.rounds_recorded() + 1):
        e = explain_round(t, rnd)
        assert e.source == "file"
        paired = {x for b in e.boards for x in b} | ({e.bye} if e.bye else set())
        assert paired == {p.id for br in e.brackets for p in br.players if p.role == "resident"}
        for br in e.brackets:
            assert not [n for n in br.notes if "breaks" in n]
            if not e.notes:  # the recorded pairing is the engine's: nothing beats it
                assert all(c.verdict in ("rejected", "chosen") for c in br.candidates)
                if len(br.players) > 1:
                    assert br.candidates[-1].verdict == "chosen"
        render_text(e)


def test_tiny_rounds():
    e = explain_round(make(1, [], total=3))
    assert e.bye == 1 and e.pab.player == 1 and len(e.brackets) == 1
    e = explain_round(make(2, [[(1, 2, "1-0")], [(1, "H"), (2, "H")]], total=3))
    assert e.round == 2 and e.players == 0 and e.brackets == [] and e.pab is None
    assert sorted(e.not_paired) == [[1, "H"], [2, "H"]]
    render_text(e)


C5_TRF = """\
012 explain test
XXR 3
XXC white1
001    1      Player 1                          2390                             2.0          4 w 1     2 b 1
001    2      Player 2                          2380                             1.0          5 w 1     1 w 0
001    3      Player 3                          2370                             2.0          6 w 1     4 b 1
001    4      Player 4                          2360                             0.0          1 b 0     3 w 0  0000 - Z
001    5      Player 5                          2350                             1.0          2 b 0     6 b 1
001    6      Player 6                          2340                             0.0          3 b 0     5 w 0
"""


def test_from_trf_text_same_as_model():
    from swisschess.formats.trf import parse_trf

    res = parse_trf(C5_TRF)
    assert res.ok
    a = explain_round(res.tournament).to_dict()
    b = explain_round(c5_example()).to_dict()
    for x in (a, b):
        for br in x["brackets"]:
            for p in br["players"]:
                p["name"] = ""
    assert a == b


def test_reference_limbo():
    from swisschess.formats.trf import read_trf

    e = explain_round(read_trf(str(REFERENCE / "104.trf")).tournament, 5)
    limbo = [(b, f) for b in e.brackets for f in b.floaters if f.role == "MDP"]
    assert limbo
    assert all(f.id in b.limbo for b, f in limbo)
    assert any("only 1 resident for 3 MDPs" in f.reason for _, f in limbo)
    assert any("[C1]" in f.reason for _, f in limbo)
