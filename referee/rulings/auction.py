"""Rulings of the auction and the plant market: bids, sales, draws, removals and the deck (rules/auction.py,
rules/plant_market.py, rules/deck.py)."""
from .vocabulary import N_
from .words import ruling


@ruling("auction_opened")
def _auction_opened(w, e):
    return w._("%(player)s opens an auction on %(plant)s at %(money)s.",
               player=e["player"], plant=w.plant(e["plant"]), money=w.money(e["bid"]))


@ruling("bid")
def _bid(w, e):
    return w._("%(player)s bids %(money)s for %(plant)s.", player=e["player"], money=w.money(e["amount"]),
               plant=w.plant(e["plant"]))


@ruling("bid_passed")
def _bid_passed(w, e):
    return w._("%(player)s passes and is out of the auction for %(plant)s.", player=e["player"],
               plant=w.plant(e["plant"]))


@ruling("auction_passed")
def _auction_passed(w, e):
    return w._("%(player)s passes and buys no plant this round.", player=e["player"])


SALES = {
    "auction": N_("Every other bidder passed: %(player)s wins %(plant)s for %(money)s, paid to the bank."),
    "unopposed": N_("Nobody else may bid: %(player)s buys %(plant)s for the opening bid of %(money)s, paid to "
                    "the bank."),
    "sold": N_("%(player)s buys %(plant)s for %(money)s, paid to the bank."),
}


@ruling("plant_bought")
def _plant_bought(w, e):
    text = SALES[e["how"]]
    return w._(text, player=e["player"], plant=w.plant(e["plant"]), money=w.money(e["price"]))


DRAWS = {   # why a card is drawn: the plant it replaces left the market because...
    "bought": N_("Draw a card to replace %(plant)s, just bought."),
    "cities": N_("Draw a card to replace %(plant)s, removed as a player has at least as many cities as its number."),
    "no_sale": N_("Draw a card to replace %(plant)s, removed because nobody bought a plant this round."),
    "step2": N_("Draw a card to replace %(plant)s, removed as Step 2 begins."),
    "end_of_round": N_("Draw a card to replace %(plant)s (end of the round)."),
    "first_pass": N_("Draw a card to replace %(plant)s, removed because the first player passed."),
    "market_refill": N_("Draw a card for the plant market (phase 5)."),   # China: no plant is replaced
    # Power Grid: Recharged (referee/maprules/discount_token.py, against_the_trust.py)
    "discount": N_("Draw a card to replace %(plant)s, which came up lower than the discounted plant and left the game."),
    "discount_unsold": N_("Draw a card to replace %(plant)s, the discounted plant nobody bought."),
    "trust": N_("Draw a card to replace %(plant)s, taken by the Trust."),
}


@ruling("plant_drawn")
def _plant_drawn(w, e):
    if e["replacing"] is None:   # China's phase-5 market: a new plant, not a replacement
        return w._("Plant %(number)s comes up: put it into the plant market in number order.", number=e["plant"])
    return w._("Plant %(number)s comes up to replace %(plant)s: put it into the plant market in number order.",
               number=e["plant"], plant=w.plant(e["replacing"]))


NO_DRAWS = {
    "deck_empty": N_("No card is drawn to replace %(plant)s: the deck is empty."),
    "game_ending": N_("No card is drawn to replace %(plant)s: the game ends after this building phase."),
}


@ruling("no_draw")
def _no_draw(w, e):
    text = NO_DRAWS[e["cause"]]
    return w._(text, plant=w.plant(e["replacing"]))


@ruling("plant_discarded")
def _plant_discarded(w, e):
    player = e["player"]
    return w.sentences(
        w._("%(player)s is over the limit of %(limit)s plants and discards %(plant)s.", player=player,
            limit=e["limit"], plant=w.plant(e["plant"])),
        e["kept"] and w._("Move %(cubes)s onto %(player)s's other plants.", cubes=w.cubes(e["kept"]), player=player),
        e["returned"] and w._("Return %(cubes)s to the supply beside the board, not to the market.",
                              cubes=w.cubes(e["returned"])))


REMOVALS = {
    "no_sale": N_("Nobody bought a plant this round: remove %(plant)s, the lowest, from the game."),
    "step2": N_("Step 2 removes the lowest plant: remove %(plant)s from the game."),
    "step3": N_("With the Step 3 card, remove %(plant)s, the lowest, from the game; no replacement."),
    "end_of_round": N_("End of the round in Step 3: remove %(plant)s, the lowest, from the game."),
}


@ruling("plant_removed")
def _plant_removed(w, e):
    if e.get("cause") == "cities":
        values = dict(plants=w.plants(e["plants"]), player=e["player"], cities=e["cities"])
        if not e["draws"]:
            return w._("Remove %(plants)s from the game (%(player)s has %(cities)s cities); no card is drawn.",
                       **values)
        return w.ngettext("Remove %(plants)s from the game (%(player)s has %(cities)s cities); draw %(num)s card.",
                          "Remove %(plants)s from the game (%(player)s has %(cities)s cities); draw %(num)s cards.",
                          e["draws"], **values)
    return w._(REMOVALS.get(e.get("cause"), N_("Remove %(plant)s from the game.")), plant=w.plant(e["plant"]))


@ruling("plant_under_deck")
def _plant_under_deck(w, e):
    return w.sentences(w._("Put %(plant)s, the highest plant in the future market, face down under the deck.",
                           plant=w.plant(e["plant"])), w.reading_note(e))


@ruling("setup_removals_known")
def _setup_removals_known(w, e):
    return w._("Every card above the Step 3 card has come up, so the plants removed at setup were %(numbers)s.",
               numbers=w.join(e["plants"]))


@ruling("setup_removal_short")
def _setup_removal_short(w, e):
    return w._("The deck is small: only %(removed)s of the %(due)s plants the player count removes face down could be "
               "removed (never the card on top).", removed=e["removed"], due=e["due"])


@ruling("deck_shuffled")
def _deck_shuffled(w, e):
    if e.get("hidden"):   # a deck the map prepared (prepared.py): unknown cards lay under the Step 3 card too
        return w.ngettext("Shuffle the cards that lay under the Step 3 card (%(numbers)s and %(num)s unknown card): "
                          "they are the new deck.",
                          "Shuffle the cards that lay under the Step 3 card (%(numbers)s and %(num)s unknown "
                          "cards): they are the new deck.", e["hidden"], numbers=w.join(e["deck"]) or "—")
    if not e["deck"]:
        return w._("The Step 3 card came up with no plant under it: the deck is now empty.")
    return w.ngettext("Shuffle the %(num)s plant that lay under the Step 3 card (%(numbers)s): it is the new deck.",
                      "Shuffle the %(num)s plants that lay under the Step 3 card (%(numbers)s): they are the new deck.",
                      len(e["deck"]), numbers=w.join(e["deck"]))


@ruling("cards_on_top")
def _cards_on_top(w, e):
    return w._("Step 2 begins: %(plants)s, set aside at setup, go on top of the deck, in the order %(order)s.",
               plants=w.plants(e["plants"]), order=w.series(e["plants"]))
