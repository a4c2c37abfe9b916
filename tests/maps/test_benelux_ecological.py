"""Benelux: an ecological plant heading the future market is open to auction
(referee/maprules/benelux_ecological.py)."""
from referee import rulings
from referee.rules.errors import NotAvailable
from mapkit import benelux_ecological, map_table, swap_market


def test_benelux_ecological_head_of_the_future_market_makes_a_current_market_of_five():
    """ベネルクス 第 2 フェーズ: 「将来のマーケットの最も価値の小さい発電所がエコ・核融合である場合、現在のマーケットを
    5 つにすることができる。」"""
    t = map_table("benelux", 3)
    swap_market(t, [3, 4, 5, 6, 13, 18, 22, 27])
    nominate, sold = t.state["next"]["actions"]
    assert nominate["plants"] == [3, 4, 5, 6, 13] and sold["plants"] == [3, 4, 5, 6, 13]
    events = t.do("sold", player="Bob", plant=13, price=13)
    assert events[0]["type"] == "ecological_opened" and events[0]["plant"] == 13 and events[0]["size"] == 5


def test_benelux_ecological_opening_an_auction_on_it_says_why_it_is_open():
    opened, ruling = benelux_ecological().game.events[-1][:2]
    assert opened["plant"] == 13 and ruling["type"] == "ecological_opened" and ruling["plant_kind"] == "ecological"
    assert "自然エネルギー発電所" in rulings.render(ruling, "ja") and "5枚" in rulings.render(ruling, "ja")
    assert "自然能源發電廠" in rulings.render(ruling, "zh-Hant")


def test_benelux_ecological_a_plant_of_another_kind_heading_the_future_market_stays_closed():
    t = map_table("benelux", 3)
    swap_market(t, [3, 4, 5, 6, 7, 13, 18, 22])
    assert t.state["next"]["actions"][0]["plants"] == [3, 4, 5, 6]
    t.rejects("nominate", NotAvailable, player="Ann", plant=7)
    assert "ecological_opened" not in [e["type"] for e in t.do("nominate", player="Ann", plant=6)]
