"""Tournament file formats: FIDE TRF16, JaVaFo TRF(x), bbpPairings TRF(bx), TRF-2026.

``parse_trf`` / ``read_trf`` / ``load_trf`` read, ``write_trf`` writes; problems
come back as located :class:`Diagnostic` objects (see ``docs/formats.md``).
"""

from swisschess.formats.diagnostics import Diagnostic, TrfError, TrfResult
from swisschess.formats.trf import load_trf, parse_trf, read_trf, write_trf

__all__ = ["Diagnostic", "TrfError", "TrfResult", "load_trf", "parse_trf", "read_trf",
           "write_trf"]
