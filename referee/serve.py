"""`referee serve`: the table app under gevent's WSGI server, on this machine or (--lan) for a tablet
and the phones around it on the network.

Every device follows its table live on a stream that stays open (referee.web.live), so the server
holds many long-lived connections at once: gevent serves each in a greenlet (monkey-patched first
thing at start), up to MAX_CONNECTIONS, in one process, so the open games in memory and the news
that a fact was stored are shared by every device (docs/running-safely.md says why this server).

With --lan, or a --host other than loopback (reachable from the network all the same), every change
needs the table key, which the printed URL and QR code carry. The key and the app's secret are kept
beside the database, so a restart keeps the tablet's cookie and its open page valid.

At start the games file is checked (SQLite's quick check, every game replayed: referee.health) and
what was found is printed; a fault that stops the start is one line naming its real cause (the
games file, its folder, a full disk, the address) and exit status 2.
"""
import argparse
import errno
import gc
import io
import json
import os
import secrets
import signal
import socket
import sys
import tempfile
import time
from pathlib import Path

from . import offloop
from .planner.cli import one_line_errors

PORT = 8765
LOCAL = "127.0.0.1"
MAX_CONNECTIONS = 2000      # open connections at once: 60 tables × 6 devices, each a stream, a request and a poll, twice over
RESERVED = 20               # connections beyond those, served only for the table key holder
PER_ADDRESS = 32            # connections one device (address) may hold when the server is on the network
STOP_WAIT = 0.8             # seconds a stop gives requests under way (a fact being stored) before ending the rest
IDLE_CLOSE = 120            # seconds a connection may wait for its next request (or a slow reader) before it is closed
REQUEST_DEADLINE = 20       # seconds from a request's first byte to the end of its headers and body
PROGRESS_EVERY = 2          # seconds between the lines saying how far the check of stored games is
LAY_OUT_AFTER = 5           # seconds after start-up the boards are laid out ahead (_lay_out_boards): the
                            # workers' warm-up and the pages of devices back after a restart come first


