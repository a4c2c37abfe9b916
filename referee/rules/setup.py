"""Checking a game's setup line before anything is played (RULES.md Setup)."""
from .errors import BadSetup

SETUP_KEYS = {"type", "map", "edition", "players", "areas", "order", "seed", "short_game"}


def normalise_setup(setup: dict, game_map, edition) -> dict:
    """Return the setup with resolved area ids, or raise BadSetup saying what is wrong."""
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
    names, colours = [], []
    for i, p in enumerate(players, 1):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise BadSetup(f"player {i} needs a name, e.g. {{\"name\": \"Ann\", \"colour\": \"red\"}}")
        names.append(p["name"])
        colours.append(p.get("colour", ""))
    if len(set(names)) != len(names):
        raise BadSetup(f"player names must differ: {names}")
    if any(not isinstance(c, str) or not c for c in colours) or len(set(colours)) != len(colours):
        raise BadSetup(f"each player needs a colour of their own: {colours}")
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
    for key in ("order", "seed"):
        if setup.get(key) is not None:
            out[key] = setup[key]
    return out
