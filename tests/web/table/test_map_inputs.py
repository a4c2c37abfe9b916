"""Each map's own inputs on the table page (docs/maps.md §5): posted as the page's forms post them,
checked in the stored log and state; and what the page shows of each map's own state."""
import re

import pytest
from mapgames import offer, play_until

from referee.rules.plant_market import current

JA = {"Accept-Language": "ja"}


def page(client, game_id, headers=None, **args) -> str:
    response = client.get(f"/games/{game_id}/", query_string=args, headers=headers or {})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def part(html: str, start: str, end: str) -> str:
    return html[html.index(start):html.index(end, html.index(start))]


# --- Korea: the declared market (seed 001 朝鮮 第 3 フェーズ) ----------------------------------------

def korea_buying(state, ctx):
    act = offer(state, "buy")
    return bool(act) and any(act["markets"]["north"]["max"].values())


def test_korea_buy_form_declares_the_north_market_and_the_purchase_comes_from_the_north(make_game, client, post, stored):
    setup, entries, game = play_until("korea", korea_buying)
    act = offer(game.state, "buy")
    r = next(r for r, n in act["markets"]["north"]["max"].items() if n)
    game_id = make_game(setup, entries)
    html = page(client, game_id, type="buy", player=act["player"], market="north", **{r: 1})
    assert "North market" in html and "South market" in html       # both tracks, and the chooser
    buy = part(html, 'class="actions"', "</form>")
    assert 'name="market" value="north"' in buy and "disabled" not in buy
    north_before = game.state["map"]["north_market"][r]
    south_before = game.state["resources"]["market"][r]

    assert post(game_id, type="buy", player=act["player"], market="north", **{r: "1"}).status_code == 200
    after = stored(game_id)
    assert after.facts[-1]["market"] == "north" and after.facts[-1][r] == 1
    assert after.state["map"]["north_market"][r] == north_before - 1
    assert after.state["resources"]["market"][r] == south_before


def test_correcting_a_korea_purchase_keeps_its_declared_market_and_other_maps_show_no_market_field(
        make_game, client, post, stored, example):
    setup, entries, game = play_until("korea", korea_buying)
    act = offer(game.state, "buy")
    r = next(r for r, n in act["markets"]["north"]["max"].items() if n)
    game_id = make_game(setup, entries)
    post(game_id, type="buy", player=act["player"], market="north", **{r: "1"})
    number = len(stored(game_id).facts)
    form = client.get(f"/games/{game_id}/log/{number}").get_data(as_text=True)
    assert re.search(r'<select name="market">.*<option value="north" selected>North market</option>', form, re.S)
    fields = {"seq": str(len(stored(game_id).log)), "player": act["player"], "market": "north",
              "coal": "0", "oil": "0", "garbage": "0", "uranium": "0", r: "1"}
    assert client.post(f"/games/{game_id}/log/{number}", data=fields).status_code == 303
    assert stored(game_id).facts[number - 1]["market"] == "north"
    germany = example()
    buy = next(i for i, f in enumerate(stored(germany).facts, 1) if f["type"] == "buy")
    assert 'name="market"' not in client.get(f"/games/{germany}/log/{buy}").get_data(as_text=True)


def test_korea_buy_panel_asks_for_the_market_before_a_purchase_can_be_sent(make_game, client):
    setup, entries, game = play_until("korea", korea_buying)
    act = offer(game.state, "buy")
    r = next(r for r, n in act["markets"]["north"]["max"].items() if n)
    html = page(client, make_game(setup, entries), type="buy", player=act["player"], **{r: 1})
    buy = part(html, 'class="actions"', "</form>")
    assert 'name="market"' not in buy and "disabled" in buy
    assert "First say which market" in html


def test_korea_resource_section_draws_the_north_and_the_south_tracks(make_game, client):
    setup, entries, _game = play_until("korea", korea_buying)
    html = page(client, make_game(setup, entries))
    resources = part(html, 'id="resources"', "</section>")
    assert resources.count('class="market-board') == 2
    north = part(resources, "market-board north", "market-board south")
    assert "track uranium" not in north       # the North has no uranium track (ウラン 北:—)


# --- India: one cube at a time, the duty to power (seed 001 インド亜大陸) -------------------------------

