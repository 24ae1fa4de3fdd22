"""TRF-2026 team records, written for pairing engines (C.04.6 events).

A team event in TRF-2026 is a player file (``001`` records, one player per
team and board) plus the team records:

* ``310`` - the team: TPN (columns 5-7), name (9-40), match points (55-60),
  game points (62-67), and its players' start numbers in board order (from 74,
  four columns and a space each);
* ``320`` - the pairing-allocated-byes: PAB match points (5-8) and game points
  (10-13), then the team that received it in each round (three columns and a
  space each, from 15);
* ``240 Z`` - teams absent in a round (zero-point byes), including the round to
  be paired;
* ``142`` rounds, ``152`` initial colour (C.04.6 art. 4.1), ``352`` board colour
  sequence (the first board's colour is the team's, art. 1.6.1), ``362`` match
  points of a team win/draw/loss, ``192`` the encoded tournament type
  (``FIDE_TEAM_TYPEA_MP_GP``, ``FIDE_TEAM_TYPEB_MP``, ``FIDE_TEAM_GP_MP`` ...).

:func:`read_team_trf` reads such a file back: each team's round is derived
from its players' ``001`` entries (the first board's colour is the team's, art.
1.6.1; a match is played when one of its games was played, a forfeit when all
were forfeited), with the line-up of each round (``300`` when the board order is
not the team's list, else the members with a game in list order) and the board
results kept for the standings; the PABs from ``320``; forfeited matches from
``330``; the full-/half-point byes and absences from ``240`` (a ``240 Z`` of the
round after the last one played names the teams absent from the round to be
paired); virtual points of an acceleration from ``250`` (and ``_BAKU`` in
``192``); prohibited pairings from ``260``; ``801``/``802`` (informative) are
checked only.

The writer writes the members and line-ups it is given (else team ``t`` has
players ``(t-1)*boards + 1 .. t*boards`` on boards 1..boards), the board results
(else, from :attr:`TeamRound.game_points`, as many wins, then a draw, then
losses), forfeits as ``+``/``-`` on every board, a ``300`` for a line-up out of
the list's order, and the ``250`` / ``260`` records.
"""

from __future__ import annotations

import re

from swisschess.teams.acceleration import baku_records
from swisschess.teams.model import (
    PAIRED_KINDS,
    Acceleration,
    Colour,
    ColourModel,
    Member,
    Prohibition,
    RoundKind,
    Score,
    Team,
    TeamRound,
    TeamRules,
    TeamTournament,
    game_points,
    match_points,
)


def tournament_type_code(tournament: TeamTournament) -> str:
    """The record ``192`` code of the rules (TRF-2026 ETT code table)."""
    rules = tournament.rules
    parts = ["FIDE_TEAM"]
    if rules.colour_model is ColourModel.TYPE_A:
        parts.append("TYPEA")
    elif rules.colour_model is ColourModel.TYPE_B:
        parts.append("TYPEB")
    primary, secondary = ("MP", "GP") if rules.primary is Score.MATCH_POINTS else ("GP", "MP")
    parts.append(primary)
    if rules.secondary_for_colour:
        parts.append(secondary)
    if rules.baku:
        parts.append("BAKU")
    return "_".join(parts)


def _board_results(gp: float, boards: int) -> list[float]:
    wins = int(gp)
    out = [1.0] * wins
    if gp - wins:
        out.append(0.5)
    out += [0.0] * (boards - len(out))
    return out


def _points(p: float) -> str:
    return f"{p:4.1f}"


