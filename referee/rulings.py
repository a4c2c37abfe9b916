"""Rulings, refusals, what the table waits for and the log, in the reader's language.

The engine explains itself in English (an event's `reason`, an error's `message`) for logs and the
command line. The table and the printed reports speak the players' language, so everything here is
written from an event's type and fields, a fact's fields, an error's class and the structured
`next` (docs/actions.md §3.8, §4, §5) through the one set of catalogues (referee.i18n). Nothing
parses or translates the English text; a field the engine renames makes the tests fail instead of
a sentence going quietly wrong. Nothing here raises on an odd input: an unknown event or fact is
still shown, by its type and fields.
"""
from functools import reduce

from babel import Locale
from babel.lists import format_list

from .i18n import language, locale_id, translations
from .rules import errors
from .rules.context import RESOURCES, STEP3
from .rules.deck import parse_card


def N_(message):
    """Marks a word for the catalogues where it is defined; it is translated where it is used."""
    return message


RESOURCE_NAMES = {"coal": N_("coal"), "oil": N_("oil"), "garbage": N_("garbage"), "uranium": N_("uranium")}
PHASES = {"auction": (2, N_("Auction")), "resources": (3, N_("Buying resources")),
          "building": (4, N_("Building")), "bureaucracy": (5, N_("Bureaucracy"))}
SENTENCE_GAP = {"en": " ", "ja": "", "zh-Hant": ""}


class Words:
    """One reader's language: sentences from the catalogue and the game's nouns (plants, cubes,
    cities, money) written the way that language writes them."""

    def __init__(self, lang: str, game_map=None):
        self.lang, self.map = language(lang), game_map
        catalogue = translations(self.lang)
        self._gettext, self._ngettext = catalogue.gettext, catalogue.ngettext

    def _(self, msgid: str, **values) -> str:
        text = self._gettext(msgid)
        return text % values if values else text

    def ngettext(self, singular: str, plural: str, num: int, **values) -> str:
        return self._ngettext(singular, plural, num) % {"num": num, **values}

    def join(self, items, style="standard") -> str:
        """'5, 6, and 7' / '5、6、7' / '5、6和7'; style "or" for a choice."""
        items = [str(i) for i in items]
        return format_list(items, style=style, locale=locale_id(self.lang)) if items else ""

    def series(self, items) -> str:
        """A sequence without a conjunction ('Ann, Bob, Cara' / 'Ann、Bob、Cara'): a turn order, placements."""
        items = [str(i) for i in items]
        middle = Locale.parse(locale_id(self.lang)).list_patterns["standard"]["middle"]
        return reduce(middle.format, items) if items else ""

    def sentences(self, *parts) -> str:
        return SENTENCE_GAP[self.lang].join(p for p in parts if p)

    def money(self, amount) -> str:
        return self._("%(amount)s Elektro", amount=amount)

    def plant(self, number) -> str:
        if number == STEP3:
            return self._("the Step 3 card")
        return self._("plant %(number)s", number=number)

    def plants(self, numbers, style="standard") -> str:
        numbers = list(numbers)
        return self.ngettext("plant %(plants)s", "plants %(plants)s", len(numbers),
                             plants=self.join(numbers, style))

    def card(self, card) -> str:
        """A card the table may draw: a plant number or the Step 3 card."""
        return self._("the Step 3 card") if card == STEP3 else str(card)

    def resource(self, name) -> str:
        return self._(RESOURCE_NAMES[name]) if name in RESOURCE_NAMES else str(name)

    def cubes(self, amounts: dict, style="standard") -> str:
        """'2 coal and 1 oil' / '石炭2個と石油1個' in the resources' usual order, zero counts left out."""
        parts = [self._("%(count)s %(resource)s", count=amounts[r], resource=self.resource(r))
                 for r in RESOURCES if amounts.get(r)]
        return self.join(parts, style)

    def city(self, city_id) -> str:
        """The name printed on the board, when the board is known."""
        city = self.map.cities.get(city_id) if self.map is not None else None
        return city.name if city is not None else str(city_id)

    def cities(self, city_ids) -> str:
        return self.join(self.city(c) for c in city_ids)

    def cities_by_name(self, texts) -> str:
        """Cities as the table typed them (a fact), shown by their printed names where they resolve."""
        names = []
        for text in texts:
            try:
                names.append(self.city(self.map.resolve_city(text)) if self.map is not None else str(text))
            except ValueError:
                names.append(str(text))
        return self.join(names)

    def phase(self, phase) -> str:
        return self._(PHASES[phase][1])

    def move(self, m: dict) -> str:
        return self._("%(cubes)s from %(source)s to %(target)s",
                      cubes=self.cubes({m["resource"]: m.get("count", 1)}),
                      source=self.plant(m["from"]), target=self.plant(m["to"]))


RULINGS = {}   # event type -> writer(words, event)
FACTS = {}     # table fact type -> writer(words, fact)


def writer(table: dict, kind: str):
    def register(fn):
        table[kind] = fn
        return fn
    return register


def _write(table: dict, w: Words, record, unknown: str) -> str:
    """A record in words by its type's writer; one its writer cannot read (an unknown type, a field
    missing from an old or hand-made record) is still shown, by its type and fields."""
    write = table.get(record.get("type")) if isinstance(record, dict) else None
    if write is not None:
        try:
            return write(w, record)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass
    if not isinstance(record, dict):
        return str(record)
    details = ", ".join(f"{k} {v}" for k, v in record.items() if k not in ("type", "reason"))
    return w._(unknown, kind=record.get("type"), details=details)


# ---------------------------------------------------------------------------------------------
# Events (rulings)

def ruling(kind):
    return writer(RULINGS, kind)


def render(event: dict, lang: str, game_map=None) -> str:
    """One ruling in the reader's language, from the event's type and fields."""
    return _write(RULINGS, Words(lang, game_map), event, N_("Ruling %(kind)s: %(details)s"))


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
    return w._("Put %(plant)s, the highest plant in the future market, face down under the deck.",
               plant=w.plant(e["plant"]))


@ruling("setup_removals_known")
def _setup_removals_known(w, e):
    return w._("Every card above the Step 3 card has come up, so the plants removed at setup were %(numbers)s.",
               numbers=w.join(e["plants"]))


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


@ruling("resource_discount")
def _resource_discount(w, e):
    return w.ngettext("%(player)s has a house in %(city)s: each %(resource)s cube costs %(discount)s Elektro less, "
                      "never below %(floor)s; the %(num)s cube costs %(money)s instead of %(full)s.",
                      "%(player)s has a house in %(city)s: each %(resource)s cube costs %(discount)s Elektro less, "
                      "never below %(floor)s; the %(num)s cubes cost %(money)s instead of %(full)s.",
                      e["cubes"], player=e["player"], city=w.city(e["city"]), resource=w.resource(e["resource"]),
                      discount=e["discount"], floor=e["floor"], money=w.money(e["cost"]), full=w.money(e["full"]))


