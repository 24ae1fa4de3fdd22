# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""The store: event log, rebuilt state, validation, TRF export/import (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from storehelp import fold_pairing, make_players, pg_server, store_url  # noqa: F401

from swisschess.formats.trf import parse_trf
from swisschess.model.history import to_be_paired
from swisschess.store.service import Conflict, NotFound, StoreError, TournamentService


@pytest.fixture
def svc(store_url):
    s = TournamentService(store_url, actor="test")
    yield s
    s.close()


def _round(svc: TournamentService, tid: int, rnd: int) -> None:
    t = svc.tournament(tid)
    ids = to_be_paired(t, rnd)
    bye = ids.pop() if len(ids) % 2 else None
    svc.set_pairing(tid, rnd, fold_pairing(ids), bye=bye, reason="test pairing")


def test_create_register_renumber_and_rebuild(svc, store_url):
    tid = svc.create_tournament("Spring Open", rounds=5, city="Bern", chief_arbiter="A. Arbiter")
    svc.add_player(tid, name="Low, Rated", rating=1500)
    svc.add_player(tid, name="High, Rated", rating=2500, title="IM")
    svc.add_player(tid, name="Mid, Rated", rating=2000)
    svc.renumber(tid)
    t = svc.tournament(tid)
    assert [t.players[i].name for i in (1, 2, 3)] == ["High, Rated", "Mid, Rated", "Low, Rated"]
    assert t.city == "Bern" and t.rounds == 5
    # a second service (another process) rebuilds the same state from the log
    other = TournamentService(store_url)
    t2 = other.tournament(tid)
    assert [p.name for p in t2.sorted_players()] == [p.name for p in t.sorted_players()]
    assert [e.kind for e in other.log(tid)] == ["create", "register", "register", "register",
                                                "renumber"]
    other.close()


def test_several_tournaments_in_one_database(svc):
    a = svc.create_tournament("A", rounds=3)
    b = svc.create_tournament("B", rounds=3)
    svc.add_player(a, name="Only in A")
    assert len(svc.tournament(a).players) == 1 and not svc.tournament(b).players
    assert svc.resolve_tournament() == b
    assert svc.resolve_tournament("A") == a
    with pytest.raises(NotFound):
        svc.resolve_tournament("C")


def test_results_validation_and_nothing_changes_on_error(svc):
    tid = svc.create_tournament("Club", rounds=3)
    make_players(svc, tid, 6)
    _round(svc, tid, 1)
    v = svc.version(tid)
    svc.enter_result(tid, 1, 1, "1-0")
    with pytest.raises(Conflict, match="already has the result 1-0"):
        svc.enter_result(tid, 1, 1, "0-1")
    with pytest.raises(NotFound, match="no board 9"):
        svc.enter_result(tid, 1, 9, "1-0")
    with pytest.raises(NotFound, match="round 2 has not been paired"):
        svc.enter_result(tid, 2, 1, "1-0")
    with pytest.raises(StoreError, match="unknown result"):
        svc.enter_result(tid, 1, 2, "2-0")
    with pytest.raises(Conflict, match="without a result"):
        _round(svc, tid, 2)
    assert svc.version(tid) == v + 1
    svc.enter_result(tid, 1, 1, "1/2", correction=True)
    assert svc.boards(tid, 1)[0].result == "1/2"
    with pytest.raises(NotFound, match="unknown player"):
        svc.withdraw(tid, 99)


def test_whole_tournament_byes_withdrawal_undo_export(svc):
    tid = svc.create_tournament("Weekend Swiss", rounds=3, start_date="2026/05/01")
    make_players(svc, tid, 7)
    svc.renumber(tid)
    svc.request_bye(tid, 3, 2, "H")
    with pytest.raises(Conflict, match="already has a bye"):
        svc.request_bye(tid, 3, 2, "Z")
    for rnd in (1, 2, 3):
        _round(svc, tid, rnd)
        for b in svc.boards(tid, rnd):
            svc.enter_result(tid, rnd, b.board, ["1-0", "0-1", "1/2"][b.board % 3])
        if rnd == 1:
            svc.withdraw(tid, 7)
    t = svc.tournament(tid)
    assert t.players[3].entry(2).code == "H"
    assert all(p.entry(3) is None or p.entry(3).code == "Z" for p in [t.players[7]])
    with pytest.raises(Conflict, match="all 3 rounds"):
        _round(svc, tid, 4)
    # undo the last round: pairing and results disappear, earlier rounds stay
    assert svc.undo_last_round(tid) == 3
    assert svc.state(tid).current_round == 2 and svc.pending(tid) == []
    _round(svc, tid, 3)
    assert len(svc.pending(tid)) == 3
    for b in svc.boards(tid, 3):
        svc.enter_result(tid, 3, b.board, "1-0")
    trf = svc.export_trf(tid)
    assert "### round 1: pairing edited by the arbiter: test pairing" in trf
    back = parse_trf(trf).tournament
    assert len(back.players) == 7
    for pid in svc.tournament(tid).players:
        assert back.score(pid) == svc.tournament(tid).score(pid)
    # import the export as a new tournament: same results, manual notes recovered
    tid2 = svc.import_trf(trf, name="Copy")
    s2 = svc.state(tid2)
    assert s2.current_round == 3
    assert s2.manual[1] == ["test pairing"]
    assert [p.id for p in s2.t.players.values() if p.withdrawn] == [7]
    # the name given on import wins over the file's 012
    assert s2.t.name == "Copy"
    old_name = svc.tournament(tid).name
    assert svc.export_trf(tid2) == trf.replace(f"012 {old_name}", "012 Copy", 1)
    assert svc.standings(tid2).rows[0].points == svc.standings(tid).rows[0].points


