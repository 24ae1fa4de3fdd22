"""Finding a player by name as people type it: without diacritics, in any case.

Arbiters and players type on keyboards that lack "ě" or "ł", so a name search
must treat "Muller" as "Müller" and "stastny" as "Šťastný".  :func:`fold` makes
the comparable form: Unicode compatibility decomposition (NFKD) with the
combining marks dropped, the Latin letters that do not decompose (ł, đ, ø, ß,
æ, œ, ı, þ) spelt out, everything case-folded, punctuation and runs of spaces
reduced to one space.  Cyrillic and other scripts are kept (only case-folded).

:func:`matches` says whether a query finds a name: every word of the query
occurs in the folded name, in any order ("jorg muller" finds "Müller, Jörg").
:func:`suggestions` gives the names closest to a query that found nothing, for
a "did you mean ...?".
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

#: Latin letters without a Unicode decomposition, and their plain spelling.
_PLAIN = str.maketrans({
    "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ø": "o", "Ø": "o", "ß": "ss", "ẞ": "ss",
    "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ı": "i", "þ": "th", "Þ": "th",
    "ð": "d", "Ð": "d", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t",
})
_SEPARATORS = re.compile(r"[\s,.;:_/()\"'`´’-]+")


def fold(text: str) -> str:
    """``"Šťastný, Jiří"`` -> ``"stastny jiri"``: the form names are compared in."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SEPARATORS.sub(" ", bare.casefold()).strip()


def matches(query: str, name: str) -> bool:
    """True when every word of ``query`` occurs in ``name``, both folded."""
    words = fold(query).split()
    folded = fold(name)
    return bool(words) and all(w in folded for w in words)


def suggestions(query: str, names: Iterable[str], n: int = 3) -> list[str]:
    """Up to ``n`` of ``names`` that look like ``query`` (best first): for a name
    misspelt or half-remembered, compared whole and word by word (difflib's ratio
    at least 0.6, and within 0.1 of the closest name's)."""
    q = fold(query)
    if not q:
        return []
    scored: list[tuple[float, str]] = []
    for name in names:
        folded = fold(name)
        parts = [folded, *folded.split()]
        score = max(difflib.SequenceMatcher(None, q, p).ratio() for p in parts)
        if score >= 0.6:
            scored.append((score, name))
    scored.sort(key=lambda x: (-x[0], x[1]))
    # only the names about as close as the closest one ("Mueller": Müller, not Keller)
    return [name for score, name in scored[:n] if score >= scored[0][0] - 0.1]
