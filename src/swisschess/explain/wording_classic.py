"""Every sentence of the 1992 / 2012 Dutch and Lim stories (``explain.classic``).

Article numbers: the seeds' Dutch text (000, 001, 003, 004: A1-F10) and, for
the 2012 wording, C.04.3.1 where it changed the seeds' rule; Lim: the
Estonian seed 002 by section name, and FIDE's C.04.4.3 (2026) by number.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

#: Seed 002 "Värvide määramine" 5 a-d: the Lim colour rules in the Dutch E order.
LIM_COLOUR_RULE = {"E1": "seed 002 colours 5a", "E2": "seed 002 colours 5b",
                   "E3": "seed 002 colours 5c", "E4": "seed 002 colours 5d"}


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(map(str, ids)) or "none"


def _pts(x: Fraction | float) -> str:
    return f"{float(x):g}"


def dutch_intro(edition: str) -> str:
    if edition == "2012":
        return ("Dutch system, Istanbul 2012 wording (C.04.3.1): the seeds' procedure A1-F9 "
                "with the 2001-2012 amendments (A.7.d/e, B.1b, C.10, C.12, D.2).")
    return ("Dutch system, the seeds' text (1992/1998, A1-F10): score groups from the top (A3), "
            "moved-down players first, colours by E1-E4, boards by F1.")


def group_homogeneous(number: int, score: Fraction, residents: Sequence[int], p: int) -> str:
    return (f"Score group {number} ({_pts(score)} points): {_ids(residents)} - homogeneous (A3); "
            f"S1 = the upper half, p = {p} pairs (A6).")


def group_heterogeneous(number: int, score: Fraction, residents: Sequence[int], movers: Sequence[int],
                        p: int, homogeneous: bool) -> str:
    how = ("at least half of it came from above, so it is treated as homogeneous (A3)" if homogeneous
           else "the moved-down players form S1 and are paired first (A3, A6)")
    return (f"Score group {number} ({_pts(score)} points): {_ids(residents)}, with {_ids(movers)} "
            f"moved down into it - {how}; p = {p} (A6).")


def pairs_and_colour_budget(pairs: int, x: int, conflicts: int, which: Sequence[tuple[int, int]]) -> str:
    s = f"  {pairs} pair{'s' if pairs != 1 else ''} made here; x = {x} (A8)"
    if conflicts:
        s += (f"; {conflicts} pair{'s' if conflicts != 1 else ''} cannot give both players their colour "
              f"(B4): " + ", ".join(f"{a}-{b}" for a, b in which))
    else:
        s += "; every pair can give both players their preferred colour (B4)"
    return s + "."


def floats_on(pid: int, mover: bool, again: Sequence[str], edition: str) -> str:
    who = "moves on to the next score group (C14: fewer pairs)" if mover else "moves down (A3; a downfloat, A4)"
    s = f"  {pid} {who}"
    if again:
        arts = " and ".join(again)
        s += f"; he floated down before, so {arts} had to be relaxed (C9"
        s += ", 2012 C.10 c-d)" if edition == "2012" else ")"
    return s + "."


def upfloat_again(pid: int, article: str) -> str:
    return f"  {pid} floats up for the second round running: {article} for upfloaters had to be relaxed (C10)."


def dutch_bye(pid: int, eligible: bool, edition: str) -> str:
    rule = "B.1b" if edition == "2012" else "B1b"
    ok = (f"he has not scored a point without playing ({rule})" if eligible
          else f"every other choice left the round unpairable ({rule} could not be kept)")
    return f"Bye: {pid}, the player left over in the lowest score group (A5, F4); {ok}."


def colours(white: int, black: int, rule: str, why: str) -> str:
    return f"Colours {white}-{black} [{rule}]: {why}."


def no_preferences(hi: int, drawn: str) -> str:
    return (f"neither player has a colour preference: as in round 1 the drawn colour ({drawn}) goes "
            f"by the higher-ranked player's number ({hi})")


def both_granted(white: int, black: int) -> str:
    return f"both preferences are granted ({white} White, {black} Black)"


def only_preference(pid: int) -> str:
    return f"only {pid} has a preference, and gets it"


def stronger(pid: int, strength: str) -> str:
    return f"both want the same colour; {pid}'s preference is the stronger ({strength})"


def alternated(hi: int, colour_then: str) -> str:
    c = "White" if colour_then == "W" else "Black"
    return (f"same colour wanted with equal strength: alternate from the latest round in which they "
            f"had different colours ({hi} had {c} then)")


def higher_ranked(hi: int) -> str:
    return f"same preference and colour history: the higher-ranked player {hi} gets his (A2)"


def lower_ranked_below_median(pid: int) -> str:
    return f"below the median scoregroup the lower-ranked player {pid} gets his due colour (C.04.4.3 5.4)"


def board_order() -> str:
    return ("Boards (F1): by the higher player's score, then the sum of the scores, "
            "then the higher player's rank (A2).")


def lim_intro(edition: str, median: float) -> str:
    text = ("FIDE's text of today (C.04.4.3, 2026)" if edition == "2026"
            else "the Estonian seed (002)")
    return (f"Lim system, {text}: the median group ({median:g} points, half the rounds played) is "
            f"paired last; groups above it from the top down, groups below it from the bottom up "
            f"(seed 002 \"Paarimine\" 2; 2026: 2.2).")


def lim_group(number: int, score: float, group: Sequence[int], direction: str, away: Sequence[int]) -> str:
    how = {"down": "paired downward", "up": "paired upward", "median": "the median group, paired last (downward)"}
    s = f"Score group {number} ({score:g} points): {_ids(group)} - {how[direction]}"
    if away:
        s += (f"; {_ids(away)} play outside the group (floaters: no compatible opponent, or the odd "
              f"player; seed 002 \"Liuglejate valimine\", 2026: 2.3)")
    return s + "."


def lim_bye(pid: int) -> str:
    return (f"Bye: {pid}, the lowest-rated eligible player of the lowest score group (seed 002 "
            f"\"Mängija vabaks jätmine\"; 2026: 1.1).")


__all__ = ["LIM_COLOUR_RULE"]
