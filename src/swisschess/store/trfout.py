"""TRF export of a stored tournament: the file a FIDE rating report is made of.

Uses the project's TRF writer (``write_trf(t, variant)`` in
:mod:`swisschess.formats`) when it is installed, else a small built-in TRF16-style
writer.  Manual pairing edits are written as ``###`` comment lines.

What the rating officer needs (FIDE C.04 Annex 2, TRF16 = TRF-2026 here) and
where it comes from:

* 012 name, 022 city, 032 federation, 042 / 052 dates (written YYYY/MM/DD
  when they read as dates), 102 chief arbiter, 112 deputies, 122 time
  control, 132 round dates: the tournament's settings;
* 062 number of players (every 001 line, withdrawn players included) and 072
  number of rated players (those with a FIDE rating): counted at export, so a
  value read from an imported file is replaced;
* 082 number of teams: not written for an individual event (kept as read
  otherwise);
* 092 type of tournament: ``Individual: Swiss-System`` or ``Individual:
  Round-Robin`` (kept as read when the file had one); the pairing system's code
  goes into TRF-2026's 192;
* the rank of each 001 line (columns 86-89): the standings with the
  tournament's tie-breaks (:mod:`swisschess.store.ranking`, the same list as
  ``show standings``) after the last complete round -- the final ranking once
  the last round is in.  Players the whole tie-break list cannot separate share
  the place ("1, 2, 2, 4", C.07 Art. 4.2; no lots are drawn), as TRF allows.
  Before the first complete round the rank is left blank.
"""

from __future__ import annotations

import copy

from swisschess.formats.fields import parse_date
from swisschess.formats.writer import one_line, write_trf
from swisschess.model.tournament import ByeRequest, RoundEntry, Tournament
from swisschess.pairing import registry
from swisschess.store.events import State, StoreError

#: Names of the two TRF variants (``--variant``): TRF-2026 and TRF16, which is
#: also called TRF-2016.
VARIANTS = {"2026": "2026", "26": "2026", "16": "16", "2016": "16"}


def trf_variant(name: str) -> str:
    """``"2026"`` or ``"16"`` for a variant name as an arbiter writes it
    (``2026``, ``TRF-2026``, ``16``, ``TRF16``, ``2016``, ...)."""
    key = name.strip().lower().replace("-", "").replace(" ", "")
    key = key.removeprefix("trf")
    if key not in VARIANTS:
        raise StoreError(f"unknown TRF variant {name!r}: use 2026 (TRF-2026) or 16 "
                         "(TRF16, also called 2016)")
    return VARIANTS[key]


def export(s: State, variant: str = "2026") -> str:
    """The TRF text of ``s`` with its manual-edit notes and the records of a
    rating report (see the module's docstring).  ``variant``: see :func:`trf_variant`."""
    variant = trf_variant(variant)
    t = copy.deepcopy(s.t)
    # a reason's line break ends no record (issue 26)
    notes = [one_line(n) for n in s.notes() + settings_notes(s)]
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
    if variant == "16":
        _count_next_round_byes(t)
    rating_report(t)
    if t.rounds_recorded() >= 1 and t.rounds and t.system.upper().endswith("_BAKU"):
        # Baku acceleration: write the virtual points (XXA) other engines read
        from swisschess.pairing.result import InputError
        from swisschess.rules.baku import accelerate

        try:
            accelerate(t)
        except InputError:
            pass  # not computable yet (no player paired); the 192 code still says Baku
    t.comments = list(t.comments) + notes
    text = write_trf(t, variant=variant)
    # TRF16 has no comment lines of its own writing: the notes go before the 001s
    missing = [n for n in notes if n not in text]
    if missing:
        lines = text.rstrip("\n").split("\n")
        at = next((i for i, ln in enumerate(lines) if ln.startswith("001")), len(lines))
        lines[at:at] = missing
        text = "\n".join(lines) + "\n"
    return text


def settings_notes(s: State) -> list[str]:
    """``###`` lines for the settings TRF has no record for: the rating list that
    seeds the event, a first-round colour drawn by lot (152 / XXC give the
    colour), the points for late entries' missed rounds (C.04.2 Art. 2.4)."""
    out = []
    if s.option("rating_list"):
        out.append(f"### rating list: {s.option('rating_list')}")
    if s.option("colour_lot") and s.t.initial_colour is not None:
        out.append("### first-round colour drawn by lot")
    if s.option("late_entry") == "half":
        most = s.option("late_entry_max")
        out.append("### late entries: half-point bye for each round missed"
                   + (f", at most {most}" if most is not None else ""))
    return out


def _count_next_round_byes(t: Tournament) -> None:
    """TRF16 has no bye record: the writer puts a requested half- or full-point
    bye of the round about to be paired in the player's column (``0000 - H``,
    JaVaFo's TRF(x)), and JaVaFo and bbpPairings then count its points in the
    score of columns 81-84 (bbpPairings refuses the file otherwise)."""
    nxt = t.rounds_recorded() + 1
    for b in t.bye_requests:
        if b.round != nxt or b.code not in ("H", "F"):
            continue
        for pid in b.ids:
            p = t.players.get(pid)
            e = p.entry(nxt) if p is not None else None
            if p is not None and p.stated_points is not None and (e is None or e.blank):
                p.stated_points += t.points.points(RoundEntry.bye(b.code))


def rating_report(t: Tournament) -> None:
    """Fill in ``t`` (a copy) what a FIDE rating report needs beyond the
    settings: 062, 072, 092 and the rank of every player."""
    for name in ("start_date", "end_date"):
        # 042 / 052 as TRF writes dates, YYYY/MM/DD, whatever form was typed
        iso = parse_date(getattr(t, name))
        if iso is not None:
            setattr(t, name, iso.replace("-", "/"))
    t.extra["062"] = [f"062 {len(t.players)}"]
    t.extra["072"] = [f"072 {sum(1 for p in t.players.values() if p.rating)}"]
    if not t.extra.get("092"):
        kind = "Round-Robin" if registry.round_robin_from_code(t.system) else "Swiss-System"
        t.extra["092"] = [f"092 Individual: {kind}"]
    ranks = final_ranks(t)
    for p in t.players.values():
        p.stated_rank = ranks.get(p.id)


def final_ranks(t: Tournament) -> dict[int, int]:
    """Rank of each player in the standings after the last complete round (the
    final ranking once the event is over); empty before round 1 is complete or
    when the tournament's tie-break list cannot be computed."""
    from swisschess.standings import TiebreakError
    from swisschess.standings.field import complete_rounds
    from swisschess.store.ranking import ranking

    if complete_rounds(t) == 0:
        return {}
    try:
        return {r.player.id: r.rank for r in ranking(t).rows}
    except TiebreakError:
        return {}
