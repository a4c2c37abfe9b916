"""China: a planned plant market — no future market, new plants once a round (seed 001, 中国).

Seed 001, 中国:
- 基本 「未来のマーケットはない」: every plant in the market is open to auction.
- 第 2 フェーズ (ステップ 1・2) 「発電所購入直後に発電所の補充はない(補充は第 5 フェーズ)。」 (ステップ 3)
  「マーケットにある発電所の数は 4 つで発電所を購入された後即座に補充する。」: a plant bought in Steps 1–2
  is not replaced; in Step 3 it is, as in the base game. (「全員購入パス時の発電所の除外がない」 is the
  rule `no_sale_kept`, which the map names too.)
- 第 4 フェーズ 「建設による発電所廃棄ルールがない。」: no removal by city count. 「ステップ 2 の最初に
  マーケットにある最も小さい発電所を除外して山札から発電所を補充する。」 is the base Step 2.
- 第 5 フェーズ (ステップ 1・2) 「まず、人数/2 枚(端数切捨て)で発電所を補充する。人数-1 枚より少ない場合は
  人数-1 枚になるように補充する。人数-1 枚より多い場合は、小さい発電所から人数-1 枚になるように除外する。
  (例外)2 人プレイの場合は発電所の枚数は常に 2 枚補充する。」: instead of the base market update, draw
  at least players ÷ 2 cards (rounded down), more until the market holds players − 1 plants (2 with
  two players), then the smallest leave the game down to that many (docs/rules-notes.md §5 MC1–MC3).
- 第 5 フェーズ (ステップ 3) 「マーケットにある発電所は 4 つ。最も小さい発電所を除外して山札から発電所を
  補充する。」: the lowest leaves, then cards are drawn until the market holds `step3_market` plants.
  Once the Step 3 card has come up (in China only at a phase-4 or phase-5 draw) the market is filled
  or cut to that size, and Step 3 begins with it.

Cards are drawn one at a time (each is a table fact; the ordered deck, 5–30, names the one card
that can come up). Parameter: step3_market (plants in the market in Step 3, default 4).
"""
from ..rules import deck, plant_market
from ..rules.context import STEP3
from ..rules.events import event, counted, named
from . import unknown, whole

DEFAULTS = {"step3_market": 4}


def check(params: dict, game_map) -> list:
    return unknown(params, list(DEFAULTS)) + whole(params, "step3_market", DEFAULTS["step3_market"], least=1)


def current_size(size, state, ctx, params):
    """No future market: every plant is open to auction."""
    return len(state["market"])


def after_sale(tasks, state, ctx, name, plant, params):
    """Steps 1–2: the plant bought is not replaced until phase 5."""
    if state["step"] == 3:
        return tasks
    return [{"task": "plant_not_replaced", "plant": plant} if t["task"] == "draw" else t for t in tasks]


def step3_size(size, ctx, params):
    return {**DEFAULTS, **params}["step3_market"]


def market_rules(changes, ctx, params):
    """No removal by city count, China's own market update: both said by the map's rules."""
    return {**changes, "city_removal": None, "market_update": None}


def low_cities(most, state, ctx, params):
    """No plant is removed by city count."""
    return None


def phase_end(tasks, state, ctx, params):
    """Phase 5: China's market update replaces the base one."""
    size = {**DEFAULTS, **params}["step3_market"]
    return [{"task": "china_market", "size": size} if t.get("task") == "market_update" else t for t in tasks]


def _plant_not_replaced(state, ctx, task) -> list:
    return [event("plant_not_replaced", f"Plant {task['plant']} is not replaced: in China new plants come into "
                  "the market in phase 5", plant=task["plant"])]


def _plants(state) -> list:
    return [c for c in state["market"] if c != STEP3]


