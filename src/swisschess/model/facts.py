"""What is known about each player before a round, computed once per round.

The pairing facts of C.04.3 Art. 1 (seeds A) that a reader of a round needs:
score and pairing score (Art. 1.2 with C.04.5.1 acceleration), the colours
played (Art. 3.4: unplayed rounds do not count), the colour preference
(Art. 1.7), the floats of the two latest rounds (Art. 1.4, read by [C14]-[C17])
and whether the player may still receive the pairing-allocated bye ([C2]).
Each fact comes from :mod:`swisschess.model.history`, the one place that defines
it per edition; this module only gathers them, so that the checker's checklist
(``engine -l``) and the manager's pairing preview read the same facts, and a
pairing system may too.

The facts are data (colours, strengths, player numbers), never sentences: the
front ends put them in words in the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from swisschess.model import history
from swisschess.model.tournament import Colour, Tournament


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    """One player before round ``round`` (everything from the rounds before it)."""

    id: int
    round: int
    score: Fraction  # points before the round (board order, the lists)
    pairing_score: Fraction  # score + acceleration (C.04.5.1), what the brackets use
    colours: tuple[Colour, ...]  # played games only, oldest first (Art. 3.4)
    preference: history.ColourPreference  # Art. 1.7 (2017 A.6; seeds A7)
    #: the float of the latest round and of the one before ([C14]/[C16] and
    #: [C15]/[C17]); Float.NONE before round 1
    floats: tuple[history.Float, history.Float]
    pab_eligible: bool  # [C2] (2017 C.2; seeds B1b)


def facts_edition(system: str, edition: str) -> str:
    """The edition whose Art. 1 facts ``system`` reads: Lim follows the seeds' (1992)."""
    return "1992" if system == "lim" else edition


def player_facts(t: Tournament, pid: int, rnd: int, edition: str = "2026") -> PlayerFacts:
    """The facts of ``pid`` before round ``rnd`` under the Dutch ``edition``
    (``"2026"``, ``"2017"``, ``"1992"``; Lim reads the seeds' ``"1992"``)."""
    colours = history.played_colours(t.players[pid], rnd - 1)
    score = t.score(pid, rnd - 1)
    floats = tuple(history.float_in_round(t, pid, r, edition) if r >= 1 else history.Float.NONE
                   for r in (rnd - 1, rnd - 2))
    return PlayerFacts(
        id=pid, round=rnd, score=score, pairing_score=score + t.acceleration(pid, rnd),
        colours=tuple(colours), preference=history.colour_preference(colours),
        floats=(floats[0], floats[1]),
        pab_eligible=history.pab_eligible(t, pid, rnd - 1, edition))


def round_facts(t: Tournament, rnd: int, edition: str = "2026",
                ids: Iterable[int] | None = None) -> dict[int, PlayerFacts]:
    """The facts of every player to be paired in ``rnd`` (or of ``ids``), by id."""
    chosen = history.to_be_paired(t, rnd) if ids is None else ids
    return {pid: player_facts(t, pid, rnd, edition) for pid in chosen}


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """A board of a proposed pairing with the facts of both players."""

    board: int
    white: PlayerFacts
    black: PlayerFacts

    @property
    def floaters(self) -> tuple[int, int] | None:
        """``(up, down)``: who floats up and who down on this board (Art. 1.4.1:
        the players' scores differ), None when the scores are equal."""
        w, b = self.white, self.black
        if w.score == b.score:
            return None
        return (w.id, b.id) if w.score < b.score else (b.id, w.id)


def board_facts(t: Tournament, rnd: int, boards: Sequence[tuple[int, int]],
                edition: str = "2026") -> list[BoardFacts]:
    """``boards`` (white, black) of round ``rnd``, numbered from 1, with their facts."""
    facts = round_facts(t, rnd, edition, [pid for pair in boards for pid in pair])
    return [BoardFacts(n, facts[w], facts[b]) for n, (w, b) in enumerate(boards, 1)]
