#!/usr/bin/env python3
"""Seconds and peak memory to pair one round of a large Swiss event, ours beside the peers.

    python benchmarks/bench_pairing.py [--players 1000,3000,9999] [--rounds 2,5,9]
                                       [--seed 1] [--timeout 600] [--cache DIR]
                                       [--markdown-out FILE] [--engines all | NAME,...]
                                       [--layout wide|long]

For every size N and round R the script

1. makes a tournament of N players whose rounds 1 .. R-1 are already played
   (:func:`make_history`): ratings spread like an open, TPN by rating, random
   results (about 30 % draws, the stronger player more likely to win), a few
   half-point byes and absences (``--byes``), at most one pairing-allocated bye
   per player.  The history is paired by a quick greedy Swiss pairer, not by a
   FIDE engine — our own engine is far too slow today to pair 9,999 players for
   eight rounds — but it keeps every rule a pairing engine relies on: no two
   players meet twice ([C1]), nobody gets a colour difference beyond ±2 or the
   same colour three times running ([C3] absolute colour rules), nobody gets a
   second PAB ([C2]).  :func:`history_problems` checks that on the file as it
   is read back, and the file is not written when anything is wrong;
2. writes it once as TRF (TRF-2026 by default, ``--trf 16`` for TRF16) into
   the cache directory, so every engine reads the very same file;
3. pairs round R with every engine in a fresh process (:data:`ENGINES`): ours
   for every system and edition (``python -m swisschess engine --dutch
   [--edition E] FILE -p OUT``, ``--lim --edition 1992``, ``--dubov``,
   ``--burstein``) and the peers that have the same system, each named by an
   environment variable: gacrux (``GACRUX_PYTHON``, a Python that has it;
   ``-m gacrux.pairingchecker -p -i FILE -o OUT -d B``; it exits 0 even on
   failure, so its output is what tells) and bbpPairings (``BBP`` or
   ``BBP_PAIRINGS``) for Dutch 2026; py4swiss (``PY4SWISS``, its ``py4swiss``
   script) for Dutch 2017 (its Dutch engine follows the text "effective till
   31 January 2026"), Dubov and Burstein; CPPDubovSystem (``CPPDUBOV_BIN``)
   for Dubov.  py4swiss and CPPDubovSystem read the file in their own TRF16
   dialect (``tools/peerfiles.py``: ranks; ``BYE`` lines), written beside
   it.  "s" is the wall-clock seconds of
   the whole process (start-up, reading the file, pairing, writing); "cpu s"
   its user + system CPU seconds, which a busy shared machine inflates far
   less than the wall clock; "MiB" its peak resident set size.  CPU and
   memory come from ``os.wait4`` for that one child (``RUSAGE_CHILDREN``
   would give the largest of all children so far, not this one's).  A process
   still running after ``--timeout`` seconds is killed: "timeout";
4. compares the pairs and colours of each peer that finished with ours for
   the same system: "same", or "DIFF" with the number of our boards the peer
   does not have;
5. prints a Markdown table (``--markdown-out FILE`` also writes it to FILE):
   ``--layout wide`` a column group per engine, ``long`` a line per engine
   with its CPU time as a multiple of Dutch 2026 on the same file (the
   yardstick of issue 29).  ``--engines all`` runs every system, edition
   and installed peer:

       PY4SWISS=/path/to/py4swiss CPPDUBOV_BIN=/path/to/CPPDubovSystem \\
       BBP=/path/to/bbpPairings.exe nice -n 10 python benchmarks/bench_pairing.py \\
           --engines all --players 100,1000,9999 --rounds 5,9

The machine may be shared: run it under ``nice -n 10`` (the engines inherit
it) and note the load (``uptime``) beside the numbers.  Standard library only,
plus swisschess for the model, the history facts and the TRF writer.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from swisschess.formats.trf import parse_trf
from swisschess.formats.writer import write_trf
from swisschess.model.history import colour_difference, played_colours
from swisschess.model.tournament import Colour, Player, RoundEntry, Tournament
from swisschess.pairing.registry import trf_code

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from peerfiles import cppdubov_trf, py4swiss_trf  # noqa: E402  (peer dialects, tools/)

W, B = Colour.WHITE, Colour.BLACK

#: Bump when the generator changes, so that cached files of an older generator
#: are not mistaken for the new ones.
GENERATOR_VERSION = 2

#: Share of draws among the games (a typical open: about 30 %).
DRAW_RATE = 0.30
#: How far (in positions of S2) the history pairer looks for an opponent who
#: wants the other colour before it takes the nearest compatible one.
COLOUR_WINDOW = 6
#: Elo points White's first move is worth when drawing results.
WHITE_EDGE = 35


# ================================================================ generator
@dataclass(slots=True)
class _State:
    """What the greedy pairer keeps per player while it builds the history."""

    score: int = 0  # in half points
    colours: str = ""  # played colours, oldest first: "WBW..."
    met: set[int] = field(default_factory=set)
    had_pab: bool = False

    def may_take(self, c: str) -> bool:
        """Absolute colour rules after a game with colour ``c`` (2026 Art. 1.7 / [C3]).

        The colour difference stays within ±2 and the same colour is not had
        three times running.
        """
        cd = self.colours.count("W") - self.colours.count("B") + (1 if c == "W" else -1)
        return abs(cd) <= 2 and not self.colours.endswith(c + c)

    def preference(self) -> tuple[str, int, int]:
        """(colour or "", strength 0-3, |CD|) as in 2026 Art. 1.7 (absolute > strong > mild)."""
        if not self.colours:
            return "", 0, 0
        cd = self.colours.count("W") - self.colours.count("B")
        last = self.colours[-1]
        other = "B" if last == "W" else "W"
        if cd > 1:
            return "B", 3, cd
        if cd < -1:
            return "W", 3, -cd
        if self.colours.endswith(last + last):
            return other, 3, abs(cd)
        if cd:
            return ("B" if cd > 0 else "W"), 2, 1
        return other, 1, 0


def open_ratings(n: int, rng: random.Random) -> list[int]:
    """Ratings of an open tournament, best first: a broad bell around 1750, a few unrated (0)."""
    unrated = sum(1 for _ in range(n) if rng.random() < 0.03)
    rated = [min(2800, max(1000, round(rng.gauss(1750, 330)))) for _ in range(n - unrated)]
    return sorted(rated, reverse=True) + [0] * unrated


def _colours_for(a: int, b: int, st: list[_State], board: int) -> tuple[int, int] | None:
    """(white, black) for a game of ``a`` (the higher ranked) and ``b``, or None if none is legal.

    Only assignments that keep both players within the absolute colour rules
    count; among two legal ones the colour preferences decide, roughly as the
    Dutch rules do (2026 Art. 5.2): both satisfied; else the stronger
    preference, then the wider colour difference, then the higher ranked player;
    without preferences the higher ranked alternates by board (round 1).
    """
    sa, sb = st[a], st[b]
    a_white = sa.may_take("W") and sb.may_take("B")
    a_black = sa.may_take("B") and sb.may_take("W")
    if not (a_white or a_black):
        return None
    if a_white != a_black:
        return (a, b) if a_white else (b, a)
    pa, pb = sa.preference(), sb.preference()
    if pa[0] and pa[0] != pb[0]:
        want = pa[0]
    elif pb[0] and pb[0] != pa[0]:
        want = "B" if pb[0] == "W" else "W"
    elif pa[0]:  # same preferred colour
        want = pa[0] if pa[1:] >= pb[1:] else ("B" if pa[0] == "W" else "W")
    else:
        want = "W" if board % 2 else "B"
    return (a, b) if want == "W" else (b, a)


def _compatible(a: int, b: int, st: list[_State]) -> bool:
    """May ``a`` and ``b`` meet: not met before ([C1]) and some colour legal ([C3])."""
    if b in st[a].met:
        return False
    sa, sb = st[a], st[b]
    return (sa.may_take("W") and sb.may_take("B")) or (sa.may_take("B") and sb.may_take("W"))


def _pair_bracket(players: list[int], st: list[_State]
                  ) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair one bracket S1 against S2 (Dutch-like); returns pairs and the players left over.

    The i-th of the upper half meets the nearest compatible player of the lower
    half, searching from position i outward; within COLOUR_WINDOW positions one
    whose colour preference is the other colour (or none) comes first, as the
    Dutch colour criteria ([C12]-[C13]) would have it.  Who finds nobody floats
    down.
    """
    half = len(players) // 2
    s1, s2 = players[:half], players[half:]
    taken = [False] * len(s2)
    pairs: list[tuple[int, int]] = []
    left: list[int] = []
    for i, a in enumerate(s1):
        found, happy = -1, False
        want = st[a].preference()[0]
        for d in range(len(s2)):
            for j in (i + d, i - d) if d else (i,):
                if 0 <= j < len(s2) and not taken[j] and _compatible(a, s2[j], st):
                    other = st[s2[j]].preference()[0]
                    if not want or not other or other != want:
                        found, happy = j, True
                        break
                    if found < 0:
                        found = j
            if happy or (found >= 0 and d >= COLOUR_WINDOW):
                break
        if found < 0:
            left.append(a)
        else:
            taken[found] = True
            pairs.append((a, s2[found]))
    left += [b for j, b in enumerate(s2) if not taken[j]]
    return pairs, left  # still in ranking order: S1's first, then S2's


