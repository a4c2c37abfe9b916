"""The new-game page offers seed 000's variations (新発電所カード, バリエーション 1–4) and writes them into
the setup line; variation 3's cities are tapped on the map one by one."""
import io
import json
import re

from mapkit import germany_cities
from webkit import FOUR, stored


def problems(response) -> list:
    return re.findall(r"<li>(.*?)</li>", response.get_data(as_text=True))


def test_new_game_offers_the_four_variations_in_the_pages_language(client):
    page = client.get("/games/new").get_data(as_text=True)
    for n in range(1, 5):
        assert f'name="variation" value="{n}"' in page
    assert "Variation 3: big plants" in page


def test_new_game_variation_1_is_in_the_setup_line(client, app):
    assert client.post("/games/new", data={**FOUR, "variation": "1"}).status_code == 303
    line = json.loads(stored(app)[0][1])
    assert line["variation"] == 1 and line["areas"] == ["NW", "W", "SW", "E"]


def test_new_game_variation_2_takes_the_market_and_the_pairs_turned_up(client, app):
    data = {**FOUR, "variation": "2", "market_4": "new", "market_7": "new", "removed_pairs": "12, 27 30 40"}
    assert client.post("/games/new", data=data).status_code == 303
    line = json.loads(stored(app)[0][1])
    assert line["market"] == [1, 2, 3, "4+", 5, 6, "7+", 8] and line["removed_pairs"] == [12, 27, 30, 40]


def test_new_game_variation_2_with_the_wrong_pairs_is_refused_and_nothing_stored(client, app):
    response = client.post("/games/new", data={**FOUR, "variation": "2", "removed_pairs": "12 x"})
    assert response.status_code == 400 and stored(app) == []
    assert any("Removed pairs" in p for p in problems(response))


def test_new_game_variation_3_cities_are_tapped_on_the_map(client, app):
    """Seed 000: 「表に示された数の都市を直接選択し」: 32 cities for 4 players."""
    data = {**FOUR, "variation": "3"}
    data.pop("areas")
    picker = client.get("/games/new/areas", query_string={**data, "toggle_city": "kiel"}).get_data(as_text=True)
    assert "1 of 32 cities chosen" in picker and 'name="cities" value="kiel"' in picker
    response = client.post("/games/new", data={**data, "cities": ["kiel"]})
    assert response.status_code == 400 and any("uses 32 cities; 1 are chosen" in p for p in problems(response))
    assert client.post("/games/new", data={**data, "cities": germany_cities(32)}).status_code == 303
    line = json.loads(stored(app)[0][1])
    assert line["variation"] == 3 and len(line["cities"]) == 32 and "areas" not in line


def test_new_game_variation_4_takes_an_uploaded_deck_file(client, app):
    deck = open("maps/decks/new.toml", "rb").read().replace(b'id = "new"', b'id = "ours"')
    data = {**FOUR, "variation": "4", "deck_file": (io.BytesIO(deck), "ours.toml")}
    assert client.post("/games/new", data=data, content_type="multipart/form-data").status_code == 303
    line = json.loads(stored(app)[0][1])
    assert line["deck"]["id"] == "ours" and len(line["deck"]["cards"]) == 46


def test_a_variation_1_game_plays_at_the_table_with_new_card_ids(client, app):
    """The table's forms name a new card as "4+" (docs/actions.md), and the page shows the + cards."""
    assert client.post("/games/new", data={**FOUR, "variation": "1"}).status_code == 303
    game_id = stored(app)[0][0]
    page = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert "4+" in page and "8+" in page
    seq = re.search(r'name="seq" value="(\d+)"', page)
    fields = {"type": "nominate", "player": "Bernd", "plant": "4+", "bid": "5", **({"seq": seq[1]} if seq else {})}
    response = client.post(f"/games/{game_id}/facts", data=fields)
    assert response.status_code in (200, 303), response.get_data(as_text=True)[:500]
    assert json.loads(stored(app)[0][2][0]) == {"type": "nominate", "player": "Bernd", "plant": "4+", "bid": 5}


def test_variation_2_and_3_games_show_their_table(client, app):
    """Variation 3's board draws its chosen cities; variation 2's removed cards are listed as known."""
    for extra in ({"variation": "2", "removed_pairs": "12 27 30 40"},
                  {"variation": "3", "cities": germany_cities(32), "areas": []}):
        assert client.post("/games/new", data={**FOUR, **extra}).status_code == 303
    for game_id, setup, _entries in stored(app):
        response = client.get(f"/games/{game_id}/")
        assert response.status_code == 200
        if json.loads(setup)["variation"] == 3:
            assert "Kiel" in response.get_data(as_text=True)


