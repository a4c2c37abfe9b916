"""The plant market: always sorted, the four lowest open to auction (all of them in Step 3)."""
from . import hooks
from .context import STEP3
from .events import event
from .state import most_cities

CURRENT_SIZE = 4


def sort_key(card):
    return float("inf") if card == STEP3 else card


def add(state: dict, card) -> None:
    state["market"].append(card)
    state["market"].sort(key=sort_key)


def current(state: dict, ctx) -> list:
    """The plants open to auction; the Step 3 card is never one of them. A map may open fewer or
    more of them in Steps 1–2 (hook current_size)."""
    plants = [c for c in state["market"] if c != STEP3]
    return plants if state["step"] == 3 else plants[:hooks.fold(ctx, "current_size", CURRENT_SIZE, state, ctx)]


def lowest(state: dict):
    plants = [c for c in state["market"] if c != STEP3]
    return plants[0] if plants else None


def take(state: dict, plants: list) -> None:
    """Take plants out of the market and out of the game."""
    for plant in plants:
        state["market"].remove(plant)
        state["removed"].append(plant)


def remove(state: dict, plant, reason: str, cause: str) -> dict:
    """Remove one plant; `cause` names the rule for renderers (no_sale, step2, step3, end_of_round)."""
    take(state, [plant])
    return event("plant_removed", f"Plant {plant} removed from the game: {reason}", plant=plant, cause=cause)


def low_cities(state: dict, ctx):
    """The city count market plants are removed at: the most cities any player has, unless the map
    says otherwise (hook low_cities; None: this map never removes plants by city count)."""
    return hooks.fold(ctx, "low_cities", most_cities(state), state, ctx)


def too_low(state: dict, ctx) -> list:
    """The market plants numbered at or below that city count."""
    top = low_cities(state, ctx)
    return [] if top is None else [c for c in state["market"] if c != STEP3 and c <= top]
