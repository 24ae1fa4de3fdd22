"""Formatting shared by the pages and the API (points, result words, crosstable cells)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from swisschess.model.tournament import Colour, RoundEntry, Tournament
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


def install_filters(env) -> None:
    env.filters["pts"] = pts
    env.filters["result_label"] = result_label
    env.globals["BYE_LABELS"] = BYE_LABELS
