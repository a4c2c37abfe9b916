"""The table page: every panel, in each language, drawn from the engine's state."""
import json
import re
from pathlib import Path

import pytest

from referee.catalog import load_map
from referee.game import replay
from referee.web.board import SCALE


def page(client, game_id, lang=None, **args):
    if lang:
        client.set_cookie("lang", lang)
    response = client.get(f"/games/{game_id}/", query_string=args)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.parametrize("lang, words", [
    ("en", ["Round 1", "Auction", "Waiting for Dieter to open an auction", "Resource market", "Current market", "coal"]),
    ("ja", ["ラウンド1", "発電所の競り", "Dieterの番です", "資源市場", "石炭", "ウラン"]),
    ("zh-Hant", ["第1回合", "競標電廠", "輪到Dieter", "燃料市場", "煤", "鈾"]),
])
def test_the_view_speaks_the_page_language(client, example, lang, words):
    html = page(client, example(0), lang)
    for word in words:
        assert word in html, word


def test_the_view_shows_turn_order_waiting_player_and_every_player(client, example):
    html = page(client, example(0))
    order = re.findall(r'<li class="([^"]*)"><i class="swatch"[^>]*></i>(\w+)</li>', html)
    assert [name for _cls, name in order] == ["Dieter", "Anna", "Bernd", "Clara"]
    assert "acting" in order[0][0] and "acting" not in order[1][0]
    for name in ("Anna", "Bernd", "Clara", "Dieter"):
        assert f"<strong>{name}</strong>" in html


def test_money_is_not_on_the_page_until_the_table_shows_it(client, example, show_money):
    game_id = example(0)
    html = page(client, game_id)
    assert "50 Elektro" not in html and html.count('<span class="hidden-money">••</span>') == 4
    assert 'name="shown" value="1"' in html and 'aria-pressed="false"' in html
    show_money(game_id)
    html = page(client, game_id)
    assert html.count('<span class="money">50 Elektro</span>') == 4 and 'aria-pressed="true"' in html


def test_the_plant_market_shows_current_and_future_rows_as_cards(client, example):
    html = page(client, example(0))
    market = html[html.index('class="market"'):html.index('class="resources"')]
    rows = market.split('class="row"')[1:]
    assert re.findall(r'class="num">(\d+)<', rows[0]) == ["3", "4", "5", "6"]
    assert re.findall(r'class="num">(\d+)<', rows[1]) == ["7", "8", "9", "10"]
    assert "kind-hybrid" in rows[0]   # plant 5 burns coal or oil


def test_step3_market_is_one_row(client, example, first_at):
    html = page(client, example(first_at(lambda s: s["step"] == 3 and s["phase"] == "auction")))
    market = html[html.index('class="market"'):html.index('class="resources"')]
    assert market.count('class="row"') == 1
    assert len(re.findall(r'class="num">\d+<', market)) == 6


def test_the_resource_track_shows_filled_spaces_and_the_supply(client, example):
    html = page(client, example(0))
    track = html[html.index('class="resources"'):html.index('class="deck"')]
    garbage = track[track.index('class="track garbage"'):track.index('class="track uranium"')]
    garbage = garbage[garbage.index('class="spaces"'):]
    assert garbage.count('class="cube garbage"') == 6 and garbage.count('class="cube empty"') == 18
    assert "6 on the market · 18 in the supply" in garbage


def test_the_deck_panel_tells_what_can_come_up(client, example):
    html = page(client, example(0))
    deck = html[html.index('class="deck"'):]
    assert "30 cards above the Step 3 card." in deck
    assert "Plant 13 lies on top." in deck
    assert "4 of them were removed face down at setup." in deck


def test_refill_is_written_as_instructions_and_marked_on_the_track(client, example, post, stored, first_at):
    n = first_at(lambda s: s["phase"] == "bureaucracy" and len(s["next"]["waiting_for"]) == 1)
    game_id = example(n)
    last = stored(game_id).state["next"]["waiting_for"][0]
    html = post(game_id, type="power", player=last).get_data(as_text=True)
    assert "Refill the resource market:" in html
    assert re.search(r"coal: \d+ on space \d", html)
    assert 'cube coal new' in html


def test_unknown_game_is_a_404_page(client):
    assert client.get("/games/999/").status_code == 404


def test_htmx_poll_answers_204_while_nothing_changed_and_the_table_once_it_did(client, example, post):
    game_id = example(0)
    assert client.get(f"/games/{game_id}/?since=0", headers={"HX-Request": "true"}).status_code == 204
    post(game_id, type="nominate", player="Dieter", plant="3")
    response = client.get(f"/games/{game_id}/?since=0", headers={"HX-Request": "true"})
    assert response.status_code == 200 and 'id="table"' in response.get_data(as_text=True)


# The board

def board_svg(html):
    return html[html.index('<svg viewBox'):html.index('</svg>')]


