"""The plant market: always sorted, the four lowest open to auction (all of them in Step 3)."""
from .context import STEP3
from .events import event
from .state import most_cities

CURRENT_SIZE = 4


def sort_key(card):
    return float("inf") if card == STEP3 else card


def add(state: dict, card) -> None:
    state["market"].append(card)
    state["market"].sort(key=sort_key)


def current(state: dict) -> list:
    """The plants open to auction; the Step 3 card is never one of them."""
    plants = [c for c in state["market"] if c != STEP3]
    return plants if state["step"] == 3 else plants[:CURRENT_SIZE]


def lowest(state: dict):
    plants = [c for c in state["market"] if c != STEP3]
    return plants[0] if plants else None


def remove(state: dict, plant, reason: str) -> dict:
    """Take a plant out of the market and out of the game."""
    state["market"].remove(plant)
    state["removed"].append(plant)
    return event("plant_removed", f"Plant {plant} removed from the game: {reason}", plant=plant)


def too_low(state: dict):
    """The lowest market plant numbered at or below the most cities any player has, if any."""
    top = most_cities(state)
    low = lowest(state)
    if low is not None and low <= top:
        return low, top
    return None
