"""Prize lists: categories, shared prize money, one prize per player.

The tournament's rules (not FIDE's) say which prizes there are and how tied
players share them; this module applies what a small TOML file states, such
as :data:`EXAMPLE` (the web app's starting text).  Other category keys: ``unrated = true`` (unrated players only), ``age_max`` /
``age_min`` (inclusive; age = year of the tournament's end minus year of
birth), ``federation`` (a code or a list), ``sharing`` (this category's own
rule).  Players appear in a category in the order of the final standings.

**Sharing.**  Players tied on points who together occupy prize places share the
money of those places:

* ``equal``: the money of the places is pooled and divided equally;
* ``hort`` (the Hort system): ``hort_share`` % of each place's prize goes to the
  player the tie-break puts on that place, the rest is pooled and divided
  equally among the tied players;
* ``tiebreak``: no sharing, each place's prize to the player the tie-break puts
  there (players the tie-breaks cannot separate share equally).

**One prize per player.**  A player who would win in several categories takes
only the best one (the highest amount; on equal amounts the category listed
first); they drop out of the other categories, where the next players move up.
Players are settled one at a time, the one with the highest prize first, and
the lists are worked out again after each, so that shared money follows the
players who actually remain.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from swisschess.i18n import gettext as _
from swisschess.model.tournament import Tournament
from swisschess.standings.ranking import StandingRow, Standings
from swisschess.standings.ratingchange import birth_year, event_year

#: A prize file with every top-level key and the kinds of category.
EXAMPLE = """currency = "EUR"
sharing = "hort"        # hort | equal | tiebreak (default hort)
hort_share = 50         # Hort: percent paid by tie-break order (default 50)
tiebreaks = "BH/C1,BH,SB"   # ranking used (default: the file's / the standard)

[[category]]
name = "Open"
prizes = [500, 300, 200]

[[category]]
name = "Women"
sex = "w"
prizes = [100, 50]

