"""The TRF each peer engine reads, written from a tournament as known before a round.

Peers are never dependencies: `tools/compare_peers.py` and
`benchmarks/bench_pairing.py` run them, outside the repository, on the files
these functions write.  Each peer reads a slightly different TRF16:

* py4swiss 0.3.1 needs a rank in every 001 line (columns 86-89); it does not
  use it to pair Dubov or Burstein, so the rank of the current standing
  (score, then pairing number) is written where none is stated;
* CPPDubovSystem 2.2 reads neither the in-column ``0000 - H`` of the round to
  pair nor every absence in XXZ: it gets the rounds before ``rnd`` only and a
  ``BYE id`` line for every player not to be paired, and cannot read a blank
  rating (``stoi``): an unrated player's columns 49-52 say ``0``.
"""

from __future__ import annotations

import copy

from swisschess.formats.writer import write_trf
from swisschess.model.history import unpaired_entries
from swisschess.model.tournament import Tournament


def py4swiss_trf(before: Tournament) -> str:
    """TRF16 of ``before`` with a rank on every player line (py4swiss requires one)."""
    c = copy.deepcopy(before)
    order = sorted(c.players, key=lambda pid: (-c.score(pid), pid))
    for rank, pid in enumerate(order, 1):
        p = c.players[pid]
        if p.stated_rank is None:
            p.stated_rank = rank
    return write_trf(c, "16", points="computed")


def cppdubov_trf(before: Tournament, rnd: int) -> str:
    """TRF16 of the rounds before ``rnd`` plus ``BYE id`` for each player not to pair."""
    c = copy.deepcopy(before)
    for p in c.players.values():
        del p.results[rnd - 1:]
    c.bye_requests = []
    lines = write_trf(c, "16", points="computed").rstrip("\n").split("\n")
    lines = [ln for ln in lines if not ln.startswith("XXZ")]
    # 001 columns 49-52: the rating, "   0" where TRF leaves it blank (unrated)
    lines = [ln[:48] + "   0" + ln[52:] if ln.startswith("001") and not ln[48:52].strip()
             else ln for ln in lines]
    lines += [f"BYE {pid}" for pid, _ in unpaired_entries(before, rnd)]
    return "\n".join(lines) + "\n"
