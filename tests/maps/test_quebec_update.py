"""Québec: the market update passes over green plants (referee/maprules/quebec_update.py)."""
from referee import rulings
from mapkit import map_table, quebec_update
from tablekit import at_phase, finish_phase


def test_quebec_update_puts_the_highest_plant_that_is_not_green_under_the_deck():
    """ケベック州 第5フェーズ: 「発電所更新時、緑以外のもっとも大きい発電所を山札に戻す。」"""
    t = quebec_update()
    ruling = next(e for e in t.game.events[-1] if e["type"] == "green_kept")
    assert ruling["plant"] == 10 and ruling["kept"] == [13, 18, 22]
    assert "plant_under_deck" not in [e["type"] for e in t.game.events[-1]]
    assert t.state["deck"]["under"] == [10] and {13, 18, 22} <= set(t.state["market"])
    assert t.state["next"]["actions"][0]["replacing"] == 10


def test_quebec_update_an_all_green_future_market_puts_nothing_under_and_draws_nothing():
    t = map_table("quebec", 3)
    t.buy_round_one([3, 4, 5], [22, 18, 13])
    t.edit(lambda s: (s["market"].remove(10), s["removed"].append(10)))   # future market: 13, 18, 22
    at_phase(t, "bureaucracy")
    finish_phase(t)
    ruling = next(e for e in t.game.events[-1] if e["type"] == "green_kept")
    assert ruling["plant"] is None and ruling["kept"] == [13, 18, 22]
    assert t.state["deck"]["under"] == [] and t.state["round"] == 2 and t.state["phase"] == "auction"
    assert "緑" in rulings.render(ruling, "ja") and "綠色" in rulings.render(ruling, "zh-Hant")


def test_quebec_update_step_3_keeps_the_base_update():
    t = at_phase(map_table("quebec", 3), "bureaucracy")
    t.edit(lambda s: s.update(step=3))
    finish_phase(t)
    removed = [e for e in t.game.events[-1] if e["type"] == "plant_removed"]
    assert [e["cause"] for e in removed] == ["end_of_round"] and removed[0]["plant"] == 3


def test_quebec_update_ruling_in_each_language():
    ruling = next(e for e in quebec_update().game.events[-1] if e["type"] == "green_kept")
    assert "緑以外" in rulings.render(ruling, "ja") and "非綠色" in rulings.render(ruling, "zh-Hant")
    assert rulings.render(ruling, "en").startswith("Put plant 10, the highest plant of the future market that is not")
