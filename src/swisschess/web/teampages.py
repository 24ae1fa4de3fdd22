"""The web pages of a team event (issue 32; C.04.6): the arbiter's and the public ones.

Arbiter (behind the login, every change through :class:`~swisschess.store.teamdesk.TeamDesk`):

* ``POST /arbiter/new-team`` - a new team event (name, rounds, boards, colour model);
* ``/arbiter/t/{id}/teams`` - teams and their players in board order, forms to
  register a team, add a player, import a CSV; pair the next round, undo the last;
* ``/arbiter/t/{id}/team-pair`` - the proposed pairing (nothing stored), then confirm;
* ``/arbiter/t/{id}/team-round/{r}`` - each match: both line-ups (board order
  checked) and the board results, saved match by match (all boards or none).

Public (read-only): ``/t/{id}/team-pairings/{r}``, ``/t/{id}/match-cards/{r}``
(the print view: one card a match with boards, players, colours and result
fields) and ``/t/{id}/team-standings``.
"""

from __future__ import annotations

from fastapi import APIRouter, Form, Request, UploadFile
from fastapi.responses import RedirectResponse

from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.store.events import StoreError
from swisschess.store.service import EntryError, TournamentService
from swisschess.store.teamdesk import TeamDesk
from swisschess.web.common import NeedLogin, page, with_notice

router = APIRouter(include_in_schema=False)


def _desk(request: Request, arbiter: bool = True) -> TeamDesk:
    if arbiter and not request.app.state.auth.ok(request):
        raise NeedLogin()
    return TeamDesk(request.app.state.service)


def _go(request: Request, url: str, msg: str | None = None, err: str | None = None
        ) -> RedirectResponse:
    return RedirectResponse(with_notice(request, url, msg=msg, err=err), status_code=303)


def _ctx(desk: TeamDesk, tid: int) -> dict:
    s = desk.svc.state(tid)
    ts = desk.state(tid)
    return {"tid": tid, "s": s, "t": s.t, "ts": ts, "current": ts.current_round,
            "pending": ts.pending(ts.current_round)}


def is_team_event(svc: TournamentService, tid: int) -> bool:
    return TeamDesk.is_team(svc, tid)


# ===================================================================== arbiter
@router.post("/arbiter/new-team")
def new_team_event(request: Request, name: str = Form(...), rounds: int = Form(...),
                   boards: int = Form(...), colours: str = Form("a")):
    desk = _desk(request)
    tid = desk.create(name, rounds, boards, colours)
    return _go(request, f"/arbiter/t/{tid}/teams",
               _("Team event “{name}” created: register the teams.").format(name=name))


@router.get("/arbiter/t/{tid}/teams")
def teams_page(request: Request, tid: int):
    desk = _desk(request)
    return page(request, "team_home.html", **_ctx(desk, tid))


@router.post("/arbiter/t/{tid}/teams")
def add_team(request: Request, tid: int, name: str = Form(...)):
    desk = _desk(request)
    team = desk.add_team(tid, name)
    return _go(request, f"/arbiter/t/{tid}/teams",
               _("Team {n} {name} registered.").format(n=team.tpn, name=team.name))


@router.post("/arbiter/t/{tid}/teams/{tpn}/players")
def add_player(request: Request, tid: int, tpn: int, name: str = Form(...),
               rating: str = Form(""), title: str = Form(""), federation: str = Form(""),
               fide_id: str = Form("")):
    desk = _desk(request)
    p = desk.add_player(tid, tpn, name, rating.strip() or 0, title=title,
                        federation=federation, fide_id=fide_id)
    return _go(request, f"/arbiter/t/{tid}/teams#team{tpn}",
               _("Player {n} {name} registered.").format(n=p.pid, name=p.name))


@router.post("/arbiter/t/{tid}/teams/import")
async def import_teams(request: Request, tid: int, file: UploadFile):
    from swisschess.store.encodings import decode_bytes

    desk = _desk(request)
    name = file.filename or "upload.csv"
    text = decode_bytes(await file.read(), name).text
    teams, players = desk.import_csv(tid, text, name)
    return _go(request, f"/arbiter/t/{tid}/teams",
               _("{teams} team(s) and {players} player(s) registered from {file}").format(
                   teams=teams, players=players, file=name) + ".")


@router.get("/arbiter/t/{tid}/team-pair")
def pair_preview(request: Request, tid: int, absent: str = ""):
    desk = _desk(request)
    ctx = _ctx(desk, tid)
    gone = sorted({int(x) for x in absent.split(",") if x.strip().isdigit()})
    try:
        proposal = desk.preview(tid, gone)
    except StoreError as e:
        return page(request, "team_preview.html", problem=translate_message(str(e)), **ctx)
    return page(request, "team_preview.html", proposal=proposal, absent=gone,
                version=ctx["s"].seq, **ctx)


