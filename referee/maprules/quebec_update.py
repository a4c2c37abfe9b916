"""Québec: the end-of-round market update never puts a green plant under the deck.

Seed 001, ケベック州, 第5フェーズ: 「発電所更新時、緑以外のもっとも大きい発電所を山札に戻す。」 In Steps 1–2 the
highest plant of the future market that is not green (ecological or fusion) goes under the deck
instead of the highest; a card replaces it as usual. If every plant of the future market is green,
none goes under and nothing is drawn (docs/rules-notes.md; the house reading quebec_all_green =
highest_under plays the base update then: the highest goes under). Step 3 keeps the base update (the
lowest plant leaves the game). The ruling is `green_kept` (the plant put under, or none, and the
green plants passed over).

Parameter: kinds (plant kinds that are green, default ["ecological", "fusion"]).
"""
from ..rules import bureaucracy, plant_market
from ..rules.context import STEP3
from ..rules.deck import put_under, replacement
from ..rules.events import event, listing
from . import some_of, unknown

_KINDS = ("ecological", "fusion")


def check(params: dict, game_map) -> list:
    return unknown(params, ["kinds"]) + some_of(params, "kinds", _KINDS)


def market_rules(changes, ctx, params):
    return {"market_update": "not_green", **changes}


def phase_end(tasks, state, ctx, params):
    """The end of phase 5 queues this map's update in place of the base one."""
    kinds = list(params.get("kinds", _KINDS))
    return [{"task": "quebec_update", "kinds": kinds} if t["task"] == "market_update" else t for t in tasks]


def _update(state, ctx, task) -> list:
    """`task["kinds"]`: the green kinds (the rule's parameter)."""
    if state["step"] == 3:
        return bureaucracy.market_update(state, ctx, task)
    future = [c for c in state["market"] if c != STEP3][len(plant_market.current(state, ctx)):]
    green = [c for c in future if ctx.plant(c).kind in task["kinds"]]
    others = [c for c in future if c not in green]
    if not others and ctx.reading("quebec_all_green") == "highest_under":   # house reading: the base update
        return [{**e, **ctx.ruled_by("quebec_all_green")} for e in bureaucracy.market_update(state, ctx, task)]
    if not others:
        return [event("green_kept", f"Every plant of the future market is green ({listing(green)}): none goes "
                      "under the deck this round", plant=None, kept=green)]
    high = max(others)
    kept = [c for c in green if c > high]
    state["market"].remove(high)
    put_under(state["deck"], high)
    state["queue"].insert(0, replacement(high, "end_of_round"))
    passed = f"; green {listing(kept)} stay{'s' if len(kept) == 1 else ''}" if kept else ""
    return [event("green_kept", f"Plant {high}, the highest plant of the future market that is not green, goes under "
                  f"the deck{passed}", plant=high, kept=kept)]


TASKS = {"quebec_update": _update}


def describe(w, params, players) -> str:
    return w._("End of round, Steps 1–2: the highest plant of the future market that is not green (%(kinds)s) goes "
               "under the deck.", kinds=w.kinds(params["kinds"]))


def _ruling_green_kept(w, e):
    if e["plant"] is None:
        return w._("Every plant of the future market is green (%(plants)s): none goes under the deck and no card "
                   "is drawn.", plants=w.join(e["kept"]))
    put = w._("Put %(plant)s, the highest plant of the future market that is not green, face down under the deck.",
              plant=w.plant(e["plant"]))
    return w.sentences(put, e["kept"] and w.ngettext("The green %(plants)s stays in the market.",
                                                     "The green %(plants)s stay in the market.",
                                                     len(e["kept"]), plants=w.plants(e["kept"])))


RULINGS = {"green_kept": _ruling_green_kept}   # this rule's events in the reader's words (referee.rulings)
