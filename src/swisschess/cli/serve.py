"""``swisschess serve``: the arbiter's web app on this computer.

    swisschess serve [--db URL] [--host 127.0.0.1] [--port 8000] [--token T]

Arbiter pages need the token (password) given here, or ``$SWISSCHESS_TOKEN``;
without either a random one is made and printed.  Public pages (pairings,
standings) need none.  The JSON API is under ``/api`` (docs at ``/api/docs``).
"""

from __future__ import annotations

import argparse
import os
import sys

from swisschess.cli.exitcodes import EXIT_FILE, EXIT_OK
from swisschess.i18n import gettext as _


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="run the arbiter's web app (pages and JSON API)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--db", metavar="URL",
                   help="database: SQLAlchemy URL or SQLite file "
                        "(default: $SWISSCHESS_DB, else ./swisschess.db)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this computer only)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--token", help="arbiter password (default: $SWISSCHESS_TOKEN, else random)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import secrets

    import uvicorn

    from swisschess.store.service import TournamentService
    from swisschess.web.app import create_app

    token = args.token or os.environ.get("SWISSCHESS_TOKEN")
    generated = not token
    token = token or secrets.token_urlsafe(9)
    try:
        svc = TournamentService(args.db, actor="web")
    except Exception as e:
        print("swisschess: " + _("cannot open the database: {reason}").format(reason=e),
              file=sys.stderr)
        return EXIT_FILE
    app = create_app(token=token, service=svc)
    host = args.host
    shown = f"[{host}]" if ":" in host else host
    print("swisschess: " + _("serving {db}").format(db=svc.url), file=sys.stderr)
    print("swisschess: " + _("public pages: {url}").format(url=f"http://{shown}:{args.port}/"),
          file=sys.stderr)
    print("swisschess: " + _("arbiter pages: {url}").format(
        url=f"http://{shown}:{args.port}/arbiter"), file=sys.stderr)
    if generated:
        print("swisschess: " + _("arbiter password: {token}").format(token=token),
              file=sys.stderr)
    sys.stderr.flush()
    try:
        uvicorn.run(app, host=host, port=args.port, log_level="warning", access_log=False)
    except OSError as e:
        print("swisschess: " + _("cannot listen on {address}: {reason}").format(
            address=f"{host}:{args.port}", reason=e), file=sys.stderr)
        return EXIT_FILE
    return EXIT_OK
