"""Australia: the general link joins any two cities for 20 Elektro.

Seed 001, オーストラリア, 第4フェーズ: 「電線コストはマップ上のコストまたは一般接続コスト(20エレクトロ)のどちらを
選択してもよい」. Each new city's connection costs the printed path from the player's network or `cost`,
whichever is less — so cities the printed links do not join (the board's three land groups) can be
reached too. The planner prices it in its distances (get_planner(..., link=cost)): min(path, cost)
is still a metric, so every plan, offer and suggestion stays exact; a connection by the general
link is one direct link from the player's city. A ruling names each one used.

Parameter: cost (Elektro; seed 001: 20).
"""
from ..planner import get_planner
from ..rules.events import event
from . import unknown, whole


def check(params: dict, game_map) -> list:
    return unknown(params, ["cost"]) + whole(params, "cost", unit=" of Elektro")


def planner_options(options, ctx, params):
    return {**options, "link": params["cost"]}


def built(state, ctx, name, plan, params):
    """A ruling for each connection the general link made cheaper than the printed path."""
    printed = get_planner(ctx.map, ctx.areas)
    events = []
    for b in plan.builds:
        if b.from_ is None or b.connection != params["cost"]:
            continue
        path = printed.distance(b.from_, b.city)
        if path is None or path > b.connection:
            events.append(event(
                "general_link", f"{name} connects {ctx.map.cities[b.city].name} from "
                f"{ctx.map.cities[b.from_].name} by the general link for {b.connection} Elektro "
                + (f"instead of the printed {path}" if path is not None else "(no printed path joins them)"),
                player=name, city=b.city, source=b.from_, cost=b.connection, printed=path))
    return events


def describe(w, params, players) -> str:
    return w._("Any two cities may be connected by the general link for %(money)s instead of the printed cost.",
               money=w.money(params["cost"]))


def _ruling_general_link(w, e):
    if e["printed"] is None:
        return w._("%(player)s connects %(city)s from %(source)s by the general link for %(money)s: no printed "
                   "line joins them.", player=e["player"], city=w.city(e["city"]), source=w.city(e["source"]),
                   money=w.money(e["cost"]))
    return w._("%(player)s connects %(city)s from %(source)s by the general link for %(money)s instead of the "
               "printed %(printed)s.", player=e["player"], city=w.city(e["city"]), source=w.city(e["source"]),
               money=w.money(e["cost"]), printed=w.money(e["printed"]))


RULINGS = {"general_link": _ruling_general_link}   # this rule's events in the reader's words (referee.rulings)
