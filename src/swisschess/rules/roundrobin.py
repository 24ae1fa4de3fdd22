"""Round-robin tournaments: the Berger tables (FIDE C.05, Annex 1).

In a round robin every player meets every other; the order of the games and
the colours are not chosen by criteria but read from a fixed table, the
*Berger table*, by the players' pairing numbers (drawn by lot, or by rating).

The tables, as C.05 Annex 1 prints them for 3-4 up to 15-16 players:

* **Even number m of players, m - 1 rounds.**  Round 1: board b is
  ``b - (m+1-b)``, the lower number White (``1-8 2-7 3-6 4-5`` for 8).
  Each next round, list the players 1 ... m-1 by their board in the previous
  round, White before Black; player m meets the last of that list, and
  player m's colour alternates (Black in round 2, White in round 3, ...); the
  others are paired from the end of the list, the one before last White:
  8 players, round 2 is ``8-5 6-4 7-3 1-2``.
* **Odd number of players.**  The table of the next even number; the
  highest number is a dummy ("bye"): whoever is drawn against it rests that
  round (TRF: ``0000 - Z``, no points).
* **Double round robin.**  The second cycle repeats the first with the
  colours reversed.  C.05 Annex 1 recommends reversing the order of the last
  two rounds of the first cycle, so that nobody plays three games in a row
  with the same colour around the change of cycle; we do (as gacrux's "FIDE"
  double round robin does).

:func:`pair_round_robin` gives the next round of a tournament from the table:
an absent or withdrawn player keeps his game (the arbiter enters the forfeit;
C.05 decides what counts), so only the player drawn against the dummy is not
paired.  Player ``i`` of the file is pairing number ``i``.

Each round is computed on its own (:func:`berger_round`, arithmetic modulo
``m - 1``), so pairing a round costs time linear in the players; the whole
table (printing it) is quadratic and refused beyond :data:`MAX_PLAYERS`.
"""

from __future__ import annotations

from swisschess.model.tournament import Tournament
from swisschess.pairing.result import InputError, Pairing

#: One round of a table: the boards, ``(white, black)`` pairing numbers.
Round = list[tuple[int, int]]


def table_size(players: int) -> int:
    """The Berger table used for ``players``: the next even number."""
    if players < 2:
        raise InputError(f"a round robin needs at least 2 players, not {players}")
    return players + players % 2


#: The largest round robin paired (players): a cycle of 199 rounds is already
#: far past any event (the web API accepts at most 99 rounds); refused beyond,
#: so that nobody can ask the server for a 9,999-player table (issue 26).
MAX_PLAYERS = 200


class TooManyPlayers(InputError):
    """More players than a round robin is paired for (:data:`MAX_PLAYERS`)."""


def check_size(players: int) -> None:
    """Refuse a round robin of more than :data:`MAX_PLAYERS` players."""
    limit = MAX_PLAYERS
    if players > limit:
        raise TooManyPlayers(f"a round robin of {players} players: at most "
                             f"{limit} players are paired by the Berger tables")


def table_rounds(players: int, double: bool = False) -> int:
    """Rounds of the tournament: ``m - 1`` per cycle (``m`` the table size)."""
    return (table_size(players) - 1) * (2 if double else 1)


