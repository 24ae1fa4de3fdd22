"""``swisschess engine --dutch -g [CONFIG] -o OUT.trf [-s SEED] [-l LIST]``: random tournament.

Generates a complete random tournament, every round paired by the engine, and
writes it as TRF-2026 (record 142 with the number of rounds, 192 with the
pairing system, and ``XXR`` for readers of TRF(x)).  CONFIG holds
``Key=Value`` lines with the JaVaFo / bbpPairings generator keys
(PlayersNumber, RoundsNumber, DrawPercentage, ForfeitRate, RetiredRate,
HalfPointByeRate, HighestRating, LowestRating, PointsForWin, PointsForDraw,
PointsForLoss, PointsForZPB, PointsForForfeitLoss, PointsForPAB, ...; see
:mod:`swisschess.checking.generator`); keys not given are drawn at random.
The same CONFIG and SEED give the same file.  Without ``-s`` a seed is drawn
and written in the file (record 012 and a comment).

Exit codes: 0 ok, 1 no valid pairing for some round, 3 invalid configuration,
4 too large (PlayersNumber over 9999, more than TRF can number), 5 file error.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys

from swisschess.checking.checker import RoundCheck, position_before, tournament_boards
from swisschess.checking.generator import (
    ConfigError,
    TooLarge,
    config_summary,
    generate,
    parse_config,
    representable_in_trf,
    resolve_config,
)
from swisschess.cli.exitcodes import (
    EXIT_FILE,
    EXIT_INVALID,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_TOO_LARGE,
)
from swisschess.cli.files import cannot_read
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.model.tournament import Tournament
from swisschess.pairing import registry


def parse_seed(text: str | None) -> int:
    """A seed from the command line: an integer, or any text (hashed); random if None."""
    if text is None or text == "":
        return random.SystemRandom().randrange(1, 2**31)
    try:
        return int(text)
    except ValueError:
        return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def tournament_text(t: Tournament, seed: int, settings: dict[str, object] | None) -> str:
    """``t`` as TRF-2026 text with the generator's comment and an ``XXR`` line."""
    from swisschess.formats.trf import write_trf

    cfg_line = config_summary(resolve_config(settings, seed)[0]).replace("\n", " ")
    t.comments = [f"### swisschess random tournament, seed {seed}", f"### {cfg_line}"]
    text = write_trf(t, "2026", points="computed", newline="\r\n")
    return add_xxr(text, t.rounds or t.rounds_recorded())


def add_xxr(text: str, rounds: int) -> str:
    """Add ``XXR n`` after the 142 record (or at the end) unless the text has one."""
    nl = "\r\n" if "\r\n" in text else "\r" if "\r" in text and "\n" not in text else "\n"
    lines = text.split(nl)
    if any(ln.startswith("XXR") for ln in lines):
        return text
    at = next((i + 1 for i, ln in enumerate(lines) if ln.startswith("142")), None)
    if at is None:
        at = len(lines) - 1 if lines and lines[-1] == "" else len(lines)
    lines.insert(at, f"XXR {rounds}")
    return nl.join(lines)


def generation_checks(t: Tournament) -> list[RoundCheck]:
    """Checklist rows of a generated tournament (the engine's own pairings)."""
    out = []
    for rnd in range(1, t.rounds_recorded() + 1):
        boards, _ = tournament_boards(t, rnd)
        out.append(RoundCheck(rnd, boards, boards, position_before(t, rnd)))
    return out


def run_generate(args: argparse.Namespace) -> int:
    """Generate a random tournament and write it to ``args.output`` (engine ``-g``)."""
    from swisschess.pairing.result import InputError, PairingError

    if not args.output:
        print("swisschess: " + _("-g needs -o OUT.trf"), file=sys.stderr)
        return EXIT_INVALID
    seed = parse_seed(args.seed)
    settings = None
    if args.generate:
        try:
            with open(args.generate, encoding="utf-8-sig") as f:
                settings = parse_config(f.read())
        except OSError as e:
            print("swisschess: " + cannot_read(args.generate, e), file=sys.stderr)
            return EXIT_FILE
        except ConfigError as e:
            print(f"swisschess: {args.generate}: {e}", file=sys.stderr)
            return EXIT_INVALID
    system = args.system or "dutch"
    edition = args.edition or registry.default_edition(system)
    try:
        t = generate(settings, seed, system=system, edition=edition,
                     baku=getattr(args, "baku", False))
    except TooLarge as e:
        print(f"swisschess: {args.generate or 'configuration'}: {e}", file=sys.stderr)
        return EXIT_TOO_LARGE
    except ConfigError as e:
        print(f"swisschess: {args.generate or 'configuration'}: {e}", file=sys.stderr)
        return EXIT_INVALID
    except PairingError as e:
        print("swisschess: " + _("seed {seed}: no valid pairing: {reason}").format(
            seed=seed, reason=translate_message(str(e))), file=sys.stderr)
        return EXIT_NO_PAIRING
    except InputError as e:
        print(f"swisschess: seed {seed}: {translate_message(str(e))}", file=sys.stderr)
        return EXIT_INVALID
    if not representable_in_trf(t.points):
        print("swisschess: " + _("warning: TRF-2026 record 162 cannot describe this point "
                                 "system exactly (forfeit win / full-point bye = win, "
                                 "half-point bye = draw, zero-point bye = forfeit loss)"),
              file=sys.stderr)
    text = tournament_text(t, seed, settings)
    try:
        with open(args.output, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    except OSError as e:
        print("swisschess: " + _("{file}: cannot write: {reason}").format(
            file=args.output, reason=e.strerror or e), file=sys.stderr)
        return EXIT_FILE
    if getattr(args, "checklist", None):
        from swisschess.cli.check import write_checklist

        try:
            write_checklist(args.checklist, f"seed {seed}", generation_checks(t), system, edition)
        except OSError as e:
            print("swisschess: " + _("{file}: cannot write the checklist: {reason}").format(
                file=args.checklist, reason=e.strerror or e), file=sys.stderr)
    return EXIT_OK
