"""What keeps the arbiter's web app safe on a network: sessions, CSRF, back-off, headers.

Threats and answers (OWASP's usual list for a cookie-authenticated app):

* **Password guessing** — :class:`~swisschess.store.logins.LoginThrottle`:
  after 5 failures in a row from one client every further attempt waits
  (1 s, 2 s, 4 s ... 15 min), counted in the database so that all workers
  share it.  Applies to the login form and to ``Authorization: Bearer``.
  The client is the connection's address (``X-Forwarded-For`` only from a
  proxy named with ``serve --trusted-proxy``: :mod:`swisschess.web.limits`),
  or -- so that somebody sharing the arbiter's address (the venue's Wi-Fi)
  cannot lock the arbiter out by guessing -- the *device* of a browser or
  script that has logged in before: a successful login (form or bearer token)
  gives a signed ``swisschess_device`` cookie (one year), and its failures
  and waits are counted for that device alone (OWASP's "device cookies").
  The cookie grants nothing by itself.
* **Stolen or forgotten sessions** — the login cookie is a signed session
  ``SID.ISSUED.SIGNATURE`` (HMAC-SHA256 with a key derived from the arbiter
  token): it expires :data:`SESSION_TTL` seconds after login (12 h: one
  playing day), is ``HttpOnly`` and ``SameSite=Strict`` (and ``Secure`` over
  HTTPS).  Nothing is kept in memory, so any worker accepts it; "Log out"
  ends it for good (its id is kept in the database until it would have
  expired); a new token (restart with another ``--token``) ends every session.
* **Cross-site request forgery** — every state-changing request made with the
  cookie must carry the session's CSRF token: the hidden field ``csrf`` of
  every form, or the header ``X-CSRF-Token`` (page meta ``csrf-token``) for
  API calls.  A request whose ``Origin`` names another host is refused
  outright (403), even on the login form.  Calls with ``Authorization: Bearer``
  carry no ambient credential and need no CSRF token.
* **Click-jacking, content sniffing, leaking URLs** — :class:`SecurityHeaders`
  sets ``Content-Security-Policy`` (only our own scripts and styles, no
  framing: ``frame-ancestors 'none'``), ``X-Frame-Options: DENY``,
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: same-origin``
  on every answer; ``Cache-Control: no-store`` on the arbiter's pages and the
  API's answers (a shared computer's cache keeps no player list or export).
* **Spoofed messages** — the notices a page shows after a change (``?msg=``,
  ``?err=``, ``?warn=``) carry a signature (``&ns=``); a page shows them only
  when it verifies, so a crafted link cannot make the site say anything.
* **Timing attacks** — every comparison of a secret (token, signature, CSRF
  token) uses :func:`hmac.compare_digest`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from fastapi import HTTPException, Request

from swisschess.store.logins import LoginThrottle, RevokedSessions

#: Name of the login cookie.
COOKIE = "swisschess_session"
#: Seconds a login lasts (12 h).
SESSION_TTL = 12 * 3600
#: Cookie naming a device that has logged in before (its own back-off), and its life.
DEVICE_COOKIE = "swisschess_device"
DEVICE_TTL = 365 * 86400
#: Form field and header carrying the CSRF token.
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
#: Answers no browser or proxy may keep (``Cache-Control: no-store``).
PRIVATE_PREFIXES = ("/arbiter/", "/api/")
#: Routes that change nothing and take no credential: any site may call them.
CSRF_EXEMPT_PATHS = frozenset({"/api/pair"})

#: The only inline code the templates hold (an event handler, a style attribute):
#: allowed by their hash ('unsafe-hashes'), nothing else inline runs.
INLINE_HANDLERS = ("window.print()",)
INLINE_STYLES = ("display:inline",)


def _hashes(sources: tuple[str, ...]) -> str:
    return " ".join("'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()
                    + "'" for s in sources)


#: The pages' policy: our own files only; no framing, no plugins, forms post home.
CSP = (f"default-src 'self'; script-src 'self' 'unsafe-hashes' {_hashes(INLINE_HANDLERS)}; "
       f"style-src 'self' 'unsafe-hashes' {_hashes(INLINE_STYLES)}; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def same_secret(given: str, expected: str) -> bool:
    """Constant-time comparison of two secrets (also when their lengths differ)."""
    return hmac.compare_digest(hashlib.sha256(given.encode()).digest(),
                               hashlib.sha256(expected.encode()).digest())


@dataclass(frozen=True, slots=True)
class Session:
    """A logged-in arbiter's session, read from a valid cookie."""

    sid: str
    issued: int
    #: the token every state-changing request of this session must carry
    csrf: str


