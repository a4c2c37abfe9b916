"""Rulings of bureaucracy and the game's end: cities powered, income, the winner (rules/bureaucracy.py,
rules/end.py)."""
from .words import ruling


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


@ruling("game_over")
def _game_over(w, e):
    winners, breaks = e["winners"], e["tie_breaks"]
    if len(winners) > 1 and breaks == ["money"]:   # Power Grid: Recharged: money is the only tie-break
        return w._("Game over: %(winners)s share the win, equal in cities powered and money.",
                   winners=w.join(winners))
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
