"""Languages (issue 16): catalogues complete and current, language choice, local
formats, every CLI command speaking ``--lang``, reader messages translated at output.

The catalogue check is the one CI runs: when it fails, its message lists the
pybabel commands to run (docs/i18n.md).
"""

from __future__ import annotations

import ast
import re
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from test_validate import CASES

from swisschess import i18n
from swisschess.cli.main import build_parser, main
from swisschess.i18n import catalogues, messages, terms
from swisschess.i18n.web import choose

SRC = Path(__file__).resolve().parents[1] / "src" / "swisschess"
OTHERS = [x for x in i18n.LANGUAGES if x != "en"]


# ------------------------------------------------------------ catalogues
def test_catalogues_current_and_complete():
    """No message missing or fuzzy in any language; template and .mo files current."""
    found = catalogues.problems()
    assert not found, "\n".join(found[:30]) + "\n\n" + catalogues.COMMANDS


def test_catalogue_sizes():
    n = len(catalogues.template_messages())
    assert n > 600
    for lang in i18n.LANGUAGES:
        cat = catalogues.read_catalogue(lang)
        assert sum(1 for m in cat if m.id and m.string and not m.fuzzy) == n, lang


def test_catalogue_check_finds_gaps(tmp_path, monkeypatch):
    """The check itself: a message missing from a catalogue, or untranslated, is named."""
    from babel.messages.pofile import write_po

    expected = catalogues.template_messages()
    cat = catalogues.read_catalogue("sl")
    first = next(m for m in cat if m.id and isinstance(m.id, str))
    cat.delete(first.id)
    second = next(m for m in cat if m.id and isinstance(m.id, str))
    second.string = ""
    third = [m for m in cat if m.id and isinstance(m.id, str)][5]
    third.flags.add("fuzzy")
    locale = tmp_path / "sl" / "LC_MESSAGES"
    locale.mkdir(parents=True)
    with open(locale / "swisschess.po", "wb") as f:
        write_po(f, cat)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    found = catalogues.catalogue_problems("sl", expected)
    text = "\n".join(found)
    assert f"missing {first.id!r}" in text
    assert f"not translated {second.id!r}" in text
    assert f"fuzzy {third.id!r}" in text


def test_every_reader_and_store_message_has_a_template():
    """Messages made in English by formats/, store/, the engines (InputError,
    PairingError) and web input errors are recognised at output: each f-string
    reported there matches a template of
    i18n/messages.py (add new ones there, then run the pybabel commands)."""
    files = [*sorted((SRC / "formats").glob("*.py")), *sorted((SRC / "store").glob("*.py")),
             SRC / "web" / "pages.py", *sorted((SRC / "rules").glob("*.py")),
             *sorted((SRC / "pairing").glob("*.py")), *sorted((SRC / "explain").glob("*.py"))]
    calls = {"report": 2, "warn": 2, "rep": 2, "StoreError": 0, "NotFound": 0, "Conflict": 0,
             "InputError": 0, "PairingError": 0, "ExplainError": 0}
    missing = []
    for path in files:
        src = path.read_text()
        for node in ast.walk(ast.parse(src)):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name not in calls or len(node.args) <= calls[name]:
                continue
            example = _example(node.args[calls[name]])
            # "{what} {text} ...": a word chosen in code; its concrete templates are listed
            if example is None or "X1 X1" in example:
                continue
            if messages.template_of(example) is None:
                missing.append(f"{path.name}:{node.lineno}: {example!r}")
    assert not missing, "no template in i18n/messages.py for:\n" + "\n".join(missing)


