"""The path trace of the Dutch engine (rules.dutchtrace, rules.dutchpaths) and the
issue-31 families that used to leave the class method: the same pairing as the
full graph, now on classes."""

from __future__ import annotations

import sys

from enginehelp import ROOT, same_as_full_graph

import swisschess.rules.dutch as dutch
from swisschess.formats.writer import write_trf
from swisschess.pairing.api import pair_round
from swisschess.rules import dutchpaths, dutchtrace

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_stress import FAMILIES  # noqa: E402


def family(name: str, n: int, seed: int = 1):
    return FAMILIES[name][1](n, seed)


def _paths(t) -> tuple[list[str], dutchtrace.RoundTrace]:
    with dutchtrace.recording() as tr:
        pair_round(t)
    return [b.path for b in tr.brackets], tr


def test_trace_is_off_unless_recording():
    assert dutchtrace.current() is None
    with dutchtrace.recording() as tr:
        assert dutchtrace.current() is tr
    assert dutchtrace.current() is None


def test_small_round_is_traced_on_the_full_graph():
    """Under REDUCED_MIN_PLAYERS the whole round is on the full graph, and the
    trace says why; every bracket is listed with its path."""
    t = family("white", 40)
    paths, tr = _paths(t)
    assert tr.players == 40
    assert tr.start == f"fewer than {dutch.REDUCED_MIN_PLAYERS} players"
    assert paths and set(paths) == {dutchtrace.FULL}
    assert sum(b.size - b.mdps for b in tr.brackets) == tr.players
    text = dutchtrace.report(tr)
    assert "whole round on the full graph: fewer than 64 players" in text
    assert f"full graph: {len(paths)}" in text


def test_failed_certificate_is_named(monkeypatch):
    """A bracket that leaves the class method says which certificate failed."""
    monkeypatch.setattr(dutch, "CLASS_MIN_ACTIVE", 10**9)
    monkeypatch.setattr(dutch, "CLASS_MIN_GRAPH", 10**9)
    paths, tr = _paths(family("fewdraws", 200))
    assert dutchtrace.CLASSES not in paths
    assert dutchtrace.REDUCED in paths
    assert all(b.reasons == [f"classes: bracket under {10**9} players"] or b.path != dutchtrace.REDUCED
               for b in tr.brackets)


def test_small_scoregroup_above_a_huge_one_on_classes(monkeypatch):
    """17 players on ½ above all the rest on 0 (issue 31): the small bracket,
    whose graph would be the whole round, is paired on classes; identical to
    the full graph."""
    t = family("smalltop", 300)
    paths, tr = _paths(t)
    assert tr.brackets[0].size == 17
    assert paths == [dutchtrace.CLASSES, dutchtrace.CLASSES]
    same_as_full_graph(monkeypatch, t)


def test_one_sided_colours_leave_many_floaters_on_classes(monkeypatch):
    """Round 3 with most decisive games won by White: the top scoregroup is
    all due one colour and leaves more than eight players single; paired on
    classes, identical to the full graph."""
    for seed in (2, 3):  # 19 and 10 of the top scoregroup float
        t = family("white", 200, seed)
        paths, tr = _paths(t)
        assert paths[0] == dutchtrace.CLASSES
        same_as_full_graph(monkeypatch, t)


def test_dutchpaths_prints_each_bracket(tmp_path, capsys):
    path = tmp_path / "small.trf"
    path.write_text(write_trf(family("smalltop", 100), "16", points="computed"))
    assert dutchpaths.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("100 players")
    assert "   1    0.5     17" in out


def test_dutchpaths_bad_file(tmp_path, capsys):
    path = tmp_path / "bad.trf"
    assert dutchpaths.main([str(path)]) == 5
    assert "cannot read" in capsys.readouterr().err
