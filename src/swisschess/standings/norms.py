"""Title norms: FIDE Title Regulations (B.01) effective from 1 January 2024.

For every player and each of GM, IM, WGM, WIM (the women's titles only for
women, TRF sex ``w``/``f``), every requirement of B.01 1.4 that a tournament
file can decide is checked and named:

``games`` (1.4.1 a, c)
    at least 9 games; in a 9-round tournament 8 games are enough when the
    missing game is a forfeit win or a pairing-allocated bye (1.4.1 c).
    Counted: games played over the board (1.4.2 c: forfeits and games decided
    otherwise are left out; TRF ``W D L`` results, less than one move, too) and,
    in a round robin, not the games against unrated players who scored zero
    against the rated opponents (1.4.2 b).
``federations`` (1.4.3)
    opponents from at least two federations other than the player's.
    ``FID`` is accepted but is not a federation (QC clarification).
``own_federation`` / ``one_federation`` (1.4.4)
    at most 3/5 of the opponents from the player's federation, at most 2/3 from
    one federation (maximum counts rounded down).  1.4.3 and 1.4.4 are waived
    in the exempt events of 1.4.3 a-c (national championships, national team
    championships, zonals: ``exempt=True``, the arbiter knows) and in a Swiss
    tournament meeting 1.4.3 d (at least 20 FIDE-rated players not from the host
    federation, from at least 3 federations, at least 10 of them GM, IM, WGM or
    WIM, counting players who missed at most one round besides a PAB).
``titled`` (1.4.5 a)
    at least 50 % of the opponents title-holders, CM and WCM not counted.
``title_holders`` (1.4.5 b-e)
    at least a third of the opponents, minimum 3, GMs (GM norm); IMs or GMs (IM);
    WGMs, IMs or GMs (WGM); WIMs, WGMs, IMs or GMs (WIM).
``average`` (1.4.6-1.4.8 a)
    Ra, the opponents' average (0.5 rounded up, 1.4.7), at least GM 2380, IM 2230,
    WGM 2180, WIM 2030.  Unrated opponents count 1400 (1.4.6 d); the lowest-rated
    opponent alone is raised to the adjusted rating floor GM 2200, IM 2050,
    WGM 2000, WIM 1850 (1.4.6 b-c).
``performance`` (1.4.8)
    Rp = Ra + dp (table 1.4.9 = B.02 8.1.1, p rounded to whole percent, 0.5 up)
    at least GM 2600, IM 2450, WGM 2400, WIM 2250.
``score`` (1.4.8 b)
    at least 35 %.

For a player who missed a norm, :attr:`NormCheck.needed` is the lowest score
(in half points, over the same games) with which the score requirements
(performance and 35 %) would have been met, or None when no score would do.

Not decided from a file (documented, not checked): the administration rules
of 1.1 (time control, arbiters, registration), opponents of federations
outside FIDE (1.4.2 a), tournaments changed to favour a player (1.4.2 d),
ignoring games after a norm is reached or against beaten opponents (1.4.1 e-f:
an arbiter may re-run the check on a shortened file), the team-event
exceptions of 1.4.1 b and the double round robin rule of 1.4.5.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from swisschess.model.tournament import Tournament
from swisschess.standings.field import Field, Kind
from swisschess.standings.rating import average_rating, dp, round_half_up

EDITION = "FIDE Title Regulations (B.01) effective from 1 January 2024"
EDITION_DATE = "2024-01-01"

NORM_TITLES = ("GM", "IM", "WGM", "WIM")
WOMEN_NORMS = frozenset({"WGM", "WIM"})
#: 1.4.6 b adjusted rating floor; 1.4.8 a minimum Ra; 1.4.8 minimum Rp
FLOOR = {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}
MIN_RA = {"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030}
MIN_RP = {"GM": 2600, "IM": 2450, "WGM": 2400, "WIM": 2250}
#: 1.4.5 b-e: titles that count for each norm
COUNTS_FOR = {
    "GM": frozenset({"GM"}),
    "IM": frozenset({"GM", "IM"}),
    "WGM": frozenset({"GM", "IM", "WGM"}),
    "WIM": frozenset({"GM", "IM", "WGM", "WIM"}),
}
#: 1.4.5 a: title-holders (CM and WCM do not count)
TITLE_HOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
UNRATED_AS = 1400  # 1.4.6 d
MIN_GAMES = 9      # 1.4.1 a
NO_FEDERATION = "FID"

#: requirement key -> article (for messages and JSON)
ARTICLES = {
    "games": "1.4.1", "federations": "1.4.3", "own_federation": "1.4.4",
    "one_federation": "1.4.4", "titled": "1.4.5a", "title_holders": "1.4.5",
    "average": "1.4.8a", "performance": "1.4.8", "score": "1.4.8b",
}

_TRF_TITLES = {"G": "GM", "M": "IM", "F": "FM", "C": "CM",
               "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM"}


def title_of(raw: str) -> str:
    """The title of a TRF title field: ``g`` -> ``GM``, ``wm`` -> ``WIM``; ``GM`` stays."""
    s = (raw or "").strip().upper()
    return _TRF_TITLES.get(s, s)


#: B.01 0.3 / 1.5: a player holding a title needs no norm for it nor for these
HOLDS = {
    "GM": frozenset(NORM_TITLES),
    "IM": frozenset({"IM", "WIM"}),
    "WGM": frozenset({"WGM", "WIM"}),
    "WIM": frozenset({"WIM"}),
}


def holds(title: str, norm: str) -> bool:
    """The player's title (TRF field) makes a ``norm`` for ``norm`` pointless."""
    return norm in HOLDS.get(title_of(title), frozenset())