[[category]]
name = "Under 2000"
rating_max = 1999       # rating bands: rating_min / rating_max (inclusive)
include_unrated = true  # unrated players belong to a rating band only if true
prizes = [80, 40]
"""

SHARING = ("hort", "equal", "tiebreak")


class PrizeConfigError(ValueError):
    """The prize file is wrong; the message names the field."""


@dataclass(frozen=True, slots=True)
class Category:
    name: str
    prizes: tuple[Fraction, ...]
    sharing: str
    sex: str = ""
    rating_min: int | None = None
    rating_max: int | None = None
    include_unrated: bool = False
    unrated_only: bool = False
    age_min: int | None = None
    age_max: int | None = None
    federations: frozenset[str] = frozenset()

    def admits(self, t: Tournament, pid: int) -> bool:
        p = t.players[pid]
        if self.sex and p.sex.strip().lower() not in _SEXES.get(self.sex, {self.sex}):
            return False
        if self.unrated_only and p.rating > 0:
            return False
        if self.rating_min is not None or self.rating_max is not None:
            if p.rating <= 0:
                if not self.include_unrated:
                    return False
            elif ((self.rating_min is not None and p.rating < self.rating_min)
                  or (self.rating_max is not None and p.rating > self.rating_max)):
                return False
        if self.age_min is not None or self.age_max is not None:
            by, year = birth_year(p.birth), event_year(t)
            if by is None or year is None:
                return False
            age = year - by
            if ((self.age_min is not None and age < self.age_min)
                    or (self.age_max is not None and age > self.age_max)):
                return False
        return not self.federations or p.federation.upper() in self.federations


_SEXES = {"w": {"w", "f"}, "f": {"w", "f"}, "m": {"m"}}


@dataclass(frozen=True, slots=True)
class PrizeConfig:
    categories: tuple[Category, ...]
    currency: str = ""
    hort_share: Fraction = Fraction(1, 2)
    tiebreaks: str | None = None


def _money(v: Any, where: str) -> Fraction:
    bad = _("{field}: a number is expected, not {value}").format(field=where, value=repr(v))
    if isinstance(v, bool) or not isinstance(v, int | float | str):
        raise PrizeConfigError(bad)
    try:
        x = Fraction(str(v))
    except ValueError:
        raise PrizeConfigError(bad) from None
    if x < 0:
        raise PrizeConfigError(_("{field}: cannot be negative ({value})").format(
            field=where, value=v))
    return x


def _int(d: dict[str, Any], key: str, where: str) -> int | None:
    v = d.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        raise PrizeConfigError(_("{field}: a whole number is expected, not {value}").format(
            field=f"{where}.{key}", value=repr(v)))
    return v


_CATEGORY_KEYS = {"name", "prizes", "sharing", "sex", "rating_min", "rating_max",
                  "include_unrated", "unrated", "age_min", "age_max", "federation"}


def parse_config(text: str) -> PrizeConfig:
    """The :class:`PrizeConfig` of a TOML text; :class:`PrizeConfigError` names the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PrizeConfigError(_("not valid TOML: {reason}").format(reason=e)) from None
    sharing = data.get("sharing", "hort")
    if sharing not in SHARING:
        raise PrizeConfigError(_("{field}: {value} is not one of {choices}").format(
            field="sharing", value=repr(sharing), choices="hort, equal, tiebreak"))
    hort = data.get("hort_share", 50)
    if isinstance(hort, bool) or not isinstance(hort, int | float) or not 0 <= hort <= 100:
        raise PrizeConfigError(_("{field}: a percentage from 0 to 100 is expected, not {value}")
                               .format(field="hort_share", value=repr(hort)))
    tb = data.get("tiebreaks")
    if tb is not None and not isinstance(tb, str):
        raise PrizeConfigError(_("{field}: a list such as {example} is expected").format(
            field="tiebreaks", example='"BH/C1,BH,SB"'))
    raw = data.get("category")
    if not isinstance(raw, list) or not raw:
        raise PrizeConfigError(_("{field}: at least one [[category]] table is needed").format(
            field="category"))
    cats: list[Category] = []
    for i, c in enumerate(raw, 1):
        where = f"category {i}"
        if not isinstance(c, dict):
            raise PrizeConfigError(_("{field}: a table is expected").format(field=where))
        unknown = sorted(set(c) - _CATEGORY_KEYS)
        if unknown:
            raise PrizeConfigError(_("{field}: unknown key").format(field=f"{where}.{unknown[0]}"))
        name = c.get("name")
        if not isinstance(name, str) or not name.strip():
            raise PrizeConfigError(_("{field}: a name is needed").format(field=f"{where}.name"))
        if any(x.name == name.strip() for x in cats):
            raise PrizeConfigError(_("{field}: {value} names two categories").format(
                field=f"{where}.name", value=repr(name)))
        prizes = c.get("prizes")
        if not isinstance(prizes, list) or not prizes:
            raise PrizeConfigError(_("{field}: a list of amounts is needed").format(
                field=f"{where}.prizes"))
        share = c.get("sharing", sharing)
        if share not in SHARING:
            raise PrizeConfigError(_("{field}: {value} is not one of {choices}").format(
                field=f"{where}.sharing", value=repr(share), choices="hort, equal, tiebreak"))
        sex = str(c.get("sex", "")).strip().lower()
        if sex not in ("", "m", "w", "f"):
            raise PrizeConfigError(_("{field}: {value} is not one of {choices}").format(
                field=f"{where}.sex", value=repr(sex), choices="w, m"))
        fed = c.get("federation", [])
        feds = [fed] if isinstance(fed, str) else fed
        if not isinstance(feds, list) or not all(isinstance(x, str) for x in feds):
            raise PrizeConfigError(_("{field}: a federation code or a list of codes is expected")
                                   .format(field=f"{where}.federation"))
        cats.append(Category(
            name.strip(), tuple(_money(v, f"{where}.prizes") for v in prizes), share, sex,
            _int(c, "rating_min", where), _int(c, "rating_max", where),
            bool(c.get("include_unrated", False)), bool(c.get("unrated", False)),
            _int(c, "age_min", where), _int(c, "age_max", where),
            frozenset(x.upper() for x in feds)))
    return PrizeConfig(tuple(cats), str(data.get("currency", "")),
                       Fraction(str(hort)) / 100, tb)


