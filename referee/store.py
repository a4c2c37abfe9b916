"""Games kept on disk: each is its setup line plus an append-only log of entries, in SQLite.

The store knows nothing of the rules: it keeps each line's JSON text exactly as given (so an export
is byte for byte the imported log) and a small summary the caller computes (for the game list).
One transaction per entry, WAL with full sync (an acknowledged entry survives a crash); the
(game, seq) key makes sure two devices can never both store the same next entry: the second one
gets `Conflict`.
"""
import json
import sqlite3
import time
from pathlib import Path

import platformdirs

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    setup TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL CHECK (seq >= 1),
    entry TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS entries_append_only_update BEFORE UPDATE ON entries
BEGIN SELECT RAISE(ABORT, 'the log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS entries_append_only_delete BEFORE DELETE ON entries
BEGIN SELECT RAISE(ABORT, 'the log is append-only'); END;
"""


def default_path() -> Path:
    """Where games are kept unless told otherwise: the user's data folder (created on first use)."""
    return platformdirs.user_data_path("referee") / "games.sqlite3"


class Conflict(Exception):
    """Another device stored that entry first: the game has moved on."""


class UnknownGame(LookupError):
    pass


class Store:
    """One SQLite file. A Store object belongs to one thread; open one per thread or request."""

    def __init__(self, path):
        self.path = str(path) if str(path) == ":memory:" else str(Path(path).expanduser())
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self):
        self.db.close()

    def _write(self):
        """A write transaction, taken at once so two writers queue instead of failing late."""
        return _Transaction(self.db)

    def create(self, setup: str, summary: dict, entries=()) -> int:
        """A new game with its setup (and, for an import, its whole log) in one transaction."""
        now = time.time()
        with self._write():
            cur = self.db.execute("INSERT INTO games (setup, summary, created, updated) VALUES (?, ?, ?, ?)",
                                  (setup, _text(summary), now, now))
            game = cur.lastrowid
            self.db.executemany("INSERT INTO entries (game, seq, entry, at) VALUES (?, ?, ?, ?)",
                                [(game, seq, e, now) for seq, e in enumerate(entries, 1)])
        return game

    def append(self, game: int, seq: int, entry: str, summary: dict):
        """Store entry number `seq` (1 = first after setup); Conflict if that number is taken."""
        game = _game_id(game)
        now = time.time()
        try:
            with self._write():
                if self.db.execute("UPDATE games SET summary = ?, updated = ? WHERE id = ?",
                                   (_text(summary), now, game)).rowcount != 1:
                    raise UnknownGame(game)
                last = self.last_seq(game)
                if seq != last + 1:
                    raise Conflict(f"entry {seq} is not the next one; the log has {last}")
                self.db.execute("INSERT INTO entries (game, seq, entry, at) VALUES (?, ?, ?, ?)",
                                (game, seq, entry, now))
        except sqlite3.IntegrityError as e:
            raise Conflict(str(e)) from None

    def last_seq(self, game: int) -> int:
        return self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = ?", (game,)).fetchone()[0]

    def load(self, game: int) -> tuple:
        """(setup text, [entry texts]) exactly as stored."""
        row = self.db.execute("SELECT setup FROM games WHERE id = ?", (_game_id(game),)).fetchone()
        if row is None:
            raise UnknownGame(game)
        entries = [t for (t,) in self.db.execute("SELECT entry FROM entries WHERE game = ? ORDER BY seq", (game,))]
        return row[0], entries

    def entries_after(self, game: int, seq: int) -> list:
        """Entries stored after `seq`, to bring a cached game up to date without replaying it."""
        return [t for (t,) in self.db.execute(
            "SELECT entry FROM entries WHERE game = ? AND seq > ? ORDER BY seq", (_game_id(game), seq))]

    def games(self) -> list:
        """Every game, most recently played first: id, summary, created, updated, entries."""
        rows = self.db.execute(
            "SELECT g.id, g.summary, g.created, g.updated, (SELECT COUNT(*) FROM entries e WHERE e.game = g.id) "
            "FROM games g ORDER BY g.updated DESC, g.id DESC")
        return [{"id": i, "summary": json.loads(s), "created": c, "updated": u, "entries": n}
                for i, s, c, u, n in rows]


def _game_id(game) -> int:
    """A game id as SQLite can look it up; any other number (a URL's 99999999999999999999) is no game."""
    if isinstance(game, bool) or not isinstance(game, int) or not 0 < game < 2 ** 63:
        raise UnknownGame(game)
    return game


class _Transaction:
    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, tb):
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        return False


def _text(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def entry_text(entry: dict) -> str:
    """How a new entry is written: one line of JSON, as `referee replay` reads it."""
    return json.dumps(entry, ensure_ascii=False)


def log_lines(setup: str, entries: list) -> str:
    """A game as the JSON Lines file `referee replay` reads."""
    return "".join(line + "\n" for line in [setup, *entries])
