"""The store's service facade: everything the CLI workflow and the web app do.

    svc = TournamentService("swisschess.db")          # or a URL, e.g. postgresql://...
    tid = svc.create_tournament("Club Open", rounds=7)
    svc.add_player(tid, name="Carlsen, Magnus", rating=2830)
    pairing = svc.pair_next_round(tid)                # runs the pairing engine
    svc.enter_result(tid, 1, board=1, result="1-0")
    print(svc.export_trf(tid))

Each method that changes something appends one or more events to the log in a
single database transaction and returns only once it is committed: a caller
that got an answer may tell the arbiter "saved".  A change that does not fit
raises :class:`StoreError` (:class:`NotFound`, :class:`Conflict`) with a message
for the arbiter, and nothing is written.

Methods that return state (:meth:`state`, :meth:`tournament`) return the
service's cached objects: read them, never change them.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import Engine, func, insert, select, update

from swisschess.model.history import to_be_paired
from swisschess.model.rounds import RESULTS, pairing_refusals
from swisschess.model.search import fold, matches, suggestions
from swisschess.model.tournament import Player, Tournament
from swisschess.store.db import open_engine, resolve_url, write_transaction
from swisschess.store.events import (
    Conflict,
    NotFound,
    PairingSpec,
    State,
    StoreError,
    apply,
    result_word,
)
from swisschess.store.models import EventRow, TournamentRow, utcnow
from swisschess.store.ranking import Ranking, StandingRow

__all__ = [
    "BoardView", "Conflict", "EntryError", "EventInfo", "NotFound", "PairingSpec", "Ranking", "StandingRow",
    "State",
    "StoreError", "TournamentInfo", "TournamentService",
]


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    id: int
    name: str
    created_at: datetime
    version: int


@dataclass(frozen=True, slots=True)
class EventInfo:
    seq: int
    kind: str
    payload: dict[str, Any]
    actor: str
    created_at: datetime


class EntryError(StoreError):
    """Entry ``index`` (0-based) of a batch could not be entered: ``error`` says why.
    Nothing of the batch was written."""

    def __init__(self, index: int, error: StoreError) -> None:
        super().__init__(str(error))
        self.index = index
        self.error = error


@dataclass(slots=True)
class BoardView:
    """One board of a round, ready to show."""

    board: int
    white: Player
    black: Player
    white_score: Fraction
    black_score: Fraction
    result: str | None  # "1-0" ... or None while pending
    #: A warning for the arbiter about the change just made (a result changed after
    #: later rounds were paired on it, issue 24), in English: show it through
    #: ``translate_message``.
    warning: str = ""


class TournamentService:
    """Tournaments kept in a database; one instance per process is enough.

    ``db`` is a SQLAlchemy URL or a path to a SQLite file (``None``:
    ``$SWISSCHESS_DB``, else ``swisschess.db`` in the current directory).  The
    schema is created or upgraded on open (Alembic).  ``actor`` is written to
    every event this instance appends (``"cli"``, ``"web"``, ``"api"``).
    Thread-safe; several processes may share one database.
    """

    def __init__(self, db: str | None = None, *, actor: str = "api",
                 engine: Engine | None = None) -> None:
        self.url = resolve_url(db) if engine is None else str(engine.url)
        self.engine = engine if engine is not None else open_engine(self.url)
        self.actor = actor
        self._cache: dict[int, State] = {}
        #: the last standings computed per tournament, under (event count, upto)
        self._standings: dict[int, tuple[tuple[int, int | None], Any]] = {}
        self._lock = threading.RLock()

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    # ================================================================ tournaments
    def list_tournaments(self) -> list[TournamentInfo]:
        """All tournaments of the database, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(TournamentRow.id, TournamentRow.name,
                                       TournamentRow.created_at, TournamentRow.head)
                                .order_by(TournamentRow.id.desc())).all()
        return [TournamentInfo(r.id, r.name, r.created_at, r.head) for r in rows]

    def resolve_tournament(self, ref: int | str | None = None) -> int:
        """Id of the tournament named by ``ref`` (id or name); the newest if None."""
        items = self.list_tournaments()
        if not items:
            raise NotFound("the database has no tournament yet: create one first")
        if ref is None or ref == "":
            return items[0].id
        s = str(ref).strip()
        for it in items:
            if s.isdigit() and it.id == int(s):
                return it.id
        hits = [it for it in items if it.name.lower() == s.lower()]
        if len(hits) == 1:
            return hits[0].id
        raise NotFound(f"no tournament {ref!r} (known: "
                       + ", ".join(f"{it.id} {it.name}" for it in items) + ")")

    def create_tournament(self, name: str, rounds: int | None = None, *,
                          system: str = "dutch", edition: str = "2026",
                          **header: Any) -> int:
        """Create a tournament; ``header`` may set city, federation, start_date,
        end_date, chief_arbiter, deputy_arbiters, time_control, initial_colour."""
        payload = {"name": name, "rounds": rounds, "system": system, "edition": edition,
                   **first_colour(header)}
        return self._create(name, [("create", payload)])

    def import_trf(self, text: str, filename: str = "import.trf", name: str | None = None) -> int:
        """Create a tournament from a TRF file (TRF16, TRF(x), TRF-2026), rounds included.

        ``name``, when given, is the tournament's name (it wins over the file's
        record 012); else the file's 012, else "Imported tournament"."""
        payload: dict[str, Any] = {"text": text, "filename": filename, "name": name}
        if name and name.strip():
            payload["rename"] = True  # older logs (without it) keep the file's 012
        return self._create(name or "Imported tournament", [("load_trf", payload)])

    def replace_from_trf(self, tid: int, text: str, filename: str = "import.trf") -> State:
        """Replace a tournament's whole state by a TRF file (kept as one event: undoable by
        importing the previous export)."""
        return self._append(tid, [("load_trf", {"text": text, "filename": filename})])

    def update_settings(self, tid: int, **settings: Any) -> State:
        """Change header fields, number of rounds, system / edition, and the settings
        made before round 1: ``tiebreaks`` (C.07 names), ``initial_colour``
        (``white`` / ``black`` / ``lot``: drawn here, once, and the colour drawn
        stored in the event), ``baku``, ``round_dates`` (ISO dates by round),
        ``late_entry`` (``zero`` / ``half``), ``late_entry_max``, ``rating_list``.
        System, acceleration and first-round colour are refused (Conflict) once
        round 1 is paired."""
        return self._append(tid, [("settings", first_colour(settings))])

    def forbid(self, tid: int, ids: Iterable[int], cancel: bool = False) -> State:
        """Players who must not be paired together (same family, club by request),
        from the next round on; ``cancel`` lifts it from the next round on."""
        return self._append(tid, [("forbid", {"ids": sorted(set(ids)), "cancel": cancel})])

    # ================================================================== reading
    def state(self, tid: int) -> State:
        """The tournament rebuilt from its log (cached; do not modify)."""
        with self._lock, self.engine.connect() as conn:
            return self._load(conn, tid)

    def tournament(self, tid: int) -> Tournament:
        """The model of the tournament (cached; do not modify)."""
        return self.state(tid).t

    def version(self, tid: int) -> int:
        """Number of events so far; pass it back as ``expected_version`` to detect races."""
        return self.state(tid).seq

    def log(self, tid: int) -> list[EventInfo]:
        """The whole event log of a tournament, oldest first."""
        self.state(tid)
        with self.engine.connect() as conn:
            rows = conn.execute(select(EventRow.seq, EventRow.kind, EventRow.payload,
                                       EventRow.actor, EventRow.created_at)
                                .where(EventRow.tournament_id == tid)
                                .order_by(EventRow.seq)).all()
            return [EventInfo(r.seq, r.kind, json.loads(r.payload), r.actor, r.created_at)
                    for r in rows]

    def find_player(self, tid: int, ref: int | str) -> Player:
        """A player by pairing number, FIDE id, or (unique part of) name.

        Names match ignoring case and diacritics ("muller" finds "Müller, Jörg",
        "stastny jiri" finds "Šťastný, Jiří"; :mod:`swisschess.model.search`).
        When nothing matches, the message suggests the closest names."""
        t = self.tournament(tid)
        s = str(ref).strip()
        if s.isdigit() and int(s) in t.players:
            return t.players[int(s)]
        if s.isdigit():
            hits = [p for p in t.players.values() if p.fide_id == s]
            if hits:
                return hits[0]
            raise NotFound(f"unknown player {s}")
        low = s.lower()
        exact = [p for p in t.players.values() if p.name.lower() == low]
        if len(exact) == 1:
            return exact[0]
        q = fold(s)
        exact = [p for p in t.players.values() if fold(p.name) == q]
        if len(exact) == 1:
            return exact[0]
        part = [p for p in t.players.values() if q and q in fold(p.name)]
        if not part:  # every word somewhere in the name, in any order
            part = [p for p in t.players.values() if matches(s, p.name)]
        if len(part) == 1:
            return part[0]
        if part:
            raise NotFound(f"{s!r} matches several players: "
                           + ", ".join(f"{p.id} {p.name}" for p in part[:5]))
        by_name = {p.name: p for p in t.sorted_players()}
        close = suggestions(s, by_name)
        if close:
            players = "; ".join(f"{by_name[n].id} {n}" for n in close)
            raise NotFound(f"unknown player {s!r}: did you mean {players}?")
        raise NotFound(f"unknown player {s!r}")

    def boards(self, tid: int, rnd: int) -> list[BoardView]:
        """The boards of round ``rnd`` with scores before the round and results."""
        s = self.state(tid)
        if rnd not in s.boards:
            raise NotFound(f"round {rnd} has not been paired")
        t = s.t
        out = []
        for n, (w, b) in enumerate(s.boards[rnd], 1):
            word = result_word(s.result_code(rnd, w), s.result_code(rnd, b))
            out.append(BoardView(n, t.players[w], t.players[b], t.score(w, rnd - 1),
                                 t.score(b, rnd - 1), word))
        return out

    def round_extras(self, tid: int, rnd: int) -> list[tuple[Player, str]]:
        """Players not on a board in round ``rnd`` and their code (U = PAB, H, F, Z)."""
        s = self.state(tid)
        out = []
        for pid in sorted(s.t.players):
            e = s.t.players[pid].entry(rnd)
            if e is not None and e.opponent is None and not e.blank:
                out.append((s.t.players[pid], e.code))
        return out

    def pending(self, tid: int) -> list[int]:
        """Board numbers of the current round still without a result."""
        s = self.state(tid)
        rnd = s.current_round
        if not rnd:
            return []
        return [n for n, (w, _b) in enumerate(s.boards[rnd], 1) if s.result_code(rnd, w) == "*"]

    # ================================================================== players
    def add_player(self, tid: int, name: str, rating: int = 0, **fields: Any) -> Player:
        """Register a player (title, sex, federation, fide_id, birth optional).

        Pairing numbers follow registration order until round 1 is paired, when
        they are re-assigned by rating (then title, name).  A late entry (after
        round 1 is paired) gets for the rounds missed what the tournament's
        ``late_entry`` setting says, or ``missed="H"`` / ``"Z"``."""
        s = self._append(tid, [("register", {"name": name, "rating": rating, **fields})])
        return s.t.players[max(s.t.players)]

    def add_players(self, tid: int, rows: Iterable[dict[str, Any]]) -> list[Player]:
        """Register several players at once: all of them or (on any error) none."""
        rows = list(rows)
        if not rows:
            raise StoreError("no player to add")
        before = set(self.tournament(tid).players)
        try:
            s = self._append(tid, [("register", dict(r)) for r in rows])
        except StoreError as e:
            raise type(e)(f"nothing imported: {e}") from None
        return [p for pid, p in sorted(s.t.players.items()) if pid not in before]

    def update_player(self, tid: int, pid: int, **fields: Any) -> Player:
        """Correct a player's details (name, rating, title, ...)."""
        s = self._append(tid, [("update_player", {"id": pid, **fields})])
        return s.t.players[pid]

    def withdraw(self, tid: int, pid: int) -> None:
        """The player leaves the tournament: not paired any more from the next round on."""
        self._append(tid, [("withdraw", {"id": pid})])

    def reinstate(self, tid: int, pid: int) -> None:
        """Undo a withdrawal."""
        self._append(tid, [("reinstate", {"id": pid})])

    def request_bye(self, tid: int, pid: int, rnd: int | None = None, code: str = "H") -> None:
        """A requested bye for round ``rnd`` (default: the next round to pair):
        ``H`` half point, ``Z`` zero points, ``F`` full point."""
        rnd = rnd if rnd is not None else self.state(tid).current_round + 1
        self._append(tid, [("bye", {"id": pid, "round": rnd, "code": code})])

    def cancel_bye(self, tid: int, pid: int, rnd: int) -> None:
        """Withdraw a bye request for a round not paired yet."""
        self._append(tid, [("cancel_bye", {"id": pid, "round": rnd})])

    # =================================================================== rounds
    def preview_pairing(self, tid: int,
                        progress: Callable[[str], None] | None = None) -> PairingSpec:
        """What the engine would pair next (nothing is stored).

        Raises StoreError when the round cannot be paired yet (pending results,
        all rounds paired) or the engine finds no pairing.  Before round 1 the
        numbers in the result are the ones assigned by rating when the round is
        paired: use :meth:`preview` to get them with the players."""
        return self.preview(tid, progress)[0]

    def preview(self, tid: int, progress: Callable[[str], None] | None = None
                ) -> tuple[PairingSpec, State, int]:
        """(proposed pairing, state it refers to, version to pass to pair_next_round)."""
        s = self.state(tid)
        work = s.copy()
        if not work.seeded and work.current_round == 0:
            apply(work, "renumber", {})
        self._check_can_pair(work)
        return self._run_engine(work, progress), work, s.seq

    def pair_next_round(self, tid: int, expected_version: int | None = None,
                        progress: Callable[[str], None] | None = None) -> PairingSpec:
        """Pair the next round with the engine and store it.

        Before round 1, pairing numbers are assigned by rating (a ``renumber``
        event in the same transaction).  With ``expected_version`` (from a
        preview), fails with Conflict if anything changed meanwhile."""
        # Published states are never changed in place, so the engine runs on a copy
        # without holding the lock (pages stay responsive); the append then refuses
        # the pairing if anything was written meanwhile.
        s = self.state(tid)
        if expected_version is not None and s.seq != expected_version:
            raise Conflict("the tournament changed since the preview: preview again")
        work = s.copy()
        events: list[tuple[str, dict]] = []
        if not work.seeded and work.current_round == 0:
            apply(work, "renumber", {})
            events.append(("renumber", {}))
        self._check_can_pair(work)
        spec = self._run_engine(work, progress)
        events.append(("pair", _spec_payload(spec)))
        self._append(tid, events, expected=s.seq)
        return spec

    def set_pairing(self, tid: int, rnd: int, boards: list[tuple[int, int]],
                    bye: int | None = None, reason: str = "") -> State:
        """Pair a round by hand, or change the last round's pairing.

        For the next round this stores the given pairing instead of the engine's;
        for the last round paired it replaces the pairing (results already
        entered for games that stay are kept).  Either way the change is marked
        as manual with ``reason`` and exported as a ``###`` comment."""
        with self._lock:
            s = self.state(tid)
            payload = {"round": rnd, "boards": [list(b) for b in boards], "bye": bye,
                       "reason": reason, "manual": True}
            if rnd == s.current_round + 1:
                for why in pairing_refusals(s.t):  # as for the engine: no result missing in
                    if why.round < s.current_round:  # an earlier round either (C.04.1; the
                        raise Conflict(why.message)  # event checks the last round's own)
                return self._append(tid, [("pair", payload)])
            return self._append(tid, [("edit_pairing", payload)])

    def renumber(self, tid: int) -> State:
        """Assign pairing numbers by rating, title, name (before round 1 only)."""
        return self._append(tid, [("renumber", {})])

    def enter_result(self, tid: int, rnd: int, board: int, result: str,
                     correction: bool = False, expected_version: int | None = None
                     ) -> BoardView:
        """Enter the result of a board (``1-0 0-1 1/2 +- -+ --``, ``=`` for ``1/2``).

        A board that already has a result is refused unless ``correction`` is set
        (then the old result is replaced).  With ``expected_version`` (the
        version the arbiter's screen showed) the result is refused with
        Conflict when anything was written since: two arbiters at two
        screens never overwrite each other unseen.  The check and the append
        are one transaction holding the tournament's row lock, whatever the
        number of processes sharing the database."""
        return self.enter_result_versioned(tid, rnd, board, result, correction,
                                           expected_version)[0]

    def enter_result_versioned(self, tid: int, rnd: int, board: int, result: str,
                               correction: bool = False, expected_version: int | None = None
                               ) -> tuple[BoardView, int]:
        """:meth:`enter_result`, also returning the version its event got (with
        several writers, :meth:`version` may already be later)."""
        result = normalise_result(result)
        s = self.state(tid)
        w, b = s.board(rnd, board)
        s = self._append(tid, [("result", {"round": rnd, "white": w, "black": b,
                                           "result": result, "correction": bool(correction)})],
                         expected=expected_version)
        bv = self.board_in(s, rnd, board)
        bv.warning = late_warning(s, rnd)
        return bv, s.seq

    def enter_results(self, tid: int, rnd: int, entries: Sequence[tuple[int, str]],
                      correction: bool = False, expected_version: int | None = None
                      ) -> list[BoardView]:
        """Enter the results of several boards of round ``rnd`` at once: all of them in
        one transaction, or none.

        ``entries`` are ``(board, result)`` pairs as :meth:`enter_result` takes
        them.  The first one that cannot be entered (unknown board or result, a
        result already there without ``correction``, the same board twice)
        raises :class:`EntryError` naming its index in ``entries``, and nothing
        is written.  ``expected_version`` as in :meth:`enter_result`."""
        s = self.state(tid)
        if expected_version is not None and s.seq != expected_version:
            # said before any entry's own refusal: the arbiter's page is out of date
            raise Conflict("the tournament changed meanwhile: reload and try again")
        work = s.copy()
        events: list[tuple[str, dict]] = []
        seen: set[int] = set()
        for i, (board, word) in enumerate(entries):
            try:
                if board in seen:
                    raise Conflict(f"board {board} is given twice")
                seen.add(board)
                w, b = work.board(rnd, board)
                event = ("result", {"round": rnd, "white": w, "black": b,
                                    "result": normalise_result(word),
                                    "correction": bool(correction)})
                apply(work, *event)  # checked one by one, to name the entry at fault
            except StoreError as e:
                raise EntryError(i, e) from None
            events.append(event)
        if not events:
            raise StoreError("no result to enter")
        s = self._append(tid, events, expected=expected_version)
        views = [self.board_in(s, rnd, board) for board, _word in entries]
        for bv in views:  # the same for every board of the round
            bv.warning = late_warning(s, rnd)
        return views

    def board_in(self, s: State, rnd: int, board: int) -> BoardView:
        """Board ``board`` of round ``rnd`` in state ``s`` (as :meth:`boards` shows it)."""
        w, b = s.board(rnd, board)
        t = s.t
        return BoardView(board, t.players[w], t.players[b], t.score(w, rnd - 1),
                         t.score(b, rnd - 1), result_word(s.result_code(rnd, w),
                                                          s.result_code(rnd, b)))

    def clear_result(self, tid: int, rnd: int, board: int) -> str:
        """Remove the result of a board (back to pending); returns a warning
        (English, "" if none) when later rounds were paired on the result."""
        s = self.state(tid)
        w, b = s.board(rnd, board)
        s = self._append(tid, [("clear_result", {"round": rnd, "white": w, "black": b})])
        return late_warning(s, rnd)

    @staticmethod
    def results_in(s: State, rnd: int) -> int:
        """Number of boards of round ``rnd`` with a result entered."""
        return sum(1 for w, _b in s.boards.get(rnd, []) if s.result_code(rnd, w) != "*")

    def undo_last_round(self, tid: int, expected_version: int | None = None) -> int:
        """Remove the last round's pairing and its results; returns the round number.

        Everything else entered stays as it is (issue 24): bye requests for this
        round and later ones, withdrawals, new players, settings; the players get
        back exactly what they had for the round before it was paired.  Count the
        results that go first with :meth:`results_in`; with ``expected_version``
        nothing is removed (Conflict) if anything changed since."""
        s = self.state(tid)
        if not s.current_round:
            raise Conflict("no round has been paired yet")
        rnd = s.current_round
        self._append(tid, [("undo_round", {"round": rnd})], expected=expected_version)
        return rnd

    # ================================================================== results
    def standings(self, tid: int, upto: int | None = None) -> Ranking:
        """Standings with FIDE tie-breaks after round ``upto`` (default: the last round
        whose results are all in); uses :mod:`swisschess.standings`."""
        from swisschess.store.ranking import ranking

        # cached by the tournament's event count: any new event (on any worker: the
        # count is read from the database) makes it compute again (issue 26)
        s = self.state(tid)
        key = (s.seq, upto)
        with self._lock:
            hit = self._standings.get(tid)
        if hit is not None and hit[0] == key:
            return hit[1]
        result = ranking(s.t, upto)
        with self._lock:
            self._standings[tid] = (key, result)
        return result

    def export_trf(self, tid: int, variant: str = "2026") -> str:
        """The tournament as a TRF file, manual pairing edits as ``###`` comments.

        ``variant``: ``2026`` (TRF-2026) or ``16`` (TRF16, also called TRF-2016:
        ``2016`` is accepted); anything else is refused (StoreError)."""
        from swisschess.store.trfout import export

        return export(self.state(tid), variant)  # trfout.trf_variant refuses a bad name

    # ======================================================== other event kinds
    def create_with(self, name: str, events: list[tuple[str, dict]]) -> int:
        """Create a tournament from its first events (the team events of
        :mod:`swisschess.store.teamdesk` use it); nothing is written on error."""
        return self._create(name, events)

    def append(self, tid: int, events: list[tuple[str, dict]],
               expected: int | None = None) -> State:
        """Append ``events`` in one transaction, all or none (see :meth:`_append`)."""
        return self._append(tid, events, expected)

    # ================================================================ internals
    def _check_can_pair(self, s: State) -> None:
        t = s.t
        nxt = s.current_round + 1
        if s.seq == 0:
            raise StoreError("create the tournament first")
        if t.rounds is not None and nxt > t.rounds:
            raise Conflict(f"all {t.rounds} rounds have been paired")
        if s.current_round:
            pend = self.pending_in(s)
            if pend:
                raise Conflict(f"round {s.current_round} still has results to enter on board(s) "
                               + ", ".join(map(str, pend)))
        for why in pairing_refusals(t):  # the same check as the file front ends (earlier
            raise Conflict(why.message)  # rounds of an imported TRF)
        if len(to_be_paired(t, nxt)) < 2:
            raise Conflict(f"fewer than two players to pair in round {nxt}")

    @staticmethod
    def pending_in(s: State) -> list[int]:
        rnd = s.current_round
        return [n for n, (w, _b) in enumerate(s.boards.get(rnd, []), 1)
                if s.result_code(rnd, w) == "*"]

    def _run_engine(self, s: State, progress: Callable[[str], None] | None) -> PairingSpec:
        nxt = s.current_round + 1
        if progress:
            progress(f"pairing round {nxt} ({s.system} {s.edition}, "
                     f"{len(to_be_paired(s.t, nxt))} players)...")
        from swisschess.pairing.api import pair_next
        from swisschess.pairing.result import InputError, PairingError

        try:
            # the one door: round robin, Baku (192 *_BAKU), XXC rank, refusals
            p = pair_next(s.t, s.system, s.edition)
        except PairingError as e:
            raise Conflict(f"no valid pairing for round {nxt}: {e}") from None
        except InputError as e:
            raise StoreError(f"the tournament cannot be paired as it is: {e}") from None
        if p.round != nxt:
            p.round = nxt
        return PairingSpec(nxt, [(int(w), int(b)) for w, b in p.boards], p.bye,
                           [(int(i), str(c)) for i, c in p.unpaired])

    def _create(self, name: str, events: list[tuple[str, dict]]) -> int:
        with self._lock:
            state = State()
            for kind, p in events:
                apply(state, kind, p)
            name = state.t.name or name
            with write_transaction(self.engine) as conn:
                key = conn.execute(insert(TournamentRow).values(
                    name=name[:200], created_at=utcnow(), head=0)).inserted_primary_key
                assert key is not None  # a one-row INSERT always reports its key
                tid: int = key[0]
                self._insert(conn, tid, 0, events)
            state.seq = len(events)
            self._cache[tid] = state
            return tid

    def _insert(self, conn, tid: int, head: int, events: list[tuple[str, dict]]) -> None:
        now = utcnow()
        conn.execute(insert(EventRow), [
            {"tournament_id": tid, "seq": head + i, "kind": kind,
             "payload": json.dumps(p, sort_keys=True, default=str), "actor": self.actor,
             "created_at": now}
            for i, (kind, p) in enumerate(events, 1)])
        conn.execute(update(TournamentRow).where(TournamentRow.id == tid)
                     .values(head=head + len(events)))

    def _append(self, tid: int, events: list[tuple[str, dict]],
                expected: int | None = None) -> State:
        """Apply ``events`` to the current state and append them in one transaction."""
        with self._lock:
            try:
                with write_transaction(self.engine) as conn:
                    # the write lock: SQLite holds it since BEGIN IMMEDIATE; others lock the row
                    head = conn.execute(select(TournamentRow.head).where(TournamentRow.id == tid)
                                        .with_for_update()).scalar()
                    if head is None:
                        raise NotFound(f"unknown tournament {tid}")
                    if expected is not None and head != expected:
                        raise Conflict("the tournament changed meanwhile: reload and try again")
                    work = self._load(conn, tid, head).copy()
                    for kind, p in events:
                        apply(work, kind, p)
                    self._insert(conn, tid, head, events)
                    name = work.t.name
                    if name:
                        conn.execute(update(TournamentRow).where(TournamentRow.id == tid)
                                     .values(name=name[:200]))
            except StoreError:
                raise
            except Exception:
                self._cache.pop(tid, None)
                raise
            self._cache[tid] = work
            return work

    def _load(self, conn, tid: int, head: int | None = None) -> State:
        if head is None:
            head = conn.execute(select(TournamentRow.head)
                                .where(TournamentRow.id == tid)).scalar()
            if head is None:
                raise NotFound(f"unknown tournament {tid}")
        s = self._cache.get(tid)
        if s is not None and s.seq == head:
            return s
        if s is None or s.seq > head:
            s = State()
        else:
            s = s.copy()
        rows = conn.execute(select(EventRow.seq, EventRow.kind, EventRow.payload)
                            .where(EventRow.tournament_id == tid, EventRow.seq > s.seq,
                                   EventRow.seq <= head)
                            .order_by(EventRow.seq)).all()
        for r in rows:
            if r.seq != s.seq + 1:
                raise StoreError(f"event log of tournament {tid} has a gap at {s.seq + 1}")
            try:
                apply(s, r.kind, json.loads(r.payload), replay=True)
            except StoreError as e:
                raise StoreError(f"event {r.seq} ({r.kind}) of tournament {tid} "
                                 f"no longer applies: {e}") from None
        self._cache[tid] = s
        return s

    def count_events(self) -> int:
        """Events in the whole database (for tests and diagnostics)."""
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(EventRow)).scalar() or 0


