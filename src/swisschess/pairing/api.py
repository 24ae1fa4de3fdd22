"""Public pairing API: a tournament in, the next round's pairing out (no I/O).

The systems and rule editions are listed once, in
:mod:`swisschess.pairing.registry`; the result types are in
:mod:`swisschess.pairing.result`.
"""

from __future__ import annotations

from swisschess.model.renumber import by_file_position
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
    rules = find(system, edition)
    if t.rank_order is not None:
        # JaVaFo XXC rank: the positions in the file are the pairing numbers
        u, start_number = by_file_position(t)
        p = rules.pair(u)
        return Pairing(p.round, [(start_number[w], start_number[b]) for w, b in p.boards],
                       None if p.bye is None else start_number[p.bye],
                       [(start_number[i], code) for i, code in p.unpaired])
    return rules.pair(t)
