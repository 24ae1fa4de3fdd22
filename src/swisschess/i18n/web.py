"""The web app in the reader's language.

* :func:`install` adds Jinja2's i18n extension to the templates' environment
  (``{{ _("Standings") }}``, ``{% trans n=rnd %}Round {{ n }}{% endtrans %}``)
  and the local-way filters (``|date``, ``|number``, ``|when``).
* :class:`LanguageMiddleware` chooses the language of each request and makes it
  current for everything that request does (page, flash message, error):

  1. ``?lang=xx`` in the address (the language menu in the footer; it is kept
     in a cookie for the next pages);
  2. the cookie of an earlier choice;
  3. arbiter pages: the tournament's language setting, then the browser's
     ``Accept-Language``; public pages: the browser's ``Accept-Language``,
     then the tournament's setting (a visitor reads their own language first);
  4. English.

* :data:`router`: ``POST /arbiter/t/{tid}/language`` changes the tournament's
  language setting (the form on the overview page).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse
from starlette.concurrency import run_in_threadpool

from swisschess import i18n

COOKIE = "swisschess_lang"


def tournament_of(path: str) -> int | None:
    """The tournament a page belongs to: ``/t/3/standings``, ``/arbiter/t/3/...``."""
    m = re.match(r"^/(?:arbiter/)?t/(\d+)(?:/|$)", path)
    return int(m.group(1)) if m else None


def choose(path: str, query: str, cookie: str | None, accept: str | None,
           tournament_language: str | None) -> str:
    """The language of one request (see the module docstring for the order)."""
    asked = parse_qs(query).get("lang", [""])[0]
    if i18n.normalise(asked):
        return i18n.normalise(asked) or i18n.DEFAULT
    if i18n.normalise(cookie):
        return i18n.normalise(cookie) or i18n.DEFAULT
    browser = i18n.negotiate(accept)
    setting = i18n.normalise(tournament_language)
    if path.startswith("/arbiter"):
        return setting or browser or i18n.DEFAULT
    return browser or setting or i18n.DEFAULT


class LanguageMiddleware:
    """ASGI middleware: the current language for the whole request
    (``service`` gives the tournament's setting)."""

    def __init__(self, app: Any, service_of: Any) -> None:
        self.app = app
        self.service_of = service_of

    def _setting(self, tid: int) -> str | None:
        try:
            return str(self.service_of().state(tid).language)
        except Exception:  # unknown tournament: the page says so, in some language
            return None

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        cookie = None
        for part in headers.get("cookie", "").split(";"):
            k, _sep, v = part.strip().partition("=")
            if k == COOKIE:
                cookie = v
        path = scope.get("path", "")
        query = scope.get("query_string", b"").decode("latin-1")
        asked = i18n.normalise(parse_qs(query).get("lang", [""])[0])
        accept = headers.get("accept-language")
        setting = None
        tid = tournament_of(path)
        # the tournament's setting is read only when it can decide, and off the event loop
        needed = not (asked or i18n.normalise(cookie)
                      or (not path.startswith("/arbiter") and i18n.negotiate(accept)))
        if tid is not None and needed:
            setting = await run_in_threadpool(self._setting, tid)
        lang = choose(path, query, cookie, accept, setting)

        async def send_with_cookie(message: dict) -> None:
            if asked and message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + [
                    (b"set-cookie",
                     f"{COOKIE}={asked}; Path=/; Max-Age=31536000; SameSite=Lax".encode())]
            await send(message)

        with i18n.use(lang):
            scope.setdefault("state", {})["lang"] = lang
            await self.app(scope, receive, send_with_cookie)


def install(env: Any) -> None:
    """Jinja2 i18n extension and the local-way filters on ``env``."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True,
                                  pgettext=i18n.pgettext)
    env.globals.update(current_language=i18n.get_language, LANGUAGES=i18n.LANGUAGES,
                       translate=i18n.gettext)
    env.filters.update(date=i18n.date, number=i18n.number, when=i18n.datetime)


router = APIRouter(include_in_schema=False)


@router.post("/arbiter/t/{tid}/language")
def set_tournament_language(request: Request, tid: int, language: str = Form("")):
    """The tournament's language setting (empty: each reader's own)."""
    if not request.app.state.auth.ok(request):
        return RedirectResponse("/login", status_code=303)
    svc = request.app.state.service
    svc.update_settings(tid, language=language)
    with i18n.use(language or i18n.get_language()):
        msg = i18n.gettext("Language of the tournament: %(name)s") % {
            "name": i18n.LANGUAGES.get(language) or i18n.gettext("the reader's")}
    query = request.app.state.auth.notice_query({"msg": msg})  # signed: web/security.py
    resp = RedirectResponse(f"/arbiter/t/{tid}?" + query, status_code=303)
    # the new setting is seen at once, not hidden by an earlier menu choice
    resp.delete_cookie(COOKIE, path="/")
    return resp
