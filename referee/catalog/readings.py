"""House readings: where the seeds can be read two ways, the table chooses (maps/readings/readings.toml,
docs/rules-notes.md §6). The setup line's `readings` names the choices that are not the default;
the engine asks `Context.reading(option)`, which answers for every option that applies to the game.
"""
import dataclasses

from .checks import listing
from .errors import CatalogError
from .files import BUILTIN_EDITIONS, read_toml, stamp

FILE = BUILTIN_EDITIONS.parent / "readings" / "readings.toml"
_cache: dict = {}


def options() -> dict:
    """{option: its table}; the first choice is the default."""
    key = stamp(FILE)
    if _cache.get("stamp") != key:
        _cache.update(stamp=key, data=read_toml(FILE))
    return _cache["data"]


def default(option: str) -> str:
    return options()[option]["choices"][0]


def applies(option: str, map_id: str, variation, players: int) -> bool:
    """Whether the option concerns a game on this map, with this variation (a number or None) and player count."""
    spec = options()[option]
    return all(value in spec[key] for key, value in (("maps", map_id), ("variations", variation), ("players", players))
               if key in spec)


def applicable(map_id: str, variation, players: int) -> list:
    return [o for o in options() if applies(o, map_id, variation, players)]


def resolve(given, map_id: str, variation, players: int) -> tuple:
    """(every applicable option with its choice, as sorted pairs for the engine's Context; the setup's
    `readings` normalised: only the choices that are not the default). CatalogError names what is wrong."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise CatalogError(f"readings: an object of house readings, e.g. {{\"step3_before_step2\": \"step3_only\"}}; "
                           f"got {given!r}")
    table = options()
    chosen = {}
    for option, choice in given.items():
        if option not in table:
            raise CatalogError(f"readings: unknown house reading {option!r}; allowed: {listing(table)}")
        if choice not in table[option]["choices"]:
            raise CatalogError(f"readings: {option}: {choice!r} is not a choice; allowed: "
                               f"{listing(table[option]['choices'])}")
        if not applies(option, map_id, variation, players):
            where = "; ".join(f"{key} {listing(table[option][key])}" for key in ("maps", "variations", "players")
                              if key in table[option])
            raise CatalogError(f"readings: {option} does not concern this game (only for {where})")
        if choice != default(option):
            chosen[option] = choice
    resolved = tuple(sorted((o, chosen.get(o, default(o))) for o in applicable(map_id, variation, players)))
    return resolved, chosen


def tables(edition, chosen: dict, players: int, game_map=None):
    """The edition tables as a reading changes them: Australia's two players in two areas, the game
    then ending when a player has every city two areas can hold (two areas hold 14 cities, fewer than
    the 21 of the tables; seed 001 reads the British Isles' 2-player end the same way: 「どちらかが全都市を
    配置した時点でゲーム終了する」, docs/rules-notes.md M14)."""
    if chosen.get("australia_two_player_areas") == "two" and players in edition.player_counts:
        row = edition.player_counts[players]
        sizes = sorted(sum(c.area == a for c in game_map.cities.values()) for a in game_map.areas) if game_map else []
        end = min(row.end, sum(sizes[:2])) if len(sizes) >= 2 else row.end
        edition = dataclasses.replace(edition, player_counts={**edition.player_counts,
                                                              players: dataclasses.replace(row, areas=2, end=end)})
    return edition