def _repair(left: list[int], pairs: list[tuple[int, int]], st: list[_State]) -> bool:
    """Pair the last players left over by swapping partners with pairs already made.

    ``left`` is emptied in place on success.  Tries, for two left players x and
    y, a pair (a, b) (bottom boards first) such that x-a and y-b (or x-b and
    y-a) may meet.
    """
    while left:
        x = left[0]
        done = False
        for k in range(1, len(left)):
            if _compatible(x, left[k], st):
                pairs.append((x, left[k]))
                del left[k], left[0]
                done = True
                break
        if done:
            continue
        for k in range(1, len(left)):
            y = left[k]
            for p in range(len(pairs) - 1, -1, -1):
                a, b = pairs[p]
                for u, v in ((a, b), (b, a)):
                    if _compatible(x, u, st) and _compatible(y, v, st):
                        pairs[p] = (u, x)
                        pairs.append((v, y))
                        del left[k], left[0]
                        done = True
                        break
                if done:
                    break
            if done:
                break
        if not done:
            return False
    return True


def _result(rng: random.Random, white_rating: int, black_rating: int) -> tuple[str, str]:
    """Result codes (white, black): Elo expectation with White's edge, DRAW_RATE draws."""
    rw, rb = white_rating or 1400, black_rating or 1400
    expect = 1 / (1 + 10 ** ((rb - rw - WHITE_EDGE) / 400))
    p_win = min(max(expect - DRAW_RATE / 2, 0.0), 1 - DRAW_RATE)
    r = rng.random()
    if r < p_win:
        return "1", "0"
    if r < p_win + DRAW_RATE:
        return "=", "="
    return "0", "1"


