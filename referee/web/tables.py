"""Open games in memory, each at its stored sequence, so a request never replays a whole game.

A table fact goes: cached Game → `Game.play` (the engine validates and applies) → the store (one
transaction, the next sequence number) → the page renders the new state. If another device (or
process) stored that number first, the cached game is rebuilt from the store and the caller is told
the game moved on.
"""
import json
import threading

from ..game import Game, replay
from ..store import Conflict, Store, entry_text


class Moved(Exception):
    """The entry was made against an older view of the game: show the fresh state instead."""

    def __init__(self, seq: int):
        super().__init__(seq)
        self.seq = seq


class Table:
    def __init__(self, game_id: int, game: Game, seq: int):
        self.id, self.game, self.seq = game_id, game, seq
        self.lock = threading.Lock()

    def catch_up(self, store: Store):
        """Play entries another process stored since this copy was made (cheap when there are none)."""
        for text in store.entries_after(self.id, self.seq):
            self.game.play(_parse(text))
            self.seq += 1

    def play(self, store: Store, entry: dict, seen: int | None = None) -> list:
        """Apply and store one entry; IllegalAction or Moved leave game and store untouched."""
        with self.lock:
            self.catch_up(store)
            if seen is not None and seen != self.seq:
                raise Moved(self.seq)
            events = self.game.play(entry)
            try:
                store.append(self.id, self.seq + 1, entry_text(entry), summary(self.game))
            except Conflict:
                self.game, self.seq = _load(store, self.id)
                raise Moved(self.seq) from None
            self.seq += 1
            return events


class Tables:
    """The app's open games; one per game id, shared by all request threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.open: dict[int, Table] = {}

    def get(self, store: Store, game_id: int) -> Table:
        with self.lock:
            table = self.open.get(game_id)
            if table is None:
                table = self.open[game_id] = Table(game_id, *_load(store, game_id))
        with table.lock:
            table.catch_up(store)
        return table

    def forget(self, game_id: int):
        with self.lock:
            self.open.pop(game_id, None)


def _parse(text: str) -> dict:
    return json.loads(text)


def _load(store: Store, game_id: int) -> tuple:
    setup, entries = store.load(game_id)
    return replay([setup, *entries]), len(entries)


def summary(game: Game) -> dict:
    """What the game list shows: map, players, round, step, phase and the winner once it is over."""
    state = game.state
    result = state.get("result") or {}
    return {"map": game.setup["map"],
            "players": [{"name": p["name"], "colour": p["colour"]} for p in game.setup["players"]],
            "round": state["round"], "step": state["step"], "phase": state["phase"],
            "winners": result.get("winners", [])}