def late_warning(s: State, rnd: int) -> str:
    """The warning for a change just made to a result of round ``rnd`` in ``s``:
    the later rounds were paired with the previous result (English, "" if none)."""
    if rnd >= s.current_round or not s.late_changes:
        return ""
    r, _board, old, _new, upto = s.late_changes[-1]
    if r != rnd or not old:
        return ""
    if upto == rnd + 1:
        return f"round {upto} was paired with the previous result ({old})"
    return f"rounds {rnd + 1}-{upto} were paired with the previous result ({old})"


def normalise_result(word: str) -> str:
    """Accept the usual spellings: ``1-0``, ``0-1``, ``1/2``, ``½-½``, ``=``, ``0.5``,
    ``0-0``/``0:0`` (a game played and lost by both: TRF ``0``/``0``),
    ``+-``/``+:-`` (forfeits), ``--``/``-:-`` (double forfeit: TRF ``-``/``-``)."""
    w = str(word).strip().lower().replace(" ", "").replace(":", "-").replace("½", "1/2")
    aliases = {"1/2-1/2": "1/2", "=": "1/2", "0.5-0.5": "1/2", "0.5": "1/2", "draw": "1/2",
               "+--": "+-", "+/-": "+-", "-/+": "-+", "--+": "-+", "---": "--", "-/-": "--",
               "0/0": "0-0", "1-0ff": "+-", "0-1ff": "-+", "1-0f": "+-", "0-1f": "-+"}
    w = aliases.get(w, w)
    if w not in RESULTS or w == "=":
        raise StoreError(f"unknown result {word!r}: expected 1-0, 0-1, 1/2, 0-0, +-, -+ or --")
    return w