@router.post("/arbiter/t/{tid}/team-pair")
def pair(request: Request, tid: int, version: int = Form(...), absent: str = Form("")):
    desk = _desk(request)
    gone = sorted({int(x) for x in absent.split(",") if x.strip().isdigit()})
    desk.pair(tid, gone, expected=version)
    rnd = desk.state(tid).current_round
    return _go(request, f"/arbiter/t/{tid}/team-round/{rnd}",
               _("Round {n} paired and published.").format(n=rnd))


@router.post("/arbiter/t/{tid}/team-undo")
def undo(request: Request, tid: int, version: int = Form(...)):
    desk = _desk(request)
    rnd = desk.undo(tid, expected=version)
    return _go(request, f"/arbiter/t/{tid}/teams",
               _("Round {n} removed: its pairing, line-ups and board results.").format(n=rnd))


@router.get("/arbiter/t/{tid}/team-round/{rnd}")
def round_page(request: Request, tid: int, rnd: int):
    desk = _desk(request)
    ctx = _ctx(desk, tid)
    return page(request, "team_round.html", rnd=rnd, cards=desk.cards(tid, rnd),
                r=ctx["ts"].round(rnd), **ctx)


@router.post("/arbiter/t/{tid}/team-round/{rnd}/lineup")
async def lineup(request: Request, tid: int, rnd: int):
    desk = _desk(request)
    form = await request.form()
    try:
        team = int(str(form.get("team", "")))
    except ValueError:
        raise StoreError("the team is missing or not a number") from None
    boards = desk.state(tid).boards
    players: list[int | str] = [str(form.get(f"p{b}", "") or "-") for b in range(1, boards + 1)]
    desk.set_lineup(tid, rnd, team, players)
    name = desk.state(tid).teams[team].name
    return _go(request, f"/arbiter/t/{tid}/team-round/{rnd}",
               _("Line-up of {team} saved.").format(team=name))


@router.post("/arbiter/t/{tid}/team-round/{rnd}/match/{n}")
async def match_results(request: Request, tid: int, rnd: int, n: int):
    desk = _desk(request)
    form = await request.form()
    boards = desk.state(tid).boards
    entries = [(b, str(form.get(f"r{b}", ""))) for b in range(1, boards + 1)
               if str(form.get(f"r{b}", "")).strip()]
    url = f"/arbiter/t/{tid}/team-round/{rnd}"
    ts = desk.state(tid)
    last = ts.current_round
    old = ", ".join(ts.paired[rnd].results.get((n, b), "-") for b, _w in entries) \
        if rnd in ts.paired else ""
    try:
        desk.enter_results(tid, rnd, n, entries, correction=bool(form.get("correction")))
    except EntryError as e:
        return _go(request, url, err=_("Board {board}: {error}").format(
            board=entries[e.index][0], error=translate_message(str(e.error))))
    msg = _("{n} result(s) saved.").format(n=len(entries))
    if rnd < last:  # General Handling Rules art. 4.3: the later rounds stay as paired
        why = (f"round {last} was paired with the previous result ({old})" if last == rnd + 1
               else f"rounds {rnd + 1}-{last} were paired with the previous result ({old})")
        msg += " " + translate_message(why)
    return _go(request, url + f"#m{n}", msg)


# ====================================================================== public
@router.get("/t/{tid}/team-pairings/{rnd}")
def public_pairings(request: Request, tid: int, rnd: int):
    desk = _desk(request, arbiter=False)
    ctx = _ctx(desk, tid)
    return page(request, "team_pairings.html", public=True, rnd=rnd, cards=desk.cards(tid, rnd),
                r=ctx["ts"].round(rnd), **ctx)


@router.get("/t/{tid}/match-cards/{rnd}")
def match_cards(request: Request, tid: int, rnd: int):
    desk = _desk(request, arbiter=False)
    return page(request, "print_match_cards.html", public=True, rnd=rnd,
                cards=desk.cards(tid, rnd), **_ctx(desk, tid))


@router.get("/t/{tid}/team-standings")
def public_standings(request: Request, tid: int):
    desk = _desk(request, arbiter=False)
    upto, labels, rows = desk.standings(tid)
    return page(request, "team_standings.html", public=True, upto=upto, rows=rows, labels=labels,
                **_ctx(desk, tid))
