"""Power Grid: Recharged, two players: "Against the Trust", a neutral player that blocks the board
(an edition option, referee/catalog/edition_options.py; digest /work/shared/recharged.md §4, §8.2–8.5;
rulebook pp.9–10 as TL and SJ paraphrase it).

- Setup: 16 houses, no money, no score. Six houses stand on the 10 spaces of six joined cities placed
  by the players (the setup's `trust_cities`); the other 10 are its supply. It sits at position 2 of
  the turn order, between the two players, for good.
- Auction: it never bids. Once a round it takes the highest plant of the current market for free
  (`trust_plant`; a card is drawn for it, cause `trust`); with 3 plants it takes one only when it is
  higher than its smallest, which it scraps. When: `takes` "in_order" (its order slot: once the first
  player has bought or passed; SJ) or "first_sale" (once the first plant is sold or a player passes;
  TL) — a reading, §8.4.
- Resources: after the player last in turn order has bought (its slot in the reverse order), it takes
  for free the cubes for one run of each of its plants, cheapest first, as far as the market has them;
  a hybrid takes coal and oil in turn, coal first (`trust_fuel`). The cubes go back to the supply as
  phase 5 begins (`trust_fuel_returned`): it keeps nothing between rounds.
- Building: its starting cities are full in Step 1 (one house) and open at 15 in Step 2. When a player
  builds in an empty city, a Trust house from its supply goes on that city's 15 space at once
  (`trust_blocks`), so the city is full until Step 3. Its houses never start Step 2 or end the game,
  and it cannot win (it is no player: state["map"]["trust"], its houses counted by state.houses_in).
- A marked start city (the experienced players' start, referee/maprules/experienced_start.py): its Trust house
  on the 15 space (`reserved`) counts from the first build there, which therefore places no other.
- Refill: the 2-player row, or the 3-player row with `refill` 3 (§8.3). Germany: whether its taking
  plant 39 stops uranium is `phase_out` (§8.5).

Parameters: takes, refill, phase_out, cities (the six starting cities, in placement order).
"""
from ..rules import hooks, plant_market
from ..rules.cards import number, rank
from ..rules.deck import replacement
from ..rules.events import event, listing
from ..rules.resources import board_market
from . import unknown

DEFAULTS = {"takes": "in_order", "refill": 2, "phase_out": False}
_SUPPLY = 10   # 16 houses, 6 of them on its starting cities
_MOST = 3      # plants it holds


def check(params: dict, game_map) -> list:
    problems = unknown(params, ("takes", "refill", "phase_out", "cities"))
    if params.get("takes", "in_order") not in ("in_order", "first_sale"):
        problems.append(f"takes: {params.get('takes')!r} is not allowed; allowed: in_order, first_sale")
    if params.get("refill", 2) not in (2, 3):
        problems.append(f"refill: {params.get('refill')!r} is not allowed; allowed: 2, 3")
    return problems


def _trust(state) -> dict:
    return state["map"]["trust"]


def setup_state(state, ctx, params):
    state.setdefault("map", {})["trust"] = {"cities": list(params.get("cities", [])), "supply": _SUPPLY,
                                            "plants": [], "fuel": {}, "took": False}


# --- Phase 2: its free plant ---

def _due(state, params) -> bool:
    a = state["auction"]
    if _trust(state)["took"] or a["lot"] is not None:
        return False
    if params.get("takes", "in_order") == "first_sale":
        return bool(a["bought"] or a["out"])
    first = state["order"][0]
    return first in a["bought"] or first in a["out"]


def after_sale(tasks, state, ctx, name, plant, params):
    return tasks + [{"task": "trust_take"}]


def chooser_passed(state, ctx, name, params):
    state["queue"].append({"task": "trust_take"})
    return []


def phase_end(tasks, state, ctx, params):
    """A round whose auction ends before the Trust's turn (it still takes its plant, before the
    discounted plant leaves)."""
    if state["phase"] != "auction" or state.get("map", {}).get("trust", {}).get("took", True):
        return tasks
    return [{"task": "trust_take", "last": True}] + tasks


def _take(state, ctx, task) -> list:
    params = dict(next(p for rule, p in ctx.rules if rule.__name__.endswith(".against_the_trust")))
    trust = _trust(state)
    if state["phase"] != "auction" or not (_due(state, params) or task.get("last")) or trust["took"]:
        return []
    trust["took"] = True
    offer = plant_market.current(state, ctx)
    if not offer:
        return []
    plant = offer[-1]
    scrapped = None
    if len(trust["plants"]) >= _MOST:
        smallest = min(trust["plants"], key=rank)
        if rank(plant) <= rank(smallest):
            return [event("trust_passes", f"The Trust takes no plant: plant {plant}, the highest, is not higher "
                          f"than its smallest, {smallest}", plant=plant, smallest=smallest)]
        trust["plants"].remove(smallest)
        state["removed"].append(smallest)
        scrapped = smallest
    state["market"].remove(plant)
    trust["plants"].append(plant)
    trust["plants"].sort(key=rank)
    # replaced as a bought plant would be on this map (China: not until phase 5)
    tasks = hooks.fold(ctx, "after_sale", [replacement(plant, "trust")], state, ctx, None, plant)
    state["queue"][0:0] = [t for t in tasks if t["task"] != "trust_take"]
    events = [event("trust_plant", f"The Trust takes plant {plant}, the highest of the current market, for free"
                    + (f" and scraps plant {scrapped}" if scrapped is not None else ""), plant=plant,
                    scrapped=scrapped)]
    mp = state["map"]
    if mp.get("discount") == plant:
        mp["discount"] = None
    if params.get("phase_out") and "uranium_stopped" in mp and not mp["uranium_stopped"] and number(plant) == next(
            (p.get("plant", 39) for rule, p in ctx.rules if rule.__name__.endswith(".uranium_phase_out")), None):
        mp["uranium_stopped"] = True
        events.append(event("trust_phase_out", f"The Trust took plant {plant}: uranium is never refilled again",
                            plant=plant))
    return events


