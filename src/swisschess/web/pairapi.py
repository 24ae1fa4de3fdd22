"""Pairing as a service: ``POST /api/pair`` — a TRF file in, the next round's pairing out.

    curl -s --data-binary @round.trf -H 'Content-Type: text/plain' \\
         'http://127.0.0.1:8000/api/pair?system=dutch&edition=2026'

The request body is the tournament as a TRF text (TRF16, TRF(x) or TRF-2026,
UTF-8 or Latin-1), ``Content-Type: text/plain``.  The answer is the pairing of
the next round, the same one ``swisschess engine IN.trf -p`` prints:

* JSON (default): ``{"round", "system", "edition", "boards": [{"board",
  "white", "black"}], "bye", "unpaired": [{"player", "code"}], "warnings"}``;
* the engines' format (``N`` then ``W B`` lines, ``ID 0`` for the bye) with
  ``?format=engine`` or ``Accept: text/plain``.

Query parameters: ``system`` (``dutch``, ``lim``, ``round-robin`` ...; default:
the file's ``192``/``092`` record, else Dutch), ``edition`` (``2026``, ``2017``
...; ``single`` / ``double`` for the round robin), ``acceleration`` (``baku``:
C.04.5.1; ``none``: none even if record 192 asks for it; default: as record
192 says, e.g. ``FIDE_DUTCH_BAKU``).

Stateless: no database, no login, nothing kept between requests; any number
of workers can serve it behind a load balancer (``swisschess serve --pair-only``
needs no database at all).  Requests larger than :data:`MAX_BYTES` are refused
(413) before they are read.

Statuses and the command line's exit codes (:mod:`swisschess.cli.exitcodes`)
======  ===========================================================  =========
status  meaning                                                      exit code
======  ===========================================================  =========
200     the pairing                                                  0
413     the request is larger than the limit, or more players than   4
        TRF can number (9999), or a round robin of more than 200
503     busy: :data:`MAX_CONCURRENT` pairings are being computed, or  --
        this one took longer than :data:`TIME_BUDGET` (``error``
        ``busy`` / ``timeout``; ``Retry-After`` says when to retry)
415     the body is not ``text/plain``                               3
422     invalid input: the TRF has errors (each located              3
        ``request.trf:LINE:COL``), the next round must not be paired
        (every round of record 142 / XXR is paired, or a paired game
        has no result: located like the errors), or an unknown system
        / edition / acceleration
422     no pairing respects the absolute criteria                    1
500     an unexpected error (a bug; never caused by a malformed      2
        file)
======  ===========================================================  =========

Why 422 and not 409 for "no valid pairing": the service has no state the
request could conflict with; the tournament sent is well-formed but cannot be
processed — a property of the request itself, as RFC 9110 defines 422.  The
JSON body's ``error`` (``invalid_input`` / ``no_pairing``) and ``exit_code``
tell the two 422s apart, like the command line's exit codes 3 and 1.
"""

from __future__ import annotations

import asyncio
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from swisschess.cli.exitcodes import (
    EXIT_INVALID,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_TOO_LARGE,
    EXIT_UNEXPECTED,
)
from swisschess.cli.options import resolve_round_robin, resolve_system
from swisschess.formats.checks import check_pairable
from swisschess.formats.fields import MAX_PLAYERS  # TRF pairing numbers have four digits
from swisschess.formats.trf import decode, parse_trf
from swisschess.pairing import registry
from swisschess.pairing.api import pair_next
from swisschess.pairing.result import InputError, Pairing, PairingError
from swisschess.rules.roundrobin import TooManyPlayers

#: Largest request body accepted (bytes); ``$SWISSCHESS_PAIR_MAX_BYTES`` changes it.
#: 4 MiB holds a 2,000-player, 15-round TRF file several times over.
MAX_BYTES = int(os.environ.get("SWISSCHESS_PAIR_MAX_BYTES", 4 * 1024 * 1024))
#: Pairings computed at the same time by one worker process
#: (``$SWISSCHESS_PAIR_CONCURRENCY``; default: the number of processor cores).  A
#: request arriving while all are busy is answered 503 with ``Retry-After`` at
#: once, rather than queued behind them.
MAX_CONCURRENT = int(os.environ.get("SWISSCHESS_PAIR_CONCURRENCY", 0)) or os.cpu_count() or 2
#: Seconds a pairing may take (``$SWISSCHESS_PAIR_SECONDS``): past it the answer
#: is 503 and the computation is stopped (:data:`ISOLATION`).
TIME_BUDGET = float(os.environ.get("SWISSCHESS_PAIR_SECONDS", 30))
#: Seconds a refused client is told to wait (``Retry-After``).
RETRY_AFTER = 5
#: The name diagnostics give the request body.
FILENAME = "request.trf"

