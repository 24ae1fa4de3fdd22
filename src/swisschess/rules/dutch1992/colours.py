"""E1-E4 colour allocation, F1 board order, and the B1/B2 check of a finished pairing."""

from __future__ import annotations

from swisschess.model.history import to_be_paired
from swisschess.model.rounds import sort_boards
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.result import Pairing
from swisschess.rules.dutch1992.context import Context

W, B = Colour.WHITE, Colour.BLACK


def allocate_colours(ctx: Context, a: int, b: int, higher_first=None) -> tuple[int, int]:
    """E1-E4 (and the round-1 rule): returns ``(white, black)``.

    E1 grant both preferences; E2 grant the stronger one; E3 alternate with
    respect to the latest round in which the two had different colours (F3
    histories, unplayed rounds moved to the front); E4 grant the preference of
    the higher-ranked player (A2; Estonian seed 002: with unequal scores the one
    with more points - A2 already sorts by score).  Round 1: S1 players with odd
    numbers get the drawn colour, even numbers the other one (E, F4).
    """
    fa, fb = ctx.f[a], ctx.f[b]
    hi, lo = (a, b) if fa.rank < fb.rank else (b, a)
    if higher_first is not None:
        hi, lo = higher_first
    fh, fl = ctx.f[hi], ctx.f[lo]

    def give(pid: int, colour: Colour) -> tuple[int, int]:
        other = lo if pid == hi else hi
        w, bl = (pid, other) if colour is W else (other, pid)
        # never break B2 when the other allocation keeps it (E1/E2 guarantee it
        # for absolute preferences; this only guards the fallbacks)
        if not (ctx.may_get(w, W) and ctx.may_get(bl, B)) and ctx.may_get(bl, W) and ctx.may_get(w, B):
            return bl, w
        return w, bl

    ch, cl = fh.pref_colour, fl.pref_colour
    none = Colour.NONE
    if ch is not none and cl is not none and ch is not cl:  # E1
        return give(hi, ch)
    if ch is none and cl is not none:  # E1: only one preference
        return give(lo, cl)
    if cl is none and ch is not none:
        return give(hi, ch)
    if ch is not none:  # same colour wanted
        if fh.pref_strength != fl.pref_strength:  # E2
            strong = hi if fh.pref_strength > fl.pref_strength else lo
            return give(strong, ctx.f[strong].pref_colour)
        # E3: latest round with different colours (histories aligned at the end)
        for x, y in zip(reversed(fh.history), reversed(fl.history), strict=False):
            if x != "-" and y != "-" and x != y:
                return give(hi, B if x == "W" else W)
        return give(hi, ch)  # E4
    # no preferences at all (round 1, or no games yet): odd number -> drawn colour.
    # "Number" is the starting number (003_283857243f69a16d.txt: "se sudým
    # startovním číslem"), so with absent players this is not an alternation by
    # board (the Lim seed 002 alternates by board).
    odd_gets_drawn = ctx.odd_number_gets_drawn_colour or ctx.rnd == 1  # round 1: E/F4 in every edition
    c = ctx.initial if (ctx.number(hi) % 2 == 1) == odd_gets_drawn else ctx.initial.opposite
    return give(hi, c)


def board_order(ctx: Context, boards: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """F1: higher player's score, then sum of scores, then A2 rank of the higher player."""
    return sort_boards(boards, lambda p: ctx.f[p].score, lambda p: ctx.f[p].rank)


def absolute_violations(t: Tournament, pairing: Pairing, *, colour_waiver: str = "topscorers") -> list[str]:
    """Check a pairing against the absolute criteria B1 and B2 (and the bye rule).

    ``colour_waiver`` says for whom B2 is waived in the last round: ``"topscorers"``
    (Dutch 1992: players with more than 50 %), ``"pairs"`` (Dutch 2012, B.2 note: also
    a non-top scorer paired against a top scorer, "considered a top scorer for colour
    allocation purposes") or ``"all"`` (Lim: everyone).
    Returns human-readable violations (empty when the pairing is valid).
    """
    rnd = pairing.round
    ids = to_be_paired(t, rnd)
    ctx = Context(t, rnd, ids)
    if colour_waiver == "all" and ctx.last_round:
        for x in ctx.f.values():
            x.topscorer = True
    out: list[str] = []
    seen: list[int] = [q for wb in pairing.boards for q in wb]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    if sorted(seen) != sorted(ids):
        out.append(f"players paired {sorted(seen)} != players to pair {sorted(ids)}")
    for w, b in pairing.boards:
        if w not in ctx.f or b not in ctx.f:
            continue
        if b in ctx.f[w].opponents:
            out.append(f"B1a: {w}-{b} have met")
        if colour_waiver == "pairs" and (ctx.f[w].topscorer or ctx.f[b].topscorer):
            continue
        if not ctx.may_get(w, W):
            out.append(f"B2: {w} may not get White")
        if not ctx.may_get(b, B):
            out.append(f"B2: {b} may not get Black")
    if pairing.bye is not None:
        if len(ids) % 2 == 0:
            out.append("bye with an even number of players")
        elif pairing.bye in ctx.f and not ctx.f[pairing.bye].bye_ok:
            out.append(f"B1b: {pairing.bye} already scored a point without playing")
    elif len(ids) % 2 == 1:
        out.append("odd number of players and no bye")
    return out
