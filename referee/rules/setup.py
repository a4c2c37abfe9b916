"""Checking a game's setup line before anything is played (RULES.md Setup).

Player names are kept normalised (fields.normal_name): people type "Ann " or paste a name with a
zero-width space, and both must be the same player, in the setup, in `order` and in every fact.
"""
import unicodedata

from .errors import BadSetup
from .fields import normal_name

SETUP_KEYS = {"type", "map", "board", "edition", "players", "areas", "order", "seed", "short_game"}
PLAYER_KEYS = ("name", "colour")


def normalise_setup(setup: dict, game_map, edition) -> dict:
    """Return the setup with resolved area ids and normalised names, or raise BadSetup saying what is
    wrong. The setup is plain JSON already (game.context_for checks that before loading the map)."""
    if not isinstance(setup, dict):
        raise BadSetup("the setup must be an object with map, players and areas")
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise BadSetup(f"unknown setup field(s) {sorted(unknown)}; allowed: {sorted(SETUP_KEYS)}")
    players = setup.get("players")
    counts = edition.player_counts
    if not isinstance(players, list) or len(players) not in counts:
        raise BadSetup(f"Power Grid is for {min(counts)}–{max(counts)} players; got "
                       f"{len(players) if isinstance(players, list) else 'no player list'}")
    names, colours = zip(*(_player(i, p) for i, p in enumerate(players, 1)))
    if len(set(names)) != len(names):
        raise BadSetup(f"player names must differ (compared without surrounding or repeated spaces and "
                       f"invisible characters): {list(names)}")
    if len({c.casefold() for c in colours}) != len(colours):
        raise BadSetup(f"each player needs a colour of their own: {list(colours)}")
    row = counts[len(players)]
    areas = setup.get("areas")
    if not isinstance(areas, list):
        raise BadSetup(f"choose {row.areas} areas for {len(players)} players")
    try:
        areas = [game_map.resolve_area(a) for a in areas]
    except ValueError as e:
        raise BadSetup(str(e)) from None
    if len(set(areas)) != len(areas):
        raise BadSetup(f"an area is listed twice: {areas}")
    if len(areas) != row.areas:
        raise BadSetup(f"{len(players)} players play in {row.areas} areas; {len(areas)} chosen")
    if not game_map.areas_connected(areas):
        raise BadSetup(f"the chosen areas {areas} must be adjacent (one connected region)")
    if not isinstance(setup.get("short_game", False), bool):
        raise BadSetup("short_game is true or false")
    seed = setup.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise BadSetup("seed must be a whole number")
    out = {"type": "setup", "map": game_map.id, "edition": edition.id,
           "players": [{"name": n, "colour": c} for n, c in zip(names, colours)],
           "areas": areas, "short_game": setup.get("short_game", False)}
    if setup.get("order") is not None:
        out["order"] = _order(setup["order"], list(names))
    if seed is not None:
        out["seed"] = seed
    if "board" in setup:    # a custom board carried in the log itself (game.context_for built the map from it)
        out["board"] = setup["board"]
    return out


def _player(i: int, p) -> tuple:
    """(name, colour) of the i-th player entry, both normalised."""
    example = '{"name": "Ann", "colour": "red"}'
    if not isinstance(p, dict):
        raise BadSetup(f"player {i} must be an object such as {example}")
    unknown = sorted(set(p) - set(PLAYER_KEYS))
    if unknown:
        raise BadSetup(f"player {i} has unknown field(s) {unknown}; a player has only name and colour")
    name, colour = (_text(p.get(k)) for k in PLAYER_KEYS)
    if not name:
        raise BadSetup(f"player {i} needs a name of printable text, e.g. {example}")
    if not colour:
        raise BadSetup(f"player {i} ({name}) needs a colour of printable text, e.g. {example}")
    return name, colour


def _text(value) -> str:
    """The normalised text, or "" when it is not text, empty, or holds control characters."""
    if not isinstance(value, str):
        return ""
    text = normal_name(value)
    return "" if any(unicodedata.category(c) == "Cc" for c in text) else text


def _order(given, names: list) -> list:
    if not isinstance(given, list) or not all(isinstance(n, str) for n in given):
        raise BadSetup(f"order lists the players' names in round-1 turn order, e.g. {names}")
    order = [normal_name(n) for n in given]
    if sorted(order) != sorted(names):
        raise BadSetup(f"round-1 order {order} must list each player once: {names}")
    return order