@ruling("general_link")
def _general_link(w, e):
    if e["printed"] is None:
        return w._("%(player)s connects %(city)s from %(source)s by the general link for %(money)s: no printed "
                   "line joins them.", player=e["player"], city=w.city(e["city"]), source=w.city(e["source"]),
                   money=w.money(e["cost"]))
    return w._("%(player)s connects %(city)s from %(source)s by the general link for %(money)s instead of the "
               "printed %(printed)s.", player=e["player"], city=w.city(e["city"]), source=w.city(e["source"]),
               money=w.money(e["cost"]), printed=w.money(e["printed"]))


@ruling("island_link")
def _island_link(w, e):
    return w._("%(player)s begins a second network on the other island in %(city)s: %(money)s to connect it.",
               player=e["player"], city=w.city(e["city"]), money=w.money(e["cost"]))


@ruling("every_city_built")
def _every_city_built(w, e):
    return w._("Every one of the %(cities)s cities in play holds a house: Step 2 begins, although nobody has "
               "%(threshold)s cities.", cities=e["cities"], threshold=e["threshold"])


@ruling("every_city_placed")
def _every_city_placed(w, e):
    return w._("%(player)s has a house in every one of the %(cities)s cities in play: with %(players)s players "
               "the game ends after this building phase.", player=e["player"], cities=e["cities"],
               players=e["players"])


@ruling("network_started")
def _network_started(w, e):
    if e["networks"] == 1:
        return w._("%(player)s begins a network in %(city)s, one of the cities where a network may begin.",
                   player=e["player"], city=w.city(e["city"]))
    return w._("%(player)s begins network %(number)s of at most %(limit)s in %(city)s: no connection to pay.",
               player=e["player"], number=e["networks"], limit=e["limit"], city=w.city(e["city"]))


MARKETS = {"north": N_("the North market"), "south": N_("the South market")}   # Korea's two resource markets


@ruling("north_refill")
def _north_refill(w, e):
    return _refill(w, e, w._("%(resource)s in the North market", resource=w.resource(e["resource"])))


@ruling("one_cube_at_a_time")
def _one_cube_at_a_time(w, e):
    if e["cap"] is None:
        return w._("Resources are bought one cube at a time, round the table from %(player)s (%(order)s), until "
                   "each player passes.", player=e["order"][0], order=w.series(e["order"]))
    return w._("Resources are bought one cube at a time, round the table from %(player)s (%(order)s), until each "
               "player passes; in Step %(step)s only cubes priced up to %(money)s may be bought.",
               player=e["order"][0], order=w.series(e["order"]), step=e["step"], money=w.money(e["cap"]))


@ruling("blackout")
def _blackout(w, e):
    values = dict(built=e["built"], limit=e["limit"], players=e["players"], per_player=e["per_player"],
                  money=w.money(e["penalty"]))
    if e["final"]:
        return w._("Blackout: %(built)s cities were built this round, more than %(limit)s (%(players)s players × "
                   "%(per_player)s). Even in this final round income is paid, each player's cut by %(money)s per "
                   "city they have.", **values)
    return w._("Blackout: %(built)s cities were built this round, more than %(limit)s (%(players)s players × "
               "%(per_player)s): each player's income this round is cut by %(money)s per city they have.", **values)


@ruling("blackout_income")
def _blackout_income(w, e):
    values = dict(player=e["player"], full=w.money(e["full"]), penalty=e["penalty"], income=w.money(e["income"]))
    if e["full"] < e["penalty"] * e["cities"]:
        return w.ngettext("Blackout: %(player)s's income %(full)s less %(penalty)s × %(num)s city is 0 Elektro "
                          "(never below 0).",
                          "Blackout: %(player)s's income %(full)s less %(penalty)s × %(num)s cities is 0 Elektro "
                          "(never below 0).", e["cities"], **values)
    return w.ngettext("Blackout: %(player)s's income %(full)s less %(penalty)s × %(num)s city is %(income)s.",
                      "Blackout: %(player)s's income %(full)s less %(penalty)s × %(num)s cities is %(income)s.",
                      e["cities"], **values)


@ruling("garbage_plant_cost")
def _garbage_plant_cost(w, e):
    parts = [w._("%(plant)s burns %(burns)s (printed %(printed)s)", plant=w.plant(p["plant"]), burns=p["burns"],
                 printed=p["printed"]) for p in e["plants"]]
    return w._("On this map garbage plants burn one cube more than printed and store only one run: %(plants)s.",
               plants=w.join(parts))


@ruling("uranium_ban")
def _uranium_ban(w, e):
    return w.ngettext("%(players)s has no house outside the areas marked with the uranium ban, so may not own a "
                      "uranium plant: %(players)s must pass on %(plant)s.",
                      "%(players)s have no house outside the areas marked with the uranium ban, so may not own a "
                      "uranium plant: they must pass on %(plant)s.",
                      len(e["players"]), players=w.join(e["players"]), plant=w.plant(e["plant"]))


ECOLOGICAL_OPENED = {
    "ecological": N_("The lowest plant of the future market, %(plant)s, is an ecological plant: the current market "
                     "holds %(size)s plants, so it may be bought."),
    "fusion": N_("The lowest plant of the future market, %(plant)s, is the fusion plant: the current market holds "
                 "%(size)s plants, so it may be bought."),
}


@ruling("ecological_opened")
def _ecological_opened(w, e):
    text = ECOLOGICAL_OPENED[e["plant_kind"]]
    return w._(text, plant=w.plant(e["plant"]), size=e["size"])


@ruling("end_of_round_lowest")
def _end_of_round_lowest(w, e):
    return w._("At the end of a round in Steps 1 and 2 on this map, %(plant)s, the lowest plant in the market, also "
               "leaves the game; a card is drawn for it after the one for the plant put under the deck.",
               plant=w.plant(e["plant"]))


@ruling("green_kept")
def _green_kept(w, e):
    if e["plant"] is None:
        return w._("Every plant of the future market is green (%(plants)s): none goes under the deck and no card "
                   "is drawn.", plants=w.join(e["kept"]))
    put = w._("Put %(plant)s, the highest plant of the future market that is not green, face down under the deck.",
              plant=w.plant(e["plant"]))
    return w.sentences(put, e["kept"] and w.ngettext("The green %(plants)s stays in the market.",
                                                     "The green %(plants)s stay in the market.",
                                                     len(e["kept"]), plants=w.plants(e["kept"])))


@ruling("order_after_auction")
def _order_after_auction(w, e):
    return w._("Phases 1 and 2 are swapped on this map: after the auction the turn order is set to %(players)s "
               "(most cities first; a tie goes to the highest-numbered plant).", players=w.series(e["order"]))


@ruling("no_sale_removal")
def _no_sale_removal(w, e):
    return w.ngettext("Nobody bought a plant this round: remove %(plants)s, the lowest, from the game and draw a "
                      "card for it.",
                      "Nobody bought a plant this round: remove %(plants)s, the %(num)s lowest, from the game and "
                      "draw a card for each.", len(e["plants"]), plants=w.plants(e["plants"]))


