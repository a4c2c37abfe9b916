"""`referee serve` answers every device at once (issue 21): no write stall on a kept-alive connection,
start-up that does not wait for the check of every stored game, one device that cannot lock out
the table key holder, a closed stream that frees its slot at once, a change whose sender gave up
that is not made, and a stop within a second that loses nothing acknowledged."""
import json
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request

import pytest
from webkit import Browser, Server, Stream, env, fact_form, free_port, recorded, stored_example

from referee.archive import summary
from referee.game import Game
from referee.serve import PER_ADDRESS, REQUEST_DEADLINE
from referee.store import Store
from referee.web.db import Gone, OffLoop, sender_waits
from referee.web.live import STREAMS_PER_ADDRESS

HTMX = {"HX-Request": "true"}


def rows(db, game_id) -> int:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT COUNT(*) FROM entries WHERE game = ?", (game_id,)).fetchone()[0]


def answer(sock) -> tuple:
    """(seconds from the first byte of a response to its last, the body) of one HTTP/1.1 response
    with a Content-Length, read from a kept-alive socket."""
    data = sock.recv(65536)
    first = time.perf_counter()
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += sock.recv(65536)
    return time.perf_counter() - first, body


@pytest.mark.slow
def test_a_kept_alive_answer_comes_whole_without_a_delayed_ack_wait(tmp_path):
    """Headers and body arrive together: the server does not hold the body (Nagle's algorithm) until
    the client acknowledges the headers, which a client delays ~40 ms."""
    db, game_id, _setup, _facts = stored_example(tmp_path)
    server = Server(db)
    try:
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            gaps = []
            for _ in range(7):
                sock.sendall(f"GET /games/{game_id}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                gap, body = answer(sock)
                assert b"<html" in body
                gaps.append(gap)
    finally:
        server.stop()
    assert sorted(gaps)[3] < 0.02, f"headers and body came {sorted(gaps)} s apart"


def test_a_change_is_not_made_for_a_sender_that_closed_its_connection(tmp_path):
    """A device that gave up waiting and closed the connection is not answered, so its change is not made
    (its next fact would be refused as made against an older view)."""
    db, game_id, setup, facts = stored_example(tmp_path)
    left, right = socket.socketpair()
    environ = {"referee.socket": left}
    assert sender_waits(environ) and sender_waits({})
    right.close()
    assert not sender_waits(environ)
    store = OffLoop(Store(db), lambda: sender_waits(environ))
    with pytest.raises(Gone):
        store.append(game_id, 1, json.dumps(facts[0]), {})
    store.close()
    left.close()
    assert rows(db, game_id) == 0


def test_the_writes_of_one_server_take_turns_and_a_sender_gone_while_waiting_is_not_written(tmp_path):
    """Writes wait their turn in the process (Pool.writing) instead of in SQLite's busy handler, which
    sleeps 1, 2, 5, 10… ms before it looks again: the second write starts as the first ends, and a
    change whose sender closed its connection while it waited is not made."""
    db, game_id, setup, facts = stored_example(tmp_path)
    writing = threading.Lock()
    wanted = [True]
    first, second = OffLoop(Store(db), writing=writing), OffLoop(Store(db), lambda: wanted[0], writing)
    done = []
    writing.acquire()           # the first write of the server is under way
    later = threading.Thread(target=lambda: done.append(first.append(game_id, 1, json.dumps(facts[0]), {})))
    later.start()
    time.sleep(0.2)
    assert not done and rows(db, game_id) == 0      # waiting for its turn, not in the file
    writing.release()
    later.join(5)
    assert rows(db, game_id) == 1
    writing.acquire()
    wanted[0] = False           # the second sender goes while its write waits
    gone = []
    waiting = threading.Thread(target=lambda: gone.append(pytest.raises(Gone, second.append, game_id, 2,
                                                                         json.dumps(facts[1]), {})))
    waiting.start()
    time.sleep(0.1)
    writing.release()
    waiting.join(5)
    assert gone and rows(db, game_id) == 1
    first.close()
    second.close()


@pytest.mark.slow
def test_the_server_answers_before_the_check_of_stored_games_ends_and_still_names_a_damaged_one(tmp_path):
    db = tmp_path / "games.sqlite3"
    setup, facts = recorded()
    lines = [json.dumps(f) for f in facts]
    done = Game(json.loads(setup))
    for fact in facts:
        done.play(fact)
    store = Store(db)
    for _ in range(40):
        store.create(setup, summary(done), lines)
    damaged = store.create(setup, summary(Game(json.loads(setup))), lines[:5] + ['{"type": "nonsense"}'])
    store.close()
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "referee.cli", "serve", "--port", str(port), "--db", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), text=True)
    printed = []        # (when, line)
    reader = threading.Thread(target=lambda: printed.extend((time.monotonic(), line) for line in process.stdout),
                              daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                    answered = time.monotonic()
                    break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, "the server did not answer"
                time.sleep(0.05)
        while not any("Checked" in line for _, line in printed):
            assert time.monotonic() < deadline + 60, "the check did not end"
            time.sleep(0.1)
        page = Browser(port).request("GET", f"/games/{damaged}/")[1]
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(20)
        reader.join(5)
    checked = next(when for when, line in printed if "Checked 41 games" in line)
    out = "".join(line for _, line in printed)
    assert answered < checked, out
    assert "Checking stored games:" in out, "progress is printed while the games are checked"
    assert f"game {damaged} is damaged from entry 6" in out
    assert f"Game #{damaged} is damaged" in page


def keyless(port: int, address: str = "127.0.0.2") -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(address, 0))


