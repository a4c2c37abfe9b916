"""`referee games list|import|export` and `referee serve` as a user runs them."""
import json
import re
import signal
from itertools import combinations
import urllib.request
from pathlib import Path

import pytest
from webkit import FOUR, GERMANY, GERMANY_3P, USA, Browser, Server, referee

from referee.catalog.files import read_toml
from referee.catalog.map_check import build_map
from referee.serve import _preload, lan_banner, secrets_for
from referee.web import placement

pytestmark = pytest.mark.slow   # each test runs the command line in a subprocess, most start a server


def test_games_import_prints_the_new_id_last_and_export_gives_the_same_bytes(tmp_path):
    db = tmp_path / "games.sqlite3"
    ids = []
    for path in (GERMANY, USA):
        done = referee("games", "import", path, "--db", db)
        assert done.returncode == 0, done.stderr
        ids.append(done.stdout.decode().split()[-1])
    assert ids == ["1", "2"]
    for game_id, path in zip(ids, (GERMANY, USA)):
        exported = referee("games", "export", game_id, "--db", db)
        assert exported.returncode == 0 and exported.stdout == path.read_bytes()


def test_an_exported_game_replays_with_referee_replay(tmp_path):
    db = tmp_path / "games.sqlite3"
    referee("games", "import", USA, "--db", db)
    (tmp_path / "out.jsonl").write_bytes(referee("games", "export", "1", "--db", db).stdout)
    replayed = referee("replay", tmp_path / "out.jsonl")
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["phase"] == "over"


def test_games_list_shows_every_game_with_its_id_map_players_and_progress(tmp_path):
    db = tmp_path / "games.sqlite3"
    referee("games", "import", GERMANY, "--db", db)
    referee("games", "import", USA, "--db", db)
    listed = referee("games", "list", "--db", db).stdout.decode().splitlines()
    assert len(listed) == 2
    assert re.match(r"2\tusa\tEmma \(purple\), Frank \(black\)\tover\t165 entries\t\d{4}-\d\d-\d\d \d\d:\d\d$", listed[0])
    assert listed[1].startswith("1\tgermany\tAnna (red), Bernd (blue), Clara (green), Dieter (yellow)\tover\t301 entries")


def test_games_list_of_an_empty_store_says_so_on_stderr(tmp_path):
    db = tmp_path / "games.sqlite3"
    referee("games", "import", tmp_path / "missing.jsonl", "--db", db)  # refused, but makes the store
    done = referee("games", "list", "--db", db)
    assert done.returncode == 0 and done.stdout == b"" and b"no games" in done.stderr
    missing = referee("games", "export", "7", "--db", db)
    assert missing.returncode == 2 and b"no game 7 in" in missing.stderr


