"""Random tournament generator (RTG; C.04.A A.5, C.02.03 §7).

:func:`generate` builds a complete simulated tournament: players with random
ratings, every round paired by the engine (:func:`~swisschess.pairing.api.pair_round`),
results drawn from the rating difference, forfeits, withdrawals and half-point
byes.  The configuration uses the keys of the JaVaFo / bbpPairings generators
(``Key=Value`` lines, ``#`` comments):

=====================  =====================================================
key                    meaning
=====================  =====================================================
PlayersNumber          number of players
RoundsNumber           number of rounds
DrawPercentage         percentage (0-100) of draws among played games, at most
                       what the rating difference allows
ForfeitRate            one game in N is forfeited (0: none)
RetiredRate            one player in N has zero-point byes, scattered (0: none)
HalfPointByeRate       one player in N takes a half-point bye (0: none);
                       ``HalfPointByteRate`` is accepted as in bbpPairings
HighestRating          highest rating drawn
LowestRating           lowest rating drawn
PointsForWin           points for a win (default 1.0)
PointsForDraw          points for a draw (default 0.5)
PointsForLoss          points for a loss over the board (default 0.0)
PointsForForfeitWin    default: PointsForWin
PointsForForfeitLoss   default 0.0; also the zero-point bye unless given
PointsForZPB           zero-point bye / absence
PointsForHPB           half-point bye (default: PointsForDraw)
PointsForFPB           full-point bye (default: PointsForWin)
PointsForPAB           pairing-allocated bye (default: PointsForWin)
=====================  =====================================================

Keys that are not given get random values in the usual ranges (those of the
reference generators): 15-215 players, 5-15 rounds (at most half the players),
10-50 % draws, a forfeit in 6-30 games, a withdrawal in 15-200 players, a
half-point bye in 10-200 players, highest rating 2400-2800, lowest 1400-2300.
The same configuration and seed give the same tournament.

Pure logic, no I/O: :func:`parse_config` takes the text of a file.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from fractions import Fraction

from swisschess.formats.fields import MAX_PLAYERS
from swisschess.model.history import to_be_paired
from swisschess.model.rounds import add_pairing, set_result
from swisschess.model.tournament import ByeRequest, Colour, Player, PointSystem, Tournament
from swisschess.pairing.registry import accelerated_trf_code, trf_code


class ConfigError(ValueError):
    """A generator configuration that cannot be used (engine exit code 3)."""


class TooLarge(ConfigError):
    """More players than a TRF file can number (engine exit code 4)."""


#: Integer keys -> attribute of :class:`GeneratorConfig`.
_INT_KEYS = {
    "PlayersNumber": "players",
    "RoundsNumber": "rounds",
    "DrawPercentage": "draw_percentage",
    "HighestRating": "highest_rating",
    "LowestRating": "lowest_rating",
}
#: "One in N" keys -> attribute.
_RATE_KEYS = {
    "ForfeitRate": "forfeit_rate",
    "RetiredRate": "retired_rate",
    "HalfPointByeRate": "half_point_bye_rate",
    "HalfPointByteRate": "half_point_bye_rate",
}
#: Point keys -> name used in :func:`point_system`.
_POINT_KEYS = {
    "PointsForWin": "win",
    "PointsForDraw": "draw",
    "PointsForLoss": "loss",
    "PointsForForfeitWin": "forfeit_win",
    "PointsForForfeitLoss": "forfeit_loss",
    "PointsForZPB": "zero_bye",
    "PointsForHPB": "half_bye",
    "PointsForFPB": "full_bye",
    "PointsForPAB": "pab",
}
#: Every configuration key understood.
CONFIG_KEYS = tuple(_INT_KEYS) + tuple(_RATE_KEYS) + tuple(_POINT_KEYS)


@dataclass(slots=True)
class GeneratorConfig:
    """Parameters of a random tournament (see the module docstring)."""

    players: int = 30
    rounds: int = 7
    draw_percentage: int = 30
    forfeit_rate: float = 0.0
    retired_rate: float = 0.0
    half_point_bye_rate: float = 0.0
    highest_rating: int = 2600
    lowest_rating: int = 1800
    points: PointSystem = field(default_factory=PointSystem)

    def check(self) -> None:
        """Raise :class:`ConfigError` when the parameters cannot work together."""
        if self.players < 1:
            raise ConfigError("PlayersNumber must be at least 1")
        if self.players > MAX_PLAYERS:
            raise TooLarge(f"PlayersNumber must be at most {MAX_PLAYERS} (TRF pairing numbers)")
        if self.rounds < 1:
            raise ConfigError("RoundsNumber must be at least 1")
        if not 0 <= self.draw_percentage <= 100:
            raise ConfigError("DrawPercentage must be between 0 and 100")
        for name in ("forfeit_rate", "retired_rate", "half_point_bye_rate"):
            v = getattr(self, name)
            if v != 0 and v < 1:
                raise ConfigError(f"{name}: a rate is 'one in N' with N >= 1 (0 = never)")
        if self.highest_rating < self.lowest_rating:
            raise ConfigError("HighestRating must not be lower than LowestRating")
        if self.lowest_rating < 0:
            raise ConfigError("LowestRating must not be negative")


def parse_config(text: str) -> dict[str, object]:
    """The ``Key=Value`` settings of a configuration file, by key.

    Blank lines and lines starting with ``#`` are ignored; values are checked
    for their type (integers, rates, points such as ``3`` or ``0.5``).
    Raises :class:`ConfigError` naming the line.
    """
    out: dict[str, object] = {}
    for ln, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            raise ConfigError(f"line {ln}: expected Key=Value, got {raw!r}")
        key, value = (s.strip() for s in line.split("=", 1))
        try:
            if key in _INT_KEYS:
                out[key] = int(value)
            elif key in _RATE_KEYS:
                v = float(value)
                if not math.isfinite(v) or v < 0:
                    raise ValueError(value)
                out[key] = v
            elif key in _POINT_KEYS:
                p = Fraction(value)
                if p < 0:
                    raise ValueError(value)
                out[key] = p
            else:
                raise ConfigError(f"line {ln}: unknown key {key!r} "
                                  f"(known: {', '.join(CONFIG_KEYS)})")
        except (ValueError, ZeroDivisionError):
            raise ConfigError(f"line {ln}: invalid value {value!r} for {key}") from None
    return out


def _points(key: str, value: object) -> Fraction:
    """A ``PointsFor…`` value (:func:`parse_config` makes every one a Fraction)."""
    if isinstance(value, Fraction | int):
        return Fraction(value)
    raise TypeError(f"{key}: expected a number of points, got {value!r}")


def point_system(settings: dict[str, object]) -> PointSystem:
    """The point system named by the ``PointsFor…`` settings, with their defaults."""
    given = {_POINT_KEYS[k]: _points(k, v) for k, v in settings.items() if k in _POINT_KEYS}
    win = given.get("win", Fraction(1))
    draw = given.get("draw", Fraction(1, 2))
    forfeit_loss = given.get("forfeit_loss", Fraction(0))
    return PointSystem(
        win=win,
        draw=draw,
        loss=given.get("loss", Fraction(0)),
        forfeit_win=given.get("forfeit_win", win),
        forfeit_loss=forfeit_loss,
        pab=given.get("pab", win),
        full_bye=given.get("full_bye", win),
        half_bye=given.get("half_bye", draw),
        zero_bye=given.get("zero_bye", forfeit_loss),
    )


def make_config(settings: dict[str, object] | None, rng: random.Random) -> GeneratorConfig:
    """A configuration: the given settings, random values for the others.

    The random values are always drawn, in a fixed order, so a setting does not
    change the random choices made for the others.
    """
    settings = settings or {}
    players = rng.randint(15, 215)
    rounds = rng.randint(5, 15)
    draw = rng.randint(10, 50)
    forfeit = float(rng.randint(6, 30))
    retired = float(rng.randint(15, 200))
    hpb = float(rng.randint(10, 200))
    high = rng.randint(2400, 2800)
    low = rng.randint(1400, 2300)
    cfg = GeneratorConfig(players, rounds, draw, forfeit, retired, hpb, high, low)
    for key, value in settings.items():
        if key in _INT_KEYS:
            setattr(cfg, _INT_KEYS[key], value)
        elif key in _RATE_KEYS:
            setattr(cfg, _RATE_KEYS[key], value)
    if "RoundsNumber" not in settings:
        cfg.rounds = max(1, min(cfg.rounds, cfg.players // 2))
    if "HighestRating" in settings and "LowestRating" not in settings:
        cfg.lowest_rating = min(cfg.lowest_rating, cfg.highest_rating)
    if "LowestRating" in settings and "HighestRating" not in settings:
        cfg.highest_rating = max(cfg.highest_rating, cfg.lowest_rating)
    cfg.points = point_system(settings)
    cfg.check()
    return cfg


def expected_score(diff: float) -> float:
    """Expected score of the higher-rated side of a rating difference ``diff``.

    The normal-distribution model behind the FIDE rating tables: a player's
    performance has standard deviation 200, so the difference of two has
    200·√2.
    """
    return 0.5 * (1.0 + math.erf(diff / (200.0 * math.sqrt(2.0)) / math.sqrt(2.0)))


def draw_result(rng: random.Random, white_rating: int, black_rating: int,
                draw_percentage: int, forfeit_rate: float) -> str:
    """A random result word for :func:`~swisschess.model.rounds.set_result`.

    Forfeits first (one game in ``forfeit_rate``; of those 45 % won by White,
    45 % by Black, 10 % double forfeits).  Otherwise White's expected score
    ``E`` comes from the rating difference; draws have probability
    ``min(draw_percentage %, 2·min(E, 1-E))`` and White wins with probability
    ``E - draws/2``, so the expected score stays ``E``.
    """
    if forfeit_rate and rng.random() < 1.0 / forfeit_rate:
        u = rng.random()
        return "+-" if u < 0.45 else "-+" if u < 0.9 else "--"
    e = expected_score(white_rating - black_rating)
    p_draw = min(draw_percentage / 100.0, 2.0 * min(e, 1.0 - e))
    p_white = e - p_draw / 2.0
    u = rng.random()
    if u < p_white:
        return "1-0"
    if u < p_white + p_draw:
        return "1/2"
    return "0-1"


def _count(n: int, rate: float) -> int:
    """How many of ``n`` get something that happens once in ``rate``."""
    if not rate:
        return 0
    return min(n, int(n / rate))


def _absences(cfg: GeneratorConfig, rng: random.Random) -> dict[int, dict[int, str]]:
    """Round -> {player: "H" or "Z"}: the byes, drawn as the reference generator does.

    As bbpPairings' generator (``src/tournament/generator.cpp``): ``RetiredRate``
    gives the number of players with at least one zero-point bye (one in N),
    ``HalfPointByeRate`` those with a half-point bye.  The byes are drawn one
    at a time among all the (player, round) slots still free - at most
    ``rounds - 2`` zero-point byes per player, one slot more for the half-point
    byes - so a player may get several.  Then, round by round, each player's
    byes are scattered over his remaining rounds (each remaining round equally
    likely; a half-point bye never in the last round).  So the zero-point byes
    are single absences scattered through the event, not withdrawals.
    """
    n, rounds = cfg.players, cfg.rounds
    zpb = [0] * (n + 1)
    hpb = [0] * (n + 1)
    free = [0] + [0 if rounds < 2 else 1 if rounds < 3 else rounds - 2] * n

    def draw(counts: list[int], need: int) -> None:
        slots = sum(free)
        while need and slots:
            k = rng.randrange(slots)
            pid = 1
            while k >= free[pid]:
                k -= free[pid]
                pid += 1
            free[pid] -= 1
            slots -= 1
            counts[pid] += 1
            need -= counts[pid] == 1

    if free[1:] and free[1]:
        draw(zpb, _count(n, cfg.retired_rate))
    if rounds > 2:
        free = [0] + [f + 1 for f in free[1:]]
    draw(hpb, _count(n, cfg.half_point_bye_rate))

    absent: dict[int, dict[int, str]] = {r: {} for r in range(1, rounds + 1)}
    for rnd in range(1, rounds + 1):
        left = rounds - rnd  # rounds after this one
        for pid in range(1, n + 1):
            if rnd < rounds and rng.randint(0, left - 1) < hpb[pid]:
                absent[rnd][pid] = "H"
                hpb[pid] -= 1
            elif rng.randint(0, max(0, left - hpb[pid])) < zpb[pid]:
                absent[rnd][pid] = "Z"
                zpb[pid] -= 1
    return absent


def resolve_config(config: GeneratorConfig | dict[str, object] | None,
                   seed: int) -> tuple[GeneratorConfig, random.Random]:
    """The configuration :func:`generate` uses for ``config`` and ``seed``.

    Returns it with the random generator that goes on to draw the tournament.
    """
    rng = random.Random(seed)
    if isinstance(config, GeneratorConfig):
        cfg = replace(config, points=replace(config.points))
        cfg.check()
    else:
        cfg = make_config(config, rng)
    return cfg, rng


def generate(config: GeneratorConfig | dict[str, object] | None, seed: int, *,
             system: str = "dutch", edition: str = "2026", pairer=None,
             baku: bool = False) -> Tournament:
    """A complete random tournament, every round paired by the engine.

    ``config`` is a :class:`GeneratorConfig`, the settings read by
    :func:`parse_config` (missing keys random) or None (all random).  The same
    ``config`` and ``seed`` give the same tournament.  Raises
    :class:`ConfigError` and the engine's ``PairingError`` / ``InputError``.
    With ``baku`` the tournament is accelerated (C.04.5.1): its ``192`` code
    ends in ``_BAKU`` and the virtual points, computed before round 1 is
    paired, are kept in ``t.xxa`` (written as ``XXA`` records).
    """
    if pairer is None:
        from swisschess.pairing.api import pair_round as pairer
    cfg, rng = resolve_config(config, seed)
    n, rounds = cfg.players, cfg.rounds

    t = Tournament(name=f"Random tournament, seed {seed}", rounds=rounds,
                   system=(accelerated_trf_code if baku else trf_code)(system, edition),
                   points=cfg.points)
    t.initial_colour = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    ratings = sorted((rng.randint(cfg.lowest_rating, cfg.highest_rating) for _ in range(n)),
                     reverse=True)
    for i, r in enumerate(ratings, 1):
        t.players[i] = Player(id=i, name=f"Player{i:04d}, Random", rating=r)

    # Absences, decided before the event and announced before each round.
    absent = _absences(cfg, rng)

    for rnd in range(1, rounds + 1):
        for code in ("H", "Z"):
            ids = tuple(sorted(p for p, c in absent[rnd].items() if c == code))
            if ids:
                t.bye_requests.append(ByeRequest(code, rnd, ids))
        if not to_be_paired(t, rnd):
            # everybody asked for a bye: keep the round playable
            t.bye_requests = [b for b in t.bye_requests if b.round != rnd]
        if baku and rnd == 1:
            from swisschess.rules.baku import baku_points

            t.xxa = baku_points(t)  # C.04.5.1: GA fixed before round 1
        pairing = pairer(t, system, edition)
        if pairing.round != rnd:
            raise RuntimeError(f"engine paired round {pairing.round}, expected {rnd}")
        add_pairing(t, pairing)
        for w, b in pairing.boards:
            res = draw_result(rng, t.players[w].rating, t.players[b].rating,
                              cfg.draw_percentage, cfg.forfeit_rate)
            set_result(t, rnd, w, b, res)
    # The byes are now in the results; no request is pending.
    t.bye_requests = []
    order = sorted(t.players, key=lambda p: (-t.score(p), p))
    for rank, pid in enumerate(order, 1):
        t.players[pid].stated_points = t.score(pid)
        t.players[pid].stated_rank = rank
    return t


def config_summary(cfg: GeneratorConfig) -> str:
    """The configuration as ``Key=Value`` lines (for a comment in the file)."""
    lines = [
        f"PlayersNumber={cfg.players}",
        f"RoundsNumber={cfg.rounds}",
        f"DrawPercentage={cfg.draw_percentage}",
        f"ForfeitRate={cfg.forfeit_rate:g}",
        f"RetiredRate={cfg.retired_rate:g}",
        f"HalfPointByeRate={cfg.half_point_bye_rate:g}",
        f"HighestRating={cfg.highest_rating}",
        f"LowestRating={cfg.lowest_rating}",
    ]
    ps = cfg.points
    for key, attr in (("PointsForWin", "win"), ("PointsForDraw", "draw"),
                      ("PointsForLoss", "loss"), ("PointsForForfeitWin", "forfeit_win"),
                      ("PointsForForfeitLoss", "forfeit_loss"), ("PointsForZPB", "zero_bye"),
                      ("PointsForHPB", "half_bye"), ("PointsForFPB", "full_bye"),
                      ("PointsForPAB", "pab")):
        lines.append(f"{key}={float(getattr(ps, attr)):g}")
    return "\n".join(lines)


def representable_in_trf(ps: PointSystem) -> bool:
    """Can TRF-2026 record 162 (W D L A P) describe this point system?

    It cannot tell a forfeit win or a full-point bye from a win, a half-point
    bye from a draw, or a zero-point bye from a forfeit loss, nor colour-
    dependent points.
    """
    return (ps.forfeit_win == ps.win and ps.full_bye == ps.win and ps.half_bye == ps.draw
            and ps.zero_bye == ps.forfeit_loss and ps.win_black is None
            and ps.draw_black is None and ps.loss_black is None)
