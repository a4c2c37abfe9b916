"""A game is its setup plus an append-only log of table facts.

The log also records the table's own corrections: "undo" takes back the last fact, "redo" puts it
back, and "correct" replaces an earlier fact and replays everything after it. Nothing is ever
deleted from the log; the effective facts and their states are derived from it.
"""
import json
from functools import lru_cache

from .catalog import load_map, load_edition
from .catalog.edition_deal import EDITION_KEYS, prepare_edition
from .catalog.errors import one_line
from .catalog.map_check import build_map
from .catalog import readings
from .catalog.variations import CHOSEN, VARIATION_KEYS, prepare
from .planner import get_planner
from .rules import engine, legal
from .rules.context import Context
from .rules.copying import deep_copy
from .rules.errors import IllegalAction, BadAction, BadSetup
from .rules.fields import known_keys, plain_json
from .rules.setup import normalise_setup

LOG_ONLY = {"undo": (), "redo": (), "correct": ("fact", "action")}  # entry type -> its fields


@lru_cache(maxsize=64)
def _context(game_map, edition, players, areas, short_game, variation=None, house=()):
    """Shared by every game on the same board, tables and players (the planner is built once)."""
    return Context(map=game_map, edition=edition, players=players, areas=areas, short_game=short_game,
                   variation=variation, readings=house, planner_factory=get_planner)


def context_for(setup: dict) -> tuple:
    """(normalised setup, Context) for a setup line; BadSetup if the board or tables are unknown."""
    if not isinstance(setup, dict) or setup.get("type", "setup") != "setup":
        raise BadSetup("the first line of a game is its setup: {\"type\": \"setup\", \"map\": ..., ...}")
    plain_json(setup, "the setup", BadSetup)
    try:
        game_map = board_map(setup)
        edition = load_edition(setup.get("edition", "original"), map=game_map)
        players = len(setup["players"]) if isinstance(setup.get("players"), list) else 0
        _all, house = readings.resolve(setup.get("readings"), game_map.id, setup.get("variation"), players)
        edition = readings.tables(edition, house, players, game_map)
        game_map, edition, variation, chosen = prepare(setup, game_map, edition, house)
        base = load_edition("original", map=game_map) if edition.deal is not None else None
        game_map, edition, own = prepare_edition(setup, game_map, edition, base)   # Recharged (docs/editions.md)
    except ValueError as e:  # a map file's problems come one a line; a log's error is one line
        raise BadSetup(one_line(str(e))) from None
    given = setup.get("map") if isinstance(setup.get("map"), str) else None
    core = {k: v for k, v in setup.items() if k not in VARIATION_KEYS and k not in EDITION_KEYS and k != "readings"}
    if "cities" in chosen:   # variation 3: the chosen cities are the one play area
        core["areas"] = [CHOSEN]
    setup = normalise_setup(core, game_map, edition)
    if given and given.strip().lower() != game_map.id:  # a custom map named by its path keeps the path
        setup["map"] = given
    areas = tuple(setup.pop("areas") if "cities" in chosen else setup["areas"])
    setup.update(chosen)
    setup.update(own)
    if house:
        setup["readings"] = house
    ctx = _context(game_map, edition, len(setup["players"]), areas, setup["short_game"], variation,
                   tuple(sorted(house.items())))
    return setup, ctx


def board_map(setup: dict):
    """The setup's board: its embedded `board` (a custom map's file as JSON, so the log plays
    anywhere), else the map its `map` names. An embedded board's id must be the setup's `map`."""
    if "board" not in setup:
        return load_map(setup.get("map", ""))
    board = setup["board"]
    if not isinstance(board, dict):
        raise BadSetup("board is a map file's contents as a JSON object (docs/maps.md)")
    game_map = build_map(board, "the setup's board")
    if setup.get("map") != game_map.id:
        raise BadSetup(f"map must be the embedded board's id {game_map.id!r}; got {setup.get('map')!r}")
    return game_map