#: HTTP status of each command-line exit code (see the module docstring).
STATUS_OF_EXIT = {EXIT_OK: 200, EXIT_NO_PAIRING: 422, EXIT_INVALID: 422,
                  EXIT_TOO_LARGE: 413, EXIT_UNEXPECTED: 500}
ERROR_OF_EXIT = {EXIT_NO_PAIRING: "no_pairing", EXIT_INVALID: "invalid_input",
                 EXIT_TOO_LARGE: "too_large", EXIT_UNEXPECTED: "unexpected"}

router = APIRouter(tags=["pairing service"])


class PairFailure(Exception):
    """The request cannot be answered with a pairing; ``exit_code`` says why."""

    def __init__(self, exit_code: int, message: str, status: int | None = None,
                 diagnostics: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.exit_code = exit_code
        self.status = status or STATUS_OF_EXIT[exit_code]
        self.diagnostics = diagnostics or []

    def response(self) -> JSONResponse:
        body: dict[str, Any] = {"error": ERROR_OF_EXIT.get(self.exit_code, "invalid_input"),
                                "exit_code": self.exit_code, "detail": str(self)}
        if self.diagnostics:
            body["diagnostics"] = self.diagnostics
        return JSONResponse(body, status_code=self.status)


# ------------------------------------------------------------------ work
#: Values of the ``acceleration`` parameter: ``baku`` (C.04.5.1) or ``none`` (no
#: computed acceleration even when record 192 asks for it; virtual points the file
#: gives in XXA / 250 records still count); absent: as the file's 192 says.
ACCELERATIONS = ("none", "baku")


def pair_text(text: str, system: str | None = None, edition: str | None = None,
              acceleration: str | None = None) -> tuple[Pairing, str, str, list[str]]:
    """The pairing of the next round of a TRF text: (pairing, system, edition, warnings).

    The same steps as ``swisschess engine IN.trf -p``: the round robin when
    ``system=round-robin`` or record 192 names one (``edition`` ``single`` /
    ``double``), else the system and edition from the parameters, record 192 /
    092, Dutch 2026; the Baku acceleration from the parameter or record 192.
    Raises :class:`PairFailure` with the command line's exit code."""
    res = parse_trf(text, FILENAME)
    if res.errors:
        diags = [{"line": d.line, "column": d.column, "message": d.message}
                 for d in res.errors[:50]]
        first = str(res.errors[0])
        more = f" (and {len(res.errors) - 1} more)" if len(res.errors) > 1 else ""
        raise PairFailure(EXIT_INVALID, first + more, diagnostics=diags)
    t = res.tournament
    if len(t.players) > MAX_PLAYERS:
        raise PairFailure(EXIT_TOO_LARGE, f"{FILENAME}: {len(t.players)} players: more than "
                                          f"TRF can number ({MAX_PLAYERS})")
    if not t.players:
        raise PairFailure(EXIT_INVALID, f"{FILENAME}:1:1: error: no player (001 record) "
                                        "in the file")
    refused = check_pairable(t, res.locations, FILENAME)
    if refused:  # C.04.1: all rounds paired, or a result missing (as bbpPairings refuses)
        more = f" (and {len(refused) - 1} more)" if len(refused) > 1 else ""
        raise PairFailure(EXIT_INVALID, str(refused[0]) + more,
                          diagnostics=[{"line": d.line, "column": d.column,
                                        "message": d.message} for d in refused[:50]])
    wanted = (acceleration or "").strip().lower()
    try:
        if wanted not in ("", *ACCELERATIONS):
            raise InputError(f"unknown acceleration {acceleration!r} "
                             f"(known: {', '.join(ACCELERATIONS)})")
        rr = system == registry.ROUND_ROBIN
        kind = resolve_round_robin(rr, rr and edition == "double", None if rr else system,
                                   t.system)
        if kind is not None:
            if wanted == "baku":
                raise InputError("the Baku acceleration applies to the Swiss systems, "
                                 "not to a round robin")
            return (pair_next(t, registry.ROUND_ROBIN, kind), registry.ROUND_ROBIN, kind,
                    [str(d) for d in res.warnings])
        system, edition = resolve_system(system or None, edition or None, t.system)
        # the one door (pairing.api): Baku as asked, else as record 192 says
        pairing = pair_next(t, system, edition, baku=None if wanted == "" else wanted == "baku")
    except PairingError as e:
        raise PairFailure(EXIT_NO_PAIRING, f"{FILENAME}: no valid pairing: {e}") from None
    except TooManyPlayers as e:
        raise PairFailure(EXIT_TOO_LARGE, f"{FILENAME}: {e}") from None
    except InputError as e:
        raise PairFailure(EXIT_INVALID, f"{FILENAME}: {e}") from None
    return pairing, system, edition, [str(d) for d in res.warnings]


def pairing_json(p: Pairing, system: str, edition: str, warnings: list[str]) -> dict[str, Any]:
    return {"round": p.round, "system": system, "edition": edition,
            "boards": [{"board": n, "white": w, "black": b}
                       for n, (w, b) in enumerate(p.boards, 1)],
            "bye": p.bye,
            "unpaired": [{"player": i, "code": c} for i, c in p.unpaired],
            "warnings": warnings}


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused (413) as soon as it is known to exceed ``limit`` bytes."""
    cl = request.headers.get("content-length", "")
    if cl.isdigit() and int(cl) > limit:
        raise PairFailure(EXIT_TOO_LARGE, f"request body of {cl} bytes: the limit is "
                                          f"{limit} bytes", status=413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise PairFailure(EXIT_TOO_LARGE, f"request body over the limit of {limit} bytes",
                              status=413)
        chunks.append(chunk)
    return b"".join(chunks)


class Busy(Exception):
    """No pairing now: all places taken (``busy``) or the time budget spent (``timeout``)."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error

    def response(self) -> JSONResponse:
        return JSONResponse({"error": self.error, "detail": str(self)}, status_code=503,
                            headers={"Retry-After": str(RETRY_AFTER)})


#: The places of :data:`MAX_CONCURRENT` (taken without waiting) and their threads.
SLOTS = threading.BoundedSemaphore(MAX_CONCURRENT)
POOL = ThreadPoolExecutor(max_workers=MAX_CONCURRENT, thread_name_prefix="pair")
#: Where a pairing is computed (``$SWISSCHESS_PAIR_ISOLATION``): ``process``
#: (default) -- a child process, killed when :data:`TIME_BUDGET` is spent and held
#: to :data:`MAX_MEMORY`, so a request costs at most that, whatever it holds;
#: ``thread`` -- in this process (no start-up cost; past the budget the answer is
#: 503 but the computation runs on, holding its place).
ISOLATION = os.environ.get("SWISSCHESS_PAIR_ISOLATION", "process")
#: Memory a child process may take on top of what it starts with (bytes;
#: ``$SWISSCHESS_PAIR_MAX_MEMORY_MB``, default 1024 MB; Linux).
MAX_MEMORY = int(os.environ.get("SWISSCHESS_PAIR_MAX_MEMORY_MB", 1024)) * 1024 * 1024


def _timeout() -> Busy:
    return Busy("timeout", f"the pairing took longer than {TIME_BUDGET:g} s: try again later")


def _child(conn: Any, args: tuple[Any, ...], memory: int) -> None:
    """In the child process: the pairing of ``args``, sent back as plain values."""
    try:
        import resource

        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (size + memory, size + memory))
    except (ImportError, OSError, ValueError):  # not Linux: the time budget still holds
        pass
    try:
        result: tuple[str, Any] = ("ok", pair_text(*args))
    except PairFailure as e:
        result = ("fail", (e.exit_code, str(e), e.status, e.diagnostics))
    except MemoryError:
        result = ("memory", None)
    except Exception as e:  # a bug: said in one line by the parent
        result = ("error", f"{type(e).__name__}: {e}")
    conn.send(result)
    conn.close()


