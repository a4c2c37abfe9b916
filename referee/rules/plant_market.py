"""The plant market: always sorted, the four lowest open to auction (all of them in Step 3); plants
leave it by city count (check_low) or as the lowest (remove_lowest), queued rulings of rules/flow.py."""
from . import cards, deck, hooks
from .context import STEP3
from .events import counted, event, named
from .state import most_cities

CURRENT_SIZE = 4


sort_key = cards.rank


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
    return [] if top is None else [c for c in state["market"] if c != STEP3 and cards.number(c) <= top]



def check_low(state, ctx, task) -> list:
    """Every market plant numbered at or below the most cities anyone has goes in one ruling, and a
    card is drawn for each, one at a time; each card drawn is checked again (see draw)."""
    low = too_low(state, ctx)
    if not low:
        return []
    cities = low_cities(state, ctx)
    leader = next(n for n, p in state["players"].items() if len(p["cities"]) == cities)
    take(state, low)
    state["queue"][0:0] = [deck.replacement(plant, "cities") for plant in low]
    draws = 0 if state["end_reached"] else min(len(low), deck.cards_left(state["deck"]))
    removal = event("plant_removed", f"Remove {named('plant', low)} ({leader} has {cities} cities); draw "
                    f"{counted(draws, 'card') if draws else 'no card'}.", plants=low, player=leader,
                    cities=cities, draws=draws, cause="cities")
    return [removal] + hooks.run(ctx, "low_removed", state, ctx, leader, low, cities)


def remove_lowest(state, ctx, task) -> list:
    """The lowest plant leaves the game (no sale, end of round); a card is drawn for it if `replace`."""
    low = lowest(state)
    if low is None:
        return []
    if task.get("replace"):
        state["queue"].insert(0, deck.replacement(low, task["cause"]))
    return [remove(state, low, task["reason"], task["cause"])]