def add_command(subparsers) -> None:
    s = subparsers.add_parser(
        "serve", help="run the table app (open the printed address in a browser)",
        description="Serve the table app (gevent's WSGI server). Without --lan only this machine can reach it.")
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
    from gevent import monkey
    monkey.patch_all()      # before any lock, socket or thread-local the app makes: theirs become gevent's
    offloop.start(warm=warm_worker)
    from .store import default_path
    from .web import create_app

    db = (args.db or default_path()).expanduser().resolve()
    host = args.host or ("0.0.0.0" if args.lan else LOCAL)
    keyed = needs_key(args.lan, host)
    try:
        check_place(db)
        kept = secrets_for(db)
        app = create_app({"DATABASE": str(db), "SECRET_KEY": kept["secret_key"],
                          "TABLE_KEY": kept["table_key"] if keyed else None, "BENCH": args.bench,
                          "HOSTS": served_names(host)})
    except StartFault as e:
        print(f"referee serve: {e}", file=sys.stderr)
        return 2
    except Exception as e:      # the games file, named by its cause
        print(f"referee serve: {start_fault(db, e)}", file=sys.stderr)
        return 2
    allow_open_files(MAX_CONNECTIONS + RESERVED + 100)
    server = make_server(host, args.port, app, limited=keyed)
    try:
        server.init_socket()
    except OSError as e:
        print(f"referee serve: cannot listen on {host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    port = server.server_port
    try:
        _preload(app, db)
    except Exception as e:      # the file failed between opening and reading it
        server.close()
        print(f"referee serve: {start_fault(db, e)}", file=sys.stderr)
        return 2
    if keyed:
        shown = lan_address() if host in ("0.0.0.0", "::") else host
        if not args.lan:
            print(f"--host {host} is reachable from the network: as with --lan, only a device with the "
                  f"table key can change games.")
        print(lan_banner(f"http://{_url_host(shown)}:{port}/?key={kept['table_key']}"))
    else:
        print(f"The referee is at http://{_url_host(host)}:{port}/")
    if app.config.get("READ_ONLY"):
        print(f"Warning: {db} (or its folder) is read-only: games are shown, but no change can be stored.")
    print(f"Games are kept in {db}. Stop with Ctrl+C.", flush=True)
    # What start-up made lives as long as the server (the app, its templates, the maps, the catalogues,
    # the games opened): out of the garbage collector's reach, so that its full collections, which
    # walked all of it (20-40 ms with the loop held), walk only what serving makes.
    gc.freeze()
    import gevent
    gevent.spawn(_check_in_background, app, db)
    gevent.spawn_later(LAY_OUT_AFTER, _lay_out_boards)
    for signum in (signal.SIGINT, signal.SIGTERM):
        _stop_on(signum, server, app)
    server.serve_forever()
    # serve_forever returns as soon as a stop closes the listener; the stop (_stop_on) ends the
    # process itself once the requests under way are done. Ending here instead would finalize the
    # interpreter under it, whose collection of the worker pool prints errors (found with streams open).
    gevent.sleep(STOP_WAIT + 5)
    return 0


def warm_worker():
    """In each worker process as it starts (referee.offloop): what the first PDF or planner query
    would otherwise wait for, the modules and the fonts of every script."""
    from .printing import card_pdf
    from .web import inputs  # noqa: F401 (the planner's queries come from it)
    for lang in ("en", "ja"):
        card_pdf("germany", 3, lang, "a4")


class TooSlow(TimeoutError):
    """A request's headers and body did not all come within REQUEST_DEADLINE."""


TOO_SLOW = (b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: text/plain\r\n"
            b"Content-Length: 62\r\n\r\nThe request came too slowly and was not read; nothing was done.")


def make_server(host: str, port: int, app, limited: bool):
    """gevent's WSGI server for `app`, with what keeps one device from starving the others.

    Every answer goes out without waiting for the previous segment's acknowledgement (TCP_NODELAY:
    gevent writes a response's headers and body apart, and Nagle's algorithm would hold the body
    for the client's delayed ACK, ~40 ms on every kept-alive request). A connection may idle
    IDLE_CLOSE seconds between requests, but once a request begins, its headers and body must all
    arrive within REQUEST_DEADLINE (a device sending a header line now and then holds nothing long).
    With `limited` (a server on the network), one address holds at most PER_ADDRESS connections;
    beyond those, and beyond MAX_CONNECTIONS in all, up to RESERVED more are read and served only
    for the table key holder (referee.web.guard), so the tablet always gets in. `busy` counts the
    requests being answered (a stop waits for them)."""
    import io
    from collections import Counter

    import gevent
    from gevent.pool import Pool
    from gevent.pywsgi import Input, WSGIHandler, WSGIServer

    class Handler(WSGIHandler):
        def handle(self):
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.socket.settimeout(IDLE_CLOSE)
            self.deadline = None
            try:
                super().handle()
            finally:
                self._no_deadline()

        def read_requestline(self):
            self.rfile.peek(1)      # the next request's first byte, as long as an idle connection may wait
            self.deadline = gevent.Timeout.start_new(REQUEST_DEADLINE, TooSlow())
            return super().read_requestline()

        def read_request(self, raw_requestline):
            """The headers, then the whole body (up to the app's largest) before the deadline ends."""
            self.body = None
            done = super().read_request(raw_requestline)
            chunked = self.headers.get("transfer-encoding", "").lower() == "chunked"
            most = app.config["MAX_CONTENT_LENGTH"]
            if done and (chunked or 0 < (self.content_length or 0) <= most):
                expects = self.headers.get("expect", "").lower() == "100-continue"
                self.body = Input(self.rfile, self.content_length, socket=self.socket if expects else None,
                                  chunked_input=chunked).read(most + 1)
            self._no_deadline()
            return done

        def _no_deadline(self):
            if self.deadline is not None:
                self.deadline.close()
                self.deadline = None

        def _handle_client_error(self, ex):
            if isinstance(ex, TooSlow):
                self.close_connection = True
                return "408", TOO_SLOW
            return super()._handle_client_error(ex)

        def get_environ(self):
            environ = super().get_environ()
            if self.body is not None:
                self.wsgi_input = Input(io.BytesIO(self.body), len(self.body))
                environ["wsgi.input"] = self.wsgi_input
                environ["CONTENT_LENGTH"] = str(len(self.body))
            environ["referee.socket"] = self.socket
            environ["referee.over_limit"] = self.over_limit
            return environ

        def handle_one_response(self):
            self.server.busy += 1
            try:
                return super().handle_one_response()
            finally:
                self.server.busy -= 1

    class Server(WSGIServer):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.busy = 0
            self.per_address = Counter()
            self.over = 0

        def handle(self, sock, address):
            who = address[0] if isinstance(address, tuple) else address
            over = limited and (self.per_address[who] >= PER_ADDRESS or sum(self.per_address.values()) >= MAX_CONNECTIONS)
            if over and self.over >= RESERVED:
                sock.close()
                return
            self.per_address[who] += 1
            self.over += over
            try:
                handler = self.handler_class(sock, address, self)
                handler.over_limit = over
                handler.handle()
            finally:
                self.over -= over
                self.per_address[who] -= 1
                if not self.per_address[who]:
                    del self.per_address[who]

    server = Server((host, port), app, spawn=Pool(MAX_CONNECTIONS + RESERVED), handler_class=Handler, log=None)
    return server


def allow_open_files(wanted: int):
    """Raise this process's limit of open files (a connection is one) towards `wanted`, as far as
    the system's hard limit lets it; the usual soft limit of 1024 would refuse devices first."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))


class StartFault(Exception):
    """A reason `referee serve` cannot start, already said in one line."""


def start_fault(db: Path, error: Exception) -> str:
    """One line naming why the games file cannot be used."""
    from .store import StoreFault
    if isinstance(error, StoreFault):
        return {
            "full": f"the disk is full: cannot write the games file {db}",
            "damaged": f"{db} is not a games file or is damaged ({error.detail})",
            "read-only": f"cannot write the games file {db}: it or its folder is read-only",
            "unopenable": f"cannot open the games file {db}: {_folder_problem(db) or error.detail}",
        }.get(error.cause, f"cannot use the games file {db}: {error.detail or error.cause}")
    if isinstance(error, OSError):
        return f"cannot use the games file {db}: {os_reason(error)}"
    return f"cannot open the games file {db}: {error}"


def check_place(db: Path):
    """StartFault if the games file cannot be where --db says: a folder of that name, or a file
    where one of its folders should be."""
    if db.is_dir():
        raise StartFault(f"the games file {db} is a folder; give --db the name of a file in it")
    for folder in db.parents:
        if folder.exists():
            if not folder.is_dir():
                raise StartFault(f"cannot make the folder for the games file {db.parent}: {folder} is a file")
            return


def _folder_problem(db: Path) -> str | None:
    """What is wrong with where the games file goes, if anything can be seen from outside SQLite."""
    if not db.parent.is_dir():
        return f"its folder {db.parent} does not exist"
    if os.statvfs(db.parent).f_flag & os.ST_RDONLY:
        return f"its folder {db.parent} is on a read-only disk"
    if not os.access(db.parent, os.W_OK | os.X_OK):
        return f"no permission to write in the folder {db.parent}"
    return None


def os_reason(error: OSError) -> str:
    if error.errno == errno.ENOSPC:
        return "the disk is full"
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"permission denied ({error.filename or 'the folder'})"
    if error.errno == errno.EROFS:
        return "the folder is on a read-only disk"
    if error.errno in (errno.EEXIST, errno.ENOTDIR):
        return f"{error.filename} is a file where a folder should be"
    return error.strerror or str(error)


def needs_key(lan: bool, host: str) -> bool:
    """Whether changes need the table key: with --lan, or listening anywhere but loopback (reachable
    from the network, so the same as --lan)."""
    from .web.guard import host_name, is_loopback
    return lan or not is_loopback(host_name(host))


def served_names(host: str) -> tuple:
    """The Host names besides loopback that requests to this server may carry: the address it
    listens on, or (every interface) the LAN address it prints and every other interface's (a phone
    on the other network of a machine with two opens the table at that one: the Join page says so)."""
    from .netaddr import addresses
    from .web.guard import host_name, is_loopback
    if host in ("0.0.0.0", "::"):
        printed = lan_address()
        return (printed, *(a for _name, a in addresses() if a != printed))
    return () if is_loopback(host_name(host)) else (host_name(host),)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _preload(app, db: Path):
    """Before the first request: open the most recent games (see Tables.preload), lay out their
    boards and compile the templates, so the first page after a restart is as quick as the next.
    A bounded amount of work, whatever the number of games kept: the check of every game comes
    after the server answers (_check_in_background)."""
    from .store import Store
    from .web.table import warm

    tables = app.extensions["referee.tables"]
    store = Store(db, read_only=bool(app.config.get("READ_ONLY")))
    try:
        for game_id in tables.preload(store):
            warm(tables.open[game_id])
    finally:
        store.close()
    _compile_templates(app)


def _check_in_background(app, db: Path):
    """After the server answers: check the file's pages and replay every stored game, printing
    progress as it goes and each damaged game as it is found (its page says so from then on; a game
    opened before its turn is checked as it opens). The replays run off the event loop
    (referee.health.examine), so every device is answered meanwhile, however many games are kept."""
    from .health import check_all
    from .store import Store
    from .web.db import OffLoop
    from .web.storage import mark_damaged

    store = None
    try:
        store = OffLoop(offloop.run("disk", Store, db, read_only=bool(app.config.get("READ_ONLY"))))
        started = time.monotonic()
        progress_at = None          # the first game checked says the check is under way, then every PROGRESS_EVERY

        def progress(done: int, total: int):
            nonlocal progress_at
            if done < total and (progress_at is None or time.monotonic() - progress_at >= PROGRESS_EVERY):
                progress_at = time.monotonic()
                print(f"Checking stored games: {done} of {total} checked…", flush=True)

        def found(game_id, damage):
            mark_damaged(app, {game_id: damage})
            print(f"Warning: game {game_id} is damaged from entry {damage.entry}: {damage.error} "
                  f"(its page offers the readable part)", flush=True)

        pages, _damaged, count = check_all(store, progress=progress, found=found)
        if pages:
            print(f"Warning: SQLite's check of {db} found damage: {'; '.join(pages[:3])}", flush=True)
        print(f"Checked {count} games in {time.monotonic() - started:.2f} s.", flush=True)
    except Exception as e:      # the file failed after the start: its pages say so as they meet it
        print(f"Warning: the check of the stored games stopped: {start_fault(db, e)}", flush=True)
    finally:
        if store is not None:
            store.close()


def _lay_out_boards():
    """A few seconds after the server answers: every shipped board laid out in a worker, one at a time
    (referee.web.board.lay_out_shipped_boards), so the first page of a game on a board no recent game
    uses waits for no layout. A worker lost on the way (the server's stop) leaves the rest to the
    pages that draw them."""
    from .web.board import lay_out_shipped_boards
    try:
        lay_out_shipped_boards()
    except offloop.WorkerLost:
        pass
    except Exception as e:      # a board that cannot be laid out: its page will say so when drawn
        print(f"Warning: laying out the boards ahead stopped: {type(e).__name__}: {e}", flush=True)


def _compile_templates(app):
    for name in app.jinja_env.list_templates(extensions=("html", "svg")):
        app.jinja_env.get_template(name)


def _stop_on(signum, server, app):
    """Ctrl+C (SIGINT) and SIGTERM stop the server within STOP_WAIT: it stops taking connections,
    the streams of the live pages end, requests under way (a fact being stored is one SQLite
    transaction, which finishes or rolls back) get what is left of STOP_WAIT, the idle store
    connections are closed (which folds SQLite's write-ahead log into the games file) and the
    process ends at once: nothing is left that a collection of its garbage would save, and every
    fact acknowledged was committed with a full sync before its answer went out. The worker
    processes (referee.offloop) are ended, whatever they were working out."""
    import gevent

    def stop():
        deadline = time.monotonic() + STOP_WAIT
        server.close()
        app.extensions["referee.hub"].close_all()
        while server.busy and time.monotonic() < deadline:
            gevent.sleep(0.01)
        try:
            offloop.end_workers()
            app.extensions["referee.stores"].close_idle()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)
    gevent.signal_handler(signum, gevent.spawn, stop)


def secrets_for(db: Path) -> dict:
    """The table key and session secret kept beside the database, made on first start (owner-only).

    Written whole or not at all (a temporary file linked into place), so a full disk or two
    servers starting at once never leave half a file; an empty file (from before that) is made
    again, and one that is not the referee's is named. StartFault says why it cannot be had."""
    path = db.with_name(db.name + ".secrets.json")
    for _attempt in range(3):
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            text = None
        except OSError as e:
            raise StartFault(f"cannot read {path}: {os_reason(e)}") from None
        if text is not None and text.strip():
            try:
                kept = json.loads(text)
                if isinstance(kept.get("table_key"), str) and isinstance(kept.get("secret_key"), str):
                    return kept
            except (ValueError, AttributeError):
                pass
            raise StartFault(f"{path} is not the referee's key file (it holds no table key); "
                             f"move it away and start again to make a new key")
        if text is not None:
            path.unlink(missing_ok=True)      # empty: written by a start that ran out of disk
        _write_new(path)
    raise StartFault(f"cannot make the key file {path}")


def _write_new(path: Path) -> bool:
    """Write a fresh key file unless one appeared meanwhile; False when another start made it first."""
    kept = {"table_key": secrets.token_urlsafe(12), "secret_key": secrets.token_hex(32)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StartFault(f"cannot make the folder for the games file {path.parent}: {os_reason(e)}") from None
    try:
        fd, temp = tempfile.mkstemp(prefix=".secrets-", dir=path.parent)
    except OSError as e:
        raise StartFault(f"cannot write the key file {path}: {os_reason(e)}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(kept, f)
            f.flush()
            os.fsync(f.fileno())
        os.link(temp, path)           # appears whole; fails if another start made it first
        return True
    except FileExistsError:
        return False
    except OSError as e:
        raise StartFault(f"cannot write the key file {path}: {os_reason(e)}") from None
    finally:
        os.unlink(temp)


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
