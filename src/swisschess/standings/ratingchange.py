"""Rating change of every player: FIDE Rating Regulations (B.02).

The edition in force: **B.02 effective from 1 March 2024**, Art. 8.3.1 as
amended with effect from 1 October 2025 (:data:`EDITION`).  What a
tournament's own results give, player by player:

* **Rated games** (B.02 5.1): games played over the board, both players having
  made at least one move.  Forfeits, byes and TRF ``W D L`` results (less than
  one move) are not rated.  A rated player's change counts only the games
  against *rated* opponents (8.3.1 "for each game played against a rated
  player").
* **Expected score** (8.3.2 a): for each game the difference D between the
  player's and the opponent's rating, PD from table 8.1.2
  (:func:`swisschess.standings.rating.pd`).  The 400-point rule (8.3.1, from 1
  October 2025): a difference above 400 counts as 400 *for players rated below
  2650*; a player rated 2650 or more uses the real difference.  Every game may
  be capped (the "once per event" limit of the 2022 text was abolished on
  1 March 2024).
* **K** (8.3.3): 40 for a player new to the list until 30 games are completed;
  20 while the rating stays under 2400; 10 once a published rating has reached
  2400; 40 until the end of the year of the 18th birthday while the rating
  stays under 2300.  A TRF file does not say how many games a player has
  completed, nor whether a rating of 2400 was ever published: K is the value
  given for the player (``k`` argument), else the K of the FIDE rating list
  the player was imported from (:attr:`Player.k_factor`), else 10 for a
  rating of 2400 or more, else 40 for a junior (year of the tournament's end
  minus the year of birth at most 18) rated under 2300, else the default
  (``default_k``, 20 unless the arbiter says otherwise).  If n games x K
  exceeds 700, K is the largest whole number with K x n <= 700 (8.3.3).
* **Change** (8.3.2 b-d): Delta R = score - PD per game; the rating change of
  the tournament is K x Sigma Delta R.  8.3.4 rounds the change of a rating
  *period* to the nearest whole number, 0.5 away from zero:
  :attr:`RatingChange.change` is the exact figure (what chess-results shows as
  "rtg+/-"), :attr:`RatingChange.rounded` the rounding of 8.3.4 applied to
  this tournament alone.
* **Ra and Rp**: the average rating of the rated opponents (0.5 rounded up)
  and the performance rating Ra + dp(p) of table 8.1.1, p = score / games
  rounded to two decimals, as chess-results prints "Rp".

**Unrated players** (8.2, 7.1.4): if the player scores zero this score is
disregarded (8.2.1, the event taken to be the player's first).  Otherwise
Ra is the average of the rated opponents' ratings *plus two hypothetical
opponents rated 1800*, the result against them a draw (8.2.2); Ru = Ra + dp,
rounded to the nearest whole number, at most 2200 (8.2.3).  A rating is
published only when based on at least 5 games against rated opponents and
at least 1400 (7.1.4); with fewer games the result is pooled with later
events (not rated yet).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from swisschess.model.tournament import Tournament
from swisschess.standings.field import Field
from swisschess.standings.rating import average_rating, dp, pd, round_half_up

#: The edition applied, named in every output.
EDITION = "FIDE Rating Regulations (B.02) effective from 1 March 2024, 8.3.1 as amended from 1 October 2025"
EDITION_DATE = "2024-03-01"

#: B.02 8.3.1: the 400-point rule applies to players rated below this.
NO_CAP_FROM = 2650
#: B.02 8.3.3
K_NEW, K_STANDARD, K_TOP = 40, 20, 10
#: B.02 8.2.2: two hypothetical opponents rated 1800, drawn
HYPOTHETICAL = (1800, 1800)
#: B.02 8.2.3 maximum initial rating; 7.1.4 publication: games and floor
MAX_INITIAL, MIN_GAMES_INITIAL, RATING_FLOOR = 2200, 5, 1400


class Status(StrEnum):
    """What the tournament means for the player's rating."""

    RATED = "rated"              # rated player: a change
    INITIAL = "initial"          # unrated: initial rating published (7.1.4 met)
    PROVISIONAL = "provisional"  # unrated: fewer than 5 games vs rated, pooled (7.1.4)
    BELOW_FLOOR = "below floor"  # unrated: Ru under 1400 (7.1.4)
    ZERO = "zero"                # unrated: zero score, disregarded (8.2.1)
    NO_GAMES = "no games"        # no rated game in this tournament


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One rated game of a player, as B.02 8.3 counts it."""

    round: int
    opponent: int
    opponent_rating: int
    score: Fraction
    #: the rating difference used (after the 400-point rule); None for an unrated player
    difference: int | None = None
    #: PD from table 8.1.2; None for an unrated player
    expected: Fraction | None = None

    @property
    def delta(self) -> Fraction | None:
        """B.02 8.3.2 b: Delta R = score - PD."""
        return None if self.expected is None else self.score - self.expected


@dataclass(frozen=True, slots=True)
class RatingChange:
    """The rating arithmetic of one player for the tournament."""

    number: int
    name: str
    rating: int  # 0 = unrated
    status: Status
    games: list[RatedGame] = field(default_factory=list)
    score: Fraction = Fraction(0)
    #: Ra: average of the rated opponents' ratings (0.5 up); None without games
    average_opponent_rating: int | None = None
    #: Rp = Ra + dp(p) (table 8.1.1); None without games
    performance_rating: int | None = None
    expected_score: Fraction | None = None
    k: int | None = None
    #: where K comes from: "player", "2400", "junior", "default" (+ " 700" when capped)
    k_source: str = ""
    #: K x (score - expected), exact (rated players)
    change: Fraction | None = None
    #: unrated players: Ru (8.2.3), None when not computed
    initial_rating: int | None = None

    @property
    def rounded(self) -> int | None:
        """B.02 8.3.4: to the nearest whole number, 0.5 away from zero."""
        if self.change is None:
            return None
        r = round_half_up(abs(self.change))
        return int(r if self.change >= 0 else -r)

    @property
    def new_rating(self) -> int | None:
        if self.status is Status.RATED:
            return self.rating + (self.rounded or 0)
        if self.status is Status.INITIAL:
            return self.initial_rating
        return None


def birth_year(birth: str) -> int | None:
    """The year of a TRF birth date (``1990/05/12``, ``1990``); None when absent."""
    m = re.match(r"\s*(\d{4})", birth or "")
    return int(m.group(1)) if m else None


def event_year(t: Tournament) -> int | None:
    """Year of the tournament's end date (else start date)."""
    return birth_year(t.end_date) or birth_year(t.start_date)


