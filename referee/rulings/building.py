"""Rulings of building: the cities built and what they cost, the game's end reached (rules/building.py)."""
from .words import ruling


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
    if not e.get("still_to_build", True):   # the player who reached the end built last
        return w._("%(player)s has %(cities)s cities, and the game ends at %(end)s: it ends after this building "
                   "phase.", player=e["player"], cities=e["cities"], end=e["end"])
    return w._("%(player)s has %(cities)s cities, and the game ends at %(end)s: it ends after this building "
               "phase, and the other players still build.", player=e["player"], cities=e["cities"], end=e["end"])
