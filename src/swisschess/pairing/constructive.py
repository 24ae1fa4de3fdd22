"""A perfect matching *found*, as a certificate that one exists.

The large-round certificates of the Dutch engine must show that a group of
players (the next scoregroup, the lower part of the round) can be paired
completely ([C4]).  Dirac's theorem does it in one pass when every player
may meet at least half of the group; it fails when the group is lopsided —
most of it due the same absolute colour ([C3]), or split in two halves that
may not meet among themselves (XXP, [C1]) — although such groups often do
have a perfect matching (issue 31).

:func:`find_perfect` then simply builds one: the most constrained players
first (fewest possible opponents, by a cheap lower bound), each with the
first compatible player still free in the same order, and a short repair
(an augmenting path of length three) for the few left over.  A matching
found is a proof; not finding one proves nothing (the caller falls back to
an exact method), so the test is sufficient only, never wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from swisschess.pairing.conflicts import GroupMemo, count_within

#: Stop the repair after this many compatibility tests per group player
#: (the certificate is then declined, never wrong).
REPAIR_BUDGET = 64


def class_sizes(group: Sequence[int], colour_class: Sequence[int]) -> dict[int, int]:
    """How many players of ``group`` each colour class holds (class 0, no
    absolute colour, is not counted)."""
    per_class: dict[int, int] = {}
    for x in group:
        c = colour_class[x]
        if c:
            per_class[c] = per_class.get(c, 0) + 1
    return per_class


def find_perfect(group: Sequence[int], conflicts: Sequence[AbstractSet[int]],
                 colour_class: Sequence[int],
                 compatible: Callable[[int, int], bool]) -> dict[int, int] | None:
    """A perfect matching of ``group`` (even) as a mate map, or None when
    this greedy construction does not find one (a perfect matching may
    still exist).  ``conflicts`` and ``colour_class`` (as in
    :func:`swisschess.rules.dutchclasses.conflict_sets`) only order the
    players; every pair made is tested with ``compatible``."""
    h = len(group)
    if h % 2:
        return None
    if h == 0:
        return {}
    members = set(group)
    per_class = class_sizes(group, colour_class)
    memo = GroupMemo()

    def degree(x: int) -> int:
        c = colour_class[x]
        d = h - 1 - count_within(conflicts[x], members, memo)
        return d - (per_class[c] - 1 if c else 0)

    order = sorted(group, key=lambda x: (degree(x), x))
    mate: dict[int, int] = {}
    for i, x in enumerate(order):
        if x in mate:
            continue
        for y in order[i + 1:]:
            if y not in mate and compatible(x, y):
                mate[x], mate[y] = y, x
                break
    left = [x for x in order if x not in mate]
    budget = REPAIR_BUDGET * h
    while left:
        u = left.pop()
        found = False
        # u - a = b - v: a and b were mates; now u meets a and b meets v
        for a in order:
            b = mate.get(a)
            if b is None:
                continue
            budget -= 1
            if budget < 0:
                return None
            if not compatible(u, a):
                continue
            for v in left:
                if compatible(b, v):
                    left.remove(v)
                    mate[u], mate[a], mate[b], mate[v] = a, u, v, b
                    found = True
                    break
            if found:
                break
        if not found:
            return None
    return mate


def has_perfect(group: Sequence[int], conflicts: Sequence[AbstractSet[int]],
                colour_class: Sequence[int], compatible: Callable[[int, int], bool]) -> bool:
    """True when :func:`find_perfect` finds a perfect matching of ``group``."""
    return find_perfect(group, conflicts, colour_class, compatible) is not None


__all__ = ["REPAIR_BUDGET", "find_perfect", "has_perfect"]
