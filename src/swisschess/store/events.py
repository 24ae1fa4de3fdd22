"""Events of the log and how each one changes a tournament.

Every change to a tournament is one event ``(kind, payload)``; the state is the
result of applying the events in order to an empty :class:`State`.  ``apply``
validates before it changes anything and raises :class:`StoreError` (or a
subclass) with a message meant for the arbiter when an event does not fit the
state; the service appends an event only after it applied cleanly.

Rounds are always written through :mod:`swisschess.model.rounds`
(``add_pairing``, ``set_result``, ``cut_before``), like every other part of
swisschess does.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from swisschess.formats.fields import parse_date
from swisschess.i18n import LANGUAGES
from swisschess.model.rounds import (
    RESULTS,
    add_pairing,
    cut_before,
    pending_games,
    set_result,
    sort_boards,
)
from swisschess.model.text import first_bad_char, text_problem
from swisschess.model.tournament import (
    ByeRequest,
    Colour,
    ForbiddenPairs,
    Player,
    RoundEntry,
    Tournament,
)
from swisschess.pairing import registry


class StoreError(Exception):
    """A change that cannot be made; the message says why, for the arbiter.

    The kind of refusal is the class (the web layer maps it to an HTTP status,
    :func:`swisschess.web.common.http_status`); the store knows nothing of HTTP."""


class NotFound(StoreError):
    """Unknown tournament, player, round or board."""


class Conflict(StoreError):
    """The change does not fit the current state (duplicate result, stale version...)."""


#: Player fields an event may set.
PLAYER_FIELDS = ("name", "sex", "title", "rating", "federation", "fide_id", "birth", "club")
#: Tournament header fields an event may set.
HEADER_FIELDS = ("name", "city", "federation", "start_date", "end_date", "chief_arbiter",
                 "time_control", "rounds")
#: Store-only settings and their defaults (State.options).
OPTION_DEFAULTS: dict[str, Any] = {"rating_list": "", "late_entry": "zero",
                                   "late_entry_max": None, "colour_lot": False}
#: Most rounds a tournament may be given (a typing error such as 1000000000
#: is refused; the longest round robins have a few hundred).
MAX_ROUNDS = 999
TITLE_ORDER = {"GM": 0, "IM": 1, "WGM": 2, "FM": 3, "WIM": 4, "CM": 5, "WFM": 6, "WCM": 7}


@dataclass(frozen=True, slots=True)
class PairingSpec:
    """A round's pairing as stored in the log (same shape as pairing.result.Pairing)."""

    round: int
    boards: list[tuple[int, int]]
    bye: int | None = None
    unpaired: list[tuple[int, str]] = field(default_factory=list)


@dataclass(slots=True)
class State:
    """A tournament rebuilt from its log, plus what the log knows beyond the model."""

    t: Tournament = field(default_factory=Tournament)
    seq: int = 0
    system: str = "dutch"
    edition: str = "2026"
    #: Board order of each paired round: round -> [(white, black)].
    boards: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    #: Rounds whose pairing was made or changed by hand (round -> reasons).
    manual: dict[int, list[str]] = field(default_factory=dict)
    #: Player ids were sorted by rating (done before round 1 is paired).
    seeded: bool = False
    #: Language of the tournament's pages and lists (``swisschess.i18n.LANGUAGES``;
    #: "" = the reader's: browser or command line).
    language: str = ""
    #: Store-only settings (see :data:`OPTION_DEFAULTS`): ``rating_list`` (which
    #: rating list seeds the event), ``late_entry`` ("zero" / "half") and
    #: ``late_entry_max`` (at most this many half-point byes; None = no limit),
    #: ``colour_lot`` (the first-round colour was drawn by lot).
    options: dict[str, Any] = field(default_factory=dict)
    #: What each player had for round r and later before round r was paired
    #: (round -> player -> entries; only players with entries then, e.g. absences
    #: read from a TRF file): undo restores exactly that (issue 24).
    unpaired: dict[int, dict[int, list[RoundEntry]]] = field(default_factory=dict)
    #: Results changed after later rounds were paired on them (issue 24), as
    #: (round, board, old result, new result, last round paired then); results
    #: are words ("1-0"...), "" for none.  Undoing a later round trims them.
    late_changes: list[tuple[int, int, str, str, int]] = field(default_factory=list)
    #: The team part of a team event (``store.teamevents.TeamState``; issue 32),
    #: None for an individual event.
    team: Any = None

    @property
    def current_round(self) -> int:
        """The last round paired (0 before round 1)."""
        return max(self.boards, default=0)

    def copy(self) -> State:
        """An independent copy for the next change (published states are never changed).

        Structural, not deep: containers are copied, immutable values (round
        entries, bye requests, fractions, strings) shared; much faster than
        ``deepcopy`` on large tournaments."""
        return State(_copy_tournament(self.t), self.seq, self.system, self.edition,
                     {r: list(b) for r, b in self.boards.items()},
                     {r: list(v) for r, v in self.manual.items()}, self.seeded,
                     self.language, dict(self.options),
                     {r: dict(v) for r, v in self.unpaired.items()}, list(self.late_changes),
                     self.team.copy() if self.team is not None else None)

    def option(self, key: str) -> Any:
        """A store-only setting (``options``), or its default."""
        return self.options.get(key, OPTION_DEFAULTS[key])

    def player(self, pid: int) -> Player:
        if pid not in self.t.players:
            raise NotFound(f"unknown player {pid}")
        return self.t.players[pid]

    def board(self, rnd: int, board: int) -> tuple[int, int]:
        if rnd not in self.boards:
            raise NotFound(f"round {rnd} has not been paired")
        boards = self.boards[rnd]
        if not 1 <= board <= len(boards):
            raise NotFound(f"round {rnd} has no board {board} (boards 1-{len(boards)})")
        return boards[board - 1]

    def result_code(self, rnd: int, white: int) -> str:
        e = self.t.players[white].entry(rnd)
        return e.code if e is not None else "*"

    def notes(self) -> list[str]:
        """``###`` comment lines recording the manual pairing edits."""
        out = []
        for rnd in sorted(self.manual):
            for why in self.manual[rnd]:
                out.append(f"### round {rnd}: pairing edited by the arbiter: {why}")
        for rnd, board, old, new, upto in self.late_changes:
            out.append(f"### round {rnd} board {board}: result changed from {old or 'none'} "
                       f"to {new or 'none'} after {later_rounds(rnd, upto)} had been paired")
        return out


