"""A map's own rules (seed 001), plugged into the base engine at named extension points.

A map file names its rules as tables, `[rules.vienna_discount]` with the rule's parameters. Each
rule is one module of this package, named after the rule (`vienna_discount.py`): adding a rule is
adding a module. A module has a docstring citing seed 001, `check(params, game_map)` returning the
problems of its parameters (a list of "key: what is wrong; allowed: ..." lines), and any of the
hooks in HOOKS. The base engine calls every hook at one place through `fold` (a value each rule may
change) or `run` (events; a rule forbids an action by raising an IllegalAction). A map without
rules gets the base value back, so Germany and USA play the base rules unchanged.
"""
import importlib
import pkgutil

# hook name -> (kind, where the base engine calls it, what it may change). docs/maps.md lists them.
HOOKS = {
    "setup_state": ("run", "rules/state.py initial_state", "the map's own state under state['map']"),
    "current_size": ("fold", "rules/plant_market.py current", "how many plants are open to auction in Steps 1–2"),
    "bidders": ("fold", "rules/auction.py nominate", "who takes part in an auction (a banned player must pass)"),
    "may_buy_plant": ("run", "rules/auction.py nominate, raise_bid, sold", "refuse a plant to a player"),
    "after_sale": ("fold", "rules/auction.py sell", "the tasks queued after a plant is bought (the draw)"),
    "low_cities": ("fold", "rules/plant_market.py low_cities", "the city count market plants are removed at (None: never)"),
    "step2_cities": ("fold", "rules/context.py Context.step2_cities", "the Step 2 city count (no state)"),
    "step2_due": ("fold", "rules/steps.py step2_due", "whether Step 2 starts after this building phase"),
    "step2_begins": ("run", "rules/steps.py begin_step2", "what happens as Step 2 begins, before its removal"),
    "resource_cost": ("fold", "rules/resources.py price_of", "the price of n cubes of a resource for a player"),
    "may_buy": ("run", "rules/resources.py buy", "refuse a purchase of resources"),
    "refill_due": ("fold", "rules/resources.py refill", "how many cubes of a resource the refill brings"),
    "may_build": ("run", "rules/building.py build", "refuse a build"),
    "build_plan": ("fold", "rules/building.py build", "the planner's Plan (order, connections, total) of a build"),
    "build_starts": ("fold", "rules/building.py starts (build, legal.py, web/inputs.py)", "where a player may begin a new network now, for the planner's `starts`"),
    "built": ("run", "rules/building.py build", "rulings after a build (a new network, a general link)"),
    "build_offer": ("fold", "rules/legal.py _building", "the build offer in `next` (a second network's cities, a round's limit)"),
    "planner_options": ("fold", "rules/context.py Context.planner", "the planner's options for the map (no state): a general link"),
    "end_cities": ("fold", "rules/context.py Context.end_cities", "the city count that ends the game (no state)"),
    "may_power": ("run", "rules/bureaucracy.py power", "refuse a choice of plants or cities, or explain it (events after powered)"),
    "income": ("fold", "rules/bureaucracy.py power", "the income a player is paid"),
    "phase_end": ("fold", "rules/flow.py advance", "the tasks queued when a phase ends (market update, order, ...)"),
    "plant_bought": ("run", "rules/auction.py sell", "what becomes of a plant just bought, before the plant limit (a mine)"),
    "highest_plant": ("fold", "rules/order.py determine", "the number that breaks a turn-order tie for a player"),
    "market_slots": ("fold", "rules/resources.py track", "the prices of a resource's market spaces"),
    "step3_begins": ("run", "rules/steps.py apply_step3", "what happens as Step 3 takes effect"),
    "game_ends": ("run", "rules/end.py finish", "what happens at game end before the winner is found"),
    "chooser_passed": ("run", "rules/auction.py pass_phase", "what happens when the chooser passes the auction phase"),
    "low_removed": ("run", "rules/plant_market.py check_low", "rulings after plants are removed by city count"),
    "resource_markets": ("fold", "rules/resources.py markets", "the markets a player may buy from (Korea: North, South)"),
    "turn": ("fold", "rules/order.py due", "whose turn it is to buy or build"),
    "turn_over": ("fold", "rules/engine.py _end_turn", "whether a buy, build or pass ends a player's part in the phase"),
    "least_cities": ("fold", "rules/bureaucracy.py power, rules/legal.py", "the fewest cities a player may power"),
    "plant_cards": ("fold", "rules/context.py Context.plants", "the plant cards as the map plays them (no state)"),
}

_cache: dict[str, object] = {}


def known() -> list[str]:
    """Every rule a map may name: the modules of this package."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def module(name: str):
    if name not in _cache:
        _cache[name] = importlib.import_module(f"{__name__}.{name}")
    return _cache[name]


def unknown(params: dict, allowed=()) -> list[str]:
    """A rule module's check: one line for each parameter the rule does not take."""
    said = ", ".join(allowed) or "none"
    return [f"{k}: unknown parameter; allowed: {said}" for k in params if k not in allowed]


def whole(params: dict, key: str, default=None, least: int = 0, unit: str = "") -> list[str]:
    """A rule module's check: the parameter must be a whole number (of `unit`) of at least `least`."""
    v = params.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < least:
        return [f"{key}: {v!r} is not allowed; allowed: a whole number{unit}, {least} or more"]
    return []


def some_of(params: dict, key: str, allowed) -> list[str]:
    """A rule module's check: the parameter, if given, is a non-empty list drawn from `allowed`."""
    v = params.get(key, list(allowed))
    if not isinstance(v, list) or not v or not set(v) <= set(allowed):
        return [f"{key}: {v!r} is not allowed; allowed: a non-empty list of {', '.join(allowed)}"]
    return []


def check(rules: dict, game_map) -> list[str]:
    """Problems of a map's [rules] tables, each 'rules.<name>...: what is wrong; allowed: ...'."""
    problems = []
    names = known()
    for name, params in rules.items():
        if name not in names:
            problems.append(f"rules.{name}: unknown rule; allowed: {', '.join(names) or 'none yet'}")
        elif not isinstance(params, dict):
            problems.append(f"rules.{name}: must be a table of the rule's parameters ([rules.{name}])")
        else:
            problems += [f"rules.{name}.{p}" for p in module(name).check(params, game_map)]
    return problems


def active(rules: dict) -> tuple:
    """(module, params) for each rule a map names, in the file's order."""
    return tuple((module(name), params) for name, params in rules.items())


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
