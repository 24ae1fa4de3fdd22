"""A player's [C1] conflicts as positions, with prohibited-pair groups shared.

The degree certificates of large rounds (Dirac's theorem, the greedy
perfect matching of :mod:`swisschess.pairing.constructive`, the reduced
graph's lower part) count, for each player, how many players of a group he
may *not* meet.  The opponents already met are few; the members of a
prohibited-pair group (XXP / 260 records) may be half of the round.  A
:class:`Conflicts` keeps such a group as one set shared by all its members
(two groups of 5,000 would cost 50 M entries if copied, issue 31), and
:func:`count_within` / :func:`count_from` count a group's members once per
call instead of once per player — the same numbers, without the n² walk.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet


class Conflicts(AbstractSet[int]):
    """One player's [C1] conflicts, as positions: the opponents met (own
    set) and the members of the prohibited-pair groups (XXP / 260) the
    player is in, kept as the groups' shared sets rather than copied for
    every member.  Behaves as the plain set of all of them, the player
    left out."""

    __slots__ = ("me", "own", "shared")

    def __init__(self, me: int) -> None:
        self.me = me
        self.own: set[int] = set()
        self.shared: tuple[frozenset[int], ...] = ()

    def __contains__(self, x: object) -> bool:
        return x in self.own or (x != self.me and any(x in s for s in self.shared))

    def __iter__(self) -> Iterator[int]:
        yield from self.own
        if not self.shared:
            return
        seen = set(self.own)
        seen.add(self.me)
        for s in self.shared:
            for x in s:
                if x not in seen:
                    seen.add(x)
                    yield x

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def union(self, memo: GroupMemo) -> frozenset[int]:
        """The union of the shared groups (``me`` in it), built once per
        combination of groups; empty when there are none."""
        if len(self.shared) == 1:
            return self.shared[0]
        key = tuple(id(s) for s in self.shared)
        u = memo.unions.get(key)
        if u is None:
            u = memo.unions[key] = frozenset().union(*self.shared)
        return u


class GroupMemo:
    """One question's cache (one group of members, or one ``start``): each
    combination of shared groups, its union and how many of it count."""

    __slots__ = ("counts", "unions")

    def __init__(self) -> None:
        self.unions: dict[tuple[int, ...], frozenset[int]] = {}
        self.counts: dict[int, int] = {}


def count_within(conf: AbstractSet[int], members: AbstractSet[int], memo: GroupMemo) -> int:
    """``len(conf & members)``: how many of ``members`` ``conf`` holds.
    ``memo`` (one per ``members``) counts each group once."""
    if not isinstance(conf, Conflicts) or not conf.shared:
        return sum(1 for y in conf if y in members)
    u = conf.union(memo)
    n = memo.counts.get(id(u))
    if n is None:
        small, big = (u, members) if len(u) < len(members) else (members, u)
        n = memo.counts[id(u)] = sum(1 for y in small if y in big)
    n -= conf.me in members  # conf.me is in every group he shares
    return n + sum(1 for y in conf.own if y in members and y not in u)


def count_from(conf: AbstractSet[int], start: int, memo: GroupMemo) -> int:
    """How many positions ``>= start`` ``conf`` holds; ``memo`` (one per
    ``start``) counts each group once."""
    if not isinstance(conf, Conflicts) or not conf.shared:
        return sum(1 for x in conf if x >= start)
    u = conf.union(memo)
    n = memo.counts.get(id(u))
    if n is None:
        n = memo.counts[id(u)] = sum(1 for x in u if x >= start)
    n -= conf.me >= start
    return n + sum(1 for x in conf.own if x >= start and x not in u)


__all__ = ["Conflicts", "GroupMemo", "count_from", "count_within"]
