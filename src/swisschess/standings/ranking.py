"""Standings: rank the participants by points and an ordered tie-break list.

C.07 (2026) Art. 4.2: the first tie-break ranks the tied participants; each
next one is applied only to the subgroups still tied.  When the list is
exhausted the remaining ties stay as *shared places* (this program never draws
lots; the order inside a shared place is the pairing number).  Ranks are
"1, 2, 2, 4" (competition ranking).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol, TypeVar

from swisschess.model.tournament import Player, Tournament
from swisschess.standings.field import Field, normalise_edition
from swisschess.standings.spec import TiebreakSpec, parse_tiebreak, parse_tiebreaks
from swisschess.standings.tiebreaks import Value, compute

GROUP_BASED = frozenset({"DE", "DE1"})


@dataclass(slots=True)
class StandingRow:
    rank: int
    player: Player
    points: Fraction
    #: one value per tie-break of :attr:`Standings.tiebreaks` (points excluded)
    values: list[Value]
    withdrawn: bool = False

    @property
    def id(self) -> int:
        return self.player.id


@dataclass(slots=True)
class Standings:
    """Ranked rows after round :attr:`round` under :attr:`edition`."""

    tiebreaks: list[TiebreakSpec]
    rows: list[StandingRow]
    round: int
    edition: str
    notes: list[str] = field(default_factory=list)

    @property
    def labels(self) -> list[str]:
        return [s.label for s in self.tiebreaks]

    def row(self, pid: int) -> StandingRow:
        for r in self.rows:
            if r.id == pid:
                return r
        raise KeyError(pid)


# -------------------------------------------------------- Art. 6 (type A)
E = TypeVar("E", bound="Encounter")


class Encounter(Protocol):
    """A game or a match as Art. 6 reads it."""

    @property
    def opponent(self) -> int | None: ...
    @property
    def played(self) -> bool: ...


def mutual_scores(group: list[int], records: Callable[[int], Iterable[E]],
                  points: Callable[[E], Fraction], forfeits: bool,
                  ) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Art. 6.1: the score of each member of ``group`` against the others (the
    average against an opponent met more than once, 6.1.2; forfeits only when
    ``forfeits``, 6.1.1) and the number of distinct members met.  For players
    and teams alike: ``records(id)`` are its games or matches, ``points(r)``
    what one gave."""
    members = set(group)
    score: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    for pid in group:
        per_opp: dict[int, list[Fraction]] = {}
        for r in records(pid):
            if r.opponent in members and (r.played or (forfeits and r.opponent is not None)):
                per_opp.setdefault(r.opponent, []).append(points(r))
        score[pid] = sum((Fraction(sum(v, Fraction(0))) / len(v) for v in per_opp.values()),
                         Fraction(0))
        met[pid] = len(per_opp)
    return score, met


def direct_encounter(f: Field, group: list[int], forfeits: bool = False) -> list[list[int]]:
    """C.07 (2026) Art. 6: order a group of tied participants into subgroups.

    * 6.1: points scored in the games among the tied participants; forfeits
      excluded unless ``forfeits`` (6.1.1, modifier ``/P``); several games
      against the same opponent count as their average (6.1.2);
    * 6.2: if all of them met, the separate standings decide; sub-ties are
      resolved by applying Art. 6 again to them;
    * 6.3: if not all met (Swiss), a participant ranks first only if he stays
      alone on top whatever the missing games would give (counted as wins for
      the others); then the same for the next place; Art. 6 is reapplied to
      those still tied.
    """
    group = sorted(group)
    if len(group) < 2:
        return [group]
    score, met = mutual_scores(group, lambda pid: f.recs[pid], lambda r: r.points,
                               forfeits or f.round_robin)
    return encounter_groups(group, score, met, f.win,
                            lambda sub: direct_encounter(f, sub, forfeits))


def encounter_groups(group: list[int], score: dict[int, Fraction], met: dict[int, int],
                     most: Fraction, again: Callable[[list[int]], list[list[int]]],
                     ) -> list[list[int]]:
    """C.07 Art. 6.2-6.3 once the mutual ``score`` and the number of members
    ``met`` are known (players or teams alike): ``most`` is what one missing
    encounter can give, ``again`` reapplies Art. 6 to a tied subgroup."""
    need = len(group) - 1
    if all(met[p] == need for p in group):
        # 6.2 (a round robin always lands here once its games are played)
        values = sorted({score[p] for p in group}, reverse=True)
        if len(values) == 1:
            return [group]
        out: list[list[int]] = []
        for v in values:
            out.extend(again([p for p in group if score[p] == v]))
        return out
    best = {p: score[p] + (need - met[p]) * most for p in group}
    order = sorted(group, key=lambda p: (-score[p], -best[p], p))
    out = []
    i = 0
    while i < len(order) - 1 and score[order[i]] > max(best[q] for q in order[i + 1:]):
        out.append([order[i]])
        i += 1
    if not out:
        return [group]
    return out + again(order[i:])