def first_colour(settings: dict[str, Any]) -> dict[str, Any]:
    """``initial_colour`` as the event stores it: ``w``, ``b`` or "" (not fixed).

    ``lot`` (or ``random``) is drawn here, once, with :mod:`secrets`; the event
    keeps the colour drawn (and ``initial_colour_lot``), so replaying the log
    gives the same colour (Dutch system, C.04.3 (2026) Art. 5.1, 2017 section E:
    the initial colour is drawn by lot before round 1)."""
    if "initial_colour" not in settings:
        return settings
    out = dict(settings)
    raw = str(out["initial_colour"] or "").strip().lower()
    words = {"white": "w", "w": "w", "white1": "w", "black": "b", "b": "b", "black1": "b",
             "": "", "none": ""}
    if raw in ("lot", "random"):
        out["initial_colour"] = secrets.choice("wb")
        out["initial_colour_lot"] = True
    elif raw in words:
        out["initial_colour"] = words[raw]
        out.pop("initial_colour_lot", None)
    else:
        raise StoreError(f"first-round colour {raw!r}: expected white, black or lot")
    return out


def _spec_payload(spec: PairingSpec) -> dict[str, Any]:
    return {"round": spec.round, "boards": [list(b) for b in spec.boards], "bye": spec.bye,
            "unpaired": [list(u) for u in spec.unpaired]}