@ruling("late_cities_open")
def _late_cities_open(w, e):
    return w._("Step 2: %(cities)s, beyond the state's borders, may now be built in.", cities=w.cities(e["cities"]))


@ruling("step2_earlier")
def _step2_earlier(w, e):
    return w._("On this map Step 2 begins at %(cities)s cities, one fewer than the base rule's %(base)s.",
               cities=e["cities"], base=e["base"]) if e["base"] - e["cities"] == 1 else \
        w._("On this map Step 2 begins at %(cities)s cities instead of the base rule's %(base)s.",
            cities=e["cities"], base=e["base"])


@ruling("uranium_mine")
def _uranium_mine(w, e):
    return w._("%(player)s's %(plant)s is a uranium mine: it is kept apart from the power plants, powers no city "
               "and does not count toward the plant limit, but its number counts for turn order. In each "
               "bureaucracy phase it earns %(cities)s times the uranium price.",
               plant=w.plant(e["plant"]), player=e["player"], cities=e["powers"])


@ruling("mine_income")
def _mine_income(w, e):
    final = w._("Game end: uranium mines still pay.") if e["final"] else ""
    paid = w.ngettext("%(player)s's uranium mine %(mines)s: %(cities)s cities times the uranium price of "
                      "%(price)s makes %(money)s.",
                      "%(player)s's uranium mines %(mines)s: %(cities)s cities times the uranium price of "
                      "%(price)s makes %(money)s.",
                      len(e["mines"]), player=e["player"], mines=w.join(e["mines"]), cities=e["cities"],
                      price=e["price"], money=w.money(e["income"]))
    placed = w.ngettext("Place %(num)s uranium on the market, on the space %(spaces)s.",
                        "Place %(num)s uranium on the market, on the spaces %(spaces)s.",
                        e["placed"], spaces=w.series(e["spaces"])) if e["placed"] else ""
    short = ""
    if e["placed"] < e["due"]:
        short = (w._("Only %(supply)s uranium left in the supply, of %(due)s due.", supply=e["supply"], due=e["due"])
                 if e["supply"] < e["room"] else
                 w._("The uranium market has room for only %(room)s, of %(due)s due.", room=e["room"], due=e["due"]))
    return w.sentences(final, paid, placed, short)


@ruling("uranium_removed")
def _uranium_removed(w, e):
    table = w.ngettext("Refill table, Step %(step)s, %(players)s players: on this board %(num)s uranium comes off "
                       "the market instead of going on.",
                       "Refill table, Step %(step)s, %(players)s players: on this board %(num)s uranium come off "
                       "the market instead of going on.", e["due"], step=e["step"], players=e["players"])
    if not e["removed"]:
        return w.sentences(table, w._("No uranium is left on the market to remove."))
    return w.sentences(table, w.ngettext("Remove %(num)s uranium, the cheapest: space %(spaces)s.",
                                         "Remove %(num)s uranium, the cheapest: spaces %(spaces)s.",
                                         e["removed"], spaces=w.series(e["spaces"])))


@ruling("market_moved")
def _market_moved(w, e):
    moved = w.ngettext("Step 3 on this board: the %(num)s cheapest cube of %(resources)s moves to the %(spaces)s "
                       "spaces; from now on the cheapest space is %(lowest)s.",
                       "Step 3 on this board: the %(num)s cheapest cubes of %(resources)s move to the %(spaces)s "
                       "spaces; from now on the cheapest space is %(lowest)s.",
                       len(e["spaces"]), resources=w.join(w.resource(r) for r in e["resources"]),
                       spaces=w.join(sorted(set(e["spaces"]))), lowest=e["lowest"])
    each = [w._("Move %(resource)s from the spaces %(source)s to %(target)s.", resource=w.resource(r),
                source=w.series(m["from"]), target=w.series(m["to"])) for r, m in e["moves"].items()]
    return w.sentences(moved, *each)


@ruling("no_sale_kept")
def _no_sale_kept(w, e):
    return w._("Nobody bought a plant this round; on this map no plant is removed for that.")


@ruling("plant_not_replaced")
def _plant_not_replaced(w, e):
    return w._("China: %(plant)s is not replaced now; new plants come into the market in phase 5.",
               plant=w.plant(e["plant"]))


@ruling("china_market")
def _china_market(w, e):
    if e["step3"]:
        return w.ngettext("China, Step 3: the plant market holds %(target)s plants; draw %(num)s card.",
                          "China, Step 3: the plant market holds %(target)s plants; draw %(num)s cards.",
                          e["draws"], target=e["target"])
    return w.ngettext("China, phase 5: draw %(num)s card for the plant market (at least %(minimum)s with "
                      "%(players)s players, and as many as it takes to hold %(target)s plants); if it then holds "
                      "more than %(target)s, the smallest leave the game.",
                      "China, phase 5: draw %(num)s cards for the plant market (at least %(minimum)s with "
                      "%(players)s players, and as many as it takes to hold %(target)s plants); if it then holds "
                      "more than %(target)s, the smallest leave the game.",
                      e["draws"], minimum=e["minimum"], players=e["players"], target=e["target"])


@ruling("market_trimmed")
def _market_trimmed(w, e):
    return w._("The plant market holds %(target)s plants: remove %(plants)s, the smallest, from the game.",
               target=e["target"], plants=w.plants(e["plants"]))


@ruling("first_pass_removal")
def _first_pass_removal(w, e):
    return w._("%(player)s, first in turn order, passes without choosing a plant: in Russia %(plant)s, the lowest, "
               "leaves the game and a card replaces it.", player=e["player"], plant=w.plant(e["plant"]))


@ruling("fewest_cities")
def _fewest_cities(w, e):
    return w._("In Russia plants are removed by the fewest cities any player has (%(player)s: %(cities)s), not by "
               "the most (%(most)s).", player=e["player"], cities=e["cities"], most=e["most"])


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


PASSES = {"resources": N_("%(player)s passes and buys no resources."),
          "building": N_("%(player)s passes and builds nothing this round.")}


@ruling("passed")
def _passed(w, e):
    text = PASSES[e["phase"]]
    return w._(text, player=e["player"])


@ruling("resources_bought")
def _resources_bought(w, e):
    if e.get("market"):
        market = MARKETS[e["market"]]   # looked up apart: a key inside _() would be extracted as a msgid
        return w._("%(player)s buys %(cubes)s from %(market)s for %(money)s.", player=e["player"],
                   cubes=w.cubes(e["amounts"]), market=w._(market), money=w.money(e["cost"]))
    return w._("%(player)s buys %(cubes)s for %(money)s.", player=e["player"], cubes=w.cubes(e["amounts"]),
               money=w.money(e["cost"]))


@ruling("bought_nothing")
def _bought_nothing(w, e):
    return w._("%(player)s buys no resources.", player=e["player"])


@ruling("resources_moved")
def _resources_moved(w, e):
    return w._("%(player)s moves %(moves)s.", player=e["player"], moves=w.join(w.move(m) for m in e["moves"]))


