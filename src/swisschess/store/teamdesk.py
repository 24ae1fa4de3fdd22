"""The team-event desk: what the command line and the web app do with a team event.

    desk = TeamDesk(TournamentService("club.db"))
    tid = desk.create("Club League", rounds=5, boards=4)
    desk.add_team(tid, "Rooks")
    desk.add_player(tid, "Rooks", "Novak, Jan", rating=2100)
    desk.pair(tid)                                   # C.04.6 by teams.pairing.pair_round
    desk.set_lineup(tid, 1, "Rooks", [1, 2, 4, 5])   # board order checked
    desk.enter_results(tid, 1, 1, [(1, "1-0"), (2, "1/2"), (3, "0-1"), (4, "1-0")])
    desk.standings(tid)

Every change is an event of :mod:`swisschess.store.teamevents` appended through
the :class:`~swisschess.store.service.TournamentService` (same log, lock, undo
and replay as an individual event); a refused change raises ``StoreError``
and writes nothing.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from swisschess.model.search import fold
from swisschess.model.tournament import Colour as PlayerColour
from swisschess.model.tournament import Player, RoundEntry, Tournament
from swisschess.store.events import Conflict, NotFound, StoreError
from swisschess.store.service import EntryError, TournamentService
from swisschess.store.teamevents import (
    BOARD_RESULTS,
    TeamEntry,
    TeamPlayer,
    TeamRoundState,
    TeamState,
)
from swisschess.teams.model import TeamTournament, game_points, match_points
from swisschess.teams.report import value_text
from swisschess.teams.standings import team_standings

if TYPE_CHECKING:
    from swisschess.teams.pairing import TeamRoundPairing
from swisschess.teams.trf import tournament_type_code


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """One line of the team standings."""

    rank: int
    tpn: int
    name: str
    match_points: float
    game_points: float
    matches: int  # matches paired (played or forfeited)
    tiebreaks: tuple[str, ...] = ()  # one value per tie-break of the list, as shown


@dataclass(frozen=True, slots=True)
class CardBoard:
    """One board of a match card: the first team's colour there, both players
    (None: board left empty) and the result (None while pending)."""

    board: int
    colour: str  # "W" / "B": the first team's player's colour on this board
    first: TeamPlayer | None
    second: TeamPlayer | None
    result: str | None


@dataclass(frozen=True, slots=True)
class MatchCard:
    """A match of a round, board by board (what the match card prints)."""

    round: int
    number: int
    first: TeamEntry
    second: TeamEntry
    rule: str
    boards: list[CardBoard]
    #: game points (first, second) once every board has a result
    score: tuple[float, float] | None
    #: match points (first, second) that the game points give (C.04.6 art. 1.2)
    points: tuple[float, float] | None = None


def board_colour(board: int) -> str:
    """The first team's colour on ``board`` (TRF-2026 352 ``WBWB...``; C.04.6 art.
    1.6.1: the first board's colour is the team's)."""
    return "W" if board % 2 else "B"


def ranking(tt: TeamTournament) -> tuple[list[str], list[TeamStanding]]:
    """Team standings: the primary score (match points unless the event ranks on
    game points, C.04.6 art. 1.2), then the C.07 team tie-breaks of
    :func:`swisschess.teams.standings.default_tiebreaks` (MPvGP, EDE, EMGSB with
    Cut-1, Buchholz with Cut-1).  Returns the tie-break labels and the rows."""
    st = team_standings(tt)
    paired = {t.tpn: sum(1 for r in t.rounds if r.opponent is not None) for t in tt.teams}
    rows = [TeamStanding(r.rank, r.tpn, r.name, float(r.match_points), float(r.game_points),
                         paired[r.tpn], tuple(value_text(v) for v in r.values))
            for r in st.rows]
    return st.labels, rows


class TeamDesk:
    """Team events kept by a :class:`TournamentService` (see the module's docstring)."""

    def __init__(self, svc: TournamentService) -> None:
        self.svc = svc

    # ---------------------------------------------------------------- reading
    def state(self, tid: int) -> TeamState:
        ts = self.svc.state(tid).team
        if ts is None:
            raise StoreError("this is not a team event (create one with --team)")
        return ts

    @staticmethod
    def is_team(svc: TournamentService, tid: int) -> bool:
        return svc.state(tid).team is not None

    def find_team(self, tid: int, ref: int | str) -> TeamEntry:
        """A team by TPN or by (unique part of) name, ignoring case and diacritics."""
        ts = self.state(tid)
        s = str(ref).strip()
        if s.isdigit():
            return ts.team(int(s))
        q = fold(s)
        exact = [e for e in ts.teams.values() if fold(e.name) == q]
        part = exact or [e for e in ts.teams.values() if q and q in fold(e.name)]
        if len(part) == 1:
            return part[0]
        if part:
            raise NotFound(f"{s!r} matches several teams: "
                           + ", ".join(f"{e.tpn} {e.name}" for e in part[:5]))
        raise NotFound(f"unknown team {s!r}")

    def find_player(self, tid: int, team: TeamEntry, ref: int | str) -> int:
        """A player of ``team`` by number or (unique part of) name; 0 for ``-``."""
        ts = self.state(tid)
        s = str(ref).strip()
        if s in ("-", "0", ""):
            return 0
        if s.isdigit():
            return int(s)
        q = fold(s)
        hits = [pid for pid in team.players if q in fold(ts.players[pid].name)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            raise NotFound(f"{s!r} matches several players of team {team.tpn}")
        raise NotFound(f"team {team.tpn} {team.name} has no player {s!r}")

    def cards(self, tid: int, rnd: int) -> list[MatchCard]:
        """The match cards of round ``rnd``."""
        ts = self.state(tid)
        r = ts.round(rnd)
        out = []
        for n, m in enumerate(r.matches, 1):
            boards = []
            for b in range(1, ts.boards + 1):
                fp, sp = r.lineups[m.white][b - 1], r.lineups[m.black][b - 1]
                boards.append(CardBoard(b, board_colour(b), ts.players.get(fp),
                                        ts.players.get(sp), r.results.get((n, b))))
            gp = ts.match_points(rnd, n)
            mp = None
            if gp is not None:
                mp = (ts.rules.match_points_for(*gp), ts.rules.match_points_for(gp[1], gp[0]))
            out.append(MatchCard(rnd, n, ts.teams[m.white], ts.teams[m.black], m.rule, boards,
                                 gp, mp))
        return out

    def standings(self, tid: int) -> tuple[int, list[str], list[TeamStanding]]:
        """(last complete round, the tie-break labels, standings after it)."""
        tt = self.state(tid).tournament()
        labels, rows = ranking(tt)
        return tt.rounds_played, labels, rows

    # ------------------------------------------------------------- changing
    def create(self, name: str, rounds: int, boards: int, colours: str = "a") -> int:
        return self.svc.create_with(name, [("team_create", {
            "name": name, "rounds": rounds, "boards": boards, "colours": colours})])

    def add_team(self, tid: int, name: str) -> TeamEntry:
        ts = self.svc.append(tid, [("team_register", {"name": name})]).team
        return ts.teams[max(ts.teams)]

    def add_player(self, tid: int, team: int | str, name: str, rating: int | str = 0,
                   **fields: str) -> TeamPlayer:
        entry = self.find_team(tid, team)
        ts = self.svc.append(tid, [("team_player", {"team": entry.tpn, "name": name,
                                                    "rating": rating, **fields})]).team
        return ts.players[max(ts.players)]

    def update_player(self, tid: int, pid: int, **fields: object) -> TeamPlayer:
        """Correct a player's details (name, rating, title, federation, fide_id)."""
        ts = self.svc.append(tid, [("team_update_player", {"id": pid, **fields})]).team
        return ts.players[pid]

    def import_csv(self, tid: int, text: str, filename: str) -> tuple[int, int]:
        """Teams and their players from a CSV file ``team,name[,rating,title,federation,
        fide_id]`` (a header line naming the columns, then one player a line in board
        order): unknown teams are registered.  All or nothing; an error names
        ``FILE:LINE``.  Returns (teams registered, players added)."""
        from swisschess.store.events import apply

        rows = list(csv.reader(io.StringIO(text)))
        if not rows:
            raise StoreError(f"{filename}: the file is empty")
        head = [fold(c).strip() for c in rows[0]]
        if "team" not in head or "name" not in head:
            raise StoreError(f"{filename}:1: the first line must name the columns team and name")
        work = self.svc.state(tid).copy()
        if work.team is None:
            raise StoreError("this is not a team event (create one with --team)")
        events: list[tuple[str, dict]] = []
        new_teams = 0
        for line, row in enumerate(rows[1:], 2):
            if not any(c.strip() for c in row):
                continue
            rec = {head[i]: c.strip() for i, c in enumerate(row) if i < len(head)}
            team = rec.get("team", "")
            known = [e for e in work.team.teams.values() if fold(e.name) == fold(team)]
            try:
                if not known:
                    ev: tuple[str, dict] = ("team_register", {"name": team})
                    apply(work, *ev)
                    events.append(ev)
                    new_teams += 1
                    known = [work.team.teams[max(work.team.teams)]]
                ev = ("team_player", {"team": known[0].tpn, "name": rec.get("name", ""),
                                      "rating": rec.get("rating") or 0,
                                      "title": rec.get("title", ""),
                                      "federation": rec.get("federation") or rec.get("fed", ""),
                                      "fide_id": rec.get("fide_id") or rec.get("fide id", "")})
                apply(work, *ev)
            except StoreError as e:
                # located like a reader's diagnostic (translated with its location)
                raise type(e)(f"{filename}:{line}:1: error: {e}") from None
            events.append(ev)
        if not events:
            raise StoreError(f"{filename}: no player in the file")
        self.svc.append(tid, events)
        return new_teams, len(events) - new_teams

    def preview(self, tid: int, absent: list[int] | None = None) -> TeamRoundPairing:
        """The next round as C.04.6 pairs it (nothing stored)."""
        ts = self.state(tid)
        nxt = ts.current_round + 1
        if nxt > ts.rounds:
            raise Conflict(f"all {ts.rounds} rounds have been paired")
        if ts.pending(ts.current_round):
            raise Conflict(f"round {ts.current_round} still has "
                           f"{len(ts.pending(ts.current_round))} board(s) without a result")
        for tpn in absent or []:
            ts.team(tpn)
        if len(ts.teams) - len(set(absent or [])) < 2:
            raise Conflict(f"fewer than two teams to pair in round {nxt}")
        from swisschess.teams.pairing import NoTeamPairing, pair_round  # only when pairing

        try:
            return pair_round(ts.tournament(), frozenset(absent or []))
        except NoTeamPairing:
            raise Conflict(f"no valid pairing for round {nxt}: no round-pairing complies "
                           "with C.04.6 [C1] and [C2] (art. 3.3.3: the Chief Arbiter decides)"
                           ) from None

    def pair(self, tid: int, absent: list[int] | None = None,
             expected: int | None = None) -> TeamRoundState:
        """Pair the next round by C.04.6 and store it."""
        p = self.preview(tid, absent)
        payload = {"round": p.round, "matches": [[m.white, m.black, m.rule] for m in p.matches],
                   "pab": p.pab, "absent": sorted(set(absent or []))}
        ts = self.svc.append(tid, [("team_pair", payload)], expected).team
        return ts.paired[p.round]

    def set_lineup(self, tid: int, rnd: int, team: int | str, players: list[int | str]
                   ) -> list[int]:
        """A team's line-up for round ``rnd``: players (numbers or names, ``-`` for an
        empty board) from board 1 down."""
        entry = self.find_team(tid, team)
        pids = [self.find_player(tid, entry, x) for x in players]
        ts = self.svc.append(tid, [("team_lineup", {"round": rnd, "team": entry.tpn,
                                                    "players": pids})]).team
        return ts.paired[rnd].lineups[entry.tpn]

    def enter_results(self, tid: int, rnd: int, match: int, entries: list[tuple[int, str]],
                      correction: bool = False, expected: int | None = None) -> MatchCard:
        """Board results of one match, all stored or none (:class:`EntryError` names
        the entry at fault)."""
        from swisschess.store.events import apply

        self.state(tid).match(rnd, match)  # no such round or match: not one board's fault
        work = self.svc.state(tid).copy()
        events = []
        seen: set[int] = set()
        for i, (board, word) in enumerate(entries):
            try:
                ev = ("team_result", {"round": rnd, "match": match, "board": board,
                                      "result": normalise_board_result(word),
                                      "correction": correction})
                if board in seen:
                    raise Conflict(f"board {board} is given twice")
                seen.add(board)
                apply(work, *ev)
            except StoreError as e:
                raise EntryError(i, e) from None
            events.append(ev)
        if not events:
            raise StoreError("no result to enter")
        self.svc.append(tid, events, expected)
        return self.cards(tid, rnd)[match - 1]

    def undo(self, tid: int, expected: int | None = None) -> int:
        """Remove the last round: its pairing, line-ups and board results."""
        ts = self.state(tid)
        if not ts.current_round:
            raise Conflict("no round has been paired yet")
        rnd = ts.current_round
        self.svc.append(tid, [("team_undo", {"round": rnd})], expected)
        return rnd

    # ---------------------------------------------------------------- export
    def export_trf(self, tid: int) -> str:
        """The event as a TRF-2026 team file: one 001 line a player (his games board
        by board), the team records 310 (players in list order), 320 (PABs), 240 Z
        (absent teams), 142, 152, 192 (``FIDE_TEAM_...``), 352 and 362."""
        from swisschess.formats.writer import write_trf

        s = self.svc.state(tid)
        ts = self.state(tid)
        tt = ts.tournament(ts.current_round)
        t = Tournament(name=s.t.name, rounds=ts.rounds)
        t.system = tournament_type_code(tt)
        t.initial_colour = PlayerColour.WHITE
        rounds = ts.current_round
        for pid, tp in sorted(ts.players.items()):
            t.players[pid] = Player(pid, tp.name, title=tp.title, rating=tp.rating,
                                    federation=tp.federation, fide_id=tp.fide_id,
                                    results=[RoundEntry(None, PlayerColour.NONE, "Z", blank=True)
                                             for _ in range(rounds)])
        for rnd in range(1, rounds + 1):
            r = ts.paired[rnd]
            for n, m in enumerate(r.matches, 1):
                for b in range(1, ts.boards + 1):
                    fp, sp = r.lineups[m.white][b - 1], r.lineups[m.black][b - 1]
                    word = r.results.get((n, b))
                    fc = PlayerColour.WHITE if board_colour(b) == "W" else PlayerColour.BLACK
                    codes = TRF_CODES[word] if word else ("*", "*")
                    if fp and sp:
                        t.players[fp].results[rnd - 1] = RoundEntry(sp, fc, codes[0])
                        t.players[sp].results[rnd - 1] = RoundEntry(fp, fc.opposite, codes[1])
        tpns = sorted(ts.teams)
        extra = t.extra
        extra["082"] = [f"082 {len(tpns)}"]
        extra["092"] = ["092 Team Swiss System (C.04.6)"]
        extra["352"] = ["352 " + "".join(board_colour(b) for b in range(1, ts.boards + 1))]
        extra["362"] = ["362 TW 2.0   TD 1.0   TL 0.0"]
        by_tpn = {team.tpn: team for team in tt.teams}
        extra["310"] = [
            f"310 {tpn:3d} {ts.teams[tpn].name[:32]:<32} {'':5} {'':6} "
            f"{match_points(by_tpn[tpn]):6.1f} {game_points(by_tpn[tpn]):6.1f} {rank:3d}  "
            + " ".join(f"{pid:4d}" for pid in ts.teams[tpn].players)
            for tpn, rank in ((row.tpn, row.rank) for row in sorted(ranking(tt)[1],
                                                                     key=lambda x: x.tpn))]
        pabs = [ts.paired[rnd].pab or 0 for rnd in range(1, rounds + 1)]
        if any(pabs):
            mp, gp = tt.rules.pab_points
            extra["320"] = [f"320 {mp:4.1f} {gp:4.1f} " + " ".join(f"{p:3d}" for p in pabs)]
        absent = [f"240 Z {rnd:3d} " + " ".join(f"{x:4d}" for x in ts.paired[rnd].absent)
                  for rnd in range(1, rounds + 1) if ts.paired[rnd].absent]
        if absent:
            extra["240"] = absent
        return write_trf(t, "2026", points="computed")


#: TRF result codes of a board result (first team's player, second team's player).
TRF_CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2": ("=", "="), "0-0": ("0", "0"),
             "+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-")}


def normalise_board_result(word: str) -> str:
    """``1-0``, ``0-1``, ``1/2`` (``½``, ``=``, ``0.5``), ``0-0``, ``+-``, ``-+``, ``--``
    (``:`` or ``/`` between the sides accepted)."""
    w = str(word).strip().lower().replace(" ", "").replace(":", "-").replace("½", "1/2")
    w = {"=": "1/2", "0.5": "1/2", "1/2-1/2": "1/2", "+/-": "+-", "-/+": "-+", "-/-": "--"}.get(w, w)
    if w not in BOARD_RESULTS:
        raise StoreError(f"unknown result {word!r}: expected 1-0, 0-1, 1/2, 0-0, +-, -+ or --")
    return w


__all__ = ["CardBoard", "MatchCard", "TeamDesk", "TeamStanding", "ranking"]
