"""Public pages served from a cache that the next event of the tournament invalidates.

The public pages of a tournament (``/t/{id}/...``: pairings, standings) are what
every player and spectator reloads between rounds; the standings of a 600-player
open cost about half a second to compute and render (issue 26), while they
change only when the arbiter writes something.  Every change is an event, and
the tournament's ``head`` (the number of its events, kept in the database) says
which version a page shows: a page is cached under ``(path, language, head)``
and served again until an event moves the head.  The head is read from the
database on each request (one indexed look-up), so this holds with any number
of worker processes: a result entered on one worker is seen by the next page
served on any other.

Only what is the same for every reader is cached: ``GET`` of a ``/t/{id}/...``
page, answered 200 with HTML, for a request with no login cookie and no query
(``?lang=`` sets a cookie; ``?msg=`` shows a message).  At most
:data:`MAX_ENTRIES` pages are kept (the least recently used go first).
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.concurrency import run_in_threadpool

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Pages kept (a 600-player standings page is about 180 KB).
MAX_ENTRIES = 64
PUBLIC_PAGE = re.compile(r"^/t/(\d{1,9})/[A-Za-z0-9/_-]*$")
#: Cookies that make a page personal (the arbiter's login shows other links).
PERSONAL_COOKIES = (b"swisschess_session=",)

Entry = tuple[int, list[tuple[bytes, bytes]], bytes]


class PublicPageCache:
    """ASGI middleware caching the public pages by the tournament's event head."""

    def __init__(self, app: ASGIApp, service_of: Callable[[], Any]) -> None:
        self.app = app
        self.service_of = service_of
        self.pages: OrderedDict[tuple[str, str, int, int], Entry] = OrderedDict()
        #: pages being made now: ten readers arriving together make the page once
        self.filling: dict[tuple[str, str, int, int], asyncio.Event] = {}
        #: counts, for tests and diagnostics
        self.hits = 0
        self.misses = 0

    def _head(self, tid: int) -> int | None:
        try:
            return int(self.service_of().version(tid))
        except Exception:  # unknown tournament: the page says so, uncached
            return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        m = PUBLIC_PAGE.match(scope.get("path", "")) if scope["type"] == "http" else None
        if m is None or scope.get("method") != "GET" or scope.get("query_string") or any(
                k == b"cookie" and any(c in v for c in PERSONAL_COOKIES)
                for k, v in scope.get("headers", [])):
            await self.app(scope, receive, send)
            return
        tid = int(m.group(1))
        head = await run_in_threadpool(self._head, tid)
        if head is None:
            await self.app(scope, receive, send)
            return
        lang = str(scope.get("state", {}).get("lang", ""))
        key = (scope["path"], lang, tid, head)
        if key in self.filling:  # the same page is being made: wait for it, once
            await self.filling[key].wait()
        hit = self.pages.get(key)
        if hit is not None:
            self.hits += 1
            self.pages.move_to_end(key)
            status, headers, body = hit
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        self.misses += 1
        done = self.filling.setdefault(key, asyncio.Event())
        try:
            await self._fill(scope, receive, send, key)
        finally:
            self.filling.pop(key, None)
            done.set()

    async def _fill(self, scope: Scope, receive: Receive, send: Send,
                    key: tuple[str, str, int, int]) -> None:
        start: Message = {}
        parts: list[bytes] = []

        async def keeping_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))
            await send(message)

        await self.app(scope, receive, keeping_send)
        headers = list(start.get("headers", []))
        html = any(k.lower() == b"content-type" and v.startswith(b"text/html")
                   for k, v in headers)
        if start.get("status") == 200 and html and not any(
                k.lower() == b"set-cookie" for k, _v in headers):
            self.pages[key] = (200, headers, b"".join(parts))
            while len(self.pages) > MAX_ENTRIES:
                self.pages.popitem(last=False)
