"""`referee games list|import FILE|export ID`: the stored games, for scripts and backups.

`import` checks the whole log with the engine first and stores nothing if a line is illegal; it
ends its output with the new game's id. `export` prints the log exactly as it was stored, ready
for `referee replay` or another `import`.
"""
import argparse
import sqlite3
import sys
import time
from functools import partial
from pathlib import Path

from .archive import export_log, import_log
from .game import ReplayError
from .planner.cli import one_line_errors
from .store import Store, StoreFault, UnknownGame, default_path


def add_command(subparsers) -> None:
    g = subparsers.add_parser("games", help="list, import or export stored games",
                              description="The games kept by `referee serve`.")
    verbs = g.add_subparsers(dest="verb", required=True)
    ls = verbs.add_parser("list", help="every game with its id, map, players, round and last activity")
    ls.set_defaults(func=_list)
    im = verbs.add_parser("import", help="store a game log (JSON Lines); prints the new game's id last")
    im.add_argument("file", type=Path)
    im.set_defaults(func=_import)
    ex = verbs.add_parser("export", help="print a game's log (JSON Lines), as `referee replay` reads it")
    ex.add_argument("id", type=_game_id)
    ex.set_defaults(func=_export)
    for p in (ls, im, ex):
        p.add_argument("--db", type=Path, help="the games file (default: games.sqlite3 in the user's data folder)")
        one_line_errors(p)
    return one_line_errors(g)


def _game_id(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise argparse.ArgumentTypeError(f"a game id is a whole number (see `referee games list`), not {text[:20]!r}")
    return int(text)


def _with_store(action, creates: bool = False):
    """Run action(store, args) with one-line errors for a missing or broken games file.

    Only a command that stores something (`creates`) may make the file: a listing or an export of
    a mistyped --db must say so, not leave an empty database (and its folders) behind.
    """
    def run(args) -> int:
        db = (args.db or default_path()).expanduser()
        if not creates and not db.exists():
            print(f"referee games: no database at {db} (`referee games import` or `referee serve` makes it)",
                  file=sys.stderr)
            return 2
        try:
            store = Store(db)
        except (sqlite3.Error, OSError, StoreFault) as e:
            print(f"referee games: cannot open {db}: {getattr(e, 'detail', '') or e}", file=sys.stderr)
            return 2
        try:
            return action(store, args)
        except (sqlite3.Error, StoreFault) as e:
            print(f"referee games: {db}: {e}", file=sys.stderr)
            return 2
        finally:
            store.close()
    return run


@_with_store
def _list(store: Store, args) -> int:
    games = store.games()
    for g in games:
        s = g["summary"]
        players = ", ".join(f"{p['name']} ({p['colour']})" for p in s.get("players", []))
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g["updated"]))
        state = "over" if s.get("phase") == "over" else f"round {s.get('round')} step {s.get('step')}"
        print(f"{g['id']}\t{s.get('map')}\t{players}\t{state}\t{g['entries']} entries\t{when}")
    if not games:
        print(f"no games in {store.path}", file=sys.stderr)
    return 0


@partial(_with_store, creates=True)
def _import(store: Store, args) -> int:
    try:
        data = args.file.read_bytes()
    except OSError as e:
        print(f"{args.file}: cannot read: {e.strerror}", file=sys.stderr)
        return 2
    try:
        game_id = import_log(store, data)
    except ReplayError as e:
        print(f"{args.file} {e}; nothing was imported", file=sys.stderr)
        return 2
    print(f"{args.file}: imported as game {game_id}")
    return 0


@_with_store
def _export(store: Store, args) -> int:
    try:
        text = export_log(store, args.id)
    except UnknownGame:
        print(f"referee games: no game {args.id} in {store.path} (see `referee games list`)", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.flush()
    return 0
