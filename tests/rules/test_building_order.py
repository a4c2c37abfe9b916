"""The table's own build order (`in_order`) and the price of each city given those already chosen.

Seed 000, フェイズ4: 「アンナが DUSSELDORF と KOLN の両方を送電網に追加する場合、彼女は 36 エレクトロ口を支払うだけ
ですみます。まず 17 エレクトロ口を支払って DUSSELDORF と接続し、この都市から KOLN と 19 エレクトロ口で接続する
のです」: the cheapest order is Düsseldorf then Köln; a table that built Köln first paid 21 + 17 = 38."""
import json
from pathlib import Path

from mapkit import map_table
from referee.game import replay
from referee.rules import legal
from referee.rules.errors import BadAction, CannotAfford, IllegalBuild
from tablekit import at_phase, building

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "germany-4p.jsonl"


def choices(t, name, *cities, **fields):
    return legal.build_choices(t.state, t.ctx, {"type": "build", "player": name, "cities": list(cities), **fields})


def prices(t, name, *cities, **fields) -> dict:
    return {o["city"]: o["cost"] for o in choices(t, name, *cities, **fields)["cities"]}


def why(t, name, *cities, **fields) -> dict:
    return {o["city"]: o for o in choices(t, name, *cities, **fields)["refused"]}


def test_in_order_charges_the_order_the_table_built_in(table):
    """Köln first from Essen (4 + 2 + 15 = 21), then Düsseldorf from Essen (2 + 15 = 17): 38, not 36."""
    t = building(table, step=2, Dan=["essen"], Ann=["duesseldorf", "koeln"])
    before = t.p("Dan")["money"]
    built = t.do("build", player="Dan", cities=["Köln", "Düsseldorf"], in_order=True)[0]
    assert built["cost"] == 38 == before - t.p("Dan")["money"] and built["in_order"] is True
    assert built["builds"] == [{"city": "koeln", "from": "essen", "connection": 6, "house": 15},
                               {"city": "duesseldorf", "from": "essen", "connection": 2, "house": 15}]
    assert t.p("Dan")["cities"] == ["essen", "koeln", "duesseldorf"]
    assert "in that order" in built["reason"]


def test_in_order_false_or_absent_charges_the_cheapest_order(table):
    t = building(table, step=2, Dan=["essen"], Ann=["duesseldorf", "koeln"])
    assert t.do("build", player="Dan", cities=["Köln", "Düsseldorf"], in_order=False)[0]["cost"] == 36


def test_in_order_must_be_true_or_false(table):
    t = building(table, Dan=["essen"])
    t.rejects("build", BadAction, match="in_order is true", player="Dan", cities=["duisburg"], in_order="yes")


def test_in_order_beyond_the_money_is_refused_with_its_own_cost(table):
    t = building(table, step=2, Dan=["essen"], Ann=["duesseldorf", "koeln"])
    t.give("Dan", money=37)
    t.rejects("build", CannotAfford, match="costs 38", player="Dan", cities=["koeln", "duesseldorf"], in_order=True)
    t.do("build", player="Dan", cities=["koeln", "duesseldorf"])


def test_in_order_build_is_replayed_identically():
    """The example game's round 5: Dieter builds Kiel, Flensburg, then Hamburg (61) where the cheapest
    order costs 53; the log replays to the same state and rulings."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()[:185]
    game = replay(lines)
    fact = {"type": "build", "player": "Dieter", "cities": ["kiel", "flensburg", "hamburg"], "in_order": True}
    money = game.state["players"]["Dieter"]["money"]
    built = game.play(fact)[0]
    assert built["cost"] == 61 == money - game.state["players"]["Dieter"]["money"]
    assert [b["city"] for b in built["builds"]] == fact["cities"] and built["in_order"]
    again = replay(lines + [json.dumps(fact)])
    assert again.facts[-1] == fact and again.state == game.state and again.events[-1] == game.events[-1]


def test_japan_in_order_a_first_city_outside_the_six_is_refused():
    """日本: 「電力網の開始は…6 都市のみ」: Kyoto cannot be built before Osaka."""
    t = japan_round_one()
    t.rejects("build", IllegalBuild, player="Ann", cities=["kyoto", "osaka"], in_order=True)
    assert t.do("build", player="Ann", cities=["osaka", "kyoto"], in_order=True)[0]["cost"] == 20


def japan_round_one():
    """Japan, 3 players, round 1, Ann to build (Cara and Bob passed); Osaka, Kyoto and Kobe in play."""
    t = at_phase(map_table("japan", 3, areas=["purple", "yellow", "green"]), "building")
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    return t


def test_japan_round_one_osaka_then_kyoto_offered_and_priced_20():
    """日本 round 1: Kyoto (0 from Osaka) may be the second city: Osaka 10, then Kyoto +10 = 20."""
    t = japan_round_one()
    assert "kyoto" not in prices(t, "Ann")            # not a first city: networks begin in the six
    assert why(t, "Ann")["kyoto"]["reason"] == "unreachable"
    after_osaka = prices(t, "Ann", "osaka")
    assert after_osaka["kyoto"] == 10 and after_osaka["kobe"] == 13     # 3 from Kyoto + 10
    assert min(after_osaka.values()) == 10
    assert t.do("build", player="Ann", cities=["osaka", "kyoto"])[0]["cost"] == 20


def test_japan_round_one_a_third_city_is_refused_with_the_limit():
    t = japan_round_one()
    refused = why(t, "Ann", "osaka", "kyoto")
    assert prices(t, "Ann", "osaka", "kyoto") == {}
    assert refused["kobe"] == {"city": "kobe", "reason": "limit", "max": 2}


def test_korea_prices_follow_the_cities_chosen():
    """Korea round 1: with Daegu chosen Busan adds its link from Daegu and a house, not 10."""
    t = at_phase(map_table("korea", 3, areas=["yellow", "green", "brown"]), "building")
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    link = t.ctx.planner.distance("daegu", "busan")
    assert prices(t, "Ann")["busan"] == 10
    after = prices(t, "Ann", "daegu")
    assert after["busan"] == link + 10 and "daegu" not in after
    for city, cost in after.items():       # each is what the engine then charges for the pair, less Daegu's 10
        assert t.ctx.planner.route([], ["daegu", city]).total - 10 == cost


def test_refusal_reasons_full_outside_and_over_budget(table):
    t = building(table, Ann=["essen"], Dan=["duisburg"])
    t.give("Dan", money=11)
    refused = why(t, "Dan")
    assert refused["essen"] == {"city": "essen", "reason": "full", "houses": 1, "step": 1}
    assert refused["duisburg"]["reason"] == "yours"
    assert refused["berlin"] == {"city": "berlin", "reason": "outside", "area": t.ctx.map.cities["berlin"].area}
    dortmund = t.ctx.planner.distance("duisburg", "dortmund") + 10
    assert refused["dortmund"] == {"city": "dortmund", "reason": "budget", "cost": dortmund, "left": 11}
    assert all(o["cost"] <= 11 for o in choices(t, "Dan")["cities"])


def test_refusal_over_budget_counts_the_cities_already_chosen(table):
    t = building(table, Dan=["essen"])
    t.give("Dan", money=25)
    assert choices(t, "Dan", "duisburg")["left"] == 15
    assert {o["city"] for o in choices(t, "Dan", "duisburg")["cities"]} <= {
        c for c, n in prices(t, "Dan", "duisburg").items() if n <= 15}
    assert why(t, "Dan", "duisburg")["aachen"]["left"] == 15
