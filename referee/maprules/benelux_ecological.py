"""Benelux: an ecological plant at the head of the future market is open to auction too.

Seed 001, ベネルクス, 第 2 フェーズ: 「将来のマーケットの最も価値の小さい発電所がエコ・核融合である場合、現在の
マーケットを 5 つにすることができる。」 In Steps 1–2, while the lowest plant of the future market is an
ecological or fusion plant, the current market holds one plant more (5 of 4); Step 3 opens every
plant anyway. Opening an auction on that plant (or entering it as sold) comes with the ruling
`ecological_opened`. 「できる」 is the table's option: the plant is offered, nobody has to take it.

Parameter: kinds (plant kinds that count, default ["ecological", "fusion"]).
"""
from ..rules.context import STEP3
from ..rules.events import event
from ..rules.plant_market import CURRENT_SIZE
from . import some_of, unknown

_KINDS = ("ecological", "fusion")


def check(params: dict, game_map) -> list:
    return unknown(params, ["kinds"]) + some_of(params, "kinds", _KINDS)


def _extra(state, ctx, size, params):
    """The plant the rule opens to auction, if the head of the future market is ecological."""
    plants = [c for c in state["market"] if c != STEP3]
    if len(plants) > size and ctx.plant(plants[size]).kind in params.get("kinds", _KINDS):
        return plants[size]
    return None


def current_size(size, state, ctx, params):
    return size + 1 if _extra(state, ctx, size, params) is not None else size


def may_buy_plant(state, ctx, name, plant, params):
    """Not a refusal: when the plant bought or auctioned is the one this rule opened, say why."""
    if state["step"] == 3 or _extra(state, ctx, CURRENT_SIZE, params) != plant:
        return None
    return [event("ecological_opened", f"Plant {plant} is the lowest plant of the future market and "
                  f"{ctx.plant(plant).kind}: the current market holds {CURRENT_SIZE + 1} plants, so it may be bought",
                  plant=plant, plant_kind=ctx.plant(plant).kind, size=CURRENT_SIZE + 1)]


def describe(w, params, players) -> str:
    return w._("Steps 1–2: while the lowest plant of the future market is green (%(kinds)s), the current market "
               "holds one plant more, so it may be bought.", kinds=w.kinds(params["kinds"]))


_OPENED = {   # the kind of the plant opened -> its sentence
    "ecological": lambda w, plant, size: w._(
        "The lowest plant of the future market, %(plant)s, is an ecological plant: the current market holds "
        "%(size)s plants, so it may be bought.", plant=plant, size=size),
    "fusion": lambda w, plant, size: w._(
        "The lowest plant of the future market, %(plant)s, is the fusion plant: the current market holds %(size)s "
        "plants, so it may be bought.", plant=plant, size=size),
}


def _ruling_ecological_opened(w, e):
    return _OPENED[e["plant_kind"]](w, w.plant(e["plant"]), e["size"])


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "ecological_opened": _ruling_ecological_opened,
}
