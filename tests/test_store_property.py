# ruff: noqa: F811  (pytest fixtures imported from storehelp)
"""Random sequences of arbiter actions against a simple model of what must be stored.

Issue 24: "nothing an arbiter entered is ever lost or changed behind their back".
Hypothesis draws sequences of the actions an arbiter takes -- register a player,
request or cancel a bye, withdraw or reinstate, pair the next round (engine or by
hand), enter, correct or clear a result, undo the last round, edit the last
round's pairing, change the settings -- and runs them through the store's service
(SQLite, then PostgreSQL).  A small model, written here without the store's code,
says what each action must do: whether it is accepted, which byes are pending,
who is withdrawn, which rounds exist with which boards, byes and results, the
points, and which late result changes are on record.  After every step:

* the store refused exactly the actions the model says are impossible, and a
  refused action wrote nothing;
* the store's state equals the model's;
* the state rebuilt from the log by a fresh service equals the cached one.

Kept small for CI (about 10 s a database): 6 players and more, at most 5 rounds,
20-40 actions, 20 sequences a run on SQLite and 15 on PostgreSQL (the ``ci`` profile
of conftest.py: always the same ones).  ``pytest --hypothesis-show-statistics`` shows
what the sequences reached.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from storehelp import pg_database, pg_server, store_url  # noqa: F401

from swisschess.store.service import StoreError, TournamentService

HALF = Fraction(1, 2)
#: Points of a player's own code in a round (the default point system).
POINTS = {"1": Fraction(1), "+": Fraction(1), "U": Fraction(1), "F": Fraction(1),
          "=": HALF, "H": HALF}
#: (white's code, black's code) of each result word.
CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2": ("=", "="), "+-": ("+", "-"),
         "-+": ("-", "+"), "--": ("-", "-")}
WORDS = tuple(CODES)


@dataclass
class Round:
    boards: list[tuple[int, int]]
    bye: int | None
    #: players not on a board and not the PAB -> their code (requested bye or Z)
    absent: dict[int, str]
    results: dict[int, str] = field(default_factory=dict)  # board (1-based) -> word


@dataclass
class Model:
    """What the store must hold, kept by the rules an arbiter reads, not by the store's code."""

    rounds_total: int = 5
    city: str = ""
    names: dict[int, str] = field(default_factory=dict)
    withdrawn: set[int] = field(default_factory=set)
    byes: dict[tuple[int, int], str] = field(default_factory=dict)  # (player, round) -> code
    rounds: list[Round] = field(default_factory=list)
    #: (round, board, old, new, last round paired then): results changed late
    late: list[tuple[int, int, str, str, int]] = field(default_factory=list)

    @property
    def current(self) -> int:
        return len(self.rounds)

    def to_pair(self, rnd: int) -> list[int]:
        return [p for p in sorted(self.names)
                if p not in self.withdrawn and (p, rnd) not in self.byes]

    def pending(self) -> list[int]:
        if not self.rounds:
            return []
        r = self.rounds[-1]
        return [n for n in range(1, len(r.boards) + 1) if n not in r.results]

    def can_pair(self) -> bool:
        """Not past the last round, and every game paired so far has its result
        (a result cleared in an earlier round blocks the next pairing too)."""
        return self.current < self.rounds_total and not any(
            n not in r.results for r in self.rounds for n in range(1, len(r.boards) + 1))

    def add_round(self, boards: list[tuple[int, int]], bye: int | None) -> None:
        rnd = self.current + 1
        on = {p for b in boards for p in b} | ({bye} if bye else set())
        absent = {p: self.byes.get((p, rnd), "Z") for p in self.names if p not in on}
        self.rounds.append(Round(list(boards), bye, absent))

    def change(self, rnd: int, board: int, word: str | None) -> None:
        r = self.rounds[rnd - 1]
        old = r.results.get(board, "")
        if word is None:
            del r.results[board]
        else:
            r.results[board] = word
        if rnd < self.current:
            self.late.append((rnd, board, old, word or "", self.current))

    def undo(self) -> None:
        rnd = self.current
        self.rounds.pop()
        self.late = [(r, n, o, w, min(u, rnd - 1)) for r, n, o, w, u in self.late if r < rnd - 1]

    def snapshot(self) -> dict:
        score = {p: Fraction(0) for p in self.names}
        rounds = []
        for r in self.rounds:
            codes = {}
            for n, (w, b) in enumerate(r.boards, 1):
                cw, cb = CODES[r.results[n]] if n in r.results else ("*", "*")
                codes[w], codes[b] = cw, cb
            if r.bye:
                codes[r.bye] = "U"
            codes.update(r.absent)
            for p, c in codes.items():
                score[p] += POINTS.get(c, Fraction(0))
            rounds.append((r.boards, r.bye, r.absent,
                           {n: r.results.get(n) for n in range(1, len(r.boards) + 1)}))
        return {"rounds_total": self.rounds_total, "city": self.city, "names": self.names,
                "withdrawn": self.withdrawn, "byes": self.byes, "rounds": rounds,
                "score": score, "late": self.late, "pending": self.pending()}


