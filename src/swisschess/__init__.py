"""swisschess: FIDE Swiss-system pairing (Dutch system), TRF formats, standings."""

__version__ = "0.1.0"
