"""Tournaments kept in a database as an append-only event log (SQLite or PostgreSQL).

The entry point is :class:`swisschess.store.service.TournamentService`, used by
the CLI workflow (``swisschess new / import / next-round / result ...``) and by
the web app (``swisschess serve``).  Import it from its module: this package
imports only the event kinds (:mod:`swisschess.store.events` and the team events
of :mod:`swisschess.store.teamevents`, which join them here so that every log
replays, whichever module is imported first).
"""

# the team events join the log's event kinds (issue 32)
from swisschess.store import teamevents as _teamevents  # noqa: E402,F401
