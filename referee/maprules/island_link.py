"""British Isles: a second network on the other island, begun anywhere there for 20 Elektro.

Seed 001, ブリテン諸島, 第4フェーズ: 「別の島で第2送電網を始める場合は、任意の場所で20エレクトロを支払う」.
No printed link joins Ireland and Great Britain (the board's `islands = 2`). A player whose cities all
lie on one island may begin one network on the other island, in any city there, for a connection
of `cost`; from then on each new city connects from the player's nearest city as usual. Starting on
both islands in one build is allowed too (the first city is free, the other island's costs `cost`),
but never two networks on one island. The planner prices this exactly through its `starts`.

Parameter: cost (Elektro; seed 001: 20).
"""
from functools import lru_cache

from ..rules.events import event
from . import unknown, whole


def check(params: dict, game_map) -> list:
    problems = unknown(params, ["cost"]) + whole(params, "cost", unit=" of Elektro")
    if game_map.islands != 2:
        problems.append(f"islands: the board has {game_map.islands} island(s); allowed: a board of 2 islands")
    return problems


@lru_cache(maxsize=16)
def _lands(game_map) -> dict:
    """city id -> its island: the cities printed links join."""
    land = {c: c for c in game_map.cities}

    def root(c):
        while land[c] != c:
            land[c] = land[land[c]]
            c = land[c]
        return c
    for link in game_map.connections:
        land[root(link.a)] = root(link.b)
    return {c: root(c) for c in game_map.cities}


def build_starts(starts, state, ctx, name, action, params):
    """One slot per island without the player's cities: on an empty network both islands (the first
    network is free), else the other island only; none once the player is on both."""
    land = _lands(ctx.map)
    owned = {land[c] for c in state["players"][name]["cities"]}
    islands = {}
    for c in sorted(ctx.map.cities_in(ctx.areas)):
        if land[c] not in owned:
            islands.setdefault(land[c], []).append((c, params["cost"]))
    if not islands or (not owned and len(islands) < 2):  # nothing beyond the base rule
        return starts
    return tuple(tuple(cities) for _, cities in sorted(islands.items()))


def built(state, ctx, name, plan, params):
    return [event("island_link", f"{name} begins a second network on the other island in "
                  f"{ctx.map.cities[b.city].name}: {b.connection} Elektro to connect it",
                  player=name, city=b.city, cost=b.connection)
            for b in plan.builds if b.from_ is None and b.connection]


def build_offer(offer, state, ctx, name, params):
    """Mark the offered cities whose price begins the second network (its link is paid once, so two
    of them cost more together than their two prices)."""
    land = _lands(ctx.map)
    owned = {land[c] for c in state["players"][name]["cities"]}
    if not owned:
        return offer
    return {**offer, "cities": [{**o, "new_network": True} if land[o["city"]] not in owned else o
                                for o in offer["cities"]]}


def describe(w, params, players) -> str:
    return w._("A second network may be begun anywhere on the other island for %(money)s.", money=w.money(params["cost"]))


def _ruling_island_link(w, e):
    return w._("%(player)s begins a second network on the other island in %(city)s: %(money)s to connect it.",
               player=e["player"], city=w.city(e["city"]), money=w.money(e["cost"]))


RULINGS = {"island_link": _ruling_island_link}   # this rule's events in the reader's words (referee.rulings)
