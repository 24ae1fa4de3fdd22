"""``swisschess engine --dutch IN.trf -c [-l CHECKLIST]``: the free pairings checker.

Re-pairs every round of the tournament from what was known before it and
lists, round by round, the boards where the engine and the tournament differ,
in the layout of the reference checkers (JaVaFo, bbpPairings)::

    NAME: Round #1
    NAME: Round #2
      Checker pairings        Tournament pairings
          3 -   7                  7 -   3

``NAME`` is the file name without its extension; a PAB is written ``ID - 0``.
With ``-l FILE`` a checklist is written too: for every round the players to
pair grouped by score, with their colour history, colour preference, PAB
eligibility (C2), floats of the last two rounds (C14, C16), the checker's and
the tournament's board and the opponents so far.

Exit codes: 0 no round differs, 6 some round differs, 3 invalid input, 2
unexpected error.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable
from itertools import zip_longest

from swisschess.checking.checker import Board, RoundCheck, RoundDiscrepancy, check_rounds
from swisschess.cli.exitcodes import (
    EXIT_DIFFERENCES,
    EXIT_FILE,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_UNEXPECTED,
)
from swisschess.formats.checks import check_file
from swisschess.formats.diagnostics import ERROR
from swisschess.formats.locations import Locations
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.model.facts import facts_edition, round_facts
from swisschess.model.history import Float, Strength
from swisschess.model.points import format_points
from swisschess.model.tournament import Colour, Tournament


# -------------------------------------------------------------- report text
def _board(b: Board | None) -> str:
    if b is None:
        return " " * 9
    return f"{b[0]:>3} - {b[1]:>3}"


def discrepancy_lines(d: RoundDiscrepancy) -> list[str]:
    """The table of one differing round (after its ``Round #`` line), blank-line ended."""
    if d.kind == "no-pairing":
        return [f"No valid pairing exists for round {d.round}.", ""]
    out = ["  Checker pairings" + " " * 8 + "Tournament pairings "]
    for c, t in zip_longest(d.checker, d.tournament):
        out.append("    " + _board(c) + " " * 16 + _board(t))
    out.append("")
    return out


def report_lines(name: str, checks: Iterable[RoundCheck]) -> list[str]:
    """The checker's report: one ``NAME: Round #R`` line per round, tables where they differ."""
    out: list[str] = []
    for rc in checks:
        out.append(f"{name}: Round #{rc.round}")
        if rc.discrepancy is not None:
            out.extend(discrepancy_lines(rc.discrepancy))
    out.append("")
    return out


#: A round line of a checker's report, ours (:func:`report_lines`), bbpPairings' or JaVaFo's.
ROUND_LINE = re.compile(r"^(\S.*): Round #(\d+)\s*$")
#: What a checker prints under a round it pairs otherwise: a ``Checker pairings``
#: table, ``No valid pairing`` or (JaVaFo) ``A and B had inverted colors``.
DIFFERENCE_MARKS = ("Checker pairings", "No valid pairing", "inverted colors")


def read_report(text: str) -> tuple[int, list[int]]:
    """Rounds checked and rounds that differ, from a ``-c`` report in the format
    :func:`report_lines` writes (bbpPairings and JaVaFo write it too)."""
    rounds: list[int] = []
    differing: set[int] = set()
    for line in text.splitlines():
        m = ROUND_LINE.match(line)
        if m:
            rounds.append(int(m.group(2)))
        elif rounds and any(mark in line for mark in DIFFERENCE_MARKS):
            differing.add(rounds[-1])
    return len(rounds), sorted(differing)


# ---------------------------------------------------------------- checklist
_STRENGTH = {Strength.ABSOLUTE: "abs", Strength.STRONG: "str", Strength.MILD: "mild"}
_FLOAT = {Float.UP: "U", Float.DOWN: "D", Float.NONE: ""}

CHECKLIST_LEGEND = """\
Columns: ID pairing number; Pts score used for pairing (acceleration included);
Hist colours of the rounds so far (- not played); Pref colour preference
(abs/str/mild); C2 may receive the pairing-allocated bye (Y/N); C14, C16 float
in the last and the next-to-last round (U up, D down); Checker / Tournament the
player's board (opponent and colour, bye = PAB), * where they differ; R1.. the
opponent, colour and result of each earlier round."""


def _history(t: Tournament, pid: int, upto: int) -> str:
    out = []
    for rnd in range(1, upto + 1):
        e = t.players[pid].entry(rnd)
        out.append(e.colour.value.upper() if e is not None and e.played else "-")
    return "".join(out)


def _slot(boards: list[Board], pid: int) -> str:
    for w, b in boards:
        if b == 0 and w == pid:
            return "bye"
        if w == pid:
            return f"{b}W"
        if b == pid:
            return f"{w}B"
    return ""


def checklist_lines(rc: RoundCheck, system: str, edition: str) -> list[str]:
    """The checklist table of one round (players to pair grouped by score)."""
    t, rnd = rc.before, rc.round
    facts = round_facts(t, rnd, facts_edition(system, edition))
    score = {pid: f.pairing_score for pid, f in facts.items()}
    head = ["ID", "Pts", "Hist", "Pref", "C2", "C14", "C16", "Checker", "Tournament", "Diff"]
    head += [f"R{r}" for r in range(1, rnd)]
    out = [f"Round #{rnd}", "", "\t".join(head)]
    last = None
    for pid in sorted(facts, key=lambda p: (-score[p], p)):
        if last is not None and score[pid] != last:
            out.append("")
        last = score[pid]
        pref = facts[pid].preference
        pref_s = "" if pref.strength is Strength.NONE else \
            f"{_STRENGTH[pref.strength]} {'W' if pref.colour is Colour.WHITE else 'B'}"
        mine, theirs = _slot(rc.checker, pid), _slot(rc.tournament, pid)
        row = [str(pid), format_points(score[pid], decimals=1), _history(t, pid, rnd - 1), pref_s,
               "Y" if facts[pid].pab_eligible else "N", *(_FLOAT[f] for f in facts[pid].floats),
               mine, theirs, "*" if mine != theirs else ""]
        for r in range(1, rnd):
            e = t.players[pid].entry(r)
            if e is None or e.blank:
                row.append("")
            elif e.opponent is None:
                row.append(f"0{e.code}")
            else:
                row.append(f"{e.opponent}{e.colour.value}{e.code}")
        out.append("\t".join(row))
    out.append("")
    if rc.discrepancy is not None:
        out.extend(discrepancy_lines(rc.discrepancy))
    out.append("")
    return out


def write_checklist(path: str, source: str, checks: list[RoundCheck], system: str,
                    edition: str) -> None:
    """Write the checklist of every round to ``path`` (raises OSError)."""
    lines = [f"swisschess checker: {source} ({system} {edition})", CHECKLIST_LEGEND, ""]
    for rc in checks:
        lines.extend(checklist_lines(rc, system, edition))
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


# ---------------------------------------------------------------- command
def run_check(args: argparse.Namespace, t: Tournament, system: str, edition: str,
              pairer=None, locations: Locations | None = None) -> int:
    """Check every round of ``t`` and print the differing rounds (engine ``-c``).

    The recorded rounds are first checked for consistency by the same file
    checks as ``validate`` (:func:`swisschess.formats.checks.check_file`, located
    by ``locations``): warnings are printed, an error refuses the file (exit 3)."""
    from swisschess.pairing.result import InputError

    found = check_file(t, locations, args.input)
    for d in found:
        print(f"swisschess: {translate_message(str(d))}", file=sys.stderr)
    if any(d.severity == ERROR for d in found):
        return EXIT_INVALID
    try:
        checks = check_rounds(t, system, edition, pairer)
    except InputError as e:
        print(f"swisschess: {args.input}: {translate_message(str(e))}", file=sys.stderr)
        return EXIT_INVALID
    except Exception as e:  # the engine failed: report, do not hide
        print("swisschess: " + _("{file}: unexpected error while checking: {reason}").format(
            file=args.input, reason=f"{type(e).__name__}: {e}"), file=sys.stderr)
        return EXIT_UNEXPECTED
    name = os.path.splitext(os.path.basename(args.input))[0]
    sys.stdout.write("\n".join(report_lines(name, checks)) + "\n")
    if getattr(args, "checklist", None):
        try:
            write_checklist(args.checklist, args.input, checks, system, edition)
        except OSError as e:
            print("swisschess: " + _("{file}: cannot write the checklist: {reason}").format(
                file=args.checklist, reason=e.strerror or e), file=sys.stderr)
            return EXIT_FILE
    return EXIT_DIFFERENCES if any(rc.discrepancy for rc in checks) else EXIT_OK