#: The notices a page shows after a redirect, in the order they are signed.
NOTICES = ("err", "msg", "warn")


def _notice_text(notices: dict[str, str]) -> str:
    return "\n".join(f"{k}={notices[k]}" for k in NOTICES if notices.get(k))


class Auth:
    """The arbiter's token, the signed sessions derived from it, and the login back-off.

    ``clock`` returns the time in seconds (tests move it forward); ``throttle``
    is None for an app without a database-backed back-off (tests only)."""

    def __init__(self, token: str, throttle: LoginThrottle | None = None,
                 ttl: int = SESSION_TTL, clock: Callable[[], float] = time.time,
                 revoked: RevokedSessions | None = None) -> None:
        self.token = token
        self.ttl = ttl
        self.clock = clock
        self.throttle = throttle
        self.revoked = revoked
        self._key = hmac.new(token.encode(), b"swisschess session key v1",
                             hashlib.sha256).digest()

    # ------------------------------------------------------------- the token
    def check_token(self, given: str) -> bool:
        return same_secret(given, self.token)

    # -------------------------------------------------------------- sessions
    def _sign(self, text: str) -> str:
        return hmac.new(self._key, text.encode(), hashlib.sha256).hexdigest()

    # --------------------------------------------------------------- notices
    def sign_notice(self, text: str) -> str:
        """The signature a redirect puts beside its ``msg``/``err``/``warn`` text, so
        that only messages this server wrote are shown (a link with ``?err=Our
        tournament moved to ...`` made by someone else shows nothing)."""
        return self._sign("notice:" + text)[:32]

    def notice_query(self, notices: dict[str, str | None]) -> str:
        """The query string of the notices given (empty ones left out) and their
        signature ``ns``; "" when there is none."""
        given = {k: v for k, v in notices.items() if v and k in NOTICES}
        if not given:
            return ""
        return urlencode({**given, "ns": self.sign_notice(_notice_text(given))})

    def shown_notices(self, query: Mapping[str, str]) -> dict[str, str | None]:
        """The notices of ``query`` when this server signed them, else none."""
        given = {k: query[k] for k in NOTICES if query.get(k)}
        sig = query.get("ns", "")
        if not given or not hmac.compare_digest(
                sig.encode(), self.sign_notice(_notice_text(given)).encode()):
            return dict.fromkeys(NOTICES)
        return {k: given.get(k) for k in NOTICES}

    def new_session(self) -> str:
        """A fresh cookie value ``SID.ISSUED.SIGNATURE`` (after a correct password)."""
        body = f"{secrets.token_urlsafe(18)}.{int(self.clock())}"
        return f"{body}.{self._sign(body)}"

    def read_session(self, cookie: str) -> Session | None:
        """The session of a cookie value, or None when forged, malformed or expired."""
        parts = cookie.split(".")
        if len(parts) != 3 or not parts[1].isdigit():
            return None
        sid, issued_s, sig = parts
        if not hmac.compare_digest(sig.encode(), self._sign(f"{sid}.{issued_s}").encode()):
            return None
        issued = int(issued_s)
        now = self.clock()
        if not issued - 60 <= now < issued + self.ttl:  # a minute of clock skew between workers
            return None
        return Session(sid, issued, self._sign("csrf:" + sid))

    def session(self, request: Request) -> Session | None:
        """The request's valid session, if its cookie holds one (read once per request)."""
        if "swisschess_session" not in request.scope.setdefault("state", {}):
            cookie = request.cookies.get(COOKIE, "")
            sess = self.read_session(cookie) if cookie else None
            if sess is not None and self.revoked is not None \
                    and self.revoked.is_revoked(sess.sid):
                sess = None  # logged out: the cookie no longer counts
            request.scope["state"]["swisschess_session"] = sess
        return request.scope["state"]["swisschess_session"]

    def logout(self, request: Request) -> None:
        """End the request's session on every worker (a copy of the cookie stops working)."""
        sess = self.session(request)
        if sess is not None and self.revoked is not None:
            self.revoked.revoke(sess.sid, sess.issued + self.ttl)
        request.scope["state"]["swisschess_session"] = None

    def bearer(self, request: Request) -> str | None:
        """The token of an ``Authorization: Bearer`` header, if there is one."""
        h = request.headers.get("authorization", "")
        return h[7:].strip() if h.lower().startswith("bearer ") else None

    def ok(self, request: Request) -> bool:
        """A correct bearer token, or (without an ``Authorization`` header) a valid
        session cookie.

        A wrong bearer token counts as a failed login; while the client must
        wait, even the right one is refused (429)."""
        state = request.scope.setdefault("state", {})
        if "swisschess_ok" not in state:  # decided once per request (a failure counts once)
            state["swisschess_ok"] = self._ok(request)
        return bool(state["swisschess_ok"])

    def _ok(self, request: Request) -> bool:
        given = self.bearer(request)
        if given is None:
            return self.session(request) is not None
        # an explicit token decides alone (a cookie sent along is not looked at)
        key = self.client(request)
        self.refuse_if_waiting(key)
        if self.check_token(given):
            self.remember_device(request)
            return True
        if self.throttle is not None:
            self.throttle.failure(key)
        return False

    # ---------------------------------------------------------------- devices
    def new_device(self) -> str:
        """A fresh device cookie value ``DID.SIGNATURE``."""
        did = secrets.token_urlsafe(12)
        return f"{did}.{self._sign('device:' + did)}"

    def device(self, request: Request) -> str | None:
        """``"dev:ID"`` for a request showing a valid device cookie, else None."""
        did, _sep, sig = request.cookies.get(DEVICE_COOKIE, "").partition(".")
        if not did or not hmac.compare_digest(sig.encode(), self._sign("device:" + did).encode()):
            return None
        return "dev:" + did

    def client(self, request: Request) -> str:
        """Whom the back-off counts: the device if it has logged in before, else the
        address (:func:`client_key`)."""
        return self.device(request) or client_key(request)

    def remember_device(self, request: Request) -> None:
        """After a successful login: give the client a device cookie if it has none
        (set on the answer by :class:`SecurityHeaders`)."""
        if self.device(request) is None:
            request.scope.setdefault("state", {})["swisschess_new_device"] = self.new_device()

    # --------------------------------------------------------------- back-off
    def waiting(self, key: str) -> float:
        return self.throttle.wait(key) if self.throttle is not None else 0.0

    def refuse_if_waiting(self, key: str) -> None:
        wait = self.waiting(key)
        if wait > 0:
            raise TooManyFailures(wait)

    def login(self, request: Request, given: str) -> str | None:
        """Check a password typed on the login form: the new session cookie, or None.

        Raises :class:`TooManyFailures` while the client must wait."""
        key = self.client(request)
        self.refuse_if_waiting(key)
        if not self.check_token(given):
            if self.throttle is not None:
                self.throttle.failure(key)
            return None
        if self.throttle is not None:
            self.throttle.success(key)
        self.remember_device(request)
        return self.new_session()


