"""India's garbage plants (referee/maprules/india_garbage.py), seed 001 インド亜大陸 基本 廃棄物発電所."""
from referee import rulings
from referee.rules.errors import CannotStore
from mapkit import india_blackout, map_table
from tablekit import at_phase


def test_india_garbage_plant_burns_one_more_than_printed_and_stores_one_run():
    """「発電コストは表記コスト+1。 資源は1回しか保管できない。」 Plant 6 (printed 1 garbage) burns 2 and holds 2,
    plant 14 (printed 2) burns 3 and holds 3; plant 10 (coal) is as printed."""
    ctx = map_table("indian", 3).ctx
    assert (ctx.plant(6).burns, ctx.plant(6).capacity) == (2, 2)
    assert (ctx.plant(14).burns, ctx.plant(14).capacity) == (3, 3)
    assert (ctx.plant(10).burns, ctx.plant(10).capacity) == (2, 4)
    assert map_table("germany", 3).ctx.plant(6).burns == 1


def test_india_garbage_plant_cannot_store_a_second_run():
    t = at_phase(map_table("indian", 3), "resources")
    t.give("Cara", plants=[(6, {})])
    assert t.state["next"]["actions"][0]["max"]["garbage"] == 1      # one cube at a time
    t.do("buy", player="Cara", garbage=1)
    t.do("pass", player="Bob")
    t.do("pass", player="Ann")
    t.do("buy", player="Cara", garbage=1)
    t.rejects("buy", CannotStore, player="Cara", garbage=1)
    assert t.state["next"]["actions"][0]["max"]["garbage"] == 0


def test_india_garbage_plant_firing_is_explained():
    t = india_blackout()
    events = [e for events in t.game.events for e in events]
    ruling = next(e for e in events if e["type"] == "garbage_plant_cost")
    assert ruling["plants"] == [{"plant": 6, "printed": 1, "burns": 2}]
    powered = next(e for e in events if e["type"] == "powered" and e["player"] == "Ann")
    assert powered["burned"] == {"garbage": 2}
    assert "表記コスト+1" in rulings.render(ruling, "ja") and "垃圾發電廠" in rulings.render(ruling, "zh-Hant")
