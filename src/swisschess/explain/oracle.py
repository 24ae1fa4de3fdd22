"""Questions about the players not yet paired, answered by matchings.

The explainer judges a bracket's candidate by what it leaves to the rest of
the round: can the rest still be paired ([C4] completion), with which score
would the PAB go ([C5]), how many pairs could the next bracket make and how
high would its downfloaters score ([C8]).  Each is a maximum-cardinality
matching (``networkx``) on the compatibility graph of [C1] and [C3]; a dummy
vertex joined to the players who may take the PAB ([C2]) stands for the bye
when the number of players is odd.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

import networkx as nx

from swisschess.rules.dutch import Entrant

_BYE = -1  # the dummy vertex


def _eligible_at(score: Fraction) -> Callable[[Entrant], bool]:
    """[C2] and a PAB at ``score`` ([C5])."""
    return lambda p: p.bye_eligible and p.score == score


class Oracle:
    """Matching questions about sets of entrants, with a compatibility test."""

    def __init__(self, compatible: Callable[[Entrant, Entrant], bool], all_scores: Iterable[Fraction]):
        self._compatible = compatible
        self._compat: dict[tuple[int, int], bool] = {}
        scores = sorted(set(all_scores))
        self._score_rank = {s: k for k, s in enumerate(scores)}
        self._cache: dict = {}

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        """[C1] and [C3] (memoised)."""
        key = (a.id, b.id) if a.id < b.id else (b.id, a.id)
        v = self._compat.get(key)
        if v is None:
            v = self._compat[key] = self._compatible(a, b)
        return v

    def _graph(self, players: Sequence[Entrant], bye: Callable[[Entrant], bool],
               weight: Callable[[Entrant, Entrant], int] | None = None) -> nx.Graph:
        g = nx.Graph()
        g.add_nodes_from(p.id for p in players)
        for j, b in enumerate(players):
            for a in players[:j]:
                if self.compatible(a, b):
                    w = 1 if weight is None else weight(a, b)
                    g.add_edge(a.id, b.id, weight=w)
        if len(players) % 2:
            g.add_node(_BYE)
            for p in players:
                if bye(p):
                    g.add_edge(p.id, _BYE, weight=1)
        return g

    @staticmethod
    def _perfect(g: nx.Graph) -> set | None:
        m = nx.max_weight_matching(g, maxcardinality=True)
        return m if 2 * len(m) == g.number_of_nodes() else None

    def completable(self, players: Sequence[Entrant],
                    bye: Callable[[Entrant], bool] | None = None) -> bool:
        """Can all ``players`` be paired, all but one who takes the PAB ([C4])?"""
        if not players:
            return True
        test = bye or (lambda p: p.bye_eligible)
        return self._perfect(self._graph(players, test)) is not None

    def min_bye_score(self, players: Sequence[Entrant]) -> tuple[bool, Fraction | None]:
        """``(completable, lowest PAB score)`` for ``players`` ([C4], [C5]).

        The score is None when the number of players is even (no PAB).
        """
        key = ("c5", frozenset(p.id for p in players))
        if key in self._cache:
            return self._cache[key]
        out: tuple[bool, Fraction | None]
        if len(players) % 2 == 0:
            out = (self.completable(players), None)
        else:
            out = (False, None)
            for s in sorted({p.score for p in players if p.bye_eligible}):
                if self.completable(players, _eligible_at(s)):
                    out = (True, s)
                    break
        self._cache[key] = out
        return out

    def next_bracket(self, players: Sequence[Entrant], bracket: set[int],
                     bye_score: Fraction | None) -> tuple[int, tuple[Fraction, ...]]:
        """Best pairs of the next bracket ([C8]): ``(pairs, downfloaters' scores, highest first)``.

        ``players`` are all the players left, ``bracket`` the ids of the next
        bracket among them; the PAB, if any, goes to a player of ``bye_score``.
        Most pairs in the bracket first, then the highest-scored MDPs paired.
        """
        key = ("c8", frozenset(p.id for p in players), frozenset(bracket), bye_score)
        if key in self._cache:
            return self._cache[key]
        k = len(players) + 1
        top = len(self._score_rank) + 1
        big = k ** (top + 1)

        def weight(a: Entrant, b: Entrant) -> int:
            if a.id in bracket and b.id in bracket:
                return 1 + big + k ** self._score_rank[max(a.score, b.score)]
            return 1

        def bye(p: Entrant) -> bool:
            return p.bye_eligible and (bye_score is None or p.score == bye_score)

        g = self._graph(players, bye, weight)
        m = self._perfect(g)
        out: tuple[int, tuple[Fraction, ...]]
        if m is None:
            out = (0, ())
        else:
            paired: set[int] = set()
            pairs = 0
            for a, b in m:
                if a in bracket and b in bracket:
                    pairs += 1
                    paired.update((a, b))
            score = {p.id: p.score for p in players}
            out = (pairs, tuple(sorted((score[i] for i in bracket if i not in paired), reverse=True)))
        self._cache[key] = out
        return out

    def max_pairs_within(self, players: Sequence[Entrant], bracket: set[int],
                         bye: Callable[[Entrant], bool] | None = None) -> int:
        """Most pairs inside ``bracket`` in a complete pairing of ``players`` (-1: none)."""
        big = len(players) + 1

        def weight(a: Entrant, b: Entrant) -> int:
            return 1 + big if a.id in bracket and b.id in bracket else 1

        g = self._graph(players, bye or (lambda p: p.bye_eligible), weight)
        m = self._perfect(g)
        if m is None:
            return -1
        return sum(1 for a, b in m if a in bracket and b in bracket)
