"""Live tables: every device's page hears at once that a fact was stored for its game.

    GET /games/<id>/events   server-sent events (text/event-stream): an event `fact` whose data is
                             the game's stored sequence number, once on connecting and again each
                             time a fact is stored; a comment every KEEPALIVE seconds in between,
                             so a device that went away is noticed and its stream ends. A
                             damaged game (which takes no fact) answers 204: the browser stops
                             asking.

The event carries no table: the page (htmx's SSE extension; templates/table/_macros.html) asks for the
table by the request its poll makes, in its own language, and only when the number is not the one it
shows; that answer is morphed into the page (idiomorph), and while the device's moment is the same its
input is left as it is (referee.web.facts.moment). Streams wait on a
Condition per watched game, notified by Tables when a fact is stored: nothing runs while nothing
happens. Under `referee serve` the threading primitives are gevent's, so a stream is a greenlet.

A stream ends as soon as its device closes the connection (a phone reloading, a page closed): a
greenlet waits on the socket for that, so the slot is free at once, not at the next keep-alive
comment. On a server on the network (a table key) one device address holds at most
STREAMS_PER_ADDRESS streams (the key holder any number): more are refused with a 503. At the
server's stop every stream ends at once (Hub.close_all).
"""
import threading
from collections import Counter
from contextlib import contextmanager

from flask import Blueprint, Response, current_app, request

from .access import has_key
from .guard import crowded
from .table import open_table
from .tables import Damaged

KEEPALIVE = 15      # seconds between comments on a quiet stream
RETRY_MS = 2000     # how soon a browser reconnects a dropped stream
STREAMS_PER_ADDRESS = 12    # streams one device may hold on a server on the network (tabs of a phone, a tablet)


class Watch:
    """The devices watching one game: the last sequence number stored, and a Condition to wait on."""

    def __init__(self):
        self.seq: int | None = None
        self.changed = threading.Condition()
        self.watchers = 0

    def wait(self, seen: int, timeout: float, ended=lambda: False) -> int:
        """The stored sequence number once it is not `seen`, or `seen` after `timeout` seconds (or
        once `ended()` is true: notify() is called when it becomes so)."""
        with self.changed:
            self.changed.wait_for(lambda: ended() or (self.seq is not None and self.seq != seen), timeout)
            return seen if self.seq is None else self.seq

    def notify(self):
        with self.changed:
            self.changed.notify_all()


class Hub:
    """Who watches which game; Tables calls stored() for every fact stored."""

    def __init__(self):
        self.lock = threading.Lock()
        self.watches: dict[int, Watch] = {}
        self.closing = False
        self.by_address = Counter()

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

    def close_all(self):
        """End every stream now (the server stops)."""
        self.closing = True
        for watch in list(self.watches.values()):
            watch.notify()

    @contextmanager
    def counted(self, address: str | None):
        """One more stream of `address` while it lasts (None: not counted)."""
        if address is not None:
            self.by_address[address] += 1
        try:
            yield
        finally:
            if address is not None:
                self.by_address[address] -= 1
                if not self.by_address[address]:
                    del self.by_address[address]


def closed_watcher(sock, watch: Watch, ended: list):
    """A greenlet waiting for the device to close `sock` (or send anything: a stream's device sends
    nothing); it marks the stream ended and wakes it. None outside `referee serve` (no socket)."""
    if sock is None:
        return None
    import gevent
    from gevent.socket import wait_read

    def wait():
        try:
            wait_read(sock.fileno())
        except Exception:       # the socket was closed under it: the stream ends anyway
            pass
        ended.append(True)
        watch.notify()
    return gevent.spawn(wait)


def stream(hub: Hub, tables, game_id: int, seq: int, sock=None, address: str | None = None):
    """The event stream of one device: `seq` is the number the game was at when it connected; it
    ends when the device closes `sock` or the server stops."""
    with hub.counted(address), hub.watching(game_id) as watch:
        ended = []
        watcher = closed_watcher(sock, watch, ended)
        try:
            seen = tables.seq_of(game_id)       # a fact stored before the watch began is not missed
            seen = seq if seen is None else seen
            yield f"retry: {RETRY_MS}\nevent: fact\ndata: {seen}\n\n"
            while True:
                now = watch.wait(seen, KEEPALIVE, lambda: ended or hub.closing)
                if ended or hub.closing:
                    return
                if now == seen:
                    yield ": still here\n\n"
                else:
                    seen = now
                    yield f"event: fact\ndata: {seen}\n\n"
        finally:
            if watcher is not None:
                watcher.kill(block=False)


bp = Blueprint("live", __name__, url_prefix="/games/<int:game_id>")


@bp.get("/events")
def events(game_id):
    try:
        seq = open_table(game_id).seq
    except Damaged:
        return "", 204
    hub = current_app.extensions["referee.hub"]
    address = None
    if current_app.config.get("TABLE_KEY") and not has_key():      # on the network: a device's share
        address = request.remote_addr or ""
        if hub.by_address[address] >= STREAMS_PER_ADDRESS:
            return crowded()
    body = stream(hub, current_app.extensions["referee.tables"], game_id, seq,
                  request.environ.get("referee.socket"), address)
    return Response(body, mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def init_app(app):
    app.extensions["referee.hub"] = Hub()
    app.register_blueprint(bp)
