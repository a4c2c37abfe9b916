"""Start-up figures: how `referee serve`'s integrity check scales with the games kept.

At start the server runs SQLite's quick check and replays every stored game (referee.health), so a
damaged game is named before anyone plays on it. This prints the time for N finished games of the
recorded germany-4p game (301 entries each): the quick check alone and the whole check.

Run: python bench/startup_check.py [N ...]   (default 10 50 100 200; prints a table, asserts nothing)
"""
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.archive import import_log  # noqa: E402
from referee.health import check_all  # noqa: E402
from referee.store import Store  # noqa: E402

GAME = (ROOT / "examples" / "germany-4p.jsonl").read_bytes()


def main(counts):
    print(f"{'games':>6} {'entries':>8} {'file MB':>8} {'quick_check s':>14} {'whole check s':>14} {'per game ms':>12}")
    for n in counts:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "games.sqlite3"
            store = Store(db)
            for _ in range(n):
                import_log(store, GAME)
            store.close()
            store = Store(db)
            started = time.perf_counter()
            store.quick_check()
            quick = time.perf_counter() - started
            started = time.perf_counter()
            pages, damaged, count = check_all(store)
            whole = time.perf_counter() - started
            assert not pages and not damaged and count == n
            entries = store.db.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
            store.close()
            size = db.stat().st_size / 1e6
            print(f"{n:>6} {entries:>8} {size:>8.1f} {quick:>14.3f} {whole:>14.2f} {1000 * whole / n:>12.1f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10, 50, 100, 200])
