"""Checks of the message catalogues, for the tests and for developers.

    python -m swisschess.i18n.catalogues check          # what is out of date, and what to run
    python -m swisschess.i18n.catalogues fill-english   # English catalogue = the source texts

Run from a source checkout (the repository root: ``babel.cfg``, ``src/``).  The
checks are those ``tests/test_i18n.py`` runs in CI:

1. the template ``locale/swisschess.pot`` holds exactly the messages marked in
   the source (Python and templates), so a string added anywhere is noticed;
2. every catalogue has every message translated, none fuzzy, with the same
   ``{fields}`` / ``%(fields)s`` as the English (a missing field would raise at
   runtime);
3. every compiled ``.mo`` says what its ``.po`` says;
4. a translation the app formats with ``%`` (every template message: Jinja2's
   newstyle gettext applies ``%`` to all of them) has no bare ``%`` (``50 %``
   raises at render time), and a plural form that serves more numbers than 1
   keeps the number (Slovenian form 0 also serves 101, 201 ...); the colour
   letters W / B are two different single letters (one pair for every page).

:data:`COMMANDS` is what to run when a check fails (docs/i18n.md explains).
"""

from __future__ import annotations

import gettext
import re
import sys
from pathlib import Path
from typing import Any

from swisschess.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

#: Keywords of ``pybabel extract`` (besides gettext/ngettext/_ that it knows).
KEYWORDS = ("N_", "ngettext:1,2", "pgettext:1c,2")
POT = LOCALE_DIR / f"{DOMAIN}.pot"

COMMANDS = """\
A message was added, changed or removed.  From the repository root:

  pybabel extract -F babel.cfg -k N_ -k ngettext:1,2 -k pgettext:1c,2 \\
      --no-location --sort-output -o src/swisschess/i18n/locale/swisschess.pot .
  pybabel update -D swisschess -i src/swisschess/i18n/locale/swisschess.pot \\
      -d src/swisschess/i18n/locale --no-fuzzy-matching --ignore-obsolete -w 100
  python -m swisschess.i18n.catalogues fill-english
  # translate the new (empty) msgstr entries of sl, pl, et, cs, bg
  # (terms: docs/i18n-glossary.md), remove any "#, fuzzy" flag, then
  pybabel compile -D swisschess -d src/swisschess/i18n/locale --statistics
  python -m swisschess.i18n.catalogues check

(docs/i18n.md: how to update the catalogues)"""

_FIELDS = re.compile(r"\{\w*\}|%\(\w+\)[sd]")


def repo_root() -> Path:
    """The source checkout this package lives in (``src/swisschess/i18n`` -> root)."""
    return Path(__file__).resolve().parents[3]


def _key(msgid: Any) -> Any:
    return tuple(msgid) if isinstance(msgid, (list, tuple)) else msgid


def source_messages(root: Path | None = None) -> set[Any]:
    """The msgids marked in the source, as ``pybabel extract`` finds them."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_keywords

    root = root or repo_root()
    keywords = dict(DEFAULT_KEYWORDS)
    keywords.update(parse_keywords(list(KEYWORDS)))
    method_map = [("src/swisschess/**.py", "python"),
                  ("src/swisschess/web/templates/**.html", "jinja2")]
    options_map = {"src/swisschess/web/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    found = set()
    for _file, _line, msg, _comments, _ctx in extract_from_dir(
            str(root), method_map, options_map, keywords=keywords):
        found.add(_key(msg))
    return {m for m in found if m}


def template_file_messages(root: Path | None = None) -> set[Any]:
    """The msgids of the Jinja2 templates (formatted with ``%`` when rendered)."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    root = root or repo_root()
    method_map = [("src/swisschess/web/templates/**.html", "jinja2")]
    options_map = {"src/swisschess/web/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    return {_key(msg) for _f, _l, msg, _c, _x in extract_from_dir(
        str(root), method_map, options_map, keywords=dict(DEFAULT_KEYWORDS)) if msg}


class _Blank(dict[str, int]):
    """Any ``%(name)s`` / ``%(name)d`` formats as 0: only the format itself is tested."""

    def __missing__(self, key: str) -> int:
        return 0


def _percent_error(text: str) -> str | None:
    try:
        text % _Blank()
    except (ValueError, TypeError) as e:
        return str(e)
    return None


def _forms_serving(plural_expr: str, nplurals: int) -> list[set[int]]:
    """For each plural form, the numbers 0..999 the language's rule sends to it."""
    rule = gettext.c2py(plural_expr)
    out: list[set[int]] = [set() for _ in range(nplurals)]
    for n in range(1000):
        i = rule(n)
        if 0 <= i < nplurals:
            out[i].add(n)
    return out


def template_messages() -> set[Any]:
    from babel.messages.pofile import read_po

    with open(POT, "rb") as f:
        return {_key(m.id) for m in read_po(f) if m.id}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(lang: str) -> Any:
    from babel.messages.pofile import read_po

    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


