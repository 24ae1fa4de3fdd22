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


def berger_table(players: int) -> list[Round]:
    """The single-cycle Berger table for ``players`` (C.05 Annex 1).

    ``table[r - 1]`` is round ``r``: ``(white, black)`` by board.  For an odd
    number of players the dummy (the number after the last player) appears in
    the table like in the handbook's.
    """
    m = table_size(players)
    rnd: Round = [(b, m + 1 - b) for b in range(1, m // 2 + 1)]
    table = [rnd]
    m_white = False  # player m: Black in round 2, then alternating
    for _ in range(2, m):
        order = [p for w, b in rnd for p in (w, b) if p != m]
        last = order.pop()
        first: tuple[int, int] = (last, m) if m_white else (m, last)
        m_white = not m_white
        boards = [first]
        while order:
            black = order.pop()
            white = order.pop()
            boards.append((white, black))
        rnd = boards
        table.append(rnd)
    return table


def schedule(players: int, double: bool = False) -> list[Round]:
    """Every round of the tournament: the table, or for a double round robin
    the first cycle with its last two rounds reversed (C.05 Annex 1
    recommendation) and the second cycle with colours reversed."""
    table = berger_table(players)
    if not double:
        return table
    first = list(table)
    if len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [[(b, w) for w, b in rnd] for rnd in table]
    return first + second


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
    rounds = schedule(n, is_double(t, double))
    nxt = t.rounds_recorded() + 1
    if nxt > len(rounds):
        raise InputError(f"all {len(rounds)} rounds of the round robin are paired")
    boards, rest = games(rounds[nxt - 1], n)
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
