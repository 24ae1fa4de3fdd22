"""The story of a round under the seeds' texts: Dutch 1992 (and its 2012 wording) and Lim.

The 2026 explainer (``report``) reconstructs the candidates of Art. 4; the
older texts are procedures (1992 C1-C14, Lim "Paarimine"), so their story is
told score group by score group with the seeds' article numbers:

* Dutch 1992 / 2012: the score groups (A3), who moved down into them (A3, A6:
  S1), p (A6) and x (A8), the pairs and how many of them deny a colour
  preference (B4), who floats on and whether he floated the same way before
  (A4, A5, B5, B6), the bye (A5, B1b) and each pair's colours (E1-E4; round 1
  and players without preference: E/F4); the 2012 article is named beside
  the seed's where the 2012 wording changed it.
* Lim (seed 002): the median group and the direction each group is paired in
  ("Paarimine" 2), floaters ("Liuglejate valimine"), the bye ("Mängija vabaks
  jätmine") and colours ("Värvide määramine" 5 a-d; FIDE's 2026 text: 5.4).

Seeds: 000 Slovenian, 001 Polish, 003 Czech, 004 Bulgarian (the Dutch text,
articles A1-F10), 002 Estonian (Lim and a Dutch summary).  Every sentence is
in :mod:`swisschess.explain.wording_classic`.
"""

from __future__ import annotations

from collections.abc import Sequence

from swisschess.explain import wording_classic as say
from swisschess.model.history import Float, Strength, to_be_paired
from swisschess.model.tournament import Colour, Tournament
from swisschess.rules.dutch1992 import Context, a8_x
from swisschess.rules.dutch2012 import Context2012

W, B = Colour.WHITE, Colour.BLACK


def colour_reason(ctx: Context, white: int, black: int, *, lim_2026_below_median: bool = False) -> tuple[str, str]:
    """Which of E1-E4 (or the round-1 rule) gives ``white`` White: (rule, sentence)."""
    fw, fb = ctx.f[white], ctx.f[black]
    hi, lo = (white, black) if fw.rank < fb.rank else (black, white)
    if lim_2026_below_median:
        hi, lo = lo, hi
    fh, fl = ctx.f[hi], ctx.f[lo]
    none = Colour.NONE
    cw, cb = fw.pref_colour, fb.pref_colour
    if cw is none and cb is none:
        return "E/F4", say.no_preferences(hi, ctx.initial.name.lower())
    if cw is W and cb is not W or cb is B and cw is not B:
        if cw is not none and cb is not none:
            return "E1", say.both_granted(white, black)
        return "E1", say.only_preference(white if cw is W else black)
    if fh.pref_strength != fl.pref_strength:
        strong = hi if fh.pref_strength > fl.pref_strength else lo
        return "E2", say.stronger(strong, _strength(ctx.f[strong].pref_strength))
    for x, y in zip(reversed(fh.history), reversed(fl.history), strict=False):
        if x != "-" and y != "-" and x != y:
            return "E3", say.alternated(hi, x)
    if lim_2026_below_median:
        return "5.4", say.lower_ranked_below_median(hi)
    return "E4", say.higher_ranked(hi)


def _strength(s: Strength) -> str:
    return {Strength.ABSOLUTE: "absolute", Strength.STRONG: "strong"}.get(s, "mild")


def dutch_story(t: Tournament, rnd: int, boards: Sequence[tuple[int, int]], bye: int | None,
                edition: str = "1992") -> list[str]:
    """The 1992 (or 2012) procedure told group by group for a given pairing."""
    ids = to_be_paired(t, rnd)
    ctx: Context = Context2012(t, rnd, ids) if edition == "2012" else Context(t, rnd, ids)
    partner: dict[int, int] = {}
    for w, b in boards:
        partner[w], partner[b] = b, w
    out = [say.dutch_intro(edition)]
    movers: list[int] = []
    for k, residents in enumerate(ctx.score_groups(ctx.f)):
        bracket = ctx.sort(movers + residents)
        score = ctx.f[residents[0]].score
        n = len(bracket)
        homogeneous = not movers or 2 * len(movers) >= n
        if not movers:
            p = n // 2
            out.append(say.group_homogeneous(k + 1, score, residents, p))
        else:
            p = n // 2 if homogeneous else len(movers)
            out.append(say.group_heterogeneous(k + 1, score, residents, movers, p, homogeneous))
        x = a8_x((ctx.f[q].pref_colour for q in bracket), n)
        inside = [(a, partner[a]) for a in bracket if a in partner and partner[a] in bracket and a < partner[a]]
        conflicts = [pr for pr in inside if ctx.conflict(*pr)]
        out.append(say.pairs_and_colour_budget(len(inside), x, len(conflicts), conflicts))
        nxt = [q for q in bracket if q not in partner or partner[q] not in bracket]
        for q in nxt:
            if q == bye:
                continue
            again = []
            if ctx.f[q].float1 is Float.DOWN:
                again.append("B5")
            if ctx.f[q].float2 is Float.DOWN:
                again.append("B6")
            out.append(say.floats_on(q, q in movers, again, edition))
        for a, b in inside:
            lo_ = b if ctx.f[a].score > ctx.f[b].score else (a if ctx.f[b].score > ctx.f[a].score else None)
            if lo_ is not None and ctx.f[lo_].float1 is Float.UP:
                out.append(say.upfloat_again(lo_, "B5"))
        movers = [q for q in nxt if q != bye]
    if bye is not None:
        out.append(say.dutch_bye(bye, ctx.f[bye].bye_ok, edition))
    for w, b in boards:
        rule, why = colour_reason(ctx, w, b)
        out.append(say.colours(w, b, rule, why))
    out.append(say.board_order())
    return out


def lim_story(t: Tournament, rnd: int, boards: Sequence[tuple[int, int]], bye: int | None,
              edition: str = "1992") -> list[str]:
    """The Lim procedure (seed 002) told group by group for a given pairing."""
    from swisschess.rules.lim import median_score

    ids = to_be_paired(t, rnd)
    ctx = Context(t, rnd, ids)
    median = median_score(ctx)
    partner: dict[int, int] = {}
    for w, b in boards:
        partner[w], partner[b] = b, w
    out = [say.lim_intro(edition, float(median))]
    for k, group in enumerate(ctx.score_groups(ctx.f)):
        score = ctx.f[group[0]].score
        direction = "median" if score == median else ("down" if score > median else "up")
        away = [q for q in group if q in partner and ctx.f[partner[q]].score != score]
        out.append(say.lim_group(k + 1, float(score), group, direction, away))
    if bye is not None:
        out.append(say.lim_bye(bye))
    for w, b in boards:
        below = max(ctx.f[w].score, ctx.f[b].score) < median
        rule, why = colour_reason(ctx, w, b, lim_2026_below_median=edition == "2026" and below)
        if rule.startswith("E") and rule != "E/F4":
            rule = say.LIM_COLOUR_RULE[rule]
        out.append(say.colours(w, b, rule, why))
    return out


__all__ = ["colour_reason", "dutch_story", "lim_story"]
