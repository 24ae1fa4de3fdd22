"""The JSON API under ``/api``: the same operations as the pages.

Reads of public data (tournaments, rounds, standings, crosstable) are open; every
write, the player list (birth dates), the TRF export, the log and the preview need
``Authorization: Bearer TOKEN`` (or the login cookie, writes then with the
header ``X-CSRF-Token``: :mod:`swisschess.web.security`).
Errors are ``{"detail": message}`` with 400 (invalid), 404 (unknown), 409
(does not fit the current state; a result's 409 also holds ``current``: the
board and version stored), 401 (not logged in), 403 (CSRF token missing, or a
request from another site), 422 (malformed request), 429 (too many failed
logins: ``Retry-After``); nothing is changed then.  A 2xx answer to a write
means it is committed.  ``POST /api/pair`` (pairing a TRF file, no login) is in
:mod:`swisschess.web.pairapi`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, HTTPException, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field, create_model

from swisschess import i18n
from swisschess.model.facts import BoardFacts, board_facts, facts_edition
from swisschess.pairing import registry
from swisschess.store.events import HEADER_FIELDS, PLAYER_FIELDS
from swisschess.store.service import BoardView, Conflict, TournamentService
from swisschess.web import views
from swisschess.web.fields import PlayerName, Reason, ShortText, TournamentName


def service(request: Request) -> TournamentService:
    return request.app.state.service


def arbiter(request: Request) -> None:
    if not request.app.state.auth.ok(request):
        raise HTTPException(401, "arbiter token required (Authorization: Bearer TOKEN)",
                            headers={"WWW-Authenticate": "Bearer"})


router = APIRouter(prefix="/api", tags=["api"])
Svc = Depends(service)
Arb = [Depends(arbiter)]


# ------------------------------------------------------------------ bodies
def _texts(name: str, doc: str, fields: tuple[str, ...]) -> type[BaseModel]:
    """A body of optional short texts named ``fields`` (a field left out is not set)."""
    model = create_model(name, **{f: (ShortText | None, None) for f in fields})  # type: ignore[call-overload]
    model.__doc__ = doc
    return model


#: The header of a tournament (TRF 022-102), as the store names it.
TournamentHeader = _texts("TournamentHeader", "The header of a tournament (TRF 022-102).",
                          tuple(f for f in HEADER_FIELDS if f not in ("name", "rounds")))
#: A player's details besides name and rating (the 001 record's other fields).
PlayerDetails = _texts("PlayerDetails", "A player's details besides name and rating.",
                       tuple(f for f in PLAYER_FIELDS if f not in ("name", "rating")))


class NewTournament(TournamentHeader):  # type: ignore[misc, valid-type]
    name: TournamentName
    rounds: int = Field(ge=1, le=99)
    # choices from the one table of systems and editions (pairing.registry)
    system: Literal[tuple(registry.systems())] = "dutch"  # type: ignore[valid-type]
    edition: Literal[tuple(registry.editions())] = "2026"  # type: ignore[valid-type]
    # Baku acceleration (C.04.5.1) for the Swiss systems; round robin (Berger
    # tables, C.05 Annex 1) instead of a Swiss system
    baku: bool = False
    round_robin: Literal["", "single", "double"] = ""
    #: the settings made before round 1 (see Settings)
    tiebreaks: str | list[str] | None = None
    first_colour: Literal["white", "black", "lot"] | None = None
    round_dates: list[str] | None = None
    late_entry_points: Literal["zero", "half"] | None = None
    late_entry_max: int | None = Field(default=None, ge=0, le=99)
    rating_list: str | None = Field(default=None, max_length=80)


class Settings(TournamentHeader):  # type: ignore[misc, valid-type]
    name: TournamentName | None = None
    rounds: int | None = Field(default=None, ge=1, le=99)
    #: language of the tournament's pages and lists (en, sl, pl, et, cs, bg; "" = the reader's)
    language: ShortText | None = None
    #: C.07 tie-break names in order ("DE,BH/C1,BH" or a list); [] = the default list
    tiebreaks: str | list[str] | None = None
    #: colour of pairing number 1 in round 1; "lot" is drawn once, on the server,
    #: and the colour drawn is stored; "" = not fixed (White).  Refused (409) once
    #: round 1 is paired, like baku.
    first_colour: Literal["white", "black", "lot", ""] | None = None
    #: Baku acceleration (C.04.5.1)
    baku: bool | None = None
    #: dates of the rounds, ISO YYYY-MM-DD ("" = unknown), index = round - 1
    round_dates: list[str] | None = None
    #: late entries: what the rounds missed give (C.04.2 Art. 2.4)
    late_entry_points: Literal["zero", "half"] | None = None
    #: at most this many half-point byes for a late entry (-1 = no limit)
    late_entry_max: int | None = Field(default=None, ge=-1, le=99)
    #: which rating list seeds the event, e.g. "FIDE 2026-11 standard"
    rating_list: str | None = Field(default=None, max_length=80)


def settings_payload(d: dict[str, Any]) -> dict[str, Any]:
    """The API's names -> the store's (``first_colour`` -> ``initial_colour`` ...)."""
    out = dict(d)
    if "first_colour" in out:
        out["initial_colour"] = out.pop("first_colour")
    if "late_entry_points" in out:
        out["late_entry"] = out.pop("late_entry_points")
    if out.get("late_entry_max") == -1:
        out["late_entry_max"] = None
    return out


class ForbidIn(BaseModel):
    players: list[int] = Field(min_length=2, description="pairing numbers")
    cancel: bool = Field(default=False, description="lift it from the next round on")


class NewPlayer(PlayerDetails):  # type: ignore[misc, valid-type]
    name: PlayerName
    rating: int = Field(default=0, ge=0, le=3500)
    #: a late entry's rounds already paired: H half-point byes, Z zero (default:
    #: the tournament's late-entry setting)
    missed_rounds_points: Literal["H", "Z"] | None = None


class PlayerUpdate(PlayerDetails):  # type: ignore[misc, valid-type]
    name: PlayerName | None = None
    rating: int | None = Field(default=None, ge=0, le=3500)


class ByeRequestIn(BaseModel):
    player: int
    round: int | None = None
    code: Literal["H", "Z", "F"] = "H"


class PairIn(BaseModel):
    expected_version: int | None = Field(
        default=None, description="version from the preview: refuse if anything changed since")


class ManualPairing(BaseModel):
    boards: list[tuple[int, int]]
    bye: int | None = None
    reason: Reason


class ResultIn(BaseModel):
    board: int = Field(ge=1)
    result: ShortText = Field(description="1-0, 0-1, 1/2, +-, -+, --")
    correction: bool = False
    expected_version: int | None = Field(
        default=None, description="the version the screen showed: refuse (409) if the "
                                  "tournament changed since")


class TrfIn(BaseModel):
    text: str  # bounded by the upload's body limit (web/limits.py)
    name: TournamentName | None = None


# ------------------------------------------------------------------ shapes
def player_json(t, p) -> dict[str, Any]:
    return {"id": p.id, "name": p.name, "rating": p.rating, "title": p.title, "sex": p.sex,
            "federation": p.federation, "fide_id": p.fide_id, "birth": p.birth, "club": p.club,
            "withdrawn": p.withdrawn, "points": float(t.score(p.id))}


def board_json(b: BoardView) -> dict[str, Any]:
    return {"board": b.board, "white": b.white.id, "black": b.black.id,
            "white_name": b.white.name, "black_name": b.black.name,
            "white_points": float(b.white_score), "black_points": float(b.black_score),
            "result": b.result}


def summary(svc: TournamentService, tid: int) -> dict[str, Any]:
    s = svc.state(tid)
    t = s.t
    return {"id": tid, "name": t.name, "rounds": t.rounds, "current_round": s.current_round,
            "players": len(t.players), "version": s.seq, "system": s.system,
            "edition": s.edition, "city": t.city, "start_date": t.start_date,
            "end_date": t.end_date, "chief_arbiter": t.chief_arbiter,
            "pending_boards": svc.pending(tid), "settings": settings_json(s)}


def settings_json(s) -> dict[str, Any]:
    t = s.t
    colour = {"w": "white", "b": "black"}.get(t.initial_colour.value if t.initial_colour else "")
    return {"tiebreaks": list(t.tiebreaks), "first_colour": colour,
            "first_colour_by_lot": bool(s.option("colour_lot") and colour),
            "baku": registry.baku_from_code(t.system), "round_dates": list(t.round_dates),
            "late_entry_points": s.option("late_entry"),
            "late_entry_max": s.option("late_entry_max"),
            "rating_list": s.option("rating_list"),
            "forbidden": [{"players": list(f.ids), "first_round": f.first_round,
                           "last_round": None if f.last_round >= 9999 else f.last_round}
                          for f in t.forbidden]}


def round_json(svc: TournamentService, tid: int, rnd: int) -> dict[str, Any]:
    return {"round": rnd, "boards": [board_json(b) for b in svc.boards(tid, rnd)],
            "unpaired": [{"player": p.id, "name": p.name, "code": c}
                         for p, c in svc.round_extras(tid, rnd)],
            "manual": svc.state(tid).manual.get(rnd, [])}


# ------------------------------------------------------------ tournaments
@router.get("/tournaments", summary="List tournaments")
def list_tournaments(svc: TournamentService = Svc) -> list[dict[str, Any]]:
    return [summary(svc, it.id) for it in svc.list_tournaments()]


@router.post("/tournaments", status_code=201, dependencies=Arb, summary="Create a tournament")
def create_tournament(body: NewTournament, svc: TournamentService = Svc) -> dict[str, Any]:
    d = body.model_dump()
    rr = d.pop("round_robin")
    if rr:
        d["system"], d["edition"] = registry.ROUND_ROBIN, "double" if rr == "double" else "auto"
        d.pop("baku")
    tid = svc.create_tournament(d.pop("name"), d.pop("rounds"),
                                **settings_payload({k: v for k, v in d.items()
                                                    if v is not None}))
    return summary(svc, tid)


@router.post("/tournaments/import-trf", status_code=201, dependencies=Arb,
             summary="Create a tournament from a TRF file")
def import_trf(body: TrfIn, svc: TournamentService = Svc) -> dict[str, Any]:
    tid = svc.import_trf(body.text, "upload.trf", body.name)
    return summary(svc, tid)


@router.put("/tournaments/{tid}/trf", dependencies=Arb,
            summary="Replace the tournament's state by a TRF file (kept in the log)")
def replace_trf(tid: int, body: TrfIn, svc: TournamentService = Svc) -> dict[str, Any]:
    svc.replace_from_trf(tid, body.text, "upload.trf")
    return summary(svc, tid)


@router.get("/tournaments/{tid}", summary="Tournament summary")
def get_tournament(tid: int, svc: TournamentService = Svc) -> dict[str, Any]:
    return summary(svc, tid)


@router.patch("/tournaments/{tid}", dependencies=Arb,
              summary="Change header, rounds and settings (some only before round 1)")
def patch_tournament(tid: int, body: Settings, svc: TournamentService = Svc) -> dict[str, Any]:
    svc.update_settings(tid, **settings_payload(body.model_dump(exclude_none=True)))
    return summary(svc, tid)


@router.post("/tournaments/{tid}/forbidden", dependencies=Arb,
             summary="Players who must not be paired together (or lift it: cancel)")
def forbid(tid: int, body: ForbidIn, svc: TournamentService = Svc) -> dict[str, Any]:
    svc.forbid(tid, body.players, cancel=body.cancel)
    return summary(svc, tid)


@router.get("/tournaments/{tid}/export.trf", response_class=PlainTextResponse,
            dependencies=Arb,
            summary="The tournament as a TRF-2026 file (variant=16: TRF16), ready for "
                    "the rating report")
def export_trf(tid: int, variant: str = "2026", svc: TournamentService = Svc) -> str:
    return svc.export_trf(tid, variant)


@router.get("/tournaments/{tid}/log", dependencies=Arb, summary="The event log")
def get_log(tid: int, svc: TournamentService = Svc) -> list[dict[str, Any]]:
    return [{"seq": e.seq, "kind": e.kind, "payload": e.payload, "actor": e.actor,
             "at": e.created_at.isoformat()} for e in svc.log(tid)]


# ---------------------------------------------------------------- players
@router.get("/tournaments/{tid}/players", dependencies=Arb,
            summary="Players (with FIDE ids and birth dates: arbiters only)")
def get_players(tid: int, svc: TournamentService = Svc) -> list[dict[str, Any]]:
    t = svc.tournament(tid)
    return [player_json(t, p) for p in t.sorted_players()]


@router.post("/tournaments/{tid}/players", status_code=201, dependencies=Arb,
             summary="Register a player")
def add_player(tid: int, body: NewPlayer, svc: TournamentService = Svc) -> dict[str, Any]:
    d = body.model_dump()
    missed = d.pop("missed_rounds_points")
    p = svc.add_player(tid, d.pop("name"), d.pop("rating"), **d,
                       **({"missed": missed} if missed else {}))
    return player_json(svc.tournament(tid), p)


@router.post("/tournaments/{tid}/players/bulk", status_code=201, dependencies=Arb,
             summary="Register several players (all or none)")
def add_players(tid: int, body: list[NewPlayer], svc: TournamentService = Svc
                ) -> list[dict[str, Any]]:
    rows = []
    for b in body:
        d = b.model_dump()
        missed = d.pop("missed_rounds_points")
        rows.append({**d, **({"missed": missed} if missed else {})})
    players = svc.add_players(tid, rows)
    t = svc.tournament(tid)
    return [player_json(t, p) for p in players]


@router.patch("/tournaments/{tid}/players/{pid}", dependencies=Arb, summary="Correct a player")
def update_player(tid: int, pid: int, body: PlayerUpdate, svc: TournamentService = Svc
                  ) -> dict[str, Any]:
    p = svc.update_player(tid, pid, **body.model_dump(exclude_none=True))
    return player_json(svc.tournament(tid), p)


@router.post("/tournaments/{tid}/players/{pid}/withdraw", dependencies=Arb,
             summary="Withdraw a player")
def withdraw(tid: int, pid: int, svc: TournamentService = Svc) -> dict[str, Any]:
    svc.withdraw(tid, pid)
    return player_json(svc.tournament(tid), svc.tournament(tid).players[pid])


@router.post("/tournaments/{tid}/players/{pid}/reinstate", dependencies=Arb,
             summary="Undo a withdrawal")
def reinstate(tid: int, pid: int, svc: TournamentService = Svc) -> dict[str, Any]:
    svc.reinstate(tid, pid)
    return player_json(svc.tournament(tid), svc.tournament(tid).players[pid])


@router.post("/tournaments/{tid}/byes", status_code=201, dependencies=Arb,
             summary="Request a bye (H half point, Z zero, F full point)")
def request_bye(tid: int, body: ByeRequestIn, svc: TournamentService = Svc) -> dict[str, Any]:
    rnd = body.round if body.round is not None else svc.state(tid).current_round + 1
    svc.request_bye(tid, body.player, rnd, body.code)
    return {"player": body.player, "round": rnd, "code": body.code}


@router.delete("/tournaments/{tid}/byes/{rnd}/{pid}", dependencies=Arb,
               summary="Cancel a bye request")
def cancel_bye(tid: int, rnd: int, pid: int, svc: TournamentService = Svc) -> dict[str, Any]:
    svc.cancel_bye(tid, pid, rnd)
    return {"player": pid, "round": rnd, "cancelled": True}


# ----------------------------------------------------------------- rounds
@router.get("/tournaments/{tid}/rounds/{rnd}", summary="Pairings and results of a round")
def get_round(tid: int, rnd: int, svc: TournamentService = Svc) -> dict[str, Any]:
    return round_json(svc, tid, rnd)


@router.get("/tournaments/{tid}/pairing-preview", dependencies=Arb,
            summary="What the engine would pair next (nothing stored)")
def preview(tid: int, svc: TournamentService = Svc) -> dict[str, Any]:
    spec, state, version = svc.preview(tid)
    return {"round": spec.round, "boards": [list(b) for b in spec.boards], "bye": spec.bye,
            "unpaired": [list(u) for u in spec.unpaired], "version": version,
            "renumbered": not svc.state(tid).seeded,
            "explanation": [preview_row(b) for b in board_facts(
                state.t, spec.round, spec.boards, facts_edition(state.system, state.edition))]}


def preview_row(b: BoardFacts) -> dict[str, Any]:
    """A previewed board as data: scores, colour preferences (``strong white``,
    ``none``) and who floats up / down (null when the scores are equal)."""
    up, down = b.floaters or (None, None)
    return {"board": b.board, "white": b.white.id, "black": b.black.id,
            "white_score": float(b.white.score), "black_score": float(b.black.score),
            "white_pref": str(b.white.preference), "black_pref": str(b.black.preference),
            "float_up": up, "float_down": down}


@router.post("/tournaments/{tid}/rounds", status_code=201, dependencies=Arb,
             summary="Pair the next round with the engine")
def pair_next(tid: int, body: Annotated[PairIn | None, Body()] = None,
              svc: TournamentService = Svc) -> dict[str, Any]:
    spec = svc.pair_next_round(tid, expected_version=body.expected_version if body else None)
    return round_json(svc, tid, spec.round)


@router.put("/tournaments/{tid}/rounds/{rnd}/pairing", dependencies=Arb,
            summary="Pair the next round by hand, or change the last round's pairing")
def manual_pairing(tid: int, rnd: int, body: ManualPairing, svc: TournamentService = Svc
                   ) -> dict[str, Any]:
    svc.set_pairing(tid, rnd, [(w, b) for w, b in body.boards], body.bye, body.reason)
    return round_json(svc, tid, rnd)


@router.delete("/tournaments/{tid}/rounds/last", dependencies=Arb,
               summary="Undo the last round (pairing and results)")
def undo_round(tid: int, svc: TournamentService = Svc) -> dict[str, Any]:
    s = svc.state(tid)
    n = svc.results_in(s, s.current_round)
    rnd = svc.undo_last_round(tid, expected_version=s.seq)
    return {"undone": rnd, "results_removed": n, **summary(svc, tid)}


@router.post("/tournaments/{tid}/rounds/{rnd}/results", dependencies=Arb,
             summary="Enter (or correct) the result of a board",
             responses={409: {"description": "the board already has a result, or the "
                                             "tournament changed since expected_version: "
                                             "the answer holds the current board and version"}})
def enter_result(tid: int, rnd: int, body: ResultIn, svc: TournamentService = Svc
                 ) -> Any:
    try:
        b, version = svc.enter_result_versioned(tid, rnd, body.board, body.result,
                                                 body.correction, body.expected_version)
    except Conflict as e:
        # two arbiters raced (or a stale screen): nothing was written; show what is stored
        s = svc.state(tid)
        return JSONResponse({"detail": str(e), "current": {
            **board_json(svc.board_in(s, rnd, body.board)), "version": s.seq}},
            status_code=409)
    # "warning": the result changed after later rounds were paired on it (issue 24)
    return {**board_json(b), "version": version, "warning": b.warning}


@router.delete("/tournaments/{tid}/rounds/{rnd}/results/{board}", dependencies=Arb,
               summary="Clear the result of a board")
def clear_result(tid: int, rnd: int, board: int, svc: TournamentService = Svc
                 ) -> dict[str, Any]:
    warning = svc.clear_result(tid, rnd, board)
    return {**board_json(svc.boards(tid, rnd)[board - 1]), "warning": warning}


# -------------------------------------------------------------- standings
@router.get("/tournaments/{tid}/standings", summary="Standings with tie-breaks",
            responses={404: {"description": "round not paired (or 0, negative)"},
                       409: {"description": "the round has games without a result"}})
def standings(tid: int, svc: TournamentService = Svc,
              round: int | None = Query(None, description="after this round (default: the "
                                                          "last complete round)")
              ) -> dict[str, Any]:
    st = svc.standings(tid, round)
    return {"after_round": st.round, "tiebreaks": st.names, "notes": st.notes,
            "rows": [{"rank": r.rank, "player": r.player.id, "name": r.player.name,
                      "points": float(r.points),
                      "tiebreaks": [None if x is None else float(x) for x in r.tiebreaks]}
                     for r in st.rows]}


@router.get("/tournaments/{tid}/crosstable", summary="Crosstable")
def crosstable(tid: int, svc: TournamentService = Svc) -> list[dict[str, Any]]:
    ranks = {r.player.id: r.rank for r in svc.standings(tid).rows}
    with i18n.use(i18n.DEFAULT):  # the API is language-neutral: cells "12w1", "bye"
        rows = views.crosstable(svc.state(tid), ranks)
    return [{"player": r["player"].id, "name": r["player"].name, "cells": r["cells"],
             "points": float(r["points"]), "rank": r["rank"]} for r in rows]
