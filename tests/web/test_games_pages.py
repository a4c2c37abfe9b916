"""The game list, the new-game page with its area picker, import and export, and their errors."""
import io
import json
import re

import pytest
from webkit import FOUR, GERMANY, USA, stored


def problems(response) -> list:
    return re.findall(r"<li>(.*?)</li>", response.get_data(as_text=True))


# --- the list -------------------------------------------------------------------------------

def test_list_shows_each_game_with_map_players_colours_round_and_last_activity(client, make_game):
    game = make_game()
    page = client.get("/").get_data(as_text=True)
    assert f'href="/games/{game}/"' in page and "Germany" in page
    for name, colour in (("Ann", "red"), ("Bob", "blue"), ("Cara", "green")):
        assert re.search(rf'house-{colour}"[^>]*></span>{name}<', page)
    assert "Round 1, Step 1" in page
    assert re.search(r"last entry (0|1|2) seconds? ago|last entry now", page)
    assert f'href="/games/{game}/export"' in page


def test_list_in_japanese_says_the_round_and_how_long_ago(client, make_game):
    make_game()
    page = client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "ドイツ" in page and "ラウンド1" in page and "秒前" in page


def test_list_of_no_games_says_so(client):
    assert "No games yet." in client.get("/").get_data(as_text=True)


# --- new game -------------------------------------------------------------------------------

def test_new_game_page_offers_the_catalogues_maps_six_seats_and_six_colours(client):
    page = client.get("/games/new").get_data(as_text=True)
    assert 'value="germany"' in page and 'value="usa"' in page
    assert all(f'name="name_{n}"' in page for n in range(1, 7)) and 'name="name_7"' not in page
    assert len(re.findall(r'name="colour_1" value="(\w+)"', page)) == 6
    for n, colour in enumerate(("red", "blue", "green", "yellow", "purple", "black"), 1):
        assert re.search(rf'name="colour_{n}" value="{colour}" checked', page), "each seat starts with its own colour"


def test_new_game_is_created_through_the_engine_and_opens_its_table(client, app):
    response = client.post("/games/new", data=FOUR)
    assert response.status_code == 303
    [(game_id, setup, entries)] = stored(app)
    assert response.location == f"/games/{game_id}/"
    assert entries == []
    line = json.loads(setup)
    assert line["players"] == [{"name": "Anna", "colour": "red"}, {"name": "Bernd", "colour": "blue"},
                               {"name": "Clara", "colour": "green"}, {"name": "Dieter", "colour": "yellow"}]
    assert line["order"] == ["Bernd", "Anna", "Dieter", "Clara"]
    assert line["areas"] == ["NW", "W", "SW", "E"] and line["short_game"] is False


def test_new_game_order_drawn_by_the_referee_is_a_seed_and_the_short_game_is_kept(client, app):
    data = {**FOUR, "order_by": "app", "short_game": "1"}
    for n in range(1, 5):
        data.pop(f"position_{n}")
    assert client.post("/games/new", data=data).status_code == 303
    line = json.loads(stored(app)[0][1])
    assert "order" not in line and isinstance(line["seed"], int) and line["short_game"] is True


def test_empty_seats_are_skipped_and_seat_order_kept(client, app):
    data = {**FOUR, "name_2": "", "name_5": "Eve", "colour_5": "purple", "position_5": "1",
            "areas": ["NW", "W", "SW", "E"]}
    assert client.post("/games/new", data=data).status_code == 303
    line = json.loads(stored(app)[0][1])
    assert [p["name"] for p in line["players"]] == ["Anna", "Clara", "Dieter", "Eve"]


@pytest.mark.parametrize("change, message", [
    ({"name_2": "", "name_3": "", "name_4": ""}, "Enter the names of at least two players"),
    ({"name_2": "Anna"}, "Two players are called “Anna”"),
    ({"name_2": " Anna "}, "Two players are called “Anna”"),
    ({"colour_2": "red"}, "Anna and Bernd both picked red"),
    ({"colour_3": "pink"}, "Clara needs a house colour"),
    ({"colour_3": ""}, "Clara needs a house colour"),
    ({"areas": ["NW", "W", "SW"]}, "With 4 players the game uses 4 areas; 3 are chosen."),
    ({"areas": ["NW", "W", "SW", "SE", "E"]}, "With 4 players the game uses 4 areas; 5 are chosen."),
    ({"areas": ["NW", "NE", "SW", "SE"]}, "The chosen areas must be adjacent"),
    ({"position_1": "1"}, "Give each player their place in the round-1 order"),
    ({"position_1": "x"}, "Give each player their place in the round-1 order"),
    ({"map": "atlantis"}, "Choose a map: Australia, Baden-Württemberg,"),
    ({"name_7": "Gus", "name_5": "Eve", "name_6": "Finn"}, "Power Grid is for 2 to 6 players; 7 names were entered."),
])
def test_new_game_mistakes_are_named_and_nothing_is_stored(client, app, change, message):
    response = client.post("/games/new", data={**FOUR, **change})
    assert response.status_code == 400
    assert any(message in p for p in problems(response)), problems(response)
    assert stored(app) == []