def is_woman(sex: str) -> bool:
    return (sex or "").strip().lower() in ("w", "f")


@dataclass(frozen=True, slots=True)
class NormCheck:
    """One title's norm check for one player."""

    title: str
    met: bool
    #: requirement key -> (met, value, required), e.g. ("performance", (False, 2580, 2600))
    requirements: dict[str, tuple[bool, int, int]]
    average_opponent_rating: int
    performance_rating: int
    #: lowest score that meets the score requirements; None when none can
    needed: Fraction | None = None

    @property
    def missing(self) -> list[str]:
        return [k for k, (ok, _, _) in self.requirements.items() if not ok]


@dataclass(frozen=True, slots=True)
class PlayerNorms:
    number: int
    name: str
    games: int
    score: Fraction
    #: Ra / Rp with unrated opponents at 1400 and no floor (as 1.4.6 d, 1.4.7)
    average_opponent_rating: int | None
    performance_rating: int | None
    checks: list[NormCheck] = field(default_factory=list)
    #: 1.4.1 c was used (8 games + a forfeit win or PAB in a 9-round event)
    eight_games: bool = False
    #: the player's own title (GM, IM, ...; "" for none)
    title: str = ""

    def sought(self) -> list[NormCheck]:
        """The checks of the titles the player does not hold yet."""
        return [c for c in self.checks if not holds(self.title, c.title)]

    @property
    def norms(self) -> list[str]:
        return [c.title for c in self.checks if c.met]


def _norm_ratings(ratings: list[int], title: str) -> list[int]:
    """1.4.6 b-d: unrated 1400; the lowest opponent alone raised to the floor."""
    rs = sorted(r if r > 0 else UNRATED_AS for r in ratings)
    if rs and rs[0] < FLOOR[title]:
        rs[0] = FLOOR[title]
    return rs


def performance(score: Fraction, ratings: list[int]) -> tuple[int, int]:
    """(Ra, Rp) of 1.4.7-1.4.8 for ratings already adjusted."""
    ra = average_rating(ratings)
    assert ra is not None
    return ra, ra + dp(Fraction(score) / len(ratings))


def exemption_1_4_3d(t: Tournament, f: Field) -> bool:
    """1.4.3 d: a Swiss with at least 20 FIDE-rated players not from the host
    federation, from at least 3 federations, at least 10 of them GM/IM/WGM/WIM,
    counting players who missed at most one round (a PAB is not missed)."""
    host = (t.federation or "").upper()
    if not host or f.round_robin:
        return False
    foreign = []
    for pid, p in t.players.items():
        fed = p.federation.upper()
        if p.rating <= 0 or not fed or fed in (host, NO_FEDERATION):
            continue
        missed = sum(1 for r in f.recs[pid] if not r.played and r.kind is not Kind.PAB)
        if missed <= 1:
            foreign.append(p)
    feds = {p.federation.upper() for p in foreign}
    titled = sum(1 for p in foreign if title_of(p.title) in ("GM", "IM", "WGM", "WIM"))
    return len(foreign) >= 20 and len(feds) >= 3 and titled >= 10


def _zero_scorers_rr(t: Tournament, f: Field) -> set[int]:
    """1.4.2 b: unrated players who scored zero against the rated opponents (round robin)."""
    out = set()
    for pid, p in t.players.items():
        if p.rating > 0:
            continue
        vs_rated = [r for r in f.recs[pid] if r.played and r.opponent is not None
                    and t.players[r.opponent].rating > 0]
        if sum((r.rating_points for r in vs_rated), Fraction(0)) == 0:
            out.add(pid)
    return out


