"""Open games in memory, each at its stored sequence, so a request never replays a whole game.

A table fact goes: cached Game → `Game.play` (the engine validates and applies) → the store (one
transaction, the next sequence number) → the page renders the new state. If another device (or
process) stored that number first, the cached game is rebuilt from the store and the caller is told
the game moved on. If the store fails in any other way the cached copy is dropped and rebuilt from
the store next time, so memory never holds a fact the store does not.

Games stay in memory while they are played or looked at: one not asked for in `idle` seconds, or
beyond the `most` asked for last, is dropped and read from the store again when next asked for.
Every fact stored (or found stored by another process) is told to `stored(game_id, seq)`: the
live pages hear of it (referee.web.live).

A game whose stored log cannot be read or replayed to its end (referee.health) is never opened:
`Damaged` says why, and the game takes no fact until it is kept as a new game from its sound part.
"""
import json
import threading
import time
from collections import OrderedDict

from ..archive import summary
from ..game import Game, replay
from ..health import Damage, examine
from ..rules import engine
from ..rules.errors import IllegalAction
from ..store import Conflict, Store, StoreFault, entry_text


class Damaged(Exception):
    """The game's stored log is damaged (see referee.health): it is shown, never played on."""

    def __init__(self, game_id: int, damage: Damage):
        super().__init__(game_id, damage)
        self.game_id, self.damage = game_id, damage


class Moved(Exception):
    """The entry was made against an older view of the game and what it means depends on what was
    entered since (Game.still_applies): show the fresh state instead."""

    def __init__(self, seq: int):
        super().__init__(seq)
        self.seq = seq


class Table:
    VIEWS_KEPT = 16     # (seq, language) views and money-blind games (viewer.seen_at) kept: a page is at most a few entries behind
    FRAGMENTS_KEPT = 64     # fragments (and the parts they keep) of the current sequence: languages × views × parts kept × notices

    def __init__(self, game_id: int, game: Game, seq: int, stored=None):
        self.id, self.game, self.seq = game_id, game, seq
        self.stored = stored or (lambda game_id, seq: None)
        self.lock = threading.Lock()
        self.stale = False
        self.money = False      # the table's choice to show every player's money, as read at the last catch_up
        self.views: dict[tuple, dict] = {}
        self.fragments: dict[tuple, object] = {}    # (seq, key) -> a fragment as drawn for every device of that key

    def fragment(self, seq: int, key: tuple):
        """A fragment drawn at `seq` for `key` (referee.web.table.shared_fragment: the language and the
        viewer are in it), if it was drawn already and the table is still at `seq`."""
        return self.fragments.get((seq, key)) if seq == self.seq else None

    def keep_fragment(self, seq: int, key: tuple, text):
        """Keep a fragment drawn at `seq` for `key`, while the table is still there: one drawn for an
        older sequence is never kept, and those of older sequences go as soon as a new one is kept."""
        with self.lock:
            if seq != self.seq:
                return
            if any(s != seq for s, _k in self.fragments) or len(self.fragments) >= self.FRAGMENTS_KEPT:
                self.fragments = {k: v for k, v in self.fragments.items() if k[0] == seq}
                while len(self.fragments) >= self.FRAGMENTS_KEPT:
                    del self.fragments[next(iter(self.fragments))]
            self.fragments[(seq, key)] = text

    def view(self, lang: str, make) -> dict:
        """make(game) at the current sequence in `lang`, made once: an entry never changes once
        stored, so every device and request showing this sequence draws the same thing."""
        with self.lock:
            key = (self.seq, lang)
            if key not in self.views:
                self.views[key] = make(self.game)
                while len(self.views) > self.VIEWS_KEPT:
                    del self.views[next(iter(self.views))]
            return self.views[key]

    def seen_view(self, seq: int | None, lang: str) -> dict | None:
        """The view a page at `seq` was drawn from, if it is still kept."""
        return self.views.get((seq, lang))

    def catch_up(self, store: Store):
        """Play entries another process stored since this copy was made (cheap when there are none);
        one that does not play means the stored log is not what this copy was: read it again."""
        was = self.seq
        if self.stale:
            self.game, self.seq = _load(store, self.id)
            self.stale = False
            self.fragments = {}     # a copy read again: nothing drawn from the one before is shown
        try:
            texts, self.money = store.news(self.id, self.seq)
            for text in texts:
                self.game.play(json.loads(text))
                self.seq += 1
        except Exception:
            self.stale = True
            self.game, self.seq = _load(store, self.id)
            self.stale = False
            self.fragments = {}
        if self.seq != was:
            self.stored(self.id, self.seq)

    def play(self, store: Store, entry: dict, seen: int | None = None, fresh: bool = False) -> list:
        """Apply and store one entry; IllegalAction or Moved leave game and store untouched.
        `fresh`: the file is not read first (under the server each read is a hand-off to a thread),
        the copy in memory is played on: it holds every entry of this process, and an entry another
        process stored since is found by the append, whose number is then taken (Conflict). The copy
        then catches up, and the entry is judged again on the game as stored, once: taken if it
        still applies (Game.still_applies), else refused as made against an older view (Moved). The
        table's money choice comes back with the append (Store.append)."""
        with self.lock:
            return self._play(store, entry, seen, fresh)

    def play_all(self, store: Store, entries: list, seen: int | None = None) -> list:
        """Several entries in a row, none from another device between them (everyone's power
        proposal at once): each is checked against the game first, so none is stored if one is refused."""
        with self.lock:
            self.catch_up(store)
            if seen is not None and seen != self.seq and \
                    (not entries or not all(self.game.still_applies(e, seen) for e in entries)):
                raise Moved(self.seq)
            state = self.game.state
            for entry in entries:
                state, _events = engine.apply(state, entry, self.game.ctx)
            events = []
            for entry in entries:
                events += self._play(store, entry, None, fresh=True)    # caught up above
            return events

    def _play(self, store: Store, entry: dict, seen: int | None, fresh: bool = False) -> list:
        """play() inside the lock."""
        if self.stale or not fresh:
            self.catch_up(store)
        if seen is not None and not self.game.still_applies(entry, seen):
            if fresh and self._caught_up(store):
                return self._play(store, entry, seen)   # a page drawn by a process ahead of this copy
            raise Moved(self.seq)
        try:
            events = self.game.play(entry)
        except IllegalAction:
            if fresh and self._caught_up(store):
                return self._play(store, entry, seen)   # refused by a copy that was behind: judged again
            raise
        try:
            shown = store.append(self.id, self.seq + 1, entry_text(entry), summary(self.game))
        except Conflict:
            self.stale = True
            self.catch_up(store)
            if fresh:
                return self._play(store, entry, seen)   # another process stored first: judged again
            raise Moved(self.seq) from None
        except BaseException:
            self.stale = True
            raise
        self.seq += 1
        if isinstance(shown, bool):
            self.money = shown
        self.stored(self.id, self.seq)
        return events

    def _caught_up(self, store: Store) -> bool:
        """Catch up (a play that was not read first: `fresh`); whether another process had stored more."""
        was = self.seq
        self.catch_up(store)
        return self.seq != was


