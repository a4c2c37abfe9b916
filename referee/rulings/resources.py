"""Rulings of buying, moving and refilling resources (rules/resources.py, rules/storage.py)."""
from .words import ruling


@ruling("resources_bought")
def _resources_bought(w, e):
    if e.get("market"):
        return w._("%(player)s buys %(cubes)s from %(market)s for %(money)s.", player=e["player"],
                   cubes=w.cubes(e["amounts"]), market=w.market(e["market"]), money=w.money(e["cost"]))
    return w._("%(player)s buys %(cubes)s for %(money)s.", player=e["player"], cubes=w.cubes(e["amounts"]),
               money=w.money(e["cost"]))


@ruling("bought_nothing")
def _bought_nothing(w, e):
    return w._("%(player)s buys no resources.", player=e["player"])


@ruling("resources_moved")
def _resources_moved(w, e):
    return w._("%(player)s moves %(moves)s.", player=e["player"], moves=w.join(w.move(m) for m in e["moves"]))


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
