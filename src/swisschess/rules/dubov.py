"""FIDE Dubov System, C.04.4.1 — the text in force from 1 Feb 2026.

The idea (Preface): players on the same score should end the tournament with
opponents of the same average strength, so in every scoregroup the players
who met weak opposition so far (a low ARO, Art. 1.7) are paired with the
strongest players available.  Compared with the Dutch system: floaters only
go *up* (Art. 1.3.2, 3.2), the pairing-allocated bye is fixed first (Art. 3.1),
a bracket is split by colour preference instead of by rank (Art. 3.2.3), and
S1 is sorted by ARO (Art. 3.2.5).

Articles implemented here (numbering of the 2026 text, as quoted by the
py4swiss 0.3.1 sources and summarised in ``docs/systems-dubov-burstein.md``):

* 1.6 colour preferences as in the Dutch system (``model.history``), and
  1.6.4: a player without games has a *mild preference for Black*;
* 1.7 ARO: the mean rating of the opponents met over the board, rounded to
  the nearest integer (x.5 up); 0 before the first game;
* 1.8 maximum upfloater: upfloated already MaxT = 2 + floor(Rnds/5) times;
* 2.1 absolute criteria: [C1] no rematch (Basic Rules Art. 2; forbidden
  pairs too), [C2] PAB eligibility (Basic Rules Art. 4), [C3] two players with
  the same absolute colour preference never meet;  2.2 [C4] completion;
* 2.3 quality criteria, in priority: [C5] fewest upfloaters, [C6] smallest
  score differences (descending) in the pairs with upfloaters, [C7] fewest
  players without their colour preference, and unless it is the last round
  [C8] fewest maximum upfloaters among the upfloaters, [C9] fewest upfloats
  of those maximum upfloaters, [C10] fewest upfloaters who upfloated in the
  previous round;
* 3.1 the PAB: eligible ([C2]), leaves a complete pairing ([C4]), lowest
  score, most games played, largest TPN;
* 3.2 per scoregroup from the top: 3.2.1 minimum number of upfloaters,
  3.2.2 the first set of upfloaters in the order of 4.2 (score descending,
  TPN ascending) that pairs best; 3.2.3 G1 = White seekers (everybody
  without games: the first half by TPN), G2 = the rest; 3.2.4 shifters
  (4.3: G1 by ARO then TPN, G2 by TPN, numbered from the middle outwards)
  so that G1 and G2 can be paired against each other with the best [C7];
  3.2.5 S1 = G1 by ARO then TPN, paired in order with T2, the first
  transposition of G2 (4.4: lexicographic in TPN) giving a legal pairing;
* 5.2 colours: 5.2.1 neither has played: the higher-ranked player (more
  points, then smaller TPN) gets the initial colour if his TPN is odd;
  5.2.2 both preferences; 5.2.3 the stronger one; 5.2.4 alternate from the
  latest round in which they had different colours; 5.2.5 the higher-ranked
  player's preference.

How the rules become an algorithm: as in :mod:`swisschess.rules.dutch`, one
maximum-weight perfect matching of all players still to pair (so [C4] holds
at every step) carries the quality criteria as fields of one integer weight,
most significant first; each "first in the order of Art. 4" choice is then
made one player at a time with a small bonus in the lowest field, keeping the
optimum, and frozen.

Large rounds (issue 29; ``docs/systems-dubov-burstein.md``, "Speed"): once a
bracket's upfloaters are chosen it is *closed* (nobody in it can meet anybody
outside), so its later decisions are taken on a graph of the bracket alone;
and 3.2.5 is read from one optimum through the duals of an assignment
problem (:func:`first_transposition`) instead of one matching per S1 player.
Every decision is the same as the one weighted matching per decision gives.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from swisschess.model.history import (
    ColourPreference,
    Float,
    Strength,
    colour_preference,
    float_in_round,
    pab_eligible,
    played_colours,
    requested_bye,
    to_be_paired,
    unpaired_entries,
)
from swisschess.model.rounds import sort_boards
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.dense import first_perfect, rejoin_inside, reroute, split_witness
from swisschess.pairing.matching import MatchingGraph, NoPerfectMatching
from swisschess.pairing.result import Pairing, PairingError
from swisschess.pairing.tight import prepare, rematch
from swisschess.rules.dutch1992 import max_matching

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE


# ---------------------------------------------------------------- players
@dataclass(slots=True)
class Contender:
    """What the Dubov and Burstein systems need to know about one player."""

    id: int
    tpn: int  # Art. 1.1 (the pairing number)
    score: Fraction  # pairing score: points + acceleration (C.04.7)
    raw_score: Fraction  # points (board order)
    colours: list[Colour]  # played games only (C.04.2 Art. 3.4)
    pref: ColourPreference
    games: int  # games played over the board (3.1.4)
    pab_ok: bool  # [C2]
    forbidden: set[int] = field(default_factory=set)  # [C1] and XXP / 260
    rating: int = 0
    aro: int = 0  # Dubov 1.7
    upfloats: int = 0  # Dubov 1.8
    upfloated_last: bool = False  # Dubov [C10]
    max_upfloater: bool = False  # Dubov 1.8
    index: tuple[Fraction, Fraction] = (Fraction(0), Fraction(0))  # Burstein 1.7/1.8

    @property
    def absolute(self) -> bool:
        return self.pref.strength is Strength.ABSOLUTE


def pairing_numbers(t: Tournament, rnd: int) -> dict[int, int]:
    """TPN (Art. 1.1; C.04.2 Art. 2.3) of every player counted when pairing ``rnd``.

    The players in the order of the file, leaving out those who have never
    taken part in a pairing and are absent now (a late entry is taken into
    account only when first present, C.04.2 Art. 2.4).  The same numbering as
    the Dutch engine (``rules/dutch.py``) and the endorsed engines; it only
    matters for the parity in Art. 5.2.1 (the order is the file's).
    """
    out: dict[int, int] = {}
    now = set(to_be_paired(t, rnd))
    for pid in sorted(t.players):
        p = t.players[pid]
        if pid in now or any(e.paired for e in p.results) or (
                len(p.results) <= rnd - 1 and requested_bye(t, pid, rnd) is None):
            out[pid] = len(out) + 1
    return out


def contenders(t: Tournament, rnd: int, *, no_games_black: bool) -> list[Contender]:
    """The players to pair in round ``rnd`` with their colour and PAB facts.

    ``no_games_black``: Dubov 1.6.4 gives a player without games a mild
    preference for Black; Burstein 1.5.4 gives him none.
    """
    out = []
    tpn = pairing_numbers(t, rnd)
    for pid in to_be_paired(t, rnd):
        p = t.players[pid]
        cols = played_colours(p, rnd - 1)
        pref = colour_preference(cols)
        if not cols and no_games_black:
            pref = ColourPreference(B, Strength.MILD, 0)  # Dubov 1.6.4
        forbidden = {e.opponent for e in p.results[: rnd - 1] if e.played and e.opponent}
        out.append(Contender(
            id=pid, tpn=tpn[pid],
            score=t.score(pid, rnd - 1) + t.acceleration(pid, rnd),
            raw_score=t.score(pid, rnd - 1),
            colours=cols, pref=pref, games=len(cols),
            pab_ok=pab_eligible(t, pid, rnd - 1, "2026"),
            forbidden=forbidden, rating=p.rating,
        ))
    for f in t.forbidden:
        if f.first_round <= rnd <= f.last_round:
            for c in out:
                if c.id in f.ids:
                    c.forbidden.update(x for x in f.ids if x != c.id)
    return out


def compatible(a: Contender, b: Contender) -> bool:
    """[C1] no rematch (and no forbidden pair); [C3] not two players with the
    same absolute colour preference (Dubov 2.1.3, Burstein 2.1.3)."""
    if b.id in a.forbidden or a.id in b.forbidden:
        return False
    return not (a.absolute and b.absolute and a.pref.colour is b.pref.colour)


def aro(t: Tournament, pid: int, upto: int) -> int:
    """Dubov 1.7: average rating of the opponents met over the board in rounds
    ``1..upto``, rounded to the nearest integer (x.5 upwards); 0 without games."""
    ratings = [t.players[e.opponent].rating for e in t.players[pid].results[:upto]
               if e.played and e.opponent in t.players]
    if not ratings:
        return 0
    return int(Fraction(sum(ratings), len(ratings)) + Fraction(1, 2))


def max_upfloats(rounds: int) -> int:
    """Dubov 1.8.2: MaxT = 2 + floor(Rnds / 5)."""
    return 2 + rounds // 5


# -------------------------------------------------------- the PAB (3.1)
def pair_with_pab(t: Tournament, rnd: int, players: list[Contender],
                  pab_order: Callable[[Contender], tuple],
                  pair: Callable[[list[Contender]], list[tuple[Contender, Contender]]],
                  rank: Callable[[Contender], tuple]) -> Pairing:
    """A round of Dubov or Burstein: the PAB first when the number is odd
    (3.1, chosen by ``pab_order``), then ``pair`` on the others, boards in
    ``rank`` order (Art. 5 colours, :func:`make_boards`)."""
    pairing = Pairing(round=rnd, unpaired=unpaired_entries(t, rnd))
    if not players:
        return pairing
    if len(players) % 2 == 1:
        v = choose_pab(players, pab_order)
        pairing.bye = players[v].id
        players = players[:v] + players[v + 1:]
    pairing.boards = make_boards(pair(players), t.initial_colour or W, rank)
    return pairing


def choose_pab(players: Sequence[Contender], order: Callable[[Contender], tuple]) -> int:
    """Index of the PAB receiver: the first eligible player ([C2]) in
    ``order`` whose absence leaves a complete pairing ([C4]) of the others.

    Dubov 3.1 / Burstein 3.1.  Raises :class:`PairingError` when none does.
    """
    n = len(players)
    eligible = sorted((v for v in range(n) if players[v].pab_ok), key=lambda v: order(players[v]))
    if eligible and everyone_completes(players):
        return eligible[0]
    adj = [[u for u in range(n) if u != v and compatible(players[v], players[u])]
           for v in range(n)]
    for v in eligible:
        sub = [u for u in range(n) if u != v]
        pos = {u: k for k, u in enumerate(sub)}
        sadj = [[pos[x] for x in adj[u] if x != v] for u in sub]
        mate = max_matching(len(sub), sadj)
        if all(m >= 0 for m in mate):
            return v
    raise PairingError("no player can receive the pairing-allocated bye "
                       "and leave a complete pairing of the others ([C2], [C4])")


def everyone_completes(players: Sequence[Contender]) -> bool:
    """Dirac's theorem for [C4] at 3.1: True when the others complete
    whoever of ``players`` (an odd number) gets the PAB, because every
    player may meet at least half of the others left (a graph on an even
    ``h >= 4`` vertices of minimum degree ``h / 2`` has a perfect matching).
    The degrees are counted low: every [C1] entry against him, either way,
    and everybody of his absolute colour class ([C3]).  False proves
    nothing (the matching decides)."""
    n = len(players)
    h = n - 1
    if h < 4:
        return False
    ids = {c.id for c in players}
    against = dict.fromkeys(ids, 0)
    absolute: dict[Colour, int] = {}
    for c in players:
        for x in c.forbidden:
            if x in ids:
                against[x] += 1
        if c.absolute:
            absolute[c.pref.colour] = absolute.get(c.pref.colour, 0) + 1
    for c in players:
        barred = against[c.id] + sum(1 for x in c.forbidden if x in ids)
        if c.absolute:
            barred += absolute[c.pref.colour] - 1
        # his degree among the h players left, one of them perhaps the PAB
        if 2 * (n - 1 - barred - 1) < h:
            return False
    return True


# ------------------------------------------------- weights and the graph
def bits(x: int) -> int:
    return max(1, int(x).bit_length())


class Packer:
    """Packs criterion values (most significant first) into one integer.

    Each field gets the bits of its largest value plus ``slack`` bits, so that
    summing the values of the at most n/2 edges of a matching never carries
    into the next field."""

    def __init__(self, maxima: Sequence[int], n: int) -> None:
        slack = bits(n) + 1
        self.widths = [bits(m) + slack for m in maxima]

    def pack(self, values: Iterable[int]) -> int:
        w = 0
        for v, width in zip(values, self.widths, strict=True):
            w = (w << width) | v
        return w


class RoundGraph:
    """The matching of the players still to pair: ``hi`` criteria weight per
    edge, then a ``cross`` bit (G1-G2 pairs, Dubov 3.2.4) and an ``order``
    field for "the first in the order of Art. 4" choices."""

    def __init__(self, n: int, graph: MatchingGraph | None = None) -> None:
        self.n = n
        # ``graph``: e.g. a ReducedGraph (Burstein, large rounds); weights
        # given to it are always the full round's
        self.g = graph if graph is not None else MatchingGraph(n)
        self.hi: dict[tuple[int, int], int] = {}
        self.cross: set[tuple[int, int]] = set()
        self.bonus: dict[tuple[int, int], int] = {}
        self.ow = bits(n + 1) + bits(n) + 1  # order field
        self.cw = bits(n) + 2  # cross field
        self.mate: list[int] = list(range(n))
        # read "is there an optimum with ..." from the tight graph
        # (pairing.tight) before asking a weighted matching
        self.use_tight = True

    @staticmethod
    def key(a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)

    def _apply(self, k: tuple[int, int]) -> None:
        hi = self.hi.get(k, 0)
        w = 0 if hi == 0 else (((hi << self.cw) | (k in self.cross)) << self.ow) | self.bonus.get(k, 0)
        self.g.set(k[0], k[1], w)

    def set_hi(self, a: int, b: int, hi: int) -> None:
        k = self.key(a, b)
        self.hi[k] = hi
        self._apply(k)

    def weight(self, hi: int) -> int:
        """The full weight of an edge with criteria ``hi``, no cross bit, no bonus."""
        return (hi << self.cw) << self.ow if hi else 0

    def set_all(self, pairs: Iterable[tuple[int, int]], hi: int) -> None:
        """Give every pair of ``pairs`` (first < second) the criteria ``hi``."""
        w = self.weight(hi)
        for k in pairs:
            self.hi[k] = hi
            self.g.set(k[0], k[1], w)

    def remove(self, a: int, b: int) -> None:
        self.set_hi(a, b, 0)

    def set_cross(self, a: int, b: int, on: bool) -> None:
        k = self.key(a, b)
        if on:
            self.cross.add(k)
        else:
            self.cross.discard(k)
        self._apply(k)

    def _full(self, k: tuple[int, int]) -> int:
        hi = self.hi.get(k, 0)
        return 0 if hi == 0 else (((hi << self.cw) | (k in self.cross)) << self.ow) | self.bonus.get(k, 0)

    def set_bonus(self, v: int, bonus: dict[int, int]) -> None:
        """Order bonuses on ``v``'s edges (0: none).  Raising them lifts
        ``v``'s dual by the largest one, so the solver re-opens ``v`` and
        its mate only instead of every neighbour whose edge got heavier."""
        changes = []
        top = 0
        for u, x in bonus.items():
            k = self.key(v, u)
            old = self.bonus.get(k, 0)
            if x:
                self.bonus[k] = x
            else:
                self.bonus.pop(k, None)
            if self.hi.get(k, 0):
                changes.append((k[0], k[1], self._full(k)))
                top = max(top, x - old)
        self.g.set_many(changes, {v: top} if top > 0 else None)

    def clear_bonus(self, v: int, others: Iterable[int]) -> None:
        self.set_bonus(v, {u: 0 for u in others})

    def solve(self) -> list[int]:
        try:
            self.mate = self.g.solve()
        except NoPerfectMatching:
            raise PairingError("no pairing respects the absolute criteria ([C1], [C3], [C4])") from None
        return self.mate

    def freeze(self, a: int, b: int) -> None:
        self.g.freeze_pair(a, b)

    def _ready(self) -> bool:
        """Is the last optimum there to be read by ``pairing.tight``?  (Only
        on a plain :class:`MatchingGraph`: the sinks of a reduced graph stand
        for more players than its tight graph shows; Burstein turns it off.)"""
        if not self.use_tight:
            return False
        g = self.g
        if not g.tight_ready():
            self.solve()  # bring the last change in (usually one augmentation)
            if not g.tight_ready():
                return False
        if not prepare(g.pm):
            return False
        return True

    def _rematch(self, v: int, allowed: Collection[int]) -> bool | None:
        """Is there an optimum pairing ``v`` with one of ``allowed``?  Read
        from the tight graph of the last optimum (``pairing.tight``), which
        then becomes such an optimum; None when that cannot be vouched for
        (the caller asks the weighted way)."""
        if not self._ready():
            return None
        g = self.g
        pm = g.pm
        before = list(pm.mate)
        ok = rematch(pm, v, allowed)
        if not ok:
            return ok
        if not g.adopt_current():
            pm.mate[:] = before
            return None
        self.mate = g.mate
        return True

    def prefer(self, v: int, ranked: Sequence[int]) -> int:
        """The first of ``ranked`` that ``v`` can be paired with while keeping
        the optimum; else ``v``'s mate in the optimum."""
        for u in ranked:
            ok = self._rematch(v, (u,))
            if ok is None:
                return self._prefer_weighted(v, ranked)
            if ok:
                return u
        return self.mate[v]

    def _prefer_weighted(self, v: int, ranked: Sequence[int]) -> int:
        """:meth:`prefer` as one weighted matching: a bonus on v's edges,
        highest for the first."""
        m = len(ranked)
        self.set_bonus(v, {u: m - i for i, u in enumerate(ranked)})
        mate = self.solve()[v]
        self.clear_bonus(v, ranked)
        return mate

    def can_join(self, v: int, group: Iterable[int]) -> bool:
        """Is there an optimum in which ``v`` is paired with one of ``group``?"""
        group = set(group)
        if self.mate[v] in group:
            return True
        ok = self._rematch(v, group)
        if ok is not None:
            return ok
        self.set_bonus(v, dict.fromkeys(group, 1))
        ok = self.solve()[v] in group
        self.clear_bonus(v, group)
        return ok

    def move_across(self, x: int, stays: Iterable[int], leaves: Iterable[int]) -> None:
        """Dubov 3.2.4: ``x`` changes subgroup; its pairs with ``stays`` (its
        new subgroup) go, those with ``leaves`` (its old one) become cross
        pairs.  Every edge of ``x`` left gains the same cross bit, so
        lifting ``x``'s dual by it keeps the optimum (no new solve when the
        optimum paired ``x`` in its old subgroup)."""
        changes = []
        for u in stays:
            k = self.key(x, u)
            if self.hi.get(k, 0):
                self.hi[k] = 0
                self.cross.discard(k)
                self.bonus.pop(k, None)
                changes.append((k[0], k[1], 0))
        lift = 0
        for u in leaves:
            k = self.key(x, u)
            if k in self.cross:
                continue
            self.cross.add(k)
            if self.hi.get(k, 0):
                changes.append((k[0], k[1], self._full(k)))
                lift = 1 << self.ow
        self.g.set_many(changes, {x: lift} if lift else None)


def first_transposition(g: RoundGraph, s1: Sequence[int],
                        t2: Sequence[int]) -> list[tuple[int, int]] | None:
    """Dubov 3.2.5 without a weighted matching per S1 player, when it is sound.

    If S1 and T2 have the same size and the last optimum pairs every S1
    player with a T2 player, the optimal pairings of the bracket are exactly
    the S1-T2 perfect matchings of the largest criteria weight (every other
    pairing has fewer cross pairs).  That is an assignment problem: with
    optimal dual values ``u`` (S1) and ``v`` (T2), taken from the last
    optimum by shortest paths, a perfect matching is optimal if and only if
    each of its pairs is *tight* (``u[a] + v[b] == weight``), and fixing a
    tight pair of it keeps the rest so (LP duality for bipartite matching).
    :meth:`RoundGraph.prefer` then gives each S1 player, in order, the first
    T2 player that still leaves a tight perfect matching of the others: found
    here by keeping one such matching as a witness and looking for one
    alternating path per refused candidate.  None when the condition does
    not hold (the weighted way decides).
    """
    if len(s1) != len(t2) or not s1:
        return None
    t2set = set(t2)
    mate = g.mate
    if any(mate[a] not in t2set for a in s1):
        return None
    w: dict[int, dict[int, int]] = {}
    for a in s1:
        row = {}
        for b in t2:
            hi = g.hi.get(g.key(a, b), 0)
            if hi:
                row[b] = hi
        w[a] = row
    m1 = {a: mate[a] for a in s1}  # the witness: S1 -> T2
    # v: shortest paths with v[m1[a]] <= v[b] + w[a][m1[a]] - w[a][b]
    v = dict.fromkeys(t2, 0)
    for _ in range(len(s1) + 1):
        changed = False
        for a in s1:
            ma = m1[a]
            wm = w[a][ma]
            best = v[ma]
            for b, x in w[a].items():
                c = v[b] + wm - x
                if c < best:
                    best = c
            if best < v[ma]:
                v[ma] = best
                changed = True
        if not changed:
            break
    else:
        return None  # the witness is not optimal: cannot happen
    adj: dict[int, set[int]] = {}
    for a in s1:
        ua = w[a][m1[a]] - v[m1[a]]
        adj[a] = {b for b, x in w[a].items() if ua + v[b] == x}
    m2 = {b: a for a, b in m1.items()}
    out = []
    for a in s1:
        for c in t2:
            if c not in m2 or c not in adj[a]:
                continue  # taken already, or not in an optimal pairing
            if m1[a] == c or reroute(m1, m2, a, c, lambda x: (y for y in adj[x] if y in m2),
                                     lambda x, y: y in adj[x]):
                break
        else:  # cannot happen: the witness pairs a
            return None
        out.append((a, c))
        del m1[a]
        del m2[c]
    return out


def middle_out(items: Sequence[int]) -> list[int]:
    """Dubov 4.3.3: sequence numbers from the (remaining) middle of the list;
    with two players in the middle, the one higher in the list first."""
    n = len(items)
    mid = (n - 1) / 2
    order = sorted(range(n), key=lambda i: (abs(i - mid), i))
    return [items[i] for i in order]


# ---------------------------------------------------------------- colours
def higher_ranked(a: Contender, b: Contender, rank: Callable[[Contender], tuple]) -> bool:
    """Is ``a`` ranked above ``b`` (``rank``: smaller is higher)?"""
    return rank(a) < rank(b)


def colour_of(p: Contender, o: Contender, initial: Colour,
              rank: Callable[[Contender], tuple]) -> Colour:
    """Colour of ``p`` against ``o``: Dubov 5.2 (Burstein 5.2 is the same text
    with its own ranking, and players without games have no preference)."""
    p_high = higher_ranked(p, o, rank)
    if not p.colours and not o.colours:
        # 5.2.1 the higher-ranked player gets the initial colour if his TPN is odd
        hi = p if p_high else o
        c = initial if hi.tpn % 2 == 1 else initial.opposite
        return c if p_high else c.opposite
    pc, oc = p.pref.colour, o.pref.colour
    if pc is not NONE and oc is not NONE and pc is not oc:
        return pc  # 5.2.2 both preferences
    if pc is NONE and oc is not NONE:
        return oc.opposite
    if oc is NONE and pc is not NONE:
        return pc
    # 5.2.3 the stronger preference
    if p.pref.strength > o.pref.strength:
        return pc
    if o.pref.strength > p.pref.strength:
        return oc.opposite
    # 5.2.4 alternate from the latest round in which they had different colours
    for a, b in zip(reversed(p.colours), reversed(o.colours), strict=False):
        if a is not b:
            return b
    # 5.2.5 the higher-ranked player's preference
    if p_high:
        return pc if pc is not NONE else initial
    return oc.opposite if oc is not NONE else initial.opposite


def make_boards(pairs: Iterable[tuple[Contender, Contender]], initial: Colour,
                rank: Callable[[Contender], tuple]) -> list[tuple[int, int]]:
    """White-black boards in publication order (C.04.2 Art. 3.6; seeds F1)."""
    boards = []
    for p, o in pairs:
        boards.append((p, o) if colour_of(p, o, initial, rank) is W else (o, p))
    boards = sort_boards(boards, lambda c: c.raw_score, lambda c: c.tpn)
    return [(w.id, b.id) for w, b in boards]


# ---------------------------------------------------------- bracket trace
@dataclass(slots=True)
class BracketTrace:
    """What happened in one bracket, for ``explain`` (bracket level)."""

    score: Fraction
    residents: list[int]
    upfloaters: list[int] = field(default_factory=list)  # Dubov: came up
    downfloaters: list[int] = field(default_factory=list)  # Burstein: left unpaired
    pairs: list[tuple[int, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# ------------------------------------------------------ per-round facts
class PairFacts:
    """Facts of the players of one round by position, computed once.

    [C1] conflicts as position sets and [C3] absolute colour classes, so that
    "may these two meet" is two set/identity tests (the same answer as
    :func:`compatible`), and each player's scoregroup as a small integer
    (``digit``: 0 for the top score) instead of fraction comparisons.
    """

    def __init__(self, players: Sequence[Contender], digit: Sequence[int]) -> None:
        pos = {c.id: k for k, c in enumerate(players)}
        self.conflicts: list[set[int]] = [set() for _ in players]
        for k, c in enumerate(players):
            for x in c.forbidden:
                j = pos.get(x)
                if j is not None:
                    self.conflicts[k].add(j)
                    self.conflicts[j].add(k)
        # [C3] two players of one absolute colour class never meet
        self.cls: list[Colour | None] = [c.pref.colour if c.absolute else None for c in players]
        self.colour = [c.pref.colour for c in players]
        self.digit = list(digit)

    def compatible(self, a: int, b: int) -> bool:
        """:func:`compatible` of the players at positions ``a`` and ``b``."""
        if b in self.conflicts[a]:
            return False
        c = self.cls[a]
        return c is None or c is not self.cls[b]

    def compatible_pairs(self, vs: Sequence[int]) -> list[tuple[int, int]]:
        """Every compatible pair of ``vs`` (in order, first < second in ``vs``)."""
        out = []
        cls, conflicts = self.cls, self.conflicts
        for i, a in enumerate(vs):
            ca, fa = cls[a], conflicts[a]
            for b in vs[i + 1:]:
                if b in fa or (ca is not None and ca is cls[b]):
                    continue
                out.append((a, b))
        return out


# ------------------------------------------------------------------ Dubov
def dubov_rank(c: Contender) -> tuple:
    """Ranking for colours (5.2.1): more points, then smaller TPN."""
    return (-c.score, c.tpn)


class Dubov:
    """Pair one round by the Dubov system.  Use :func:`pair_dubov`."""

    def __init__(self, t: Tournament, rnd: int) -> None:
        self.t = t
        self.rnd = rnd
        self.total = t.rounds or rnd
        self.last = rnd >= self.total
        self.trace: list[BracketTrace] = []
        self.pab: int | None = None
        # decide dense brackets from built matchings (pairing.dense); off:
        # the weighted way only (tests compare the two)
        self.use_dense = True
        players = contenders(t, rnd, no_games_black=True)
        maxt = max_upfloats(self.total)
        for c in players:
            c.aro = aro(t, c.id, rnd - 1)
            ups = [float_in_round(t, c.id, r, "2026") is Float.UP for r in range(1, rnd)]
            c.upfloats = sum(ups)
            c.upfloated_last = bool(ups) and ups[-1]
            c.max_upfloater = c.upfloats >= maxt
        players.sort(key=dubov_rank)
        self.players = players

    # Art. 2.3: one edge's criteria values (maximised), most significant first
    def _hi(self, a: Contender, b: Contender, s: Fraction, score_digit: dict[Fraction, int]) -> int:
        res_a, res_b = a.score == s, b.score == s
        if res_a and res_b:
            f5, f6, f8, f9, f10 = 1, self.m6, 1, self.m9, 1
        elif res_a or res_b:
            up = b if res_a else a
            f5 = 0
            f6 = self.m6 - self.base ** score_digit[up.score]  # [C6]
            f8 = 0 if (not self.last and up.max_upfloater) else 1  # [C8]
            f9 = self.m9 - (up.upfloats if (not self.last and up.max_upfloater) else 0)  # [C9]
            f10 = 0 if (not self.last and up.upfloated_last) else 1  # [C10]
        else:
            return self.packer.pack((1, 0, self.m6, 1, 1, self.m9, 1))
        f7 = 0 if a.pref.colour is b.pref.colour else 1  # [C7]
        return self.packer.pack((1, f5, f6, f7, f8, f9, f10))

    def _hi_at(self, a: int, b: int, d: int) -> int:
        """:meth:`_hi` of the players at positions ``a``, ``b`` in the bracket
        of scoregroup ``d`` (-1: no bracket), cached by the facts it reads."""
        facts = self.facts
        ra, rb = facts.digit[a] == d, facts.digit[b] == d
        same = facts.colour[a] is facts.colour[b]
        if ra and rb:
            key: tuple = (2, same)
        elif ra or rb:
            key = (1, self.upkey[b if ra else a], same)
        else:
            key = (0,)
        hi = self.memo.get(key)
        if hi is None:
            s = self.scores[d] if d >= 0 else Fraction(-1)
            hi = self.memo[key] = self._hi(self.P[a], self.P[b], s, self.score_digit)
        return hi

    def run(self) -> Pairing:
        # 3.1 lowest score, most games played, largest TPN
        pairing = pair_with_pab(self.t, self.rnd, self.players,
                                lambda c: (c.score, -c.games, -c.tpn), self._pair, dubov_rank)
        self.pab = pairing.bye
        return pairing

    def _pair(self, players: list[Contender]) -> list[tuple[Contender, Contender]]:
        n = len(players)
        if n == 0:
            return []
        scores = sorted({c.score for c in players}, reverse=True)
        # [C6] digits: the lower an upfloater's score, the more significant
        self.base = 1 << (bits(n) + 1)
        self.m6 = self.base ** len(scores)
        self.m9 = self.total + 1
        self.packer = Packer((1, 1, self.m6, 1, 1, self.m9, 1), n)
        score_digit = {s: i for i, s in enumerate(scores)}
        self.P, self.scores, self.score_digit = players, scores, score_digit
        self.facts = PairFacts(players, [score_digit[c.score] for c in players])
        # what an upfloater's criteria ([C6], [C8]-[C10]) read of him
        self.upkey = [(score_digit[c.score], c.max_upfloater, c.upfloats, c.upfloated_last)
                      for c in players]
        self.memo: dict[tuple, int] = {}
        self.full: RoundGraph | None = None  # the round's graph, built when needed
        remaining = list(range(n))
        out: list[tuple[Contender, Contender]] = []
        while remaining:
            d = self.facts.digit[remaining[0]]
            res = [v for v in remaining if self.facts.digit[v] == d]
            low = [v for v in remaining if self.facts.digit[v] != d]
            pairs = self._bracket_relaxed(players, d, res, low)
            if pairs is None:
                pairs = self._bracket(self._round_graph(remaining), players, d, res, low, remaining)
                # the next bracket starts from its relaxation again; the
                # round's graph, if needed again, is built afresh (the same
                # graph: every pair left weighs the same)
                self.full = None
            done: set[int] = set()
            for a, b in pairs:
                out.append((players[a], players[b]))
                done.update((a, b))
            remaining = [v for v in remaining if v not in done]
        return out

    def _round_graph(self, remaining: list[int]) -> RoundGraph:
        """The matching of every player still to pair (built on first use):
        before a bracket every pair weighs the same ([C4] only)."""
        if self.full is None:
            n = len(self.P)
            g = RoundGraph(n)
            keep = set(remaining)
            for v in range(n):
                if v not in keep:
                    g.g.pm.remove_vertex(v)
            g.set_all(self.facts.compatible_pairs(remaining), self._hi_at(0, 1, -1) if n > 1 else 0)
            g.solve()
            self.full = g
        return self.full

    def _bracket(self, g: RoundGraph, P: list[Contender], d: int, res: list[int],
                 low: list[int], remaining: list[int]) -> list[tuple[int, int]]:
        facts = self.facts
        resset = set(res)
        for r in res:
            for u in remaining:
                if u != r and facts.compatible(r, u):
                    g.set_hi(r, u, self._hi_at(r, u, d))
        mate = g.solve()
        rr = sum(1 for r in res if mate[r] in resset) // 2
        k = len(res) - 2 * rr  # 3.2.1 the minimum number of upfloaters
        # 3.2.2 the first set of upfloaters in the order of 4.2
        ups: list[int] = []
        for x in sorted(low, key=lambda v: (-P[v].score, P[v].tpn)):
            if len(ups) == k:
                break
            if g.can_join(x, res):
                ups.append(x)
                for u in remaining:
                    if u not in resset and u != x:
                        g.remove(x, u)
        bracket = res + ups
        if len(ups) == k:
            out = self._closed(P, d, res, ups)
            for a, b in out:
                g.freeze(a, b)
            return out
        tr = BracketTrace(P[res[0]].score, [P[v].id for v in res],
                          upfloaters=[P[v].id for v in ups])
        self.trace.append(tr)
        # not expected: decide on the round's graph as it is
        for y in low:
            if y not in ups:
                for r in res:
                    g.remove(y, r)
        g.solve()
        out = self._subgroups(g, P, bracket, bracket, tr)
        tr.pairs = [(P[a].id, P[b].id) for a, b in out]
        return out

    def _closed(self, P: list[Contender], d: int, res: list[int],
                ups: list[int]) -> list[tuple[int, int]]:
        """3.2.3-3.2.5 once the upfloaters are chosen.  The bracket is then
        closed: its residents meet only each other and the upfloaters, the
        upfloaters only residents.  The round's matching falls apart into
        the bracket and the rest, so every later decision of the bracket is
        the same on the bracket alone (a small graph) as on the round; the
        rest stays pairable (the last optimum pairs it)."""
        bracket = res + ups
        tr = BracketTrace(P[res[0]].score, [P[v].id for v in res],
                          upfloaters=[P[v].id for v in ups])
        self.trace.append(tr)
        dense = self._closed_dense(P, res, ups, tr) if self.use_dense else None
        if dense is not None:
            tr.pairs = [(P[a].id, P[b].id) for a, b in dense]
            return dense
        facts = self.facts
        resset = set(res)
        local = RoundGraph(len(bracket))
        groups: dict[int, list[tuple[int, int]]] = {}
        for i, a in enumerate(bracket):
            for j in range(i + 1, len(bracket)):
                b = bracket[j]
                if (a in resset or b in resset) and facts.compatible(a, b):
                    groups.setdefault(self._hi_at(a, b, d), []).append((i, j))
        for hi, pairs in groups.items():
            local.set_all(pairs, hi)
        pairs = self._subgroups(local, P, list(range(len(bracket))), bracket, tr)
        out = [(bracket[a], bracket[b]) for a, b in pairs]
        tr.pairs = [(P[a].id, P[b].id) for a, b in out]
        return out

    def _closed_dense(self, P: list[Contender], res: list[int], ups: list[int],
                      tr: BracketTrace) -> list[tuple[int, int]] | None:
        """3.2.3-3.2.5 of a closed bracket from a built optimum, without a
        weighted matching (``pairing.dense``); None when it cannot be vouched
        for (the weighted way decides).

        Every player has a colour preference (White or Black: G1 the White
        seekers, G2 the Black seekers).  Every perfect matching of the
        bracket has the same criteria except [C7], the pairs of different
        colour preference: the G1-G2 pairs.  So a matching joining all of the
        smaller subgroup S to the larger L (the rest of L paired inside) is
        an optimum, and every optimum has that shape: in 3.2.4 nobody moves
        from S, and (|L| - |S|) / 2 players move from L, each the first in
        4.3 order for whom the optimum can pair him inside L (asked of the
        witness by one exchange).  After the moves every pairing of G1 with
        G2 is an optimum, and 3.2.5 is the first perfect matching in S1
        order (:func:`swisschess.pairing.dense.first_perfect`).
        """
        bracket = res + ups
        facts = self.facts
        if any(facts.colour[v] is not W and facts.colour[v] is not B for v in bracket):
            return None
        upset = set(ups)
        compatible = facts.compatible

        def ok(a: int, b: int) -> bool:  # upfloaters meet residents only
            return compatible(a, b) and not (a in upset and b in upset)

        if all(not P[v].colours for v in bracket):
            # 3.2.3 nobody has played: G1 the first half by TPN.  Everybody
            # has the mild preference for Black (1.6.4), so no pair counts
            # for [C7] and the optimum only joins most G1-G2 pairs: the same
            # shape, with nothing to move when the halves are equal.
            by_tpn = sorted(bracket, key=lambda v: P[v].tpn)
            g1 = by_tpn[: len(bracket) // 2]
            g2 = by_tpn[len(bracket) // 2:]
        else:
            g1 = [v for v in bracket if facts.colour[v] is W]
            g2 = [v for v in bracket if facts.colour[v] is not W]
        g1_smaller = len(g1) <= len(g2)
        small, large = (g1, g2) if g1_smaller else (g2, g1)
        mate = split_witness(small, large, ok)
        if mate is None:
            return None

        def sort_g1(vs: list[int]) -> list[int]:  # 4.3.2 White seekers
            return sorted(vs, key=lambda v: (P[v].aro, P[v].tpn))

        def sort_g2(vs: list[int]) -> list[int]:  # 4.3.2 Black seekers
            return sorted(vs, key=lambda v: P[v].tpn)

        # 3.2.4: (|L| - |S|) / 2 pairs inside L in every optimum, none in S
        inside = (len(large) - len(small)) // 2
        src = set(large)
        moved: list[int] = []
        for x in middle_out(sort_g1(large) if not g1_smaller else sort_g2(large)):
            if len(moved) == inside:
                break
            if not rejoin_inside(mate, x, src, ok):
                return None  # not shown either way: the weighted way decides
            src.discard(x)
            moved.append(x)
        new_small = small + moved
        new_large = [v for v in large if v in src]
        g1n, g2n = (new_small, new_large) if g1_smaller else (new_large, new_small)
        # 3.2.5 S1 = G1 by ARO then TPN; T2 the first transposition of G2
        out = first_perfect(sort_g1(g1n), sort_g2(g2n), ok, mate)
        if out is None:
            return None
        if moved:
            tr.notes.append(f"shifted {len(moved)} player(s) from {'G2' if g1_smaller else 'G1'}")
        return out

    def _relaxed_dense(self, P: list[Contender], d: int, res: list[int],
                       low: list[int]) -> list[tuple[int, int]] | None:
        """3.2.1-3.2.2 of a dense bracket from a built matching (no
        relaxation to solve), or None (the relaxation decides).

        [C5] counts the residents paired among themselves first, so when the
        residents can all be paired (``k = 0``) or all but one (``k = 1``),
        that is the minimum.  With one upfloater, [C6] prefers the next
        scoregroup, [C7] then the most pairs of different colour preference:
        the upfloater must have the preference fewer residents have, then
        [C8]-[C10] his float history; the first such player in 4.2 order
        (by TPN in one scoregroup) for whom a matching of the residents and
        him joins every player of the smaller colour side to the other (the
        most [C7] pairs there can be) is the upfloater of every optimum.
        As in :meth:`_bracket_relaxed`, the players below must complete
        (Dirac); otherwise None.
        """
        facts = self.facts
        if not low or any(facts.colour[v] is not W and facts.colour[v] is not B for v in res):
            return None
        compatible = facts.compatible
        whites = [v for v in res if facts.colour[v] is W]
        blacks = [v for v in res if facts.colour[v] is not W]
        ups: list[int] = []
        if len(res) % 2:
            dn = facts.digit[low[0]]
            nxt = [v for v in low if facts.digit[v] == dn]
            if any(facts.colour[v] is not W and facts.colour[v] is not B for v in nxt):
                return None
            # [C7]: the preference fewer residents have, if anybody there has it
            side = B if len(whites) > len(blacks) else W
            cands = [v for v in nxt if facts.colour[v] is side]
            if not cands:
                side = side.opposite
                cands = nxt
            if not cands:
                return None
            # one colour among the candidates: their criteria against any
            # resident differ only in [C8]-[C10]
            his = [self._hi_at(res[0], x, d) for x in cands]
            top = max(his)
            x = cands[his.index(top)]
            (blacks if side is B else whites).append(x)
            ups.append(x)
        small, large = (whites, blacks) if len(whites) <= len(blacks) else (blacks, whites)
        if split_witness(small, large, compatible) is None:
            return None
        if not self._completes_below(low, len(ups)):
            return None
        return self._closed(P, d, res, ups)

    def _bracket_relaxed(self, P: list[Contender], d: int, res: list[int],
                         low: list[int]) -> list[tuple[int, int]] | None:
        """3.2.1-3.2.2 without the round's graph (large rounds), or None
        when that cannot be vouched for (the round's graph decides).

        The players below the bracket (``low``) enter the criteria only as
        upfloaters; a pair of two of them always weighs the same.  So the
        round is "pair the residents among themselves and with upfloaters,
        the rest of ``low`` must complete".  Relaxation: the next scoregroup
        ``N`` as players who either upfloat or stay below (any two of them
        may "stay below" together), the deeper players as at most two *hubs*
        worth more than any of them can be; completion of the rest of
        ``low`` dropped.  An optimum of the relaxation that pairs no
        resident with a hub, when Dirac's theorem shows that the rest of
        ``low`` completes whichever ``k`` upfloat, is an optimum of the
        round; the decisions read from it are the round's.
        """
        if not low:
            return self._closed(P, d, res, [])  # the last bracket: nobody below
        if self.use_dense:
            dense = self._relaxed_dense(P, d, res, low)
            if dense is not None:
                return dense
        facts = self.facts
        dn = facts.digit[low[0]]
        nxt = [v for v in low if facts.digit[v] == dn]
        deep = len(nxt) < len(low)
        nr, nn = len(res), len(nxt)
        q = 1 if (nr + nn) % 2 else 2
        hubs = list(range(nr + nn, nr + nn + q))
        rg = RoundGraph(nr + nn + q)
        hc = self.packer.pack((1, 0, self.m6, 1, 1, self.m9, 1))  # a pair below the bracket
        ub = self.packer.pack((1, 0, self.m6 - self.base ** (dn + 1), 1, 1, self.m9, 1))
        # doubled criteria (so that "staying below" is worth hc / 2 each),
        # plus 1 so that every edge of the gadget is an edge
        groups: dict[int, list[tuple[int, int]]] = {}
        for i, a in enumerate(res):
            for j in range(i + 1, nr):
                b = res[j]
                if facts.compatible(a, b):
                    groups.setdefault(2 * self._hi_at(a, b, d) + 1, []).append((i, j))
            for j, b in enumerate(nxt):
                if facts.compatible(a, b):
                    groups.setdefault(2 * self._hi_at(a, b, d) + 1, []).append((i, nr + j))
            if deep:
                groups.setdefault(2 * ub - hc + 1, []).extend((i, h) for h in hubs)
        groups.setdefault(2 * hc + 1, []).extend(
            (nr + j, nr + j2) for j in range(nn) for j2 in range(j + 1, nn))
        groups.setdefault(hc + 1, []).extend((nr + j, h) for j in range(nn) for h in hubs)
        if q == 2:
            groups.setdefault(1, []).append((hubs[0], hubs[1]))
        for hi, pairs in groups.items():
            rg.set_all(pairs, hi)
        try:
            mate = rg.solve()
        except PairingError:
            return None
        if any(mate[i] >= nr + nn for i in range(nr)):
            return None
        value = self._relaxed_value(rg, mate)
        rr = sum(1 for i in range(nr) if mate[i] < nr) // 2
        k = nr - 2 * rr  # 3.2.1 the minimum number of upfloaters
        if not self._completes_below(low, k):
            return None
        # 3.2.2 the first set of upfloaters in the order of 4.2
        resl = list(range(nr))
        ups: list[int] = []
        for j, x in enumerate(nxt):  # one score: by TPN, as 4.2 orders them
            if len(ups) == k:
                break
            lx = nr + j
            if rg.can_join(lx, resl):
                for u in range(nr, nr + nn + q):
                    if u != lx:
                        rg.remove(lx, u)
                mate = rg.solve()
                if (self._relaxed_value(rg, mate) != value
                        or any(mate[i] >= nr + nn for i in range(nr))):
                    return None
                ups.append(x)
        if len(ups) < k:
            return None  # upfloaters from deeper down: the round's graph decides
        return self._closed(P, d, res, ups)

    @staticmethod
    def _relaxed_value(rg: RoundGraph, mate: list[int]) -> int:
        """The criteria weight of the optimum ``mate`` of a relaxation."""
        return sum(rg.hi.get(rg.key(v, m), 0) for v, m in enumerate(mate) if v < m)

    def _completes_below(self, low: list[int], k: int) -> bool:
        """Dirac: ``low`` less any ``k`` of its players has a perfect matching
        (every player keeps at least half of the others as possible opponents)."""
        h = len(low) - k
        if h == 0:
            return True
        if h < 3 or h % 2:
            return False
        facts = self.facts
        members = set(low)
        per_class: dict[Colour, int] = {}
        for x in low:
            c = facts.cls[x]
            if c is not None:
                per_class[c] = per_class.get(c, 0) + 1
        for x in low:
            deg = len(low) - 1 - sum(1 for y in facts.conflicts[x] if y in members)
            c = facts.cls[x]
            if c is not None:
                deg -= per_class[c] - 1
            if 2 * (deg - k) < h:
                return False
        return True

    def _subgroups(self, g: RoundGraph, P: list[Contender], bracket: list[int],
                   who: list[int], tr: BracketTrace) -> list[tuple[int, int]]:
        """3.2.3-3.2.5 on graph ``g``, whose vertex ``bracket[i]`` is the
        player ``P[who[i]]``; the pairs in ``g``'s numbering."""
        C = {v: P[w] for v, w in zip(bracket, who, strict=True)}
        # 3.2.3 G1: White seekers (nobody has played: the first half by TPN)
        if all(not C[v].colours for v in bracket):
            by_tpn = sorted(bracket, key=lambda v: C[v].tpn)
            g1 = by_tpn[: len(bracket) // 2]
        else:
            g1 = [v for v in bracket if C[v].pref.colour is W]
        g2 = [v for v in bracket if v not in g1]
        for a in g1:
            for b in g2:
                g.set_cross(a, b, True)
        g.solve()

        def sort_g1(vs: list[int]) -> list[int]:  # 4.3.2 White seekers
            return sorted(vs, key=lambda v: (C[v].aro, C[v].tpn))

        def sort_g2(vs: list[int]) -> list[int]:  # 4.3.2 Black seekers
            return sorted(vs, key=lambda v: C[v].tpn)

        # 3.2.4 re-composition: first the unavoidable pairs inside the smaller
        # subgroup (G1 if equal), then equalise the sizes from the larger one
        g1_smaller = len(g1) <= len(g2)
        for from_g1 in (g1_smaller, not g1_smaller):
            src, dst = (g1, g2) if from_g1 else (g2, g1)
            srcset = set(src)
            inside = sum(1 for v in src if g.mate[v] in srcset) // 2
            ordered = middle_out(sort_g1(src) if from_g1 else sort_g2(src))
            shifted = 0
            for x in ordered:
                if shifted == inside:
                    break
                if g.can_join(x, [u for u in src if u != x]):
                    # x moves to the other subgroup and meets one of its old one
                    src.remove(x)
                    g.move_across(x, dst, [u for u in bracket if u != x and u not in dst])
                    dst.append(x)
                    shifted += 1
                    g.solve()
            if shifted:
                tr.notes.append(f"shifted {shifted} player(s) from {'G1' if from_g1 else 'G2'}")
        # 3.2.5 S1 = G1 by ARO then TPN; T2 the first transposition of G2
        s1 = sort_g1(g1)
        t2 = sort_g2(g2)
        out = []
        taken: set[int] = set()
        fast = first_transposition(g, s1, t2)
        if fast is not None:
            for a, b in fast:
                g.freeze(a, b)
            return fast
        for a in s1:
            cands = [b for b in t2 if b not in taken]
            b = g.prefer(a, cands)
            if b not in cands:  # cannot happen when G1 and G2 can be paired
                b = g.mate[a]
            taken.add(b)
            g.freeze(a, b)
            out.append((a, b))
        # players of G2 left over (only if the subgroups could not be equalised)
        rest = [v for v in g2 if v not in taken]
        mate = g.solve()
        seen: set[int] = set()
        for v in rest:
            if v in seen:
                continue
            m = mate[v]
            seen.update((v, m))
            g.freeze(v, m)
            out.append((v, m))
        return out


def dubov_trace(t: Tournament) -> tuple[Pairing, list[BracketTrace]]:
    """The next round's pairing and, bracket by bracket, how it was made."""
    d = Dubov(t, t.rounds_recorded() + 1)
    return d.run(), d.trace


def pair_dubov(t: Tournament) -> Pairing:
    """Pair the next round of ``t`` by the Dubov system (C.04.4.1, 2026)."""
    return Dubov(t, t.rounds_recorded() + 1).run()


# ------------------------------------------------------ absolute criteria
def absolute_violations(t: Tournament, pairing: Pairing) -> list[str]:
    """The absolute criteria a pairing of the next round breaks (empty: none).

    Shared by the Dubov and Burstein texts of 2026 (their Art. 2.1 and the
    Basic Rules C.04.1 Art. 2-7): everybody to be paired is paired once, no
    rematch and no forbidden pair ([C1]), at most one PAB, only with an odd
    number of players and to an eligible player ([C2]), and nobody ends with a
    colour difference beyond +-2 or the same colour three times running ([C3]:
    Basic Rules Art. 6 and 7; neither system has a last-round exception).
    """
    rnd = pairing.round
    ids = to_be_paired(t, rnd)
    out: list[str] = []
    seen = [q for wb in pairing.boards for q in wb] + ([pairing.bye] if pairing.bye else [])
    if sorted(seen) != sorted(ids):
        out.append(f"players paired {sorted(seen)} != players to pair {sorted(ids)}")
    known = set(ids)
    for w, b in pairing.boards:
        if w not in known or b not in known:
            continue
        met = {e.opponent for e in t.players[w].results[: rnd - 1] if e.played}
        if b in met:
            out.append(f"[C1] {w}-{b} have met")
        if t.is_forbidden(w, b, rnd):
            out.append(f"[C1] {w}-{b} is a forbidden pair")
        for pid, col in ((w, W), (b, B)):
            cols = played_colours(t.players[pid], rnd - 1) + [col]
            cd = sum(1 if c is W else -1 for c in cols)
            if abs(cd) > 2:
                out.append(f"[C3] {pid} gets colour difference {cd:+d}")
            if len(cols) >= 3 and cols[-1] is cols[-2] is cols[-3]:
                out.append(f"[C3] {pid} gets {col.name.lower()} three times running")
    if pairing.bye is not None:
        if len(ids) % 2 == 0:
            out.append("a PAB with an even number of players")
        elif not pab_eligible(t, pairing.bye, rnd - 1, "2026"):
            out.append(f"[C2] {pairing.bye} may not receive the PAB")
    elif len(ids) % 2 == 1:
        out.append("odd number of players and no PAB")
    return out
