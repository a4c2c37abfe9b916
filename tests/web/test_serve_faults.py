"""`referee serve` as a real process on a free loopback port, where the process matters: start-up
faults named by their real cause (one line, exit 2), a real full or read-only disk (a small tmpfs,
skipped where the test may not mount one), two servers started at once on one new file, a SIGKILL
during imports, a corrupted database found at start, and the games file deleted while serving."""
import http.client
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid

import pytest
from webkit import (ACKNOWLEDGED, GERMANY, Browser, Server, env, fact_form, fill, free_port, read_only, recorded, referee,
                    stored_example)

from referee.serve import needs_key, served_names
from referee.store import Store

pytestmark = pytest.mark.slow   # each test starts a real `referee serve` process (start-up faults, kills, disks)


def serve(db, *extra):
    """`referee serve` that is expected to stop by itself: (exit code, stdout, stderr)."""
    done = referee("serve", "--port", free_port(), "--db", db, *extra)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def printed_until(server: Server, text: str, timeout: float = 60) -> str:
    """What the running server printed up to the line holding `text` (which must come within `timeout` s)."""
    lines = []
    done = threading.Event()

    def read():
        for line in server.process.stdout:
            lines.append(line)
            if text in line:
                break
        done.set()
    threading.Thread(target=read, daemon=True).start()
    assert done.wait(timeout), f"{text!r} was not printed: {''.join(lines)}"
    return "".join(lines)


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err


# --- start-up faults, each named by its real cause -------------------------------------------------

def test_a_first_start_on_a_full_disk_names_the_disk_and_leaves_no_empty_key_file(small_disk):
    db = small_disk / "games.sqlite3"
    filler = fill(small_disk)
    code, _out, err = serve(db)
    assert code == 2 and one_line(err) and "the disk is full" in err, err
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler"], "no empty key file, no half database"
    filler.unlink()
    server = Server(db)
    server.stop()
    assert json.loads((small_disk / "games.sqlite3.secrets.json").read_text())["table_key"]


def test_an_empty_key_file_is_made_again_and_a_foreign_one_is_named(tmp_path):
    db = tmp_path / "games.sqlite3"
    key_file = tmp_path / "games.sqlite3.secrets.json"
    key_file.write_text("")
    server = Server(db)
    server.stop()
    assert len(json.loads(key_file.read_text())["table_key"]) >= 16
    key_file.write_text("{not json")
    code, _out, err = serve(db)
    assert code == 2 and one_line(err) and f"{key_file} is not the referee's key file" in err, err
    assert key_file.read_text() == "{not json", "a file the referee did not write is left as it is"


def test_a_database_path_that_is_a_folder_is_named_as_such(tmp_path):
    (tmp_path / "games.sqlite3").mkdir()
    code, _out, err = serve(tmp_path / "games.sqlite3")
    assert code == 2 and one_line(err) and "is a folder" in err and "127.0.0.1" not in err, err


def test_a_database_path_under_a_file_is_named_as_such(tmp_path):
    (tmp_path / "data").write_text("a file, not a folder")
    code, _out, err = serve(tmp_path / "data" / "games.sqlite3")
    assert code == 2 and one_line(err) and f"{tmp_path / 'data'} is a file" in err and "127.0.0.1" not in err, err


def test_a_file_that_is_no_database_is_named_as_such(tmp_path):
    (tmp_path / "games.sqlite3").write_bytes(b"not sqlite " * 500)
    code, _out, err = serve(tmp_path / "games.sqlite3")
    assert code == 2 and one_line(err) and "is not a games file or is damaged" in err, err


def test_a_new_file_on_a_read_only_disk_is_named_as_such(small_disk):
    read_only(small_disk)
    code, _out, err = serve(small_disk / "games.sqlite3")
    assert code == 2 and one_line(err) and "read-only disk" in err, err


