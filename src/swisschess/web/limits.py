"""Bounded cost for every request: what is checked before the app reads a byte.

A public server meets requests that cost more to answer than to send (issue 26):
a 500 MB body JSON-parsed before the 401, the same guess of a password from
rotating addresses.  The middleware here run before the routes, in this order
(outermost first):

* :class:`ForwardedClient` — the client's address.  ``X-Forwarded-For`` is a
  header anybody can write, so it is believed only when the connection comes
  from a proxy named at start-up (``swisschess serve --trusted-proxy IP``);
  otherwise the connection's own address counts (the login back-off is kept
  per address: :mod:`swisschess.web.security`).
* :class:`RequestGate` — the body's size and the arbiter's credential:

  1. a body larger than the route's limit (:func:`body_limit`) is refused
     with **413** — at once when ``Content-Length`` says so, else as soon as
     the bytes received pass the limit (a chunked upload is counted while it
     streams; nothing beyond the limit is kept);
  2. a write to an arbiter route (``/api/...`` but ``/api/pair``, and
     ``/arbiter/...``) without a valid token or session is refused (**401**,
     or the login page for the pages) before its body is read or parsed.

  The limits: :data:`DEFAULT_MAX_BODY` for every route (a form, a JSON
  object), larger ones where a file is uploaded (:data:`UPLOAD_ROUTES`).
  ``$SWISSCHESS_MAX_BODY`` / ``$SWISSCHESS_MAX_UPLOAD`` change them.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request

from swisschess.i18n import gettext as _

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Largest body of an ordinary request (bytes): a form, a JSON object, a list of
#: a few hundred players.  256 KiB.
DEFAULT_MAX_BODY = int(os.environ.get("SWISSCHESS_MAX_BODY", 256 * 1024))
#: Largest upload (a TRF or CSV file of a big open, a bulk registration): 8 MiB.
MAX_UPLOAD = int(os.environ.get("SWISSCHESS_MAX_UPLOAD", 8 * 1024 * 1024))
#: Routes taking a file (patterns of the path): they get :data:`MAX_UPLOAD`.
#: A new upload route adds its pattern here.
UPLOAD_ROUTES = (
    re.compile(r"^/api/tournaments/import-trf$"),
    re.compile(r"^/api/tournaments/\d+/trf$"),
    re.compile(r"^/api/tournaments/\d+/players/bulk$"),
    re.compile(r"^/arbiter/import-trf$"),
    re.compile(r"^/arbiter/t/\d+/players/import$"),
)
#: Routes that read their body themselves with their own streamed limit and
#: answer in their own format (the pairing service: ``web/pairapi.py``).
OWN_LIMIT_ROUTES = frozenset({"/api/pair"})
#: Routes needing no credential even to change something.
OPEN_WRITES = frozenset({"/api/pair", "/login", "/logout"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def body_limit(path: str) -> int | None:
    """The largest body (bytes) accepted on ``path``; None: the route checks it itself."""
    if path in OWN_LIMIT_ROUTES:
        return None
    if any(p.match(path) for p in UPLOAD_ROUTES):
        return MAX_UPLOAD
    return DEFAULT_MAX_BODY


def needs_arbiter(method: str, path: str) -> bool:
    """True for a write only the arbiter may make (checked before the body is read)."""
    if method in SAFE_METHODS or path in OPEN_WRITES:
        return False
    return path.startswith(("/api/", "/arbiter/")) or path == "/arbiter"


class BodyTooLarge(HTTPException):
    """The body passed its route's limit while it was being received (an HTTP
    error, so that FastAPI lets it through as it is rather than as a parse error)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body over the limit of {limit} bytes")
        self.limit = limit


def _caused_by_limit(e: BaseException | None) -> bool:
    seen = 0
    while e is not None and seen < 10:
        if isinstance(e, BodyTooLarge):
            return True
        e, seen = e.__cause__ or e.__context__, seen + 1
    return False


def _is_api(path: str) -> bool:
    return path.startswith("/api/")


