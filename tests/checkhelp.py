"""Helpers for the checker and generator tests.

``naive_pairer`` is a deterministic stand-in for the pairing engine (by score
then pairing number, adjacent pairs), so that the tests exercise the checker
and the generator, not the Dutch rules; ``trf_text`` writes a tournament as a
TRF16 file without depending on the TRF writer.
"""

from __future__ import annotations

from swisschess.model.history import to_be_paired
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing.result import Pairing


def naive_pairer(t: Tournament, system: str = "dutch", edition: str = "2026") -> Pairing:
    """A deterministic stand-in engine: by score then number, adjacent pairs."""
    rnd = t.rounds_recorded() + 1
    ids = sorted(to_be_paired(t, rnd), key=lambda p: (-t.score(p), p))
    bye = ids.pop() if len(ids) % 2 else None
    boards = []
    for i in range(0, len(ids), 2):
        a, b = ids[i], ids[i + 1]
        if rnd == 1:  # the top player of board 1 gets the initial colour, then alternate
            white_first = (t.initial_colour is not Colour.BLACK) == (i // 2 % 2 == 0)
        else:
            white_first = (i // 2 + rnd) % 2 == 1
        boards.append((a, b) if white_first else (b, a))
    return Pairing(rnd, boards, bye)


def trf_text(t: Tournament) -> str:
    """A TRF16 file of ``t`` (test helper, independent of the writer)."""
    lines = [f"012 {t.name}", f"XXR {t.rounds}"]
    if t.initial_colour is not None:
        lines.append("XXC " + ("white1" if t.initial_colour is Colour.WHITE else "black1"))
    for p in t.sorted_players():
        s = f"001 {p.id:4d}      {p.name:<33} {p.rating:4d}".ljust(80)
        s += f"{float(t.score(p.id)):4.1f}".ljust(9)
        for e in p.results:
            opp = f"{e.opponent:4d}" if e.opponent else "0000"
            s += "          " if e.blank else f"  {opp} {e.colour.value} {e.code}"
        lines.append(s)
    return "\n".join(lines) + "\n"
