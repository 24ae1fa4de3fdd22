"""Team events in the store: the events of a team tournament and how each changes it.

A team event (C.04.6, the FIDE Swiss Team Pairing System) lives in the same
event log as an individual one (:mod:`swisschess.store.events`): the same
``tournament`` and ``event`` tables, the same write lock, the same replay.
Its state is :class:`TeamState`, kept in :attr:`State.team
<swisschess.store.events.State.team>`; the events are:

* ``team_create``: name, rounds, boards per match, colour preferences
  (C.04.6 art. 1.7: Type A, Type B or none);
* ``team_register``: a team, given the next TPN (art. 1.1.2: the rules of the
  competition assign the TPN, else the Chief Arbiter; here: the order of
  registration, kept for the whole event, art. 1.1.3);
* ``team_player``: a player added at the end of a team's list (the list is the
  team's board order); ``team_update_player``: his details corrected;
* ``team_pair``: a round's matches (the team with White on board 1 first), the
  PAB and the absent teams, as the engine (or the arbiter) made them;
* ``team_lineup``: who plays on which board of a match (see :func:`check_lineup`);
* ``team_result``: one board's result;
* ``team_undo``: the last round's pairing, line-ups and results removed.

Board results are written from the *first* team's side (the team with White on
board 1): ``1-0`` means the first team's player won the board, whatever his
colour on it.  The first team has White on the odd boards and Black on the
even ones (TRF-2026 record 352 ``WBWB...``; C.04.6 art. 1.6.1: a team's colour
is its first board's).

Each apply function checks everything before it changes anything and raises
:class:`~swisschess.store.events.StoreError` (or ``NotFound`` / ``Conflict``)
with a message for the arbiter: a refused event leaves the state as it was.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from swisschess.store.events import (
    Conflict,
    NotFound,
    State,
    StoreError,
    register_kinds,
)
from swisschess.teams.model import (
    Colour,
    ColourModel,
    RoundKind,
    Team,
    TeamRound,
    TeamRules,
    TeamTournament,
)

#: Board results, first team's player first, and the game points they give
#: (first team, second team).  ``0-0``: a game played and lost by both.
BOARD_RESULTS: dict[str, tuple[float, float]] = {
    "1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2": (0.5, 0.5), "0-0": (0.0, 0.0),
    "+-": (1.0, 0.0), "-+": (0.0, 1.0), "--": (0.0, 0.0),
}
#: Results of a board not played over the board (forfeits).
FORFEITS = frozenset({"+-", "-+", "--"})
#: The colour preference models of C.04.6 art. 1.7, by the names the CLI takes.
COLOUR_MODELS = {"a": ColourModel.TYPE_A, "b": ColourModel.TYPE_B, "none": ColourModel.NONE}
#: Most boards a match may have (TRF-2026 310 lists the members in one line).
MAX_BOARDS = 12
#: Most players a team may list.
MAX_PLAYERS = 30


@dataclass(frozen=True, slots=True)
class TeamPlayer:
    """A player of a team; ``pid`` numbers the players of the whole event (TRF 001)."""

    pid: int
    name: str
    rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: str = ""


@dataclass(slots=True)
class TeamEntry:
    """A team: TPN (C.04.6 art. 1.1), name, and its players in board order."""

    tpn: int
    name: str
    players: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """A paired match: ``white`` has White on board 1 (the first team), ``rule``
    the article of C.04.6 art. 4.3 that gave the colours."""

    white: int
    black: int
    rule: str = ""


@dataclass(slots=True)
class TeamRoundState:
    """One paired round: matches in board order, PAB, absent teams, line-ups
    (team -> player per board, 0 = board left empty) and board results
    ((match number, board) -> result word)."""

    matches: list[MatchSpec]
    pab: int | None = None
    absent: list[int] = field(default_factory=list)
    lineups: dict[int, list[int]] = field(default_factory=dict)
    results: dict[tuple[int, int], str] = field(default_factory=dict)

    def match_of(self, tpn: int) -> int | None:
        """The match number (1-based) a team plays in, or None."""
        for n, m in enumerate(self.matches, 1):
            if tpn in (m.white, m.black):
                return n
        return None


@dataclass(slots=True)
class TeamState:
    """A team tournament rebuilt from its log."""

    boards: int
    rounds: int
    colour_model: ColourModel = ColourModel.TYPE_A
    teams: dict[int, TeamEntry] = field(default_factory=dict)
    players: dict[int, TeamPlayer] = field(default_factory=dict)
    paired: dict[int, TeamRoundState] = field(default_factory=dict)

    def copy(self) -> TeamState:
        """An independent copy for the next change (see ``State.copy``)."""
        return copy.deepcopy(self)

    @property
    def current_round(self) -> int:
        return max(self.paired, default=0)

    @property
    def rules(self) -> TeamRules:
        return TeamRules(rounds=self.rounds, boards=self.boards, colour_model=self.colour_model)

    def team(self, tpn: int) -> TeamEntry:
        if tpn not in self.teams:
            raise NotFound(f"unknown team {tpn}")
        return self.teams[tpn]

    def round(self, rnd: int) -> TeamRoundState:
        if rnd not in self.paired:
            raise NotFound(f"round {rnd} has not been paired")
        return self.paired[rnd]

    def match(self, rnd: int, n: int) -> MatchSpec:
        matches = self.round(rnd).matches
        if not 1 <= n <= len(matches):
            raise NotFound(f"round {rnd} has no match {n} (matches 1-{len(matches)})")
        return matches[n - 1]

    def pending(self, rnd: int) -> list[tuple[int, int]]:
        """(match, board) of round ``rnd`` still without a result."""
        r = self.paired.get(rnd)
        if r is None:
            return []
        return [(n, b) for n in range(1, len(r.matches) + 1) for b in range(1, self.boards + 1)
                if (n, b) not in r.results]

    def match_points(self, rnd: int, n: int) -> tuple[float, float] | None:
        """The match's score in game points (first team, second team) of a match whose boards all have
        a result, else None."""
        r = self.round(rnd)
        if any((n, b) not in r.results for b in range(1, self.boards + 1)):
            return None
        first = sum(BOARD_RESULTS[r.results[(n, b)]][0] for b in range(1, self.boards + 1))
        second = sum(BOARD_RESULTS[r.results[(n, b)]][1] for b in range(1, self.boards + 1))
        return first, second

    def tournament(self, upto: int | None = None) -> TeamTournament:
        """The rounds complete up to ``upto`` (default: every complete round) as
        the pairing engine's model (:mod:`swisschess.teams.model`)."""
        rules = self.rules
        teams = [Team(tpn, e.name) for tpn, e in sorted(self.teams.items())]
        last = self.current_round if upto is None else upto
        for rnd in range(1, last + 1):
            if rnd not in self.paired or self.pending(rnd):
                break
            r = self.paired[rnd]
            entries: dict[int, TeamRound] = {}
            for n, m in enumerate(r.matches, 1):
                gp = self.match_points(rnd, n)
                assert gp is not None  # the round is complete
                boards = [r.results[(n, b)] for b in range(1, self.boards + 1)]
                if any(w not in FORFEITS for w in boards):  # played (art. 1.6.1: a colour)
                    entries[m.white] = TeamRound(RoundKind.PLAYED, rules.match_points_for(*gp),
                                                 gp[0], m.black, Colour.WHITE)
                    entries[m.black] = TeamRound(RoundKind.PLAYED,
                                                 rules.match_points_for(gp[1], gp[0]), gp[1],
                                                 m.white, Colour.BLACK)
                    continue
                for me, other, mine, theirs, col in ((m.white, m.black, gp[0], gp[1], Colour.WHITE),
                                                     (m.black, m.white, gp[1], gp[0], Colour.BLACK)):
                    kind = (RoundKind.FORFEIT_WIN if mine > theirs else RoundKind.FORFEIT_LOSS
                            if mine < theirs else RoundKind.DOUBLE_FORFEIT)
                    mp = (rules.win_match_points if kind is RoundKind.FORFEIT_WIN
                          else rules.loss_match_points)
                    entries[me] = TeamRound(kind, mp, mine, other, scheduled=col)
            if r.pab is not None:
                mp, g = rules.pab_points
                entries[r.pab] = TeamRound(RoundKind.PAB, mp, g)
            for t in teams:
                t.rounds.append(entries.get(t.tpn, TeamRound(RoundKind.ABSENT)))
        return TeamTournament(rules, teams)

    def default_lineup(self, tpn: int) -> list[int]:
        """The first players of the team's list, one a board (0: no player left)."""
        players = self.teams[tpn].players[: self.boards]
        return players + [0] * (self.boards - len(players))


