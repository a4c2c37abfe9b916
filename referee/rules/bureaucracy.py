"""Phase 5: power, income, refill and the plant market at the end of the round (RULES.md phase 5)."""
from . import hooks
from .context import RESOURCES, STEP3
from .errors import BadAction, IllegalPower, WrongPhase
from .fields import whole
from .events import event, listing, counted, named
from . import cards, plant_market, power as power_rules
from .deck import put_under, replacement
from .resources import refill as refill_market, rebuy_prices
from .state import player
from .storage import specs_of, alloc_of, write_alloc


def fired_indexes(p: dict, name, plants) -> tuple:
    owned = [pl["number"] for pl in p["plants"]]
    if not isinstance(plants, list) or len({cards.plant_id(n, "a plant to fire") for n in plants}) != len(plants):
        raise BadAction("plants is a list of distinct plant numbers to fire")
    missing = [n for n in plants if n not in owned]
    if missing:
        raise IllegalPower(f"{name} does not own plant(s) {listing(missing)}; owns {listing(owned) or 'none'}")
    return tuple(sorted(owned.index(n) for n in plants))


def power(state: dict, ctx, action: dict) -> list:
    """A player fires plants and powers cities; income by the table (0 cities pays the minimum).
    Without `plants` the referee chooses: the fewest cubes for the cities asked (all it can
    power if not said), burning the cubes cheapest to rebuy first."""
    name = action.get("player")
    p = player(state, name)
    if name in state["acted"]:
        raise WrongPhase(f"{name} has already powered cities this round")
    specs = specs_of(ctx, p["plants"])
    alloc = alloc_of(p["plants"])
    own = len(p["cities"])
    chosen = action.get("plants") is None
    prices = rebuy_prices(ctx, state) if chosen else None
    if chosen:
        asked = own if action.get("cities") is None else whole(action["cities"], "cities", low=0)
        fired = power_rules.best(specs, alloc, min(asked, own), prices)["fired"]
    else:
        fired = fired_indexes(p, name, action["plants"])
    burns = power_rules.parse_burns(specs, action.get("burn"))
    if set(burns) - set(fired):
        raise IllegalPower("burn is given for a plant that is not fired")
    after, used = power_rules.plan(specs, alloc, fired, burns, prices)
    can = min(own, sum(specs[i].powers for i in fired))
    cities = whole(action.get("cities", can), "cities", low=0)
    if cities > can:
        raise IllegalPower(f"{name} can power 0 to {can} cities with these plants "
                           f"({own} cities owned); {cities!r} asked")
    least = hooks.fold(ctx, "least_cities", 0, state, ctx, name)
    if cities < least:
        raise IllegalPower(f"{name} must power {least} cities on this map, as many as their plants can; "
                           f"{cities} asked")
    rulings = hooks.run(ctx, "may_power", state, ctx, name, [specs[i].number for i in fired], cities)
    write_alloc(p["plants"], after)
    burned = [sum(u[r] for u in used.values()) for r in range(len(RESOURCES))]
    for r, n in zip(RESOURCES, burned):
        state["resources"]["supply"][r] += n
    income = hooks.fold(ctx, "income", ctx.edition.income_for(cities), state, ctx, name, cities, rulings)
    p["money"] += income
    state["acted"].append(name)
    fired_numbers = [specs[i].number for i in fired]
    burnt = listing(f"{n} {r}" for r, n in zip(RESOURCES, burned) if n) or "nothing"
    plants = named("plant", fired_numbers) if fired_numbers else "no plant"
    why = (f" (the referee's choice: the fewest cubes for {counted(cities, 'city', 'cities')}, the cheapest "
           "to rebuy burned first)" if chosen else "")
    return [event("powered", f"{name} fires {plants}{why}, burns {burnt}, powers {counted(cities, 'city', 'cities')}: "
                  f"income {income} Elektro", player=name, plants=fired_numbers, cities=cities,
                  burned={r: n for r, n in zip(RESOURCES, burned) if n}, income=income,
                  burn=burn_by_plant(specs, used), chosen=chosen)] + rulings


def burn_by_plant(specs, used: dict) -> dict:
    """{plant number (as text): {resource: n}} for the fired plants that burn something."""
    return {str(specs[i].number): {r: n for r, n in zip(RESOURCES, u) if n} for i, u in sorted(used.items()) if any(u)}


def end_phase(state: dict, ctx) -> list:
    state["queue"].extend([{"task": "refill"}, {"task": "market_update"}, {"task": "new_round"}])
    return []


def refill(state: dict, ctx, task: dict) -> list:
    return refill_market(state, ctx)


def market_update(state: dict, ctx, task: dict) -> list:
    """Steps 1–2: the highest plant goes under the deck; Step 3: the lowest leaves the game."""
    if state["step"] == 3:
        low = plant_market.lowest(state)
        if low is None:
            return []
        state["queue"].insert(0, replacement(low, "end_of_round"))
        return [plant_market.remove(state, low, "end of round in Step 3: the lowest plant leaves",
                                    "end_of_round")]
    plants = [c for c in state["market"] if c != STEP3]
    if not plants:
        return []
    high = max(plants, key=cards.rank)
    state["market"].remove(high)
    put_under(state["deck"], high)
    state["queue"].insert(0, replacement(high, "end_of_round"))
    return [event("plant_under_deck", f"Plant {high}, the highest in the future market, goes under the deck",
                  plant=high)]