def test_new_game_with_no_fields_at_all_is_a_400_page_not_a_crash(client, app):
    response = client.post("/games/new", data={})
    assert response.status_code == 400 and "Enter the names of at least two players" in response.get_data(as_text=True)
    assert stored(app) == []


def test_a_name_with_a_control_character_is_refused_naming_its_seat(client, app):
    name = "A\u0007nn"
    response = client.post("/games/new", data={**FOUR, "name_1": name})
    assert response.status_code == 400
    assert "The name in seat 1 has a character that cannot be shown" in response.get_data(as_text=True)
    assert stored(app) == []


def test_new_game_mistakes_are_explained_in_the_pages_language(client):
    data = {**FOUR, "colour_2": "red", "areas": ["NW", "NE", "SW", "SE"]}
    ja = client.post("/games/new", data=data, headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "AnnaとBerndが同じ色（赤）" in ja and "隣接" in ja
    zh = client.post("/games/new", data=data, headers={"Accept-Language": "zh-TW"}).get_data(as_text=True)
    assert "Anna和Bernd都選了紅色" in zh and "相鄰" in zh


# --- the area picker --------------------------------------------------------------------------

def picker(client, **query):
    return client.get("/games/new/areas", query_string=query).get_data(as_text=True)


def test_a_picker_that_would_be_redrawn_the_same_is_left_in_place(client):
    """A name typed (the count unchanged) answers 204, so the picker is not replaced under a finger
    tapping an area; a tapped area or another player redraws it."""
    three = {"map": "germany", "name_1": "A", "name_2": "B", "name_3": "C", "areas": ["NW"]}
    drawn = re.search(r'name="drawn" value="(\w+)"', picker(client, **three))[1]
    same = client.get("/games/new/areas", query_string={**three, "name_3": "Cara", "drawn": drawn})
    assert same.status_code == 204
    for changed in ({**three, "areas": ["NW", "W"]}, {**three, "name_4": "D"}):
        answer = client.get("/games/new/areas", query_string={**changed, "drawn": drawn})
        assert answer.status_code == 200 and f'value="{drawn}"' not in answer.get_data(as_text=True)
    page = client.get("/games/new", query_string={"map": "germany"}).get_data(as_text=True)
    assert re.search(r'name="drawn" value="\w{16}"', page), "the page's own picker carries its fingerprint"


def test_area_picker_counts_the_areas_the_player_count_needs_and_checks_adjacency(client):
    three = {"map": "germany", "name_1": "A", "name_2": "B", "name_3": "C"}
    assert "2 of 3 areas chosen." in picker(client, **three, areas=["NW", "W"])
    assert "3 of 3 areas chosen, connected." in picker(client, **three, areas=["NW", "W", "SW"])
    assert "3 of 3 areas chosen; they must be adjacent." in picker(client, **three, areas=["NW", "SE", "SW"])
    assert "4 of 4 areas chosen, connected." in picker(client, **three, name_4="D", areas=["NW", "W", "SW", "E"])
    assert "Enter the players first" in picker(client, map="germany", name_1="A")


def test_tapping_an_area_on_the_map_toggles_it(client):
    page = picker(client, map="germany", name_1="A", name_2="B", areas=["NW", "W"], toggle="SW")
    assert "3 of 3 areas chosen, connected." in page
    assert re.findall(r'name="areas" value="(\w+)" checked', page) == ["NW", "W", "SW"]
    page = picker(client, map="germany", name_1="A", name_2="B", areas=["NW", "W"], toggle="W")
    assert re.findall(r'name="areas" value="(\w+)" checked', page) == ["NW"]


def test_area_picker_draws_every_area_of_the_chosen_map_as_a_tappable_group(client):
    page = picker(client, map="usa")
    groups = re.findall(r'<g class="area[^"]*" style="--area: #\w+"\s+hx-get="/games/new/areas"[^>]*'
                        r'hx-vals=\'\{"toggle": "(\w+)"\}\'', page)
    assert sorted(groups) == ["NC", "NE", "NW", "SC", "SE", "SW"]


def test_area_picker_drops_areas_of_another_map(client):
    page = picker(client, map="usa", name_1="A", name_2="B", areas=["NW", "W", "SW"])
    assert re.findall(r'name="areas" value="(\w+)" checked', page) == ["NW", "SW"]


# --- import and export ------------------------------------------------------------------------

def upload(client, data: bytes, name="game.jsonl", **kw):
    return client.post("/games/import", data={"log": (io.BytesIO(data), name)},
                       content_type="multipart/form-data", **kw)


@pytest.mark.parametrize("path", [GERMANY, USA])
def test_import_then_export_gives_the_same_bytes(client, path):
    response = upload(client, path.read_bytes())
    assert response.status_code == 303
    game_id = int(response.location.strip("/").rsplit("/", 1)[1])
    exported = client.get(f"/games/{game_id}/export")
    assert exported.status_code == 200 and exported.mimetype == "application/jsonl"
    assert f'filename="referee-game-{game_id}.jsonl"' in exported.headers["Content-Disposition"]
    assert exported.data == path.read_bytes()


def test_import_of_a_windows_file_with_bom_and_blank_lines_exports_clean_json_lines(client):
    text = USA.read_text(encoding="utf-8")
    messy = ("\ufeff" + text.replace("\n", "\r\n", 3).replace("\n", "\n\n", 1)).encode("utf-8")
    game_id = int(upload(client, messy).location.strip("/").rsplit("/", 1)[1])
    assert client.get(f"/games/{game_id}/export").data == USA.read_bytes()


def test_import_of_an_illegal_log_names_the_line_and_reason_and_stores_nothing(client, app):
    lines = GERMANY.read_text(encoding="utf-8").splitlines()
    lines[4] = '{"type": "bid", "player": "Anna", "amount": 1}'
    response = upload(client, "\n".join(lines).encode(), name="bad.jsonl")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Nothing was imported: line 5 of bad.jsonl is refused:" in page
    assert stored(app) == []


SETUP_LINE = GERMANY.read_text(encoding="utf-8").splitlines()[0]


@pytest.mark.parametrize("data, said", [
    (b"", "line 1 of game.jsonl is refused: the file is empty; the first line of a game log is the game's setup."),
    (b"\xff\xfe{}", "line 1 of game.jsonl is refused: it is not UTF-8 text: byte 1 of the line cannot be read."),
    ("{}\n".encode("utf-16"), "line 1 of game.jsonl is refused: it is not text: the file holds NUL bytes"),
    (b'{"type": "setup", "map": "germany"', "line 1 of game.jsonl is refused: it is not valid JSON (it goes wrong "
                                            "at character 35)."),
    (SETUP_LINE.encode() + b'\n{"type": "draw", "card": 13\n', "line 2 of game.jsonl is refused: it is not valid JSON "
                                                              "(it goes wrong at character 28)."),
    (b"[" * 100_000, "line 1 of game.jsonl is refused: its JSON is nested far deeper than any table fact."),
])
def test_import_of_a_file_that_is_no_game_log_says_which_line_and_what_is_wrong(client, app, data, said):
    response = upload(client, data)
    assert response.status_code == 400
    assert said.replace("'", "&#39;") in response.get_data(as_text=True)
    assert stored(app) == []


@pytest.mark.parametrize("lang, said", [("ja", "2行目"), ("zh-Hant", "第2行")])
def test_a_line_that_is_not_json_is_explained_in_the_page_language(client, app, lang, said):
    client.set_cookie("lang", lang)
    page = upload(client, SETUP_LINE.encode() + b"\nnot json\n").get_data(as_text=True)
    error = page.split('class="error"')[1].split("</div>")[0]
    assert said in error and "JSON" in error and "1" in error
    assert "valid" not in error and "character" not in error
    assert stored(app) == []


def test_an_import_refused_by_the_engine_is_explained_in_the_page_language(client, app):
    lines = GERMANY.read_text(encoding="utf-8").splitlines()
    lines[4] = '{"type": "bid", "player": "Anna", "amount": 1}'
    client.set_cookie("lang", "ja")
    page = upload(client, "\n".join(lines).encode(), name="bad.jsonl").get_data(as_text=True)
    error = page.split('class="error"')[1].split("</div>")[0]
    assert "bad.jsonl" in error and "5" in error and "今はそのプレイヤーの手番ではありません。" in error and "Anna" not in error
    assert stored(app) == []


def test_import_without_a_file_asks_for_one(client, app):
    response = client.post("/games/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 400 and "Choose a game log file" in response.get_data(as_text=True)


def test_import_refusal_is_explained_in_japanese(client):
    response = upload(client, b"", headers={"Accept-Language": "ja"})
    assert response.status_code == 400 and "何もインポートされていません" in response.get_data(as_text=True)


def test_upload_larger_than_the_limit_is_a_413_page(app, client):
    app.config["MAX_CONTENT_LENGTH"] = 1000
    response = upload(client, b"x" * 5000)
    assert response.status_code == 413 and "That file is too large" in response.get_data(as_text=True)
    assert stored(app) == []


# --- errors -----------------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/games/999/", "/games/999/export", "/games/abc/", "/games/abc/export",
                                 "/games/-1/", "/games/99999999999999999999/", "/games/99999999999999999999/export",
                                 "/nowhere"])
