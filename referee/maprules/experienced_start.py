"""Power Grid: Recharged, the experienced players' start: each player marks the city of their first
house (an optional rule of the edition, the setup's `start_cities`; referee/catalog/edition_options.py).

Digest /work/shared/recharged.md §6 ("Experienced-player starting cities", [M]: MG names the rule,
SJ §2 and engine/building.ts give it; TL leaves it out): after the order and the zone are fixed, each
player in order marks a future start city with a uranium token. Their first house must go there.
Until Step 2, other players may not build in marked cities.

- The marks (`start_city` facts) come before round 1's auction, in the round-1 turn order, one a
  player: a task per player waits at the head of the queue (`start_city`), so nothing else is entered
  until all have marked. A city is refused when it is outside the play areas or has no space in
  Step 1 (Japan), already marked, or one of the Trust's cities.
- The first house: while a player has no city, the planner may begin their network only in their mark
  (hook build_starts), and a build without it is refused (may_build_set, `start_city_first`); the
  offer names it (`start_city`), so the page offers nothing else until it is chosen.
- The block: in Step 1, a city another player marked is closed to a player (may_build,
  `start_city_closed`); from Step 2 it is open like any other.
- With the Trust (2 players): its six cities are placed first (the setup's `trust_cities`), and as a
  player marks a city, a Trust house from its supply goes on that city's 15 space (`reserved` in the
  Trust's state): the Trust then has 8 houses in supply. This is SJ's reading (RULES-NOTES #7, the only
  way its "the Trust then has 8 houses in supply" adds up: 16 − 6 − 2); the house counts once someone
  builds on the 10 space, which leaves the city full until Step 3, as the Trust's block does
  (referee/maprules/against_the_trust.py). A reading, docs/editions.md §4.

No parameters.
"""
from ..rules.errors import IllegalBuild, IllegalStartCity, NotYourTurn, WrongPhase
from ..rules.events import event
from ..rules.state import houses_in, neutral, player
from . import unknown

_REASON = "to mark a start city"


def check(params: dict, game_map) -> list:
    return unknown(params)


def _marks(state) -> dict:
    return state["map"]["start_cities"]


def setup_state(state, ctx, params):
    """No mark yet; each player in the round-1 order marks one before anything else is entered."""
    state.setdefault("map", {})["start_cities"] = {}
    state["queue"] += [{"task": "start_city", "player": name, "reason": _REASON} for name in state["order"]]


def _choices(state, ctx) -> list:
    """The cities a player may mark now: in the play areas with a space in Step 1, nobody's mark, no
    Trust city."""
    trust = neutral(state)
    taken = set(_marks(state).values()) | set(trust["cities"] if trust else ())
    return [c for c in sorted(ctx.map.cities_in(ctx.areas)) if ctx.map.open_spaces(c, 1) and c not in taken
            and not houses_in(state, c)]


def wait_offer(offer, state, ctx, task, params):
    if task["task"] != "start_city":
        return offer
    return {**offer, "cities": _choices(state, ctx)}


def _refuse(error, why, name, city, **extra):
    raise error(f"{name} cannot mark {city}: {why}",
                ruling=event("start_city_refused", why, player=name, city=city, **extra))


def _mark(state, ctx, action) -> list:
    task = state["queue"][0] if state["queue"] else None
    if task is None or task["task"] != "start_city":
        raise WrongPhase("every player has marked a start city already; they are marked before round 1's auction")
    name = action.get("player")
    player(state, name)
    if name != task["player"]:
        _refuse(NotYourTurn, f"it is {task['player']}'s turn to mark a start city (in turn order)", name,
                action.get("city"), cause="turn", due=task["player"])
    text = action.get("city")
    try:
        city = ctx.map.resolve_city(text)
    except (ValueError, TypeError) as e:
        raise IllegalStartCity(f"city: {e}") from None
    trust = neutral(state)
    marks = _marks(state)
    label = ctx.map.cities[city].name
    if city not in ctx.map.cities_in(ctx.areas) or not ctx.map.open_spaces(city, 1):
        _refuse(IllegalStartCity, f"{label} is outside the play areas or has no space in Step 1", name, city,
                cause="outside")
    if city in marks.values():
        owner = next(n for n, c in marks.items() if c == city)
        _refuse(IllegalStartCity, f"{owner} marked {label} already", name, city, cause="taken", owner=owner)
    if trust and city in trust["cities"]:
        _refuse(IllegalStartCity, f"{label} is one of the Trust's cities", name, city, cause="trust")
    state["queue"].pop(0)
    marks[name] = city
    events = [event("start_city_marked", f"{name} marks {label} as their start city (a uranium token there): their "
                    "first house goes there, and until Step 2 no other player may build there", player=name,
                    city=city)]
    if trust and trust["supply"]:
        trust["supply"] -= 1
        trust.setdefault("reserved", []).append(city)
        events.append(event("start_city_trust", f"A Trust house goes on the 15 space of {label} "
                            f"({trust['supply']} Trust houses left)", city=city, supply=trust["supply"]))
    return events


