"""Messages made in English by layers that do not translate, translated at output.

The file readers (:mod:`swisschess.formats`) and the store keep their messages
in English: they are keys (tests and tools match them) and the readers run where
no language is chosen.  Where a message reaches a person -- ``swisschess
validate``, the engine's errors, the web app's error banner -- it goes through
:func:`translate_message`, which recognises it by its template and says it in
the current language with the same values.

Each template below is the message's f-string with its fields named
``{like_this}``; the catalogue's msgid is the template itself.  A message no
template matches is shown as it is (English): ``tests/test_i18n.py`` reads the
f-strings of formats/ and store/ and fails, naming the message, when one has no
template here (then add it to :data:`TEMPLATES` and run the pybabel commands of
docs/i18n.md).
"""

from __future__ import annotations

import re
from functools import lru_cache

from swisschess.i18n import N_, decimal_text, gettext

#: Templates of the messages of formats/trf.py, formats/checks.py, store/ and the
#: web pages' input errors.  More specific templates come first.
TEMPLATES: tuple[str, ...] = (
    # ------------------------------------------------------------ formats/trf.py
    N_("rating {text} is not a number (read as unrated)"),
    N_("points {text} is not a number"),
    N_("rank {text} is not a number"),
    N_("{code}: number of rounds {value} is not a positive number"),
    N_("{code}: number of rounds {n} differs from {rounds} given before"),
    N_("152: initial colour must be W or B, not {value}"),
    N_("XXA: player number missing"),
    N_("XXA: player number {value} is not a positive number"),
    N_("XXA: player {pid} given again; this line replaces the earlier one"),
    N_("XXA: points {value} is not a number"),
    N_("XXA: {pid} is not a player"),
    N_("XXP: fewer than two players, nothing is forbidden"),
    N_("240: bye type must be F, H or Z, not {value}"),
    N_("240: round number missing or not a positive number"),
    N_("240: no player numbers"),
    N_("250: fictitious points {value} is not a number"),
    N_("250: range is empty (first > last)"),
    N_("250: points {value} is not a positive number"),
    N_("250: first round {value} is not a positive number"),
    N_("250: last round {value} is not a positive number"),
    N_("250: first ID {value} is not a positive number"),
    N_("250: last ID {value} is not a positive number"),
    N_("299: points (columns 14-17) missing or not a number"),
    N_("299: match points {value} are not a number"),
    N_("299: round {value} is not a number"),
    N_("record 192 is empty (ignored; the system is read from 092)"),
    N_("260: first round is not a positive number"),
    N_("260: last round is missing or before the first round"),
    N_("{code}: points {value} is not a number"),
    N_("{code}: player number {value} is not a positive number"),
    N_("player number {value} is not a number 1-9999"),
    N_("player {pid} appears twice (first on line {line})"),
    N_("player number runs into column 9 (expected columns 5-8)"),
    N_("unexpected text in columns 90-91 (round 1 starts at column 92)"),
    N_("round {rnd}: colour {value} is not w, b or -"),
    N_("round {rnd}: unknown result code {value}"),
    N_("round {rnd}: bye code {value} with opponent {opp} (byes are written 0000 - {code})"),
    N_("round {rnd}: unexpected {value} in column {col} (entry misaligned?)"),
    N_("round {rnd}: opponent {value} is not a number"),
    N_("round {rnd}: colour {value} without an opponent"),
    N_("round {rnd}: game result {value} without an opponent"),
    N_("162: unknown scoring symbol {value} (expected W D L A P X)"),
    N_("162: symbol {sym} without points"),
    N_("162: points {value} for {sym} is not a number"),
    N_("162: absence symbol Z (bbpPairings) read as A (TRF-2026)"),
    N_("XXS: unknown scoring item {value}"),
    N_("XXS: value {value} of {key} is not a number"),
    N_("XXC rank (pair by position in the file) is not supported: players are paired "
       "by pairing number"),
    N_("XXC: unknown option {value} (expected white1, black1 or rank)"),
    N_("unknown record type {code} (kept, not interpreted)"),
    N_("not allowed: character {char}; a file saved in another encoding, or a line break "
       "inside a field?"),
    # --------------------------------------------------------- formats/checks.py
    N_("no player records (001): not a tournament file"),
    N_("pairing numbers are not 1..{last} without gaps: missing {missing}"),
    N_("player {pid}: points {stated} but the results give {computed}"),
    N_("round {r}: player {o} is paired twice (by {players})"),
    N_("round {r}: {n} pairing-allocated byes (players {players}); at most one is expected"),
    N_("bye request for round {r}, after the last round {rounds}"),
    N_("player {pid} has entries for {n} rounds but the tournament has {rounds} (XXR/142)"),
    N_("round {r}: player {pid} is paired with himself"),
    N_("round {r}: opponent {o} is not a player"),
    N_("round {r}: player {pid} has opponent {o}, but {o2} has no opponent in that round "
       "(entries do not mirror)"),
    N_("round {r}: player {pid} has opponent {o}, but {o2} has opponent {q} in that round "
       "(entries do not mirror)"),
    N_("round {r}: player {pid} has opponent {o}, but {o2} has {code} in that round "
       "(entries do not mirror)"),
    N_("round {r}: players {pid} and {o} both have colour {colour}"),
    N_("round {r}: results disagree: {pid} has {code}, {o} has {code2}"),
    N_("bye request for round {r}: {x} is not a player"),
    N_("bye request ({code}) for player {x} in round {r}, who is paired in that round"),
    N_("forbidden pairing names {x}, who is not a player"),
    N_("round {r}: colour of {pid} ({colour}) and of {o} ({colour2}) do not match"),
    N_("round {r}: game {pid}-{o} played without colours"),
    N_("round {r}: {pid} and {o} meet again (already in round {r2})"),
    # ------------------------------------------------------- readers, engine, CLI
    N_("cannot read file: {reason}"),
    N_("internal error while reading ({error})"),
    N_("unknown pairing system {system} (known: {known})"),
    N_("unknown pairing system {system} / edition {edition} (known: {known})"),
    N_("no pairing satisfies the absolute criteria [C1]-[C3] for all players"),
    N_("no pairing satisfies the absolute criteria C.1-C.3 for all players"),
    N_("the last bracket cannot be completed"),
    N_("no pairing respects the absolute criteria B1/B2"),
    N_("no pairing respects the absolute criteria"),
    N_("no player may receive the bye"),
    N_("round could not be completed"),
    N_("no pairing respects the absolute criteria ([C1], [C3], [C4])"),
    N_("no player can receive the pairing-allocated bye and leave a complete pairing of the "
       "others ([C2], [C4])"),
    N_("Baku acceleration: the tournament has {rounds} rounds"),
    N_("Baku acceleration needs a point system where a win is worth two draws and a loss "
       "nothing (C.04.5.1 premise); this one has win {win}, draw {draw}, loss {loss}"),
    N_("Baku acceleration needs the number of rounds (record 142 or XXR)"),
    N_("a round robin needs at least 2 players, not {players}"),
    N_("a round robin needs the players numbered 1 to {n} (their Berger numbers)"),
    N_("all {rounds} rounds of the round robin are paired"),
    N_("a round robin of {players} players: at most {limit} players are paired by the "
       "Berger tables"),
    N_("record 192 {code}: {what} is not paired by swisschess; name a system on the command "
       "line (--dutch, --lim, ...) to pair it anyway"),
    N_("bracket-level explanation exists for {systems}, not {system}"),
    N_("round {rnd} does not exist (rounds recorded: {recorded})"),
    # ----------------------------------- model/rounds.py (pairing_refusals)
    N_("the tournament has {rounds} rounds and all are paired: there is no round {nxt} to pair"),
    N_("round {rnd}: the game {w} - {b} has no result: enter every result of round {r2} before "
       "pairing round {nxt}"),
    # ------------------------------------------- rules/dubov.py, burstein.py (trace notes)
    N_("shifted {n} player(s) from G1"),
    N_("shifted {n} player(s) from G2"),
    N_("incoming floaters: {players}"),
    # ------------------------------------------------------------ cli/verify.py
    N_("--scheduler {address}: cannot connect ({error}); is 'dask scheduler' running there?"),
    N_("--scheduler {address}: no worker joined within {seconds} s ({error}); start one with "
       "'dask worker {address2}'"),
    N_("the scheduler cancelled seed {seed} ({why}); was it stopped?"),
    N_("{option}: expected MIN-MAX, got {value}"),
    N_("{option}: expected 1 <= MIN <= MAX, got {value}"),
    # ------------------------------------------- store/encodings, importers, playercheck
    N_("{at}: character {char} read as {encoding} is not allowed (control character or line "
       "break); give the file's encoding with --encoding, or save it as UTF-8"),
    N_("{at}: byte {byte} cannot be read as {encoding}; save the file as UTF-8 or give its "
       "encoding with --encoding"),
    N_("{at}: byte {byte} is not UTF-8, and no Windows or ISO code page reads the file without "
       "control characters; save it as UTF-8 (Excel: \"CSV UTF-8\") or give its encoding with "
       "--encoding"),
    N_("unknown encoding {encoding} (for example utf-8, cp1250, cp1251, cp1252, cp1257, "
       "iso-8859-2)"),
    N_("{at}: title {title} is not a FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM)"),
    N_("{at}: federation {federation} is not a FIDE federation code"),
    N_("{at}: birth year {year} is in the future"),
    N_("{at}: same name and rating as player {pid}, registered already"),
    N_("{at}: same name and rating as {other}"),
    N_("all {n} players are registered already: is the file imported twice?"),
    N_("{at}: column(s) not read: {columns}"),
    # ------------------------------------------------------------------ model/text.py
    N_("{at}: {field} {value}: character {char} at position {pos} is not allowed (control "
       "character or line break)"),
    N_("{at}: {field} {value} is longer than {limit} characters"),
    N_("{field} {value}: character {char} at position {pos} is not allowed (control character "
       "or line break)"),
    N_("{field} {value} is longer than {limit} characters"),
    # ------------------------------------------------------------------ store/
    N_("unknown event kind {kind}"),
    N_("the tournament already exists"),
    N_("the tournament needs a name"),
    N_("unknown pairing system {system} {edition}"),
    N_("unknown language {language} (one of {languages})"),
    N_("unknown TRF variant {value}: use 2026 (TRF-2026) or 16 (TRF16, also called 2016)"),
    N_("number of rounds {rounds} is not possible"),
    N_("a player needs a name"),
    N_("name {name} is longer than 33 characters (TRF limit)"),
    N_("rating {rating} is not a number"),
    N_("rating {rating} is out of range"),
    N_("K {k} is not a whole number from 1 to 100"),
    N_("sex {sex}: expected m or w"),
    N_("FIDE id {fide_id} is not a number"),
    N_("a player with FIDE id {fide_id} is already registered"),
    N_("pairing numbers can only be assigned before round 1 is paired"),
    N_("player {pid} {name} has already withdrawn"),
    N_("player {pid} {name} has not withdrawn"),
    N_("player {pid} {name} has withdrawn"),
    N_("player {pid} {name} already has a bye for round {rnd}"),
    N_("bye code {code}: expected H (half point), Z (zero) or F (full point)"),
    N_("round {rnd} is already paired: a bye can only be requested for a later round"),
    N_("there is no round {rnd}"),
    N_("the tournament has only {rounds} rounds"),
    N_("round {rnd} is already paired"),
    N_("player {pid} has no bye request for round {rnd}"),
    N_("malformed pairing: expected boards [[white, black], ...] and bye"),
    N_("player {pid} is on board {b1} and board {b2}"),
    N_("board {n}: a player cannot play himself"),
    N_("player {pid} gets the bye and plays on board {n}"),
    N_("not to be paired in round {rnd} (withdrawn, bye or absent): {players}"),
    N_("not paired in round {rnd}: {players}"),
    N_("the next round to pair is round {nxt}, not {rnd}"),
    N_("all {rounds} rounds have been paired"),
    N_("round {rnd} still has {n} game(s) without a result"),
    N_("only the last round paired (round {rnd}) can be edited"),
    N_("a manual pairing edit needs a reason (it is written to the TRF file)"),
    N_("these games already have a result; clear or keep them: {games}"),
    N_("unknown result {word}: expected 1-0, 0-1, 1/2, 0-0, +-, -+ or --"),
    N_("round {rnd}: the tournament has rounds 1 to {last}"),
    N_("round {rnd}: round {r} has games without a result"),
    N_("round {rnd} has not been paired"),
    N_("board {board} is given twice"),
    N_("no result to enter"),
    N_("round {rnd} has no board {board} (boards 1-{n})"),
    N_("{w} - {b} is not a game of round {rnd}"),
    N_("{w} - {b} of round {rnd} has no result"),
    N_("round {rnd} board {n} has no result yet to correct"),
    N_("round {rnd} match {n} board {board} already has the result {result} (enter it as a "
       "correction to change it)"),
    N_("round {rnd} board {n} already has the result {have} (enter it as a correction to "
       "change it)"),
    N_("round {rnd} board {n} already has the result {word}"),
    N_("only the last round paired (round {rnd}) can be undone"),
    # a result changed after later rounds were paired on it (service warnings, issue 24)
    N_("round {last} was paired with the previous result ({old})"),
    N_("rounds {first}-{last} were paired with the previous result ({old})"),
    N_("the TRF file has errors:\n{errors}"),
    N_("create the tournament first"),
    N_("unknown player {ref}: did you mean {players}?"),
    N_("unknown player {pid}"),
    N_("no tournament {ref} (known: {known})"),
    N_("{ref} matches several players: {players}"),
    N_("the database has no tournament yet: create one first"),
    N_("no player to add"),
    N_("the tournament changed since the preview: preview again"),
    N_("no round has been paired yet"),
    N_("fewer than two players to pair in round {rnd}"),
    N_("round {rnd} still has results to enter on board(s) {boards}"),
    N_("pairing round {rnd} ({system} {edition}, {n} players)..."),
    N_("the pairing engine is not available yet: {error}"),
    N_("the pairing engine is not available: {error}"),
    N_("no valid pairing for round {rnd}: no round-pairing complies with C.04.6 [C1] and [C2] "
       "(art. 3.3.3: the Chief Arbiter decides)"),
    N_("no valid pairing for round {rnd}: {error}"),
    N_("the tournament cannot be paired as it is: {error}"),
    N_("unknown tournament {tid}"),
    N_("event log of tournament {tid} has a gap at {seq}"),
    N_("event {seq} ({kind}) of tournament {tid} no longer applies: {error}"),
    N_("the tournament changed meanwhile: reload and try again"),
    # store/ settings made before round 1 (issue 24)
    N_("the pairing system cannot change once round 1 is paired (it is {system} {edition})"),
    N_("the acceleration cannot change once round 1 is paired"),
    N_("the colour of pairing number 1 in round 1 cannot change once round 1 is paired"),
    N_("{n} round dates for {rounds} rounds"),
    N_("late entries {how}: expected zero or half"),
    N_("maximum of half-point byes {most} is not a number"),
    N_("maximum of half-point byes {most} is not possible"),
    N_("the rating list must be one line of at most 80 characters"),
    N_("tie-breaks: a tie-break is listed twice"),
    N_("tie-breaks: {error}"),
    N_("round {rnd}: {text} is not a date (YYYY-MM-DD)"),
    N_("points for missed rounds {missed}: expected H (half point) or Z (zero)"),
    N_("a forbidden pairing needs player numbers"),
    N_("a forbidden pairing needs at least two different players"),
    N_("players {players} may already not meet"),
    N_("no forbidden pairing of players {players} to cancel"),
    N_("first-round colour {colour}: expected white, black or lot"),
    # ------------------------------------------------------------- web/pages.py
    N_("this is a TRF file: import it as a new tournament on the start page"),
    N_("only round {rnd} (last paired) or round {nxt} (next) can be paired by hand"),
    N_("bye {bye}: expected a pairing number"),
    N_("line {n} {line}: expected WHITE-BLACK pairing numbers, e.g. 3-17"),
    N_("invalid input: {details}"),
    # ------------------------------------------------------------ web/security.py
    N_("refused: this request comes from another site"),
    N_("refused: the form is out of date or came from another site (missing CSRF token): "
       "reload the page and try again"),
    N_("too many failed logins: try again in {n} s"),
    # -------------------------------------------------------------- web/fields.py
    N_("{name}: at most {limit} characters, not {n}"),
    N_("{name}: the bidirectional control character U+{code} (position {position}) "
       "is not allowed"),
    # ------------------------------------------------------------ teams/trf.py
    N_("192: {value} is not a FIDE_TEAM code"),
    N_("352: board colours {value} must be W and B only"),
    N_("310: team {tpn} given twice (first on line {line})"),
    N_("310: team numbers must run from 1 to the number of teams (C.04.6 art. 1.1.1)"),
    N_("310: player {pid} of team {tpn} has no 001 record"),
    N_("310: team {tpn} has no players"),
    N_("no 310 team records: not a team file"),
    N_("record 142 (the number of rounds) is needed to pair a team event"),
    N_("round {rnd}: opponent {value} is in no team"),
    N_("round {rnd}: team {tpn} plays two teams ({first} and {second})"),
    N_("round {rnd}: team {tpn} played without a colour"),
    N_("{code}: {value} is not a number"),
    # ---------------------------------------- store/teamevents.py, store/teamdesk.py
    N_("this is a team event: use the team commands (add-team, add-team-player, lineup, "
       "next-round, match-result)"),
    N_("this is not a team event (create one with --team)"),
    N_("malformed event: {key} is missing or not a number"),
    N_("malformed team pairing: expected matches [[white, black], ...]"),
    N_("number of boards {n} is not possible (1-{most})"),
    N_("colour preferences {value}: expected A, B or none"),
    N_("a team needs a name"),
    N_("a team named {name} is already registered"),
    N_("teams can only be registered before round 1 is paired"),
    N_("unknown team {team}"),
    N_("{ref} matches several teams: {teams}"),
    N_("{ref} matches several players of team {tpn}"),
    N_("team {tpn} {team} has no player {ref}"),
    N_("team {tpn} {team} already lists {n} players"),
    N_("team {tpn} {team}: {n} players for {boards} boards"),
    N_("team {tpn} {team}: board {empty} is empty but board {board} has a player (empty "
       "boards are the last ones)"),
    N_("team {tpn} {team}: player {pid} is not on the team's list"),
    N_("team {tpn} {team}: player {pid} is on board {first} and board {second}"),
    N_("team {tpn} {team}: board order: {lower} (list no. {lower_no}) may not play above "
       "{higher} (list no. {higher_no})"),
    N_("team {tpn} is paired twice in round {rnd}"),
    N_("team {tpn} has no match in round {rnd}"),
    N_("round {rnd} still has {n} board(s) without a result"),
    N_("fewer than two teams to pair in round {rnd}"),
    N_("round {rnd} has no match {n} (matches 1-{last})"),
    N_("match {n} of round {rnd} has no board {board} (boards 1-{last})"),
    N_("match {n} of round {rnd} already has results: its line-ups are fixed"),
    N_("round {rnd} is not the last round paired: undo the later rounds first"),
    N_("round {rnd} match {n} board {board}: the first team has no player there (the result "
       "is -+ or --)"),
    N_("round {rnd} match {n} board {board}: the second team has no player there (the result "
       "is +- or --)"),
    N_("a line-up is a list of player numbers"),
    N_("{file}: the file is empty"),
    N_("{file}:1: the first line must name the columns team and name"),
    N_("{file}: no player in the file"),
    N_("250: rounds {first}-{last} are not a range"),
    N_("250: teams {first}-{last} are not a range"),
    N_("250: no team {tpn}"),
    N_("260: rounds {first}-{last} are not a range"),
    N_("260: no team {tpn}"),
    N_("300: line-up of team {tpn} in round {rnd} given twice (first on line {line})"),
    N_("300: no team {tpn}"),
    N_("300: player {pid} has no 001 record"),
    N_("300: player {pid} is not in team {tpn}"),
    N_("330: forfeit type must be +-, -+ or --, not {value}"),
    N_("330: team {tpn} has two forfeited matches in round {rnd}"),
    N_("330: no team {tpn}"),
    N_("informative record: no team {tpn}"),
    N_("an acceleration cannot be used when game points are the primary score (C.04.7 art. 1.4.4)"),
    N_("round {rnd}: team {tpn} has results but no opponent (a forfeited match needs a 330 record)"),
    N_("round {rnd}: the game of player {pid} has no result"),
    N_("round {rnd} is paired but has no result yet"),
    # ------------------------------------------------------- teams/standings.py
    N_("unknown team tie-break {name}"),
    N_("{name}: the score must be :MP or :GP"),
    N_("{name}: unknown modifier /{modifier}"),
    N_("{name}: /{modifier} does not apply to {code}"),
    # -------------------------------------------------------- teams/generate.py
    N_("line {n}: expected Key=Value, got {line}"),
    N_("line {n}: unknown key {key} (known: {keys})"),
    N_("line {n}: invalid value {value} for {key}"),
    N_("Baku: an acceleration cannot be used when game points are the primary score "
       "(C.04.7 art. 1.4.4)"),
    N_("TeamsNumber must be between 2 and 999"),
    N_("DrawPercentage must be between 0 and 100"),
    N_("{key}: a rate is 'one in N' with N >= 1 (0 = never)"),
    N_("the number of rounds must be at least 1"),
    N_("a team has at least one board"),
)