def test_india_buy_panel_offers_one_cube_and_a_buy_passes_the_turn_on(make_game, client, post, stored):
    setup, entries, game = play_until("indian", lambda s, c: s["phase"] == "resources"
                                      and any(offer(s, "buy")["max"].values()))
    act = offer(game.state, "buy")
    r = next(r for r, n in act["max"].items() if n)
    assert act["max"][r] == 1
    game_id = make_game(setup, entries)
    html = page(client, game_id, type="buy", player=act["player"], **{r: 1})
    row = part(html, f'<i class="cube {r}"></i> ', "</tr>")
    assert row.count('aria-disabled="true">+<') == 1          # no second cube on this turn
    assert "One cube per turn" in html and "stops buying" in html

    assert post(game_id, type="buy", player=act["player"], **{r: "1"}).status_code == 200
    after = stored(game_id)
    assert after.facts[-1][r] == 1 and sum(after.facts[-1].get(x, 0) for x in ("coal", "oil", "garbage", "uranium")) == 1
    assert after.state["next"]["waiting_for"] != [act["player"]] or after.state["phase"] != "resources"


def india_duty(state, ctx):
    return state["phase"] == "bureaucracy" and any(a.get("min_cities", 0) >= 1 for a in state["next"]["actions"])


def test_india_power_form_does_not_offer_fewer_cities_than_the_duty(make_game, client):
    setup, entries, game = play_until("indian", india_duty)
    act = next(a for a in game.state["next"]["actions"] if a.get("min_cities", 0) >= 1)
    html = page(client, make_game(setup, entries), headers=JA)
    form = part(html, f'name="player" value="{act["player"]}"', "</form>")
    assert f'name="powered" inputmode="numeric" min="{act["min_cities"]}"' in form
    assert "発電義務" in form          # the duty said in the page's language


def test_india_powering_fewer_cities_than_possible_is_refused_in_the_pages_language(make_game, post, stored, client):
    setup, entries, game = play_until("indian", india_duty)
    act = next(a for a in game.state["next"]["actions"] if a.get("min_cities", 0) >= 1)
    game_id = make_game(setup, entries)
    client.set_cookie("lang", "ja")
    response = post(game_id, type="power", player=act["player"], fire="1", plants=[], powered="0")
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert re.search(r"[\u3040-\u30ff]", text) and act["player"] in text
    assert len(stored(game_id).log) == len(entries)


# --- Japan: a second network (seed 001 日本) --------------------------------------------------------

def japan_second(state, ctx):
    return state["phase"] == "building" and bool((offer(state, "build") or {}).get("new_network"))


def test_japan_build_panel_begins_a_second_network_and_the_fact_keeps_it(make_game, client, post, stored):
    setup, entries, game = play_until("japan", japan_second)
    act = offer(game.state, "build")
    city = act["new_network"][0]["city"]
    game_id = make_game(setup, entries)
    html = page(client, game_id)
    networks = part(html, 'class="new-networks"', "</div>")
    assert f"new_network={city}" in networks
    html = page(client, game_id, type="build", player=act["player"], cities=city, new_network=city)
    build = part(html, 'class="actions"', "</form>")
    assert f'name="new_network" value="{city}"' in build and "disabled" not in build

    assert post(game_id, type="build", player=act["player"], cities=city, new_network=city).status_code == 200
    after = stored(game_id)
    assert after.facts[-1]["new_network"] == city
    assert after.state["map"]["networks"][act["player"]][-1] == city


def test_correcting_a_japan_build_keeps_its_new_network(make_game, client, post, stored):
    setup, entries, game = play_until("japan", japan_second)
    act = offer(game.state, "build")
    city = act["new_network"][0]["city"]
    game_id = make_game(setup, entries)
    post(game_id, type="build", player=act["player"], cities=city, new_network=city)
    number = len(stored(game_id).facts)
    form = client.get(f"/games/{game_id}/log/{number}").get_data(as_text=True)
    assert re.search(rf'<option value="{city}" selected>', form)
    response = client.post(f"/games/{game_id}/log/{number}", data={
        "seq": str(len(stored(game_id).log)), "player": act["player"], "cities": [city], "new_network": city})
    assert response.status_code == 303
    assert stored(game_id).facts[number - 1]["new_network"] == city


def test_japan_round_one_says_how_many_cities_may_still_be_built(make_game, client):
    setup, entries, game = play_until("japan", lambda s, c: s["phase"] == "building")
    act = offer(game.state, "build")
    assert act["max_cities"] == 2
    html = page(client, make_game(setup, entries))
    assert "Round 1:" in html and "2 more cities" in html


# --- British Isles: the island link in the build offer ------------------------------------------------

def test_british_isles_marks_the_cities_that_begin_a_network_on_the_other_island(make_game, client):
    setup, entries, game = play_until("ukireland", lambda s, c: any(
        o.get("new_network") for o in (offer(s, "build") or {}).get("cities", ())), areas=["green", "orange", "brown"])
    island = next(o["city"] for o in offer(game.state, "build")["cities"] if o.get("new_network"))
    html = page(client, make_game(setup, entries))
    options = part(html, 'class="city-options"', "</div>")
    link = next(a for a in re.findall(r"<a [^>]*>[^<]*</a>", options) if f"cities={island}" in a.split('href="')[1])
    assert "island" in link and "new network on the other island" in link


