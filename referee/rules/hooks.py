"""The map-rule contract: every hook the base engine offers a map's own rules (seed 001), declared here.

A map names its rules (`[rules.<name>]`); each rule is a module of the rule package, loaded by name
through `load`, so the engine never imports a rule. The engine calls a hook only through `fold` (a
value each rule may change: `hook(value, *args, params)`) or `run` (events; a rule forbids an action
by raising an IllegalAction): a map without rules gets the base value back. Each hook below is a
function with the signature a rule's hook must have (the first name of a fold is free); its
docstring says where the engine calls it and what it may change. A rule module's public names are
hooks or the parts in PARTS and nothing else, checked as it loads, so a helper cannot bind to a hook
by its name and a hook cannot take its arguments in the wrong order. docs/maps.md lists the hooks.
"""
import ast
import importlib
import inspect
from dataclasses import dataclass

RULES_PACKAGE = "referee.maprules"   # the rule modules, imported by name, never statically


@dataclass(frozen=True)
class Hook:
    name: str
    kind: str          # "fold" or "run"
    params: tuple      # the parameter names a rule's hook takes, the fold's value first


HOOKS: dict[str, Hook] = {}


def _declare(kind: str):
    def declare(f):
        HOOKS[f.__name__] = Hook(f.__name__, kind, tuple(inspect.signature(f).parameters))
        return f
    return declare


_fold, _run = _declare("fold"), _declare("run")


# --- Setup and the context (no state) ---

@_run
def setup_state(state, ctx, params):
    """rules/state.py initial_state: the map's own state, kept under state["map"] (created by the rule)."""


@_fold
def plant_cards(plants, ctx, params):
    """rules/context.py Context.plants (no state): the plant cards as the map plays them."""


@_fold
def step2_cities(cities, ctx, params):
    """rules/context.py Context.step2_cities (no state): the Step 2 city count."""


@_fold
def end_cities(end, ctx, params):
    """rules/context.py Context.end_cities (no state): the city count that ends the game."""


@_fold
def planner_options(options, ctx, params):
    """rules/context.py Context.planner (no state): keyword options of get_planner for the map."""


@_fold
def phase_order(phases, ctx, params):
    """rules/context.py Context.phase_order (no state, the player aid): the five phases of a round, in
    the order the map plays them."""


@_fold
def refill_tables(tables, ctx, params):
    """rules/context.py Context.refill_tables (no state, the player aid): {market name: the refill
    table {resource: [Step 1, 2, 3]}}, the board's market first (named None on a map with one market);
    a number below 0: that many cubes leave the market instead."""


@_fold
def market_rules(changes, ctx, params):
    """rules/context.py Context.market_rules (no state, the player aid): the base plant-market rules the
    map plays otherwise, {"city_removal": "fewest", "no_sale": plants, "market_update": "not_green" or
    "and_lowest"}; None: the map's own rules say it."""


@_fold
def step3_size(size, ctx, params):
    """rules/map_setup.py step3_plants (no state, the player aid): the plants the market holds in Step 3."""


@_fold
def new_network_cities(cities, ctx, params):
    """rules/building.py network_cities (no state): the cities a build's `new_network` may name (None:
    the fact takes no such field from a list)."""


# --- The plant market and the auction ---

@_fold
def current_size(size, state, ctx, params):
    """rules/plant_market.py current: how many plants are open to auction in Steps 1–2."""


@_fold
def bidders(names, state, ctx, plant, events, params):
    """rules/auction.py nominate: who bids on an opened plant (a banned player must pass); explaining
    events are appended to `events`."""


@_run
def may_buy_plant(state, ctx, name, plant, params):
    """rules/auction.py nominate, raise_bid, sold, may_buy: refuse a plant to a player (PlantBanned);
    the events returned are kept when an auction opens or a sale is entered."""


@_fold
def minimum_bid(least, state, ctx, plant, params):
    """rules/auction.py nominate, sold, legal.py: the lowest opening bid for a plant (its number)."""


@_run
def card_drawn(state, ctx, card, task, params):
    """rules/flow.py draw: rulings on a plant just drawn into the market for `task` (a draw task)."""


@_run
def chooser_passed(state, ctx, name, params):
    """rules/auction.py pass_phase: what happens when the chooser passes the auction phase."""


@_run
def plant_bought(state, ctx, name, plant, params):
    """rules/auction.py sell: what becomes of a plant just bought, before the plant limit is looked at."""


@_fold
def after_sale(tasks, state, ctx, name, plant, params):
    """rules/auction.py sell: the tasks queued after a purchase (the draw)."""