def _copy_value(v: Any) -> Any:
    if isinstance(v, list):
        return [_copy_value(x) for x in v]
    if isinstance(v, dict):
        return {k: _copy_value(x) for k, x in v.items()}
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        # every dataclass instance carries its parameters, but typeshed's
        # DataclassInstance protocol does not declare them
        params = getattr(v, "__dataclass_params__", None)
        if params is not None and not params.frozen:
            return copy.copy(v)
    return v


def _copy_tournament(t: Tournament) -> Tournament:
    nt = copy.copy(t)
    for f in dataclasses.fields(t):
        if f.name != "players":
            setattr(nt, f.name, _copy_value(getattr(t, f.name)))
    players = {}
    for pid, p in t.players.items():
        q = copy.copy(p)
        for f in dataclasses.fields(p):
            v = getattr(p, f.name)
            if isinstance(v, list | dict):
                setattr(q, f.name, _copy_value(v))
        players[pid] = q
    nt.players = players
    return nt


def later_rounds(rnd: int, upto: int) -> str:
    """``round 3`` or ``rounds 3-9``: the rounds paired after round ``rnd``."""
    return f"round {upto}" if upto == rnd + 1 else f"rounds {rnd + 1}-{upto}"


def _late_change(s: State, rnd: int, board: int, old: str | None, new: str | None) -> None:
    """Record a result of round ``rnd`` changed after later rounds were paired on it."""
    if rnd < s.current_round:
        s.late_changes.append((rnd, board, old or "", new or "", s.current_round))


def result_word(white_code: str, black_code: str) -> str | None:
    """``1-0`` etc. from the two entries' codes; None while pending."""
    for word, codes in RESULTS.items():
        if codes == (white_code, black_code) and word != "=":
            return word
    return None


# --------------------------------------------------------------------------- apply

def apply(s: State, kind: str, p: dict[str, Any], *, replay: bool = False) -> None:
    """Apply one event to ``s`` in place; raise StoreError if it does not fit.

    Validation happens before any change, so a failed event leaves ``s`` as it
    was (the service still rebuilds its cache on any error, to be safe).

    Every text an event carries (player and header fields, reasons) is checked
    by :func:`check_texts`: no control character or line break, within the
    length limits of :mod:`swisschess.model.text`.  ``replay`` (rebuilding a
    state from events stored before) skips that check, so that a log written
    before the check existed still loads.
    """
    fn = _APPLY.get(kind)
    if fn is None:
        raise StoreError(f"unknown event kind {kind!r}")
    if s.team is not None and kind not in TEAM_KINDS:
        # issue 32: a team event has teams, line-ups and board results instead
        raise StoreError("this is a team event: use the team commands (add-team, "
                         "add-team-player, lineup, next-round, match-result)")
    if not replay:
        check_texts(kind, p)
    if kind == "load_trf":
        _load_trf(s, p, strict=not replay)
    elif kind in ("create", "settings"):
        _SETTINGS_APPLY[kind](s, p, strict=not replay)
    else:
        fn(s, p)
    s.seq += 1


