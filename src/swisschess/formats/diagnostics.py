"""Located problems found while reading a tournament file.

A :class:`Diagnostic` points at one field of one line (1-based line and column,
the column being the first column of the field as the TRF documents number
them).  Severity is ``"error"`` when the file cannot be used to pair the next
round (an engine must reject it, exit code 3), ``"warning"`` otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swisschess.formats.locations import Locations
from swisschess.model.tournament import Tournament

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem found in a file, located by line and column (1-based)."""

    filename: str
    line: int
    column: int
    message: str
    severity: str = ERROR  # "error" or "warning"

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.column}: {self.severity}: {self.message}"


@dataclass(slots=True)
class TrfResult:
    """What a reader returns: the tournament as far as it could be read, and the problems."""

    tournament: Tournament
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: Where each record and player was read (for checks made later, e.g.
    #: :func:`swisschess.formats.checks.check_pairable`).
    locations: Locations = field(default_factory=Locations)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == WARNING]

    @property
    def ok(self) -> bool:
        """True when the file has no errors (warnings allowed)."""
        return not self.errors


class TrfError(Exception):
    """The file could not be read as a tournament; ``diagnostics`` says where."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))
