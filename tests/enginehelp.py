"""Helpers for engine tests: build small TRF tournaments, replay reference files."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The reference tournaments shipped with the tests (see PROVENANCE.md there).
REFERENCE = ROOT / "tests" / "data" / "reference"


def trf_line(pid: int, rating: int, pts: str, *rounds: str) -> str:
    """A TRF 001 line; each round is written like ``"   2 w 1"`` or ``"0000 - Z"``."""
    head = f"001 {pid:4d}      {'Player ' + str(pid):<33} {rating:4d}".ljust(80) + f"{pts:>4}"
    return head.ljust(89) + "".join("  " + r for r in rounds)


def reference_files(edition: str) -> list[str]:
    """The shipped reference tournaments of an edition, in numeric order."""
    d = REFERENCE / f"dutch-{edition}"
    return sorted((str(d / f) for f in os.listdir(d) if f.endswith(".trf")),
                  key=lambda s: (len(s), s))


def player_count(path: str) -> int:
    with open(path, newline="") as f:
        return sum(1 for ln in f.read().replace("\r", "\n").split("\n") if ln.startswith("001"))


def same_as_full_graph(monkeypatch, t) -> None:
    """The 2026 engine pairs ``t`` as it does with the reduced graph and the
    class method switched off (everything on the full graph)."""
    import swisschess.rules.dutch as dutch
    from swisschess.pairing.api import pair_round

    shipped = pair_round(t)
    monkeypatch.setattr(dutch, "REDUCED_MIN_PLAYERS", 10**9)
    full = pair_round(t)
    monkeypatch.undo()
    assert (shipped.boards, shipped.bye) == (full.boards, full.bye)
