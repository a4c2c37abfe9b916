"""Baden-Württemberg: phase 1 (turn order) comes after phase 2 (the auction).

Seed 001, バーデン=ヴュルテンベルク州, 基本: 「第1フェーズ(プレイ順決定)と第2フェーズ(発電所オークション)が入れ替わる」.
A round begins with the auction in the turn order the last round left; when it ends, the order is
set by the usual rule (most cities first, a tie to the highest plant, counting the plants just
bought): ruling `order_after_auction`. Round 1 is the base game's already (order by lot, then by
plants after the auction).

No parameters.
"""
from ..rules import order
from ..rules.events import event
from . import unknown


def check(params: dict, game_map) -> list:
    return unknown(params)


def phase_order(phases, ctx, params):
    """Phase 2 comes first, then phase 1."""
    return (phases[1], phases[0], *phases[2:])


def phase_end(tasks, state, ctx, params):
    """Phase 5 starts the next round without setting the order; phase 2 (from round 2) sets it."""
    if state["phase"] == "bureaucracy":
        return [{**t, "order": False} if t["task"] == "new_round" else t for t in tasks]
    if state["phase"] == "auction" and state["round"] > 1:   # after phase 2's own rulings, before phase 3
        at = next((i for i, t in enumerate(tasks) if t["task"] == "phase"), len(tasks))
        return tasks[:at] + [{"task": "order_after_auction"}] + tasks[at:]
    return tasks


def _set_order(state, ctx, task) -> list:
    order.determine(state, ctx, "cities")
    return [event("order_after_auction", f"Phase 1 after the auction: turn order {', '.join(state['order'])} "
                  "(most cities first; a tie goes to the highest-numbered plant)", order=list(state["order"]))]


TASKS = {"order_after_auction": _set_order}


def describe(w, params, players) -> str:
    return w._("Phases 1 and 2 are swapped: the auction comes first, in the last round's order; then the turn "
               "order is set.")


def _ruling_order_after_auction(w, e):
    return w._("Phases 1 and 2 are swapped on this map: after the auction the turn order is set to %(players)s "
               "(most cities first; a tie goes to the highest-numbered plant).", players=w.series(e["order"]))


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "order_after_auction": _ruling_order_after_auction,
}
