"""Japan's two networks (referee/maprules/two_networks.py), seed 001 日本(アークライト版) 第 4 フェーズ:
「別々の電力網を 2 つまで持つことができる。 最初のラウンドは 2 都市までしか配置ができない。 2 ラウンド目以降は
2 つの電力網を作ることができる。 電力網の開始は「札幌」「東京」「横浜」「神戸」「大阪」「福岡」の 6 都市のみ配置ができる」."""
import pytest

from buildkit import engine_price, offer, offered, suggestions_are_priced_as_the_engine_prices_them
from mapkit import japan_networks, map_table
from referee import rulings
from referee.rules.errors import IllegalBuild
from tablekit import at_phase

AREAS = ["brown", "green", "purple"]
SIX_IN_PLAY = {"sapporo", "tokyo", "yokohama", "osaka"}      # Kobe and Fukuoka lie outside these areas


def japan(round_=1, **cities):
    """Building phase with Cara and Bob passed: Ann to build. cities: name -> its networks' cities."""
    t = at_phase(map_table("japan", 3, areas=AREAS), "building")
    t.edit(lambda s: s.update(round=round_))
    for name, owned in cities.items():
        t.give(name, cities=owned, money=100)
        t.edit(lambda s: s["map"]["networks"].update({name: [c for c in owned if c in SIX_IN_PLAY][:2]}))
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    return t


def test_two_networks_first_city_only_in_the_six_cities():
    """「電力網の開始は…6 都市のみ配置ができる」: the offer holds only the six (those in play)."""
    t = japan()
    assert set(offered(t)) == SIX_IN_PLAY and set(offered(t).values()) == {10}
    t.rejects("build", IllegalBuild, match="network may begin only in", player="Ann", cities=["chiba"])
    events = t.do("build", player="Ann", cities=["chiba", "tokyo"])
    assert [b["city"] for b in events[0]["builds"]] == ["tokyo", "chiba"] and events[0]["cost"] == 10 + 4 + 10
    assert events[1] == {**events[1], "type": "network_started", "city": "tokyo", "networks": 1, "limit": 2}
    assert t.state["map"]["networks"]["Ann"] == ["tokyo"]


def test_two_networks_first_round_allows_two_cities_at_most():
    """「最初のラウンドは 2 都市までしか配置ができない」."""
    t = japan()
    assert offer(t)["max_cities"] == 2
    t.rejects("build", IllegalBuild, match="2 cities at most", player="Ann", cities=["tokyo", "chiba", "yokohama"])
    t.rejects("build", IllegalBuild, match="from round 2", player="Ann", cities=["tokyo", "osaka"],
              new_network="osaka")
    t.do("build", player="Ann", cities=["tokyo", "chiba"])


def test_two_networks_first_round_suggestions_of_the_table_app_begin_in_the_six_and_stay_within_two():
    from referee.web import create_app
    from referee.web.inputs import panel
    t = japan()
    with create_app({"TESTING": True, "DATABASE": ":memory:"}).test_request_context():
        found = panel(t.game)["suggestions"]
    assert found and all(len(s["cities"]) <= 2 and set(s["cities"]) & SIX_IN_PLAY for s in found)
    assert all(engine_price(t, "Ann", s["cities"]) == s["total"] for s in found)


def test_two_networks_second_network_from_round_2_costs_its_house_only():
    """「2 ラウンド目以降は 2 つの電力網を作ることができる」: the fact names the new network's city."""
    t = japan_networks()
    built, started = t.game.events[-1][:2]
    assert built["builds"] == [{"city": "osaka", "from": None, "connection": 0, "house": 10}]
    assert started["networks"] == 2 and t.state["map"]["networks"]["Bob"] == ["sapporo", "osaka"]


def test_two_networks_offer_names_where_a_second_network_may_begin():
    t = japan(2, Ann=["sapporo"])
    act = offer(t)
    assert "max_cities" not in act
    assert act["new_network"] == [{"city": c, "cost": 10} for c in sorted(SIX_IN_PLAY - {"sapporo"})]
    assert offered(t).get("osaka", 100) > 10          # without the field Osaka would connect from Sapporo
    assert suggestions_are_priced_as_the_engine_prices_them(t, "Ann")


def test_two_networks_without_the_field_a_city_connects_as_usual():
    t = japan(2, Ann=["sapporo"])
    events = t.do("build", player="Ann", cities=["hakodate"])
    assert events[0]["builds"][0]["from"] == "sapporo" and "network_started" not in [e["type"] for e in events]


def test_two_networks_new_cities_connect_from_the_nearer_network():
    t = japan(2, Ann=["sapporo", "tokyo"])
    cost = offered(t)["chiba"]
    events = t.do("build", player="Ann", cities=["chiba"])
    assert events[0]["builds"][0]["from"] == "tokyo" and events[0]["cost"] == cost == 4 + 10


def test_two_networks_at_most_two():
    """「別々の電力網を 2 つまで」: a third is refused, and the offer names none."""
    t = japan(2, Ann=["sapporo", "tokyo"])
    assert "new_network" not in offer(t)
    t.rejects("build", IllegalBuild, match="already has 2 networks", player="Ann", cities=["osaka"],
              new_network="osaka")


@pytest.mark.parametrize("city, cities, match", [("chiba", ["chiba"], "may begin only in"),
                                                 ("osaka", ["kyoto"], "one of the cities built")])
def test_two_networks_new_network_must_be_one_of_the_six_and_built(city, cities, match):
    t = japan(2, Ann=["sapporo"])
    t.rejects("build", IllegalBuild, match=match, player="Ann", cities=cities, new_network=city)


def test_two_networks_ruling_is_explained_in_each_language():
    game = japan_networks().game
    started = game.events[-1][1]
    texts = {lang: rulings.render(started, lang, game.ctx.map) for lang in ("en", "ja", "zh-Hant")}
    assert "network 2 of at most 2" in texts["en"]
    assert "送電網" in texts["ja"]            # seed 000's word, not seed 001's 電力網
    assert "輸電網路" in texts["zh-Hant"]      # seed 002
