"""British Isles, two players: the game ends when a player has built in every city in play.

Seed 001, ブリテン諸島 (general notes): 「2人プレイの場合はどちらかが全都市を配置した時点でゲーム終了する」.
Two players play three areas of 5 to 8 cities, often fewer than the 21 cities that end the base
game, so the end comes when either player has a house in every city in play (the end count is the
smaller of the two); the game still ends after that building phase (base rule).

Parameter: players (the player count it applies to; seed 001: 2).
"""
from ..rules.events import event
from . import unknown


def check(params: dict, game_map) -> list:
    problems = unknown(params, ["players"])
    v = params.get("players")
    if isinstance(v, bool) or not isinstance(v, int) or not 2 <= v <= 6:
        problems.append(f"players: {v!r} is not allowed; allowed: a player count, 2 to 6")
    return problems


def end_cities(end, ctx, params):
    if ctx.players != params["players"]:
        return end
    return min(end, len(ctx.map.cities_in(ctx.areas)))


def built(state, ctx, name, plan, params):
    n = len(ctx.map.cities_in(ctx.areas))
    if (ctx.players == params["players"] and n < ctx.counts.end and not ctx.short_game and not state["end_reached"]
            and len(state["players"][name]["cities"]) >= n):
        return [event("every_city_placed", f"{name} has a house in every one of the {n} cities in play: "
                      f"with {ctx.players} players the game ends after this building phase",
                      player=name, cities=n, players=ctx.players)]
    return []


def describe(w, params, players) -> str:
    if players is not None and players != params["players"]:
        return ""
    return w._("With %(players)s players the game also ends when a player has a house in every city in play.",
               players=params["players"])


def _ruling_every_city_placed(w, e):
    return w._("%(player)s has a house in every one of the %(cities)s cities in play: with %(players)s players "
               "the game ends after this building phase.", player=e["player"], cities=e["cities"],
               players=e["players"])


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "every_city_placed": _ruling_every_city_placed,
}
