"""Pairing as a service (issue 15 part 2): ``POST /api/pair``.

* the same pairing as ``swisschess engine --dutch IN.trf -p`` on every round of
  the smallest reference tournaments shipped in ``tests/data/reference/dutch-2026``
  (at least 200 rounds; provenance in ``tests/data/reference/PROVENANCE.md``),
  and the same as the reference engine's;
* content type (415), size limit (413), unknown system / edition /
  acceleration and invalid TRF (422 with the located message), no valid
  pairing (422, exit code 1), the engine format on request;
* a fuzz of malformed TRF files: always a 4xx with a located message, never a 500.
"""

from __future__ import annotations

import io
import random
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisschess.cli.main import main as cli_main
from swisschess.formats.trf import parse_trf, write_trf
from swisschess.model.rounds import cut_before
from swisschess.model.tournament import Colour, Tournament
from swisschess.web.app import create_app
from swisschess.web.pairapi import create_pair_app

DATA = Path(__file__).resolve().parent / "data" / "reference" / "dutch-2026"
#: the reference files in size order (smallest first)
ALL_FILES = sorted(DATA.glob("*.trf"), key=lambda p: (p.stat().st_size, p.name))
FILES = ALL_FILES[:40]
ROUNDS = 200
TEXT = "text/plain"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_pair_app(max_bytes=256 * 1024)) as c:
        yield c


def post(client, text: str | bytes, query: str = "", **headers: str):
    return client.post("/api/pair" + query, content=text,
                       headers={"Content-Type": TEXT, **headers})


# ------------------------------------------------------- reference rounds
def played_rounds(t: Tournament) -> int:
    return max((len(p.results) for p in t.players.values()), default=0)


def initial_colour(t: Tournament) -> Colour:
    """The colour the round-1 pairing gave the first-ranked paired player."""
    k = 0
    for pid in sorted(t.players):
        e = t.players[pid].entry(1)
        if e is None or e.opponent is None:
            continue
        c = e.colour
        if k % 2:
            c = Colour.BLACK if c is Colour.WHITE else Colour.WHITE
        return c
    return Colour.WHITE


def reference_rounds():
    """(name, round, TRF text known before the round, the reference engine's pairing),
    every round of the smallest files, until there are ROUNDS of them."""
    n = 0
    for path in ALL_FILES:
        if n >= ROUNDS:
            return
        full = parse_trf(path.read_text(), str(path)).tournament
        total = played_rounds(full)
        for r in range(1, total + 1):
            t = cut_before(full, r)
            t.rounds = total
            t.initial_colour = initial_colour(full)
            boards = set()
            bye = None
            for pid, p in full.players.items():
                e = p.entry(r)
                if e is None:
                    continue
                if e.opponent is None and e.code == "U":
                    bye = pid
                elif e.opponent is not None and e.colour is Colour.WHITE:
                    boards.add((pid, e.opponent))
            yield path.name, r, write_trf(t), (boards, bye)
            n += 1


def engine_lines(tmp_path: Path, text: str) -> tuple[int, str]:
    """``swisschess engine --dutch IN.trf -p OUT`` (the command line's code, in process)."""
    inp, out = tmp_path / "in.trf", tmp_path / "out.txt"
    inp.write_text(text)
    out.unlink(missing_ok=True)
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
        rc = cli_main(["engine", "--dutch", str(inp), "-p", str(out)])
    return rc, out.read_text() if rc == 0 else err.getvalue()


def test_same_pairing_as_the_engine_command_on_200_reference_rounds(client, tmp_path):
    rounds = same_as_reference = 0
    for name, r, text, (ref_boards, ref_bye) in reference_rounds():
        rc, lines = engine_lines(tmp_path, text)
        assert rc == 0, (name, r, lines)
        got = post(client, text, "?system=dutch&edition=2026&format=engine")
        assert got.status_code == 200, (name, r, got.text)
        assert got.text == lines, (name, r)
        engine = [tuple(map(int, ln.split())) for ln in lines.split("\n")[1:] if ln]
        boards = {(w, b) for w, b in engine if b != 0}
        bye = next((w for w, b in engine if b == 0), None)
        if rounds % 4 == 0:  # the JSON answer says the same (every 4th round: time)
            js = post(client, text, "?system=dutch").json()
            assert js["round"] == r and js["system"] == "dutch" and js["edition"] == "2026"
            assert {(b["white"], b["black"]) for b in js["boards"]} == boards, (name, r)
            assert [b["board"] for b in js["boards"]] == list(range(1, len(boards) + 1))
            assert js["bye"] == bye
        rounds += 1
        same_as_reference += boards == ref_boards and bye == ref_bye
    assert rounds >= ROUNDS
    # and the engine is the reference engine's twin on these rounds
    assert same_as_reference == rounds


