# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""Hostile traffic on the web app (issue 26): each finding of the red-team run,
replayed in-process at a small size (the figures are in docs/scaling.md)."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from swisschess.formats.trf import write_trf
from swisschess.model.tournament import Player, Tournament
from swisschess.rules.roundrobin import MAX_PLAYERS as MAX_RR_PLAYERS
from swisschess.web.pairapi import create_pair_app

TEXT = {"Content-Type": "text/plain"}


def trf_of(n: int, code: str = "FIDE_ROUNDROBIN") -> str:
    t = Tournament(name="RR", rounds=3, system=code)
    for i in range(1, n + 1):
        t.players[i] = Player(id=i, name=f"P{i}", rating=2400 - i % 400)
    return write_trf(t)


# ------------------------------------------------ round robin: one round, bounded
def test_a_9999_player_round_robin_is_refused_at_once():
    with TestClient(create_pair_app()) as c:
        t0 = time.perf_counter()
        r = c.post("/api/pair?system=round-robin", content=trf_of(9999), headers=TEXT)
        assert time.perf_counter() - t0 < 10
    assert r.status_code == 413
    assert r.json()["exit_code"] == 4 and "at most" in r.json()["detail"]


def test_the_largest_round_robin_is_paired():
    with TestClient(create_pair_app()) as c:
        r = c.post("/api/pair?system=round-robin&edition=double", content=trf_of(MAX_RR_PLAYERS),
                   headers=TEXT)
    assert r.status_code == 200, r.text
    boards = r.json()["boards"]
    assert len(boards) == MAX_RR_PLAYERS // 2
    assert boards[0] == {"board": 1, "white": 1, "black": MAX_RR_PLAYERS}