@pytest.mark.parametrize("verb", [["list"], ["export", "1"]])
def test_games_list_and_export_of_a_missing_database_say_so_and_create_nothing(tmp_path, verb):
    db = tmp_path / "no" / "such" / "games.sqlite3"
    done = referee("games", *verb, "--db", db)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().startswith(f"referee games: no database at {db} ") and done.stderr.count(b"\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_games_import_of_an_illegal_log_names_the_line_and_stores_nothing(tmp_path):
    db, bad = tmp_path / "games.sqlite3", tmp_path / "bad.jsonl"
    lines = GERMANY.read_text(encoding="utf-8").splitlines()
    lines[2] = '{"type": "fly"}'
    bad.write_text("\n".join(lines), encoding="utf-8")
    done = referee("games", "import", bad, "--db", db)
    assert done.returncode == 2 and done.stdout == b""
    assert re.fullmatch(rf"{re.escape(str(bad))} line 3: unknown action 'fly'.*; nothing was imported\n", done.stderr.decode())
    assert referee("games", "list", "--db", db).stdout == b""


@pytest.mark.parametrize("args, message", [
    (["games", "export", "7"], "no database at"),
    (["games", "export", "seven"], "a game id is a whole number"),
    (["games", "import", "/no/such/file.jsonl"], "/no/such/file.jsonl: cannot read: No such file or directory"),
    (["games", "frobnicate"], "invalid choice: 'frobnicate'"),
])
def test_games_mistakes_are_one_line_and_exit_2(tmp_path, args, message):
    done = referee(*args, "--db", tmp_path / "games.sqlite3") if args[1] != "frobnicate" else referee(*args)
    err = done.stderr.decode()
    assert done.returncode == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_games_on_a_file_that_is_not_a_database_is_one_line_and_exit_2(tmp_path):
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not sqlite" * 100)
    done = referee("games", "list", "--db", junk)
    assert done.returncode == 2 and "file is not a database" in done.stderr.decode() and b"Traceback" not in done.stderr


# --- serve ------------------------------------------------------------------------------------

def test_lan_banner_prints_the_url_with_its_key_and_a_qr_code_of_it():
    url = "http://192.168.1.20:8765/?key=abc123"
    banner = lan_banner(url)
    assert url in banner.splitlines()
    qr = [line for line in banner.splitlines() if line and set(line) <= set("█▀▄ \xa0")]
    assert len(qr) >= 10 and len({len(line) for line in qr}) == 1, "a square block of the QR code"


def test_the_key_and_secret_are_made_once_and_kept_beside_the_database(tmp_path):
    db = tmp_path / "games.sqlite3"
    first = secrets_for(db)
    assert secrets_for(db) == first and len(first["table_key"]) >= 16
    assert (tmp_path / "games.sqlite3.secrets.json").stat().st_mode & 0o077 == 0, "readable by the owner only"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_serve_answers_and_shuts_down_cleanly_on_a_signal(tmp_path, sig):
    server = Server(tmp_path / "games.sqlite3")
    with urllib.request.urlopen(server.url + "/static/htmx-2.0.11.min.js") as r:
        assert r.status == 200 and b"htmx" in r.read(200)
    code, out, err = server.stop(sig)
    assert code == 0 and "Traceback" not in err
    assert f"The referee is at http://127.0.0.1:{server.port}/" in out
    assert (tmp_path / "games.sqlite3").exists()


def test_serve_lan_prints_the_keyed_url_and_only_a_device_with_the_key_may_change(tmp_path):
    server = Server(tmp_path / "games.sqlite3", "--lan", "--host", "127.0.0.1")
    key = json.loads((tmp_path / "games.sqlite3.secrets.json").read_text())["table_key"]
    try:
        other, tablet = Browser(server.port), Browser(server.port)
        other.request("GET", "/")
        refused = other.request("POST", "/games/new", FOUR)
        assert tablet.request("GET", f"/?key={key}")[0] == 302
        tablet.request("GET", "/")
        created = tablet.request("POST", "/games/new", FOUR)
    finally:
        code, out, _ = server.stop()
    assert refused[0] == 403 and "Only the table can change this game" in refused[1]
    assert created[0] == 303
    assert f"http://127.0.0.1:{server.port}/?key={key}\n" in out and "█" in out


def test_serve_on_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    server = Server(tmp_path / "a.sqlite3")
    try:
        done = referee("serve", "--port", server.port, "--db", tmp_path / "b.sqlite3")
    finally:
        server.stop()
    assert done.returncode == 2 and b"cannot listen on 127.0.0.1" in done.stderr and b"Traceback" not in done.stderr


@pytest.mark.parametrize("port", ["0", "70000", "http"])
def test_serve_refuses_a_bad_port(port):
    done = referee("serve", "--port", port)
    assert done.returncode == 2 and b"a port is a whole number from 1 to 65535" in done.stderr


def test_serve_lays_out_the_boards_of_the_games_it_opens_at_start(app, client, make_game, monkeypatch):
    """The cold first page after a restart places no board label (placement.layout was done at start)."""
    board = read_toml(Path(__file__).resolve().parents[2] / "maps" / "italy.toml")
    board["id"] = "warmitaly"       # a board of its own (a new Map object): no earlier test has laid it out
    game_map = build_map(board, "warmitaly")
    areas = next(list(c) for c in combinations(game_map.areas, 3) if game_map.areas_connected(c))
    game_id = make_game({**GERMANY_3P, "map": "warmitaly", "board": board, "areas": areas})
    _preload(app, Path(app.config["DATABASE"]))
    placed = []
    real = placement.candidate
    monkeypatch.setattr(placement, "candidate", lambda *a: placed.append(a) or real(*a))
    assert client.get(f"/games/{game_id}/").status_code == 200
    assert placed == []
