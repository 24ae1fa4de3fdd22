"""Reading a player list or TRF file whatever encoding it was saved in.

Arbiters get their lists from Excel, from federation databases and from other
pairing programs.  Excel's plain "CSV" on a Czech, Polish, Slovenian,
Croatian or Hungarian Windows is written in Windows-1250, on a Bulgarian or
Serbian one in Windows-1251, on a Baltic one in Windows-1257, elsewhere in
Europe in Windows-1252; "CSV UTF-8" and most other programs write UTF-8
(sometimes with a byte-order mark).  Read with the wrong table "Šťastný"
becomes control characters and "Łukasz" becomes "£ukasz".

How a file is read (:func:`decode_bytes`):

1. A byte-order mark decides: UTF-8 (EF BB BF) or UTF-16 (Excel's "Unicode
   text"); the rest must then decode cleanly.  So does the ``encoding`` of an
   XML declaration (FIDE's XML rating list).
2. Without one, strict UTF-8.  Bytes of another encoding almost never form
   valid UTF-8 sequences, so a file that decodes is UTF-8 (plain ASCII too).
3. Otherwise every candidate code page arbiters meet (Windows-1250, -1252,
   -1257, -1251, ISO-8859-2; ISO-8859-1 is Windows-1252 where both are
   defined) that decodes the file **without an undefined byte and without a
   control character** is scored by how plausible its letters are in names:
   each non-ASCII letter that belongs to the alphabets written with that code
   page counts (the common letters 2, the rare ones 1), a symbol where a
   letter should be (``£ukasz``) costs 4, a word mixing scripts
   (``Jiшн``: Latin and Cyrillic) costs 10, and a "Latin" word made mostly of
   accented letters (Cyrillic read as Windows-1250: ``Čâŕíîâ``) earns
   nothing.  The best score wins.
4. A tie (a short file whose few accented letters exist in two code pages:
   ``Kovačič`` is ``Kovaèiè`` in Windows-1252) is broken by the charset
   detector ``charset-normalizer`` among the tied code pages, and when it
   cannot tell either (it seldom can on a few names), by the order above --
   Windows-1250 first, as this is what Central-European Excel writes -- except
   that the code page of the language the program speaks comes first
   (Estonian: Windows-1257, Bulgarian: Windows-1251).  A guess is shown with
   the first line that has accented letters, so that a wrong one is seen at
   once.

Whatever is chosen is said in the message ("read as Windows-1250"), and
``--encoding NAME`` (the web form's encoding field) overrides it.  A file that
no candidate reads cleanly, or that holds a control character once decoded,
is refused with the line (and column) of the first bad byte.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass

from swisschess.model.text import BAD_CHAR_IN_FILE, char_name
from swisschess.store.events import StoreError

#: Code pages tried when a file is not UTF-8, in the order that breaks ties.
CANDIDATES = ("cp1250", "cp1252", "cp1257", "cp1251", "iso8859_2")
#: Names shown to the arbiter ("read as Windows-1250").
DISPLAY = {
    "utf_8": "UTF-8", "utf_8_sig": "UTF-8 (BOM)", "utf_16": "UTF-16",
    "utf_16_le": "UTF-16", "utf_16_be": "UTF-16",
    "cp1250": "Windows-1250", "cp1251": "Windows-1251", "cp1252": "Windows-1252",
    "cp1257": "Windows-1257", "iso8859_2": "ISO-8859-2", "latin_1": "ISO-8859-1",
    "ascii": "ASCII",
}

#: What an arbiter may choose instead of the detection (web form; CLI --encoding
#: takes any name Python knows, e.g. cp852 for old DOS lists).
CHOICES = (("utf-8", "UTF-8"), ("cp1250", "Windows-1250"), ("cp1251", "Windows-1251"),
           ("cp1252", "Windows-1252"), ("cp1257", "Windows-1257"),
           ("iso-8859-2", "ISO-8859-2"), ("latin-1", "ISO-8859-1"))
#: Accented letters of the languages whose names arbiters meet (lower case).
LANGUAGES: dict[str, str] = {
    "cs": "áčďéěíňóřšťúůýž", "sk": "áäčďéíĺľňóôŕšťúýž", "pl": "ąćęłńóśźż",
    "sl": "čšžćđ", "hr": "čćđšž", "hu": "áéíóöőúüű", "ro": "ăâîşţșț", "de": "äöüß",
    "fr": "àâæçéèêëîïôœùûüÿ", "es": "áéíñóúü", "it": "àèéìíîòóùú", "pt": "áâãàçéêíóôõú",
    "nl": "éëïöü", "da": "æøåé", "sv": "åäöé", "fi": "äöåšž", "is": "áðéíóúýþæö",
    "et": "äöõüšž", "lv": "āčēģīķļņšūž", "lt": "ąčęėįšųūž",
}
#: Languages written with each code page (Windows / ISO tables).
GROUPS: dict[str, tuple[str, ...]] = {
    "cp1250": ("cs", "sk", "pl", "sl", "hr", "hu", "ro", "de"),
    "iso8859_2": ("cs", "sk", "pl", "sl", "hr", "hu", "ro", "de"),
    "cp1252": ("de", "fr", "es", "it", "pt", "nl", "da", "sv", "fi", "is"),
    "cp1257": ("et", "lv", "lt", "pl", "de", "sv", "da", "fi"),
}
#: Letters a code page has for few names (Windows-1252's š ž: Finnish loanwords).
RARE: dict[str, str] = {"cp1252": "šžðþ", "cp1250": "ĺŕ", "iso8859_2": "ĺŕ"}
#: Non-letters that are fine in names and club names: quotes, apostrophes, dashes, NBSP.
_NEUTRAL = frozenset("\u00a0\u00b4\u2018\u2019\u201a\u201c\u201d\u201e\u2013\u2014\u00ab\u00bb")
_WORD = re.compile(r"[^\W\d_]+")
_BAD = BAD_CHAR_IN_FILE
#: At most this many characters of non-ASCII lines are scored (rating lists are large).
_SAMPLE = 1_000_000


#: The encoding an XML declaration names (``<?xml version="1.0" encoding="ISO-8859-1"?>``).
_XML_ENCODING = re.compile(rb"""\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")


