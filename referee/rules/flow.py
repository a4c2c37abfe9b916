"""How the table moves on: a queue of automatic rulings, some waiting for a table fact.

Rulings that need something only the table knows (the card drawn, the plant discarded) wait at
the head of `state["queue"]`; everything else runs at once. When a phase's players are done and
the queue is empty, the phase closes by queueing what comes next.
"""
from . import hooks
from .context import STEP3
from .errors import WrongPhase
from .events import event
from . import auction, bureaucracy, deck, end, order, plant_market, steps, variation_rules
from .state import most_cities, new_auction

WAITS_FOR_TABLE = ("draw", "discard", "start_city")   # start_city: a player marks it (referee/maprules/experienced_start.py)


def waiting(state: dict):
    """The queued ruling that waits for a table fact, if the queue is stuck on one."""
    if state["queue"] and state["queue"][0]["task"] in WAITS_FOR_TABLE and not _skip_draw(state):
        return state["queue"][0]
    return None


def _skip_draw(state):
    return state["queue"][0]["task"] == "draw" and (deck.is_empty(state["deck"]) or state["end_reached"])


def advance(state: dict, ctx) -> list:
    events = []
    while state["phase"] != "over":
        if state["queue"]:
            if waiting(state):
                break
            task = state["queue"].pop(0)
            events += task_rule(ctx, task["task"])(state, ctx, task)
        elif not state.get("closing") and phase_done(state):
            state["closing"] = True
            queued = len(state["queue"])
            events += PHASE_END[state["phase"]](state, ctx)
            state["queue"][queued:] = hooks.fold(ctx, "phase_end", state["queue"][queued:], state, ctx)
        else:
            break
    return events


def phase_done(state: dict) -> bool:
    if state["phase"] == "auction":
        return state["auction"]["lot"] is None and auction.chooser(state) is None
    return len(state["acted"]) == len(state["players"])


NO_DRAW = {"game_ending": "the game ends after this building phase", "deck_empty": "the deck is empty"}


def skipped_draw(state, ctx, task) -> list:
    """`cause` says why nothing is drawn; `replacing` and `draw_cause` what the card was for."""
    cause = "game_ending" if state["end_reached"] else "deck_empty"
    return [event("no_draw", f"No card drawn to {task['reason']}: {NO_DRAW[cause]}", cause=cause,
                  replacing=task["replacing"], draw_cause=task["cause"])]


def to_phase(state, ctx, task) -> list:
    state["phase"] = task["to"]
    state["acted"] = []
    state["closing"] = False
    events = [event("phase", f"Phase: {task['to']}", phase=task["to"])]
    if task["to"] == "bureaucracy" and state["step3_at"] == "bureaucracy":
        events += steps.apply_step3(state, ctx)
    return events + hooks.run(ctx, "phase_begins", state, ctx)


def new_round(state, ctx, task) -> list:
    state["round"] += 1
    events = [event("round", f"Round {state['round']} begins", round=state["round"])]
    if state["step3_at"] == "round":
        events += steps.apply_step3(state, ctx)
    if task.get("order", True):  # a map may set the order after the auction instead (phase_end)
        events += order.determine(state, ctx, "cities")
    state["auction"] = new_auction()
    return events + to_phase(state, ctx, {"to": "auction"})


def end_auction(state, ctx) -> list:
    events = []
    if state["round"] == 1:
        events += order.determine(state, ctx, "plants")
    elif state["auction"]["sales"] == 0:
        state["queue"].append({"task": "remove_lowest", "replace": True, "cause": "no_sale",
                               "reason": "nobody bought a plant this round"})
    state["queue"] += [{"task": "auction_step3"}, {"task": "phase", "to": "resources"}]
    return events


def end_resources(state, ctx) -> list:
    state["queue"].append({"task": "phase", "to": "building"})
    return []


def end_building(state, ctx) -> list:
    if most_cities(state) >= ctx.end_cities:
        return end.finish(state, ctx)
    if steps.step2_due(state, ctx):
        state["queue"].append({"task": "step2"})
    state["queue"].append({"task": "phase", "to": "bureaucracy"})
    return []


TASKS = {
    "draw": skipped_draw,
    "check_low": plant_market.check_low,
    "remove_lowest": plant_market.remove_lowest,
    "step2": steps.begin_step2,
    "step3": steps.begin_step3,
    "auction_step3": steps.auction_end_step3,
    "phase": to_phase,
    "new_round": new_round,
    "refill": bureaucracy.refill,
    "market_update": bureaucracy.market_update,
}

def task_rule(ctx, name: str):
    """The ruling a queued task runs: the base engine's, or one a map rule adds (its TASKS)."""
    if name in TASKS:
        return TASKS[name]
    return hooks.task(ctx, name)


PHASE_END = {
    "auction": end_auction,
    "resources": end_resources,
    "building": end_building,
    "bureaucracy": bureaucracy.end_phase,
}


def draw(state: dict, ctx, action: dict) -> list:
    """The table reports the card it drew for the ruling waiting at the head of the queue."""
    task = waiting(state)
    if task is None or task["task"] != "draw":
        raise WrongPhase("no card is to be drawn now" + (f"; waiting for {task['player']} to discard a plant"
                                                          if task else ""))
    card = deck.parse_card(action.get("card", action.get("plant")))
    events = deck.take(state["deck"], card)
    removed = variation_rules.first_of_number(state, ctx, card) if card != STEP3 else []
    if removed:   # variation 2: the first card of its number leaves the game; the draw stays due
        return events + removed
    state["queue"].pop(0)
    if card == STEP3:
        return events + steps.step3_card_drawn(state, ctx, task)
    plant_market.add(state, card)
    state["queue"].insert(0, {"task": "check_low"})
    return [event("plant_drawn", f"Plant {card} drawn to {task['reason']}", plant=card, replacing=task["replacing"],
                  cause=task["cause"])] + events + hooks.run(ctx, "card_drawn", state, ctx, card, task)