def _check(title: str, player_fed: str, score: Fraction, opps: list[int], t: Tournament,
           games_ok: bool, n_games_counted: int, exempt: bool) -> NormCheck:
    n = len(opps)
    ps = t.players
    req: dict[str, tuple[bool, int, int]] = {"games": (games_ok, n_games_counted, MIN_GAMES)}
    feds = [ps[o].federation.upper() for o in opps]
    own = player_fed.upper()
    if not exempt:
        foreign = {x for x in feds if x and x not in (own, NO_FEDERATION)}
        req["federations"] = (len(foreign) >= 2, len(foreign), 2)
        n_own = sum(1 for x in feds if x and x == own and x != NO_FEDERATION)
        max_own = 3 * n // 5
        req["own_federation"] = (n_own <= max_own, n_own, max_own)
        counted = Counter(x for x in feds if x and x != NO_FEDERATION)
        top = max(counted.values(), default=0)
        max_one = 2 * n // 3
        req["one_federation"] = (top <= max_one, top, max_one)
    titles = [title_of(ps[o].title) for o in opps]
    n_th = sum(1 for x in titles if x in TITLE_HOLDERS)
    need_th = math.ceil(n / 2)
    req["titled"] = (n_th >= need_th, n_th, need_th)
    n_t = sum(1 for x in titles if x in COUNTS_FOR[title])
    need_t = max(3, math.ceil(n / 3))
    req["title_holders"] = (n_t >= need_t, n_t, need_t)
    ratings = _norm_ratings([ps[o].rating for o in opps], title)
    ra, rp = performance(score, ratings)
    req["average"] = (ra >= MIN_RA[title], ra, MIN_RA[title])
    req["performance"] = (rp >= MIN_RP[title], rp, MIN_RP[title])
    pct = int(round_half_up(Fraction(score) * 100 / n))
    req["score"] = (pct >= 35, pct, 35)
    met = all(ok for ok, _, _ in req.values())
    needed = None
    if not met:
        for half in range(0, 2 * n + 1):
            s = Fraction(half, 2)
            if (performance(s, ratings)[1] >= MIN_RP[title]
                    and round_half_up(s * 100 / n) >= 35):
                needed = s
                break
    return NormCheck(title, met, req, ra, rp, needed)


def player_norms(t: Tournament, f: Field, pid: int, *, exempt: bool = False,
                 zero_scorers: frozenset[int] = frozenset()) -> PlayerNorms:
    """The norm checks of one player over the rounds of ``f``."""
    p = t.players[pid]
    recs = f.recs[pid]
    games = []
    for r in recs:
        e = p.entry(r.round)
        if (r.played and r.opponent is not None and e is not None and e.code in "1=0"
                and r.opponent not in zero_scorers):
            games.append(r)
    opps = [r.opponent for r in games if r.opponent is not None]
    score = sum((r.rating_points for r in games), Fraction(0))
    n = len(opps)
    # 1.4.1 c: 9 rounds, 8 games, the missing one a forfeit win or a PAB
    unplayed = [r for r in recs if r not in games]
    eight = (n == MIN_GAMES - 1 and f.final_round == MIN_GAMES and len(unplayed) == 1
             and unplayed[0].kind in (Kind.FORFEIT_WIN, Kind.PAB))
    games_ok = n >= MIN_GAMES or eight
    counted = MIN_GAMES if eight else n
    if not opps:
        return PlayerNorms(pid, p.name, 0, score, None, None, title=title_of(p.title))
    plain = sorted(t.players[o].rating or UNRATED_AS for o in opps)
    ra0 = average_rating(plain)
    rp0 = ra0 + dp(score / n) if ra0 is not None else None
    titles = [x for x in NORM_TITLES if x not in WOMEN_NORMS or is_woman(p.sex)]
    checks = [_check(x, p.federation, score, opps, t, games_ok, counted, exempt)
              for x in titles]
    return PlayerNorms(pid, p.name, n, score, ra0, rp0, checks, eight, title_of(p.title))


def title_norms(t: Tournament, upto: int | None = None, *,
                exempt: bool = False) -> list[PlayerNorms]:
    """Every player's norm checks after round ``upto`` (default: the last complete
    round), in pairing-number order.  ``exempt``: the event is exempt from the
    federation rules (1.4.3 a-c); 1.4.3 d is tested from the file."""
    f = Field.build(t, upto)
    ex = exempt or exemption_1_4_3d(t, f)
    zero = frozenset(_zero_scorers_rr(t, f)) if f.round_robin else frozenset()
    return [player_norms(t, f, pid, exempt=ex, zero_scorers=zero) for pid in sorted(t.players)]
