"""The store connection a request borrows, and the state of the games file the app was started on.

Opening and closing SQLite per request would cost more than the fact itself (closing the last
connection checkpoints the WAL into the database file), and the server runs each request in a
greenlet of its own (referee.serve), so connections are kept in a small pool: a request takes one
when it first needs it and gives it back when it ends; the pool keeps at most POOL_KEPT idle.

At start the file is created (or opened) and tried with a write that is rolled back: a read-only
file or folder is then served read-only (every page says so; a change is refused with the reason).
Its (device, inode) is remembered, so a file deleted or replaced while serving refuses every later
change instead of writing to a file nobody will read again.

Under `referee serve` the Store a request borrows does its SQLite work on a thread (referee.offloop),
writes in a pool of their own, one write of the process at a time (Pool.writing): a write waiting on a
slow disk holds only the requests that write, and pages and streams of other games keep answering. A write is not made for a sender that has gone (its
device gave up waiting and closed the connection): it would be applied with nobody told, and the
device's next fact refused as made against an older view (Gone).
"""
import inspect
import socket
import threading

from flask import current_app, g, request

from .. import offloop
from ..store import Store, StoreFault, identity

POOL_KEPT = 16      # idle connections kept; more requests at once open more, closed when given back
WRITE_WAIT = 10     # seconds a write waits for its turn, as SQLite waits for a locked file (Store's timeout)


class Pool:
    """Idle Stores of one games file, lent to one request at a time."""

    def __init__(self, open_store):
        self.open_store = open_store
        self.idle: list[Store] = []
        self.lock = threading.Lock()
        # One write at a time from this process: SQLite lets one writer in at a time anyway, and one
        # that finds the file locked sleeps in SQLite's busy handler (1, 2, 5, 10… ms) instead of
        # being woken when the lock is free; in this queue the next write starts as the last ends.
        self.writing = threading.Lock()

    def take(self) -> Store:
        with self.lock:
            if self.idle:
                return self.idle.pop()
        return offloop.run("disk", self.open_store)

    def give(self, store: Store):
        """Back to the pool; a transaction a failed request left open is rolled back first."""
        if store.db.in_transaction:
            store.db.rollback()
        with self.lock:
            if len(self.idle) < POOL_KEPT:
                self.idle.append(store)
                return
        store.close()

    def close_idle(self):
        """Close the idle connections (at a stop: the last one to close folds the write-ahead log into the file)."""
        with self.lock:
            idle, self.idle = self.idle, []
        for store in idle:
            store.close()


WRITES = frozenset({"create", "append", "issue_seat", "revoke_seat", "show_money"})


class Gone(Exception):
    """The device that sent this change closed its connection before it was stored: nothing is stored."""


class OffLoop:
    """A Store whose calls run on a thread of referee.offloop's pools (a plain call outside the server).
    `still_wanted()` is asked before each write: False (the sender went) refuses it with Gone."""

    def __init__(self, store: Store, still_wanted=lambda: True, writing=None):
        self.store, self.still_wanted = store, still_wanted
        self.writing = writing or threading.Lock()      # the writes of the process wait their turn in it (Pool)

    def __getattr__(self, name):
        value = getattr(self.store, name)
        if name.startswith("_") or not inspect.ismethod(value):
            return value
        if name in WRITES:
            def write(*args):
                if not self.writing.acquire(timeout=WRITE_WAIT):
                    raise StoreFault("io", f"the write before this one has waited on the disk for {WRITE_WAIT} s")
                try:
                    if not self.still_wanted():     # asked once its turn came: the sender may have gone meanwhile
                        raise Gone(name)
                    return offloop.run("writes", value, *args)
                finally:
                    self.writing.release()
            return write
        return lambda *args: offloop.run("disk", value, *args)


def sender_waits(environ) -> bool:
    """Whether the device that sent this request still waits for its answer: False once it closed
    the connection (it gave up waiting; a change it sent is then not made: referee.web.db). Always
    True outside `referee serve` (no socket to look at)."""
    sock = environ.get("referee.socket")
    if sock is None:
        return True
    try:        # a peek that never waits: the request was read whole, so b"" is the sender's close
        return getattr(sock, "_sock", sock).recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def get_store() -> OffLoop:
    if "store" not in g:
        environ = request.environ
        pool = current_app.extensions["referee.stores"]
        g.store = OffLoop(pool.take(), lambda: sender_waits(environ), pool.writing)
    return g.store


def file_state() -> str | None:
    """None while changes can be stored, else why not: "read-only", "gone" or "replaced"."""
    if current_app.config.get("READ_ONLY"):
        return "read-only"
    now = identity(current_app.config["DATABASE"])
    if now != current_app.extensions["referee.identity"]:
        return "gone" if now is None else "replaced"
    return None


def give_back(_=None):
    """The request's connection back to the pool (its open transaction, if it failed in one, rolled back)."""
    lent = g.pop("store", None)
    if lent is not None:
        current_app.extensions["referee.stores"].give(lent.store)


def open_at_start(path: str) -> bool:
    """Create or open the games file; False when it (or its folder) is read-only but readable.
    StoreFault for a file that cannot be used at all (its cause names why)."""
    try:
        store = Store(path)
    except StoreFault as e:
        if e.cause not in ("read-only", "unopenable"):
            raise
        try:
            Store(path, read_only=True).close()
        except StoreFault:
            raise e from None
        return False
    try:
        return store.writable()
    finally:
        store.close()


def init_app(app):
    app.extensions["referee.stores"] = Pool(lambda: Store(
        app.config["DATABASE"], expect=app.extensions["referee.identity"], read_only=bool(app.config.get("READ_ONLY"))))
    app.teardown_appcontext(give_back)
    if not open_at_start(app.config["DATABASE"]):     # create the file and tables at start, not on first visit
        app.config["READ_ONLY"] = True
    app.extensions["referee.identity"] = identity(app.config["DATABASE"])
