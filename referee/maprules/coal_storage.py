"""Power Grid: Recharged, USA: coal from storage at 8 Elektro (an edition rule on this map,
maps/editions/recharged.toml [maps.usa]).

The digest /work/shared/recharged.md §5 (SJ §7, §9.2, §12; JJ; JPS; BG sells from the supply, §8.12):
all 24 coal start on the market, so the storage starts empty; coal burned in phase 5 goes into it
and the coal refill is taken from it. Only when the coal market is bare may players buy coal from
the storage, at 8 Elektro a cube, while it holds coal. On the USA every coal cube neither on the
market nor on a plant is in that storage, so the storage is the coal of the supply
(state["resources"]["supply"]["coal"]), as BG keeps it. While the coal market is bare the board's
market is offered with the storage's coal on spaces of 8, so a buy takes coal from the storage and
other cubes from the market in one turn; the ruling `coal_from_storage` says so.

Parameters: price, Elektro per cube (8).
"""
from ..rules.resources import Market
from ..rules.events import event
from . import unknown, whole

DEFAULTS = {"price": 8}
_OTHERS = ("oil", "garbage", "uranium")


def check(params: dict, game_map) -> list:
    return unknown(params, ("price",)) + whole(params, "price", 8, least=1)


def resource_markets(markets, state, ctx, params):
    supply = state["resources"]["supply"]["coal"]
    board = markets[0]
    if board.name is not None or board.counts["coal"] or not supply:
        return markets
    price = params.get("price", 8)
    counts = {**board.counts, "coal": supply}     # a copy: resources_taken moves the cubes
    return [Market(None, counts, {**board.slots, "coal": (price,) * supply})] + markets[1:]


def resources_taken(state, ctx, name, market, amounts, params):
    res = state["resources"]
    if market.name is not None or market.counts is res["market"]:   # not this rule's copy
        return []
    for r, n in amounts.items():      # the market offered was a copy: take the cubes here
        (res["supply"] if r == "coal" else res["market"])[r] -= n
    coal = amounts.get("coal", 0)
    if not coal:
        return []
    price = params.get("price", 8)
    return [event("coal_from_storage", f"{name} buys {coal} coal from the storage at {price} Elektro each: the "
                  "coal market is empty", player=name, coal=coal, price=price)]


def describe(w, params, players) -> str:
    return w._("Coal storage: burned coal goes into the storage and the coal refill comes from it; only when the "
               "coal market is empty may coal be bought from the storage, at %(price)s a cube.",
               price=w.money(params.get("price", 8)))


def _ruling_storage(w, e):
    return w._("The coal market is empty: %(player)s takes %(coal)s coal from the storage at %(price)s each.",
               player=e["player"], coal=e["coal"], price=w.money(e["price"]))


RULINGS = {"coal_from_storage": _ruling_storage}
