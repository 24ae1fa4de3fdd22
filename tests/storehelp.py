"""Helpers and fixtures for the store, workflow and web tests.

Import the fixtures into a test module with
``from storehelp import store_url, pg_server  # noqa: F401``.

``pg_server`` starts a real PostgreSQL server (Debian's ``postgresql`` package:
``initdb`` / ``pg_ctl``) in a temporary directory on a free loopback port, as the
``postgres`` user when the tests run as root.  Tests that need it are skipped when
the binaries are absent.  ``SWISSCHESS_TEST_PG_URL`` may name an existing server
instead (a database per test is created in it).
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

from swisschess.store.service import TournamentService

_counter = itertools.count(1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pg_bindir() -> Path | None:
    """Directory holding initdb / pg_ctl / postgres, if PostgreSQL is installed."""
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if all(os.path.exists(os.path.join(d, x)) for x in ("initdb", "pg_ctl", "postgres")):
            return Path(d)
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl") and shutil.which("postgres"):
        return Path(initdb).parent
    return None


@pytest.fixture(scope="session")
def pg_server():
    """Base URL of a running PostgreSQL server (session-wide), or skip."""
    url = os.environ.get("SWISSCHESS_TEST_PG_URL")
    if url:
        yield url
        return
    bindir = pg_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL binaries (initdb, pg_ctl) not installed: apt-get install "
                    "postgresql, or set SWISSCHESS_TEST_PG_URL=postgresql://USER@HOST/DB")
    tmp = tempfile.mkdtemp(prefix="swisschess-pg-")
    prefix: list[str] = []
    if os.geteuid() == 0:
        try:
            import pwd

            pw = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(tmp, ignore_errors=True)
            pytest.skip("running as root and no 'postgres' user to run the server: "
                        "apt-get install postgresql creates it, or set SWISSCHESS_TEST_PG_URL")
        os.chown(tmp, pw.pw_uid, pw.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data = os.path.join(tmp, "data")
    port = free_port()

    def run(*cmd: str) -> None:
        subprocess.run(prefix + list(cmd), check=True, cwd=tmp, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=120)

    try:
        run(str(bindir / "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8",
            "--no-sync", "--locale=C")
        run(str(bindir / "pg_ctl"), "-D", data, "-l", os.path.join(tmp, "log"), "-w", "-t", "60",
            "-o", f"-c listen_addresses=127.0.0.1 -p {port} -k {tmp} -c fsync=off "
                  "-c full_page_writes=off -c synchronous_commit=off", "start")
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        err = getattr(e, "stderr", b"") or b""
        shutil.rmtree(tmp, ignore_errors=True)
        pytest.fail(f"could not start PostgreSQL: {e}: {err.decode(errors='replace')}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(prefix + [str(bindir / "pg_ctl"), "-D", data, "-m", "immediate", "stop"],
                       cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(tmp, ignore_errors=True)


def pg_database(base_url: str) -> str:
    """Create a fresh database on the server; return its URL."""
    from sqlalchemy import create_engine, text

    name = f"sc_test_{os.getpid()}_{next(_counter)}"
    eng = create_engine(base_url, isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    eng.dispose()
    return base_url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A fresh, empty database URL: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    else:
        base = request.getfixturevalue("pg_server")
        yield pg_database(base)


def make_players(svc: TournamentService, tid: int, n: int, seed: int = 1) -> None:
    """Register ``n`` players with distinct ratings (one transaction)."""
    svc.add_players(tid, [{"name": f"Player {i:02d}", "rating": 2400 - 17 * i,
                           "federation": "SUI", "sex": "m" if i % 3 else "w"}
                          for i in range(1, n + 1)])


def fold_pairing(ids: list[int]) -> list[tuple[int, int]]:
    """A simple hand pairing: top half against bottom half, alternating colours."""
    half = len(ids) // 2
    out = []
    for i in range(half):
        a, b = ids[i], ids[i + half]
        out.append((a, b) if i % 2 == 0 else (b, a))
    return out


def login(client, token: str) -> str:
    """Log a TestClient in as the arbiter and send the session's CSRF token with
    every later request (header ``X-CSRF-Token``, see web/security.py), as the
    pages' forms do; returns the token."""
    import re

    r = client.post("/login", data={"token": token, "next": "/arbiter"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    page = client.get("/arbiter").text
    csrf = re.search(r'name="csrf-token" content="([^"]+)"', page)[1]
    client.headers["X-CSRF-Token"] = csrf
    return csrf


def start_server(db: str, port: int, token: str, timeout: float = 60,
                 extra: tuple[str, ...] = ()) -> subprocess.Popen:
    """Start ``swisschess serve`` on 127.0.0.1:``port`` (``extra``: more options, e.g.
    ``("--workers", "4")``); return once it answers."""
    return wait_server(spawn_server(db, port, token, extra), port, timeout)


def spawn_server(db: str, port: int, token: str,
                 extra: tuple[str, ...] = ()) -> subprocess.Popen:
    """Start ``swisschess serve`` and return at once (then :func:`wait_server`)."""
    import sys

    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "swisschess", "serve", "--db", db,
                             "--host", "127.0.0.1", "--port", str(port), "--token", token,
                             *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                            start_new_session=True)


def wait_server(proc: subprocess.Popen, port: int, timeout: float = 60) -> subprocess.Popen:
    """Return ``proc`` once the server on ``port`` answers."""
    import time

    import httpx

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError("server exited: " + proc.stderr.read().decode(errors="replace"))
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/tournaments", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.15)
    kill_server(proc)
    raise AssertionError(f"server did not start within {timeout} s")


def kill_server(proc: subprocess.Popen) -> None:
    """SIGKILL the server (no clean shutdown) and reap it."""
    import signal

    if proc.poll() is None:
        try:  # the worker processes of --workers N too (their own process group)
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    if proc.stderr:
        proc.stderr.close()



def run(db: str, *argv: str) -> int:
    """``swisschess COMMAND --db DB ARGS...`` in this process (``db``: the
    fixture of tests/conftest.py): the exit code."""
    from swisschess.cli.main import main

    return main([argv[0], "--db", db, *argv[1:]])
