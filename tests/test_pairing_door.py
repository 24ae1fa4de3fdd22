"""The one door (``pairing.api.pair_next``): refusals, and a bug's exit code.

The door's ``XXC rank`` cases against bbpPairings are in ``test_xxc_rank.py``.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from swisschess.cli.exitcodes import EXIT_UNEXPECTED
from swisschess.cli.main import main
from swisschess.formats.trf import read_trf
from swisschess.pairing import api
from swisschess.pairing.result import InputError, Pairing

SAMPLE = Path(__file__).parent / "data" / "xxc_rank" / "ref1_round3_swapped.trf"


def test_an_internal_error_in_engine_p_exits_2_in_one_line(monkeypatch, capsys, tmp_path):
    """exitcodes.py: 2 is a bug; 1 would tell a calling program "no valid pairing"."""
    def boom(_t: object) -> Pairing:
        raise RuntimeError("injected")

    monkeypatch.setattr(api, "find", lambda *_a: SimpleNamespace(pair=boom))
    monkeypatch.delenv("SWISSCHESS_DEBUG", raising=False)
    rc = main(["engine", "--dutch", str(SAMPLE), "-p", str(tmp_path / "out.txt")])
    err = capsys.readouterr().err
    assert rc == EXIT_UNEXPECTED
    assert "Traceback" not in err and "RuntimeError: injected" in err
    assert len(err.strip().split("\n")) == 1


def test_the_door_refuses_past_the_declared_rounds():
    t = read_trf(SAMPLE).tournament
    t.rounds = t.rounds_recorded()
    with pytest.raises(InputError, match="all are paired"):
        api.pair_next(t)
    # the checker's and the explainer's pairer re-pair prepared positions: no refusal
    assert api.pair_round(t).round == t.rounds + 1