class DecodeError(StoreError):
    """The bytes cannot be read as text cleanly; the message names the line."""


@dataclass(frozen=True, slots=True)
class Decoded:
    """Text read from bytes, and how it was read."""

    text: str
    encoding: str  # Python codec name
    detected: bool  # False: UTF-8 or given by the arbiter; True: guessed (step 3)

    @property
    def sample(self) -> str:
        """The first line with a non-ASCII character (at most 60 characters), or ""."""
        for line in self.text.splitlines():
            if not line.isascii():
                line = line.strip()
                return line if len(line) <= 60 else line[:59] + "…"
        return ""

    @property
    def label(self) -> str:
        """The encoding as an arbiter knows it: ``Windows-1250``."""
        return display_name(self.encoding)


def display_name(encoding: str) -> str:
    """``Windows-1250`` for ``cp1250`` (the codec's name when not a known one)."""
    try:
        name = codecs.lookup(encoding).name.replace("-", "_")
    except LookupError:
        return encoding
    return DISPLAY.get(name, encoding)


def _line_col(data: bytes, offset: int, encoding: str = "latin_1") -> tuple[int, int]:
    """Line and column (1-based) of the byte at ``offset``, counting characters as
    ``encoding`` reads the bytes before it."""
    before = data[:offset].decode(encoding, errors="replace")
    return _text_line_col(before, len(before))


def _text_line_col(text: str, i: int) -> tuple[int, int]:
    start = max(text.rfind("\n", 0, i), text.rfind("\r", 0, i)) + 1
    return text.count("\n", 0, i) + 1, i - start + 1