@_fold
def low_cities(most, state, ctx, params):
    """rules/plant_market.py low_cities: the city count market plants are removed at (None: never)."""


@_run
def low_removed(state, ctx, name, plants, cities, params):
    """rules/plant_market.py check_low: rulings after plants are removed by city count."""


# --- Resources ---

@_fold
def resource_markets(markets, state, ctx, params):
    """rules/resources.py markets: the markets a player may buy from, [Market(name, counts, slots)]."""


@_fold
def market_slots(slots, state, ctx, resource, params):
    """rules/resources.py track: the prices of a resource's market spaces, cheapest first."""


@_fold
def resource_cost(cost, state, ctx, name, resource, prices, events, params):
    """rules/resources.py price_of: the price of n cubes (`prices`: the spaces' prices); explaining
    events are appended to `events`."""


@_run
def may_buy(state, ctx, name, amounts, params):
    """rules/resources.py buy, max_buyable: refuse a purchase of resources."""


@_run
def resources_taken(state, ctx, name, market, amounts, params):
    """rules/resources.py buy: cubes just taken from `market` (a resources.Market; a rule's own copy of the
    board's market is not state["resources"]["market"], so the rule moves the cubes itself)."""


@_fold
def buy_offer(offer, state, ctx, name, params):
    """rules/legal.py _resources: the `buy` offer in `next` (`one_at_a_time`: a cube a turn)."""


@_fold
def refill_due(due, state, ctx, resource, params):
    """rules/resources.py refill: how many cubes of a resource the refill brings."""


# --- Building ---

@_run
def may_build(state, ctx, name, cities, params):
    """rules/building.py build, may_build_in: refuse a build (after the base checks)."""


@_run
def may_build_set(state, ctx, name, cities, params):
    """rules/building.py build only, never asked city by city: refuse a build as a whole (a first house
    that must stand in the player's marked start city)."""


@_fold
def closed_cities(cities, state, ctx, params):
    """rules/building.py closed_cities: cities of the board nobody may build in now (for the board)."""


@_fold
def build_plan(plan, state, ctx, name, cities, params):
    """rules/building.py build: the planner's Plan (order, connections, total) of a build."""


@_fold
def build_starts(starts, state, ctx, name, action, params):
    """rules/building.py starts (build, rules/legal.py): where a player may begin a new network now,
    the planner's `starts` (None: the base rule)."""


@_run
def built(state, ctx, name, plan, params):
    """rules/building.py build: rulings after a build (a network begun, a general link)."""


@_fold
def wait_offer(offer, state, ctx, task, params):
    """rules/legal.py next_actions: the offer (an action of `next`) for a task a rule queued that waits
    for one of its own FACTS (the task names its player and, as `reason`, what it waits for)."""


@_fold
def build_offer(offer, state, ctx, name, params):
    """rules/legal.py _building: the `build` offer in `next` (a second network's cities, a round's limit)."""


# --- Bureaucracy ---

@_fold
def least_cities(least, state, ctx, name, params):
    """rules/bureaucracy.py power, rules/legal.py: the fewest cities a player may power."""


@_run
def may_power(state, ctx, name, plants, cities, params):
    """rules/bureaucracy.py power: refuse a choice of plants or cities, or explain it (events after powered)."""


@_fold
def income(paid, state, ctx, name, cities, events, params):
    """rules/bureaucracy.py power: the income a player is paid."""


# --- Turns, phases, steps, the end ---

@_run
def phase_begins(state, ctx, params):
    """rules/flow.py to_phase (and rules/state.py for round 1's auction): a phase begins, state["phase"] set."""


@_run
def turn_ended(state, ctx, name, kind, params):
    """rules/engine.py: a player's buy, build or pass in phase 3 or 4 is done (`kind` the fact's type)."""


@_fold
def turn(first, state, ctx, params):
    """rules/order.py due: whose turn it is to buy or build."""


@_fold
def turn_over(over, state, ctx, name, kind, params):
    """rules/engine.py _end_turn: whether a buy, build or pass ends a player's part in the phase."""


@_fold
def highest_plant(value, state, ctx, name, params):
    """rules/order.py determine: the number that breaks a turn-order tie for a player."""


@_fold
def phase_end(tasks, state, ctx, params):
    """rules/flow.py advance: the tasks queued when a phase ends (market update, order, ...)."""


@_fold
def step2_due(due, state, ctx, params):
    """rules/steps.py step2_due: whether Step 2 starts after this building phase."""


@_run
def step2_begins(state, ctx, params):
    """rules/steps.py begin_step2: what happens as Step 2 begins, before its removal."""


@_run
def step3_begins(state, ctx, params):
    """rules/steps.py apply_step3: what happens as Step 3 takes effect."""