#: Text fields of the events, as (payload key, field name of model.text.LIMITS).
_TEXTS: dict[str, tuple[tuple[str, str], ...]] = {
    "register": (("name", "name"), ("sex", "sex"), ("title", "title"),
                 ("federation", "federation"), ("fide_id", "fide_id"), ("birth", "birth"),
                 ("club", "club")),
    "create": (("name", "tournament"), ("city", "city"), ("federation", "federation"),
               ("start_date", "start_date"), ("end_date", "end_date"),
               ("chief_arbiter", "chief_arbiter"), ("time_control", "time_control")),
    "pair": (("reason", "reason"),),
    "load_trf": (("name", "tournament"), ("filename", "filename")),
}
_TEXTS["update_player"] = _TEXTS["register"]
_TEXTS["settings"] = _TEXTS["create"]
_TEXTS["edit_pairing"] = _TEXTS["pair"]


def check_texts(kind: str, p: dict[str, Any]) -> None:
    """Refuse an event whose texts hold a control character or a line break, or are
    too long (one check for every front end: command line, imports, web, API)."""
    for key, field_name in _TEXTS.get(kind, ()):
        v = p.get(key)
        if v is None or not isinstance(v, str | int):
            continue
        v = str(v).strip()
        if field_name == "name" and first_bad_char(v) is None:
            continue  # the length: _player_fields says it the TRF way
        why = text_problem(field_name, v)
        if why:
            raise StoreError(why)
    if kind in ("create", "settings"):
        for v in p.get("deputy_arbiters") or ():
            why = text_problem("deputy_arbiter", str(v).strip())
            if why:
                raise StoreError(why)


def _create(s: State, p: dict, strict: bool = True) -> None:
    if s.seq:
        raise Conflict("the tournament already exists")
    if not str(p.get("name", "")).strip():
        raise StoreError("the tournament needs a name")
    _settings(s, p, strict)


def _settings(s: State, p: dict, strict: bool = True) -> None:
    """Tournament settings.  Not ``strict`` (replaying a log stored before these
    checks existed): a change made then (a system changed after round 1, a
    thousand rounds) still loads; only what the state cannot hold is refused."""
    t = s.t
    system = p.get("system", s.system)
    edition = p.get("edition", s.edition)
    round_robin = system == registry.ROUND_ROBIN and edition in ("single", "double", "auto")
    if (system, edition) not in {e.key for e in registry.EDITIONS} and not round_robin:
        raise StoreError(f"unknown pairing system {system} {edition}")
    # Baku acceleration (C.04.5.1): a setting of the Swiss systems, kept in the 192 code
    baku = bool(p.get("baku", registry.baku_from_code(t.system))) and not round_robin
    if s.current_round and strict:
        _check_frozen(s, p, system, edition, baku)
    rounds = p.get("rounds", t.rounds)
    if rounds is not None:
        rounds = int(rounds)
        if not 1 <= rounds <= (MAX_ROUNDS if strict else rounds) or rounds < s.current_round:
            raise StoreError(f"number of rounds {rounds} is not possible")
    if strict and "name" in p and not str(p["name"] or "").strip():
        raise StoreError("the tournament needs a name")
    for k in HEADER_FIELDS:
        if k in p and k != "rounds":
            setattr(t, k, str(p[k]).strip())
    t.rounds = rounds
    if p.get("deputy_arbiters") is not None:
        t.deputy_arbiters = [str(x) for x in p["deputy_arbiters"]]
    if "initial_colour" in p:
        c = p["initial_colour"]
        t.initial_colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(c) if c else None
        s.options["colour_lot"] = bool(p.get("initial_colour_lot")) and bool(c)
    _more_settings(s, p, rounds)
    language = p.get("language", s.language) or ""
    if language and language not in LANGUAGES:
        raise StoreError(f"unknown language {language!r} (one of {', '.join(LANGUAGES)})")
    s.system, s.edition = system, edition
    s.language = language
    if round_robin:
        t.system = registry.ROUND_ROBIN_CODES.get(edition, "FIDE_ROUNDROBIN")
    else:
        t.system = (registry.accelerated_trf_code if baku else registry.trf_code)(system, edition)


def _check_frozen(s: State, p: dict, system: str, edition: str, baku: bool) -> None:
    """C.04.2 (2026) Art. 1.1-1.3: system and acceleration are announced before the
    event; round 1 is paired with the first-round colour: none of them can change
    once round 1 is paired (the pairings already made would not follow from them)."""
    t = s.t
    if (system, edition) != (s.system, s.edition):
        raise Conflict(f"the pairing system cannot change once round 1 is paired "
                       f"(it is {s.system} {s.edition})")
    if "baku" in p and baku != registry.baku_from_code(t.system):
        raise Conflict("the acceleration cannot change once round 1 is paired")
    if "initial_colour" in p:
        c = p["initial_colour"]
        new = {"w": Colour.WHITE, "b": Colour.BLACK}.get(c) if c else None
        if new != t.initial_colour or p.get("initial_colour_lot"):  # a new lot too
            raise Conflict("the colour of pairing number 1 in round 1 cannot change once "
                           "round 1 is paired")