def _check_chars(text: str, filename: str, label: str) -> None:
    m = _BAD.search(text)
    if m is None:
        return
    ln, col = _text_line_col(text, m.start())
    raise DecodeError(f"{filename}:{ln}:{col}: character {char_name(m.group())} read as "
                      f"{label} is not allowed (control character or line break); "
                      "give the file's encoding with --encoding, or save it as UTF-8")


def _strict(data: bytes, encoding: str, filename: str, label: str) -> str:
    """``data`` decoded, or a DecodeError naming the line and column of the first bad byte."""
    # without its BOM, so that the error's offset counts in the bytes decoded
    for bom, codec in ((codecs.BOM_UTF8, "utf_8"), (codecs.BOM_UTF16_LE, "utf_16_le"),
                       (codecs.BOM_UTF16_BE, "utf_16_be")):
        if encoding in ("utf_8_sig", "utf_16") and data.startswith(bom) \
                and (codec == "utf_8") == (encoding == "utf_8_sig"):
            data, encoding = data[len(bom):], codec
            break
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as e:
        ln, col = _line_col(data, e.start, encoding)
        raise DecodeError(f"{filename}:{ln}:{col}: byte 0x{data[e.start]:02X} cannot be read "
                          f"as {label}; save the file as UTF-8 or give its encoding with "
                          "--encoding") from None


def decode_bytes(data: bytes, filename: str = "<input>", encoding: str | None = None,
                 ) -> Decoded:
    """Decode a player list or TRF file (see the module docs for how)."""
    if encoding:
        try:
            info = codecs.lookup(encoding.strip())
            if not getattr(info, "_is_text_encoding", True):
                raise LookupError(encoding)
        except LookupError:
            raise DecodeError(f"unknown encoding {encoding!r} (for example utf-8, "
                              "cp1250, cp1251, cp1252, cp1257, iso-8859-2)") from None
        name = info.name.replace("-", "_")
        label = DISPLAY.get(name, encoding)
        if name == "utf_8" and data.startswith(codecs.BOM_UTF8):
            name = "utf_8_sig"
        text = _strict(data, name, filename, label)
        _check_chars(text.lstrip("\ufeff"), filename, label)
        return Decoded(text.lstrip("\ufeff"), name, False)
    declared = _XML_ENCODING.match(data[:200])
    if declared is not None and not data.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE,
                                                     codecs.BOM_UTF16_BE)):
        # an XML file (a FIDE rating list) says its encoding: taken as if given
        return decode_bytes(data, filename, declared.group(1).decode("ascii"))
    for bom, name in ((codecs.BOM_UTF8, "utf_8_sig"), (codecs.BOM_UTF16_LE, "utf_16"),
                      (codecs.BOM_UTF16_BE, "utf_16")):
        if data.startswith(bom):
            text = _strict(data, name, filename, DISPLAY[name]).lstrip("\ufeff")
            _check_chars(text, filename, DISPLAY[name])
            return Decoded(text, name, False)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        utf8_error = e
    else:
        _check_chars(text, filename, "UTF-8")
        return Decoded(text, "utf_8", False)
    found = _guess(data, tie_order())
    if found is None:
        ln, col = _line_col(data, utf8_error.start, "utf_8")
        raise DecodeError(f"{filename}:{ln}:{col}: byte 0x{data[utf8_error.start]:02X} is not "
                          "UTF-8, and no Windows or ISO code page reads the file without "
                          "control characters; save it as UTF-8 (Excel: \"CSV UTF-8\") or "
                          "give its encoding with --encoding")
    name, text = found
    return Decoded(text, name, True)


#: The code page a language's Windows writes, first in the tie order when the
#: program speaks that language (the other languages: Windows-1250 first).
LANGUAGE_CODE_PAGE = {"et": "cp1257", "bg": "cp1251"}