def test_unknown_games_and_bad_ids_are_a_404_page(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert "There is no such game or page" in response.get_data(as_text=True)


@pytest.mark.parametrize("method, url", [("post", "/"), ("delete", "/games/new"), ("post", "/games/1/export"),
                                         ("get", "/games/import")])
def test_wrong_method_is_a_405_page(client, make_game, method, url):
    make_game()
    response = getattr(client, method)(url)
    assert response.status_code == 405
    assert "This address does not take that kind of request" in response.get_data(as_text=True)


def test_error_pages_come_in_japanese_and_traditional_chinese(client):
    ja = client.get("/games/999/", headers={"Accept-Language": "ja-JP,ja;q=0.9"}).get_data(as_text=True)
    assert '<html lang="ja">' in ja and "見つかりません" in ja
    zh = client.get("/games/999/", headers={"Accept-Language": "zh-Hant"}).get_data(as_text=True)
    assert '<html lang="zh-Hant">' in zh and "找不到" in zh


def test_an_unexpected_failure_is_a_500_page_in_the_pages_language_without_a_traceback(app):
    def boom():
        raise ZeroDivisionError("secret detail")
    app.add_url_rule("/boom", view_func=boom)
    response = app.test_client().get("/boom", headers={"Accept-Language": "ja"})
    page = response.get_data(as_text=True)
    assert response.status_code == 500 and "問題が発生しました" in page
    assert "Traceback" not in page and "secret detail" not in page


# --- seat order ---------------------------------------------------------------------------------

def seat_row(page, n) -> tuple:
    """(name, checked colour, drawn place) shown in seat n."""
    name = re.search(rf'name="name_{n}" value="([^"]*)"', page)[1]
    colour = re.search(rf'name="colour_{n}" value="(\w+)" checked', page)[1]
    place = re.search(rf'name="position_{n}".*?<option selected>(\d)</option>', page, re.S)
    return name, colour, place[1] if place else ""


def test_a_seats_arrow_moves_its_player_colour_and_place_one_seat_round_the_table(client):
    page = client.get("/games/new", query_string={**FOUR, "move": "3:up"}).get_data(as_text=True)
    assert seat_row(page, 2) == ("Clara", "green", "4") and seat_row(page, 3) == ("Bernd", "blue", "1")
    assert seat_row(page, 1) == ("Anna", "red", "2") and seat_row(page, 4) == ("Dieter", "yellow", "3")
    page = client.get("/games/new", query_string={**FOUR, "move": "1:down"}).get_data(as_text=True)
    assert [seat_row(page, n)[0] for n in (1, 2, 3)] == ["Bernd", "Anna", "Clara"]


def test_the_first_seat_cannot_move_up_nor_the_last_down(client):
    page = client.get("/games/new", query_string={**FOUR, "move": "1:up"}).get_data(as_text=True)
    assert seat_row(page, 1)[0] == "Anna"
    assert re.search(r'<button type="submit" name="move" value="1:up"[^>]* disabled', page)
    assert re.search(r'<button type="submit" name="move" value="6:down"[^>]* disabled', page)
    assert not re.search(r'<button type="submit" name="move" value="2:up"[^>]* disabled', page)


def test_the_arrows_work_without_javascript_and_redraw_only_the_seats_with_htmx(client):
    page = client.get("/games/new").get_data(as_text=True)
    button = re.search(r'<button type="submit" name="move" value="2:up".*?>', page, re.S)[0]
    assert 'formmethod="get" formaction="/games/new"' in button          # a plain form round trip
    assert 'hx-select="fieldset.seats"' in button and 'hx-include="closest form"' in button


def test_the_game_is_created_in_the_seat_order_shown(client, app):
    reordered = {**FOUR, "name_1": "Bernd", "colour_1": "blue", "position_1": "1",
                 "name_2": "Anna", "colour_2": "red", "position_2": "2"}
    assert client.post("/games/new", data=reordered).status_code == 303
    setup = json.loads(stored(app)[0][1])
    assert [p["name"] for p in setup["players"]] == ["Bernd", "Anna", "Clara", "Dieter"]


def test_choosing_a_map_shows_its_own_rules_in_the_page_language(client):
    """The new-game page (its area picker, redrawn when the map changes) lists the map's own rules."""
    korea = client.get("/games/new/areas", query_string={"map": "korea", "name_1": "A", "name_2": "B"},
                       headers={"Accept-Language": "ja"}).get_data(as_text=True)
    rules = korea[korea.index('class="map-rules"'):]
    assert "北" in rules and "南" in rules and "宣言" in rules
    germany = client.get("/games/new/areas", query_string={"map": "germany"}).get_data(as_text=True)
    assert 'class="map-rules"' not in germany