def k_factor(rating: int, birth: str, year: int | None, default_k: int = K_STANDARD,
             stored: int | None = None) -> tuple[int, str]:
    """K for a rated player and its source (B.02 8.3.3, as far as a file tells).

    ``stored``: the player's own K (rating list, arbiter) wins.  Else 10 for a
    rating of 2400 or more, 40 for a junior under 2300 (until the end of the
    year of the 18th birthday), else ``default_k``.
    """
    if stored is not None:
        return stored, "player"
    if rating >= 2400:
        return K_TOP, "2400"
    by = birth_year(birth)
    if by is not None and year is not None and year - by <= 18 and rating < 2300:
        return K_NEW, "junior"
    return default_k, "default"


def effective_difference(own: int, opponent: int) -> int:
    """B.02 8.3.1 (from 1 October 2025): D, capped at +-400 below 2650."""
    d = own - opponent
    if own < NO_CAP_FROM:
        d = max(-400, min(400, d))
    return d


def initial_rating(games: list[tuple[int, Fraction]]) -> int | None:
    """B.02 8.2.2-8.2.3: Ru from (opponent rating, score) pairs against rated opponents.

    Ra includes two hypothetical opponents rated 1800 drawn; Ru = Ra + dp(p),
    rounded (0.5 up), at most 2200.  None for no games or a zero score (8.2.1).
    """
    if not games or sum((s for _, s in games), Fraction(0)) == 0:
        return None
    ratings = [r for r, _ in games] + list(HYPOTHETICAL)
    score = sum((s for _, s in games), Fraction(0)) + Fraction(len(HYPOTHETICAL), 2)
    ra = Fraction(sum(ratings), len(ratings))
    ru = int(round_half_up(ra + dp(score / len(ratings))))
    return min(ru, MAX_INITIAL)


