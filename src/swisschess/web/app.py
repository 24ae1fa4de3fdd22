"""The arbiter's web app: FastAPI, server-rendered pages and a JSON API.

    app = create_app("swisschess.db", token="secret")

* ``/`` and ``/t/{id}/...``: public read-only pages (pairings, standings).
* ``/arbiter/...``: the arbiter's pages, behind a login with the token given at
  ``swisschess serve`` time (a signed session cookie that expires, never the
  token; CSRF token, back-off, headers: :mod:`swisschess.web.security`).
* ``/api/...``: the JSON API (OpenAPI at ``/api/openapi.json``, docs at
  ``/api/docs``); writes need ``Authorization: Bearer TOKEN`` or the cookie
  (with ``X-CSRF-Token``); ``POST /api/pair`` pairs a TRF file, no login.

Everything the app does goes through :class:`swisschess.store.service.TournamentService`.
No file is fetched from elsewhere: templates and static files ship in the package.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from urllib.parse import urlencode

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.middleware.trustedhost import TrustedHostMiddleware

from swisschess import __version__
from swisschess.i18n import web as i18n_web
from swisschess.i18n.messages import translate_message
from swisschess.store.events import StoreError
from swisschess.store.logins import LoginThrottle, RevokedSessions
from swisschess.store.service import TournamentService
from swisschess.web import views
from swisschess.web.cache import PublicPageCache
from swisschess.web.common import (
    NeedLogin,
    back_with_error,
    http_status,
    page,
    safe_path,
    wants_json,
)
from swisschess.web.fields import checked_form_fields
from swisschess.web.limits import (
    ForwardedClient,
    RequestGate,
    bounded_path_ids,
    parse_proxies,
)
from swisschess.web.security import COOKIE, Auth, CsrfRejected, SecurityHeaders, csrf_protect

HERE = Path(__file__).parent
__all__ = ["COOKIE", "Auth", "NeedLogin", "create_app", "page", "safe_path", "wants_json"]


def create_app(db: str | None = None, token: str | None = None,
               service: TournamentService | None = None,
               trusted_proxies: str | None = None,
               allowed_hosts: str | None = None) -> FastAPI:
    """The web app on database ``db`` (URL or SQLite path); ``token`` protects the
    arbiter pages and the API's writes (a random one is made when None: read it
    from ``app.state.token``); ``trusted_proxies`` (``"127.0.0.1"``,
    ``"10.0.0.0/8,::1"``): the reverse proxies whose ``X-Forwarded-For`` is
    believed (none by default: :mod:`swisschess.web.limits`); ``allowed_hosts``
    (``"chess.example.org,192.168.1.10"``, ``*.example.org``): the only names the
    ``Host`` header may carry (400 otherwise; any when None)."""
    svc = service or TournamentService(db, actor="web")
    token = token or secrets.token_urlsafe(12)
    app = FastAPI(title="swisschess", version=__version__,
                  description="Run a Swiss tournament: players, pairings, results, standings.",
                  # /api/docs: a plain page made here, no CDN (web/apidocs.py)
                  docs_url=None, redoc_url=None, openapi_url="/api/openapi.json",
                  # every route of every router, present and future (web/security.py)
                  # (and out-of-range path ids: 404, web/limits.py)
                  dependencies=[Depends(bounded_path_ids), Depends(csrf_protect),
                                # form fields: length, no bidi override (web/fields.py)
                                Depends(checked_form_fields)])
    app.state.service = svc
    app.state.auth = Auth(token, LoginThrottle(svc.engine),  # hardening: web/security.py
                          revoked=RevokedSessions(svc.engine))
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

    @app.exception_handler(CsrfRejected)
    async def _csrf(request: Request, exc: CsrfRejected):
        if request.url.path.startswith("/api/") or wants_json(request):
            return JSONResponse({"detail": exc.detail}, status_code=403)
        return request.app.state.templates.TemplateResponse(
            request, "error.html", {"message": translate_message(exc.detail), "status": 403},
            status_code=403)

    @app.exception_handler(StoreError)
    async def _store_error(request: Request, exc: StoreError):
        if request.url.path.startswith("/api/") or wants_json(request):
            return JSONResponse({"detail": str(exc)}, status_code=http_status(exc))
        return back_with_error(request, translate_message(str(exc)), http_status(exc))

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

    from swisschess.web import api, apidocs, pages, pairapi, ratingpages, teampages

    apidocs.install(app)
    app.include_router(pairapi.router)  # stateless pairing service: no login, no CSRF
    # body-size limit and the arbiter's credential before any body is read (issue 26)
    app.add_middleware(RequestGate)
    app.add_middleware(SecurityHeaders)
    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(teampages.router)  # issue 32: team events
    app.include_router(ratingpages.router)  # issue 25: ratings, player card, norms, prizes
    app.include_router(ratingpages.api_router)
    app.include_router(i18n_web.router)
    # public pages cached until the tournament's next event (inside: knows the language)
    app.add_middleware(PublicPageCache, service_of=lambda: app.state.service)
    app.add_middleware(i18n_web.LanguageMiddleware, service_of=lambda: app.state.service)
    if allowed_hosts:  # DNS rebinding, forged links: only our own names (issue 26)
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=[
            h.strip() for h in allowed_hosts.split(",") if h.strip()])
    # outermost: the client's address (X-Forwarded-For only from a trusted proxy)
    app.add_middleware(ForwardedClient, proxies=parse_proxies(trusted_proxies))
    return app
