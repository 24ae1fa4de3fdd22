"""Exit codes of every ``swisschess`` command, in one table.

The numbers are those of the FIDE-endorsed engines' command line (JaVaFo,
bbpPairings), so programs that call an engine understand ours:

=====  ==================  ===================================================
code   name                meaning
=====  ==================  ===================================================
0      ``EXIT_OK``         done (checker / verify: no round differs)
1      ``EXIT_NO_PAIRING`` no pairing respects the absolute criteria
2      ``EXIT_UNEXPECTED`` an unexpected error (a bug: reported in one line)
3      ``EXIT_INVALID``    invalid input: file, configuration or arguments
4      ``EXIT_TOO_LARGE``  more than TRF can describe (over 9999 players)
5      ``EXIT_FILE``       a file cannot be read or written
6      ``EXIT_DIFFERENCES`` checker / verify: some round differs
130    ``EXIT_INTERRUPTED`` interrupted (Ctrl-C)
=====  ==================  ===================================================
"""

import sys

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID = 3
EXIT_TOO_LARGE = 4
EXIT_FILE = 5
EXIT_DIFFERENCES = 6
EXIT_INTERRUPTED = 130


def fail(code: int, msg: str, command: str = "") -> int:
    """Print ``msg`` to stderr as ``swisschess [COMMAND]: msg`` and return ``code``:
    every command reports a refusal in this one shape."""
    print(f"swisschess{' ' + command if command else ''}: {msg}", file=sys.stderr)
    return code
