"""Perfect matchings of *dense* brackets, built directly as witnesses.

Why
---
In a large scoregroup almost every two players may meet: a player has met
a handful of opponents ([C1]) and only two players with the same absolute
colour preference are barred from each other ([C3]).  When the quality
criteria of a bracket depend only on a player's colour side (White seekers
against the rest, Dubov 3.2.3), the best pairing's *value* is known without
a weighted matching: at most ``min(|S|, |L|)`` pairs can join the two sides,
so a perfect matching that joins every player of the smaller side ``S`` to
the larger side ``L`` (and pairs the rest of ``L`` among themselves) is an
optimum, and every optimum has that shape.  Such a matching is a
*certificate*: once built, each "is there an optimum in which ...?" question
is answered by changing it a little and checking the result, never by a
solve over the whole bracket (``n²`` pairs: millions at 9,999 players).

The functions here only ever answer "yes" with a matching in hand; when the
simple constructions fail they return ``None`` and the caller decides the
bracket the exact weighted way, so a "no" is never guessed.

* :func:`split_witness` builds the matching (greedy, augmenting paths for the
  cross part, swaps for the inside part);
* :func:`rejoin_inside` makes a player of ``L`` one of the inside pairs
  (Dubov 3.2.4: "can this player stay in his own subgroup?");
* :func:`first_perfect` gives each player of ``s1`` in turn the first player
  of ``t2`` that still leaves a perfect matching of the others (Dubov 3.2.5,
  the first transposition), keeping a perfect matching as a witness and
  re-routing it by one alternating path when a candidate is not its mate.

``ok(a, b)`` says whether ``a`` and ``b`` may be paired (symmetric).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

Ok = Callable[[int, int], bool]

__all__ = ["first_perfect", "rejoin_inside", "split_witness"]


def split_witness(small: Sequence[int], large: Sequence[int], ok: Ok) -> dict[int, int] | None:
    """A perfect matching of ``small`` + ``large`` that pairs every player of
    ``small`` with one of ``large`` and the rest of ``large`` among
    themselves (as a mate dict), or None when not found this way.

    ``len(large) - len(small)`` must be even and not negative."""
    if (len(large) - len(small)) % 2 or len(large) < len(small):
        return None
    m1 = _bipartite(small, large, ok)
    if m1 is None:
        return None
    mate: dict[int, int] = {}
    for a, b in m1.items():
        mate[a] = b
        mate[b] = a
    rest = [v for v in large if v not in mate]
    single: list[int] = []
    free = list(rest)
    while free:
        u = free.pop(0)
        for i, x in enumerate(free):
            if ok(u, x):
                mate[u] = x
                mate[x] = u
                del free[i]
                break
        else:
            single.append(u)
    # two players of ``large`` left that may not meet: swap one of them with
    # the ``large`` end of a cross pair (s, l): s - u1 across, l - u2 inside
    while single:
        if len(single) < 2:
            return None
        u1, u2 = single.pop(), single.pop()
        if ok(u1, u2):
            mate[u1], mate[u2] = u2, u1
            continue
        for s in small:
            lo = mate[s]
            if ok(s, u1) and ok(lo, u2):
                mate[s], mate[u1], mate[lo], mate[u2] = u1, s, u2, lo
                break
            if ok(s, u2) and ok(lo, u1):
                mate[s], mate[u2], mate[lo], mate[u1] = u2, s, u1, lo
                break
        else:
            return None
    return mate


def _bipartite(left: Sequence[int], right: Sequence[int], ok: Ok) -> dict[int, int] | None:
    """A matching of ``left`` into ``right`` covering ``left`` (Kuhn's
    augmenting paths after a greedy start), or None when there is none."""
    m1: dict[int, int] = {}
    m2: dict[int, int] = {}
    free = list(right)
    for a in left:
        for i, b in enumerate(free):
            if ok(a, b):
                m1[a] = b
                m2[b] = a
                del free[i]
                break
    for a in left:
        if a in m1:
            continue
        # breadth-first alternating search from a
        # (prev[z] = x: x is to take z's present partner)
        prev: dict[int, int] = {a: -1}
        queue = [a]
        end = None
        for x in queue:
            for b in right:
                if not ok(x, b):
                    continue
                z = m2.get(b)
                if z is None:
                    end = (x, b)
                    break
                if z in prev:
                    continue
                prev[z] = x
                queue.append(z)
            if end is not None:
                break
        if end is None:
            return None
        x, b = end
        while x != -1:
            old = m1.get(x, -1)
            m1[x] = b
            m2[b] = x
            b = old
            x = prev[x]
    return m1


def rejoin_inside(mate: dict[int, int], x: int, inside: Collection[int], ok: Ok) -> bool:
    """Change ``mate`` so that ``x`` is paired with another player of
    ``inside`` (his own side), if one swap does it: ``x``'s partner ``s``
    takes one end of an inside pair, ``x`` the other.  False: not found this
    way (which is not a proof that there is no such matching)."""
    if mate[x] in inside:
        return True
    s = mate[x]
    for y in inside:
        z = mate[y]
        if y == x or z == x or z not in inside:
            continue
        if ok(x, y) and ok(s, z):
            mate[x], mate[y], mate[s], mate[z] = y, x, z, s
            return True
    return False


def first_perfect(s1: Sequence[int], t2: Sequence[int], ok: Ok,
                  witness: dict[int, int]) -> list[tuple[int, int]] | None:
    """Each player of ``s1`` in turn with the first player of ``t2`` (not yet
    taken) that leaves a perfect matching of the players left; ``witness``
    pairs every player of ``s1`` with one of ``t2`` (it is changed).  None if
    the witness does not."""
    if len(s1) != len(t2):
        return None
    t2set = set(t2)
    m1 = {a: witness[a] for a in s1}
    if any(b not in t2set for b in m1.values()) or len(set(m1.values())) != len(t2):
        return None
    m2 = {b: a for a, b in m1.items()}
    left = list(t2)  # the T2 players not yet taken, in order
    out = []
    for a in s1:
        at = next((i for i, c in enumerate(left)
                   if ok(a, c) and (m1[a] == c or reroute(
                       m1, m2, a, c, lambda x: (y for y in left if ok(x, y)), ok))), -1)
        if at < 0:
            return None  # cannot happen: the witness pairs a
        c = left.pop(at)
        out.append((a, c))
        del m1[a]
        del m2[c]
    return out


def reroute(m1: dict[int, int], m2: dict[int, int], a: int, c: int,
            neighbours: Callable[[int], Iterable[int]], ok: Ok) -> bool:
    """Change the perfect matching ``m1``/``m2`` (left -> right, right -> left)
    so that it pairs ``a`` with ``c``, if some perfect matching does: one
    alternating path from ``c``'s partner to ``a``'s old one, breadth first
    without ``a`` and ``c``.  ``neighbours(x)``: the right players ``x`` may
    take, in the order to try them; ``ok(x, y)``: whether ``x`` may take ``y``
    (for the direct exchange, the usual case in a dense bracket).  Which
    path is found changes ``m1`` but never the answer."""
    u, w = m2[c], m1[a]
    if ok(u, w):  # a direct exchange
        m1[u], m2[w] = w, u
        m1[a], m2[c] = c, a
        return True
    prev: dict[int, int] = {u: -1}  # z -> x: x is to take z's present partner
    queue = [u]
    found = None
    for x in queue:
        for y in neighbours(x):
            if y == c:
                continue
            if y == w:
                found = x
                break
            z = m2[y]
            if z == a or z in prev:
                continue
            prev[z] = x
            queue.append(z)
        if found is not None:
            break
    if found is None:
        return False
    # found takes w, the one before it found's old partner, ..., u takes
    # the old partner of the one after it (u's own, c, goes to a)
    x, y = found, w
    while x != -1:
        old = m1[x]
        m1[x] = y
        m2[y] = x
        y = old
        x = prev[x]
    m1[a] = c
    m2[c] = a
    return True