def berger_round(players: int, r: int) -> Round:
    """Round ``r`` of the single-cycle Berger table, computed directly (C.05 Annex 1).

    The handbook's construction (module docstring) is arithmetic modulo
    ``k = m - 1``.  Write ``v(x)`` for ``x`` brought into ``1 ... k`` modulo ``k``,
    and ``a`` for the player who meets ``m`` in round ``r``: the one with
    ``2a = r + 1 (mod k)``, i.e. ``(r + 1) / 2`` in an odd round and
    ``r / 2 + m / 2`` in an even one.  Board 1 is ``a - m`` in an odd round
    (``a`` White) and ``m - a`` in an even one; board ``j`` (2 ... m/2) is
    ``v(a + j - 1) - v(a - j + 1)``: the two players whose numbers add up to
    ``2a = r + 1`` modulo ``k``, the higher one (counting from ``a``) White.
    Linear in the players, whatever the round (the table builds no other round).
    """
    m = table_size(players)
    k = m - 1
    if not 1 <= r <= k:
        raise ValueError(f"round {r}: a round robin of {players} players has {k} rounds")
    a = (r + 1) // 2 if r % 2 else r // 2 + m // 2

    def v(x: int) -> int:
        return (x - 1) % k + 1

    first = (a, m) if r % 2 else (m, a)
    return [first] + [(v(a + j - 1), v(a - j + 1)) for j in range(2, m // 2 + 1)]


def berger_table(players: int) -> list[Round]:
    """The single-cycle Berger table for ``players`` (C.05 Annex 1).

    ``table[r - 1]`` is round ``r``: ``(white, black)`` by board.  For an odd
    number of players the dummy (the number after the last player) appears in
    the table like in the handbook's.  Quadratic in the players: to pair one
    round use :func:`schedule_round`.
    """
    return [berger_round(players, r) for r in range(1, table_size(players))]


def schedule_round(players: int, r: int, double: bool = False) -> Round:
    """Round ``r`` of :func:`schedule`, computed alone (linear in the players)."""
    k = table_size(players) - 1
    if not 1 <= r <= table_rounds(players, double):
        raise ValueError(f"round {r}: the round robin has {table_rounds(players, double)} "
                         "rounds")
    if not double:
        return berger_round(players, r)
    if r > k:  # second cycle: the first cycle's table, colours reversed
        return [(b, w) for w, b in berger_round(players, r - k)]
    if k >= 2 and r >= k - 1:  # the last two rounds of the first cycle swap places
        r = 2 * k - 1 - r
    return berger_round(players, r)


def schedule(players: int, double: bool = False) -> list[Round]:
    """Every round of the tournament: the table, or for a double round robin
    the first cycle with its last two rounds reversed (C.05 Annex 1
    recommendation) and the second cycle with colours reversed.  Quadratic in
    the players: refused beyond :data:`MAX_PLAYERS`."""
    check_size(players)
    return [schedule_round(players, r, double)
            for r in range(1, table_rounds(players, double) + 1)]


def games(rnd: Round, players: int) -> tuple[Round, int | None]:
    """The real games of a table round and the player who rests (odd number)."""
    real = [(w, b) for w, b in rnd if w <= players and b <= players]
    rest = [p for w, b in rnd for p in (w, b) if p <= players and (w > players or b > players)]
    return real, (rest[0] if rest else None)


def is_double(t: Tournament, double: bool | None = None) -> bool:
    """Double round robin: as given, else when the tournament has more rounds than one cycle."""
    if double is not None:
        return double
    return bool(t.rounds and t.rounds > table_size(len(t.players)) - 1)


def pair_round_robin(t: Tournament, double: bool | None = None) -> Pairing:
    """The next round of ``t`` from the Berger table (see the module docstring).

    Raises :class:`InputError` when the players are not numbered 1 ... n or
    every round of the table has been paired.
    """
    n = len(t.players)
    if sorted(t.players) != list(range(1, n + 1)):
        raise InputError("a round robin needs the players numbered 1 to "
                         f"{n} (their Berger numbers)")
    check_size(n)
    double = is_double(t, double)
    nxt = t.rounds_recorded() + 1
    if nxt > table_rounds(n, double):
        raise InputError(f"all {table_rounds(n, double)} rounds of the round robin are paired")
    boards, rest = games(schedule_round(n, nxt, double), n)
    return Pairing(nxt, boards, None, [(rest, "Z")] if rest is not None else [])


def format_table(players: int, double: bool = False) -> str:
    """The schedule as text, one round a line, ``white-black`` per board."""
    rounds = schedule(players, double)
    m = table_size(players)
    width = len(str(m))
    kind = "double round robin" if double else "round robin"
    lines = [f"Berger table (FIDE C.05 Annex 1), {kind}, {players} players, "
             f"{len(rounds)} rounds"]
    if m != players:
        lines.append(f"(odd number of players: number {m} is the bye; "
                     f"whoever meets it rests that round)")
    for r, rnd in enumerate(rounds, 1):
        cells = [f"{w:>{width}}-{b:<{width}}" for w, b in rnd]
        lines.append(f"Round {r:>2}:  " + "  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"