def _pair_history_round(active: list[int], st: list[_State]) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs (higher ranked first) and the PAB receiver of one history round."""
    order = sorted(active, key=lambda p: (-st[p].score, p))
    pab = None
    if len(order) % 2:
        # [C2]: the lowest ranked player who has not had a PAB yet
        pab = next(p for p in reversed(order) if not st[p].had_pab)
        order.remove(pab)
    pairs: list[tuple[int, int]] = []
    carried: list[int] = []
    k = 0
    while k < len(order):
        score = st[order[k]].score
        j = k
        while j < len(order) and st[order[j]].score == score:
            j += 1
        bracket = carried + order[k:j]
        made, carried = _pair_bracket(bracket, st)
        pairs += made
        k = j
    if carried and not _repair(carried, pairs, st):
        raise RuntimeError(f"history generator stuck with {len(carried)} players left")
    return pairs, pab


def make_history(n: int, played: int, seed: int, *, planned: int = 9,
                 byes: float = 0.01,
                 result: Callable[[random.Random, int, int], tuple[str, str]] | None = None
                 ) -> Tournament:
    """A tournament of ``n`` players with rounds 1 .. ``played`` played (see module docstring).

    Deterministic in ``seed``: round r's pairings and results depend only on
    the seed and rounds before r, so the history for fewer rounds is a prefix
    of the one for more rounds.  ``byes`` is the chance that a player asks for
    a half-point bye (two thirds) or is absent (one third) in a round.
    ``result`` draws a game's result codes (white, black) from the ratings
    (default :func:`_result`; ``benchmarks/bench_stress.py`` passes others).
    """
    draw = result or _result
    if planned < played + 1:
        raise ValueError("planned rounds must exceed the rounds played")
    rng = random.Random(f"swisschess-bench {n} {seed}")
    t = Tournament(name=f"Benchmark open, {n} players, seed {seed}", city="Bench",
                   rounds=planned, initial_colour=W, system=trf_code("dutch"))
    ratings = [0] + open_ratings(n, rng)
    for i in range(1, n + 1):
        t.players[i] = Player(id=i, name=f"Player{i:04d}, Bench", rating=ratings[i])
    st = [_State() for _ in range(n + 1)]
    for _rnd in range(1, played + 1):
        absent: dict[int, str] = {}
        for i in range(1, n + 1):
            if byes and rng.random() < byes:
                absent[i] = "H" if rng.random() < 2 / 3 else "Z"
        active = [i for i in range(1, n + 1) if i not in absent]
        pairs, pab = _pair_history_round(active, st)
        for i, code in absent.items():
            t.players[i].results.append(RoundEntry.bye(code))
            st[i].score += 1 if code == "H" else 0
        if pab is not None:
            t.players[pab].results.append(RoundEntry.bye("U"))
            st[pab].score += 2
            st[pab].had_pab = True
        pairs.sort(key=lambda ab: (-max(st[ab[0]].score, st[ab[1]].score), min(ab)))
        for board, (a, b) in enumerate(pairs, 1):
            hi, lo = (a, b) if (-st[a].score, a) < (-st[b].score, b) else (b, a)
            colours = _colours_for(hi, lo, st, board)
            assert colours is not None  # the pairer only pairs compatible players
            w, bl = colours
            cw, cb = draw(rng, ratings[w], ratings[bl])
            t.players[w].results.append(RoundEntry(bl, W, cw))
            t.players[bl].results.append(RoundEntry(w, B, cb))
            for p, q, c, code in ((w, bl, "W", cw), (bl, w, "B", cb)):
                st[p].met.add(q)
                st[p].colours += c
                st[p].score += {"1": 2, "=": 1, "0": 0}[code]
    for p in t.players.values():
        p.stated_points = t.score(p.id)
    return t


def truncated(t: Tournament, played: int) -> Tournament:
    """A copy of ``t`` with the first ``played`` rounds only (points restated)."""
    c = Tournament(name=t.name, city=t.city, rounds=t.rounds,
                   initial_colour=t.initial_colour, system=t.system)
    for pid, p in t.players.items():
        c.players[pid] = Player(id=pid, name=p.name, rating=p.rating,
                                results=list(p.results[:played]))
    for p in c.players.values():
        p.stated_points = c.score(p.id)
    return c


def history_problems(t: Tournament) -> list[str]:
    """Every way the played rounds of ``t`` break a rule the pairing engines rely on.

    [C1] no two players meet twice; games mirror each other; the absolute
    colour rules hold after every round (colour difference within ±2, never the
    same colour three times running; 2026 Art. 1.7 / [C3], via
    :func:`swisschess.model.history.played_colours`); [C2] at most one PAB per
    player.  Empty when the history is one a Dutch engine accepts.
    """
    out: list[str] = []
    rounds = t.rounds_recorded()
    for pid, p in t.players.items():
        opponents = [e.opponent for e in p.results if e.opponent is not None]
        if len(opponents) != len(set(opponents)):
            out.append(f"player {pid} meets an opponent twice: {opponents}")
        for r, e in enumerate(p.results, 1):
            if e.opponent is None:
                continue
            other = t.players[e.opponent].entry(r)
            if other is None or other.opponent != pid or other.colour is not e.colour.opposite:
                out.append(f"round {r}: {pid}-{e.opponent} does not mirror")
        for r in range(1, rounds + 1):
            cols = played_colours(p, r)
            if abs(colour_difference(cols)) > 2:
                out.append(f"player {pid}: colour difference {colour_difference(cols)} "
                           f"after round {r}")
            if len(cols) >= 3 and cols[-1] is cols[-2] is cols[-3]:
                out.append(f"player {pid}: same colour three times running by round {r}")
        if sum(1 for e in p.results if e.is_pab) > 1:
            out.append(f"player {pid} has more than one PAB")
    return out


def input_file(cache: Path, n: int, rnd: int, seed: int, *, planned: int, byes: float,
               variant: str, histories: dict[int, Tournament] | None = None,
               longest: int = 0) -> Path:
    """The TRF file of ``n`` players about to pair round ``rnd``; written once into ``cache``.

    ``histories`` (n -> the longest history made so far) lets several rounds of
    one size share one generator run of ``longest`` rounds (the history is
    deterministic round by round, so a shorter one is its prefix).
    """
    name = (f"bench-g{GENERATOR_VERSION}-n{n}-r{rnd}-of{planned}-s{seed}"
            f"-b{byes:g}-trf{variant}.trf")
    path = cache / name
    if path.exists():
        return path
    full = (histories or {}).get(n)
    if full is None or full.rounds_recorded() < rnd - 1 or full.rounds != planned:
        full = make_history(n, max(rnd - 1, longest), seed, planned=planned, byes=byes)
        if histories is not None:
            histories[n] = full
    t = truncated(full, rnd - 1)
    save_checked(path, write_trf(t, variant, points="computed"), rnd, "history")
    return path


def save_checked(path: Path, text: str, rnd: int, what: str) -> None:
    """Write the generated TRF ``text`` to ``path`` (through a temporary file)
    once it reads back without diagnostics, passes :func:`history_problems`
    and records the ``rnd - 1`` rounds before the one to pair; else raise
    ``RuntimeError`` naming the file and the ``what`` that is not legal."""
    read = parse_trf(text, path.name)
    problems = [str(d) for d in read.diagnostics] + history_problems(read.tournament)
    if read.tournament.rounds_recorded() != rnd - 1:
        problems.append(f"file has {read.tournament.rounds_recorded()} rounds, not {rnd - 1}")
    if problems:
        raise RuntimeError(f"{path.name}: generated {what} is not legal:\n  "
                           + "\n  ".join(problems[:20]))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text)
    tmp.replace(path)


# ================================================================== engines
@dataclass(frozen=True, slots=True)
class Engine:
    """One engine the benchmark can time.

    ``argv``: the command line, ``{py}`` for our Python, ``{in}``/``{out}`` for
    the files, ``{bin}`` for the peer's binary or interpreter named by the
    environment variable ``env``; ``of``: the engine of ours it is compared
    with (None: ours); ``feed``: which TRF it reads ("trf" the file as
    written, "py4swiss" or "cppdubov": the dialect of tools/peerfiles.py);
    ``csv``: the output is CPPDubovSystem's White,Black CSV (-1: the PAB)."""

    title: str
    argv: tuple[str, ...]
    env: str = ""
    of: str | None = None
    feed: str = "trf"
    csv: bool = False


