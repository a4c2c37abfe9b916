"""Central Europe's Vienna discount: the worked example of a map rule (referee/maprules/vienna_discount.py)."""
from referee import rulings
from mapkit import map_table, vienna_purchase
from tablekit import at_phase


def test_vienna_network_makes_each_garbage_cube_one_elektro_cheaper():
    """中央ヨーロッパ 第 3 フェーズ: 「ウィーンにネットワークがある場合、廃棄物の購入コストが -1 される」."""
    t = vienna_purchase()
    bought, discount = t.game.events[-1][:2]
    assert bought["cost"] == 12 and discount["full"] == 14 and discount["saved"] == 2   # 7 + 7 less 1 each
    assert t.p("Ann")["money"] == 50 - 12


def test_vienna_discount_never_makes_a_cube_cheaper_than_1():
    """「(最安値は 1 で 0 にはならない)」: a cube on a 1-space still costs 1."""
    t = at_phase(map_table("centraleurope", 3, areas=["yellow", "purple", "brown"]), "resources")
    t.edit(lambda s: s["resources"].update(market={**s["resources"]["market"], "garbage": 24},
                                           supply={**s["resources"]["supply"], "garbage": 0}))
    t.give("Ann", plants=[(6, {}), (14, {})], cities=["wien"])
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    events = t.do("buy", player="Ann", garbage=6)
    assert events[0]["cost"] == 1 + 1 + 1 + 1 + 1 + 1 and events[1]["full"] == 1 + 1 + 1 + 2 + 2 + 2


def test_no_discount_without_a_house_in_vienna_and_the_offer_shows_each_players_price():
    t = at_phase(map_table("centraleurope", 3, areas=["yellow", "purple", "brown"]), "resources")
    t.give("Ann", plants=[(6, {})], cities=["wien"])
    t.give("Cara", plants=[(14, {})], cities=["graz"])
    assert t.state["next"]["actions"][0]["cheapest"]["garbage"] == 7            # Cara buys first
    events = t.do("buy", player="Cara", garbage=2)
    assert "resource_discount" not in [e["type"] for e in events]
    assert events[0]["cost"] == 14
    t.do("pass", player="Bob")
    assert t.state["next"]["actions"][0]["cheapest"]["garbage"] == 6            # 7 - 1 for Ann


def test_vienna_discount_ruling_is_explained_in_each_language():
    game = vienna_purchase().game
    discount, board = game.events[-1][1], game.ctx.map
    assert "Wien" in rulings.render(discount, "en", board) and "14 Elektro" in rulings.render(discount, "en", board)
    assert "廃棄物" in rulings.render(discount, "ja", board) and "エレクトロ" in rulings.render(discount, "ja", board)
    assert "垃圾" in rulings.render(discount, "zh-Hant", board)
