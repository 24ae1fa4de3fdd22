"""Every sentence the explainer says, in one place, in the current language.

The other modules of :mod:`swisschess.explain` decide *what* to say (which
criterion, which players, which numbers); the functions here say it.  Keeping
the words together is what lets them be translated: each function returns one
sentence or phrase made from its arguments with ``gettext`` (:mod:`swisschess.i18n`;
the sentence templates are the catalogue's msgids), and :func:`tidy` fixes the
English singular/plural of a whole explanation at the end (``1 player(s) do
not`` -> ``1 player does not``; the translations are written without "(s)").

The fixed phrases (``wording.NATURAL``, ``wording.GUIDED`` ...) are looked up
when used (module ``__getattr__``), so they too come in the language of the
explanation being made.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from fractions import Fraction
from typing import Any

from swisschess import i18n
from swisschess.i18n import N_, terms
from swisschess.i18n import gettext as _
from swisschess.model.history import Float
from swisschess.model.points import format_points
from swisschess.model.tournament import Colour
from swisschess.rules.dutch import Entrant

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE


# ------------------------------------------------------------ small pieces
def pts(x: Fraction | float) -> str:
    """A score as arbiters write it: ``1.5``, ``2.0`` (``1,5`` where a comma is the mark)."""
    return i18n.decimal_text(format_points(x, decimals=1))


# A colour inside a sentence changes its case with the verb ("dobi črne", "dostává
# černé"), so each sentence that names a colour has one message per colour; the
# column headers "White" / "Black" are never pasted into running text.


def ids(players: Sequence[Entrant]) -> str:
    """``3, 7, 12``: the ids of ``players``."""
    return ", ".join(str(p.id) for p in players)


def and_list(items: Sequence[Any]) -> str:
    """``3, 7 and 12``."""
    return i18n.and_list([str(x) for x in items])


def join(*parts: str) -> str:
    """Labels joined by commas, empty ones left out."""
    return ", ".join(x for x in parts if x)


def scores(v: tuple) -> str:
    return ", ".join(pts(x) for x in v) if v else _("none")


# --------------------------------------------------------------- players
def preference(p: Entrant) -> str:
    """``absolute white``, ``strong black``, ``mild white`` or ``no preference``
    (Art. 1.7): the labels the pairing preview shows (one message per colour and
    strength, so the adjective agrees with the colour in every language)."""
    if p.preference is NONE:
        return terms.preference_name("none")
    strength = "absolute" if p.absolute else "strong" if p.strong else "mild"
    colour = "white" if p.preference is W else "black"
    return terms.preference_name(f"{strength} {colour}")


def floats(p: Entrant) -> str:
    """The floats of the last two rounds: ``down, -``."""
    word = {Float.DOWN: _("down"), Float.UP: _("up"), Float.NONE: "-"}
    return f"{word[p.floats[0]]}, {word[p.floats[1]]}"


def role(is_mdp: bool) -> str:
    """A key (``MDP`` / ``resident``), not a sentence: the renderers translate it."""
    return "MDP" if is_mdp else "resident"


# ------------------------------------------------- absolute criteria [C1]-[C3]
def already_met(a: int, b: int, rounds: Sequence[int]) -> str:
    rs = ", ".join(map(str, rounds))
    return _("{a} and {b} already played each other (round {rounds})").format(a=a, b=b, rounds=rs)


def forbidden_pair(a: int, b: int) -> str:
    return _("{a} and {b} may not meet (forbidden pair)").format(a=a, b=b)


def same_absolute_preference(a: int, b: int, colour: Colour) -> str:
    if colour is W:
        return _("{a} and {b} both have an absolute preference for White").format(a=a, b=b)
    return _("{a} and {b} both have an absolute preference for Black").format(a=a, b=b)


def had_pab(rnd: int) -> str:
    return _("had the PAB in round {rnd}").format(rnd=rnd)


def won_without_playing(rnd: int, code: str) -> str:
    if code == "+":
        return _("scored a win without playing in round {rnd} (a forfeit win)").format(rnd=rnd)
    return _("scored a win without playing in round {rnd} (a full-point bye)").format(rnd=rnd)


def left_for_pab(pid: int, bar: str) -> str:
    """[C2] in the last bracket."""
    return _("{pid} would be left for the PAB, but he {bar}").format(pid=pid, bar=bar)


def round_not_completed(stuck: Sequence[int]) -> str:
    """[C4] completion."""
    if stuck:
        return _("the rest of the round could not be paired ({players} would have no possible "
                 "opponent left)").format(players=and_list(stuck))
    return _("the rest of the round could not be paired")


def criterion(crit: str, text: str) -> str:
    """``[C1] 3 and 7 already played each other ...``."""
    return f"[{crit}] {text}"


# ---------------------------------------------------------- colours, Art. 5
def colour_no_preferences(hi: Entrant, c: Colour) -> str:
    if hi.rank % 2 == 0:
        if c is W:
            return _("neither has a colour preference: the higher-ranked {pid} (TPN odd) gets "
                     "White").format(pid=hi.id)
        return _("neither has a colour preference: the higher-ranked {pid} (TPN odd) gets "
                 "Black").format(pid=hi.id)
    if c is W:
        return _("neither has a colour preference: the higher-ranked {pid} (TPN even) gets "
                 "White").format(pid=hi.id)
    return _("neither has a colour preference: the higher-ranked {pid} (TPN even) gets "
             "Black").format(pid=hi.id)


def colour_gets(pid: int, c: Colour) -> str:
    if c is W:
        return _("{pid} gets White").format(pid=pid)
    return _("{pid} gets Black").format(pid=pid)


def had_colour(pid: int, c: Colour) -> str:
    """``5 had White`` (a game of the colour history)."""
    if c is W:
        return _("{pid} had White").format(pid=pid)
    return _("{pid} had Black").format(pid=pid)


def colour_one_preference(other: int, has: int, who: str) -> str:
    return _("{other} has no preference; {has} gets his ({who})").format(
        other=other, has=has, who=who)


def colour_both_granted(who: str) -> str:
    return _("both preferences granted ({who})").format(who=who)


def colour_stronger(c: Colour, winner: int, how: str, who: str) -> str:
    if c is W:
        return _("both want White: the stronger preference ({winner}, {how}) wins ({who})").format(
            winner=winner, how=how, who=who)
    return _("both want Black: the stronger preference ({winner}, {how}) wins ({who})").format(
        winner=winner, how=how, who=who)


def colour_alternate(back: int, hi: int, ch: Colour, lo: int, cl: Colour, who: str) -> str:
    return _("same preference; they alternate from the latest game with different colours "
             "({back} game(s) back: {hi_had}, {lo_had}): {who}").format(
        back=back, hi_had=had_colour(hi, ch), lo_had=had_colour(lo, cl), who=who)


def colour_higher_ranked(hi: int, who: str) -> str:
    return _("same preference, equally strong: the higher-ranked {hi} gets it ({who})").format(
        hi=hi, who=who)


def colour_1992(white: int) -> str:
    return _("{white} has White (1992 colour rules)").format(white=white)


_DIFFERS = {W: N_("but the pairing gives {pid} White"), B: N_("but the pairing gives {pid} Black")}


def colour_differs(pid: int, actual: Colour) -> str:
    return " — " + _(_DIFFERS[W if actual is W else B]).format(pid=pid)


def pair_kind(mdp: bool) -> str:
    return _("MDP pairing") if mdp else _("resident pair")


# ------------------------------------------------- quality criteria [C5]-[C21]
_WORSE_PLAYERS = {
    "C10": N_("{a} player(s) would get a colour difference beyond +2 or -2 instead of {b}{who}"),
    "C11": N_("{a} player(s) would get the same colour three times in a row instead of {b}{who}"),
    "C12": N_("{a} player(s) would not get their colour preference instead of {b}{who}"),
    "C13": N_("{a} player(s) would not get their strong colour preference instead of {b}{who}"),
    "C14": N_("{a} player(s) who floated down last round would float down again instead of "
              "{b}{who}"),
    "C15": N_("{a} player(s) who floated up last round would meet an MDP again (upfloat) "
              "instead of {b}{who}"),
    "C16": N_("{a} player(s) who floated down two rounds ago would float down again instead of "
              "{b}{who}"),
    "C17": N_("{a} player(s) who floated up two rounds ago would meet an MDP again (upfloat) "
              "instead of {b}{who}"),
}
_WORSE_SCORES = {
    "C18": N_("higher scores for downfloaters who also floated down last round: {a} instead "
              "of {b}{who}"),
    "C19": N_("higher scores for MDPs whose opponents floated up last round: {a} instead of "
              "{b}{who}"),
    "C20": N_("higher scores for downfloaters who also floated down two rounds ago: {a} "
              "instead of {b}{who}"),
    "C21": N_("higher scores for MDPs whose opponents floated up two rounds ago: {a} instead "
              "of {b}{who}"),
}


def describe(crit: str, cand: dict, chosen: dict) -> str:
    """Why the candidate is worse (or better) than the chosen one on ``crit``."""
    (a, pa), (b, _unused) = cand[crit], chosen[crit]
    who = f": {and_list(pa)}" if pa else ""
    if crit == "C5":
        return _("the PAB would go to a player with {a} points instead of {b}").format(
            a=pts(a), b=pts(b))
    if crit == "C6":
        return _("{a} player(s) would float down instead of {b}{who}").format(a=a, b=b, who=who)
    if crit == "C7":
        return _("the downfloaters would score {a} instead of {b}{who}").format(
            a=scores(a), b=scores(b), who=who)
    if crit == "C8":
        if a[0] != b[0]:
            return _("the next bracket could make only {a} pair(s) instead of {b}").format(
                a=-a[0], b=-b[0])
        return _("the next bracket's downfloaters would score {a} instead of {b}").format(
            a=scores(a[1]), b=scores(b[1]))
    if crit == "C9":
        return _("the PAB would go to a player with {a} unplayed game(s) instead of "
                 "{b}{who}").format(a=a, b=b, who=who)
    if crit in _WORSE_PLAYERS:
        return _(_WORSE_PLAYERS[crit]).format(a=a, b=b, who=who)
    return _(_WORSE_SCORES[crit]).format(a=scores(a), b=scores(b), who=who)


def already(text: str) -> str:
    """A bound: every candidate starting with these pairs is already worse."""
    return _("every pairing that starts with these pairs is already worse: {text}").format(
        text=text)


def at_least_without_preference(n: int, chosen: int) -> str:
    return _("at least {n} player(s) would not get their colour preference instead of "
             "{chosen}").format(n=n, chosen=chosen)


#: What the chosen pairing does not fully meet, by criterion: a count of players ...
SHORTFALL_PLAYERS = {
    "C6": N_("[{crit}] {n} player(s) float down: {players}"),
    "C10": N_("[{crit}] {n} player(s) get a colour difference beyond +2 or -2: {players}"),
    "C11": N_("[{crit}] {n} player(s) get the same colour three times in a row: {players}"),
    "C12": N_("[{crit}] {n} player(s) do not get their colour preference: {players}"),
    "C13": N_("[{crit}] {n} player(s) do not get their strong colour preference: {players}"),
    "C14": N_("[{crit}] {n} resident(s) float down again after a downfloat last round: "
              "{players}"),
    "C15": N_("[{crit}] {n} MDP opponent(s) float up again after an upfloat last round: "
              "{players}"),
    "C16": N_("[{crit}] {n} resident(s) float down again after a downfloat two rounds ago: "
              "{players}"),
    "C17": N_("[{crit}] {n} MDP opponent(s) float up again after an upfloat two rounds ago: "
              "{players}"),
}
#: ... or the scores of the players concerned.
SHORTFALL_SCORES = {
    "C18": N_("[{crit}] downfloaters who floated down last round too: {players} (scores "
              "{scores})"),
    "C19": N_("[{crit}] MDPs whose opponents floated up last round: {players} (scores "
              "{scores})"),
    "C20": N_("[{crit}] downfloaters who floated down two rounds ago too: {players} (scores "
              "{scores})"),
    "C21": N_("[{crit}] MDPs whose opponents floated up two rounds ago: {players} (scores "
              "{scores})"),
}


def shortfall_players(crit: str, value: int, players: Sequence[int]) -> str:
    return _(SHORTFALL_PLAYERS[crit]).format(crit=crit, n=value, players=and_list(players))


def shortfall_scores(crit: str, players: Sequence[int], values: tuple) -> str:
    return _(SHORTFALL_SCORES[crit]).format(crit=crit, players=and_list(players),
                                            scores=", ".join(pts(x) for x in values))


# ------------------------------------------------------------ candidates
#: Fixed phrases, translated when read (``wording.NATURAL`` ...: see ``__getattr__``).
_PHRASES: dict[str, str] = {
    # [C2]
    "NO_PAB": N_("may not receive the PAB"),
    # colours, Art. 5
    "STRENGTH_ABSOLUTE": N_("absolute"),
    "STRENGTH_WIDER": N_("absolute, wider colour difference"),
    "STRENGTH_STRONG": N_("strong"),
    # candidates
    "NATURAL": N_("natural (Art. 4.2)"),
    "CANDIDATE": N_("candidate"),
    "FIRST_CANDIDATE": N_("first candidate"),
    "MDP_TRANSPOSITION_ART": N_("MDP transposition (Art. 4.2)"),
    "MDP_TRANSPOSITION": N_("MDP transposition"),
    "TRANSPOSITION": N_("transposition (Art. 4.2)"),
    "EQUAL": N_("as good as the chosen pairing on every criterion and generated earlier "
                "(Art. 3.8)"),
    "NATURAL_CHOSEN": N_("the natural pairing meets the absolute criteria and is the best"),
    # floaters
    "RECEIVES_PAB": N_("receives the PAB"),
    "NOBODY_HERE": N_("nobody to pair him with in this bracket"),
    "ODD_BRACKET": N_("odd number of players in the bracket: one must float ([C6]); "),
    "LAST_OF_S2": N_("in Art. 4 order the last player of S2 floats first"),
    # PAB, round
    "PAB_ALL_ELIGIBLE": N_("[C2] every player may receive the PAB."),
    "ENGINE_OTHER_COLOURS": N_("swisschess would pair the same players but give some other "
                               "colours."),
}
_GUIDED = N_("not examined in detail (search limit reached); every candidate generated before "
             "the chosen one is worse or breaks a criterion (Art. 3.8)")
_BETTER = N_("better than the chosen pairing")


def __getattr__(name: str) -> Any:
    """``wording.NATURAL`` and the other fixed phrases, in the current language."""
    if name in _PHRASES:
        return _(_PHRASES[name])
    if name == "GUIDED":
        # (criterion, reason) given to the candidates skipped once the search limit is reached
        return ("-", _(_GUIDED))
    if name == "BETTER":
        return " — " + _(_BETTER)
    raise AttributeError(name)


def mdp_set(mdps: Sequence[Entrant]) -> str:
    return _("MDP set {players} (Art. 4.4)").format(players=ids(mdps))


def exchange(out: Sequence[Entrant], inn: Sequence[Entrant]) -> str:
    return _("exchange {out} <-> {into} (Art. 4.3)").format(out=ids(out), into=ids(inn))


def chosen_reached(label: str) -> str:
    return _("chosen: {label}; every earlier candidate breaks a criterion or is worse").format(
        label=label)


def chosen_after(examined: int) -> str:
    return _("chosen; it comes after the first {n} candidates examined, all rejected").format(
        n=examined)


# ------------------------------------------------------ the bracket's story
def breaks(crit: str, text: str) -> str:
    return _("The pairing breaks [{crit}]: {text}.").format(crit=crit, text=text)


def no_mdp_paired() -> str:
    return _("No MDP is paired here (M1 = 0): all stay in the Limbo.")


def mdp_s1_first(paired: Sequence[Entrant], m1: int) -> str:
    return _("S1 of the MDP pairing: {players} (the first {m1} MDP(s), Art. 3.2).").format(
        players=ids(paired), m1=m1)


def mdp_s1_later(paired: Sequence[Entrant], m1: int, first: Sequence[Entrant]) -> str:
    return _("S1 of the MDP pairing: {players}, not the first {m1} MDP(s) {first}: a later MDP "
             "set (Art. 4.4).").format(players=ids(paired), m1=m1, first=ids(first))


def mdp_opponents_moved(got: Sequence[Entrant], natural: Sequence[Entrant]) -> str:
    return _("MDP opponents {got} instead of {natural}: transposition in S2 (Art. 4.2).").format(
        got=ids(got), natural=ids(natural))


def part_name(has_mdps: bool) -> str:
    return "remainder" if has_mdps else "bracket"


def no_pair_in(where: str) -> str:
    if where == "remainder":
        return _("No pair is made in the remainder.")
    return _("No pair is made in the bracket.")


def halves(where: str, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> str:
    if where == "remainder":
        return _("Remainder: S1 = {s1}, S2 = {s2} (Art. 3.2).").format(s1=ids(s1), s2=ids(s2))
    return _("Bracket: S1 = {s1}, S2 = {s2} (Art. 3.2).").format(s1=ids(s1), s2=ids(s2))


def exchanged(out_of_s1: Sequence[Entrant], into_s1: Sequence[Entrant]) -> str:
    return _("Exchange: {out} moved from S1 to S2 and {into} from S2 to S1 (Art. 4.3).").format(
        out=ids(out_of_s1), into=ids(into_s1))


def transposed(got: Sequence[Entrant], natural: Sequence[Entrant]) -> str:
    return _("S2 order {got} instead of {natural}: transposition (Art. 4.2).").format(
        got=ids(got), natural=ids(natural))


def no_compatible_opponent(alone: Sequence[int]) -> str:
    return _("{players}: no compatible opponent in this bracket ([C1]/[C3]).").format(
        players=and_list(alone))


def at_most_pairs(made: int) -> str:
    return _("At most {n} pair(s) can be made in this bracket ([C1]/[C3]).").format(n=made)


def more_pairs_break_completion(most: int, made: int) -> str:
    return _("{most} pair(s) are possible here, but with {more} the rest of the round could not "
             "be paired ([C4]).").format(most=most, more=made + 1)


def more_pairs_raise_pab(made: int, bye_score: Fraction) -> str:
    return _("With {n} pair(s) here the PAB would have to go to a player with more than "
             "{score} points ([C5]).").format(n=made + 1, score=pts(bye_score))


# ------------------------------------------------------------- floaters
def paired_in_bracket(opponent: int, score: Fraction) -> str:
    return _("paired with {opponent} in the {score} bracket").format(
        opponent=opponent, score=pts(score))


def float_no_compatible(blocked: Sequence[tuple[str, str]]) -> str:
    return _("no compatible opponent in this bracket: {reasons}").format(
        reasons="; ".join(criterion(c, t) for c, t in blocked))


def float_mdp_surplus(residents: int, mdps: int, paired: Sequence[int]) -> str:
    return _("only {residents} resident(s) for {mdps} MDPs, so {n} MDP(s) can be paired here; "
             "the MDP set {players} is chosen (Art. 4.4: the highest scores first, "
             "[C7])").format(residents=residents, mdps=mdps, n=len(paired),
                             players=and_list(paired))


def float_mdp_rejected(free: Sequence[Entrant], reason: str) -> str:
    return _("could meet {players} here, but the candidates that pair him are rejected, the "
             "first because {reason}").format(players=ids(free), reason=reason)


def float_note(free: Sequence[Entrant], note: str) -> str:
    note = note.rstrip(".")
    return _("could meet {players} here, but: {note}").format(
        players=ids(free), note=f"{note[0].lower()}{note[1:]}")


def natural_rejected(floaters: Sequence[int], reason: str) -> str:
    return _("in the natural candidate {players} would float, but it is rejected: "
             "{reason}").format(players=and_list(floaters) or _("nobody"), reason=reason)


def float_best(free: Sequence[Entrant]) -> str:
    return _("could meet {players} here; floating him gives the best pairing (see the "
             "candidates)").format(players=ids(free))


def marks_note(note: str) -> bool:
    """A bracket note about completion or the PAB ([C4], [C5])."""
    return "[C4]" in note or "[C5]" in note


# ------------------------------------------------------------------ PAB
def pab_ineligible(bars: Sequence[tuple[int, str]]) -> str:
    return _("[C2] may not receive the PAB: {players}.").format(
        players="; ".join(f"{x} {bar}" for x, bar in bars))


def pab_lowest(best: Fraction, lower: Sequence[Fraction]) -> str:
    if lower:
        return _("[C5] the lowest score with which the round can be completed is {best}; a PAB "
                 "at {lower} points would leave players who cannot be paired ([C4]).").format(
            best=pts(best), lower=", ".join(pts(s) for s in lower))
    return _("[C5] the lowest score with which the round can be completed is {best}.").format(
        best=pts(best))


def pab_not_lowest(pid: int, score: Fraction, best: Fraction) -> str:
    return _("The PAB goes to {pid} with {score} points although {best} was possible: not as "
             "the rules require.").format(pid=pid, score=pts(score), best=pts(best))


def pab_unplayed(score: Fraction, counts: Sequence[tuple[int, int]]) -> str:
    return _("[C9] unplayed games of the eligible players with {score} points: "
             "{counts}").format(score=pts(score),
                                counts=", ".join(f"{x} ({n})" for x, n in counts))


def pab_tie(tied: Sequence[int], pid: int) -> str:
    return "; " + _("{players} tie, and the pairing of the last bracket leaves {pid} (Art. 4: "
                    "the lowest-ranked floats first)").format(players=and_list(tied), pid=pid)


def pab_not_fewest(pid: int) -> str:
    return "; " + _("{pid} does not have the fewest").format(pid=pid)


def pab_only(pid: int, score: Fraction) -> str:
    return _("{pid} is the only eligible player with {score} points.").format(
        pid=pid, score=pts(score))


# ---------------------------------------------------------------- round
def engine_fails(error: Exception) -> str:
    from swisschess.i18n.messages import translate_message

    return _("swisschess finds no valid pairing for this round ({error}).").format(
        error=translate_message(str(error)))


def engine_differs(diff: Sequence[tuple[int, ...]], bye: int | None) -> str:
    pairs = ", ".join(f"{a}-{b}" for a, b in diff)
    if bye:
        return _("swisschess would pair this round differently: {pairs}; PAB {bye}. The "
                 "explanation below is of the recorded pairing.").format(pairs=pairs, bye=bye)
    return _("swisschess would pair this round differently: {pairs}. The explanation below is "
             "of the recorded pairing.").format(pairs=pairs)


def description_only(edition: str) -> str:
    return _("{edition} rules: brackets, floats and colours only; the candidate analysis "
             "follows the 2026 rules.").format(edition=edition)


def unknown_edition(edition: str, known: Sequence[str]) -> str:
    return _("unknown edition {edition} (use {known})").format(edition=repr(edition),
                                                              known=", ".join(known))


def no_such_round(rnd: int, recorded: int) -> str:
    if recorded:
        return _("there is no round {rnd} to explain (rounds 1-{recorded} are recorded, round "
                 "{next} is next)").format(rnd=rnd, recorded=recorded, next=recorded + 1)
    return _("there is no round {rnd} to explain (round {next} is next)").format(
        rnd=rnd, next=recorded + 1)


def several_pabs(rnd: int) -> str:
    return _("round {rnd} has more than one PAB").format(rnd=rnd)


def not_to_be_paired(rnd: int, pid: int) -> str:
    return _("round {rnd}: player {pid} is paired but was not to be paired").format(
        rnd=rnd, pid=pid)


def paired_twice(rnd: int, pid: int) -> str:
    return _("round {rnd}: player {pid} is paired twice").format(rnd=rnd, pid=pid)


def bad_pab(rnd: int, pid: int) -> str:
    return _("round {rnd}: the PAB of player {pid} is inconsistent").format(rnd=rnd, pid=pid)


def left_out(rnd: int, missing: Sequence[int]) -> str:
    return _("round {rnd}: player(s) {players} to be paired but not in the pairing").format(
        rnd=rnd, players=", ".join(map(str, missing)))


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