@ruling("built")
def _built(w, e):
    values = dict(player=e["player"], cities=w.cities(e["cities"]), money=w.money(e["cost"]),
                  connection=e["connection"], houses=e["houses"])
    if len(e["cities"]) == 1 and not e["connection"]:
        return w._("%(player)s builds in %(cities)s for %(money)s.", **values)
    parts = [w._("%(city)s (house %(house)s)", city=w.city(b["city"]), house=b["house"])
             if b["from"] is None and not b["connection"] else
             w._("%(city)s (a new network: connection %(connection)s + house %(house)s)", city=w.city(b["city"]),
                 connection=b["connection"], house=b["house"]) if b["from"] is None else
             w._("%(city)s (connection %(connection)s from %(source)s + house %(house)s)", city=w.city(b["city"]),
                 connection=b["connection"], source=w.city(b["from"]), house=b["house"])
             for b in e["builds"]]
    if len(parts) == 1:
        return w._("%(player)s builds in %(builds)s: %(money)s.", builds=parts[0], **values)
    return w._("%(player)s builds, in this order, in %(builds)s: %(money)s in all.", builds=w.join(parts), **values)


@ruling("game_end_reached")
def _game_end_reached(w, e):
    return w._("%(player)s has %(cities)s cities, and the game ends at %(end)s: it ends after this building "
               "phase, and the other players still build.", player=e["player"], cities=e["cities"], end=e["end"])


@ruling("powered")
def _powered(w, e):
    if not e["plants"]:
        return w._("%(player)s powers no cities: income %(money)s.", player=e["player"], money=w.money(e["income"]))
    burns = [w._("%(cubes)s from %(plant)s", cubes=w.cubes(cubes), plant=w.plant(int(number)))
             for number, cubes in e["burn"].items()]
    return w.sentences(
        w.ngettext("%(player)s fires %(plants)s and powers %(num)s city: income %(money)s.",
                   "%(player)s fires %(plants)s and powers %(num)s cities: income %(money)s.", e["cities"],
                   player=e["player"], plants=w.plants(e["plants"]), money=w.money(e["income"])),
        burns and w._("Return to the supply: %(burns)s.", burns=w.join(burns)),
        e["chosen"] and w._("The referee chose the plants: the fewest cubes, burning first those cheapest to rebuy."))


@ruling("refill")
def _refill(w, e, resource=None):
    """`resource`: how to name the cubes refilled, when not the resource alone (Korea's North market)."""
    resource = resource or w.resource(e["resource"])
    added, due, supply, room = e["added"], e["due"], e["supply"], e["room"]
    if not due:
        return w._("Refill %(resource)s: none is due.", resource=resource)
    if not added and not supply:
        return w._("Refill %(resource)s: none of the %(due)s due, as the supply is empty.", resource=resource, due=due)
    if not added:
        return w._("Refill %(resource)s: none of the %(due)s due, as the market is full.", resource=resource, due=due)
    runs = []  # consecutive cubes on spaces of the same price, as a person places them
    for space in e["spaces"]:
        if runs and runs[-1][0] == space:
            runs[-1][1] += 1
        else:
            runs.append([space, 1])
    places = w.series(w.ngettext("%(num)s on space %(space)s", "%(num)s on space %(space)s", n, space=space)
                      for space, n in runs)
    short = dict(resource=resource, added=added, due=due, places=places, room=room)
    if added < due and supply <= room:
        return w.ngettext("Refill %(resource)s: only %(added)s of the %(due)s due, as only %(num)s is left in the "
                          "supply; put %(places)s.",
                          "Refill %(resource)s: only %(added)s of the %(due)s due, as only %(num)s are left in the "
                          "supply; put %(places)s.", supply, **short)
    if added < due:
        return w._("Refill %(resource)s: only %(added)s of the %(due)s due, as the market has room for only "
                   "%(room)s; put %(places)s.", **short)
    return w._("Refill %(resource)s: put %(places)s.", resource=resource, places=places)


@ruling("game_over")
def _game_over(w, e):
    winners, breaks = e["winners"], e["tie_breaks"]
    if len(winners) > 1:
        return w._("Game over: %(winners)s share the win, equal in cities powered, money and cities.",
                   winners=w.join(winners))
    powered = next(r["powered"] for r in e["ranking"] if r["player"] == winners[0])
    if not breaks:
        return w.ngettext("Game over: %(winner)s wins with %(num)s city powered.",
                          "Game over: %(winner)s wins with %(num)s cities powered.", powered, winner=winners[0])
    if breaks == ["money"]:
        return w.ngettext("Game over: %(winner)s wins with %(num)s city powered; the tie is broken by money.",
                          "Game over: %(winner)s wins with %(num)s cities powered; the tie is broken by money.",
                          powered, winner=winners[0])
    return w.ngettext("Game over: %(winner)s wins with %(num)s city powered; the tie is broken by money, "
                      "then by cities connected.",
                      "Game over: %(winner)s wins with %(num)s cities powered; the tie is broken by money, "
                      "then by cities connected.", powered, winner=winners[0])


@ruling("undone")
def _undone(w, e):
    return w._("Taken back: %(fact)s.", fact=_fact(w, e["action"]))


@ruling("redone")
def _redone(w, e):
    return w._("Entered again: %(fact)s.", fact=_fact(w, e["action"]))


@ruling("corrected")
def _corrected(w, e):
    return w._("Fact %(number)s is corrected, and every later fact is replayed.", number=e["fact"])


# ---------------------------------------------------------------------------------------------
# Table facts, one line each for the log

def fact_line(kind):
    return writer(FACTS, kind)


def describe_fact(fact: dict, lang: str, game_map=None) -> str:
    """One line of the game's log for a table fact (or an undo, redo or correction)."""
    return _fact(Words(lang, game_map), fact)


def _fact(w: Words, fact) -> str:
    return _write(FACTS, w, fact, N_("%(kind)s: %(details)s"))


@fact_line("nominate")
def _f_nominate(w, f):
    return w._("%(player)s opens an auction on %(plant)s at %(money)s",
               player=f["player"], plant=w.plant(f["plant"]), money=w.money(f.get("bid", f["plant"])))


@fact_line("bid")
def _f_bid(w, f):
    return w._("%(player)s bids %(money)s", player=f["player"], money=w.money(f["amount"]))


@fact_line("pass_bid")
def _f_pass_bid(w, f):
    return w._("%(player)s passes in the auction", player=f["player"])


@fact_line("sold")
def _f_sold(w, f):
    return w._("%(player)s bought %(plant)s for %(money)s",
               player=f["player"], plant=w.plant(f["plant"]), money=w.money(f["price"]))


@fact_line("pass")
def _f_pass(w, f):
    return w._("%(player)s passes", player=f["player"])


@fact_line("draw")
def _f_draw(w, f):
    card = parse_card(f.get("card", f.get("plant")))
    return w._("Card drawn: %(card)s", card=w.plant(card))


@fact_line("discard")
def _f_discard(w, f):
    return w._("%(player)s discards %(plant)s", player=f["player"], plant=w.plant(f["plant"]))


