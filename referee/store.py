"""Games kept on disk: each is its setup line plus an append-only log of entries, in SQLite.

The store knows nothing of the rules: it keeps each line's JSON text exactly as given (so an export
is byte for byte the imported log) and a small summary the caller computes (for the game list).
One transaction per entry, WAL with full sync (an acknowledged entry survives a crash); the
(game, seq) key makes sure two devices can never both store the same next entry: the second one
gets `Conflict`.

When the file itself fails — the disk is full, it is read-only, it was deleted or replaced under a
running server, its pages are damaged — the store says which with `StoreFault.cause`, and nothing
of the change is kept. `readable` and `quick_check` let a caller find out, at start, what is left.
"""
import functools
import json
import os
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
    updated REAL NOT NULL,
    logged INTEGER,
    money_shown INTEGER NOT NULL DEFAULT 0
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
CREATE TABLE IF NOT EXISTS seats (
    token TEXT PRIMARY KEY,
    game INTEGER NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    issued REAL NOT NULL,
    revoked REAL
);
CREATE INDEX IF NOT EXISTS seats_of_game ON seats (game, seat);
CREATE TABLE IF NOT EXISTS name_merges (
    name TEXT PRIMARY KEY,
    into_name TEXT NOT NULL,
    merged REAL NOT NULL
);
"""
# Columns added to `games` since its first version: a file made before one gets it when opened
# (tables and indexes added later are made by SCHEMA's IF NOT EXISTS).
ADDED_COLUMNS = {"logged": "INTEGER", "money_shown": "INTEGER NOT NULL DEFAULT 0"}


def default_path() -> Path:
    """Where games are kept unless told otherwise: the user's data folder (created on first use)."""
    return platformdirs.user_data_path("referee") / "games.sqlite3"


class Conflict(Exception):
    """Another device stored that entry first: the game has moved on."""


class UnknownGame(LookupError):
    pass


class StoreFault(Exception):
    """The games file failed, not the change; nothing was stored. `cause` says why: "full",
    "read-only", "gone", "replaced", "damaged", "unopenable" or "io"."""

    def __init__(self, cause: str, detail: str = ""):
        super().__init__(f"{cause}: {detail}" if detail else cause)
        self.cause, self.detail = cause, detail


# SQLite's primary result codes (the low byte of an extended code) and what they mean for a person.
FAULTS = {3: "read-only", 8: "read-only", 10: "io", 11: "damaged", 13: "full", 14: "unopenable", 26: "damaged"}


def fault(error: sqlite3.Error) -> StoreFault:
    """The StoreFault an SQLite error is (a busy or unknown one counts as an input/output error)."""
    code = getattr(error, "sqlite_errorcode", None)
    return StoreFault(FAULTS.get((code or 0) & 0xFF, "io"), str(error))


def identity(path) -> tuple | None:
    """(device, inode) of a file, None if there is none: a file deleted or replaced has another."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _reads(method):
    """A read whose SQLite error (a damaged page, a vanished file) is a StoreFault like a write's."""
    @functools.wraps(method)
    def read(self, *args):
        try:
            return method(self, *args)
        except sqlite3.Error as e:
            raise fault(e) from None
    return read