def in_child(*args: Any) -> tuple[Pairing, str, str, list[str]]:
    """:func:`pair_text` in a child process (``forkserver``: forked from a clean
    process that has the engines loaded), killed at :data:`TIME_BUDGET`."""
    import multiprocessing

    ctx = multiprocessing.get_context("forkserver")
    # the server forks children with the usual engine loaded (no import per request)
    ctx.set_forkserver_preload(["swisschess.web.pairapi", "swisschess.rules.dutch",
                                "swisschess.rules.dutchclasses", "swisschess.formats.checks"])
    receiver, sender = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(sender, args, MAX_MEMORY), daemon=True)
    proc.start()
    sender.close()
    try:
        if not receiver.poll(TIME_BUDGET):
            raise _timeout()
        kind, value = receiver.recv()  # plain values: a Pairing or the failure's parts
    except EOFError:  # the child died without an answer: out of memory, or killed
        kind, value = "died", None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        receiver.close()
    if kind == "died":
        kind, value = ("memory", None) if proc.exitcode in (-9, 1) else \
            ("error", f"the pairing process ended with code {proc.exitcode}")
    if kind == "ok":
        return value
    if kind == "fail":
        code, message, status, diagnostics = value
        raise PairFailure(code, message, status, diagnostics)
    if kind == "memory":
        raise PairFailure(EXIT_TOO_LARGE, f"{FILENAME}: the pairing needs more than "
                                          f"{MAX_MEMORY // (1024 * 1024)} MB of memory",
                          status=413)
    raise PairFailure(EXIT_UNEXPECTED, f"unexpected error: {value}")