@_run
def game_ends(state, ctx, params):
    """rules/end.py finish: what happens at game end before the winner is found."""


# --- A rule module's other public parts ---

PARTS = {
    "check": "check(params, game_map) -> the problems of the rule's parameters, 'param: what is wrong; allowed: ...'",
    "describe": "describe(w, params, players) -> the rule in one sentence for the card and the rules screen",
    "RULINGS": "RULINGS = {event type: writer(w, event) -> str}, the rule's events in words",
    "TASKS": "TASKS = {task name: fn(state, ctx, task) -> events}, rulings the rule queues itself",
    "FACTS": "FACTS = {fact type: fn(state, ctx, action) -> events}, table facts the rule answers (engine.py "
             "RULE_FACTS names their fields)",
    "DEFAULTS": "DEFAULTS = {parameter: value}, the values of the parameters a map may leave out",
}
_SIGNATURES = {"check": ("params", "game_map"), "describe": ("w", "params", "players")}


class RuleModuleError(TypeError):
    """A rule module breaks the contract: the message names the module, the name and what is expected."""


def _defined(module) -> list[str]:
    """The names a module's own text defines at its top level (imports are not its parts)."""
    names = []
    for node in ast.parse(inspect.getsource(module)).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    return names


def _expected(name: str) -> str:
    if name in HOOKS:
        return f"{name}({', '.join(HOOKS[name].params)})"
    return PARTS[name].split(" -> ")[0]


def verify(module) -> None:
    """Refuse a rule module without `check`, with a public name that is neither a hook nor a part, or with a
    hook or part of the wrong shape."""
    where = module.__name__
    if "check" not in _defined(module):
        raise RuleModuleError(f"{where}: no check; expected {PARTS['check']}")
    for name in _defined(module):
        if name.startswith("_"):
            continue
        value = getattr(module, name)
        if name in HOOKS:
            spec, free = HOOKS[name].params, 1 if HOOKS[name].kind == "fold" else 0   # a fold's value: any name
            got = tuple(inspect.signature(value).parameters) if callable(value) else None
            if got is None or len(got) != len(spec) or got[free:] != spec[free:]:
                shown = f"({', '.join(got)})" if got is not None else "not a function"
                raise RuleModuleError(f"{where}: hook {name} takes {shown}; expected {_expected(name)} "
                                      f"(a {HOOKS[name].kind} hook, referee/rules/hooks.py)")
        elif name in _SIGNATURES:
            if not callable(value) or tuple(inspect.signature(value).parameters) != _SIGNATURES[name]:
                raise RuleModuleError(f"{where}: {name} has the wrong signature; expected {_expected(name)}")
        elif name in PARTS:
            if not isinstance(value, dict) or (name != "DEFAULTS" and not all(map(callable, value.values()))):
                raise RuleModuleError(f"{where}: {name} has the wrong shape; expected {PARTS[name]}")
        else:
            raise RuleModuleError(f"{where}: {name} is neither a hook nor a part of a rule module; expected a "
                                  f"hook of referee/rules/hooks.py or one of {', '.join(PARTS)}; a helper's name "
                                  f"begins with _ (_{name})")


_loaded: dict[str, object] = {}


def load(name: str):
    """The rule module `name` of the rule package, checked against the contract once."""
    if name not in _loaded:
        module = importlib.import_module(f"{RULES_PACKAGE}.{name}")
        verify(module)
        _loaded[name] = module
    return _loaded[name]


def active(rules: dict) -> tuple:
    """(module, params) for each rule a map names, in the file's order."""
    return tuple((load(name), params) for name, params in rules.items())


def fold(ctx, hook: str, value, *args):
    """`value` as every rule of the map with this hook leaves it: hook(value, *args, params)."""
    for rule, params in ctx.rules:
        f = getattr(rule, hook, None)
        if f is not None:
            value = f(value, *args, params)
    return value


def run(ctx, hook: str, *args) -> list:
    """The events of every rule of the map with this hook: hook(*args, params) -> events or None."""
    events = []
    for rule, params in ctx.rules:
        f = getattr(rule, hook, None)
        if f is not None:
            events += f(*args, params) or []
    return events


def task(ctx, name: str):
    """The ruling a rule queues itself (its TASKS) under this task name."""
    return next(rule.TASKS[name] for rule, _ in ctx.rules if name in getattr(rule, "TASKS", {}))


def fact(ctx, kind: str):
    """The rule's answer to a table fact of this type (its FACTS), None when no rule of the game takes it."""
    return next((rule.FACTS[kind] for rule, _ in ctx.rules if kind in getattr(rule, "FACTS", {})), None)
