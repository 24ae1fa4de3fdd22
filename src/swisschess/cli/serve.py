"""``swisschess serve``: the arbiter's web app (or only the pairing service).

    swisschess serve [--db URL] [--host 127.0.0.1] [--port 8000] [--token-file F]
                     [--workers N] [--pair-only] [--trusted-proxy IP]

Arbiter pages need the token (password) given here (``--token-file``, or
``--token``, which other users can read in the process list), or
``$SWISSCHESS_TOKEN``; without any a random one is made and printed.  Behind a
reverse proxy, ``--trusted-proxy IP`` makes its ``X-Forwarded-For`` name the
client (otherwise the header is ignored: it is the client's own words).  Public pages (pairings,
standings) need none.  The JSON API is under ``/api`` (docs at ``/api/docs``);
``POST /api/pair`` pairs a TRF file sent in the request (no database).

``--workers N`` runs N worker processes (uvicorn) on one database — use
PostgreSQL for that (``--db postgresql://USER@HOST/DB``): each write locks the
tournament's row, so two arbiters entering results at the same time never lose
an update (the loser gets 409 with the current state).  Every worker accepts
every login (sessions are signed with a key derived from the token).
``--pair-only`` serves only ``/api/pair``: no database, no login; run as many
as needed behind a load balancer.  See docs/scaling.md.
"""

from __future__ import annotations

import argparse
import os
import sys

