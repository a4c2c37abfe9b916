"""The game's log: one line per table fact, and the rulings of undo, redo and corrections (referee/game.py)."""
from ..rules.context import RESOURCES
from ..rules.deck import parse_card
from .vocabulary import MARKETS
from .words import fact_line, ruling


@ruling("undone")
def _undone(w, e):
    return w._("Taken back: %(fact)s.", fact=w.fact(e["action"]))


@ruling("redone")
def _redone(w, e):
    return w._("Entered again: %(fact)s.", fact=w.fact(e["action"]))


@ruling("corrected")
def _corrected(w, e):
    return w._("Fact %(number)s is corrected, and every later fact is replayed.", number=e["fact"])


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
        return w._("%(player)s buys %(cubes)s from %(market)s", player=f["player"], cubes=w.cubes(bought),
                   market=w.market(f["market"]))
    return w._("%(player)s buys %(cubes)s", player=f["player"], cubes=w.cubes(bought))


@fact_line("move")
def _f_move(w, f):
    return w._("%(player)s moves %(moves)s", player=f["player"], moves=w.join(w.move(m) for m in f["moves"]))


@fact_line("build")
def _f_build(w, f):
    return w._("%(player)s builds in %(cities)s", player=f["player"], cities=w.cities_by_name(f["cities"]))


@fact_line("start_city")
def _f_start_city(w, f):
    return w._("%(player)s marks %(city)s as their start city", player=f["player"],
               city=w.cities_by_name([f["city"]]))


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
    return w._("Correct fact %(number)s to: %(fact)s", number=f["fact"], fact=w.fact(f["action"]))
