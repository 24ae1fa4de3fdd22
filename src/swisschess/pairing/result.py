"""What a pairing system returns: the pairing of one round, and its two errors.

A leaf module (it imports nothing from swisschess), so that the
systems in :mod:`swisschess.rules`, the dispatcher :mod:`swisschess.pairing.api`
and every caller can share these types without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class PairingError(Exception):
    """No pairing respects the absolute criteria (engine exit code 1)."""


class InputError(Exception):
    """The tournament cannot be paired as given (engine exit code 3)."""


@dataclass(slots=True)
class Pairing:
    """The pairing of one round.

    ``boards`` are ``(white, black)`` in board order; ``bye`` is the player who
    gets the pairing-allocated bye (PAB), if any; ``unpaired`` lists every other
    player not paired this round — a requested bye, an announced absence or a
    withdrawal — with the TRF code (``H``, ``F`` or ``Z``) the round's entry
    gets (see :func:`swisschess.model.history.unpaired_entries`).
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