def _more_settings(s: State, p: dict, rounds: int | None) -> None:
    """Tie-breaks, round dates, late entries and the rating list (any time)."""
    t = s.t
    if "tiebreaks" in p:
        t.tiebreaks = tiebreak_labels(p["tiebreaks"])
        t.extra.pop("212", None)  # a 212 read from a file would win over the new list
    if "round_dates" in p:
        dates = [normalise_date(d, r) for r, d in enumerate(p["round_dates"] or [], 1)]
        while dates and not dates[-1]:
            dates.pop()
        t.round_dates = dates
        t.extra.pop("132", None)  # written from round_dates now
    if ("round_dates" in p or "rounds" in p) and rounds is not None \
            and len(t.round_dates) > rounds:
        raise StoreError(f"{len(t.round_dates)} round dates for {rounds} rounds")
    if "late_entry" in p:
        how = str(p["late_entry"] or "zero").strip().lower()
        if how not in ("zero", "half"):
            raise StoreError(f"late entries {how!r}: expected zero or half")
        s.options["late_entry"] = how
    if "late_entry_max" in p:
        most = p["late_entry_max"]
        try:
            most = None if most in (None, "") else int(most)
        except (TypeError, ValueError):
            raise StoreError(f"maximum of half-point byes {most!r} is not a number") from None
        if most is not None and most < 0:
            raise StoreError(f"maximum of half-point byes {most} is not possible")
        s.options["late_entry_max"] = most
    if "rating_list" in p:
        text = str(p["rating_list"] or "").strip()
        if first_bad_char(text) is not None or len(text) > 80:
            raise StoreError("the rating list must be one line of at most 80 characters")
        s.options["rating_list"] = text


def tiebreak_labels(value: Any) -> list[str]:
    """C.07 tie-break names (``"DE,BH/C1,BH"`` or a list) in their canonical form,
    points (PTS) left out: TRF-2026 record 202 lists the tie-breaks after points."""
    from swisschess.standings.spec import TiebreakError, parse_tiebreaks

    items = value if isinstance(value, list | tuple) else str(value or "").split(",")
    try:
        specs = parse_tiebreaks([str(x) for x in items])
    except TiebreakError as e:
        raise StoreError(f"tie-breaks: {e}") from None
    labels = [sp.label for sp in specs if sp.code != "PTS"]
    if len(set(labels)) != len(labels):
        raise StoreError("tie-breaks: a tie-break is listed twice")
    return labels


def normalise_date(value: Any, rnd: int) -> str:
    """A round date as ISO ``YYYY-MM-DD`` ("" = unknown); accepts ``2026/07/03``,
    ``2026-07-03``, ``2026.07.03`` and TRF's ``26/07/03`` (read as the TRF
    reader reads record 132: :func:`swisschess.formats.fields.parse_date`)."""
    text = str(value or "").strip()
    if not text or text == "-":
        return ""
    iso = parse_date(text)
    if iso is None:
        raise StoreError(f"round {rnd}: {text!r} is not a date (YYYY-MM-DD)")
    return iso


def _player_fields(p: dict) -> dict:
    out = {}
    for k in PLAYER_FIELDS:
        if k in p and p[k] is not None:
            out[k] = p[k]
    if "name" in out:
        out["name"] = str(out["name"]).strip()
        if not out["name"]:
            raise StoreError("a player needs a name")
        if len(out["name"]) > 33:
            raise StoreError(f"name {out['name']!r} is longer than 33 characters (TRF limit)")
    if "rating" in out:
        try:
            out["rating"] = int(out["rating"] or 0)
        except (TypeError, ValueError):
            raise StoreError(f"rating {out['rating']!r} is not a number") from None
        if not 0 <= out["rating"] <= 3500:
            raise StoreError(f"rating {out['rating']} is out of range")
    for k in ("sex", "title", "federation", "fide_id", "birth", "club"):
        if k in out:
            out[k] = str(out[k]).strip()
    for k in ("title", "federation"):  # FIDE writes them in capitals ("gm" is GM)
        if k in out:
            out[k] = out[k].upper()
    if "sex" in out:
        sex = out["sex"].lower()[:1]
        if sex not in ("", "m", "w", "f"):
            raise StoreError(f"sex {out['sex']!r}: expected m or w")
        out["sex"] = "w" if sex == "f" else sex
    if out.get("fide_id") and not out["fide_id"].isdigit():
        raise StoreError(f"FIDE id {out['fide_id']!r} is not a number")
    if "k_factor" in p:  # issue 25: K of an imported rating list; empty: unknown
        k = str(p["k_factor"] if p["k_factor"] is not None else "").strip()
        if k and (not k.isdigit() or not 1 <= int(k) <= 100):
            raise StoreError(f"K {k!r} is not a whole number from 1 to 100")
        out["k_factor"] = int(k) if k else None
    return out


def _register(s: State, p: dict) -> None:
    _need_created(s)
    fields = _player_fields(p)
    if "name" not in fields:
        raise StoreError("a player needs a name")
    fid = fields.get("fide_id")
    if fid and any(q.fide_id == fid for q in s.t.players.values()):
        raise Conflict(f"a player with FIDE id {fid} is already registered")
    pid = max(s.t.players, default=0) + 1
    pl = Player(id=pid, **fields)
    pl.results = late_entry_rounds(s, p.get("missed"))
    s.t.players[pid] = pl