@dataclass(frozen=True, slots=True)
class Award:
    """One player's prize in a category."""

    category: str
    place: str  # "1", "2-4" (a shared place)
    number: int
    name: str
    points: Fraction
    amount: Fraction


@dataclass(slots=True)
class PrizeList:
    currency: str
    #: category name -> awards in place order (also the players on shared places
    #: beyond the prize money, with 0, are left out)
    categories: dict[str, list[Award]] = field(default_factory=dict)

    def total(self) -> Fraction:
        return sum((a.amount for aw in self.categories.values() for a in aw), Fraction(0))


def _groups(rows: list[StandingRow], by_rank: bool) -> list[list[StandingRow]]:
    """Consecutive rows with equal points (or equal rank)."""
    out: list[list[StandingRow]] = []
    for r in rows:
        key = r.rank if by_rank else r.points
        prev = (out[-1][0].rank if by_rank else out[-1][0].points) if out else None
        if out and key == prev:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def allocate(cat: Category, rows: list[StandingRow], hort_share: Fraction) -> list[Award]:
    """The awards of one category for its players ``rows`` (in ranking order)."""
    prizes = list(cat.prizes)
    awards: list[Award] = []
    place = 0
    for g in _groups(rows, by_rank=cat.sharing == "tiebreak"):
        first, last = place, place + len(g)
        place = last
        if first >= len(prizes):
            break
        money = [prizes[i] if i < len(prizes) else Fraction(0) for i in range(first, last)]
        pool = sum(money, Fraction(0))
        label = str(first + 1) if len(g) == 1 else f"{first + 1}-{last}"
        for i, r in enumerate(g):
            if cat.sharing == "hort":
                amount = hort_share * money[i] + (1 - hort_share) * pool / len(g)
            else:  # equal, or players the tie-breaks cannot separate
                amount = pool / len(g)
            awards.append(Award(cat.name, label, r.id, r.player.name, r.points, amount))
    return awards


def prize_list(t: Tournament, st: Standings, config: PrizeConfig) -> PrizeList:
    """Allocate the prizes of ``config`` over the standings ``st``, one per player."""
    eligible = {c.name: [r for r in st.rows if c.admits(t, r.id)] for c in config.categories}
    order = {c.name: i for i, c in enumerate(config.categories)}
    rank = {r.id: i for i, r in enumerate(st.rows)}
    excluded: dict[str, set[int]] = {c.name: set() for c in config.categories}
    settled: set[int] = set()
    while True:
        result = {c.name: allocate(c, [r for r in eligible[c.name]
                                       if r.id not in excluded[c.name]], config.hort_share)
                  for c in config.categories}
        by_player: dict[int, list[Award]] = {}
        for aw in result.values():
            for a in aw:
                if a.amount > 0:
                    by_player.setdefault(a.number, []).append(a)
        conflicts = {pid: aw for pid, aw in by_player.items() if len(aw) > 1 and pid not in settled}
        if not conflicts:
            break
        best = {p: max(aw, key=lambda x: (x.amount, -order[x.category]))
                for p, aw in conflicts.items()}
        pid = max(conflicts, key=lambda p: (best[p].amount, -rank[p]))
        keep = best[pid].category
        for c in config.categories:
            if c.name != keep:
                excluded[c.name].add(pid)
        settled.add(pid)
    return PrizeList(config.currency, {name: [a for a in aw if a.amount > 0]
                                       for name, aw in result.items()})
