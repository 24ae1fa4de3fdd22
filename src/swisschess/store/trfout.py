"""TRF export of a stored tournament.

Uses the project's TRF writer (``write_trf(t, variant)`` in
:mod:`swisschess.formats`) when it is installed, else a small built-in TRF16-style
writer.  Manual pairing edits are written as ``###`` comment lines.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from fractions import Fraction

from swisschess.formats.writer import one_line
from swisschess.model.tournament import ByeRequest, Colour, Player, Tournament
from swisschess.store.events import State


def _project_writer() -> Callable[..., str] | None:
    for mod in ("swisschess.formats", "swisschess.formats.trf", "swisschess.formats.writer",
                "swisschess.formats.trf_writer", "swisschess.formats.trfwrite"):
        try:
            m = __import__(mod, fromlist=["write_trf"])
        except ImportError:
            continue
        fn = getattr(m, "write_trf", None)
        if fn is not None:
            return fn
    return None


def export(s: State, variant: str = "2026") -> str:
    """The TRF text of ``s`` with its manual-edit notes."""
    t = copy.deepcopy(s.t)
    notes = [one_line(n) for n in s.notes()]  # a reason's line break ends no record
    # A withdrawal has no TRF record: the player is written as absent (240 Z) for the
    # rounds still to play, and a ### comment lets our import restore the flag.
    nxt = s.current_round + 1
    for p in t.sorted_players():
        if p.withdrawn:
            notes.append(one_line(f"### withdrawn: {p.id} {p.name}"))
            last = t.rounds or nxt
            have = {b.round for b in t.bye_requests if p.id in b.ids}
            for r in range(nxt, last + 1):
                if r not in have:
                    t.bye_requests.append(ByeRequest("Z", r, (p.id,)))
    for p in t.players.values():
        p.stated_points = t.score(p.id)
    if t.rounds_recorded() >= 1 and t.rounds and t.system.upper().endswith("_BAKU"):
        # Baku acceleration: write the virtual points (XXA) other engines read
        from swisschess.pairing.result import InputError
        from swisschess.rules.baku import accelerate

        try:
            accelerate(t)
        except InputError:
            pass  # not computable yet (no player paired); the 192 code still says Baku
    writer = _project_writer()
    if writer is not None:
        t.comments = list(t.comments) + notes
        text = writer(t, variant=variant)
    else:
        text = basic_trf(t)
    missing = [n for n in notes if n not in text]
    if missing:
        lines = text.rstrip("\n").split("\n")
        at = next((i for i, ln in enumerate(lines) if ln.startswith("001")), len(lines))
        lines[at:at] = missing
        text = "\n".join(lines) + "\n"
    return text


def _fmt_points(x: Fraction) -> str:
    return f"{float(x):.1f}"


def _ranks(t: Tournament) -> dict[int, int]:
    from swisschess.store.ranking import ranking

    return {r.player.id: r.rank for r in ranking(t).rows}


def basic_trf(t: Tournament) -> str:
    """A plain TRF file (header, 001 lines, XXR, XXZ of the next round)."""
    out = []
    for code, val in (("012", t.name), ("022", t.city), ("032", t.federation),
                      ("042", t.start_date), ("052", t.end_date), ("092", t.system),
                      ("102", t.chief_arbiter), ("122", t.time_control)):
        if val:
            out.append(f"{code} {one_line(val)}")
    for d in t.deputy_arbiters:
        out.append(f"112 {one_line(d)}")
    if t.rounds:
        out.append(f"XXR {t.rounds}")
    ranks = _ranks(t)
    for pid in sorted(t.players):
        out.append(_player_line(t, t.players[pid], ranks.get(pid, 0)))
    nxt = t.rounds_recorded() + 1
    ids = sorted({i for b in t.bye_requests if b.round == nxt for i in b.ids})
    if ids:
        out.append("XXZ " + " ".join(map(str, ids)))
    return "\n".join(out) + "\n"


def _player_line(t: Tournament, p: Player, rank: int) -> str:
    sex, title, name, fed, fid, birth = (one_line(x) for x in (
        p.sex, p.title, p.name, p.federation, p.fide_id, p.birth))
    head = (f"001 {p.id:4d} {sex[:1]:1}{title[:3]:>3} {name[:33]:<33} "
            f"{p.rating or '':>4} {fed[:3]:<3} {fid[:11]:>11} {birth[:10]:<10} "
            f"{_fmt_points(t.score(p.id)):>4} {rank:>4}")
    parts = []
    for e in p.results:
        if e.blank:
            parts.append("        ")
            continue
        opp = f"{e.opponent:4d}" if e.opponent is not None else "0000"
        col = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(e.colour, "-")
        res = " " if e.code == "*" else e.code
        parts.append(f"{opp} {col} {res}")
    return (head + "".join("  " + x for x in parts)).rstrip()
