"""India: each player must power as many cities as they can.

Seed 001, インド亜大陸, フェーズ5: 「可能な限り多くの都市に自分の発電所で電力を供給する義務がある。」

A `power` fact powering fewer cities than the player's plants and cubes can power (after moving
cubes between their own plants) is refused; the offer says so (`min_cities`), and the referee's
proposal already powers the most. Which plants fire and what a hybrid burns stay the player's choice.
"""
from ..rules.power import best
from ..rules.resources import rebuy_prices
from ..rules.storage import specs_of, alloc_of
from . import unknown


def check(params: dict, game_map) -> list:
    return unknown(params)


def least_cities(least, state, ctx, name, params):
    p = state["players"][name]
    most = best(specs_of(ctx, p["plants"]), alloc_of(p["plants"]), len(p["cities"]), rebuy_prices(ctx, state))
    return max(least, most["cities"])


def describe(w, params, players) -> str:
    return w._("Each player must power as many cities as they can.")
