"""Loading an edition (maps/editions/*.toml) with a map's overrides applied, cached per file and overrides."""
import json
from pathlib import Path

from .decks import load_deck, plants_table
from .edition_check import build_edition
from .edition_rules import for_map
from .errors import CatalogError
from .files import BUILTIN_EDITIONS, locate, maps_dir, read_toml, shown, stamp
from .maps import load_map
from .model import Edition
from .setup_check import plant_problems

_cache: dict[tuple, Edition] = {}


def load_edition(name="original", map=None) -> Edition:
    """`map` (a Map, map id or path) may replace any top-level key through its [overrides]."""
    path = _locate(name)
    if map is not None and not hasattr(map, "overrides"):
        map = load_map(map)
    overrides = dict(map.overrides) if map is not None else {}
    own = _map_rows(path).get(map.id) if map is not None else None   # the edition's [maps.<id>] row
    key = (path.resolve(), stamp(path), json.dumps(overrides, sort_keys=True, default=str),
           json.dumps(own, sort_keys=True, default=str))
    if key not in _cache:
        base = read_toml(path)
        where = {k: shown(path) for k in base}
        if "deck" in base:   # the plants are a deck file's cards (maps/decks/)
            deck = load_deck(base.pop("deck"))
            base["plants"], where["plants"] = plants_table(deck), deck.where
        origin = f"{map.source or 'map ' + repr(map.id)} [overrides]" if map is not None else ""
        where.update({k: origin for k in overrides})
        data = for_map({**base, **overrides}, map.id if map is not None else None)
        _cache[key] = build_edition(data, where, shown(path))
    edition = _cache[key]
    problems = plant_problems(map.setup, edition.plants, edition.initial_market) if map is not None else []
    if problems:  # the map's own [setup] against this edition's plants (not part of the cache key)
        raise CatalogError("\n".join(f"{map.source or map.id}: {line}" for line in problems))
    return edition


_rows: dict = {}


def _map_rows(path) -> dict:
    """The edition file's [maps] table (per map: rules on and off), read once per version of the file."""
    key = (path.resolve(), stamp(path))
    if key not in _rows:
        maps = read_toml(path).get("maps", {})
        _rows[key] = maps if isinstance(maps, dict) else {}
    return _rows[key]


def available_editions() -> list[str]:
    return sorted({p.stem for d in _edition_dirs() if d.is_dir() for p in d.glob("*.toml")})


def _edition_dirs() -> list[Path]:
    return list(dict.fromkeys([maps_dir() / "editions", BUILTIN_EDITIONS]))


def _locate(name) -> Path:
    return locate(name, "an edition", _edition_dirs(), available_editions)
