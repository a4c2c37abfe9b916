"""Running the real server for the web tests: `referee serve` in a subprocess on a free port, and
recorded games turned into the table page's form fields (as a tablet would post them)."""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlencode

import pytest

from referee.archive import summary
from referee.game import Game
from referee.store import Store

ROOT = Path(__file__).resolve().parents[1]
GERMANY = ROOT / "examples" / "germany-4p.jsonl"
USA = ROOT / "examples" / "usa-2p.jsonl"
GERMANY_3P = {"type": "setup", "map": "germany", "areas": ["NW", "W", "SW"], "order": ["Ann", "Bob", "Cara"],
              "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
                          {"name": "Cara", "colour": "green"}]}
FOUR = {"map": "germany", "name_1": "Anna", "name_2": "Bernd", "name_3": "Clara", "name_4": "Dieter",
        "colour_1": "red", "colour_2": "blue", "colour_3": "green", "colour_4": "yellow",
        "position_1": "2", "position_2": "1", "position_3": "4", "position_4": "3",
        "areas": ["NW", "W", "SW", "E"], "order_by": "table"}   # the new-game form of germany-4p


def stored(app) -> list:
    """[(id, setup text, [entry texts])] of every game in the app's store."""
    store = Store(app.config["DATABASE"])
    try:
        return [(g["id"], *store.load(g["id"])) for g in store.games()]
    finally:
        store.close()


def recorded(path=GERMANY) -> tuple:
    """(setup line, [entries]) of a recorded game."""
    setup, *entries = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return setup, [json.loads(e) for e in entries]


def fact_form(entry: dict) -> dict:
    """The form fields POST /games/<id>/facts reads as this entry (the contract in referee/web/facts.py)."""
    form = {"type": entry["type"]}
    for key, value in entry.items():
        if key in ("type", "moves", "keep", "burn", "plants", "cities"):
            continue
        form[key] = str(value)
    kind = entry["type"]
    if kind == "build":
        form["cities"] = list(entry["cities"])
    if kind == "discard":
        form.update({f"keep_{r}": str(n) for r, n in entry.get("keep", {}).items()})
    if kind == "move":
        [move] = entry["moves"]
        form.update({k: str(move.get(k, 1)) for k in ("from", "to", "resource", "count")})
    if kind == "power":
        form.pop("cities", None)
        if "cities" in entry:
            form["powered"] = str(entry["cities"])
        if "plants" in entry:
            form.update(fire="1", plants=[str(p) for p in entry["plants"]])
            form.update({f"burn_{p}": ",".join(f"{r}={n}" for r, n in mix.items())
                         for p, mix in entry.get("burn", {}).items()})
    return form


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def referee(*args, **kw) -> subprocess.CompletedProcess:
    """`referee ARGS` as a user runs it (the checkout first on the path, as after `pip install -e`)."""
    return subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True,
                          env=env(), timeout=60, **kw)


def env() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}


class Server:
    """`referee serve --port P --db DB` running until stopped; `url` is its address."""

    def __init__(self, db, *extra, port=None):
        self.port = port or free_port()       # a port of its own, or the one a stopped server had (restart)
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "referee.cli", "serve", "--port", str(self.port), "--db", str(db), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"referee serve ended: {self.process.stderr.read()}")
                time.sleep(0.05)
        self.process.kill()
        raise RuntimeError("referee serve did not answer within 30 s")

    def stop(self, sig=None):
        """Stop with `sig` (default SIGTERM); (exit code, stdout, stderr)."""
        if self.process.poll() is None:
            self.process.send_signal(sig or 15)
        try:
            out, err = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
        return self.process.returncode, out, err


def settle(port: int, seconds: float = 60):
    """Wait until a `referee serve --bench` has done its start-up work (GET /bench/settled: every
    shipped board laid out ahead, a few seconds after it answers), so a bench measures after it."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/bench/settled", timeout=5):
                return
        except urllib.error.HTTPError as e:
            if e.code != 503 or time.monotonic() > deadline:
                raise RuntimeError(f"the server's start-up work was not done in {seconds:.0f} s ({e.code})")
        time.sleep(0.2)


class Browser:
    """A device talking to a running server: keeps its cookies and the page's CSRF token, follows no
    redirect (so a 303 after a post is seen as the acknowledgement it is)."""

    def __init__(self, port: int, headers: dict | None = None, keep_alive: bool = False):
        self.port, self.cookies, self.token = port, {}, ""
        self.headers = headers or {}
        self.kept = http.client.HTTPConnection("127.0.0.1", port, timeout=30) if keep_alive else None

    def request(self, method: str, path: str, fields: dict | None = None, headers: dict | None = None):
        """(status, body text, elapsed seconds) of one request on a fresh connection."""
        body = urlencode(fields, doseq=True) if fields is not None else None
        head = {**self.headers, **(headers or {}), "X-CSRFToken": self.token,
                "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if body is not None:
            head["Content-Type"] = "application/x-www-form-urlencoded"
        connection = self.kept or http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            started = time.perf_counter()
            connection.request(method, path, body=body, headers=head)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            elapsed = time.perf_counter() - started
        finally:
            if not self.kept:
                connection.close()
        self.last_location = response.headers.get("Location", "")
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        if token := re.search(r'"X-CSRFToken": "([^"]+)"', text):
            self.token = token[1]
        return response.status, text, elapsed


class Stream:
    """A device's event stream of one game (GET /games/<id>/events, referee.web.live) on a connection
    of its own; HTTP/1.0, so the events come as written, without chunks."""

    def __init__(self, port: int, game_id: int, timeout: float = 30):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.sendall(f"GET /games/{game_id}/events HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n"
                          f"Accept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""
        self.status = int(self._until(b"\r\n\r\n").split()[1])

    def _until(self, mark: bytes) -> bytes:
        while mark not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError(f"the server ended the stream {self.buffer[-300:]!r}")
            self.buffer += chunk
        block, _, self.buffer = self.buffer.partition(mark)
        return block

    def next_fact(self) -> int:
        """The sequence number of the next `fact` event (comments in between skipped)."""
        while True:
            for line in self._until(b"\n\n").split(b"\n"):
                if line.startswith(b"data: "):
                    return int(line[6:])

    def close(self):
        self.sock.close()


def fill(folder: Path) -> Path:
    """Fill the disk holding `folder` to the last byte with one file; returns it."""
    filler = folder / "filler"
    f = open(filler, "wb", buffering=0)
    try:
        while True:
            f.write(b"\0" * 4096)
    except OSError:
        pass
    finally:
        f.close()
    return filler


def read_only(folder: Path):
    """Remount the small disk (conftest small_disk) read-only; skip where that is refused."""
    done = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True)
    if done.returncode:
        pytest.skip(f"cannot remount the small disk read-only: {done.stderr.decode().strip()}")


ACKNOWLEDGED = (200, 303)   # a plain form post is answered 303 to the page once its fact is stored


def stored_example(tmp_path) -> tuple:
    """(db, game id, setup line, facts) of the recorded Germany game, stored with no facts yet."""
    db = tmp_path / "games.sqlite3"
    setup, entries = recorded(GERMANY)
    store = Store(db)
    game_id = store.create(setup, summary(Game(json.loads(setup))))
    store.close()
    return db, game_id, setup, entries
