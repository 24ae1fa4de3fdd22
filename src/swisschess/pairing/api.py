"""Public pairing API: a tournament in, the next round's pairing out (no I/O).

The systems and rule editions are listed once, in
:mod:`swisschess.pairing.registry`; the result types are in
:mod:`swisschess.pairing.result`.
"""

from __future__ import annotations

from swisschess.model.tournament import Tournament
from swisschess.pairing.registry import find
from swisschess.pairing.result import Pairing


def pair_round(t: Tournament, system: str = "dutch", edition: str | None = None) -> Pairing:
    """Pair the next round of ``t`` with the given system and rule edition.

    ``edition`` None means the system's default (Dutch: 2026).  Raises
    :class:`~swisschess.pairing.result.InputError` for an unknown system or
    edition, :class:`~swisschess.pairing.result.PairingError` when no pairing
    respects the absolute criteria.
    """
    return find(system, edition).pair(t)
