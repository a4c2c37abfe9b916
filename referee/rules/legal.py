"""What the table is waiting for, and which facts are legal now, with their bounds.

The tablet pages offer exactly these; the engine still validates every fact it is given.
"""
from . import auction, building, deck, plant_market
from .flow import waiting
from . import hooks
from .cards import number
from .context import RESOURCES
from .order import due
from .power import best
from .bureaucracy import burn_by_plant
from .resources import markets, max_buyable, price_of, rebuy_prices
from .state import houses_in
from .storage import specs_of, alloc_of


def describe_wait(task: dict) -> str:
    if task["task"] == "draw":
        return f"waiting for the card drawn to {task['reason']}"
    return f"waiting for {task['player']} to discard a plant (over the limit)"


def next_actions(state: dict, ctx) -> dict:
    out = {"phase": state["phase"], "round": state["round"], "step": state["step"],
           "waiting_for": [], "actions": [], "anytime": ["move"]}
    if state["phase"] == "over":
        out["anytime"] = []
        return out
    task = waiting(state)
    if task:
        out["waiting_for"] = [] if task["task"] == "draw" else [task["player"]]
        out["message"] = describe_wait(task)
        if task["task"] == "draw":
            out["actions"] = [{"type": "draw", "reason": task["reason"], "replacing": task["replacing"],
                               "cause": task["cause"], "possible": deck.possible_draws(state["deck"])}]
        else:
            plants = state["players"][task["player"]]["plants"]
            out["actions"] = [{"type": "discard", "player": task["player"],
                               "plants": [pl["number"] for pl in plants[:-1]]}]
        return out
    out["actions"] = PHASES[state["phase"]](state, ctx, out)
    return out


def _auction(state, ctx, out):
    lot = state["auction"]["lot"]
    if lot:
        who = lot["turn"]
        out["waiting_for"] = [who]
        money = state["players"][who]["money"]
        acts = [{"type": "pass_bid", "player": who}]
        if money > lot["bid"]:
            acts.insert(0, {"type": "bid", "player": who, "plant": lot["plant"], "min": lot["bid"] + 1, "max": money})
        return acts
    who = auction.chooser(state)
    out["waiting_for"] = [who]
    money = state["players"][who]["money"]
    offer = [p for p in plant_market.current(state, ctx) if number(p) <= money and auction.may_buy(state, ctx, who, p)]
    acts = [{"type": "nominate", "player": who, "plants": offer, "max": money}]
    if state["round"] > 1:
        acts.append({"type": "pass", "player": who})
    sold = {"type": "sold", "players": auction.eligible(state), "plants": plant_market.current(state, ctx)}
    refused = {n: [p for p in sold["plants"] if not auction.may_buy(state, ctx, n, p)] for n in sold["players"]}
    if any(refused.values()):  # a map rule forbids some plants to some players (uranium ban)
        sold["refused"] = {n: plants for n, plants in refused.items() if plants}
    acts.append(sold)
    return acts


def _turn(state, ctx=None):
    return due(state, ctx)


def _resources(state, ctx, out):
    """One `buy` with the most of each resource and its cheapest price; where the map has several
    markets (Korea), also `markets`: those bounds per market, one of which the player declares."""
    who = _turn(state, ctx)
    out["waiting_for"] = [who]
    offers = {m.name: {"max": max_buyable(state, ctx, who, market=m),
                       "cheapest": {r: (price_of(ctx, state, r, 1, who, market=m) if n else None)
                                    for r, n in m.counts.items()}} for m in markets(state, ctx)}
    buy = {"type": "buy", "player": who, **offers.get(None, {})}
    if None not in offers:
        buy["max"] = {r: max(o["max"][r] for o in offers.values()) for r in RESOURCES}
        buy["cheapest"] = {r: min((o["cheapest"][r] for o in offers.values() if o["cheapest"][r] is not None),
                                  default=None) for r in RESOURCES}
        buy["markets"] = offers
    return [hooks.fold(ctx, "buy_offer", buy, state, ctx, who), {"type": "pass", "player": who}]


def _building(state, ctx, out):
    who = _turn(state, ctx)
    out["waiting_for"] = [who]
    p = state["players"][who]
    options = []
    room = ctx.end_cities - len(p["cities"]) if ctx.short_game else None
    if room != 0:
        open_cities = {}  # city -> houses there
        for city in sorted(ctx.map.cities_in(ctx.areas)):
            houses = houses_in(state, city)
            if (city not in p["cities"] and houses < ctx.map.open_spaces(city, state["step"])
                    and building.may_build_in(state, ctx, who, city)):
                open_cities[city] = houses
        try:  # each city priced as route(p["cities"], [city]) would
            costs = ctx.planner.each_cost(p["cities"], step=state["step"], occupied=open_cities,
                                          house_costs=ctx.edition.house_costs,
                                          starts=building.starts(state, ctx, who))
        except ValueError:
            costs = {}
        options = [{"city": c, "cost": costs[c]} for c in open_cities if c in costs and costs[c] <= p["money"]]
    options.sort(key=lambda o: (o["cost"], o["city"]))
    offer = {"type": "build", "player": who, "money": p["money"], "houses_per_city": state["step"], "cities": options}
    return [hooks.fold(ctx, "build_offer", offer, state, ctx, who), {"type": "pass", "player": who}]


def _bureaucracy(state, ctx, out):
    todo = [n for n in state["order"] if n not in state["acted"]]
    out["waiting_for"] = todo
    acts = []
    prices = rebuy_prices(ctx, state)
    for name in todo:
        p = state["players"][name]
        specs = specs_of(ctx, p["plants"])
        choice = best(specs, alloc_of(p["plants"]), len(p["cities"]), prices)
        act = {"type": "power", "player": name, "max_cities": choice["cities"],
               "proposal": {"plants": [specs[i].number for i in choice["fired"]], "cities": choice["cities"],
                            "burn": burn_by_plant(specs, choice["burn"])}}
        least = hooks.fold(ctx, "least_cities", 0, state, ctx, name)
        if least:  # a map's duty to power (India)
            act["min_cities"] = least
        acts.append(act)
    return acts


PHASES = {"auction": _auction, "resources": _resources, "building": _building, "bureaucracy": _bureaucracy}