def late_entry_rounds(s: State, missed: Any = None) -> list[RoundEntry]:
    """The entries of a late entry for the rounds already paired (C.04.2 (2026)
    Art. 2.4: no points for the rounds missed unless the rules say otherwise).

    ``missed`` (``H`` / ``Z``, from the registration) or the tournament's
    ``late_entry`` setting: ``half`` gives a half-point bye (H) for each round
    missed, the first ``late_entry_max`` of them at most, a zero-point bye
    otherwise (a blank entry, as TRF writes an absence)."""
    n = s.current_round
    code = str(missed or "").strip().upper()
    code = {"HALF": "H", "1/2": "H", "0.5": "H", "ZERO": "Z", "0": "Z"}.get(code, code)
    if code not in ("", "H", "Z"):
        raise StoreError(f"points for missed rounds {missed!r}: expected H (half point) or Z "
                         "(zero)")
    if not code:
        code = "H" if s.option("late_entry") == "half" else "Z"
    halves = 0
    if code == "H":
        most = s.option("late_entry_max") if not missed else None
        halves = n if most is None else min(n, int(most))
    return [RoundEntry(None, Colour.NONE, "H") if r < halves
            else RoundEntry(None, Colour.NONE, "Z", blank=True) for r in range(n)]


def _forbid(s: State, p: dict) -> None:
    """Players who must not meet (same family, club by request): JaVaFo XXP,
    TRF-2026 260.  Added after round 1 they hold from the next round on, and a
    cancellation keeps them for the rounds already paired, so that the rounds
    made stay reproducible."""
    _need_created(s)
    try:
        ids = tuple(sorted({int(i) for i in p.get("ids", [])}))
    except (TypeError, ValueError):
        raise StoreError("a forbidden pairing needs player numbers") from None
    if len(ids) < 2:
        raise StoreError("a forbidden pairing needs at least two different players")
    for pid in ids:
        s.player(pid)
    nxt = s.current_round + 1
    pairs = set(itertools.combinations(ids, 2))
    t = s.t
    if not p.get("cancel"):
        if all(t.is_forbidden(a, b, nxt) for a, b in pairs):
            raise Conflict("players " + ", ".join(map(str, ids)) + " may already not meet")
        t.forbidden.append(ForbiddenPairs(ids, nxt if nxt > 1 else 1))
        return
    kept: list[ForbiddenPairs] = []
    found = False
    for f in t.forbidden:
        hit = pairs & set(itertools.combinations(sorted(f.ids), 2))
        if f.last_round < nxt or not hit:
            kept.append(f)
            continue
        found = True
        if f.first_round < nxt:
            kept.append(ForbiddenPairs(f.ids, f.first_round, nxt - 1))
        for a, b in sorted(set(itertools.combinations(sorted(f.ids), 2)) - pairs):
            kept.append(ForbiddenPairs((a, b), max(f.first_round, nxt), f.last_round))
    if not found:
        raise NotFound("no forbidden pairing of players " + ", ".join(map(str, ids))
                       + " to cancel")
    t.forbidden = kept


def _update_player(s: State, p: dict) -> None:
    pl = s.player(int(p["id"]))
    fields = _player_fields(p)
    for k, v in fields.items():
        setattr(pl, k, v)


def seed_order(players: list[Player]) -> list[Player]:
    """Initial ranking: rating desc, then FIDE title, then name (C.04.2 / handbook)."""
    return sorted(players, key=lambda q: (-q.rating, TITLE_ORDER.get(q.title.upper(), 99),
                                          q.name.lower(), q.id))


def _renumber(s: State, p: dict) -> None:
    if s.current_round:
        raise Conflict("pairing numbers can only be assigned before round 1 is paired")
    order = seed_order(list(s.t.players.values()))
    mapping = {q.id: i for i, q in enumerate(order, 1)}
    players = {}
    for q in order:
        q.id = mapping[q.id]
        players[q.id] = q
    s.t.players = players
    s.t.bye_requests = [ByeRequest(b.code, b.round, tuple(mapping[i] for i in b.ids))
                        for b in s.t.bye_requests]
    s.t.forbidden = [ForbiddenPairs(tuple(sorted(mapping[i] for i in f.ids if i in mapping)),
                                    f.first_round, f.last_round) for f in s.t.forbidden]
    s.t.rank_order = None  # the new numbers are the pairing numbers (not a file's XXC rank)
    s.seeded = True


def _withdraw(s: State, p: dict) -> None:
    pl = s.player(int(p["id"]))
    if pl.withdrawn:
        raise Conflict(f"player {pl.id} {pl.name} has already withdrawn")
    pl.withdrawn = True


