"""Baden-Württemberg: when nobody buys a plant in a round, the two lowest plants leave.

Seed 001, バーデン=ヴュルテンベルク州, 第1フェーズ: 「全員パスによる発電所の入れ替えは下から2枚を除外する。」 and
全員パス時 (例外3) 「バーデン=ヴュルデンベルク州は2枚除外」. In place of the base removal of the lowest plant,
the `plants` lowest plants leave the game together and a card is drawn for each (draw cause
`no_sale`, as the base removal's): ruling `no_sale_removal`.

Parameter: plants (how many of the lowest plants leave, default 2).
"""
from ..rules.context import STEP3
from ..rules.deck import replacement
from ..rules.events import event, named
from ..rules import plant_market
from . import unknown, whole


def check(params: dict, game_map) -> list:
    return unknown(params, ["plants"]) + whole(params, "plants", 2, least=1)


def market_rules(changes, ctx, params):
    """The `plants` lowest leave when nothing sells (a map keeping them keeps them)."""
    return {"no_sale": params.get("plants", 2), **changes}


def phase_end(tasks, state, ctx, params):
    """The base no-sale removal of one plant becomes the removal of this many."""
    return [{"task": "no_sale_removal", "plants": params.get("plants", 2)}
            if t.get("task") == "remove_lowest" and t.get("cause") == "no_sale" else t for t in tasks]


def _remove(state, ctx, task) -> list:
    low = [c for c in state["market"] if c != STEP3][:task["plants"]]
    if not low:
        return []
    plant_market.take(state, low)
    state["queue"][0:0] = [replacement(plant, "no_sale") for plant in low]
    return [event("no_sale_removal", f"Nobody bought a plant this round: {named('plant', low)}, the lowest, "
                  f"leave the game and a card is drawn for each", plants=low)]


TASKS = {"no_sale_removal": _remove}


def describe(w, params, players) -> str:
    return w.ngettext("When nobody buys a plant in a round, the lowest plant leaves the game and is replaced.",
                      "When nobody buys a plant in a round, the %(num)s lowest plants leave the game and are "
                      "replaced.", params.get("plants", 2))


def _ruling_no_sale_removal(w, e):
    return w.ngettext("Nobody bought a plant this round: remove %(plants)s, the lowest, from the game and draw a "
                      "card for it.",
                      "Nobody bought a plant this round: remove %(plants)s, the %(num)s lowest, from the game and "
                      "draw a card for each.", len(e["plants"]), plants=w.plants(e["plants"]))


RULINGS = {"no_sale_removal": _ruling_no_sale_removal}   # this rule's events in the reader's words (referee.rulings)
