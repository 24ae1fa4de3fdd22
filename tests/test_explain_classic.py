"""explain for the seeds' texts: the 1992 / 2012 Dutch and the Lim story with article numbers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from swisschess.explain import explain_round, render_text
from swisschess.explain.classic import colour_reason
from swisschess.formats.trf import read_trf
from swisschess.model.history import to_be_paired
from swisschess.rules.dutch1992 import Context, pair_dutch_1992

POSITION = Path(__file__).resolve().parent / "data" / "dutch-2012" / "1097r5.trf"


def load():
    return read_trf(str(POSITION)).tournament


def test_1992_story_cites_the_seeds_articles():
    e = explain_round(load(), None, "1992")
    text = "\n".join(e.story)
    for art in ("A3", "A6", "A8", "B4", "A5", "F1"):
        assert f"({art}" in text or f"{art})" in text or f" {art}" in text, art
    # every board's colours are explained by one of E1-E4 (or the round-1 rule)
    colour_lines = [s for s in e.story if s.startswith("Colours ")]
    assert len(colour_lines) == len(e.boards)
    assert all(any(f"[{r}]" in s for r in ("E1", "E2", "E3", "E4", "E/F4")) for s in colour_lines)
    assert "step by step" in render_text(e)


def test_2012_story_names_the_2012_wording():
    e = explain_round(load(), None, "2012")
    assert "C.04.3.1" in e.story[0]


def test_colour_reason_agrees_with_the_allocation():
    t = load()
    p = pair_dutch_1992(t)
    ctx = Context(t, p.round, to_be_paired(t, p.round))
    rules = {colour_reason(ctx, w, b)[0] for w, b in p.boards}
    assert rules <= {"E1", "E2", "E3", "E4", "E/F4"}
    assert len(rules) >= 3  # this round uses E1, E2, E3 and E4


def test_lim_story_and_command_line():
    e = explain_round(load(), None, "1992", system="lim")
    text = "\n".join(e.story)
    assert "seed 002" in text and "median group" in text
    assert e.brackets == [] and e.system == "lim"
    today = explain_round(load(), None, "2026", system="lim")
    assert "C.04.4.3" in today.story[0]
    out = subprocess.run([sys.executable, "-m", "swisschess", "explain", str(POSITION), "--lim"],
                         capture_output=True, text=True)
    assert out.returncode == 0 and "Lim system" in out.stdout
