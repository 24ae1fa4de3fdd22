# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""Undo and late corrections never lose or change what the arbiter entered
(issue 24: bye requests for later rounds survived no undo; corrections were silent)."""

from __future__ import annotations

import pytest
from storehelp import fold_pairing, make_players, pg_server, store_url  # noqa: F401

from swisschess.model.history import to_be_paired
from swisschess.store.service import TournamentService


@pytest.fixture
def svc(store_url):
    s = TournamentService(store_url, actor="test")
    yield s
    s.close()


def _pair(svc: TournamentService, tid: int) -> int:
    """Pair the next round by hand (no engine needed): top half against bottom half."""
    s = svc.state(tid)
    rnd = s.current_round + 1
    ids = to_be_paired(s.t, rnd)
    bye = ids.pop() if len(ids) % 2 else None
    svc.set_pairing(tid, rnd, fold_pairing(ids), bye=bye, reason="test pairing")
    return rnd


def _play(svc: TournamentService, tid: int, rnd: int) -> None:
    for b in svc.boards(tid, rnd):
        svc.enter_result(tid, rnd, b.board, "1-0")


def test_undo_keeps_bye_requests_for_later_rounds(svc, store_url):
    tid = svc.create_tournament("Undo Open", rounds=5)
    make_players(svc, tid, 10)
    svc.renumber(tid)
    svc.request_bye(tid, 4, 4, "H")
    svc.request_bye(tid, 6, 5, "Z")
    for _ in (1, 2):
        _play(svc, tid, _pair(svc, tid))
    _pair(svc, tid)
    svc.enter_result(tid, 3, 1, "1/2")
    before = svc.state(tid).t.bye_requests
    assert svc.undo_last_round(tid) == 3
    # the requests for rounds 4 and 5 are still there, here and rebuilt from the log
    for t in (svc.tournament(tid), TournamentService(store_url).tournament(tid)):
        assert sorted((b.round, b.ids, b.code) for b in t.bye_requests) == \
            [(4, (4,), "H"), (5, (6,), "Z")]
    assert svc.state(tid).t.bye_requests == before
    # pair round 3 again, then round 4: player 4 is not paired and gets his half point
    _play(svc, tid, _pair(svc, tid))
    assert 4 in to_be_paired(svc.tournament(tid), 3)
    assert 4 not in to_be_paired(svc.tournament(tid), 4)
    _play(svc, tid, _pair(svc, tid))
    assert svc.tournament(tid).players[4].entry(4).code == "H"
    assert 6 not in to_be_paired(svc.tournament(tid), 5)


def test_edit_pairing_keeps_bye_requests_for_later_rounds(svc):
    tid = svc.create_tournament("Edit Open", rounds=4)
    make_players(svc, tid, 8)
    svc.renumber(tid)
    svc.request_bye(tid, 2, 3, "H")
    _pair(svc, tid)
    ids = sorted(svc.tournament(tid).players)
    svc.set_pairing(tid, 1, [(ids[0], ids[7]), (ids[6], ids[1]), (ids[2], ids[5]),
                             (ids[4], ids[3])], reason="families apart")
    assert [(b.round, b.ids) for b in svc.tournament(tid).bye_requests] == [(3, (2,))]


def test_undo_restores_a_reinstated_player(svc):
    """Withdrawn when round 2 was paired, reinstated, round 2 undone: he is paired again."""
    tid = svc.create_tournament("Back Open", rounds=4)
    make_players(svc, tid, 8)
    svc.renumber(tid)
    _play(svc, tid, _pair(svc, tid))
    svc.withdraw(tid, 8)
    _pair(svc, tid)
    assert svc.tournament(tid).players[8].entry(2).code == "Z"
    svc.reinstate(tid, 8)
    svc.undo_last_round(tid)
    t = svc.tournament(tid)
    assert t.players[8].entry(2) is None and 8 in to_be_paired(t, 2)


def test_undo_of_round_1_lets_a_late_entry_find_its_pairing_number(svc):
    """Pairing numbers are assigned by rating when round 1 is paired (C.04.2): after
    round 1 is undone, a player registered then is numbered by rating, and the bye
    requests follow their players."""
    tid = svc.create_tournament("Seed Open", rounds=3)
    make_players(svc, tid, 6)
    svc.renumber(tid)
    svc.request_bye(tid, 6, 2, "H")
    _pair(svc, tid)
    svc.undo_last_round(tid)
    svc.add_player(tid, name="Strong, Late", rating=2600)
    assert not svc.state(tid).seeded
    svc.pair_next_round(tid)  # renumbers first, as before round 1 was ever paired
    t = svc.tournament(tid)
    assert t.players[1].name == "Strong, Late"
    assert [(b.round, b.ids) for b in t.bye_requests] == [(2, (7,))]
    assert t.players[7].name == "Player 06"


def test_settings_stored_before_the_round_one_freeze_still_load(tmp_path):
    """A log written before settings froze at round 1 (a system changed after
    round 1, a thousand rounds) is replayed as it was; the same change made now
    is refused.  Nothing already stored may become unreadable."""
    import json

    from sqlalchemy import insert

    from swisschess.store.events import Conflict
    from swisschess.store.models import EventRow, TournamentRow, utcnow
    from swisschess.store.service import TournamentService

    path = str(tmp_path / "old.db")
    svc = TournamentService(path)
    tid = svc.create_tournament("Open", 5)
    for i in range(1, 7):
        svc.add_player(tid, name=f"Player {i}", rating=2000 - 10 * i)
    svc.pair_next_round(tid)
    head = svc.state(tid).seq
    old = [("settings", {"system": "dutch", "edition": "2017"}),
           ("settings", {"rounds": 1000})]
    with svc.engine.begin() as conn:
        conn.execute(insert(EventRow), [
            {"tournament_id": tid, "seq": head + i, "kind": k, "payload": json.dumps(p),
             "actor": "old", "created_at": utcnow()} for i, (k, p) in enumerate(old, 1)])
        conn.execute(TournamentRow.__table__.update().values(head=head + len(old)))
    svc.close()
    svc = TournamentService(path)
    s = svc.state(tid)
    assert (s.edition, s.t.rounds, s.current_round) == ("2017", 1000, 1)
    with pytest.raises(Conflict, match="cannot change once round 1 is paired"):
        svc.update_settings(tid, edition="2026")
    svc.close()
