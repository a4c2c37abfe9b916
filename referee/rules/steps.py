"""Step 2 and Step 3 (RULES.md Steps)."""
from . import hooks
from .context import STEP3
from .events import event
from . import map_setup, plant_market
from .deck import replacement
from .state import most_cities


def step2_due(state: dict, ctx) -> bool:
    """Checked after phase 4: someone has reached the Step 2 city count (never in the short game)."""
    return (not ctx.short_game and not state["step2_started"]
            and hooks.fold(ctx, "step2_due", most_cities(state) >= ctx.step2_cities, state, ctx))


def begin_step2(state: dict, ctx, task: dict) -> list:
    """Once: remove the lowest plant and draw a replacement; second houses from now on."""
    state["step2_started"] = True
    cities = most_cities(state)
    if task.get("set_step", True):
        state["step"] = 2
        why = f"a player has {cities} cities (Step 2 at {ctx.step2_cities})"
        facts = {"cause": "cities", "players": [n for n, p in state["players"].items() if len(p["cities"]) == cities],
                 "cities": cities, "threshold": ctx.step2_cities}
    else:
        why = "the Step 3 card came before Step 2, so Step 2's changes apply first"
        facts = {"cause": "step3_card"}
    if facts["cause"] == "cities" and cities < ctx.step2_cities:  # hook step2_due: the map's ruling says why
        why, facts = "a rule of this map", {"cause": "map"}
    events = [event("step2", f"Step 2 begins: {why}", step=2, **facts)]
    events += map_setup.return_aside(state)
    events += hooks.run(ctx, "step2_begins", state, ctx)
    low = plant_market.lowest(state)
    if low is not None:
        events.append(plant_market.remove(state, low, "Step 2 removes the lowest plant", "step2"))
        state["queue"].insert(0, replacement(low, "step2"))
    return events


def step3_card_drawn(state: dict, ctx, task: dict) -> list:
    """Where the Step 3 card lands depends on the phase it comes up in; `task` is the draw it came up for."""
    if ctx.short_game:
        state["queue"].insert(0, task)
        return [event("step3_card_set_aside", "Step 3 card drawn: the short game stays in Step 1, so the "
                      "card is set aside and another card is drawn")]
    if state["phase"] == "auction":
        plant_market.add(state, STEP3)
        return [event("step3_card", "Step 3 card drawn during the auction: it stands as the highest "
                      "plant; Step 3 begins when this auction phase ends")]
    when = "bureaucracy" if state["phase"] == "building" else "round"
    state["queue"].insert(0, {"task": "step3", "when": when})
    return []


def begin_step3(state: dict, ctx, task: dict) -> list:
    """Remove the Step 3 card and the lowest plant, no replacement; Step 3 applies from `when`.
    If Step 2 was never reached, its changes come first; if it was reached in this very phase 4,
    it still takes effect after the phase, as usual."""
    events = []
    if not state["step2_started"] and not step2_due(state, ctx):
        if ctx.reading("step3_before_step2") != "step3_only":
            state["queue"][0:0] = [{"task": "step2", "set_step": False}, task]
            return []
        events += skip_step2(state, ctx)
    if STEP3 in state["market"]:
        state["market"].remove(STEP3)
    low = plant_market.lowest(state)
    if low is not None:
        events.append(plant_market.remove(state, low, "Step 3 removes the lowest plant, no replacement", "step3"))
    when = task["when"]
    if when == "now":
        events += apply_step3(state, ctx)
    else:
        state["step3_at"] = when
        start = "in the bureaucracy phase" if when == "bureaucracy" else "from the next round"
        events.append(event("step3_coming", f"Step 3 card removed: Step 3 applies {start}", when=when))
    return events


def skip_step2(state: dict, ctx) -> list:
    """The house reading step3_before_step2 = step3_only (seed 000 removes only the Step 3 card and the
    lowest plant): Step 2's one-time removal and draw do not happen; what else Step 2 brings (plants set
    aside for it, a map's own Step 2 rules) still does, and Step 2 can no longer begin."""
    state["step2_started"] = True
    events = [event("step2_skipped", "The Step 3 card came before Step 2: only the Step 3 card and the lowest plant "
                    "leave (house reading step3_before_step2 = step3_only)", **ctx.ruled_by("step3_before_step2"))]
    return events + map_setup.return_aside(state) + hooks.run(ctx, "step2_begins", state, ctx)


def apply_step3(state: dict, ctx) -> list:
    state["step"] = 3
    state["step3_at"] = None
    return [event("step3", "Step 3 begins: six plants in the market, all open to auction; "
                  "three houses per city", step=3)] + hooks.run(ctx, "step3_begins", state, ctx)


def auction_end_step3(state: dict, ctx, task: dict) -> list:
    """At the end of phase 2, a Step 3 card drawn during it takes effect."""
    if STEP3 in state["market"]:
        state["queue"].insert(0, {"task": "step3", "when": "now"})
    return []
