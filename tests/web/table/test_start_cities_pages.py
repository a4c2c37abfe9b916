"""Recharged's experienced players' start through the table app (digest /work/shared/recharged.md §6;
referee/maprules/experienced_start.py): the new-game page offers it, the table shows the moment to mark
start cities (a city tapped on the board or in the list, then confirmed), refuses a wrong mark in the
page's language, shows the marks on the board, and the build panel offers only what the engine allows."""
import json
import re

from rechargedkit import DEALT, TRUST_CITIES, new_game_form
from tablekit import setup_line

MARKING_3P = setup_line(3, edition="recharged", dealt=DEALT, start_cities=True)
MARKING_2P = setup_line(2, edition="recharged", dealt=DEALT, trust_cities=TRUST_CITIES, start_cities=True)
MARKS = [{"type": "start_city", "player": "Ann", "city": "essen"},
         {"type": "start_city", "player": "Bob", "city": "bremen"},
         {"type": "start_city", "player": "Cara", "city": "koeln"}]


def test_the_new_game_page_offers_the_experienced_start_and_the_game_carries_it_s6(client, app):
    from webkit import stored
    page = client.get("/games/new").get_data(as_text=True)
    assert 'name="start_cities"' in page
    assert client.post("/games/new", data=new_game_form(start_cities="1")).status_code == 303
    assert client.post("/games/new", data=new_game_form()).status_code == 303
    games = [json.loads(g[1]) for g in sorted(stored(app))]
    assert games[0]["start_cities"] is True and "start_cities" not in games[1]


def test_the_option_is_ignored_with_the_base_game_on_the_page(client, app):
    from webkit import stored
    assert client.post("/games/new", data=new_game_form(edition="original", start_cities="1")).status_code == 303
    assert "start_cities" not in json.loads(sorted(stored(app))[-1][1])


def test_the_table_shows_the_moment_to_mark_a_start_city_s6(client, make_game):
    game_id = make_game(MARKING_3P)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert 'name="type" value="start_city"' in html and "Ann marks a start city" in html
    assert 'class="targets"' in html                                    # the cities are tapped on the board too
    drafted = client.get(f"/games/{game_id}/", query_string={"type": "start_city", "player": "Ann", "city": "essen"})
    page = drafted.get_data(as_text=True)
    assert drafted.status_code == 200 and 'name="city" value="essen"' in page and "Mark Essen" in page


def test_a_mark_from_the_table_is_stored_and_shown_on_the_board_s6(client, make_game, post, stored):
    game_id = make_game(MARKING_3P)
    assert post(game_id, type="start_city", player="Ann", city="essen").status_code == 200
    assert stored(game_id).state["map"]["start_cities"] == {"Ann": "essen"}
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert re.search(r'<g class="start-marks"><g><title>Ann(&#39;|\')s start city: Essen</title>', html)
    assert "Bob marks a start city" in html


def test_a_wrong_mark_is_refused_in_the_players_language_s6(client, make_game, post, stored):
    game_id = make_game(MARKING_3P, MARKS[:1])
    client.set_cookie("lang", "ja")
    answer = post(game_id, type="start_city", player="Bob", city="essen")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "Annは既にEssenを" in html
    answer = post(game_id, type="start_city", player="Cara", city="koeln")
    assert answer.status_code == 422 and "Bob" in answer.get_data(as_text=True)
    answer = post(game_id, type="start_city", player="Bob")
    assert answer.status_code == 400
    assert stored(game_id).state["map"]["start_cities"] == {"Ann": "essen"}


def test_the_trust_house_on_a_marked_city_shows_on_the_board_s4_s6(client, make_game):
    game_id = make_game(MARKING_2P, [{"type": "start_city", "player": "Ann", "city": "bremen"}])
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert html.count("<title>The Trust · Bremen</title>") == 1


def test_the_first_build_offers_only_the_marked_city_and_its_suggestions_start_there_s6(client, make_game):
    """The build panel asks the engine and the planner: a first build begins in the mark; the city another
    player marked is closed to the others in Step 1, and no suggestion builds there."""
    entries = MARKS + [{"type": "sold", "player": "Ann", "plant": 8, "price": 8}, {"type": "draw", "card": 13},
                       {"type": "sold", "player": "Bob", "plant": 7, "price": 7}, {"type": "draw", "card": 20},
                       {"type": "sold", "player": "Cara", "plant": 6, "price": 6}, {"type": "draw", "card": 25},
                       {"type": "draw", "card": 30}]
    entries += [{"type": "pass", "player": n} for n in ("Cara", "Bob", "Ann")]     # resources, reverse order
    game_id = make_game(MARKING_3P, entries)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert "Cara builds" in html
    options = re.findall(r'class="button city-option"[^>]*>([^<]+)<', html)
    assert [o.strip() for o in options] == ["Köln 10"]
    suggested = re.findall(r'<form class="fact suggestion".*?</form>', html, re.S)
    assert suggested and all('value="koeln"' in s for s in suggested)
    assert not any('value="essen"' in s or 'value="bremen"' in s for s in suggested)


def test_a_mark_is_corrected_from_the_log_page_s6(client, make_game, stored):
    """A start city entered wrongly is corrected like any fact: the form is filled with it, and the
    engine judges the new city (the later marks replayed after it)."""
    game_id = make_game(MARKING_3P, MARKS[:2])
    html = client.get(f"/games/{game_id}/log/1").get_data(as_text=True)
    assert 'name="city" value="essen"' in html
    response = client.post(f"/games/{game_id}/log/1", data={"seq": "2", "player": "Ann", "city": "kiel"})
    assert response.status_code == 303
    assert stored(game_id).state["map"]["start_cities"] == {"Ann": "kiel", "Bob": "bremen"}
    refused = client.post(f"/games/{game_id}/log/1", data={"seq": "3", "player": "Ann", "city": "bremen"})
    assert refused.status_code >= 400 and stored(game_id).state["map"]["start_cities"]["Ann"] == "kiel"
