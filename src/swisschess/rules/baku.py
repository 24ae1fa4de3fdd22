"""Baku acceleration (C.04.5.1; C.04.7 "Accelerated pairing systems" from 2026).

An accelerated pairing adds *virtual points* to the score of the stronger
players in the first rounds, so that the top half meets itself earlier.  The
virtual points change the **pairing score** only — score brackets, floats,
board order (2026 C.04.2 Art. 3.6) — never the standings or tie-breaks, which
read the real points (:meth:`Tournament.score`).  Every pairing system here
reads the pairing score through :meth:`Tournament.acceleration`, so the method
is a transformation of the tournament: it fills the per-player, per-round
table that JaVaFo's ``XXA`` records carry (:attr:`Tournament.xxa`) and the
unchanged Dutch editions (2026, 2017, 1992) pair with it.

The method, article by article (C.04.5.1; C.04.7 says the same with "points
for a win" instead of 1):

* **Premise**: a win is worth two draws and a loss nothing (standard 1 / ½ / 0,
  or any multiple).  Otherwise :func:`baku_points` refuses (``InputError``).
* **Initial groups division**: before round 1, the list of players to be
  paired, in pairing-number order, is split in GA = the first half rounded up
  to an even number, ``2·⌈N/4⌉`` (161 players → 82), and GB = the rest.
  *N* counts the players paired in round 1 (an announced absence or a
  requested bye in round 1 is not in the list; so read gacrux's generator).
* **Late entries**: a player entering later is inserted by the initial-order
  rules (C.04.2), and "the last GA player shall be the same": GA is every
  player whose pairing number is not above the last GA player's, so GA may
  grow and become odd (Notes 1-2).  Since a late entry was not paired in
  round 1, the last GA player is the ``2·⌈N/4⌉``-th player *paired in round
  1*, whatever the numbers in the file now are.
* **Virtual points**: the accelerated rounds are the first half of the
  rounds, rounded up; in the first half of those (rounded up) each GA player
  gets the points of a win, in the remaining accelerated rounds half of that;
  GB players never, nobody after the last accelerated round.  Nine rounds:
  rounds 1-3 one point, rounds 4-5 half a point.

Acceleration given in the file — ``XXA`` records or TRF-2026 record ``250`` —
always wins over the method (TRF-2026: 250 overrides a ``_BAKU`` tournament
type): :func:`accelerate` computes only when the file has none.
"""

from __future__ import annotations

from fractions import Fraction

from swisschess.model.history import to_be_paired
from swisschess.model.tournament import Tournament
from swisschess.pairing.result import InputError


def accelerated_rounds(rounds: int) -> tuple[int, int]:
    """``(last round with full virtual points, last accelerated round)``.

    C.04.5.1 "Virtual points": the accelerated rounds are the first half of
    the tournament rounded up; full points in the first half of those (rounded
    up).  9 rounds -> (3, 5); 7 -> (2, 4); 5 -> (2, 3); 1 -> (1, 1).
    """
    if rounds < 1:
        raise InputError(f"Baku acceleration: the tournament has {rounds} rounds")
    last = (rounds + 1) // 2
    return (last + 1) // 2, last


def group_a_size(n: int) -> int:
    """Size of GA for ``n`` players: the first half rounded up to an even number (``2·⌈n/4⌉``)."""
    return 2 * ((n + 3) // 4)


def first_round_list(t: Tournament) -> list[int]:
    """The players in the pairing list of round 1, by pairing number.

    Once round 1 is paired: the players with a game, forfeit or PAB in it;
    before: the players to be paired in round 1 (requested byes and announced
    absences left out).
    """
    if t.rounds_recorded() >= 1:
        return sorted(pid for pid, p in t.players.items()
                      if (e := p.entry(1)) is not None and e.paired)
    return to_be_paired(t, 1)


def last_ga_player(t: Tournament) -> int | None:
    """Pairing number of the last player of GA (C.04.5.1 Art. "Initial groups division")."""
    first = first_round_list(t)
    if not first:
        return None
    return first[min(group_a_size(len(first)), len(first)) - 1]


def baku_points(t: Tournament) -> dict[int, list[Fraction]]:
    """The virtual points of every GA player, round by round (``XXA`` rows).

    GB players have no row (no virtual points).  Raises ``InputError`` when
    the number of rounds is unknown or the point system breaks the premise.
    """
    ps = t.points
    if ps.loss != 0 or 2 * ps.draw != ps.win or ps.win <= 0:
        raise InputError(
            "Baku acceleration needs a point system where a win is worth two draws and a "
            f"loss nothing (C.04.5.1 premise); this one has win {ps.win}, draw {ps.draw}, "
            f"loss {ps.loss}")
    if not t.rounds:
        raise InputError("Baku acceleration needs the number of rounds "
                         "(record 142 or XXR)")
    full, last = accelerated_rounds(t.rounds)
    last_ga = last_ga_player(t)
    if last_ga is None:
        return {}
    row = [ps.win] * full + [ps.win / 2] * (last - full)
    return {pid: list(row) for pid in sorted(t.players) if pid <= last_ga}


def accelerate(t: Tournament) -> bool:
    """Give ``t`` the Baku virtual points unless the file gives acceleration.

    Fills :attr:`Tournament.xxa` (in place) and returns True; returns False and
    leaves ``t`` alone when it has ``XXA`` or ``250`` records already.
    """
    if t.xxa or t.accelerations:
        return False
    t.xxa = baku_points(t)
    return True