def _reinstate(s: State, p: dict) -> None:
    pl = s.player(int(p["id"]))
    if not pl.withdrawn:
        raise Conflict(f"player {pl.id} {pl.name} has not withdrawn")
    pl.withdrawn = False


def _bye(s: State, p: dict) -> None:
    pid, rnd, code = int(p["id"]), int(p["round"]), str(p.get("code", "H")).upper()
    pl = s.player(pid)
    if code not in ("H", "Z", "F"):
        raise StoreError(f"bye code {code!r}: expected H (half point), Z (zero) or F (full point)")
    if rnd < 1:
        raise StoreError(f"there is no round {rnd}")
    if rnd <= s.current_round:
        raise Conflict(f"round {rnd} is already paired: a bye can only be requested for a later round")
    if s.t.rounds is not None and rnd > s.t.rounds:
        raise StoreError(f"the tournament has only {s.t.rounds} rounds")
    if pl.withdrawn:
        raise Conflict(f"player {pid} {pl.name} has withdrawn")
    if any(b.round == rnd and pid in b.ids for b in s.t.bye_requests):
        raise Conflict(f"player {pid} {pl.name} already has a bye for round {rnd}")
    s.t.bye_requests.append(ByeRequest(code, rnd, (pid,)))


def _cancel_bye(s: State, p: dict) -> None:
    pid, rnd = int(p["id"]), int(p["round"])
    s.player(pid)
    if rnd <= s.current_round:
        raise Conflict(f"round {rnd} is already paired")
    new = []
    found = False
    for b in s.t.bye_requests:
        if b.round == rnd and pid in b.ids:
            found = True
            rest = tuple(i for i in b.ids if i != pid)
            if rest:
                new.append(ByeRequest(b.code, b.round, rest))
        else:
            new.append(b)
    if not found:
        raise NotFound(f"player {pid} has no bye request for round {rnd}")
    s.t.bye_requests = new


def _spec(p: dict) -> PairingSpec:
    try:
        boards = [(int(w), int(b)) for w, b in p["boards"]]
        bye = int(p["bye"]) if p.get("bye") not in (None, 0, "") else None
        return PairingSpec(int(p["round"]), boards, bye,
                           [(int(i), str(c)) for i, c in p.get("unpaired", [])])
    except (KeyError, TypeError, ValueError):
        raise StoreError("malformed pairing: expected boards [[white, black], ...] and bye") from None


def _check_pairing(s: State, before: Tournament, spec: PairingSpec) -> None:
    """Every player to be paired is on exactly one board (or the bye), nobody else."""
    from swisschess.model.history import to_be_paired

    seen: dict[int, int] = {}
    for n, (w, b) in enumerate(spec.boards, 1):
        for pid in (w, b):
            s.player(pid)
            if pid in seen:
                raise StoreError(f"player {pid} is on board {seen[pid]} and board {n}")
            seen[pid] = n
        if w == b:
            raise StoreError(f"board {n}: a player cannot play himself")
    if spec.bye is not None:
        s.player(spec.bye)
        if spec.bye in seen:
            raise StoreError(f"player {spec.bye} gets the bye and plays on board {seen[spec.bye]}")
        seen[spec.bye] = 0
    expected = set(to_be_paired(before, spec.round))
    missing = sorted(expected - set(seen))
    extra = sorted(set(seen) - expected)
    if s.system == registry.ROUND_ROBIN:
        # C.05 Annex 1: every game of the Berger table stands (an absent player
        # forfeits it); the player drawn against the dummy rests (unpaired, Z)
        extra = []
        missing = sorted(set(missing) - {pid for pid, _ in spec.unpaired})
    if extra:
        raise StoreError(f"not to be paired in round {spec.round} (withdrawn, bye or absent): "
                         + ", ".join(map(str, extra)))
    if missing:
        raise StoreError(f"not paired in round {spec.round}: " + ", ".join(map(str, missing)))


def _pair(s: State, p: dict) -> None:
    _need_created(s)
    spec = _spec(p)
    nxt = s.current_round + 1
    if spec.round != nxt:
        raise Conflict(f"the next round to pair is round {nxt}, not {spec.round}")
    if s.t.rounds is not None and nxt > s.t.rounds:
        raise Conflict(f"all {s.t.rounds} rounds have been paired")
    if s.current_round:
        pend = pending_games(s.t, s.current_round)
        if pend:
            raise Conflict(f"round {s.current_round} still has {len(pend)} game(s) without a result")
    _check_pairing(s, s.t, spec)
    s.unpaired[spec.round] = {pid: pl.results[spec.round - 1:] for pid, pl in s.t.players.items()
                              if len(pl.results) >= spec.round}
    add_pairing(s.t, spec)
    s.boards[spec.round] = list(spec.boards)
    if p.get("manual"):
        s.manual.setdefault(spec.round, []).append(str(p.get("reason") or "pairing entered by hand"))