def write_team_trf(tournament: TeamTournament, absent_next: set[int] | frozenset[int] = frozenset(),
                   board_colours: str | None = None) -> str:
    """The tournament as TRF-2026 text.  ``absent_next``: teams that will not be
    paired in the next round (written as ``240 Z`` for it)."""
    rules = tournament.rules
    boards = rules.boards
    seq = board_colours or rules.board_colours or "".join("WB"[i % 2] for i in range(boards))
    played_rounds = tournament.rounds_played
    teams = sorted(tournament.teams, key=lambda t: t.tpn)
    lines = [
        "012 Team tournament",
        "062 0",  # the number of players, set below
        f"082 {len(teams)}",
        "092 Swiss team system (C.04.6)",
        f"142 {rules.rounds}",
        f"152 {rules.initial_colour.value}",
        f"192 {tournament_type_code(tournament)}",
        f"352 {seq}",
        "362 " + "".join(f"T{sym}{_points(p)}   " for sym, p in (
            ("W", rules.win_match_points), ("D", rules.draw_match_points),
            ("L", rules.loss_match_points))).rstrip(),
    ]

    use_members = all(len(t.members) >= boards for t in teams)
    roster: dict[int, list[Member]] = {
        t.tpn: (list(t.members) if use_members else
                [Member((t.tpn - 1) * boards + b + 1, f"Team {t.tpn} board {b + 1}", 2000)
                 for b in range(boards)]) for t in teams}

    def seated(tpn: int, r: TeamRound) -> tuple[int, ...]:
        if use_members and r.lineup is not None and len(r.lineup) == boards:
            return r.lineup
        return tuple(m.id for m in roster[tpn][:boards])

    lines[1] = f"062 {sum(len(ms) for ms in roster.values())}"
    blocks: dict[int, list[str]] = {m.id: [] for ms in roster.values() for m in ms}
    totals: dict[int, float] = {m.id: 0.0 for ms in roster.values() for m in ms}
    out_of_order: list[str] = []
    for rnd in range(1, played_rounds + 1):
        for team in teams:
            r = team.rounds[rnd - 1] if rnd <= len(team.rounds) else TeamRound(RoundKind.ABSENT)
            done: set[int] = set()
            if r.opponent is not None and r.kind in PAIRED_KINDS:
                opp_round = tournament.team(r.opponent).rounds[rnd - 1]
                mine, theirs = seated(team.tpn, r), seated(r.opponent, opp_round)
                played = r.kind is RoundKind.PLAYED
                first = r.colour if played else (
                    r.scheduled or (Colour.WHITE if team.tpn < r.opponent else Colour.BLACK))
                pts = (list(r.boards) if r.boards is not None and len(r.boards) == boards else
                       _board_results(r.game_points, boards) if played else
                       [1.0 if r.kind is RoundKind.FORFEIT_WIN else 0.0] * boards)
                for b, me in enumerate(mine):
                    if not me:
                        continue
                    done.add(me)
                    colour = seq[b] if first is Colour.WHITE else ("B" if seq[b] == "W" else "W")
                    if played and b not in r.unplayed_boards:
                        res = {1.0: "1", 0.5: "=", 0.0: "0"}[pts[b]]
                    else:
                        res = "+" if pts[b] > 0 else "-"
                    opp_id = theirs[b]
                    blocks[me].append(f"{opp_id:4d} {colour.lower()} {res}" if opp_id
                                      else f"0000 - {res}")
                    totals[me] += pts[b]
                default = [m.id for m in roster[team.tpn] if m.id in done and (
                    not blocks[m.id][-1].startswith("0000") or blocks[m.id][-1].endswith("+"))]
                if list(mine) != default + [0] * (boards - len(default)):
                    out_of_order.append(f"300 {rnd:3d} {team.tpn:3d} {r.opponent:3d} "
                                        + " ".join(f"{x:4d}" for x in mine))
            else:
                shares = _board_results(r.game_points, boards)
                for b, m in enumerate(roster[team.tpn][:boards]):
                    done.add(m.id)
                    if r.kind is RoundKind.FULL_BYE:
                        blocks[m.id].append("0000 - F")
                        totals[m.id] += 1.0
                    elif r.kind is RoundKind.HALF_BYE:
                        blocks[m.id].append("0000 - H")
                        totals[m.id] += 0.5
                    elif r.kind is RoundKind.PAB:
                        blocks[m.id].append("0000 - " + {1.0: "U", 0.5: "H", 0.0: "Z"}[shares[b]])
                        totals[m.id] += shares[b]
                    else:
                        blocks[m.id].append("0000 - Z")
            for m in roster[team.tpn]:
                if m.id not in done:
                    blocks[m.id].append("0000 - Z")
    for team in teams:
        for m in roster[team.tpn]:
            head = (f"001 {m.id:4d}      {m.name[:33]:<33} {m.rating or 0:4d} FID {0:>11} {'':10} "
                    f"{_points(totals[m.id])} {m.id:4d}")
            lines.append(head + "".join("  " + blk for blk in blocks[m.id]))
    for team in teams:
        ids = " ".join(f"{m.id:4d}" for m in roster[team.tpn])
        name = team.name or f"Team {team.tpn}"
        lines.append(f"310 {team.tpn:3d} {name[:32]:<32} {'':5} {'':6} "
                     f"{match_points(team):6.1f} {game_points(team):6.1f} {team.tpn:3d}  {ids}")
    lines += out_of_order
    for a in baku_records(tournament, frozenset(absent_next)):
        lines.append(f"250 {a.match_points:4.1f} {a.game_points:4.1f} {a.first_round:3d} {a.last_round:3d} "
                     f"{a.first_team:4d} {a.last_team:4d}")
    for pr in rules.prohibited:
        lines.append(f"260 {pr.first_round:3d} {pr.last_round:3d} "
                     + " ".join(f"{x:4d}" for x in sorted(pr.teams)))
    pabs = []
    for rnd in range(1, played_rounds + 1):
        who = [t.tpn for t in teams if len(t.rounds) >= rnd and t.rounds[rnd - 1].kind is RoundKind.PAB]
        pabs.append(who[0] if who else 0)
    if any(pabs):
        mp, gp = rules.pab_points
        lines.append(f"320 {_points(mp)} {_points(gp)} " + " ".join(f"{p:3d}" for p in pabs))
    for rnd in range(1, played_rounds + 2):
        if rnd <= played_rounds:
            gone = [t.tpn for t in teams
                    if len(t.rounds) >= rnd and t.rounds[rnd - 1].kind is RoundKind.ABSENT]
        else:
            gone = sorted(absent_next)
        if gone:
            lines.append(f"240 Z {rnd:3d} " + " ".join(f"{p:4d}" for p in gone))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ reading

