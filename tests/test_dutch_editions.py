"""The Dutch editions are typed objects (issue 28 step 2): each names its
criteria, its facts and its round, and one bracket loop serves them all."""

import dataclasses

import pytest
from enginehelp import ROOT

from swisschess.formats.trf import load_trf
from swisschess.model.history import Float
from swisschess.pairing import registry
from swisschess.pairing.api import pair_round
from swisschess.pairing.result import InputError
from swisschess.rules import dutch, dutch2017, dutchcore
from swisschess.rules.dutchcore import FACTS_1992, FACTS_2017, FACTS_2026, DutchEdition, entrants


def _sample():
    return load_trf(str(ROOT / "samples" / "club-open-24.trf"))


def test_an_edition_code_is_not_an_edition():
    """Review 1d: pair_dutch(t, "2017") used to pair by the 2026 criteria on
    the 2017 facts.  A string is refused; the object brings both."""
    t = _sample()
    for wrong in ("2017", "2026"):
        with pytest.raises(TypeError, match="DutchEdition"):
            dutch.pair_dutch(t, wrong)  # type: ignore[arg-type]
    assert dutch.pair_dutch(t, dutch2017.DUTCH_2017) == pair_round(t, "dutch", "2017")
    assert dutch.pair_dutch(t) == pair_round(t, "dutch", "2026")


def test_each_edition_carries_its_own_facts():
    assert dutch.DUTCH_2026.facts is FACTS_2026
    assert dutch2017.DUTCH_2017.facts is FACTS_2017
    with pytest.raises(dataclasses.FrozenInstanceError):
        dutch.DUTCH_2026.facts = FACTS_2017  # type: ignore[misc]


def test_the_2017_facts_differ_where_the_texts_do():
    """A.4: in 2017 a player who did not play floats down; 2026 Art. 1.4 only
    after a PAB or a win's points without playing."""
    t = _sample()
    found = False
    for pid, p in t.players.items():
        for rnd, e in enumerate(p.results, start=1):
            if not e.played and not e.is_pab and t.points.points(e) <= t.points.loss:
                assert FACTS_2017.float_in_round(t, pid, rnd) is Float.DOWN
                assert FACTS_2026.float_in_round(t, pid, rnd) is Float.NONE
                found = True
    assert found, "the sample has no unplayed loss or absence"


def test_the_2026_criteria_are_its_weight_fields_in_order():
    """The edition names its criteria as its weights lay them out (C16, not C14_1)."""
    t = _sample()
    players = entrants(t)
    weights = dutch._Weights(players, topscorer_round=False, played_rounds=5)
    by_offset = sorted(weights.off, key=weights.off.__getitem__, reverse=True)
    assert tuple(by_offset) == dutch.DUTCH_2026.criteria
    for number in range(14, 22):
        assert f"C{number}" in dutch.DUTCH_2026.criteria
    assert [f"C.{k}" for k in range(4, 20)] == list(dutch2017.DUTCH_2017.criteria)


def test_the_registry_maps_codes_to_facts_once():
    assert registry.dutch_facts("2017") is FACTS_2017
    assert registry.dutch_facts("2026") is FACTS_2026
    assert {e: registry.dutch_facts(e) for e in registry.editions("dutch")} == {
        "2026": FACTS_2026, "2017": FACTS_2017, "2012": FACTS_2026, "1992": FACTS_1992}
    with pytest.raises(InputError, match="unknown pairing system"):
        registry.dutch_facts("2071")


def test_one_bracket_loop_for_both_editions(monkeypatch):
    """Both editions' rounds are driven by dutchcore.run_brackets."""
    calls: list[str] = []
    original = dutchcore.run_brackets

    def counting(rnd):
        calls.append(type(rnd).__name__)
        return original(rnd)

    monkeypatch.setattr(dutchcore, "run_brackets", counting)
    t = _sample()
    pair_round(t, "dutch", "2026")
    pair_round(t, "dutch", "2017")
    assert calls == ["_Round", "_Round2017"]


def test_an_edition_is_a_frozen_dataclass():
    assert dataclasses.is_dataclass(DutchEdition)
    assert {f.name for f in dataclasses.fields(DutchEdition)} == {
        "year", "criteria", "facts", "new_round"}
