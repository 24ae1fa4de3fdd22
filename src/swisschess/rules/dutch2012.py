"""FIDE Dutch system as worded at Istanbul 2012 (C.04.3.1, in force 2013 - 30 Jun 2017).

The 2012 wording is the seeds' 1992/1998 procedure (A1-F9, C1-C14) with the
amendments made between 2001 and 2012.  This module states only those
differences; everything else is :mod:`swisschess.rules.dutch1992`.  It is the
text JaVaFo 1.4 implements (``../shared/reference/dutch-2012``).

What 2012 changes, article by article
-------------------------------------
* **A.2 order**: score, then the pairing number (the 1992 text: rating, title,
  name).
* **A.7.d** (odd rounds): a strong colour preference is treated as absolute -
  two players wanting the same colour strongly do not meet - "as long as this
  does not result in additional or higher ranked floaters"; dropped by C.10.f
  only after x has grown to p.  Here: an outer colour stage in which the pairs
  with a same-colour strong preference are capped at 0, then the stage without.
* **A.7.e / A.8.b / C.10.e** (even rounds): besides x (pairs not granting both
  preferences) the number z of pairs in which both players have the same
  *strong* preference is minimised: x grows in the outer loop, z from its
  minimum up to x inside it.
* **B.1b**: a point or half point scored without playing (bye, forfeit win,
  half-point bye) makes the player a downfloater (A.4 for B.5/B.6) and bars
  him from the bye.
* **B.5/B.6**: no last-round waiver for players above 50 % (the 1992 note).
* **C.10 a-d**: the float criteria are relaxed as a binary counter, upfloaters
  first: drop B6 for upfloaters; drop B5 for upfloaters and restore B6 for
  them (restart from C.3.h); both; then B6 for downfloaters with both
  upfloater criteria restored (C.3.g) ... (:data:`FLOAT_LEVELS_2012`).
* **C.12**: the previous bracket is re-paired only so that "another set of
  players of the same size and with the same scores" moves down.
* **D.2**: exchanges of one player, then two, ...; within a size by the
  difference of the sums of the bracket numbers, then the S1 groups in
  decreasing lexicographic order, then the S2 groups in increasing order (no
  1992 tables).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations

from swisschess.model.history import to_be_paired, unpaired_entries
from swisschess.model.tournament import Tournament
from swisschess.pairing.result import Pairing
from swisschess.rules.dutch1992 import (
    NODE_BUDGET,
    Candidate,
    Context,
    Dutch1992,
    Variant,
    allocate_colours,
    board_order,
)

#: C.10 a-d: float relaxation levels, as (B6 down, B5 down, B6 up, B5 up) = criterion holds.
#: A binary counter over the dropped criteria, B5-down most and B6-up least significant.
FLOAT_LEVELS_2012: tuple[tuple[bool, bool, bool, bool], ...] = tuple(
    (not v & 4, not v & 8, not v & 1, not v & 2) for v in range(16)
)

#: D.2: exchanges of three or more players only from this many players at the S1/S2 boundary.
WIDE_WINDOW = 6
#: D.2: exchanges of two players only from this many players at the S1/S2 boundary.
PAIR_WINDOW = 12


@lru_cache(maxsize=4096)
def d2_exchanges_2012(s1: tuple[int, ...], s2: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """2012 D.2: ``(from S1, from S2)`` bracket numbers, in the text's order.

    N = 1, 2, ... players; for each N the difference (sum of the S2 numbers) -
    (sum of the S1 numbers) as small as possible, then "top down from the list
    of S1 exchanges" (S1 groups in decreasing lexicographic order: 5,4 before
    5,3 before 4,3), then from the list of S2 exchanges (increasing: 6,7 before
    6,8).  Exchanges of two players are drawn from the 12, of three or more
    from the 6 players nearest the S1/S2 boundary (bounded search).
    """
    a, b = sorted(s1), sorted(s2)
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for size in range(1, min(len(a), len(b)) + 1):
        window = len(a) if size == 1 else (PAIR_WINDOW if size == 2 else WIDE_WINDOW)
        if size > window:
            break
        w1, w2 = a[-window:], b[:window]
        groups1 = [tuple(sorted(c, reverse=True)) for c in combinations(w1, size)]
        groups2 = list(combinations(w2, size))
        cands = [(c1, c2) for c1 in groups1 for c2 in groups2]
        cands.sort(key=lambda e: (sum(e[1]) - sum(e[0]), tuple(-v for v in e[0]), e[1]))
        out.extend(cands)
    return tuple(out)


class Context2012(Context):
    """Player facts under the 2012 wording (A.2 order, B.1b floats and bye)."""

    def __init__(self, t: Tournament, rnd: int, ids: Iterable[int]):
        super().__init__(t, rnd, ids, edition="2012")
        for pid, x in self.f.items():
            # B.1b: "a point or half point without playing" bars the bye
            x.bye_ok = x.bye_ok and not any(
                e.code.upper() == "H" for e in t.players[pid].results[: rnd - 1]
            )

    def a2_key(self, pid: int) -> tuple:
        """A.2: score, then the pairing number."""
        return (-self.f[pid].score, pid)


class Dutch2012(Dutch1992):
    """The 1992 engine with the 2012 amendments (see the module docstring)."""

    def __init__(self, ctx: Context, node_budget: int = NODE_BUDGET):
        super().__init__(ctx, node_budget, Variant(topscorer_float_waiver=False, a3_homogeneous=True))
        self.levels = FLOAT_LEVELS_2012
        self.odd_round = ctx.rnd % 2 == 1

    def colour_stages(self) -> Sequence[str | None]:
        # A.7.d / C.10.f: in odd rounds strong preferences count as absolute first
        return ("a7d", None) if self.odd_round else (None,)

    def strong_caps(self, x: int, stage: str | None) -> Sequence[int | None]:
        if stage == "a7d":
            return (0,)
        if self.odd_round:
            return (None,)
        return range(0, x + 1)  # A.8.b / C.10.e: z from its minimum up to x

    def exchanges(self, s1: Sequence[int], s2: Sequence[int]) -> Iterable[tuple[tuple[int, ...], tuple[int, ...]]]:
        return d2_exchanges_2012(tuple(s1), tuple(s2))

    def _same_movers(self, alt: Candidate, cand: Candidate) -> bool:
        # C.12: only "another set of players of the same size and with the same scores"
        if set(alt.floaters) == set(cand.floaters):
            return True
        score = self.ctx.f
        return sorted(score[q].score for q in alt.floaters) != sorted(score[q].score for q in cand.floaters)


def pair_dutch_2012(t: Tournament, *, node_budget: int = NODE_BUDGET) -> Pairing:
    """Pair the next round of ``t`` by the Istanbul 2012 wording (C.04.3.1).

    Raises :class:`~swisschess.pairing.result.PairingError` when no pairing
    respects the absolute criteria.
    """
    rnd = t.rounds_recorded() + 1
    ids = to_be_paired(t, rnd)
    ctx = Context2012(t, rnd, ids)
    pairs, bye = Dutch2012(ctx, node_budget).run(ids)
    boards = [allocate_colours(ctx, a, b) for a, b in pairs]
    return Pairing(rnd, board_order(ctx, boards), bye, unpaired_entries(t, rnd))


__all__ = ["Context2012", "Dutch2012", "FLOAT_LEVELS_2012", "d2_exchanges_2012", "pair_dutch_2012"]