_OURS = ("{py}", "-m", "swisschess", "engine")
#: Every engine by name: ours (the Dutch editions and the other systems) and the
#: peers that have the same system.  Dutch 2026 ("swisschess") is the yardstick
#: the "x Dutch" column divides by.
ENGINES: dict[str, Engine] = {
    "swisschess": Engine("Dutch 2026", (*_OURS, "--dutch", "{in}", "-p", "{out}")),
    "dutch2017": Engine("Dutch 2017", (*_OURS, "--dutch", "--edition", "2017", "{in}",
                                       "-p", "{out}")),
    "dutch2012": Engine("Dutch 2012", (*_OURS, "--dutch", "--edition", "2012", "{in}",
                                       "-p", "{out}")),
    "dutch1992": Engine("Dutch 1992", (*_OURS, "--dutch", "--edition", "1992", "{in}",
                                       "-p", "{out}")),
    "lim": Engine("Lim 1992", (*_OURS, "--lim", "--edition", "1992", "{in}", "-p", "{out}")),
    "dubov": Engine("Dubov", (*_OURS, "--dubov", "{in}", "-p", "{out}")),
    "burstein": Engine("Burstein", (*_OURS, "--burstein", "{in}", "-p", "{out}")),
    "gacrux": Engine("gacrux", ("{bin}", "-m", "gacrux.pairingchecker", "-p", "-i", "{in}",
                                "-o", "{out}", "-d", "B"), env="GACRUX_PYTHON",
                     of="swisschess"),
    "bbp": Engine("bbpPairings", ("{bin}", "--dutch", "{in}", "-p", "{out}"), env="BBP",
                  of="swisschess"),
    # py4swiss 0.3.1's Dutch engine follows C.04.3 "effective till 31 January 2026"
    "py4swiss-dutch": Engine("py4swiss Dutch", ("{bin}", "-t", "{in}", "-e", "dutch",
                                                "-p", "{out}"),
                             env="PY4SWISS", of="dutch2017", feed="py4swiss"),
    "py4swiss-dubov": Engine("py4swiss Dubov", ("{bin}", "-t", "{in}", "-e", "dubov",
                                                "-p", "{out}"),
                             env="PY4SWISS", of="dubov", feed="py4swiss"),
    "py4swiss-burstein": Engine("py4swiss Burstein", ("{bin}", "-t", "{in}", "-e",
                                                      "burstein", "-p", "{out}"),
                                env="PY4SWISS", of="burstein", feed="py4swiss"),
    "cppdubov": Engine("CPPDubovSystem", ("{bin}", "--pairings", "{in}", "--output", "{out}"),
                       env="CPPDUBOV_BIN", of="dubov", feed="cppdubov", csv=True),
}
#: ``--engines all``: every system and edition of ours, then every peer.
ALL_ENGINES = tuple(ENGINES)
#: The peers (compared with one of ours).
PEERS = tuple(name for name, e in ENGINES.items() if e.of is not None)
#: Kept for scripts beside this one: the titles by name.
ENGINE_TITLES = {name: e.title for name, e in ENGINES.items()}


