"""The build panel: each city's price given the cities already chosen, why a city cannot be chosen,
and the table's own order (issue: the table at a glance, item 3)."""
import re

import pytest
from flask_babel import force_locale
from mapgames import offer, play_until

from referee.game import Game
from referee.rules import legal
from referee.web.inputs import panel
from tablekit import Table, at_phase, setup_line

JA = {"Accept-Language": "ja"}


def page(client, game_id, headers=None, **args) -> str:
    response = client.get(f"/games/{game_id}/", query_string=args, headers=headers or {})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def options(html: str) -> dict:
    """{label: href} of the city buttons."""
    block = html[html.index('class="city-options"'):html.index("</div>", html.index('class="city-options"'))]
    return {label.strip(): href for href, label in re.findall(r'<a class="button city-option[^"]*" href="([^"]+)"[^>]*>([^<]+)</a>', block)}


def first_building(state, ctx):
    return state["round"] == 1 and bool(offer(state, "build"))


def test_japan_round_one_after_osaka_kyoto_is_offered_for_10_more(make_game, client):
    setup, entries, game = play_until("japan", first_building, areas=["purple", "yellow", "green"])
    player = offer(game.state, "build")["player"]
    game_id = make_game(setup, entries)
    first = page(client, game_id)
    assert not any(label.startswith("京都") for label in options(first))
    assert "Cheapest 2 cities: 大阪 and 京都 = 20" in first          # was Kobe + Osaka for 23
    html = page(client, game_id, type="build", player=player, cities="osaka")
    shown = options(html)
    assert "京都 +10" in shown and "神戸 +13" in shown and "✓ 大阪" in shown     # printed names, in kanji
    html = page(client, game_id, type="build", player=player, cities=["osaka", "kyoto"])
    assert "Total 20 Elektro" in html


def test_korea_prices_change_with_each_city_chosen(make_game, client):
    setup, entries, game = play_until("korea", first_building, areas=["yellow", "green", "brown"])
    player = offer(game.state, "build")["player"]
    link = game.ctx.planner.distance("daegu", "busan")
    game_id = make_game(setup, entries)
    assert "Busan 10" in options(page(client, game_id))
    html = page(client, game_id, type="build", player=player, cities="daegu")
    assert f"Busan +{link + 10}" in options(html) and "Total 10 Elektro" in html


def test_the_order_tapped_is_offered_with_what_it_costs_more_and_is_charged(example, client, post, stored):
    """The example game, round 5: Dieter taps Kiel, Flensburg, Hamburg (61) where Hamburg first costs 53."""
    game_id = example(184)
    cities = ["kiel", "flensburg", "hamburg"]
    html = page(client, game_id, type="build", player="Dieter", cities=cities)
    assert "In the order tapped (Kiel, Flensburg, Hamburg) it costs 8 more: 61 Elektro." in html
    assert 'name="in_order" value="1"' in html
    ja = page(client, game_id, headers=JA, type="build", player="Dieter", cities=cities)
    assert "In the order tapped" not in ja and "61" in ja
    before = stored(game_id).state["players"]["Dieter"]["money"]
    assert post(game_id, type="build", player="Dieter", cities=cities, in_order="1").status_code == 200
    after = stored(game_id)
    assert after.facts[-1] == {"type": "build", "player": "Dieter", "cities": cities, "in_order": True}
    assert before - after.state["players"]["Dieter"]["money"] == 61


@pytest.fixture
def short_of_money(app):
    """Germany, 4 players, building: Ann has a house in Essen, Dan 11 Elektro and Duisburg."""
    t = at_phase(Table(Game(setup_line(4))), "building")
    t.give("Ann", cities=["essen"])
    t.give("Dan", cities=["duisburg"], money=11)
    return t


def test_refusals_say_why_in_the_readers_language(app, short_of_money):
    t = short_of_money
    with app.test_request_context():
        built = panel(t.game)
        assert built["options"] == [] and built["targets"] == []
        refused = legal.build_choices(t.state, t.ctx, {"type": "build", "player": "Dan"})["refused"]
        cheapest = min(o["cost"] for o in refused if o["reason"] == "budget")
        assert built["empty"] == f"No city is affordable: the cheapest costs {cheapest}; Dan has 11."
        texts = {r["reason"]: r["text"] for r in built["refused"]}
        assert texts["full"] == "Full in Step 1 (1 house a city): Essen."
        assert texts["outside"].startswith("Outside the play areas: ") and "Berlin" in texts["outside"]
        assert texts["budget"].startswith("Over budget (Dan has 11 Elektro left): ")
        with force_locale("ja"):
            ja = {r["reason"]: r["text"] for r in panel(t.game)["refused"]}
            assert ja["full"] != texts["full"] and "Essen" in ja["full"]
            assert panel(t.game)["empty"] != built["empty"]


def test_a_build_corrected_to_the_order_the_table_built_in(example, client, stored):
    game_id = example(185)          # Dieter built Hamburg, Kiel, Flensburg in the cheapest order: 53
    game = stored(game_id)
    number, money = len(game.facts), game.state["players"]["Dieter"]["money"]
    form = client.get(f"/games/{game_id}/log/{number}").get_data(as_text=True)
    assert 'name="in_order"' in form and "the cheapest order" in form
    fields = {"seq": str(len(game.log)), "player": "Dieter", "cities": ["kiel", "flensburg", "hamburg"],
              "in_order": "1"}
    assert client.post(f"/games/{game_id}/log/{number}", data=fields).status_code == 303
    after = stored(game_id)
    assert after.facts[-1]["in_order"] is True and after.state["players"]["Dieter"]["money"] == money - 8


def test_everyone_powers_as_proposed_in_one_tap(example, client, stored, first_at):
    game_id = example(first_at(lambda s: s["phase"] == "bureaucracy"))
    before = stored(game_id)
    waiting = list(before.state["next"]["waiting_for"])
    html = page(client, game_id)
    assert 'class="power-all"' in html
    response = client.post(f"/games/{game_id}/power-all", data={"seq": str(len(before.log))},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    after = stored(game_id)
    assert after.log[len(before.log):] == [{"type": "power", "player": name} for name in waiting]
    assert after.state["phase"] != "bureaucracy" or after.state["next"]["waiting_for"] == []
    stale = client.post(f"/games/{game_id}/power-all", data={"seq": str(len(before.log))},
                        headers={"HX-Request": "true"})
    assert stale.status_code == 409 and len(stored(game_id).log) == len(after.log)


def test_the_buy_panel_offers_what_the_plants_need_in_one_tap(example, client, post, stored, first_at):
    game_id = example(first_at(lambda s: s["phase"] == "resources"))
    game = stored(game_id)
    act = next(a for a in game.state["next"]["actions"] if a["type"] == "buy")
    assert act["run_once"]
    html = page(client, game_id)
    offer = html[html.index('class="fact needs"'):html.index("</form>", html.index('class="fact needs"'))]
    assert "Buy what the plants need to run once" in offer
    fields = dict(re.findall(r'name="(coal|oil|garbage|uranium)" value="(\d+)"', offer))
    assert {r: int(n) for r, n in fields.items() if int(n)} == act["run_once"]
    assert post(game_id, type="buy", player=act["player"], **fields).status_code == 200
    assert {r: n for r, n in stored(game_id).facts[-1].items() if r in fields and n} == act["run_once"]
