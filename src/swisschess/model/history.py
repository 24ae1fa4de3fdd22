"""Facts derived from a player's history that every pairing system needs.

Each fact lives here once: colours, colour difference and preference, floats,
PAB eligibility, who is to be paired.  Where the rule editions differ, the
function takes the edition ("1992", "2017", "2026").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction

from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament


def played_colours(player: Player, upto: int | None = None) -> list[Colour]:
    """Colours of the games actually played, oldest first.

    Unplayed rounds (byes, forfeits, absences) do not count for colours (seeds
    F2; 2026 handling rules Art. 3.4).  Dropping them is the same as moving them
    to the front of the history as the seeds' F3 examples do (``BWW-B -> -BWWB``).
    """
    res = player.results if upto is None else player.results[:upto]
    return [e.colour for e in res if e.played and e.colour is not Colour.NONE]


def compressed_history(player: Player, upto: int | None = None) -> str:
    """Seeds F3 notation: unplayed rounds moved to the front as ``-``.

    >>> # BWW-B -> -BWWB ; WB-WB -> -WBWB ; BWW-B-W -> --BWWBW
    """
    res = player.results if upto is None else player.results[:upto]
    cols = "".join("W" if c is Colour.WHITE else "B" for c in played_colours(player, upto))
    return "-" * (len(res) - len(cols)) + cols


def colour_difference(colours: list[Colour]) -> int:
    """Whites minus blacks over played games (2026 Art. 1.6; seeds A7)."""
    return sum(1 if c is Colour.WHITE else -1 for c in colours)


class Strength(IntEnum):
    """Strength of a colour preference (2026 Art. 1.7; 2017 A.6; seeds A7)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class ColourPreference:
    colour: Colour  # Colour.NONE when there is no preference
    strength: Strength
    difference: int  # colour difference, used by 5.2.2 (wider CD wins)

    def __str__(self) -> str:
        if self.strength is Strength.NONE:
            return "none"
        return f"{self.strength.name.lower()} {'white' if self.colour is Colour.WHITE else 'black'}"


NO_PREFERENCE = ColourPreference(Colour.NONE, Strength.NONE, 0)


def colour_preference(colours: list[Colour]) -> ColourPreference:
    """Colour preference from the played colours (2026 Art. 1.7, 2017 A.6).

    * absolute: CD > +1 or < -1, or the same colour in the two latest games;
    * strong: CD is +1 or -1;
    * mild: CD is 0: alternate with respect to the latest game;
    * none: no game played yet.
    """
    if not colours:
        return NO_PREFERENCE
    cd = colour_difference(colours)
    if cd > 1:
        return ColourPreference(Colour.BLACK, Strength.ABSOLUTE, cd)
    if cd < -1:
        return ColourPreference(Colour.WHITE, Strength.ABSOLUTE, cd)
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return ColourPreference(colours[-1].opposite, Strength.ABSOLUTE, cd)
    if cd == 1:
        return ColourPreference(Colour.BLACK, Strength.STRONG, cd)
    if cd == -1:
        return ColourPreference(Colour.WHITE, Strength.STRONG, cd)
    return ColourPreference(colours[-1].opposite, Strength.MILD, cd)


class Float(IntEnum):
    NONE = 0
    DOWN = 1
    UP = 2


def _pairing_score(t: Tournament, pid: int, rnd: int) -> Fraction:
    """Score used when round ``rnd`` was paired: points before it plus acceleration."""
    return t.score(pid, rnd - 1) + t.acceleration(pid, rnd)


def float_in_round(t: Tournament, pid: int, rnd: int, edition: str = "2026",
                   scores: Mapping[int, Fraction] | None = None) -> Float:
    """The float ``pid`` received in round ``rnd``.

    * 2026 Art. 1.4: in a pairing of players with different scores the higher
      one floats down, the lower up; a PAB receiver and anyone scoring more than
      a loss without playing (1.4.3) float down; nobody else (1.4.4).
    * 2017 A.4: as above, and *any* player who did not play floats down.
    * 1992 A4/A5: floats of games between unequal scores; the bye counts as a
      downfloat.

    ``scores``: every player's pairing score of round ``rnd`` (score before
    it plus acceleration), when the caller has them already (speed only).
    """
    e = t.players[pid].entry(rnd)
    if e is None:
        return Float.DOWN if edition == "2017" else Float.NONE
    if e.played:
        if scores is not None:
            mine = scores[pid]
            opp = e.opponent
            theirs = scores[opp] if opp is not None and opp in scores else mine
        else:
            mine = _pairing_score(t, pid, rnd)
            theirs = _pairing_score(t, e.opponent, rnd) if e.opponent in t.players else mine
        if mine > theirs:
            return Float.DOWN
        if mine < theirs:
            return Float.UP
        return Float.NONE
    # not played: PAB, byes, forfeits, absences
    if edition == "2017":
        return Float.DOWN
    if e.is_pab:
        return Float.DOWN
    if edition == "1992":
        return Float.NONE
    if t.points.points(e) > t.points.loss:
        return Float.DOWN  # 2026 Art. 1.4.3
    return Float.NONE


