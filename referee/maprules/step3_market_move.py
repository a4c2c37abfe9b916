"""Australia: at Step 3 the resource market moves up to the 9 and 10 spaces.

Seed 001, オーストラリア, ステップ3: 「3種類の資源を安いものから6個を9~10の資源市場に移動する(最低資源価格
は3になる)。」 For each of coal, oil and garbage the six cheapest cubes on the market (all of them if
fewer) move onto the board's 9 and 10 spaces, filling the dearest first; the six cheapest spaces
(the 1s and 2s) are out of play from then on, so the cheapest space is 3. The market's cubes still
fill its dearest spaces, so the count of cubes is unchanged and the track is now the board's track
without its six cheapest spaces, with the 9 and 10 spaces on top (docs/rules-notes.md §5, MA7).
Uranium keeps its own track.

Parameters: resources (default coal, oil, garbage), spaces (the new spaces' prices, cheapest first;
default [9, 9, 9, 10, 10, 10]).
"""
from ..rules.context import RESOURCES
from ..rules.events import event, listing
from . import unknown

DEFAULTS = {"resources": ["coal", "oil", "garbage"], "spaces": [9, 9, 9, 10, 10, 10]}


def check(params: dict, game_map) -> list:
    problems = unknown(params, list(DEFAULTS))
    resources = params.get("resources", DEFAULTS["resources"])
    if not isinstance(resources, list) or not resources or not set(resources) <= set(RESOURCES):
        problems.append(f"resources: {resources!r} is not a list of resources; allowed: {', '.join(RESOURCES)}")
    spaces = params.get("spaces", DEFAULTS["spaces"])
    if (not isinstance(spaces, list) or not spaces or any(isinstance(n, bool) or not isinstance(n, int) or n < 1
                                                          for n in spaces) or spaces != sorted(spaces)):
        problems.append(f"spaces: {spaces!r} is not a list of prices, cheapest first; allowed: e.g. [9, 9, 9, 10, 10, 10]")
    return problems


def market_slots(slots, state, ctx, resource, params):
    p = {**DEFAULTS, **params}
    if state["step"] != 3 or resource not in p["resources"]:
        return slots
    return tuple(slots[len(p["spaces"]):]) + tuple(p["spaces"])


def step3_begins(state, ctx, params):
    """The ruling: which cubes of each resource go from which spaces to which."""
    p = {**DEFAULTS, **params}
    moves = {}
    for r in p["resources"]:
        count = state["resources"]["market"][r]
        board = ctx.edition.market_slots[r]
        n = min(count, len(p["spaces"]))
        if n:
            moves[r] = {"from": list(board[len(board) - count:][:n]), "to": p["spaces"][len(p["spaces"]) - n:]}
    lowest = market_slots(ctx.edition.market_slots[p["resources"][0]], state, ctx, p["resources"][0], params)[0]
    told = "; ".join(f"{r} from {listing(m['from'])} to {listing(m['to'])}" for r, m in moves.items())
    return [event("market_moved", f"Step 3: the {len(p['spaces'])} cheapest cubes of {listing(p['resources'])} move "
                  f"to the {listing(sorted(set(p['spaces'])))} spaces; the cheapest space is now {lowest}"
                  + (f": {told}" if told else ""), resources=list(p["resources"]), spaces=list(p["spaces"]),
                  moves=moves, lowest=lowest)]


def describe(w, params, players) -> str:
    slots = w.edition.market_slots
    lowest = min((sorted(slots[r])[len(params["spaces"]):] + sorted(params["spaces"]))[0] for r in params["resources"])
    return w.ngettext("Step 3: the %(num)s cheapest cube of %(resources)s moves to the %(spaces)s spaces; the "
                      "cheapest space is then %(lowest)s.",
                      "Step 3: the %(num)s cheapest cubes of %(resources)s move to the %(spaces)s spaces; the "
                      "cheapest space is then %(lowest)s.", len(params["spaces"]),
                      resources=w.join(w.resource(r) for r in params["resources"]),
                      spaces=w.join(sorted(set(params["spaces"]))), lowest=lowest)


def _ruling_market_moved(w, e):
    moved = w.ngettext("Step 3 on this board: the %(num)s cheapest cube of %(resources)s moves to the %(spaces)s "
                       "spaces; from now on the cheapest space is %(lowest)s.",
                       "Step 3 on this board: the %(num)s cheapest cubes of %(resources)s move to the %(spaces)s "
                       "spaces; from now on the cheapest space is %(lowest)s.",
                       len(e["spaces"]), resources=w.join(w.resource(r) for r in e["resources"]),
                       spaces=w.join(sorted(set(e["spaces"]))), lowest=e["lowest"])
    each = [w._("Move %(resource)s from the spaces %(source)s to %(target)s.", resource=w.resource(r),
                source=w.series(m["from"]), target=w.series(m["to"])) for r, m in e["moves"].items()]
    return w.sentences(moved, *each)


RULINGS = {"market_moved": _ruling_market_moved}   # this rule's events in the reader's words (referee.rulings)
