"""The brackets of a paired round, rebuilt top down, and how each was paired.

:func:`brackets` follows Art. 1.3: each bracket is a scoregroup's residents
plus the players left unpaired above (MDPs, Art. 1.4.1); the pairs of the
chosen pairing that belong to it; the players it leaves to float down.
:func:`structure` tells how the chosen pairs are generated from the natural
S1/S2 split (Art. 3.2, 4.2-4.4); :func:`pair_count_notes` why a bracket makes
fewer pairs than it could hold ([C1]-[C5]).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from swisschess.explain import wording
from swisschess.explain.state import RoundState
from swisschess.rules.dutch import Entrant

#: A pair of a bracket: (higher player, lower player).
Pair = tuple[Entrant, Entrant]


@dataclass(slots=True)
class Bracket:
    """One bracket of the round with the chosen pairing's part in it."""

    number: int
    score: Fraction
    mdps: list[Entrant]
    residents: list[Entrant]
    lower: list[Entrant]  # every player of the lower scoregroups
    next_ids: set[int]  # residents of the next scoregroup
    pairs: list[Pair]  # chosen pairs (higher, lower)
    floaters: list[Entrant]
    is_last: bool
    mdp_ids: set[int] = field(default_factory=set)


def brackets(state: RoundState) -> list[Bracket]:
    """The brackets top down (Art. 1.3), with the chosen pairs of each."""
    groups: list[tuple[Fraction, list[Entrant]]] = []
    for p in state.players:
        if groups and groups[-1][0] == p.score:
            groups[-1][1].append(p)
        else:
            groups.append((p.score, [p]))
    out = []
    carry: list[Entrant] = []
    for k, (score, residents) in enumerate(groups):
        members = carry + residents
        ids = {p.id for p in members}
        res_ids = {p.id for p in residents}
        pairs = []
        paired: set[int] = set()
        for p in members:
            m = state.mate.get(p.id)
            if m is None or m not in ids or p.id in paired:
                continue
            if p.id not in res_ids and m not in res_ids:
                continue
            hi, lo = sorted((p, state.by_id[m]), key=lambda x: (-x.score, x.rank))
            pairs.append((hi, lo))
            paired.update((p.id, m))
        pairs.sort(key=lambda pr: (-pr[0].score, pr[0].rank))
        floaters = [p for p in members if p.id not in paired]
        lower = [p for _, g in groups[k + 1:] for p in g]
        next_ids = {p.id for p in groups[k + 1][1]} if k + 1 < len(groups) else set()
        out.append(Bracket(k + 1, score, list(carry), residents, lower, next_ids, pairs,
                           floaters, k + 1 == len(groups), {p.id for p in carry}))
        carry = floaters
    return out


def structure(br: Bracket, mdp_pairs: Sequence[Pair], rem_pairs: Sequence[Pair],
              paired_mdps: Sequence[Entrant]) -> list[str]:
    """How the chosen pairing is generated from the natural one (Art. 3.2, 4.2-4.4)."""
    out = []
    m1 = len(mdp_pairs)
    if br.mdps:
        first = br.mdps[:m1]
        if m1 == 0:
            out.append(wording.no_mdp_paired())
        elif [x.id for x in first] == [x.id for x in paired_mdps]:
            out.append(wording.mdp_s1_first(paired_mdps, m1))
        else:
            out.append(wording.mdp_s1_later(paired_mdps, m1, first))
        used = {lo.id for _, lo in mdp_pairs}
        natural = br.residents[:m1]
        got = [lo for _, lo in sorted(mdp_pairs, key=lambda pr: (-pr[0].score, pr[0].rank))]
        if m1 and [x.id for x in got] != [x.id for x in natural]:
            out.append(wording.mdp_opponents_moved(got, natural))
        rem = [r for r in br.residents if r.id not in used]
    else:
        rem = list(br.residents)
    p = len(rem_pairs)
    if not rem:
        return out
    s1, s2 = rem[:p], rem[p:]
    his = {hi.id for hi, _ in rem_pairs}
    out_of_s1 = [x for x in s1 if x.id not in his]
    into_s1 = [x for x in s2 if x.id in his]
    where = wording.part_name(bool(br.mdps))
    if p == 0:
        out.append(wording.no_pair_in(where))
        return out
    out.append(wording.halves(where, s1, s2))
    if out_of_s1:
        out.append(wording.exchanged(out_of_s1, into_s1))
    new_s1 = sorted(s1 + into_s1, key=lambda x: x.rank)
    new_s1 = [x for x in new_s1 if x.id in his]
    new_s2 = sorted([x for x in s2 if x.id not in his] + out_of_s1, key=lambda x: x.rank)
    opp = {hi.id: lo for hi, lo in rem_pairs}
    got = [opp[x.id] for x in new_s1]
    if [x.id for x in got] != [x.id for x in new_s2[: len(got)]]:
        out.append(wording.transposed(got, new_s2[:len(got)]))
    return out


def pair_count_notes(state: RoundState, br: Bracket, made: int) -> list[str]:
    """Why the bracket makes fewer pairs than half its players ([C1]-[C4], [C5])."""
    oracle = state.oracle
    members = br.mdps + br.residents
    res_ids = {p.id for p in br.residents}
    ideal = min(len(members) // 2, len(br.residents))
    if made >= ideal:
        return []
    bracket_ids = {p.id for p in members}
    alone = [p for p in members if not any(
        oracle.compatible(p, q) for q in members if q is not p
        and (p.id in res_ids or q.id in res_ids))]
    most = oracle.max_pairs_within(members, bracket_ids,
                                   bye=lambda p: True) if len(members) > 1 else 0
    notes = []
    if alone:
        notes.append(wording.no_compatible_opponent([p.id for p in alone]))
    if most <= made:
        notes.append(wording.at_most_pairs(made))
        return notes
    everyone = members + br.lower
    with_rest = oracle.max_pairs_within(everyone, bracket_ids)
    if with_rest <= made:
        notes.append(wording.more_pairs_break_completion(most, made))
        return notes
    _, bye_score = oracle.min_bye_score(everyone)
    if bye_score is not None:
        with_c5 = oracle.max_pairs_within(
            everyone, bracket_ids, bye=lambda p: p.bye_eligible and p.score == bye_score)
        if with_c5 <= made:
            notes.append(wording.more_pairs_raise_pab(made, bye_score))
    return notes
