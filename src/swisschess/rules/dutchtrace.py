"""Which path paired each bracket of a Dutch round, and why a certificate failed.

The 2026 engine (:mod:`swisschess.rules.dutch`) pairs a bracket of a large
round in one of three ways, fastest first:

* **classes**: on classes of alike players, certified as a whole
  (:class:`~swisschess.rules.dutchclasses.ClassBracket`);
* **reduced graph**: a weighted matching of the bracket and the next
  scoregroup with the lower part replaced by a few sinks, certified by
  Dirac's theorem (:class:`~swisschess.pairing.reduced.ReducedGraph`);
* **full graph**: a weighted matching of every player still to be paired
  (time about n³, memory about n²).

The results are the same whichever path is taken; only the time differs.  A
slow round is diagnosed by seeing which brackets fell to the full graph and
why the cheaper certificate did not hold (``python -m
swisschess.rules.dutchpaths FILE``, or :func:`recording` around a pairing).
The diagnostic is for developers and stress benchmarks (English only).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TextIO

CLASSES, REDUCED, FULL = "classes", "reduced graph", "full graph"


@dataclass(slots=True)
class BracketTrace:
    """One bracket: its first score, size (MDPs among them), the path that
    paired it, and why each cheaper path was not taken."""

    score: float
    size: int
    mdps: int
    path: str = ""
    reasons: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass(slots=True)
class RoundTrace:
    """The round: why it is not reduced at all (if so), then its brackets."""

    players: int = 0
    start: str = ""
    brackets: list[BracketTrace] = field(default_factory=list)
    #: where to print each bracket as soon as it is paired (slow rounds), or None
    stream: TextIO | None = None


_active: list[RoundTrace] = []


def current() -> RoundTrace | None:
    """The trace being recorded, or None (the engine then records nothing)."""
    return _active[-1] if _active else None


@contextmanager
def recording(stream: TextIO | None = None) -> Iterator[RoundTrace]:
    """Record the paths of the rounds paired inside the ``with`` block (the
    last round paired is the one yielded); ``stream``: also print each
    bracket there as soon as it is paired."""
    tr = RoundTrace(stream=stream)
    _active.append(tr)
    try:
        yield tr
    finally:
        _active.pop()


def begin_round(players: int) -> None:
    tr = current()
    if tr is not None:
        tr.players = players
        tr.start = ""
        tr.brackets.clear()


def note_start(reason: str) -> None:
    """The round as a whole could not be reduced (``reason``): full graph."""
    tr = current()
    if tr is not None:
        tr.start = reason
        if tr.stream is not None:
            tr.stream.write(f"whole round on the full graph: {reason}\n")


def begin_bracket(score: float, size: int, mdps: int) -> BracketTrace | None:
    tr = current()
    if tr is None:
        return None
    b = BracketTrace(score, size, mdps, seconds=time.perf_counter())
    tr.brackets.append(b)
    return b


def note(reason: str) -> None:
    """Why the current bracket could not take a cheaper path."""
    tr = current()
    if tr is not None and tr.brackets:
        tr.brackets[-1].reasons.append(reason)
        if tr.stream is not None:  # before the slow fallback starts
            tr.stream.write(f"{len(tr.brackets):>4} ... {reason}\n")
            tr.stream.flush()


def end_bracket(b: BracketTrace | None, path: str) -> None:
    if b is not None:
        b.path = path
        b.seconds = time.perf_counter() - b.seconds
        tr = current()
        if tr is not None and tr.stream is not None:
            tr.stream.write(line(len(tr.brackets), b) + "\n")
            tr.stream.flush()


def line(k: int, b: BracketTrace) -> str:
    """Bracket number ``k``'s line of the report."""
    why = f"  ({'; '.join(b.reasons)})" if b.reasons else ""
    return f"{k:>4} {b.score:>6g} {b.size:>6} {b.mdps:>5} {b.seconds:>8.3f}  {b.path}{why}"


def report(tr: RoundTrace) -> str:
    """The trace as a text table, one line per bracket."""
    out = [f"{tr.players} players" + (f"; whole round on the full graph: {tr.start}"
                                      if tr.start else "")]
    out.append(f"{'#':>4} {'score':>6} {'size':>6} {'MDPs':>5} {'seconds':>8}  path  (why not cheaper)")
    out += [line(k, b) for k, b in enumerate(tr.brackets, 1)]
    counts: dict[str, int] = {}
    for b in tr.brackets:
        counts[b.path] = counts.get(b.path, 0) + 1
    out.append("; ".join(f"{p}: {c}" for p, c in counts.items()))
    return "\n".join(out) + "\n"