def test_a_folder_without_write_permission_is_named_as_such(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes in any folder whatever its permissions (the read-only disk test covers root)")
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    try:
        code, _out, err = serve(folder / "games.sqlite3")
    finally:
        folder.chmod(0o700)
    assert code == 2 and one_line(err) and "permission denied" in err and "127.0.0.1" not in err, err


def test_a_port_in_use_is_named_as_the_address(tmp_path):
    server = Server(tmp_path / "a.sqlite3")
    try:
        code, _out, err = serve(tmp_path / "b.sqlite3", "--port", str(server.port))
    finally:
        server.stop()
    assert code == 2 and one_line(err) and f"cannot listen on 127.0.0.1:{server.port}" in err


def test_an_existing_games_file_on_a_read_only_disk_is_served_read_only_with_a_warning(small_disk):
    db = small_disk / "games.sqlite3"
    Server(db).stop()
    read_only(small_disk)
    server = Server(db)
    browser = Browser(server.port)
    status, page, _ = browser.request("GET", "/")
    refused = browser.request("POST", "/games/new", {"map": "germany"})
    code, out, err = server.stop()
    assert status == 200 and "read-only" in page
    assert refused[0] == 503
    assert "read-only" in out and code == 0


def test_two_servers_started_at_once_on_one_new_file_both_start_with_one_key(tmp_path):
    pairs = []
    for n in range(3):
        db = tmp_path / f"new{n}" / "games.sqlite3"
        pairs.append([subprocess.Popen([sys.executable, "-m", "referee.cli", "serve", "--port", str(free_port()),
                                        "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       env=env(), text=True) for _ in range(2)])
    time.sleep(0.5)
    outcomes = []
    for pair in pairs:
        for process in pair:
            deadline = time.monotonic() + 30
            while process.poll() is None and time.monotonic() < deadline:
                line = process.stdout.readline()
                if line.startswith("Games are kept in"):
                    break
            outcomes.append(process.poll())
            process.terminate()
            process.communicate(timeout=20)
    assert outcomes == [None] * 6, "every server started and was still running"
    for n in range(3):
        assert json.loads((tmp_path / f"new{n}" / "games.sqlite3.secrets.json").read_text())["table_key"]


def test_a_host_other_than_loopback_implies_the_table_key():
    assert needs_key(False, "192.168.1.5") and needs_key(False, "0.0.0.0") and needs_key(False, "::")
    assert not needs_key(False, "127.0.0.1") and not needs_key(False, "localhost") and not needs_key(False, "::1")
    assert needs_key(True, "127.0.0.1")
    assert served_names("192.168.1.5") == ("192.168.1.5",) and served_names("127.0.0.1") == ()


# --- kills, corruption, a vanished file --------------------------------------------------------------

def test_sigkill_during_imports_keeps_every_acknowledged_game_whole_and_no_half_game(tmp_path):
    db = tmp_path / "games.sqlite3"
    data = GERMANY.read_bytes()
    entries = len([line for line in data.splitlines() if line.strip()]) - 1
    server = Server(db)
    acked, enough = [], threading.Event()

    def stream():
        browser = Browser(server.port)
        browser.request("GET", "/")
        for n in range(60):
            boundary = uuid.uuid4().hex
            body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"log\"; filename=\"g{n}.jsonl\"\r\n"
                    f"Content-Type: application/jsonl\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
            try:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                connection.request("POST", "/games/import", body=body, headers={
                    "Content-Type": f"multipart/form-data; boundary={boundary}", "X-CSRFToken": browser.token,
                    "Cookie": "; ".join(f"{k}={v}" for k, v in browser.cookies.items())})
                response = connection.getresponse()
                response.read()
            except (OSError, http.client.HTTPException):
                return
            if response.status != 303:
                return
            acked.append(int(response.headers["Location"].strip("/").split("/")[-1]))
            if len(acked) == 4:
                enough.set()
    poster = threading.Thread(target=stream)
    poster.start()
    assert enough.wait(120), "the server did not take 4 imports"
    server.process.send_signal(signal.SIGKILL)
    poster.join(60)
    server.stop()

    store = Store(db)
    assert store.quick_check() == []
    games = {g["id"]: g["entries"] for g in store.games()}
    assert set(acked) <= set(games), "every acknowledged import is kept"
    assert set(games.values()) == {entries}, "every kept game is whole: no half-imported log"
    assert len(games) <= len(acked) + 1
    store.close()


def corrupt_a_page_of(db, game_id) -> int:
    """Overwrite a leaf page holding game `game_id`'s entries with garbage, as a failing disk would."""
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = con.execute("PRAGMA page_size").fetchone()[0]
        pages = [p for (p,) in con.execute("SELECT pageno FROM dbstat WHERE name = 'entries' AND pagetype = 'leaf' "
                                           "ORDER BY pageno")]
    page = pages[len(pages) // 4]     # the game imported first fills the first leaves
    with open(db, "r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\xa5" * size)
    return page


def test_a_corrupted_database_is_checked_at_start_and_its_damaged_game_named(tmp_path):
    db = tmp_path / "games.sqlite3"
    for _ in range(2):
        referee("games", "import", GERMANY, "--db", db)
    corrupt_a_page_of(db, 1)
    server = Server(db)
    checked = printed_until(server, "Checked 2 games")     # the check runs once the server answers
    browser = Browser(server.port)
    status, page, _ = browser.request("GET", "/games/1/")
    fact = browser.request("POST", "/games/1/facts", {"type": "undo", "seq": "301"})
    sound = browser.request("GET", "/games/2/")
    listing = browser.request("GET", "/")[1]
    readable = browser.request("GET", "/games/1/readable")
    code, out, err = server.stop()
    out = checked + out
    assert "SQLite's check" in out and "game 1 is damaged from entry" in out, out
    assert status == 200 and "Game #1 is damaged" in page and "cannot be read" in page
    assert fact[0] == 409
    assert sound[0] == 200 and "damaged" not in sound[1]
    assert "damaged from entry" in listing
    kept = [json.loads(line) for line in readable[1].splitlines()]
    assert readable[0] == 200 and kept[0]["type"] == "setup" and 0 < len(kept) - 1 < 301
    assert code == 0 and "Traceback" not in err


def test_facts_after_the_games_folder_is_deleted_while_serving_are_refused_not_lost(tmp_path):
    folder = tmp_path / "data"
    db, game_id, _setup, entries = stored_example(folder)
    server = Server(db)
    browser = Browser(server.port)
    browser.request("GET", f"/games/{game_id}/")
    subprocess.run(["rm", "-rf", str(folder)], check=True)
    answers = [browser.request("POST", f"/games/{game_id}/facts", {**fact_form(e), "seq": seq})
               for seq, e in enumerate(entries[:5])]
    banner = browser.request("GET", "/")[1]
    server.stop()
    assert not any(status in ACKNOWLEDGED for status, _, _ in answers), "no fact is acknowledged"
    assert {status for status, _, _ in answers} == {503} and "deleted" in answers[0][1]
    assert "deleted" in banner


def test_a_full_disk_while_serving_refuses_the_fact_and_the_next_works_once_space_is_free(small_disk):
    db = small_disk / "games.sqlite3"
    setup, entries = recorded()
    store = Store(db)
    from referee.archive import summary
    from referee.game import Game
    game_id = store.create(setup, summary(Game(json.loads(setup))))
    store.close()
    server = Server(db)
    browser = Browser(server.port)
    browser.request("GET", f"/games/{game_id}/")
    filler = fill(small_disk)
    full = browser.request("POST", f"/games/{game_id}/facts", {**fact_form(entries[0]), "seq": 0})
    filler.unlink()
    freed = browser.request("POST", f"/games/{game_id}/facts", {**fact_form(entries[0]), "seq": 0})
    server.stop()
    assert full[0] == 503 and "The disk is full: nothing was stored" in full[1]
    assert freed[0] in ACKNOWLEDGED
    with sqlite3.connect(db) as check:
        assert check.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == 1
