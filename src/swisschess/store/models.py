"""SQLAlchemy 2 tables of the store: tournaments and their append-only event log.

The log is the truth: a tournament's state is rebuilt by applying its events in
``seq`` order (see :mod:`swisschess.store.events`).  Rows of ``event`` are only
ever inserted (never updated or deleted); ``tournament.head`` is the ``seq`` of
the last event and serves as the per-tournament write lock and version.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class TournamentRow(Base):
    """One event (tournament) in the database; several may share one file."""

    __tablename__ = "tournament"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    #: ``seq`` of the last event appended (0 before any); the write lock.
    head: Mapped[int] = mapped_column(Integer, default=0)


class EventRow(Base):
    """One change to a tournament, in the order it was made."""

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("tournament_id", "seq", name="uq_event_tournament_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(40))
    #: The event's data as JSON text.
    payload: Mapped[str] = mapped_column(Text)
    #: Who made the change ("cli", "web", "api", ...).
    actor: Mapped[str] = mapped_column(String(40), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class LoginFailureRow(Base):
    """Failed arbiter logins of one client in a row (see :mod:`swisschess.store.logins`)."""

    __tablename__ = "login_failure"

    #: who failed: ``"ip:ADDRESS"``
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    last_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class RevokedSessionRow(Base):
    """A login ended by "Log out" before it expired (see :mod:`swisschess.store.logins`)."""

    __tablename__ = "revoked_session"

    #: the session id of the signed cookie
    sid: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: when the cookie expires anyway (the row can go then)
    expires_at: Mapped[datetime] = mapped_column(DateTime)
