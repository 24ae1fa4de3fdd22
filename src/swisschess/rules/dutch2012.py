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
  only after x has grown to p, and then "only for the minimum number of pairs"
  (C.10, last sentence).  Here: outer colour stages in which the pairs with a
  same-colour strong preference are capped at 0, then 1, 2, ...
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
* **C.10, last sentence**: "any criterion may be dropped only for the minimum
  number of pairs": the breaches of the dropped B.5/B.6 criteria by downfloaters
  are bounded by 1, 2, ..., and those by upfloaters inside each such bound; with
  A.11 (downfloaters' criteria before upfloaters') one more downfloat breach
  weighs more than any upfloat breaches (:data:`FLOAT_LEVELS_2012_MINIMUM`),
  and per criterion (``float-criteria``): B.5 broken as few times as possible,
  then B.6 (:data:`FLOAT_LEVELS_2012_CRITERIA`).
* **C.13's merged bracket** (``c13-floats``, measured, not applied): its S1 (the
  penultimate bracket first merged into the lowest, with its moved-down players)
  all came from above; a pair of two of them gives no float (B.5/B.6).  It wins
  one generated round and loses six of the run at scale.
* **C.12**: applies to a moved-down player for whom "no opponent can be found
  within this score bracket" (C.1); the previous bracket is re-paired only so
  that "another set of players of the same size and with the same scores"
  moves down, judged on the current bracket alone (a lower bracket that gets
  stuck is C.13's).
* **B.1b** cannot hold when every player has already scored a point without
  playing: the text is silent; then the players with the fewest such points
  may take the bye (what the reference engine does).
* **C.1** (reading): a player who has no possible opponent in his bracket moves
  down before it is paired; his float, which no pairing of the bracket could
  avoid, does not make the bracket relax B.5/B.6 for the others.
* **B.3 above B.4** (reading): in a bracket with several scores the D.2
  exchanges are taken in groups by the scores they leave in S1, highest first,
  and each group is tried with every colour (x, A.7.d, z) and float relaxation
  before the next: a pair between higher scores is kept at the price of a
  colour conflict rather than moving a higher-scored player down.
* **C.13** (as written, no look-ahead): the brackets are paired top down, each
  by its own criteria; only when the lowest bracket cannot be paired is the
  penultimate one undone and its next pairings tried until one lets the lowest
  be paired; when none does, the two are joined into a new lowest bracket and
  C.13 goes on with the bracket above.  (The 1992 edition looks ahead from
  every bracket: the rest must stay pairable.)  The other pairings come in the
  bracket's own order, also after C.12 changed it; one that pairs none of a
  heterogeneous bracket's moved-down players has p = 0 (A.3: p counts their
  pairs), so the brackets are joined instead.
* **C.13 after two joins** (``c13-apart``, reading): when the bracket above two
  or more joined brackets finds another pairing that lets the merged bracket be
  paired, the bracket joined last (A.3: heterogeneous with its new moved-down
  players) is paired again on its own and the rest as the lowest, if both pair
  straight away (no C.12 below it, no C.13 again), the first with all its
  moved-down players, with score differences as small as the merged pairing's;
  otherwise the merged pairing stands.
* **A.3 in the lowest bracket** (``a3-unpaired``, reading): when none of its
  moved-down players can be paired with a resident, the whole bracket is the
  remainder, which "is always treated as a homogeneous one": no upfloaters, so no
  B.5/B.6 for upfloaters among its pairs of different scores.
* **The bye in a joined lowest bracket** (``bye-lowest-score``, reading): it
  floats down (A.4, B.5/B.6) only with the bracket's lowest score, also when the
  remainder left after the moved-down players are paired has a higher one.
* **C.1 in the lowest bracket**: the bye belongs to its pairing (B.1b), so a
  moved-down player has an opponent there only if the rest can still be paired
  with the bye to a player allowed it; if not, C.12.
