"""Central Europe: a network in Vienna makes garbage cheaper.

Seed 001, 中央ヨーロッパ, 第 3 フェーズ: 「ウィーンにネットワークがある場合、廃棄物の購入コストが -1 される
(最安値は 1 で 0 にはならない)」. A player with a house in the city pays `discount` less for each cube
of `resource` than its space shows, but never less than `floor` for a cube (docs/rules-notes.md).

Parameters: city (a city id of the map), resource (default garbage), discount (default 1),
floor (default 1).
"""
from ..rules.context import RESOURCES
from ..rules.events import event, counted
from . import unknown, whole

DEFAULTS = {"resource": "garbage", "discount": 1, "floor": 1}


def check(params: dict, game_map) -> list:
    problems = unknown(params, ["city", *DEFAULTS])
    city = params.get("city")
    if city not in game_map.cities:
        problems.append(f"city: {city!r} is not a city id of this map; allowed: a key of [cities]")
    if params.get("resource", "garbage") not in RESOURCES:
        problems.append(f"resource: {params['resource']!r} is not a resource; allowed: {', '.join(RESOURCES)}")
    return problems + [p for key in ("discount", "floor") for p in whole(params, key, DEFAULTS[key])]


def resource_cost(cost, state, ctx, name, resource, prices, events, params):
    """Each cube of the resource costs `discount` less, never below `floor`; a ruling says so."""
    p = {**DEFAULTS, **params}
    if resource != p["resource"] or name is None or params["city"] not in state["players"][name]["cities"]:
        return cost
    paid = sum(max(p["floor"], price - p["discount"]) if price > p["floor"] else price for price in prices)
    saved = cost - paid
    city = ctx.map.cities[params["city"]].name
    events.append(event(
        "resource_discount",
        f"{name} has a house in {city}: each {resource} cube costs {p['discount']} Elektro less, never "
        f"below {p['floor']}; {counted(len(prices), 'cube')} cost {paid} Elektro instead of {cost}",
        player=name, city=params["city"], resource=resource, cubes=len(prices), discount=p["discount"],
        floor=p["floor"], saved=saved, cost=paid, full=cost))
    return paid


def describe(w, params, players) -> str:
    return w._("With a house in %(city)s, each %(resource)s cube costs %(money)s less, never below %(floor)s.",
               city=w.city(params["city"]), resource=w.resource(params["resource"]), money=w.money(params["discount"]),
               floor=w.money(params["floor"]))


def _ruling_resource_discount(w, e):
    return w.ngettext("%(player)s has a house in %(city)s: each %(resource)s cube costs %(discount)s Elektro less, "
                      "never below %(floor)s; the %(num)s cube costs %(money)s instead of %(full)s.",
                      "%(player)s has a house in %(city)s: each %(resource)s cube costs %(discount)s Elektro less, "
                      "never below %(floor)s; the %(num)s cubes cost %(money)s instead of %(full)s.",
                      e["cubes"], player=e["player"], city=w.city(e["city"]), resource=w.resource(e["resource"]),
                      discount=e["discount"], floor=e["floor"], money=w.money(e["cost"]), full=w.money(e["full"]))


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "resource_discount": _ruling_resource_discount,
}