class TeamTrfError(ValueError):
    """A TRF team file that cannot be read, located at a line (and column)."""

    def __init__(self, message: str, line: int = 0, column: int = 0, filename: str = "") -> None:
        self.message, self.line, self.column, self.filename = message, line, column, filename
        where = ":".join(str(x) for x in (filename, line or "", column or "") if x != "")
        super().__init__(f"{where}: {message}" if where else message)


_PLAYED = {"1": "W", "0": "L", "=": "D", "W": "W", "D": "D", "L": "L"}
_FORFEIT = {"+": "W", "-": "L"}


def _num(text: str, code: str, line: int, column: int) -> float:
    try:
        return float(text.strip())
    except ValueError:
        raise TeamTrfError(f"{code}: {text.strip() or '-'} is not a number", line, column) from None


def parse_type_code(code: str, line: int = 0) -> dict[str, object]:
    """The rules a record ``192`` team code states (TRF-2026 ETT table):
    ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]``.  ``FIDE_TEAM`` alone is
    ``FIDE_TEAM_TYPEA_MP_GP``; a code naming scores but no type has no colour
    preferences; one score named means the other is not used for colours."""
    parts = code.strip().upper().split("_")
    if parts[:2] != ["FIDE", "TEAM"]:
        raise TeamTrfError(f"192: {code.strip()} is not a FIDE_TEAM code", line, 5)
    rest = parts[2:]
    out: dict[str, object] = {}
    if rest and rest[-1] == "BAKU":  # C.04.7 on match points
        out["baku"] = True
        rest = rest[:-1]
    if not rest:
        return {"colour_model": ColourModel.TYPE_A, **out}
    models = {"TYPEA": ColourModel.TYPE_A, "TYPEB": ColourModel.TYPE_B}
    out["colour_model"] = models.get(rest[0], ColourModel.NONE)
    if rest[0] in models:
        rest = rest[1:]
    scores = {"MP": Score.MATCH_POINTS, "GP": Score.GAME_POINTS}
    if not rest or len(rest) > 2 or any(p not in scores for p in rest):
        raise TeamTrfError(f"192: {code.strip()} is not a FIDE_TEAM code", line, 5)
    out["primary"] = scores[rest[0]]
    out["secondary_for_colour"] = len(rest) == 2
    return out


