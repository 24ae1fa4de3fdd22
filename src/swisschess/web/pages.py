"""Server-rendered pages: public (pairings, standings) and the arbiter's.

Forms post to the arbiter routes and redirect back (post/redirect/get) with a
message; a failed change comes back with the error shown and nothing changed.
The result-entry form is also sent by ``static/app.js`` with ``fetch`` (header
``X-Requested-With: fetch``) and then answered in JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Form, Request, UploadFile
from fastapi.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response

from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.model.facts import board_facts, facts_edition
from swisschess.store.events import Conflict, StoreError
from swisschess.store.service import EntryError, TournamentService
from swisschess.store.trfout import trf_variant
from swisschess.web import views
from swisschess.web.common import (
    NeedLogin,
    http_status,
    page,
    safe_path,
    wants_json,
    with_notice,
)
from swisschess.web.security import COOKIE, TooManyFailures

router = APIRouter(include_in_schema=False)


def _svc(request: Request) -> TournamentService:
    return request.app.state.service


def _arbiter(request: Request) -> TournamentService:
    if not request.app.state.auth.ok(request):
        raise NeedLogin()
    return request.app.state.service


def _go(request: Request, url: str, msg: str | None = None) -> RedirectResponse:
    return RedirectResponse(with_notice(request, url, msg=msg), status_code=303)


def _base(svc: TournamentService, tid: int) -> dict:
    s = svc.state(tid)
    return {"tid": tid, "s": s, "t": s.t, "current": s.current_round,
            "pending": svc.pending(tid)}


# ===================================================================== public
def _tournament_list(request: Request, svc: TournamentService, template: str) -> Response:
    """The tournaments with their state (the start pages, public and arbiter's)."""
    items = [(it, svc.state(it.id)) for it in svc.list_tournaments()]
    return page(request, template, items=items)


@router.get("/")
def home(request: Request):
    return _tournament_list(request, _svc(request), "index.html")


@router.get("/t/{tid}")
def public_tournament(request: Request, tid: int):
    svc = _svc(request)
    team = svc.state(tid).team
    if team is not None:  # issue 32: a team event's own pages (web/teampages.py)
        rnd = team.current_round
        return _go(request, f"/t/{tid}/team-pairings/{rnd}" if rnd else f"/t/{tid}/team-standings")
    rnd = svc.state(tid).current_round
    return _go(request, f"/t/{tid}/pairings/{rnd}" if rnd else f"/t/{tid}/players")


@router.get("/t/{tid}/pairings/{rnd}")
def public_pairings(request: Request, tid: int, rnd: int):
    return _round(request, _svc(request), tid, rnd, "pairings.html", public=True)


def _round(request: Request, svc: TournamentService, tid: int, rnd: int, template: str,
           **extra: Any) -> Response:
    """A page of round ``rnd``: its boards and what else the round holds (byes, absences)."""
    return page(request, template, rnd=rnd, boards=svc.boards(tid, rnd),
                extras=svc.round_extras(tid, rnd), **extra, **_base(svc, tid))


@router.get("/t/{tid}/players")
def public_players(request: Request, tid: int, q: str = ""):
    """The starting list (pairing numbers, titles, ratings, federations) and the player
    search: ``?q=`` ignores case and diacritics and says where each player found plays."""
    svc = _svc(request)
    ctx = _base(svc, tid)
    q = q.strip()[:60]
    found = views.find_my_board(ctx["s"], q) if q else []
    return page(request, "public_players.html", public=True, q=q, found=found,
                players=views.starting_list(ctx["t"], ctx["s"].seeded), **ctx)


# ====================================================================== login
@router.get("/login")
def login_form(request: Request, next: str = "/arbiter"):
    return page(request, "login.html", next=safe_path(next))


@router.post("/login")
def login(request: Request, token: str = Form(""), next: str = Form("/arbiter")):
    auth = request.app.state.auth
    try:  # login back-off (web/security.py)
        cookie = auth.login(request, token)
    except TooManyFailures as e:
        resp = page(request, "login.html", status=429, next=safe_path(next),
                    err=_("Too many wrong passwords: wait {n} s, then try again.").format(n=e.wait))
        resp.headers["Retry-After"] = str(e.wait)
        return resp
    if cookie is None:
        return page(request, "login.html", status=401, next=safe_path(next),
                    err=_("Wrong password: try again."))
    redirect = RedirectResponse(safe_path(next), status_code=303)
    redirect.set_cookie(COOKIE, cookie, max_age=auth.ttl, httponly=True, samesite="strict",
                        secure=request.url.scheme == "https", path="/")
    return redirect


@router.post("/logout")
def logout(request: Request):
    request.app.state.auth.logout(request)  # the session ends on every worker
    resp = RedirectResponse("/", status_code=303)
    resp.delete_cookie(COOKIE, path="/")
    return resp


# ================================================================ arbiter home
@router.get("/arbiter")
def arbiter_home(request: Request):
    return _tournament_list(request, _arbiter(request), "arbiter_home.html")


@router.post("/arbiter/new")
def arbiter_new(request: Request, name: str = Form(...), rounds: int = Form(...),
                city: str = Form(""), start_date: str = Form(""), end_date: str = Form(""),
                chief_arbiter: str = Form(""), time_control: str = Form(""),
                edition: str = Form("2026"), acceleration: str = Form("")):
    svc = _arbiter(request)
    system, extra = "dutch", {}
    if edition in ("round-robin", "double-round-robin"):  # Berger tables (C.05 Annex 1)
        system, edition = "round-robin", "double" if edition.startswith("double") else "auto"
    elif ":" in edition:  # branch dubov: "dubov:2026", "burstein:2026" (pairing.registry)
        system, edition = edition.split(":", 1)
        if acceleration == "baku":
            extra["baku"] = True
    elif acceleration == "baku":  # C.04.5.1
        extra["baku"] = True
    tid = svc.create_tournament(name, rounds, system=system, edition=edition, **extra,
                                city=city, start_date=start_date,
                                end_date=end_date, chief_arbiter=chief_arbiter,
                                time_control=time_control)
    return _go(request, f"/arbiter/t/{tid}/players", _("Tournament “{name}” created: register the players.").format(name=name))


@router.post("/arbiter/import-trf")
async def arbiter_import_trf(request: Request, file: UploadFile, name: str = Form("")):
    from swisschess.store.encodings import decode_bytes

    svc = _arbiter(request)
    filename = file.filename or "upload.trf"
    decoded = decode_bytes(await file.read(), filename)
    tid = svc.import_trf(decoded.text, filename, name or None)
    return _go(request, f"/arbiter/t/{tid}", _("Tournament imported from {file}.").format(file=file.filename)
               + " " + _("Read as {encoding}.").format(encoding=decoded.label))


# ================================================================= overview
@router.get("/arbiter/t/{tid}")
def overview(request: Request, tid: int):
    svc = _arbiter(request)
    if svc.state(tid).team is not None:  # issue 32: a team event's own pages
        return _go(request, f"/arbiter/t/{tid}/teams")
    ctx = _base(svc, tid)
    byes = views.byes_by_round(ctx["t"]).get(ctx["current"] + 1, [])
    return page(request, "overview.html", next_byes=byes, log=svc.log(tid)[-8:][::-1], **ctx)


# ================================================================== players
@router.get("/arbiter/t/{tid}/players")
def players(request: Request, tid: int):
    svc = _arbiter(request)
    return _players_page(request, svc, tid)


def _players_page(request: Request, svc: TournamentService, tid: int, **extra):
    from swisschess.store.encodings import CHOICES

    ctx = _base(svc, tid)
    return page(request, "players.html", byes=views.byes_by_round(ctx["t"]), encodings=CHOICES,
                **extra, **ctx)


@router.post("/arbiter/t/{tid}/players")
def add_player(request: Request, tid: int, name: str = Form(...), rating: str = Form(""),
               title: str = Form(""), sex: str = Form(""), federation: str = Form(""),
               fide_id: str = Form(""), birth: str = Form(""), club: str = Form("")):
    from swisschess.store.playercheck import review_players

    svc = _arbiter(request)
    # a raw form row, checked by the store like the rows of add_players()
    row: dict[str, Any] = {"name": name, "rating": rating.strip() or 0, "title": title, "sex": sex,
           "federation": federation.upper(), "fide_id": fide_id, "birth": birth, "club": club}
    warnings = review_players([row], svc.tournament(tid).players.values())
    p = svc.add_player(tid, **row)
    msg = _("Player {n} {name} registered.").format(n=p.id, name=p.name)
    if p.results:  # a late entry: what the rounds missed count (C.04.2 Art. 2.4)
        from swisschess.i18n.terms import bye_name

        late = _("late entry, rounds missed: {rounds}").format(rounds=", ".join(
            f"{r}: {bye_name(e.code)}" for r, e in enumerate(p.results, 1)))
        msg += " " + late[:1].upper() + late[1:] + "."
    if warnings:  # shown on the page itself (a redirect would lose them)
        return _players_page(request, svc, tid, msg=msg,
                             warnings=[translate_message(w) for w in warnings])
    return _go(request, f"/arbiter/t/{tid}/players", msg)


@router.get("/arbiter/t/{tid}/players/{pid:int}")
def player_page(request: Request, tid: int, pid: int):
    svc = _arbiter(request)
    ctx = _base(svc, tid)
    p = ctx["s"].player(pid)
    return page(request, "player.html", p=p, byes=views.byes_by_round(ctx["t"]), **ctx)


@router.post("/arbiter/t/{tid}/players/{pid:int}")
def update_player(request: Request, tid: int, pid: int, name: str = Form(...),
                  rating: str = Form(""), title: str = Form(""), sex: str = Form(""),
                  federation: str = Form(""), fide_id: str = Form(""), birth: str = Form(""),
                  club: str = Form(""), k_factor: str = Form("")):
    svc = _arbiter(request)
    p = svc.update_player(tid, pid, name=name, rating=rating.strip() or 0, title=title, sex=sex,
                          federation=federation.upper(), fide_id=fide_id, birth=birth, club=club,
                          k_factor=k_factor.strip())  # empty: unknown
    return _go(request, f"/arbiter/t/{tid}/players", _("Player {n} {name} updated.").format(n=p.id, name=p.name))


@router.get("/arbiter/t/{tid}/players/import")
def import_players_page(request: Request, tid: int):
    """The page an import answered with (its URL is the form's): back to the players,
    keeping a message (a form sent from there and refused comes back here)."""
    query = request.url.query
    return RedirectResponse(f"/arbiter/t/{tid}/players" + (f"?{query}" if query else ""),
                            status_code=303)


@router.post("/arbiter/t/{tid}/players/import")
async def import_players(request: Request, tid: int, file: UploadFile,
                         rating_type: str = Form("standard"), only: str = Form(""),
                         encoding: str = Form("")):
    from swisschess.store.encodings import decode_bytes
    from swisschess.store.importers import detect_format, read_players
    from swisschess.store.playercheck import review_players, unknown_columns_warning

    svc = _arbiter(request)
    name = file.filename or "upload"
    decoded = decode_bytes(await file.read(), name, encoding.strip() or None)
    fmt = detect_format(name, decoded.text)
    if fmt == "trf":
        raise StoreError("this is a TRF file: import it as a new tournament on the start page")
    where: list[str] = []
    unknown: list[str] = []
    rows = read_players(decoded.text, fmt, name, rating_type,
                        only.split(",") if only.strip() else None, where=where, unknown=unknown)
    warnings = review_players(rows, svc.tournament(tid).players.values(), where)
    if unknown:
        warnings.insert(0, unknown_columns_warning(name, unknown))
    added = svc.add_players(tid, rows)
    msg = _("{n} player(s) registered from {file}.").format(file=name, n=len(added))
    if decoded.detected:
        read = _("Read as {encoding} (detected; first line with accents: {line}): if the names "
                 "are wrong, delete the players and import again with the right encoding.")
        msg += " " + read.format(encoding=decoded.label, line=decoded.sample)
    else:
        msg += " " + _("Read as {encoding}.").format(encoding=decoded.label)
    # shown on the page itself, not through a redirect: the warnings go with it
    return _players_page(request, svc, tid, msg=msg,
                         warnings=[translate_message(w) for w in warnings])


@router.post("/arbiter/t/{tid}/players/{pid}/withdraw")
def withdraw(request: Request, tid: int, pid: int, undo: str = Form("")):
    svc = _arbiter(request)
    if undo:
        svc.reinstate(tid, pid)
        return _go(request, f"/arbiter/t/{tid}/players", _("Player {n} reinstated.").format(n=pid))
    svc.withdraw(tid, pid)
    return _go(request, f"/arbiter/t/{tid}/players", _("Player {n} withdrawn.").format(n=pid))


@router.post("/arbiter/t/{tid}/byes")
def bye(request: Request, tid: int, player: int = Form(...), round: int = Form(...),
        code: str = Form("H"), cancel: str = Form("")):
    svc = _arbiter(request)
    if cancel:
        svc.cancel_bye(tid, player, round)
        return _go(request, f"/arbiter/t/{tid}/players", _("Bye of player {n} cancelled.").format(n=player))
    svc.request_bye(tid, player, round, code)
    label = _(views.BYE_LABELS.get(code, code))
    return _go(request, f"/arbiter/t/{tid}/players",
               _("Player {n}: {bye} in round {round}.").format(n=player, bye=label, round=round))


# =================================================================== rounds
@router.get("/arbiter/t/{tid}/pair")
def pair_preview(request: Request, tid: int):
    svc = _arbiter(request)
    ctx = _base(svc, tid)
    try:
        spec, state, version = svc.preview(tid)
    except StoreError as e:
        return page(request, "preview.html", problem=translate_message(str(e)), **ctx)
    rows = board_facts(state.t, spec.round, spec.boards, facts_edition(state.system, state.edition))
    return page(request, "preview.html", spec=spec, rows=rows, version=version,
                pt=state.t, renumbered=not ctx["s"].seeded, **ctx)


@router.post("/arbiter/t/{tid}/pair")
def pair(request: Request, tid: int, version: int = Form(...)):
    svc = _arbiter(request)
    spec = svc.pair_next_round(tid, expected_version=version)
    return _go(request, f"/arbiter/t/{tid}/round/{spec.round}",
               _("Round {n} paired and published.").format(n=spec.round))


@router.get("/arbiter/t/{tid}/round/{rnd}")
def round_page(request: Request, tid: int, rnd: int):
    return _round(request, _arbiter(request), tid, rnd, "round.html")


@router.post("/arbiter/t/{tid}/round/{rnd}/result")
def result(request: Request, tid: int, rnd: int, board: int = Form(...),
           result: str = Form(""), more: str = Form(""), correction: str = Form("")):
    svc = _arbiter(request)
    result = result or more
    try:
        if result == "clear":
            warning = svc.clear_result(tid, rnd, board)
            bv = svc.boards(tid, rnd)[board - 1]
            bv.warning = warning
        else:
            bv = svc.enter_result(tid, rnd, board, result, correction=bool(correction))
    except StoreError as e:
        if isinstance(e, Conflict) and wants_json(request):  # another arbiter was first
            return _conflict(svc, tid, rnd, board, translate_message(str(e)))
        if wants_json(request):
            return JSONResponse({"ok": False, "detail": translate_message(str(e))},
                                status_code=http_status(e))
        raise
    # a result changed after later rounds were paired on it: say which (issue 24)
    warning = translate_message(bv.warning) if bv.warning else ""
    if wants_json(request):
        answer = {"ok": True, "board": board, "result": bv.result,
                  "label": views.result_label(bv.result), "pending": len(svc.pending(tid))}
        if warning:
            answer["warning"] = warning
        return JSONResponse(answer)
    url = with_notice(request, f"/arbiter/t/{tid}/round/{rnd}#b{board}", warn=warning)
    return RedirectResponse(url, status_code=303)


@router.get("/arbiter/t/{tid}/round/{rnd}/keyboard")
def keyboard_form(request: Request, tid: int, rnd: int):
    """A whole round's results typed: one field a board, Tab/Enter to the next, one submit."""
    svc = _arbiter(request)
    return _keyboard_page(request, svc, tid, rnd, {})


@router.post("/arbiter/t/{tid}/round/{rnd}/keyboard")
async def keyboard_results(request: Request, tid: int, rnd: int):
    """Store the typed results together, or none: a bad field, a board another arbiter
    decided meanwhile or a stale page (``version``) shows the form again, as typed."""
    svc = _arbiter(request)
    form = await request.form()
    typed = {int(k[1:]): str(v).strip() for k, v in form.items()
             if k.startswith("r") and k[1:].isdigit() and str(v).strip()}
    entries = [(board, views.typed_result(word)) for board, word in sorted(typed.items())]
    try:
        version = int(str(form.get("version", "")))
    except ValueError:
        version = -1  # a page without a version is stale
    try:
        svc.enter_results(tid, rnd, entries, expected_version=version)
    except EntryError as e:
        board = entries[e.index][0]
        err = _("Board {board}: {error}").format(board=board,
                                                 error=translate_message(str(e.error)))
        return _keyboard_page(request, svc, tid, rnd, typed, err, http_status(e), board)
    except StoreError as e:
        return _keyboard_page(request, svc, tid, rnd, typed, translate_message(str(e)),
                              http_status(e))
    return _go(request, f"/arbiter/t/{tid}/round/{rnd}",
               _("{n} result(s) saved.").format(n=len(entries)))


def _keyboard_page(request: Request, svc: TournamentService, tid: int, rnd: int,
                   typed: dict[int, str], err: str | None = None, status: int = 200,
                   bad: int | None = None):
    ctx = _base(svc, tid)
    return page(request, "keyboard.html", status=status, rnd=rnd, boards=svc.boards(tid, rnd),
                typed=typed, bad=bad, version=ctx["s"].seq,
                **({"err": err} if err else {}), **ctx)


def _conflict(svc: TournamentService, tid: int, rnd: int, board: int, detail: str
              ) -> JSONResponse:
    """409 for the result form's fetch: nothing written; what is stored now."""
    s = svc.state(tid)
    cur = svc.board_in(s, rnd, board)
    return JSONResponse({"ok": False, "detail": detail, "current": cur.result,
                         "label": views.result_label(cur.result), "version": s.seq},
                        status_code=409)


@router.get("/arbiter/t/{tid}/round/{rnd}/edit")
def edit_form(request: Request, tid: int, rnd: int):
    svc = _arbiter(request)
    ctx = _base(svc, tid)
    s = ctx["s"]
    if rnd not in (s.current_round, s.current_round + 1) or rnd < 1:
        raise StoreError(f"only round {s.current_round} (last paired) or round "
                         f"{s.current_round + 1} (next) can be paired by hand")
    lines = [f"{w}-{b}" for w, b in s.boards.get(rnd, [])]
    bye = next((p.id for p, c in svc.round_extras(tid, rnd) if c == "U"), None) \
        if rnd in s.boards else None
    return page(request, "edit.html", rnd=rnd, lines="\n".join(lines), bye=bye or "", **ctx)


@router.post("/arbiter/t/{tid}/round/{rnd}/edit")
def edit(request: Request, tid: int, rnd: int, boards: str = Form(""), bye: str = Form(""),
         reason: str = Form("")):
    svc = _arbiter(request)
    pairs = []
    for n, line in enumerate(boards.replace(",", "\n").splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            w, b = line.replace(":", "-").replace(" ", "").split("-")
            pairs.append((int(w), int(b)))
        except ValueError:
            raise StoreError(f"line {n} {line!r}: expected WHITE-BLACK pairing numbers, "
                             "e.g. 3-17") from None
    if bye.strip() and not bye.strip().isdigit():
        raise StoreError(f"bye {bye!r}: expected a pairing number")
    svc.set_pairing(tid, rnd, pairs, int(bye) if bye.strip() else None, reason)
    return _go(request, f"/arbiter/t/{tid}/round/{rnd}",
               _("Round {n} pairing saved (manual edit).").format(n=rnd))


@router.post("/arbiter/t/{tid}/undo")
def undo(request: Request, tid: int):
    svc = _arbiter(request)
    s = svc.state(tid)
    n = svc.results_in(s, s.current_round)
    rnd = svc.undo_last_round(tid, expected_version=s.seq)
    return _go(request, f"/arbiter/t/{tid}", _("Round {r} removed: its pairing and {n} result(s); bye "
                                      "requests, withdrawals and players stay.").format(r=rnd, n=n))


# ================================================================ standings
def _standings(svc: TournamentService, tid: int, ctx: dict) -> dict:
    return {"st": svc.standings(tid)}


def _crosstable(svc: TournamentService, tid: int, ctx: dict) -> dict:
    ranks = {r.player.id: r.rank for r in svc.standings(tid).rows}
    return {"rows": views.crosstable(ctx["s"], ranks)}


def _log(svc: TournamentService, tid: int, ctx: dict) -> dict:
    return {"log": svc.log(tid)[::-1]}


#: Pages that show one view of a tournament: (path, template, what they show,
#: public too).  The arbiter's page is /arbiter/t/{tid}/PATH; a public one is
#: also /t/{tid}/PATH, rendered with ``public``.
VIEW_PAGES: tuple[tuple[str, str, Callable[[TournamentService, int, dict], dict], bool], ...] = (
    ("standings", "standings.html", _standings, True),
    ("crosstable", "crosstable.html", _crosstable, True),
    ("print/standings", "print_standings.html", _standings, False),
    ("log", "log.html", _log, False),
)


def _view_page(template: str, shows: Callable[[TournamentService, int, dict], dict],
               public: bool) -> Callable[[Request, int], Response]:
    def view(request: Request, tid: int) -> Response:
        svc = _svc(request) if public else _arbiter(request)
        ctx = _base(svc, tid)
        return page(request, template, **({"public": True} if public else {}),
                    **shows(svc, tid, ctx), **ctx)
    return view


for _path, _template, _shows, _public in VIEW_PAGES:
    router.add_api_route(f"/arbiter/t/{{tid}}/{_path}", _view_page(_template, _shows, False),
                         methods=["GET"])
    if _public:
        router.add_api_route(f"/t/{{tid}}/{_path}", _view_page(_template, _shows, True),
                             methods=["GET"])


@router.get("/arbiter/t/{tid}/print/pairings/{rnd}")
def print_pairings(request: Request, tid: int, rnd: int):
    return _round(request, _arbiter(request), tid, rnd, "print_pairings.html")


@router.get("/arbiter/t/{tid}/print/berger")
def print_berger(request: Request, tid: int):
    """The Berger table (C.05 Annex 1) for the tournament's players, printable."""
    from swisschess.pairing.result import InputError
    from swisschess.rules.roundrobin import is_double, schedule, table_size

    svc = _arbiter(request)
    ctx = _base(svc, tid)
    t = ctx["t"]
    n = len(t.players)
    if n < 2:
        return _go(request, f"/arbiter/t/{tid}", "A Berger table needs at least two players.")
    try:
        double = is_double(t, True if ctx["s"].edition == "double" else None)
        rounds = schedule(n, double)
    except InputError as e:
        return _go(request, f"/arbiter/t/{tid}", str(e))
    m = table_size(n)
    return page(request, "print_berger.html", rounds=rounds, double=double, boards=m // 2,
                dummy=m if m != n else None, players=t.sorted_players(), **ctx)


@router.get("/arbiter/t/{tid}/export.trf")
def export(request: Request, tid: int, variant: str = "2026") -> Response:
    svc = _arbiter(request)
    text = svc.export_trf(tid, variant)  # ?variant=16: TRF16
    name = "".join(c if c.isalnum() else "-" for c in svc.tournament(tid).name).strip("-")
    name = (name or "tournament") + ("-trf16" if trf_variant(variant) == "16" else "")
    return PlainTextResponse(text, headers={
        "Content-Disposition": f'attachment; filename="{name}.trf"'})


# ================================================================= settings
@router.get("/arbiter/t/{tid}/settings")
def settings_page(request: Request, tid: int):
    """The settings made before round 1 (tie-breaks, first-round colour, round
    dates, acceleration, late entries, rating list) and the forbidden pairings."""
    from swisschess.i18n.terms import forbidden_text
    from swisschess.pairing import registry
    from swisschess.standings.ranking import file_tiebreaks

    svc = _arbiter(request)
    ctx = _base(svc, tid)
    s, t = ctx["s"], ctx["t"]
    colour = t.initial_colour.value if t.initial_colour else ""
    return page(request, "settings.html", tiebreaks=", ".join(file_tiebreaks(t)),
                colour=colour, lot=bool(s.option("colour_lot") and colour),
                colour_name=_("White") if colour == "w" else _("Black"),
                baku=registry.baku_from_code(t.system),
                forbidden=[(f, forbidden_text(t, f)) for f in t.forbidden], **ctx)


@router.post("/arbiter/t/{tid}/settings")
async def save_settings(request: Request, tid: int):
    from swisschess.pairing import registry

    svc = _arbiter(request)
    s = svc.state(tid)
    t = s.t
    form = await request.form()

    def text(key: str) -> str:
        v = form.get(key, "")
        return v if isinstance(v, str) else ""

    change: dict = {k: text(k) for k in ("name", "city", "federation", "chief_arbiter",
                                         "start_date", "end_date", "time_control",
                                         "tiebreaks", "late_entry", "rating_list")
                    if k in form}
    if text("rounds").strip():
        if not text("rounds").strip().isdigit():
            raise StoreError(f"number of rounds {text('rounds')} is not possible")
        change["rounds"] = int(text("rounds"))
    if "late_entry_max" in form:
        change["late_entry_max"] = text("late_entry_max").strip()
    dates = [text(f"round_date_{r}") for r in range(1, (change.get("rounds") or t.rounds or 0) + 1)
             if f"round_date_{r}" in form]
    if any(f"round_date_{r}" in form for r in range(1, 100)):
        change["round_dates"] = dates
    # fields disabled once round 1 is paired are not sent; send only real changes
    colour = text("first_colour") if "first_colour" in form else "keep"
    current = t.initial_colour.value if t.initial_colour else ""
    if colour == "lot" or (colour != "keep" and (colour != current or s.option("colour_lot"))):
        change["initial_colour"] = colour
    if "acceleration" in form:
        baku = text("acceleration") == "baku"
        if baku != registry.baku_from_code(t.system):
            change["baku"] = baku
    # the form sends every field: keep only what differs from what it showed, so
    # the log records the arbiter's real changes (and none when nothing changed)
    shown = _settings_shown(s)
    change = {k: v for k, v in change.items() if k not in shown or v != shown[k]}
    if not change:
        return _go(request, f"/arbiter/t/{tid}/settings", _("Nothing was changed."))
    svc.update_settings(tid, **change)
    return _go(request, f"/arbiter/t/{tid}/settings", _("Settings saved."))


def _settings_shown(s) -> dict:
    """The values the settings form shows (as it sends them back unchanged)."""
    from swisschess.standings.ranking import file_tiebreaks

    t = s.t
    late_max = s.option("late_entry_max")
    return {"name": t.name, "city": t.city, "federation": t.federation,
            "chief_arbiter": t.chief_arbiter, "start_date": t.start_date,
            "end_date": t.end_date, "time_control": t.time_control,
            "tiebreaks": ", ".join(file_tiebreaks(t)), "rounds": t.rounds,
            "late_entry": s.option("late_entry") or "zero",
            "late_entry_max": "" if late_max is None else str(late_max),
            "rating_list": s.option("rating_list") or "",
            "round_dates": [t.round_dates[r - 1] if r <= len(t.round_dates) else ""
                            for r in range(1, (t.rounds or 0) + 1)]}


@router.post("/arbiter/t/{tid}/forbidden")
def forbid(request: Request, tid: int, players: str = Form(""), cancel: str = Form("")):
    svc = _arbiter(request)
    refs = players.replace(",", " ").split()
    ids = [svc.find_player(tid, ref).id for ref in refs]
    svc.forbid(tid, ids, cancel=bool(cancel))
    who = ", ".join(map(str, sorted(set(ids))))
    msg = (_("Players {players} may be paired together again.") if cancel
           else _("Players {players} will not be paired together.")).format(players=who)
    return _go(request, f"/arbiter/t/{tid}/settings", msg)
