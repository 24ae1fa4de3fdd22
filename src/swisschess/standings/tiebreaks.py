"""Values of the C.07 tie-breaks, one function per article.

Every function takes a :class:`~swisschess.standings.field.Field` (the
tournament after some round, for one edition) and a
:class:`~swisschess.standings.spec.TiebreakSpec`, and returns a value per
player: a :class:`~fractions.Fraction`, an ``int`` or ``None`` (not defined,
e.g. a rating-based tie-break when unrated players are present).

Direct encounter (Art. 6) depends on the group of tied players and lives in
:mod:`swisschess.standings.ranking`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from swisschess.model.tournament import Colour
from swisschess.standings import rating as R
from swisschess.standings.field import FORFEITS, Field, Kind, Rec
from swisschess.standings.spec import TiebreakSpec

Value = Fraction | int | None
Values = dict[int, Value]


# ------------------------------------------------------------- Art. 7 (type B)
def points(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 2: the score (points) of each participant, with the
    record 299 adjustments of the final standing (round 999: not in the scores
    the other tie-breaks use)."""
    return {pid: s + f.t.final_adjustment(pid) for pid, s in f.score.items()}


def wins(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 7.1 WIN: rounds with a win's points, with or without playing.

    Forfeit wins, full-point byes and a PAB worth a win count.
    """
    return {pid: sum(1 for r in recs
                     if (r.outcome == "win" if r.played else r.points >= f.win > 0))
            for pid, recs in f.recs.items()}


def _game_b(f: Field, r: Rec) -> bool:
    """A game for the type-B tie-breaks: played over the board; in a round robin
    a forfeit win too (Art. 15.2: forfeit losses stay unplayed for type B)."""
    return r.played or (f.round_robin and r.kind is Kind.FORFEIT_WIN)


def won(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 7.2 WON: games won over the board."""
    return {pid: sum(1 for r in recs if _game_b(f, r) and r.outcome == "win")
            for pid, recs in f.recs.items()}


def black_played(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 7.3 BPG: games played over the board with Black."""
    return {pid: sum(1 for r in recs if _game_b(f, r) and r.colour is Colour.BLACK)
            for pid, recs in f.recs.items()}


def black_won(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 7.4 BWG: games won over the board with Black."""
    return {pid: sum(1 for r in recs if _game_b(f, r) and r.colour is Colour.BLACK
                     and r.outcome == "win")
            for pid, recs in f.recs.items()}


def progressive(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 7.5 PS: sum of the running scores after each round.

    Cut-n (Art. 14.1.1) drops the first n running scores; Median drops the
    highest ones as well.
    """
    out: Values = {}
    for pid, recs in f.recs.items():
        run, cum = Fraction(0), []
        for r in recs:
            run += r.points
            cum.append(run)
        cum = cum[spec.cut_low:]
        if spec.cut_high:
            cum = sorted(cum)[: max(0, len(cum) - spec.cut_high)]
        out[pid] = sum(cum, Fraction(0))
    return out


def rounds_elected(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 7.6 REP (GE before 2024-08): rounds minus half-point
    byes, zero-point byes and forfeit losses (absences are zero-point byes)."""
    return {pid: sum(1 for r in recs if r.kind not in (Kind.HALF_BYE, Kind.ZERO_BYE,
                                                       Kind.FORFEIT_LOSS))
            for pid, recs in f.recs.items()}


def standard_points(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 7.7 STD: 1 per round scoring more than the scheduled
    opponent (or more than a draw without playing), 1/2 per round scoring the
    same (or exactly a draw without playing).

    A game played over the board compares with the opponent's points; an
    unplayed round (forfeits included) with a draw's points, so that a double
    forfeit gives 0, as its points do in the 1 / 1/2 / 0 system STD restores.
    """
    out: Values = {}
    for pid, recs in f.recs.items():
        total = Fraction(0)
        for r in recs:
            if r.played and r.opponent is not None:
                theirs = f.recs[r.opponent][r.round - 1].points
            else:
                theirs = f.draw
            if r.points > theirs:
                total += 1
            elif r.points == theirs:
                total += Fraction(1, 2)
        out[pid] = total
    return out


def pairing_number(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 7.8 TPN: final pairing number (ascending)."""
    return {pid: pid for pid in f.recs}


# ------------------------------------------------- Art. 8, 9 (Buchholz, SB)
@dataclass(frozen=True, slots=True)
class Part:
    """One round's contribution to a Buchholz-like sum."""

    value: Fraction  # what is added (BH: opponent's score; SB: score x points)
    key: Fraction  # the opponent's (or dummy's) score, for "least significant"
    vur: bool  # the round is a voluntary unplayed round (Art. 16.5)
    round: int


def parts(f: Field, pid: int, spec: TiebreakSpec, sb: bool = False) -> list[Part]:
    """Contributions of every round to BH (or SB) of ``pid`` (Swiss).

    A game played over the board counts the opponent's score as seen by
    opponents (Art. 16.3); an unplayed round counts a dummy / virtual
    opponent (Art. 16.4, see :meth:`Field.dummy_score`).  With ``/P`` a
    forfeit counts as a game against the scheduled opponent.

    Round robin (Art. 15.2): forfeits are games against the scheduled
    opponent and rounds without an opponent (rest rounds) add nothing.
    """
    out = []
    forfeits = spec.forfeits_played or f.round_robin
    for r in f.recs[pid]:
        if f.round_robin and r.opponent is None:
            continue
        if r.opponent is not None and (r.played or (forfeits and r.kind in FORFEITS)):
            score, vur = f.adjusted[r.opponent], False
        else:
            score, vur = f.dummy_score(pid, r), r.vur
        out.append(Part(score * r.points if sb else score, score, vur, r.round))
    return out


def apply_cuts(items: list[Part], low: int, high: int, vur_rule: bool) -> list[Part]:
    """C.07 (2026) Art. 14.1-14.4 with the exception of Art. 16.5.

    Cut: the least significant value is the one of the lowest-scored opponent
    (lowest value among equal scores, Art. 14.1.1).  When the participant has
    VURs (and ``vur_rule``, editions 2023 and 2026) the lowest VUR contribution
    is cut instead, as long as it is not lower than the least significant
    value (16.5.1); repeated for every further cut (16.5.2).  Median then drops
    the most significant value(s) (no VUR exception).
    """
    items = list(items)
    for _ in range(min(low, len(items))):
        lsv = min(items, key=lambda p: (p.key, p.value, p.round))
        victim = lsv
        if vur_rule:
            vurs = [p for p in items if p.vur]
            if vurs:
                lowest_vur = min(vurs, key=lambda p: (p.value, p.key, p.round))
                if lowest_vur.value >= lsv.value:
                    victim = lowest_vur
        items.remove(victim)
    for _ in range(min(high, len(items))):
        items.remove(max(items, key=lambda p: (p.key, p.value, -p.round)))
    return items


def _buchholz_like(f: Field, spec: TiebreakSpec, sb: bool) -> Values:
    vur_rule = f.edition != "pre2023"
    out: Values = {}
    for pid in f.recs:
        kept = apply_cuts(parts(f, pid, spec, sb), spec.cut_low, spec.cut_high, vur_rule)
        out[pid] = sum((p.value for p in kept), Fraction(0))
    return out


def buchholz(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 8.1 BH: sum of the opponents' scores (Art. 16 for unplayed rounds)."""
    return _buchholz_like(f, spec, sb=False)


def fore_buchholz(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 8.3 FB: Buchholz as if every game paired for the final
    round had been drawn (same as BH before the final round)."""
    return _buchholz_like(f.fore_view(), spec, sb=False)


def sonneborn_berger(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 9.1 SB: sum of opponent's score x points scored against him."""
    return _buchholz_like(f, spec, sb=True)


def average_of_buchholz(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 8.2 AOB: average Buchholz (``/F``: Fore Buchholz) of the
    opponents met over the board, rounded to 0.01 (0.005 up)."""
    base = TiebreakSpec("BH", forfeits_played=spec.forfeits_played)
    bh = fore_buchholz(f, base) if spec.fore else buchholz(f, base)
    out: Values = {}
    for pid, recs in f.recs.items():
        met = [bh[r.opponent] for r in recs if r.played and r.opponent is not None]
        vals = [v for v in met if v is not None]
        out[pid] = (R.round_half_up(Fraction(sum(vals, Fraction(0))) / len(vals), Fraction(1, 100))
                    if vals else None)
    return out


def koya(f: Field, spec: TiebreakSpec) -> Values:
    """C.07 (2026) Art. 9.2 KS: points scored against the opponents who scored at
    least 50 % of the maximum possible score (limit moved by Art. 14.5).

    KS is meant for round robins, where forfeits count as games (Art. 15.2):
    rounds against a scheduled opponent count, forfeits included.
    """
    games = f.upto
    if f.round_robin:  # the rest rounds of an odd round robin are not games
        games = max((sum(1 for r in recs if r.opponent is not None)
                     for recs in f.recs.values()), default=0)
    limit = spec.limit_percent / 100 * f.win * games + spec.limit_offset
    return {pid: sum((r.points for r in recs
                      if r.opponent is not None and f.score[r.opponent] >= limit), Fraction(0))
            for pid, recs in f.recs.items()}


# ----------------------------------------------------------- Art. 10 ratings
def _opponent_rating(f: Field, r: Rec, unrated: int | None) -> int | None:
    assert r.opponent is not None  # only games played over the board count here
    return f.rating(r.opponent, unrated)


def _rated_games(f: Field, pid: int, spec: TiebreakSpec, unrated: int | None) -> list[Rec]:
    games = [r for r in f.recs[pid] if r.played and r.opponent is not None]
    games.sort(key=lambda r: (_opponent_rating(f, r, unrated) or 0, r.round))
    if spec.cut_low:
        games = games[spec.cut_low:]
    if spec.cut_high:
        games = games[: max(0, len(games) - spec.cut_high)]
    return games


def _rating_based(f: Field, spec: TiebreakSpec, unrated: int | None,
                  fn: Callable[[Fraction, list[int]], int | None]) -> Values:
    if not f.all_rated(unrated):
        return dict.fromkeys(f.recs)
    out: Values = {}
    for pid in f.recs:
        games = _rated_games(f, pid, spec, unrated)
        # every opponent has a rating here (all_rated above): nothing is dropped
        ratings = [rt for r in games if (rt := _opponent_rating(f, r, unrated)) is not None]
        score = sum((r.rating_points for r in games), Fraction(0))
        out[pid] = fn(score, ratings)
    return out


def average_rating(f: Field, spec: TiebreakSpec, unrated: int | None = None) -> Values:
    """C.07 (2026) Art. 10.1 ARO: average rating of the opponents met over the board."""
    return _rating_based(f, spec, unrated, lambda s, rs: R.average_rating(rs))


def performance(f: Field, spec: TiebreakSpec, unrated: int | None = None) -> Values:
    """C.07 (2026) Art. 10.2 TPR: ARO + dp(fractional score) (B.02 8.1.1)."""
    return _rating_based(f, spec, unrated, R.performance_rating)


def perfect_performance(f: Field, spec: TiebreakSpec, unrated: int | None = None) -> Values:
    """C.07 (2026) Art. 10.3 PTP: lowest R with sum PD(R - Ri) >= score (B.02 8.1.2)."""
    return _rating_based(f, spec, unrated, R.perfect_performance)


def _average_of(f: Field, per_player: Values) -> Values:
    out: Values = {}
    for pid, recs in f.recs.items():
        vals = [per_player[r.opponent] for r in recs if r.played and r.opponent is not None]
        nums = [v for v in vals if v is not None]
        out[pid] = (int(R.round_half_up(Fraction(sum(nums), len(nums)))) if nums else None)
    return out


def average_performance(f: Field, spec: TiebreakSpec, unrated: int | None = None) -> Values:
    """C.07 (2026) Art. 10.4 APRO: average TPR of the opponents met over the board."""
    return _average_of(f, performance(f, TiebreakSpec("TPR"), unrated))


def average_perfect(f: Field, spec: TiebreakSpec, unrated: int | None = None) -> Values:
    """C.07 (2026) Art. 10.5 APPO: average PTP of the opponents met over the board."""
    return _average_of(f, perfect_performance(f, TiebreakSpec("PTP"), unrated))


def own_rating(f: Field, spec: TiebreakSpec, unrated: int | None = None) -> Values:
    """C.07 (2026) Art. 10.6 RTNG: the participant's rating, high to low."""
    if not f.all_rated(unrated):
        return dict.fromkeys(f.recs)
    return {pid: f.rating(pid, unrated) for pid in f.recs}


#: code -> function computing the values for all players.
SIMPLE: dict[str, Callable[..., Values]] = {
    "PTS": points,
    "WIN": wins,
    "WON": won,
    "BPG": black_played,
    "BWG": black_won,
    "PS": progressive,
    "REP": rounds_elected,
    "STD": standard_points,
    "TPN": pairing_number,
    "BH": buchholz,
    "FB": fore_buchholz,
    "SB": sonneborn_berger,
    "AOB": average_of_buchholz,
    "KS": koya,
}
RATED: dict[str, Callable[..., Values]] = {
    "ARO": average_rating,
    "TPR": performance,
    "PTP": perfect_performance,
    "APRO": average_performance,
    "APPO": average_perfect,
    "RTNG": own_rating,
}


def compute(f: Field, spec: TiebreakSpec, unrated: int | None = None) -> Values:
    """Values of a group-independent tie-break for every player."""
    if spec.code in SIMPLE:
        return SIMPLE[spec.code](f, spec)
    if spec.code in RATED:
        return RATED[spec.code](f, spec, unrated)
    raise ValueError(f"{spec.label} depends on the tied group (use the ranking)")
