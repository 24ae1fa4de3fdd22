"""Public pairing API: a tournament in, the next round's pairing out (no I/O)."""

from __future__ import annotations

from dataclasses import dataclass, field

from swisschess.model.tournament import Tournament


class PairingError(Exception):
    """No pairing could be made (engine exit code 1)."""


class InputError(Exception):
    """The tournament cannot be paired as given (engine exit code 3)."""


@dataclass(slots=True)
class Pairing:
    """The pairing of one round.

    ``boards`` are ``(white, black)`` in board order; ``bye`` is the player who
    gets the pairing-allocated bye (PAB), if any; ``unpaired`` lists players not
    paired because of a requested bye or announced absence, with the TRF code
    (``H``, ``F`` or ``Z``) they receive.
    """

    round: int
    boards: list[tuple[int, int]] = field(default_factory=list)
    bye: int | None = None
    unpaired: list[tuple[int, str]] = field(default_factory=list)

    def engine_lines(self) -> list[str]:
        """The engines' output format: number of pairs, then ``W B`` / ``ID 0``."""
        n = len(self.boards) + (1 if self.bye is not None else 0)
        out = [str(n)] + [f"{w} {b}" for w, b in self.boards]
        if self.bye is not None:
            out.append(f"{self.bye} 0")
        return out


SYSTEMS = ("dutch", "lim")
EDITIONS = ("2026", "2017", "1992")


def system_from_code(code: str) -> tuple[str, str] | None:
    """(system, edition) named by a TRF 192 / 092 record, if we know it."""
    c = code.strip().upper().replace(" ", "_")
    if not c:
        return None
    if "LIM" in c:
        return "lim", "1992"
    if "DUTCH" in c or c in ("FIDE", "SWISS"):
        if "2017" in c:
            return "dutch", "2017"
        if "2012" in c or "2013" in c or "ISTANBUL" in c:
            # C.04.3.1 (Istanbul 2012 wording, 2013-2017): not implemented as
            # such; the 2017 text is its successor and the nearest we have.
            return "dutch", "2017"
        if "1992" in c or "1998" in c:
            return "dutch", "1992"
        return "dutch", "2026"
    return None


def pair_round(t: Tournament, system: str = "dutch", edition: str = "2026") -> Pairing:
    """Pair the next round of ``t`` with the given system and rule edition."""
    if system == "dutch":
        if edition == "2026":
            from swisschess.rules.dutch import pair_dutch

            return pair_dutch(t, edition)
        if edition == "2017":
            from swisschess.rules.dutch2017 import pair_dutch_2017

            return pair_dutch_2017(t)
        if edition == "1992":
            from swisschess.rules.dutch1992 import pair_dutch_1992

            return pair_dutch_1992(t)
    if system == "lim":
        from swisschess.rules.lim import pair_lim

        return pair_lim(t)
    raise InputError(f"unknown system {system!r} / edition {edition!r}")