@dataclass(slots=True)
class Run:
    """One engine on one file: status "ok", "timeout", "error ..." or "missing"."""

    status: str
    seconds: float = 0.0
    mib: float = 0.0
    cpu: float = 0.0
    pairing: tuple[frozenset[tuple[int, int]], int | None] | None = None
    detail: str = ""


def _peer_binary(e: Engine) -> str | None:
    """The peer's binary from its environment variable (BBP also as BBP_PAIRINGS,
    py4swiss as the ``py4swiss`` script on PATH), when it exists."""
    value = os.environ.get(e.env)
    if e.env == "BBP":
        value = value or os.environ.get("BBP_PAIRINGS")
    if e.env == "PY4SWISS":
        value = value or shutil.which("py4swiss")
    return value if value and shutil.which(value) else None


def engine_commands(names: Sequence[str], python: str = sys.executable
                    ) -> dict[str, list[str] | None]:
    """argv (with ``{in}`` and ``{out}`` to fill) per engine; None when not installed."""
    cmds: dict[str, list[str] | None] = {}
    for name in names:
        e = ENGINES.get(name)
        if e is None:
            raise ValueError(f"unknown engine {name!r} ({', '.join(ENGINES)}, all)")
        binary = _peer_binary(e) if e.env else python
        cmds[name] = ([a.replace("{py}", python).replace("{bin}", binary) for a in e.argv]
                      if binary else None)
    return cmds


