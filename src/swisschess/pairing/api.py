"""Public pairing API, and the one door every front end pairs through.

:func:`pair_next` is the only way the next round is paired: ``swisschess
engine -p``, ``swisschess pair``, the tournament manager (the store, hence
``next-round``, the web app and its preview), ``POST /api/pair``, ``swisschess
explain`` and the checker (through :func:`pair_round`) all call it.  It applies,
in this order:

1. the refusals shared by every front end
   (:func:`swisschess.model.rounds.pairing_refusals`: no round left to pair, a
   result missing; C.04.1);
2. the round robin (C.05 Annex 1: the Berger table, not criteria);
3. the Baku acceleration (C.04.5.1: record 192 ``*_BAKU`` or ``baku=True``;
   ``XXA`` / ``250`` in the file win);
4. JaVaFo's ``XXC rank`` (the file's order of 001 lines gives the pairing
   numbers; the pairing comes back in start numbers);
5. the rules of the system and edition, from the one table
   :mod:`swisschess.pairing.registry`.

The result types are in :mod:`swisschess.pairing.result`.  No I/O here.
"""

from __future__ import annotations

from swisschess.model.renumber import by_file_position
from swisschess.model.rounds import pairing_refusals
from swisschess.model.tournament import Tournament
from swisschess.pairing.registry import ROUND_ROBIN, baku_from_code, find, pair_round_robin
from swisschess.pairing.result import InputError, Pairing


def pair_next(t: Tournament, system: str = "dutch", edition: str | None = None, *,
              baku: bool | None = None, refuse: bool = True) -> Pairing:
    """Pair the next round of ``t`` (see the module docstring for the steps).

    ``system`` :data:`~swisschess.pairing.registry.ROUND_ROBIN` reads the Berger
    table (``edition``: ``"single"``, ``"double"`` or None / ``"auto"``).  For
    the Swiss systems ``edition`` None is the system's default (Dutch: 2026).
    ``baku`` None: as the file's record 192 says; True / False: with / without
    the Baku acceleration (the virtual points are written into ``t.xxa``).
    ``refuse`` False skips step 1 (the checker re-pairs earlier rounds).

    Raises :class:`~swisschess.pairing.result.InputError` for an unknown
    system or edition or a position that must not be paired,
    :class:`~swisschess.pairing.result.PairingError` when no pairing respects
    the absolute criteria.
    """
    if refuse:
        for why in pairing_refusals(t):  # C.04.1
            raise InputError(why.message)
    if system == ROUND_ROBIN:  # C.05 Annex 1: numbers as in the file
        return pair_round_robin(t, edition)
    rules = find(system, edition)
    if baku or (baku is None and baku_from_code(t.system)):
        from swisschess.rules.baku import accelerate  # C.04.5.1

        accelerate(t)
    if t.rank_order is not None:
        # JaVaFo XXC rank: the positions in the file are the pairing numbers
        u, start_number = by_file_position(t)
        p = rules.pair(u)
        return Pairing(p.round, [(start_number[w], start_number[b]) for w, b in p.boards],
                       None if p.bye is None else start_number[p.bye],
                       [(start_number[i], code) for i, code in p.unpaired])
    return rules.pair(t)


def pair_round(t: Tournament, system: str = "dutch", edition: str | None = None) -> Pairing:
    """:func:`pair_next` for a position the caller prepared: no refusal, and
    no acceleration but what ``t`` already carries (``XXA`` / ``250``, or a
    caller's :func:`~swisschess.rules.baku.accelerate`).

    The checker's and the explainer's pairer (they re-pair earlier rounds).
    """
    return pair_next(t, system, edition, baku=False, refuse=False)
