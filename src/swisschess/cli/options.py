"""Command-line options shared by several commands: system and rule edition.

The choices come from :mod:`swisschess.pairing.registry`, the one table of
systems and editions, so a system added there appears here on its own.
"""

from __future__ import annotations

import argparse

from swisschess.i18n import gettext as _
from swisschess.i18n import terms
from swisschess.pairing import registry
from swisschess.pairing.result import InputError


def add_pairing_options(p: argparse.ArgumentParser, *, default_system: str | None = None,
                        edition_help: str | None = None, players: bool = False) -> None:
    """The options of every command that pairs (``engine``, ``pair``, ``new``): the
    system and edition, Baku acceleration, round robin."""
    add_system_options(p, default_system=default_system, edition_help=edition_help)
    add_acceleration_option(p)
    add_round_robin_options(p, players=players)


def add_system_options(p: argparse.ArgumentParser, *, default_system: str | None = None,
                       edition_help: str | None = None) -> None:
    """``--dutch`` / ``--lim`` / ... (sets ``system``) and ``--edition`` (sets ``edition``).

    Both default to None: :func:`resolve_system` then takes them from the file.
    The help texts are in the current language (the parser is built after
    ``--lang`` is read).
    """
    if edition_help is None:
        edition_help = _("rule edition (default: the file's 192/092 record, else the "
                         "system's default)")
    g = p.add_mutually_exclusive_group()
    for system in registry.systems():
        eds = ", ".join(registry.editions(system))
        g.add_argument(f"--{system}", dest="system", action="store_const", const=system,
                       help=_("{name} (editions {editions})").format(
                           name=terms.system_name(system), editions=eds)
                            + (" " + _("(default)") if system == default_system else ""))
    # -- branch dubov: the system by name too (``new --system dubov``) --
    g.add_argument("--system", dest="system", choices=registry.systems(), default=None,
                   help=_("pairing system by name (the same as --dutch, --dubov, ...)"))
    p.add_argument("--edition", choices=registry.editions(), default=None, help=edition_help)
    p.set_defaults(system=None)


def resolve_system(system: str | None, edition: str | None,
                   file_system: str = "") -> tuple[str, str]:
    """Command line first, then the file's 192 / 092 record, then Dutch 2026.

    An edition named on the command line for another system than the file's
    applies to the command line's system; without one, that system's default.
    Raises :class:`~swisschess.pairing.result.InputError` for a system and
    edition that do not go together (``--lim --edition 2017``).
    """
    from_file = registry.system_from_code(file_system)
    if from_file is None and system is None:
        why = registry.unsupported_system(file_system)  # e.g. 192 FIDE_DOUBLESWISS
        if why:
            raise InputError(why)
    if from_file is None:
        first = registry.systems()[0]
        from_file = (first, registry.default_edition(first))
    system = system or from_file[0]
    if edition is None:
        edition = from_file[1] if system == from_file[0] else registry.default_edition(system)
    return registry.find(system, edition).key


# ------------------------------------------- Baku acceleration (C.04.5.1)
def add_acceleration_option(p: argparse.ArgumentParser) -> None:
    """``--baku``: pair with the Baku acceleration (sets ``baku``)."""
    p.add_argument("--baku", action="store_true", default=False,
                   help=_("Baku acceleration (C.04.5.1): virtual points for the top half in "
                          "the first half of the rounds; also chosen by a 192 code ending in "
                          "_BAKU. XXA / 250 records in the file win over the computation"))


def resolve_baku(flag: bool, file_system: str = "") -> bool:
    """Command line (``--baku``) or the file's ``192`` / ``092`` name (``..._BAKU``)."""
    return flag or registry.baku_from_code(file_system)


# ------------------------------------- round robin (C.05 Annex 1, Berger)
def add_round_robin_options(p: argparse.ArgumentParser, *, players: bool = False) -> None:
    """``--round-robin`` [``--double``] (and ``--players N`` for printing a table)."""
    p.add_argument("--round-robin", dest="round_robin", action="store_true", default=False,
                   help=_("round robin from the Berger tables (FIDE C.05 Annex 1); also "
                          "chosen by a 192 code such as FIDE_ROUNDROBIN"))
    p.add_argument("--double", action="store_true", default=False,
                   help=_("double round robin (second cycle with colours reversed)"))
    if players:
        p.add_argument("--players", type=int, metavar="N",
                       help=_("with --round-robin and no file: print the Berger table for N "
                              "players"))


def resolve_round_robin(flag: bool, double: bool, system: str | None,
                        file_system: str = "") -> str | None:
    """``"double"`` / ``"auto"`` when the round robin applies, else None.

    The command line first (``--round-robin``, ``--double``; a Swiss system
    named there wins over the file), then the file's ``192`` / ``092`` name
    (``FIDE_DOUBLEROUNDROBIN`` -> double).  ``"auto"``: a double round robin
    when the tournament has more rounds than one cycle (gacrux writes
    ``FIDE_ROUNDROBIN`` for its double round robins too).
    """
    code = registry.round_robin_from_code(file_system)
    if not (flag or double) and (system is not None or code is None):
        return None
    return "double" if double or code == "double" else "auto"
