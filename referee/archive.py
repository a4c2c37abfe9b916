"""Games in and out of the store as the JSON Lines files `referee replay` reads.

Shared by the web pages and `referee games`: an import is checked by replaying it with the engine
(`referee.game.replay`) and stored only if every line is legal, in one transaction, so a refused
file leaves nothing behind. Lines are stored as written, so an export gives back the same bytes.
"""
from .game import Game, replay
from .store import Store, log_lines


def summary(game: Game) -> dict:
    """What the game list shows: map, players, round, step, phase and the winners once it is over;
    the edition and the final ranking (cities powered, money) feed the standings across games."""
    state = game.state
    result = state.get("result") or {}
    extra = {"ranking": [{k: r[k] for k in ("player", "powered", "money")} for r in result["ranking"]]} \
        if result.get("ranking") else {}
    return {"map": game.setup["map"], "edition": game.setup.get("edition", "original"), **extra,
            "players": [{"name": p["name"], "colour": p["colour"]} for p in game.setup["players"]],
            "round": state["round"], "step": state["step"], "phase": state["phase"],
            "winners": result.get("winners", [])}


def log_of(data: bytes) -> list[str]:
    """The lines of an uploaded log as stored: line ends (LF or CRLF), a leading byte-order mark and
    blank lines dropped. Call only once `replay` accepted the data (it is then UTF-8)."""
    lines = [raw.decode("utf-8").removesuffix("\r") for raw in data.split(b"\n")]
    if lines:
        lines[0] = lines[0].removeprefix("\ufeff")
    return [line for line in lines if line.strip()]


def import_log(store: Store, data: bytes) -> int:
    """Store a whole game log; ReplayError (with .line) if any line is illegal, nothing stored then."""
    game = replay(data)
    setup, *entries = log_of(data)
    return store.create(setup, summary(game), entries)


def export_log(store: Store, game_id: int) -> str:
    """The game's log as the JSON Lines file it was imported from or played into (UnknownGame if none)."""
    return log_lines(*store.load(game_id))