def store_snapshot(svc: TournamentService, tid: int) -> dict:
    """The same view of what the store holds (state, boards, extras, standings input)."""
    s = svc.state(tid)
    t = s.t
    rounds = []
    for rnd in range(1, s.current_round + 1):
        boards = list(s.boards[rnd])
        bye, absent = None, {}
        for p in t.players.values():
            e = p.entry(rnd)
            if e is not None and e.opponent is None and not e.blank:  # as round_extras
                if e.code == "U":
                    bye = p.id
                else:
                    absent[p.id] = e.code
        rounds.append((boards, bye, absent, {n: svc.board_in(s, rnd, n).result
                                             for n in range(1, len(boards) + 1)}))
    byes = {(pid, b.round): b.code for b in t.bye_requests for pid in b.ids}
    return {"rounds_total": t.rounds, "city": t.city,
            "names": {p.id: p.name for p in t.players.values()},
            "withdrawn": {p.id for p in t.players.values() if p.withdrawn},
            "byes": byes, "rounds": rounds, "score": {p: t.score(p) for p in t.players},
            "late": list(s.late_changes), "pending": svc.pending_in(s)}


def same_state(a, b) -> None:
    """Two states of one tournament hold the same data (cached vs rebuilt from the log)."""
    assert a.seq == b.seq
    assert a.t.players == b.t.players
    assert a.t.bye_requests == b.t.bye_requests
    assert (a.t.rounds, a.t.city, a.t.system) == (b.t.rounds, b.t.city, b.t.system)
    assert a.boards == b.boards and a.manual == b.manual
    assert a.unpaired == b.unpaired and a.late_changes == b.late_changes
    assert a.notes() == b.notes()


#: The actions, each as often as it is in the list: rounds must get paired and
#: played for undo and late corrections to have something to work on.
KINDS = ("results_all", "pair", "pair_hand", "bye", "undo", "correct", "results_all", "pair",
         "pair_hand", "result", "clear", "edit", "withdraw", "reinstate", "register",
         "cancel_bye", "bye", "results_all", "pair_hand", "correct", "settings", "results_all",
         "pair")
ACTIONS = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 63), st.integers(0, 63)),
                   min_size=20, max_size=40)


