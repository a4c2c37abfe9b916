"""Baden-Württemberg: the cities beyond the state's borders from Step 2 (referee/maprules/late_cities.py)."""
from referee import rulings
from referee.rules.errors import IllegalBuild
from mapkit import bw_step2, map_table
from tablekit import at_phase

AREAS = ["yellow", "green", "purple"]


def test_late_cities_are_closed_in_step_1_and_not_offered():
    """バーデン=ヴュルテンベルク州 第4フェーズ: 「エリア外都市の建設はステップ2より建設可」."""
    t = at_phase(map_table("badenwurttemberg", 3, areas=AREAS), "building")
    t.give("Cara", plants=[(13, {})], cities=["offenburg"])
    offered = {o["city"] for o in t.state["next"]["actions"][0]["cities"]}
    assert "lahr" in offered and not offered & {"strasbourg", "basel", "augsburg"}
    t.rejects("build", IllegalBuild, match="Strasbourg .*only from Step 2", player="Cara", cities=["strasbourg"])
    t.do("build", player="Cara", cities=["lahr"])


def test_late_cities_open_when_step_2_begins_and_are_offered_and_built():
    t = bw_step2()
    ruling = next(e for e in t.game.events[-1] if e["type"] == "late_cities_open")
    assert ruling["cities"] == ["strasbourg", "basel", "augsburg"]   # Ludwigshafen and Nürnberg are not in play
    t.draw(t.state["next"]["actions"][0]["possible"][0])
    finish = t.state["next"]["actions"]
    assert finish[0]["type"] == "power"
    t.edit(lambda s: s.update(phase="building", acted=["Ann", "Bob"]))     # Cara's turn to build, Step 2
    offered = {o["city"] for o in t.state["next"]["actions"][0]["cities"]}
    assert {"strasbourg", "basel", "augsburg"} <= offered
    t.do("build", player="Cara", cities=["strasbourg"])
    assert "州の外" in rulings.render(ruling, "ja", t.ctx.map) and "州界以外" in rulings.render(ruling, "zh-Hant")