def catalogue_problems(lang: str, expected: set[Any],
                       percent: set[Any] | None = None) -> list[str]:
    """Missing, extra, untranslated or fuzzy entries, field mismatches, bare ``%``
    in a message formatted with ``%`` (``percent``: the template messages; any
    msgid with a ``%(field)s`` is one too) and plural forms that drop the number."""
    cat = read_catalogue(lang)
    serving = _forms_serving(cat.plural_expr, cat.num_plurals)
    out = []
    have = {}
    for m in cat:
        if m.id:
            have[_key(m.id)] = m
    for mid in sorted(expected - set(have), key=str):
        out.append(f"{lang}: missing {mid!r}")
    for mid in sorted(set(have) - expected, key=str):
        out.append(f"{lang}: not in the template any more: {mid!r}")
    # the colour letters (terms.COLOUR_LETTERS) serve every page: one letter each, different
    letters = [have[k].string for k in ("W", "B") if k in have and have[k].string]
    if len(letters) == 2 and (letters[0] == letters[1] or any(len(x) != 1 for x in letters)):
        out.append(f"{lang}: colour letters W/B must be two different single letters, "
                   f"not {letters[0]!r}/{letters[1]!r}")
    for mid, m in sorted(have.items(), key=lambda kv: str(kv[0])):
        if mid not in expected:
            continue
        if m.fuzzy:
            out.append(f"{lang}: fuzzy {mid!r}")
        strings = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
        if not all(strings) or (isinstance(mid, tuple) and len(strings) != cat.num_plurals):
            out.append(f"{lang}: not translated {mid!r}")
            continue
        want = set(_FIELDS.findall(mid if isinstance(mid, str) else " ".join(mid)))
        for s in strings:
            got = set(_FIELDS.findall(s))
            # a plural form may leave out the number; every other field must be there
            if got - want or (isinstance(mid, str) and got != want):
                out.append(f"{lang}: fields {sorted(got)} instead of {sorted(want)} in {mid!r}")
        text = mid if isinstance(mid, str) else " ".join(mid)
        if (percent is not None and mid in percent) or "%(" in text:
            for s in strings:
                err = _percent_error(s)
                if err:
                    out.append(f"{lang}: bare % in {s!r} ({err}; write %% for a per cent sign)")
        if isinstance(mid, tuple):
            count = set(_FIELDS.findall(mid[1])) & set(_FIELDS.findall(mid[0]))
            for i, s in enumerate(strings):
                if i < len(serving) and serving[i] - {1} and not count <= set(_FIELDS.findall(s)):
                    few = sorted(serving[i])[:4]
                    out.append(f"{lang}: plural form {i} (n = {few}...) drops the number "
                               f"in {mid[0]!r}")
    return out


def compiled_problems(lang: str) -> list[str]:
    """Differences between ``lang``'s ``.mo`` and its ``.po``."""
    mo = po_path(lang).with_suffix(".mo")
    if not mo.exists():
        return [f"{lang}: {mo.name} missing (pybabel compile)"]
    with open(mo, "rb") as f:
        compiled = gettext.GNUTranslations(f)
    table = vars(compiled)["_catalog"]  # the compiled messages, by msgid
    out = []
    for m in read_catalogue(lang):
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, (list, tuple)):
            for i, s in enumerate(m.string):
                if table.get((m.id[0], i)) != s:
                    out.append(f"{lang}: .mo differs from .po for {m.id[0]!r} form {i}")
        elif table.get(m.id) != m.string:
            out.append(f"{lang}: .mo differs from .po for {m.id!r}")
    return out


def problems(root: Path | None = None) -> list[str]:
    """Every problem of the catalogues (empty: all current and complete)."""
    expected = template_messages()
    found = source_messages(root)
    out = [f"template: not marked in the source any more: {m!r}"
           for m in sorted(expected - found, key=str)]
    out += [f"template: new in the source, not in swisschess.pot: {m!r}"
            for m in sorted(found - expected, key=str)]
    percent = template_file_messages(root)
    for lang in LANGUAGES:
        out += catalogue_problems(lang, expected, percent)
        out += compiled_problems(lang)
    return out


def fill_english() -> int:
    """English catalogue: every msgstr is its msgid (English is the source language)."""
    from babel.messages.pofile import write_po

    cat = read_catalogue("en")
    n = 0
    for m in cat:
        if m.id:
            want = tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id
            if m.string != want or m.fuzzy:
                m.string = want
                m.flags.discard("fuzzy")
                n += 1
    with open(po_path("en"), "wb") as f:
        write_po(f, cat, width=100, sort_output=True, no_location=True)
    return n


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["fill-english"]:
        print(f"en: {fill_english()} message(s) set to their English source text")
        return 0
    found = problems()
    for p in found:
        print(p)
    if found:
        print()
        print(COMMANDS)
        return 1
    print(f"catalogues current and complete: {len(template_messages())} messages, "
          f"languages {', '.join(LANGUAGES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
