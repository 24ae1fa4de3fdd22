"""Failed logins, kept in the database so that every web worker sees them.

A password can be guessed by trying many.  After :data:`FREE_FAILURES`
failures in a row from one client, each further attempt must wait, and the
wait doubles with every failure (1 s, 2 s, 4 s ... at most :data:`MAX_WAIT`).
A correct password clears the count.  The count lives in the ``login_failure``
table (migration 0002), not in a process's memory: with several web workers
(``swisschess serve --workers N``) an attacker cannot spread attempts over
them, and a restart does not reset it.

    throttle = LoginThrottle(engine)
    wait = throttle.wait("ip:203.0.113.5")   # seconds still to wait, 0.0: may try
    throttle.failure("ip:203.0.113.5")       # after a wrong password
    throttle.success("ip:203.0.113.5")       # after the right one

:class:`RevokedSessions` keeps the logins ended by "Log out" until they would
have expired, so that a copy of the cookie is of no use afterwards, on any
worker.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from swisschess.store.db import write_transaction
from swisschess.store.models import LoginFailureRow, RevokedSessionRow

#: Failures allowed before the first wait.
FREE_FAILURES = 5
#: The longest wait between two attempts, in seconds (15 minutes).
MAX_WAIT = 900.0
#: A client's failures are forgotten this long after its last one (one day).
FORGET_AFTER = 86400.0


def backoff(failures: int) -> float:
    """Seconds to wait after ``failures`` failures in a row (0 while under the free count)."""
    if failures < FREE_FAILURES:
        return 0.0
    return min(MAX_WAIT, 2.0 ** (failures - FREE_FAILURES))


def _dt(ts: float) -> datetime:
    return datetime.fromtimestamp(ts, UTC).replace(tzinfo=None)


def _ts(dt: datetime) -> float:
    return dt.replace(tzinfo=UTC).timestamp()


class LoginThrottle:
    """Failure counts per client key (``"ip:ADDRESS"``), stored in ``engine``'s database.

    ``clock`` returns the time in seconds (tests move it forward)."""

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.clock = clock

    def failures(self, key: str) -> tuple[int, float]:
        """(failures in a row, time of the last one) for ``key``; (0, 0.0) if none."""
        with self.engine.connect() as conn:
            row = conn.execute(select(LoginFailureRow.failures, LoginFailureRow.last_at)
                               .where(LoginFailureRow.key == key[:100])).first()
        if row is None:
            return 0, 0.0
        return int(row.failures), _ts(row.last_at)

    def wait(self, key: str) -> float:
        """Seconds ``key`` must still wait before its next attempt (0.0: it may try now)."""
        n, last = self.failures(key)
        if self.clock() - last > FORGET_AFTER:
            return 0.0
        left = last + backoff(n) - self.clock()
        return max(0.0, left) if backoff(n) else 0.0

    def failure(self, key: str) -> int:
        """Count one more failure for ``key``; returns the count."""
        key = key[:100]
        now = _dt(self.clock())
        for _attempt in range(3):
            try:
                with write_transaction(self.engine) as conn:
                    # the table holds only recent failures (one row per client)
                    conn.execute(delete(LoginFailureRow).where(
                        LoginFailureRow.last_at < _dt(self.clock() - FORGET_AFTER)))
                    n = conn.execute(select(LoginFailureRow.failures)
                                     .where(LoginFailureRow.key == key)
                                     .with_for_update()).scalar()
                    if n is None:
                        conn.execute(insert(LoginFailureRow)
                                     .values(key=key, failures=1, last_at=now))
                        return 1
                    conn.execute(update(LoginFailureRow).where(LoginFailureRow.key == key)
                                 .values(failures=n + 1, last_at=now))
                    return n + 1
            except IntegrityError:
                # another worker inserted the first failure at the same moment: count again
                continue
        raise RuntimeError("could not record a failed login")  # pragma: no cover

    def success(self, key: str) -> None:
        """The right password: forget ``key``'s failures."""
        with write_transaction(self.engine) as conn:
            conn.execute(delete(LoginFailureRow).where(LoginFailureRow.key == key[:100]))


class RevokedSessions:
    """Session ids ended before their expiry ("Log out"), in ``engine``'s database."""

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.clock = clock

    def revoke(self, sid: str, expires: float) -> None:
        """End session ``sid`` (its cookie expires at ``expires``, in seconds)."""
        with write_transaction(self.engine) as conn:
            conn.execute(delete(RevokedSessionRow).where(
                RevokedSessionRow.expires_at < _dt(self.clock())))
            conn.execute(delete(RevokedSessionRow).where(RevokedSessionRow.sid == sid[:64]))
            conn.execute(insert(RevokedSessionRow).values(sid=sid[:64], expires_at=_dt(expires)))

    def is_revoked(self, sid: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(RevokedSessionRow.sid)
                                .where(RevokedSessionRow.sid == sid[:64])).first() is not None
