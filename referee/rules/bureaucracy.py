"""Phase 5: power, income, refill and the plant market at the end of the round (RULES.md phase 5)."""
from .context import RESOURCES, STEP3
from .errors import BadAction, IllegalPower, WrongPhase
from .fields import whole
from .events import event, listing, counted, named
from . import plant_market, power as power_rules
from .deck import put_under
from .resources import refill as refill_market
from .state import player
from .storage import specs_of, alloc_of, write_alloc


def fired_indexes(p: dict, name, plants) -> tuple:
    owned = [pl["number"] for pl in p["plants"]]
    if not isinstance(plants, list) or len({whole(n, "a plant to fire") for n in plants}) != len(plants):
        raise BadAction("plants is a list of distinct plant numbers to fire")
    missing = [n for n in plants if n not in owned]
    if missing:
        raise IllegalPower(f"{name} does not own plant(s) {listing(missing)}; owns {listing(owned) or 'none'}")
    return tuple(sorted(owned.index(n) for n in plants))


def power(state: dict, ctx, action: dict) -> list:
    """A player fires plants and powers cities; income by the table (0 cities pays the minimum)."""
    name = action.get("player")
    p = player(state, name)
    if name in state["acted"]:
        raise WrongPhase(f"{name} has already powered cities this round")
    specs = specs_of(ctx, p["plants"])
    alloc = alloc_of(p["plants"])
    own = len(p["cities"])
    if action.get("plants") is None:
        fired = power_rules.best(specs, alloc, own)["fired"]
    else:
        fired = fired_indexes(p, name, action["plants"])
    burns = power_rules.parse_burns(specs, action.get("burn"))
    if set(burns) - set(fired):
        raise IllegalPower("burn is given for a plant that is not fired")
    after, used = power_rules.plan(specs, alloc, fired, burns)
    can = min(own, sum(specs[i][4] for i in fired))
    cities = whole(action.get("cities", can), "cities", low=0)
    if cities > can:
        raise IllegalPower(f"{name} can power 0 to {can} cities with these plants "
                           f"({own} cities owned); {cities!r} asked")
    write_alloc(p["plants"], after)
    burned = [sum(u[r] for u in used.values()) for r in range(len(RESOURCES))]
    for r, n in zip(RESOURCES, burned):
        state["resources"]["supply"][r] += n
    income = ctx.edition.income_for(cities)
    p["money"] += income
    state["acted"].append(name)
    fired_numbers = [specs[i][0] for i in fired]
    burnt = listing(f"{n} {r}" for r, n in zip(RESOURCES, burned) if n) or "nothing"
    plants = named("plant", fired_numbers) if fired_numbers else "no plant"
    return [event("powered", f"{name} fires {plants}, burns {burnt}, powers {counted(cities, 'city', 'cities')}: "
                  f"income {income} Elektro", player=name, plants=fired_numbers, cities=cities,
                  burned={r: n for r, n in zip(RESOURCES, burned) if n}, income=income)]


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
        state["queue"].insert(0, {"task": "draw", "reason": f"replace plant {low} (end of round)"})
        return [plant_market.remove(state, low, "end of round in Step 3: the lowest plant leaves")]
    plants = [c for c in state["market"] if c != STEP3]
    if not plants:
        return []
    high = max(plants)
    state["market"].remove(high)
    put_under(state["deck"], high)
    state["queue"].insert(0, {"task": "draw", "reason": f"replace plant {high} (end of round)"})
    return [event("plant_under_deck", f"Plant {high}, the highest in the future market, goes under the deck",
                  plant=high)]
