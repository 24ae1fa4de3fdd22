# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""Kill the server (SIGKILL) in the middle of result entry; nothing acknowledged is lost.

Starts ``swisschess serve`` as a subprocess on a free loopback port, enters results
through the API from a client thread, kills the server while requests are flowing,
restarts it on the same database and checks that every acknowledged result is
there, that the log has no gap and rebuilds cleanly, and that every board is
either complete (both players' entries) or untouched.
"""

from __future__ import annotations

import signal
import threading
import time

import httpx
import pytest
from storehelp import free_port, kill_server, pg_server, start_server, store_url  # noqa: F401

from swisschess.store.service import TournamentService

TOKEN = "crash-test"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
PLAYERS = 80

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def test_sigkill_during_result_entry(store_url):
    """On SQLite (WAL, synchronous=FULL), then on a real PostgreSQL server."""
    db = store_url
    port = free_port()
    base = f"http://127.0.0.1:{port}/api"
    proc = start_server(db, port, TOKEN)
    try:
        c = httpx.Client(base_url=base, headers=AUTH, timeout=10)
        tid = c.post("/tournaments", json={"name": "Crash Open", "rounds": 5}).json()["id"]
        r = c.post(f"/tournaments/{tid}/players/bulk",
                   json=[{"name": f"Player {i:02d}", "rating": 2500 - 9 * i}
                         for i in range(1, PLAYERS + 1)])
        assert r.status_code == 201
        half = PLAYERS // 2
        boards = [[i, i + half] if i % 2 else [i + half, i] for i in range(1, half + 1)]
        r = c.put(f"/tournaments/{tid}/rounds/1/pairing",
                  json={"boards": boards, "reason": "crash test"})
        assert r.status_code == 200
        results = ["1-0", "0-1", "1/2", "+-", "-+"]
        acked: dict[int, str] = {}
        sent: list[int] = []
        stop = threading.Event()

        def enter() -> None:
            with httpx.Client(base_url=base, headers=AUTH, timeout=10) as cl:
                for board in range(1, half + 1):
                    if stop.is_set():
                        return
                    res = results[board % len(results)]
                    sent.append(board)
                    try:
                        r = cl.post(f"/tournaments/{tid}/rounds/1/results",
                                    json={"board": board, "result": res})
                    except httpx.HTTPError:
                        return  # the server is gone
                    if r.status_code == 200:
                        acked[board] = res

        th = threading.Thread(target=enter)
        th.start()
        deadline = time.monotonic() + 60
        while len(acked) < 6 and time.monotonic() < deadline and th.is_alive():
            time.sleep(0.005)
        kill_server(proc)  # in the middle of the stream
        stop.set()
        th.join(30)
        assert 6 <= len(acked) < half, "the kill should land mid-stream"
        c.close()

        # restart on the same database: every acknowledged result is there
        proc = start_server(db, port, TOKEN)
        c = httpx.Client(base_url=base, headers=AUTH, timeout=10)
        rnd = c.get(f"/tournaments/{tid}/rounds/1").json()
        got = {b["board"]: b["result"] for b in rnd["boards"]}
        for board, res in acked.items():
            assert got[board] == res, f"acknowledged result of board {board} lost"
        # nothing beyond what was sent, nothing invented
        for board, res in got.items():
            if res is not None:
                assert board in sent and res == results[board % len(results)]
        # the server takes results again after the crash
        free = next(b for b, res in got.items() if res is None)
        r = c.post(f"/tournaments/{tid}/rounds/1/results", json={"board": free, "result": "1-0"})
        assert r.status_code == 200
        c.close()
    finally:
        kill_server(proc)

    # the log has no gap and rebuilds; every board is whole (both entries agree)
    svc = TournamentService(db)
    try:
        log = svc.log(tid)
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        t = svc.tournament(tid)
        for w, b in svc.state(tid).boards[1]:
            ew, eb = t.players[w].entry(1), t.players[b].entry(1)
            assert ew.opponent == b and eb.opponent == w
            assert (ew.code == "*") == (eb.code == "*")
        assert len(svc.pending(tid)) == half - len([r for r in got.values() if r]) - 1
    finally:
        svc.close()