#: Values inside messages that are words themselves.
SEVERITIES = {"error": N_("error"), "warning": N_("warning")}

_FIELD = re.compile(r"\\\{(\w+)\\\}")
_LOCATED = re.compile(r"^(?P<loc>.*?:\d+:\d+): (?P<sev>error|warning): (?P<msg>.*)$", re.S)


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    out = []
    for t in TEMPLATES:
        rx = _FIELD.sub(lambda m: f"(?P<{m.group(1)}>.+?)", re.escape(t))
        out.append((re.compile(rx + r"\Z", re.S), t))
    return out


def template_of(message: str) -> tuple[str, dict[str, str]] | None:
    """The template ``message`` was made from, and its values (None: unknown)."""
    for rx, t in _patterns():
        m = rx.match(message)
        if m:
            return t, m.groupdict()
    return None


#: The fields store messages name by their key (model/text.py), as words.
FIELD_WORDS = {
    "name": N_("name"), "tournament": N_("tournament name"), "title": N_("title"),
    "federation": N_("federation code"), "fide_id": N_("FIDE id"), "birth": N_("birth date"),
    "sex": N_("sex"), "club": N_("club"), "city": N_("city"), "start_date": N_("start date"),
    "end_date": N_("end date"), "chief_arbiter": N_("chief arbiter"),
    "deputy_arbiter": N_("deputy arbiter"), "time_control": N_("time control"),
    "reason": N_("reason"), "filename": N_("file name"), "team": N_("team name"),
}


def field_word(key: str) -> str:
    """The field a store message names (``fide_id``: "FIDE id"), in the current language."""
    return gettext(FIELD_WORDS[key]) if key in FIELD_WORDS else key


def translate_message(message: str) -> str:
    """``message`` (an English message of the readers or the store) in the current
    language; a located diagnostic ``FILE:LINE:COL: error: ...`` keeps its
    location.  Unknown messages are returned unchanged."""
    m = _LOCATED.match(message)
    if m:
        sev = gettext(SEVERITIES[m.group("sev")])
        return f"{m.group('loc')}: {sev}: {translate_message(m.group('msg'))}"
    found = template_of(message)
    if found is None:
        return message
    template, values = found
    if "field" in values:  # model/text.py names the field by its key: say it in words
        values["field"] = field_word(values["field"])
    # numbers such as "3.5" with the local decimal mark ("3,5"), as standings write them
    values = {k: decimal_text(v) if isinstance(v, str) else v for k, v in values.items()}
    if "\n" in message and "errors" in values:  # a list of located diagnostics
        values["errors"] = "\n".join(translate_message(x) for x in values["errors"].split("\n"))
    try:
        return gettext(template).format(**values)
    except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
        return message
