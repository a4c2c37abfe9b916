"""Baden-Württemberg: building removes no plant (referee/maprules/no_city_removal.py)."""
from mapkit import map_table
from tablekit import at_phase


def test_no_city_removal_plants_numbered_at_or_below_a_players_city_count_stay():
    """バーデン=ヴュルテンベルク州 第4フェーズ: 「建設都市数による発電所の除外は行わない。」"""
    t = at_phase(map_table("badenwurttemberg", 3, areas=["yellow", "green", "purple"]), "building")
    t.give("Cara", plants=[(13, {})], cities=["lahr", "offenburg", "freiburg", "lorrach"], money=200)
    events = t.do("build", player="Cara", cities=["waldshut_tiengen"])
    assert len(t.p("Cara")["cities"]) == 5 and t.state["market"][:3] == [3, 4, 5]
    assert "plant_removed" not in [e["type"] for e in events]
    assert t.state["next"]["actions"][0]["type"] == "build"   # no draw is waited for