# --- Phase 3: its free fuel; phase 5: back to the supply ---

def turn_ended(state, ctx, name, kind, params):
    if state["phase"] != "resources" or name != state["order"][-1] or _trust(state)["fuel"]:
        return []
    return _fuel(state, ctx)


def _fuel(state, ctx) -> list:
    trust = _trust(state)
    market = board_market(state, ctx).counts
    taken = {}
    for plant in trust["plants"]:
        spec = ctx.plant(plant)
        kinds = list(spec.accepts)
        for i in range(spec.burns):
            order = kinds if len(kinds) < 2 else ([kinds[0], kinds[1]] if i % 2 == 0 else [kinds[1], kinds[0]])
            r = next((k for k in order if market[k]), None)
            if r is None:
                break
            market[r] -= 1
            taken[r] = taken.get(r, 0) + 1
    trust["fuel"] = taken
    if not taken:
        return []
    return [event("trust_fuel", "The Trust takes for free the fuel for one run of each of its plants: "
                  + listing([f"{n} {r}" for r, n in taken.items()]), amounts=taken)]


def phase_begins(state, ctx, params):
    trust = _trust(state)
    if state["phase"] == "auction":
        trust["took"] = False
        return []
    if state["phase"] != "bureaucracy" or not trust["fuel"]:
        return []
    back = trust["fuel"]
    for r, n in back.items():
        state["resources"]["supply"][r] += n
    trust["fuel"] = {}
    return [event("trust_fuel_returned", "The Trust burns its fuel: the cubes go back to the supply", amounts=back)]


def refill_due(due, state, ctx, resource, params):
    if params.get("refill", 2) != 3 or (resource == "uranium" and state["map"].get("uranium_stopped")):
        return due
    return ctx.edition.refill[3][resource][state["step"] - 1]


# --- Phase 4: blocking houses ---

def built(state, ctx, name, plan, params):
    trust = _trust(state)
    for b in plan.builds:   # a marked start city's 15 space holds a Trust house already (experienced_start.py)
        if b.city in trust.get("reserved", ()):
            trust["reserved"].remove(b.city)
            trust["cities"].append(b.city)
    cities = [b.city for b in plan.builds if _empty_before(state, b.city, name)]
    placed = []
    for city in cities:
        if not trust["supply"]:
            break
        trust["cities"].append(city)
        trust["supply"] -= 1
        placed.append(city)
    if not placed:
        return []
    return [event("trust_blocks", f"{name} built in empty cities: a Trust house goes on the 15 space of "
                  + listing(ctx.map.cities[c].name for c in placed), player=name, cities=placed,
                  supply=trust["supply"])]


def _empty_before(state, city, name) -> bool:
    """The city held no house before this player's: only theirs stands there now."""
    others = sum(city in p["cities"] for n, p in state["players"].items() if n != name)
    return not others and city not in _trust(state)["cities"]


TASKS = {"trust_take": _take}


def describe(w, params, players) -> str:
    return w._("Against the Trust (2 players): the Trust takes the highest plant of the current market each "
               "round for free and the fuel for one run of its plants; its six starting cities are full in Step 1; "
               "when a player builds in an empty city, a Trust house blocks its 15 space.")


def _ruling_plant(w, e):
    if e["scrapped"] is not None:
        return w._("The Trust takes %(plant)s, the highest plant of the current market, for free and scraps "
                   "%(scrapped)s; draw a card to replace it.", plant=w.plant(e["plant"]),
                   scrapped=w.plant(e["scrapped"]))
    return w._("The Trust takes %(plant)s, the highest plant of the current market, for free; draw a card to "
               "replace it.", plant=w.plant(e["plant"]))


def _ruling_passes(w, e):
    return w._("The Trust takes no plant this round: %(plant)s is not higher than its smallest, %(smallest)s.",
               plant=w.plant(e["plant"]), smallest=w.plant(e["smallest"]))


def _ruling_fuel(w, e):
    return w._("The Trust takes %(cubes)s from the market for free: one run of each of its plants.",
               cubes=w.cubes(e["amounts"]))


def _ruling_fuel_returned(w, e):
    return w._("The Trust's fuel goes back to the supply: %(cubes)s.", cubes=w.cubes(e["amounts"]))


def _ruling_blocks(w, e):
    return w._("Put a Trust house on the 15 space of %(cities)s: the city is full until Step 3 (%(supply)s Trust "
               "houses left).", cities=w.join(w.city(c) for c in e["cities"]), supply=e["supply"])


def _ruling_phase_out(w, e):
    return w._("The Trust took %(plant)s: the nuclear phase-out begins, and uranium is never refilled again "
               "(as this game was set up).", plant=w.plant(e["plant"]))


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "trust_phase_out": _ruling_phase_out,
    "trust_plant": _ruling_plant,
    "trust_passes": _ruling_passes,
    "trust_fuel": _ruling_fuel,
    "trust_fuel_returned": _ruling_fuel_returned,
    "trust_blocks": _ruling_blocks,
}
