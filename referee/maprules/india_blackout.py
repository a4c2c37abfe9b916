"""India: a blackout when too many cities are built in one round.

Seed 001, インド亜大陸, 第4フェーズ: 「新規建設した都市の数がプレイヤー人数×2を超えた場合、大規模停電が
発生する。」; フェーズ5 (大規模停電): 「発電の収入から建設都市数×3の収入を減らす。最終ラウンドに大規模停電
が発生した場合は、収入処理を行う。」

The houses all players built in this round's phase 4 are counted (a city where two players built
counts twice); more than players × `per_player` is a blackout. In that round's phase 5 each player's
income is reduced by `penalty` Elektro per city they have (建設都市数: their own cities, as in the
rule removing plants by city count), never below 0. In the final round, where no income is paid,
a blackout means income is paid after all, so reduced, before the winner is found (money breaks
ties). state["map"]["blackout"]: {"counted": {player: cities at the last count}, "round": the
round of the last blackout or None}.

Parameters: per_player (default 2), penalty (default 3).
"""
from ..rules.events import event
from ..rules.power import best
from ..rules.storage import specs_of, alloc_of
from . import unknown, whole

DEFAULTS = {"per_player": 2, "penalty": 3}


def check(params: dict, game_map) -> list:
    return unknown(params, list(DEFAULTS)) + [p for key in DEFAULTS for p in whole(params, key, DEFAULTS[key], least=1)]


def _params(ctx) -> dict:
    return {**DEFAULTS, **next(p for rule, p in ctx.rules if rule.__name__ == __name__)}


def setup_state(state, ctx, params):
    state.setdefault("map", {})["blackout"] = {"counted": dict.fromkeys(state["players"], 0), "round": None}


def phase_end(tasks, state, ctx, params):
    """After phase 4 (not the last: the game's end counts there, hook game_ends) the houses are counted."""
    if state["phase"] == "building":
        return [{"task": "blackout_check"}] + tasks
    return tasks


def _blackout(state, ctx, final: bool) -> list:
    """Count the houses built since the last count; the blackout ruling if they are too many."""
    p = _params(ctx)
    record = state["map"]["blackout"]
    built = sum(len(pl["cities"]) - record["counted"][n] for n, pl in state["players"].items())
    record["counted"] = {n: len(pl["cities"]) for n, pl in state["players"].items()}
    limit = len(state["players"]) * p["per_player"]
    if built <= limit:
        return []
    record["round"] = state["round"]
    return [event("blackout", f"Blackout: {built} cities were built this round, more than {limit} "
                  f"({len(state['players'])} players × {p['per_player']}): each player's income is cut by "
                  f"{p['penalty']} Elektro per city they have" + (", and income is paid in this final round"
                                                                  if final else ""),
                  built=built, limit=limit, players=len(state["players"]), per_player=p["per_player"],
                  penalty=p["penalty"], final=final)]


def _blackout_check(state, ctx, task):
    return _blackout(state, ctx, final=False)


def _cut(state, ctx, name, powered, paid) -> tuple:
    """(income after the cut, its ruling)."""
    penalty = _params(ctx)["penalty"]
    cities = len(state["players"][name]["cities"])
    income = max(0, paid - penalty * cities)
    return income, event("blackout_income", f"Blackout: {name}'s income {paid} Elektro less {penalty} × {cities} "
                         f"cities = {income} Elektro" + (" (never below 0)" if paid < penalty * cities else ""),
                         player=name, powered=powered, cities=cities, penalty=penalty, full=paid, income=income)


def income(paid, state, ctx, name, cities, events, params):
    if state["map"]["blackout"]["round"] != state["round"]:
        return paid
    paid, ruling = _cut(state, ctx, name, cities, paid)
    events.append(ruling)
    return paid


def game_ends(state, ctx, params):
    """The final round's houses are counted too; a blackout then pays the (reduced) income."""
    events = _blackout(state, ctx, final=True)
    if not events:
        return []
    for name in state["order"]:
        p = state["players"][name]
        powered = best(specs_of(ctx, p["plants"]), alloc_of(p["plants"]), len(p["cities"]))["cities"]
        paid, ruling = _cut(state, ctx, name, powered, ctx.edition.income_for(powered))
        p["money"] += paid
        events.append(ruling)
    return events


TASKS = {"blackout_check": _blackout_check}


def describe(w, params, players) -> str:
    if players is None:
        return w._("Blackout when more than %(per_player)s cities per player are built in a round: that round each "
                   "income is cut by %(money)s per city the player has. A blackout in the final round means incomes "
                   "are paid after all, cut the same way.",
                   per_player=params["per_player"], money=w.money(params["penalty"]))
    return w._("Blackout when more than %(limit)s cities are built in a round: that round each income is cut by "
               "%(money)s per city the player has. A blackout in the final round means incomes are paid after all, "
               "cut the same way.",
               limit=players * params["per_player"], money=w.money(params["penalty"]))


def _ruling_blackout(w, e):
    values = dict(built=e["built"], limit=e["limit"], players=e["players"], per_player=e["per_player"],
                  money=w.money(e["penalty"]))
    if e["final"]:
        return w._("Blackout: %(built)s cities were built this round, more than %(limit)s (%(players)s players × "
                   "%(per_player)s). Even in this final round income is paid, each player's cut by %(money)s per "
                   "city they have.", **values)
    return w._("Blackout: %(built)s cities were built this round, more than %(limit)s (%(players)s players × "
               "%(per_player)s): each player's income this round is cut by %(money)s per city they have.", **values)


def _ruling_blackout_income(w, e):
    values = dict(player=e["player"], full=w.money(e["full"]), penalty=e["penalty"], income=w.money(e["income"]))
    if e["full"] < e["penalty"] * e["cities"]:
        return w.ngettext("Blackout: %(player)s's income %(full)s less %(penalty)s × %(num)s city is 0 Elektro "
                          "(never below 0).",
                          "Blackout: %(player)s's income %(full)s less %(penalty)s × %(num)s cities is 0 Elektro "
                          "(never below 0).", e["cities"], **values)
    return w.ngettext("Blackout: %(player)s's income %(full)s less %(penalty)s × %(num)s city is %(income)s.",
                      "Blackout: %(player)s's income %(full)s less %(penalty)s × %(num)s cities is %(income)s.",
                      e["cities"], **values)


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "blackout": _ruling_blackout,
    "blackout_income": _ruling_blackout_income,
}
