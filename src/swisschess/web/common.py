"""What the pages and the app share: rendering a page, safe redirects, the login signal.

Kept apart from :mod:`swisschess.web.app` (which includes the page routes) so that
:mod:`swisschess.web.pages` can use it without an import cycle.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse

from swisschess.store.events import Conflict, NotFound, StoreError
from swisschess.store.service import EntryError
from swisschess.web.security import add_csrf, csrf_token


class NeedLogin(Exception):
    """Raised by arbiter pages when the request is not logged in."""


def http_status(error: StoreError) -> int:
    """The HTTP status of a change the store refused: 404 for something unknown
    (tournament, player, round, board), 409 for a change that does not fit the
    current state (another arbiter was first, a result already entered), else 400."""
    if isinstance(error, EntryError):  # one entry of a batch: its own kind
        error = error.error
    if isinstance(error, NotFound):
        return 404
    if isinstance(error, Conflict):
        return 409
    return 400


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


def with_notice(request: Request, url: str, **notices: str | None) -> str:
    """``url`` with the notices to show (``msg``, ``err``, ``warn``) and their
    signature (``ns``, :meth:`Auth.notice_query`), before any ``#fragment``."""
    query = request.app.state.auth.notice_query(notices)
    if not query:
        return url
    base, hash_, fragment = url.partition("#")
    return base + ("&" if "?" in base else "?") + query + hash_ + fragment


def back_with_error(request: Request, message: str, status: int = 400):
    """Back to the page the form was on, with the message shown; nothing was changed."""
    ref = request.headers.get("referer")
    if request.method != "GET" and ref:
        path = safe_path(ref, full_url=True)
        base = path.split("?", 1)[0]
        query = [kv for kv in (path.split("?", 1)[1].split("&") if "?" in path else [])
                 if not kv.startswith(("err=", "msg=", "warn=", "ns="))]
        url = base + ("?" + "&".join(query) if query else "")
        return RedirectResponse(with_notice(request, url, err=message), status_code=303)
    return request.app.state.templates.TemplateResponse(
        request, "error.html", {"message": message, "status": status}, status_code=status)


def page(request: Request, name: str, status: int = 200, **ctx) -> HTMLResponse:
    ctx.setdefault("arbiter", request.app.state.auth.ok(request))
    ctx.setdefault("csrf", csrf_token(request))
    # only the notices this server signed (web/security.py)
    for key, text in request.app.state.auth.shown_notices(request.query_params).items():
        ctx.setdefault(key, text)
    resp = request.app.state.templates.TemplateResponse(request, name, ctx, status_code=status)
    if ctx["csrf"]:  # every post form gets the session's CSRF token (web/security.py)
        resp.body = add_csrf(bytes(resp.body).decode(), ctx["csrf"]).encode()
        resp.headers["content-length"] = str(len(resp.body))
    return resp
