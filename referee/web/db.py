"""The store connection of the request's thread, kept open for the thread's life.

Waitress serves requests from a fixed pool of threads, and a Store belongs to one thread, so each
thread keeps its own connection: opening and closing SQLite per request would cost more than the
fact itself (closing the last connection checkpoints the WAL into the database file).
"""
import threading

from flask import current_app

from ..store import Store


def get_store() -> Store:
    mine = current_app.extensions["referee.stores"]
    if getattr(mine, "store", None) is None:
        mine.store = Store(current_app.config["DATABASE"])
    return mine.store


def rollback_leftover(_=None):
    """A request that failed inside a transaction must not leave it open for the thread's next one."""
    store = getattr(current_app.extensions["referee.stores"], "store", None)
    if store is not None and store.db.in_transaction:
        store.db.rollback()


def init_app(app):
    app.extensions["referee.stores"] = threading.local()
    app.teardown_request(rollback_leftover)
    Store(app.config["DATABASE"]).close()   # create the file and tables at start, not on first visit
