"""The one table of pairing systems and rule editions swisschess implements.

Everything that offers a choice of system or edition derives it from
:data:`EDITIONS`: :func:`swisschess.pairing.api.pair_next` (the one door every
front end pairs through), reading a TRF
file's ``192``/``092`` record (:func:`system_from_code`), the record ``192``
we write (generator, store), the command line (``--edition``, ``--lim``), the
web app and the store's settings.

An entry is one rule text: a *system* (``dutch``, ``lim``) in one *edition*
(the year of the text: ``2026``, ``2017``, ``1992``).  Per entry:

* ``name`` — a short name for people ("FIDE Dutch 2026"), ``description``
  one line for ``--help``, the web app and the docs;
* ``trf_code`` — what we write in record ``192`` (ETT26 codes where one exists:
  ``FIDE_DUTCH`` is the date-dependent code every reference engine reads,
  whereas bbpPairings rejects ``FIDE_DUTCH_2026``; ETT26 has no Lim code, so
  Lim is a ``CUSTOM_SWISS`` variant);
* ``trf_words`` — the words of a ``192``/``092`` name that select this edition
  once the system's own name (its ``system`` in capitals: ``DUTCH``, ``LIM``)
  was found in it, e.g. ``FIDE_DUTCH_2017`` or "Dutch (Istanbul 2012 rules)";
  a name with the system's word and none of its editions' words selects the
  system's ``default`` edition;
* ``pair`` — the function pairing the next round (its module is imported only
  when it is called, so that reading this table stays cheap).

How to add a system or an edition (one place: this module)
-----------------------------------------------------------
1. Write the rules in their own module under :mod:`swisschess.rules`, with a
   function ``pair_xxx(t: Tournament) -> Pairing`` (types from
   :mod:`swisschess.pairing.result`; never import this module or
   :mod:`swisschess.pairing.api` from a rules module).
2. Add a small lazy wrapper below (``def _pair_xxx(t)``) and one
   :class:`Edition` row to :data:`EDITIONS`.  The first row of a system is
   listed first in choices; mark exactly one row per system ``default=True``.
3. Nothing else: the CLI choices and flags (``--xxx`` for a new system), the
   web app, the store and the TRF ``192`` reader and writer follow the table.
   Add tests for the new rules, and a line to the README's table of editions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from swisschess.pairing.result import InputError

if TYPE_CHECKING:
    from swisschess.model.tournament import Tournament
    from swisschess.pairing.result import Pairing
    from swisschess.rules.dutchcore import DutchFacts

#: A pairing function: the tournament in, the next round's pairing out.
PairFunction = Callable[["Tournament"], "Pairing"]


@dataclass(frozen=True, slots=True)
class Edition:
    """One rule text of one pairing system (see the module docstring)."""

    system: str
    edition: str
    name: str
    description: str
    trf_code: str
    trf_words: tuple[str, ...]
    pair: PairFunction
    default: bool = False

    @property
    def key(self) -> tuple[str, str]:
        """``(system, edition)``, the pair every caller passes around."""
        return self.system, self.edition


# ------------------------------------------------------ the pair functions
def _pair_dutch_2026(t: Tournament) -> Pairing:
    from swisschess.rules.dutch import DUTCH_2026, pair_dutch

    return pair_dutch(t, DUTCH_2026)


def _pair_dutch_2017(t: Tournament) -> Pairing:
    from swisschess.rules.dutch2017 import pair_dutch_2017

    return pair_dutch_2017(t)


def _pair_dutch_2012(t: Tournament) -> Pairing:
    from swisschess.rules.dutch2012 import pair_dutch_2012

    return pair_dutch_2012(t)


def _pair_dutch_1992(t: Tournament) -> Pairing:
    from swisschess.rules.dutch1992 import pair_dutch_1992

    return pair_dutch_1992(t)


def _pair_lim(t: Tournament) -> Pairing:
    from swisschess.rules.lim import pair_lim

    return pair_lim(t)


def _pair_lim_2026(t: Tournament) -> Pairing:
    from swisschess.rules.lim import pair_lim

    return pair_lim(t, edition="2026")


# -- Dubov and Burstein (branch dubov; issue 12 part 2) --------------------
def _pair_dubov(t: Tournament) -> Pairing:
    from swisschess.rules.dubov import pair_dubov

    return pair_dubov(t)


def _pair_burstein(t: Tournament) -> Pairing:
    from swisschess.rules.burstein import pair_burstein

    return pair_burstein(t)


# ---------------------------------------------------------------- the table
EDITIONS: tuple[Edition, ...] = (
    Edition("dutch", "2026", "FIDE Dutch 2026",
            "FIDE (Dutch) System C.04.3, applied from 1 Feb 2026",
            trf_code="FIDE_DUTCH",
            # FIDE_DUTCH_2025: an earlier TEC draft's name of the 2026 text
            trf_words=("2026", "2025"),
            pair=_pair_dutch_2026, default=True),
    Edition("dutch", "2017", "FIDE Dutch 2017",
            "FIDE (Dutch) System C.04.3, in force 1 Jul 2017 - 31 Jan 2026",
            trf_code="FIDE_DUTCH_2017",
            trf_words=("2017",),
            pair=_pair_dutch_2017),
    Edition("dutch", "2012", "FIDE Dutch 2012",
            "FIDE (Dutch) System C.04.3.1 as agreed in Istanbul 2012, in force 2013 - 30 Jun 2017",
            trf_code="FIDE_DUTCH_2012",
            # "Dutch (Istanbul 2012 rules)": the name JaVaFo 1.4 writes in 092
            trf_words=("2012", "2013", "ISTANBUL"),
            pair=_pair_dutch_2012),
    Edition("dutch", "1992", "Dutch 1992/1998 (seeds)",
            "the seeds' Swiss system based on rating (1992/1998), A1-F10",
            trf_code="FIDE_DUTCH_1992",
            trf_words=("1992", "1998"),
            pair=_pair_dutch_1992),
    Edition("lim", "1992", "Lim",
            "the Lim system (Estonian seed)",
            trf_code="CUSTOM_SWISS_LIM",
            trf_words=(),
            pair=_pair_lim, default=True),
    Edition("lim", "2026", "Lim 2026",
            "the Lim system as FIDE words it today (C.04.4.3, applied from 1 Feb 2026)",
            trf_code="CUSTOM_SWISS_LIM_2026",
            trf_words=("2026",),
            pair=_pair_lim_2026),
    # -- Dubov and Burstein (branch dubov; TRF-2026 / ETT26 codes) --
    Edition("dubov", "2026", "FIDE Dubov 2026",
            "FIDE Dubov System C.04.4.1, applied from 1 Feb 2026",
            trf_code="FIDE_DUBOV", trf_words=("2026",),
            pair=_pair_dubov, default=True),
    Edition("burstein", "2026", "FIDE Burstein 2026",
            "FIDE Burstein System C.04.4.2, applied from 1 Feb 2026",
            trf_code="FIDE_BURSTEIN", trf_words=("2026",),
            pair=_pair_burstein, default=True),
)

#: A bare ``192``/``092`` name that means the default Dutch edition.
BARE_DUTCH_NAMES = frozenset({"FIDE", "SWISS"})


# ----------------------------------------------------------------- queries
def systems() -> list[str]:
    """The systems, in table order (``dutch`` first)."""
    return list(dict.fromkeys(e.system for e in EDITIONS))


def editions(system: str | None = None) -> list[str]:
    """The editions of ``system`` (of all systems if None), in table order."""
    return list(dict.fromkeys(e.edition for e in EDITIONS if system in (None, e.system)))


def default_edition(system: str) -> str:
    """The edition used when none is named."""
    for e in EDITIONS:
        if e.system == system and e.default:
            return e.edition
    raise InputError(f"unknown pairing system {system!r} (known: {', '.join(systems())})")


def find(system: str, edition: str | None = None) -> Edition:
    """The table entry; ``InputError`` when there is none."""
    if edition is None:
        edition = default_edition(system)
    for e in EDITIONS:
        if e.system == system and e.edition == edition:
            return e
    known = ", ".join(f"{x.system} {x.edition}" for x in EDITIONS)
    raise InputError(f"unknown pairing system {system!r} / edition {edition!r} (known: {known})")


def dutch_facts(edition: str) -> DutchFacts:
    """The players' history facts (floats, PAB eligibility) the Dutch
    explainer reads for an edition code: the 2026 and 2017 texts' own (those
    of their :class:`~swisschess.rules.dutchcore.DutchEdition`), the 1992
    text's for 1992, and the 2026 ones for 2012 (the 2012 engine itself keeps
    its own, :mod:`swisschess.rules.dutch1992.context`)."""
    from swisschess.rules.dutchcore import FACTS_1992, FACTS_2017, FACTS_2026

    row = find("dutch", edition)  # an unknown code: the table's own InputError
    facts = {"2026": FACTS_2026, "2017": FACTS_2017, "2012": FACTS_2026, "1992": FACTS_1992}
    return facts[row.edition]  # a new Dutch row needs its facts here


def system_from_code(code: str) -> tuple[str, str] | None:
    """``(system, edition)`` named by a TRF ``192`` / ``092`` record, if we know it.

    The name is cut into words (letters or digits: ``FIDE_DUTCH_2017`` ->
    FIDE, DUTCH, 2017); a system is named by its own word, its edition by one
    of the entry's ``trf_words``, else the system's default edition.
    """
    words = set(re.findall(r"[A-Z]+|[0-9]+", code.upper()))
    if not words:
        return None
    if code.strip().upper() in BARE_DUTCH_NAMES:
        words.add("DUTCH")
    for system in systems():
        if system.upper() not in words:
            continue
        for e in EDITIONS:
            if e.system == system and words.intersection(e.trf_words):
                return e.key
        return system, default_edition(system)
    return None


def trf_code(system: str, edition: str | None = None) -> str:
    """What we write in record ``192`` for this system and edition."""
    return find(system, edition).trf_code


# ------------------------------------------- Baku acceleration (C.04.5.1)
#: The word of a ``192`` code that asks for the Baku acceleration
#: (TRF-2026 ETT26: ``FIDE_DUTCH_BAKU``, ``FIDE_DUTCH_2026_BAKU``, ...).
BAKU_WORD = "BAKU"


def baku_from_code(code: str) -> bool:
    """Does this ``192`` / ``092`` name ask for the Baku acceleration?"""
    return BAKU_WORD in re.findall(r"[A-Z]+|[0-9]+", code.upper())


def accelerated_trf_code(system: str, edition: str | None = None) -> str:
    """What we write in record ``192`` for this system and edition with Baku acceleration.

    The entry's code with ``_BAKU`` (ETT26 spelling; ``FIDE_DUTCH_BAKU`` is the
    one bbpPairings reads, and it reads our ``XXA`` records before its own
    computation).
    """
    return f"{trf_code(system, edition)}_{BAKU_WORD}"


# ------------------------------------- round robin (C.05 Annex 1, Berger)
#: The round robin is not paired by criteria but read from the Berger tables
#: (:mod:`swisschess.rules.roundrobin`), so it is not a row of :data:`EDITIONS`
#: (every row there pairs any Swiss position).  Its ``(system, edition)`` key
#: for the store and the command line is ``("round-robin", "single"|"double")``.
ROUND_ROBIN = "round-robin"
#: Kind -> the ``192`` code we write (TRF-2026 ETT26).
ROUND_ROBIN_CODES = {"single": "FIDE_ROUNDROBIN", "double": "FIDE_DOUBLEROUNDROBIN"}


def round_robin_from_code(code: str) -> str | None:
    """``"single"`` / ``"double"`` when a ``192`` / ``092`` name is a round robin.

    ETT26: ``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN``, ``BERGER_ROUNDROBIN``,
    ``BERGER_DOUBLEROUNDROBIN`` (team round robins are not paired here).
    """
    words = re.findall(r"[A-Z]+|[0-9]+", code.upper())
    if "TEAM" in words or "CUSTOM" in words:  # team events; a custom (not Berger) schedule
        return None
    for w in words:
        if w.endswith("ROUNDROBIN"):
            return "double" if w.startswith("DOUBLE") else "single"
    return None


def pair_round_robin(t: Tournament, kind: str | None = None) -> Pairing:
    """The next round from the Berger table.

    ``kind`` ``"single"`` / ``"double"``; None or ``"auto"``: double when the
    tournament has more rounds than one cycle.
    """
    from swisschess.rules.roundrobin import pair_round_robin as pair

    return pair(t, {"single": False, "double": True}.get(kind or "auto"))


# ------------------------------- TRF-2026 192 codes of systems not paired here
#: ETT26 codes (TRF-2026 record 192) of systems swisschess does not pair.  A
#: file naming one is refused with this message instead of being paired with
#: the default Dutch edition (a system named on the command line still wins).
#: Codes of the systems in :data:`EDITIONS` are never listed here.
UNSUPPORTED_CODES = {
    "FIDE_DOUBLESWISS": "the Double-Swiss system (C.04.5, 2026)",
    "FIDE_DOUBLESWISS_BAKU": "the Double-Swiss system (C.04.5, 2026)",
    "CUSTOM_DOUBLESWISS": "a custom Double-Swiss system",
    "CUSTOM_ROUNDROBIN": "a custom round robin",
    "CUSTOM_KNOCKOUT": "a knockout",
}


def unsupported_system(code: str) -> str | None:
    """Why a ``192`` code cannot be paired here (None: it can, or it is not an ETT26 code)."""
    c = code.strip().upper()
    if system_from_code(c) is not None or round_robin_from_code(c) is not None:
        return None
    what = UNSUPPORTED_CODES.get(c)
    if what is None and (c.startswith(("FIDE_TEAM", "CUSTOM_TEAM", "BERGER_TEAM"))
                         or "SCHILLER" in c or "SCHEVENINGEN" in c):
        what = "a team competition"
    if what is None:
        return None
    return (f"record 192 {c}: {what} is not paired by swisschess; name a system on the "
            f"command line (--dutch, --lim, ...) to pair it anyway")
