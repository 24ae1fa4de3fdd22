"""One definition of who is not paired in a round, and with which code, for every system.

A withdrawn player is listed with ``Z`` like an announced absence (TRF writes
the round as ``0000 - Z``; C.07 counts it as a zero-point bye); a requested
bye keeps its own code.  Before, Dutch 1992 and Lim left withdrawn players out.
"""

import pytest
from enginehelp import ROOT

from swisschess.formats.trf import load_trf
from swisschess.model.history import unpaired_entries
from swisschess.model.rounds import add_pairing
from swisschess.model.tournament import ByeRequest, RoundEntry
from swisschess.pairing import registry
from swisschess.pairing.api import pair_round


def _tournament():
    t = load_trf(str(ROOT / "samples" / "club-open-24.trf"))
    rnd = t.rounds_recorded() + 1
    t.players[3].withdrawn = True                    # withdrew after round 4
    t.players[4].results.append(RoundEntry.bye("H"))  # 0000 - H written for the round
    t.bye_requests.append(ByeRequest("F", rnd, (9,)))  # record 240 F for the round
    t.bye_requests.append(ByeRequest("Z", rnd, (12,)))
    return t, rnd


EXPECTED = [(3, "Z"), (4, "H"), (9, "F"), (12, "Z")]


def test_unpaired_entries():
    t, rnd = _tournament()
    assert unpaired_entries(t, rnd) == EXPECTED


@pytest.mark.parametrize("entry", registry.EDITIONS, ids=lambda e: f"{e.system}-{e.edition}")
def test_every_system_reports_the_same_unpaired_players(entry):
    t, rnd = _tournament()
    p = pair_round(t, *entry.key)
    assert p.round == rnd
    assert p.unpaired == EXPECTED
    seen = [q for b in p.boards for q in b] + ([p.bye] if p.bye is not None else [])
    assert not set(seen) & {pid for pid, _ in EXPECTED}
    assert sorted(seen + [pid for pid, _ in EXPECTED]) == sorted(t.players)
    # the round written from the pairing gives each unpaired player that code
    add_pairing(t, p)
    for pid, code in p.unpaired:
        e = t.players[pid].entry(rnd)
        assert e is not None and e.opponent is None and e.code == code
