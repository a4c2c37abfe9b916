"""The store connection of the request's thread, kept open for the thread's life, and the state of
the games file the app was started on.

Waitress serves requests from a fixed pool of threads, and a Store belongs to one thread, so each
thread keeps its own connection: opening and closing SQLite per request would cost more than the
fact itself (closing the last connection checkpoints the WAL into the database file).

At start the file is created (or opened) and tried with a write that is rolled back: a read-only
file or folder is then served read-only (every page says so; a change is refused with the reason).
Its (device, inode) is remembered, so a file deleted or replaced while serving refuses every later
change instead of writing to a file nobody will read again.
"""
import threading

from flask import current_app

from ..store import Store, StoreFault, identity


def get_store() -> Store:
    mine = current_app.extensions["referee.stores"]
    if getattr(mine, "store", None) is None:
        mine.store = Store(current_app.config["DATABASE"], expect=current_app.extensions["referee.identity"],
                           read_only=bool(current_app.config.get("READ_ONLY")))
    return mine.store


def file_state() -> str | None:
    """None while changes can be stored, else why not: "read-only", "gone" or "replaced"."""
    if current_app.config.get("READ_ONLY"):
        return "read-only"
    now = identity(current_app.config["DATABASE"])
    if now != current_app.extensions["referee.identity"]:
        return "gone" if now is None else "replaced"
    return None


def rollback_leftover(_=None):
    """A request that failed inside a transaction must not leave it open for the thread's next one."""
    store = getattr(current_app.extensions["referee.stores"], "store", None)
    if store is not None and store.db.in_transaction:
        store.db.rollback()


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
    app.extensions["referee.stores"] = threading.local()
    app.teardown_request(rollback_leftover)
    if not open_at_start(app.config["DATABASE"]):     # create the file and tables at start, not on first visit
        app.config["READ_ONLY"] = True
    app.extensions["referee.identity"] = identity(app.config["DATABASE"])
