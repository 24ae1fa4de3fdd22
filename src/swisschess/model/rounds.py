"""Operations on rounds: cut a tournament back, add a pairing, enter a result.

Pure functions on the model (they return new objects or mutate only what they
are given, as documented).  The checker, the generator, the ``pair`` command and
the store all go through these, so a round is always written the same way.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Protocol, TypeVar

from swisschess.model.history import requested_bye
from swisschess.model.tournament import Colour, RoundEntry, Tournament


class RoundPairing(Protocol):
    """What :func:`add_pairing` reads of a pairing (a ``pairing.result.Pairing``,
    the store's record of one)."""

    @property
    def round(self) -> int: ...
    @property
    def boards(self) -> Sequence[tuple[int, int]]: ...
    @property
    def bye(self) -> int | None: ...

#: A player as a board holds him: an id, or a system's facts about him.
P = TypeVar("P")

#: Result codes for (white, black) after a game, by result word.
RESULTS = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2": ("=", "="),
    "=": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    # games that lasted less than one move (TRF W / D / L)
    "1-0u": ("W", "L"),
    "0-1u": ("L", "W"),
    "1/2u": ("D", "D"),
}


def cut_before(t: Tournament, rnd: int) -> Tournament:
    """The tournament as it was known before round ``rnd`` was paired.

    Keeps rounds ``< rnd`` and, for round ``rnd``, only the entries of players
    who were not to be paired (requested byes / absences ``0000 - H|F|Z``).
    """
    c = copy.deepcopy(t)
    for p in c.players.values():
        keep = p.results[: rnd - 1]
        cur = p.entry(rnd)
        if cur is not None and cur.is_absence and not cur.blank:
            while len(keep) < rnd - 1:
                keep.append(RoundEntry(None, Colour.NONE, "Z", blank=True))
            keep.append(cur)
        p.results = keep
    c.bye_requests = [b for b in c.bye_requests if b.round <= rnd]
    return c


def add_pairing(t: Tournament, pairing: RoundPairing) -> None:
    """Write the pairing of round ``pairing.round`` into ``t`` with no results yet.

    A game without its result yet has code ``*`` (in TRF: opponent and colour
    written, result column blank); :func:`set_result` enters the result.  The
    PAB is written as ``U``; players not paired get their requested bye (H / F)
    or ``Z``.
    """
    rnd = pairing.round
    paired: set[int] = set()
    for w, b in pairing.boards:
        _put(t, w, rnd, RoundEntry(b, Colour.WHITE, "*"))
        _put(t, b, rnd, RoundEntry(w, Colour.BLACK, "*"))
        paired.update((w, b))
    if pairing.bye is not None:
        _put(t, pairing.bye, rnd, RoundEntry.bye("U"))
        paired.add(pairing.bye)
    for pid in t.players:
        if pid in paired:
            continue
        e = requested_bye(t, pid, rnd)
        _put(t, pid, rnd, e if e is not None else RoundEntry.bye("Z"))


def set_result(t: Tournament, rnd: int, white: int, black: int, result: str) -> None:
    """Enter the result of the game ``white``-``black`` of round ``rnd``.

    ``result`` is one of :data:`RESULTS` (``1-0``, ``0-1``, ``1/2``, ``+-``,
    ``-+``, ``--``, and the ``u`` variants for games of less than one move).
    """
    if result not in RESULTS:
        raise ValueError(f"unknown result {result!r}")
    cw, cb = RESULTS[result]
    ew, eb = t.players[white].entry(rnd), t.players[black].entry(rnd)
    if ew is None or eb is None or ew.opponent != black or eb.opponent != white:
        raise ValueError(f"{white} and {black} are not paired in round {rnd}")
    if ew.colour is not Colour.WHITE:
        raise ValueError(f"{white} does not have White against {black} in round {rnd}")
    t.players[white].results[rnd - 1] = RoundEntry(black, Colour.WHITE, cw)
    t.players[black].results[rnd - 1] = RoundEntry(white, Colour.BLACK, cb)


def pending_games(t: Tournament, rnd: int) -> list[tuple[int, int]]:
    """Games of round ``rnd`` still without a result, as (white, black)."""
    out = []
    for pid in sorted(t.players):
        e = t.players[pid].entry(rnd)
        if e is not None and e.code == "*" and e.colour is Colour.WHITE and e.opponent is not None:
            out.append((pid, e.opponent))
    return out


def sort_boards(boards: Iterable[tuple[P, P]], score: Callable[[P], Fraction],
                rank: Callable[[P], int]) -> list[tuple[P, P]]:
    """Boards in publication order, the one rule for every system and the checker.

    Seeds F1 (and the handling rules' recommendation since): first the score of
    the pair's higher player, then the other player's score (with the first
    equal, the same as the sum of both), then the rank of the higher player.
    The *higher* player has more points, or with equal points the better
    (smaller) ``rank``.  ``boards`` hold any player handles (ids, facts);
    ``score`` and ``rank`` read them.
    """

    def key(board: tuple[P, P]) -> tuple[Fraction, Fraction, int]:
        a, b = board
        hi, lo = (a, b) if (score(a), -rank(a)) >= (score(b), -rank(b)) else (b, a)
        return (-score(hi), -score(lo), rank(hi))

    return sorted(boards, key=key)


def _put(t: Tournament, pid: int, rnd: int, e: RoundEntry) -> None:
    res = t.players[pid].results
    while len(res) < rnd - 1:
        res.append(RoundEntry(None, Colour.NONE, "Z", blank=True))
    if len(res) >= rnd:
        res[rnd - 1] = e
    else:
        res.append(e)


__all__ = ["RESULTS", "add_pairing", "cut_before", "pending_games", "set_result", "sort_boards"]
