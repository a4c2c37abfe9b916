"""The board an edition prints for a map: Power Grid: Recharged's Germany and USA differ from the
2004 boards (digest /work/shared/recharged.md §5, §8.6). The edition file's [boards.<map id>] says
how: `rename` a city (same edges and place), set the `costs` of connections, `remove` connections
and `add` new ones. A board carried in the setup line (a custom map) is played as it stands."""
import dataclasses

from .model import City, Connection

_cache: dict = {}


def board_for(game_map, edition, custom: bool = False):
    """The map as this edition prints it (the map itself where the edition changes nothing)."""
    change = edition.boards.get(game_map.id) if not custom else None
    if not change:
        return game_map
    key = (game_map, edition.id)
    if key not in _cache:
        _cache[key] = _changed(game_map, change)
    return _cache[key]


def _changed(game_map, change: dict):
    rename = {old: new for old, new in change.get("rename", {}).items() if old in game_map.cities}
    ids = {old: new["id"] for old, new in rename.items()}
    cities = {}
    for cid, city in game_map.cities.items():
        if cid in rename:
            city = dataclasses.replace(city, id=rename[cid]["id"], name=rename[cid]["name"], romaji=None)
        cities[city.id] = city
    pair = lambda a, b: frozenset((ids.get(a, a), ids.get(b, b)))   # noqa: E731
    removed = {pair(a, b) for a, b in change.get("remove", [])}
    costs = {pair(a, b): cost for a, b, cost in change.get("costs", [])}
    conns = []
    for c in game_map.connections:
        a, b = ids.get(c.a, c.a), ids.get(c.b, c.b)
        if frozenset((a, b)) in removed:
            continue
        conns.append(Connection(a, b, costs.get(frozenset((a, b)), c.cost)))
    conns += [Connection(a, b, cost) for a, b, cost in change.get("add", [])]
    return dataclasses.replace(game_map, cities=cities, connections=tuple(conns))
