# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""Several web workers on one PostgreSQL (issue 15 part 3).

``swisschess serve --workers 4`` on a real PostgreSQL server (started by the
``pg_server`` fixture with initdb / pg_ctl in a temporary directory); 8
clients enter results at the same time:

1. every client tries every board of a 24-board round (8 tries per board):
   exactly one is acknowledged (200) per board, every other try is answered
   409 with the result stored; the log holds each acknowledged result once;
2. the clients correct results with the version they read (``expected_version``):
   each acknowledged correction is in the log exactly once, at the version its
   answer named; every refused one is a 409 carrying the current state.

Skipped when the PostgreSQL binaries are missing (``apt-get install
postgresql``) — or set ``SWISSCHESS_TEST_PG_URL`` to an existing server.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections import Counter

import httpx
import pytest
from storehelp import (  # noqa: F401
    fold_pairing,
    free_port,
    kill_server,
    make_players,
    pg_database,
    pg_server,
    spawn_server,
    wait_server,
)

from swisschess.store.service import TournamentService

TOKEN = "workers-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
WORKERS, CLIENTS, PLAYERS = 4, 8, 48
RESULTS = ("1-0", "0-1", "1/2")


def worker_pids(parent: int) -> list[int]:
    """Process ids whose parent is ``parent`` (uvicorn's worker processes)."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                out.append(int(d))
    return out


def run_clients(n: int, work) -> list:
    """Run ``work(client_no, http)`` in ``n`` threads released together; their answers."""
    out: list = []
    lock = threading.Lock()
    start = threading.Barrier(n)

    def one(k: int) -> None:
        # a new connection per request: the kernel spreads them over the workers
        with httpx.Client(timeout=60, headers=AUTH,
                          limits=httpx.Limits(max_keepalive_connections=0)) as http:
            start.wait()
            got = work(k, http)
        with lock:
            out.extend(got)

    threads = [threading.Thread(target=one, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return out


@pytest.fixture
def pg_url(pg_server):
    return pg_database(pg_server)


def test_four_workers_eight_clients_no_lost_update(pg_url, tmp_path):
    t0 = time.monotonic()
    svc = TournamentService(pg_url, actor="setup")  # creates the schema
    port = free_port()
    # the workers start while the tournament is set up
    proc = spawn_server(pg_url, port, TOKEN, extra=("--workers", str(WORKERS)))
    try:
        tid = svc.create_tournament("Workers Open", 5)
        make_players(svc, tid, PLAYERS)
        svc.set_pairing(tid, 1, fold_pairing(list(range(1, PLAYERS + 1))), None, "test")
        boards = len(svc.boards(tid, 1))
        assert boards == PLAYERS // 2
        base_events = svc.count_events()
        wait_server(proc, port)
    except BaseException:
        kill_server(proc)
        raise
    url = f"http://127.0.0.1:{port}/api/tournaments/{tid}/rounds/1/results"
    try:
        assert len(worker_pids(proc.pid)) >= WORKERS
        started = time.monotonic() - t0

        # ---- phase 1: everybody enters every board --------------------------
        def enter_all(k: int, http: httpx.Client):
            order = list(range(1, boards + 1))
            random.Random(k).shuffle(order)
            got = []
            for b in order:
                res = RESULTS[(k + b) % 3]
                r = http.post(url, json={"board": b, "result": res})
                got.append((k, b, res, r.status_code, r.json()))
            return got

        t1 = time.monotonic()
        answers = run_clients(CLIENTS, enter_all)
        phase1 = time.monotonic() - t1
        assert len(answers) == CLIENTS * boards
        statuses = Counter(a[3] for a in answers)
        assert set(statuses) <= {200, 409}, statuses
        acked = {b: (res, body) for _k, b, res, st, body in answers if st == 200}
        per_board = Counter(b for _k, b, _r, st, _ in answers if st == 200)
        assert per_board == Counter(dict.fromkeys(range(1, boards + 1), 1)), per_board
        for _k, b, _res, st, body in answers:
            if st == 409:  # the conflict shows what is stored: the acknowledged result
                assert "already has the result" in body["detail"]
                assert body["current"]["board"] == b
                assert body["current"]["result"] == acked[b][0]
                assert body["current"]["version"] >= base_events + 1

        check = TournamentService(pg_url, actor="check")
        log = [e for e in check.log(tid) if e.kind == "result"]
        assert len(log) == boards  # each acknowledged result stored exactly once
        stored = {b.board: b.result for b in check.boards(tid, 1)}
        assert stored == {b: res for b, (res, _body) in acked.items()}
        # the version an answer named is the event's place in the log
        by_seq = {e.seq: e.payload for e in log}
        for res, body in acked.values():
            p = by_seq[body["version"]]
            assert p["result"] == res and (p["white"], p["black"]) == \
                (body["white"], body["black"])

        # ---- phase 2: corrections against the version read -------------------
        rnd_url = f"http://127.0.0.1:{port}/api/tournaments/{tid}"

        def correct(k: int, http: httpx.Client):
            rng = random.Random(100 + k)
            got = []
            for _ in range(6):
                version = http.get(rnd_url).json()["version"]
                b = rng.randrange(1, boards + 1)
                res = rng.choice(RESULTS)
                r = http.post(url, json={"board": b, "result": res, "correction": True,
                                         "expected_version": version})
                got.append((k, b, res, r.status_code, r.json(), version))
            return got

        t2 = time.monotonic()
        answers2 = run_clients(CLIENTS, correct)
        phase2 = time.monotonic() - t2
        statuses2 = Counter(a[3] for a in answers2)
        assert set(statuses2) <= {200, 409}, statuses2
        ok2 = [(body["version"], b, res) for _k, b, res, st, body, _v in answers2 if st == 200]
        assert ok2, "no correction went through"
        for _k, b, _res, st, body, version in answers2:
            if st == 409:
                cur = body["current"]
                assert cur["board"] == b and cur["version"] >= version
                if "changed meanwhile" not in body["detail"]:
                    assert "already has the result" in body["detail"]
        fixes = [e for e in check.log(tid) if e.kind == "result" and e.payload["correction"]]
        assert sorted(ok2) == sorted(
            (e.seq, check.state(tid).boards[1].index((e.payload["white"],
                                                      e.payload["black"])) + 1,
             e.payload["result"]) for e in fixes)
        assert check.count_events() == base_events + boards + len(ok2)
        check.close()
    finally:
        kill_server(proc)
        svc.close()
    print(f"\nworkers test: start {started:.1f} s; phase 1 {len(answers)} requests in "
          f"{phase1:.2f} s ({statuses[200]} acknowledged, {statuses[409]} × 409); phase 2 "
          f"{len(answers2)} corrections in {phase2:.2f} s ({statuses2[200]} acknowledged, "
          f"{statuses2[409]} × 409); total {time.monotonic() - t0:.1f} s")