@fact_line("buy")
def _f_buy(w, f):
    bought = {r: f.get(r, 0) for r in RESOURCES}
    if not any(bought.values()):
        return w._("%(player)s buys no resources", player=f["player"])
    if f.get("market") in MARKETS:   # Korea
        market = MARKETS[f["market"]]
        return w._("%(player)s buys %(cubes)s from %(market)s", player=f["player"], cubes=w.cubes(bought),
                   market=w._(market))
    return w._("%(player)s buys %(cubes)s", player=f["player"], cubes=w.cubes(bought))


@fact_line("move")
def _f_move(w, f):
    return w._("%(player)s moves %(moves)s", player=f["player"], moves=w.join(w.move(m) for m in f["moves"]))


@fact_line("build")
def _f_build(w, f):
    return w._("%(player)s builds in %(cities)s", player=f["player"], cities=w.cities_by_name(f["cities"]))


@fact_line("power")
def _f_power(w, f):
    player, plants, cities = f["player"], f.get("plants"), f.get("cities")
    if plants == []:
        return w._("%(player)s powers no cities", player=player)
    if plants is None and cities is None:
        return w._("%(player)s powers cities as the referee proposed", player=player)
    if plants is None:
        return w.ngettext("%(player)s powers %(num)s city", "%(player)s powers %(num)s cities", cities, player=player)
    if cities is None:
        return w._("%(player)s fires %(plants)s", player=player, plants=w.plants(plants))
    return w.ngettext("%(player)s fires %(plants)s and powers %(num)s city",
                      "%(player)s fires %(plants)s and powers %(num)s cities", cities,
                      player=player, plants=w.plants(plants))


@fact_line("undo")
def _f_undo(w, f):
    return w._("Undo the last fact")


@fact_line("redo")
def _f_redo(w, f):
    return w._("Redo the fact taken back")


@fact_line("correct")
def _f_correct(w, f):
    return w._("Correct fact %(number)s to: %(fact)s", number=f["fact"], fact=_fact(w, f["action"]))


# ---------------------------------------------------------------------------------------------
# What the table waits for, and what is allowed now

def describe_next(next_actions: dict, lang: str, game_map=None) -> str:
    """The one sentence saying what the table is waiting for, and from whom."""
    w = Words(lang, game_map)
    if not next_actions or next_actions.get("phase") == "over":
        return w._("The game is over.")
    acts = {a["type"]: a for a in next_actions.get("actions", [])}
    if "draw" in acts:
        a = acts["draw"]
        why = DRAWS[a["cause"]]
        why = w._(why, plant=w.plant(a["replacing"]))
        if len(a["possible"]) == 1:
            return w.sentences(why, w._("It can only be %(card)s.", card=w.plant(a["possible"][0])))
        return w.sentences(why, w._("Which card came up?"))
    if "discard" in acts:
        a = acts["discard"]
        return w._("%(player)s is over the plant limit: discard one of %(plants)s.",
                   player=a["player"], plants=w.plants(a["plants"], "or"))
    if "bid" in acts or "pass_bid" in acts:
        a = acts.get("bid") or acts["pass_bid"]
        if "bid" in acts:
            return w._("Waiting for %(player)s to raise the bid on %(plant)s or pass.",
                       player=a["player"], plant=w.plant(a["plant"]))
        return w._("Waiting for %(player)s to pass: the bid is more than %(player)s has.", player=a["player"])
    if "nominate" in acts:
        if "pass" in acts:
            return w._("Waiting for %(player)s to open an auction or pass.", player=acts["nominate"]["player"])
        return w._("Waiting for %(player)s to open an auction; in round 1 everyone buys a plant.",
                   player=acts["nominate"]["player"])
    if "buy" in acts:
        return w._("Waiting for %(player)s to buy resources or pass.", player=acts["buy"]["player"])
    if "build" in acts:
        return w._("Waiting for %(player)s to build or pass.", player=acts["build"]["player"])
    if "power" in acts:
        return w._("Waiting for %(players)s to power cities.", players=w.join(next_actions["waiting_for"]))
    return w._("Waiting for %(players)s.", players=w.join(next_actions.get("waiting_for", [])))


def allowed_now(next_actions: dict, lang: str, game_map=None) -> str:
    """What may be entered now, with its bounds: the second half of every refusal."""
    w = Words(lang, game_map)
    if not next_actions or next_actions.get("phase") == "over":
        return w._("The game is over: nothing more can be entered, though the last fact can still be taken back.")
    acts = {a["type"]: a for a in next_actions.get("actions", [])}
    if "draw" in acts:
        return w._("Only the card that came up can be entered now: %(cards)s.",
                   cards=w.join((w.card(c) for c in acts["draw"]["possible"]), "or"))
    if "discard" in acts:
        a = acts["discard"]
        return w._("First %(player)s discards one of %(plants)s.", player=a["player"],
                   plants=w.plants(a["plants"], "or"))
    if "bid" in acts:
        a = acts["bid"]
        return w._("It is %(player)s's turn in the auction for %(plant)s: bid %(range)s, or pass.",
                   player=a["player"], plant=w.plant(a["plant"]), range=_range(w, a["min"], a["max"]))
    if "pass_bid" in acts:
        return w._("It is %(player)s's turn in the auction, and %(player)s can only pass.",
                   player=acts["pass_bid"]["player"])
    if "nominate" in acts:
        return _choose(w, acts["nominate"], "pass" in acts)
    if "buy" in acts:
        a = acts["buy"]
        if not any(a["max"].values()):
            return w._("It is %(player)s's turn to buy resources, but %(player)s can buy none now: pass.",
                       player=a["player"])
        return w._("It is %(player)s's turn to buy resources (at most %(cubes)s), or to pass.",
                   player=a["player"], cubes=w.cubes(a["max"], "or"))
    if "build" in acts:
        a = acts["build"]
        if not a["cities"]:
            return w._("It is %(player)s's turn to build, but no city is affordable now: pass.", player=a["player"])
        cheapest = a["cities"][0]
        return w._("It is %(player)s's turn to build with %(money)s (the cheapest city is %(city)s at %(cost)s), "
                   "or to pass.", player=a["player"], money=w.money(a["money"]), city=w.city(cheapest["city"]),
                   cost=w.money(cheapest["cost"]))
    powers = [a for a in next_actions.get("actions", []) if a["type"] == "power"]
    if powers:
        players = [w.ngettext("%(player)s (must power %(num)s city, as many as possible)",
                              "%(player)s (must power %(num)s cities, as many as possible)",
                              a["min_cities"], player=a["player"]) if a.get("min_cities") else
                   w.ngettext("%(player)s (up to %(num)s city)", "%(player)s (up to %(num)s cities)",
                              a["max_cities"], player=a["player"]) for a in powers]
        return w._("Still to power cities: %(players)s.", players=w.join(players))
    return describe_next(next_actions, w.lang, w.map)


def _range(w, low, high) -> str:
    if low == high:
        return w.money(low)
    return w._("%(low)s to %(high)s Elektro", low=low, high=high)


