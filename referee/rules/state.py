"""The table state: plain JSON data, and the few questions every rule asks of it."""
import random

from . import cards, hooks, map_setup
from .context import RESOURCES
from .errors import BadSetup, BadAction



def initial_state(setup: dict, ctx) -> dict:
    """The table after setup (RULES.md Setup): money, markets, deck, round-1 order by lot."""
    players = setup["players"]
    ed = ctx.edition
    names = [p["name"] for p in players]
    order = round_one_order(setup, names)
    market = map_setup.market(ctx)
    removed = map_setup.removed(ctx)
    deck_plants = cards.ranked(n for n in ctx.plants if n not in market and n not in removed)
    state = {
        "round": 1,
        "phase": "auction",
        "step": 1,
        "step2_started": False,
        "step3_at": None,
        "order": order,
        "players": {
            p["name"]: {"colour": p["colour"], "money": ed.starting_money, "plants": [], "cities": []}
            for p in players
        },
        "market": market,
        "removed": removed,
        "deck": map_setup.deck(ctx, ed.top_of_deck, deck_plants),
        "resources": {
            "market": dict(ed.market_start),
            "supply": {r: ed.totals[r] - ed.market_start[r] for r in RESOURCES},
        },
        "auction": new_auction(),
        "acted": [],
        "queue": [],
        "closing": False,
        "end_reached": False,
        "result": None,
    }
    hooks.run(ctx, "setup_state", state, ctx)
    return state


def round_one_order(setup: dict, names: list) -> list:
    given = setup.get("order")
    if given is not None:
        if not isinstance(given, list) or sorted(map(str, given)) != sorted(names) or set(given) != set(names):
            raise BadSetup(f"round-1 order {given} must list each player once: {names}")
        return list(given)
    seed = setup.get("seed")
    if seed is None:
        raise BadSetup("give the round-1 order drawn by lot ('order': [names]) or a 'seed' for the engine to draw it")
    order = list(names)
    random.Random(seed).shuffle(order)
    return order


def new_auction() -> dict:
    return {"bought": [], "out": [], "lot": None, "sales": 0}


def player(state: dict, name) -> dict:
    try:
        return state["players"][name]
    except (KeyError, TypeError):
        raise BadAction(f"unknown player {name!r}; players are {', '.join(state['players'])}") from None


def houses_in(state: dict, city: str) -> int:
    """Houses in a city, the Trust's among them (Power Grid: Recharged,
    referee/maprules/against_the_trust.py)."""
    trust = state.get("map", {}).get("trust")
    return sum(city in p["cities"] for p in state["players"].values()) + (city in trust["cities"] if trust else 0)


def neutral(state: dict):
    """The neutral player of a 2-player Power Grid: Recharged game ("Against the Trust",
    referee/maprules/against_the_trust.py), or None: {cities, supply, plants, fuel, took}."""
    return state.get("map", {}).get("trust")


def occupied(state: dict) -> dict:
    """{city: houses} of every city holding a house, the Trust's too (for the planner's prices)."""
    trust = state.get("map", {}).get("trust", {}).get("cities", [])
    return {c: houses_in(state, c) for c in [*trust, *(c for p in state["players"].values() for c in p["cities"])]}


def most_cities(state: dict) -> int:
    return max(len(p["cities"]) for p in state["players"].values())


def highest_plant(p: dict):
    """The highest card (by rank: a new card above the base card of its number)."""
    return max((pl["number"] for pl in p["plants"]), key=cards.rank, default=0)