def parse_pairs(text: str) -> tuple[frozenset[tuple[int, int]], int | None]:
    """The engines' output (count, then ``white black`` lines, ``id 0`` for the PAB).

    Returns the set of (white, black) boards and the PAB receiver; raises
    ValueError for anything else (an error report, a truncated file).
    """
    lines = [ln.split() for ln in text.splitlines() if ln.strip()]
    if not lines or len(lines[0]) != 1:
        raise ValueError("no pair count on the first line")
    count = int(lines[0][0])
    boards: set[tuple[int, int]] = set()
    bye = None
    for row in lines[1:]:
        if len(row) != 2:
            raise ValueError(f"not a pair: {' '.join(row)}")
        w, b = int(row[0]), int(row[1])
        if b == 0:
            bye = w
        else:
            boards.add((w, b))
    if count != len(lines) - 1:
        raise ValueError(f"{count} pairs announced, {len(lines) - 1} given")
    return frozenset(boards), bye


def parse_csv_pairs(text: str) -> tuple[frozenset[tuple[int, int]], int | None]:
    """CPPDubovSystem's CSV (``White,Black`` rows, Black -1 for the PAB) as :func:`parse_pairs`."""
    boards: set[tuple[int, int]] = set()
    bye = None
    for row in csv.reader(text.splitlines()):
        if len(row) < 2 or not row[0].strip().lstrip("-").isdigit():
            continue  # the header
        w, b = int(row[0]), int(row[1])
        if b < 0:
            bye = w
        else:
            boards.add((w, b))
    if not boards and bye is None:
        raise ValueError("no pairs in the CSV")
    return frozenset(boards), bye


def run_engine(argv: list[str], infile: Path, outfile: Path, timeout: float,
               csv_output: bool = False) -> Run:
    """Run one engine in its own process (group); wall seconds and its own peak RSS."""
    cmd = [a.replace("{in}", str(infile)).replace("{out}", str(outfile)) for a in argv]
    outfile.unlink(missing_ok=True)
    log = outfile.with_suffix(".log")
    killed = threading.Event()
    with open(log, "wb") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=err, stderr=err,
                                start_new_session=True)

        def kill() -> None:
            killed.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage
        finally:
            timer.cancel()
        seconds = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
    mib = usage.ru_maxrss / 1024  # KiB on Linux
    cpu = usage.ru_utime + usage.ru_stime
    if killed.is_set():
        return Run("timeout", seconds, mib, cpu)
    tail = (log.read_text(errors="replace").strip().splitlines() or [""])[-1][:200]
    if proc.returncode != 0:
        return Run(f"error (exit {proc.returncode})", seconds, mib, cpu, detail=tail)
    try:
        text = outfile.read_text(errors="replace")
        pairing = parse_csv_pairs(text) if csv_output else parse_pairs(text)
    except (OSError, ValueError) as e:
        return Run("error (output)", seconds, mib, cpu, detail=f"{e}; {tail}")
    return Run("ok", seconds, mib, cpu, pairing)