def _choose(w, a, may_pass: bool) -> str:
    values = dict(player=a["player"], money=w.money(a["max"]))
    if a["plants"]:
        values["plants"] = w.plants(a["plants"], "or")
        if may_pass:
            return w._("It is %(player)s's turn to choose: open an auction on %(plants)s, bidding from the plant's "
                       "number up to %(money)s, or pass.", **values)
        return w._("It is %(player)s's turn to choose: open an auction on %(plants)s, bidding from the plant's "
                   "number up to %(money)s.", **values)
    if may_pass:
        return w._("It is %(player)s's turn to choose, but %(player)s cannot afford any plant on offer: pass.",
                   **values)
    return w._("It is %(player)s's turn to choose, but %(player)s cannot afford any plant on offer.", **values)


# ---------------------------------------------------------------------------------------------
# Refusals

PROBLEMS = {
    errors.BadAction: N_("That entry is incomplete or was not understood."),
    errors.BadSetup: N_("The game cannot start like this: check the map, the players, their colours and the play "
                        "areas."),
    errors.WrongPhase: N_("That cannot be done at this point of the game."),
    errors.NotYourTurn: N_("That player cannot act now."),
    errors.InvalidBid: N_("That bid or price is too low."),
    errors.CannotAfford: N_("There is not enough money for that."),
    errors.CannotStore: N_("The plants cannot hold those resources."),
    errors.PlantBanned: N_("A rule of this map forbids that plant to that player (a uranium plant needs a house "
                           "outside the areas marked with the uranium ban)."),
    errors.NotAvailable: N_("That plant or those resources are not available."),
    errors.ImpossibleDraw: N_("That card cannot be the one that came up."),
    errors.IllegalBuild: N_("That cannot be built."),
    errors.IllegalPower: N_("Those plants cannot power that."),
    errors.IllegalAction: N_("That cannot be done now."),
}
MOVED = N_("Another device entered something first; the page now shows the game as it stands.")


def render_error(error, lang: str, next_actions=None, game_map=None, fact=None) -> str:
    """A refusal: what is wrong (by the error's class) and, given `next`, what is allowed now. Given
    the refused `fact` too, a bid or price too low is answered with its exact bounds.

    The web's Moved (another device entered first) is recognised by name, so that this module,
    used by printing and the command line too, does not import the web layer."""
    w = Words(lang, game_map)
    if type(error).__name__ == "Moved":
        return w._(MOVED)
    if getattr(error, "correcting", None) is not None:
        return _refused_correction(w, error)
    if isinstance(error, errors.InvalidBid) and (bounds := _bid_bounds(w, fact, next_actions)):
        return bounds
    problem = next((text for cls, text in PROBLEMS.items() if isinstance(error, cls)),
                   PROBLEMS[errors.IllegalAction])
    if next_actions is None or isinstance(error, errors.BadSetup):
        return w._(problem)
    return w.sentences(w._(problem), allowed_now(next_actions, lang, game_map))


def _refused_correction(w, error) -> str:
    """A correction that would make a fact illegal (Game._correct): which one, and why."""
    problem = render_error(error.cause, w.lang, None, w.map, error.failing_fact)
    if error.failing == error.correcting:
        return w.sentences(w._("Fact %(number)s cannot be corrected like this.", number=error.correcting), problem)
    return w.sentences(w._("Fact %(number)s cannot be corrected like this: fact %(later)s (%(fact)s) would then "
                           "be illegal.", number=error.correcting, later=error.failing,
                           fact=_fact(w, error.failing_fact)), problem)


def _bid_bounds(w, fact, next_actions) -> str | None:
    """Why a bid or price is too low, with the least and most allowed (None if the fact does not say
    which bid it was): an opening bid or a price is at least the plant's number and at most the
    player's money (`next`: nominate.max), a raise from `next`'s bid.min to bid.max."""
    if not isinstance(fact, dict):
        return None
    acts = {a["type"]: a for a in (next_actions or {}).get("actions", [])}
    kind, plant, player = fact.get("type"), fact.get("plant"), fact.get("player")
    if kind == "nominate" and isinstance(fact.get("bid"), int) and isinstance(plant, int):
        values = dict(bid=fact["bid"], plant=plant, player=player)
        nominate = acts.get("nominate")
        if nominate and nominate["player"] == player:
            return w._("An opening bid of %(bid)s on plant %(plant)s is too low: it must be at least %(plant)s (the "
                       "plant's number) and at most %(money)s (%(player)s's money).", money=w.money(nominate["max"]),
                       **values)
        return w._("An opening bid of %(bid)s on plant %(plant)s is too low: it must be at least %(plant)s, the "
                   "plant's number.", **values)
    if kind == "sold" and isinstance(fact.get("price"), int) and isinstance(plant, int):
        return w._("A price of %(price)s for plant %(plant)s is too low: it must be at least %(plant)s, the plant's "
                   "number.", price=fact["price"], plant=plant)
    bid = acts.get("bid")
    if kind == "bid" and isinstance(fact.get("amount"), int) and bid and bid["player"] == player:
        return w._("A bid of %(amount)s on plant %(plant)s is too low: %(player)s may bid %(range)s (more than the "
                   "high bid, at most %(player)s's money), or pass.", amount=fact["amount"], plant=bid["plant"],
                   player=player, range=_range(w, bid["min"], bid["max"]))
    return None


# ---------------------------------------------------------------------------------------------
# A map's own rules and setup, one short sentence each (the printed player aid, the table app)

RULE_WORDS = {}   # rule module name (referee/maprules) -> writer(words, params, players) -> str ("" if not for them)
KIND_NAMES = {"ecological": N_("ecological"), "fusion": N_("fusion")}
LIST_GAP = {"en": "; ", "ja": "；", "zh-Hant": "；"}   # between lists that themselves hold commas


def rule_words(name):
    return writer(RULE_WORDS, name)


def describe_rules(game_map, lang: str, players=None) -> list[str]:
    """The map's own setup and rules in the reader's language, one sentence each, written from the
    map file's data (the edition as the map changes it, [setup], each [rules.<name>] and its
    parameters) — never from retyped numbers. Given `players`, only what holds for that count."""
    from .catalog import load_edition
    from .maprules import module
    w = Words(lang, game_map)
    base, edition = load_edition("original"), load_edition("original", map=game_map)
    lines = _setup_words(w, game_map, base, edition, players)
    for name, params in game_map.rules.items():
        write = RULE_WORDS.get(name)
        values = {**getattr(module(name), "DEFAULTS", {}), **params}
        lines.append(write(w, values, players) if write else w._("This map plays the rule %(rule)s.", rule=name))
    return [line for line in lines if line]


def _by_players(w, table: dict, players, write) -> str:
    """A per-player-count list (China): the one for `players`, else each distinct one with its counts."""
    if players is not None:
        return write(table[players]) if players in table else ""
    groups = {}
    for n in sorted(table):
        groups.setdefault(tuple(table[n]), []).append(n)
    return LIST_GAP[w.lang].join(w._("%(players)s: %(list)s", players=_counts(w, counts), list=write(list(key)))
                                 for key, counts in groups.items())


