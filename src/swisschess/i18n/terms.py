"""Names of rule concepts shown to people: tie-breaks, systems, byes, colour
preferences, floats.  The words follow the seeds' own terms (docs/i18n-glossary.md).

The names are marked with ``N_`` here and translated where they are shown, so
the modules that compute standings or pairings keep their English keys.
"""

from __future__ import annotations

from typing import Any

from swisschess.i18n import N_, date, gettext

#: FIDE C.07 tie-break codes -> their names (the codes themselves are FIDE's
#: acronyms and stay as they are in every language).
TIEBREAK_NAMES: dict[str, str] = {
    "PTS": N_("points"),
    "DE": N_("direct encounter"),
    "DE1": N_("direct encounter, first place only"),
    "WIN": N_("number of wins"),
    "WON": N_("number of games won over the board"),
    "BPG": N_("number of games played with Black"),
    "BWG": N_("number of games won with Black"),
    "PS": N_("sum of progressive scores"),
    "REP": N_("rounds one elected to play in"),
    "STD": N_("standard points"),
    "TPN": N_("pairing number"),
    "BH": N_("Buchholz"),
    "AOB": N_("average of opponents' Buchholz"),
    "FB": N_("Fore Buchholz"),
    "SB": N_("Sonneborn-Berger"),
    "KS": N_("Koya system"),
    "ARO": N_("average rating of opponents"),
    "TPR": N_("tournament performance rating"),
    "PTP": N_("perfect tournament performance"),
    "APRO": N_("average performance rating of opponents"),
    "APPO": N_("average perfect performance of opponents"),
    "RTNG": N_("rating"),
}

#: Pairing systems of the registry -> names (systems other branches add are here
#: already, so their names are translated when they arrive).
SYSTEM_NAMES: dict[str, str] = {
    "dutch": N_("FIDE Dutch"),
    "lim": N_("Lim"),
    "baku": N_("Dutch with Baku acceleration"),
    "dubov": N_("Dubov"),
    "burstein": N_("Burstein"),
    "roundrobin": N_("round robin"),
    "round-robin": N_("round robin"),
}

#: Bye codes (TRF) -> names, as the web views and lists show them.
BYE_NAMES: dict[str, str] = {
    "U": N_("bye (pairing-allocated)"),
    "H": N_("half-point bye"),
    "F": N_("full-point bye"),
    "Z": N_("absent (zero-point bye)"),
}

#: Colour preferences as :class:`swisschess.model.history.ColourPreference` prints them
#: -> their labels.  Each label is a whole message (colour and strength together), so
#: that every language makes the adjective agree with its colour word ("beli (stroga)",
#: "valged (tugev)"); "none" has its own label, not the shared word "none".
PREFERENCES: dict[str, str] = {
    "none": N_("no preference"),
    "absolute white": N_("absolute white"), "absolute black": N_("absolute black"),
    "strong white": N_("strong white"), "strong black": N_("strong black"),
    "mild white": N_("mild white"), "mild black": N_("mild black"),
}

#: The colour letters of colour histories and crosstable cells (``W`` / ``B`` in
#: English; pl ``B`` / ``C``, cs ``B`` / ``Č``, et ``V`` / ``M`` as the seeds write
#: them).  One pair of messages for every page, so a letter means the same colour
#: on the pairing preview, in ``explain`` and in the crosstable.
COLOUR_LETTERS = {"W": N_("W"), "B": N_("B")}

#: Crosstable cells for rounds without a game.
CELLS = {"bye": N_("bye"), "½ bye": N_("½ bye"), "1 bye": N_("1 bye")}

#: Notes the standings add (swisschess.standings.ranking).
NOTES = (
    N_("Buchholz tie-breaks must not be used in round robins (C.07 Art. 8)"),
    N_("unrated players present: rating-based tie-breaks are not applied (C.07 Art. 10)"),
)


def tiebreak_name(label: str) -> str:
    """``BH/C1`` -> ``Buchholz (C1)`` in the current language."""
    code, _sep, mods = label.partition("/")
    name = TIEBREAK_NAMES.get(code.upper())
    if name is None:
        return label
    name = gettext(name)
    return f"{name} ({mods})" if mods else name


def system_name(system: str) -> str:
    name = SYSTEM_NAMES.get(system)
    return gettext(name) if name else system.capitalize()


def edition_name(edition: object) -> str:
    """A registry edition (``system``, ``edition`` attributes) as the menus show it:
    ``FIDE Dutch 2026`` -> ``FIDE nizozemski 2026``; Lim has one edition."""
    system = str(getattr(edition, "system", ""))
    year = str(getattr(edition, "edition", ""))
    if system == "lim":
        return system_name(system)
    return f"{system_name(system)} {year}".strip()


def preference_name(text: str) -> str:
    """A colour preference (``strong white``, ``none``) as its label in the current language."""
    name = PREFERENCES.get(text)
    return gettext(name) if name else text


def colour_letter(colour: str) -> str:
    """``W`` / ``B`` (any case) -> the current language's letter, in the same case."""
    name = COLOUR_LETTERS.get(colour.upper())
    if name is None:
        return colour
    letter = gettext(name)
    return letter.lower() if colour.islower() else letter


def colour_history(text: str) -> str:
    """``WBB-W`` -> ``BČČ-B`` (Slovenian): a colour history with the local letters."""
    return "".join(colour_letter(c) for c in text)


def bye_name(code: str) -> str:
    name = BYE_NAMES.get(code)
    return gettext(name) if name else code


def float_text(up: int, down: int) -> str:
    """``12 floats up, 3 down`` (the pairing preview) in the current language."""
    return gettext("%(up)s floats up, %(down)s down") % {"up": up, "down": down}


def note(text: str) -> str:
    """A standings note in the current language (the notes are fixed sentences)."""
    key = " ".join(text.split())
    return gettext(key)


def round_title(t: Any, rnd: int) -> str:
    """``Round 3`` with the round's date when it is known (``set round-date``)."""
    title = gettext("Round {n}").format(n=rnd)
    if 1 <= rnd <= len(t.round_dates) and t.round_dates[rnd - 1]:
        title += f" · {date(t.round_dates[rnd - 1])}"
    return title


def forbidden_text(t: Any, f: Any) -> str:
    """``3 Novak - 7 Novakova (from round 2)`` for one forbidden group."""
    who = " – ".join(f"{i} {t.players[i].name}" if i in t.players else str(i) for i in f.ids)
    if f.first_round > 1 and f.last_round >= 9999:
        return who + " " + gettext("(from round {r})").format(r=f.first_round)
    if f.last_round == f.first_round:
        return who + " " + gettext("(round {r})").format(r=f.first_round)
    if f.last_round < 9999:
        return who + " " + gettext("(rounds {first}-{last})").format(
            first=f.first_round, last=f.last_round)
    return who