def test_real_engine_command_agrees(client, tmp_path):
    """Once through the installed ``swisschess engine`` program itself."""
    import subprocess
    import sys

    path = DATA / "201.trf"
    full = parse_trf(path.read_text()).tournament
    text = write_trf(cut_before(full, 4))
    (tmp_path / "in.trf").write_text(text)
    res = subprocess.run([sys.executable, "-m", "swisschess", "engine", "--dutch",
                          str(tmp_path / "in.trf"), "-p"], capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0, res.stderr
    assert post(client, text, "?format=engine").text == res.stdout
    # Accept: text/plain asks for the engine format too
    assert post(client, text, Accept="text/plain").text == res.stdout


# ------------------------------------------- Baku acceleration, round robin
BAKU = sorted((Path(__file__).resolve().parent / "data" / "baku").glob("*.trf"))


def engine_answer(tmp_path: Path, text: str, *flags: str) -> str:
    inp, out = tmp_path / "in.trf", tmp_path / "out.txt"
    inp.write_text(text)
    out.unlink(missing_ok=True)
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
        rc = cli_main(["engine", *flags, str(inp), "-p", str(out)])
    assert rc == 0, err.getvalue()
    return out.read_text()


def test_baku_acceleration_as_the_engine_command(client, tmp_path):
    """Baku (C.04.5.1) from record 192 FIDE_DUTCH_BAKU or from ?acceleration=baku:
    the same pairings as ``swisschess engine``, round by round (virtual points
    computed: the files' XXA records are left out)."""
    rounds = differ = 0
    for path in BAKU:
        full = parse_trf(path.read_text()).tournament
        for r in range(1, played_rounds(full) + 1):
            lines = write_trf(cut_before(full, r)).split("\n")
            baku = "\n".join(ln for ln in lines if not ln.startswith("XXA"))
            assert "192 FIDE_DUTCH_BAKU" in baku
            plain = baku.replace("192 FIDE_DUTCH_BAKU", "192 FIDE_DUTCH")
            expected = engine_answer(tmp_path, baku)
            assert post(client, baku, "?format=engine").text == expected, (path.name, r)
            assert post(client, plain, "?format=engine&acceleration=baku").text == expected
            unaccelerated = engine_answer(tmp_path, plain)
            assert post(client, baku, "?format=engine&acceleration=none").text == unaccelerated
            rounds += 1
            differ += unaccelerated != expected
    assert rounds >= 15 and differ >= 3  # the acceleration changes some pairings


def test_round_robin_as_the_engine_command(client, tmp_path):
    def line(pid):
        return f"001 {pid:4d}      {'Player ' + str(pid):<33} {2300 - 10 * pid:4d}".ljust(89)
    text = "\n".join(["012 Berger", "XXR 5", "192 FIDE_ROUNDROBIN"]
                     + [line(i) for i in range(1, 7)]) + "\n"
    expected = engine_answer(tmp_path, text)
    assert post(client, text, "?format=engine").text == expected
    js = post(client, text).json()
    assert js["system"] == "round-robin" and len(js["boards"]) == 3
    no192 = text.replace("192 FIDE_ROUNDROBIN\n", "")
    assert post(client, no192, "?system=round-robin&format=engine").text == \
        engine_answer(tmp_path, no192, "--round-robin")


# --------------------------------------------------------------- errors
def sample() -> str:
    return (DATA / "201.trf").read_text()


def test_wrong_content_type_is_415(client):
    for ctype in ("application/json", "application/x-www-form-urlencoded", ""):
        r = client.post("/api/pair", content=sample(), headers={"Content-Type": ctype})
        assert r.status_code == 415 and r.json()["exit_code"] == 3, ctype
    r = post(client, sample(), **{"Content-Type": "text/plain; charset=utf-8"})
    assert r.status_code == 200


def test_body_over_the_limit_is_413(client):
    big = sample() + ("### padding " + "x" * 80 + "\n") * 4000
    r = post(client, big)
    assert r.status_code == 413 and "limit" in r.json()["detail"]

    # also when streamed without a Content-Length
    def chunks():
        for _ in range(400):
            yield b"### " + b"y" * 1020 + b"\n"

    r = client.post("/api/pair", content=chunks(), headers={"Content-Type": TEXT})
    assert r.status_code == 413


def test_invalid_input_is_422_with_the_located_message(client):
    lines = sample().split("\n")
    i = next(n for n, ln in enumerate(lines) if ln.startswith("001"))
    lines[i] = lines[i][:97] + "Q" + lines[i][98:]  # round 1's result of the first player
    r = post(client, "\n".join(lines))
    body = r.json()
    assert r.status_code == 422 and body["error"] == "invalid_input" and body["exit_code"] == 3
    assert body["detail"].startswith(f"request.trf:{i + 1}:98: error: round 1: "), body["detail"]
    assert body["diagnostics"][0] == {"line": i + 1, "column": 98,
                                      "message": body["detail"].split("error: ")[1]
                                      .split(" (and")[0]}
    for query, word in (("?system=chess960", "unknown pairing system"),
                        ("?edition=1901", "unknown pairing system"),
                        ("?system=lim&edition=2017", "unknown pairing system"),
                        ("?acceleration=rocket", "unknown acceleration"),
                        ("?system=round-robin&acceleration=baku", "Swiss systems")):
        r = post(client, sample(), query)
        assert r.status_code == 422 and word in r.json()["detail"], query
        assert r.json()["exit_code"] == 3
    r = post(client, sample(), "?format=xml")
    assert r.status_code == 422 and "unknown format" in r.json()["detail"]
    r = post(client, "")
    assert r.status_code == 422 and "request.trf:1:1" in r.json()["detail"]


def test_no_valid_pairing_is_422_with_exit_code_1(client):
    # three players who have all met: no pairing respects the absolute criteria
    def line(pid, pts, *rounds):
        head = f"001 {pid:4d}      {'Player ' + str(pid):<33} {2000 - pid:4d}".ljust(80)
        return (head + f"{pts:>4}").ljust(89) + "".join("  " + x for x in rounds)
    text = "\n".join(["012 Stuck", "XXR 4",
                      line(1, "1.5", "   2 w 1", "   3 b =", "0000 - U"),
                      line(2, "1.0", "   1 b 0", "0000 - U", "   3 w 1"),
                      line(3, "1.5", "0000 - U", "   1 w =", "   2 b 0")]) + "\n"
    r = post(client, text)
    body = r.json()
    assert r.status_code == 422 and body["error"] == "no_pairing" and body["exit_code"] == 1
    assert "no valid pairing" in body["detail"]


def test_service_needs_no_database_nor_login(tmp_path):
    # the full app serves it too, without a token, and writes nothing
    app = create_app(str(tmp_path / "x.db"), token="t")
    with TestClient(app) as c:
        r = post(c, sample(), "?format=engine")
        assert r.status_code == 200 and r.text.split("\n")[0].isdigit()
        assert r.headers["x-content-type-options"] == "nosniff"
        assert app.state.service.count_events() == 0


# ----------------------------------------------------------------- fuzz
def mutate(text: str, rnd: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rnd.randint(1, 4)):
        i = rnd.randrange(len(lines))
        ln = lines[i]
        op = rnd.randrange(6)
        if op == 0 and ln:  # overwrite a span with junk
            j = rnd.randrange(len(ln))
            junk = "".join(rnd.choice("0123456789 -+=wbXZ?\t\x00é") for _ in range(rnd.randint(1, 6)))
            lines[i] = ln[:j] + junk + ln[j + len(junk):]
        elif op == 1:  # truncate
            lines[i] = ln[: rnd.randrange(len(ln) + 1)]
        elif op == 2:  # duplicate a line
            lines.insert(i, ln)
        elif op == 3:  # delete a line
            del lines[i]
            if not lines:
                lines = [""]
        elif op == 4:  # shift a line by a column
            lines[i] = " " + ln
        else:  # a random record code
            lines[i] = rnd.choice(["001", "XXR", "XXC", "012", "132", "192", "250", "299",
                                   "XXA", "XXP"]) + ln[3:]
    return "\n".join(lines)


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(FILES) - 1))
def test_fuzz_malformed_trf_never_500(client, seed, which):
    text = mutate(FILES[which].read_text(), random.Random(seed))
    r = post(client, text.encode("utf-8", "surrogatepass"))
    assert r.status_code in (200, 413, 422), (r.status_code, r.text[:300])
    if r.status_code != 200:
        body = r.json()
        assert body["exit_code"] in (1, 3, 4)
        if body["error"] == "invalid_input" and body.get("diagnostics"):
            assert re.match(r"request\.trf:\d+:\d+: ", body["detail"]), body["detail"]


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=600))
def test_fuzz_random_bytes_never_500(client, data):
    r = post(client, data)
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])


def test_serve_pair_only_needs_no_database(tmp_path):
    """``swisschess serve --pair-only``: the pairing service alone, no database file."""
    import os
    import signal
    import subprocess
    import sys
    import time

    import httpx
    from storehelp import free_port

    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("SWISSCHESS_DB", "SWISSCHESS_TOKEN")}
    proc = subprocess.Popen([sys.executable, "-m", "swisschess", "serve", "--pair-only",
                             "--port", str(port)], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.stderr.read().decode()
            try:
                r = httpx.post(url + "/api/pair?format=engine", content=sample(),
                               headers={"Content-Type": TEXT}, timeout=30)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.2)
        assert r.status_code == 200 and r.text.split("\n")[0].isdigit()
        assert httpx.get(url + "/api/tournaments", timeout=10).status_code == 404
        assert httpx.get(url + "/", timeout=10).headers["x-frame-options"] == "DENY"
        assert list(tmp_path.iterdir()) == []  # no database created
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        proc.stderr.close()
