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

The writer produces what another program needs to pair the next round: team
``t`` has players ``(t-1)*boards + 1 .. t*boards`` on boards 1..boards, and the
board results of a played match are taken from :attr:`TeamRound.game_points`
(as many wins, then a draw, then losses).  Forfeits are written as ``+``/``-``
on every board.
"""

from __future__ import annotations

from swisschess.teams.model import (
    Colour,
    ColourModel,
    RoundKind,
    Score,
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
                    colour = "w" if team.tpn < r.opponent else "b"
                    blocks.append(f"{pid(r.opponent, b):4d} {colour} {'+' if won else '-'}")
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
