"""A plant market laid out in rows other than 4 + 4 (seed 001, ロシア: 「現在のマーケット:03~05 将来の
マーケット:07~09 マーケットは 3 枚×2 段の 6 枚で構成する」).

The market keeps the size it starts with (each plant that leaves is replaced), so the map's starting
market sets the rows; this rule says how many of them are open to auction in Steps 1–2. In Step 3
every plant is open, as in the base game (Russia: 6 − the Step 3 card and the lowest plant = 4,
seed 001 「ステップ 3: マーケットにある発電所は 4 つ」).

Parameter: current (how many plants are open to auction in Steps 1–2).
"""


def check(params: dict, game_map) -> list:
    problems = [f"{k}: unknown parameter; allowed: current" for k in params if k != "current"]
    v = params.get("current")
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        problems.append(f"current: {v!r} is not allowed; allowed: a whole number ≥ 1")
    return problems


def current_size(size, state, ctx, params):
    return params["current"]
