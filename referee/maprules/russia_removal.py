"""Russia: when plants leave the market — the first player's pass, and the fewest cities.

Seed 001, ロシア:
- 第 2 フェーズ 「最初のオークションにおいて、発電所選択できるプレイヤーがパスした場合発電所の入れ替えを行う。」
  and 全員パス時 (例外2) 「ロシアは最初のプレイヤーがパスしたとき、もっとも低い発電所を廃棄し、全員パス時は廃棄
  しない。」 The player who may choose the round's first auction is the first in turn order; when that
  player passes instead of choosing a plant, the lowest plant leaves the game and a card replaces it.
  A later chooser's pass changes nothing (docs/rules-notes.md §5 MR1). 「全員パス時は廃棄しない」 is the
  rule `no_sale_kept`, which the map names too.
- 第 4 フェーズ 「発電所マーケットにある発電所の最小値 ≤ プレイヤーの建設件数の最小値 が成立する場合、発電所
  マーケットにある最も小さい発電所を入れ替える。」 and 建設による発電所の破棄 (例外2) 「ロシアは建設件数の少ない
  プレイヤーを基準とする」: plants are removed (and replaced, each new card checked again) at the fewest
  cities any player has instead of the most.

No parameters.
"""
from ..rules import plant_market
from ..rules.deck import replacement
from ..rules.events import event
from . import unknown


def check(params: dict, game_map) -> list:
    return unknown(params)


def market_rules(changes, ctx, params):
    """Plants leave at the fewest cities of any player (a map leaving it to its rules keeps it so)."""
    return {"city_removal": "fewest", **changes}


def low_cities(most, state, ctx, params):
    """The fewest cities any player has, not the most."""
    return min(len(p["cities"]) for p in state["players"].values())


def low_removed(state, ctx, name, plants, cities, params):
    """Says why the count is a player with the fewest cities, not the leader's."""
    most = max(len(p["cities"]) for p in state["players"].values())
    return [event("fewest_cities", f"In Russia the plant market is checked against the fewest cities any player "
                  f"has ({name}: {cities}), not the most ({most})", player=name, cities=cities, most=most,
                  plants=plants)]


def chooser_passed(state, ctx, name, params):
    """The first player in turn order passes the round's first auction: the lowest plant is replaced."""
    low = plant_market.lowest(state)
    if name != state["order"][0] or low is None:
        return []
    plant_market.take(state, [low])
    state["queue"].insert(0, replacement(low, "first_pass"))
    return [event("first_pass_removal", f"{name}, first in turn order, passes without choosing a plant: "
                  f"plant {low}, the lowest, leaves the game and a card replaces it", player=name, plant=low)]


def describe(w, params, players) -> str:
    return w._("If the first player passes instead of choosing the round's first plant, the lowest plant leaves "
               "the game and is replaced. Plants leave for the fewest cities any player has, not the most.")


def _ruling_first_pass_removal(w, e):
    return w._("%(player)s, first in turn order, passes without choosing a plant: in Russia %(plant)s, the lowest, "
               "leaves the game and a card replaces it.", player=e["player"], plant=w.plant(e["plant"]))


def _ruling_fewest_cities(w, e):
    return w._("In Russia plants are removed by the fewest cities any player has (%(player)s: %(cities)s), not by "
               "the most (%(most)s).", player=e["player"], cities=e["cities"], most=e["most"])


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "first_pass_removal": _ruling_first_pass_removal,
    "fewest_cities": _ruling_fewest_cities,
}
