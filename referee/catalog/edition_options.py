"""The setup options an edition offers (its [options] table): Power Grid: Recharged's "Against the
Trust" for two players (digest /work/shared/recharged.md §4, §8.2–8.5), and the readings where the
sources disagree, each a setup field with the edition's default:

- `trust`: the neutral Trust plays (default: on with 2 players, §8.2); false: two players alone.
- `trust_takes`: when the Trust takes its plant, "in_order" (its order slot, right after the first
  player has bought or passed; SJ, the default) or "first_sale" (right after the first plant of the
  round is sold or the first pass; TL) (§8.4).
- `trust_refill`: the refill row, 2 (the 2-player row; SJ, TL: default) or 3 (the 2015 sheet) (§8.3).
- `trust_phase_out`: whether the Trust taking plant 39 stops uranium on Germany (default false: only a
  player's purchase, TL and the rulebook's wording per SJ; true: SJ's implementation) (§8.5).
- `trust_cities`: the Trust's six starting cities in the order the players placed them (start player,
  other, other, start, start, other), each joined by a connection to one placed before; with a
  `seed` and without them the engine places them.
- `start_cities`: the experienced players' start (digest §6, an optional rule, [M]): true, and once the
  order and the areas are fixed each player in order marks the city their first house must stand in
  (referee/maprules/experienced_start.py); default false. With the Trust, its six cities come first.
"""
import dataclasses
import random

from .checks import listing
from .errors import CatalogError

OPTION_KEYS = ("trust", "trust_takes", "trust_refill", "trust_phase_out", "trust_cities", "start_cities")
TRUST_KEYS = OPTION_KEYS[:5]
TAKES = ("in_order", "first_sale")
TRUST_CITIES = 6
NO_TRUST = {"china_market"}   # a market of one plant per player leaves none for the Trust (a reading)


def options_for(setup: dict, edition, seats: int, game_map) -> tuple:
    """(edition with the Trust and the marked start cities among its rules when they play, the setup's
    option fields normalised)."""
    edition, chosen = _trust_options(setup, edition, seats, game_map)
    return _start_cities(setup, edition, chosen)


def _start_cities(setup: dict, edition, chosen: dict) -> tuple:
    """The experienced players' start (digest §6): recorded in the normalised setup only when it plays,
    so a log set up before the option existed replays as it was."""
    if "start_cities" not in setup:
        on = edition.options.get("start_cities", False)
    elif "start_cities" not in edition.options:
        raise CatalogError(f"start_cities: not an option of the edition {edition.id!r}")
    else:
        on = setup["start_cities"]
    if not isinstance(on, bool):
        raise CatalogError(f"start_cities: true (each player marks a start city) or false, got {on!r}")
    if not on:
        return edition, chosen
    edition = dataclasses.replace(edition, rules={**edition.rules, "experienced_start": {}})
    return edition, {**chosen, "start_cities": True}


def _trust_options(setup: dict, edition, seats: int, game_map) -> tuple:
    given = [k for k in TRUST_KEYS if k in setup]
    options = edition.options
    if "trust" not in options:
        if given:
            raise CatalogError(f"{listing(given)}: not an option of the edition {edition.id!r}")
        return edition, {}
    fits = not set(game_map.rules) & NO_TRUST
    default = options["trust"] == "two_players" and seats == 2 and fits
    trust = setup.get("trust", default)
    if not isinstance(trust, bool):
        raise CatalogError(f"trust: true or false (the Trust plays with 2 players), got {trust!r}")
    if trust and not fits:
        raise CatalogError(f"trust: the Trust does not play on {game_map.name}, whose plant market holds one plant "
                           "per player (docs/editions.md)")
    if trust and seats != 2:
        raise CatalogError(f"trust: the Trust plays only with 2 players; this game has {seats}")
    if not trust:
        stray = [k for k in given if k != "trust"]
        if stray:
            raise CatalogError(f"{listing(stray)}: only when the Trust plays (\"trust\": true)")
        return edition, ({"trust": False} if seats == 2 else {})
    takes = setup.get("trust_takes", options.get("trust_takes", "in_order"))
    if takes not in TAKES:
        raise CatalogError(f"trust_takes: one of {listing(TAKES)}, got {takes!r}")
    refill = setup.get("trust_refill", options.get("trust_refill", 2))
    if refill not in (2, 3) or isinstance(refill, bool):
        raise CatalogError(f"trust_refill: 2 (the 2-player row) or 3 (the 3-player row), got {refill!r}")
    phase_out = setup.get("trust_phase_out", options.get("trust_phase_out", False))
    if not isinstance(phase_out, bool):
        raise CatalogError(f"trust_phase_out: true or false, got {phase_out!r}")
    cities = _cities(setup, game_map)
    params = {"takes": takes, "refill": refill, "phase_out": phase_out, "cities": cities}
    edition = dataclasses.replace(edition, rules={"against_the_trust": params, **edition.rules})
    return edition, {"trust": True, "trust_takes": takes, "trust_refill": refill, "trust_phase_out": phase_out,
                     "trust_cities": cities}