from swisschess.cli.exitcodes import EXIT_FILE, EXIT_INVALID, EXIT_OK
from swisschess.cli.files import cannot_read
from swisschess.cli.helptext import description
from swisschess.i18n import gettext as _


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help=_("run the arbiter's web app (pages and JSON API)"),
                       description=description(
                           _("The arbiter's web app, or only the pairing service."),
                           _("Arbiter pages need the token (password) given here (--token-file, "
                             "or --token, which other users can read in the process list), or "
                             "$SWISSCHESS_TOKEN; without any a random one is made and printed. "
                             "Behind a reverse proxy, --trusted-proxy IP makes its "
                             "X-Forwarded-For name the client (otherwise the header is ignored: "
                             "it is the client's own words). Public pages (pairings, standings) "
                             "need none. The JSON API is under /api (docs at /api/docs); POST "
                             "/api/pair pairs a TRF file sent in the request (no database)."),
                           _("--workers N runs N worker processes (uvicorn) on one database; use "
                             "PostgreSQL for that (--db postgresql://USER@HOST/DB): each write "
                             "locks the tournament's row, so two arbiters entering results at "
                             "the same time never lose an update (the loser gets 409 with the "
                             "current state). Every worker accepts every login. --pair-only "
                             "serves only /api/pair: no database, no login; run as many as "
                             "needed behind a load balancer. See docs/scaling.md."),
                           usage="    swisschess serve [--db URL] [--host 127.0.0.1] [--port 8000] "
                                 "[--token-file F]\n"
                                 "                     [--workers N] [--pair-only] "
                                 "[--trusted-proxy IP]"),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--db", metavar="URL",
                   help=_("database: SQLAlchemy URL or SQLite file "
                        "(default: $SWISSCHESS_DB, else ./swisschess.db)"))
    p.add_argument("--host", default="127.0.0.1",
                   help=_("address to listen on (default 127.0.0.1: this computer only)"))
    p.add_argument("--port", type=_port, default=8000, help=_("TCP port, 1-65535 (default 8000)"))
    p.add_argument("--token", help=_("arbiter password (default: $SWISSCHESS_TOKEN, else random; "
                                   "visible to other users in the process list: prefer "
                                   "--token-file or the environment)"))
    p.add_argument("--token-file", metavar="FILE",
                   help=_("read the arbiter password from the first line of FILE"))
    p.add_argument("--trusted-proxy", metavar="IP[,IP]",
                   default=os.environ.get(ENV_PROXY) or None,
                   help=_("reverse proxies (addresses or networks) whose X-Forwarded-For "
                        "names the client (default: $SWISSCHESS_TRUSTED_PROXY, else none: "
                        "the header is ignored)"))
    p.add_argument("--allowed-hosts", metavar="NAME[,NAME]",
                   default=os.environ.get(ENV_HOSTS) or None,
                   help=_("the only host names the pages may be reached by, e.g. "
                        "chess.example.org,192.168.1.10 (default: $SWISSCHESS_ALLOWED_HOSTS, "
                        "else any)"))
    # scaling (docs/scaling.md)
    p.add_argument("--workers", type=_positive, default=1, metavar="N",
                   help=_("worker processes (default 1; several share one database: "
                        "PostgreSQL recommended)"))
    p.add_argument("--pair-only", action="store_true",
                   help=_("serve only the stateless pairing service POST /api/pair "
                        "(no database, no login)"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import secrets

    import uvicorn

    from swisschess.store.service import TournamentService
    from swisschess.web.app import create_app
    from swisschess.web.limits import parse_proxies

    try:
        parse_proxies(args.trusted_proxy)
    except ValueError:
        print("swisschess: " + _("--trusted-proxy {value}: expected addresses or networks "
                                 "separated by commas, e.g. 127.0.0.1 or 10.0.0.0/8").format(
            value=args.trusted_proxy), file=sys.stderr)
        return EXIT_INVALID
    taken = port_taken(args.host, args.port)
    if taken:  # said plainly, before anything starts (uvicorn would log and exit 1)
        print("swisschess: " + _("cannot listen on {address}: {reason}").format(
            address=f"{args.host}:{args.port}", reason=taken), file=sys.stderr)
        return EXIT_FILE
    if args.pair_only:
        return _run_pair_only(args, uvicorn)
    token = args.token or os.environ.get("SWISSCHESS_TOKEN")
    if args.token_file:
        try:
            with open(args.token_file, encoding="utf-8") as f:
                token = f.readline().strip()
        except OSError as e:
            print("swisschess: " + cannot_read(args.token_file, e), file=sys.stderr)
            return EXIT_FILE
    generated = not token
    token = token or secrets.token_urlsafe(9)
    try:
        svc = TournamentService(args.db, actor="web")
    except Exception as e:
        print("swisschess: " + _("cannot open the database: {reason}").format(reason=e),
              file=sys.stderr)
        return EXIT_FILE
    app = create_app(token=token, service=svc, trusted_proxies=args.trusted_proxy,
                     allowed_hosts=args.allowed_hosts)
    host = args.host
    shown = f"[{host}]" if ":" in host else host
    print("swisschess: " + _("serving {db}").format(db=masked(svc.url)), file=sys.stderr)
    print("swisschess: " + _("public pages: {url}").format(url=f"http://{shown}:{args.port}/"),
          file=sys.stderr)
    print("swisschess: " + _("arbiter pages: {url}").format(
        url=f"http://{shown}:{args.port}/arbiter"), file=sys.stderr)
    if generated:
        print("swisschess: " + _("arbiter password: {token}").format(token=token),
              file=sys.stderr)
    sys.stderr.flush()
    if args.workers > 1:
        return _run_workers(args, uvicorn, svc, token)
    try:
        # proxy_headers=False: uvicorn would believe X-Forwarded-For from 127.0.0.1;
        # the app decides (--trusted-proxy, web/limits.py)
        uvicorn.run(app, host=host, port=args.port, log_level="warning", access_log=False,
                    proxy_headers=False)
    except OSError as e:
        print("swisschess: " + _("cannot listen on {address}: {reason}").format(
            address=f"{host}:{args.port}", reason=e), file=sys.stderr)
        return EXIT_FILE
    return EXIT_OK


# ------------------------------------------------------------ scaling
#: Environment read by each worker process of ``--workers N`` (set by ``run``).
ENV_DB, ENV_TOKEN, ENV_PROXY = "SWISSCHESS_DB", "SWISSCHESS_TOKEN", "SWISSCHESS_TRUSTED_PROXY"
ENV_HOSTS = "SWISSCHESS_ALLOWED_HOSTS"
#: Worker processes of ``--pair-only`` (1: uvicorn runs the app in its own process).
ENV_WORKERS = "SWISSCHESS_PAIR_WORKERS"


def port_taken(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be listened on (another server has it), or None."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            s.bind((host, port))
        except OSError as e:
            return e.strerror or str(e)
    return None


def masked(url: str) -> str:
    """A database URL fit to print: the password replaced by ``***``."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL (a path): nothing to hide
        return url


def _port(text: str) -> int:
    n = int(text)
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError("must be 1-65535")
    return n


def _positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def die_with_parent() -> None:
    """Linux: this worker process is sent SIGTERM when the process that started it
    (uvicorn's master of ``--workers N``) dies, even by ``kill -9`` -- otherwise the
    workers would keep the port, and a restart would fail with "address already in
    use" (issue 26).  Elsewhere nothing is done."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    import signal

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - no prctl
        return
    if os.getppid() == 1:  # the master died before the line above
        os.kill(os.getpid(), signal.SIGTERM)


def worker_app():
    """The app of one worker process (``--workers N``): database and token from the
    environment ``_run_workers`` set before starting the workers."""
    die_with_parent()
    from swisschess.store.db import open_engine
    from swisschess.store.service import TournamentService
    from swisschess.web.app import create_app

    # the schema was brought up to date once, by ``run``, before the workers started
    engine = open_engine(os.environ[ENV_DB], migrate=False)
    return create_app(token=os.environ[ENV_TOKEN],
                      service=TournamentService(actor="web", engine=engine),
                      trusted_proxies=os.environ.get(ENV_PROXY),
                      allowed_hosts=os.environ.get(ENV_HOSTS))


def pair_app():
    """The app of one ``--pair-only`` worker process."""
    if os.environ.get(ENV_WORKERS, "1") != "1":
        die_with_parent()
    from swisschess.web.pairapi import create_pair_app

    return create_pair_app()


def _uvicorn(uvicorn, target: str, args: argparse.Namespace) -> int:
    try:
        uvicorn.run(target, factory=True, workers=args.workers, host=args.host,
                    port=args.port, log_level="warning", access_log=False,
                    proxy_headers=False)
    except OSError as e:
        print(f"swisschess: cannot listen on {args.host}:{args.port}: {e}", file=sys.stderr)
        return EXIT_FILE
    return EXIT_OK


def _run_workers(args: argparse.Namespace, uvicorn, svc, token: str) -> int:
    """N worker processes on the database ``svc`` opened (its schema is up to date:
    the workers only open it)."""
    print(f"swisschess: {args.workers} worker processes", file=sys.stderr)
    if svc.url.startswith("sqlite"):
        print("swisschess: several workers on SQLite take turns for every write; "
              "PostgreSQL scales better (docs/scaling.md)", file=sys.stderr)
    sys.stderr.flush()
    svc.close()
    os.environ[ENV_DB] = svc.url
    os.environ[ENV_TOKEN] = token
    if args.trusted_proxy:
        os.environ[ENV_PROXY] = args.trusted_proxy
    if args.allowed_hosts:
        os.environ[ENV_HOSTS] = args.allowed_hosts
    return _uvicorn(uvicorn, "swisschess.cli.serve:worker_app", args)


def _run_pair_only(args: argparse.Namespace, uvicorn) -> int:
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"swisschess: pairing service http://{host}:{args.port}/api/pair "
          f"({args.workers} worker process(es), no database)", file=sys.stderr)
    sys.stderr.flush()
    os.environ[ENV_WORKERS] = str(args.workers)
    return _uvicorn(uvicorn, "swisschess.cli.serve:pair_app", args)