class Game:
    def __init__(self, setup: dict):
        self.setup, self.ctx = context_for(setup)
        self.given = deep_copy(setup)       # the setup line as the table gave it (as stored), before normalising
        state, events = engine.start(self.setup, self.ctx)
        self.log = []           # every entry the table made, in order
        self.facts = []         # the effective actions
        self.states = [state]   # states[i] = after i effective facts
        self.events = [events]  # events[i] = rulings of fact i (0: setup)
        self.undone = []        # facts taken back, most recent last, for redo

    @property
    def state(self) -> dict:
        return self.states[-1]

    def __reduce__(self):
        """A game is pickled (for a worker process: referee.offloop) as what it is, its setup and
        log (a few kB), and played again where it is unpickled."""
        return (_played, (self.given, self.log))

    def play(self, entry: dict) -> list:
        """Record one log entry; returns the rulings it caused. IllegalAction leaves all unchanged.

        The game keeps its own deep copy of the entry, so a caller reusing or editing its dict
        cannot rewrite the log, the facts or a correction afterwards."""
        if not isinstance(entry, dict):
            raise BadAction("a log entry is a JSON object with a type")
        plain_json(entry, "the entry")
        entry = deep_copy(entry)
        kind = entry.get("type")
        if isinstance(kind, str) and kind in LOG_ONLY:
            known_keys({k: v for k, v in entry.items() if k != "type"}, LOG_ONLY[kind], kind)
        if kind == "undo":
            events = self._undo()
        elif kind == "redo":
            events = self._redo()
        elif kind == "correct":
            events = self._correct(entry)
        else:
            state, events = engine.apply(self.state, entry, self.ctx)
            self._push(entry, state, events)
            self.undone = []
        self.log.append(entry)
        return events

    def still_applies(self, entry: dict, seen: int) -> bool:
        """May `entry`, made on a page showing this game after its first `seen` log entries, be
        applied now? Yes when nothing was entered since, or when the entries since were all new facts
        the rules make independent of it (legal.still_applies: other players' power choices)."""
        since = self.log[seen:]
        if seen > len(self.log) or not since:
            return seen == len(self.log)
        if any(e.get("type") in ("undo", "redo", "correct") for e in since) or len(since) >= len(self.states):
            return False
        return legal.still_applies(entry, self.states[-1 - len(since)]["next"], since)

    def _push(self, fact, state, events):
        self.facts.append(fact)
        self.states.append(state)
        self.events.append(events)

    def _undo(self):
        if not self.facts:
            raise IllegalAction("nothing to undo: no table fact has been entered since setup")
        fact = self.facts.pop()
        self.states.pop()
        self.events.pop()
        self.undone.append(fact)
        return [{"type": "undone", "action": deep_copy(fact), "reason": f"Undone: {describe(fact)}"}]

    def _redo(self):
        if not self.undone:
            raise IllegalAction("nothing to redo: no fact was undone since the last new fact")
        fact = self.undone[-1]
        state, events = engine.apply(self.state, fact, self.ctx)
        self.undone.pop()
        self._push(fact, state, events)
        return [{"type": "redone", "action": deep_copy(fact), "reason": f"Redone: {describe(fact)}"}] + events

    def _correct(self, entry):
        number, fact = entry.get("fact"), entry.get("action")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.facts):
            raise BadAction(f"correct names a fact by its number, 1 to {len(self.facts)}; got {number!r}")
        if not isinstance(fact, dict) or fact.get("type") in (*LOG_ONLY, "setup"):
            raise BadAction("correct needs the replacing action: {\"type\": ..., ...}")
        facts = self.facts[:number - 1] + [fact] + self.facts[number:]
        states, events = self.states[:number], self.events[:number]
        for i, f in enumerate(facts[number - 1:], number):
            try:
                state, ev = engine.apply(states[-1], f, self.ctx)
            except IllegalAction as e:
                which = "the corrected fact" if i == number else f"fact {i} ({describe(f)})"
                refused = type(e)(f"correcting fact {number} is refused: {which} would be illegal: {e.message}")
                # for readers in other languages: which fact breaks, and the engine's own reason
                refused.correcting, refused.failing, refused.failing_fact, refused.cause = number, i, f, e
                raise refused from None
            states.append(state)
            events.append(ev)
        self.facts, self.states, self.events, self.undone = facts, states, events, []
        return [{"type": "corrected", "fact": number, "reason": f"Fact {number} corrected to: {describe(fact)}; "
                 f"{len(facts) - number} later fact(s) replayed"}] + [e for ev in events[number:] for e in ev]