def _example(node: ast.expr) -> str | None:
    """The message an f-string makes, with every field ``X1``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "X1" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _example(node.left), _example(node.right)
        return (left or "") + (right if right is not None else "X1") if left else None
    return None


# ------------------------------------------------------------ language choice
def test_normalise_env_and_accept_language():
    assert i18n.normalise("sl_SI.UTF-8") == "sl" and i18n.normalise("pl-PL") == "pl"
    assert i18n.normalise("C") is None and i18n.normalise("de") is None
    assert i18n.from_env({"LANG": "cs_CZ.UTF-8"}) == "cs"
    assert i18n.from_env({"LANGUAGE": "de:bg", "LANG": "en_US"}) == "bg"
    assert i18n.from_env({"LC_ALL": "C", "LANG": "et_EE"}) == "en"
    assert i18n.from_env({}) == "en"
    assert i18n.negotiate("de-DE,de;q=0.9,pl;q=0.8,en;q=0.5") == "pl"
    assert i18n.negotiate("en;q=0.3, et") == "et"
    assert i18n.negotiate("fr, de") is None and i18n.negotiate(None) is None
    assert i18n.negotiate("sl;q=0") is None


def test_web_language_order():
    # ?lang, then the cookie, then (arbiter) setting before browser, (public) browser first
    assert choose("/t/1/standings", "lang=bg", "sl", "pl", "cs") == "bg"
    assert choose("/t/1/standings", "", "sl", "pl", "cs") == "sl"
    assert choose("/t/1/standings", "", None, "pl", "cs") == "pl"
    assert choose("/t/1/standings", "", None, "fr", "cs") == "cs"
    assert choose("/arbiter/t/1", "", None, "pl", "cs") == "cs"
    assert choose("/arbiter/t/1", "", None, "pl", "") == "pl"
    assert choose("/", "", None, None, None) == "en"


def test_use_is_scoped():
    with i18n.use("sl"):
        assert i18n.gettext("Standings") == "Lestvica"
        with i18n.use("bg"):
            assert i18n.gettext("Standings") == "Класиране"
        assert i18n.get_language() == "sl"
    assert i18n.get_language() == "en" and i18n.gettext("Standings") == "Standings"


def test_plurals_follow_each_language():
    forms = {}
    for lang in i18n.LANGUAGES:
        with i18n.use(lang):
            forms[lang] = [i18n.ngettext("%(num)d player", "%(num)d players", n) % {"num": n}
                           for n in (1, 2, 3, 5)]
    assert forms["en"] == ["1 player", "2 players", "3 players", "5 players"]
    assert forms["sl"] == ["1 igralec", "2 igralca", "3 igralci", "5 igralcev"]
    assert forms["cs"] == ["1 hráč", "2 hráči", "3 hráči", "5 hráčů"]
    assert forms["bg"][1] == "2 състезатели"


# ------------------------------------------------------------ the local way
def test_numbers_dates_and_half_points():
    with i18n.use("en"):
        assert i18n.number(Fraction(13, 2)) == "6.5" and i18n.date("2026/05/01") == "May 1, 2026"
    with i18n.use("sl"):
        assert i18n.number(6.5) == "6,5" and i18n.number(Fraction(23, 4), 2) == "5,75"
        assert i18n.date("2026/05/01") == "1. maj 2026"
        assert i18n.decimal_text("12.50") == "12,50"
    with i18n.use("bg"):
        assert _spaces(i18n.number(1234.5)) == "1 234,5"
        assert _spaces(i18n.date(date(2026, 5, 1))) == "1.05.2026 г."
    with i18n.use("pl"):
        assert i18n.date("2026-05-01", "long") == "1 maja 2026"
    with i18n.use("cs"):
        assert i18n.points(Fraction(5, 2)) == "2½" and i18n.points(Fraction(1, 2)) == "½"
        assert i18n.points(Fraction(11, 4)) == "2,75"
    assert i18n.date("in May") == "in May"  # a header that is not a date stays as written


def _spaces(text: str) -> str:
    """CLDR's no-break spaces (which one depends on the CLDR version) as spaces."""
    return text.replace("\u202f", " ").replace("\xa0", " ")


def test_tiebreak_and_system_names():
    with i18n.use("pl"):
        assert terms.tiebreak_name("BH/C1") == "Buchholz (C1)"
        assert terms.tiebreak_name("ARO") == "średni ranking przeciwników"
        assert terms.system_name("dutch") == "Holenderski FIDE"
    with i18n.use("et"):
        assert terms.system_name("lim") == "Limi süsteem"
        assert terms.bye_name("H") == "vaba voor poole punktiga"


def test_translate_message_keeps_location_and_values():
    msg = "x.trf:3:92: error: round 2: player 1 has opponent 2, but 2 has no opponent in " \
          "that round (entries do not mirror)"
    with i18n.use("sl"):
        out = messages.translate_message(msg)
    assert out.startswith("x.trf:3:92: napaka: 2. kolo: igralec 1 ima nasprotnika 2")
    with i18n.use("en"):
        assert messages.translate_message(msg) == msg
    assert messages.translate_message("something new") == "something new"


# ------------------------------------------------------------ command line
def test_every_command_has_lang():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")  # noqa: SLF001
    for name, p in sub.choices.items():
        opt = next((a for a in p._actions if "--lang" in a.option_strings), None)  # noqa: SLF001
        assert opt is not None and list(opt.choices) == list(i18n.LANGUAGES), name


