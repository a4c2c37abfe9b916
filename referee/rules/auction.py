"""Phase 2: the plant auction (RULES.md A round, phase 2)."""
from itertools import product

from .context import RESOURCES
from .fields import whole, known_keys
from .errors import (BadAction, CannotAfford, IllegalAction, InvalidBid, NotAvailable, NotYourTurn, WrongPhase,
                     CannotStore)
from .events import event, listing
from . import cards, hooks, plant_market
from .deck import replacement
from .state import player
from .storage import specs_of, alloc_of, write_alloc, place, fits, totals


def eligible(state: dict) -> list:
    """Players in turn order who have neither bought a plant this round nor passed the phase."""
    a = state["auction"]
    return [n for n in state["order"] if n not in a["bought"] and n not in a["out"]]


def chooser(state: dict):
    left = eligible(state)
    return left[0] if left else None


def _expect_chooser(state, name):
    if state["auction"]["lot"] is not None:
        lot = state["auction"]["lot"]
        raise WrongPhase(f"plant {lot['plant']} is being auctioned; {lot['turn']} bids or passes")
    who = chooser(state)
    if name != who:
        raise NotYourTurn(f"it is {who}'s turn to open an auction or pass, not {name}'s")


def _money_check(p, name, amount):
    if amount > p["money"]:
        raise CannotAfford(f"{name} bids {amount} but has only {p['money']} Elektro")


def _plant_on_offer(state, ctx, plant):
    offer = plant_market.current(state, ctx)
    if isinstance(plant, bool) or not isinstance(plant, (int, str)) or plant not in offer:
        raise NotAvailable(f"plant {plant!r} is not in the current market; open to auction: "
                           f"{', '.join(map(str, offer))}")


def nominate(state: dict, ctx, action: dict) -> list:
    """The chooser puts a current-market plant up with an opening bid of at least its number."""
    name, plant = action.get("player"), action.get("plant")
    p = player(state, name)
    _expect_chooser(state, name)
    _plant_on_offer(state, ctx, plant)
    ruled = hooks.run(ctx, "may_buy_plant", state, ctx, name, plant)
    least = minimum_bid(state, ctx, plant)
    bid = whole(action.get("bid", least), "bid")
    if bid < least:
        raise InvalidBid(f"bid {bid} is below plant {plant}'s minimum of {least}")
    _money_check(p, name, bid)
    seats = list(state["players"])
    start = seats.index(name)
    clockwise = seats[start:] + seats[:start]
    bidders = hooks.fold(ctx, "bidders", [n for n in clockwise if n in eligible(state)], state, ctx, plant,
                            ruled)
    events = [event("auction_opened", f"{name} opens plant {plant} at {bid}", player=name, plant=plant,
                    bid=bid)] + ruled
    if len(bidders) == 1:
        return events + sell(state, ctx, name, plant, bid, "unopposed")
    state["auction"]["lot"] = {"plant": plant, "bid": bid, "leader": name, "bidders": bidders,
                               "turn": bidders[1]}
    return events


def _expect_bidder(state, name):
    lot = state["auction"]["lot"]
    if lot is None:
        raise WrongPhase(f"no plant is being auctioned; {chooser(state)} opens an auction or passes")
    if name != lot["turn"]:
        raise NotYourTurn(f"it is {lot['turn']}'s turn to raise or pass on plant {lot['plant']}, not {name}'s")
    return lot


def _next_bidder(lot, name):
    i = lot["bidders"].index(name)
    return lot["bidders"][(i + 1) % len(lot["bidders"])]


def raise_bid(state: dict, ctx, action: dict) -> list:
    name = action.get("player")
    p = player(state, name)
    lot = _expect_bidder(state, name)
    amount = whole(action.get("amount"), "amount")
    if amount <= lot["bid"]:
        raise InvalidBid(f"a raise must beat {lot['bid']}: bid at least {lot['bid'] + 1}")
    _money_check(p, name, amount)
    hooks.run(ctx, "may_buy_plant", state, ctx, name, lot["plant"])
    lot["bid"], lot["leader"] = amount, name
    lot["turn"] = _next_bidder(lot, name)
    return [event("bid", f"{name} bids {amount} for plant {lot['plant']}", player=name, amount=amount,
                  plant=lot["plant"])]


def pass_bid(state: dict, ctx, action: dict) -> list:
    name = action.get("player")
    player(state, name)
    lot = _expect_bidder(state, name)
    nxt = _next_bidder(lot, name)
    lot["bidders"].remove(name)
    events = [event("bid_passed", f"{name} passes on plant {lot['plant']}", player=name, plant=lot["plant"])]
    if len(lot["bidders"]) == 1:
        return events + sell(state, ctx, lot["leader"], lot["plant"], lot["bid"], "auction")
    lot["turn"] = nxt
    return events


def pass_phase(state: dict, ctx, action: dict) -> list:
    """The chooser declines to open an auction and is out of the auctions this round."""
    name = action.get("player")
    player(state, name)
    _expect_chooser(state, name)
    if state["round"] == 1:
        raise WrongPhase("in round 1 every player must buy a plant: open an auction on "
                         + ", ".join(map(str, plant_market.current(state, ctx))))
    state["auction"]["out"].append(name)
    return [event("auction_passed", f"{name} passes: no more plants for {name} this round", player=name)] \
        + hooks.run(ctx, "chooser_passed", state, ctx, name)


