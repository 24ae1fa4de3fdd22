"""FIDE Burstein System, C.04.4.2 — the text in force from 1 Feb 2026.

The idea (Preface): players on the same score should have met opposition of
the same strength, measured by a tie-break *Index*; once the system is seeded,
each bracket pairs high-Index players against low-Index players.

Articles implemented here (2026 numbering, as quoted by the py4swiss 0.3.1
sources and summarised in ``docs/systems-dubov-burstein.md``):

* 1.2 brackets: the residents of a scoregroup plus the *incoming floaters*
  left unpaired by the bracket above (floaters go down only);
* 1.5 colour preferences as in the Dutch system; 1.5.4 a player without
  games has none (his opponent's preference is granted);
* 1.6 seeding rounds: the first min(floor(Rnds/2), 4) rounds are paired by
  the FIDE (Dutch) System (:func:`swisschess.rules.dutch.pair_dutch`);
* 1.7 the Index: 1.7.1 Buchholz (sum of the opponents' current scores), then
  Sonneborn-Berger (sum of the points scored against each opponent times
  that opponent's current score); 1.7.2 an unplayed round counts as a game
  against oneself with the recorded result, except that the zero-point byes
  of a series running up to the current round count as draws for the benefit
  of the player's opponents; acceleration (virtual) points are left out;
* 1.8 ranking inside a bracket: the Index (Buchholz, then Sonneborn-Berger,
  higher first), then TPN ascending — the score is not used;
* 2.1 [C1] no rematch, [C2] PAB eligibility (Basic Rules Art. 4), [C3] no two
  players with the same absolute colour preference; 2.2 [C4] completion;
* 2.3 quality: [C5] most pairs (fewest outgoing floaters), [C6] the lowest
  scores (descending) for the outgoing floaters, [C7] outgoing floaters that
  let the next bracket meet [C1]-[C6] best, [C8] fewest players without their
  colour preference;
* 3.1 the PAB: eligible, leaves a complete pairing, lowest score, most games
  played, lowest ranking (1.8);
* 4 order of the pairings: BSN 1, 2, ... by the 1.8 ranking, one virtual
  player with BSN 0 per outgoing floater; a pairing precedes another if BSN
  1's opponent has the larger BSN (BSN 0 last), then BSN 2's, and so on;
* 5.2 colours: as Dubov 5.2 (:func:`swisschess.rules.dubov.colour_of`) with
  "higher ranked" by the 1.8 ranking.

The matching method is the one of :mod:`swisschess.rules.dubov`: one
maximum-weight perfect matching of everybody still to pair carries [C5]-[C8]
as weight fields; the Art. 4 order is then fixed one player at a time.
From 64 players on, the players below the bracket and its next scoregroup
take part only through completion ([C4]) and are replaced by a few sinks and
a certificate (:class:`swisschess.pairing.reduced.ReducedGraph`, as in the
Dutch engine): the same decisions on a much smaller graph.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from fractions import Fraction

from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.dense import split_witness
from swisschess.pairing.reduced import least_degree
from swisschess.pairing.result import Pairing
from swisschess.pairing.tight import prepare
from swisschess.pairing.tightreduced import TightReducedGraph, slack
from swisschess.rules.dubov import (
    BracketTrace,
    Contender,
    Packer,
    PairFacts,
    RoundGraph,
    bits,
    contenders,
    pair_with_pab,
)
from swisschess.rules.dutch import REDUCED_MIN_LOWER, REDUCED_MIN_PLAYERS, pair_dutch
from swisschess.rules.dutch1992 import max_matching

W = Colour.WHITE


def seeding_rounds(rounds: int) -> int:
    """1.6.2: half the rounds (rounded down), at most 4."""
    return min(rounds // 2, 4)


def opposition_index(t: Tournament, upto: int) -> dict[int, tuple[Fraction, Fraction]]:
    """1.7: (Buchholz, Sonneborn-Berger) of every player after round ``upto``.

    Current scores without virtual points (1.7.2).  An unplayed round is a
    game against oneself with the recorded result (a round with no entry is a
    zero-point bye); the zero-point byes of a series that runs up to round
    ``upto`` count as draws in the opponents' Index (1.7.2 exception).
    """
    ps = t.points
    own: dict[int, Fraction] = {pid: t.score(pid, upto) for pid in t.players}
    seen: dict[int, Fraction] = {}
    for pid, p in t.players.items():
        res = p.results[:upto]
        series = upto - len(res)  # rounds without an entry: zero-point byes
        for e in reversed(res):
            if e.played or e.opponent is not None or e.code not in "Z":
                break
            series += 1
        seen[pid] = own[pid] + series * (ps.draw - ps.zero_bye)
    out = {}
    for pid, p in t.players.items():
        bh = sb = Fraction(0)
        res = p.results[:upto]
        for e in res:
            if e.played and e.opponent in t.players:
                opp = seen[e.opponent]
            else:
                opp = own[pid]
            bh += opp
            sb += ps.points(e) * opp
        bh += (upto - len(res)) * own[pid]  # missing rounds: zero-point byes, 0 points
        out[pid] = (bh, sb)
    return out


def burstein_rank(c: Contender) -> tuple:
    """1.8: Index (Buchholz, then Sonneborn-Berger) descending, then TPN."""
    return (-c.index[0], -c.index[1], c.tpn)


class Burstein:
    """Pair one round after the seeding rounds.  Use :func:`pair_burstein`."""

    def __init__(self, t: Tournament, rnd: int) -> None:
        self.t = t
        self.rnd = rnd
        self.trace: list[BracketTrace] = []
        players = contenders(t, rnd, no_games_black=False)
        idx = opposition_index(t, rnd - 1)
        for c in players:
            c.index = idx[c.id]
        players.sort(key=lambda c: (-c.score, burstein_rank(c)))
        self.players = players
        # closed dense brackets from a built optimum (dense_art4); False:
        # always the weighted way (the A/B reference)
        self.use_dense = True

    def run(self) -> Pairing:
        # 3.1 lowest score, most games played, lowest ranking (1.8)
        return pair_with_pab(self.t, self.rnd, self.players,
                             lambda c: (c.score, -c.games, c.index[0], c.index[1], -c.tpn),
                             self._pair, burstein_rank)

    def _closed(self, bracket: list[int], start: int) -> bool:
        """Does every optimum of the round pair the whole ``bracket`` inside
        it?  Yes when the bracket has a perfect matching ([C1], [C3]) and the
        players from ``start`` on (the next scoregroup and below) complete
        by themselves (Dirac: every one of them has at least half of them as
        possible opponents); then [C5] takes every bracket pair there is."""
        n = len(self.P)
        h = n - start
        if len(bracket) % 2 or h < REDUCED_MIN_LOWER:
            return False
        facts = self.facts
        cls = [0 if c is None else 1 if c is W else 2 for c in facts.cls]
        if 2 * (least_degree(start, facts.conflicts, cls) - 1) < h:
            return False
        pos = {v: i for i, v in enumerate(bracket)}
        adj = [[pos[u] for u in bracket if u != v and facts.compatible(v, u)] for v in bracket]
        return all(m >= 0 for m in max_matching(len(bracket), adj))

    def _reweigh(self, g: RoundGraph, touched: list[int], partners: list[int],
                 eligible: AbstractSet[int]) -> None:
        """Give the pairs of ``touched`` (those in ``eligible``) with
        ``partners`` their criteria weight; each pair once, and only those
        whose weight changed are handed to the graph.

        The weight is the fields (1, C5, C6, C7a, C7b, C8) as
        :meth:`Packer.pack` lays them out, summed from precomputed parts
        (each value fits its field, so sum and bitwise or agree): a pair
        with a player neither in the bracket nor in the next scoregroup has
        only completion ([C4]); a bracket pair [C5], [C6] (the scores of the
        two) and [C8] (not the same colour preference); any other pair of
        the two groups belongs to the following bracket ([C7])."""
        facts = self.facts
        conflicts, cls, colour = facts.conflicts, facts.cls, facts.colour
        inb, inn, reward = self.inb, self.inn, self.reward
        hi_out, hi_in, hi_next = self.hi_out, self.hi_in, self.hi_next
        s6, s7 = self.shift_c6, self.shift_c7b
        none = Colour.NONE
        hi_of = g.hi
        changes: list[tuple[int, int, int]] = []
        done: set[int] = set()
        for a in touched:
            if a not in eligible:
                continue
            done.add(a)
            fa, ca = conflicts[a], cls[a]
            ia, ra, pa = a in inb, reward[a], colour[a]
            a_out = not ia and a not in inn
            for b in partners:
                if b in done or b in fa or (ca is not None and ca is cls[b]):
                    continue  # weighed already, or [C1]/[C3]: no edge
                if a_out:
                    hi = hi_out
                elif b in inb:
                    if ia:
                        hi = hi_in + ((ra + reward[b]) << s6) + (
                            0 if (pa is colour[b] and pa is not none) else 1)  # [C8]
                    else:
                        hi = hi_next + ((ra + reward[b]) << s7)
                elif b in inn:
                    hi = hi_next + ((ra + reward[b]) << s7)
                else:
                    hi = hi_out
                k = (a, b) if a < b else (b, a)
                if hi_of.get(k) != hi:
                    hi_of[k] = hi
                    changes.append((k[0], k[1], hi))
        if g.bonus or g.cross:  # never at a bracket's start: the slow way
            for a, b, hi in changes:
                g.set_hi(a, b, hi)
            return
        shift = g.cw + g.ow  # RoundGraph.weight without cross bit or bonus
        gg = g.g
        if isinstance(gg, TightReducedGraph):
            gg.set_fresh([(a, b, hi << shift) for a, b, hi in changes])
        else:
            gg.set_many([(a, b, hi << shift) for a, b, hi in changes])

    def _dense(self, bracket: list[int], nxt: list[int], below: list[int],
               s: Fraction | None) -> tuple[list[tuple[int, int]], list[int]] | None:
        """The bracket's pairs and floater from a built optimum
        (:func:`dense_art4`), or None when its optimum's shape cannot be
        proved here (the weighted way decides).

        Even bracket: closed (:meth:`_closed`), nobody floats.  Odd bracket:
        [C5] floats exactly one player, [C6] a resident (the lowest score),
        [C7] one with whom the next scoregroup pairs completely: proved for
        every resident ``f`` with at least half of ``nxt + f`` as possible
        opponents when every player of ``nxt`` has too (Dirac), and the
        players below ``nxt`` complete by themselves (Dirac, as in
        :meth:`_closed`).  Then every such ``f`` gives the same [C5]-[C7],
        and [C8] decides as in an even closed bracket."""
        P, facts = self.P, self.facts
        n = len(P)
        if len(bracket) % 2 == 0:
            if not self._closed(bracket, nxt[0]):
                return None
            return dense_art4(bracket, burstein_rank, P, facts)
        start = next((v for v in below if P[v].score != P[nxt[0]].score), n)
        h = n - start
        cls = [0 if c is None else 1 if c is W else 2 for c in facts.cls]
        if h and (h < REDUCED_MIN_LOWER or 2 * (least_degree(start, facts.conflicts, cls) - 1) < h):
            return None
        m = len(nxt) + 1
        inn = set(nxt)
        counts: dict[int, int] = {}
        for v in nxt:
            if cls[v]:
                counts[cls[v]] = counts.get(cls[v], 0) + 1

        def degree(v: int, inside: bool) -> int:  # a lower bound, opponents in nxt
            d = len(nxt) - inside - sum(1 for x in facts.conflicts[v] if x in inn)
            if cls[v]:
                d -= counts.get(cls[v], 0) - inside
            return d

        if any(2 * degree(v, True) < m for v in nxt):
            return None

        def good(x: int) -> bool:  # [C6] a resident, [C7] nxt + x completes
            return P[x].score == s and 2 * degree(x, False) >= m

        return dense_art4(bracket, burstein_rank, P, facts, good)

    def _pair(self, P: list[Contender],
              floaters_in: Sequence[int] = ()) -> list[tuple[Contender, Contender]]:
        n = len(P)
        if n == 0:
            return []
        self.P = P
        scores = sorted({c.score for c in P}, reverse=True)
        digit = {sc: i for i, sc in enumerate(scores)}
        facts = PairFacts(P, [digit[c.score] for c in P])
        self.facts = facts
        base = 1 << (bits(n) + 1)
        top = base ** len(scores)
        # [C6]: the higher a paired player's score, the more significant
        self.reward = [base ** (len(scores) - 1 - digit[c.score]) for c in P]
        self.packer = Packer((1, 1, 2 * top, 1, 2 * top, 1), n)
        widths = self.packer.widths
        self.shift_c6 = sum(widths[3:])
        self.shift_c7b = widths[5]
        self.hi_out = self.packer.pack((1, 0, 0, 0, 0, 1))
        self.hi_in = self.packer.pack((1, 1, 0, 0, 0, 0))
        self.hi_next = self.packer.pack((1, 0, 0, 1, 0, 1))
        self.inb: set[int] = set()
        self.inn: set[int] = set()
        g = RoundGraph(n)
        # 4.3 is read from one optimum and its duals (Art4Order); the
        # questions it cannot settle go the weighted way, not by a
        # tight-graph search per candidate (dearer on these dense graphs)
        g.use_tight = False
        reduced: TightReducedGraph | None = None
        if n >= REDUCED_MIN_PLAYERS:
            # Large rounds: a pair with a player below the bracket and its
            # next scoregroup always weighs the same (completion only), so
            # that lower part is replaced by sinks and a certificate (see
            # pairing/reduced.py); the decisions are the full graph's.
            cls = [0 if c is None else 1 if c is W else 2 for c in facts.cls]
            reduced = TightReducedGraph(n, [False] * n, g.weight(self.hi_out), [0] * n,
                                        facts.compatible, facts.conflicts, cls, REDUCED_MIN_LOWER)
            g.g = reduced
        else:
            # before the first bracket every pair has completion only
            g.set_all(facts.compatible_pairs(range(n)), self.hi_out)
            g.solve()
        remaining = list(range(n))
        floaters = list(floaters_in)
        out: list[tuple[int, int]] = []
        stale = False
        while remaining:
            fset = set(floaters)
            natives = [v for v in remaining if v not in fset]
            s = P[natives[0]].score if natives else None
            group = [v for v in natives if P[v].score == s]
            below = [v for v in natives if P[v].score != s]
            s2 = P[below[0]].score if below else None
            nxt = [v for v in below if P[v].score == s2]
            bracket = floaters + group
            dense = None
            # at most one incoming floater: two floaters of one bracket lost
            # their pair there (Art4Order.float), which facts do not know
            if self.use_dense and reduced is not None and nxt and len(floaters) <= 1:
                dense = self._dense(bracket, nxt, below, s)
            if dense is not None:
                # 4.3 read from a built optimum (dense_art4): no solve.  The
                # graph is left behind (stale); a later bracket that needs
                # the weighted way gets a fresh one for the players left.
                stale = True
                pairs, down = dense
                tr = BracketTrace(s if s is not None else P[bracket[0]].score,
                                  [P[v].id for v in group])
                if floaters:
                    tr.notes.append("incoming floaters: "
                                    + ", ".join(str(P[v].id) for v in floaters))
                floaters = down
                out.extend(pairs)
                tr.pairs = [(P[a].id, P[b].id) for a, b in pairs]
                tr.downfloaters = [P[v].id for v in down]
                self.trace.append(tr)
                done = {v for pair in pairs for v in pair}
                remaining = [v for v in remaining if v not in done]
                continue
            if stale:
                sub = Burstein.__new__(Burstein)
                sub.t, sub.rnd, sub.trace, sub.use_dense = self.t, self.rnd, self.trace, True
                fpos = [k for k, v in enumerate(remaining) if v in fset]
                rest = sub._pair([P[v] for v in remaining], fpos)
                return [(P[a], P[b]) for a, b in out] + rest
            old_inb, old_inn = self.inb, self.inn
            self.inb, self.inn = set(bracket), set(nxt)
            # a pair's criteria depend only on each end being in the
            # bracket, in the next scoregroup or neither: re-weigh only the
            # pairs of a player whose place changed, and the floaters (their
            # pairs with the bracket they left were removed there)
            touched = [v for v in old_inb | old_inn | self.inb | self.inn
                       if v in fset
                       or (v in old_inb, v in old_inn) != (v in self.inb, v in self.inn)]
            closed = False
            if reduced is not None and reduced.reduced and nxt and self._closed(bracket, nxt[0]):
                # every optimum pairs the whole bracket inside it ([C5]), so
                # the next scoregroup matters only through completion: it
                # joins the lower part, and the graph is the bracket's
                reduced.begin_bracket(bracket, nxt[0])
                if reduced.reduced:
                    self._reweigh(g, touched, bracket, reduced.active)
                    g.solve()
                    closed = reduced.reduced and all(g.mate[v] in self.inb for v in bracket)
            if not closed:
                if reduced is not None and reduced.reduced:
                    # the lower part: every player from the first below nxt on
                    lower_start = next((v for v in below if P[v].score != s2), n)
                    active = bracket + nxt
                    reduced.begin_bracket(active, lower_start)
                if reduced is not None and reduced.reduced:
                    # pairs with the lower part keep their constant weight
                    self._reweigh(g, touched, active, reduced.active)
                else:
                    self._reweigh(g, touched, remaining, set(remaining))
                g.solve()
            # 4.1 BSN by the 1.8 ranking; 4.3 BSN 1's opponent the largest BSN
            bsn = sorted(bracket, key=lambda v: burstein_rank(P[v]))
            tr = BracketTrace(s if s is not None else P[bracket[0]].score,
                              [P[v].id for v in group])
            if floaters:
                tr.notes.append("incoming floaters: " + ", ".join(str(P[v].id) for v in floaters))
            decided: set[int] = set()
            paired: set[int] = set()
            order = Art4Order(g, self.inb)
            for v in bsn:
                if v in decided:
                    continue
                cands = [u for u in reversed(bsn) if u not in decided and u != v]
                m = order.choose(v, cands)
                decided.add(v)
                if m in self.inb:
                    decided.add(m)
                    order.pair(v, m)
                    out.append((v, m))
                    paired.update((v, m))
                    tr.pairs.append((P[v].id, P[m].id))
                else:  # v floats down (the virtual player, BSN 0)
                    order.float(v, bracket)
                    tr.downfloaters.append(P[v].id)
            order.flush()
            self.trace.append(tr)
            remaining = [v for v in remaining if v not in paired]
            floaters = [v for v in bracket if v not in paired]
        return [(P[a], P[b]) for a, b in out]


FLOAT = -1  # dense_art4: the virtual player a floater is paired with


def dense_art4(bracket: list[int], rank: Callable[[Contender], tuple],
               P: Sequence[Contender], facts: PairFacts,
               good: Callable[[int], bool] | None = None,
               ) -> tuple[list[tuple[int, int]], list[int]] | None:
    """Art. 4.3 of a *closed* bracket (every optimum pairs all of it inside
    it, :meth:`Burstein._closed`) from a matching built directly, without a
    weighted matching; None when it cannot be vouched for (the weighted way
    decides, nothing is concluded from a failed construction).

    Every player has a colour preference, White or Black.  In a closed
    bracket every perfect matching has the same [C5], [C6] (all paired) and
    [C7] (nobody floats); only [C8] differs: the pairs of the same colour
    preference.  With ``S`` the smaller colour side and ``L`` the larger, a
    perfect matching has at most ``|S|`` pairs joining the sides, so one with
    no pair inside ``S`` (every ``S`` player meets an ``L`` player) is an
    optimum, and the optima are exactly the perfect matchings ([C1], [C3])
    without a pair inside ``S`` (``pairing.dense.split_witness`` builds one).

    4.3: BSN 1 (the 1.8 ranking) meets the largest BSN he meets in some
    optimum, then BSN 2 among the players left, and so on.  A candidate is
    passed over only when certainly in no optimum ([C1], [C3], or both in
    ``S``, or both in ``L`` when the pairs decided have used up the
    ``(|L| - |S|) / 2`` pairs inside ``L``); for the first other candidate the witness is changed to pair
    them (one or two exchanges) — it stays a perfect matching without a pair
    inside ``S``, so an optimum holding every pair decided so far.  If that
    fails, None.

    Odd bracket (``good`` given, :meth:`Burstein._dense`): one player of
    ``L`` floats ([C8]: floating one of ``S`` leaves at most ``|S| - 1``
    pairs joining the sides), and any ``good`` one gives an optimum.  The
    floater is the witness's partner of a virtual player (BSN 0, the last
    candidate); only a ``good`` player is given to it.  Returns the pairs
    and the floaters."""
    colour = facts.colour
    B = Colour.BLACK
    if len(bracket) < 2 or any(colour[v] is not W and colour[v] is not B for v in bracket):
        return None
    if (len(bracket) % 2 == 1) != (good is not None):
        return None
    whites = [v for v in bracket if colour[v] is W]
    blacks = [v for v in bracket if colour[v] is B]
    small, large = (whites, blacks) if len(whites) <= len(blacks) else (blacks, whites)
    compatible = facts.compatible
    sset = set(small)
    mate = None
    if good is None:
        mate = split_witness(small, large, compatible)
    else:
        for f in [x for x in reversed(large) if good(x)][:4]:
            mate = split_witness(small, [x for x in large if x != f], compatible)
            if mate is not None:
                mate[f], mate[FLOAT] = FLOAT, f
                break
    if mate is None:
        return None
    # the pairs inside L of every optimum
    spare = (len(large) - len(small) - (good is not None)) // 2

    def ok(a: int, b: int) -> bool:  # in some optimum: compatible, not both in S
        if a == FLOAT or b == FLOAT:
            x = b if a == FLOAT else a
            return good is not None and x not in sset and good(x)
        if a in sset:
            return b not in sset and compatible(a, b)
        return (b in sset or spare > 0) and compatible(a, b)

    bsn = sorted(bracket, key=lambda v: rank(P[v]))
    decided: set[int] = set()
    out: list[tuple[int, int]] = []
    down: list[int] = []
    for v in bsn:
        if v in decided:
            continue
        decided.add(v)
        # 4.3: the largest BSN first, the virtual player (BSN 0) last
        for u in [*reversed(bsn), FLOAT]:
            if u in decided or not ok(v, u):
                continue  # taken, or in no optimum
            if not _rejoin(mate, v, u, ok):
                return None  # not shown either way
            break
        else:
            return None  # cannot happen: the witness pairs v
        del mate[v], mate[u]
        if u == FLOAT:
            down.append(v)
            continue
        decided.add(u)
        out.append((v, u))
        if v not in sset and u not in sset:
            spare -= 1
    return out, down



def _rejoin(mate: dict[int, int], v: int, u: int, ok: Callable[[int, int], bool]) -> bool:
    """Change the perfect matching ``mate`` (of the players not decided, and
    ``v``) so that it pairs ``v`` with ``u``, every new pair ``ok``: one
    exchange, or a rotation through one more pair of ``mate``."""
    mv, mu = mate[v], mate[u]
    if mv == u:
        return True
    if ok(mv, mu):
        mate[v], mate[u], mate[mv], mate[mu] = u, v, mu, mv
        return True
    for x, y in mate.items():
        if x in (v, u, mv, mu) or y in (v, u, mv, mu):
            continue
        for a, b in ((x, y), (y, x)):
            if ok(mv, a) and ok(mu, b):
                mate[v], mate[u] = u, v
                mate[mv], mate[a], mate[mu], mate[b] = a, mv, b, mu
                return True
    return False


class Art4Order:
    """Art. 4.3 for one bracket: each BSN's opponent in turn, read from one
    optimum ``M`` of the players left and its duals where they suffice.

    "Is there an optimum of the players left in which BSN ``v`` meets
    ``u``?" is asked for ``v``'s candidates, largest BSN first.  ``M`` pairs
    ``v`` with ``m0``, so only the candidates before ``m0`` are in question:

    * **no**, when the edge ``v-u`` has slack under the optimal duals of the
      last solve (complementary slackness: every optimum uses tight edges
      only; :mod:`swisschess.pairing.tightreduced` shows when the duals of a
      reduced graph are the round's);
    * **yes**, when an alternating cycle through ``v-u`` (``v-u``,
      ``u-m(u)``, tight edges and pairs of ``M``, ..., back to ``m0-v``)
      gives a matching of the same weight: it is an optimum pairing ``v``
      with ``u`` and becomes ``M`` (only players of the matching take part,
      so the players leaving for the lower part of a reduced graph stay the
      same and its certificate still holds);
    * otherwise one weighted matching decides, as before
      (:meth:`RoundGraph.prefer`).

    The pairs and floaters decided are handed to the graph only when a
    matching is needed (:meth:`flush`): until then the solver keeps its
    duals, which stay optimal for the players left.  Dropping a decided
    pair (tight) lowers the dual objective by exactly its weight; an odd set
    that loses one member becomes even and its ``z`` is spread over the
    members, which only adds slack; removing a floater's bracket edges (none
    in ``M``) only drops constraints.  So an edge with slack before has
    slack after, and the "no" answers stay sound.
    """

    def __init__(self, g: RoundGraph, inb: set[int]) -> None:
        self.g = g
        self.inb = inb
        self.pairs: list[tuple[int, int]] = []
        self.floats: list[tuple[int, list[int]]] = []
        self.gone: set[int] = set()  # decided, not yet handed to the graph
        self.bonus: list[tuple[int, list[int]]] = []  # bonuses still on the graph
        self.M = list(g.mate)
        self.open = False  # the solver holds an optimum and duals to read

    def flush(self) -> None:
        """Hand the decided pairs and floaters to the graph."""
        g = self.g
        for a, b in self.pairs:
            g.freeze(a, b)
        for v, others in self.floats:
            for u in others:
                g.remove(v, u)
        for v, cands in self.bonus:
            g.clear_bonus(v, cands)  # v is decided: nothing left for the solver
        self.pairs, self.floats, self.bonus = [], [], []
        self.gone = set()
        self.open = False

    def pair(self, v: int, u: int) -> None:
        self.pairs.append((v, u))
        self.gone.update((v, u))

    def float(self, v: int, bracket: list[int]) -> None:
        """``v`` floats down: his pairs with the bracket go."""
        self.floats.append((v, [u for u in bracket if u != v]))
        self.gone.add(v)

    def _reopen(self) -> bool:
        """Flush, solve and read the new optimum."""
        self.flush()
        self.g.solve()
        return self._read()

    def _read(self) -> bool:
        """Take the solver's optimum as ``M``; can its duals be read?  (False:
        the questions go the weighted way until the next solve.)"""
        g = self.g
        self.M = list(g.mate)
        gg = g.g
        if isinstance(gg, TightReducedGraph):
            self.open = gg.tight_ready() and gg.open_optimum()
        else:
            self.open = gg.tight_ready() and prepare(gg.pm)
        return self.open

    def choose(self, v: int, cands: list[int]) -> int:
        """The first of ``cands`` that ``v`` meets in some optimum of the
        players left; else ``v``'s mate in one (outside the bracket: he
        floats)."""
        if cands and self.M[v] == cands[0]:
            # the last optimum already pairs v with his first choice
            return cands[0]
        if cands and not self.open and self._reopen() and self.M[v] == cands[0]:
            return cands[0]
        if self.open:
            m0 = self.M[v]
            stop = cands.index(m0) if m0 in self.inb else len(cands)
            pm = self.g.g.pm
            for u in cands[:stop]:
                sl = slack(pm, v, u)
                if sl is None or sl > 0:
                    continue  # in no optimum
                if self._exchange(v, u):
                    return u
                break
            else:
                return m0
        return self._weighted(v, cands)

    def _weighted(self, v: int, cands: list[int]) -> int:
        """The question as one weighted matching: a bonus on ``v``'s edges,
        the highest for the first candidate (as :meth:`RoundGraph.prefer`).

        The bonus stays until the next :meth:`flush`: ``v`` and his mate are
        decided by then, the optimum without them is an optimum of the
        players left without any bonus (dropping the tight pair ``v-m``
        lowers the dual objective by its weight), and its duals are read as
        after any other solve."""
        self.flush()
        g = self.g
        k = len(cands)
        g.set_bonus(v, {u: k - i for i, u in enumerate(cands)})
        self.bonus.append((v, cands))
        m = g.solve()[v]
        self._read()
        return m

    def _usable(self, x: int) -> bool:
        """May ``x`` change partner in ``M``?  Players of the matching only:
        not the PAB, not the players below a reduced graph, nobody decided."""
        gg = self.g.g
        if isinstance(gg, TightReducedGraph) and gg.reduced:
            if x not in gg.active:
                return False
        elif x >= gg.n:
            return False
        return x not in self.gone and self.M[x] != x

    def _exchange(self, v: int, u: int) -> bool:
        """Is there an alternating cycle through ``v-u`` whose new pairs weigh
        as much as the pairs of ``M`` it replaces?  Then ``M`` changed along
        it is an optimum pairing ``v`` with ``u``, and the new ``M``.  The
        cycle is looked for among tight edges (others are in no optimum),
        breadth first from ``u``'s mate back to ``v``'s, without shrinking
        odd cycles: a cycle it misses only sends the question the weighted
        way."""
        M, gg = self.M, self.g.g
        pm = gg.pm
        mv, mu = M[v], M[u]
        usable = self._usable
        if not (usable(mv) and usable(mu)) or M[mv] != v or M[mu] != u:
            return False
        seen = {v, u, mv, mu}
        back: dict[int, tuple[int, int]] = {}  # even vertex -> (previous even, odd)
        queue = [mu]
        k = 0
        while k < len(queue):
            a = queue[k]
            k += 1
            ma = M[a]
            for b in pm.adj[a]:
                if b == ma:
                    continue
                if b == mv:
                    if slack(pm, a, b) == 0 and self._apply(v, u, a, back):
                        return True
                    continue
                if b in seen or not usable(b):
                    continue
                c = M[b]
                if c in seen or not usable(c) or slack(pm, a, b) != 0:
                    continue
                seen.add(b)
                seen.add(c)
                back[c] = (a, b)
                queue.append(c)
        return False

    def _apply(self, v: int, u: int, last: int, back: dict[int, tuple[int, int]]) -> bool:
        """The cycle ``v-u``, ``u-mu``, ..., ``last-mv``, ``mv-v``: change
        ``M`` along it if the weight stays the same."""
        M, get = self.M, self.g.g.get
        new = [(v, u), (last, M[v])]
        old = [(v, M[v]), (u, M[u])]
        x = last
        while x in back:
            a, b = back[x]
            new.append((a, b))
            old.append((b, x))
            x = a
        if sum(get(a, b) for a, b in new) != sum(get(a, b) for a, b in old):
            return False
        for a, b in new:
            M[a], M[b] = b, a
        return True


def burstein_trace(t: Tournament) -> tuple[Pairing, list[BracketTrace]]:
    """The next round's pairing and, after the seeding rounds, its brackets."""
    rnd = t.rounds_recorded() + 1
    if rnd <= seeding_rounds(t.rounds or rnd):
        return pair_dutch(t), []
    b = Burstein(t, rnd)
    return b.run(), b.trace


def pair_burstein(t: Tournament) -> Pairing:
    """Pair the next round of ``t`` by the Burstein system (C.04.4.2, 2026).

    The seeding rounds (1.6) are paired by the Dutch system (2026 text)."""
    return burstein_trace(t)[0]
