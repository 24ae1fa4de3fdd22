"""TRF-2026 record 192 (ETT26 codes): what each code selects, what we write.

The list of codes is gacrux 1.11.65's table of TRF-2026 tournament types
(``gacrux.trf2json.trf2json().code192``), copied on 2026-11-25.
"""

from __future__ import annotations

import pytest

from swisschess.checking.generator import generate
from swisschess.cli.options import resolve_baku, resolve_round_robin, resolve_system
from swisschess.formats.trf import parse_trf, write_trf
from swisschess.pairing.result import InputError

GACRUX_CODES = """
BERGER_DOUBLEROUNDROBIN BERGER_ROUNDROBIN BERGER_TEAM_DOUBLEROUNDROBIN BERGER_TEAM_ROUNDROBIN
CUSTOM_DOUBLESWISS CUSTOM_KNOCKOUT CUSTOM_ROUNDROBIN CUSTOM_SCHEVENINGEN CUSTOM_SCHILLER
CUSTOM_SWISS CUSTOM_TEAM_KNOCKOUT CUSTOM_TEAM_ROUNDROBIN CUSTOM_TEAM_SWISS CUSTOM_TEAM_SWISS_GP
CUSTOM_TEAM_SWISS_MP FIDE_BURSTEIN FIDE_BURSTEIN_BAKU FIDE_DOUBLEROUNDROBIN
FIDE_DOUBLESCHEVENINGEN FIDE_DOUBLESWISS FIDE_DOUBLESWISS_BAKU FIDE_DUBOV FIDE_DUBOV_BAKU
FIDE_DUTCH FIDE_DUTCH_2017 FIDE_DUTCH_2017_BAKU FIDE_DUTCH_2026 FIDE_DUTCH_2026_BAKU
FIDE_DUTCH_BAKU FIDE_ROUNDROBIN FIDE_SCHEVENINGEN FIDE_SCHILLER FIDE_TEAM FIDE_TEAM_BAKU
FIDE_TEAM_DOUBLEROUNDROBIN FIDE_TEAM_GP FIDE_TEAM_GP_MP FIDE_TEAM_MP FIDE_TEAM_MP_BAKU
FIDE_TEAM_MP_GP FIDE_TEAM_MP_GP_BAKU FIDE_TEAM_ROUNDROBIN FIDE_TEAM_TYPEA_GP
FIDE_TEAM_TYPEA_GP_MP FIDE_TEAM_TYPEA_MP FIDE_TEAM_TYPEA_MP_BAKU FIDE_TEAM_TYPEA_MP_GP
FIDE_TEAM_TYPEA_MP_GP_BAKU FIDE_TEAM_TYPEB_GP FIDE_TEAM_TYPEB_GP_MP FIDE_TEAM_TYPEB_MP
FIDE_TEAM_TYPEB_MP_BAKU FIDE_TEAM_TYPEB_MP_GP FIDE_TEAM_TYPEB_MP_GP_BAKU
""".split()


def what(code: str):
    """What the command line does with a file carrying this code and no system option."""
    rr = resolve_round_robin(False, False, None, code)
    if rr is not None:
        return ("round-robin", rr)
    try:
        return resolve_system(None, None, code) + (resolve_baku(False, code),)
    except InputError as e:
        return ("refused", str(e))


@pytest.mark.parametrize("code, expected", [
    ("FIDE_DUTCH", ("dutch", "2026", False)),
    ("FIDE_DUTCH_2026", ("dutch", "2026", False)),
    ("FIDE_DUTCH_BAKU", ("dutch", "2026", True)),
    ("FIDE_DUTCH_2026_BAKU", ("dutch", "2026", True)),
    ("FIDE_DUTCH_2017", ("dutch", "2017", False)),
    ("FIDE_DUTCH_2017_BAKU", ("dutch", "2017", True)),
    ("FIDE_ROUNDROBIN", ("round-robin", "auto")),
    ("BERGER_ROUNDROBIN", ("round-robin", "auto")),
    ("FIDE_DOUBLEROUNDROBIN", ("round-robin", "double")),
    ("BERGER_DOUBLEROUNDROBIN", ("round-robin", "double")),
    ("CUSTOM_SWISS", ("dutch", "2026", False)),  # an unnamed Swiss: the default
])
def test_code_selects(code, expected):
    assert what(code) == expected


def test_every_gacrux_code_is_selected_or_refused_clearly():
    for code in GACRUX_CODES:
        got = what(code)
        if "DOUBLESWISS" in code or "TEAM" in code or code in (
                "CUSTOM_KNOCKOUT", "CUSTOM_ROUNDROBIN", "CUSTOM_SCHEVENINGEN",
                "CUSTOM_SCHILLER", "FIDE_SCHEVENINGEN", "FIDE_SCHILLER",
                "FIDE_DOUBLESCHEVENINGEN"):
            assert got[0] == "refused" and "record 192" in got[1], code
        elif "DUBOV" in code or "BURSTEIN" in code:
            # refused until the Dubov / Burstein rows exist in the table, then selected
            system = "dubov" if "DUBOV" in code else "burstein"
            assert got[0] in ("refused", system), code
            if got[0] == system:
                assert got[2] is code.endswith("_BAKU")
        else:
            assert got[0] in ("dutch", "round-robin"), code


def test_command_line_wins_over_a_refused_code():
    assert resolve_system("dutch", None, "FIDE_DOUBLESWISS") == ("dutch", "2026")


@pytest.mark.parametrize("edition", ["2026", "2017", "1992"])
@pytest.mark.parametrize("baku", [False, True])
def test_written_code_reads_back(edition, baku):
    t = generate({"PlayersNumber": 12, "RoundsNumber": 3}, 2, edition=edition, baku=baku)
    back = parse_trf(write_trf(t)).tournament
    assert what(back.system)[:3] == ("dutch", edition, baku)
