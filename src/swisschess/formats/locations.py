"""Where each thing was read in a TRF file, so that later checks can point at it."""

from __future__ import annotations

from dataclasses import dataclass, field

from swisschess.formats.fields import ROUND_COLUMN, ROUND_STRIDE


@dataclass(slots=True)
class Locations:
    """Where things were read, so that later checks can point at the file."""

    #: player id -> line of its 001 record
    player_line: dict[int, int] = field(default_factory=dict)
    #: record code -> line of its first occurrence
    record_line: dict[str, int] = field(default_factory=dict)
    #: line of each ByeRequest, in ``t.bye_requests`` order
    bye_lines: list[int] = field(default_factory=list)
    #: line of each ForbiddenPairs, in ``t.forbidden`` order
    forbidden_lines: list[int] = field(default_factory=list)
    #: player id -> line of its XXA record
    xxa_lines: dict[int, int] = field(default_factory=dict)

    @staticmethod
    def round_column(rnd: int, part: str = "opponent") -> int:
        """Column of round ``rnd``'s opponent / colour / result field."""
        base = ROUND_COLUMN + ROUND_STRIDE * (rnd - 1)
        return base + {"opponent": 0, "colour": 5, "result": 7}[part]
