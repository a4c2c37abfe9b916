"""India: resources one cube at a time, round the table, and price caps by Step.

Seed 001, インド亜大陸, 第3フェーズ: 「ステップ1では価格3までの資源しか購入できない。ステップ2では価格5
までの資源しか購入できない。 プレイヤー下位から資源を1個ずつ購入する。」

A `buy` is exactly one cube, priced at most the Step's cap (Step 1: caps[0], Step 2: caps[1], Step 3:
none); it passes the turn to the next player in reverse turn order still buying, round the table. A
`pass` drops the player out of buying for this phase; the phase ends when everyone has passed. The
last to act is kept in state["map"]["buying"] ({"round", "player"}) to know whose turn is next.

Parameters: caps (the dearest price a cube may have in Step 1 and in Step 2).
"""
from ..rules.errors import IllegalAction, NotAvailable
from ..rules.events import event
from ..rules.order import reverse
from ..rules.resources import board_market


def check(params: dict, game_map) -> list:
    problems = [f"{k}: unknown parameter; allowed: caps" for k in params if k != "caps"]
    caps = params.get("caps")
    if not (isinstance(caps, list) and len(caps) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in caps)):
        problems.append(f"caps: {caps!r} is not two prices; allowed: [Step 1 cap, Step 2 cap], whole numbers above 0")
    return problems


def _cap(state, params):
    """The dearest price a cube may have now (None in Step 3)."""
    return params["caps"][state["step"] - 1] if state["step"] < 3 else None


def may_buy(state, ctx, name, amounts, params):
    """Exactly one cube, priced within the Step's cap."""
    cubes = sum(amounts.values())
    if cubes != 1:
        raise IllegalAction(f"on this map resources are bought one cube at a time; {cubes} asked "
                            "(pass to stop buying this round)")
    resource = next(r for r, n in amounts.items() if n)
    price = board_market(state, ctx).prices(resource)[:1]
    limit = _cap(state, params)
    if price and limit is not None and price[0] > limit:
        raise NotAvailable(f"in Step {state['step']} only cubes priced up to {limit} Elektro may be bought; "
                           f"the cheapest {resource} costs {price[0]}")


def buy_offer(offer, state, ctx, name, params):
    """The offer says a buy is one cube, the turn passing on."""
    return {**offer, "one_at_a_time": True}


def turn(first, state, ctx, params):
    """After a buy or a pass, the next player in reverse turn order still buying, round the table."""
    last = state.get("map", {}).get("buying")
    if state["phase"] != "resources" or not last or last["round"] != state["round"]:
        return first
    order = reverse(state)
    at = order.index(last["player"])
    return next(n for n in order[at + 1:] + order[:at + 1] if n not in state["acted"])


def turn_over(over, state, ctx, name, kind, params):
    """A buy passes the turn on (the player buys again next time round); a pass ends their buying."""
    if state["phase"] != "resources":
        return over
    state.setdefault("map", {})["buying"] = {"round": state["round"], "player": name}
    return kind != "buy"


def phase_end(tasks, state, ctx, params):
    """As the auction ends, the buying phase to come is announced with its rules."""
    if state["phase"] == "auction":
        return tasks + [{"task": "one_cube_at_a_time"}]
    return tasks


def _announce(state, ctx, task):
    params = next(p for rule, p in ctx.rules if rule.__name__ == __name__)
    limit = _cap(state, params)
    order = reverse(state)
    within = f"; in Step {state['step']} only cubes priced up to {limit} Elektro" if limit else ""
    return [event("one_cube_at_a_time", f"Resources are bought one cube at a time, round the table from "
                  f"{order[0]} ({', '.join(order)}), until each player passes{within}", order=order,
                  step=state["step"], cap=limit)]


TASKS = {"one_cube_at_a_time": _announce}


def describe(w, params, players) -> str:
    return w._("Resources are bought one cube at a time, round the table from the last player, until all pass; "
               "Step 1 only cubes priced up to %(first)s, Step 2 up to %(second)s.",
               first=w.money(params["caps"][0]), second=w.money(params["caps"][1]))


def _ruling_one_cube_at_a_time(w, e):
    if e["cap"] is None:
        return w._("Resources are bought one cube at a time, round the table from %(player)s (%(order)s), until "
                   "each player passes.", player=e["order"][0], order=w.series(e["order"]))
    return w._("Resources are bought one cube at a time, round the table from %(player)s (%(order)s), until each "
               "player passes; in Step %(step)s only cubes priced up to %(money)s may be bought.",
               player=e["order"][0], order=w.series(e["order"]), step=e["step"], money=w.money(e["cap"]))


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "one_cube_at_a_time": _ruling_one_cube_at_a_time,
}
