"""Which stored games can still be played: each game's log read row by row and replayed.

`referee serve` runs this over every game at start (after SQLite's own quick check of the file's
pages), and the table app runs it on any game it opens. A game whose log cannot be read or replayed
to its end is *damaged*: it is shown as such, with the first bad entry, and never takes another
fact (a game replayed short of its stored sequence would store its next fact in the wrong place).
Nothing is deleted: the readable part can be exported or kept as a new game.

A replay is Python work of up to a few hundred milliseconds: under the server it runs off the event
loop (referee.offloop), and the start-up check runs after the server already answers.
"""
from dataclasses import dataclass

from . import offloop
from .game import ReplayError, replay
from .store import Store, StoreFault


@dataclass(frozen=True)
class Damage:
    """Why a stored game stops where it does.

    entry: the first bad entry (1 = the first after the setup; 0 = the setup itself);
    kind: "unreadable" (SQLite cannot read the row), "missing" (a row before the stored sequence
    number is not there), "illegal" (the engine refuses it, or it is no table fact at all);
    error: the technical reason in English (for the console), cause: the engine's refusal, if any."""
    entry: int
    kind: str
    error: str
    cause: object = None
    replay_error: ReplayError | None = None

    @property
    def readable(self) -> int:
        """How many entries before the bad one can be kept."""
        return max(0, self.entry - 1)


def examine(store: Store, game_id: int) -> tuple:
    """(the game replayed as far as its log is sound or None, the stored lines that replay, Damage or None)."""
    return offloop.run("cpu", _examine, store, game_id)


def _examine(store: Store, game_id: int) -> tuple:
    setup, entries, problem = store.readable(game_id)
    lines = [setup, *entries]
    if problem is not None and problem["entry"] == 0:
        return None, [], Damage(0, "unreadable", problem["error"])
    blank = next((n for n, text in enumerate(entries, 1) if not text.strip()), None)
    if blank is not None:
        lines, problem = lines[:blank], {"entry": blank, "error": "missing"}
    try:
        game = replay(lines)
    except ReplayError as e:
        good = max(0, e.line - 1)
        try:
            before = replay(lines[:good]) if good else None
        except ReplayError:
            before = None
        return before, lines[:good], Damage(e.line - 1, "illegal", str(e), e.cause, e)
    except (RecursionError, ValueError, TypeError, KeyError) as e:     # a row no replay should meet
        return None, [], Damage(0, "illegal", f"{type(e).__name__}: {e}")
    if problem is not None:
        kind = "missing" if problem["error"] == "missing" else "unreadable"
        return game, lines, Damage(problem["entry"], kind, problem["error"])
    return game, lines, None


def check_all(store: Store, progress=None, found=None) -> tuple:
    """([findings of SQLite's quick check], {game id: Damage}, games checked) for the whole file;
    progress(done, total) is told after each game, found(game id, Damage) of each damaged one."""
    pages = store.quick_check()
    damaged = {}
    try:
        ids = [g["id"] for g in store.games()]
    except StoreFault as e:
        return pages + [str(e)], damaged, 0
    for done, game_id in enumerate(ids, 1):
        try:
            _game, _lines, damage = examine(store, game_id)
        except StoreFault as e:     # not even the game's own row can be read
            damage = Damage(0, "unreadable", e.detail or str(e))
        if damage is not None:
            damaged[game_id] = damage
            if found is not None:
                found(game_id, damage)
        if progress is not None:
            progress(done, len(ids))
    return pages, damaged, len(ids)

