"""Applying one table fact: validate it against the rules, return the new state and the rulings.

`apply` never changes the state it is given; an illegal fact raises a typed IllegalAction.
"""
import copy

from .errors import BadAction, WrongPhase, NotYourTurn
from .events import event
from .fields import known_keys
from . import auction, building, bureaucracy, flow, legal, resources
from .order import reverse
from .state import initial_state, player


def start(setup: dict, ctx) -> tuple:
    """The state after setup, with the rulings of the first moment (the round-1 order)."""
    state = initial_state(setup, ctx)
    events = [event("turn_order", f"Round 1 turn order by lot: {', '.join(state['order'])}",
                    order=list(state["order"]))]
    events += flow.advance(state, ctx)
    state["next"] = legal.next_actions(state, ctx)
    return state, events


def _phase_turn(state, phase, name):
    """Resources and building go in reverse order, one player at a time."""
    if state["phase"] != phase:
        raise WrongPhase(f"this is the {state['phase']} phase, not {phase}")
    player(state, name)
    due = next(n for n in reverse(state) if n not in state["acted"])
    if name != due:
        raise NotYourTurn(f"it is {due}'s turn to {'buy resources' if phase == 'resources' else 'build'}, not {name}'s")


def _turn_action(phase, rule):
    def run(state, ctx, action):
        _phase_turn(state, phase, action.get("player"))
        events = rule(state, ctx, action)
        state["acted"].append(action["player"])
        return events
    return run


def _in_phase(phase, rule, doing):
    def run(state, ctx, action):
        if state["phase"] != phase:
            raise WrongPhase(f"this is the {state['phase']} phase; {doing} in the {phase} phase")
        return rule(state, ctx, action)
    return run


def _pass(state, ctx, action):
    name = action.get("player")
    if state["phase"] == "auction":
        return auction.pass_phase(state, ctx, action)
    if state["phase"] in ("resources", "building"):
        _phase_turn(state, state["phase"], name)
        state["acted"].append(name)
        what = "buys no resources" if state["phase"] == "resources" else "builds nothing"
        return [event("passed", f"{name} {what}", player=name)]
    raise WrongPhase(f"nobody passes in the {state['phase']} phase; each player powers cities (maybe 0)")


ACTIONS = {
    "nominate": _in_phase("auction", auction.nominate, "plants are bought"),
    "bid": _in_phase("auction", auction.raise_bid, "plants are bought"),
    "pass_bid": _in_phase("auction", auction.pass_bid, "plants are bought"),
    "sold": _in_phase("auction", auction.sold, "plants are bought"),
    "pass": _pass,
    "draw": flow.draw,
    "discard": auction.discard,
    "buy": _turn_action("resources", resources.buy),
    "move": resources.move,
    "build": _turn_action("building", building.build),
    "power": _in_phase("bureaucracy", bureaucracy.power, "cities are powered"),
}

ANYTIME = ("move",)

FIELDS = {
    "nominate": ("player", "plant", "bid"),
    "bid": ("player", "amount"),
    "pass_bid": ("player",),
    "sold": ("player", "plant", "price"),
    "pass": ("player",),
    "draw": ("card", "plant"),
    "discard": ("player", "plant", "keep"),
    "buy": ("player", "coal", "oil", "garbage", "uranium"),
    "move": ("player", "moves"),
    "build": ("player", "cities"),
    "power": ("player", "plants", "cities", "burn"),
}


def check_shape(action) -> str:
    """The action's type, once its fields are known ones: a misspelt field must not pass silently."""
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str) or kind not in ACTIONS:
        shown = kind if isinstance(action, dict) else action
        raise BadAction(f"unknown action {shown!r}; actions are {', '.join(ACTIONS)}")
    known_keys({k: v for k, v in action.items() if k != "type"}, FIELDS[kind], kind)
    return kind


def apply(state: dict, action: dict, ctx) -> tuple:
    """(new state, events) after one table fact, or IllegalAction with the state untouched."""
    kind = check_shape(action)
    if state["phase"] == "over":
        raise WrongPhase("the game is over")
    blocker = flow.waiting(state)
    if blocker and kind not in ANYTIME and kind != blocker["task"]:
        raise WrongPhase(legal.describe_wait(blocker))
    new = copy.deepcopy(state)
    events = ACTIONS[kind](new, ctx, action)
    events += flow.advance(new, ctx)
    new["next"] = legal.next_actions(new, ctx)
    return new, events