async def bounded(*args: Any) -> tuple[Pairing, str, str, list[str]]:
    """:func:`pair_text` of ``args`` if a place is free (else :class:`Busy` at once),
    answered within :data:`TIME_BUDGET` seconds (else :class:`Busy` ``timeout``)."""
    if not SLOTS.acquire(blocking=False):
        raise Busy("busy", f"the pairing service is busy ({MAX_CONCURRENT} pairings being "
                           f"computed): try again in {RETRY_AFTER} s")
    isolated = ISOLATION == "process"

    def run() -> tuple[Pairing, str, str, list[str]]:
        try:
            return in_child(*args) if isolated else pair_text(*args)
        finally:
            SLOTS.release()

    try:
        future = POOL.submit(run)
    except BaseException:  # pragma: no cover - the pool is shut down
        SLOTS.release()
        raise
    if isolated:  # the child is stopped at the budget: its place comes back then
        return await asyncio.wrap_future(future)
    try:
        return await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), TIME_BUDGET)
    except TimeoutError:
        raise _timeout() from None


def wants_engine_format(request: Request, fmt: str | None) -> bool:
    if fmt:
        return fmt.lower() == "engine"
    accept = request.headers.get("accept", "")
    return "text/plain" in accept and "application/json" not in accept


@router.post("/api/pair", summary="Pair the next round of a TRF file (stateless)",
             responses={200: {"content": {"application/json": {}, "text/plain": {}}},
                        413: {"description": "body over the size limit, or over 9999 players"},
                        415: {"description": "the body is not text/plain"},
                        422: {"description": "invalid TRF (located), unknown system / "
                                             "edition / acceleration, or no valid pairing"}},
             openapi_extra={"requestBody": {"required": True, "content": {
                 "text/plain": {"schema": {"type": "string", "description": "a TRF file"}}}}})
async def pair(request: Request,
               system: str | None = Query(None, description="dutch, lim, round-robin ... "
                                                            "(default: the file's 192 "
                                                            "record, else dutch)"),
               edition: str | None = Query(None, description="2026, 2017, 1992; single "
                                                              "or double (round robin)"),
               acceleration: str | None = Query(None, description="baku or none "
                                                                  "(default: record 192)"),
               format: str | None = Query(None, description="json (default) or engine")
               ) -> Response:
    """The request body is the TRF text; see the module docstring for the answers."""
    try:
        if format not in (None, "json", "engine"):
            raise PairFailure(EXIT_INVALID, f"unknown format {format!r} (json or engine)")
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "text/plain":
            raise PairFailure(EXIT_INVALID, f"the body must be a TRF file sent as text/plain, "
                                            f"not {ctype or 'no content type'}", status=415)
        limit = getattr(request.app.state, "pair_max_bytes", MAX_BYTES)
        text = decode(await read_body(request, limit))
        pairing, sys_, ed, warnings = await bounded(text, system, edition, acceleration)
    except PairFailure as e:
        return e.response()
    except Busy as e:
        return e.response()
    except Exception as e:  # pragma: no cover - a bug: say so in one line, like the CLI
        return PairFailure(EXIT_UNEXPECTED, f"unexpected error: {type(e).__name__}: {e}"
                           ).response()
    if wants_engine_format(request, format):
        return PlainTextResponse("\n".join(pairing.engine_lines()) + "\n")
    return JSONResponse(pairing_json(pairing, sys_, ed, warnings))


def create_pair_app(max_bytes: int = MAX_BYTES) -> Any:
    """An app serving only ``/api/pair`` (and its docs): no database, no login
    (``swisschess serve --pair-only``)."""
    from fastapi import FastAPI

    from swisschess import __version__
    from swisschess.web import apidocs
    from swisschess.web.limits import RequestGate
    from swisschess.web.security import SecurityHeaders

    app = FastAPI(title="swisschess pairing service", version=__version__,
                  description=(__doc__ or "").split("\n\n")[0], docs_url=None,
                  redoc_url=None, openapi_url="/api/openapi.json")
    apidocs.install(app)  # /api/docs without a CDN
    app.state.pair_max_bytes = max_bytes
    app.include_router(router)
    app.add_middleware(RequestGate)  # the other routes' body limit (web/limits.py)
    app.add_middleware(SecurityHeaders)
    return app
