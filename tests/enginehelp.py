"""Helpers for engine tests: build small TRF tournaments, replay reference files."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def trf_line(pid: int, rating: int, pts: str, *rounds: str) -> str:
    """A TRF 001 line; each round is written like ``"   2 w 1"`` or ``"0000 - Z"``."""
    head = f"001 {pid:4d}      {'Player ' + str(pid):<33} {rating:4d}".ljust(80) + f"{pts:>4}"
    return head.ljust(89) + "".join("  " + r for r in rounds)


def replay_module():
    """The shared replay tool (cuts a reference tournament before a round)."""
    path = SHARED / "tools" / "replay.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("shared_replay", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def reference_files(edition: str) -> list[str]:
    d = SHARED / "reference" / f"dutch-{edition}"
    if not d.is_dir():
        return []
    return sorted((str(d / f) for f in os.listdir(d) if f.endswith(".trf")),
                  key=lambda s: (len(s), s))


def player_count(path: str) -> int:
    with open(path, newline="") as f:
        return sum(1 for ln in f.read().replace("\r", "\n").split("\n") if ln.startswith("001"))
