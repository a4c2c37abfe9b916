"""`referee serve`: the table app under waitress, on this machine or (--lan) for a tablet on the network.

With --lan every change needs the table key, which the printed URL and QR code carry. The key and
the app's secret are kept beside the database, so a restart keeps the tablet's cookie and its open
page valid.
"""
import argparse
import io
import json
import os
import secrets
import signal
import socket
import sys
from pathlib import Path

from .planner.cli import one_line_errors

PORT = 8765
LOCAL = "127.0.0.1"


def add_command(subparsers) -> None:
    s = subparsers.add_parser(
        "serve", help="run the table app (open the printed address in a browser)",
        description="Serve the table app with waitress. Without --lan only this machine can reach it.")
    s.add_argument("--host", help=f"address to listen on (default {LOCAL}; with --lan every interface)")
    s.add_argument("--port", type=_port, default=PORT, help=f"port (default {PORT})")
    s.add_argument("--db", type=Path, help="the games file (default: games.sqlite3 in the user's data folder)")
    s.add_argument("--lan", action="store_true",
                   help="listen on the local network; print the table's address with its key, and a QR code")
    s.add_argument("--bench", action="store_true", help=argparse.SUPPRESS)  # bench/web.py's floor route
    s.set_defaults(func=run)
    return one_line_errors(s)


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {text[:20]!r}")
    return int(text)


def run(args) -> int:
    import waitress.server

    from .store import default_path
    from .web import create_app

    db = (args.db or default_path()).expanduser().resolve()
    host = args.host or ("0.0.0.0" if args.lan else LOCAL)
    try:
        kept = secrets_for(db)
        app = create_app({"DATABASE": str(db), "SECRET_KEY": kept["secret_key"],
                          "TABLE_KEY": kept["table_key"] if args.lan else None, "BENCH": args.bench})
        server = waitress.server.create_server(app, host=host, port=args.port, threads=4, ident="referee")
    except OSError as e:
        print(f"referee serve: cannot start on {host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    except Exception as e:  # a file that is not an SQLite database, an unreadable secrets file
        print(f"referee serve: cannot open {db}: {e}", file=sys.stderr)
        return 2
    port = server.effective_port
    _preload(app, db)
    if args.lan:
        print(lan_banner(f"http://{lan_address() if host == '0.0.0.0' else host}:{port}/?key={kept['table_key']}"))
    else:
        print(f"The referee is at http://{host}:{port}/")
    print(f"Games are kept in {db}. Stop with Ctrl+C.", flush=True)
    _stop_on(signal.SIGTERM)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


def _preload(app, db: Path):
    """Before the first request: open the recent games (see Tables.preload), lay out their boards
    and compile the templates, so the first page after a restart is as quick as the next."""
    from .store import Store
    from .web.table import warm

    tables = app.extensions["referee.tables"]
    store = Store(db)
    try:
        for game_id in tables.preload(store):
            warm(tables.open[game_id])
    finally:
        store.close()
    for name in app.jinja_env.list_templates(extensions=("html", "svg")):
        app.jinja_env.get_template(name)


def _stop_on(signum):
    """SIGTERM ends the server as Ctrl+C does: the open transaction (if any) finishes or rolls back."""
    def stop(*_):
        raise KeyboardInterrupt
    signal.signal(signum, stop)


def secrets_for(db: Path) -> dict:
    """The table key and session secret kept beside the database, made on first start (owner-only)."""
    path = db.with_name(db.name + ".secrets.json")
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    kept = {"table_key": secrets.token_urlsafe(12), "secret_key": secrets.token_hex(32)}
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(kept, f)
    return kept


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent); loopback when offline."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return s.getsockname()[0]
        except OSError:
            return LOCAL


def lan_banner(url: str) -> str:
    """What --lan prints: the table's address with its key, and the same address as a QR code."""
    import qrcode

    qr = qrcode.QRCode(border=2)
    qr.add_data(url)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return (f"Open this on the table's tablet (scan the code); only it can change games:\n{url}\n\n"
            f"{out.getvalue()}")
