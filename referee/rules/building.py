"""Phase 4: building cities (RULES.md Building).

The cheapest order and price of a set of new cities comes from the planner (a minimum spanning
tree over the network and the new cities); here are the limits the table must respect.
"""
from . import hooks, order
from .errors import BadAction, CannotAfford, IllegalAction, IllegalBuild
from .events import event, listing
from .state import player, houses_in


def build(state: dict, ctx, action: dict) -> list:
    name = action.get("player")
    p = player(state, name)
    wanted = action.get("cities")
    if not isinstance(wanted, list) or not wanted:
        raise BadAction("cities is a non-empty list of city names (use pass to build nothing)")
    new = []
    for text in wanted:
        try:
            new.append(ctx.map.resolve_city(text))
        except ValueError as e:
            raise IllegalBuild(str(e)) from None
    label = lambda c: ctx.map.cities[c].name  # noqa: E731
    in_play = ctx.map.cities_in(ctx.areas)
    for c in new:
        if new.count(c) > 1:
            raise IllegalBuild(f"{label(c)} is listed twice")
        if c not in in_play:
            raise IllegalBuild(f"{label(c)} is outside the play areas ({listing(ctx.areas)})")
        if c in p["cities"]:
            raise IllegalBuild(f"{name} already has a house in {label(c)}; one house per player per city")
        room = ctx.map.open_spaces(c, state["step"])
        if not room:
            raise IllegalBuild(f"{label(c)} can be built only from Step {ctx.map.cities[c].opens[0]} "
                               "(the board has no space there before)")
        if houses_in(state, c) >= room:
            raise IllegalBuild(f"{label(c)} is full: Step {state['step']} allows {room} house(s) there")
    if len(p["cities"]) + len(new) > ctx.end_cities and ctx.short_game:
        raise IllegalBuild(f"the short game ends at {ctx.end_cities} cities; {name} may build "
                           f"{ctx.end_cities - len(p['cities'])} more")
    in_order = action.get("in_order", False)
    if not isinstance(in_order, bool):
        raise BadAction("in_order is true (the cities are charged in the order listed) or false")
    hooks.run(ctx, "may_build", state, ctx, name, new)
    hooks.run(ctx, "may_build_set", state, ctx, name, new)
    begin = starts(state, ctx, name, action)
    try:
        plan = ctx.planner.route(p["cities"], new, step=state["step"],
                                 occupied={c: houses_in(state, c) for c in new},
                                 house_costs=ctx.edition.house_costs, starts=begin, in_order=in_order)
        plan = hooks.fold(ctx, "build_plan", plan, state, ctx, name, new)
    except ValueError as e:
        raise IllegalBuild(str(e)) from None
    if plan.total > p["money"]:
        raise CannotAfford(f"building {listing(label(c) for c in new)} costs {plan.total} Elektro "
                           f"(connections {plan.connection} + houses {plan.houses}); {name} has {p['money']}")
    p["money"] -= plan.total
    parts = []
    for b in plan.builds:
        p["cities"].append(b.city)
        price = (f"{b.connection} from {label(b.from_)} + house {b.house} = {b.connection + b.house}" if b.from_
                 else f"a new network: {b.connection} + house {b.house}" if b.connection else f"house {b.house}")
        parts.append(f"{label(b.city)} ({price})")
    events = [event("built", f"{name} builds {listing(parts)}{' in that order' if in_order else ''}: "
                    f"{plan.total} Elektro", player=name,
                    cities=[b.city for b in plan.builds], cost=plan.total,
                    connection=plan.connection, houses=plan.houses,
                    builds=[{"city": b.city, "from": b.from_, "connection": b.connection, "house": b.house}
                            for b in plan.builds], **({"in_order": True} if in_order else {}))]
    events += hooks.run(ctx, "built", state, ctx, name, plan)
    if len(p["cities"]) >= ctx.end_cities and not state["end_reached"]:
        state["end_reached"] = True
        still = [n for n in order.reverse(state) if n != name and n not in state["acted"]]
        events.append(event("game_end_reached", f"{name} has {len(p['cities'])} cities (the end is "
                            f"{ctx.end_cities}): the game ends after this building phase", player=name,
                            cities=len(p["cities"]), end=ctx.end_cities, still_to_build=still))
    state["queue"].insert(0, {"task": "check_low"})
    return events


def starts(state: dict, ctx, name, action=None):
    """Where the map's rules let this player begin a new network now (the planner's `starts`; None:
    the base rule). `action` is the build fact, if any (Japan names its second network there)."""
    return hooks.fold(ctx, "build_starts", None, state, ctx, name, action)


def closed_cities(state: dict, ctx) -> list:
    """Cities of the board nobody may build in now whatever their houses (a map's cities opened from
    Step 2), for the board to show them closed."""
    return hooks.fold(ctx, "closed_cities", [], state, ctx)


def network_cities(ctx):
    """The cities a build's `new_network` may name on this map (None: the map names none)."""
    return hooks.fold(ctx, "new_network_cities", None, ctx)


def may_build_in(state: dict, ctx, name, city) -> bool:
    """Whether the map's rules let this player build in this city (the offer in `next` shows only these)."""
    return why_closed(state, ctx, name, city) is None


def why_closed(state: dict, ctx, name, city):
    """The refusal of a map rule closing this city to this player now (None: open), whose `ruling`
    (if any) says why in the rule's words."""
    try:
        hooks.run(ctx, "may_build", state, ctx, name, [city])
    except IllegalAction as e:
        return e
    return None


def closed_to(state: dict, ctx, name) -> list:
    """The play areas' cities closed to this player now, for any reason a map rule gives (the ones
    closed to everyone among them): a planner's suggestion may pass through them, never build there."""
    inside = ctx.map.cities_in(ctx.areas)
    return sorted(set(closed_cities(state, ctx)) | {c for c in inside if not may_build_in(state, ctx, name, c)})
