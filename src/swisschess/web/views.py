"""Formatting shared by the pages and the API (points, result words, crosstable cells)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from swisschess import i18n
from swisschess.i18n import N_, terms
from swisschess.i18n import gettext as _
from swisschess.model.history import absent_by_withdrawal
from swisschess.model.search import matches
from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament
from swisschess.pairing import registry
from swisschess.store.events import State, seed_order

RESULT_LABELS = {"1-0": "1–0", "0-1": "0–1", "1/2": "½–½", "0-0": "0–0", "+-": "+ / −", "-+": "− / +",
                 "--": "− / −", "1-0u": "1–0 (u)", "0-1u": "0–1 (u)", "1/2u": "½–½ (u)"}
#: English names, translated where shown (``translate(...)`` in templates).
BYE_LABELS = dict(terms.BYE_NAMES)


def extra_label(p: Player, code: str, rnd: int | None = None) -> str:
    """Why ``p`` is not on a board in round ``rnd``, in the reader's language: the
    bye or absence of ``code`` (``U``, ``H``, ``F``, ``Z``), or "withdrawn" for
    the rounds he misses because he withdrew (:func:`absent_by_withdrawal`; with
    ``rnd`` None, the round about to be paired)."""
    if absent_by_withdrawal(p, code, rnd):
        return _("withdrawn")
    return _(BYE_LABELS.get(code, code))


def result_label(word: str | None) -> str:
    return RESULT_LABELS.get(word or "", "")


def num(x: Fraction) -> float:
    return float(x)


def cell(e: RoundEntry | None) -> str:
    """Crosstable cell: ``12w1``, ``7b½``, ``+``, ``U``..."""
    if e is None or e.blank:
        return ""
    code = {"=": "½", "D": "½", "W": "1", "L": "0", "*": ""}.get(e.code, e.code)
    if e.opponent is None:
        return {"U": _("bye"), "H": _("½ bye"), "F": _("1 bye"), "Z": "–"}.get(e.code, e.code)
    # the local colour letters, as the legend and the other pages write them
    col = terms.colour_letter("w" if e.colour is Colour.WHITE else "b")
    return f"{e.opponent}{col}{code}"


def crosstable(s: State, ranks: dict[int, int]) -> list[dict[str, Any]]:
    t = s.t
    n = s.current_round
    rows = []
    for p in t.sorted_players():
        rows.append({"player": p, "cells": [cell(p.entry(i)) for i in range(1, n + 1)],
                     "points": t.score(p.id), "rank": ranks.get(p.id)})
    return rows


def byes_by_round(t: Tournament) -> dict[int, list[tuple[int, str]]]:
    out: dict[int, list[tuple[int, str]]] = {}
    for b in t.bye_requests:
        for pid in b.ids:
            out.setdefault(b.round, []).append((pid, b.code))
    return out


def tb(x: Fraction | float | int | None) -> str:
    """A tie-break value: 7, 6.5, 5.75 (6,5 in most of our languages)."""
    if x is None:
        return ""
    return i18n.number(round(float(x), 2))


def tb_text(text: str) -> str:
    """A tie-break value already written (``7.5``, ``3/2.5/1``, ``-``) with the
    local decimal mark, as :func:`tb` writes a number (``7,5`` in Slovenian)."""
    return "/".join(i18n.decimal_text(part) for part in text.split("/"))


def describe(kind: str, p: dict[str, Any], t: Tournament | None = None) -> str:
    """One line for the change log, for people."""
    def who(pid: Any) -> str:
        try:
            pid = int(pid)
        except (TypeError, ValueError):
            return str(pid)
        if t is not None and pid in t.players:
            return f"{pid} {t.players[pid].name}"
        return str(pid)

    if kind == "create":
        return _("Tournament created: {name}, {rounds} rounds").format(
            name=p.get("name"), rounds=p.get("rounds"))
    if kind == "register":
        return _("Player registered: {name} {rating}").format(
            name=p.get("name"), rating=p.get("rating") or "").rstrip()
    if kind == "result":
        word = result_label(p.get("result")) or p.get("result")
        what = (_("Result corrected, round {round}: {white} – {black} {result}")
                if p.get("correction") else _("Result, round {round}: {white} – {black} {result}"))
        return what.format(round=p.get("round"), white=who(p.get("white")),
                           black=who(p.get("black")), result=word)
    if kind == "clear_result":
        return _("Result cleared, round {round}: {white} – {black}").format(
            round=p.get("round"), white=who(p.get("white")), black=who(p.get("black")))
    if kind == "pair":
        n = len(p.get("boards", []))
        if p.get("manual"):
            return _("Round {round} paired by hand ({reason}): {n} boards").format(
                round=p.get("round"), reason=p.get("reason"), n=n)
        return _("Round {round} paired by the engine: {n} boards").format(round=p.get("round"), n=n)
    if kind == "edit_pairing":
        return _("Round {round} pairing edited by hand: {reason}").format(
            round=p.get("round"), reason=p.get("reason"))
    if kind == "undo_round":
        return _("Round {round} undone").format(round=p.get("round"))
    if kind == "bye":
        return _("{bye} requested for round {round}: {player}").format(
            bye=_(BYE_LABELS.get(str(p.get("code")), N_("bye"))), round=p.get("round"),
            player=who(p.get("id")))
    if kind == "cancel_bye":
        return _("Bye cancelled, round {round}: {player}").format(
            round=p.get("round"), player=who(p.get("id")))
    if kind == "withdraw":
        return _("Player withdrawn: {player}").format(player=who(p.get("id")))
    if kind == "reinstate":
        return _("Player reinstated: {player}").format(player=who(p.get("id")))
    if kind == "renumber":
        return _("Pairing numbers assigned by rating")
    if kind == "load_trf":
        return _("Imported from TRF file {file}").format(file=p.get("filename", ""))
    if kind == "update_player":
        return _("Player details corrected: {player}").format(player=who(p.get("id")))
    if kind == "forbid":
        players = ", ".join(who(i) for i in p.get("ids", []))
        if p.get("cancel"):
            return _("Forbidden pairing lifted: {players}").format(players=players)
        return _("Forbidden pairing: {players}").format(players=players)
    if kind == "settings":
        return _("Tournament settings changed: {settings}").format(
            settings=", ".join(f"{k}={v}" for k, v in p.items()))
    return kind


def install_filters(env) -> None:
    env.filters.update(pts=i18n.points, tb=tb, tb_text=tb_text, result_label=result_label)
    env.globals.update(
        describe=describe, BYE_LABELS=BYE_LABELS, extra_label=extra_label, PAIRING_EDITIONS=registry.EDITIONS,
        # the domain's terms in the reader's language (i18n.terms)
        tiebreak_name=terms.tiebreak_name, system_name=terms.system_name,
        edition_name=terms.edition_name, translate_float=terms.float_text,
        preference_name=terms.preference_name, colour_letter=terms.colour_letter,
        translate_note=terms.note)


# ------------------------------------------------------------ public lists
def starting_list(t: Tournament, seeded: bool) -> list[Player]:
    """Players by pairing number; before round 1 is paired (numbers not yet assigned
    by rating), by rating, title and name as they will be seeded."""
    players = t.sorted_players()
    return players if seeded else seed_order(players)


def find_my_board(s: State, q: str) -> list[dict[str, Any]]:
    """Players whose name matches ``q`` (case and diacritics ignored), each with
    where they play in the last round paired: board, colour and opponent, or why
    they have no board (bye, absent)."""
    t = s.t
    rnd = s.current_round
    boards = {pid: (n, pid == w, b if pid == w else w)
              for n, (w, b) in enumerate(s.boards.get(rnd, []), 1) for pid in (w, b)}
    out = []
    for p in t.sorted_players():
        if not matches(q, p.name):
            continue
        hit: dict[str, Any] = {"player": p, "round": rnd, "board": None}
        if p.id in boards:
            n, white, opp = boards[p.id]
            hit.update(board=n, white=white, opponent=t.players[opp])
        elif rnd:
            e = p.entry(rnd)
            hit["code"] = e.code if e is not None and not e.blank else None
        out.append(hit)
    return out


#: Short results typed in the keyboard entry form (one key where possible).
TYPED_RESULTS = {"1": "1-0", "0": "0-1", "5": "1/2", "h": "1/2", "r": "1/2", "+": "+-",
                 "-": "-+"}


def typed_result(word: str) -> str:
    """``1`` -> ``1-0``, ``0`` -> ``0-1``, ``5``/``=``/``½`` -> draw, ``+`` / ``-``
    forfeits; anything else as typed (the store reads 1-0, 1/2, +-, -- ...)."""
    w = word.strip().lower()
    return TYPED_RESULTS.get(w, word.strip())
