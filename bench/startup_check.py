"""Start-up figures: how long `referee serve` takes to answer its first page with N stored games, and
how long the check of every stored game takes.

The server checks the file (SQLite's quick check) and replays every stored game (referee.health), so
a damaged game is named before anyone plays on it; that check runs once the server answers, off
the event loop, printing progress. This stores N finished games of the recorded germany-4p game
(301 entries each), starts `referee serve` on them and prints: the time to the first answered page
(GET /), the time until the check printed "Checked N games", and (with --in-process) the quick check
and the whole check run in this process.

Run: python bench/startup_check.py [N ...]   (default 1 400 1000; prints a table, asserts nothing)
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from webkit import env, free_port, recorded  # noqa: E402

from referee.archive import summary  # noqa: E402
from referee.game import Game  # noqa: E402
from referee.store import Store  # noqa: E402


def store_games(db: Path, n: int):
    """N copies of the finished germany-4p game (stored directly: importing replays each one)."""
    setup, facts = recorded()
    done = Game(json.loads(setup))
    for fact in facts:
        done.play(fact)
    lines, kept = [json.dumps(f) for f in facts], summary(done)
    store = Store(db)
    for _ in range(n):
        store.create(setup, kept, lines)
    store.close()


def start(db: Path, n: int, wait_check: float) -> tuple:
    """(seconds to the first answered page, seconds until "Checked" was printed or None)."""
    port = free_port()
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "referee.cli", "serve", "--port", str(port), "--db", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), text=True)
    checked = []

    def read():
        for line in process.stdout:
            if "Checked" in line:
                checked.append(time.monotonic() - started)
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    first = None
    try:
        while first is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                    first = time.monotonic() - started
            except OSError:
                if process.poll() is not None:
                    sys.exit(f"referee serve ended: {process.stderr.read()}")
                time.sleep(0.05)
        deadline = time.monotonic() + wait_check
        while not checked and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        process.terminate()
        process.wait(30)
    return first, (checked[0] if checked else None)


def main(counts):
    print(f"{'games':>6} {'file MB':>8} {'first page s':>13} {'check done s':>13}  load")
    for n in counts:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "games.sqlite3"
            store_games(db, n)
            first, checked = start(db, n, wait_check=n * 1.0 + 30)
            size = db.stat().st_size / 1e6
            shown = f"{checked:>13.1f}" if checked is not None else f"{'(not seen)':>13}"
            print(f"{n:>6} {size:>8.1f} {first:>13.2f} {shown}  {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1, 400, 1000])