class Tables:
    """The app's open games; one per game id, shared by all requests, the least recently asked for first."""

    def __init__(self, idle: float = 900, most: int = 60, stored=None):
        self.idle, self.most, self.stored = idle, most, stored
        self.lock = threading.Lock()
        self.open: OrderedDict[int, Table] = OrderedDict()
        self.touched: dict[int, float] = {}
        self.damaged: dict[int, Damage] = {}    # found at start (referee serve) or when opened
        self.loading: dict[int, threading.Lock] = {}    # one replay at a time per game not in memory

    def get(self, store: Store, game_id: int, read: bool = True) -> Table:
        """The open table of a game, caught up with what other processes stored; without `read`, an
        open table as it is in memory (its play reads the file itself: Table.play's `fresh`)."""
        with self.lock:
            if game_id in self.damaged:
                raise Damaged(game_id, self.damaged[game_id])
            table = self.open.get(game_id)
            loading = self.loading.setdefault(game_id, threading.Lock()) if table is None else None
        if loading is not None:     # replayed outside the app's lock: other games are served meanwhile
            with loading:
                table = self.open.get(game_id)
                if table is None:
                    try:
                        table = Table(game_id, *_load(store, game_id), stored=self.stored)
                    except Damaged as e:
                        with self.lock:
                            self.damaged[game_id] = e.damage
                        raise
                    with self.lock:
                        self.open[game_id] = table
        with self.lock:
            table = self.open.setdefault(game_id, table)
            self.open.move_to_end(game_id)
            self.touched[game_id] = time.monotonic()
            self._drop_old()
        if not read and loading is None and not table.stale:
            return table
        try:
            with table.lock:
                table.catch_up(store)
        except Damaged as e:
            with self.lock:
                self.damaged[game_id] = e.damage
                self.open.pop(game_id, None)
                self.touched.pop(game_id, None)
            raise
        return table

    def preload(self, store: Store, most: int = 3):
        """Open the most recently played games, so the first page after a restart need not replay a
        whole game (a few hundred entries take longer than a page may)."""
        opened = []
        try:
            recent = store.games()[:most]
        except StoreFault:      # the start-up check has named it
            return opened
        for game in recent:
            try:
                self.get(store, game["id"])
                opened.append(game["id"])
            except Exception:   # a log this engine no longer accepts: its page will say so when opened
                continue
        return opened

    def forget(self, game_id: int):
        with self.lock:
            self.open.pop(game_id, None)
            self.touched.pop(game_id, None)

    def seq_of(self, game_id: int) -> int | None:
        """The stored sequence number of an open game (None if it is not in memory), without the store."""
        table = self.open.get(game_id)
        return None if table is None else table.seq

    def drop_idle(self):
        """Drop the games not asked for in `idle` seconds now (get() does it too, as it goes)."""
        with self.lock:
            self._drop_old()

    def _drop_old(self):
        """Inside the lock: drop games beyond `most`, and those not asked for in `idle` seconds."""
        too_old = time.monotonic() - self.idle
        while self.open:
            oldest = next(iter(self.open))
            if len(self.open) <= self.most and self.touched.get(oldest, 0) >= too_old:
                return
            del self.open[oldest]
            self.touched.pop(oldest, None)


def _load(store: Store, game_id: int) -> tuple:
    """(Game, seq) of a stored game; Damaged if its log is not sound to the end."""
    game, lines, damage = examine(store, game_id)
    if damage is not None:
        raise Damaged(game_id, damage)
    return game, len(lines) - 1
