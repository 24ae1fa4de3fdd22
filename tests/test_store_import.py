"""Player list readers and the store's migrations."""

from __future__ import annotations

import pytest

from swisschess.store.importers import ImportFormatError, detect_format, read_players


def test_fide_txt_with_month_rating_column():
    head = "ID Number      Name                              Fed Sex Tit  WTit OTit FOA NOV25 Gms  K B-day Flag"
    pos = {k: head.index(k) for k in ("Name", "Fed", "Sex", "Tit", "NOV25", "B-day")}
    line = [" "] * len(head)

    def put(k: str, v: str) -> None:
        line[pos[k]:pos[k] + len(v)] = v

    line[0:8] = "90000041"
    put("Name", "Oldformat, Olga")
    put("Fed", "LTU")
    put("Sex", "F")
    put("NOV25", "2044")
    put("B-day", "1977")
    text = head + "\n" + "".join(line) + "\n"
    assert detect_format("list.txt", text) == "fide-txt"
    [p] = read_players(text, "fide-txt", "list.txt")
    assert (p["name"], p["rating"], p["federation"], p["sex"], p["fide_id"], p["birth"]) == (
        "Oldformat, Olga", 2044, "LTU", "f", "90000041", "1977")


def test_xml_errors_and_detection():
    assert detect_format("x.xml", "<playerslist/>") == "fide-xml"
    with pytest.raises(ImportFormatError, match="not well-formed"):
        read_players("<playerslist><player>", "fide-xml", "x.xml")
    with pytest.raises(ImportFormatError, match="entity"):
        read_players('<!DOCTYPE x [<!ENTITY a "b">]><playerslist/>', "fide-xml", "x.xml")
    with pytest.raises(ImportFormatError, match="no player"):
        read_players("<playerslist/>", "fide-xml", "x.xml")
    xml = "<playerslist><player><fideid>12x</fideid><name>A, B</name></player></playerslist>"
    with pytest.raises(ImportFormatError, match="player 1: FIDE id '12x'"):
        read_players(xml, "fide-xml", "x.xml")


def test_csv_semicolons_aliases_and_bom():
    text = "\ufeffName;Elo;Fed;FIDE ID\n\"Müller, Tim\";1745;SUI;90000051\n\n"
    assert read_players(text, "csv", "x.csv") == [
        {"name": "Müller, Tim", "rating": 1745, "federation": "SUI", "fide_id": "90000051"}]
    assert detect_format("x.trf", "012 Open\n") == "trf"


def test_migrations_match_the_models(tmp_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy import inspect

    from swisschess.store.db import open_engine
    from swisschess.store.models import Base

    url = f"sqlite:///{tmp_path / 'm.db'}"
    eng = open_engine(url)
    eng.dispose()
    eng = open_engine(url)  # a second open finds the schema at head
    with eng.connect() as conn:
        assert {"tournament", "event", "alembic_version"} <= set(inspect(conn).get_table_names())
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    eng.dispose()
    assert diff == []