def test_manual_edit_keeps_results_and_needs_reason(svc):
    tid = svc.create_tournament("Edit", rounds=2)
    make_players(svc, tid, 8)
    _round(svc, tid, 1)
    boards = [(b.white.id, b.black.id) for b in svc.boards(tid, 1)]
    svc.enter_result(tid, 1, 1, "1-0")
    swapped = [boards[0], (boards[1][0], boards[2][1]), (boards[2][0], boards[1][1]), boards[3]]
    with pytest.raises(StoreError, match="needs a reason"):
        svc.set_pairing(tid, 1, swapped)
    with pytest.raises(StoreError, match="not paired in round 1"):
        svc.set_pairing(tid, 1, swapped[:3], reason="x")
    with pytest.raises(Conflict, match="already have a result"):
        svc.set_pairing(tid, 1, swapped[1:] + [(boards[0][1], boards[0][0])], reason="x")
    svc.set_pairing(tid, 1, swapped, reason="players 3 and 6 are brothers")
    assert svc.boards(tid, 1)[0].result == "1-0"
    assert svc.boards(tid, 1)[1].black.id == boards[2][1]
    assert "brothers" in svc.export_trf(tid)


def test_late_registration_and_bye_rules(svc):
    tid = svc.create_tournament("Late", rounds=4)
    make_players(svc, tid, 4)
    _round(svc, tid, 1)
    for b in svc.boards(tid, 1):
        svc.enter_result(tid, 1, b.board, "1-0")
    late = svc.add_player(tid, name="Late, Comer", rating=1800)
    assert late.id == 5 and svc.tournament(tid).players[5].entry(1).blank
    with pytest.raises(Conflict, match="already paired"):
        svc.request_bye(tid, 1, 1)
    svc.request_bye(tid, 2, 2, "Z")
    assert 2 not in to_be_paired(svc.tournament(tid), 2)
    svc.cancel_bye(tid, 2, 2)
    assert 2 in to_be_paired(svc.tournament(tid), 2)
    with pytest.raises(StoreError, match="longer than 33"):
        svc.add_player(tid, name="X" * 40)
    with pytest.raises(StoreError, match="nothing imported"):
        svc.add_players(tid, [{"name": "Good"}, {"name": ""}])
    assert len(svc.tournament(tid).players) == 5


def test_log_is_append_only_and_cache_follows_other_writers(svc, store_url):
    tid = svc.create_tournament("Two writers", rounds=2)
    other = TournamentService(store_url, actor="other")
    other.add_player(tid, name="Via other")
    assert [p.name for p in svc.tournament(tid).players.values()] == ["Via other"]
    with svc.engine.connect() as c:
        seqs = [r[0] for r in c.execute(text("SELECT seq FROM event WHERE tournament_id = :t "
                                             "ORDER BY seq"), {"t": tid})]
    assert seqs == [1, 2]
    other.close()


def test_result_spellings():
    from swisschess.store.service import normalise_result

    assert normalise_result("½-½") == "1/2"
    assert normalise_result("1:0") == "1-0"
    assert normalise_result("+/-") == "+-"
    with pytest.raises(StoreError):
        normalise_result("3-0")


def test_engine_pairs_a_small_tournament(svc):
    tid = svc.create_tournament("Engine", rounds=3)
    make_players(svc, tid, 9)
    preview = svc.preview_pairing(tid)
    assert svc.state(tid).current_round == 0  # preview stores nothing
    spec = svc.pair_next_round(tid, expected_version=svc.version(tid))
    assert spec.boards == preview.boards and spec.bye is not None
    assert svc.state(tid).seeded
    for rnd in (1, 2, 3):
        if rnd > 1:
            svc.pair_next_round(tid)
        for b in svc.boards(tid, rnd):
            svc.enter_result(tid, rnd, b.board, "1-0" if b.board % 2 else "1/2")
    assert svc.state(tid).current_round == 3


def test_concurrent_writers_never_interleave(svc, store_url):
    import threading

    tid = svc.create_tournament("Busy", rounds=3)
    other = TournamentService(store_url, actor="other")
    errors: list[Exception] = []

    def register(s: TournamentService, prefix: str) -> None:
        try:
            for i in range(15):
                s.add_player(tid, name=f"{prefix} {i}")
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=register, args=(s, p))
               for s, p in ((svc, "A"), (other, "B"), (svc, "C"))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    fresh = TournamentService(store_url)
    t = fresh.tournament(tid)
    assert sorted(t.players) == list(range(1, 46))
    assert len({p.name for p in t.players.values()}) == 45
    assert [e.seq for e in fresh.log(tid)] == list(range(1, 47))
    fresh.close()
    other.close()
