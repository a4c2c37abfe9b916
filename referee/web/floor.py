"""The floor a table fact is measured against (bench/web.py): a bare request that commits one row to
the same games file, through the same per-request store connection, CSRF check and key check.
And a rich seat page's planner query (bench/blocking.py): the most cities a budget buys on Germany's
six areas from a network of Berlin, Hamburg and Bremen, run as the seat page runs its own; and a
way to forget the planner's answers the pages keep, so that a rich seat's pages work them out anew.
And whether the server's start-up work is done (every shipped board laid out ahead), so that a
bench measures after it, not beside it.

Registered only when the app is made with BENCH=True (`referee serve --bench`); the row goes to a
table of its own, never to a game's log.
"""
import time

from flask import Blueprint, request

from .. import offloop
from ..store import Store
from .db import get_store

bp = Blueprint("floor", __name__)


@bp.record_once
def make_table(state):
    store = Store(state.app.config["DATABASE"])
    try:
        store.db.execute("CREATE TABLE IF NOT EXISTS bench_floor (at REAL NOT NULL)")
    finally:
        store.close()


@bp.post("/bench/floor")
def floor():
    offloop.run("writes", commit_one, get_store().db)       # where a fact's write runs too (referee.web.db)
    return "", 204


def commit_one(db):
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("INSERT INTO bench_floor (at) VALUES (?)", (time.time(),))
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


@bp.post("/bench/forget")
def forget():
    """Empty the planner's answers kept for the pages (as a new fact changes the question they ask)."""
    from .inputs import _suggestions
    _suggestions.cache_clear()
    return "", 204


@bp.get("/bench/planner")
def planner():
    return str(offloop.run("process", most_on_germany, int(request.args.get("budget", "300"))))


def most_on_germany(budget: int) -> int:
    """In a worker process: how many cities the budget's best plan buys (the query itself is the work)."""
    from ..catalog import load_map
    from ..planner import get_planner
    board = get_planner(load_map("germany"), ["NW", "NE", "W", "E", "SW", "SE"])
    plans = board.suggest(["Berlin", "Hamburg", "Bremen"], budget=budget, top=1)
    return len(plans[0].cities) if plans else 0


@bp.get("/bench/settled")
def settled():
    """204 once every shipped board is laid out (serve._lay_out_boards), 503 until then."""
    from .board import boards_to_lay_out
    waiting = len(boards_to_lay_out())
    return ("", 204) if not waiting else (f"boards still to lay out: {waiting}", 503)