def tie_order(language: str | None = None) -> tuple[str, ...]:
    """:data:`CANDIDATES`, with the code page of ``language`` (default: the one the
    program speaks, swisschess.i18n) first."""
    from swisschess.i18n import get_language

    first = LANGUAGE_CODE_PAGE.get(language or get_language())
    return tuple(sorted(CANDIDATES, key=lambda c: c != first))


def _guess(data: bytes, order: tuple[str, ...] = CANDIDATES) -> tuple[str, str] | None:
    """The most plausible candidate code page and its text (steps 3-4).

    Scored on the lines that hold non-ASCII bytes (the others read the same in
    every candidate), at most about a megabyte of them; only the winner decodes
    the whole file (a full FIDE rating list is some 200 MB)."""
    sample = _sample(data)
    scores: dict[str, int] = {}
    for name in CANDIDATES:
        try:
            text = sample.decode(name)
        except UnicodeDecodeError:
            continue
        if _BAD.search(text) is None:
            scores[name] = score(text, name)
    ranked = sorted(scores, key=lambda n: (-scores[n], order.index(n)))
    if len(ranked) > 1 and scores[ranked[0]] == scores[ranked[1]]:
        tied = [n for n in ranked if scores[n] == scores[ranked[0]]]
        chosen = _detector(sample, tied)
        if chosen is not None:
            ranked.remove(chosen)
            ranked.insert(0, chosen)
    for name in ranked:  # the whole file must read cleanly too (beyond the sample)
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        if _BAD.search(text) is None:
            return name, text
    return None


_HIGH_LINE = re.compile(rb"[^\n]*[\x80-\xff][^\n]*")


def _sample(data: bytes) -> bytes:
    """The lines that hold non-ASCII bytes, at most about :data:`_SAMPLE` bytes."""
    out, n = [], 0
    for m in _HIGH_LINE.finditer(data):
        out.append(m.group())
        n += len(out[-1])
        if n > _SAMPLE:
            break
    return b"\n".join(out)


def _script(ch: str) -> str:
    return unicodedata.name(ch, "?").split(" ")[0]


def score(text: str, encoding: str) -> int:
    """How plausible ``text`` is as names written with ``encoding`` (see module docs)."""
    langs = [set(LANGUAGES[g]) for g in GROUPS.get(encoding, ())]
    alphabet = set().union(*langs) if langs else set()
    rare = RARE.get(encoding, "")
    total = 0
    for ch in text:
        if ord(ch) > 127 and not ch.isalpha() and ch not in _NEUTRAL:
            total -= 4  # a symbol where a letter should be: "£ukasz"
    for m in _WORD.finditer(text):
        word = m.group()
        if word.isascii():
            continue
        scripts = {_script(c) for c in word}
        if len(scripts) > 1:
            total -= 10  # "Jiшн": Latin and Cyrillic in one word
            continue
        high = [c.lower() for c in word if ord(c) > 127]
        if not langs:  # Cyrillic code page: every Cyrillic letter is plausible
            total += 2 * sum(1 for c in high if _script(c) == "CYRILLIC")
            continue
        if len(word) >= 4 and len(high) > 0.6 * len(word):
            continue  # "Čâŕíîâ": a Latin word is mostly ASCII letters
        # a word whose accented letters are all of one language counts in full
        whole = any(set(high) <= lang for lang in langs)
        for c in high:
            if c in alphabet:
                total += (1 if c in rare else 2) if whole else 1
    return total


def _detector(data: bytes, tied: list[str]) -> str | None:
    """charset-normalizer's choice among the ``tied`` code pages (None: no opinion)."""
    from charset_normalizer import from_bytes  # a declared dependency, imported when needed
    results = from_bytes(data[:200_000], cp_isolation=tied)
    ranked = [m for m in results if m.encoding in tied]
    if not ranked:
        return None
    best = ranked[0]
    # no opinion when the best is no better than the next one (short files)
    if len(ranked) > 1 and (ranked[1].chaos, -ranked[1].coherence) <= (best.chaos,
                                                                       -best.coherence):
        return None
    return str(best.encoding)