def compare(ours: Run, peer: Run) -> str:
    """"same" when pairs, colours and PAB agree, else "DIFF (k of m boards)"; "" if unknown."""
    if ours.pairing is None or peer.pairing is None:
        return ""
    if ours.pairing == peer.pairing:
        return "same"
    mine, bye = ours.pairing
    other, other_bye = peer.pairing
    differ = len(mine - other) + (bye != other_bye)
    return f"DIFF ({differ} of {len(mine) + (bye is not None)} boards)"


# ==================================================================== table

def _seconds(x: float) -> str:
    return f"{x:.2f}" if x < 10 else f"{x:.1f}" if x < 100 else f"{x:.0f}"


def _cell(r: Run | None) -> tuple[str, str, str]:
    if r is None or r.status == "missing":
        return "", "", ""
    if r.status == "ok":
        return _seconds(r.seconds), _seconds(r.cpu), f"{r.mib:.0f}"
    if r.status == "timeout":
        return "timeout", _seconds(r.cpu), f"{r.mib:.0f}" if r.mib else ""
    return r.status, "", ""


def verdicts(runs: dict[str, Run], engines: Sequence[str]) -> list[tuple[str, str]]:
    """(peer, :func:`compare` verdict) for each peer run beside the engine it is compared with."""
    out = []
    for e in engines:
        of = ENGINES[e].of
        if of is not None and of in runs and e in runs:
            out.append((e, compare(runs[of], runs[e])))
    return out


def long_table(rows: list[tuple[int, int, dict[str, Run]]], engines: Sequence[str]) -> str:
    """One line per size, round and engine: wall s, CPU s, MiB, the CPU time as a
    multiple of Dutch 2026 on the same file in the same run, and for a peer
    whether its pairing is the one of ours with the same system."""
    lines = ["| players | round | engine | s | cpu s | MiB | x Dutch 2026 (cpu) | same? |",
             "|---:|---:|---|---:|---:|---:|---:|---|"]
    for n, rnd, runs in rows:
        base = runs.get("swisschess")
        same = dict(verdicts(runs, engines))
        for e in engines:
            r = runs.get(e)
            if r is None:
                continue
            ratio = ""
            if e != "swisschess" and base is not None and base.status == "ok" and base.cpu > 0 \
                    and r.status in ("ok", "timeout"):
                ratio = (">" if r.status == "timeout" else "") + f"{r.cpu / base.cpu:.1f}x"
            peer = f"{same[e]} ({ENGINE_TITLES[ENGINES[e].of or e]})" if same.get(e) else ""
            lines.append("| " + " | ".join([str(n), str(rnd), ENGINE_TITLES[e], *_cell(r),
                                             ratio, peer]) + " |")
    return "\n".join(lines) + "\n"


def table(rows: list[tuple[int, int, dict[str, Run]]], engines: Sequence[str]) -> str:
    """The Markdown table: players | round | wall s, CPU s and MiB per engine | same?"""
    return markdown_table(["players", "round"],
                          [([str(n), str(rnd)], runs) for n, rnd, runs in rows], engines)


def markdown_table(key_head: list[str], rows: list[tuple[list[str], dict[str, Run]]],
                   engines: Sequence[str], left: int = 0) -> str:
    """A Markdown table of timed runs: the key columns ``key_head`` (the first
    ``left`` of them flush left, the others right), wall s, CPU s and MiB per
    engine, and a last column with each peer's :func:`compare` verdict against
    the engine of ours with the same system (empty when they agree)."""
    head = list(key_head)
    for e in engines:
        head += [f"{ENGINE_TITLES[e]} s", "cpu s", "MiB"]
    head.append("same?")
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join(["---"] * left + ["---:"] * (len(head) - 1 - left)) + "|---|"]
    for keys, runs in rows:
        cells = list(keys)
        for e in engines:
            cells += list(_cell(runs.get(e)))
        cells.append("; ".join(f"{ENGINE_TITLES[e]}: {v}" for e, v in verdicts(runs, engines)
                               if v))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def peer_input(path: Path, feed: str) -> Path:
    """The file an engine reads: ``path`` itself, or beside it the TRF dialect
    ``feed`` of tools/peerfiles.py (written once)."""
    if feed == "trf":
        return path
    out = path.with_suffix(f".{feed}.trf")
    if not out.exists():
        before = parse_trf(path.read_text(), path.name).tournament
        text = (py4swiss_trf(before) if feed == "py4swiss"
                else cppdubov_trf(before, before.rounds_recorded() + 1))
        out.write_text(text)
    return out