def read_team_trf(text: str, filename: str = "",
                  pending: bool = False) -> tuple[TeamTournament, frozenset[int]]:
    """Read a TRF-2026 team file for pairing: the tournament and the teams
    absent from the next round.  Raises :class:`TeamTrfError` (file, line,
    column) on anything it cannot read, and on a last round that is paired
    but has no result yet unless ``pending`` (then the rounds with results are
    read and the pending one is left out, as standings want)."""
    try:
        return _read(text, pending)
    except TeamTrfError as e:
        raise TeamTrfError(e.message, e.line, e.column, filename) from None


def _read(text: str, pending: bool = False) -> tuple[TeamTournament, frozenset[int]]:
    rounds = 0
    initial = Colour.WHITE
    settings: dict[str, object] = {"colour_model": ColourModel.TYPE_A}
    type_line = 0
    seq = ""
    mp_scale = {"W": 2.0, "D": 1.0, "L": 0.0}
    gp_scale = {"W": 1.0, "D": 0.5, "L": 0.0}
    players: dict[int, tuple[int, list[tuple[int, str, str]]]] = {}  # id -> (line, blocks)
    names: dict[int, tuple[str, int]] = {}                           # id -> (name, rating)
    teams: dict[int, tuple[int, str, list[int]]] = {}                # tpn -> (line, name, roster)
    pab_points: tuple[float, float] | None = None
    pabs: dict[int, int] = {}                                        # round -> tpn
    byes: dict[tuple[int, int], str] = {}                            # (round, tpn) -> F/H/Z
    accel: list[tuple[int, Acceleration]] = []                       # (line, record 250)
    prohibited: list[tuple[int, Prohibition]] = []                   # (line, record 260)
    lineups: dict[tuple[int, int], tuple[int, int, list[int]]] = {}  # (round, tpn) -> (line, opp, ids)
    forfeited: dict[tuple[int, int], tuple[int, str, int]] = {}      # (round, tpn) -> (line, +/-, opp)
    informative: list[tuple[int, int, int]] = []                     # (line, column, tpn) of 801/802
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        code = line[:3]
        if code == "142":
            rounds = int(_num(line[4:], "142", no, 5))
        elif code == "152":
            value = line[4:].strip().upper()[:1]
            if value not in ("W", "B"):
                raise TeamTrfError(f"152: initial colour must be W or B, not {line[4:].strip()}", no, 5)
            initial = Colour(value)
        elif code == "192":
            settings.update(parse_type_code(line[4:], no))
            type_line = no
        elif code == "352":
            seq = line[4:].strip().upper()
            if not seq or set(seq) - {"W", "B"}:
                raise TeamTrfError(f"352: board colours {seq} must be W and B only", no, 5)
        elif code == "362":
            for sym, value in re.findall(r"T([WDL])\s*([-0-9.]+)", line[4:]):
                mp_scale[sym] = _num(value, "362", no, 5)
        elif code == "162":
            for sym, value in re.findall(r"([WDL])\s*([-0-9.]+)", line[4:]):
                gp_scale[sym] = _num(value, "162", no, 5)
        elif code == "001":
            pid = int(_num(line[4:8], "001", no, 5))
            blocks = []
            for start in range(91, len(line), 10):
                block = line[start:start + 8]
                if not block.strip():
                    blocks.append((0, " ", " "))
                    continue
                opp_text = block[0:4].strip()
                if opp_text and not opp_text.isdigit():
                    raise TeamTrfError(f"round {len(blocks) + 1}: opponent {opp_text} is not a number",
                                       no, start + 1)
                # a block cut short by the line's end: no colour / result yet (" ")
                blocks.append((int(opp_text or 0), block[5:6].upper() or " ",
                               block[7:8].upper() or " "))
            players[pid] = (no, blocks)
            rating = line[48:52].strip()
            names[pid] = (line[14:47].strip(), int(rating) if rating.isdigit() else 0)
        elif code == "310":
            tpn = int(_num(line[4:7], "310", no, 5))
            roster = []
            for start in range(73, len(line), 5):
                field = line[start:start + 4].strip()
                if field:
                    if not field.isdigit():
                        raise TeamTrfError(f"310: {field} is not a number", no, start + 1)
                    roster.append(int(field))
            if tpn in teams:
                raise TeamTrfError(f"310: team {tpn} given twice (first on line {teams[tpn][0]})", no, 5)
            teams[tpn] = (no, line[8:40].strip(), roster)
        elif code == "320":
            pab_points = (_num(line[4:8], "320", no, 5),
                          _num(line[9:13], "320", no, 10))
            for rnd, start in enumerate(range(14, len(line), 4), start=1):
                field = line[start:start + 3].strip()
                if field and field != "0":
                    if not field.isdigit():
                        raise TeamTrfError(f"320: {field} is not a number", no, start + 1)
                    pabs[rnd] = int(field)
        elif code == "240":
            kind = line[4:5].upper() or "Z"
            kind = "Z" if kind == " " else kind
            if kind not in "FHZ":
                raise TeamTrfError(f"240: bye type must be F, H or Z, not {kind}", no, 5)
            rnd = int(_num(line[6:9], "240", no, 7))
            for field in line[10:].split():
                if not field.isdigit():
                    raise TeamTrfError(f"240: {field} is not a number", no, 11)
                byes[(rnd, int(field))] = kind
        elif code == "250":
            accel.append((no, _acceleration(line, no)))
        elif code == "260":
            # prohibited pairings: first round 5-7, last round 9-11, teams from 13 (5 columns each)
            first = _int(line[4:7], "260", no, 5)
            last = _int(line[8:11], "260", no, 9) or first
            group = [_int(line[k:k + 4], "260", no, k + 1) for k in range(12, len(line), 5)
                     if line[k:k + 4].strip()]
            if first < 1 or last < first:
                raise TeamTrfError(f"260: rounds {first}-{last} are not a range", no, 5)
            prohibited.append((no, Prohibition(first, last, frozenset(group))))
        elif code == "300":
            # out-of-order line-up: round 5-7, team 9-11, opponent 13-15, then
            # the players in board order from column 17 (0 = board left empty)
            rnd, tpn, opp = (_int(line[a:b], "300", no, a + 1) for a, b in ((4, 7), (8, 11), (12, 15)))
            ids = [_int(line[k:k + 4], "300", no, k + 1) for k in range(16, len(line), 5)
                   if line[k:k + 4].strip()]
            if (rnd, tpn) in lineups:
                raise TeamTrfError(f"300: line-up of team {tpn} in round {rnd} given twice "
                                   f"(first on line {lineups[(rnd, tpn)][0]})", no, 9)
            lineups[(rnd, tpn)] = (no, opp, ids)
        elif code == "330":
            # forfeited match: type 5-6 (+-, -+, --), round 8-10, white team 12-14, black 16-18
            kind = line[4:6]
            if kind not in ("+-", "-+", "--"):
                raise TeamTrfError(f"330: forfeit type must be +-, -+ or --, not {kind.strip() or '-'}",
                                   no, 5)
            rnd, white, black = (_int(line[a:b], "330", no, a + 1) for a, b in ((7, 10), (11, 14), (15, 18)))
            for tpn, opp, sym, col in ((white, black, kind[0], 12), (black, white, kind[1], 16)):
                if (rnd, tpn) in forfeited:
                    raise TeamTrfError(f"330: team {tpn} has two forfeited matches in round {rnd}", no, col)
                forfeited[(rnd, tpn)] = (no, sym, opp)
        elif code in ("801", "802"):
            # informative crosstables: recomputed from the results, only the team checked
            token = (line[4:].split() or ["0"])[0]
            col = 5 + len(line[4:]) - len(line[4:].lstrip())
            informative.append((no, col, _int(token, code, no, col)))
    if not teams:
        raise TeamTrfError("no 310 team records: not a team file", 0, 0)
    if rounds < 1:
        raise TeamTrfError("record 142 (the number of rounds) is needed to pair a team event", 0, 0)
    tpns = sorted(teams)
    if tpns != list(range(1, len(tpns) + 1)):
        raise TeamTrfError("310: team numbers must run from 1 to the number of teams "
                           "(C.04.6 art. 1.1.1)", teams[tpns[-1]][0], 5)
    team_of: dict[int, int] = {}  # player -> tpn
    for tpn, (no, _name, roster) in teams.items():
        if not roster:
            raise TeamTrfError(f"310: team {tpn} has no players", no, 74)
        for board, pid in enumerate(roster):
            if pid not in players:
                raise TeamTrfError(f"310: player {pid} of team {tpn} has no 001 record", no, 74 + 5 * board)
            team_of[pid] = tpn
    for no, col, tpn in informative:
        if tpn not in teams:
            raise TeamTrfError(f"informative record: no team {tpn}", no, col)
    for no, pr in prohibited:
        for tpn in sorted(pr.teams):
            if tpn not in teams:
                raise TeamTrfError(f"260: no team {tpn}", no, 13)
    for no, a in accel:
        for tpn in (a.first_team, a.last_team):
            if tpn not in teams:
                raise TeamTrfError(f"250: no team {tpn}", no, 23)
    for (_rnd, tpn), (no, opp, ids) in lineups.items():
        if tpn not in teams or opp not in teams:
            raise TeamTrfError(f"300: no team {tpn if tpn not in teams else opp}", no,
                               9 if tpn not in teams else 13)
        for k, pid in enumerate(ids):
            if pid and pid not in players:
                raise TeamTrfError(f"300: player {pid} has no 001 record", no, 17 + 5 * k)
            if pid and pid not in team_of:
                # a player of no 310 list who plays for the team joins it
                team_of[pid] = tpn
                teams[tpn][2].append(pid)
            if pid and team_of[pid] != tpn:
                raise TeamTrfError(f"300: player {pid} is not in team {tpn}", no, 17 + 5 * k)
    for (_rnd, tpn), (no, _sym, _opp) in forfeited.items():
        if tpn not in teams:
            raise TeamTrfError(f"330: no team {tpn}", no, 12)
    boards = len(seq) or max(1, *(len(r) for _n, _x, r in teams.values()))
    seq = seq or "".join("WB"[i % 2] for i in range(boards))
    rules = TeamRules(rounds=rounds, boards=boards, initial_colour=initial,
                      win_match_points=mp_scale["W"], draw_match_points=mp_scale["D"],
                      loss_match_points=mp_scale["L"],
                      pab_match_points=pab_points[0] if pab_points else None,
                      pab_game_points=pab_points[1] if pab_points else None,
                      acceleration=tuple(a for _no, a in accel), board_colours=seq,
                      prohibited=tuple(pr for _no, pr in prohibited),
                      **settings)  # type: ignore[arg-type]
    if (rules.baku or rules.acceleration) and rules.primary is Score.GAME_POINTS:
        raise TeamTrfError("an acceleration cannot be used when game points are the "
                           "primary score (C.04.7 art. 1.4.4)", accel[0][0] if accel else type_line,
                           1 if accel else 5)
    # a pairing without a result: not yet played (an export made during a round)
    played_rounds = max([rnd for rnd, _t in forfeited] + [
        i + 1 for _no, blocks in players.values() for i, b in enumerate(blocks)
        if b[2] in _PLAYED or b[2] in _FORFEIT] + [0])
    paired = [(rnd, 0, 1) for rnd in pabs if rnd > played_rounds] + [
        (i + 1, no, 92 + 10 * i) for no, blocks in players.values()
        for i, b in enumerate(blocks) if b[0] > 0 and i + 1 > played_rounds]
    if paired and not pending:
        rnd, no, column = min(paired, key=lambda x: (x[0], x[1] == 0, x[1]))
        raise TeamTrfError(f"round {rnd} is paired but has no result yet", no or type_line, column)
    out = [Team(tpn, teams[tpn][1], members=[Member(pid, *names[pid]) for pid in teams[tpn][2]])
           for tpn in tpns]
    for rnd in range(1, played_rounds + 1):
        seats = {tpn: _seats(rnd, tpn, teams[tpn][2], players, lineups, boards) for tpn in tpns}
        info: dict[int, _Match] = {}
        for tpn in tpns:
            m = _match_of(rnd, tpn, seats[tpn], players, team_of, gp_scale, seq, teams[tpn][0])
            ff = forfeited.get((rnd, tpn))
            if ff is not None:
                if m.opponent and m.opponent != ff[2]:
                    raise TeamTrfError(f"round {rnd}: team {tpn} plays two teams ({m.opponent} and "
                                       f"{ff[2]})", ff[0], 12)
                m.opponent, m.forfeit, m.played = ff[2], ff[1], False
                if not m.any_result:
                    m.gp = float(boards) * gp_scale["W"] if ff[1] == "+" else 0.0
            elif m.opponent == 0 and m.any_result and (rnd, tpn) not in byes and pabs.get(rnd) != tpn:
                raise TeamTrfError(f"round {rnd}: team {tpn} has results but no opponent "
                                   f"(a forfeited match needs a 330 record)", teams[tpn][0], 1)
            if m.opponent:
                info[tpn] = m
        for tpn, m in info.items():
            other = info.get(m.opponent)
            if other is None or other.opponent != tpn:
                raise TeamTrfError(f"round {rnd}: team {tpn} plays two teams ({m.opponent} and "
                                   f"{other.opponent if other else 0})", teams[tpn][0], 1)
        for tpn, team in zip(tpns, out, strict=True):
            if tpn in info:
                m = info[tpn]
                mine, theirs = m.gp, info[m.opponent].gp
                extra = {"boards": m.board_points, "lineup": m.lineup,
                         "unplayed_boards": m.unplayed}
                if m.played:
                    if m.colour is None:
                        raise TeamTrfError(f"round {rnd}: team {tpn} played without a colour",
                                           teams[tpn][0], 1)
                    team.rounds.append(TeamRound(RoundKind.PLAYED, rules.match_points_for(mine, theirs),
                                                 mine, m.opponent, m.colour, **extra))  # type: ignore[arg-type]
                else:
                    if m.forfeit:
                        unplayed = {"+": RoundKind.FORFEIT_WIN, "-": RoundKind.FORFEIT_LOSS}[m.forfeit] \
                            if info[m.opponent].forfeit != m.forfeit else RoundKind.DOUBLE_FORFEIT
                    else:
                        unplayed = (RoundKind.FORFEIT_WIN if mine > theirs else RoundKind.FORFEIT_LOSS
                                    if mine < theirs else RoundKind.DOUBLE_FORFEIT)
                    mp = (rules.win_match_points if unplayed is RoundKind.FORFEIT_WIN
                          else rules.loss_match_points)
                    team.rounds.append(TeamRound(unplayed, mp, mine, m.opponent, scheduled=m.colour,
                                                 **extra))  # type: ignore[arg-type]
            elif pabs.get(rnd) == tpn:
                mp, g = rules.pab_points
                team.rounds.append(TeamRound(RoundKind.PAB, mp, g))
            elif byes.get((rnd, tpn)) == "F":
                team.rounds.append(TeamRound(RoundKind.FULL_BYE, rules.win_match_points, float(boards)))
            elif byes.get((rnd, tpn)) == "H":
                team.rounds.append(TeamRound(RoundKind.HALF_BYE, rules.draw_match_points, boards / 2))
            else:
                team.rounds.append(TeamRound(RoundKind.ABSENT))
    absent_next = frozenset(tpn for (rnd, tpn) in byes if rnd == played_rounds + 1)
    return TeamTournament(rules, out), absent_next