class TooManyFailures(HTTPException):
    """Too many wrong passwords in a row from this client: 429 with ``Retry-After``."""

    def __init__(self, wait: float) -> None:
        self.wait = max(1, int(wait + 0.999))
        super().__init__(429, f"too many failed logins: try again in {self.wait} s",
                         headers={"Retry-After": str(self.wait)})


class CsrfRejected(HTTPException):
    """A state-changing request without this session's CSRF token, or from another site."""

    def __init__(self, why: str) -> None:
        super().__init__(403, f"refused: {why}")


def client_key(request: Request) -> str:
    """The client's address, as the back-off counts it (behind a reverse proxy, start
    ``serve --trusted-proxy PROXY`` so that this is the real client)."""
    return "ip:" + (request.client.host if request.client else "unknown")


def cross_origin(request: Request) -> bool:
    """True when the browser says the request comes from a page of another host.

    ``Origin`` is sent by browsers with every POST; ``null`` (a sandboxed or
    opaque origin) counts as foreign.  The scheme is not compared (a proxy may
    end TLS in front of us), the host and port are."""
    origin = request.headers.get("origin")
    if origin is None:
        return request.headers.get("sec-fetch-site") == "cross-site"
    host = request.headers.get("host", "")
    return origin == "null" or urlsplit(origin).netloc.lower() != host.lower()


