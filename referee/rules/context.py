"""The fixed facts a game is played under: board, edition tables, player count.

The engine receives these as values; loading them from files is the catalogue's job.
"""
from dataclasses import dataclass, field
from functools import cached_property

from . import hooks

RESOURCES = ("coal", "oil", "garbage", "uranium")
STEP3 = "step3"
PHASES = ("order", "auction", "resources", "building", "bureaucracy")   # a round's five phases, 1 to 5


@dataclass(frozen=True)
class Context:
    map: object          # referee.catalog Map
    edition: object      # referee.catalog Edition
    players: int
    areas: tuple
    short_game: bool = False
    variation: object = None   # seed 000's variation 1–4 (referee.catalog.variations.Variation), or None
    readings: tuple = ()       # the house readings chosen other than the default: (option, choice) pairs
    planner_factory: object = field(default=None, compare=False)

    def reading(self, option: str):
        """The table's choice of a house reading (maps/readings/readings.toml), None where the default is played."""
        return dict(self.readings).get(option)

    def ruled_by(self, option: str) -> dict:
        """The fields naming a house reading in the ruling that applies it (none for the default)."""
        choice = self.reading(option)
        return {"reading": option, "choice": choice} if choice else {}

    @property
    def counts(self):
        return self.edition.player_counts[self.players]

    @property
    def max_plants(self) -> int:
        return self.counts.max_plants

    @property
    def end_cities(self) -> int:
        if self.short_game:
            return self.edition.short_game_end
        return hooks.fold(self, "end_cities", self.counts.end, self)

    @property
    def step2_cities(self) -> int:
        return hooks.fold(self, "step2_cities", self.counts.step2, self)

    @property
    def refill_tables(self) -> dict:
        """{market name: refill table {resource: [Step 1, 2, 3]}} for this player count, the board's market
        first (named None where it is the only one), as the player aid prints them; a number below 0 takes
        that many cubes off the market instead."""
        return hooks.fold(self, "refill_tables", {None: self.edition.refill[self.players]}, self)

    @property
    def phase_order(self) -> tuple:
        """The phases of a round in the order this map plays them (hook phase_order)."""
        return hooks.fold(self, "phase_order", PHASES, self)

    @property
    def market_rules(self) -> dict:
        """The base plant-market rules the map plays otherwise, for the player aid (hook market_rules)."""
        return hooks.fold(self, "market_rules", {}, self)

    def plant(self, number):
        return self.plants[number]

    @cached_property
    def plants(self) -> dict:
        """The edition's plants, with the cards a chosen area swaps in (seed 001 北欧: 「使用するエリアに
        よって、北欧マップ用のカードを追加し、同じ番号発電所を除外する」), as the map's rules play them
        (hook plant_cards; India's garbage plants)."""
        swaps = self.map.setup.get("area_plants", {})
        plants = dict(self.edition.plants)
        for area in self.areas:
            plants.update(swaps.get(area, {}))
        return hooks.fold(self, "plant_cards", plants, self)

    @cached_property
    def rules(self) -> tuple:
        """(module, params) of each of the edition's rules on this map (Recharged's discount token, ...)
        and of the map's own rules, loaded by name (rules/hooks.py)."""
        return hooks.active({**getattr(self.edition, "rules", {}), **self.map.rules})

    @cached_property
    def planner(self):
        return self.planner_factory(self.map, self.areas, **hooks.fold(self, "planner_options", {}, self))
