"""Phase 1: turn order (RULES.md A round, phase 1)."""
from .events import event
from .state import highest_plant


def determine(state: dict, why: str) -> list:
    """Most cities first; a tie goes to the player with the highest-numbered plant."""
    players = state["players"]
    state["order"] = sorted(state["order"], key=lambda n: (-len(players[n]["cities"]),
                                                         -highest_plant(players[n])))
    return [event("turn_order", f"Turn order {', '.join(state['order'])}: {why}", order=list(state["order"]))]


def reverse(state: dict) -> list:
    return list(reversed(state["order"]))
