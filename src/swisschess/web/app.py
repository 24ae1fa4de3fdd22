"""The arbiter's web app: FastAPI, server-rendered pages and a JSON API.

    app = create_app("swisschess.db", token="secret")

* ``/`` and ``/t/{id}/...``: public read-only pages (pairings, standings).
* ``/arbiter/...``: the arbiter's pages, behind a login with the token given at
  ``swisschess serve`` time (a cookie holds an HMAC of it, never the token).
* ``/api/...``: the JSON API (OpenAPI at ``/api/openapi.json``, docs at
  ``/api/docs``); writes need ``Authorization: Bearer TOKEN`` or the cookie.

Everything the app does goes through :class:`swisschess.store.service.TournamentService`.
No file is fetched from elsewhere: templates and static files ship in the package.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from swisschess import __version__
from swisschess.i18n import web as i18n_web
from swisschess.i18n.messages import translate_message
from swisschess.store.events import StoreError
from swisschess.store.service import TournamentService
from swisschess.web import views

HERE = Path(__file__).parent
COOKIE = "swisschess_session"


class Auth:
    """The arbiter's token and the cookie value derived from it."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.cookie_value = hmac.new(token.encode(), b"swisschess arbiter session",
                                     hashlib.sha256).hexdigest()

    def check_token(self, given: str) -> bool:
        return hmac.compare_digest(given.encode(), self.token.encode())

    def ok(self, request: Request) -> bool:
        c = request.cookies.get(COOKIE, "")
        if c and hmac.compare_digest(c, self.cookie_value):
            return True
        h = request.headers.get("authorization", "")
        if h.lower().startswith("bearer "):
            return self.check_token(h[7:].strip())
        return False


class NeedLogin(Exception):
    """Raised by arbiter pages when the request is not logged in."""


def create_app(db: str | None = None, token: str | None = None,
               service: TournamentService | None = None) -> FastAPI:
    """The web app on database ``db`` (URL or SQLite path); ``token`` protects the
    arbiter pages and the API's writes (a random one is made when None: read it
    from ``app.state.token``)."""
    svc = service or TournamentService(db, actor="web")
    token = token or secrets.token_urlsafe(12)
    app = FastAPI(title="swisschess", version=__version__,
                  description="Run a Swiss tournament: players, pairings, results, standings.",
                  docs_url="/api/docs", redoc_url=None, openapi_url="/api/openapi.json")
    app.state.service = svc
    app.state.auth = Auth(token)
    app.state.token = token
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    views.install_filters(templates.env)
    i18n_web.install(templates.env)  # i18n: Jinja2 i18n extension, local-way filters
    app.state.templates = templates
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.exception_handler(NeedLogin)
    async def _need_login(request: Request, exc: NeedLogin):
        nxt = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return RedirectResponse("/login?" + urlencode({"next": nxt}), status_code=303)

    @app.exception_handler(StoreError)
    async def _store_error(request: Request, exc: StoreError):
        if request.url.path.startswith("/api/") or wants_json(request):
            return JSONResponse({"detail": str(exc)}, status_code=exc.status)
        return back_with_error(request, translate_message(str(exc)), exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        msgs = []
        for e in exc.errors():
            where = ".".join(str(x) for x in e.get("loc", ()) if x not in ("body", "query"))
            msgs.append(f"{where}: {e.get('msg', 'invalid')}" if where else e.get("msg", ""))
        msg = "invalid input: " + "; ".join(msgs)
        if not (request.url.path.startswith("/api/") or wants_json(request)):
            msg = translate_message(msg)
        if request.url.path.startswith("/api/") or wants_json(request):
            return JSONResponse({"detail": msg}, status_code=422)
        return back_with_error(request, msg, 422)

    from swisschess.web import api, pages

    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(i18n_web.router)
    app.add_middleware(i18n_web.LanguageMiddleware, service_of=lambda: app.state.service)
    return app


def wants_json(request: Request) -> bool:
    return request.headers.get("x-requested-with") == "fetch"


def safe_path(url: str | None, default: str = "/arbiter", full_url: bool = False) -> str:
    """A same-site path from a Referer (``full_url``) or a ``next`` parameter (a path only:
    anything naming a host gives ``default``)."""
    if not url:
        return default
    parts = urlsplit(url)
    if not full_url and (parts.netloc or parts.scheme):
        return default
    path = parts.path or default
    if not path.startswith("/") or path.startswith("//"):
        return default
    return path + (f"?{parts.query}" if parts.query else "")


def back_with_error(request: Request, message: str, status: int = 400):
    """Back to the page the form was on, with the message shown; nothing was changed."""
    ref = request.headers.get("referer")
    if request.method != "GET" and ref:
        path = safe_path(ref, full_url=True)
        base = path.split("?", 1)[0]
        query = [kv for kv in (path.split("?", 1)[1].split("&") if "?" in path else [])
                 if not kv.startswith(("err=", "msg="))]
        query.append(urlencode({"err": message}))
        return RedirectResponse(base + "?" + "&".join(query), status_code=303)
    return request.app.state.templates.TemplateResponse(
        request, "error.html", {"message": message, "status": status}, status_code=status)


def page(request: Request, name: str, status: int = 200, **ctx) -> HTMLResponse:
    ctx.setdefault("arbiter", request.app.state.auth.ok(request))
    ctx.setdefault("err", request.query_params.get("err"))
    ctx.setdefault("msg", request.query_params.get("msg"))
    return request.app.state.templates.TemplateResponse(request, name, ctx, status_code=status)