def pab_eligible(t: Tournament, pid: int, upto: int | None = None, edition: str = "2026") -> bool:
    """May ``pid`` receive the pairing-allocated bye?

    * 2026 [C2]: not if already a PAB, or a win's points in one round without
      playing (forfeit win, full-point bye; not a half-point bye).
    * 2017 C.2: not if already a PAB or a forfeit win.
    * 1992 B1b: not if a point was already scored without playing (a bye or an
      opponent who failed to appear).
    """
    p = t.players[pid]
    res = p.results if upto is None else p.results[:upto]
    for e in res:
        if e.is_pab:
            return False
        if edition == "2017":
            if e.code == "+":
                return False
        elif edition == "1992":
            if e.code in "+F":
                return False
        elif not e.played and t.points.points(e) >= t.points.win > 0:
            return False  # 2026 [C2]: a win's points without playing
    return True


def to_be_paired(t: Tournament, rnd: int) -> list[int]:
    """Players to pair in round ``rnd``, ascending by id.

    Excludes withdrawn players, players with an entry already written for the
    round (announced absence / requested bye ``0000 - H|F|Z``), and players named
    by a bye request (240 / XXZ) for the round (handling rules; seeds F5).
    """
    absent: set[int] = set()
    for b in t.bye_requests:
        if b.round == rnd:
            absent.update(b.ids)
    out = []
    for pid in sorted(t.players):
        p = t.players[pid]
        if p.withdrawn or pid in absent:
            continue
        e = p.entry(rnd)
        if e is not None and not e.paired and not e.blank:
            continue
        out.append(pid)
    return out


def requested_bye(t: Tournament, pid: int, rnd: int) -> RoundEntry | None:
    """The unpaired entry (H, F or Z) ``pid`` gets in round ``rnd``, if any."""
    e = t.players[pid].entry(rnd)
    if e is not None and e.is_absence and not e.blank:
        return e
    for b in t.bye_requests:
        if b.round == rnd and pid in b.ids:
            return RoundEntry.bye(b.code)
    return None


def unpaired_entries(t: Tournament, rnd: int) -> list[tuple[int, str]]:
    """Every player not paired in round ``rnd``, with the code of his round entry.

    The one definition for all systems: the players :func:`to_be_paired` leaves
    out get their requested bye (``H``, ``F``) or ``Z`` — a requested zero-point
    bye, an announced absence, and a withdrawn player too: TRF writes a round
    without a game or bye as ``0000 - Z`` (blank is read as ``Z``), and C.07
    counts a withdrawn player's later rounds as zero-point byes.  Ascending by id.
    """
    paired = set(to_be_paired(t, rnd))
    out = []
    for pid in sorted(t.players):
        if pid not in paired:
            e = requested_bye(t, pid, rnd)
            out.append((pid, e.code if e is not None else "Z"))
    return out


def withdrawal_rounds(player: Player) -> frozenset[int]:
    """The rounds a withdrawn player is absent because he withdrew, for lists that
    name why someone is not paired: his trailing run of absences (``Z`` without
    an opponent).  TRF writes them as any absence (``0000 - Z``, C.07 counts them
    as zero-point byes); empty for a player who has not withdrawn."""
    if not player.withdrawn:
        return frozenset()
    rounds = []
    for rnd in range(len(player.results), 0, -1):
        e = player.results[rnd - 1]
        if e.opponent is not None or e.code != "Z":
            break
        rounds.append(rnd)
    return frozenset(rounds)


def absent_by_withdrawal(player: Player, code: str, rnd: int | None = None) -> bool:
    """Whether ``player``'s absence ``code`` in round ``rnd`` is his withdrawal (a
    list then says "withdrawn" rather than "absent"): a ``Z`` in his trailing run
    of absences (:func:`withdrawal_rounds`), or, with ``rnd`` None, any ``Z`` of a
    withdrawn player in the round about to be paired."""
    if code != "Z" or not player.withdrawn:
        return False
    return rnd is None or rnd in withdrawal_rounds(player)


def unplayed_rounds(player: Player, upto: int | None = None) -> int:
    """Rounds without a game played over the board (2026 [C9])."""
    res = player.results if upto is None else player.results[:upto]
    return sum(1 for e in res if not e.played)
