"""Australia's general link (referee/maprules/general_link.py): a connection costs the printed path
or 20 Elektro, whichever is less (seed 001 オーストラリア 第4フェーズ)."""
from buildkit import offered, suggestions_are_priced_as_the_engine_prices_them
from mapkit import australia_general_link, map_table
from referee import rulings
from referee.planner import get_planner
from tablekit import at_phase

AREAS = ["red", "yellow", "pink"]


def australia(money=60, **cities):
    t = at_phase(map_table("australia", 3, areas=AREAS), "building")
    for name, owned in cities.items():
        t.give(name, cities=owned, money=money)
    return t


def printed(a, b):
    t = map_table("australia", 3, areas=AREAS)
    return get_planner(t.ctx.map, t.ctx.areas).distance(a, b)


def test_general_link_joins_cities_no_printed_line_reaches_for_20():
    """「電線コストはマップ上のコストまたは一般接続コスト(20エレクトロ)のどちらを選択してもよい」: Perth and
    Adelaide lie on land groups no printed line joins."""
    t = australia_general_link()
    built, link = t.game.events[-1][:2]
    assert built["cost"] == 30 and built["builds"] == [{"city": "adelaide", "from": "perth", "connection": 20,
                                                         "house": 10}]
    assert link == {**link, "type": "general_link", "player": "Ann", "city": "adelaide", "source": "perth",
                    "cost": 20, "printed": None}
    assert t.p("Ann")["money"] == 60 - 30


def test_general_link_caps_a_dearer_printed_path_at_20():
    """「マップ上のコストまたは一般接続コスト(20エレクトロ)」: Melbourne–Port Augusta is printed at 21."""
    assert printed("melbourne_1", "port_augusta") == 21
    t = australia(Ann=["melbourne_1"])
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    events = t.do("build", player="Ann", cities=["port_augusta"])
    assert events[0]["connection"] == 20 and events[1]["printed"] == 21


def test_general_link_leaves_cheaper_printed_paths_alone():
    t = australia(Ann=["perth"])
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    events = t.do("build", player="Ann", cities=["kalgoorlie", "albany"])
    assert events[0]["connection"] == printed("perth", "kalgoorlie") + printed("perth", "albany") == 12 + 9
    assert "general_link" not in [e["type"] for e in events]


def test_general_link_prices_every_offered_city_and_the_suggestions():
    t = australia(Ann=["perth"])
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    costs = offered(t)
    in_play = sorted(t.ctx.map.cities_in(t.ctx.areas))
    assert costs == {c: min(printed("perth", c) if printed("perth", c) is not None else 99, 20) + 10
                     for c in in_play if c != "perth"}
    assert suggestions_are_priced_as_the_engine_prices_them(t, "Ann")


def test_general_link_ruling_is_explained_in_each_language():
    game = australia_general_link().game
    link = game.events[-1][1]
    texts = {lang: rulings.render(link, lang, game.ctx.map) for lang in ("en", "ja", "zh-Hant")}
    assert "general link" in texts["en"] and "20" in texts["en"]
    assert "一般接続" in texts["ja"] and "エレクトロ" in texts["ja"]
    assert "一般連網費" in texts["zh-Hant"]     # seed 002 連網費
