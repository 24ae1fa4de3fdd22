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

:func:`read_team_trf` reads such a file back for pairing: each team's round is
derived from its players' ``001`` entries (the first board's colour is the
team's, art. 1.6.1; a match is played when one of its games was played, a
forfeit when all were forfeited), the PABs from ``320``, the full-/half-point
byes and absences from ``240`` (a ``240 Z`` of the round after the last one
played names the teams absent from the round to be paired).  Out-of-order
line-ups (``300``) and accelerations (``250``, ``_BAKU``) are not read yet:
a file with them is refused, never mis-paired.

The writer produces what another program needs to pair the next round: team
``t`` has players ``(t-1)*boards + 1 .. t*boards`` on boards 1..boards, and the
board results of a played match are taken from :attr:`TeamRound.game_points`
(as many wins, then a draw, then losses).  Forfeits are written as ``+``/``-``
on every board.
"""

from __future__ import annotations

import re

from swisschess.teams.model import (
    Colour,
    ColourModel,
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
    seq = board_colours or "".join("WB"[i % 2] for i in range(boards))
    played_rounds = tournament.rounds_played
    teams = sorted(tournament.teams, key=lambda t: t.tpn)
    nplayers = len(teams) * boards
    lines = [
        "012 Team tournament",
        f"062 {nplayers}",
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

    def pid(tpn: int, board: int) -> int:
        return (tpn - 1) * boards + board + 1

    for team in teams:
        for b in range(boards):
            total = 0.0
            blocks = []
            for r in team.rounds:
                if r.kind is RoundKind.PLAYED and r.opponent is not None and r.colour is not None:
                    mine = _board_results(r.game_points, boards)[b]
                    total += mine
                    white_board1 = r.colour is Colour.WHITE
                    colour = seq[b] if white_board1 else ("B" if seq[b] == "W" else "W")
                    res = {1.0: "1", 0.5: "=", 0.0: "0"}[mine]
                    blocks.append(f"{pid(r.opponent, b):4d} {colour.lower()} {res}")
                elif r.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS,
                                RoundKind.DOUBLE_FORFEIT) and r.opponent is not None:
                    won = r.kind is RoundKind.FORFEIT_WIN
                    total += 1.0 if won else 0.0
                    # the scheduled colours (no colour in the sense of art. 1.6.1)
                    first = r.scheduled or (Colour.WHITE if team.tpn < r.opponent else Colour.BLACK)
                    colour = seq[b] if first is Colour.WHITE else ("B" if seq[b] == "W" else "W")
                    blocks.append(f"{pid(r.opponent, b):4d} {colour.lower()} {'+' if won else '-'}")
                elif r.kind is RoundKind.FULL_BYE:
                    total += 1.0
                    blocks.append("0000 - F")
                elif r.kind is RoundKind.HALF_BYE:
                    total += 0.5
                    blocks.append("0000 - H")
                elif r.kind is RoundKind.PAB:
                    share = _board_results(r.game_points, boards)[b]
                    total += share
                    blocks.append("0000 - " + {1.0: "U", 0.5: "H", 0.0: "Z"}[share])
                else:
                    blocks.append("0000 - Z")
            name = f"Team {team.tpn} board {b + 1}"
            head = (f"001 {pid(team.tpn, b):4d}      {name:<33} 2000 FID {0:>11} {'':10} "
                    f"{_points(total)} {pid(team.tpn, b):4d}")
            lines.append(head + "".join("  " + blk for blk in blocks))
    for team in teams:
        members = " ".join(f"{pid(team.tpn, b):4d}" for b in range(boards))
        name = team.name or f"Team {team.tpn}"
        lines.append(f"310 {team.tpn:3d} {name[:32]:<32} {'':5} {'':6} "
                     f"{match_points(team):6.1f} {game_points(team):6.1f} {team.tpn:3d}  {members}")
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
    if "BAKU" in rest:
        raise TeamTrfError("192: the Baku acceleration of team events is not supported yet", line, 5)
    out: dict[str, object] = {}
    if not rest:
        return {"colour_model": ColourModel.TYPE_A}
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


def read_team_trf(text: str, filename: str = "") -> tuple[TeamTournament, frozenset[int]]:
    """Read a TRF-2026 team file for pairing: the tournament and the teams
    absent from the next round.  Raises :class:`TeamTrfError` (file, line,
    column) on anything it cannot read."""
    try:
        return _read(text)
    except TeamTrfError as e:
        raise TeamTrfError(e.message, e.line, e.column, filename) from None


def _read(text: str) -> tuple[TeamTournament, frozenset[int]]:
    rounds = 0
    initial = Colour.WHITE
    settings: dict[str, object] = {"colour_model": ColourModel.TYPE_A}
    seq = ""
    mp_scale = {"W": 2.0, "D": 1.0, "L": 0.0}
    gp_scale = {"W": 1.0, "D": 0.5, "L": 0.0}
    players: dict[int, tuple[int, list[tuple[int, str, str]]]] = {}  # id -> (line, blocks)
    teams: dict[int, tuple[int, str, list[int]]] = {}                # tpn -> (line, name, roster)
    pab_points: tuple[float, float] | None = None
    pabs: dict[int, int] = {}                                        # round -> tpn
    byes: dict[tuple[int, int], str] = {}                            # (round, tpn) -> F/H/Z
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
                blocks.append((int(opp_text or 0), block[5:6].upper(), block[7:8].upper()))
            players[pid] = (no, blocks)
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
        elif code in ("300", "250"):
            raise TeamTrfError(f"record {code} is not supported yet for team pairing", no, 1)
    if not teams:
        raise TeamTrfError("no 310 team records: not a team file", 0, 0)
    if rounds < 1:
        raise TeamTrfError("record 142 (the number of rounds) is needed to pair a team event", 0, 0)
    tpns = sorted(teams)
    if tpns != list(range(1, len(tpns) + 1)):
        raise TeamTrfError("310: team numbers must run from 1 to the number of teams "
                           "(C.04.6 art. 1.1.1)", teams[tpns[-1]][0], 5)
    team_of: dict[int, tuple[int, int]] = {}  # player -> (tpn, board index)
    for tpn, (no, _name, roster) in teams.items():
        if not roster:
            raise TeamTrfError(f"310: team {tpn} has no players", no, 74)
        for board, pid in enumerate(roster):
            if pid not in players:
                raise TeamTrfError(f"310: player {pid} of team {tpn} has no 001 record", no, 74 + 5 * board)
            team_of[pid] = (tpn, board)
    boards = len(seq) or max(1, *(len(r) for _n, _x, r in teams.values()))
    seq = seq or "".join("WB"[i % 2] for i in range(boards))
    rules = TeamRules(rounds=rounds, boards=boards, initial_colour=initial,
                      win_match_points=mp_scale["W"], draw_match_points=mp_scale["D"],
                      loss_match_points=mp_scale["L"],
                      pab_match_points=pab_points[0] if pab_points else None,
                      pab_game_points=pab_points[1] if pab_points else None,
                      **settings)  # type: ignore[arg-type]
    played_rounds = max([rnd for rnd in pabs] + [
        i + 1 for _no, blocks in players.values() for i, b in enumerate(blocks) if b[0] > 0] + [0])
    out = [Team(tpn, teams[tpn][1]) for tpn in tpns]
    for rnd in range(1, played_rounds + 1):
        gp: dict[int, float] = {}
        info: dict[int, tuple[int, bool, Colour | None]] = {}  # tpn -> (opponent, played, colour)
        for tpn in tpns:
            no, _name, roster = teams[tpn]
            opponent, played, colour, total, paired = 0, False, None, 0.0, False
            for board, pid in enumerate(roster):
                pno, blocks = players[pid]
                opp, col, res = blocks[rnd - 1] if rnd <= len(blocks) else (0, " ", " ")
                if opp <= 0:
                    continue
                paired = True
                if opp not in team_of:
                    raise TeamTrfError(f"round {rnd}: opponent {opp} is in no team", pno,
                                       92 + 10 * (rnd - 1))
                if opponent and team_of[opp][0] != opponent:
                    raise TeamTrfError(f"round {rnd}: team {tpn} plays two teams ({opponent} and "
                                       f"{team_of[opp][0]})", pno, 92 + 10 * (rnd - 1))
                opponent = team_of[opp][0]
                if res in _PLAYED:
                    played = True
                    total += gp_scale[_PLAYED[res]]
                elif res in _FORFEIT:
                    total += gp_scale[_FORFEIT[res]]
                else:
                    raise TeamTrfError(f"round {rnd}: unknown result code {res}", pno, 99 + 10 * (rnd - 1))
                if colour is None and col in ("W", "B"):
                    # art. 1.6.1: the first board's colour; another board's tells it by 352
                    c = Colour(col)
                    colour = c if seq[board] == seq[0] else c.other
            if paired:
                gp[tpn] = total
                info[tpn] = (opponent, played, colour)
        for tpn, team in zip(tpns, out, strict=True):
            if tpn in info:
                opponent, played, colour = info[tpn]
                mine, theirs = gp[tpn], gp.get(opponent, 0.0)
                if played:
                    if colour is None:
                        raise TeamTrfError(f"round {rnd}: team {tpn} played without a colour",
                                           teams[tpn][0], 1)
                    team.rounds.append(TeamRound(RoundKind.PLAYED, rules.match_points_for(mine, theirs),
                                                 mine, opponent, colour))
                else:
                    unplayed = (RoundKind.FORFEIT_WIN if mine > theirs else RoundKind.FORFEIT_LOSS
                                if mine < theirs else RoundKind.DOUBLE_FORFEIT)
                    mp = (rules.win_match_points if unplayed is RoundKind.FORFEIT_WIN
                          else rules.loss_match_points)
                    team.rounds.append(TeamRound(unplayed, mp, mine, opponent, scheduled=colour))
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
