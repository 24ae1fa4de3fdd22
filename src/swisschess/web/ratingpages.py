"""Web pages of issue 25: rating changes, the public player card, norms, prizes.

* ``/t/{id}/ratings``: every player's rating change (B.02), public;
* ``/t/{id}/players/{no}``: a player's card -- opponents, results, Ra, Rp,
  expected score, K, rating change -- public;
* ``/arbiter/t/{id}/norms``: GM/IM/WGM/WIM norm checks (B.01), arbiter only;
* ``/arbiter/t/{id}/prizes``: a prize list from a prize file pasted into the
  form (TOML, as ``swisschess prizes --config``), arbiter only; nothing stored.

The figures are those of :mod:`swisschess.standings.ratingchange`,
:mod:`~swisschess.standings.norms` and :mod:`~swisschess.standings.prizes`, over
the rounds whose results are all known; K is the imported rating list's, else
what the rules of B.02 8.3.3 the data shows give, else 20
(docs/ratings-norms-prizes.md).
"""

from __future__ import annotations

import json

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import JSONResponse

from swisschess.standings import prizes, reports
from swisschess.standings.field import Field, complete_rounds
from swisschess.standings.norms import title_norms
from swisschess.standings.prizes import PrizeConfigError, parse_config, prize_list
from swisschess.standings.ranking import standings
from swisschess.standings.ratingchange import player_change, rating_changes
from swisschess.store.service import TournamentService
from swisschess.web.api import arbiter
from swisschess.web.common import NeedLogin, page

router = APIRouter(include_in_schema=False)
#: JSON, as ``swisschess ratings|norms --format json`` prints it
api_router = APIRouter(prefix="/api", tags=["api"])


def _base(svc: TournamentService, tid: int) -> dict:
    s = svc.state(tid)
    t = s.t
    return {"tid": tid, "s": s, "t": t, "current": s.current_round,
            "pending": svc.pending(tid), "upto": complete_rounds(t)}


def _arbiter(request: Request) -> TournamentService:
    if not request.app.state.auth.ok(request):
        raise NeedLogin()
    return request.app.state.service


@router.get("/t/{tid}/ratings")
def public_ratings(request: Request, tid: int):
    svc = request.app.state.service
    ctx = _base(svc, tid)
    changes = rating_changes(ctx["t"], ctx["upto"])
    return page(request, "ratings.html", public=True, changes=changes,
                remark=reports.rating_remark, edition=reports.rating_edition(),
                notes=reports.rating_notes(20), **ctx)


@router.get("/t/{tid}/players/{pid:int}")
def public_player(request: Request, tid: int, pid: int):
    svc = request.app.state.service
    ctx = _base(svc, tid)
    t = ctx["t"]
    if pid not in t.players:
        return page(request, "error.html", status=404, public=True,
                    message=reports.no_player_text(pid), **ctx)
    f = Field.build(t, ctx["upto"])
    c = player_change(t, f, pid)
    rated = {(g.round, g.opponent) for g in c.games}
    return page(request, "player_card.html", public=True, p=t.players[pid], c=c, rated=rated,
                remark=reports.rating_remark(c), edition=reports.rating_edition(), **ctx)


@router.get("/arbiter/t/{tid}/norms")
def arbiter_norms(request: Request, tid: int, exempt: bool = False):
    svc = _arbiter(request)
    ctx = _base(svc, tid)
    result = title_norms(ctx["t"], ctx["upto"], exempt=exempt)
    return page(request, "norms.html", result=result, exempt=exempt,
                missed=reports.missed_lines, edition=reports.norm_edition(), **ctx)


@router.get("/arbiter/t/{tid}/prizes")
def arbiter_prizes_form(request: Request, tid: int):
    svc = _arbiter(request)
    return page(request, "prizes.html", config_text=prizes.EXAMPLE, sections=None,
                **_base(svc, tid))


@router.post("/arbiter/t/{tid}/prizes")
def arbiter_prizes(request: Request, tid: int, config: str = Form("")):
    svc = _arbiter(request)
    ctx = _base(svc, tid)
    try:
        cfg = parse_config(config)
    except PrizeConfigError as e:
        return page(request, "prizes.html", status=422, config_text=config, sections=None,
                    error=str(e), **ctx)
    t = ctx["t"]
    pl = prize_list(t, standings(t, cfg.tiebreaks, "2026", ctx["upto"]), cfg)
    return page(request, "prizes.html", config_text=config, prize_list=pl,
                sections=reports.prize_sections(pl, True), notes=reports.prize_notes(pl, cfg),
                **ctx)


@api_router.get("/tournaments/{tid}/ratings", summary="Rating changes (FIDE B.02)")
def api_ratings(request: Request, tid: int):
    ctx = _base(request.app.state.service, tid)
    t = ctx["t"]
    text = reports.render_ratings(rating_changes(t, ctx["upto"]), "json", title=t.name,
                                  round_=ctx["upto"])
    return JSONResponse(json.loads(text))


@api_router.get("/tournaments/{tid}/norms", dependencies=[Depends(arbiter)],
                summary="Title norm checks (FIDE B.01)")
def api_norms(request: Request, tid: int, exempt: bool = False):
    ctx = _base(request.app.state.service, tid)
    t = ctx["t"]
    text = reports.render_norms(title_norms(t, ctx["upto"], exempt=exempt), "json",
                                title=t.name, round_=ctx["upto"], exempt=exempt)
    return JSONResponse(json.loads(text))
