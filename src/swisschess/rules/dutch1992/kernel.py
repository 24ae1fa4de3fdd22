"""The search kernel shared by the classic engines: Dutch 1992, its 2012 wording, and Lim.

All three decide a round the way their texts do - a bracket (score group) at a
time, trying the bracket's pairings in the text's order until one is
acceptable - and all three need the same three pieces of machinery, kept here:

* :class:`SearchBudget` - how many search nodes a bracket may visit before the
  engine stops enumerating (the literal orders explode on large brackets).  A
  search that runs out raises :class:`BudgetSpent`; the caller then takes
  :meth:`Feasibility.split`.
* :class:`Feasibility` - the one feasibility oracle: "can these players still
  all be paired respecting the absolute criteria (B1/B2, the bye's B1b)?",
  decided exactly by a maximum cardinality matching and cached per set.
* :meth:`Feasibility.split` - the one fallback: a bracket's pairs taken from a
  complete matching of the players still to pair, so a legal round is always
  produced when one exists.
* :class:`SearchStats` - what a caller may want to know afterwards (how many
  brackets fell back), passed in explicitly instead of a module-wide counter.

The float relaxation levels of C9/C10 (1992) and C.10 (2012) are named tuples:
:class:`FloatHolds` says which of B5/B6 still hold for down- and upfloaters,
:class:`BoundedLevel` adds the 2012 bounds on how often the dropped ones may
be broken ("only for the minimum number of pairs").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from swisschess.rules.dutch1992.matching import complete_matching


class BudgetSpent(Exception):
    """A bracket search visited more nodes than its :class:`SearchBudget` allows."""


class SearchBudget:
    """Search nodes a bracket may visit (one counter, restarted per bracket).

    ``limit`` is the engine's allowance per bracket.  :meth:`start` begins a
    bracket's search (optionally with another allowance: less for a trial, more
    for a joined lowest bracket); :meth:`tick` counts one node and raises
    :class:`BudgetSpent` past the allowance; :meth:`kept` runs a nested trial
    without charging its nodes to the search around it.
    """

    __slots__ = ("limit", "used")

    def __init__(self, limit: int):
        self.limit = limit
        self.used = 0

    def start(self, allowance: int | None = None) -> None:
        """Begin a search allowed ``allowance`` nodes (None: the engine's ``limit``)."""
        self.used = 0 if allowance is None else self.limit - allowance

    def tick(self) -> None:
        self.used += 1
        if self.used > self.limit:
            raise BudgetSpent

    @property
    def exhausted(self) -> bool:
        """Did the last search run out of nodes?"""
        return self.used > self.limit

    @contextmanager
    def kept(self) -> Iterator[None]:
        """Run a nested trial search; the outer search's count is restored afterwards."""
        used = self.used
        try:
            yield
        finally:
            self.used = used


@dataclass(slots=True)
class SearchStats:
    """What one or more runs of a classic engine report (pass one in to collect it)."""

    #: brackets / score groups whose budget ran out and that took the matching fallback
    fallbacks: int = 0
    #: C13 walks (no look-ahead, 2012) whose budget ran out: the brackets were joined
    #: without every pairing of the penultimate one having been tried
    walks_cut: int = 0
    #: other searches whose budget ran out and that gave up without a pairing: a
    #: bracket's first pairing (the caller then falls back or moves on), a joined
    #: lowest bracket's least differences (B3), a C12 trial
    searches_cut: int = 0


class FloatHolds(NamedTuple):
    """A float relaxation level (1992 C9/C10, 2012 C.10 a-d): which criteria still hold."""

    b6_down: bool  # B6 for downfloaters (no float in the same direction two rounds before)
    b5_down: bool  # B5 for downfloaters (no float in the same direction last round)
    b6_up: bool
    b5_up: bool


class BoundedLevel(NamedTuple):
    """A 2012 C.10 level with bounds on the breaches of its dropped criteria (None: no bound)."""

    b6_down: bool
    b5_down: bool
    b6_up: bool
    b5_up: bool
    down_cap: int | None  # breaches of the dropped criteria by downfloaters
    up_cap: int | None  # ... by upfloaters


#: A float relaxation level as the bracket search walks it.
Level = FloatHolds | BoundedLevel

#: Every float criterion holds.
STRICT = FloatHolds(True, True, True, True)


def holds(level: Level) -> FloatHolds:
    """The four criteria of a level, without its bounds."""
    return FloatHolds(level.b6_down, level.b5_down, level.b6_up, level.b5_up)


def down_cap(level: Level) -> int | None:
    """A level's bound on the downfloaters' breaches (2012 C.10); None: no bound."""
    return level.down_cap if isinstance(level, BoundedLevel) else None


def up_cap(level: Level) -> int | None:
    """A level's bound on the upfloaters' breaches (2012 C.10); None: no bound."""
    return level.up_cap if isinstance(level, BoundedLevel) else None


def without_upfloat_criteria(level: Level) -> Level:
    """A level with B5/B6 for upfloaters (and their bound) dropped."""
    if isinstance(level, BoundedLevel):
        return level._replace(b6_up=False, b5_up=False, up_cap=None)
    return level._replace(b6_up=False, b5_up=False)


def with_up_cap(level: Level, cap: int | None) -> Level:
    """A bounded level with another bound on the upfloaters' breaches."""
    if isinstance(level, BoundedLevel):
        return level._replace(up_cap=cap)
    return BoundedLevel(*level, None, cap)


class Matcher(Protocol):
    """What the oracle needs from a round's player facts (see ``Context``)."""

    def matching(self, ids: Iterable[int], hint: dict[int, int] | None = None) -> dict[int, int] | None: ...

    def compatible(self, a: int, b: int) -> bool: ...

    def bye_allowed(self, pid: int) -> bool: ...


Pairs = list[tuple[int, int]]


class Feasibility:
    """The feasibility oracle: can a set of players still be paired completely?

    Answers are cached per set.  They are decided by
    :func:`~swisschess.rules.dutch1992.matching.complete_matching` from the
    last complete pairing found (a few augmenting paths, no full graph).

    The fallback (:meth:`split`) must give the pairs it always gave: there, the
    bracket's pairs come from ``Context.matching`` started from the *hint*, the
    matching of the last feasible set, itself started from the one before
    (``order`` lists a set in the order the engine hands it over).  That chain
    is only needed when a bracket falls back, so the feasible sets are kept and
    the chain is computed then (:attr:`hint`).
    """

    def __init__(self, ctx: Matcher, order: Callable[[Iterable[int]], list[int]]):
        self.ctx = ctx
        self.order = order
        self._known: dict[frozenset[int], bool] = {}
        self._witness: dict[int, int] | None = None  # the last complete pairing found
        self._hint: dict[int, int] | None = None
        self._chain: list[frozenset[int]] = []  # feasible sets not yet in the hint
        self._local: dict[int, int] | None = None  # the last pairing :meth:`pairable` found

    def completable(self, ids: frozenset[int]) -> bool:
        """B1/B2 (and B1b for the bye): do these players have a complete pairing?"""
        r = self._known.get(ids)
        if r is None:
            m = complete_matching(ids, self.ctx.compatible, self.ctx.bye_allowed, self._witness)
            r = m is not None
            if m is not None:
                self._witness = m
                self._chain.append(ids)
            self._known[ids] = r
        return r

    def pairable(self, ids: Iterable[int]) -> bool:
        """Can these players (an even number, no bye) be paired among themselves?

        Not a look-ahead of the round: leaves the hint and the cache alone.
        """
        ids = list(ids)
        if len(ids) % 2:
            return False
        # one group is asked about with one player left out after another: the
        # last such answer is the best warm start
        m = complete_matching(ids, self.ctx.compatible, self.ctx.bye_allowed, self._local or self._witness)
        if m is not None:
            self._local = m
        return m is not None

    @property
    def hint(self) -> dict[int, int] | None:
        """The matching of the last feasible set, as the search's chain of warm starts found it."""
        for ids in self._chain:
            m = self.ctx.matching(self.order(ids), self._hint)
            if m is None:  # cannot happen: the set was found feasible
                raise AssertionError("a feasible set has no complete matching")
            self._hint = m
        self._chain.clear()
        return self._hint

    def split(self, members: Sequence[int], pool: Iterable[int]) -> tuple[Pairs, list[int]] | None:
        """The fallback: a complete matching of ``pool``, cut to the pairs inside ``members``.

        ``members`` (in the order the pairs are listed) must be part of ``pool``;
        the members whose partner is outside (or the bye) are returned as the
        rest.  None when ``pool`` has no complete pairing.
        """
        m = self.ctx.matching(list(pool), self.hint)
        if m is None:
            return None
        inside = set(members)
        pairs: Pairs = []
        rest: list[int] = []
        done: set[int] = set()
        for q in members:
            if q in done:
                continue
            o = m.get(q)
            if o is not None and o in inside:
                pairs.append((q, o))
                done.update((q, o))
            else:
                rest.append(q)
        return pairs, rest