# --- Australia: mines beside the plants ----------------------------------------------------------------

def test_australia_players_panel_shows_the_mines_as_cards_marked_mine(make_game, client):
    setup, entries, game = play_until("australia", lambda s, c: any(s["map"]["mines"].values()))
    owner, mines = next((p, m) for p, m in game.state["map"]["mines"].items() if m)
    html = page(client, make_game(setup, entries))
    panel = part(html, f"<strong>{owner}</strong>", "</article>")
    plants, shown = panel.split('class="cards small mines"')
    for number in mines:
        assert f'<span class="num">{number}</span>' in shown
        assert f'<span class="num">{number}</span>' not in plants
    assert shown.count('<span class="mine-label">Mine</span>') == len(mines)


# --- Uranium bans: refused pairs are not offered -------------------------------------------------------

def test_a_uranium_banned_pair_is_not_offered_in_the_sale_form(make_game, client):
    setup, entries, game = play_until("centraleurope", lambda s, c: bool((offer(s, "sold") or {}).get("refused")))
    sold = offer(game.state, "sold")
    banned_player, plants = next(iter(sold["refused"].items()))
    html = page(client, make_game(setup, entries))
    form = part(html, 'class="fact sold"', "</form>")
    for plant in plants:
        radio = re.search(rf'<input type="radio" name="plant" value="{plant}"[^>]*>', form)[0]
        assert banned_player in radio                      # data-refused: switched off when that player is chosen
        assert ("disabled" in radio) == (sold["players"][0] == banned_player)
    free = [p for p in sold["plants"] if p not in plants]
    for plant in free:
        radio = re.search(rf'<input type="radio" name="plant" value="{plant}"[^>]*>', form)[0]
        assert "data-refused" not in radio and "disabled" not in radio


# --- Plant market rows: what the engine opens -------------------------------------------------------------

@pytest.mark.parametrize("board, size", [("china", None), ("russia", 3), ("benelux", 4), ("germany", 4)])
def test_the_current_market_row_holds_the_plants_the_map_opens(make_game, client, board, size):
    setup, entries, game = play_until(board, lambda s, c: s["phase"] == "auction" and s["round"] == 2)
    opened = current(game.state, game.ctx)
    assert size is None or len(opened) == size
    html = page(client, make_game(setup, entries))
    market = part(html, 'id="market"', "</section>")
    rows = re.findall(r'<div class="row"><h2>(.*?)</h2><div class="cards">(.*?)</div></div>', market)
    assert rows[0][0] == "Current market"
    assert re.findall(r'<span class="num">(\d+)</span>', rows[0][1]) == [str(p) for p in opened]
    if board == "china":
        assert len(rows) == 1 or not re.findall(r'class="num"', rows[1][1])     # no future market


# --- Baden-Württemberg: the late cities are closed before Step 2 -------------------------------------------

def test_baden_wuerttemberg_shows_the_cities_beyond_the_state_closed_before_step_2(make_game, client):
    setup, entries, game = play_until("badenwurttemberg", lambda s, c: s["phase"] == "building", players=5)
    late = [c for c in game.ctx.map.rules["late_cities"]["cities"] if c in game.ctx.map.cities_in(game.ctx.areas)]
    assert late and not game.state["step2_started"]
    html = page(client, make_game(setup, entries))
    closed = html[html.index('<g class="closed">'):html.index('<g id="board-names">')]
    assert sorted(re.findall(r"<title>(.*?): no houses before Step 2</title>", closed)) == \
        sorted(game.ctx.map.cities[c].name for c in late)


def test_baden_wuerttemberg_suggests_no_city_beyond_the_state_before_step_2(make_game, client):
    """The planner alone would suggest Augsburg or Ludwigshafen at 10; the table may not build there yet."""
    setup, entries, game = play_until("badenwurttemberg", lambda s, c: s["phase"] == "building", players=5)
    late = [c for c in game.ctx.map.rules["late_cities"]["cities"] if c in game.ctx.map.cities_in(game.ctx.areas)]
    html = page(client, make_game(setup, entries))
    suggestions = part(html, 'class="suggestions"', "</div>")
    assert re.findall(r'name="cities" value="(\w+)"', suggestions)
    assert not any(f'name="cities" value="{c}"' in suggestions for c in late)


def test_the_table_page_has_the_maps_own_rules_and_the_base_game_none(make_game, client, example):
    setup, entries, _game = play_until("japan", lambda s, c: True)
    html = page(client, make_game(setup, entries), headers=JA)
    rules = part(html, 'id="map-rules"', "</section>")
    assert "送電網" in rules and "札幌" in rules
    assert 'id="map-rules"' not in page(client, example(0))