async def csrf_protect(request: Request) -> None:
    """App-wide dependency: refuse forged state-changing requests (403).

    * any unsafe request from another origin is refused;
    * one authenticated by the session cookie must carry the session's CSRF
      token in the form field ``csrf`` or the header ``X-CSRF-Token``.
    Requests with a bearer token (no cookie involved) and anonymous ones
    (refused later as not logged in) need no token."""
    if request.method in SAFE_METHODS or request.url.path in CSRF_EXEMPT_PATHS:
        return
    if cross_origin(request):
        raise CsrfRejected("this request comes from another site")
    auth: Auth = request.app.state.auth
    sess = auth.session(request)
    if sess is None or auth.bearer(request) is not None:
        # anonymous (refused later if the route needs a login), or a bearer token:
        # authenticated by the header alone, which a foreign page cannot set
        return
    given = request.headers.get(CSRF_HEADER)
    if given is None:
        ctype = request.headers.get("content-type", "")
        if ctype.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
            form = await request.form()  # parsed once: FastAPI reuses it for the route
            value = form.get(CSRF_FIELD)
            given = value if isinstance(value, str) else None
    if not given or not hmac.compare_digest(given.encode(), sess.csrf.encode()):
        raise CsrfRejected("the form is out of date or came from another site "
                           "(missing CSRF token): reload the page and try again")


def csrf_token(request: Request) -> str:
    """The CSRF token for the pages' forms ("" when not logged in)."""
    sess = request.app.state.auth.session(request)
    return sess.csrf if sess is not None else ""


_POST_FORM = re.compile(r"<form\b[^>]*\bmethod\s*=\s*[\"']?post\b[^>]*>", re.IGNORECASE)


def add_csrf(html: str, token: str) -> str:
    """Put the session's CSRF token into a rendered page: a hidden ``csrf`` field
    right after the opening tag of every ``method="post"`` form, and a
    ``<meta name="csrf-token">`` for scripts calling the API.

    Done on the rendered page rather than in each template, so that no form can
    be written without it.  Safe: the templates escape every value they print,
    so a ``<form`` in a player's name cannot be matched."""
    if not token:
        return html
    field = f'<input type="hidden" name="{CSRF_FIELD}" value="{token}">'
    html = _POST_FORM.sub(lambda m: m.group(0) + field, html)
    return html.replace("</head>", f'<meta name="csrf-token" content="{token}">\n</head>', 1)


class SecurityHeaders:
    """ASGI middleware adding the security headers to every answer."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = CSP  # every page, /api/docs too (web/apidocs.py: no outside file)
        path = scope.get("path", "")
        private = path.startswith(PRIVATE_PREFIXES) or path in ("/arbiter", "/login")

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _v in headers}
                for k, v in ((b"content-security-policy", csp.encode()),
                             (b"x-content-type-options", b"nosniff"),
                             (b"x-frame-options", b"DENY"),
                             (b"referrer-policy", b"same-origin")):
                    if k not in present:
                        headers.append((k, v))
                if private and b"cache-control" not in present:
                    # the arbiter's pages, exports and API answers: kept by no cache
                    headers.append((b"cache-control", b"no-store"))
                device = scope.get("state", {}).get("swisschess_new_device")
                if device:  # a first successful login from this client (Auth.remember_device)
                    secure = "; Secure" if scope.get("scheme") == "https" else ""
                    headers.append((b"set-cookie", (
                        f"{DEVICE_COOKIE}={device}; Max-Age={DEVICE_TTL}; Path=/; HttpOnly; "
                        f"SameSite=Strict{secure}").encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