def _int(text: str, code: str, line: int, column: int) -> int:
    text = text.strip()
    if not text:
        return 0
    if not text.isdigit():
        raise TeamTrfError(f"{code}: {text} is not a number", line, column)
    return int(text)


def _acceleration(line: str, no: int) -> Acceleration:
    """Record 250: match points 5-8, game points 10-13, first round 15-17,
    last round 19-21 (blank: the first), first team 23-26, last team 28-31
    (blank: the first)."""
    mp = _num(line[4:8], "250", no, 5) if line[4:8].strip() else 0.0
    gp = _num(line[9:13], "250", no, 10) if line[9:13].strip() else 0.0
    first = _int(line[14:17], "250", no, 15)
    last = _int(line[18:21], "250", no, 19) or first
    lo = _int(line[22:26], "250", no, 23)
    hi = _int(line[27:31], "250", no, 28) or lo
    if first < 1 or last < first:
        raise TeamTrfError(f"250: rounds {first}-{last} are not a range", no, 15)
    if lo < 1 or hi < lo:
        raise TeamTrfError(f"250: teams {lo}-{hi} are not a range", no, 23)  # first-last
    return Acceleration(mp, gp, first, last, lo, hi)


def _seats(rnd: int, tpn: int, roster: list[int],
           players: dict[int, tuple[int, list[tuple[int, str, str]]]],
           lineups: dict[tuple[int, int], tuple[int, int, list[int]]], boards: int) -> list[int]:
    """The player on each board of team ``tpn`` in round ``rnd`` (0: empty):
    the ``300`` line-up when there is one, else the members with a game or a
    forfeit in that round, in the order of the team's list."""
    if (rnd, tpn) in lineups:
        ids = lineups[(rnd, tpn)][2][:boards]
    else:
        ids = []
        for pid in roster:
            blocks = players[pid][1]
            opp, _col, res = blocks[rnd - 1] if rnd <= len(blocks) else (0, " ", " ")
            if opp > 0 or res == "+":
                ids.append(pid)
        ids = ids[:boards]
    return ids + [0] * (boards - len(ids))


