"""Baden-Württemberg: the cities outside the state are built in from Step 2 on.

Seed 001, バーデン=ヴュルテンベルク州, 第4フェーズ: 「エリア外都市の建設はステップ2より建設可」. The board prints
five cities beyond Baden-Württemberg's borders (Strasbourg, Basel, Ludwigshafen, Nürnberg, Augsburg:
the data's "transregional" cities, each in the area of its neighbours); they are the 「エリア外都市」
(docs/rules-notes.md). Until Step 2 begins nobody may build a house there (connections may still
run through them); `next` does not offer them. When Step 2 begins (also when the Step 3 card
brings Step 2's changes) the ruling `late_cities_open` names those in play.

Parameter: cities (city ids of the map).
"""
from ..rules.errors import IllegalBuild
from ..rules.events import event, listing
from . import unknown


def check(params: dict, game_map) -> list:
    problems = unknown(params, ["cities"])
    cities = params.get("cities")
    if not isinstance(cities, list) or not cities:
        return problems + ["cities: a non-empty list of city ids is needed; allowed: keys of [cities]"]
    strangers = [c for c in cities if c not in game_map.cities]
    if strangers:
        problems.append(f"cities: {', '.join(map(repr, strangers))} not a city id of this map; allowed: keys of [cities]")
    return problems


def closed_cities(cities, state, ctx, params):
    """Until Step 2 begins the cities outside the state are closed."""
    return cities if state["step2_started"] else cities + [c for c in params["cities"] if c not in cities]


def may_build(state, ctx, name, cities, params):
    closed = [c for c in cities if c in closed_cities([], state, ctx, params)]
    if closed:
        raise IllegalBuild(f"{listing(ctx.map.cities[c].name for c in closed)} lie outside the state: "
                           "houses there only from Step 2")
    return None


def step2_begins(state, ctx, params):
    in_play = ctx.map.cities_in(ctx.areas)
    opened = [c for c in params["cities"] if c in in_play]
    if not opened:
        return None
    return [event("late_cities_open", f"Step 2: {listing(ctx.map.cities[c].name for c in opened)}, outside the "
                  "state, may now be built in", cities=opened)]


def describe(w, params, players) -> str:
    return w._("%(cities)s, beyond the state's borders, may be built in only from Step 2.",
               cities=w.cities(params["cities"]))


def _ruling_late_cities_open(w, e):
    return w._("Step 2: %(cities)s, beyond the state's borders, may now be built in.", cities=w.cities(e["cities"]))


RULINGS = {"late_cities_open": _ruling_late_cities_open}   # this rule's events in the reader's words (referee.rulings)
