"""The British Isles' island link (referee/maprules/island_link.py): a second network on the other
island begins anywhere there for 20 Elektro (seed 001 ブリテン諸島 第4フェーズ)."""
from buildkit import engine_price, offered, suggestions_are_priced_as_the_engine_prices_them
from mapkit import british_island_link, map_table
from referee import rulings
from referee.planner import get_planner
from tablekit import at_phase

AREAS = ["green", "orange", "brown"]          # Ireland's two areas and Scotland


def british(**cities):
    t = at_phase(map_table("ukireland", 3, areas=AREAS), "building")
    for name, owned in cities.items():
        t.give(name, cities=owned, money=100)
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    return t


def printed(a, b):
    t = map_table("ukireland", 3, areas=AREAS)
    return get_planner(t.ctx.map, t.ctx.areas).distance(a, b)


def ireland(t):
    return sorted(c for c in t.ctx.map.cities_in(t.ctx.areas) if t.ctx.map.cities[c].area in ("green", "orange"))


def test_island_link_begins_a_second_network_on_the_other_island_for_20():
    """「別の島で第2送電網を始める場合は、任意の場所で20エレクトロを支払う」."""
    t = british_island_link()
    built, link = t.game.events[-1][:2]
    assert built["builds"] == [{"city": "dublin", "from": None, "connection": 20, "house": 10}]
    assert link == {**link, "type": "island_link", "player": "Ann", "city": "dublin", "cost": 20}
    assert t.p("Ann")["money"] == 60 - 30


def test_island_link_prices_every_city_of_the_other_island_at_20_in_the_offer():
    """「任意の場所で」: any city of the other island, however far."""
    t = british(Ann=["glasgow"])
    costs = offered(t)
    assert {c: costs[c] for c in ireland(t)} == {c: 30 for c in ireland(t)}
    assert suggestions_are_priced_as_the_engine_prices_them(t, "Ann")


def test_island_link_is_paid_once_the_rest_of_the_island_connects_by_its_lines():
    """Only the second network's first city is linked; Coleraine is 24 from Dublin by the lines."""
    t = british(Ann=["glasgow"])
    assert printed("dublin", "coleraine") == 24
    events = t.do("build", player="Ann", cities=["dublin", "coleraine"])
    assert events[0]["cost"] == 20 + 10 + 24 + 10
    assert [b["from"] for b in events[0]["builds"]] == [None, "dublin"]


def test_island_link_is_not_paid_again_once_the_player_is_on_both_islands():
    t = british(Ann=["glasgow", "dublin"])
    assert offered(t)["coleraine"] == 24 + 10
    events = t.do("build", player="Ann", cities=["coleraine"])
    assert events[0]["connection"] == 24 and "island_link" not in [e["type"] for e in events]


def test_island_link_lets_a_first_build_span_both_islands():
    """The first network is free, the second, on the other island, costs 20."""
    t = british()
    t.give("Ann", money=100)
    assert engine_price(t, "Ann", ["glasgow", "dublin"]) == 10 + 20 + 10
    events = t.do("build", player="Ann", cities=["dublin", "athlone", "glasgow"])
    assert events[0]["cost"] == 10 + (9 + 10) + (20 + 10)
    assert [e["city"] for e in events if e["type"] == "island_link"] in (["glasgow"], ["dublin"])


def test_island_link_ruling_is_explained_in_each_language():
    game = british_island_link().game
    link = game.events[-1][1]
    texts = {lang: rulings.render(link, lang, game.ctx.map) for lang in ("en", "ja", "zh-Hant")}
    assert "other island" in texts["en"] and "20 Elektro" in texts["en"]
    assert "島" in texts["ja"] and "送電網" in texts["ja"]
    assert "島" in texts["zh-Hant"]