def test_every_city_of_the_map_is_drawn_once_at_its_coordinates(client, example):
    svg = board_svg(page(client, example(0)))
    germany = load_map("germany")
    drawn = {c: (float(x), float(y)) for c, x, y in re.findall(r'data-city="(\w+)"><circle cx="([^"]+)" cy="([^"]+)"', svg)}
    assert sorted(drawn) == sorted(germany.cities)
    assert len(re.findall(r'data-city="', svg)) == len(germany.cities)
    for city in germany.cities.values():
        assert drawn[city.id] == pytest.approx((city.x * SCALE, city.y * SCALE), abs=0.1)
    for city in germany.cities.values():
        assert f">{city.name}</text>" in svg


def test_the_board_keeps_the_maps_shape(client, example):
    """Germany is taller than wide: the view box must not be squared (its cities span 1.75 times as
    high as wide; names beside the outermost cities widen it a little)."""
    svg = board_svg(page(client, example(0)))
    _x, _y, width, height = map(float, re.search(r'viewBox="([^"]+)"', svg).group(1).split())
    germany = load_map("germany")
    span_x = max(c.x for c in germany.cities.values()) - min(c.x for c in germany.cities.values())
    span_y = max(c.y for c in germany.cities.values()) - min(c.y for c in germany.cities.values())
    assert height > 1.3 * width
    assert width > span_x * SCALE and height > span_y * SCALE


def test_play_areas_are_highlighted_and_costs_printed(client, example):
    svg = board_svg(page(client, example(0)))
    assert 'class="city off" data-city="muenchen"' in svg        # SE is not in play
    assert 'class="city" data-city="essen"' in svg
    assert re.search(r'<text x="[^"]+" y="[^"]+">0</text>', svg)  # Duisburg–Essen costs 0


def test_houses_are_drawn_in_the_players_colours(client, example, stored, first_at):
    game_id = example(first_at(lambda s: sum(len(p["cities"]) for p in s["players"].values()) >= 4))
    state = stored(game_id).state
    svg = board_svg(page(client, game_id))
    houses = re.findall(r'<circle [^>]*style="--house: var\(--house-(\w+)\)"><title>(\w+) · ', svg)
    assert len(houses) == sum(len(p["cities"]) for p in state["players"].values())
    assert all(state["players"][name]["colour"] == colour for colour, name in houses)


def test_the_houses_are_drawn_once_per_placing_and_anew_when_someone_builds(app, example, stored, first_at):
    """Between two builds every entry shows the same houses: drawn once (referee.web.board.houses)."""
    from referee.web import board
    from referee.web.views import colours

    game = stored(example(first_at(lambda s: sum(len(p["cities"]) for p in s["players"].values()) >= 4)))
    state = game.state
    moved_on = json.loads(json.dumps(state))          # another entry's state: the same houses, a new object
    moved_on["round"] += 1
    with app.test_request_context():
        drawn = board.houses(game.ctx.map, state, colours(state))
        assert board.houses(game.ctx.map, moved_on, colours(moved_on)) is drawn
        builder = next(name for name, p in moved_on["players"].items() if p["cities"])
        moved_on["players"][builder]["cities"] = moved_on["players"][builder]["cities"][:-1]
        fewer = board.houses(game.ctx.map, moved_on, colours(moved_on))
        assert fewer is not drawn and fewer.count("<circle") == drawn.count("<circle") - 1


def test_a_landscape_board_stays_landscape(client, make_game):
    usa = {"type": "setup", "map": "usa", "areas": ["NE", "SE", "NC"], "order": ["Ann", "Bob"],
           "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "#123456"}]}
    html = page(client, make_game(usa))
    _x, _y, width, height = map(float, re.search(r'<svg viewBox="([^"]+)"', html).group(1).split())
    assert width > 1.4 * height
    assert len(re.findall(r'data-city="', html)) == len(load_map("usa").cities)


def test_a_draft_with_a_malformed_value_is_explained_not_a_500(client, example, first_at):
    game_id = example(first_at(lambda s: s["phase"] == "resources"))
    response = client.get(f"/games/{game_id}/", query_string={"type": "buy", "player": "Dieter", "coal": "lots"})
    assert response.status_code == 200
    assert "must be a whole number" in response.get_data(as_text=True)


def test_the_step3_card_is_drawn_where_it_stands_in_the_market(client, make_game):
    """In the USA example the Step 3 card comes up during an auction and stands as the highest plant."""
    lines = (Path(__file__).resolve().parents[3] / "examples" / "usa-2p.jsonl").read_text(encoding="utf-8").splitlines()
    game = replay(lines)
    n = next(i for i, s in enumerate(game.states) if "step3" in s["market"])
    html = page(client, make_game(json.loads(lines[0]), [json.loads(x) for x in lines[1:n + 1]]))
    market = html[html.index('class="market"'):html.index('class="resources"')]
    future = market.split('class="row"')[2]
    assert 'class="card step3"' in future and market.count('class="card step3"') == 1
