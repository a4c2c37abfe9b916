"""Baden-Württemberg: Step 2 begins at one city fewer than the base table says.

Seed 001, バーデン=ヴュルテンベルク州, ステップ2: 「ステップ2の以降条件は基本ルールの都市数-1」 and ステップ移動の
条件 (例外) 「バーデン=ヴュルデンベルク州は、第2ステップ移行条件は上記表示件数-1」: 9 cities with 2 players, 6 with
3–5, 5 with 6. When Step 2 begins by city count the ruling `step2_earlier` says so.

Parameter: by (how many cities fewer, default 1).
"""
from ..rules.events import event
from . import unknown, whole


def check(params: dict, game_map) -> list:
    return unknown(params, ["by"]) + whole(params, "by", 1, least=1)


def step2_cities(cities, ctx, params):
    return max(1, cities - params.get("by", 1))


def step2_begins(state, ctx, params):
    if state["step"] != 2:   # Step 2's changes brought by the Step 3 card: no city count involved
        return None
    base = ctx.counts.step2
    return [event("step2_earlier", f"On this map Step 2 begins at {ctx.step2_cities} cities, {base - ctx.step2_cities} "
                  f"fewer than the base rule's {base}", cities=ctx.step2_cities, base=base)]


def describe(w, params, players) -> str:
    if players is not None:
        base = w.edition.player_counts[players].step2
        return w._("Step 2 begins at %(cities)s cities, not the base rule's %(base)s.",
                   cities=step2_cities(base, None, params), base=base)
    return w.ngettext("Step 2 begins at %(num)s city fewer than the base rule says.",
                      "Step 2 begins at %(num)s cities fewer than the base rule says.", params["by"])


def _ruling_step2_earlier(w, e):
    return w._("On this map Step 2 begins at %(cities)s cities, one fewer than the base rule's %(base)s.",
               cities=e["cities"], base=e["base"]) if e["base"] - e["cities"] == 1 else \
        w._("On this map Step 2 begins at %(cities)s cities instead of the base rule's %(base)s.",
            cities=e["cities"], base=e["base"])


RULINGS = {"step2_earlier": _ruling_step2_earlier}   # this rule's events in the reader's words (referee.rulings)
