"""Baden-Württemberg: two plants leave when nobody buys one (referee/maprules/no_sale_removal.py)."""
from referee import rulings
from mapkit import bw_round_two


def test_no_sale_removal_the_two_lowest_plants_leave_and_a_card_replaces_each():
    """バーデン=ヴュルテンベルク州 第1フェーズ: 「全員パスによる発電所の入れ替えは下から2枚を除外する。」
    (全員パス時 (例外3) 「バーデン=ヴュルデンベルク州は2枚除外」)"""
    t = bw_round_two()
    log = [e for fact in t.game.events for e in fact]
    ruling = next(e for e in log if e["type"] == "no_sale_removal")
    assert ruling["plants"] == [6, 7] and {6, 7} <= set(t.state["removed"])
    draws = [e for e in log[log.index(ruling):] if e["type"] == "plant_drawn"]
    assert [(e["replacing"], e["cause"]) for e in draws] == [(6, "no_sale"), (7, "no_sale")]
    assert "plant_removed" not in [e["type"] for e in log[log.index(ruling):]]
    assert len(t.state["market"]) == 8
    assert "発電所6、7" in rulings.render(ruling, "ja") and "6和7號發電廠" in rulings.render(ruling, "zh-Hant")
