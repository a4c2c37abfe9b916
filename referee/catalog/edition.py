"""The plant cards and rule tables of an edition (maps/editions/*.toml), as a map sees them."""
import json
from dataclasses import dataclass
from pathlib import Path

from .edition_check import RESOURCES, build_edition
from .errors import CatalogError
from .setup_check import plant_problems
from .files import BUILTIN_EDITIONS, locate, maps_dir, read_toml, shown, stamp


@dataclass(frozen=True)
class Plant:
    number: int
    kind: str
    accepts: tuple[str, ...]
    burns: int
    powers: int

    @property
    def capacity(self) -> int:
        """A plant stores at most twice what it burns (RULES.md Components)."""
        return 2 * self.burns


@dataclass(frozen=True)
class PlayerCount:
    players: int
    areas: int
    removed: int
    max_plants: int
    step2: int
    end: int


@dataclass(frozen=True)
class Edition:
    """Loaded once and shared (see load_edition's cache): treat the dicts as read-only."""
    id: str
    plants: dict[int, Plant]
    initial_market: tuple[int, ...]
    top_of_deck: int
    player_counts: dict[int, PlayerCount]
    refill: dict[int, dict[str, tuple[int, int, int]]]
    income: tuple[int, ...]
    market_slots: dict[str, tuple[int, ...]]
    market_start: dict[str, int]
    totals: dict[str, int]
    starting_money: int
    house_costs: tuple[int, ...]
    short_game_end: int
    name: str = ""
    step3_note: str = ""
    resources: tuple[str, ...] = RESOURCES

    def __hash__(self):  # dict fields are not hashable; holders such as rules Context need a hash
        return hash((self.id, self.initial_market, self.income, self.starting_money, self.house_costs))

    def income_for(self, cities_powered: int) -> int:
        """Powering more cities than the table lists pays its last entry."""
        if cities_powered < 0:
            raise ValueError(f"cities powered cannot be negative: {cities_powered}")
        return self.income[min(cities_powered, len(self.income) - 1)]


_cache: dict[tuple, Edition] = {}


def load_edition(name="original", map=None) -> Edition:
    """`map` (a Map, map id or path) may replace any top-level key through its [overrides]."""
    path = _locate(name)
    if map is not None and not hasattr(map, "overrides"):
        from .maps import load_map
        map = load_map(map)
    overrides = dict(map.overrides) if map is not None else {}
    key = (path.resolve(), stamp(path), json.dumps(overrides, sort_keys=True, default=str))
    if key not in _cache:
        base = read_toml(path)
        where = {k: shown(path) for k in base}
        if "deck" in base:   # the plants are a deck file's cards (maps/decks/)
            from .decks import load_deck, plants_table
            deck = load_deck(base.pop("deck"))
            base["plants"], where["plants"] = plants_table(deck), deck.where
        origin = f"{map.source or 'map ' + repr(map.id)} [overrides]" if map is not None else ""
        where.update({k: origin for k in overrides})
        _cache[key] = build_edition({**base, **overrides}, where, shown(path))
    edition = _cache[key]
    problems = plant_problems(map.setup, edition.plants, edition.initial_market) if map is not None else []
    if problems:  # the map's own [setup] against this edition's plants (not part of the cache key)
        raise CatalogError("\n".join(f"{map.source or map.id}: {line}" for line in problems))
    return edition


def available_editions() -> list[str]:
    return sorted({p.stem for d in _edition_dirs() if d.is_dir() for p in d.glob("*.toml")})


def _edition_dirs() -> list[Path]:
    return list(dict.fromkeys([maps_dir() / "editions", BUILTIN_EDITIONS]))


def _locate(name) -> Path:
    return locate(name, "an edition", _edition_dirs(), available_editions)
