"""Operations on rounds: cut a tournament back, add a pairing, enter a result.

Pure functions on the model (they return new objects or mutate only what they
are given, as documented).  The checker, the generator, the ``pair`` command and
the store all go through these, so a round is always written the same way.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
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
    # a game played and lost by both (e.g. both flags fell, C.06 rules of an
    # event): played (colours, floats, tie-breaks), 0 points each; TRF 0 / 0
    "0-0": ("0", "0"),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),  # double forfeit: not played, TRF - / -
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

    ``result`` is one of :data:`RESULTS` (``1-0``, ``0-1``, ``1/2``, ``0-0``
    (played, lost by both), ``+-``, ``-+``, ``--`` (double forfeit), and the
    ``u`` variants for games of less than one move).
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


@dataclass(frozen=True, slots=True)
class Unpairable:
    """Why the next round must not be paired: the tournament is over, or a
    paired game has no result.

    ``message`` is English (a key of :mod:`swisschess.i18n.messages`); ``round``
    is the round concerned and ``player`` the player whose entry lacks the
    result (White, or the lower number when no colour is written): a file
    reader turns them into a line and column.  ``player`` is None for the
    number of rounds.
    """

    message: str
    round: int
    player: int | None = None


def pairing_refusals(t: Tournament) -> list[Unpairable]:
    """Everything that forbids pairing round ``rounds_recorded() + 1`` of ``t``.

    The reference engines refuse both (bbpPairings exits 3: "The number of
    rounds is larger than the reported number of rounds", and "Invalid line"
    for a paired game whose result column is blank):

    * every declared round (TRF-2026 record 142, JaVaFo ``XXR``) is paired
      already: there is no next round.  No declared number: no limit;
    * a game of a paired round has no result yet (code ``*``): the scores,
      colours and floats the next round is paired on are not known (C.04.1:
      a round is paired on the results of all the rounds before it).

    The one check every front end shares (``engine -p``, ``pair``, the
    manager, ``POST /api/pair``); the checker (``engine -c``) does not use
    it, since it only re-pairs rounds from the complete rounds before them.
    """
    out: list[Unpairable] = []
    last = t.rounds_recorded()
    if t.rounds is not None and last >= t.rounds:
        out.append(Unpairable(f"the tournament has {t.rounds} rounds and all are paired: "
                              f"there is no round {last + 1} to pair", t.rounds + 1))
    for rnd in range(1, last + 1):
        seen: set[frozenset[int]] = set()
        open_games: list[tuple[int, int]] = []
        for pid in sorted(t.players):
            e = t.players[pid].entry(rnd)
            if e is None or e.code != "*" or e.opponent is None:
                continue
            game = frozenset((pid, e.opponent))
            if game in seen:
                continue
            seen.add(game)
            # reported once, at White (else at the lower number, ``pid``)
            other = t.players[e.opponent].entry(rnd) if e.opponent in t.players else None
            white, black = pid, e.opponent
            if e.colour is not Colour.WHITE and other is not None \
                    and other.colour is Colour.WHITE:
                white, black = e.opponent, pid
            open_games.append((white, black))
        # in White's order, which is the order of the lines the messages point at
        for white, black in sorted(open_games):
            out.append(Unpairable(f"round {rnd}: the game {white} - {black} has no result: "
                                  f"enter every result of round {rnd} before pairing round "
                                  f"{last + 1}", rnd, white))
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


__all__ = ["RESULTS", "Unpairable", "add_pairing", "cut_before", "pairing_refusals",
           "pending_games", "set_result", "sort_boards"]
