"""The resource market (RULES.md phases 3 and 5).

The market fills from its most expensive slot down and sells from its cheapest filled slot up,
so its cubes always sit in the most expensive slots: a count per resource says it all.
Cubes are finite: market + supply + on plants is always the box total.
"""
from typing import NamedTuple

from . import cards, hooks
from .context import RESOURCES
from .errors import BadAction, CannotAfford, CannotStore, IllegalAction, NotAvailable
from .fields import whole, known_keys

MOVE_FIELDS = ("from", "to", "resource", "count")
from .events import event, listing, named
from .state import player
from .storage import specs_of, alloc_of, write_alloc, place, fits, totals, IDX


def track(ctx, state: dict, resource: str) -> tuple:
    """The prices of a resource's market spaces, cheapest first: the board's, unless a map rule
    moves them (hook market_slots)."""
    return hooks.fold(ctx, "market_slots", ctx.edition.market_slots[resource], state, ctx, resource)


def filled_prices(ctx, state: dict, resource: str, count: int) -> list:
    slots = track(ctx, state, resource)
    return list(slots[len(slots) - count:]) if count else []


class Market(NamedTuple):
    """A resource market a player buys from: its name (None: the board's one market), its cubes per
    resource (the state's dict, changed in place) and the prices of its spaces, cheapest first."""
    name: str | None
    counts: dict
    slots: dict

    def prices(self, resource: str) -> list:
        """The prices of the filled spaces, cheapest first (cubes sit in the dearest spaces)."""
        slots, count = self.slots[resource], self.counts[resource]
        return list(slots[len(slots) - count:]) if count else []


def board_market(state: dict, ctx) -> Market:
    return Market(None, state["resources"]["market"], {r: track(ctx, state, r) for r in RESOURCES})


def markets(state: dict, ctx) -> list:
    """The markets a player may buy from: the board's, unless a map rule sets out several (Korea's
    North and South, hook resource_markets); the board's own market stays state["resources"]."""
    return hooks.fold(ctx, "resource_markets", [board_market(state, ctx)], state, ctx)


def chosen_market(state: dict, ctx, choice, amounts: dict) -> Market:
    """The market a purchase takes from. With several, the player declares one (`market`) and buys
    only from it; a purchase of nothing declares nothing. With one, `market` is refused."""
    offered = markets(state, ctx)
    names = [m.name for m in offered]
    if len(offered) == 1:
        if choice is not None:
            raise BadAction(f"this map has one resource market; leave out market (got {choice!r})")
        return offered[0]
    if choice is None and not any(amounts.values()):
        return offered[0]
    if choice not in names:
        raise BadAction(f"declare the market to buy from: market must be one of {', '.join(names)}; got {choice!r}")
    return offered[names.index(choice)]


def price_of(ctx, state: dict, resource: str, n: int, name=None, events=None, market=None) -> int:
    """Cost of the n cheapest cubes of a resource in the market (the board's unless given) for
    player `name`; a map rule may change it (hook resource_cost) and explain why in `events`."""
    prices = (market or board_market(state, ctx)).prices(resource)[:n]
    return hooks.fold(ctx, "resource_cost", sum(prices), state, ctx, name, resource, prices,
                         [] if events is None else events)


def rebuy_prices(ctx, state: dict) -> tuple:
    """What one more cube of each resource costs now; a sold-out one is dearer than any space."""
    market = state["resources"]["market"]
    return tuple(filled_prices(ctx, state, r, market[r])[0] if market[r] else max(track(ctx, state, r)) + 1
                 for r in RESOURCES)


def parse_amounts(action: dict) -> dict:
    amounts = {}
    for r in RESOURCES:
        amounts[r] = whole(action.get(r, 0), r, low=0)
    return amounts


def buy(state: dict, ctx, action: dict) -> list:
    """A player buys any mix of resources, each from the cheapest filled spaces."""
    name = action.get("player")
    p = player(state, name)
    amounts = parse_amounts(action)
    market = chosen_market(state, ctx, action.get("market"), amounts)
    where = f"the {market.name} market" if market.name else "the market"
    for r, n in amounts.items():
        if n > market.counts[r]:
            raise NotAvailable(f"only {market.counts[r]} {r} left in {where}; {n} asked")
    hooks.run(ctx, "may_buy", state, ctx, name, amounts)
    rulings = []
    cost = sum(price_of(ctx, state, r, n, name, rulings, market) for r, n in amounts.items() if n)
    if cost > p["money"]:
        raise CannotAfford(f"{_describe(amounts)} costs {cost} Elektro; {name} has {p['money']}")
    specs = specs_of(ctx, p["plants"])
    hand = tuple(amounts[r] for r in RESOURCES)
    new = place(specs, alloc_of(p["plants"]), hand)
    if new is None:
        raise CannotStore(f"{name}'s plants cannot store {_describe(amounts)} on top of what they hold; "
                          f"room for at most {_describe(max_buyable(state, ctx, name, money=False, market=market))}")
    write_alloc(p["plants"], new)
    p["money"] -= cost
    for r, n in amounts.items():
        market.counts[r] -= n
    rulings += hooks.run(ctx, "resources_taken", state, ctx, name, market, amounts)
    if not any(amounts.values()):
        return [event("bought_nothing", f"{name} buys no resources", player=name)]
    declared = {"market": market.name} if market.name else {}
    return [event("resources_bought", f"{name} buys {_describe(amounts)} from {where} for {cost} Elektro"
                  if market.name else f"{name} buys {_describe(amounts)} for {cost} Elektro",
                  player=name, amounts={r: n for r, n in amounts.items() if n}, cost=cost, **declared)] + rulings