class _Match:
    """What a team's players' records say about its match of one round."""

    def __init__(self) -> None:
        self.opponent = 0
        self.played = False
        self.colour: Colour | None = None
        self.gp = 0.0
        self.forfeit = ""
        self.any_result = False
        self.board_points: tuple[float, ...] = ()
        self.lineup: tuple[int, ...] = ()
        self.unplayed: frozenset[int] = frozenset()


def _match_of(rnd: int, tpn: int, seats: list[int],
              players: dict[int, tuple[int, list[tuple[int, str, str]]]], team_of: dict[int, int],
              gp_scale: dict[str, float], seq: str, team_line: int) -> _Match:
    m = _Match()
    points, unplayed = [], set()
    for board, pid in enumerate(seats):
        if not pid:
            points.append(0.0)  # an empty board: lost by forfeit
            unplayed.add(board)
            continue
        pno, blocks = players[pid]
        opp, col, res = blocks[rnd - 1] if rnd <= len(blocks) else (0, " ", " ")
        column = 92 + 10 * (rnd - 1)
        if opp > 0:
            if opp not in team_of:
                raise TeamTrfError(f"round {rnd}: opponent {opp} is in no team", pno, column)
            if m.opponent and team_of[opp] != m.opponent:
                raise TeamTrfError(f"round {rnd}: team {tpn} plays two teams ({m.opponent} and "
                                   f"{team_of[opp]})", pno, column)
            m.opponent = team_of[opp]
        if res in _PLAYED and opp > 0:
            m.played = True
            pts = gp_scale[_PLAYED[res]]
        elif res in _FORFEIT:
            pts = gp_scale[_FORFEIT[res]]
            unplayed.add(board)
        elif res in (" ", "Z") and opp == 0:
            pts = 0.0
            unplayed.add(board)
        elif res == " ":
            raise TeamTrfError(f"round {rnd}: the game of player {pid} has no result", pno, column + 7)
        else:
            raise TeamTrfError(f"round {rnd}: unknown result code {res}", pno, column + 7)
        m.any_result = m.any_result or res in _PLAYED or res in _FORFEIT
        m.gp += pts
        points.append(pts)
        if m.colour is None and col in ("W", "B"):
            # art. 1.6.1: the first board's colour; another board's tells it by 352
            c = Colour(col)
            m.colour = c if seq[board] == seq[0] else c.other
    m.board_points = tuple(points)
    m.lineup = tuple(seats)
    m.unplayed = frozenset(unplayed)
    return m
