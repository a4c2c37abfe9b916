"""The catalogue's data: a board as loaded from maps/*.toml (areas, cities, printed connection costs)
and an edition's plant cards and rule tables (maps/editions/*.toml), as a map sees them."""
from dataclasses import dataclass, field
from functools import cached_property

from . import names

RESOURCES = ("coal", "oil", "garbage", "uranium")


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class City:
    id: str
    name: str           # as printed on the board (Japan's in kanji)
    area: str
    x: float
    y: float
    romaji: str | None = None   # the name in Latin letters, where the printed one is not: also matched
    spaces: tuple[int, ...] = ()   # the board's own house prices here, cheapest space first (Japan)
    opens: tuple[int, ...] = ()    # the Step in which each of those spaces opens


@dataclass(frozen=True)
class Connection:
    a: str
    b: str
    cost: int


@dataclass(frozen=True)
class Map:
    """Loaded once and shared (see load_map's cache): treat the dicts as read-only."""
    id: str
    name: str
    areas: dict[str, Area]
    cities: dict[str, City]
    connections: tuple[Connection, ...]
    overrides: dict = field(default_factory=dict)
    setup: dict = field(default_factory=dict)     # seed 001 setup items beyond the edition tables
    rules: dict = field(default_factory=dict)     # the map's own rules: name -> parameters
    islands: int = 1                              # land masses no connection joins (British Isles 2)
    area_borders: tuple = ()                      # (area, area) pairs bordering on the printed board, when given
    source: str = field(default="", compare=False)  # the file it came from, for messages

    def __hash__(self):  # dict fields are not hashable; holders such as rules Context need a hash
        return hash((self.id, self.name, self.connections))

    def cities_in(self, areas) -> set[str]:
        chosen = self._areas(areas)
        return {c.id for c in self.cities.values() if c.area in chosen}

    def open_spaces(self, city: str, step: int) -> int:
        """How many houses the city takes in this Step: the Step number (RULES.md Building), or the
        board's own spaces open by then (Japan's starting cities take two in Step 1)."""
        own = self.cities[city].opens
        return sum(s <= step for s in own) if own else step

    def house_price(self, city: str, built: int, house_costs) -> int:
        """The price of the next house in a city that holds `built`: the board's own space there,
        else the edition's price for that house."""
        own = self.cities[city].spaces
        return own[built] if own else house_costs[built]

    def areas_adjacent(self, a: str, b: str) -> bool:
        return frozenset((self.resolve_area(a), self.resolve_area(b))) in self._area_links

    def areas_connected(self, areas) -> bool:
        """Setup rule: the play areas must form one connected group. No areas is not a valid group.
        On a board of islands the chosen areas of each island must form one group there (seed 001 is
        silent on areas across the sea; docs/maps.md)."""
        chosen = self._areas(areas)
        if not chosen:
            return False
        if self.area_borders:   # the printed regions' borders decide (Australia), across any sea
            return self._joined(chosen)
        island = self._island_of if self.islands > 1 else {a: 0 for a in chosen}
        return all(self._joined({a for a in chosen if island[a] == i}) for i in {island[a] for a in chosen})

    def _joined(self, chosen: set) -> bool:
        start = next(iter(chosen))
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for other in chosen - seen:
                if frozenset((here, other)) in self._area_links:
                    seen.add(other)
                    todo.append(other)
        return seen == chosen

    def resolve_city(self, text) -> str:
        return names.resolve(text, self._city_names, self._city_index, "city", self.id)

    def resolve_area(self, text) -> str:
        return names.resolve(text, self._area_names, self._area_index, "area", self.id)

    def _areas(self, areas) -> set[str]:
        if isinstance(areas, str):  # one id, not its letters
            areas = [areas]
        return {self.resolve_area(a) for a in areas}

    @cached_property
    def _area_links(self) -> frozenset:
        """Areas linked by a connection, or bordering each other where the board lists its borders."""
        if self.area_borders:
            return frozenset(frozenset(pair) for pair in self.area_borders)
        area = {c.id: c.area for c in self.cities.values()}
        return frozenset(frozenset((area[c.a], area[c.b])) for c in self.connections)

    @cached_property
    def _island_of(self) -> dict:
        """area id -> the index of the land mass (group of cities joined by connections) it lies on."""
        nbrs = {c: set() for c in self.cities}
        for c in self.connections:
            nbrs[c.a].add(c.b)
            nbrs[c.b].add(c.a)
        land, count = {}, 0
        for start in self.cities:
            if start in land:
                continue
            land[start], todo = count, [start]
            while todo:
                for n in nbrs[todo.pop()] - land.keys():
                    land[n] = count
                    todo.append(n)
            count += 1
        return {self.cities[c].area: i for c, i in land.items()}

    @cached_property
    def _city_names(self) -> dict[str, str]:
        return {c.id: c.name for c in self.cities.values()}

    @cached_property
    def _city_index(self) -> dict[str, set[str]]:
        return names.index(self._city_names, {c.id: c.romaji for c in self.cities.values() if c.romaji})

    @cached_property
    def _area_names(self) -> dict[str, str]:
        return {a.id: a.name for a in self.areas.values()}

    @cached_property
    def _area_index(self) -> dict[str, set[str]]:
        return names.index(self._area_names)


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
    # Power Grid: Recharged and any edition like it (docs/editions.md):
    deal: dict | None = None        # the opening market dealt from the plug plants (None: initial_market)
    tie_breaks: tuple = ("money", "cities")   # after cities powered, in order
    rules: dict = field(default_factory=dict)    # the edition's own rules (referee/maprules modules) on this map
    boards: dict = field(default_factory=dict)   # map id -> the changes to that board in this edition
    options: dict = field(default_factory=dict)  # the setup options the edition offers -> their defaults

    def __hash__(self):  # dict fields are not hashable; holders such as rules Context need a hash
        return hash((self.id, self.initial_market, self.income, self.starting_money, self.house_costs))

    def income_for(self, cities_powered: int) -> int:
        """Powering more cities than the table lists pays its last entry."""
        if cities_powered < 0:
            raise ValueError(f"cities powered cannot be negative: {cities_powered}")
        return self.income[min(cities_powered, len(self.income) - 1)]


@dataclass(frozen=True)
class Deck:
    """Loaded once and shared: treat `cards` as read-only."""
    id: str
    name: str
    source: str
    cards: dict                 # card id (13, "13+") -> Plant
    market: tuple               # face up at setup
    top: object = None          # the card placed on the shuffled deck, if any
    higher: tuple = ()          # of two cards of one number, the one that ranks higher
    where: str = ""
    market_given: bool = True   # False: the file names no market (the lowest eight, or a house reading's 3–10)

    def __hash__(self):  # the cards dict is not hashable; a game's Context needs a hash
        return hash((self.id, tuple(self.cards), self.market, self.top))
