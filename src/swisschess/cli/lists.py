"""Pairing lists for the terminal and the notice board: one layout for every command.

``next-round``, ``show pairings``, ``edit-pairing`` and ``pair FILE`` print the
same list (arbiter review #12, #13): a header row, for each board the players'
pairing numbers, titles, names, ratings and points before the round and the
result (blank while the game is on), then every player who is not on a board
with the reason (pairing-allocated bye, requested half-point or full-point
bye, absent).  Points are written as chess lists write them in every
language (``2½``); column widths follow the translated headers, so the columns
stay aligned in every language (review #20).
"""

from __future__ import annotations

from collections.abc import Sequence

from swisschess import i18n
from swisschess.i18n import gettext as _
from swisschess.i18n.terms import BYE_NAMES, bye_name, round_title, tiebreak_name
from swisschess.model.history import absent_by_withdrawal
from swisschess.model.tournament import Tournament

#: Names longer than this are cut in the list (the TRF allows 33 characters).
NAME_WIDTH = 28


def extra_label(code: str) -> str:
    """Why a player is not on a board: ``U`` pairing-allocated bye, ``H``, ``F``, ``Z``."""
    return bye_name(code) if code in BYE_NAMES else _("not paired (absent)")


def pairing_list(t: Tournament, rnd: int, boards: Sequence[tuple[int, int]],
                 results: Sequence[str | None] | None = None,
                 extras: Sequence[tuple[int, str]] = ()) -> list[str]:
    """The lines of round ``rnd``'s pairing list (title line first).

    ``boards`` are (white, black) pairing numbers in board order; ``results``
    the result of each board (``None``: not yet played); ``extras`` the players
    without a board and their code (``U`` for the pairing-allocated bye)."""
    results = list(results) if results is not None else [None] * len(boards)
    labels = {"Bd": _("Bd"), "No": _("No"), "Title": _("Title"), "White": _("White"),
              "Rtg": _("Rtg"), "Pts": _("Pts"), "Result": _("Result"), "Black": _("Black")}
    ids = [pid for b in boards for pid in b] + [pid for pid, _c in extras]
    players = [t.players[pid] for pid in ids]

    def width(label: str, values: Sequence[str], least: int = 0) -> int:
        return max([len(labels[label]), least, *map(len, values)])

    def name(pid: int) -> str:  # a TRF file may leave names blank
        return (t.players[pid].name or _("Player {n}").format(n=pid))[:NAME_WIDTH]

    names = [name(pid) for pid in ids]
    w_bd = width("Bd", [str(len(boards))])
    w_no = width("No", [str(pid) for pid in ids])
    w_ti = width("Title", [p.title for p in players])
    w_name = max(width("White", names, 10), len(labels["Black"]))
    w_rtg = width("Rtg", [str(p.rating or "") for p in players])
    w_pts = width("Pts", [i18n.points(t.score(pid, rnd - 1)) for pid in ids])
    w_res = width("Result", [r or "" for r in results])

    def side(pid: int) -> list[str]:
        p = t.players[pid]
        return [f"{pid:>{w_no}}", f"{p.title:<{w_ti}}", f"{name(pid):<{w_name}}",
                f"{p.rating or '':>{w_rtg}}", f"{i18n.points(t.score(pid, rnd - 1)):>{w_pts}}"]

    lines = [round_title(t, rnd)]
    head_white = [f"{labels['No']:>{w_no}}", f"{labels['Title']:<{w_ti}}",
                  f"{labels['White']:<{w_name}}", f"{labels['Rtg']:>{w_rtg}}",
                  f"{labels['Pts']:>{w_pts}}"]
    head_black = [f"{labels['No']:>{w_no}}", f"{labels['Title']:<{w_ti}}",
                  f"{labels['Black']:<{w_name}}", f"{labels['Rtg']:>{w_rtg}}",
                  f"{labels['Pts']:>{w_pts}}"]
    lines.append(" ".join([f"{labels['Bd']:>{w_bd}}", *head_white,
                           f"{labels['Result']:^{w_res}}", *head_black]).rstrip())
    for n, ((w, b), res) in enumerate(zip(boards, results, strict=True), 1):
        lines.append(" ".join([f"{n:>{w_bd}}", *side(w), f"{res or '':^{w_res}}",
                               *side(b)]).rstrip())
    for pid, code in extras:
        label = _("withdrawn") if absent_by_withdrawal(t.players[pid], code, rnd) else extra_label(code)
        lines.append(" ".join([" " * w_bd, *side(pid), label]).rstrip())
    return lines


def stored_round(svc, tid: int, rnd: int) -> list[str]:
    """The list of round ``rnd`` as stored (``show pairings``, ``edit-pairing``): boards
    with their results, then the PAB, requested byes and absences."""
    bvs = svc.boards(tid, rnd)
    return pairing_list(svc.tournament(tid), rnd, [(bv.white.id, bv.black.id) for bv in bvs],
                        [bv.result for bv in bvs],
                        [(p.id, code) for p, code in svc.round_extras(tid, rnd)])


def standings_list(st) -> list[str]:
    """The rows of ``show standings`` (a :class:`swisschess.store.ranking.Ranking`) as
    ``standings FILE`` prints them: rank, number, name, title, rating, federation,
    points, the tie-breaks, and a legend naming the tie-breaks."""
    head = [_("Rk"), _("No"), _("Name"), _("Title"), _("Rtg"), _("Fed"), _("Pts"), *st.names]
    rows = [[str(r.rank), str(r.player.id), r.player.name, r.player.title,
             str(r.player.rating or ""), r.player.federation, i18n.points(r.points),
             *("" if x is None else i18n.number(round(float(x), 2)) for x in r.tiebreaks)]
            for r in st.rows]
    widths = [max(len(x) for x in col) for col in zip(head, *rows, strict=True)]
    left = {2, 3, 5}  # name, title, federation

    def line(cells: list[str]) -> str:
        return " ".join(c.ljust(w) if i in left else c.rjust(w)
                        for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    out = [line(head), *(line(r) for r in rows)]
    if st.names:
        out.append(_("Tie-breaks:") + " "
                   + "; ".join(f"{x} = {tiebreak_name(x)}" for x in st.names))
    return out
