#!/usr/bin/env python3
"""Requests per second of ``POST /api/pair`` (docs/scaling.md).

Starts ``swisschess serve --pair-only --workers N`` on a free loopback port,
sends one round's TRF from C client threads for S seconds (keep-alive
connections), and prints requests/s and latency percentiles.  The engine time
of the same round in this process is printed first, for comparison.

    python tools/bench_pairapi.py [--workers 1 2] [--clients 4] [--seconds 10]
                                  [--trf FILE --round R]

The default round: round 4 of tests/data/reference/dutch-2026/180.trf (24 players).
Client threads share the machine with the server: on a small machine they
take part of its CPU (the figures are a floor).
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def round_text(path: Path, rnd: int) -> tuple[str, int]:
    from swisschess.formats.trf import parse_trf, write_trf
    from swisschess.model.rounds import cut_before

    full = parse_trf(path.read_text(), str(path)).tournament
    t = cut_before(full, rnd)
    return write_trf(t), len(t.players)


def engine_seconds(text: str, n: int = 20) -> float:
    from swisschess.formats.trf import parse_trf
    from swisschess.pairing.api import pair_round

    t0 = time.perf_counter()
    for _ in range(n):
        pair_round(parse_trf(text).tournament)
    return (time.perf_counter() - t0) / n


def serve(workers: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "swisschess", "serve", "--pair-only",
                             "--workers", str(workers), "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}/api/pair"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/openapi.json", timeout=2)
            return proc, url
        except httpx.HTTPError:
            time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit("server did not start")


def load(url: str, text: str, clients: int, seconds: float) -> tuple[int, list[float], int]:
    lat: list[float] = []
    errors = 0
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def one() -> None:
        nonlocal errors
        mine, bad = [], 0
        with httpx.Client(timeout=60) as c:
            while time.monotonic() < stop:
                t0 = time.perf_counter()
                r = c.post(url, content=text, headers={"Content-Type": "text/plain"})
                mine.append(time.perf_counter() - t0)
                bad += r.status_code != 200
        with lock:
            lat.extend(mine)
            errors += bad

    threads = [threading.Thread(target=one) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(lat), lat, errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--trf", type=Path, default=ROOT / "tests/data/reference/dutch-2026/180.trf")
    ap.add_argument("--round", type=int, default=4)
    a = ap.parse_args()
    text, players = round_text(a.trf, a.round)
    print(f"round {a.round} of {a.trf.name}: {players} players, {len(text)} bytes of TRF; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"engine in process: {engine_seconds(text) * 1000:.1f} ms per pairing")
    for w in a.workers:
        proc, url = serve(w)
        try:
            load(url, text, a.clients, 1.0)  # warm-up
            n, lat, errors = load(url, text, a.clients, a.seconds)
        finally:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        lat.sort()
        p50 = statistics.median(lat) * 1000
        p95 = lat[int(len(lat) * 0.95)] * 1000
        print(f"workers {w}  clients {a.clients}: {n / a.seconds:.1f} requests/s, "
              f"p50 {p50:.0f} ms, p95 {p95:.0f} ms, errors {errors}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
