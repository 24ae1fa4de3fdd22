"""The one table of systems and rule editions (pairing.registry) and what derives from it."""

import argparse

import pytest
from enginehelp import ROOT

from swisschess.cli.options import add_system_options, resolve_system
from swisschess.formats.trf import load_trf
from swisschess.pairing import registry
from swisschess.pairing.api import pair_round
from swisschess.pairing.registry import system_from_code
from swisschess.pairing.result import InputError
from swisschess.rules.dutch import pair_dutch
from swisschess.rules.dutch1992 import pair_dutch_1992
from swisschess.rules.dutch2017 import pair_dutch_2017
from swisschess.rules.lim import pair_lim


def test_one_default_edition_per_system():
    for system in registry.systems():
        defaults = [e for e in registry.EDITIONS if e.system == system and e.default]
        assert len(defaults) == 1, system
    keys = [e.key for e in registry.EDITIONS]
    assert len(keys) == len(set(keys))


def test_every_entry_is_complete():
    for e in registry.EDITIONS:
        assert e.name and e.description and e.trf_code
        # what we write in 192 is read back as the same entry
        assert system_from_code(e.trf_code) == e.key, e


@pytest.mark.parametrize("code, expected", [
    ("FIDE_DUTCH", ("dutch", "2026")),
    ("FIDE_DUTCH_2026", ("dutch", "2026")),
    ("FIDE_DUTCH_2025", ("dutch", "2026")),
    ("FIDE_DUTCH_BAKU", ("dutch", "2026")),
    ("FIDE", ("dutch", "2026")),
    ("Swiss", ("dutch", "2026")),
    ("FIDE_DUTCH_2017", ("dutch", "2017")),
    ("Dutch 2017", ("dutch", "2017")),
    ("Individual  Swiss Dutch (Istanbul 2012 rules)", ("dutch", "2012")),
    ("FIDE_DUTCH_2012", ("dutch", "2012")),
    ("FIDE (Dutch) System 1998", ("dutch", "1992")),
    ("DUTCH1992", ("dutch", "1992")),
    ("CUSTOM_SWISS_LIM", ("lim", "1992")),
    ("FIDE_LIM", ("lim", "1992")),
    ("Individual: Swiss-System", None),
    ("FIDE_DUBOV_2026", ("dubov", "2026")),
        ("FIDE_BURSTEIN", ("burstein", "2026")),
    ("", None),
    ("   ", None),
])
def test_system_from_code(code, expected):
    assert system_from_code(code) == expected


def test_pair_round_dispatches_by_the_table():
    t = load_trf(str(ROOT / "samples" / "club-open-24.trf"))
    assert pair_round(t) == pair_dutch(t)
    assert pair_round(t, "dutch", "2017") == pair_dutch_2017(t)
    assert pair_round(t, "dutch", "1992") == pair_dutch_1992(t)
    assert pair_round(t, "lim") == pair_lim(t)
    with pytest.raises(InputError, match="unknown pairing system"):
        pair_round(t, "lim", "2017")
    with pytest.raises(InputError, match="unknown pairing system"):
        pair_round(t, "monrad")


def test_command_line_choices_come_from_the_table():
    p = argparse.ArgumentParser()
    add_system_options(p)
    for system in registry.systems():
        assert p.parse_args([f"--{system}"]).system == system
    for edition in registry.editions():
        assert p.parse_args(["--edition", edition]).edition == edition
    with pytest.raises(SystemExit):
        p.parse_args(["--edition", "1066"])


def test_resolve_system_command_line_then_file_then_default():
    assert resolve_system(None, None, "") == ("dutch", "2026")
    assert resolve_system(None, None, "FIDE_DUTCH_2017") == ("dutch", "2017")
    assert resolve_system(None, "1992", "FIDE_DUTCH_2017") == ("dutch", "1992")
    assert resolve_system("lim", None, "FIDE_DUTCH_2017") == ("lim", "1992")
    assert resolve_system(None, None, "CUSTOM_SWISS_LIM") == ("lim", "1992")
    assert resolve_system("dutch", None, "CUSTOM_SWISS_LIM") == ("dutch", "2026")
    with pytest.raises(InputError):
        resolve_system("lim", "2017", "")
