"""The colours of a bracket's pairs and the Art. 5.2 rule that decided each."""

from __future__ import annotations

from swisschess.explain import wording
from swisschess.explain.brackets import Bracket
from swisschess.explain.model import PairInfo
from swisschess.explain.state import RoundState
from swisschess.model.tournament import Colour
from swisschess.rules.dutch import Entrant, colour_of

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE


def colour_rule(hi: Entrant, lo: Entrant, initial: Colour) -> tuple[str | None, str]:
    """The Art. 5.2 rule that gives ``hi`` (higher-ranked) his colour against ``lo``."""
    c = colour_of(hi, lo, initial)
    who = wording.colour_gets(hi.id, c)
    if hi.preference is NONE and lo.preference is NONE:
        return "5.2.5", wording.colour_no_preferences(hi, c)
    if hi.preference is NONE or lo.preference is NONE or hi.preference is not lo.preference:
        if hi.preference is NONE or lo.preference is NONE:
            has = lo if hi.preference is NONE else hi
            other = hi if has is lo else lo
            return "5.2.1", wording.colour_one_preference(other.id, has.id, who)
        return "5.2.1", wording.colour_both_granted(who)
    if hi.absolute != lo.absolute or (hi.absolute and hi.imbalance != lo.imbalance) or (
            hi.strong != lo.strong):
        if hi.absolute != lo.absolute:
            win = hi if hi.absolute else lo
            how = wording.STRENGTH_ABSOLUTE
        elif hi.absolute:
            win = hi if hi.imbalance > lo.imbalance else lo
            how = wording.STRENGTH_WIDER
        else:
            win = hi if hi.strong else lo
            how = wording.STRENGTH_STRONG
        return "5.2.2", wording.colour_stronger(hi.preference, win.id, how, who)
    for back, (ch, cl) in enumerate(zip(reversed(hi.colours), reversed(lo.colours), strict=False), 1):
        if ch is not cl:
            return "5.2.3", wording.colour_alternate(back, hi.id, ch, lo.id, cl, who)
    return "5.2.4", wording.colour_higher_ranked(hi.id, who)


def cite(rule: str | None, edition: str) -> str | None:
    """The rule's number in ``edition`` (2017: E.1-E.5; none for 1992)."""
    if rule is None or edition == "2026":
        return rule
    if edition == "2017":
        return "E." + rule.rsplit(".", 1)[1]
    return None


def pair_infos(state: RoundState, br: Bracket) -> list[PairInfo]:
    """The bracket's pairs with their colours and the rule behind each."""
    pairs = []
    for hi, lo in br.pairs:
        white = hi.id if hi.id in state.white else lo.id
        black = lo.id if white == hi.id else hi.id
        rule, why = colour_rule(hi, lo, state.initial)
        if state.edition == "1992":
            rule, why = None, wording.colour_1992(white)
        else:
            expect = colour_of(hi, lo, state.initial)
            actual = W if white == hi.id else B
            if actual is not expect and frozenset((hi.id, lo.id)) not in state.colourless:
                why += wording.colour_differs(hi.id, actual)
        pairs.append(PairInfo(white, black, hi.id, lo.id, wording.pair_kind(hi.id in br.mdp_ids),
                              cite(rule, state.edition), why))
    return pairs
