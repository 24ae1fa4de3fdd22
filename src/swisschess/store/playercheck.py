"""Warnings about players being registered: what is probably a mistake, but not surely.

The store refuses what cannot be right (a control character, a name longer
than the TRF's 33 characters, a federation of more than three letters, a
second player with the same FIDE id).  What is merely unusual is reported to
the arbiter and registered all the same:

* a **title** outside FIDE's playing titles GM IM FM CM WGM WIM WFM WCM (FIDE
  Handbook B.01; the TRF title field, columns 11-13, holds these only).  Arbiter
  and trainer titles (IA, FA, FT, ...) are not playing titles: FIDE's rating
  list keeps them in a separate column (``OTit``), and a rating officer would
  read them in the title field as a playing title, so they are reported too;
* a **federation** that is not a FIDE federation code
  (:mod:`swisschess.store.federations`);
* a **birth year** in the future;
* a likely **duplicate**: the same name and rating as a player registered
  before or earlier in the same file (the same FIDE id is refused by the store);
* a **file imported twice**: every player of it is registered already.

Messages are English keys translated at output
(:func:`swisschess.i18n.messages.translate_message`).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Sequence
from typing import Any

from swisschess.model.tournament import Player
from swisschess.store.federations import FIDE_FEDERATIONS

#: FIDE playing titles (Handbook B.01), in the TRF's order.
FIDE_TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


def _key(name: str, rating: Any) -> tuple[str, int]:
    try:
        r = int(rating or 0)
    except (TypeError, ValueError):
        r = -1
    return " ".join(str(name).lower().split()), r


def _year(birth: str) -> int | None:
    """The year of a birth date written 1990, 1990/05/12, 1990-05-12 or 12.05.1990."""
    m = re.search(r"\b(\d{4})\b", birth)
    return int(m.group(1)) if m else None


def review_players(rows: Sequence[dict[str, Any]], registered: Iterable[Player] = (),
                   where: Sequence[str] | None = None, *,
                   today: _dt.date | None = None) -> list[str]:
    """Warnings about ``rows`` (player dicts about to be registered).

    ``registered`` are the tournament's players already; ``where`` names each
    row for the message (``players.csv:4``; the name when one player is added)."""
    today = today or _dt.date.today()
    labels = list(where) if where is not None else [str(r.get("name", "")) for r in rows]
    seen: dict[tuple[str, int], str | int] = {}
    for p in registered:
        seen.setdefault(_key(p.name, p.rating), p.id)
    out: list[str] = []
    already = 0
    for row, at in zip(rows, labels, strict=True):
        title = str(row.get("title") or "").strip()
        if title and title.upper() not in FIDE_TITLES:
            out.append(f"{at}: title {title!r} is not a FIDE title (GM, IM, FM, CM, WGM, WIM, "
                       "WFM, WCM)")
        fed = str(row.get("federation") or "").strip()
        if fed and fed.upper() not in FIDE_FEDERATIONS:
            out.append(f"{at}: federation {fed!r} is not a FIDE federation code")
        year = _year(str(row.get("birth") or ""))
        if year is not None and year > today.year:
            out.append(f"{at}: birth year {year} is in the future")
        key = _key(row.get("name", ""), row.get("rating"))
        other = seen.get(key)
        if isinstance(other, int):
            already += 1
            out.append(f"{at}: same name and rating as player {other}, registered already")
        elif other is not None:
            out.append(f"{at}: same name and rating as {other}")
        else:
            seen[key] = at
    if rows and already == len(rows) and len(rows) > 1:
        out.append(f"all {len(rows)} players are registered already: is the file imported "
                   "twice?")
    return out


def unknown_columns_warning(filename: str, columns: Sequence[str]) -> str:
    """The warning for CSV columns that are not read."""
    return f"{filename}:1: column(s) not read: {', '.join(columns)}"
