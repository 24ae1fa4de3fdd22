"""The quality criteria [C5]-[C21] of a bracket's candidate, as comparable values.

:func:`quality` gives, for a candidate (its pairs and its downfloaters), either
the absolute problem it runs into ([C2] in the last bracket, [C4] completion)
or the value of every quality criterion; a smaller value is better for every
criterion, so two candidates compare criterion by criterion in priority order
(:data:`QUALITY`, Art. 2 and 3.8) with :func:`compare`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from swisschess.explain import wording
from swisschess.explain.brackets import Bracket, Pair
from swisschess.explain.model import Shortfall
from swisschess.explain.state import RoundState
from swisschess.model.history import Float
from swisschess.model.tournament import Colour
from swisschess.rules.dutch import Entrant, colour_of

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE

#: Quality criteria in their order of priority (Art. 2, Art. 3.8).
QUALITY = ("C5", "C6", "C7", "C8", "C9", "C10", "C11", "C12", "C13", "C14", "C15", "C16",
           "C17", "C18", "C19", "C20", "C21")

#: Criterion -> (value, players concerned); smaller values are better.
Values = dict[str, tuple]


def quality(state: RoundState, br: Bracket, pairs: Sequence[Pair],
            floaters: Sequence[Entrant]) -> tuple[tuple[str, str] | None, Values]:
    """``(broken, values)``: the completion problem, or the criteria values.

    ``values`` maps each quality criterion to ``(value, players)``; a
    smaller value is better for every criterion.
    """
    oracle = state.oracle
    rest = list(floaters) + br.lower
    ok, bye_score = oracle.min_bye_score(rest)
    if not ok:
        if br.is_last and len(floaters) == 1 and not floaters[0].bye_eligible:
            f = floaters[0]
            return ("C2", wording.left_for_pab(f.id, state.pab_bar(f))), {}
        stuck = [p.id for p in floaters
                 if not any(oracle.compatible(p, q) for q in rest if q is not p)]
        return ("C4", wording.round_not_completed(stuck)), {}
    q: Values = {}
    q["C5"] = (bye_score if bye_score is not None else Fraction(-1), [])
    q["C6"] = (len(floaters), [p.id for p in floaters])
    q["C7"] = (tuple(sorted((p.score for p in floaters), reverse=True)), [p.id for p in floaters])
    if br.next_ids:
        nb = {p.id for p in floaters} | br.next_ids
        npairs, nscores = oracle.next_bracket(rest, nb, bye_score)
        q["C8"] = ((-npairs, nscores), [])
    else:
        q["C8"] = ((0, ()), [])
    c9 = 0
    if len(floaters) == 1 and bye_score is not None and floaters[0].score == bye_score:
        c9 = state.unplayed(floaters[0])
    q["C9"] = (c9, [floaters[0].id] if c9 else [])
    q.update(pair_values(state, br, pairs))
    for back, (cdown, sdown) in enumerate((("C14", "C18"), ("C16", "C20"))):
        res_down = [p for p in floaters if p.id not in br.mdp_ids and p.floats[back] is Float.DOWN]
        all_down = [p for p in floaters if p.floats[back] is Float.DOWN]
        q[cdown] = (len(res_down), [p.id for p in res_down])
        q[sdown] = (tuple(sorted((p.score for p in all_down), reverse=True)),
                    [p.id for p in all_down])
    return None, q


def pair_values(state: RoundState, br: Bracket, pairs: Sequence[Pair]) -> Values:
    """The criteria that depend on the pairs only: colours [C10]-[C13] (with the
    colours Art. 5.2 gives) and MDP opponents' upfloats [C15], [C17], [C19], [C21]."""
    q: Values = {}
    c10, c11, c12, c13 = [], [], [], []
    for hi, lo in pairs:
        ch = colour_of(hi, lo, state.initial)
        for p, c in ((hi, ch), (lo, ch.opposite)):
            cd = sum(1 if x is W else -1 for x in p.colours) + (1 if c is W else -1)
            if abs(cd) > 2:
                c10.append(p.id)
            if len(p.colours) >= 2 and p.colours[-1] is c and p.colours[-2] is c:
                c11.append(p.id)
            if p.preference is not NONE and c is not p.preference:
                c12.append(p.id)
                if p.strong:
                    c13.append(p.id)
    q["C10"] = (len(c10), c10)
    q["C11"] = (len(c11), c11)
    q["C12"] = (len(c12), c12)
    q["C13"] = (len(c13), c13)
    for back, (cup, sup) in enumerate((("C15", "C19"), ("C17", "C21"))):
        up_opp = [(hi, lo) for hi, lo in pairs
                  if hi.id in br.mdp_ids and lo.floats[back] is Float.UP]
        q[cup] = (len(up_opp), [lo.id for _, lo in up_opp])
        q[sup] = (tuple(sorted((hi.score for hi, _ in up_opp), reverse=True)),
                  [hi.id for hi, _ in up_opp])
    return q


def compare(cand: Values, chosen: Values) -> tuple[str | None, int]:
    """First criterion where ``cand`` differs from ``chosen``: (criterion, sign)."""
    for c in QUALITY:
        a, b = cand[c][0], chosen[c][0]
        if a != b:
            return c, (1 if a > b else -1)
    return None, 0


def shortfalls(chosen: Values) -> list[Shortfall]:
    """The quality criteria the chosen pairing does not fully meet."""
    out = []
    for crit in wording.SHORTFALL_PLAYERS:
        value, players = chosen[crit]
        if value:
            out.append(Shortfall(crit, value, list(players),
                                 wording.shortfall_players(crit, value, players)))
    for crit in wording.SHORTFALL_SCORES:
        value, players = chosen[crit]
        if value:
            out.append(Shortfall(crit, len(value), list(players),
                                 wording.shortfall_scores(crit, players, value)))
    return out


def least_conflicts(s1: Sequence[Entrant], s2: Sequence[Entrant]) -> int:
    """Fewest players without their colour preference ([C12]) when each of ``s1``
    meets a different player of ``s2`` (at least as many): same preferences clash."""
    aw = sum(1 for p in s1 if p.preference is W)
    ab = sum(1 for p in s1 if p.preference is B)
    bw = sum(1 for p in s2 if p.preference is W)
    bb = sum(1 for p in s2 if p.preference is B)
    b0 = len(s2) - bw - bb
    x, y = min(aw, bb), min(ab, bw)
    left = aw - x + ab - y
    return left - min(left, b0)
