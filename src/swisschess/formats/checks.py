"""Whole-file checks of a tournament read from TRF, with located diagnostics.

Severity policy: an **error** makes the file unusable for pairing the next
round (an engine must refuse it, exit code 3): entries that do not mirror each
other, impossible result pairs, opponents that are not players, a player paired
twice, more rounds than the tournament has.  Everything an engine can still
work with is a **warning**: stated points (columns 81-84) that disagree with
the results when no point system is given (many real files leave them at 0.0 or
stale), a repeated pairing, requests that name unknown players.

When the file states its point system (JaVaFo ``XXS``, TRF-2026 ``162``,
bbpPairings ``BB?``) the points are checked strictly, as JaVaFo does: a
disagreement is an error.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

from swisschess.formats.adjustments import point_adjustments
from swisschess.formats.diagnostics import ERROR, WARNING, Diagnostic
from swisschess.formats.locations import Locations
from swisschess.model.points import format_points
from swisschess.model.rounds import pairing_refusals
from swisschess.model.tournament import MIRROR_RESULTS, Colour, RoundEntry, Tournament


def check_file(t: Tournament, loc: Locations | None = None, filename: str = "<model>",
                     *, strict_points: bool = False) -> list[Diagnostic]:
    """Check ``t`` as read from ``filename``; ``loc`` is the reader's Locations.

    Also usable on a tournament built in code (``loc=None``): the diagnostics
    then carry line 0.
    """
    if loc is None:
        loc = Locations()

    out: list[Diagnostic] = []

    def rep(ln: int, col: int, msg: str, sev: str = ERROR) -> None:
        out.append(Diagnostic(filename, ln, col, msg, sev))

    team = is_team_event(t)
    pline: dict[int, int] = defaultdict(int, loc.player_line)
    rc = Locations.round_column
    if not t.players:
        rep(1, 1, "no player records (001): not a tournament file")
        return out

    # Pairing numbers: engines expect 1..N without gaps (bbpPairings refuses gaps).
    ids = sorted(t.players)
    missing = sorted(set(range(1, ids[-1] + 1)) - set(ids))
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        rep(pline[ids[-1]], 5, f"pairing numbers are not 1..{ids[-1]} without gaps: "
                               f"missing {shown}")

    # Number of rounds (XXR / 142) against the entries.
    if t.rounds is not None:
        for pid in ids:
            n = len(t.players[pid].results)
            if n > t.rounds:
                rep(pline[pid], rc(t.rounds + 1),
                    f"player {pid} has entries for {n} rounds but the tournament has "
                    f"{t.rounds} (XXR/142)")

    # Mirror entries, colours, results, players paired twice.
    claims: dict[tuple[int, int], list[int]] = {}
    pab_count: dict[int, list[int]] = {}
    for pid in ids:
        p = t.players[pid]
        for r, e in enumerate(p.results, 1):
            if e.code == "U":
                pab_count.setdefault(r, []).append(pid)
            if e.opponent is None:
                continue
            o = e.opponent
            ln = pline[pid]
            if o == pid:
                rep(ln, rc(r), f"round {r}: player {pid} is paired with himself")
                continue
            if o not in t.players:
                rep(ln, rc(r), f"round {r}: opponent {o} is not a player")
                continue
            claims.setdefault((r, o), []).append(pid)
            q = t.players[o].entry(r)
            if q is None or q.opponent != pid:
                if q is None or q.opponent is None:
                    what = "has no opponent" if q is None or q.blank else f"has '{q.code}'"
                else:
                    what = f"has opponent {q.opponent}"
                rep(ln, rc(r), f"round {r}: player {pid} has opponent {o}, but {o} {what} "
                               "in that round (entries do not mirror)")
                continue
            if pid > o:
                continue  # the pair is checked once, from the lower number
            # Colours: opposite, or both '-' (forfeits written without colour).
            cs = (e.colour, q.colour)
            if cs[0] is not Colour.NONE and cs[0] == cs[1]:
                # A game without its result yet can still be corrected: a warning.
                rep(ln, rc(r, "colour"), f"round {r}: players {pid} and {o} both have "
                                         f"colour '{cs[0].value}'",
                    WARNING if e.code == "*" else ERROR)
            elif (cs[0] is Colour.NONE) != (cs[1] is Colour.NONE):
                rep(ln, rc(r, "colour"), f"round {r}: colour of {pid} ('{cs[0].value}') and of "
                                         f"{o} ('{cs[1].value}') do not match", WARNING)
            if (e.code, q.code) not in MIRROR_RESULTS:
                rep(ln, rc(r, "result"), f"round {r}: results disagree: {pid} has "
                                         f"'{e.code.replace('*', ' ')}', {o} has "
                                         f"'{q.code.replace('*', ' ')}'")
            elif e.code in "1=0WDL" and e.colour is Colour.NONE:
                rep(ln, rc(r, "colour"), f"round {r}: game {pid}-{o} played without colours",
                    WARNING)
    for (r, o), who in sorted(claims.items()):
        if len(who) > 1:
            rep(pline[who[1]], rc(r), f"round {r}: player {o} is paired twice "
                                      f"(by {', '.join(map(str, who))})")
    for r, who in sorted(pab_count.items()):
        if len(who) > 1 and not team:
            rep(pline[who[1]], rc(r, "result"),
                f"round {r}: {len(who)} pairing-allocated byes (players "
                f"{', '.join(map(str, who))}); at most one is expected", WARNING)

    # Repeated pairings (both games played over the board): allowed by no
    # Swiss system, but the file is still usable.
    for pid in ids:
        seen: dict[int, int] = {}
        for r, e in enumerate(t.players[pid].results, 1):
            if e.played and e.opponent in t.players and pid < e.opponent:
                if e.opponent in seen:
                    rep(pline[pid], rc(r), f"round {r}: {pid} and {e.opponent} meet again "
                                           f"(already in round {seen[e.opponent]})", WARNING)
                seen[e.opponent] = r

    # Stated points (columns 81-84) against the results under the point system.
    # TRF(x): an entry written for the round about to be paired (0000 - H / F)
    # may or may not be counted yet, so both totals are accepted.
    adj = point_adjustments(t)
    paired_upto = t.rounds_recorded()
    bad = []
    for pid in ids:
        p = t.players[pid]
        if p.stated_points is None:
            continue
        computed = _score(t, p.results) + adj.get(pid, Fraction(0))
        if p.stated_points == computed:
            continue
        before = _score(t, p.results[:paired_upto]) + adj.get(pid, Fraction(0))
        if p.stated_points != before:
            bad.append((pid, computed))
    # Team events: 001 points follow the team scoring (162 holds match points).
    sev = ERROR if strict_points and not team else WARNING
    for pid, computed in bad:
        p = t.players[pid]
        assert p.stated_points is not None  # only players with stated points are in ``bad``
        rep(pline[pid], 81, f"player {pid}: points {format_points(p.stated_points, decimals=1)} but the results give "
                            f"{format_points(computed, decimals=1)}", sev)

    if team:
        return out  # 240 / 250 / 260 name teams in team events
    # Requests naming players that do not exist, or rounds that do not fit.
    for b, ln in zip(t.bye_requests, loc.bye_lines, strict=False):
        for x in b.ids:
            if x not in t.players:
                rep(ln, 5, f"bye request for round {b.round}: {x} is not a player", WARNING)
                continue
            entry = t.players[x].entry(b.round)
            if entry is not None and entry.paired:
                rep(ln, 5, f"bye request ({b.code}) for player {x} in round {b.round}, who is "
                           "paired in that round", WARNING)
        if t.rounds is not None and b.round > t.rounds:
            rep(ln, 5, f"bye request for round {b.round}, after the last round {t.rounds}",
                WARNING)
    for f, ln in zip(t.forbidden, loc.forbidden_lines, strict=False):
        for x in f.ids:
            if x not in t.players:
                rep(ln, 5, f"forbidden pairing names {x}, who is not a player", WARNING)
    for pid, ln in loc.xxa_lines.items():
        if pid not in t.players:
            rep(ln, 5, f"XXA: {pid} is not a player", WARNING)
    return out


def check_pairable(t: Tournament, loc: Locations | None = None,
                   filename: str = "<model>") -> list[Diagnostic]:
    """Why the next round of ``t`` must not be paired, located in the file
    (:func:`swisschess.model.rounds.pairing_refusals`): the number of rounds at
    its 142 / XXR record, a missing result at the result column of the game's
    001 line.  Empty when the next round can be paired.  Every front end that
    pairs a file (``engine -p``, ``pair``, ``POST /api/pair``) calls this; the
    checker (``engine -c``) does not."""
    if loc is None:
        loc = Locations()
    out = []
    for why in pairing_refusals(t):
        if why.player is None:
            code = "142" if "142" in loc.record_line else "XXR"
            ln, col = loc.record_line.get(code, 0), 5
        else:
            ln = loc.player_line.get(why.player, 0)
            col = Locations.round_column(why.round, "result")
        out.append(Diagnostic(filename, ln, col, why.message))
    return out


def _score(t: Tournament, results: list[RoundEntry]) -> Fraction:
    """Same as ``Tournament.score``, faster: one multiplication per kind of entry."""
    kinds = Counter((e.code, e.colour) for e in results)
    total = Fraction(0)
    for (code, colour), n in kinds.items():
        total += n * t.points.points(RoundEntry(None, colour, code))
    return total


def is_team_event(t: Tournament) -> bool:
    """A team tournament: TRF-2026 team records (310) or a team system code in 192."""
    return "310" in t.extra or "TEAM" in t.system.upper()