def _counts(w, counts) -> str:
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return w._("%(low)s–%(high)s players", low=counts[0], high=counts[-1])
    return w.ngettext("%(players)s player", "%(players)s players", counts[-1], players=w.join(counts, "or"))


def _start_prices(w, slots: dict, start: dict) -> str:
    """'coal from 1, oil from 3, ...': where each resource's cubes begin (they fill the dearest spaces)."""
    parts = []
    for r in RESOURCES:
        if r in slots:
            count = start.get(r, 0)
            parts.append(w._("%(resource)s from %(price)s", resource=w.resource(r), price=sorted(slots[r])[-count])
                         if count else w._("no %(resource)s", resource=w.resource(r)))
    return w.join(parts)


def _deck_part(w, part) -> str:
    if part == "rest":
        return w._("the other plants, shuffled")
    if part == STEP3:
        return w._("the Step 3 card")
    if isinstance(part, list):
        cards = [w.card(c) for c in part if c != "random"]
        randoms = part.count("random")
        if randoms:
            cards.append(w.ngettext("%(num)s plant at random", "%(num)s plants at random", randoms))
        return w._("%(cards)s, shuffled", cards=w.join(cards))
    return str(part)


def _deck_parts(w, deck) -> list[str]:
    """The prepared deck from the top; a run of three or more plants in order is written as one, and
    cards drawn at random one after another as their count."""
    parts, i = [], 0
    while i < len(deck):
        j = i
        while (isinstance(deck[i], int) and j + 1 < len(deck) and deck[j + 1] == deck[j] + 1
               or deck[i] == "random" and j + 1 < len(deck) and deck[j + 1] == "random"):
            j += 1
        if deck[i] == "random":
            parts.append(w.ngettext("%(num)s plant at random", "%(num)s plants at random", j - i + 1))
        elif j - i >= 2:
            parts.append(w._("%(low)s to %(high)s in order", low=deck[i], high=deck[j]))
        else:
            parts += [_deck_part(w, p) for p in deck[i:j + 1]]
        i = j + 1
    return parts


def _setup_words(w, game_map, base, edition, players) -> list[str]:
    """Seed 001's setup items for the map: money, resources, plant market, deck, removals, areas."""
    setup, lines = game_map.setup, []
    if edition.starting_money != base.starting_money:
        lines.append(w._("Each player starts with %(money)s.", money=w.money(edition.starting_money)))
    if edition.market_start != base.market_start or edition.market_slots != base.market_slots:
        lines.append(w._("Resources at setup: %(prices)s (every space from that price up is filled).",
                         prices=_start_prices(w, edition.market_slots, edition.market_start)))
    for r in RESOURCES:
        out = base.totals.get(r, 0) - edition.totals.get(r, 0)
        if out > 0:
            lines.append(w.ngettext("Only %(count)s %(resource)s are used: %(num)s is out of the game.",
                                    "Only %(count)s %(resource)s are used: %(num)s are out of the game.",
                                    out, count=edition.totals[r], resource=w.resource(r)))
    if edition.initial_market != base.initial_market:
        half = len(edition.initial_market) // 2
        lines.append(w._("The plant market starts as %(current)s (current) and %(future)s (future): two rows of "
                         "%(size)s.", current=w.join(edition.initial_market[:half]),
                         future=w.join(edition.initial_market[half:]), size=half))
    if "market_by_players" in setup:
        lines.append(w._("The plant market starts with one plant per player (%(plants)s); there is no future "
                         "market.", plants=_by_players(w, setup["market_by_players"], players, w.join)))
    if "deck" in setup:
        lines.append(w._("The deck from the top: %(parts)s.", parts=" → ".join(_deck_parts(w, setup["deck"]))))
    elif edition.top_of_deck != base.top_of_deck:
        lines.append(w._("On top of the deck: %(plant)s, not %(base)s.",
                         plant=w.plant(edition.top_of_deck), base=w.plant(base.top_of_deck)))
    if setup.get("removed"):
        lines.append(w._("Out of the game from the start, known to all: %(plants)s.", plants=w.plants(setup["removed"])))
    if "removed_by_players" in setup:
        listed = _by_players(w, setup["removed_by_players"], players, w.join)
        if listed:
            lines.append(w._("Plants out of the game from the start, known to all, instead of the face-down "
                             "removal: %(plants)s.", plants=listed))
    if setup.get("aside_until_step2"):
        aside = setup["aside_until_step2"]
        lines.append(w._("Kept out of the deck until Step 2 begins, then put on top of it in this order from the "
                         "top: %(plants)s.", plants=w.series(aside)))
    if setup.get("area_plants"):
        swaps = [w._("%(area)s %(plants)s", area=w._(game_map.areas[a].name), plants=w.join(sorted(cards)))
                 for a, cards in setup["area_plants"].items() if a in game_map.areas]
        lines.append(w._("Each area in play brings this board's own cards, which replace the plants of the same "
                         "number: %(swaps)s.", swaps=LIST_GAP[w.lang].join(swaps)))
    for n, count in sorted(edition.player_counts.items()):
        if (players is None or n == players) and n in base.player_counts and count.areas != base.player_counts[n].areas:
            lines.append(w.ngettext("With %(players)s players play %(num)s area.",
                                    "With %(players)s players play %(num)s areas.", count.areas, players=n))
    return lines


@rule_words("vienna_discount")
def _w_vienna_discount(w, p, players):
    return w._("With a house in %(city)s, each %(resource)s cube costs %(money)s less, never below %(floor)s.",
               city=w.city(p["city"]), resource=w.resource(p["resource"]), money=w.money(p["discount"]),
               floor=w.money(p["floor"]))


@rule_words("uranium_ban")
def _w_uranium_ban(w, p, players):
    areas = [w._(w.map.areas[a].name) for a in p["areas"] if a in w.map.areas]   # named as the setup page does
    return w._("Marked with the uranium ban: %(areas)s. A player with no house outside these areas may not own a "
               "uranium plant and must pass when one is auctioned.", areas=w.join(areas))


@rule_words("benelux_ecological")
def _w_benelux_ecological(w, p, players):
    return w._("Steps 1–2: while the lowest plant of the future market is green (%(kinds)s), the current market "
               "holds one plant more, so it may be bought.", kinds=_kinds(w, p["kinds"]))


def _kinds(w, kinds) -> str:
    return w.join((w._(KIND_NAMES[k]) for k in kinds), "or")


@rule_words("benelux_removal")
def _w_benelux_removal(w, p, players):
    return w._("Steps 1–2: at the end of each round the lowest plant of the market also leaves the game; a card "
               "is drawn for it.")