# ----------------------------------------------------------------------- checks

def _int(p: dict, key: str) -> int:
    try:
        return int(p[key])
    except (KeyError, TypeError, ValueError):
        raise StoreError(f"malformed event: {key} is missing or not a number") from None


def _team_state(s: State) -> TeamState:
    if s.team is None:
        raise StoreError("this is not a team event (create one with --team)")
    return s.team


def check_lineup(ts: TeamState, tpn: int, players: list[int]) -> list[int]:
    """A team's line-up for one match, one player number a board (0: empty board).

    Board order (the competition's rules; C.04.6 itself does not deal with
    line-ups, it pairs teams): a team registers its players in a fixed board
    order, and in each match the players who play keep that order, so a player
    may not play above a player listed higher who also plays (a reserve moves up
    when a player above rests).  An empty board loses by forfeit; empty boards
    are the last ones (players are moved up, never left out above a player)."""
    team = ts.team(tpn)
    if len(players) > ts.boards:
        raise StoreError(f"team {tpn} {team.name}: {len(players)} players for {ts.boards} boards")
    players = list(players) + [0] * (ts.boards - len(players))
    seen: dict[int, int] = {}
    last_index = -1
    empty_from = 0
    for board, pid in enumerate(players, 1):
        if pid == 0:
            empty_from = empty_from or board
            continue
        if empty_from:
            raise StoreError(f"team {tpn} {team.name}: board {empty_from} is empty but board "
                             f"{board} has a player (empty boards are the last ones)")
        if pid not in team.players:
            raise StoreError(f"team {tpn} {team.name}: player {pid} is not on the team's list")
        if pid in seen:
            raise StoreError(f"team {tpn} {team.name}: player {pid} is on board {seen[pid]} "
                             f"and board {board}")
        seen[pid] = board
        index = team.players.index(pid)
        if index < last_index:
            above = team.players[last_index]
            raise StoreError(f"team {tpn} {team.name}: board order: {ts.players[above].name} "
                             f"(list no. {last_index + 1}) may not play above "
                             f"{ts.players[pid].name} (list no. {index + 1})")
        last_index = index
    return players