FACTS = {"start_city": _mark}


def _mark_of(state, name):
    return _marks(state).get(name) if not state["players"][name]["cities"] else None


def build_starts(starts, state, ctx, name, action, params):
    """A player without a city begins their network in their mark, and only there."""
    mark = _mark_of(state, name)
    return starts if mark is None else (((mark, 0),),)   # one slot: the mark, for no link


def build_offer(offer, state, ctx, name, params):
    mark = _mark_of(state, name)
    return offer if mark is None else {**offer, "start_city": mark}


def may_build_set(state, ctx, name, cities, params):
    mark = _mark_of(state, name)
    if mark is not None and mark not in cities:
        label = ctx.map.cities[mark].name
        raise IllegalBuild(f"{name}'s first house goes in {label}, their marked start city",
                           ruling=event("start_city_first", f"{name}'s first house goes in {label}", player=name,
                                        city=mark))


def may_build(state, ctx, name, cities, params):
    if state["step"] != 1:
        return
    others = {c: n for n, c in _marks(state).items() if n != name}
    blocked = [c for c in cities if c in others]
    if blocked:
        raise IllegalBuild(f"{', '.join(ctx.map.cities[c].name for c in blocked)}: another player's start city, "
                           "closed until Step 2", ruling=event("start_city_closed", "another player's start city",
                                                              player=name, cities=blocked))


def describe(w, params, players) -> str:
    return w._("Experienced players: before round 1 each player in turn order marks a start city; their first "
               "house goes there, and until Step 2 no other player may build there.")


def _ruling_marked(w, e):
    return w._("%(player)s marks %(city)s as their start city (put a uranium token there): their first house goes "
               "there, and until Step 2 no other player may build there.", player=e["player"], city=w.city(e["city"]))


def _ruling_trust(w, e):
    return w._("Put a Trust house on the 15 space of %(city)s (%(supply)s Trust houses left).",
               city=w.city(e["city"]), supply=e["supply"])


def _ruling_refused(w, e):
    cause = e["cause"]
    if cause == "turn":
        return w._("It is %(player)s's turn to mark a start city: the players mark them in turn order.",
                   player=e["due"])
    city = w.city(e["city"])
    if cause == "taken":
        return w._("%(owner)s has marked %(city)s already: each player marks a city of their own.",
                   owner=e["owner"], city=city)
    if cause == "trust":
        return w._("%(city)s is one of the Trust's cities: a start city cannot be marked there.", city=city)
    return w._("%(city)s cannot be a start city: it is outside the play areas or has no space in Step 1.", city=city)


def _ruling_first(w, e):
    return w._("%(player)s's first house goes in %(city)s, the start city %(player)s marked: a first build must "
               "include it.", player=e["player"], city=w.city(e["city"]))


def _ruling_closed(w, e):
    return w._("Until Step 2 only the player who marked it may build in another player's start city: "
               "%(cities)s.", cities=w.cities(e["cities"]))


RULINGS = {   # this rule's events and refusals in the reader's words (referee.rulings)
    "start_city_marked": _ruling_marked,
    "start_city_trust": _ruling_trust,
    "start_city_refused": _ruling_refused,
    "start_city_first": _ruling_first,
    "start_city_closed": _ruling_closed,
}