def describe(fact: dict) -> str:
    details = ", ".join(f"{k} {json.dumps(v, ensure_ascii=False, default=str)}" for k, v in fact.items() if k != "type")
    return f"{fact.get('type')} ({details})" if details else str(fact.get("type"))


def _played(setup: dict, log: list) -> Game:
    """The game of a pickled setup and log (Game.__reduce__)."""
    game = Game(setup)
    for entry in log:
        game.play(entry)
    return game


class ReplayError(Exception):
    def __init__(self, line: int, message: str, cause: IllegalAction | None = None, kind: str = "illegal",
                 **detail):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.cause = cause      # the engine's refusal of that line (None: the line is not a JSON object)
        # for readers in other languages: what is wrong with a line that is not a fact at all, and where
        # ("binary", "encoding" + byte, "json" + column, "nesting", "number", "empty")
        self.kind, self.detail = kind, detail


def replay(lines, at: int | None = None) -> Game:
    """A game from JSON Lines (setup first); `at` stops after that many entries (0: just the setup).

    `lines` is any iterable of text or bytes lines (a file opened in text or binary mode), or a
    whole str/bytes upload. Bytes are decoded here as UTF-8 (a byte-order mark is accepted), so
    every caller gets the same one-line ReplayError for a file that is not UTF-8.
    """
    if at is not None and (isinstance(at, bool) or not isinstance(at, int) or at < 0):
        raise ValueError(f"at is a number of entries ≥ 0, or None; got {at!r}")
    if isinstance(lines, (str, bytes, bytearray)):
        lines = lines.split("\n" if isinstance(lines, str) else b"\n")
    game, played = None, 0
    for number, raw in enumerate(lines, 1):
        if game is not None and at is not None and played >= at:
            break
        text = _text(raw, number)
        if not text.strip():
            continue
        entry = _parse(text, number)
        try:
            if game is None:
                game = Game(entry)
            else:
                game.play(entry)
                played += 1
        except IllegalAction as e:
            raise ReplayError(number, e.message, e) from None
    if game is None:
        raise ReplayError(1, "empty log: the first line must be the setup", kind="empty")
    return game


def _text(raw, number: int) -> str:
    """One line as text without its line end; bytes must be UTF-8. A byte-order mark may open the file."""
    if isinstance(raw, (bytes, bytearray)):
        if b"\0" in raw:
            raise ReplayError(number, "not UTF-8 text (NUL bytes: a UTF-16 or binary file?); "
                                      "save the game as UTF-8 JSON Lines", kind="binary")
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError as e:
            raise ReplayError(number, f"not UTF-8 text (byte {e.start + 1} is 0x{raw[e.start]:02x}); "
                                      "save the game as UTF-8 JSON Lines", kind="encoding", byte=e.start + 1) from None
    elif not isinstance(raw, str):
        raise TypeError(f"replay reads lines of text or bytes, not {type(raw).__name__}")
    raw = raw.removesuffix("\n").removesuffix("\r")  # else a cut-off line's error points past its end
    return raw.removeprefix("\ufeff") if number == 1 else raw


def _parse(text: str, number: int):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ReplayError(number, f"not valid JSON ({e.msg} at column {e.colno})", kind="json",
                          column=e.colno) from None
    except RecursionError:
        raise ReplayError(number, "JSON nested too deeply to read; no table fact nests more than a few "
                                  "levels", kind="nesting") from None
    except ValueError:  # the only other refusal: an integer beyond Python's digit limit (4300)
        raise ReplayError(number, "a number with thousands of digits; no count at the table is that large",
                          kind="number") from None
