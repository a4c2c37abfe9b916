"""Korea: two resource markets, North and South, refilled North first from one supply.

Seed 001, 朝鮮: 燃料初期価格 「石炭 北:1 南:1 石油 北:3 南:3 廃棄物 北:7 南:7 ウラン 北:— 南:14」;
第 3 フェーズ 「北・南どちらかのマーケットから購入を宣言してから購入。宣言していないマーケットから資源を購入
できない。」; 第 5 フェーズ 「北から補充する。」

The board's market (state["resources"]["market"], the map's [overrides] tracks and refill table)
is the South. The North is this rule's: its cubes in state["map"]["north_market"], its track and
refill table are parameters (the board's printed numbers, shared data). A player declares one
market with the `market` field of `buy` ("north" or "south") and buys only from it (one `buy` per
turn, so one market per turn); the North has no uranium. At the refill the North takes its cubes
from the shared supply first, then the South takes what is left (base refill).

Parameters: north_slots {resource: [prices, cheapest first]}, north_start {resource: cubes at
setup, on the dearest spaces}, north_refill {players: {resource: [Step 1, 2, 3]}}.
"""
from ..rules.context import RESOURCES
from ..rules.resources import Market, fill
from . import unknown

_NORTH, _SOUTH = "north", "south"


def check(params: dict, game_map) -> list:
    problems = unknown(params, ["north_slots", "north_start", "north_refill"])
    slots, start, refill = (params.get(k) for k in ("north_slots", "north_start", "north_refill"))
    if not isinstance(slots, dict) or not slots or set(slots) - set(RESOURCES) or not all(
            isinstance(v, list) and v and all(_whole(p) and p > 0 for p in v) and v == sorted(v)
            for v in slots.values()):
        return problems + ["north_slots: must map resources to their space prices, cheapest first; allowed: "
                           f"keys {', '.join(RESOURCES)}, lists of whole numbers above 0"]
    if not isinstance(start, dict) or set(start) != set(slots) or not all(
            _whole(n) and 0 <= n <= len(slots[r]) for r, n in start.items()):
        problems.append(f"north_start: must give each resource of north_slots ({', '.join(slots)}) its cubes at "
                        "setup; allowed: 0 up to its number of spaces")
    if not isinstance(refill, dict) or not refill or not all(
            isinstance(row, dict) and set(row) == set(slots)
            and all(isinstance(v, list) and len(v) == 3 and all(_whole(n) and n >= 0 for n in v) for v in row.values())
            for row in refill.values()):
        problems.append(f"north_refill: must give, per player count, each resource of north_slots ({', '.join(slots)})"
                        " its refill in Steps 1, 2 and 3; allowed: lists of three whole numbers, 0 or more")
    return problems


def _whole(n) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def setup_state(state, ctx, params):
    """The North's cubes at setup come out of the box beside the South's: the supply holds the rest."""
    north = {r: params["north_start"].get(r, 0) for r in RESOURCES}
    for r, n in north.items():
        state["resources"]["supply"][r] -= n
    state.setdefault("map", {})["north_market"] = north


def _north(state, params) -> Market:
    return Market(_NORTH, state["map"]["north_market"], {r: tuple(params["north_slots"].get(r, ())) for r in RESOURCES})


def refill_tables(tables, ctx, params):
    """The board's market is the South; the North refills by its own table (TOML keys are text)."""
    return {**{_SOUTH if name is None else name: t for name, t in tables.items()},
            _NORTH: params["north_refill"][str(ctx.players)]}


def resource_markets(offered, state, ctx, params):
    """North and South, in the order they refill; the South is the board's market."""
    south = offered[0]
    return [_north(state, params), south._replace(name=_SOUTH)]


def phase_end(tasks, state, ctx, params):
    """Phase 5's refill: the North's first (seed 001: 「北から補充する」), then the board's (the South)."""
    at = next((i for i, t in enumerate(tasks) if t["task"] == "refill"), None)
    if at is None:
        return tasks
    return tasks[:at] + [{"task": "north_refill"}] + tasks[at:]


def _north_refill(state, ctx, task):
    params = next(p for rule, p in ctx.rules if rule.__name__ == __name__)
    market = _north(state, params)
    column = state["step"] - 1
    table = params["north_refill"][str(len(state["players"]))]
    return [fill(state, market, r, table[r][column], "north_refill") for r in RESOURCES if r in table]


TASKS = {"north_refill": _north_refill}


def describe(w, params, players) -> str:
    return w._("Two resource markets, North and South: declare one before buying and buy only from it; the refill "
               "fills the North first. The North at setup: %(prices)s.",
               prices=w.start_prices(params["north_slots"], params["north_start"]))


def _ruling_north_refill(w, e):
    return w.ruling("refill", e, resource=w._("%(resource)s in the North market", resource=w.resource(e["resource"])))


RULINGS = {"north_refill": _ruling_north_refill}   # this rule's events in the reader's words (referee.rulings)
