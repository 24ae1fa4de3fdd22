"""The TRF each peer engine reads and writes, and what its checker prints.

Peers are never dependencies: `tools/compare_peers.py` and
`benchmarks/bench_pairing.py` run them, outside the repository, on the files
these functions write.  Each peer reads a slightly different TRF16:

* py4swiss 0.3.1 needs a rank in every 001 line (columns 86-89); it does not
  use it to pair Dubov or Burstein, so the rank of the current standing
  (score, then pairing number) is written where none is stated;
* CPPDubovSystem 2.2 reads neither the in-column ``0000 - H`` of the round to
  pair nor every absence in XXZ: it gets the rounds before ``rnd`` only and a
  ``BYE id`` line for every player not to be paired, and cannot read a blank
  rating (``stoi``): an unrated player's columns 49-52 say ``0``;
* JaVaFo 1.4 (the 2012 rules' engine, run by `benchmarks/endorsement.py
  --edition 2012` and `tools/javafo_2012.py`) reads and writes its own codes
  for a round without opponent, ``0000 - +`` (pairing bye), ``=`` (half-point
  bye) and ``-`` (absence), where TRF-2026 says ``U``, ``H`` and ``Z``, and
  writes no ``XXC`` (round 1's drawn colour): :func:`from_javafo14` and
  :func:`to_javafo14` translate.

JaVaFo and bbpPairings check a file as ``swisschess engine -c`` does (``ENGINE
FILE -c``), in the same report format: ``swisschess.cli.check.read_report``
reads all three.
"""

from __future__ import annotations

import copy
import re

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


# ------------------------------------------------------------- JaVaFo 1.4
#: JaVaFo 1.4's result code of a round without opponent -> TRF-2026's.
JAVAFO14_TO_TRF2026 = {"+": "U", "=": "H", "-": "Z"}
#: TRF-2026's -> JaVaFo 1.4's (a full-point bye ``F`` is a ``+`` there too).
TRF2026_TO_JAVAFO14 = {"U": "+", "F": "+", "H": "=", "Z": "-"}

#: A round field without opponent: ``0000 - CODE`` (a game says ``  12 w 1``).
UNPAIRED_FIELD = re.compile(r"0000 - (\S)")


def rewrite_unpaired(text: str, table: dict[str, str]) -> str:
    """``text`` with the code of every ``0000 - X`` round field looked up in ``table``
    (a code not in it stays); games, forfeits between players included, are untouched."""
    return UNPAIRED_FIELD.sub(lambda m: f"0000 - {table.get(m.group(1), m.group(1))}", text)


def to_javafo14(text: str) -> str:
    """A TRF-2026 file in JaVaFo 1.4's codes (what its checker ``-c`` reads)."""
    return rewrite_unpaired(text, TRF2026_TO_JAVAFO14)


def from_javafo14(text: str) -> str:
    """A JaVaFo 1.4 file in TRF-2026 codes, with ``XXC`` (round 1's drawn colour) added
    when missing: the colour of the first player (by pairing number) with a game in
    round 1, flipped when an odd number of players taking part in round 1 come before
    him (round 1 alternates colours down the board order, C.04.3 E.5, by the numbers of
    the players taking part; a player without a round-1 entry other than a pairing bye
    took no part)."""
    text = rewrite_unpaired(text, JAVAFO14_TO_TRF2026)
    if "\nXXC" in text:
        return text
    before = 0
    players = sorted((ln for ln in text.splitlines() if ln.startswith("001")),
                     key=lambda ln: int(ln[4:8]))
    for line in players:
        field = line[91:101].ljust(10)
        opponent, colour, result = field[:4].strip(), field[5], field[7]
        if opponent in ("0000", "") and result != "U":
            continue  # not in round 1's pairing
        if colour in "wb":
            drawn = colour if before % 2 == 0 else ("b" if colour == "w" else "w")
            return text.rstrip("\n") + f"\nXXC {'white1' if drawn == 'w' else 'black1'}\n"
        before += 1
    return text