# ----------------------------------------------------------------------- events

def _name(p: dict, field: str, limit: int) -> str:
    """The payload's ``name``, checked like every text of the log (model.text):
    one line, no control character, at most ``limit`` characters."""
    from swisschess.model.text import text_problem

    v = str(p.get("name") or "").strip()
    why = text_problem(field, v)
    if why:
        raise StoreError(why)
    if len(v) > limit:
        raise StoreError(f"name {v[:40]!r} is longer than {limit} characters")
    return v


def _create(s: State, p: dict) -> None:
    if s.seq:
        raise Conflict("the tournament already exists")
    name = _name(p, "tournament", 200)
    if not name:
        raise StoreError("the tournament needs a name")
    rounds = _int(p, "rounds")
    boards = _int(p, "boards")
    if not 1 <= rounds <= 99:
        raise StoreError(f"number of rounds {rounds} is not possible")
    if not 1 <= boards <= MAX_BOARDS:
        raise StoreError(f"number of boards {boards} is not possible (1-{MAX_BOARDS})")
    model = str(p.get("colours") or "a").lower()
    if model not in COLOUR_MODELS:
        raise StoreError(f"colour preferences {model!r}: expected A, B or none")
    s.t.name, s.t.rounds = name, rounds
    s.t.system = "FIDE_TEAM"
    s.system, s.edition = "team", "2026"
    s.team = TeamState(boards, rounds, COLOUR_MODELS[model])


