"""Benelux: the lowest plant also leaves at the end of each round in Steps 1–2 (referee/maprules/benelux_removal.py)."""
from referee import rulings
from mapkit import benelux_end_of_round, map_table
from tablekit import at_phase, finish_phase


def test_benelux_removal_the_lowest_plant_leaves_with_the_end_of_round_update_and_a_card_replaces_each():
    """ベネルクス 第 5 フェーズ: 「第 1 ステップ・第 2 ステップ時にマーケット内にある最も価値の小さい発電所を破棄して
    山札から 1 枚補充する。」"""
    t = benelux_end_of_round()
    lowest, under = [e for e in t.game.events[-1] if e["type"] in ("end_of_round_lowest", "plant_under_deck")]
    assert lowest["plant"] == 3 and under["plant"] == 10
    assert 3 in t.state["removed"] and t.state["deck"]["under"] == [10]
    assert t.state["market"] == [4, 5, 6, 7, 8, 9]
    first = t.state["next"]["actions"][0]
    assert (first["replacing"], first["cause"], first["possible"]) == (10, "end_of_round", [13])
    t.draw(13)
    second = t.state["next"]["actions"][0]
    assert (second["replacing"], second["cause"]) == (3, "end_of_round")
    t.draw(second["possible"][0])
    assert len(t.state["market"]) == 8 and t.state["round"] == 2


def test_benelux_removal_not_in_step_3_where_the_base_rule_removes_the_lowest_already():
    t = at_phase(map_table("benelux", 3), "bureaucracy")
    t.edit(lambda s: s.update(step=3))
    finish_phase(t)
    kinds = [e["type"] for e in t.game.events[-1]]
    assert "end_of_round_lowest" not in kinds and kinds.count("plant_removed") == 1


def test_benelux_removal_ruling_in_each_language():
    e = next(e for e in benelux_end_of_round().game.events[-1] if e["type"] == "end_of_round_lowest")
    assert "ゲームから除外" in rulings.render(e, "ja") and "移除遊戲" in rulings.render(e, "zh-Hant")
