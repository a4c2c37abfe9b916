"""Live tables: every device's page hears at once that a fact was stored for its game.

    GET /games/<id>/events   server-sent events (text/event-stream): an event `fact` whose data is
                             the game's stored sequence number, once on connecting and again each
                             time a fact is stored; a comment every KEEPALIVE seconds in between,
                             so a device that went away is noticed and its stream ends. A
                             damaged game (which takes no fact) answers 204: the browser stops
                             asking.

The event carries no table: the page (static/fresh.js, with htmx's SSE extension) asks for the table
by the request its poll makes, in its own language, and only when the number is not the one it
shows; that request redraws the table without losing a half-entered choice. Streams wait on a
Condition per watched game, notified by Tables when a fact is stored: nothing runs while nothing
happens. Under `referee serve` the threading primitives are gevent's, so a stream is a greenlet.
"""
import threading
from contextlib import contextmanager

from flask import Blueprint, Response, current_app

from .table import open_table
from .tables import Damaged

KEEPALIVE = 15      # seconds between comments on a quiet stream
RETRY_MS = 2000     # how soon a browser reconnects a dropped stream


class Watch:
    """The devices watching one game: the last sequence number stored, and a Condition to wait on."""

    def __init__(self):
        self.seq: int | None = None
        self.changed = threading.Condition()
        self.watchers = 0

    def wait(self, seen: int, timeout: float) -> int:
        """The stored sequence number once it is not `seen`, or `seen` after `timeout` seconds."""
        with self.changed:
            self.changed.wait_for(lambda: self.seq is not None and self.seq != seen, timeout)
            return seen if self.seq is None else self.seq


class Hub:
    """Who watches which game; Tables calls stored() for every fact stored."""

    def __init__(self):
        self.lock = threading.Lock()
        self.watches: dict[int, Watch] = {}

    def stored(self, game_id: int, seq: int):
        watch = self.watches.get(game_id)
        if watch is None:
            return
        with watch.changed:
            watch.seq = seq
            watch.changed.notify_all()

    @contextmanager
    def watching(self, game_id: int):
        with self.lock:
            watch = self.watches.setdefault(game_id, Watch())
            watch.watchers += 1
        try:
            yield watch
        finally:
            with self.lock:
                watch.watchers -= 1
                if not watch.watchers:
                    del self.watches[game_id]

    def watchers(self) -> int:
        return sum(w.watchers for w in self.watches.values())


def stream(hub: Hub, tables, game_id: int, seq: int):
    """The event stream of one device: `seq` is the number the game was at when it connected."""
    with hub.watching(game_id) as watch:
        seen = tables.seq_of(game_id)       # a fact stored before the watch began is not missed
        seen = seq if seen is None else seen
        yield f"retry: {RETRY_MS}\nevent: fact\ndata: {seen}\n\n"
        while True:
            now = watch.wait(seen, KEEPALIVE)
            if now == seen:
                yield ": still here\n\n"
            else:
                seen = now
                yield f"event: fact\ndata: {seen}\n\n"


bp = Blueprint("live", __name__, url_prefix="/games/<int:game_id>")


@bp.get("/events")
def events(game_id):
    try:
        seq = open_table(game_id).seq
    except Damaged:
        return "", 204
    body = stream(current_app.extensions["referee.hub"], current_app.extensions["referee.tables"], game_id, seq)
    return Response(body, mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def init_app(app):
    app.extensions["referee.hub"] = Hub()
    app.register_blueprint(bp)
