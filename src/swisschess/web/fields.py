"""Text fields at the HTTP boundary: a length limit and no bidirectional overrides.

Every text a request brings (a JSON field of the API, a field of a page's form)
is checked here before the store sees it:

* **length** — a tournament name of a megabyte is no name; each field has a
  limit (:data:`FORM_LIMITS`, the API's models use :func:`text`);
* **no bidirectional override or isolate characters** (U+202A-U+202E,
  U+2066-U+2069): invisible, they reverse how the rest of a line is shown, so
  that a name or a reason reads differently on the pairing list than what is
  stored ("Trojan Source").  Right-to-left names themselves need none of them.

Control characters and line breaks are refused by the store for every entry
point (the command line too); this module adds what only a network brings.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Request
from pydantic import AfterValidator, Field

from swisschess.model.text import BIDI_CONTROLS
from swisschess.store.events import StoreError

#: Limits of the pages' form fields (characters), by field name; others: ``"*"``.
#: (``config``: the prize list of ratingpages, a TOML text)
FORM_LIMITS = {"name": 200, "reason": 500, "boards": 100_000, "config": 100_000, "token": 1000,
               "*": 2000}


def first_bidi(value: str) -> int | None:
    """Index of the first bidirectional control in ``value``, else None."""
    return next((i for i, c in enumerate(value) if c in BIDI_CONTROLS), None)


def bidi_free(value: str) -> str:
    """``value`` if it holds no bidirectional control; ValueError naming the first."""
    i = first_bidi(value)
    if i is not None:
        raise ValueError(f"bidirectional control character U+{ord(value[i]):04X} at "
                         f"position {i + 1} is not allowed")
    return value


#: Types of the API's text fields: a length limit and no bidirectional control.
ShortText = Annotated[str, Field(max_length=200), AfterValidator(bidi_free)]
TournamentName = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(bidi_free)]
#: TRF's name field holds 33 characters (record 001, columns 15-47)
PlayerName = Annotated[str, Field(min_length=1, max_length=33), AfterValidator(bidi_free)]
Reason = Annotated[str, Field(min_length=1, max_length=500), AfterValidator(bidi_free),
                   Field(description="written to the TRF as a ### comment")]


async def checked_form_fields(request: Request) -> None:
    """App-wide dependency: refuse (400) a page's form whose text field is too long
    or holds a bidirectional control.  Nothing is stored then."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    ctype = request.headers.get("content-type", "")
    if not ctype.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        return
    form = await request.form()  # parsed once: the route gets the same form
    for name, value in form.multi_items():
        if not isinstance(value, str):
            continue  # an uploaded file: its reader checks it
        limit = FORM_LIMITS.get(name, FORM_LIMITS["*"])
        if len(value) > limit:
            raise StoreError(f"{name}: at most {limit} characters, not {len(value)}")
        i = first_bidi(value)
        if i is not None:
            raise StoreError(f"{name}: the bidirectional control character "
                             f"U+{ord(value[i]):04X} (position {i + 1}) is not allowed")
