"""British Isles: Step 2 also begins once every city in play holds a house.

Seed 001, ブリテン諸島, ステップ2: 「通常のステップ2移行条件に加えて全都市を建設した場合もステップ2に移行する」,
and in its general notes 「全都市に1つ以上建設された場合もステップ2に移行する」: checked after each
building phase with the base count; the Step 2 ruling then says a map rule began it and this rule's
own ruling says which.
"""
from ..rules.events import event
from ..rules.state import houses_in, most_cities
from . import unknown


def check(params: dict, game_map) -> list:
    return unknown(params)


def _every_city_built(state, ctx) -> bool:
    return all(houses_in(state, c) for c in ctx.map.cities_in(ctx.areas))


def step2_due(due, state, ctx, params):
    return due or _every_city_built(state, ctx)


def step2_begins(state, ctx, params):
    if state["step"] == 2 and most_cities(state) < ctx.step2_cities and _every_city_built(state, ctx):
        n = len(ctx.map.cities_in(ctx.areas))
        return [event("every_city_built", f"every one of the {n} cities in play holds a house: Step 2 "
                      f"begins although nobody has {ctx.step2_cities} cities", cities=n,
                      threshold=ctx.step2_cities)]
    return []


def describe(w, params, players) -> str:
    return w._("Step 2 also begins once every city in play holds a house.")


def _ruling_every_city_built(w, e):
    return w._("Every one of the %(cities)s cities in play holds a house: Step 2 begins, although nobody has "
               "%(threshold)s cities.", cities=e["cities"], threshold=e["threshold"])


RULINGS = {"every_city_built": _ruling_every_city_built}   # this rule's events in the reader's words (referee.rulings)