@pytest.mark.slow
def test_a_keyless_device_holding_its_limit_of_connections_leaves_the_key_holder_in(tmp_path):
    db, game_id, _setup, facts = stored_example(tmp_path)
    server = Server(db, "--lan")
    key = json.loads((tmp_path / "games.sqlite3.secrets.json").read_text())["table_key"]
    held = []
    try:
        held = [keyless(server.port) for _ in range(PER_ADDRESS)]
        held[0].sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")     # a request that never ends its headers
        extra = keyless(server.port)
        extra.sendall(f"GET /games/{game_id}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        refused = extra.recv(4096)
        assert refused == b"" or b" 503 " in refused.split(b"\r\n")[0], refused[:200]
        holder = Browser(server.port)
        holder.cookies["table_key"] = key
        assert holder.request("GET", f"/games/{game_id}/")[0] == 200
        for seq, fact in enumerate(facts[:3]):
            status, text, _ = holder.request("POST", f"/games/{game_id}/facts", {**fact_form(fact), "seq": seq}, HTMX)
            assert status == 200, text[:300]
        assert rows(db, game_id) == 3
    finally:
        for s in held:
            s.close()
        code, _out, err = server.stop()
    assert code == 0 and "Traceback" not in err, err


def open_stream(port: int, game_id: int, address: str) -> tuple:
    sock = keyless(port, address)
    sock.sendall(f"GET /games/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    head = sock.recv(4096)
    return sock, int(head.split(b" ", 2)[1])


@pytest.mark.slow
def test_a_device_holds_a_limited_number_of_streams_and_a_closed_one_frees_its_slot_at_once(tmp_path):
    db, game_id, _setup, _facts = stored_example(tmp_path)
    server = Server(db, "--lan")
    streams = []
    try:
        for _ in range(STREAMS_PER_ADDRESS):
            sock, status = open_stream(server.port, game_id, "127.0.0.3")
            streams.append(sock)
            assert status == 200
        sock, status = open_stream(server.port, game_id, "127.0.0.3")
        sock.close()
        assert status == 503, "one more stream than a device's share is refused"
        assert open_stream(server.port, game_id, "127.0.0.4")[1] == 200, "another device has its own share"
        streams.pop().close()
        time.sleep(0.3)     # far less than the keep-alive comment's 15 s
        sock, status = open_stream(server.port, game_id, "127.0.0.3")
        streams.append(sock)
        assert status == 200, "the closed stream's slot is free at once"
    finally:
        for s in streams:
            s.close()
        code, _out, err = server.stop()
    assert code == 0 and "Traceback" not in err, err


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_the_server_stops_within_a_second_with_streams_open_and_keeps_every_acknowledged_fact(tmp_path, sig):
    db, game_id, _setup, facts = stored_example(tmp_path)
    server = Server(db)
    streams = [Stream(server.port, game_id) for _ in range(100)]
    tablet = Browser(server.port, keep_alive=True)
    tablet.request("GET", f"/games/{game_id}/")
    acknowledged = 0
    for seq, fact in enumerate(facts[:20]):
        status, _text, _ = tablet.request("POST", f"/games/{game_id}/facts", {**fact_form(fact), "seq": seq}, HTMX)
        acknowledged += status == 200
    started = time.monotonic()
    server.process.send_signal(sig)
    server.process.wait(20)
    took = time.monotonic() - started
    code, _out, err = server.stop()
    for s in streams:
        s.close()
    assert took < 1.0, f"the stop took {took:.2f} s"
    assert code == 0 and "Traceback" not in err, err
    assert acknowledged == 20
    assert not (tmp_path / "games.sqlite3-wal").exists() or (tmp_path / "games.sqlite3-wal").stat().st_size == 0, \
        "the write-ahead log is folded into the games file"
    assert rows(db, game_id) == 20


@pytest.mark.slow
def test_pages_of_other_games_answer_while_a_write_waits_for_the_games_file(tmp_path):
    """A fact whose write waits (here: another process holds the file's write lock, as a stalled
    disk would hold the write) holds only its own request: another game's page is answered meanwhile,
    and the fact is stored once the file is free."""
    db, game_id, setup, facts = stored_example(tmp_path)
    store = Store(db)
    other = store.create(setup, summary(Game(json.loads(setup))))
    store.close()
    server = Server(db)
    tablet = Browser(server.port)
    tablet.request("GET", f"/games/{game_id}/")
    watcher = Browser(server.port)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    posted = []
    post = threading.Thread(target=lambda: posted.append(
        tablet.request("POST", f"/games/{game_id}/facts", {**fact_form(facts[0]), "seq": 0}, HTMX)[0]))
    try:
        post.start()
        time.sleep(0.5)
        status, page, _ = watcher.request("GET", f"/games/{other}/")
        waiting = post.is_alive()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        post.join(30)
        code, _out, err = server.stop()
    assert status == 200 and "data-seq" in page
    assert waiting, "the other game's page was answered while the fact still waited for the file"
    assert posted == [200] and rows(db, game_id) == 1
    assert code == 0 and "Traceback" not in err, err


@pytest.mark.slow
def test_a_request_whose_headers_trickle_in_is_closed_at_its_deadline(tmp_path):
    """A header line now and then (each read well within the idle close) holds its connection no
    longer than REQUEST_DEADLINE: it is answered 408 and closed."""
    db, _game_id, _setup, _facts = stored_example(tmp_path)
    server = Server(db)
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=REQUEST_DEADLINE + 10) as sock:
            started = time.monotonic()
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            answer = b""
            for n in range(REQUEST_DEADLINE):
                try:
                    sock.sendall(f"X-Slow-{n}: a\r\n".encode())
                except OSError:
                    break
                sock.settimeout(2)
                try:
                    answer = sock.recv(4096)
                    break
                except TimeoutError:
                    continue
            took = time.monotonic() - started
    finally:
        code, _out, err = server.stop()
    assert answer.startswith(b"HTTP/1.1 408"), answer[:100]
    assert REQUEST_DEADLINE - 1 < took < REQUEST_DEADLINE + 5
    assert code == 0 and "Traceback" not in err, err