@rule_words("china_market")
def _w_china_market(w, p, players):
    step3 = w._("Step 3: the market holds %(size)s plants and is refilled at once.", size=p.get("step3_market", 4))
    if players is None:
        draws = w._("Steps 1–2: a plant bought is not replaced; in phase 5 draw at least half the player count "
                    "(rounded down) and fill or cut the market to one plant fewer than the players (2 with 2 "
                    "players).")
    else:
        draws = w._("Steps 1–2: a plant bought is not replaced; in phase 5 draw at least %(minimum)s and fill or "
                    "cut the market to %(target)s plants.", minimum=players // 2, target=2 if players == 2 else players - 1)
    return w.sentences(w._("No future market: every plant in the market may be auctioned. Building removes no "
                           "plant."), draws, step3)


@rule_words("no_sale_kept")
def _w_no_sale_kept(w, p, players):
    return w._("When nobody buys a plant in a round, no plant is removed.")


@rule_words("no_sale_removal")
def _w_no_sale_removal(w, p, players):
    return w.ngettext("When nobody buys a plant in a round, the lowest plant leaves the game and is replaced.",
                      "When nobody buys a plant in a round, the %(num)s lowest plants leave the game and are "
                      "replaced.", p.get("plants", 2))


@rule_words("russia_removal")
def _w_russia_removal(w, p, players):
    return w._("If the first player passes instead of choosing the round's first plant, the lowest plant leaves "
               "the game and is replaced. Plants leave for the fewest cities any player has, not the most.")


@rule_words("market_size")
def _w_market_size(w, p, players):
    return w.ngettext("Steps 1–2: only the lowest plant of the market may be auctioned; Step 3: all of them.",
                      "Steps 1–2: only the %(num)s lowest plants of the market may be auctioned; Step 3: all of "
                      "them.", p["current"])


@rule_words("two_networks")
def _w_two_networks(w, p, players):
    return w._("A network may begin only in %(cities)s. Round 1: at most %(first)s cities, one network; from round "
               "2 a player may have up to %(networks)s networks.", cities=w.cities(p["start_cities"]),
               first=p["first_round"], networks=p["networks"])


@rule_words("quebec_update")
def _w_quebec_update(w, p, players):
    return w._("End of round, Steps 1–2: the highest plant of the future market that is not green (%(kinds)s) goes "
               "under the deck.", kinds=_kinds(w, p["kinds"]))


@rule_words("order_after_auction")
def _w_order_after_auction(w, p, players):
    return w._("Phases 1 and 2 are swapped: the auction comes first, in the last round's order; then the turn "
               "order is set.")


@rule_words("late_cities")
def _w_late_cities(w, p, players):
    return w._("%(cities)s, beyond the state's borders, may be built in only from Step 2.",
               cities=w.cities(p["cities"]))


@rule_words("no_city_removal")
def _w_no_city_removal(w, p, players):
    return w._("Building never removes plants from the market, whatever the city count.")


@rule_words("step2_earlier")
def _w_step2_earlier(w, p, players):
    if players is not None:
        from .catalog import load_edition
        from .maprules import step2_earlier
        base = load_edition("original", map=w.map).player_counts[players].step2
        return w._("Step 2 begins at %(cities)s cities, not the base rule's %(base)s.",
                   cities=step2_earlier.step2_cities(base, None, p), base=base)
    return w.ngettext("Step 2 begins at %(num)s city fewer than the base rule says.",
                      "Step 2 begins at %(num)s cities fewer than the base rule says.", p["by"])


@rule_words("step3_market_move")
def _w_step3_market_move(w, p, players):
    from .catalog import load_edition
    slots = load_edition("original", map=w.map).market_slots
    lowest = min((sorted(slots[r])[len(p["spaces"]):] + sorted(p["spaces"]))[0] for r in p["resources"])
    return w.ngettext("Step 3: the %(num)s cheapest cube of %(resources)s moves to the %(spaces)s spaces; the "
                      "cheapest space is then %(lowest)s.",
                      "Step 3: the %(num)s cheapest cubes of %(resources)s move to the %(spaces)s spaces; the "
                      "cheapest space is then %(lowest)s.", len(p["spaces"]),
                      resources=w.join(w.resource(r) for r in p["resources"]),
                      spaces=w.join(sorted(set(p["spaces"]))), lowest=lowest)


@rule_words("uranium_mines")
def _w_uranium_mines(w, p, players):
    mines = w._("Uranium plants are uranium mines: they power nothing, are kept apart from the plants (no limit) "
                "but count for turn order; one is the round's purchase.")
    income = w.ngettext("Phase 5, last player first: each mine pays the cities it prints × the uranium price, then "
                        "puts 1 uranium on the market (%(plants)s: 2); then the refill table's uranium comes off "
                        "the market. Mines pay at game end too.",
                        "Phase 5, last player first: each mine pays the cities it prints × the uranium price, then "
                        "puts 1 uranium on the market (%(plants)s: 2 each); then the refill table's uranium comes "
                        "off the market. Mines pay at game end too.", len(p["two_cubes"]),
                        plants=w.plants(p["two_cubes"]))
    return w.sentences(mines, income)


@rule_words("general_link")
def _w_general_link(w, p, players):
    return w._("Any two cities may be connected by the general link for %(money)s instead of the printed cost.",
               money=w.money(p["cost"]))


@rule_words("island_link")
def _w_island_link(w, p, players):
    return w._("A second network may be begun anywhere on the other island for %(money)s.", money=w.money(p["cost"]))


@rule_words("all_cities_step2")
def _w_all_cities_step2(w, p, players):
    return w._("Step 2 also begins once every city in play holds a house.")


@rule_words("all_cities_end")
def _w_all_cities_end(w, p, players):
    if players is not None and players != p["players"]:
        return ""
    return w._("With %(players)s players the game also ends when a player has a house in every city in play.",
               players=p["players"])


@rule_words("korea_markets")
def _w_korea_markets(w, p, players):
    return w._("Two resource markets, North and South: declare one before buying and buy only from it; the refill "
               "fills the North first. The North at setup: %(prices)s.",
               prices=_start_prices(w, p["north_slots"], p["north_start"]))


@rule_words("india_market")
def _w_india_market(w, p, players):
    return w._("Resources are bought one cube at a time, round the table from the last player, until all pass; "
               "Step 1 only cubes priced up to %(first)s, Step 2 up to %(second)s.",
               first=w.money(p["caps"][0]), second=w.money(p["caps"][1]))


@rule_words("india_blackout")
def _w_india_blackout(w, p, players):
    if players is None:
        return w._("Blackout when more than %(per_player)s cities per player are built in a round: that round each "
                   "income is cut by %(money)s per city the player has (in the final round too).",
                   per_player=p["per_player"], money=w.money(p["penalty"]))
    return w._("Blackout when more than %(limit)s cities are built in a round: that round each income is cut by "
               "%(money)s per city the player has (in the final round too).",
               limit=players * p["per_player"], money=w.money(p["penalty"]))


@rule_words("india_garbage")
def _w_india_garbage(w, p, players):
    return w._("Garbage plants burn one cube more than printed and store only one run.")


@rule_words("duty_to_power")
def _w_duty_to_power(w, p, players):
    return w._("Each player must power as many cities as they can.")


from . import rulings_variations  # noqa: E402,F401  (registers the wordings of seed 000's variations)
