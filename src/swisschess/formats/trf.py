"""TRF reader (TRF16, JaVaFo TRF(x), TRF-2026).  Minimal first version.

Public API (stable):

* ``parse_trf(text, filename="<string>") -> TrfResult`` (tournament + diagnostics)
* ``read_trf(path) -> TrfResult`` (decodes UTF-8, falls back to Latin-1)
* ``TrfError`` raised by ``load_trf(path)`` when the file has errors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from swisschess.model.tournament import (
    ByeRequest,
    Colour,
    Player,
    RoundEntry,
    Tournament,
)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem found in a file, located by line and column (1-based)."""

    filename: str
    line: int
    column: int
    message: str
    severity: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.column}: {self.severity}: {self.message}"


@dataclass(slots=True)
class TrfResult:
    tournament: Tournament
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


class TrfError(Exception):
    """The file could not be read as a tournament; ``diagnostics`` says where."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def split_lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def parse_trf(text: str, filename: str = "<string>") -> TrfResult:
    t = Tournament()
    diags: list[Diagnostic] = []

    def err(ln: int, col: int, msg: str, sev: str = "error") -> None:
        diags.append(Diagnostic(filename, ln, col, msg, sev))

    for ln, line in enumerate(split_lines(text), 1):
        if not line.strip():
            continue
        code = line[:3]
        if code == "001":
            p = _parse_player(line, ln, err)
            if p is not None:
                if p.id in t.players:
                    err(ln, 5, f"duplicate player number {p.id}")
                else:
                    t.players[p.id] = p
        elif code == "012":
            t.name = line[4:].strip()
        elif code in ("XXR", "142"):
            try:
                t.rounds = int(line[4:].split()[0])
            except (ValueError, IndexError):
                err(ln, 5, "number of rounds is not a number")
        elif code == "XXC":
            for w in line[4:].split():
                if w.lower() == "white1":
                    t.initial_colour = Colour.WHITE
                elif w.lower() == "black1":
                    t.initial_colour = Colour.BLACK
        elif code == "152":
            v = line[4:].strip().upper()[:1]
            t.initial_colour = {"W": Colour.WHITE, "B": Colour.BLACK}.get(v)
        elif code in ("092", "192"):
            t.system = line[4:].strip()
        elif code == "XXZ":
            try:
                ids = tuple(int(w) for w in line[4:].split())
            except ValueError:
                err(ln, 5, "XXZ: player numbers expected")
                continue
            t.bye_requests.append(ByeRequest("Z", -1, ids))
        else:
            t.extra.setdefault(code, []).append(line)
    # XXZ applies to the round to be paired.
    nxt = t.rounds_recorded() + 1
    t.bye_requests = [b if b.round != -1 else ByeRequest(b.code, nxt, b.ids) for b in t.bye_requests]
    return TrfResult(t, diags)


def _parse_player(line: str, ln: int, err) -> Player | None:
    try:
        pid = int(line[4:8])
    except ValueError:
        err(ln, 5, "player number is not a number")
        return None
    rating_s = line[48:52].strip()
    pts_s = line[80:84].strip()
    p = Player(
        id=pid,
        sex=line[9:10].strip(),
        title=line[10:13].strip(),
        name=line[14:47].strip(),
        rating=int(rating_s) if rating_s.isdigit() else 0,
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth=line[69:79].strip(),
    )
    if pts_s:
        try:
            p.stated_points = Fraction(pts_s)
        except ValueError:
            err(ln, 81, f"points {pts_s!r} is not a number")
    i = 91
    while i < len(line):
        chunk = line[i:i + 8].ljust(8)
        opp_s, col_s, res_s = chunk[0:4].strip(), chunk[5].lower(), chunk[7].upper()
        if not opp_s and col_s == " " and res_s == " ":
            p.results.append(RoundEntry(None, Colour.NONE, "Z", blank=True))
        else:
            opp = int(opp_s) if opp_s.isdigit() else 0
            colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(col_s, Colour.NONE)
            if res_s == " ":
                res_s = "Z"
            if opp == 0:
                p.results.append(RoundEntry(None, Colour.NONE, res_s))
            else:
                p.results.append(RoundEntry(opp, colour, res_s))
        i += 10
    while p.results and p.results[-1].blank:
        p.results.pop()
    return p


def read_trf(path: str) -> TrfResult:
    with open(path, "rb") as f:
        data = f.read()
    return parse_trf(_decode(data), path)


def load_trf(path: str) -> Tournament:
    r = read_trf(path)
    if r.errors:
        raise TrfError(r.errors)
    return r.tournament
