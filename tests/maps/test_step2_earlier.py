"""Baden-Württemberg: Step 2 at one city fewer (referee/maprules/step2_earlier.py)."""
import pytest

from referee import rulings
from mapkit import bw_step2, map_table
from tablekit import at_phase, finish_phase


def test_step2_earlier_begins_step_2_at_6_cities_with_3_players():
    """バーデン=ヴュルテンベルク州 ステップ2: 「ステップ2の以降条件は基本ルールの都市数-1」."""
    t = bw_step2()
    kinds = [e["type"] for e in t.game.events[-1]]
    assert t.state["step"] == 2 and kinds.index("step2") < kinds.index("step2_earlier")
    ruling = next(e for e in t.game.events[-1] if e["type"] == "step2_earlier")
    assert (ruling["cities"], ruling["base"]) == (6, 7)
    assert "6都市" in rulings.render(ruling, "ja") and "6座城市" in rulings.render(ruling, "zh-Hant")


@pytest.mark.parametrize("players, cities", [(2, 9), (3, 6), (5, 6)])
def test_step2_earlier_thresholds_are_the_base_tables_less_one(players, cities):
    """ステップ移動の条件 (例外): 「バーデン=ヴュルデンベルク州は、第2ステップ移行条件は上記表示件数-1」."""
    assert map_table("badenwurttemberg", players).ctx.step2_cities == cities


def test_step2_earlier_not_at_5_cities_with_3_players():
    t = at_phase(map_table("badenwurttemberg", 3, areas=["yellow", "green", "purple"]), "building")
    t.give("Ann", plants=[(13, {})], cities=["lahr", "offenburg", "freiburg", "lorrach", "waldshut_tiengen"])
    finish_phase(t)
    assert t.state["step"] == 1 and not t.state["step2_started"]
