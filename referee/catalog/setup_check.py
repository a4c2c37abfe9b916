"""A map's `[setup]` table (seed 001's setup items beyond the edition tables), checked on load.

Shapes are checked with the map; plant numbers are checked against the edition the game is played
with (`plant_problems`), since a map file does not say which edition it will meet.
"""
from .checks import is_int, listing
from .edition_check import PLANT_KEYS, plant_table

SETUP_KEYS = ("removed", "removed_by_players", "market_by_players", "deck", "aside_until_step2", "area_plants")
DECK_WORDS = ("rest", "step3", "random")
PLAYER_COUNTS = ("2", "3", "4", "5", "6")


def check_setup(p, raw, areas) -> dict:
    """The [setup] table as the engine reads it (area_plants as Plant objects); problems go to `p`."""
    if not isinstance(raw, dict):
        p.add(f"setup: must be a table ([setup]), got {type(raw).__name__}")
        return {}
    p.unknown_keys(raw, SETUP_KEYS, "setup: ")
    out = {}
    for key in ("removed", "aside_until_step2"):
        if key in raw and _numbers(p, f"setup.{key}", raw[key]):
            out[key] = list(raw[key])
    for key in ("removed_by_players", "market_by_players"):
        if key in raw:
            out[key] = _by_players(p, f"setup.{key}", raw[key])
    if "deck" in raw and _deck(p, raw["deck"]):
        out["deck"] = raw["deck"]
    if "area_plants" in raw:
        out["area_plants"] = _area_plants(p, raw["area_plants"], areas)
    return out


def _numbers(p, key, v, allow_empty=True) -> bool:
    if not (isinstance(v, list) and all(is_int(x) and x >= 1 for x in v) and (v or allow_empty)):
        p.add(f"{key}: must be a list of plant numbers, got {v!r}; allowed: e.g. [13]")
        return False
    if len(set(v)) != len(v):
        p.add(f"{key}: lists a plant twice: {v}; allowed: each plant once")
        return False
    return True


def _by_players(p, key, v) -> dict:
    if not isinstance(v, dict):
        p.add(f"{key}: must be a table keyed by player count, got {v!r}; allowed: e.g. {{ 2 = [3, 4] }}")
        return {}
    out = {}
    for n, plants in v.items():
        if n not in PLAYER_COUNTS:
            p.add(f"{key}.{n}: not a player count; allowed: {listing(PLAYER_COUNTS)}")
        elif _numbers(p, f"{key}.{n}", plants):
            out[int(n)] = list(plants)
    return out


def _deck(p, v) -> bool:
    """Items from the top: a plant number, "rest" (every plant not named, shuffled), "step3", or a
    list of plant numbers, "step3" and "random" (one card of the rest) shuffled together."""
    allowed = 'a plant number, "rest", "step3", or a list of plant numbers, "step3" and "random"'
    if not isinstance(v, list) or not v:
        p.add(f"setup.deck: must be a list from the top of the deck, got {v!r}; allowed items: {allowed}")
        return False
    ok, seen, words = True, [], []
    for i, item in enumerate(v, 1):
        group = item if isinstance(item, list) else [item]
        for c in group:
            if is_int(c) and c >= 1:
                seen.append(c)
            elif c in DECK_WORDS and (c != "rest" or not isinstance(item, list)):
                words.append(c)
            else:
                p.add(f"setup.deck item {i}: {c!r} is not allowed; allowed: {allowed} (\"rest\" not inside a list)")
                ok = False
    twice = sorted({c for c in seen if seen.count(c) > 1})
    if twice:
        p.add(f"setup.deck: lists plant(s) {listing(twice)} more than once; allowed: each plant once")
        ok = False
    if words.count("step3") != 1:
        p.add(f"setup.deck: names \"step3\" {words.count('step3')} times; allowed: exactly once")
        ok = False
    if words.count("rest") > 1:
        p.add("setup.deck: names \"rest\" more than once; allowed: at most once")
        ok = False
    return ok


def _area_plants(p, v, areas) -> dict:
    if not isinstance(v, dict):
        p.add(f"setup.area_plants: must be a table of areas, got {v!r}")
        return {}
    out = {}
    for area, plants in v.items():
        if area not in areas:
            p.add(f"setup.area_plants.{area}: not an area of this map; allowed: {listing(areas)}")
            continue

        def bad(key, msg, area=area):
            p.add(f"setup.area_plants.{area}.{key.split('.', 1)[1] if '.' in key else key}{msg}; "
                  f"allowed: {{ {', '.join(PLANT_KEYS)} }} as in an edition's [plants]")

        out[area] = plant_table(bad, plants)
    return out


def plant_problems(setup: dict, plants, market) -> list:
    """Plant numbers of [setup] that the edition does not have, as 'key: what; allowed' lines."""
    out = []

    def known(key, numbers):
        bad = sorted(n for n in numbers if n not in plants)
        if bad:
            out.append(f"setup.{key}: plant(s) {listing(bad)} are not in the edition's [plants]; "
                       f"allowed: {min(plants)}..{max(plants)} as listed there")

    known("removed", setup.get("removed", []))
    known("aside_until_step2", setup.get("aside_until_step2", []))
    for key in ("removed_by_players", "market_by_players"):
        for n, numbers in setup.get(key, {}).items():
            known(f"{key}.{n}", numbers)
    deck = [c for item in setup.get("deck", []) for c in (item if isinstance(item, list) else [item]) if is_int(c)]
    known("deck", deck)
    for area, swapped in setup.get("area_plants", {}).items():
        known(f"area_plants.{area}", swapped)
    clash = sorted(set(setup.get("removed", [])) & (set(deck) | set(setup.get("aside_until_step2", []))))
    if clash:
        out.append(f"setup.removed: plant(s) {listing(clash)} are also placed in the deck; allowed: a plant "
                   "either leaves the game or is placed")
    if not setup.get("market_by_players"):
        in_market = sorted(set(deck) & set(market))
        if in_market:
            out.append(f"setup.deck: plant(s) {listing(in_market)} start in the market; allowed: plants "
                       "that start in the deck")
    return out
