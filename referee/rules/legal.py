"""What the table is waiting for, and which facts are legal now, with their bounds.

The tablet pages offer exactly these; the engine still validates every fact it is given.
"""
from . import auction, building, deck, plant_market
from .flow import waiting
from . import hooks
from .cards import number
from .context import RESOURCES
from .copying import deep_copy
from .order import due
from .power import best
from .bureaucracy import burn_by_plant
from .resources import board_market, markets, max_buyable, price_of, rebuy_prices
from .state import houses_in
from .storage import alloc_of, fits, is_hybrid, specs_of, totals


def describe_wait(task: dict) -> str:
    if task["task"] == "draw":
        return f"waiting for the card drawn to {task['reason']}"
    if task["task"] == "discard":
        return f"waiting for {task['player']} to discard a plant (over the limit)"
    return f"waiting for {task['player']} {task['reason']}"    # a rule's own (start_city)


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
        elif task["task"] != "discard":   # a fact a map rule waits for (hook wait_offer)
            out["actions"] = [hooks.fold(ctx, "wait_offer", {"type": task["task"], "player": task["player"]},
                                         state, ctx, task)]
        else:
            plants = state["players"][task["player"]]["plants"]
            out["actions"] = [{"type": "discard", "player": task["player"],
                               "plants": [pl["number"] for pl in plants[:-1]]}]
        return out
    out["actions"] = PHASES[state["phase"]](state, ctx, out)
    return out


def own_facts(next_actions: dict, name) -> set:
    """The kinds of fact the table waits for from this player themselves now (their bid or pass,
    purchase, build, power choice, discard): `next`'s actions that name them. The table's own facts
    (the card drawn, an auction run at the table and its result) name nobody, so none is a player's."""
    return {a["type"] for a in next_actions.get("actions", ()) if a.get("player") == name}


def standing(state: dict, ctx, name) -> dict:
    """What one player could do with what they have now, whatever the phase: the plants of the
    current market they could open an auction on (at the plant's number), the most of each resource
    they could buy from the board's market, and the cities their plants could power with the cubes on
    them now and the income that pays (the map's own income rules included)."""
    p = state["players"][name]
    specs = specs_of(ctx, p["plants"])
    choice = best(specs, alloc_of(p["plants"]), len(p["cities"]), rebuy_prices(ctx, state))
    cities = choice["cities"]
    income = hooks.fold(ctx, "income", ctx.edition.income_for(cities), deep_copy(state), ctx, name, cities, [])
    plants = [n for n in plant_market.current(state, ctx)
              if number(n) <= p["money"] and auction.may_buy(state, ctx, name, n)]
    return {"plants": plants, "cubes": max_buyable(state, ctx, name),
            "power": {"plants": [specs[i].number for i in choice["fired"]], "cities": cities, "income": income}}


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
    least = {p: auction.minimum_bid(state, ctx, p) for p in plant_market.current(state, ctx)}
    offer = [p for p, m in least.items() if m <= money and auction.may_buy(state, ctx, who, p)]
    acts = [{"type": "nominate", "player": who, "plants": offer, "max": money}]
    lowered = [[p, m] for p, m in least.items() if p in offer and m != number(p)]
    if lowered:   # Recharged's discount token: [plant, its lowest bid]
        acts[0]["minimum"] = lowered
    if state["round"] > 1:
        acts.append({"type": "pass", "player": who})
    sold = {"type": "sold", "players": auction.eligible(state), "plants": plant_market.current(state, ctx)}
    refused = {n: [p for p in sold["plants"] if not auction.may_buy(state, ctx, n, p)] for n in sold["players"]}
    if any(refused.values()):  # a map rule forbids some plants to some players (uranium ban)
        sold["refused"] = {n: plants for n, plants in refused.items() if plants}
    acts.append(sold)
    return acts


def run_once(state: dict, ctx, who) -> dict | None:
    """The cubes this player must buy so that every plant can run once with what it holds (a hybrid
    takes the cheaper of coal and oil, cube by cube), if the market has them and the player can pay
    for them and store them; else None. {resource: n}, only resources with n > 0."""
    p = state["players"][who]
    specs = specs_of(ctx, p["plants"])
    held = dict(zip(RESOURCES, totals(alloc_of(p["plants"]))))
    want, hybrid = dict.fromkeys(RESOURCES, 0), 0
    for spec in specs:
        if is_hybrid(spec):
            hybrid += spec.burns
        elif spec.accepts:
            want[RESOURCES[spec.accepts[0]]] += spec.burns
    need = {r: max(0, want[r] - held[r]) for r in RESOURCES}
    hybrid -= sum(max(0, held[r] - want[r]) for r in ("coal", "oil"))
    counts = board_market(state, ctx).counts
    for _ in range(max(0, hybrid)):
        open_ = [r for r in ("coal", "oil") if need[r] < counts[r]]
        if not open_:
            return None
        r = min(open_, key=lambda r: price_of(ctx, state, r, need[r] + 1, who) - price_of(ctx, state, r, need[r], who))
        need[r] += 1
    if not any(need.values()) or any(need[r] > counts[r] for r in RESOURCES):
        return None
    cost = sum(price_of(ctx, state, r, n, who) for r, n in need.items() if n)
    if cost > p["money"] or not fits(specs, [held[r] + need[r] for r in RESOURCES]):
        return None
    return {r: n for r, n in need.items() if n}


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
    if None in offers and (need := run_once(state, ctx, who)):
        buy["run_once"] = need
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
        open_cities = _open_cities(state, ctx, who)
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


