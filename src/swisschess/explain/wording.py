"""Every sentence the explainer says, in one place.

The other modules of :mod:`swisschess.explain` decide *what* to say (which
criterion, which players, which numbers); the functions here say it.  Keeping
the words together is what lets them be translated: each function returns one
sentence or phrase made from its arguments, and :func:`tidy` fixes the
singular/plural of a whole explanation at the end (``1 player(s) do not`` ->
``1 player does not``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from fractions import Fraction
from typing import Any

from swisschess.model.history import Float
from swisschess.model.tournament import Colour
from swisschess.rules.dutch import Entrant

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE


# ------------------------------------------------------------ small pieces
def pts(x: Fraction | float) -> str:
    """A score as arbiters write it: ``1.5``, ``2.0``."""
    f = float(x)
    return f"{f:.1f}" if Fraction(x).denominator <= 2 else f"{f:g}"


def colour_word(c: Colour) -> str:
    return {W: "White", B: "Black"}.get(c, "none")


def ids(players: Sequence[Entrant]) -> str:
    """``3, 7, 12``: the ids of ``players``."""
    return ", ".join(str(p.id) for p in players)


def and_list(items: Sequence[Any]) -> str:
    """``3, 7 and 12``."""
    words = [str(x) for x in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def join(*parts: str) -> str:
    """Labels joined by commas, empty ones left out."""
    return ", ".join(x for x in parts if x)


def scores(v: tuple) -> str:
    return ", ".join(pts(x) for x in v) if v else "none"


# --------------------------------------------------------------- players
def preference(p: Entrant) -> str:
    """``absolute White``, ``strong Black``, ``mild White`` or ``none`` (Art. 1.7)."""
    if p.preference is NONE:
        return "none"
    kind = "absolute" if p.absolute else "strong" if p.strong else "mild"
    return f"{kind} {colour_word(p.preference)}"


def floats(p: Entrant) -> str:
    """The floats of the last two rounds: ``down, -``."""
    word = {Float.DOWN: "down", Float.UP: "up", Float.NONE: "-"}
    return f"{word[p.floats[0]]}, {word[p.floats[1]]}"


def role(is_mdp: bool) -> str:
    return "MDP" if is_mdp else "resident"


# ------------------------------------------------- absolute criteria [C1]-[C3]
def already_met(a: int, b: int, rounds: Sequence[int]) -> str:
    rs = ", ".join(map(str, rounds))
    return f"{a} and {b} already played each other (round {rs})"


def forbidden_pair(a: int, b: int) -> str:
    return f"{a} and {b} may not meet (forbidden pair)"


def same_absolute_preference(a: int, b: int, colour: Colour) -> str:
    return f"{a} and {b} both have an absolute preference for {colour_word(colour)}"


def had_pab(rnd: int) -> str:
    return f"had the PAB in round {rnd}"


def won_without_playing(rnd: int, code: str) -> str:
    what = "a forfeit win" if code == "+" else "a full-point bye"
    return f"scored a win without playing in round {rnd} ({what})"


NO_PAB = "may not receive the PAB"


def left_for_pab(pid: int, bar: str) -> str:
    """[C2] in the last bracket."""
    return f"{pid} would be left for the PAB, but he {bar}"


def round_not_completed(stuck: Sequence[int]) -> str:
    """[C4] completion."""
    txt = "the rest of the round could not be paired"
    if stuck:
        txt += f" ({and_list(stuck)} would have no possible opponent left)"
    return txt


def criterion(crit: str, text: str) -> str:
    """``[C1] 3 and 7 already played each other ...``."""
    return f"[{crit}] {text}"


# ---------------------------------------------------------- colours, Art. 5
def colour_no_preferences(hi: Entrant, c: Colour) -> str:
    parity = "odd" if hi.rank % 2 == 0 else "even"
    return (f"neither has a colour preference: the higher-ranked {hi.id} "
            f"(TPN {parity}) gets {colour_word(c)}")


def colour_gets(pid: int, c: Colour) -> str:
    return f"{pid} gets {colour_word(c)}"


def colour_one_preference(other: int, has: int, who: str) -> str:
    return f"{other} has no preference; {has} gets his ({who})"


def colour_both_granted(who: str) -> str:
    return f"both preferences granted ({who})"


def colour_stronger(c: Colour, winner: int, how: str, who: str) -> str:
    return (f"both want {colour_word(c)}: the stronger preference "
            f"({winner}, {how}) wins ({who})")


STRENGTH_ABSOLUTE = "absolute"
STRENGTH_WIDER = "absolute, wider colour difference"
STRENGTH_STRONG = "strong"


def colour_alternate(back: int, hi: int, ch: Colour, lo: int, cl: Colour, who: str) -> str:
    return (f"same preference; they alternate from the latest game with "
            f"different colours ({back} game(s) back: {hi} "
            f"{colour_word(ch)}, {lo} {colour_word(cl)}): {who}")


def colour_higher_ranked(hi: int, who: str) -> str:
    return f"same preference, equally strong: the higher-ranked {hi} gets it ({who})"


def colour_1992(white: int) -> str:
    return f"{white} has White (1992 colour rules)"


def colour_differs(pid: int, actual: Colour) -> str:
    return f" — but the pairing gives {pid} {colour_word(actual)}"


def pair_kind(mdp: bool) -> str:
    return "MDP pairing" if mdp else "resident pair"


# ------------------------------------------------- quality criteria [C5]-[C21]
_WORSE_PLAYERS = {
    "C10": "would get a colour difference beyond +2 or -2",
    "C11": "would get the same colour three times in a row",
    "C12": "would not get their colour preference",
    "C13": "would not get their strong colour preference",
    "C14": "who floated down last round would float down again",
    "C15": "who floated up last round would meet an MDP again (upfloat)",
    "C16": "who floated down two rounds ago would float down again",
    "C17": "who floated up two rounds ago would meet an MDP again (upfloat)",
}
_WORSE_SCORES = {
    "C18": "downfloaters who also floated down last round",
    "C19": "MDPs whose opponents floated up last round",
    "C20": "downfloaters who also floated down two rounds ago",
    "C21": "MDPs whose opponents floated up two rounds ago",
}


def describe(crit: str, cand: dict, chosen: dict) -> str:
    """Why the candidate is worse (or better) than the chosen one on ``crit``."""
    (a, pa), (b, _) = cand[crit], chosen[crit]
    who = f": {and_list(pa)}" if pa else ""
    if crit == "C5":
        return (f"the PAB would go to a player with {pts(a)} points "
                f"instead of {pts(b)}")
    if crit == "C6":
        return f"{a} player(s) would float down instead of {b}{who}"
    if crit == "C7":
        return f"the downfloaters would score {scores(a)} instead of {scores(b)}{who}"
    if crit == "C8":
        if a[0] != b[0]:
            return (f"the next bracket could make only {-a[0]} pair(s) instead of {-b[0]}")
        return (f"the next bracket's downfloaters would score {scores(a[1])} "
                f"instead of {scores(b[1])}")
    if crit == "C9":
        return f"the PAB would go to a player with {a} unplayed game(s) instead of {b}{who}"
    if crit in _WORSE_PLAYERS:
        return f"{a} player(s) {_WORSE_PLAYERS[crit]} instead of {b}{who}"
    return f"higher scores for {_WORSE_SCORES[crit]}: {scores(a)} instead of {scores(b)}{who}"


def already(text: str) -> str:
    """A bound: every candidate starting with these pairs is already worse."""
    return "already " + text


def at_least_without_preference(n: int, chosen: int) -> str:
    return (f"at least {n} player(s) would not get their "
            f"colour preference instead of {chosen}")


#: What the chosen pairing does not fully meet, by criterion: a count of players ...
SHORTFALL_PLAYERS = {
    "C6": "player(s) float down",
    "C10": "player(s) get a colour difference beyond +2 or -2",
    "C11": "player(s) get the same colour three times in a row",
    "C12": "player(s) do not get their colour preference",
    "C13": "player(s) do not get their strong colour preference",
    "C14": "resident(s) float down again after a downfloat last round",
    "C15": "MDP opponent(s) float up again after an upfloat last round",
    "C16": "resident(s) float down again after a downfloat two rounds ago",
    "C17": "MDP opponent(s) float up again after an upfloat two rounds ago",
}
#: ... or the scores of the players concerned.
SHORTFALL_SCORES = {
    "C18": "downfloaters who floated down last round too",
    "C19": "MDPs whose opponents floated up last round",
    "C20": "downfloaters who floated down two rounds ago too",
    "C21": "MDPs whose opponents floated up two rounds ago",
}


def shortfall_players(crit: str, value: int, players: Sequence[int]) -> str:
    return f"[{crit}] {value} {SHORTFALL_PLAYERS[crit]}: {and_list(players)}"


def shortfall_scores(crit: str, players: Sequence[int], values: tuple) -> str:
    return (f"[{crit}] {SHORTFALL_SCORES[crit]}: {and_list(players)} "
            f"(scores {', '.join(pts(x) for x in values)})")


# ------------------------------------------------------------ candidates
#: The reason given to the candidates skipped once the search limit is reached.
GUIDED = ("-", "not examined in detail (search limit reached); every candidate generated "
               "before the chosen one is worse or breaks a criterion (Art. 3.8)")

NATURAL = "natural (Art. 4.2)"
CANDIDATE = "candidate"
FIRST_CANDIDATE = "first candidate"
MDP_TRANSPOSITION_ART = "MDP transposition (Art. 4.2)"
MDP_TRANSPOSITION = "MDP transposition"
TRANSPOSITION = "transposition (Art. 4.2)"
EQUAL = "as good as the chosen pairing on every criterion and generated earlier (Art. 3.8)"
BETTER = " — better than the chosen pairing"
NATURAL_CHOSEN = "the natural pairing meets the absolute criteria and is the best"


def mdp_set(mdps: Sequence[Entrant]) -> str:
    return f"MDP set {ids(mdps)} (Art. 4.4)"


def exchange(out: Sequence[Entrant], inn: Sequence[Entrant]) -> str:
    return f"exchange {ids(out)} <-> {ids(inn)} (Art. 4.3)"


def chosen_reached(label: str) -> str:
    return f"chosen: {label}; every earlier candidate breaks a criterion or is worse"


def chosen_after(examined: int) -> str:
    return f"chosen; it comes after the first {examined} candidates examined, all rejected"


# ------------------------------------------------------ the bracket's story
def breaks(crit: str, text: str) -> str:
    return f"The pairing breaks [{crit}]: {text}."


def no_mdp_paired() -> str:
    return "No MDP is paired here (M1 = 0): all stay in the Limbo."


def mdp_s1_first(paired: Sequence[Entrant], m1: int) -> str:
    return f"S1 of the MDP pairing: {ids(paired)} (the first {m1} MDP(s), Art. 3.2)."


def mdp_s1_later(paired: Sequence[Entrant], m1: int, first: Sequence[Entrant]) -> str:
    return (f"S1 of the MDP pairing: {ids(paired)}, not the first {m1} "
            f"MDP(s) {ids(first)}: a later MDP set (Art. 4.4).")


def mdp_opponents_moved(got: Sequence[Entrant], natural: Sequence[Entrant]) -> str:
    return (f"MDP opponents {ids(got)} instead of {ids(natural)}: "
            "transposition in S2 (Art. 4.2).")


def part_name(has_mdps: bool) -> str:
    return "remainder" if has_mdps else "bracket"


def no_pair_in(where: str) -> str:
    return f"No pair is made in the {where}."


def halves(where: str, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> str:
    return f"{where.capitalize()}: S1 = {ids(s1)}, S2 = {ids(s2)} (Art. 3.2)."


def exchanged(out_of_s1: Sequence[Entrant], into_s1: Sequence[Entrant]) -> str:
    return (f"Exchange: {ids(out_of_s1)} moved from S1 to S2 and "
            f"{ids(into_s1)} from S2 to S1 (Art. 4.3).")


def transposed(got: Sequence[Entrant], natural: Sequence[Entrant]) -> str:
    return f"S2 order {ids(got)} instead of {ids(natural)}: transposition (Art. 4.2)."


def no_compatible_opponent(alone: Sequence[int]) -> str:
    return f"{and_list(alone)}: no compatible opponent in this bracket ([C1]/[C3])."


def at_most_pairs(made: int) -> str:
    return f"At most {made} pair(s) can be made in this bracket ([C1]/[C3])."


def more_pairs_break_completion(most: int, made: int) -> str:
    return (f"{most} pair(s) are possible here, but with {made + 1} the rest "
            "of the round could not be paired ([C4]).")


def more_pairs_raise_pab(made: int, bye_score: Fraction) -> str:
    return (f"With {made + 1} pair(s) here the PAB would have to go to a "
            f"player with more than {pts(bye_score)} points ([C5]).")


# ------------------------------------------------------------- floaters
RECEIVES_PAB = "receives the PAB"


def paired_in_bracket(opponent: int, score: Fraction) -> str:
    return f"paired with {opponent} in the {pts(score)} bracket"


NOBODY_HERE = "nobody to pair him with in this bracket"


def float_no_compatible(blocked: Sequence[tuple[str, str]]) -> str:
    return "no compatible opponent in this bracket: " + "; ".join(
        criterion(c, t) for c, t in blocked)


def float_mdp_surplus(residents: int, mdps: int, paired: Sequence[int]) -> str:
    return (f"only {residents} resident(s) for {mdps} MDPs, so "
            f"{len(paired)} MDP(s) can be paired here; the MDP set {and_list(paired)} is "
            "chosen (Art. 4.4: the highest scores first, [C7])")


def float_mdp_rejected(free: Sequence[Entrant], reason: str) -> str:
    return (f"could meet {ids(free)} here, but the candidates that pair him are "
            f"rejected, the first because {reason}")


def float_note(free: Sequence[Entrant], note: str) -> str:
    note = note.rstrip(".")
    return f"could meet {ids(free)} here, but: {note[0].lower()}{note[1:]}"


ODD_BRACKET = "odd number of players in the bracket: one must float ([C6]); "
LAST_OF_S2 = "in Art. 4 order the last player of S2 floats first"


def natural_rejected(floaters: Sequence[int], reason: str) -> str:
    return (f"in the natural candidate {and_list(floaters) or 'nobody'} "
            f"would float, but it is rejected: {reason}")


def float_best(free: Sequence[Entrant]) -> str:
    return f"could meet {ids(free)} here; floating him gives the best pairing (see the candidates)"


def marks_note(note: str) -> bool:
    """A bracket note about completion or the PAB ([C4], [C5])."""
    return "[C4]" in note or "[C5]" in note


# ------------------------------------------------------------------ PAB
def pab_ineligible(bars: Sequence[tuple[int, str]]) -> str:
    return "[C2] may not receive the PAB: " + "; ".join(f"{x} {bar}" for x, bar in bars) + "."


PAB_ALL_ELIGIBLE = "[C2] every player may receive the PAB."


def pab_lowest(best: Fraction, lower: Sequence[Fraction]) -> str:
    txt = f"[C5] the lowest score with which the round can be completed is {pts(best)}"
    if lower:
        txt += (f"; a PAB at {', '.join(pts(s) for s in lower)} points would leave "
                "players who cannot be paired ([C4])")
    return txt + "."


def pab_not_lowest(pid: int, score: Fraction, best: Fraction) -> str:
    return (f"The PAB goes to {pid} with {pts(score)} points although "
            f"{pts(best)} was possible: not as the rules require.")


def pab_unplayed(score: Fraction, counts: Sequence[tuple[int, int]]) -> str:
    return ("[C9] unplayed games of the eligible players with "
            f"{pts(score)} points: " + ", ".join(f"{x} ({n})" for x, n in counts))


def pab_tie(tied: Sequence[int], pid: int) -> str:
    return (f"; {and_list(tied)} tie, and the pairing of the last "
            f"bracket leaves {pid} (Art. 4: the lowest-ranked floats first)")


def pab_not_fewest(pid: int) -> str:
    return f"; {pid} does not have the fewest"


def pab_only(pid: int, score: Fraction) -> str:
    return f"{pid} is the only eligible player with {pts(score)} points."


# ---------------------------------------------------------------- round
def engine_fails(error: Exception) -> str:
    return f"swisschess finds no valid pairing for this round ({error})."


def engine_differs(diff: Sequence[tuple[int, ...]], bye: int | None) -> str:
    return ("swisschess would pair this round differently: "
            + ", ".join(f"{a}-{b}" for a, b in diff)
            + (f"; PAB {bye}" if bye else "")
            + ". The explanation below is of the recorded pairing.")


ENGINE_OTHER_COLOURS = "swisschess would pair the same players but give some other colours."


def description_only(edition: str) -> str:
    return (f"{edition} rules: brackets, floats and colours only; the candidate "
            "analysis follows the 2026 rules.")


def unknown_edition(edition: str, known: Sequence[str]) -> str:
    return f"unknown edition {edition!r} (use {', '.join(known)})"


def no_such_round(rnd: int, recorded: int) -> str:
    last = f"rounds 1-{recorded} are recorded, " if recorded else ""
    return f"there is no round {rnd} to explain ({last}round {recorded + 1} is next)"


def several_pabs(rnd: int) -> str:
    return f"round {rnd} has more than one PAB"


def not_to_be_paired(rnd: int, pid: int) -> str:
    return f"round {rnd}: player {pid} is paired but was not to be paired"


def paired_twice(rnd: int, pid: int) -> str:
    return f"round {rnd}: player {pid} is paired twice"


def bad_pab(rnd: int, pid: int) -> str:
    return f"round {rnd}: the PAB of player {pid} is inconsistent"


def left_out(rnd: int, missing: Sequence[int]) -> str:
    return (f"round {rnd}: player(s) {', '.join(map(str, missing))} "
            "to be paired but not in the pairing")


# ------------------------------------------------------ singular / plural
_PLURAL = re.compile(r"\b(\d+) ([A-Za-z]+(?: opponent)?)\(s\)( (?:do not|float|get|are)\b)?")
_SINGULAR_VERB = {" do not": " does not", " float": " floats", " get": " gets", " are": " is"}


def number(text: str) -> str:
    """``1 player(s) do not`` -> ``1 player does not``; ``3 pair(s)`` -> ``3 pairs``."""
    def fix(m: re.Match) -> str:
        n, word, verb = m.group(1), m.group(2), m.group(3) or ""
        if n == "1":
            return f"{n} {word}{_SINGULAR_VERB.get(verb, verb)}"
        return f"{n} {word}s{verb}"

    return _PLURAL.sub(fix, text)


def tidy(obj: Any) -> Any:
    """Apply :func:`number` to every text of an explanation (in place)."""
    if is_dataclass(obj):
        for f in fields(obj):
            v = getattr(obj, f.name)
            if isinstance(v, str):
                setattr(obj, f.name, number(v))
            else:
                tidy(v)
    elif isinstance(obj, list):
        for k, v in enumerate(obj):
            if isinstance(v, str):
                obj[k] = number(v)
            else:
                tidy(v)
    return obj
