"""The pairing of a round by the FIDE Swiss Team Pairing System (C.04.6, 2026).

Art. 3.3.2, the pairing process:

1. the pairing-allocated-bye (PAB) is assigned, if needed (art. 3.4);
2. the top-scoregroup - the teams with the highest score among those yet to be
   paired (art. 3.2) - is combined, when needed, with a set of upfloaters
   chosen by art. 3.5, and the bracket is paired by art. 3.6;
3. step 2 is repeated until the round-pairing is complete;
4. the colours are allocated by art. 4.

There are no downfloaters: every resident of the top-scoregroup is paired in
its own bracket, and a bracket that cannot be paired takes other upfloaters.
If no round-pairing exists, "the Chief Arbiter shall decide what to do"
(art. 3.3.3): :class:`NoTeamPairing` is raised.

The criteria (art. 2):

* absolute: [C1] two teams do not meet twice (Basic Rules art. 2; only played
  matches count, General Handling Rules art. 3.5); [C2] no second PAB, nor a
  PAB after a forfeit win or a full-point bye;
* completion: [C3] the teams not yet paired can always be paired legally;
* quality, in descending priority: [C4] fewest upfloaters, [C5] their scores
  as high as possible (ascending), [C6] the following scoregroup stays
  pairable with the fewest upfloaters, [C7] fewest upfloaters who floated in
  the previous round, [C8] fewest unfulfilled colour preferences, [C9] (Type B)
  fewest unfulfilled strong preferences, [C10] fewest upfloaters' opponents who
  floated in the previous round.  [C7] and [C10] do not apply in the last two
  rounds.

[C4]-[C7] choose the set of upfloaters (art. 3.5), [C8]-[C10] the pairing of
the bracket (art. 3.6).  The legality questions ("does this group of teams
have a pairing under [C1]?") and the bracket choice are answered with the
project's exact maximum-weight perfect matching (:mod:`swisschess.pairing.blossom`),
the bracket's order of art. 3.6 being encoded as one big integer per pair.

The readings chosen where the text is open are listed in docs/teams.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, product

from swisschess.pairing.blossom import NoPerfectMatching, PerfectMatcher
from swisschess.teams.acceleration import check_acceleration, pairing_score
from swisschess.teams.acceleration import floated as accelerated_float
from swisschess.teams.model import (
    Colour,
    ColourModel,
    Preference,
    TeamTournament,
    colour_difference,
    colour_preference,
    colour_sequence,
    floated,
    matches_played,
    may_receive_pab,
    played_opponents,
    score,
    secondary_score,
)


class NoTeamPairing(Exception):
    """No round-pairing complies with the absolute criteria (art. 3.3.3: the
    Chief Arbiter decides what to do)."""


@dataclass(frozen=True)
class Entrant:
    """What the pairing of one round knows about one team."""

    tpn: int
    score: float             # the (primary) score, art. 1.2
    secondary: float         # the secondary score, art. 4.2.2
    met: frozenset[int]      # [C1]
    may_pab: bool            # [C2]
    played: int              # matches played, art. 3.4.3
    colours: tuple[Colour, ...]  # played colours, art. 1.6.1 / GHR 3.4
    cd: int                  # colour difference, art. 1.6.2
    preference: Preference | None  # art. 1.7
    floater: bool            # a floater in the previous round, art. 1.5
    standing: float | None = None  # the real score when ``score`` is a pairing score (C.04.7)


@dataclass(frozen=True)
class Match:
    """A paired match: ``white`` is the team whose first board has White."""

    white: int
    black: int
    rule: str  # the article of art. 4.3 that gave the colours


@dataclass(frozen=True)
class Bracket:
    """One bracket of the round (art. 1.3.2): its score, residents, upfloaters."""

    score: float
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]  # (top, bottom) by TPN, art. 3.6.1


@dataclass(frozen=True)
class TeamRoundPairing:
    """The pairing of one round: the matches in board order (General Handling
    Rules art. 3.6), the PAB, and the brackets in the order they were paired."""

    round: int
    matches: tuple[Match, ...]
    pab: int | None
    brackets: tuple[Bracket, ...]


# ------------------------------------------------------------------ entrants

def entrants(tournament: TeamTournament, absent: set[int] | frozenset[int] = frozenset()
             ) -> list[Entrant]:
    """The teams to be paired in the next round (General Handling Rules art.
    3.2/3.3: withdrawn and absent teams are not paired), in TPN order."""
    rules = tournament.rules
    rnd = tournament.rounds_played + 1
    accelerated = rules.baku or bool(rules.acceleration)
    if accelerated:
        check_acceleration(tournament)
    absent = frozenset(absent)
    out = []
    for team in sorted(tournament.teams, key=lambda t: t.tpn):
        if team.tpn in absent:
            continue
        out.append(Entrant(
            tpn=team.tpn,
            score=pairing_score(tournament, team, rnd, absent) if accelerated else score(team, rules),
            secondary=secondary_score(team, rules),
            met=frozenset(played_opponents(team) | rules.barred(team.tpn, rnd)),  # [C1], record 260
            may_pab=may_receive_pab(team),
            played=matches_played(team),
            colours=tuple(colour_sequence(team)),
            cd=colour_difference(team),
            preference=colour_preference(team, rules, rnd),
            floater=(accelerated_float(tournament, team, rnd - 1) if accelerated
                     else floated(tournament, team, rnd - 1)),
            standing=score(team, rules),
        ))
    return out


# ------------------------------------------------------------------ matching

def _best_matching(teams: list[Entrant], cost: dict[tuple[int, int], int] | None = None
                   ) -> list[tuple[int, int]] | None:
    """A perfect matching of ``teams`` under [C1] with the least total ``cost``
    (None when there is none).  ``cost`` maps index pairs (i < j) to a
    non-negative integer; absent pairs cost nothing."""
    n = len(teams)
    if n == 0:
        return []
    if n % 2:
        return None
    top = 1 + (max(cost.values()) if cost else 0)
    pm = PerfectMatcher(n)
    edges = 0
    for i in range(n):
        for j in range(i + 1, n):
            if teams[j].tpn in teams[i].met:
                continue  # [C1]
            c = cost.get((i, j), 0) if cost else 0
            pm.set_weight(i, j, top - c)  # maximum weight = minimum cost
            edges += 1
    if edges < n // 2:
        return None
    try:
        mate = pm.solve()
    except NoPerfectMatching:
        return None
    return [(i, mate[i]) for i in range(n) if i < mate[i]]


def can_be_paired(teams: list[Entrant]) -> bool:
    """Whether ``teams`` have a pairing complying with [C1] - the question of
    [C3] (art. 2.2.1) and of "legal pairing" (art. 3.1.1).  Every such
    pairing can be reached by the process of art. 3.3.2 (a bracket may take
    upfloaters from any lower scoregroup), so the test is exact."""
    return _best_matching(teams) is not None


# ------------------------------------------------------------------ art. 3.4

def assign_pab(teams: list[Entrant]) -> Entrant | None:
    """Art. 3.4: the PAB goes to the team that (first that applies) 3.4.1
    leaves a legal pairing for all teams, 3.4.2 has the lowest score, 3.4.3
    has played the most matches, 3.4.4 has the largest TPN.  [C2] removes the
    teams that may not receive it."""
    if len(teams) % 2 == 0:
        return None
    candidates = sorted((t for t in teams if t.may_pab),
                        key=lambda t: (t.score, -t.played, -t.tpn))
    for team in candidates:
        if can_be_paired([t for t in teams if t is not team]):
            return team
    raise NoTeamPairing("no team can receive the pairing-allocated-bye and leave a legal "
                        "pairing for all the other teams (C.04.6 art. 3.4.1, 3.3.3)")


# ------------------------------------------------------------------ art. 3.5

def score_profiles(lower: list[Entrant], k: int) -> list[tuple[float, ...]]:
    """The score profiles of ``k`` upfloaters, best first by [C5] (art. 2.3.2:
    "maximise the scores (taken in ascending order) of the upfloaters")."""
    counts: dict[float, int] = {}
    for t in lower:
        counts[t.score] = counts.get(t.score, 0) + 1
    scores = sorted(counts, reverse=True)
    found = [p for p in combinations_with_replacement(scores, k)
             if all(p.count(s) <= counts[s] for s in set(p))]
    return sorted(found, key=lambda p: sorted(p), reverse=True)


def upfloater_sets(lower: list[Entrant], profile: tuple[float, ...]):
    """The sets of upfloaters with ``profile``, each sorted by descending score
    then ascending TPN (art. 3.5.3), the sets in the lexicographic order of
    their TPNs (art. 3.5.4).  Taking the score levels from the highest and the
    combinations of each level in TPN order yields exactly that order."""
    levels = sorted(set(profile), reverse=True)
    choices = [combinations(sorted((t for t in lower if t.score == s), key=lambda t: t.tpn),
                            profile.count(s)) for s in levels]
    for parts in product(*choices):
        yield [t for part in parts for t in part]


def _c6_complied(following_score: float | None, rest: list[Entrant]) -> bool:
    """[C6] art. 2.3.3: "Unless all the teams in the following scoregroup became
    or are upfloaters (thus this scoregroup is now empty), choose the set of
    upfloaters so that criteria [C1], [C3] and [C4] are complied with in the
    bracket where this (not empty) scoregroup is paired".

    Reading (open point A6): what is left of the following scoregroup can be
    paired together with the fewest upfloaters its parity allows (none when it
    is even, one when odd) while the teams below stay pairable.  The following
    scoregroup is the next lower score among the teams of the round.  gacrux
    reads it the same way; the 2024 text graded it differently."""
    if following_score is None:
        return True
    following = [t for t in rest if t.score == following_score]
    if not following:
        return True
    others = [t for t in rest if t.score != following_score]
    if len(following) % 2 == 0:
        return can_be_paired(following) and can_be_paired(others)
    return any(can_be_paired(following + [u]) and can_be_paired([t for t in others if t is not u])
               for u in others)


def select_upfloaters(residents: list[Entrant], lower: list[Entrant],
                      following_score: float | None, last_two_rounds: bool
                      ) -> list[Entrant]:
    """Art. 3.5: the set of upfloaters of the top-scoregroup.

    3.5.1 every team with a lower score is a potential upfloater; 3.5.2 the
    sets complying with [C4] and [C5] are considered (this "determines the
    number of upfloaters in the set and their scores"); 3.5.3/3.5.4 ordered;
    3.5.5 "choose the first set that, together with the top-scoregroup,
    produces a legal pairing that also complies with [C6] and [C7]".

    Readings (open points A7, A10): a number of upfloaters, or a score profile,
    none of whose sets gives a legal pairing with the teams left pairable ([C3])
    is no candidate - the next one is tried.  Among the legal sets of the best
    profile, "complies with [C6] and [C7]" is read as: [C6] complied with if
    any set can, then the fewest [C7] floaters, then the first in the order.
    """
    for k in range(len(residents) % 2, len(lower) + 1, 2):  # [C4]
        for profile in score_profiles(lower, k):                   # [C5]
            best: tuple[tuple[int, int, int], list[Entrant]] | None = None
            for index, ups in enumerate(upfloater_sets(lower, profile)):
                if not can_be_paired(residents + ups):
                    continue
                chosen = {t.tpn for t in ups}
                rest = [t for t in lower if t.tpn not in chosen]
                if not can_be_paired(rest):
                    continue                                  # [C3]
                c6 = 0 if _c6_complied(following_score, rest) else 1
                c7 = 0 if last_two_rounds else sum(t.floater for t in ups)
                key = (c6, c7, index)
                if best is None or key < best[0]:
                    best = (key, ups)
                if c6 == 0 and c7 == 0:
                    break
            if best is not None:
                return best[1]
    raise NoTeamPairing("the top-scoregroup has no legal pairing with any set of upfloaters "
                        "(C.04.6 art. 3.5, 3.3.3)")


# ------------------------------------------------------------------ art. 3.6

def _unfulfilled(a: Entrant, b: Entrant, type_b: bool) -> tuple[int, int]:
    """([C8], [C9]) of a pair.  Art. 4.3.2/4.3.3 grant every preference of a
    pair unless both teams want the same colour; then one team is left
    unfulfilled, and (Type B, art. 4.3.4) that team had a strong preference
    only if both had one."""
    pa, pb = a.preference, b.preference
    if pa is None or pb is None or pa.colour is not pb.colour:
        return 0, 0
    return 1, int(type_b and pa.strong and pb.strong)


def pair_bracket(bracket: list[Entrant], upfloaters: set[int], type_b: bool,
                 last_two_rounds: bool) -> list[tuple[Entrant, Entrant]]:
    """Art. 3.6: the first pairing, in the lexicographic order of identifiers,
    that complies with [C1], [C8], [C9] and [C10].

    3.6.1 the team with the smaller TPN is the top member of a pair; 3.6.2 a
    pairing is identified by the top members' TPNs in ascending order followed
    by the bottom members of the corresponding pairs; 3.6.3 identifiers are
    compared lexicographically.  "Complies with" the minimising criteria is read
    as: [C8] as small as possible, then [C9], then [C10], then the first
    identifier (open point A7).

    The order is one integer cost per pair, minimised by a perfect matching.
    With the bracket's teams numbered 1..B by TPN, a pair (top t, bottom b)
    costs ``2**(B-b) * base**B + b * base**(B-t)`` with ``base = B+1``: the
    first term makes the set of top members decide first (the smallest team in
    which two sets differ is a top member in the smaller identifier), the second
    compares the bottom members in the order of their top members.  [C10],
    [C9] and [C8] sit above, each scaled past the maximum of everything below.
    """
    teams = sorted(bracket, key=lambda t: t.tpn)
    size = len(teams)
    base = size + 1
    w_top = base ** size
    w10 = w_top * 2 ** size
    w9 = w10 * (size + 1)
    w8 = w9 * (size + 1)
    cost: dict[tuple[int, int], int] = {}
    for i in range(size):
        for j in range(i + 1, size):
            a, b = teams[i], teams[j]
            c8, c9 = _unfulfilled(a, b, type_b)
            c10 = 0
            if not last_two_rounds:
                c10 = (int(a.tpn in upfloaters and b.floater)
                       + int(b.tpn in upfloaters and a.floater))
            top, bottom = i + 1, j + 1
            cost[(i, j)] = (c8 * w8 + c9 * w9 + c10 * w10
                            + 2 ** (size - bottom) * w_top + bottom * base ** (size - top))
    matching = _best_matching(teams, cost)
    if matching is None:
        raise NoTeamPairing("a bracket chosen as legal has no pairing")  # cannot happen
    return sorted(((teams[i], teams[j]) for i, j in matching), key=lambda p: p[0].tpn)


# ------------------------------------------------------------------ art. 4

def first_team(a: Entrant, b: Entrant, use_secondary: bool) -> bool:
    """Art. 4.2: whether ``a`` is the first-team - the higher primary score,
    then the higher secondary score (unless the rules say not to use it), then
    the smaller TPN."""
    sa = a.score if a.standing is None else a.standing  # 4.2.1: the real score, not C.04.7's
    sb = b.score if b.standing is None else b.standing
    if sa != sb:
        return sa > sb
    if use_secondary and a.secondary != b.secondary:
        return a.secondary > b.secondary
    return a.tpn < b.tpn


def allocate_colours(a: Entrant, b: Entrant, tournament: TeamTournament) -> Match:
    """Art. 4.3, with descending priority; the colour is that of board 1."""
    rules = tournament.rules
    first, other = (a, b) if first_team(a, b, rules.secondary_for_colour) else (b, a)

    def give(colour: Colour, rule: str) -> Match:
        if colour is Colour.WHITE:
            return Match(first.tpn, other.tpn, rule)
        return Match(other.tpn, first.tpn, rule)

    fp, op = first.preference, other.preference
    if first.played == 0 and other.played == 0:
        # 4.3.1 both teams have yet to play a match: the first-team gets the
        # initial-colour if its TPN is odd, otherwise the opposite one
        colour = rules.initial_colour if first.tpn % 2 else rules.initial_colour.other
        return give(colour, "4.3.1")
    if fp is not None and op is None:
        return give(fp.colour, "4.3.2")          # only one preference: grant it
    if fp is None and op is not None:
        return give(op.colour.other, "4.3.2")
    if fp is not None and op is not None and fp.colour is not op.colour:
        return give(fp.colour, "4.3.3")          # opposite preferences: grant both
    if rules.colour_model is ColourModel.TYPE_B and fp is not None and op is not None:
        if fp.strong and not op.strong:
            return give(fp.colour, "4.3.4")      # only one strong preference
        if op.strong and not fp.strong:
            return give(op.colour.other, "4.3.4")
    if first.cd != other.cd:
        # 4.3.5 White to the lower colour difference (-2 is lower than -1)
        return give(Colour.WHITE if first.cd < other.cd else Colour.BLACK, "4.3.5")
    # 4.3.6 alternate to the most recent time one had White and the other Black;
    # the played colours are compared from the end (GHR art. 3.4, open point A12)
    for fc, oc in zip(reversed(first.colours), reversed(other.colours), strict=False):
        if fc is not oc:
            return give(fc.other, "4.3.6")
    if fp is not None:
        return give(fp.colour, "4.3.7")          # the first-team's preference
    if first.colours:
        return give(first.colours[-1].other, "4.3.8")
    if other.colours:
        return give(other.colours[-1], "4.3.9")  # alternate the other team's colour
    raise AssertionError("art. 4.3.1 covers two teams that have never played")


# ------------------------------------------------------------------ the round

def pair_round(tournament: TeamTournament, absent: set[int] | frozenset[int] = frozenset()
               ) -> TeamRoundPairing:
    """Pair the next round of ``tournament`` (art. 3.3.2).  ``absent``: TPNs of
    teams not to be paired (withdrawn or known to be absent, GHR art. 3.2/3.3)."""
    rules = tournament.rules
    rnd = tournament.rounds_played + 1
    if rnd > rules.rounds:
        raise ValueError(f"round {rnd} is past the {rules.rounds} declared rounds")
    last_two = rnd > rules.rounds - 2   # [C7] art. 2.3.4, [C10] art. 2.3.7
    type_b = rules.colour_model is ColourModel.TYPE_B
    teams = entrants(tournament, absent)
    levels = sorted({t.score for t in teams}, reverse=True)

    pab = assign_pab(teams)                                   # step 1, art. 3.4
    todo = [t for t in teams if t is not pab]
    brackets: list[Bracket] = []
    pairs: list[tuple[Entrant, Entrant]] = []
    while todo:                                               # steps 2-3
        top = max(t.score for t in todo)                      # art. 3.2
        residents = [t for t in todo if t.score == top]
        lower = [t for t in todo if t.score < top]
        below = [s for s in levels if s < top]
        ups = select_upfloaters(residents, lower, below[0] if below else None, last_two)
        bracket_pairs = pair_bracket(residents + ups, {t.tpn for t in ups}, type_b, last_two)
        pairs.extend(bracket_pairs)
        brackets.append(Bracket(top, tuple(t.tpn for t in residents),
                                tuple(t.tpn for t in ups),
                                tuple((p.tpn, q.tpn) for p, q in bracket_pairs)))
        paired = {t.tpn for t in residents} | {t.tpn for t in ups}
        todo = [t for t in todo if t.tpn not in paired]

    matches = [(allocate_colours(a, b, tournament), a, b) for a, b in pairs]   # step 4
    # Board order: C.04.6 does not say; General Handling Rules art. 3.6 -
    # the higher score of the pair, then the higher sum, then the smaller TPN.
    matches.sort(key=lambda m: (-max(m[1].score, m[2].score), -(m[1].score + m[2].score),
                                min(m[1].tpn, m[2].tpn)))
    return TeamRoundPairing(rnd, tuple(m[0] for m in matches),
                            pab.tpn if pab is not None else None, tuple(brackets))


__all__ = [
    "Bracket", "Entrant", "Match", "NoTeamPairing", "TeamRoundPairing", "allocate_colours",
    "assign_pab", "can_be_paired", "entrants", "first_team", "pair_bracket", "pair_round",
    "select_upfloaters",
]
