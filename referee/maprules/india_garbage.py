"""India: garbage plants burn one cube more than printed and store only one run.

Seed 001, インド亜大陸, 基本 廃棄物発電所: 「発電コストは表記コスト+1。 資源は1回しか保管できない。」

Every plant that burns garbage alone is played as burning its printed number + 1 and holding that
many cubes (one run), not twice; Context.plant gives every rule these cards. When such a plant
fires, a ruling says so.
"""
from dataclasses import dataclass, replace

from ..catalog.model import Plant
from ..rules.events import event, listing
from . import unknown


@dataclass(frozen=True)
class _GarbagePlant(Plant):
    """A garbage plant as India plays it: `burns` is the printed cost + 1; it stores one run."""
    printed: int = 0

    @property
    def capacity(self) -> int:
        return self.burns


def check(params: dict, game_map) -> list:
    return unknown(params)


def plant_cards(plants, ctx, params):
    return {n: _GarbagePlant(**{**vars(p), "burns": p.burns + 1}, printed=p.burns) if p.accepts == ("garbage",)
            else p for n, p in plants.items()}


def may_power(state, ctx, name, plants, cities, params):
    fired = [ctx.plant(n) for n in plants if isinstance(ctx.plant(n), _GarbagePlant)]
    if not fired:
        return []
    parts = [f"plant {p.number} burns {p.burns} (printed {p.printed})" for p in fired]
    return [event("garbage_plant_cost", f"Garbage plants burn one cube more than printed: {listing(parts)}",
                  player=name, plants=[{"plant": p.number, "printed": p.printed, "burns": p.burns} for p in fired])]


def describe(w, params, players) -> str:
    return w._("Garbage plants burn one cube more than printed and store only one run.")


def _ruling_garbage_plant_cost(w, e):
    parts = [w._("%(plant)s burns %(burns)s (printed %(printed)s)", plant=w.plant(p["plant"]), burns=p["burns"],
                 printed=p["printed"]) for p in e["plants"]]
    return w._("On this map garbage plants burn one cube more than printed and store only one run: %(plants)s.",
               plants=w.join(parts))


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "garbage_plant_cost": _ruling_garbage_plant_cost,
}