@pytest.mark.parametrize("lang", OTHERS)
def test_validate_messages_translated(tmp_path, capsys, lang):
    """Every diagnostic of the invalid-file cases comes out in the language, located."""
    english: dict[str, list[str]] = {}
    for name, (lines, _where) in sorted(CASES.items()):
        f = tmp_path / f"{name}.trf"
        f.write_text("\n".join(lines) + "\n", encoding="utf-8")
        assert main(["validate", "--lang", "en", str(f)]) == 3
        english[name] = capsys.readouterr().out.splitlines()
        assert main(["validate", "--lang", lang, str(f)]) == 3
        local = capsys.readouterr().out.splitlines()
        assert len(local) == len(english[name])
        for en_line, line in zip(english[name], local, strict=True):
            loc = en_line.split(": ", 1)[0]
            assert line.startswith(loc + ": ")
            assert line != en_line, f"{lang}: not translated: {en_line}"
            assert not re.search(r"\{\w+\}", line)
    assert main(["validate", "--lang", lang, "--summary", str(tmp_path / "gap.trf")]) == 3
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.endswith(i18n.translate("invalid", lang))


def test_lang_from_environment(tmp_path, capsys, monkeypatch):
    f = tmp_path / "gap.trf"
    f.write_text("\n".join(CASES["gap"][0]) + "\n")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    main(["validate", str(f)])
    assert "chyba: startovní čísla nejsou" in capsys.readouterr().out
    main(["validate", "--lang", "et", str(f)])  # --lang wins over LANG
    assert "viga: stardinumbrid pole" in capsys.readouterr().out
    assert i18n.get_language() == "en"  # the command's language does not leak


def test_engine_and_explain_and_standings_speak_the_language(capsys):
    data = Path(__file__).parent / "data"
    assert main(["engine", "--lang", "pl"]) == 3
    assert "nie podano pliku wejściowego" in capsys.readouterr().err
    assert main(["standings", "--lang", "sl", str(data / "standings_ties.trf")]) == 0
    out = capsys.readouterr().out
    assert "Lestvica po" in out and "Dodatni kriteriji:" in out and "Mesto" in out
    assert main(["explain", "--lang", "bg", str(data / "sample_trf2026.trf")]) in (0, 1)
    out = capsys.readouterr().out
    assert "Кръг" in out and "Точкова група" in out


def test_workflow_in_every_language(tmp_path, capsys):
    db = str(tmp_path / "t.db")
    assert main(["new", "Ljubljana Open", "--rounds", "3", "--db", db, "--language", "sl"]) == 0
    for i, name in enumerate(["Kovač, Špela", "Novák, Čestmír", "Łukasiewicz, Żaneta",
                              "Петров, Иван"]):
        main(["add-player", name, "--rating", str(2100 - i), "--db", db])
    capsys.readouterr()
    for lang in i18n.LANGUAGES:
        assert main(["show", "players", "--lang", lang, "--db", db]) == 0
        out = capsys.readouterr().out
        with i18n.use(lang):
            assert i18n.gettext("Name") in out.splitlines()[0]
        assert "Петров, Иван" in out and "Łukasiewicz, Żaneta" in out
    assert main(["result", "1", "1-0", "--lang", "cs", "--db", db]) == 3
    assert "zatím není spárováno žádné kolo" in capsys.readouterr().err
    from swisschess.store.service import TournamentService

    svc = TournamentService(db)
    assert svc.state(svc.resolve_tournament()).language == "sl"  # new --language sl
    assert main(["set-language", "bg", "--db", db, "--lang", "pl"]) == 0
    assert "Język turnieju: Български" in capsys.readouterr().out
    assert svc.state(svc.resolve_tournament()).language == "bg"
    svc.close()


def test_verify_summary_in_the_language(capsys):
    rc = main(["verify", "--lang", "cs", "--tournaments", "1", "--players", "6-6",
               "--rounds", "2", "--jobs", "1", "-q"])
    out = capsys.readouterr().out.splitlines()
    assert rc == 0, out
    assert out[0].startswith("verify: turnajů 1, semínka") and "hráčů 6-6" in out[0]
    assert any("náš kontrolor: turnaje s nesrovnalostmi 0" in x for x in out)
    assert main(["verify", "--lang", "bg", "--tournaments", "0"]) == 3
    assert "--tournaments трябва да е поне 1" in capsys.readouterr().err


def test_dubov_burstein_explanations_in_the_language(capsys):
    data = Path(__file__).parent / "data" / "dubov-burstein"
    files = sorted(data.glob("*.trf"))
    if not files:
        pytest.skip("no Dubov/Burstein sample")
    dubov = next((f for f in files if "dubov" in f.name), files[0])
    main(["explain", "--lang", "et", "--system", "dubov", str(dubov)])
    out = capsys.readouterr().out
    assert "Punktigrupp" in out and "Lauad (valged - mustad):" in out
    assert "Bracket" not in out and "Boards" not in out
