"""A server killed with SIGKILL in the middle of a stream of table facts loses no acknowledged fact
and keeps no half-written one: every fact answered with success is in the store, the stored log
replays cleanly, and the database passes SQLite's integrity check."""
import pytest
import http.client
import json
import signal
import sqlite3
import threading

from webkit import ACKNOWLEDGED, GERMANY, Browser, Server, fact_form, recorded, stored_example

from referee.game import replay
from referee.store import Store

pytestmark = pytest.mark.slow   # each test starts a real `referee serve` process and kills it


def test_sigkill_mid_stream_loses_no_acknowledged_fact_and_keeps_nothing_partial(tmp_path):
    db, game_id, setup, entries = stored_example(tmp_path)

    server = Server(db)
    browser = Browser(server.port)
    browser.request("GET", "/")
    acked, refused, enough = [], [], threading.Event()

    def stream():
        for seq, entry in enumerate(entries):
            try:
                status, text, _ = browser.request("POST", f"/games/{game_id}/facts", {**fact_form(entry), "seq": seq})
            except (OSError, http.client.HTTPException):
                return              # the server is gone (mid-answer perhaps): this fact was never acknowledged
            if status not in ACKNOWLEDGED:
                refused.append((seq + 1, status, text[:300]))
                return
            acked.append(seq + 1)
            if len(acked) == 80:
                enough.set()
    poster = threading.Thread(target=stream)
    poster.start()
    assert enough.wait(120), f"the server did not take 80 facts: {refused}"
    server.process.send_signal(signal.SIGKILL)
    poster.join(60)
    server.stop()
    assert not refused, refused

    reopened = Store(db)
    assert reopened.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored_setup, stored = reopened.load(game_id)
    assert acked == list(range(1, len(acked) + 1))
    assert len(acked) <= len(stored) <= len(acked) + 1, "every acknowledged fact kept; at most the one in flight more"
    assert len(stored) < len(entries), "the kill came mid-stream"
    assert [seq for (seq,) in reopened.db.execute("SELECT seq FROM entries WHERE game = ? ORDER BY seq", (game_id,))] \
        == list(range(1, len(stored) + 1))
    game = replay([stored_setup, *stored])
    assert game.state == replay([setup, *map(json.dumps, entries[:len(stored)])]).state
    reopened.close()


def test_a_server_restarted_after_sigkill_carries_on_from_the_stored_log(tmp_path):
    db, game_id, setup, entries = stored_example(tmp_path)
    server = Server(db)
    browser = Browser(server.port)
    browser.request("GET", "/")
    for seq, entry in enumerate(entries[:5]):
        assert browser.request("POST", f"/games/{game_id}/facts", {**fact_form(entry), "seq": seq})[0] in ACKNOWLEDGED
    server.process.send_signal(signal.SIGKILL)
    server.stop()

    server = Server(db)
    browser = Browser(server.port, browser.headers)
    browser.request("GET", "/")
    status, _, _ = browser.request("POST", f"/games/{game_id}/facts", {**fact_form(entries[5]), "seq": 5})
    server.stop()
    assert status in ACKNOWLEDGED
    with sqlite3.connect(db) as check:
        assert check.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == 6
