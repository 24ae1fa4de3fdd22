"""Reading the file a command was given, for the manager's commands.

One place for "the file cannot be read" (exit 5, ``cli/exitcodes.py``): the
message names the file and the system's reason, and nothing is stored.
"""

from __future__ import annotations

import sys

from swisschess.i18n import gettext as _


def cannot_read(path: str, e: OSError) -> str:
    """The message for a file that cannot be read: its name and the system's reason."""
    return _("{file}: cannot read: {reason}").format(file=path, reason=e.strerror or e)


def read_bytes(path: str) -> bytes | None:
    """The bytes of ``path``, or None after saying on stderr why it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        print("swisschess: " + cannot_read(path, e), file=sys.stderr)
        return None