def _edit_pairing(s: State, p: dict) -> None:
    spec = _spec(p)
    rnd = s.current_round
    if spec.round != rnd or rnd == 0:
        raise Conflict(f"only the last round paired (round {rnd}) can be edited")
    reason = str(p.get("reason") or "").strip()
    if not reason:
        raise StoreError("a manual pairing edit needs a reason (it is written to the TRF file)")
    before = before_round(s, rnd)
    _check_pairing(s, before, spec)
    kept = {}
    for w, b in s.boards[rnd]:
        code = s.result_code(rnd, w)
        if code != "*":
            kept[(w, b)] = result_word(code, s.result_code(rnd, b))
    lost = [f"{w}-{b}" for (w, b) in kept if (w, b) not in spec.boards]
    if lost:
        raise Conflict("these games already have a result; clear or keep them: " + ", ".join(lost))
    add_pairing(before, spec)
    for (w, b), word in kept.items():
        if word:
            set_result(before, rnd, w, b, word)
    s.t = before
    s.boards[rnd] = list(spec.boards)
    s.manual.setdefault(rnd, []).append(reason)


def _result(s: State, p: dict) -> None:
    rnd = int(p["round"])
    w, b = int(p["white"]), int(p["black"])
    word = str(p["result"])
    if word not in RESULTS:
        raise StoreError(f"unknown result {word!r}: expected 1-0, 0-1, 1/2, 0-0, +-, -+ or --")
    if rnd not in s.boards:
        raise NotFound(f"round {rnd} has not been paired")
    if (w, b) not in s.boards[rnd]:
        raise NotFound(f"{w} - {b} is not a game of round {rnd}")
    n = s.boards[rnd].index((w, b)) + 1
    current = s.result_code(rnd, w)
    if p.get("correction"):
        if current == "*":
            raise Conflict(f"round {rnd} board {n} has no result yet to correct")
        if RESULTS[word] == (current, s.result_code(rnd, b)):
            raise Conflict(f"round {rnd} board {n} already has the result {word}")
    elif current != "*":
        have = result_word(current, s.result_code(rnd, b)) or current
        raise Conflict(f"round {rnd} board {n} already has the result {have} "
                       "(enter it as a correction to change it)")
    old = result_word(current, s.result_code(rnd, b))
    set_result(s.t, rnd, w, b, word)
    _late_change(s, rnd, n, old, word)


def _clear_result(s: State, p: dict) -> None:
    rnd, w, b = int(p["round"]), int(p["white"]), int(p["black"])
    if rnd not in s.boards or (w, b) not in s.boards[rnd]:
        raise NotFound(f"{w} - {b} is not a game of round {rnd}")
    if s.result_code(rnd, w) == "*":
        raise Conflict(f"{w} - {b} of round {rnd} has no result")
    old = result_word(s.result_code(rnd, w), s.result_code(rnd, b))
    s.t.players[w].results[rnd - 1] = RoundEntry(b, Colour.WHITE, "*")
    s.t.players[b].results[rnd - 1] = RoundEntry(w, Colour.BLACK, "*")
    _late_change(s, rnd, s.boards[rnd].index((w, b)) + 1, old, None)


def _undo_round(s: State, p: dict) -> None:
    rnd = int(p["round"])
    if rnd != s.current_round or rnd == 0:
        raise Conflict(f"only the last round paired (round {s.current_round}) can be undone")
    s.t = before_round(s, rnd)
    del s.boards[rnd]
    s.manual.pop(rnd, None)
    if rnd == 1 and rnd in s.unpaired:
        # round 1 paired here (not read from a file): back before it, pairing numbers
        # are assigned by rating again when it is paired (a late entry finds its place)
        s.seeded = False
    s.unpaired.pop(rnd, None)
    # changes made while round rnd stood no longer precede it; none left before it
    s.late_changes = [(r, n, old, new, min(upto, rnd - 1))
                      for r, n, old, new, upto in s.late_changes if r < rnd - 1]


def before_round(s: State, rnd: int) -> Tournament:
    """The tournament as it was before round ``rnd`` (the last paired) was paired,
    with everything entered since kept: bye requests for any later round,
    withdrawals, reinstatements, new players, player details and settings.

    Only the round's entries go; each player gets back exactly what he had for
    the round before it was paired (nothing, or an absence read from a TRF
    file).  For a round read from a TRF file that is not known, and the
    absences written for the round (H / F / Z) stay, as ``cut_before`` keeps them.
    """
    t = cut_before(s.t, rnd)
    # cut_before forgets requests for the rounds after rnd (right for a file cut
    # back for checking, data loss for an undo: issue 24)
    t.bye_requests = list(s.t.bye_requests)
    prior = s.unpaired.get(rnd)
    if prior is not None:
        for pid, pl in t.players.items():
            pl.results = pl.results[: rnd - 1] + list(prior.get(pid, []))
    return t


