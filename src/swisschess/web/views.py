"""Formatting shared by the pages and the API (points, result words, crosstable cells)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from swisschess.model.tournament import Colour, RoundEntry, Tournament
from swisschess.pairing import registry
from swisschess.store.events import State

RESULT_LABELS = {"1-0": "1–0", "0-1": "0–1", "1/2": "½–½", "+-": "+ / −", "-+": "− / +",
                 "--": "− / −", "1-0u": "1–0 (u)", "0-1u": "0–1 (u)", "1/2u": "½–½ (u)"}
BYE_LABELS = {"U": "bye (pairing-allocated)", "H": "half-point bye", "F": "full-point bye",
              "Z": "absent (zero-point bye)"}


def pts(x: Fraction | float | int | None) -> str:
    """2, 2½, ½ ..."""
    if x is None:
        return ""
    x = Fraction(x)
    whole, frac = divmod(x, 1)
    if frac == 0:
        return str(int(whole))
    if frac == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    return f"{float(x):g}"


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
        return {"U": "bye", "H": "½ bye", "F": "1 bye", "Z": "–"}.get(e.code, e.code)
    col = "w" if e.colour is Colour.WHITE else "b"
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
    """A tie-break value: 7, 6.5, 5.75."""
    if x is None:
        return ""
    return f"{float(x):.2f}".rstrip("0").rstrip(".")


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
        return f"Tournament created: {p.get('name')}, {p.get('rounds')} rounds"
    if kind == "register":
        return f"Player registered: {p.get('name')} {p.get('rating') or ''}".rstrip()
    if kind == "result":
        word = result_label(p.get("result")) or p.get("result")
        what = "Result corrected" if p.get("correction") else "Result"
        return f"{what}, round {p.get('round')}: {who(p.get('white'))} – {who(p.get('black'))} {word}"
    if kind == "clear_result":
        return f"Result cleared, round {p.get('round')}: {who(p.get('white'))} – {who(p.get('black'))}"
    if kind == "pair":
        n = len(p.get("boards", []))
        how = f"by hand ({p.get('reason')})" if p.get("manual") else "by the engine"
        return f"Round {p.get('round')} paired {how}: {n} boards"
    if kind == "edit_pairing":
        return f"Round {p.get('round')} pairing edited by hand: {p.get('reason')}"
    if kind == "undo_round":
        return f"Round {p.get('round')} undone"
    if kind == "bye":
        return f"{BYE_LABELS.get(p.get('code'), 'bye')} requested for round {p.get('round')}: {who(p.get('id'))}"
    if kind == "cancel_bye":
        return f"Bye cancelled, round {p.get('round')}: {who(p.get('id'))}"
    if kind == "withdraw":
        return f"Player withdrawn: {who(p.get('id'))}"
    if kind == "reinstate":
        return f"Player reinstated: {who(p.get('id'))}"
    if kind == "renumber":
        return "Pairing numbers assigned by rating"
    if kind == "load_trf":
        return f"Imported from TRF file {p.get('filename', '')}"
    if kind == "update_player":
        return f"Player details corrected: {who(p.get('id'))}"
    if kind == "settings":
        return "Tournament settings changed: " + ", ".join(f"{k}={v}" for k, v in p.items())
    return kind


def install_filters(env) -> None:
    env.filters["pts"] = pts
    env.filters["tb"] = tb
    env.globals["describe"] = describe
    env.filters["result_label"] = result_label
    env.globals["BYE_LABELS"] = BYE_LABELS
    env.globals["PAIRING_EDITIONS"] = registry.EDITIONS
