"""Round robin from the Berger tables (FIDE C.05 Annex 1).

Expected tables (tests/data/berger): ``handbook-tables.txt``, the handbook's
tables for 3/4-13/14 players transcribed from two public copies;
``gacrux-tables.txt``, gacrux's tables for 3-16 players (tools/compare_berger.py).
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from swisschess.cli.main import main
from swisschess.formats.trf import parse_trf, write_trf
from swisschess.model.rounds import add_pairing, set_result
from swisschess.model.tournament import Player, Tournament
from swisschess.pairing import registry
from swisschess.pairing.result import InputError
from swisschess.rules.roundrobin import (
    MAX_PLAYERS as MAX_RR_PLAYERS,
)
from swisschess.rules.roundrobin import (
    TooManyPlayers,
    berger_round,
    berger_table,
    format_table,
    pair_round_robin,
    schedule,
    schedule_round,
    table_rounds,
)

DATA = Path(__file__).parent / "data" / "berger"


def read_tables(name: str) -> dict[int, list[list[tuple[int, int]]]]:
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    current: list[list[tuple[int, int]]] = []
    for line in (DATA / name).read_text().splitlines():
        if line.startswith("## "):
            current = tables.setdefault(int(line[3:]), [])
        elif line and not line.startswith("#"):
            r, *boards = line.split()
            assert int(r) == len(current) + 1
            current.append([(int(w), int(b)) for w, b in (x.split("-") for x in boards)])
    return tables


HANDBOOK = read_tables("handbook-tables.txt")
GACRUX = read_tables("gacrux-tables.txt")


@pytest.mark.parametrize("n", range(3, 15))
def test_equal_to_the_handbook(n):
    assert berger_table(n) == HANDBOOK[n + n % 2]


@pytest.mark.parametrize("n", range(3, 17))
def test_equal_to_gacrux(n):
    assert berger_table(n) == GACRUX[n + n % 2]


@pytest.mark.parametrize("n", range(2, 21))
@pytest.mark.parametrize("double", [False, True])
def test_every_pair_meets_once_per_cycle_and_colours_alternate(n, double):
    rounds = schedule(n, double)
    m = n + n % 2
    assert len(rounds) == (m - 1) * (2 if double else 1)
    seen: dict[frozenset[int], list[tuple[int, int]]] = {}
    colours: dict[int, str] = {p: "" for p in range(1, m + 1)}
    for rnd in rounds:
        players = [p for board in rnd for p in board]
        assert sorted(players) == list(range(1, m + 1))
        for w, b in rnd:
            seen.setdefault(frozenset((w, b)), []).append((w, b))
            colours[w] += "W"
            colours[b] += "B"
    assert set(seen) == {frozenset(c) for c in combinations(range(1, m + 1), 2)}
    for games in seen.values():
        assert len(games) == (2 if double else 1)
        if double:  # once with each colour
            assert games[0] == (games[1][1], games[1][0])
    for seq in colours.values():
        # colour balance: at most one game more with one colour per cycle
        assert abs(seq.count("W") - seq.count("B")) <= (0 if double else 1)
        # never three games in a row with the same colour (the reason for
        # reversing the last two rounds of the first cycle)
        assert "WWW" not in seq and "BBB" not in seq


def test_double_reverses_the_last_two_rounds_of_the_first_cycle():
    t6 = berger_table(6)
    d = schedule(6, double=True)
    assert d[:3] == t6[:3] and d[3] == t6[4] and d[4] == t6[3]
    assert d[5] == [(b, w) for w, b in t6[0]]


def _tournament(n: int, rounds: int, code: str = "FIDE_ROUNDROBIN") -> Tournament:
    t = Tournament(name="RR", rounds=rounds, system=code)
    for i in range(1, n + 1):
        t.players[i] = Player(id=i, name=f"P{i}", rating=2400 - i)
    return t


@pytest.mark.parametrize("n, rounds", [(5, 5), (6, 5), (5, 10), (4, 6)])
def test_pair_round_robin_follows_the_table(n, rounds):
    t = _tournament(n, rounds)
    expected = schedule(n, double=rounds > n + n % 2 - 1)
    for r in range(1, rounds + 1):
        p = pair_round_robin(t)
        assert p.round == r and p.bye is None
        assert p.boards == [(w, b) for w, b in expected[r - 1] if max(w, b) <= n]
        rest = [x for w, b in expected[r - 1] for x in (w, b) if max(w, b) > n and x <= n]
        assert p.unpaired == [(x, "Z") for x in rest]  # TRF-2026: rest round = Z
        add_pairing(t, p)
        for w, b in p.boards:
            set_result(t, r, w, b, "1-0")
        assert t.players[rest[0]].entry(r).code == "Z" if rest else True
    with pytest.raises(InputError, match="are paired"):
        pair_round_robin(t)
    # rest rounds score nothing
    assert all(t.score(p) <= t.points.win * (n - 1) * (rounds // (n + n % 2 - 1))
               for p in t.players)


def test_round_robin_needs_berger_numbers():
    t = _tournament(4, 3)
    del t.players[2]
    with pytest.raises(InputError, match="numbered 1 to 3"):
        pair_round_robin(t)


@pytest.mark.parametrize("code, kind", [
    ("FIDE_ROUNDROBIN", "single"), ("BERGER_ROUNDROBIN", "single"),
    ("FIDE_DOUBLEROUNDROBIN", "double"), ("BERGER_DOUBLEROUNDROBIN", "double"),
    ("FIDE_TEAM_ROUNDROBIN", None), ("FIDE_DUTCH", None), ("", None),
])
def test_192_codes(code, kind):
    assert registry.round_robin_from_code(code) == kind
    if kind:
        assert registry.system_from_code(code) is None  # never taken for a Swiss


# --------------------------------------------------------------- command line
def test_engine_prints_a_table(capsys):
    assert main(["engine", "--round-robin", "--players", "8"]) == 0
    out = capsys.readouterr().out
    assert "Round  2:  8-5  6-4  7-3  1-2" in out
    assert main(["engine", "--round-robin", "--players", "3", "--double"]) == 0
    out = capsys.readouterr().out
    assert "number 4 is the bye" in out and "Round  6:" in out
    assert main(["engine", "--round-robin", "--players", "1"]) == 3
    assert main(["engine", "--round-robin", "--dutch", "--players", "4"]) == 3
    capsys.readouterr()
    assert format_table(4).count("\n") == 4


def test_engine_pairs_and_checks_from_the_192_code(tmp_path, capsys):
    t = _tournament(5, 5)
    for r in range(1, 4):
        p = pair_round_robin(t)
        add_pairing(t, p)
        for w, b in p.boards:
            set_result(t, r, w, b, "1/2")
    path = tmp_path / "rr.trf"
    path.write_text(write_trf(t))
    assert parse_trf(path.read_text()).tournament.system == "FIDE_ROUNDROBIN"
    assert main(["engine", str(path), "-c"]) == 0
    assert main(["engine", str(path), "-p"]) == 0
    out = capsys.readouterr().out.splitlines()
    nxt = schedule(5)[3]
    games = [(w, b) for w, b in nxt if max(w, b) <= 5]
    assert out[-len(games) - 1:] == [str(len(games))] + [f"{w} {b}" for w, b in games]
    # a Swiss system named on the command line wins over the file
    assert main(["engine", "--dutch", str(path), "-p"]) == 0
    capsys.readouterr()


# --------------------------------------------------------------- the manager
def test_manager_round_robin(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'm.db'}"
    assert main(["new", "Club RR", "-r", "5", "--round-robin", "--db", db]) == 0
    for i in range(1, 6):
        assert main(["add-player", f"R{i}, X", "--rating", str(2500 - 20 * i), "--db", db]) == 0
    for _ in range(3):
        assert main(["next-round", "--db", db]) == 0
        for board in (1, 2):
            assert main(["result", str(board), "1-0", "--db", db]) == 0
    out = tmp_path / "rr.trf"
    assert main(["export", "-o", str(out), "--db", db]) == 0
    assert main(["new", "Bad", "-r", "5", "--round-robin", "--baku", "--db", db]) == 3
    capsys.readouterr()
    t = parse_trf(out.read_text()).tournament
    assert t.system == "FIDE_ROUNDROBIN"
    for r, rnd in enumerate(schedule(5)[:3], 1):
        for w, b in rnd:
            if max(w, b) <= 5:
                assert t.players[w].entry(r).opponent == b
            else:
                assert t.players[min(w, b)].entry(r).code == "Z"


def test_baku_and_round_robin_exclude_each_other(tmp_path, capsys):
    path = tmp_path / "rr.trf"
    path.write_text(write_trf(_tournament(4, 3)))
    assert main(["engine", "--baku", str(path), "-p"]) == 3
    assert "not to a round robin" in capsys.readouterr().err


# ------------------------------------------- one round computed directly (issue 26)
def reference_berger_table(players: int) -> list[list[tuple[int, int]]]:
    """The table builder the module had before (issue 26): every round built from
    the previous one, as the handbook describes it -- kept here as the reference."""
    m = players + players % 2
    rnd = [(b, m + 1 - b) for b in range(1, m // 2 + 1)]
    table = [rnd]
    m_white = False
    for _ in range(2, m):
        order = [p for w, b in rnd for p in (w, b) if p != m]
        last = order.pop()
        boards = [(last, m) if m_white else (m, last)]
        m_white = not m_white
        while order:
            black = order.pop()
            white = order.pop()
            boards.append((white, black))
        rnd = boards
        table.append(rnd)
    return table


def reference_schedule(players: int, double: bool) -> list[list[tuple[int, int]]]:
    table = reference_berger_table(players)
    if not double:
        return table
    first = list(table)
    if len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    return first + [[(b, w) for w, b in rnd] for rnd in table]


@pytest.mark.parametrize("n", range(2, 41))
@pytest.mark.parametrize("double", [False, True])
def test_one_round_computed_directly_equals_the_built_table(n, double):
    expected = reference_schedule(n, double)
    assert len(expected) == table_rounds(n, double)
    for r, rnd in enumerate(expected, 1):
        assert schedule_round(n, r, double) == rnd, (n, double, r)
    assert schedule(n, double) == expected
    if not double:
        assert berger_table(n) == expected
    with pytest.raises(ValueError):  # a caller's mistake: pair_round_robin checks first
        schedule_round(n, len(expected) + 1, double)


def test_a_round_of_a_large_table_costs_one_round():
    # round 5,000 of a 9,999-player table: computed alone (the whole table would
    # be 50 million boards); every player once
    rnd = berger_round(9999, 5000)
    assert len(rnd) == 5000
    assert sorted(p for board in rnd for p in board) == list(range(1, 10001))


def test_too_many_players_for_a_round_robin_are_refused():
    t = _tournament(MAX_RR_PLAYERS + 1, 3)
    with pytest.raises(TooManyPlayers, match=f"at most {MAX_RR_PLAYERS} players"):
        pair_round_robin(t)
    assert pair_round_robin(_tournament(MAX_RR_PLAYERS, 3)).boards[0] == (1, MAX_RR_PLAYERS)
    assert main(["engine", "--round-robin", "--players", str(MAX_RR_PLAYERS + 1)]) == 4
