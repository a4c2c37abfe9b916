"""Rulings of the round's course: turn order, rounds and phases, passes, Steps 2 and 3 (rules/order.py,
rules/flow.py, rules/steps.py)."""
from .vocabulary import N_, PHASES
from .words import ruling


TURN_ORDERS = {
    "lot": N_("Round 1 turn order, drawn by lot at the table: %(players)s."),
    "seed": N_("Round 1 turn order, drawn by lot by the referee: %(players)s."),
    "plants": N_("After the round-1 auction the turn order is re-sorted by plant number, highest first: "
                 "%(players)s."),
    "cities": N_("Turn order: %(players)s (most cities first; a tie goes to the highest-numbered plant)."),
}


@ruling("turn_order")
def _turn_order(w, e):
    text = TURN_ORDERS[e["rule"]]   # looked up first, so that the extractor does not take the key for a msgid
    return w._(text, players=w.series(e["order"]))


@ruling("round")
def _round(w, e):
    return w._("Round %(round)s begins.", round=e["round"])


@ruling("phase")
def _phase(w, e):
    return w._("Phase %(number)s: %(phase)s.", number=PHASES[e["phase"]][0], phase=w.phase(e["phase"]))


PASSES = {"resources": N_("%(player)s passes and buys no resources."),
          "building": N_("%(player)s passes and builds nothing this round.")}


@ruling("passed")
def _passed(w, e):
    text = PASSES[e["phase"]]
    return w._(text, player=e["player"])


@ruling("step3_card")
def _step3_card(w, e):
    return w._("The Step 3 card came up: it stands as the highest plant in the market, and Step 3 begins "
               "when this auction phase ends.")


@ruling("step3_card_set_aside")
def _step3_card_set_aside(w, e):
    return w._("The Step 3 card came up: the short game stays in Step 1, so set the card aside and draw another.")


@ruling("step3_coming")
def _step3_coming(w, e):
    if e["when"] == "bureaucracy":
        return w._("Remove the Step 3 card from the game, with no replacement; Step 3 begins with the "
                   "bureaucracy phase.")
    return w._("Remove the Step 3 card from the game, with no replacement; Step 3 begins next round.")


@ruling("step2")
def _step2(w, e):
    if e["cause"] == "step3_card":
        return w._("The Step 3 card came up before Step 2, so Step 2's removal of the lowest plant comes first.")
    if e["cause"] == "map":
        return w._("Step 2 begins by a rule of this map: a second player may now build in each city.")
    return w._("Step 2 begins: %(players)s reached %(cities)s cities (Step 2 begins at %(threshold)s); a second "
               "player may now build in each city.", players=w.join(e["players"]), cities=e["cities"],
               threshold=e["threshold"])


@ruling("step3")
def _step3(w, e):
    return w._("Step 3 begins: every plant in the market is open to auction, and a third player may build in "
               "each city.")


@ruling("step2_skipped")
def _step2_skipped(w, e):
    return w.sentences(w._("The Step 3 card came up before Step 2: only the Step 3 card and the lowest plant leave "
                           "the game; Step 2's removal and draw do not happen."), w.reading_note(e))
