"""One store connection per request, closed when the request ends (as in the Flask tutorial)."""
from flask import current_app, g

from ..store import Store


def get_store() -> Store:
    if "store" not in g:
        g.store = Store(current_app.config["DATABASE"])
    return g.store


def close_store(_=None):
    store = g.pop("store", None)
    if store is not None:
        store.close()


def init_app(app):
    app.teardown_appcontext(close_store)
    Store(app.config["DATABASE"]).close()   # create the file and tables at start, not on first visit
