"""Languages of the app and its documents: gettext catalogues managed with Babel.

The arbiters who use the FIDE Swiss rules we implement read them in their own
language (the seeds: the 1992 rules in Slovenian, Polish, Czech and Bulgarian, an
Estonian summary); every page, printable list, standings table, ``explain`` text
and command-line message can be shown in one of :data:`LANGUAGES`.

* Messages are marked in the source with ``gettext`` (imported as ``_``),
  ``ngettext`` and ``N_`` (a marker for strings translated later, at output), and
  in the templates with Jinja2's i18n extension (``{{ _("...") }}``,
  ``{% trans %}``).  ``pybabel extract`` collects them into
  ``locale/swisschess.pot``; each language has
  ``locale/<lang>/LC_MESSAGES/swisschess.po`` and its compiled ``.mo``
  (docs/i18n.md says how to update them).
* The current language is a context variable: :func:`use` sets it for a block
  (a CLI command, a web request), so concurrent requests in other languages do
  not disturb each other.
* Numbers, dates and half points are written the local way with Babel's
  ``format_decimal`` / ``format_date`` (:func:`number`, :func:`points`,
  :func:`date`).

This package imports nothing else from swisschess (but the dependency-free
``model.points``): every layer may use it.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import gettext as _gettext
import os
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path

from babel import Locale
from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal, get_decimal_symbol
from babel.support import Translations

from swisschess.model.points import format_points

#: Language code -> the language's own name (shown in language menus).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "sl": "Slovenščina",
    "pl": "Polski",
    "et": "Eesti",
    "cs": "Čeština",
    "bg": "Български",
}
DEFAULT = "en"
DOMAIN = "swisschess"
LOCALE_DIR = Path(__file__).parent / "locale"

_current: ContextVar[str] = ContextVar("swisschess_language", default=DEFAULT)


# ------------------------------------------------------------ which language
def normalise(code: str | None) -> str | None:
    """One of :data:`LANGUAGES` for a code such as ``sl_SI.UTF-8``, ``pl-PL``, ``CS``;
    None when the code names no supported language (``C``, ``POSIX``, ``de``)."""
    if not code:
        return None
    base = re.split(r"[_\-.@]", code.strip(), maxsplit=1)[0].lower()
    return base if base in LANGUAGES else None


def from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: ``LANGUAGE`` (a
    colon-separated list), ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; else English."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for code in value.split(":"):
            lang = normalise(code)
            if lang:
                return lang
        if var != "LANGUAGE":
            # the first variable that is set decides (``LC_ALL=C`` means English)
            return DEFAULT
    return DEFAULT


def negotiate(accept_language: str | None) -> str | None:
    """The best of :data:`LANGUAGES` for an HTTP ``Accept-Language`` header
    (``sl-SI,sl;q=0.9,en;q=0.5``), or None when none is acceptable."""
    if not accept_language:
        return None
    wanted: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _sep, params = part.strip().partition(";")
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m:
            try:
                q = float(m.group(1))
            except ValueError:
                q = 0.0
        lang = normalise(tag)
        if lang and q > 0:
            wanted.append((-q, i, lang))
    return min(wanted)[2] if wanted else None


def get_language() -> str:
    """The language of the current command or request."""
    return _current.get()


def set_language(lang: str | None) -> str:
    """Make ``lang`` (or English when it is not supported) the current language."""
    chosen = normalise(lang) or DEFAULT
    _current.set(chosen)
    return chosen


@contextlib.contextmanager
def use(lang: str | None) -> Iterator[str]:
    """``with use("sl"): ...``: messages in Slovenian inside the block."""
    token = _current.set(normalise(lang) or DEFAULT)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


# ------------------------------------------------------------ translations
@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: the messages as written)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return _gettext.NullTranslations()
    t = Translations.load(str(LOCALE_DIR), [lang], DOMAIN)
    return t


def gettext(message: str) -> str:
    """``message`` in the current language (imported as ``_``)."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the current language (Slovenian has four, Polish,
    Czech three): ``ngettext("%(n)d round", "%(n)d rounds", n) % {"n": n}``."""
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in a context that tells apart two meanings of one English word."""
    return translations(_current.get()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction only; it is translated where it is shown."""
    return message


def translate(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: the current language)."""
    return translations(normalise(lang) or _current.get()).gettext(message)


# ------------------------------------------------------------ the local way
def locale() -> Locale:
    return Locale.parse(_current.get())


def number(x: float | int | Fraction, decimals: int | None = None) -> str:
    """``1.5`` -> ``1,5`` in Slovenian; ``decimals`` fixes the number of decimals
    (else as many as needed, up to 2)."""
    value = float(x) if isinstance(x, Fraction) else x
    if decimals is None:
        fmt = "#,##0.##"
    elif decimals == 0:
        fmt = "#,##0"
    else:
        fmt = "#,##0." + "0" * decimals
    return _format_decimal(value, fmt, _current.get())


@lru_cache(maxsize=4096)
def _format_decimal(value: float | int, fmt: str, lang: str) -> str:
    # cached: Babel takes ~0.2 ms a number, and a standings list shows hundreds
    return format_decimal(value, format=fmt, locale=Locale.parse(lang))


def points(x: Fraction | float | int | None) -> str:
    """Points as chess lists write them in every language: ``2``, ``2½``, ``½``,
    ``-1½``; other fractions (quarter points in team events) with the local
    decimal mark.  The one points writer is :func:`swisschess.model.points.format_points`."""
    return format_points(x, halves=True, mark=get_decimal_symbol(locale()))


def decimal_text(text: str) -> str:
    """A number already written with a ``.`` (``12.50``, ``-0.5``) with the local
    decimal mark; anything else is returned unchanged."""
    if not re.fullmatch(r"-?\d+\.\d+", text):
        return text
    return text.replace(".", get_decimal_symbol(locale()))


def plural_category(text: str) -> str:
    """The CLDR plural category (``one``, ``two``, ``few``, ``many``, ``other``) of a
    number *as written*: ``4,0`` and ``4`` differ (CLDR counts the visible decimals),
    so Slovenian says "4 točke" but "5 točk" and "4,0 točke", "5,0 točke"; Czech
    "5 bodů" but "4,0 bodu"."""
    plain = text.replace("\u2212", "-").replace(get_decimal_symbol(locale()), ".")
    try:
        value = Decimal(plain)
    except ArithmeticError:
        return "other"
    return str(locale().plural_form(value))


#: "{score} points" by the CLDR category of the score as written.  gettext's plural
#: forms are chosen by an integer, but scores are written with decimals ("4,0"),
#: which fall in categories of their own (sl "few", cs "many"), so each category
#: has a message; English has only one / other, so its (two)/(few)/(many) never show.
POINTS_BY_CATEGORY: dict[str, str] = {
    "zero": N_("{score} points (zero)"),
    "one": N_("{score} point"),
    "two": N_("{score} points (two)"),
    "few": N_("{score} points (few)"),
    "many": N_("{score} points (many)"),
    "other": N_("{score} points"),
}


def points_text(text: str) -> str:
    """``4,0 točke``: a score already written (:func:`decimal_text`) with the word
    "points" in the form the current language uses after that number."""
    category = plural_category(text)
    return gettext(POINTS_BY_CATEGORY.get(category, POINTS_BY_CATEGORY["other"])).format(
        score=text)


_DATE = re.compile(r"\s*(\d{4})[/\-.](\d{1,2})[/\-.](\d{1,2})\s*")


def date(value: str | _dt.date | None, fmt: str = "medium") -> str:
    """A date the local way (``2026/05/01`` -> ``1. maj 2026`` in Slovenian).  Text
    that is not a date (a TRF header may hold anything) is returned unchanged."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        m = _DATE.fullmatch(value)
        if not m:
            return value
        try:
            day = _dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:  # 2026/02/30: shown as written
            return value.strip()
        return format_date(day, format=fmt, locale=locale())
    return format_date(value, format=fmt, locale=locale())


def datetime(value: _dt.datetime, fmt: str = "medium") -> str:
    """A time stamp the local way (the change log)."""
    return format_datetime(value, format=fmt, locale=locale())


def and_list(items: list[str]) -> str:
    """``3, 7 and 12`` in the current language."""
    words = [str(x) for x in items]
    if len(words) <= 1:
        return "".join(words)
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]),
                                                  "last": words[-1]}
