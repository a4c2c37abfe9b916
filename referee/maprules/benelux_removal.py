"""Benelux: in Steps 1–2 the lowest plant leaves the market at the end of every round as well.

Seed 001, ベネルクス, 第 5 フェーズ: 「第 1 ステップ・第 2 ステップ時にマーケット内にある最も価値の小さい発電所を
破棄して山札から 1 枚補充する。」 It happens with the usual market update (the highest plant under the
deck): both plants leave the market together, then a card is drawn for each, the highest's first
(docs/rules-notes.md). The house reading benelux_removal_order = lowest_first draws the lowest's card
first, before the usual update takes the highest. The ruling is `end_of_round_lowest`; its card is drawn like the update's
(draw cause `end_of_round`). In Step 3 the base rule already removes the lowest plant.

No parameters.
"""
from ..rules import plant_market
from ..rules.deck import replacement
from ..rules.events import event
from . import unknown


def check(params: dict, game_map) -> list:
    return unknown(params)


def market_rules(changes, ctx, params):
    return {"market_update": "and_lowest", **changes}


def phase_end(tasks, state, ctx, params):
    """At the end of phase 5, the removal runs just before the usual market update."""
    if state["phase"] != "bureaucracy":
        return tasks
    at = next((i for i, t in enumerate(tasks) if t["task"] == "market_update"), None)
    return tasks if at is None else tasks[:at] + [{"task": "end_of_round_lowest"}] + tasks[at:]


def _remove_lowest(state, ctx, task) -> list:
    """Remove the lowest plant; its card is drawn after the update's (the market update is next)."""
    low = plant_market.lowest(state)
    if state["step"] == 3 or low is None:
        return []
    if state.get("map", {}).get("discount_bought") is False:
        # Power Grid: Recharged (digest /work/shared/recharged.md §7, BG PR #55 citing the 2021 Benelux
        # rules; a reading): only after the discounted plant was bought; an unsold one already left
        return []
    plant_market.take(state, [low])
    first = ctx.reading("benelux_removal_order") == "lowest_first"
    after_update = 1 if not first and state["queue"] and state["queue"][0]["task"] == "market_update" else 0
    state["queue"].insert(after_update, replacement(low, "end_of_round"))
    return [event("end_of_round_lowest", f"End of the round in Step {state['step']}: plant {low}, the lowest in "
                  "the market, is removed from the game as well; a card is drawn for it"
                  + (" before the usual update" if first else ""), plant=low, step=state["step"],
                  **ctx.ruled_by("benelux_removal_order"))]


TASKS = {"end_of_round_lowest": _remove_lowest}


def describe(w, params, players) -> str:
    return w._("Steps 1–2: at the end of each round the lowest plant of the market also leaves the game; a card "
               "is drawn for it.")


def _ruling_end_of_round_lowest(w, e):
    if e.get("choice") == "lowest_first":
        return w.sentences(w._("At the end of a round in Steps 1 and 2 on this map, %(plant)s, the lowest plant in the "
                               "market, also leaves the game; a card is drawn for it first, before the usual update.",
                               plant=w.plant(e["plant"])), w.reading_note(e))
    return w._("At the end of a round in Steps 1 and 2 on this map, %(plant)s, the lowest plant in the market, also "
               "leaves the game; a card is drawn for it after the one for the plant put under the deck.",
               plant=w.plant(e["plant"]))


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "end_of_round_lowest": _ruling_end_of_round_lowest,
}