def run_engines(engines: Sequence[str], cmds: dict[str, list[str] | None], path: Path,
                cache: Path, timeout: float) -> dict[str, Run]:
    """Run each engine on ``path`` (output beside it in ``cache``) and print
    one progress line per run to stderr."""
    runs: dict[str, Run] = {}
    for e in engines:
        cmd = cmds[e]
        assert cmd is not None
        infile = peer_input(path, ENGINES[e].feed)
        r = run_engine(cmd, infile, cache / f"{path.stem}.{e}.out", timeout,
                       csv_output=ENGINES[e].csv)
        runs[e] = r
        print(f"#   {ENGINE_TITLES[e]}: {r.status} {r.seconds:.1f} s "
              f"(cpu {r.cpu:.1f} s) {r.mib:.0f} MiB {r.detail}",
              file=sys.stderr, flush=True)
    return runs


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.replace(" ", "").split(",") if x]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="1000,3000,9999", help="sizes, comma-separated")
    ap.add_argument("--rounds", default="2,5,9", help="rounds to pair, comma-separated")
    ap.add_argument("--planned", type=int, default=9,
                    help="planned rounds of the event (record 142); at least the largest round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--byes", type=float, default=0.01,
                    help="chance per player and round of a half-point bye or absence (0: none)")
    ap.add_argument("--trf", choices=("2026", "16"), default="2026", help="TRF variant written")
    ap.add_argument("--cache", type=Path, default=None,
                    help="directory for the generated files (default: a temporary one)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per engine and file")
    ap.add_argument("--engines", default="swisschess,gacrux,bbp",
                    help="engines to run, or 'all': swisschess (Dutch 2026), dutch2017, "
                         "dutch2012, dutch1992, lim, dubov, burstein (ours); gacrux (needs "
                         "GACRUX_PYTHON), bbp (BBP), py4swiss-dutch, py4swiss-dubov, "
                         "py4swiss-burstein (PY4SWISS: the py4swiss script), cppdubov "
                         "(CPPDUBOV_BIN)")
    ap.add_argument("--layout", choices=("wide", "long"), default=None,
                    help="wide: a column group per engine; long: a line per engine with its "
                         "multiple of Dutch 2026 (default: long with more than three engines)")
    ap.add_argument("--markdown-out", type=Path, default=None, help="also write the table here")
    ap.add_argument("--generate-only", action="store_true", help="write the input files only")
    a = ap.parse_args(argv)

    sizes, rounds = _ints(a.players), _ints(a.rounds)
    planned = max([a.planned, *rounds])
    names = [x.strip() for x in a.engines.split(",") if x.strip()]
    if names == ["all"]:
        names = list(ALL_ENGINES)
    cmds = engine_commands(names)
    for name, cmd in cmds.items():
        if cmd is None:
            print(f"# {ENGINE_TITLES[name]}: not run (set {ENGINES[name].env})", file=sys.stderr)
    engines = [e for e in names if cmds[e] is not None]

    tmp = None
    cache = a.cache
    if cache is None:
        tmp = tempfile.TemporaryDirectory(prefix="swisschess-bench-")
        cache = Path(tmp.name)
    cache.mkdir(parents=True, exist_ok=True)
    rows: list[tuple[int, int, dict[str, Run]]] = []
    try:
        for n in sizes:
            histories: dict[int, Tournament] = {}
            for rnd in sorted(rounds):
                t0 = time.perf_counter()
                path = input_file(cache, n, rnd, a.seed, planned=planned, byes=a.byes,
                                  variant=a.trf, histories=histories,
                                  longest=max(rounds) - 1)
                print(f"# {path.name} ({time.perf_counter() - t0:.1f} s)", file=sys.stderr)
                if a.generate_only:
                    continue
                rows.append((n, rnd, run_engines(engines, cmds, path, cache, a.timeout)))
    finally:
        if tmp is not None:
            tmp.cleanup()
    if a.generate_only:
        return 0
    long = a.layout == "long" or (a.layout is None and len(engines) > 3)
    text = long_table(rows, engines) if long else table(rows, engines)
    sys.stdout.write(text)
    if a.markdown_out:
        a.markdown_out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