* **B.3 in a joined bracket**: a lowest bracket joined by C.13 holds several
  scores; its pairing has the smallest score differences any complete pairing
  has (largest difference first; the bye counts against a score one point
  below the bracket's lowest), and among those the first in the usual order
  (colours, floats).
* **C.8.b before C.10**: when a heterogeneous bracket can pair only some of its
  moved-down players, "another set of M1 players" (D.3) is tried before the
  colour requirements are lowered (x, A.7.d: C.10.e/f); each set goes through
  the float levels (C.10.a-d) first, and only sets with the same scores are
  interleaved (B.3: a higher-scored player is not sent on for a colour).
* **C.8.b before C.10.a-d** (``c8b-floats``): the sets of moved-down players with
  the same scores are each tried at a float level before the next level drops a
  float criterion (C.8.b, another set, is a step before C.10's lowering).
* **A.3, the remainder**: it "is always treated as a homogeneous one", so it has
  no upfloaters: B.5/B.6 for upfloaters bind the moved-down players' pairs only.
* **C.13, the merged bracket**: "treated as a heterogeneous score bracket with
  the latest added score bracket as S1" - the whole penultimate bracket (its own
  moved-down players too) is S1 of the joined lowest bracket (A.3's half rule
  still applies).
* **C.1 with the bye** (reading): in the lowest bracket a moved-down player who
  may take the bye while the others are paired has not gone without an
  opponent; C.12 applies there when fewer moved-down players can each meet a
  resident than min(M0, residents).
* **C.12 when M1 < M0** (reading): also when the moved-down players of a
  heterogeneous bracket each have an opponent but cannot all meet residents at
  once (B.1/B.2).
* **C.12 when P0 falls short** (``c12-p0``): C.12 is the step after C.10, so it is
  reached whenever a bracket with moved-down players cannot make its P1 = P0
  pairings (the remainder cannot be completed, by B.1/B.2), not only for a
  moved-down player without opponent; P0 counts the bracket after C.1 moved down
  the residents nobody in it may meet.
* **C.12 when P0 falls short, every bracket** (``c12-p0-a3``): also in a bracket
  with moved-down players that A.3 treats as homogeneous ("If there are moved down
  players" names no kind of bracket).
* **C.12's P1** (``c12-p1``): "if this now allows P1 pairings" - the P1 of the
  bracket as it stood when C.12 was reached, counted after C.1 moved down the
  residents nobody there may meet (as ``c12-p0`` counts P0).
* **C.12 in a bracket treated as homogeneous** (``c12-a3``): when at least half
  of the bracket came from above (A.3), nobody there is paired first, so the
  re-pairing above is accepted when the bracket now allows its P1 pairs (which it
  did not before), even if a new moved-down player still has no opponent.
* **C.12 after C.14** (``c12-p1-lowered``): C.12 comes after C.10 in every pass,
  and C.14.a lowers P1 of a bracket A.3 treats as homogeneous one at a time; so
  when no other set of moved-down players allows the bracket's P1 pairs, the
  first set allowing P1 - 1 is accepted, and so on down to one pair more than the
  bracket allowed.
* **C.12 reached by C.1, B.3** (``c12-c1-b3``, reading): in a bracket A.3 treats
  as homogeneous that already made its P1 pairs, a moved-down player without
  opponent (C.1) sends C.12 back to the previous bracket; "another set of players
  of the same size and with the same scores" is accepted when each of them has
  an opponent here and the players this bracket then moves on have lower scores
  (B.3: the player without opponent would meet someone further down); the same
  scores moving on gain nothing, and the previous bracket's first pairing stands.
  Not when the previous bracket had a moved-down player without opponent itself
  (its pairing came from C.1 / C.12 already; fitted to JaVaFo 1.4 on one round,
  our generator's 2180 r13, not a sentence).
* **B.3 in a joined bracket, by squares** (``b3-squares``): the pairs' score
  differences are as small as possible taken together as the sum of their
  squares (a 2 and two 0.5 weigh as much as two 1.5); among pairings that weigh
  the same the usual order decides (colours, A.7.d, floats).
* **A.3 before B.3 in a joined bracket** (``b3-m1``): the moved-down players "are
  always paired first whenever possible", also in a lowest bracket joined by C.13
  (S1: the latest added score bracket); B.3's smallest differences are taken among
  the pairings that pair as many S1 players with S2 as any does.
* **B.3 ties in a joined bracket A.3 makes homogeneous** (``b3-squares-s1``,
  reading): C.13 still names its S1 (the latest added score bracket); among the
  pairings with the smallest sum of squares, those pairing the most S1 players
  with the rest come first.
* **C.13's other pairings of an A.3-homogeneous bracket** (``c13-walk-a3``,
  fitted to JaVaFo 1.4): a bracket with moved-down players that A.3 treats as
  homogeneous is re-paired by C.12/C.13 without B.5/B.6 for upfloaters.
* **B.2 note, the waiver first** (``b2-waiver-first``): in an even last round the
  pairs that need the top scorers' waiver (two players wanting the same colour
  absolutely) are as few as possible before x and z are counted (in odd rounds
  A.7.d's outer stages already count them first).
* **C.13 with A.3, a moved-down player left over twice** (``c13-movers``): the
  penultimate bracket's other pairing that leaves one of its moved-down players
  unpaired does not "allow a pairing in the lowest score bracket" when that (not
  yet merged) bracket, heterogeneous by A.3, then pairs none of its moved-down
  players - the walk goes on.
* **C.8.b in a walk past A.7.d** (``c8b-walk-a7d``, fitted to JaVaFo 1.4): once
  A.7.d is dropped in a bracket C.12/C.13 re-pair, each set of moved-down players
  goes through x and the float levels before the next set.
* **B.2 note, colours** (``b2-topscorer-colours``): "If a top scorer is paired
  against a non-top scorer, the latter is considered a top scorer for colour
  allocation purposes": E.3 may give him a colour a third time.
* **B.2 note, the waiver** (``b2-topscorer-fewest``): top scorers are not subject to
  B.2 in the last round, but the waiver is used for as few pairs as possible: a pair
  of two players wanting the same colour absolutely weighs two in A.7.d / z.
* **E, round 1** (reading): the pairing numbers whose parity gives the drawn
  colour count only the players taking part (C.04.2: one absent before his first
  pairing is not yet numbered), as JaVaFo 1.4 and the later editions' engines do;
  after round 1 (two players without a colour history) the file's number.
* **D.2**: exchanges of one player, then two, ...; within a size by the
  difference of the sums of the bracket numbers, then the S1 groups in
  decreasing lexicographic order, then the S2 groups in increasing order (no
  1992 tables).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, combinations

from swisschess.model.history import Strength, to_be_paired, unpaired_entries
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.result import Pairing
from swisschess.rules.dutch1992 import (
    C12Trial,
    Candidate,
    Context,
    Dutch1992,
    Variant,
    allocate_colours,
    bipartite_saturates,
    board_order,
)
from swisschess.rules.dutch1992.kernel import BoundedLevel, FloatHolds, SearchStats

W, B = Colour.WHITE, Colour.BLACK

#: C.10 a-d: float relaxation levels, as (B6 down, B5 down, B6 up, B5 up) = criterion holds.
#: A binary counter over the dropped criteria, B5-down most and B6-up least significant.
FLOAT_LEVELS_2012: tuple[FloatHolds, ...] = tuple(
    FloatHolds(not v & 4, not v & 8, not v & 1, not v & 2) for v in range(16)
)

#: C.10, last sentence: "Any criterion may be dropped only for the minimum number of
#: pairs in the score bracket".  Once a float criterion is dropped, the downfloaters'
#: breaches of the dropped criteria (B.5 and B.6 each count) are bounded by 1, 2, ...
#: before any number, and the upfloaters' likewise; the bounds beyond 4 are one step
#: (a bounded search, like the exchange windows below).
FLOAT_BOUNDS: tuple[int | None, ...] = (1, 2, 3, 4, None)


def with_float_bounds(levels: Iterable[FloatHolds]) -> tuple[BoundedLevel, ...]:
    """Each float level once per bound (:data:`FLOAT_BOUNDS`) on the breaches of each side whose
    criteria it drops: (B6 down, B5 down, B6 up, B5 up, down bound, up bound), in the levels'
    order, the downfloaters' bound outside the upfloaters'."""
    return tuple(
        BoundedLevel(*lv, down, up)
        for lv in levels
        for down in (FLOAT_BOUNDS if not (lv.b6_down and lv.b5_down) else (None,))
        for up in (FLOAT_BOUNDS if not (lv.b6_up and lv.b5_up) else (None,))
    )


def _downfloaters_first(level: BoundedLevel) -> tuple[bool | int, ...]:
    """A.11: "fulfilling the current criteria for downfloaters" before "for upfloaters":
    B.5 down, B.6 down, the downfloaters' bound, then the same for upfloaters."""
    many = len(FLOAT_BOUNDS) + 1
    down = 0 if level.b6_down and level.b5_down else (many if level.down_cap is None else level.down_cap)
    up = 0 if level.b6_up and level.b5_up else (many if level.up_cap is None else level.up_cap)
    return (not level.b5_down, not level.b6_down, down, not level.b5_up, not level.b6_up, up)


#: :data:`FLOAT_LEVELS_2012` with the bounds: (B6 down, B5 down, B6 up, B5 up, down
#: bound, up bound); a bound of None: no bound (or no criterion of that side dropped).
#: Ordered downfloaters first (:func:`_downfloaters_first`): C.10's counter where no
#: bound is involved, but one breach more by a downfloater weighs more than any by
#: upfloaters (2012 file 1102 r8: one B.6 downfloat breach and one B.5 upfloat breach
#: before two B.6 downfloat breaches).
FLOAT_LEVELS_2012_MINIMUM: tuple[BoundedLevel, ...] = tuple(sorted(with_float_bounds(FLOAT_LEVELS_2012), key=_downfloaters_first))

#: C.10, last sentence, read per criterion (``float-criteria``): a B.5 breach weighs more
#: than any number of B.6 breaches of the same side (up to this many).
B5_WEIGHT = 16

#: The bounds of one side (downfloaters or upfloaters) in that weight: B.6 breaches 1-4,
#: then one B.5 breach with 0-4 B.6 breaches, two, ... (0: both criteria hold).
CRITERIA_CAPS: tuple[int | None, ...] = (*sorted({j * B5_WEIGHT + k for j in range(5) for k in range(5)}), None)

#: ``float-criteria`` (applied; it loses generated 2007 r10, which ``c13-floats`` would win
#: at the cost of six others, see docs/editions-1992-lim.md 1b): C.10 a-d with "any criterion may be
#: dropped only for the minimum number of pairs" taken per criterion: the downfloaters' B.5 breaches as few as
#: possible, then their B.6 breaches, then the upfloaters' B.5, then B.6 (A.11:
#: downfloaters first).  Where each criterion is broken once or not at all this is
#: C.10's counter (B.6 up, B.5 up, both, B.6 down, ...); it differs from
#: :data:`FLOAT_LEVELS_2012_MINIMUM` in that one B.5 and one B.6 breach come before
#: two B.5 breaches.
FLOAT_LEVELS_2012_CRITERIA: tuple[BoundedLevel, ...] = tuple(
    BoundedLevel(d == 0, d == 0, u == 0, u == 0, None if d == 0 else d, None if u == 0 else u)
    for d in CRITERIA_CAPS
    for u in CRITERIA_CAPS
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
    return tuple(d2_order_2012(s1, s2))


Exchange = tuple[tuple[int, ...], tuple[int, ...]]


def _d2_key(e: Exchange) -> tuple:
    """D.2 order within one size: sum difference, S1 list (decreasing), S2 list (increasing)."""
    return (sum(e[1]) - sum(e[0]), tuple(-v for v in e[0]), e[1])


def d2_order_2012(s1: Sequence[int], s2: Sequence[int]) -> Iterator[Exchange]:
    """:func:`d2_exchanges_2012` as it is walked: the one-player exchanges come
    lazily (each S1 player's row is ordered by the S2 player, the rows are
    merged by the key), since a large bracket has |S1| x |S2| of them and
    seldom needs more than a few; the larger exchanges (windows) follow."""
    a, b = sorted(s1), sorted(s2)

    def row(x: int) -> Iterator[Exchange]:
        return (((x,), (y,)) for y in b)

    singles = heapq.merge(*(row(x) for x in a), key=_d2_key) if a and b else iter(())
    return chain(singles, _d2_larger_2012(tuple(a), tuple(b)))


@lru_cache(maxsize=4096)
def _d2_larger_2012(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[Exchange, ...]:
    """The D.2 exchanges of two and more players, in order (``a``, ``b`` sorted)."""
    out: list[Exchange] = []
    for size in range(2, min(len(a), len(b)) + 1):
        window = PAIR_WINDOW if size == 2 else WIDE_WINDOW
        if size > window:
            break
        w1, w2 = a[-window:], b[:window]
        groups1 = [tuple(sorted(c, reverse=True)) for c in combinations(w1, size)]
        groups2 = list(combinations(w2, size))
        cands = [(c1, c2) for c1 in groups1 for c2 in groups2]
        cands.sort(key=_d2_key)
        out.extend(cands)
    return tuple(out)


def z1_value(ctx: Context, players: Sequence[int]) -> int:
    """A.8.b: Z1, the fewest pairs in which both players want the same colour strongly.

    W / B count players with a strong or absolute preference for White /
    Black, w / b those with a mild one (in an even round: players with an odd
    number of unplayed games, A.7.e), a those without any; P0 = n // 2.
    If B > W then Z1 = P0 - W - b - w - a, else Z1 = P0 - B - b - w - a; at least 0.
    """
    f = ctx.f
    strong_w = sum(1 for q in players if f[q].pref_colour is W and f[q].pref_strength >= Strength.STRONG)
    strong_b = sum(1 for q in players if f[q].pref_colour is B and f[q].pref_strength >= Strength.STRONG)
    mild = sum(1 for q in players if f[q].pref_colour is not Colour.NONE and f[q].pref_strength < Strength.STRONG)
    none = sum(1 for q in players if f[q].pref_colour is Colour.NONE)
    p0 = len(players) // 2
    minority = strong_w if strong_b > strong_w else strong_b
    return max(0, p0 - minority - mild - none)


#: The 2012 amendments to the 1992 text, by name: what each one changes (article).
#: :func:`pair_dutch_2012` applies all of them; a subset is the 1992 text with only
#: those amendments (``tools/compare_editions.py --trace-2012`` uses this to trace
#: each difference between the two editions to the amendment that causes it).
AMENDMENTS: dict[str, str] = {
    "order": "A.2: score, then pairing number (1992 A2: rating, title, name)",
    "floats": "B.1b/A.4: a point or half point without playing is a downfloat (1992 A4/A5: games and the bye)",
    "bye": "B.1b: a half-point bye also bars the bye (1992 B1b: a point without playing)",
    "a7d": "A.7.d: odd rounds, strong preferences treated as absolute; dropped (C.10.f) for the fewest pairs",
    "z": "A.7.e/A.8.b/C.10.e: even rounds, pairs with the same strong preference minimised inside x",
    "no-topscorer-float-waiver": "B.5/B.6 apply in the last round to players above 50 % (1992 note waives them)",
    "float-order": "C.10 a-d: float criteria relaxed as a counter, upfloaters first (1992 C9/C10: B6, B5 down, then up)",
    "float-minimum": "C.10 (last sentence): a dropped float criterion is broken by as few players as possible, "
                     "downfloaters' breaches bounded 1, 2, ... first, then upfloaters' (1992: any number)",
    "c12-scores": "C.12: only for a moved-down player without any opponent (C.1); another set of moved-down "
                  "players of the same size and scores, accepted when each of them has an opponent in the bracket "
                  "(1992 C12: whenever p falls short; a different player, p pairs with every moved-down player paired)",
    "d2": "D.2: exchanges by N, then sum difference, S1 list, S2 list (1992 D2 tables)",
    "b3-exchanges": "B.3 above B.4: in a bracket with several scores, the exchanges are taken in groups by the "
                    "scores they leave in S1, highest first, each group with every colour and float relaxation "
                    "(1992: D2 order only)",
    "c1-floats": "C.1: a player who moves down because nobody in the bracket may meet him does not make the "
                 "bracket relax B.5/B.6 (1992: his float counts like any other)",
    "c1-lowest": "C.1 in the lowest bracket: a moved-down player has an opponent only if the rest can still be "
                 "paired with the bye to a player allowed it (B.1b); if not, C.12 (1992: any opponent meeting B1/B2)",
    "c13": "C.13: brackets paired top down without look-ahead; when the lowest cannot be paired the penultimate "
           "is re-paired, else joined to it (1992 edition: every bracket looks ahead)",
    "b3-joined": "B.3 in a lowest bracket joined by C.13 (several scores): the score differences of the pairs, "
                 "largest first, as small as any pairing allows, before colours and floats (1992: C13 order only)",
    "c8b-sets": "C.8.b: in a heterogeneous bracket pairing fewer moved-down players than it holds, another set "
                "of them with the same scores (D.3) is tried before x or A.7.d is relaxed (C.10.e/f), each set "
                "through the float levels (C.10.a-d) first (1992: each set through every relaxation in turn)",
    "a3-remainder": "A.3: a remainder 'is always treated as a homogeneous one': it has no upfloaters, so B.5/B.6 "
                    "for upfloaters apply to the moved-down players' pairs only (1992: to every pair)",
    "c13-s1": "C.13: a merged lowest bracket is 'treated as a heterogeneous score bracket with the latest added "
              "score bracket as S1': the whole penultimate bracket is S1 (1992: its moved-down players only)",
    "c1-bye": "C.1 in the lowest bracket: a moved-down player who may take the bye (B.1b) while the rest is "
              "paired has not gone without an opponent (the bye is part of the lowest bracket's pairing)",
    "c12-p0": "C.12 also when B.1/B.2 leave a bracket with moved-down players fewer than P0 pairs (P0 counted after "
              "C.1 moved down the residents nobody there may meet): the previous bracket is re-paired if another set "
              "of moved-down players of the same scores allows them",
    "c12-m1": "C.12 also when the moved-down players of a heterogeneous bracket cannot all be paired at once "
              "(M1 < M0 by B.1/B.2) although each has an opponent",
    "numbers": "E (round 1): the pairing numbers whose parity gives the drawn colour count only the players "
               "taking part (C.04.2: a player absent before his first pairing is not yet numbered; 1992: starting number)",
    "b3-squares": "B.3 in a joined lowest bracket: the pairs' score differences as small as possible taken "
                  "together as the sum of their squares (1992 / b3-joined alone: the largest difference first)",
    "b2-topscorer-colours": "B.2 note: a non-top scorer paired against a top scorer 'is considered a top scorer for "
                            "colour allocation purposes' (B.2 waived for both in E; 1992: only for the top scorer)",
    "c12-p1": "C.12 'now allows P1 pairings': P1 of the bracket as it stood when C.12 was reached, counted after "
              "C.1 moved down the residents nobody there may meet, as c12-p0 counts P0 (before: half the bracket)",
    "c12-a3": "C.12 in a bracket A.3 treats as homogeneous (at least half from above): the re-pairing is accepted "
              "when the bracket allows its P1 pairs (c12-p1), not only when every new moved-down player can meet "
              "a resident (nobody there is paired first)",
    "b3-m1": "A.3 before B.3 in a joined lowest bracket treated as heterogeneous: the smallest score differences "
             "among the pairings that pair as many of its S1 (moved-down) players with S2 as any does (they 'are "
             "always paired first whenever possible'; b3-joined alone: among all complete pairings)",
    "b2-topscorer-fewest": "B.2 note: the top scorers' waiver of B.2 is used for as few pairs as possible: a pair of two "
                           "players wanting the same colour absolutely weighs two in A.7.d / z (1992: waived outright)",
    "float-criteria": "C.10 (last sentence) per criterion: B.5 broken by as few floaters as "
                      "possible, then B.6, downfloaters before upfloaters (float-minimum: the two criteria's breaches "
                      "summed, C.10's counter between them)",
    "c12-p0-a3": "C.12 'if there are moved down players': c12-p0 also in a bracket with moved-down players that A.3 "
                 "treats as homogeneous (before: heterogeneous brackets only)",
    "c13-floats": "C.13: a merged lowest bracket, 'treated as a heterogeneous score bracket with the latest added "
                  "score bracket as S1': a pair of two players of that S1 (the penultimate bracket first merged, with "
                  "its moved-down players) gives no float, B.5/B.6 (before: every pair of different scores)",
    "c12-p1-lowered": "C.12 after C.14.a in a bracket A.3 treats as homogeneous: when no other set of moved-down "
                      "players allows its P1 pairs, P1 is lowered one at a time and the first other set allowing P1 "
                      "pairs (more than the bracket allowed) is accepted (before: only the P1 of C.2)",
    "c8b-floats": "C.8.b before C.10.a-d: the sets of moved-down players with the same scores are each tried at a "
                  "float level before the next level (c8b-sets: each set through the float levels first)",
    "c13-apart": "C.13: when a bracket above two or more joined ones is re-paired so that the merged lowest "
                 "bracket can be paired, the bracket joined last is paired again on its own (when A.3 treats it as "
                 "heterogeneous), then the rest as the lowest - taken only if both pair straight away, the first with "
                 "all its moved-down players, with score differences as small as the merged pairing's (before: always the merged bracket)",
    "c12-c1-b3": "C.12 reached by C.1 in a bracket A.3 treats as homogeneous that made its P1 pairs: the previous "
                 "bracket's new pairing is accepted when every new moved-down player has an opponent there (C.1) and "
                 "the players the bracket then moves on have lower scores (B.3) - not the same scores, and not when "
                 "the previous bracket had a moved-down player without opponent itself (fitted, 2180 r13) (before: each new moved-down "
                 "player his own resident)",
    "a3-unpaired": "A.3 in the lowest bracket when none of its moved-down players can be paired with a resident: the "
                   "whole bracket is the remainder, 'always treated as a homogeneous one' - no upfloaters, so no "
                   "B.5/B.6 for upfloaters (before: every pair of different scores gives an upfloat)",
    "bye-lowest-score": "A.4 / B.5-B.6 in a lowest bracket with several scores (joined by C.13) whose moved-down "
                        "players are paired first: the player left over (the bye) floats down only with the "
                        "bracket's lowest score, as in a bracket paired whole - a player above it moved down already "
                        "(before: with the lowest score of the remainder left once the moved-down players are paired)",
    "b3-squares-s1": "B.3 in a joined lowest bracket that A.3 treats as homogeneous: among the pairings with the "
                     "smallest sum of squared score differences (b3-squares), those pairing the most players of its "
                     "S1 - C.13: 'treated as a heterogeneous score bracket with the latest added score bracket as S1' "
                     "- with the rest (before: the first of them in the usual order)",
    "c13-walk-a3": "C.13 (and C.12) 'try to find another pairing' of a bracket with moved-down players that A.3 "
                   "treats as homogeneous: the other pairings are judged without B.5/B.6 for upfloaters (fitted to "
                   "JaVaFo 1.4, not a sentence: its first pairing still counts them)",
    "c13-movers": "C.13 with A.3: another pairing of the penultimate bracket that leaves one of its moved-down "
                  "players unpaired does not 'allow a pairing in the lowest score bracket' when that bracket "
                  "(heterogeneous by A.3) then pairs none of its moved-down players - he would be left over twice; "
                  "a resident moved down and left over (the bye) is a pairing (before: any pairing of the lowest)",
    "b2-waiver-first": "B.2 note in an even last round: the pairs needing the top scorers' waiver (two players "
                       "wanting the same colour absolutely) as few as possible before x and z (b2-topscorer-fewest "
                       "alone: such a pair weighs two inside z, after x)",
    "c8b-walk-a7d": "C.8.b in a walk (C.12/C.13) once A.7.d is dropped: each set of moved-down players goes through "
                    "x and the float levels before the next set (fitted to JaVaFo 1.4, not a sentence: while A.7.d "
                    "holds, and in a bracket's first pairing, c8b-sets' order stands)",
    "a3-mdp-first": "A.3 read as 'moved-down players are paired first' for every heterogeneous bracket",
}

#: Search nodes per bracket before the matching fallback.  C.13 without look-ahead
#: leaves lower brackets to find their own pairing, and some need far more of the
#: usual order than 1992's look-ahead does (1053 round 6: 15 players, colour
#: constraints): 2 000 000 reproduces 8 more reference rounds than 40 000 and
#: costs only where the search would give up anyway (slowest reference round 46 s,
#: 45 players; all 1034 rounds 160 s in-process).
NODE_BUDGET_2012 = 2_000_000

#: C.1 with the bye: assignments of moved-down players to residents tried in the
#: lowest bracket before the per-player test decides instead.
C1_BYE_TRIES = 2000

#: The amendments :func:`pair_dutch_2012` applies: the 2012 text as JaVaFo 1.4 reads it.
#: ``c13-floats`` is measured but not applied: it wins generated 2007 r10 and loses six
#: rounds of the run at scale (JaVaFo 1.4 generating: seeds 178 r10, 560 r10, 652 r10,
#: 1119 r10, 1550 r11; our generator: 127 r7), see docs/editions-1992-lim.md 1b.
EDITION_2012: frozenset[str] = frozenset(AMENDMENTS) - {"a3-mdp-first", "c13-floats"}


class Context2012(Context):
    """Player facts under the 2012 wording (A.2 order, B.1b floats and bye)."""

    #: A.7.f / E: two players who have not played yet meet after round 1 - the text
    #: is silent; the reference engine (JaVaFo 1.4) gives the higher-ranked player
    #: the drawn colour when his number is *even* (all 9 such boards of the 2012
    #: reference), and so do we in this edition.
    odd_number_gets_drawn_colour = False

    def __init__(self, t: Tournament, rnd: int, ids: Iterable[int], amendments: frozenset[str] = EDITION_2012):
        self.amendments = amendments
        super().__init__(t, rnd, ids, edition="2012" if "floats" in amendments else "1992")
        if "bye" in amendments:
            for pid, x in self.f.items():
                # B.1b: "a point or half point without playing" bars the bye
                x.bye_ok = x.bye_ok and not any(e.code.upper() == "H" for e in t.players[pid].results[: rnd - 1])
        # E (round 1) / C.04.2: only the players taking part are numbered; one
        # absent before his first pairing has no effective number yet, so the
        # drawn colour alternates over the players actually paired.
        taking_part = set(self.f) | {
            q for q, p in t.players.items() if any(e.paired for e in p.results[: rnd - 1])
        }
        self.numbers = {q: k for k, q in enumerate(sorted(taking_part), 1)}

    def number(self, pid: int) -> int:
        # only in round 1: two players without a colour history meeting later get
        # the colour by the file's number (generated 2045 r2: 16 and 21, both
        # absent in round 1, and 15, never paired, counted before 16)
        if "numbers" not in self.amendments or self.rnd != 1:
            return super().number(pid)
        return self.numbers[pid]

    def a2_key(self, pid: int) -> tuple:
        """A.2: score, then the pairing number."""
        if "order" not in self.amendments:
            return super().a2_key(pid)
        return (-self.f[pid].score, pid)


class Dutch2012(Dutch1992):
    """The 1992 engine with the 2012 amendments (see the module docstring and :data:`AMENDMENTS`)."""

    def __init__(
        self, ctx: Context, node_budget: int = NODE_BUDGET_2012, amendments: frozenset[str] = EDITION_2012,
        stats: SearchStats | None = None,
    ):
        variant = Variant(
            topscorer_float_waiver="no-topscorer-float-waiver" not in amendments,
            a3_homogeneous="a3-mdp-first" not in amendments,
            score_lowering_exchanges_last="b3-exchanges" in amendments,
            forced_floats_exempt="c1-floats" in amendments,
            psd_lowest="b3-joined" in amendments,
            sets_before_colours="c8b-sets" in amendments,
            remainder_homogeneous="a3-remainder" in amendments,
            joined_s1="c13-s1" in amendments,
            psd_squares="b3-squares" in amendments,
            psd_s1_pairs="b3-squares-s1" in amendments,
            walked_a3_no_upfloats="c13-walk-a3" in amendments,
            psd_movers_first="b3-m1" in amendments,
            joined_floats="c13-floats" in amendments,
            sets_before_floats="c8b-floats" in amendments,
            unpaired_movers_remainder="a3-unpaired" in amendments,
            remainder_bracket_floor="bye-lowest-score" in amendments,
            walk_sets_apart="c8b-walk-a7d" in amendments,
            walk_movers_paired="c13-movers" in amendments,
        )
        super().__init__(ctx, node_budget, variant, stats)
        self.amendments = amendments
        self.lookahead = "c13" not in amendments
        self.c13_apart = "c13-apart" in amendments
        if "float-order" in amendments:
            self.levels = FLOAT_LEVELS_2012
            if "float-minimum" in amendments:
                self.levels = FLOAT_LEVELS_2012_MINIMUM
                if "float-criteria" in amendments:  # the minimum, per criterion
                    self.levels = FLOAT_LEVELS_2012_CRITERIA
                    self.b5_weight = B5_WEIGHT
        self.odd_round = ctx.rnd % 2 == 1
        #: what a pair weighs in A.7.d / z at most: 2 in the last round with
        #: ``b2-topscorer-fewest`` (see :meth:`strong_conflict`), else 1
        self.waiver_weight = 2 if "b2-topscorer-fewest" in amendments and ctx.last_round else 1
        #: ``b2-waiver-first`` applies (an even last round, z counted)
        self.waiver_first = (not self.odd_round and self.waiver_weight == 2 and "b2-waiver-first" in amendments
                             and "z" in amendments)
        #: what a waiver pair then weighs in z: more than every other pair of a bracket together
        self.waiver_z = len(ctx.f) // 2 + 1

    def colour_stages(self, p: int) -> Sequence[object]:
        # A.7.d / C.10.f: in odd rounds strong preferences count as absolute first;
        # when A.7.d is dropped, it is dropped "only for the minimum number of
        # pairs" (C.10, last sentence): k = 1, 2, ... pairs may break it.
        if self.odd_round and "a7d" in self.amendments:
            return [("a7d", k) for k in range(self.waiver_weight * p + 1)]
        if self.waiver_first:
            # B.2 note in an even last round (``b2-waiver-first``): the pairs that
            # need the top scorers' waiver as few as possible, before x and z
            return [("b2", k) for k in range(p + 1)]
        return (None,)

    def strong_conflict(self, a: int, b: int) -> int:
        # B.2 note: top scorers are not subject to B.2 in the last round, but the
        # waiver is used for as few pairs as possible (``b2-topscorer-fewest``): a
        # pair of two players wanting the same colour absolutely - one of them
        # gets a colour B.2 would forbid him - weighs two in A.7.d (odd rounds) and
        # z (even rounds), one more than a pair wanting it strongly
        same = super().strong_conflict(a, b)
        if same and self.waiver_weight == 2:
            fa, fb = self.ctx.f[a], self.ctx.f[b]
            if fa.pref_strength is Strength.ABSOLUTE and fb.pref_strength is Strength.ABSOLUTE:
                return self.waiver_z if self.waiver_first else 2
        return same

    def strong_caps(self, x: int, stage: object, players: Sequence[int], p: int) -> Sequence[int | None]:
        if isinstance(stage, tuple) and stage[0] == "a7d":
            return (stage[1],)
        if self.odd_round or "z" not in self.amendments:
            return (None,)
        # A.8.b / C.10.e: z from Z1 up to x; C.14: Z1 falls with p
        z1 = z1_value(self.ctx, players)
        z = max(0, z1 - (len(players) // 2 - p)) if z1 > 0 else 0
        if isinstance(stage, tuple):  # b2-waiver-first: stage k holds k waiver pairs, each waiver_z in z
            k = stage[1] * self.waiver_z
            return range(k + min(z, x), k + x + 1)
        return range(min(z, x), self.waiver_weight * x + 1)

    def exchanges(self, s1: Sequence[int], s2: Sequence[int]) -> Iterable[tuple[tuple[int, ...], tuple[int, ...]]]:
        if "d2" not in self.amendments:
            return super().exchanges(s1, s2)
        return d2_order_2012(s1, s2)

    def c12_applies(self, movers: Sequence[int], residents: Sequence[int], cand: Candidate, lowest: bool = False) -> bool:
        if "c12-scores" not in self.amendments:
            return super().c12_applies(movers, residents, cand, lowest)
        if lowest and "c1-lowest" in self.amendments:
            return not self._each_has_opponent_in_lowest(movers, residents)
        bracket = list(movers) + list(residents)
        heterogeneous = self._treated_heterogeneous(movers, residents)
        if "c12-p0" in self.amendments and (heterogeneous or "c12-p0-a3" in self.amendments):
            # C.12 is reached when the bracket cannot make its P1 pairings (C.10 exhausted);
            # P0 counts the bracket after C.1 moved down the residents nobody here may meet
            pairable = [q for q in bracket if q in movers or not self.without_opponent(q, bracket)]
            if self._max_pairs(self.ctx.sort(pairable)) < len(pairable) // 2:
                return True
        if "c12-m1" in self.amendments and heterogeneous and not bipartite_saturates(
            list(movers), list(residents), self.ctx.compatible
        ):
            return True
        # C.1: C.12 is for "a player for whom no opponent can be found within this
        # score bracket without violating B.1 or B.2" who "was moved down from a
        # higher score bracket" - not for a bracket that merely falls short of its
        # pairs for other reasons (those are C.14's).
        return self._mover_without_opponent(movers, bracket)

    def _mover_without_opponent(self, movers: Sequence[int], bracket: Sequence[int]) -> bool:
        """C.1: is one of ``movers`` a player "for whom no opponent can be found within
        this score bracket" (``bracket``)?"""
        return any(self.without_opponent(q, bracket) for q in movers)

    def _each_has_opponent_in_lowest(self, movers: Sequence[int], residents: Sequence[int]) -> bool:
        """C.1 in the lowest bracket: B.1 covers the bye too (B.1b), so an opponent
        counts only when the rest of the bracket can still be paired, the bye going
        to a player allowed to take it."""
        bracket = frozenset(movers) | frozenset(residents)
        if "c1-bye" in self.amendments:
            paired = self._movers_paired_in_lowest(list(movers), list(residents), bracket)
            if paired is not None:
                return paired
        return all(
            any(self.ctx.compatible(q, o) and self.completable(bracket - {q, o}) for o in bracket if o != q)
            for q in movers
        )

    def _movers_paired_in_lowest(self, movers: list[int], residents: list[int], bracket: frozenset[int]) -> bool | None:
        """C.1 with the bye (``c1-bye``): can as many moved-down players as there are
        residents for them (min(M0, residents)) each meet a resident while the rest
        of the lowest bracket is paired, the bye going to a player allowed it (B.1b)?
        A moved-down player left over then takes the bye or meets another one: he has
        not gone without an opponent (generated 2005 r5: two moved-down players, one
        resident; the one who may take the bye does).  None: too many cases to try."""
        need = min(len(movers), len(residents))
        tries = [C1_BYE_TRIES]

        def go(i: int, used: frozenset[int], left: int) -> bool:
            tries[0] -= 1
            if tries[0] < 0:
                raise LookupError
            if left == 0:
                return self.completable(bracket - used)
            if len(movers) - i < left:
                return False
            q = movers[i]
            for o in residents:
                if o not in used and self.ctx.compatible(q, o) and go(i + 1, used | {q, o}, left - 1):
                    return True
            return go(i + 1, used, left)

        try:
            return go(0, frozenset(), need)
        except LookupError:
            return None

    def c12_accepts(
        self, movers: Sequence[int], residents: Sequence[int], cand: Candidate, lowest: bool = False,
        trial: C12Trial | None = None,
    ) -> bool:
        if "c12-scores" not in self.amendments:
            return super().c12_accepts(movers, residents, cand, lowest, trial)
        if lowest and "c1-lowest" in self.amendments:
            return self._each_has_opponent_in_lowest(movers, residents)
        if (
            "c12-a3" in self.amendments and trial is not None and trial.before < trial.needed
            and not self._treated_heterogeneous(movers, residents)
        ):
            # A.3: a bracket of which at least half came from above "is also treated as
            # though it was homogeneous" - nobody in it is paired first, so "this now
            # allows P1 pairings" is its pairs (which it did not allow before), not an
            # opponent for each moved-down player
            return self._max_pairs(self.ctx.sort(list(movers) + list(residents))) >= trial.needed
        if (
            "c12-c1-b3" in self.amendments and trial is not None and trial.before >= trial.needed
            and not self._treated_heterogeneous(movers, residents)
            and self._lower_scores_move_on(movers, residents, cand, trial)
        ):
            return True
        # C.12: the previous bracket's new pairing is accepted when "this now allows
        # P1 pairings" here: every new moved-down player can be given his own
        # opponent among the bracket's residents (B.1/B.2).  Judged on this bracket
        # alone, as the text's step-by-step procedure does; a lower bracket that
        # then gets stuck is C.13's business.
        return bipartite_saturates(list(movers), list(residents), self.ctx.compatible)

    def _lower_scores_move_on(
        self, movers: Sequence[int], residents: Sequence[int], cand: Candidate, trial: C12Trial
    ) -> bool:
        """``c12-c1-b3``: C.12 reached by C.1 in a bracket A.3 treats as homogeneous that
        already made its P1 pairs.  The previous bracket's new pairing is accepted
        when every new moved-down player has an opponent here (C.1) and the players
        this bracket then moves on have lower scores than those it moved on before
        (B.3: the player without opponent would meet someone further down); the
        same scores moving on gain nothing, and the previous bracket's own first
        pairing stands.  Not when the previous bracket had a moved-down player
        without opponent itself: its pairing came from C.1 / C.12 already (fitted to
        JaVaFo 1.4 on our generator's 2180 r13; the nearest sentence is C.12's
        "backtracking is disallowed when already backtracking from a lower score
        bracket")."""
        f = self.ctx.f
        now = sorted((f[q].score for q in cand.floaters), reverse=True)
        then = sorted((f[q].score for q in trial.first.floaters), reverse=True)
        if len(now) != len(then) or now >= then:
            return False
        if self._mover_without_opponent(movers, list(movers) + list(residents)):
            return False
        above = [q for pr in trial.previous.pairs for q in pr] + list(trial.previous.floaters)
        lowest_there = min(f[q].score for q in above)
        return not self._mover_without_opponent([q for q in above if f[q].score > lowest_there], above)

    def c12_pairs_needed(self, movers: Sequence[int], residents: Sequence[int]) -> int:
        if "c12-p1" not in self.amendments:
            return super().c12_pairs_needed(movers, residents)
        # C.12 "if this now allows P1 pairings": the P1 of the bracket as it stood
        # when C.12 was reached, counted as ``c12-p0`` counts P0 - after C.1 moved
        # down the residents nobody there may meet (our generator's 44 r11: 3 has met
        # everyone; fresh 3048 r5: no resident is left out, P1 = 2 stays, and a new
        # moved-down player with whom only one pair can be made is refused)
        bracket = list(movers) + list(residents)
        return sum(1 for q in bracket if q in movers or not self.without_opponent(q, bracket)) // 2

    def c12_lowers_p1(self, movers: Sequence[int], residents: Sequence[int]) -> bool:
        # C.12 "... and this now allows P1 pairings to be made": C.12 comes after C.10 in
        # every pass, and C.14.a lowers P1 of a bracket A.3 treats as homogeneous one at a
        # time before the bracket comes back to C.10 / C.12 (``c12-p1-lowered``)
        return "c12-p1-lowered" in self.amendments and not self._treated_heterogeneous(movers, residents)

    def same_movers(self, alt: Candidate, cand: Candidate) -> bool:
        if set(alt.floaters) == set(cand.floaters) or "c12-scores" not in self.amendments:
            return super().same_movers(alt, cand)
        # C.12: only "another set of players of the same size and with the same scores"
        score = self.ctx.f
        return sorted(score[q].score for q in alt.floaters) != sorted(score[q].score for q in cand.floaters)


def colours_2012(ctx: Context, a: int, b: int, amendments: frozenset[str] = EDITION_2012) -> tuple[int, int]:
    """E.1-E.5 for one pair: ``(white, black)``.

    B.2, note: "If a top scorer is paired against a non-top scorer, the latter is
    considered a top scorer for colour allocation purposes" (``b2-topscorer-colours``):
    B.2 is waived for both, so E.3 may give the non-top scorer a colour a third time
    in a row (generated 2100 r8: 4, a top scorer, and 6 both want White absolutely;
    E.3 gives 4 White and 6 his third Black).
    """
    fa, fb = ctx.f[a], ctx.f[b]
    if "b2-topscorer-colours" not in amendments or fa.topscorer == fb.topscorer:
        return allocate_colours(ctx, a, b)
    other = fb if fa.topscorer else fa
    other.topscorer = True
    try:
        return allocate_colours(ctx, a, b)
    finally:
        other.topscorer = False


def points_without_playing(t: Tournament, pid: int, rnd: int) -> int:
    """B.1b: rounds before ``rnd`` in which ``pid`` scored a point or half point without playing."""
    return sum(
        1 for e in t.players[pid].results[: rnd - 1] if e.is_pab or e.code.upper() in ("+", "F", "H")
    )


def pair_dutch_2012(
    t: Tournament, *, node_budget: int = NODE_BUDGET_2012, amendments: frozenset[str] = EDITION_2012,
    stats: SearchStats | None = None,
) -> Pairing:
    """Pair the next round of ``t`` by the Istanbul 2012 wording (C.04.3.1).

    ``amendments`` (measurement only): the 2012 changes to apply to the 1992
    text, default all of :data:`EDITION_2012`.  Raises
    :class:`~swisschess.pairing.result.PairingError` when no pairing respects
    the absolute criteria.  ``stats`` collects the search's fallbacks.
    """
    rnd = t.rounds_recorded() + 1
    ids = to_be_paired(t, rnd)
    ctx = Context2012(t, rnd, ids, amendments)
    if len(ids) % 2 == 1 and not any(x.bye_ok for x in ctx.f.values()):
        # B.1b cannot hold: every player already scored a point without playing.
        # The text is silent; the reference engine (JaVaFo 1.4) then lets the
        # players with the fewest such points take the bye (2012 reference, file
        # 1101 round 9), and so do we.
        unplayed = {q: points_without_playing(t, q, rnd) for q in ids}
        fewest = min(unplayed.values())
        for q, x in ctx.f.items():
            x.bye_ok = unplayed[q] == fewest
    pairs, bye = Dutch2012(ctx, node_budget, amendments, stats).run(ids)
    boards = [colours_2012(ctx, a, b, amendments) for a, b in pairs]
    return Pairing(rnd, board_order(ctx, boards), bye, unpaired_entries(t, rnd))


__all__ = ["NODE_BUDGET_2012", "AMENDMENTS", "EDITION_2012", "Context2012", "Dutch2012", "FLOAT_BOUNDS", "FLOAT_LEVELS_2012", "FLOAT_LEVELS_2012_CRITERIA", "FLOAT_LEVELS_2012_MINIMUM", "colours_2012", "d2_exchanges_2012", "pair_dutch_2012", "with_float_bounds"]
