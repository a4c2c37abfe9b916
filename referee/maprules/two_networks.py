"""Japan (Arclight edition): up to two networks, begun only in six cities; two cities in round 1.

Seed 001, 日本(アークライト版), 第 4 フェーズ: 「別々の電力網を 2 つまで持つことができる。 最初のラウンドは 2 都市
までしか配置ができない。 2 ラウンド目以降は 2 つの電力網を作ることができる。 電力網の開始は「札幌」「東京」
「横浜」「神戸」「大阪」「福岡」の 6 都市のみ配置ができる」.

- A player's first city must be one of `start_cities` (a network begins there, no connection).
- In round 1 a player builds in `first_round` cities at most, all in one network.
- From round 2 a player with fewer than `networks` networks may begin another in one of
  `start_cities`: the build fact names it (`"new_network": city`, one of the cities built); that
  city costs its house only. Without the field every city connects as usual; a new city connects
  from the nearest of the player's cities, whichever network it is in. Networks never merge or
  split: each city belongs to the network it was built from (the cost rule needs no more).
- state["map"]["networks"][player]: the cities each of the player's networks began in.

Parameters: start_cities (city ids), networks (default 2), first_round (default 2).
"""
from ..rules.errors import IllegalBuild
from ..rules.events import event
from ..rules.state import houses_in
from . import unknown, whole

DEFAULTS = {"networks": 2, "first_round": 2}


def check(params: dict, game_map) -> list:
    problems = unknown(params, ["start_cities", *DEFAULTS])
    cities = params.get("start_cities")
    if not isinstance(cities, list) or not cities or not all(c in game_map.cities for c in cities):
        problems.append(f"start_cities: {cities!r} is not allowed; allowed: a list of city ids of [cities]")
    return problems + [p for key in DEFAULTS for p in whole(params, key, DEFAULTS[key], least=1)]


def setup_state(state, ctx, params):
    state.setdefault("map", {})["networks"] = {name: [] for name in state["players"]}


def _limits(params):
    return {**DEFAULTS, **params}


def _names(ctx, cities):
    return ", ".join(ctx.map.cities[c].name for c in cities)


def may_build(state, ctx, name, cities, params):
    room = _limits(params)["first_round"] - len(state["players"][name]["cities"])
    if state["round"] == 1 and len(cities) > room:
        raise IllegalBuild(f"in the first round a player builds in {_limits(params)['first_round']} cities at most; "
                           f"{name} may build {max(room, 0)} more")


def _second(state, name, params) -> bool:
    """Whether the player may begin another network now (not the first: that one is always begun)."""
    return (state["round"] >= 2 and bool(state["players"][name]["cities"])
            and len(state["map"]["networks"][name]) < _limits(params)["networks"])


def build_starts(starts, state, ctx, name, action, params):
    """The six cities for an empty network; the city the fact names for another network."""
    slots = []
    begin = tuple((c, 0) for c in params["start_cities"])
    if not state["players"][name]["cities"]:
        slots.append(begin)
    wanted = (action or {}).get("new_network")
    if wanted is not None:
        try:
            city = ctx.map.resolve_city(wanted) if isinstance(wanted, str) else None
        except ValueError:
            city = None
        if city not in params["start_cities"]:
            raise IllegalBuild(f"new_network: {wanted!r} is not allowed; a network may begin only in "
                               f"{_names(ctx, params['start_cities'])}")
        if city not in [ctx.map.resolve_city(c) for c in action.get("cities", ()) if isinstance(c, str)]:
            raise IllegalBuild(f"new_network: {ctx.map.cities[city].name} must be one of the cities built")
        if state["round"] == 1:
            raise IllegalBuild("a second network may be begun from round 2 on")
        if slots or _second(state, name, params):
            slots.append(((city, 0),))
        else:
            raise IllegalBuild(f"{name} already has {_limits(params)['networks']} networks")
    return tuple(slots) or starts


def built(state, ctx, name, plan, params):
    networks = state["map"]["networks"][name]
    events = []
    for b in plan.builds:
        if b.from_ is None:
            networks.append(b.city)
            events.append(event(
                "network_started", f"{name} begins network {len(networks)} of at most "
                f"{_limits(params)['networks']} in {ctx.map.cities[b.city].name} (networks begin only in "
                f"{_names(ctx, params['start_cities'])}); no connection to pay",
                player=name, city=b.city, networks=len(networks), limit=_limits(params)["networks"]))
    return events


def new_network_cities(cities, ctx, params):
    """A build's `new_network` names one of the start cities."""
    return list(params["start_cities"])


def build_offer(offer, state, ctx, name, params):
    """`max_cities` in round 1; `new_network`: the cities another network may begin in, at their house price."""
    p = state["players"][name]
    if state["round"] == 1:
        offer = {**offer, "max_cities": max(_limits(params)["first_round"] - len(p["cities"]), 0)}
    if _second(state, name, params):
        costs = ctx.edition.house_costs
        cities = [{"city": c, "cost": costs[houses_in(state, c)]} for c in params["start_cities"]
                  if c in ctx.map.cities_in(ctx.areas) and c not in p["cities"]
                  and houses_in(state, c) < state["step"] and costs[houses_in(state, c)] <= p["money"]]
        offer = {**offer, "new_network": sorted(cities, key=lambda o: (o["cost"], o["city"]))}
    return offer


def describe(w, params, players) -> str:
    return w._("A network may begin only in %(cities)s. Round 1: at most %(first)s cities, one network; from round "
               "2 a player may have up to %(networks)s networks.", cities=w.cities(params["start_cities"]),
               first=params["first_round"], networks=params["networks"])


def _ruling_network_started(w, e):
    if e["networks"] == 1:
        return w._("%(player)s begins a network in %(city)s, one of the cities where a network may begin.",
                   player=e["player"], city=w.city(e["city"]))
    return w._("%(player)s begins network %(number)s of at most %(limit)s in %(city)s: no connection to pay.",
               player=e["player"], number=e["networks"], limit=e["limit"], city=w.city(e["city"]))


RULINGS = {"network_started": _ruling_network_started}   # this rule's events in the reader's words (referee.rulings)
