"""The long descriptions of ``swisschess COMMAND --help``, in the reader's language.

A command's description is built when the parser is built, after ``--lang``
is read, from whole translated paragraphs; argparse's raw formatter keeps the
example lines as written, so the paragraphs are wrapped here.
"""

from __future__ import annotations

import textwrap

#: The width the paragraphs are wrapped to (argparse's own help is about as wide).
WIDTH = 78


def examples(lines: list[tuple[str, str]]) -> str:
    """Command lines, each followed by what it does (already translated)."""
    width = max(len(cmd) for cmd, _what in lines)
    return "\n".join(f"    {cmd:<{width}}   {what}".rstrip() for cmd, what in lines)


def description(summary: str, *parts: str, usage: str = "") -> str:
    """The summary, ``usage`` (example lines, kept as they are), then the paragraphs."""
    out = [_fill(summary)] + ([usage] if usage else [])
    out += [_fill(p) for p in parts]
    return "\n\n".join(out)


def _fill(text: str) -> str:
    # never break an option name (--token-file) or a path at its hyphens
    return textwrap.fill(text, WIDTH, break_on_hyphens=False, break_long_words=False)