def _in_play(setup: dict, game_map) -> set:
    """The cities in play where a house may stand in Step 1 (Japan: not every city)."""
    try:
        cities = game_map.cities_in(setup.get("areas") or [])
    except ValueError:
        return set()    # the areas' own check names the problem
    return {c for c in cities if game_map.open_spaces(c, 1)}


def _neighbours(game_map, city: str) -> set:
    return {c.b if c.a == city else c.a for c in game_map.connections if city in (c.a, c.b)}


def _cities(setup: dict, game_map) -> list:
    in_play = _in_play(setup, game_map)
    given = setup.get("trust_cities")
    if given is None:
        seed = setup.get("seed")
        if seed is None or isinstance(seed, bool) or not isinstance(seed, int):
            raise CatalogError("trust_cities: give the Trust's 6 starting cities in the order the players placed "
                               "them, or a 'seed' for the engine to place them")
        return _placed(random.Random(f"recharged-trust:{seed}"), game_map, in_play)
    if not isinstance(given, list) or len(given) != TRUST_CITIES:
        raise CatalogError(f"trust_cities: the Trust's {TRUST_CITIES} starting cities, in placement order; "
                           f"got {given!r}")
    try:
        cities = [game_map.resolve_city(c) if isinstance(c, str) else c for c in given]
    except ValueError as e:
        raise CatalogError(f"trust_cities: {e}") from None
    problem = trust_city_problem(cities, game_map, in_play)
    if problem and problem[0] == "twice":
        raise CatalogError(f"trust_cities: six different cities, got {given!r}")
    if problem and problem[0] == "outside":
        raise CatalogError(f"trust_cities: {game_map.cities[problem[1]].name} is outside the play areas or has no "
                           "space open in Step 1")
    if problem:
        raise CatalogError(f"trust_cities: {game_map.cities[problem[1]].name} (placement {problem[2]}) is not "
                           "joined by a connection to a Trust city placed before it")
    return cities


def trust_city_problem(cities: list, game_map, in_play: set):
    """What is wrong with the Trust's cities in placement order (digest §4: each joined to one placed
    before, in the play areas), as (kind, city id, placement number) with kind "twice", "outside" or
    "apart"; None when they may stand. The new-game page words the kind in the page's language."""
    if not all(isinstance(c, str) for c in cities) or len(set(cities)) != len(cities):
        return ("twice", None, None)
    for i, city in enumerate(cities):
        if city not in game_map.cities or in_play and city not in in_play:
            return ("outside", city if city in game_map.cities else None, i + 1)
        if i and not _neighbours(game_map, city) & set(cities[:i]):
            return ("apart", city, i + 1)
    return None


def trust_city_choices(game_map, areas: list) -> list:
    """The cities the Trust may start in on these areas (the page's choices), in id order."""
    return sorted(_in_play({"areas": areas}, game_map))


def _placed(rng, game_map, in_play: set) -> list:
    """Six cities grown from a random start, each joined to one placed before (the engine's deal)."""
    pool = sorted(in_play or game_map.cities)
    for _ in range(50):
        cities = [rng.choice(pool)]
        while len(cities) < TRUST_CITIES:
            edge = sorted({n for c in cities for n in _neighbours(game_map, c)} & set(pool) - set(cities))
            if not edge:
                break
            cities.append(rng.choice(edge))
        if len(cities) == TRUST_CITIES:
            return cities
    raise CatalogError("trust_cities: the play areas hold no six joined cities for the Trust")


def aid_rules(edition, game_map, players: int) -> dict:
    """The edition's rules a player aid names for this map and player count: the Trust with 2 players
    unless the map leaves it out (its default), then the edition's own rules the map does not name."""
    rules = dict(edition.rules)
    if edition.options.get("trust") == "two_players" and players == 2 and not set(game_map.rules) & NO_TRUST:
        rules = {"against_the_trust": {}, **rules}
    return {k: v for k, v in rules.items() if k not in game_map.rules}
