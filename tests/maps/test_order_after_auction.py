"""Baden-Württemberg: phase 1 after phase 2 (referee/maprules/order_after_auction.py)."""
from referee import rulings
from mapkit import bw_round_two


def test_order_after_auction_a_round_opens_in_the_last_order_and_the_order_is_set_after_the_auction():
    """バーデン=ヴュルテンベルク州 基本: 「第1フェーズ(プレイ順決定)と第2フェーズ(発電所オークション)が入れ替わる」.
    After round 1 the order is Cara, Bob, Ann (by plants); Ann then builds Freiburg. The base game would put Ann
    first for round 2's auction; here the auction runs in the old order and Ann moves up only after it."""
    t = bw_round_two()
    log = [e for fact in t.game.events for e in fact]
    start = next(i for i, e in enumerate(log) if e["type"] == "round" and e["round"] == 2)
    passes = [e["player"] for e in log[start:] if e["type"] == "auction_passed"]
    assert passes == ["Cara", "Bob", "Ann"]
    assert "turn_order" not in [e["type"] for e in log[start:]]
    ruling = next(e for e in log[start:] if e["type"] == "order_after_auction")
    assert ruling["order"] == ["Ann", "Cara", "Bob"] == t.state["order"]
    assert t.state["phase"] == "resources"
    assert "フェイズ1とフェイズ2が入れ替わります" in rulings.render(ruling, "ja")
    assert "Ann、Cara、Bob" in rulings.render(ruling, "zh-Hant")