class Runner:
    """Runs one action on the store and the model; checks the store accepted or
    refused it as the model says."""

    def __init__(self, svc: TournamentService, tid: int, model: Model) -> None:
        self.svc, self.tid, self.m = svc, tid, model

    def expect(self, ok: bool, fn, *args, **kw):
        before = self.svc.version(self.tid)
        if ok:
            return fn(*args, **kw)
        with pytest.raises(StoreError):
            fn(*args, **kw)
        assert self.svc.version(self.tid) == before, "a refused action wrote an event"
        return None

    def pid(self, x: int) -> int:
        ids = sorted(self.m.names)
        return ids[x % len(ids)] if ids else 1

    def run(self, kind: str, x: int, y: int) -> None:
        m, svc, tid = self.m, self.svc, self.tid
        cur = m.current
        if kind == "register":
            k = len(m.names) + 1
            name = f"Player {k:02d}"
            # ratings fall with registration: pairing numbers stay in registration order
            svc.add_player(tid, name=name, rating=2500 - 10 * k)
            m.names[k] = name
        elif kind in ("bye", "cancel_bye"):
            pid, rnd = self.pid(x), cur + 1 + y % 5
            if kind == "bye":
                code = "HZF"[(x // 7) % 3]
                ok = rnd <= m.rounds_total and pid not in m.withdrawn and (pid, rnd) not in m.byes
                if self.expect(ok, svc.request_bye, tid, pid, rnd, code) is None and ok:
                    m.byes[(pid, rnd)] = code
            else:
                ok = (pid, rnd) in m.byes
                self.expect(ok, svc.cancel_bye, tid, pid, rnd)
                if ok:
                    del m.byes[(pid, rnd)]
        elif kind == "withdraw":
            pid = self.pid(x)
            self.expect(pid not in m.withdrawn, svc.withdraw, tid, pid)
            m.withdrawn.add(pid)
        elif kind == "reinstate":
            pid = self.pid(x)
            self.expect(pid in m.withdrawn, svc.reinstate, tid, pid)
            m.withdrawn.discard(pid)
        elif kind == "pair":
            expected = m.to_pair(cur + 1)
            if not m.can_pair() or len(expected) < 2:
                self.expect(False, svc.pair_next_round, tid)
                return
            try:
                spec = svc.pair_next_round(tid)
            except StoreError as e:  # the engine may find no pairing (few players, repeats)
                assert "no valid pairing" in str(e), e
                return
            on = sorted([p for b in spec.boards for p in b] + ([spec.bye] if spec.bye else []))
            assert on == expected, "the engine paired other players than the model expects"
            m.add_round(spec.boards, spec.bye)
        elif kind == "pair_hand":
            ids = m.to_pair(cur + 1)
            if len(ids) < 2:
                return
            bye = ids.pop() if len(ids) % 2 else None
            half = len(ids) // 2
            boards = [(ids[i], ids[i + half]) if (i + x) % 2 else (ids[i + half], ids[i])
                      for i in range(half)]
            self.expect(m.can_pair(), svc.set_pairing, tid, cur + 1, boards, bye, "by hand")
            if m.can_pair():
                m.add_round(boards, bye)
        elif kind in ("result", "results_all", "correct", "clear"):
            if not cur:
                return
            rnd = cur if kind == "results_all" or y % 4 else 1 + y % cur
            r = m.rounds[rnd - 1]
            if not r.boards:
                return
            for n in ([1 + i for i in range(len(r.boards)) if i + 1 not in r.results]
                      if kind == "results_all" else [1 + x % len(r.boards)]):
                word = WORDS[(x + y + n) % len(WORDS)]
                have = r.results.get(n)
                if kind == "clear":
                    self.expect(have is not None, svc.clear_result, tid, rnd, n)
                    if have is not None:
                        m.change(rnd, n, None)
                    continue
                correct = kind == "correct"
                ok = (have is not None and have != word) if correct else have is None
                bv = self.expect(ok, svc.enter_result, tid, rnd, n, word, correction=correct)
                if ok:
                    assert bv.result == word
                    # a change under later rounds warns, naming them and the old result
                    if rnd < cur and have:
                        assert f"paired with the previous result ({have})" in bv.warning
                        assert (f"round {cur} was" if cur == rnd + 1
                                else f"rounds {rnd + 1}-{cur} were") in bv.warning
                    else:
                        assert not bv.warning
                    m.change(rnd, n, word)
        elif kind == "undo":
            self.expect(cur > 0, svc.undo_last_round, tid)
            if cur:
                m.undo()
        elif kind == "edit":
            if not cur:
                return
            r = m.rounds[-1]
            free = [i for i in range(len(r.boards)) if i + 1 not in r.results]
            if len(free) < 2:
                return
            i, j = free[x % len(free)], free[(x + 1 + y % (len(free) - 1)) % len(free)]
            boards = list(r.boards)
            (wi, bi), (wj, bj) = boards[i], boards[j]
            boards[i], boards[j] = (wi, bj), (wj, bi)
            # an edit pairs the round anew: with the players to pair now (a late
            # entry must be added, a player withdrawn since must go)
            on = sorted([p for b in boards for p in b] + ([r.bye] if r.bye else []))
            ok = on == m.to_pair(cur)
            self.expect(ok, svc.set_pairing, tid, cur, boards, r.bye, "families apart")
            if ok:
                r.boards = boards
        elif kind == "settings":
            rounds = 3 + y % 3
            ok = rounds >= max(cur, 1)
            self.expect(ok, svc.update_settings, tid, rounds=rounds, city=f"City {x}")
            if ok:
                m.rounds_total, m.city = rounds, f"City {x}"


def check(svc: TournamentService, tid: int, m: Model) -> None:
    assert store_snapshot(svc, tid) == m.snapshot()
    fresh = TournamentService(engine=svc.engine)  # rebuilds the state from the log alone
    same_state(fresh.state(tid), svc.state(tid))


def run_sequence(svc: TournamentService, actions: list[tuple[str, int, int]]) -> list[str]:
    """Run ``actions`` on a new tournament, checking after each; returns what they reached."""
    tid = svc.create_tournament("Property Open", rounds=5)
    m = Model()
    runner = Runner(svc, tid, m)
    for _ in range(6):
        runner.run("register", 0, 0)
    check(svc, tid, m)
    done: set[str] = set()
    top = 0
    for kind, x, y in actions:
        v = svc.version(tid)
        runner.run(kind, x, y)
        check(svc, tid, m)
        if svc.version(tid) != v:
            done.add(kind)
        top = max(top, m.current)
    reached = [f"rounds paired at most: {top}", f"late changes on record: {bool(m.late)}"]
    reached += [f"{kind} done: {kind in done}" for kind in ("undo", "correct", "clear", "edit",
                                                           "pair")]
    # the export is a valid TRF file holding the same points
    from swisschess.formats.trf import parse_trf

    res = parse_trf(svc.export_trf(tid))
    assert not res.errors
    assert {p: res.tournament.score(p) for p in res.tournament.players} == m.snapshot()["score"]
    return reached


@pytest.fixture
def svc(store_url):
    s = TournamentService(store_url, actor="test")
    yield s
    s.close()


def _random_actions(svc: TournamentService, actions) -> None:
    for what in run_sequence(svc, actions):
        event(what)  # pytest --hypothesis-show-statistics


SLOW = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


@settings(max_examples=20, deadline=None, suppress_health_check=SLOW)
@given(actions=ACTIONS)
def test_random_arbiter_actions_sqlite(tmp_path, actions):
    svc = TournamentService(f"sqlite:///{tmp_path / 'property.db'}", actor="test")
    try:
        _random_actions(svc, actions)
    finally:
        svc.close()


@pytest.fixture
def pg_svc(pg_server):
    s = TournamentService(pg_database(pg_server), actor="test")
    yield s
    s.close()


@settings(max_examples=15, deadline=None, suppress_health_check=SLOW)
@given(actions=ACTIONS)
def test_random_arbiter_actions_postgresql(pg_svc, actions):
    _random_actions(pg_svc, actions)


def test_the_scenario_of_the_review(svc):
    """Arbiter's review #1: H bye for round 4, rounds 1-2 played, round 3 paired and undone."""
    run_sequence(svc, [("bye", 3, 3), ("pair_hand", 0, 0), ("results_all", 1, 0),
                       ("pair_hand", 0, 0), ("results_all", 2, 0), ("pair_hand", 1, 0),
                       ("result", 0, 1), ("undo", 0, 0), ("pair_hand", 0, 0),
                       ("results_all", 0, 0), ("pair_hand", 0, 0), ("correct", 1, 2)])
