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

from fractions import Fraction

from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.reduced import ReducedGraph
from swisschess.pairing.result import Pairing
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

    def run(self) -> Pairing:
        # 3.1 lowest score, most games played, lowest ranking (1.8)
        return pair_with_pab(self.t, self.rnd, self.players,
                             lambda c: (c.score, -c.games, c.index[0], c.index[1], -c.tpn),
                             self._pair, burstein_rank)

    def _hi(self, a: int, b: int) -> int:
        P = self.P
        ia, ib = a in self.inb, b in self.inb
        na, nb = a in self.inn, b in self.inn
        if not (ia or na) or not (ib or nb):
            return self.hi_out
        reward = self.reward
        # the fields (1, C5, C6, C7a, C7b, C8) as Packer.pack lays them out,
        # summed (each value fits its field, so sum and bitwise or agree)
        if ia and ib:
            pa, pb = P[a].pref.colour, P[b].pref.colour
            c8 = 0 if (pa is pb and pa is not Colour.NONE) else 1  # [C8]
            return self.hi_in + ((reward[a] + reward[b]) << self.shift_c6) + c8
        # a pair of the following bracket ([C7])
        return self.hi_next + ((reward[a] + reward[b]) << self.shift_c7b)

    def _set_hi(self, g: RoundGraph, a: int, b: int) -> None:
        hi = self._hi(a, b)
        if g.hi.get(g.key(a, b)) != hi:  # unchanged: the graph has it already
            g.set_hi(a, b, hi)

    def _pair(self, P: list[Contender]) -> list[tuple[Contender, Contender]]:
        n = len(P)
        if n == 0:
            return []
        self.P = P
        scores = sorted({c.score for c in P}, reverse=True)
        digit = {sc: i for i, sc in enumerate(scores)}
        facts = PairFacts(P, [digit[c.score] for c in P])
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
        # 4.3 asks about most candidates in turn, on a dense graph: one
        # weighted matching per decision is cheaper than a tight-graph
        # search per candidate here (measured at 1000 players)
        g.use_tight = False
        reduced: ReducedGraph | None = None
        if n >= REDUCED_MIN_PLAYERS:
            # Large rounds: a pair with a player below the bracket and its
            # next scoregroup always weighs the same (completion only), so
            # that lower part is replaced by sinks and a certificate (see
            # pairing/reduced.py); the decisions are the full graph's.
            cls = [0 if c is None else 1 if c is W else 2 for c in facts.cls]
            reduced = ReducedGraph(n, [False] * n, g.weight(self._hi(0, 1)), [0] * n,
                                   facts.compatible, facts.conflicts, cls, REDUCED_MIN_LOWER)
            g.g = reduced
        else:
            for a, b in facts.compatible_pairs(range(n)):
                g.set_hi(a, b, self._hi(a, b))
            g.solve()
        remaining = list(range(n))
        floaters: list[int] = []
        out: list[tuple[int, int]] = []
        while remaining:
            fset = set(floaters)
            natives = [v for v in remaining if v not in fset]
            s = P[natives[0]].score if natives else None
            group = [v for v in natives if P[v].score == s]
            below = [v for v in natives if P[v].score != s]
            s2 = P[below[0]].score if below else None
            nxt = [v for v in below if P[v].score == s2]
            bracket = floaters + group
            old_inb, old_inn = self.inb, self.inn
            self.inb, self.inn = set(bracket), set(nxt)
            # a pair's criteria depend only on each end being in the
            # bracket, in the next scoregroup or neither: re-weigh only the
            # pairs of a player whose place changed, and the floaters (their
            # pairs with the bracket they left were removed there)
            touched = [v for v in old_inb | old_inn | self.inb | self.inn
                       if v in fset
                       or (v in old_inb, v in old_inn) != (v in self.inb, v in self.inn)]
            if reduced is not None and reduced.reduced:
                # the lower part: every player from the first below nxt on
                lower_start = next((v for v in below if P[v].score != s2), n)
                active = bracket + nxt
                reduced.begin_bracket(active, lower_start)
            if reduced is not None and reduced.reduced:
                # pairs with the lower part keep their constant weight
                for a in touched:
                    if a not in reduced.active:
                        continue
                    for b in active:
                        if b != a and facts.compatible(a, b):
                            self._set_hi(g, a, b)
            else:
                for a in touched:
                    if a not in remaining:
                        continue
                    for b in remaining:
                        if b != a and facts.compatible(a, b):
                            self._set_hi(g, a, b)
            g.solve()
            # 4.1 BSN by the 1.8 ranking; 4.3 BSN 1's opponent the largest BSN
            bsn = sorted(bracket, key=lambda v: burstein_rank(P[v]))
            tr = BracketTrace(s if s is not None else P[bracket[0]].score,
                              [P[v].id for v in group])
            if floaters:
                tr.notes.append("incoming floaters: " + ", ".join(str(P[v].id) for v in floaters))
            decided: set[int] = set()
            paired: set[int] = set()
            for v in bsn:
                if v in decided:
                    continue
                cands = [u for u in reversed(bsn) if u not in decided and u != v]
                if cands and g.mate[v] == cands[0]:
                    # the last optimum already pairs v with his first
                    # choice: it is still an optimum of the players left
                    # (only v's bonuses and the frozen pairs changed since)
                    m = cands[0]
                else:
                    m = g.prefer(v, cands)
                decided.add(v)
                if m in self.inb:
                    decided.add(m)
                    g.freeze(v, m)
                    out.append((v, m))
                    paired.update((v, m))
                    tr.pairs.append((P[v].id, P[m].id))
                else:  # v floats down (the virtual player, BSN 0)
                    for u in bracket:
                        if u != v:
                            g.remove(v, u)
                    g.solve()
                    tr.downfloaters.append(P[v].id)
            self.trace.append(tr)
            remaining = [v for v in remaining if v not in paired]
            floaters = [v for v in bracket if v not in paired]
        return [(P[a], P[b]) for a, b in out]


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