def _load_trf(s: State, p: dict, strict: bool = True) -> None:
    """Replace the whole state by a TRF file (import).  Not ``strict`` (replaying a
    log stored before the check existed): control characters do not refuse it."""
    from swisschess.formats.trf import CONTROL_CHARACTER, parse_trf

    res = parse_trf(str(p["text"]), str(p.get("filename", "import.trf")))
    errors = [d for d in res.errors if strict or not d.message.startswith(CONTROL_CHARACTER)]
    if errors:
        raise StoreError("the TRF file has errors:\n" + "\n".join(str(d) for d in errors[:10]))
    t = res.tournament
    if p.get("rename") and str(p.get("name") or "").strip():
        t.name = str(p["name"]).strip()  # the name the arbiter gave wins over record 012
    elif not t.name:
        t.name = str(p.get("name") or "Imported tournament")
    new = State(t=t, seq=s.seq)
    from swisschess.pairing.registry import system_from_code

    new.system, new.edition = system_from_code(t.system) or ("dutch", "2026")
    if registry.round_robin_from_code(t.system):
        new.system = registry.ROUND_ROBIN
        new.edition = "double" if registry.round_robin_from_code(t.system) == "double" else "auto"
    for rnd in range(1, t.rounds_recorded() + 1):
        new.boards[rnd] = boards_of(t, rnd)
    kept = []
    nxt = t.rounds_recorded() + 1
    for line in list(t.comments) + t.extra.pop("###", []):
        text = line.lstrip("#").strip()
        if text.startswith("withdrawn: "):
            try:
                pid = int(text.split()[1])
            except (ValueError, IndexError):
                pid = 0
            if pid in t.players:
                t.players[pid].withdrawn = True
                # the 240 Z records written for the rounds to come stand for the withdrawal
                t.bye_requests = [b for b in t.bye_requests
                                  if not (b.round >= nxt and b.ids == (pid,) and b.code == "Z")]
                continue
        if _setting_note(s, text):  # written by trfout.settings_notes
            continue
        if text.startswith("round ") and ": pairing edited by the arbiter: " in text:
            head, why = text.split(": pairing edited by the arbiter: ", 1)
            try:
                new.manual.setdefault(int(head.split()[1]), []).append(why)
                continue
            except (ValueError, IndexError):
                pass
        kept.append(line)
    # our own notes are rebuilt from ``manual`` on export; other comments stay
    t.comments = [ln for ln in kept if ln in t.comments]
    new.seeded = True
    s.t, s.system, s.edition, s.boards = new.t, new.system, new.edition, new.boards
    s.manual, s.seeded = new.manual, new.seeded
    s.unpaired = {}  # what the file's rounds replaced is not known
    s.late_changes = []  # the file's own ### notes stay as comments


def _setting_note(s: State, text: str) -> bool:
    """Read back a ``###`` settings line of our export (see trfout.settings_notes)."""
    if text.startswith("rating list: "):
        s.options["rating_list"] = text[len("rating list: "):].strip()[:80]
    elif text == "first-round colour drawn by lot":
        s.options["colour_lot"] = True
    elif text.startswith("late entries: half-point bye for each round missed"):
        s.options["late_entry"] = "half"
        most = text.rpartition("at most ")[2]
        s.options["late_entry_max"] = int(most) if most.isdigit() else None
    else:
        return False
    return True


def boards_of(t: Tournament, rnd: int) -> list[tuple[int, int]]:
    """The games of a round read from a file, in board order (seeds F1: ``sort_boards``)."""
    games = []
    for pid in sorted(t.players):
        e = t.players[pid].entry(rnd)
        if e is not None and e.opponent is not None and e.colour is Colour.WHITE:
            games.append((pid, e.opponent))

    def score(p: int) -> Fraction:
        return t.score(p, rnd - 1) if p in t.players else Fraction(0)

    return sort_boards(games, score, lambda p: p)


def _need_created(s: State) -> None:
    if s.seq == 0:
        raise StoreError("create the tournament first")


#: The events whose checks a replay relaxes (see :func:`_settings`).
_SETTINGS_APPLY = {"create": _create, "settings": _settings}

_APPLY = {
    "create": _create,
    "settings": _settings,
    "register": _register,
    "update_player": _update_player,
    "renumber": _renumber,
    "withdraw": _withdraw,
    "reinstate": _reinstate,
    "bye": _bye,
    "cancel_bye": _cancel_bye,
    "forbid": _forbid,
    "pair": _pair,
    "edit_pairing": _edit_pairing,
    "result": _result,
    "clear_result": _clear_result,
    "undo_round": _undo_round,
    "load_trf": _load_trf,
}
KINDS = tuple(_APPLY)
#: The kinds added by :func:`register_kinds` (the team events).
TEAM_KINDS: set[str] = set()


def register_kinds(kinds: dict[str, Any]) -> None:
    """Add the events of another part of the store to :func:`apply`: the team
    events of :mod:`swisschess.store.teamevents` (imported by the package, so
    that every log replays; kept there to keep this module about individual
    events)."""
    _APPLY.update(kinds)
    TEAM_KINDS.update(kinds)