class Store:
    """One SQLite file. A Store object is used by one thread or request at a time (the web app lends
    its few to requests in turn: referee.web.db), never by two at once.

    `expect` is the (device, inode) the file had when the server started: a write to a file that
    has since gone or been replaced is refused (StoreFault "gone"/"replaced") instead of going to
    a file nobody will read again. `read_only` opens without ever writing (a read-only folder)."""

    def __init__(self, path, expect: tuple | None = None, read_only: bool = False):
        self.path = str(path) if str(path) == ":memory:" else str(Path(path).expanduser())
        self.expect, self.read_only = expect, read_only
        self._same_file()       # never make a new file in place of one that went
        try:
            if read_only:
                self.db = _read_only(Path(self.path))
                return
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            have = {c[1] for c in self.db.execute("PRAGMA table_info(games)")}
            for column, kind in ADDED_COLUMNS.items():
                if column not in have:      # a file from before it
                    _add_column(self.db, column, kind)
        except sqlite3.Error as e:
            raise fault(e) from None

    def close(self):
        self.db.close()

    def _write(self):
        """A write transaction, taken at once so two writers queue instead of failing late."""
        if self.read_only:
            raise StoreFault("read-only", self.path)
        self._same_file()
        return _Transaction(self.db)

    def _same_file(self):
        """StoreFault "gone" or "replaced" unless the file is the one `expect` names (if any)."""
        if self.expect is not None and (now := identity(self.path)) != self.expect:
            raise StoreFault("gone" if now is None else "replaced", self.path)

    def writable(self) -> bool:
        """Whether a change can be written now (a transaction that writes, rolled back): False on a
        read-only file or folder. Raises StoreFault for a file that cannot be read at all."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute("CREATE TABLE write_probe (x)")
            finally:
                self.db.execute("ROLLBACK")
        except sqlite3.Error as e:
            if fault(e).cause == "read-only":
                return False
            raise fault(e) from None
        return True

    def quick_check(self) -> list:
        """SQLite's own quick check of the file's pages: [] when it is sound, else its findings."""
        try:
            found = [row[0] for row in self.db.execute("PRAGMA quick_check(20)")]
        except sqlite3.Error as e:
            return [str(e)]
        return [] if found == ["ok"] else found

    def readable(self, game: int) -> tuple:
        """(setup text, [entry texts], problem) as far as the stored rows can be read in order: a row
        that cannot be read, or one missing before the game's stored sequence number, ends the list
        and is named in `problem` ({"entry": its number, "error": text}), else problem is None."""
        game = _game_id(game)
        try:
            row = self.db.execute("SELECT setup, logged FROM games WHERE id = ?", (game,)).fetchone()
        except sqlite3.Error as e:
            raise fault(e) from None
        if row is None:
            raise UnknownGame(game)
        setup, logged = row
        try:
            last = max(logged or 0, self.last_seq(game))
        except sqlite3.Error:
            last = None     # the log's own index is damaged: read until the first row that is not there
        entries = []
        while last is None or len(entries) < last:
            n = len(entries) + 1
            try:
                found = self.db.execute("SELECT entry FROM entries WHERE game = ? AND seq = ?", (game, n)).fetchone()
            except sqlite3.Error as e:
                return setup, entries, {"entry": n, "error": str(e)}
            if found is None:
                return setup, entries, {"entry": n, "error": "missing"} if last is not None else None
            entries.append(found[0])
        return setup, entries, None

    def create(self, setup: str, summary: dict, entries=()) -> int:
        """A new game with its setup (and, for an import, its whole log) in one transaction."""
        now, entries = time.time(), list(entries)
        with self._write():
            cur = self.db.execute("INSERT INTO games (setup, summary, created, updated, logged) VALUES (?, ?, ?, ?, ?)",
                                  (setup, _text(summary), now, now, len(entries)))
            game = cur.lastrowid
            self.db.executemany("INSERT INTO entries (game, seq, entry, at) VALUES (?, ?, ?, ?)",
                                [(game, seq, e, now) for seq, e in enumerate(entries, 1)])
        return game

    def append(self, game: int, seq: int, entry: str, summary: dict) -> bool:
        """Store entry number `seq` (1 = first after setup); Conflict if that number is taken.
        Returns money_shown(game) as it stands with the entry stored (read in the same transaction:
        a table that stores a fact without reading the file first learns the table's choice too)."""
        game = _game_id(game)
        now = time.time()
        try:
            with self._write():
                if self.db.execute("UPDATE games SET summary = ?, updated = ?, logged = ? WHERE id = ?",
                                   (_text(summary), now, seq, game)).rowcount != 1:
                    raise UnknownGame(game)
                last = self.last_seq(game)
                if seq != last + 1:
                    raise Conflict(f"entry {seq} is not the next one; the log has {last}")
                self.db.execute("INSERT INTO entries (game, seq, entry, at) VALUES (?, ?, ?, ?)",
                                (game, seq, entry, now))
                shown = self.db.execute("SELECT money_shown FROM games WHERE id = ?", (game,)).fetchone()[0]
        except sqlite3.IntegrityError as e:
            raise Conflict(str(e)) from None
        return bool(shown)

    def last_seq(self, game: int) -> int:
        return self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = ?", (game,)).fetchone()[0]

    @_reads
    def load(self, game: int) -> tuple:
        """(setup text, [entry texts]) exactly as stored."""
        row = self.db.execute("SELECT setup FROM games WHERE id = ?", (_game_id(game),)).fetchone()
        if row is None:
            raise UnknownGame(game)
        entries = [t for (t,) in self.db.execute("SELECT entry FROM entries WHERE game = ? ORDER BY seq", (game,))]
        return row[0], entries

    @_reads
    def entries_after(self, game: int, seq: int) -> list:
        """Entries stored after `seq`, to bring a cached game up to date without replaying it."""
        return [t for (t,) in self.db.execute(
            "SELECT entry FROM entries WHERE game = ? AND seq > ? ORDER BY seq", (_game_id(game), seq))]

    def news(self, game: int, seq: int) -> tuple:
        """(entries_after(game, seq), money_shown(game)): all an open table asks of the file on every
        request, in one call (under the server, one hand-off to a thread instead of two)."""
        return self.entries_after(game, seq), self.money_shown(game)

    @_reads
    def games(self) -> list:
        """Every game, most recently played first: id, summary, created, updated, entries (as the
        game's row records them, so a damaged page of the log does not hide the whole list)."""
        rows = self.db.execute(
            "SELECT g.id, g.summary, g.created, g.updated, "
            "COALESCE(g.logged, (SELECT COUNT(*) FROM entries e WHERE e.game = g.id)) "
            "FROM games g ORDER BY g.updated DESC, g.id DESC")
        return [{"id": i, "summary": _summary(s), "created": c, "updated": u, "entries": n}
                for i, s, c, u, n in rows]

    # Seats: a link per player that lets one phone enter that player's own facts (the web layer
    # decides what a seat may do; the store keeps only which token names which seat of which game).

    @_reads
    def seats(self, game: int) -> dict:
        """{seat: its link's token, or None once revoked} of every seat that was ever given a link."""
        if not self._has_seats():
            return {}
        rows = self.db.execute("SELECT seat, token, revoked FROM seats WHERE game = ? ORDER BY issued, rowid",
                               (_game_id(game),))
        return {seat: (token if revoked is None else None) for seat, token, revoked in rows}

    @_reads
    def seat_of(self, token: str) -> dict | None:
        """{"game", "seat", "revoked"} of a link's token (revoked: when, or None); None if never issued."""
        if not self._has_seats():
            return None
        row = self.db.execute("SELECT game, seat, revoked FROM seats WHERE token = ?", (str(token),)).fetchone()
        return None if row is None else {"game": row[0], "seat": row[1], "revoked": row[2]}

    @_reads
    def live_seats(self) -> list:
        """[(token, game, seat)] of every seat link in use (not revoked), oldest first."""
        if not self._has_seats():
            return []
        return [tuple(r) for r in self.db.execute(
            "SELECT token, game, seat FROM seats WHERE revoked IS NULL ORDER BY issued, rowid")]

    def issue_seat(self, game: int, seat: str, token: str):
        """A new link for a seat; the seat's link in use (if any) is revoked in the same transaction."""
        game, now = _game_id(game), time.time()
        with self._write():
            self.db.execute("UPDATE seats SET revoked = ? WHERE game = ? AND seat = ? AND revoked IS NULL",
                            (now, game, seat))
            self.db.execute("INSERT INTO seats (token, game, seat, issued) VALUES (?, ?, ?, ?)",
                            (token, game, seat, now))

    def revoke_seat(self, game: int, seat: str):
        """The seat's link in use stops working (kept, so that a phone still holding it is told why)."""
        with self._write():
            self.db.execute("UPDATE seats SET revoked = ? WHERE game = ? AND seat = ? AND revoked IS NULL",
                            (time.time(), _game_id(game), seat))

    @_reads
    def money_shown(self, game: int) -> bool:
        """Whether the table chose to show every player's money on the shared screen."""
        try:
            row = self.db.execute("SELECT money_shown FROM games WHERE id = ?", (_game_id(game),)).fetchone()
        except sqlite3.OperationalError:
            if self.read_only:      # a read-only file from before the choice existed
                return False
            raise
        if row is None:
            raise UnknownGame(game)
        return bool(row[0])

    def show_money(self, game: int, shown: bool):
        with self._write():
            if self.db.execute("UPDATE games SET money_shown = ? WHERE id = ?",
                               (int(bool(shown)), _game_id(game))).rowcount != 1:
                raise UnknownGame(game)

    @_reads
    def span(self, game: int) -> tuple:
        """(when the first entry was stored, when the last one was) in seconds since the epoch; the
        game's creation for both while it has none. An imported log's entries share one time."""
        game = _game_id(game)
        row = self.db.execute("SELECT MIN(at), MAX(at) FROM entries WHERE game = ?", (game,)).fetchone()
        if row[0] is None:
            created = self.db.execute("SELECT created FROM games WHERE id = ?", (game,)).fetchone()
            if created is None:
                raise UnknownGame(game)
            return created[0], created[0]
        return row[0], row[1]

    # Name merges: the standings count a name under another one (the caller normalises the names;
    # the store keeps only which name was merged into which).

    @_reads
    def merges(self) -> dict:
        """{merged name: the name it counts as} of every merge made."""
        if not self._has_table("name_merges"):
            return {}
        return dict(self.db.execute("SELECT name, into_name FROM name_merges ORDER BY merged, rowid"))

    def merge_name(self, name: str, into: str):
        """Count `name` as `into` from now on (a later merge of the same name replaces it)."""
        with self._write():
            self.db.execute("INSERT INTO name_merges (name, into_name, merged) VALUES (?, ?, ?) "
                            "ON CONFLICT(name) DO UPDATE SET into_name = excluded.into_name, merged = excluded.merged",
                            (str(name), str(into), time.time()))

    def unmerge_name(self, name: str):
        with self._write():
            self.db.execute("DELETE FROM name_merges WHERE name = ?", (str(name),))

    def _has_table(self, table: str) -> bool:
        return self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone() \
            is not None

    def _has_seats(self) -> bool:
        """False only for a read-only file made before seats existed (an open writable one gets the table)."""
        return self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'seats'").fetchone() \
            is not None


def _add_column(db, column: str, kind: str):
    """Add a column to `games`, unless another process opening the same old file added it first."""
    try:
        db.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")
    except sqlite3.OperationalError as e:
        if "duplicate column" not in str(e):
            raise


def _read_only(path: Path):
    """A connection that never writes. A WAL file in a read-only folder cannot even be read the
    usual way (SQLite would make its -shm file), so it is then opened as immutable: nothing can
    change it while the folder stays read-only."""
    if not path.is_file():
        raise StoreFault("unopenable", f"{path}: no such file")
    error = None
    for options in ("mode=ro", "mode=ro&immutable=1"):
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?{options}", uri=True, timeout=10, isolation_level=None,
                                 check_same_thread=False)
            db.execute("SELECT COUNT(*) FROM games").fetchone()
            return db
        except sqlite3.Error as e:
            error = e
    raise fault(error)


def _game_id(game) -> int:
    """A game id as SQLite can look it up; any other number (a URL's 99999999999999999999) is no game."""
    if isinstance(game, bool) or not isinstance(game, int) or not 0 < game < 2 ** 63:
        raise UnknownGame(game)
    return game


class _Transaction:
    def __init__(self, db):
        self.db = db

    def __enter__(self):
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise fault(e) from None

    def __exit__(self, kind, value, tb):
        if kind is None:
            try:
                self.db.execute("COMMIT")
                return False
            except sqlite3.Error as e:
                kind, value = type(e), e
        if self.db.in_transaction:     # SQLite may have rolled back already (a full disk)
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        if isinstance(value, sqlite3.Error) and not isinstance(value, sqlite3.IntegrityError):
            raise fault(value) from None
        return False


def _summary(text: str) -> dict:
    """A stored summary; {} for one that is no JSON object any more (a damaged row)."""
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _text(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def entry_text(entry: dict) -> str:
    """How a new entry is written: one line of JSON, as `referee replay` reads it."""
    return json.dumps(entry, ensure_ascii=False)


def log_lines(setup: str, entries: list) -> str:
    """A game as the JSON Lines file `referee replay` reads."""
    return "".join(line + "\n" for line in [setup, *entries])
