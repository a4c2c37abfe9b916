"""The British Isles' Step 2 when every city holds a house (referee/maprules/all_cities_step2.py):
seed 001 ブリテン諸島 ステップ2 「通常のステップ2移行条件に加えて全都市を建設した場合もステップ2に移行する」."""
from mapkit import british_cities, british_every_city_step2, map_table
from referee import rulings
from tablekit import at_phase, finish_phase


def test_all_cities_step2_begins_when_every_city_in_play_holds_a_house():
    t = british_every_city_step2()
    events = [e for es in t.game.events for e in es]
    step2 = next(e for e in events if e["type"] == "step2")
    built = next(e for e in events if e["type"] == "every_city_built")
    assert step2["cause"] == "map" and built["cities"] == 18 and built["threshold"] == 7
    assert t.state["step"] == 2


def test_all_cities_step2_not_while_a_city_is_empty():
    t = at_phase(map_table("ukireland", 3, areas=["green", "orange", "yellow"]), "building")
    cities = british_cities(t)
    for k, name in enumerate(("Ann", "Bob", "Cara")):
        t.give(name, cities=cities[6 * k:6 * k + 6][: 5 if name == "Cara" else 6])
    finish_phase(t)
    assert t.state["step"] == 1 and not t.state["step2_started"]


def test_all_cities_step2_ruling_is_explained_in_each_language():
    game = british_every_city_step2().game
    events = [e for es in game.events for e in es if e["type"] in ("step2", "every_city_built")]
    for e in events:
        texts = {lang: rulings.render(e, lang, game.ctx.map) for lang in ("en", "ja", "zh-Hant")}
        assert len(set(texts.values())) == 3
    assert "18" in rulings.render(events[1], "ja", game.ctx.map)
