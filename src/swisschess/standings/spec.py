"""Tie-break names: parsing ``DE,BH/C1,BH,SB`` into :class:`TiebreakSpec`.

The syntax is the one of TRF-2026 records 202/212 and of the TEC "Mandatory
Tie-Breaks" list: ``NAME[/Cn|/Mn|/L±n][/P][/F][/R]``; the Handbook's hyphen form
(``BH-C1``) is accepted too, case does not matter.

* ``/Cn`` Cut-n: drop the n least significant values (C.07 (2026) Art. 14.1, 14.2);
* ``/Mn`` Median-n: drop the n least and the n most significant values (Art. 14.3, 14.4);
* ``/L±n`` Koya limit moved by n half-points (``/L+1.5`` in points; ``/L60`` in per cent) (Art. 14.5);
* ``/P`` forfeits count as games against the scheduled opponent (Art. 6.1.1, 16.6);
* ``/F`` AOB over the opponents' Fore Buchholz (Art. 8.2, 2026);
* ``/R`` reverse order (TPN, RTNG: Art. 7.8, 10.6).

Besides the C.07 names: ``GE`` = REP (its name before 2024-08), ``SNO`` = TPN,
``DE1`` = direct encounter for the first place only (seeds F10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

#: C.07 short name -> (article in the 2026 edition, description, higher-is-better).
TIEBREAKS: dict[str, tuple[str, str, bool]] = {
    "PTS": ("2", "points", True),
    "DE": ("6", "direct encounter", False),
    "DE1": ("seeds F10", "direct encounter, first place only", False),
    "WIN": ("7.1", "number of wins (with or without playing)", True),
    "WON": ("7.2", "number of games won over the board", True),
    "BPG": ("7.3", "number of games played with Black", True),
    "BWG": ("7.4", "number of games won with Black", True),
    "PS": ("7.5", "sum of progressive scores", True),
    "REP": ("7.6", "rounds one elected to play in", True),
    "STD": ("7.7", "standard points", True),
    "TPN": ("7.8", "tournament pairing number (ascending)", False),
    "BH": ("8.1", "Buchholz", True),
    "AOB": ("8.2", "average of opponents' Buchholz", True),
    "FB": ("8.3", "Fore Buchholz", True),
    "SB": ("9.1", "Sonneborn-Berger", True),
    "KS": ("9.2", "Koya system", True),
    "ARO": ("10.1", "average rating of opponents", True),
    "TPR": ("10.2", "tournament performance rating", True),
    "PTP": ("10.3", "perfect tournament performance", True),
    "APRO": ("10.4", "average performance rating of opponents", True),
    "APPO": ("10.5", "average perfect performance of opponents", True),
    "RTNG": ("10.6", "rating", True),
}

ALIASES = {
    "GE": "REP", "SNO": "TPN", "RTG": "RTNG", "POINTS": "PTS", "BUCHHOLZ": "BH",
    "SONNEBORN-BERGER": "SB", "SONNEBORNBERGER": "SB", "KOYA": "KS", "PROGRESSIVE": "PS",
}

#: Tie-breaks that accept Cut/Median modifiers (C.07 Art. 5 "Cut-1" column, Art. 14).
CUTTABLE = frozenset({"BH", "FB", "SB", "PS", "ARO", "TPR", "PTP"})
#: Rating-based tie-breaks (C.07 Art. 10): dropped when unrated players are present.
RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})


class TiebreakError(ValueError):
    """A tie-break name or modifier that is not understood."""


@dataclass(frozen=True, slots=True)
class TiebreakSpec:
    """One entry of the tie-break list."""

    code: str
    cut_low: int = 0
    cut_high: int = 0
    #: Koya: limit in per cent of the maximum score (default 50) and offset in points.
    limit_percent: Fraction = Fraction(50)
    limit_offset: Fraction = Fraction(0)
    forfeits_played: bool = False
    fore: bool = False
    reverse: bool = False

    @property
    def higher_is_better(self) -> bool:
        return TIEBREAKS[self.code][2] != self.reverse

    @property
    def article(self) -> str:
        return TIEBREAKS[self.code][0]

    @property
    def description(self) -> str:
        return TIEBREAKS[self.code][1]

    @property
    def rating_based(self) -> bool:
        return self.code in RATING_BASED

    @property
    def label(self) -> str:
        """The canonical short name, e.g. ``BH/C1``, ``KS/L+2``, ``DE/P``."""
        s = self.code
        if self.cut_low and self.cut_low == self.cut_high:
            s += f"/M{self.cut_low}"
        else:
            if self.cut_low:
                s += f"/C{self.cut_low}"
            if self.cut_high:
                s += f"/H{self.cut_high}"
        if self.limit_percent != 50:
            s += f"/L{_num(self.limit_percent)}"
        if self.limit_offset:
            half = self.limit_offset * 2
            s += f"/L{'+' if half > 0 else '-'}{_num(abs(half))}"
        if self.forfeits_played:
            s += "/P"
        if self.fore:
            s += "/F"
        if self.reverse:
            s += "/R"
        return s

    def __str__(self) -> str:
        return self.label


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else str(float(x))


_MOD = re.compile(r"^(C|M|H)(\d+)$|^L([+-]?)(\d+(?:\.\d+)?)$|^(P|F|R)$")


def parse_tiebreak(text: str) -> TiebreakSpec:
    """Parse one name such as ``BH/C1``, ``bh-m1``, ``KS/L+1``, ``SB/P``."""
    raw = text.strip()
    if not raw:
        raise TiebreakError("empty tie-break name")
    up = raw.upper()
    if ":" in up.split("/")[0]:
        name, _, pt = up.split("/")[0].partition(":")
        if pt not in ("", "GP"):
            raise TiebreakError(f"{raw!r}: team score {pt!r} (individual events only)")
        up = name + up[len(up.split("/")[0]):]
    parts = up.split("/")
    head = parts[0]
    mods = parts[1:]
    if head not in TIEBREAKS and head not in ALIASES and "-" in head:
        # Handbook form BH-C1, ARO-M1
        name, _, rest = head.partition("-")
        if name in TIEBREAKS or name in ALIASES:
            head, mods = name, rest.split("-") + mods
    code = ALIASES.get(head, head)
    if code not in TIEBREAKS:
        raise TiebreakError(f"unknown tie-break {raw!r} (known: {', '.join(TIEBREAKS)})")
    spec = TiebreakSpec(code)
    for m in mods:
        mm = _MOD.match(m)
        if not mm:
            raise TiebreakError(f"{raw!r}: unknown modifier {m!r}")
        if mm.group(1):
            n = int(mm.group(2))
            if code not in CUTTABLE:
                raise TiebreakError(f"{raw!r}: {code} takes no Cut/Median modifier")
            if mm.group(1) == "C":
                spec = replace(spec, cut_low=n)
            elif mm.group(1) == "H":
                spec = replace(spec, cut_high=n)
            else:
                spec = replace(spec, cut_low=n, cut_high=n)
        elif mm.group(4) is not None:
            if code != "KS":
                raise TiebreakError(f"{raw!r}: the Limit modifier is for KS only")
            v = Fraction(mm.group(4))
            if mm.group(3):
                # L+n / L-n: n half-points (L+1.5 with a decimal point: points)
                pts = v if "." in mm.group(4) else v / 2
                spec = replace(spec, limit_offset=pts if mm.group(3) == "+" else -pts)
            else:
                spec = replace(spec, limit_percent=v)
        else:
            flag = mm.group(5)
            if flag == "P":
                spec = replace(spec, forfeits_played=True)
            elif flag == "F":
                if code not in ("AOB", "BH"):
                    raise TiebreakError(f"{raw!r}: /F is for AOB (and BH = FB)")
                spec = replace(spec, fore=True) if code == "AOB" else replace(spec, code="FB")
            else:
                spec = replace(spec, reverse=True)
    return spec


#: Named lists.  ``F10``: the seeds' final ranking (points; mutual result for the
#: first place only; average rating of opponents; then lots, which this program
#: leaves as a shared place).  ``POLISH``: the Polish federation supplement to
#: the seeds (Buchholz, Median-1 Buchholz, progressive score, mutual result, wins).
PRESETS: dict[str, tuple[str, ...]] = {
    "F10": ("DE1", "ARO"),
    "POLISH": ("BH", "BH/M1", "PS", "DE", "WIN"),
    # A common C.07 (2026) Art. 5 choice for individual Swiss events.
    "FIDE-SWISS": ("BH/C1", "BH", "SB", "DE", "WIN"),
}


def parse_tiebreaks(text: str | list[str] | tuple[str, ...]) -> list[TiebreakSpec]:
    """Parse a comma-separated list (or a list of names); presets are expanded.

    ``"DE,BH/C1,BH,SB"`` -> four specs.  ``"F10"`` and ``"POLISH"`` name the
    presets of :data:`PRESETS`.
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    out: list[TiebreakSpec] = []
    for item in items:
        item = item.strip()
        if not item:
            continue
        key = item.upper()
        if key in PRESETS:
            out.extend(parse_tiebreak(x) for x in PRESETS[key])
        else:
            out.append(parse_tiebreak(item))
    return out
