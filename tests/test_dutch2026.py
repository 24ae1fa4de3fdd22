"""The Dutch system, 2026 edition: worked cases, properties and reference replays."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

from enginehelp import ROOT, player_count, reference_files, trf_line

from swisschess.checking import check_rounds
from swisschess.formats.trf import parse_trf, read_trf
from swisschess.model.history import to_be_paired
from swisschess.pairing.api import pair_round


def pairs_of(text: str) -> tuple[set[tuple[int, int]], int | None]:
    p = pair_round(parse_trf(text).tournament)
    return set(p.boards), p.bye


def test_c5_pab_goes_to_the_lowest_score():
    # After two rounds: 1 and 3 on 2 points, 2 and 5 on 1 (they have met),
    # 6 and 4 on 0, 4 absent in round 3.  Pairing 1-3 on top would leave 2 and
    # 5 to float together and a 1-point player would get the bye; [C5] wants
    # the PAB on the 0-point player, so the top bracket is broken up.
    text = "\n".join([
        "012 C5",
        trf_line(1, 2720, "2.0", "   4 w 1", "   2 b 1"),
        trf_line(2, 2701, "1.0", "   5 b 1", "   1 w 0"),
        trf_line(3, 2697, "2.0", "   6 w 1", "   4 b 1"),
        trf_line(4, 2689, "0.0", "   1 b 0", "   3 w 0", "0000 - Z"),
        trf_line(5, 2673, "1.0", "   2 w 0", "   6 b 1"),
        trf_line(6, 2664, "0.0", "   3 b 0", "   5 w 0"),
        "XXR 3",
    ]) + "\n"
    assert pairs_of(text) == ({(1, 5), (3, 2)}, 6)


def test_c9_pab_goes_to_the_player_with_fewest_unplayed_games():
    # 5 was absent in round 1; among the 0-point players the PAB goes to one
    # who has played (4), not to the lowest-ranked (5).
    text = "\n".join([
        "012 C9",
        trf_line(1, 2720, "1.0", "   3 w 1"),
        trf_line(2, 2701, "1.0", "   4 b 1"),
        trf_line(3, 2697, "0.0", "   1 b 0"),
        trf_line(4, 2689, "0.0", "   2 w 0"),
        trf_line(5, 2673, "0.0", "0000 - Z"),
        "XXR 3",
    ]) + "\n"
    assert pairs_of(text) == ({(2, 1), (3, 5)}, 4)


def test_first_round_top_half_against_bottom_half_alternating_colours():
    text = "\n".join(["012 R1", "XXR 5", "XXC white1"]
                     + [trf_line(i, 2500 - 10 * i, "0.0") for i in range(1, 8)]) + "\n"
    boards, bye = pairs_of(text)
    # Art. 5.2.5: 1 (odd) gets the initial colour White, 2 (even) Black, ...
    assert boards == {(1, 4), (5, 2), (3, 6)}
    assert bye == 7  # seeds F4 / [C5]: the lowest-ranked player


def test_sample_tournament_round_5():
    # The sample shipped in samples/ as paired by a FIDE-endorsed engine.
    text = (ROOT / "samples" / "club-open-24.trf").read_text()
    boards, bye = pairs_of(text)
    assert bye is None
    assert boards == {(2, 5), (1, 4), (11, 8), (3, 19), (9, 7), (13, 6), (16, 10), (20, 12),
                      (14, 18), (24, 15), (22, 21), (23, 17)}


def _check_absolute(t, pairing):
    """[C1] no rematch, [C3], everyone paired but the PAB and the absent."""
    rnd = pairing.round
    ids = set(to_be_paired(t, rnd))
    seen = [x for b in pairing.boards for x in b] + ([pairing.bye] if pairing.bye else [])
    assert sorted(seen) == sorted(ids)
    for w, b in pairing.boards:
        met = {e.opponent for e in t.players[w].results if e.played}
        assert b not in met, f"round {rnd}: {w}-{b} is a rematch"


def _replay(edition: str, max_players: int, max_files: int):
    """Replay the shipped reference files (at most ``max_players``) through the checker."""
    files = [f for f in reference_files(edition) if player_count(f) <= max_players][:max_files]
    assert files, "tests/data/reference is missing"
    rounds = same = 0
    bad = []
    for f in files:
        t = read_trf(f).tournament
        for rc in check_rounds(t, "dutch", edition):
            boards = [b for b in rc.checker if b[1] != 0]
            bye = next((b[0] for b in rc.checker if b[1] == 0), None)
            _check_absolute(rc.before, SimpleNamespace(round=rc.round, boards=boards, bye=bye))
            rounds += 1
            if rc.discrepancy is None:
                same += 1
            else:
                bad.append(f"{f} round {rc.round}")
    return rounds, same, bad


def test_replay_reference_subset_2026():
    """A fast subset of the reference replays: every round identical with colours."""
    rounds, same, bad = _replay("2026", max_players=40, max_files=40)
    assert rounds >= 150
    assert not bad, bad[:5]


def test_engine_command_line(tmp_path):
    out = tmp_path / "out.txt"
    sample = ROOT / "samples" / "club-open-24.trf"
    cmd = [sys.executable, "-m", "swisschess", "engine", "--dutch", str(sample), "-p", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    lines = out.read_text().split()
    assert lines[0] == "12" and len(lines) == 1 + 2 * 12
    # file errors: 5; invalid input: 3; never a traceback
    r = subprocess.run(cmd[:4] + [str(tmp_path / "missing.trf"), "-p"], capture_output=True,
                       text=True)
    assert r.returncode == 5 and "Traceback" not in r.stderr
    bad = tmp_path / "bad.trf"
    bad.write_text("001 xx  broken\n")
    r = subprocess.run(cmd[:4] + [str(bad), "-p"], capture_output=True, text=True)
    assert r.returncode == 3 and "Traceback" not in r.stderr and "bad.trf" in r.stderr


def test_no_valid_pairing_exit_1(tmp_path):
    # Two players who have already met: no legal pairing ([C1]).
    text = "\n".join(["012 X", "XXR 3", trf_line(1, 2000, "1.0", "   2 w 1"),
                      trf_line(2, 1900, "0.0", "   1 b 0")]) + "\n"
    f = tmp_path / "t.trf"
    f.write_text(text)
    r = subprocess.run([sys.executable, "-m", "swisschess", "engine", "--dutch", str(f), "-p"],
                       capture_output=True, text=True)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr


def test_system_named_by_the_file():
    from swisschess.pairing.registry import system_from_code

    assert system_from_code("FIDE_DUTCH_2025") == ("dutch", "2026")
    assert system_from_code("FIDE_DUTCH") == ("dutch", "2026")
    assert system_from_code("FIDE_DUTCH_2017") == ("dutch", "2017")
    assert system_from_code("Individual  Swiss Dutch (Istanbul 2012 rules)") == ("dutch", "2012")
    assert system_from_code("CUSTOM_SWISS_LIM") == ("lim", "1992")
    assert system_from_code("") is None