def test_variation_2_table_shows_the_cards_out_of_the_game(client, app):
    """Seed 000: 「これからどの発電所が登場するかを推測するために、プレイヤーは除外された発電所を見ることができます」."""
    assert client.post("/games/new", data={**FOUR, "variation": "2", "removed_pairs": "12 27 30 40"}).status_code == 303
    page = client.get(f"/games/{stored(app)[0][0]}/").get_data(as_text=True)
    assert re.search(r'Out of the game: <span class="numbers">[^<]*\b12 12\+ [^<]*\b40 40\+', page)


def test_new_game_table_rules_offer_each_house_reading_with_its_default_in_the_pages_language(client):
    """docs/rules-notes.md §6: every house reading is a choice under "Table rules", the default marked."""
    page = client.get("/games/new").get_data(as_text=True)
    assert "Table rules" in page and 'name="reading_step3_before_step2"' in page
    for option in ("variation_2_removal", "variation_4_top", "france_variation_1", "australia_uranium_price",
                   "quebec_all_green", "benelux_removal_order", "australia_two_player_areas"):
        assert f'name="reading_{option}"' in page
    assert "(default)" in page and "Only for: Québec" in page
    client.get("/language/ja?next=/games/new")
    ja = client.get("/games/new").get_data(as_text=True)
    assert "卓のルール" in ja and "（既定）" in ja and "ステップ2より前にステップ3カードが出たとき" in ja
    client.get("/language/zh-Hant?next=/games/new")
    assert "本桌規則" in client.get("/games/new").get_data(as_text=True)


def test_new_game_table_rules_go_into_the_setup_line_when_they_concern_the_game(client, app):
    data = {**FOUR, "reading_step3_before_step2": "step3_only", "reading_quebec_all_green": "highest_under",
            "reading_benelux_removal_order": "nonsense"}
    assert client.post("/games/new", data=data).status_code == 303
    line = json.loads(stored(app)[0][1])
    assert line["readings"] == {"step3_before_step2": "step3_only"}   # Québec's is not this game's


def test_new_game_default_table_rules_leave_the_setup_line_as_before(client, app):
    assert client.post("/games/new", data={**FOUR, "reading_step3_before_step2": "step2_first"}).status_code == 303
    assert "readings" not in json.loads(stored(app)[0][1])


def test_new_game_a_deck_too_small_to_play_is_refused_with_the_reason_in_the_pages_language(client, app):
    """A deck file of eight plants fills the market and leaves nothing to draw (docs/decks.md)."""
    deck = ('id = "tiny"\nname = "Tiny"\nsource = "a test"\n[cards]\n'
            + "".join(f'"{n}" = {{ kind = "coal", burns = 2, powers = 1 }}\n' for n in range(3, 11))).encode()
    client.get("/language/ja?next=/games/new")
    data = {**FOUR, "variation": "4", "deck_file": (io.BytesIO(deck), "tiny.toml")}
    response = client.post("/games/new", data=data, content_type="multipart/form-data")
    assert response.status_code == 400 and stored(app) == []
    assert any("山札のファイルの発電所は8枚です" in p and "9枚以上必要です" in p for p in problems(response))


def test_new_game_variation_2_single_cards_go_into_the_setup_line_with_their_table_rule(client, app):
    """docs/rules-notes.md §6 variation_2_unpaired = out: the single cards typed (full-width too) leave the game."""
    data = {**FOUR, "variation": "2", "removed_pairs": "12, 27 30 40", "unpaired": "１１，24+",
            "reading_variation_2_unpaired": "out"}
    assert client.post("/games/new", data=data).status_code == 303
    line = json.loads(stored(app)[0][1])
    assert line["readings"] == {"variation_2_unpaired": "out"} and line["unpaired"] == [11, "24+"]
    response = client.post("/games/new", data={**data, "unpaired": "eleven"})
    assert response.status_code == 400 and any("Single cards turned up" in p for p in problems(response))


def test_new_game_australia_two_players_in_two_areas_by_the_table_rule(client, app):
    """docs/rules-notes.md §6 australia_two_player_areas = two (seed 001 「4 人まで人数分エリア」)."""
    data = {"map": "australia", "name_1": "Ann", "colour_1": "red", "position_1": "1",
            "name_2": "Bob", "colour_2": "blue", "position_2": "2", "areas": ["red", "yellow"]}
    refused = client.post("/games/new", data=data)
    assert refused.status_code == 400 and any("uses 3 areas; 2 are chosen" in p for p in problems(refused))
    assert client.post("/games/new", data={**data, "reading_australia_two_player_areas": "two"}).status_code == 303
    assert json.loads(stored(app)[0][1])["readings"] == {"australia_two_player_areas": "two"}
