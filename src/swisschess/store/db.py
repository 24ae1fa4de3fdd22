"""Opening a store database: URL handling, SQLite durability settings, migrations."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url

#: Database used when neither ``--db`` nor ``SWISSCHESS_DB`` is given.
DEFAULT_DB = "swisschess.db"
MIGRATIONS = Path(__file__).with_name("migrations")


def resolve_url(db: str | None = None) -> str:
    """A SQLAlchemy URL from a ``--db`` value: a URL, or a path to a SQLite file.

    ``None`` means ``$SWISSCHESS_DB``, else ``swisschess.db`` in the current directory.
    """
    db = db or os.environ.get("SWISSCHESS_DB") or DEFAULT_DB
    if "://" in db:
        if db.startswith("postgresql://") or db.startswith("postgres://"):
            # psycopg 3 is the driver we ship (the "postgres" extra)
            db = "postgresql+psycopg://" + db.split("://", 1)[1]
        return db
    return "sqlite:///" + str(Path(db).expanduser().absolute())


def _sqlite_pragmas(engine: Engine) -> None:
    """WAL + synchronous=FULL: a committed event survives a crash or power loss.

    pysqlite's own transaction handling is switched off so that every write
    transaction starts with ``BEGIN IMMEDIATE`` (the write lock is taken before
    the log is read, so two writers never interleave).
    """

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn, _rec) -> None:  # pragma: no cover - trivial
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=15000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn) -> None:  # pragma: no cover - trivial
        # writers take the lock at once; readers use a plain (deferred) snapshot
        if conn.get_execution_options().get(WRITE_OPTION):
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            conn.exec_driver_sql("BEGIN")


WRITE_OPTION = "swisschess_write"


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Connection]:
    """A transaction that holds the database's write lock from its first statement
    (SQLite ``BEGIN IMMEDIATE``; other databases lock rows with ``FOR UPDATE``)."""
    with engine.connect() as conn:
        conn = conn.execution_options(**{WRITE_OPTION: True})
        with conn.begin():
            yield conn


def open_engine(url: str, migrate: bool = True) -> Engine:
    """Create the engine for ``url`` and bring its schema up to date (Alembic)."""
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        if u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 15})
        _sqlite_pragmas(engine)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    if migrate:
        upgrade(engine)
    return engine


def upgrade(engine: Engine) -> None:
    """Run the shipped Alembic migrations up to ``head`` on ``engine``.

    A database already at the head revision (every command after the first)
    skips Alembic altogether: importing and running it costs about 0.1 s of
    each command's start-up (issue 24: a command that does not pair answers in
    under 0.5 s)."""
    if at_head(engine):
        return
    from alembic import command  # imported here: workers that only open a database skip it
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with write_transaction(engine) as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


_REVISION = re.compile(r"^(down_)?revision\b[^=]*=\s*(.*)$", re.M)


def head_revisions() -> frozenset[str]:
    """The head revision(s) of the shipped migrations, read from the files' ``revision``
    and ``down_revision`` lines (no Alembic import; tests/test_startup.py checks that
    Alembic finds the same heads)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for f in (MIGRATIONS / "versions").glob("*.py"):
        for m in _REVISION.finditer(f.read_text(encoding="utf-8")):
            names = set(re.findall(r"[\"']([^\"']+)[\"']", m.group(2)))
            (parents if m.group(1) else revisions).update(names)
    return frozenset(revisions - parents)


def at_head(engine: Engine) -> bool:
    """True when the database's ``alembic_version`` holds exactly the shipped heads."""
    heads = head_revisions()
    if not heads:
        return False
    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return False
        current = {r[0] for r in conn.execute(text("SELECT version_num FROM alembic_version"))}
    return current == heads