async def _json(send: Send, status: int, detail: str,
                headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


async def _page(scope: Scope, receive: Receive, send: Send, status: int, message: str) -> None:
    """The error page (``error.html``) in the reader's language, or plain text
    when the app has no templates (the pairing service)."""
    app = scope.get("app")
    templates = getattr(getattr(app, "state", None), "templates", None)
    if templates is None:
        body = message.encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
        return
    resp = templates.TemplateResponse(Request(scope), "error.html",
                                      {"message": message, "status": status},
                                      status_code=status, headers={"connection": "close"})
    await resp(scope, receive, send)


def too_large_message(limit: int) -> str:
    return _("The request is too large: at most {size} KB are accepted here.").format(
        size=limit // 1024)


class RequestGate:
    """ASGI middleware: the body-size limit and the arbiter's credential, checked
    before the app reads the body (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        limit = body_limit(path)
        if limit is not None:
            length = None
            for k, v in scope.get("headers", []):
                if k == b"content-length":
                    length = v.decode("latin-1").strip()
            if length is not None and (not length.isdigit() or int(length) > limit):
                await self._too_large(scope, receive, send, limit)
                return
        if needs_arbiter(scope.get("method", "GET"), path) and \
                not await self._authenticated(scope, receive, send):
            return
        if limit is None:
            await self.app(scope, receive, send)
            return
        received = 0
        started = answered = False

        async def counting_receive() -> Message:
            nonlocal received, answered
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    if not started and not answered:
                        answered = True  # the 413 goes out now; the app's own answer is dropped
                        await self._too_large(scope, receive, send, limit)
                    raise BodyTooLarge(limit)
            return message

        async def watching_send(message: Message) -> None:
            nonlocal started
            if answered:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, watching_send)
        except Exception as e:
            # the route's error for the cut body (raised, or re-raised by a route that
            # caught it): already answered
            if not (answered and _caused_by_limit(e)):
                raise

    async def _too_large(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        if _is_api(scope.get("path", "")):
            await _json(send, 413, f"request body over the limit of {limit} bytes")
        else:
            await _page(scope, receive, send, 413, too_large_message(limit))

    async def _authenticated(self, scope: Scope, receive: Receive, send: Send) -> bool:
        """True when the request carries the arbiter's credential; else answered here."""
        from swisschess.web.security import TooManyFailures

        app = scope.get("app")
        auth = getattr(getattr(app, "state", None), "auth", None)
        if auth is None:
            return True  # an app without arbiter routes (the pairing service)
        request = Request(scope)
        try:
            ok = await run_in_threadpool(auth.ok, request)
        except TooManyFailures as e:
            await _json(send, 429, str(e.detail), [(b"retry-after", str(e.wait).encode())])
            return False
        if ok:
            return True
        path = scope.get("path", "")
        if _is_api(path):
            await _json(send, 401, "arbiter token required (Authorization: Bearer TOKEN)",
                        [(b"www-authenticate", b"Bearer")])
            return False
        # a page's form: to the login page, like every arbiter page (nothing was read)
        target = "/login?" + urlencode({"next": path})
        await send({"type": "http.response.start", "status": 303,
                    "headers": [(b"location", target.encode()), (b"content-length", b"0"),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": b""})
        return False


# -------------------------------------------------------------- path ids
#: Largest id a path may carry (tournament, round, player, board): the databases'
#: 32-bit integer; a larger one cannot name anything (and 2^63 overflowed SQLite).
MAX_PATH_ID = 2**31 - 1


async def bounded_path_ids(request: Request) -> None:
    """App-wide dependency: a number in the path outside the databases' range is
    not found (404), before any route looks it up."""
    from swisschess.store.events import NotFound

    for name, value in request.path_params.items():
        text = str(value)
        if text.lstrip("-").isdigit() and abs(int(text)) > MAX_PATH_ID:
            if name == "tid":
                raise NotFound(f"unknown tournament {text}")
            raise HTTPException(404, f"{name} {text}: not found")


# ------------------------------------------------------------ client address
def parse_proxies(text: str | None) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """The trusted proxies of ``--trusted-proxy`` (comma-separated addresses or
    networks, e.g. ``127.0.0.1`` or ``10.0.0.0/8``); ValueError when one is not."""
    nets: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    for part in (text or "").split(","):
        part = part.strip()
        if part:
            nets.append(ipaddress.ip_network(part, strict=False))
    return nets


def _trusted(host: str, nets: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(addr in n for n in nets)


class ForwardedClient:
    """ASGI middleware: the client's address from ``X-Forwarded-For`` when, and only
    when, the connection comes from a trusted proxy (``app.state.trusted_proxies``).

    The address taken is the last one not itself a trusted proxy, read from the
    right (the proxy appends the address it saw; anything to its left was written
    by the client and proves nothing)."""

    def __init__(self, app: ASGIApp, proxies: list[Any] | None = None) -> None:
        self.app = app
        self.proxies = proxies or []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.proxies:
            client = scope.get("client")
            if client and _trusted(client[0], self.proxies):
                forwarded = [v.decode("latin-1") for k, v in scope.get("headers", [])
                             if k == b"x-forwarded-for"]
                hops = [h.strip() for h in ",".join(forwarded).split(",") if h.strip()]
                while hops and _trusted(hops[-1], self.proxies):
                    hops.pop()
                if hops:
                    scope["client"] = (hops[-1], 0)
        await self.app(scope, receive, send)
