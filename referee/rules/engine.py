"""Applying one table fact: validate it against the rules, return the new state and the rulings.

`apply` never changes the state it is given; an illegal fact raises a typed IllegalAction.
"""
from . import hooks
from .errors import BadAction, WrongPhase, NotYourTurn
from .events import event
from .fields import known_keys, normal_name, plain_json
from .copying import deep_copy
from . import auction, building, bureaucracy, cards, flow, legal, map_setup, order, resources
from .state import initial_state, player


def start(setup: dict, ctx) -> tuple:
    """The state after setup, with the rulings of the first moment (the round-1 order)."""
    state = initial_state(setup, ctx)
    events = order.round_one(state, setup) + map_setup.short_removal(state, ctx)
    if ctx.readings:   # the house readings the table chose (docs/rules-notes.md §6), named once at the start
        events.append(event("house_readings", "Table rules: " + ", ".join(f"{o} = {c}" for o, c in ctx.readings),
                            readings=dict(ctx.readings)))
    events += flow.advance(state, ctx)
    state["next"] = legal.next_actions(state, ctx)
    return state, events


def _phase_turn(state, ctx, phase, name):
    """Resources and building go in reverse order, one player at a time."""
    if state["phase"] != phase:
        raise WrongPhase(f"this is the {state['phase']} phase, not {phase}")
    player(state, name)
    due = order.due(state, ctx)
    if name != due:
        raise NotYourTurn(f"it is {due}'s turn to {'buy resources' if phase == 'resources' else 'build'}, not {name}'s")


def _end_turn(state, ctx, name, kind):
    """A buy, build or pass ends the player's part in the phase, unless a map rule passes the turn
    on instead (hook turn_over; India: one cube at a time, round the table)."""
    if hooks.fold(ctx, "turn_over", True, state, ctx, name, kind):
        state["acted"].append(name)


def _turn_action(phase, rule):
    def run(state, ctx, action):
        _phase_turn(state, ctx, phase, action.get("player"))
        events = rule(state, ctx, action)
        _end_turn(state, ctx, action["player"], action["type"])
        return events + hooks.run(ctx, "turn_ended", state, ctx, action["player"], action["type"])
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
        _phase_turn(state, ctx, state["phase"], name)
        _end_turn(state, ctx, name, "pass")
        what = "buys no resources" if state["phase"] == "resources" else "builds nothing"
        return [event("passed", f"{name} {what}", player=name, phase=state["phase"])] \
            + hooks.run(ctx, "turn_ended", state, ctx, name, "pass")
    raise WrongPhase(f"nobody passes in the {state['phase']} phase; each player powers cities (maybe 0)")


def _rule_fact(kind, doing):
    """A fact a map rule answers (hooks FACTS): refused where no rule of this game takes it."""
    def run(state, ctx, action):
        answer = hooks.fact(ctx, kind)
        if answer is None:
            raise WrongPhase(f"{doing} only in a game set up with that rule")
        return answer(state, ctx, action)
    return run


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
    "start_city": _rule_fact("start_city", "start cities are marked (Recharged: the experienced players' start)"),
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
    "buy": ("player", "coal", "oil", "garbage", "uranium", "market"),
    "move": ("player", "moves"),
    "build": ("player", "cities", "new_network", "in_order"),
    "power": ("player", "plants", "cities", "burn"),
    "start_city": ("player", "city"),
}


def check_shape(action) -> tuple:
    """(type, action) once the action is plain JSON with known fields (a misspelt field must not
    pass silently); the action returned names its player as the state does (fields.normal_name)."""
    if not isinstance(action, dict):
        raise BadAction(f"a table fact is a JSON object with a type, not a {type(action).__name__}")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTIONS:
        shown = repr(kind) if isinstance(kind, str) or kind is None else f"of type {type(kind).__name__}"
        raise BadAction(f"unknown action {shown}; actions are {', '.join(ACTIONS)}")
    plain_json(action, kind)
    known_keys({k: v for k, v in action.items() if k != "type"}, FIELDS[kind], kind)
    for field, value in action.items():
        if value is None:  # some rules would read it as "left out", others refuse it: never guess
            raise BadAction(f"{kind} field '{field}' is null; leave it out to use its default")
    if kind == "draw" and "card" in action and "plant" in action:
        raise BadAction("draw takes card or its alias plant, not both")
    if isinstance(action.get("player"), str):
        action = {**action, "player": normal_name(action["player"])}
    return kind, action


def apply(state: dict, action: dict, ctx) -> tuple:
    """(new state, events) after one table fact, or IllegalAction with the state untouched."""
    kind, action = check_shape(action)
    action = cards.canonical(action, ctx.plants)
    if state["phase"] == "over":
        raise WrongPhase("the game is over")
    blocker = flow.waiting(state)
    if blocker and kind not in ANYTIME and kind != blocker["task"]:
        raise WrongPhase(legal.describe_wait(blocker))
    new = deep_copy({**state, "next": None})  # the offer is not copied: it is worked out anew below
    events = ACTIONS[kind](new, ctx, action)
    events += flow.advance(new, ctx)
    new["next"] = legal.next_actions(new, ctx)
    return new, events
