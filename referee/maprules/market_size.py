"""A plant market laid out in rows other than 4 + 4 (seed 001, ロシア: 「現在のマーケット:03~05 将来の
マーケット:07~09 マーケットは 3 枚×2 段の 6 枚で構成する」).

The market keeps the size it starts with (each plant that leaves is replaced), so the map's starting
market sets the rows; this rule says how many of them are open to auction in Steps 1–2. In Step 3
every plant is open, as in the base game (Russia: 6 − the Step 3 card and the lowest plant = 4,
seed 001 「ステップ 3: マーケットにある発電所は 4 つ」).

Parameter: current (how many plants are open to auction in Steps 1–2).
"""

from . import unknown, whole


def check(params: dict, game_map) -> list:
    return unknown(params, ["current"]) + whole(params, "current", least=1)


def current_size(size, state, ctx, params):
    return params["current"]


def describe(w, params, players) -> str:
    return w.ngettext("Steps 1–2: only the lowest plant of the market may be auctioned; Step 3: all of them.",
                      "Steps 1–2: only the %(num)s lowest plants of the market may be auctioned; Step 3: all of "
                      "them.", params["current"])