def sold(state: dict, ctx, action: dict) -> list:
    """Quick entry for an auction run on the table: 'X bought plant P for M'."""
    name, plant = action.get("player"), action.get("plant")
    p = player(state, name)
    if state["auction"]["lot"] is not None:
        raise WrongPhase(f"plant {state['auction']['lot']['plant']} is being auctioned bid by bid; finish it")
    if name not in eligible(state):
        raise NotYourTurn(f"{name} has already bought a plant or passed this round; "
                          f"still buying: {', '.join(eligible(state)) or 'nobody'}")
    _plant_on_offer(state, ctx, plant)
    ruled = hooks.run(ctx, "may_buy_plant", state, ctx, name, plant)
    price = whole(action.get("price"), "price")
    if price < minimum_bid(state, ctx, plant):
        raise InvalidBid(f"price {price} is below plant {plant}'s minimum of {minimum_bid(state, ctx, plant)}")
    _money_check(p, name, price)
    return ruled + sell(state, ctx, name, plant, price, "sold")


def minimum_bid(state: dict, ctx, plant) -> int:
    """A plant's lowest bid: its number, unless a rule lowers it (hook minimum_bid; Recharged's discount token)."""
    return hooks.fold(ctx, "minimum_bid", cards.number(plant), state, ctx, plant)


def may_buy(state: dict, ctx, name, plant) -> bool:
    """Whether the map's rules let this player buy this plant (the offer in `next` shows only these)."""
    try:
        hooks.run(ctx, "may_buy_plant", state, ctx, name, plant)
    except IllegalAction:
        return False
    return True


SALES = {"unopposed": "nobody else may bid", "auction": "every other bidder passed", "sold": "won at the table"}


def sell(state: dict, ctx, name, plant, price, how) -> list:
    """`how` (a key of SALES): bought at the opening bid with nobody else to bid, won when every
    other bidder passed, or entered directly with `sold`."""
    p = state["players"][name]
    p["money"] -= price
    p["plants"].append({"number": plant, "stored": {}})
    state["market"].remove(plant)
    a = state["auction"]
    a["bought"].append(name)
    a["sales"] += 1
    a["lot"] = None
    rulings = hooks.run(ctx, "plant_bought", state, ctx, name, plant)
    tasks = hooks.fold(ctx, "after_sale", [replacement(plant, "bought")], state, ctx, name, plant)
    if len(p["plants"]) > ctx.max_plants:
        tasks.append({"task": "discard", "player": name})
    state["queue"][0:0] = tasks
    return [event("plant_bought", f"{name} buys plant {plant} for {price} Elektro ({SALES[how]})",
                  player=name, plant=plant, price=price, how=how)] + rulings


def discard(state: dict, ctx, action: dict) -> list:
    """Over the plant limit: discard one of the other plants; its cubes may move to the rest."""
    task = state["queue"][0] if state["queue"] else {}
    name = action.get("player")
    p = player(state, name)
    number = cards.plant_id(action.get("plant"), "plant")
    if task.get("task") != "discard" or task.get("player") != name:
        raise WrongPhase(f"{name} has no plant to discard now")
    newest = p["plants"][-1]["number"]
    others = [pl for pl in p["plants"][:-1]]
    target = next((pl for pl in others if pl["number"] == number), None)
    if target is None:
        raise NotAvailable(f"{name} discards one of the other plants ({', '.join(str(x['number']) for x in others)}),"
                           f" not {number!r}; plant {newest} was just bought")
    rest = [pl for pl in p["plants"] if pl is not target]
    specs = specs_of(ctx, rest)
    start = alloc_of(rest)
    freed = [target["stored"].get(r, 0) for r in RESOURCES]
    keep = _keep(action.get("keep"), freed, specs, start)
    new = place(specs, start, keep)
    if new is None:
        raise CannotStore(f"the remaining plants cannot hold {_cubes(keep)}; they can keep at most "
                          f"{_cubes(_most_kept(freed, specs, start))}")
    write_alloc(rest, new)
    p["plants"] = rest
    state["removed"].append(number)
    back = [f - k for f, k in zip(freed, keep)]
    for r, n in zip(RESOURCES, back):
        state["resources"]["supply"][r] += n
    state["queue"].pop(0)
    moved = f"; {_cubes(keep)} moved to other plants" if any(keep) else ""
    returned = f"; {_cubes(back)} returned to the supply" if any(back) else ""
    return [event("plant_discarded", f"{name} discards plant {number} (limit {ctx.max_plants} plants){moved}{returned}",
                  player=name, plant=number, kept=_nonzero(keep), returned=_nonzero(back), limit=ctx.max_plants)]


def _nonzero(vec) -> dict:
    return {r: n for r, n in zip(RESOURCES, vec) if n}


def _keep(given, freed, specs, start):
    if given is None:
        return _most_kept(freed, specs, start)
    known_keys(given, RESOURCES, "keep")
    keep = []
    for r, f in zip(RESOURCES, freed):
        n = whole(given.get(r, 0), f"keep {r}", low=0)
        if n > f:
            raise BadAction(f"keep {r} must be between 0 and {f}, the {r} on the discarded plant")
        keep.append(n)
    return tuple(keep)


def _most_kept(freed, specs, start):
    """By default a player keeps as many cubes as the remaining plants can take."""
    held = totals(start)
    best = (0,) * len(RESOURCES)
    for k in product(*(range(f + 1) for f in freed)):
        if sum(k) > sum(best) and fits(specs, [h + x for h, x in zip(held, k)]):
            best = k
    return best


def _cubes(vec) -> str:
    parts = [f"{n} {r}" for r, n in zip(RESOURCES, vec) if n]
    return listing(parts) if parts else "nothing"