# ------------------------------------------------------------------- ranking
def _sort_key(v: Value, higher_is_better: bool) -> tuple[int, Fraction]:
    if v is None:
        return (1, Fraction(0))  # undefined values come last
    return (0, -Fraction(v) if higher_is_better else Fraction(v))


def rank_players(f: Field, specs: list[TiebreakSpec], unrated: int | None = None
                 ) -> tuple[list[list[int]], dict[int, list[Value]]]:
    """Apply ``specs`` in order (C.07 Art. 4.2); returns the final groups of tied
    players (best first) and the value of every tie-break for every player.

    DE values are the place inside the group tied before DE (1 = best), 0 when
    DE did not separate that group (as TEC's TieBreakServer reports them).
    """
    pids = sorted(f.recs)
    values: dict[int, list[Value]] = {p: [] for p in pids}
    groups: list[list[int]] = [pids]
    for spec in specs:
        if spec.code in GROUP_BASED:
            new: list[list[int]] = []
            for gi, g in enumerate(groups):
                sub = [g]
                if len(g) > 1 and (spec.code == "DE" or gi == 0):
                    sub = direct_encounter(f, g, spec.forfeits_played)
                if len(sub) == 1:
                    for p in g:
                        values[p].append(0)
                else:
                    pos = 1
                    for s in sub:
                        for p in s:
                            values[p].append(pos)
                        pos += len(s)
                new.extend(sub)
            groups = new
            continue
        vals = compute(f, spec, unrated)
        for p in pids:
            values[p].append(vals[p])
        new = []
        for g in groups:
            if len(g) == 1:
                new.append(g)
                continue
            keyed = sorted(g, key=lambda p: (_sort_key(vals[p], spec.higher_is_better), p))
            cur: list[int] = []
            prev = None
            for p in keyed:
                k = _sort_key(vals[p], spec.higher_is_better)
                if cur and k != prev:
                    new.append(cur)
                    cur = []
                cur.append(p)
                prev = k
            new.append(cur)
        groups = new
    return groups, values


def standings(t: Tournament, tiebreaks: str | list[str] | list[TiebreakSpec] | None = None,
              edition: str = "2026", upto: int | None = None, *,
              unrated: int | None = None, round_robin: bool | None = None) -> Standings:
    """Standings of ``t`` after round ``upto`` (default: the last complete round).

    ``tiebreaks`` is a list such as ``"DE,BH/C1,BH,SB"`` (or specs); points
    (PTS) always come first and are added when missing.  Without a list, the
    tournament's own (TRF-2026 record 212 / 202) is used, else ``BH/C1, BH, SB,
    DE, WIN``.  Ranks are shared when the list cannot separate players.
    ``round_robin`` (default: from the file's pairing system, record 192/092)
    applies C.07 Art. 15.2 instead of Art. 16.
    """
    edition = normalise_edition(edition)
    notes: list[str] = []
    specs = _specs(t, tiebreaks)
    f = Field.build(t, upto, edition, round_robin=round_robin)
    if f.round_robin and any(s.code in ("BH", "FB", "AOB") for s in specs):
        notes.append("Buchholz tie-breaks must not be used in round robins (C.07 Art. 8)")
    if any(s.rating_based for s in specs) and not f.all_rated(unrated):
        notes.append("unrated players present: rating-based tie-breaks are not applied "
                     "(C.07 Art. 10)")
    full = specs if specs and specs[0].code == "PTS" else [parse_tiebreak("PTS"), *specs]
    groups, values = rank_players(f, full, unrated)
    rows: list[StandingRow] = []
    pos = 1
    for g in groups:
        for p in sorted(g):
            pl = t.players[p]
            points = f.score[p] + t.final_adjustment(p)  # record 299, round 999
            rows.append(StandingRow(pos, pl, points, values[p][1:], pl.withdrawn))
        pos += len(g)
    shown = full[1:]
    return Standings(shown, rows, f.upto, edition, notes)


DEFAULT_TIEBREAKS = ("BH/C1", "BH", "SB", "DE", "WIN")


def file_tiebreaks(t: Tournament) -> list[str]:
    """Tie-breaks stored in the file: TRF-2026 record 212 (full order, starts with
    PTS) or 202 (tie-breaks for players tied on points)."""
    for line in t.extra.get("212", []):
        items = [w.strip() for w in line[4:].split(",") if w.strip()]
        if items:
            return items
    return list(t.tiebreaks)


def _specs(t: Tournament, tiebreaks: str | list | None) -> list[TiebreakSpec]:
    if tiebreaks is None:
        tiebreaks = file_tiebreaks(t) or list(DEFAULT_TIEBREAKS)
    if isinstance(tiebreaks, str):
        return parse_tiebreaks(tiebreaks)
    if all(isinstance(x, TiebreakSpec) for x in tiebreaks):
        return list(tiebreaks)
    return parse_tiebreaks([str(x) for x in tiebreaks])