def build_limit(state: dict, ctx, name) -> int | None:
    """The most cities `name` may add in one build now, whatever the phase (so that advice given
    before the building phase respects it too): a map's own limit (Japan's two cities in round 1,
    the `build` offer's `max_cities`) and the short game's end; None when no rule limits it."""
    p = state["players"][name]
    offer = hooks.fold(ctx, "build_offer", {"type": "build", "player": name, "money": p["money"],
                                            "houses_per_city": state["step"], "cities": []}, state, ctx, name)
    limits = [n for n in (offer.get("max_cities"), ctx.end_cities - len(p["cities"]) if ctx.short_game else None)
              if n is not None]
    return min(limits) if limits else None


def _open_cities(state, ctx, who) -> dict:
    """{city: houses there} of the play areas' cities the player may build in now, price aside."""
    own = state["players"][who]["cities"]
    return {c: houses_in(state, c) for c in sorted(ctx.map.cities_in(ctx.areas))
            if c not in own and houses_in(state, c) < ctx.map.open_spaces(c, state["step"])
            and building.may_build_in(state, ctx, who, c)}


def build_choices(state: dict, ctx, fact: dict) -> dict:
    """While the cities of one build are chosen (`fact`: the build so far, maybe without cities),
    every city of the map with what it would add to the build given the cities already chosen, or why
    it cannot be chosen now: {"left": money left after the build so far, "cities": [{"city", "cost"}]
    affordable, cheapest first, "refused": [{"city", "reason", ...}]}. Reasons: "yours", "outside"
    (area), "full" (houses, step), "closed" (a map rule; `rule`: its refusal's event type, if it
    gives one), "start" (the offer's `start_city`, a first house's marked city, comes first: start),
    "limit" (max: cities this turn may still add), "unreachable", "budget" (cost, left)."""
    who, chosen = fact["player"], list(fact.get("cities", ()))
    p, step = state["players"][who], state["step"]
    offer = next(a for a in state["next"]["actions"] if a["type"] == "build")
    open_cities = _open_cities(state, ctx, who)
    try:
        base = ctx.planner.route(p["cities"], chosen, step=step, occupied=open_cities,
                                 house_costs=ctx.edition.house_costs,
                                 starts=building.starts(state, ctx, who, fact)).total if chosen else 0
        costs = ctx.planner.added_cost(p["cities"], chosen, step=step, occupied=open_cities,
                                       house_costs=ctx.edition.house_costs,
                                       starts=building.starts(state, ctx, who, {**fact, "cities": chosen}))
    except ValueError:
        base, costs = 0, {}
    limits = [n for n in (offer.get("max_cities"), ctx.end_cities - len(p["cities"]) if ctx.short_game else None)
              if n is not None]
    room = min(limits) - len(chosen) if limits else None
    left = p["money"] - base
    start = offer.get("start_city") if offer.get("start_city") not in chosen else None   # a marked first house
    inside = ctx.map.cities_in(ctx.areas)
    cities, refused = [], []
    for city in sorted(ctx.map.cities):
        why = None
        if city in chosen:
            continue
        if city in p["cities"]:
            why = {"reason": "yours"}
        elif city not in inside:
            why = {"reason": "outside", "area": ctx.map.cities[city].area}
        elif houses_in(state, city) >= ctx.map.open_spaces(city, step):
            why = {"reason": "full", "houses": houses_in(state, city), "step": step}
        elif city not in open_cities:
            ruling = getattr(building.why_closed(state, ctx, who, city), "ruling", None)
            why = {"reason": "closed", **({"rule": ruling["type"]} if ruling else {})}
        elif start is not None and city != start:
            why = {"reason": "start", "start": start}
        elif room is not None and room <= 0:
            why = {"reason": "limit", "max": min(limits)}
        elif city not in costs:
            why = {"reason": "unreachable"}
        elif costs[city] > left:
            why = {"reason": "budget", "cost": costs[city], "left": left}
        if why:
            refused.append({"city": city, **why})
        else:
            cities.append({"city": city, "cost": costs[city]})
    cities.sort(key=lambda o: (o["cost"], o["city"]))
    return {"left": left, "cities": cities, "refused": refused}


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


def still_applies(fact: dict, then: dict, since: list) -> bool:
    """May `fact`, entered on a page showing the moment whose `next` is `then`, still be applied after
    the entries `since` stored meanwhile by other devices? Only when none of them can change what it
    means: each is another player's own answer to a moment that waits for several players at once
    (the players' power choices in bureaucracy: seed 000 フェイズ5 has each declare the cities they power
    from their own plants and cubes, so the order of the declarations changes no one's choice or income,
    and the engine waits for all of them at once), or another player's move of cubes between their own plants
    (`anytime`); and `fact` is its own player's answer to that same moment, or a move. An undo, redo
    or correction, a table fact (naming nobody), or anything of this player's own changes it: stale."""
    who = fact.get("player")
    if not who or not since:
        return not since

    def own(entry) -> bool:
        kind, player = entry.get("type"), entry.get("player")
        if kind in then.get("anytime", ()):
            return True
        return len(then.get("waiting_for", ())) > 1 and player in then["waiting_for"] and \
            kind in own_facts(then, player)

    others = {e.get("player") for e in since}
    return own(fact) and who not in others and None not in others and all(own(e) for e in since)