def rated_games(t: Tournament, f: Field, pid: int) -> list[tuple[int, int, Fraction]]:
    """(round, opponent, score 1/½/0) of the games of ``pid`` that B.02 5.1 rates,
    whatever the opponent's rating: played over the board with at least one
    move each (TRF ``1 = 0``; not ``W D L``, forfeits or byes)."""
    out = []
    p = t.players[pid]
    for rec in f.recs[pid]:
        e = p.entry(rec.round)
        if not rec.played or rec.opponent is None or e is None or e.code not in "1=0":
            continue
        out.append((rec.round, rec.opponent, rec.rating_points))
    return out


def player_change(t: Tournament, f: Field, pid: int, *, default_k: int = K_STANDARD,
                  k: int | None = None) -> RatingChange:
    """The :class:`RatingChange` of one player (rounds of ``f``)."""
    p = t.players[pid]
    games = [(rnd, opp, s, t.players[opp].rating) for rnd, opp, s in rated_games(t, f, pid)]
    games = [g for g in games if g[3] > 0]  # 8.3.1 / 8.2.2: rated opponents only
    score = sum((g[2] for g in games), Fraction(0))
    opp_ratings = [g[3] for g in games]
    ra = average_rating(opp_ratings)
    rp = ra + dp(score / len(games)) if ra is not None else None
    if p.rating <= 0:
        ru = initial_rating([(g[3], g[2]) for g in games])
        rg = [RatedGame(rnd, opp, r, s) for rnd, opp, s, r in games]
        if not games:
            status = Status.NO_GAMES
        elif ru is None:
            status = Status.ZERO
        elif len(games) < MIN_GAMES_INITIAL:
            status = Status.PROVISIONAL
        elif ru < RATING_FLOOR:
            status = Status.BELOW_FLOOR
        else:
            status = Status.INITIAL
        return RatingChange(pid, p.name, 0, status, rg, score, ra, rp, initial_rating=ru)
    rg = []
    for rnd, opp, s, r in games:
        d = effective_difference(p.rating, r)
        rg.append(RatedGame(rnd, opp, r, s, d, pd(d)))
    if not rg:
        return RatingChange(pid, p.name, p.rating, Status.NO_GAMES)
    stored = k if k is not None else p.k_factor  # arbiter's, else the rating list's
    kk, src = k_factor(p.rating, p.birth, event_year(t), default_k, stored)
    if kk * len(rg) > 700:  # 8.3.3
        kk, src = 700 // len(rg), src + " 700"
    expected = sum((g.expected for g in rg if g.expected is not None), Fraction(0))
    return RatingChange(pid, p.name, p.rating, Status.RATED, rg, score, ra, rp, expected,
                        kk, src, kk * (score - expected))


def rating_changes(t: Tournament, upto: int | None = None, *, default_k: int = K_STANDARD,
                   k: dict[int, int] | None = None) -> list[RatingChange]:
    """Every player's :class:`RatingChange` after round ``upto`` (default: the
    last complete round), in pairing-number order.  ``k``: stored K per player."""
    f = Field.build(t, upto)
    k = k or {}
    return [player_change(t, f, pid, default_k=default_k, k=k.get(pid))
            for pid in sorted(t.players)]
