"""Phase 1: turn order (RULES.md A round, phase 1)."""
from . import hooks
from .events import event
from . import cards
from .state import highest_plant


RULES = {"plants": "round 1 re-sorts by plant number, highest first",
         "cities": "most cities first; ties go to the highest plant"}


def round_one(state: dict, setup: dict) -> list:
    """`rule` "lot": the order drawn at the table (`order` in the setup); "seed": drawn by the referee."""
    rule = "lot" if setup.get("order") is not None else "seed"
    return [event("turn_order", f"Round 1 turn order by lot: {', '.join(state['order'])}",
                  order=list(state["order"]), rule=rule)]


def determine(state: dict, ctx, rule: str) -> list:
    """Most cities first; a tie goes to the player with the highest-numbered plant (a map may count
    more cards, hook highest_plant). `rule` says which ruling this is: "plants" (round 1, after the
    auction: nobody has a city) or "cities"."""
    players = state["players"]
    def key(n):
        top = cards.rank(hooks.fold(ctx, "highest_plant", highest_plant(players[n]), state, ctx, n))
        return -len(players[n]["cities"]), -top[0], -top[1]
    state["order"] = sorted(state["order"], key=key)
    return [event("turn_order", f"Turn order {', '.join(state['order'])}: {RULES[rule]}", order=list(state["order"]),
                  rule=rule)]


def reverse(state: dict) -> list:
    return list(reversed(state["order"]))


def due(state: dict, ctx=None):
    """Whose turn it is to buy or build: the first in reverse order still to act, unless a map rule
    says otherwise (hook turn; India: one cube at a time, round the table). No ctx: the base rule."""
    first = next(n for n in reverse(state) if n not in state["acted"])
    return first if ctx is None else hooks.fold(ctx, "turn", first, state, ctx)