def max_buyable(state: dict, ctx, name, money: bool = True, market=None) -> dict:
    """For each resource alone: the most this player could buy now from the market (the board's
    unless given): storage, cubes there, money, and what the map's rules allow (hook may_buy)."""
    p = state["players"][name]
    market = market or board_market(state, ctx)
    specs = specs_of(ctx, p["plants"])
    held = totals(alloc_of(p["plants"]))
    out = {}
    for r in RESOURCES:
        n = 0
        while (n < market.counts[r]
               and fits(specs, [h + (i == IDX[r]) * (n + 1) for i, h in enumerate(held)])
               and (not money or price_of(ctx, state, r, n + 1, name, market=market) <= p["money"])
               and _allowed(state, ctx, name, {k: (n + 1) * (k == r) for k in RESOURCES})):
            n += 1
        out[r] = n
    return out


def _allowed(state: dict, ctx, name, amounts: dict) -> bool:
    """Whether the map's rules let the player buy these cubes (hook may_buy; always, without one)."""
    try:
        hooks.run(ctx, "may_buy", state, ctx, name, amounts)
    except IllegalAction:
        return False
    return True


def refill(state: dict, ctx) -> list:
    """Refill from the supply by the table, most expensive empty space first, only what is there."""
    n_players = len(state["players"])
    column = state["step"] - 1
    market = board_market(state, ctx)
    return [fill(state, market, r, hooks.fold(ctx, "refill_due", ctx.edition.refill[n_players][r][column],
                                                 state, ctx, r)) for r in RESOURCES]


def fill(state: dict, market: Market, r: str, due: int, kind: str = "refill") -> dict:
    """Move up to `due` cubes of a resource from the supply to a market, dearest empty space first,
    only what the supply holds and the market has room for: the event saying where they went."""
    res = state["resources"]
    n_players = len(state["players"])
    room = len(market.slots[r]) - market.counts[r]
    supply = res["supply"][r]
    n = min(due, supply, room)
    before = market.counts[r]
    market.counts[r] += n
    res["supply"][r] -= n
    spaces = market.prices(r)[:n]
    spaces.reverse()
    why = ""
    if n < due:
        why = f": only {supply} left in the supply" if supply <= room else f": the market has room for {room}"
    where = f" in the {market.name} market" if market.name else ""
    reason = (f"Refill {r}{where}: {n} of {due} (Step {state['step']}, {n_players} players){why}"
              + (f"; onto {named('space', spaces)}" if n else ""))
    return event(kind, reason, resource=r, due=due, added=n, spaces=spaces, market_before=before, supply=supply,
                 room=room)


def move(state: dict, ctx, action: dict) -> list:
    """Move cubes between one's own plants, one transfer at a time, each within capacity."""
    name = action.get("player")
    p = player(state, name)
    moves = action.get("moves")
    if not isinstance(moves, list) or not moves:
        raise BadAction("moves is a list of {from, to, resource, count}")
    texts, done = [], []
    for m in moves:
        known_keys(m, MOVE_FIELDS, "a move")
        src, dst, r = _own(p, name, m.get("from")), _own(p, name, m.get("to")), m.get("resource")
        n = whole(m.get("count", 1), "count", low=1)
        if r not in RESOURCES:
            raise BadAction(f"resource must be one of {', '.join(RESOURCES)}; got {r!r}")
        if src is dst:
            raise BadAction("a move needs two different plants")
        if src["stored"].get(r, 0) < n:
            raise NotAvailable(f"plant {src['number']} holds {src['stored'].get(r, 0)} {r}; cannot move {n}")
        target = ctx.plant(dst["number"])
        if r not in target.accepts:
            raise CannotStore(f"plant {dst['number']} cannot store {r}; it takes {listing(target.accepts) or 'nothing'}")
        room = target.capacity - sum(dst["stored"].values())
        if n > room:
            raise CannotStore(f"plant {dst['number']} has room for {room} more cube(s); cannot take {n}")
        src["stored"][r] -= n
        if not src["stored"][r]:
            del src["stored"][r]
        dst["stored"][r] = dst["stored"].get(r, 0) + n
        texts.append(f"{n} {r} from plant {src['number']} to plant {dst['number']}")
        done.append({"from": src["number"], "to": dst["number"], "resource": r, "count": n})
    return [event("resources_moved", f"{name} moves {listing(texts)}", player=name, moves=done)]


def _own(p, name, number):
    cards.plant_id(number, "a move's plant")
    pl = next((x for x in p["plants"] if x["number"] == number), None)
    if pl is None:
        owned = ", ".join(str(x["number"]) for x in p["plants"]) or "none"
        raise NotAvailable(f"{name} does not own plant {number!r}; owns {owned}")
    return pl


def _describe(amounts: dict) -> str:
    parts = [f"{n} {r}" for r, n in amounts.items() if n]
    return listing(parts) if parts else "nothing"
