"""Why a city cannot be chosen for a build, in the page's language (the reasons are the engine's:
legal.build_choices); one line per reason, naming its cities, so a refusal never reads only "no"."""
from flask_babel import gettext as _, ngettext

from .views import words

ORDER = ("start", "budget", "limit", "full", "closed", "unreachable", "outside", "yours")


def refusals(ctx, player: str, choices: dict) -> list:
    """[{"reason", "text"}]: the cities of the play areas that cannot be chosen now, grouped by why
    (the cheapest over budget first), cities outside the areas and the player's own left to the end.
    Over budget is only ever said where the player's money may be seen: elsewhere the choices come
    from the game with that money out of reach (referee.web.viewer), so no city is refused for it."""
    w = words(ctx.map)
    groups: dict[str, list] = {}
    for o in choices["refused"]:
        if o["reason"] == "closed" and o.get("rule"):    # closed by a rule that says why in its own words
            groups.setdefault(("rule", o["rule"]), []).append(o)
        else:
            groups.setdefault(o["reason"], []).append(o)
    out = []
    for key in [k for k in groups if isinstance(k, tuple)]:
        found = groups[key]
        text = w.ruling(key[1], {"player": player, "cities": sorted((o["city"] for o in found), key=w.city)})
        out.append({"reason": "closed", "text": text})
    for reason in ORDER:
        found = groups.get(reason)
        if not found:
            continue
        first = found[0]
        if reason == "budget":
            found.sort(key=lambda o: (o["cost"], o["city"]))
            cities = w.join(_("%(city)s %(cost)s", city=w.city(o["city"]), cost=o["cost"]) for o in found)
            text = _("Over budget (%(player)s has %(left)s left): %(cities)s.", player=player,
                     left=w.money(first["left"]), cities=cities)
        else:
            names = w.cities(sorted((o["city"] for o in found), key=w.city))
            text = {
                "limit": lambda: ngettext("No more cities this turn: %(num)s at most.",
                                          "No more cities this turn: %(num)s at most.", first["max"]),
                "full": lambda: ngettext("Full in Step %(num)s (%(num)s house a city): %(cities)s.",
                                         "Full in Step %(num)s (%(num)s houses a city): %(cities)s.",
                                         first["step"], cities=names),
                "closed": lambda: _("Closed to %(player)s now by this map's rules: %(cities)s.",
                                    player=player, cities=names),
                "start": lambda: _("%(player)s's first house goes in %(city)s, the start city marked: choose it "
                                   "first, then %(cities)s.", player=player, city=w.city(first["start"]),
                                   cities=names),
                "unreachable": lambda: _("Not reachable from %(player)s's cities inside the play areas: "
                                         "%(cities)s.", player=player, cities=names),
                "outside": lambda: _("Outside the play areas: %(cities)s.", cities=names),
                "yours": lambda: _("%(player)s already has a house in %(cities)s.", player=player, cities=names),
            }[reason]()
        out.append({"reason": reason, "text": text})
    return out


def nothing_to_build(player: str, choices: dict) -> str:
    """Why the city list is empty: the cheapest city and the money (only where it may be seen, as
    refusals above), or that no city is open."""
    over = [o for o in choices["refused"] if o["reason"] == "budget"]
    if over:
        cheapest = min(over, key=lambda o: o["cost"])
        return _("No city is affordable: the cheapest costs %(cost)s; %(player)s has %(money)s.",
                 cost=cheapest["cost"], player=player, money=cheapest["left"])
    if any(o["reason"] == "limit" for o in choices["refused"]):
        return _("%(player)s may build in no more cities this turn.", player=player)
    return _("No city is open to %(player)s now.", player=player)
