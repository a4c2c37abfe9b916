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
}


@ruling("plant_drawn")
def _plant_drawn(w, e):
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
    parts = [w._("%(city)s (house %(house)s)", city=w.city(b["city"]), house=b["house"]) if b["from"] is None else
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
def _refill(w, e):
    resource, added, due, supply, room = w.resource(e["resource"]), e["added"], e["due"], e["supply"], e["room"]
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
        players = [w.ngettext("%(player)s (up to %(num)s city)", "%(player)s (up to %(num)s cities)",
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
    errors.NotAvailable: N_("That plant or those resources are not available."),
    errors.ImpossibleDraw: N_("That card cannot be the one that came up."),
    errors.IllegalBuild: N_("That cannot be built."),
    errors.IllegalPower: N_("Those plants cannot power that."),
    errors.IllegalAction: N_("That cannot be done now."),
}
MOVED = N_("Another device entered something first; the page now shows the game as it stands.")


def render_error(error, lang: str, next_actions=None, game_map=None) -> str:
    """A refusal: what is wrong (by the error's class) and, given `next`, what is allowed now.

    The web's Moved (another device entered first) is recognised by name, so that this module,
    used by printing and the command line too, does not import the web layer."""
    w = Words(lang, game_map)
    if type(error).__name__ == "Moved":
        return w._(MOVED)
    if getattr(error, "correcting", None) is not None:
        return _refused_correction(w, error)
    problem = next((text for cls, text in PROBLEMS.items() if isinstance(error, cls)),
                   PROBLEMS[errors.IllegalAction])
    if next_actions is None or isinstance(error, errors.BadSetup):
        return w._(problem)
    return w.sentences(w._(problem), allowed_now(next_actions, lang, game_map))


def _refused_correction(w, error) -> str:
    """A correction that would make a fact illegal (Game._correct): which one, and why."""
    problem = render_error(error.cause, w.lang, None, w.map)
    if error.failing == error.correcting:
        return w.sentences(w._("Fact %(number)s cannot be corrected like this.", number=error.correcting), problem)
    return w.sentences(w._("Fact %(number)s cannot be corrected like this: fact %(later)s (%(fact)s) would then "
                           "be illegal.", number=error.correcting, later=error.failing,
                           fact=_fact(w, error.failing_fact)), problem)
