"""Baden-Württemberg: building never removes plants from the market.

Seed 001, バーデン=ヴュルテンベルク州, 第4フェーズ: 「建設都市数による発電所の除外は行わない。」 (the exceptions'
「建設による発電所の破棄 (例外1) 中国、バーデン=ヴュルデンベルク州は補充しない」 has nothing left to refill then:
no plant leaves, docs/rules-notes.md). A market plant numbered at or below a player's city count
stays in the market.

No parameters.
"""

from . import unknown


def check(params: dict, game_map) -> list:
    return unknown(params)


def market_rules(changes, ctx, params):
    return {**changes, "city_removal": None}


def low_cities(most, state, ctx, params):
    return None


def describe(w, params, players) -> str:
    return w._("Building never removes plants from the market, whatever the city count.")