def _register(s: State, p: dict) -> None:
    ts = _team_state(s)
    name = _name(p, "team", 32)
    if not name:
        raise StoreError("a team needs a name")
    if any(e.name.lower() == name.lower() for e in ts.teams.values()):
        raise Conflict(f"a team named {name!r} is already registered")
    if ts.current_round:
        raise Conflict("teams can only be registered before round 1 is paired")
    tpn = max(ts.teams, default=0) + 1
    ts.teams[tpn] = TeamEntry(tpn, name)


def _player_fields(ts: TeamState, p: dict, pid: int) -> TeamPlayer:
    """A player's details from an event, checked (``pid``: his number)."""
    name = _name(p, "name", 33)
    if not name:
        raise StoreError("a player needs a name")
    try:
        rating = int(p.get("rating") or 0)
    except (TypeError, ValueError):
        raise StoreError(f"rating {p.get('rating')!r} is not a number") from None
    if not 0 <= rating <= 3500:
        raise StoreError(f"rating {rating} is out of range")
    fide_id = str(p.get("fide_id") or "").strip()
    if fide_id and not fide_id.isdigit():
        raise StoreError(f"FIDE id {fide_id!r} is not a number")
    if fide_id and any(q.fide_id == fide_id and q.pid != pid for q in ts.players.values()):
        raise Conflict(f"a player with FIDE id {fide_id} is already registered")
    return TeamPlayer(pid, name, rating, str(p.get("title") or "").strip().upper()[:3],
                      str(p.get("federation") or "").strip().upper()[:3], fide_id)


def _player(s: State, p: dict) -> None:
    ts = _team_state(s)
    tpn = _int(p, "team")
    team = ts.team(tpn)
    pid = max(ts.players, default=0) + 1
    player = _player_fields(ts, p, pid)
    if len(team.players) >= MAX_PLAYERS:
        raise StoreError(f"team {tpn} {team.name} already lists {MAX_PLAYERS} players")
    ts.players[pid] = player
    team.players.append(pid)


def _update_player(s: State, p: dict) -> None:
    """A player's details corrected (name, rating, title, federation, FIDE id); his
    place in the team's list stays."""
    ts = _team_state(s)
    pid = _int(p, "id")
    if pid not in ts.players:
        raise NotFound(f"unknown player {pid}")
    old = ts.players[pid]
    merged = {"name": old.name, "rating": old.rating, "title": old.title,
              "federation": old.federation, "fide_id": old.fide_id}
    merged.update({k: v for k, v in p.items() if k in merged and v is not None})
    ts.players[pid] = _player_fields(ts, merged, pid)