def _market_update(state, ctx, task) -> list:
    """Phase 5: say what comes (Step 3: the lowest leaves first), then draw one card at a time."""
    n, size = ctx.players, task["size"]
    events = []
    if state["step"] == 3:
        minimum, target = 0, size
        low = plant_market.lowest(state)
        if low is not None:
            events.append(plant_market.remove(state, low, "end of round in Step 3: the lowest plant leaves",
                                              "end_of_round"))
    else:
        minimum, target = n // 2, (2 if n == 2 else n - 1)
    draws = min(deck.cards_left(state["deck"]), max(minimum, target - len(_plants(state))))
    if draws:
        events.append(event("china_market", f"China, phase 5: draw {counted(draws, 'card')} for the plant market "
                            f"(at least {minimum}; the market holds {target} plants)", step3=state["step"] == 3,
                            players=n, minimum=minimum, target=target, draws=draws))
    state["queue"].insert(0, {"task": "china_fill", "size": size, "minimum": minimum, "target": target,
                              "drawn": 0})
    return events


def _fill(state, ctx, task) -> list:
    """Draw while fewer than the minimum were drawn or the market is short; then cut it to size from
    the smallest. Once the Step 3 card has come up, the Step 3 size is the only aim."""
    step3 = state["deck"]["step3_drawn"]
    minimum, target = (0, task["size"]) if step3 else (task["minimum"], task["target"])
    plants = _plants(state)
    if deck.cards_left(state["deck"]) and (task["drawn"] < minimum or len(plants) < target):
        state["queue"][0:0] = [{"task": "draw", "reason": "fill the plant market (China)", "replacing": None,
                                "cause": "market_refill"}, {**task, "drawn": task["drawn"] + 1}]
        return []
    over = plants[:max(0, len(plants) - target)]
    if not over:
        return []
    plant_market.take(state, over)
    return [event("market_trimmed", f"The plant market holds {target} plants: {named('plant', over)}, the "
                  "smallest, leave the game", plants=over, target=target)]


TASKS = {"plant_not_replaced": _plant_not_replaced, "china_market": _market_update, "china_fill": _fill}


def describe(w, params, players) -> str:
    step3 = w._("Step 3: the market holds %(size)s plants and is refilled at once.", size=params.get("step3_market", 4))
    if players is None:
        draws = w._("Steps 1–2: a plant bought is not replaced; in phase 5 draw at least half the player count "
                    "(rounded down) and fill or cut the market to one plant fewer than the players (2 with 2 "
                    "players).")
    else:
        draws = w._("Steps 1–2: a plant bought is not replaced; in phase 5 draw at least %(minimum)s and fill or "
                    "cut the market to %(target)s plants.", minimum=players // 2, target=2 if players == 2 else players - 1)
    return w.sentences(w._("No future market: every plant in the market may be auctioned. Building removes no "
                           "plant."), draws, step3)


def _ruling_plant_not_replaced(w, e):
    return w._("China: %(plant)s is not replaced now; new plants come into the market in phase 5.",
               plant=w.plant(e["plant"]))


def _ruling_china_market(w, e):
    if e["step3"]:
        return w.ngettext("China, Step 3: the plant market holds %(target)s plants; draw %(num)s card.",
                          "China, Step 3: the plant market holds %(target)s plants; draw %(num)s cards.",
                          e["draws"], target=e["target"])
    return w.ngettext("China, phase 5: draw %(num)s card for the plant market (at least %(minimum)s with "
                      "%(players)s players, and as many as it takes to hold %(target)s plants); if it then holds "
                      "more than %(target)s, the smallest leave the game.",
                      "China, phase 5: draw %(num)s cards for the plant market (at least %(minimum)s with "
                      "%(players)s players, and as many as it takes to hold %(target)s plants); if it then holds "
                      "more than %(target)s, the smallest leave the game.",
                      e["draws"], minimum=e["minimum"], players=e["players"], target=e["target"])


def _ruling_market_trimmed(w, e):
    return w._("The plant market holds %(target)s plants: remove %(plants)s, the smallest, from the game.",
               target=e["target"], plants=w.plants(e["plants"]))


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "plant_not_replaced": _ruling_plant_not_replaced,
    "china_market": _ruling_china_market,
    "market_trimmed": _ruling_market_trimmed,
}
