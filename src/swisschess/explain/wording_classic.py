"""Every sentence of the 1992 / 2012 Dutch and Lim stories (``explain.classic``).

Article numbers: the seeds' Dutch text (000, 001, 003, 004: A1-F10) and, for
the 2012 wording, C.04.3.1 where it changed the seeds' rule; Lim: the
Estonian seed 002 by section name, and FIDE's C.04.4.3 (2026) by number.

Each sentence is one message of the catalogues (``gettext``, whole sentences
with named fields), so the story is told in the language of the explanation;
the article numbers stay as the seeds write them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from swisschess.i18n import N_, and_list, decimal_text, ngettext
from swisschess.i18n import gettext as _
from swisschess.model.points import format_points

#: Seed 002 "Värvide määramine" 5 a-d: the Lim colour rules in the Dutch E order.
LIM_COLOUR_RULE = {"E1": "seed 002 colours 5a", "E2": "seed 002 colours 5b",
                   "E3": "seed 002 colours 5c", "E4": "seed 002 colours 5d"}


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(map(str, ids)) or _("nobody")


def _pts(x: Fraction | float) -> str:
    return decimal_text(format_points(x))


def dutch_intro(edition: str) -> str:
    if edition == "2012":
        return _("Dutch system, Istanbul 2012 wording (C.04.3.1): the seeds' procedure A1-F9 "
                 "with the 2001-2012 amendments (A.7.d/e, B.1b, C.10, C.12, D.2).")
    return _("Dutch system, the seeds' text (1992/1998, A1-F10): score groups from the top (A3), "
             "moved-down players first, colours by E1-E4, boards by F1.")


def group_homogeneous(number: int, score: Fraction, residents: Sequence[int], p: int) -> str:
    return _("Score group {number} ({score} points): {players} - homogeneous (A3); "
             "S1 = the upper half, p = {p} pairs (A6).").format(
        number=number, score=_pts(score), players=_ids(residents), p=p)


def group_heterogeneous(number: int, score: Fraction, residents: Sequence[int], movers: Sequence[int],
                        p: int, homogeneous: bool) -> str:
    if homogeneous:
        return _("Score group {number} ({score} points): {players}, with {movers} moved down into "
                 "it - at least half of it came from above, so it is treated as homogeneous (A3); "
                 "p = {p} (A6).").format(number=number, score=_pts(score),
                                         players=_ids(residents), movers=_ids(movers), p=p)
    return _("Score group {number} ({score} points): {players}, with {movers} moved down into it - "
             "the moved-down players form S1 and are paired first (A3, A6); p = {p} (A6).").format(
        number=number, score=_pts(score), players=_ids(residents), movers=_ids(movers), p=p)


def pairs_and_colour_budget(pairs: int, x: int, conflicts: int, which: Sequence[tuple[int, int]]) -> str:
    s = "  " + ngettext("{n} pair made here; x = {x} (A8)", "{n} pairs made here; x = {x} (A8)",
                        pairs).format(n=pairs, x=x)
    if conflicts:
        s += "; " + ngettext(
            "{n} pair cannot give both players their colour (B4): {pairs}",
            "{n} pairs cannot give both players their colour (B4): {pairs}", conflicts).format(
            n=conflicts, pairs=", ".join(f"{a}-{b}" for a, b in which))
    else:
        s += "; " + _("every pair can give both players their preferred colour (B4)")
    return s + "."


def floats_on(pid: int, mover: bool, again: Sequence[str], edition: str) -> str:
    if mover:
        s = "  " + _("{pid} moves on to the next score group (C14: fewer pairs)").format(pid=pid)
    else:
        s = "  " + _("{pid} moves down (A3; a downfloat, A4)").format(pid=pid)
    if again:
        arts = and_list(list(again))
        rule = "C9, 2012 C.10 c-d" if edition == "2012" else "C9"
        s += "; " + _("he floated down before, so {articles} had to be relaxed ({rule})").format(
            articles=arts, rule=rule)
    return s + "."


def upfloat_again(pid: int, article: str) -> str:
    return "  " + _("{pid} floats up for the second round running: {article} for upfloaters had "
                    "to be relaxed (C10).").format(pid=pid, article=article)


def dutch_bye(pid: int, eligible: bool, edition: str) -> str:
    rule = "B.1b" if edition == "2012" else "B1b"
    if eligible:
        return _("Bye: {pid}, the player left over in the lowest score group (A5, F4); he has not "
                 "scored a point without playing ({rule}).").format(pid=pid, rule=rule)
    return _("Bye: {pid}, the player left over in the lowest score group (A5, F4); every other "
             "choice left the round unpairable ({rule} could not be kept).").format(pid=pid, rule=rule)


def colours(white: int, black: int, rule: str, why: str) -> str:
    return _("Colours {white}-{black} [{rule}]: {why}.").format(
        white=white, black=black, rule=rule, why=why)


# One sentence per colour: a colour changes its form with the sentence in
# several of the languages, so it is never pasted in.
_NO_PREFERENCES = {
    "white": N_("neither player has a colour preference: as in round 1 the drawn colour (white) "
                "goes by the higher-ranked player's number ({hi})"),
    "black": N_("neither player has a colour preference: as in round 1 the drawn colour (black) "
                "goes by the higher-ranked player's number ({hi})"),
}
_ALTERNATED = {
    "W": N_("same colour wanted with equal strength: alternate from the latest round in which "
            "they had different colours ({hi} had White then)"),
    "B": N_("same colour wanted with equal strength: alternate from the latest round in which "
            "they had different colours ({hi} had Black then)"),
}


def no_preferences(hi: int, drawn: str) -> str:
    return _(_NO_PREFERENCES["black" if drawn == "black" else "white"]).format(hi=hi)


def both_granted(white: int, black: int) -> str:
    return _("both preferences are granted ({white} White, {black} Black)").format(
        white=white, black=black)


def only_preference(pid: int) -> str:
    return _("only {pid} has a preference, and gets it").format(pid=pid)


_STRENGTHS = {"absolute": N_("absolute"), "strong": N_("strong"), "mild": N_("mild")}


def stronger(pid: int, strength: str) -> str:
    word = _(_STRENGTHS[strength]) if strength in _STRENGTHS else strength
    return _("both want the same colour; {pid}'s preference is the stronger ({strength})").format(
        pid=pid, strength=word)


def alternated(hi: int, colour_then: str) -> str:
    return _(_ALTERNATED["W" if colour_then == "W" else "B"]).format(hi=hi)


def higher_ranked(hi: int) -> str:
    return _("same preference and colour history: the higher-ranked player {hi} gets his "
             "(A2)").format(hi=hi)


def lower_ranked_below_median(pid: int) -> str:
    return _("below the median scoregroup the lower-ranked player {pid} gets his due colour "
             "(C.04.4.3 5.4)").format(pid=pid)


def board_order() -> str:
    return _("Boards (F1): by the higher player's score, then the sum of the scores, "
             "then the higher player's rank (A2).")


def lim_intro(edition: str, median: float) -> str:
    if edition == "2026":
        return _("Lim system, FIDE's text of today (C.04.4.3, 2026): the median group ({score} "
                 "points, half the rounds played) is paired last; groups above it from the top "
                 "down, groups below it from the bottom up (seed 002 \"Paarimine\" 2; 2026: "
                 "2.2).").format(score=_pts(median))
    return _("Lim system, the Estonian seed (002): the median group ({score} points, half the "
             "rounds played) is paired last; groups above it from the top down, groups below it "
             "from the bottom up (seed 002 \"Paarimine\" 2; 2026: 2.2).").format(score=_pts(median))


def lim_group(number: int, score: float, group: Sequence[int], direction: str, away: Sequence[int]) -> str:
    how = {"down": _("paired downward"), "up": _("paired upward"),
           "median": _("the median group, paired last (downward)")}
    s = _("Score group {number} ({score} points): {players} - {how}").format(
        number=number, score=_pts(score), players=_ids(group), how=how[direction])
    if away:
        s += "; " + _("{players} play outside the group (floaters: no compatible opponent, or the "
                      "odd player; seed 002 \"Liuglejate valimine\", 2026: 2.3)").format(
            players=_ids(away))
    return s + "."


def lim_bye(pid: int) -> str:
    return _("Bye: {pid}, the lowest-rated eligible player of the lowest score group (seed 002 "
             "\"Mängija vabaks jätmine\"; 2026: 1.1).").format(pid=pid)


__all__ = ["LIM_COLOUR_RULE"]