def _pair(s: State, p: dict) -> None:
    ts = _team_state(s)
    rnd = _int(p, "round")
    nxt = ts.current_round + 1
    if rnd != nxt:
        raise Conflict(f"the next round to pair is round {nxt}, not {rnd}")
    if nxt > ts.rounds:
        raise Conflict(f"all {ts.rounds} rounds have been paired")
    if ts.pending(ts.current_round):
        raise Conflict(f"round {ts.current_round} still has "
                       f"{len(ts.pending(ts.current_round))} board(s) without a result")
    try:
        matches = [MatchSpec(int(m[0]), int(m[1]), str(m[2]) if len(m) > 2 else "")
                   for m in p.get("matches", [])]
        pab = int(p["pab"]) if p.get("pab") not in (None, 0, "") else None
        absent = sorted({int(x) for x in p.get("absent") or []})
    except (TypeError, ValueError, IndexError):
        raise StoreError("malformed team pairing: expected matches [[white, black], ...]") from None
    seen: set[int] = set()
    for tpn in [x for m in matches for x in (m.white, m.black)] + ([pab] if pab else []) + absent:
        ts.team(tpn)
        if tpn in seen:
            raise StoreError(f"team {tpn} is paired twice in round {rnd}")
        seen.add(tpn)
    missing = sorted(set(ts.teams) - seen)
    if missing:
        raise StoreError(f"not paired in round {rnd}: " + ", ".join(map(str, missing)))
    r = TeamRoundState(matches, pab, absent)
    for m in matches:  # line-ups: the first players of the list until the captain says otherwise
        r.lineups[m.white] = ts.default_lineup(m.white)
        r.lineups[m.black] = ts.default_lineup(m.black)
    ts.paired[rnd] = r


def _lineup(s: State, p: dict) -> None:
    ts = _team_state(s)
    rnd, tpn = _int(p, "round"), _int(p, "team")
    ts.team(tpn)
    r = ts.round(rnd)
    n = r.match_of(tpn)
    if n is None:
        raise Conflict(f"team {tpn} has no match in round {rnd}")
    if any((n, b) in r.results for b in range(1, ts.boards + 1)):
        raise Conflict(f"match {n} of round {rnd} already has results: its line-ups are fixed")
    try:
        players = [int(x or 0) for x in p.get("players") or []]
    except (TypeError, ValueError):
        raise StoreError("a line-up is a list of player numbers") from None
    r.lineups[tpn] = check_lineup(ts, tpn, players)


def _result(s: State, p: dict) -> None:
    ts = _team_state(s)
    rnd, n, board = (_int(p, "round"), _int(p, "match"),
                     _int(p, "board"))
    m = ts.match(rnd, n)
    r = ts.paired[rnd]
    if not 1 <= board <= ts.boards:
        raise NotFound(f"match {n} of round {rnd} has no board {board} (boards 1-{ts.boards})")
    word = str(p.get("result") or "")
    if word not in BOARD_RESULTS:
        raise StoreError(f"unknown result {word!r}: expected 1-0, 0-1, 1/2, 0-0, +-, -+ or --")
    have = r.results.get((n, board))
    if have is not None and not p.get("correction"):
        raise Conflict(f"round {rnd} match {n} board {board} already has the result {have} "
                       "(enter it as a correction to change it)")
    if rnd < ts.current_round and not p.get("correction"):
        # an earlier round is complete: a change there is a correction (General Handling
        # Rules art. 4.3: it counts from the next pairing; the later rounds stay)
        raise Conflict(f"round {rnd} is not the last round paired: undo the later rounds first")
    first, second = r.lineups[m.white][board - 1], r.lineups[m.black][board - 1]
    if not first and word not in ("-+", "--"):
        raise StoreError(f"round {rnd} match {n} board {board}: the first team has no player "
                         "there (the result is -+ or --)")
    if not second and word not in ("+-", "--"):
        raise StoreError(f"round {rnd} match {n} board {board}: the second team has no player "
                         "there (the result is +- or --)")
    r.results[(n, board)] = word


def _undo(s: State, p: dict) -> None:
    ts = _team_state(s)
    rnd = _int(p, "round")
    if rnd != ts.current_round or rnd == 0:
        raise Conflict(f"only the last round paired (round {ts.current_round}) can be undone")
    del ts.paired[rnd]


#: The team events (see the module's docstring).
KINDS = {
    "team_create": _create,
    "team_register": _register,
    "team_player": _player,
    "team_update_player": _update_player,
    "team_pair": _pair,
    "team_lineup": _lineup,
    "team_result": _result,
    "team_undo": _undo,
}
register_kinds(KINDS)
