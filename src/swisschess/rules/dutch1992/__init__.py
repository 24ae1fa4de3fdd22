"""FIDE Dutch system, the seeds' own text: "Swiss System based on rating" (1992/1998).

This is the procedure of the project seeds (000 Slovenian, 001 Polish, 003 Czech,
004 Bulgarian; 002 Estonian summary), articles A1-F10, as synthesised in
``docs/rules-editions.md`` part (a).  Where the translations disagree the
engineer's choice of that document is followed; where a document and the seeds
disagree, the seeds win (comments say which seed).

How the text's state machine (C1-C14) is turned into code
-----------------------------------------------------------
The seeds describe a trial-and-error procedure: pair a bracket (C4-C8), relax
the relative criteria step by step (C9 floats, C10 the moved-down players'
opponents, C11 colours, C14 fewer pairs), and backtrack to the previous bracket
(C12) or merge the lowest brackets (C13) when the lowest bracket cannot be
paired.  Here every bracket is a *generator* of acceptable bracket pairings in
exactly that order of relaxation::

    for p in (p0, p0-1, ...)                       # C14: fewer pairs last
        for x in (x0, x0+1, ..., p)                # C11: colours (B4) next
            for level in FLOAT_LEVELS              # C9/C10: B6 then B5 dropped
                for S1, S2 in D2 exchanges         # C8 (identity first)
                    for S2 order in D1 transpositions   # C6/C7, lexicographic
                        accept if B1/B2 hold, at most x colour conflicts,
                        the float criteria of the level hold, and the players
                        left over can still be paired (see below)

*C12/C13 by look-ahead.*  Rather than pairing a bracket blindly and undoing it
when a lower bracket gets stuck, a bracket pairing is only accepted when the
players it leaves over, together with all lower brackets, can still be paired
respecting B1/B2 (and B1b for the bye).  This is decided exactly with a maximum
cardinality matching (Edmonds' blossom algorithm, ``matching.py``).  The outcome
is the one C12/C13 aim at: the earliest acceptable pairing of a bracket that
lets the rest of the round be paired; when no pairing of a bracket with p pairs
allows it, p is reduced (C14) down to 0, which moves the whole bracket down,
i.e. merges it with the next one (C13).  C12 proper (a moved-down player with
no opponent in his new bracket) is also done literally: the previous bracket's
generator is asked for its next pairing with as many pairs that moves a
different player down.

*Bounded search.*  The literal enumeration explodes for large brackets.  Each
bracket has a budget of search nodes; the transposition search prunes with a
bipartite matching test (can the rest of S1 still get opponents in S2?).  If the
budget runs out, the bracket takes the pairing given by the global matching
(always exists by the look-ahead invariant) - so a pairing that respects B1/B2
is *always* found when one exists; only its quality may then fall short of the
literal procedure.  A :class:`~swisschess.rules.dutch1992.kernel.SearchStats`
passed in counts how often that happened.  The budget, the feasibility oracle
and the fallback are the search kernel (``kernel``) the 2012 wording and Lim share.

B3 (score differences as small as possible) is built into the bracket order:
brackets are paired from the top, moved-down players are paired first, and the
number of pairs p is the outermost criterion (a player moves down only when no
pairing with more pairs exists).  Not pairing rules, hence not here: F2 (unplayed
games do not count: ``history.played_colours``), F5 (withdrawn / absent players are
not paired: ``history.to_be_paired``), F6-F9 (publication, corrections, absence,
adjourned games: handled by the tournament workflow and the TRF data), F10 (final
ranking: ``swisschess.standings``).

Modules: ``context`` (player facts, A2, B1/B2), ``orders`` (A8, D1, D2),
``engine`` (the bracket generators, C1-C14), ``kernel`` (budget, feasibility
oracle, fallback, float levels), ``matching`` (maximum matchings),
``colours`` (E1-E4, F1 and the B1/B2 check of a finished pairing).

Interpretations (the text is silent or ambiguous; see docs/editions-1992-lim.md):

* A8: a negative x is clamped to 0.
* C6 accepts a bracket pairing only if it also respects B4 within the current x
  and the float criteria of the current relaxation level (the text names only
  B1/B2 there, but C9-C11 make sense only this way).
* C11 restarts with B5/B6 restored (colours rank above floats, B4 > B5 > B6).
* D2: the seeds' tables are generalised: first the k lowest S1 players x the k
  highest S2 players, k = min(|S1|, |S2| - 1) (reproduces the 8- and 7-player
  tables), ordered by difference, then by the lowest S1 player; then the
  exchanges that involve the other players; then 3- and more-player exchanges.
* Players with no colour history meeting each other: the higher-ranked player
  gets the drawn colour if his pairing number is odd (the round-1 rule E/F4).
"""

from __future__ import annotations

from swisschess.model.history import to_be_paired, unpaired_entries
from swisschess.model.tournament import Tournament
from swisschess.pairing.result import Pairing
from swisschess.rules.dutch1992.colours import absolute_violations, allocate_colours, board_order
from swisschess.rules.dutch1992.context import Context, Facts
from swisschess.rules.dutch1992.engine import NODE_BUDGET, C12Trial, Candidate, Dutch1992, Variant
from swisschess.rules.dutch1992.kernel import SearchStats
from swisschess.rules.dutch1992.matching import bipartite_saturates, max_matching
from swisschess.rules.dutch1992.orders import (
    a8_x,
    d1_transpositions,
    d2_exchanges,
    homogeneous_order,
)


def pair_dutch_1992(
    t: Tournament, *, node_budget: int = NODE_BUDGET, variant: Variant | None = None, stats: SearchStats | None = None
) -> Pairing:
    """Pair the next round of ``t`` by the seeds' 1992/1998 Dutch text.

    ``stats`` collects the search's fallbacks.  Raises :class:`PairingError`
    when no pairing respects B1/B2 (and B1b).
    """
    rnd = t.rounds_recorded() + 1
    ids = to_be_paired(t, rnd)
    ctx = Context(t, rnd, ids)
    engine = Dutch1992(ctx, node_budget, variant, stats)
    pairs, bye = engine.run(ids)
    boards = [allocate_colours(ctx, a, b) for a, b in pairs]
    return Pairing(rnd, board_order(ctx, boards), bye, unpaired_entries(t, rnd))


__all__ = [
    "NODE_BUDGET",
    "C12Trial",
    "Candidate",
    "Context",
    "Dutch1992",
    "Facts",
    "SearchStats",
    "Variant",
    "a8_x",
    "absolute_violations",
    "allocate_colours",
    "bipartite_saturates",
    "board_order",
    "d1_transpositions",
    "d2_exchanges",
    "homogeneous_order",
    "max_matching",
    "pair_dutch_1992",
]
