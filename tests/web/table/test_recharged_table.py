"""A Power Grid: Recharged game through the table app (docs/editions.md): the table page, the log, the
seat join page, the export and the printed report answer without an error for a 3-player game with
the discount token and a 2-player game with the Trust; a bid of 1 on the discounted plant is taken
from the form as from the engine; the export carries the edition and the deal."""
import json
import re

import pytest

from rechargedkit import DEALT, TRUST_CITIES, new_game_form
from tablekit import setup_line

RECHARGED_3P = setup_line(3, edition="recharged", dealt=DEALT)
RECHARGED_2P = setup_line(2, edition="recharged", dealt=DEALT, trust_cities=TRUST_CITIES)
TRUST_ENTRIES = [{"type": "sold", "player": "Ann", "plant": 6, "price": 6}, {"type": "draw", "card": 13},
                 {"type": "draw", "card": 20}]


@pytest.mark.parametrize("setup, entries", [(RECHARGED_3P, []), (RECHARGED_2P, TRUST_ENTRIES)])
def test_recharged_pages_answer(client, make_game, setup, entries):
    game_id = make_game(setup, entries)
    for path in (f"/games/{game_id}/", f"/games/{game_id}/log", f"/games/{game_id}/export",
                 f"/games/{game_id}/print/report", f"/games/{game_id}/print/aid", "/games/new"):
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.status_code)
    exported = client.get(f"/games/{game_id}/export").get_data(as_text=True).splitlines()
    first = json.loads(exported[0])
    assert first["edition"] == "recharged" and first["dealt"] == DEALT


def test_a_bid_of_1_on_the_discounted_plant_is_taken_from_the_form(make_game, post, stored):
    game_id = make_game(RECHARGED_3P)
    answer = post(game_id, type="nominate", player="Ann", plant="5", bid="1")
    assert answer.status_code == 200
    assert stored(game_id).state["auction"]["lot"]["bid"] == 1


def test_the_table_shows_the_discount_token_and_the_next_back(client, make_game):
    """The token on its plant (bids from 1; the tapped plant sets the bid field's minimum to 1) and the
    back the next card shows (a plug plant lies on top at setup)."""
    game_id = make_game(RECHARGED_3P)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert 'class="card discount kind-' in html and 'class="token"' in html
    assert 'name="plant" value="5" data-least="1"' in html and 'name="bid" inputmode="numeric" min="1"' in html
    assert "The next card has a plug back" in html
    assert "Discount token: at the start of each auction" in html      # the rules screen names the edition's rules
    assert "Garbage starts with 9 cubes (original: 6)" in html


def test_the_new_game_page_offers_the_edition_and_starts_a_recharged_game(client, app):
    page = client.get("/games/new").get_data(as_text=True)
    assert 'name="edition" value="recharged"' in page and 'name="dealt" value="15"' in page
    answer = client.post("/games/new", data=new_game_form(dealt=["3", "4", "5", "6", "7", "8", "9", "10"]))
    assert answer.status_code == 303
    from webkit import stored
    setup = json.loads(sorted(stored(app))[-1][1])
    assert setup["edition"] == "recharged" and setup["dealt"] == [3, 4, 5, 6, 7, 8, 9, 10] and "seed" in setup


def test_a_two_player_recharged_game_from_the_page_has_the_trust_unless_left_out(client, app):
    from webkit import stored
    assert client.post("/games/new", data=new_game_form(2)).status_code == 303
    assert client.post("/games/new", data=new_game_form(2, no_trust="1")).status_code == 303
    games = [json.loads(g[1]) for g in sorted(stored(app))]
    assert "trust_cities" not in games[0]      # the stored line is as entered; the engine places the cities
    from referee.game import Game
    assert Game(games[0]).setup["trust"] is True and Game(games[1]).setup["trust"] is False


def test_a_wrong_deal_is_refused_on_the_page(client):
    answer = client.post("/games/new", data=new_game_form(dealt=["3", "4", "5"]))
    assert answer.status_code == 400 and "8" in answer.get_data(as_text=True)


def test_the_trust_taking_its_plant_redraws_the_players_part(client, make_game, post):
    """Digest §4: the Trust takes its plant when the replacement card is drawn; no human player's side
    changes, yet the players' part (which holds the Trust's panel) must be drawn again, not kept."""
    game_id = make_game(RECHARGED_2P, TRUST_ENTRIES[:1])
    client.get(f"/games/{game_id}/")                       # the page on screen: the Trust without a plant
    html = post(game_id, type="draw", card="13").get_data(as_text=True)
    assert '<section id="players" hx-preserve></section>' not in html
    assert re.search(r'<article class="[^"]*neutral[^"]*".*?<span class="num">9</span>', html, re.S)


PLACED = ["duesseldorf", "aachen", "trier", "saarbruecken", "mainz", "koeln"]   # Recharged Germany: Mainz


def _trust_form(cities, **extra):
    return new_game_form(2, **{f"trust_city_{i}": c for i, c in enumerate(cities, 1)}, **extra)


def test_the_new_game_page_offers_six_selects_of_the_recharged_boards_cities(client):
    """Digest §4: the players place the Trust's six start cities; the page offers the chosen areas'
    cities of the board as Recharged prints it (Mainz, not Wiesbaden), and an empty choice."""
    page = client.post("/games/new", data=_trust_form(["essen"])).get_data(as_text=True)
    for i in range(1, 7):
        assert f'name="trust_city_{i}"' in page
    assert '<option value="mainz"' in page and '<option value="wiesbaden"' not in page
    assert '<option value="berlin"' not in page            # not in the chosen areas NW, W, SW
    assert '<option value="essen" selected>' in page        # what was chosen is kept on a refusal


def test_the_trust_cities_chosen_on_the_page_are_the_games_s4(client, app):
    """Digest §4: the six cities the players placed, in order, are the setup line's trust_cities."""
    from webkit import stored
    from referee.game import Game
    assert client.post("/games/new", data=_trust_form(PLACED)).status_code == 303
    setup = json.loads(sorted(stored(app))[-1][1])
    assert setup["trust_cities"] == PLACED and Game(setup).setup["trust_cities"] == PLACED


def test_trust_cities_left_empty_are_placed_by_the_referee_and_ignored_without_the_trust(client, app):
    from webkit import stored
    assert client.post("/games/new", data=_trust_form([""] * 6)).status_code == 303
    assert client.post("/games/new", data=_trust_form(PLACED, no_trust="1")).status_code == 303
    games = [json.loads(g[1]) for g in sorted(stored(app))]
    assert all("trust_cities" not in g for g in games)


@pytest.mark.parametrize("cities, lang, message", [
    (PLACED[:3], "en", "The Trust's cities: choose all six, in the order they were placed, or none for the "
                       "referee to place them; 3 are chosen."),
    (PLACED[:5] + ["duesseldorf"], "en", "each of the six must be a different city"),
    (["berlin"] + PLACED[1:], "en", "Berlin (placement 1) is not in the chosen play areas"),
    (["duesseldorf", "trier", "aachen", "saarbruecken", "mainz", "koeln"], "en", "Trier (placement 2) must be joined by a connection"),
    (PLACED[:3], "ja", "トラストの都市：置いた順に6都市すべてを選ぶか、審判に決めさせるなら何も選ばないでください。"
                       "現在3都市を選択しています。"),
    (["duesseldorf", "trier", "aachen", "saarbruecken", "mainz", "koeln"], "ja",
     "トラストの都市：Trier（2番目に置いた都市）は、それより前に置いたトラストの都市と接続でつながっている必要があります。"),
    (PLACED[:5] + ["duesseldorf"], "ja", "トラストの都市：6都市はすべて異なる都市にしてください。"),
    (PLACED[:3], "zh-Hant", "托拉斯的城市：請依放置順序選滿6個城市，或都不選由裁判決定；目前選了3個。"),
    (["berlin"] + PLACED[1:], "zh-Hant", "托拉斯的城市：Berlin（第1個放置的城市）不在所選的遊戲區域內。"),
    (["duesseldorf", "trier", "aachen", "saarbruecken", "mainz", "koeln"], "zh-Hant",
     "托拉斯的城市：Trier（第2個放置的城市）必須有線路連到之前放置的托拉斯城市。"),
])
def test_wrong_trust_cities_are_refused_on_the_page_in_the_players_language_s4(client, app, cities, lang, message):
    from webkit import stored
    before = len(stored(app))
    answer = client.post("/games/new", data=_trust_form(cities), headers={"Accept-Language": lang})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 400 and message in html.replace("&#39;", "'")
    assert len(stored(app)) == before


def test_tapping_an_area_redraws_the_trust_city_selects_out_of_band_s4(client):
    """Digest §4: the Trust's cities lie in the chosen areas, so the area picker's redraw (htmx) sends
    the six selects too, listing the areas now chosen; a chosen city still listed stays chosen."""
    form = {k: v for k, v in _trust_form(["essen"]).items() if k != "areas"}
    first = client.get("/games/new/areas", query_string={**form, "areas": ["NW", "W"]}).get_data(as_text=True)
    assert 'id="trust-cities"' in first and 'hx-swap-oob="true"' in first
    assert '<option value="essen" selected>' in first and '<option value="trier"' not in first
    tapped = client.get("/games/new/areas", query_string={**form, "areas": ["NW", "W"], "toggle": "SW"})
    html = tapped.get_data(as_text=True)
    assert tapped.status_code == 200 and '<option value="trier"' in html and '<option value="mainz"' in html
    assert '<option value="berlin"' not in html


def test_an_unchanged_area_picker_answers_204_and_keeps_the_trust_selects(client):
    form = _trust_form(["essen"])
    drawn = re.search(r'name="drawn" value="([0-9a-f]+)"',
                      client.get("/games/new/areas", query_string=form).get_data(as_text=True))[1]
    assert client.get("/games/new/areas", query_string={**form, "drawn": drawn}).status_code == 204


def _own_deal_line(board, dealt):
    from mapkit import board_setup
    return {**setup_line(3), "map": board, "areas": board_setup(3, board)["areas"], "edition": "recharged",
            "dealt": dealt}


RUSSIA_TOP = [{"type": "sold", "player": p, "plant": n, "price": n} for p, n in (("Ann", 5), ("Bob", 4), ("Cara", 3))]


@pytest.mark.parametrize("board, dealt, entries, shown", [
    ("russia", [3, 4, 5, 7, 8, 9], [], ["The next card has a plug back (plants 03–15)."]),
    ("russia", [3, 4, 5, 7, 8, 9], [RUSSIA_TOP[0], {"type": "draw", "card": 10}, RUSSIA_TOP[1], {"type": "draw", "card": 11},
                                    RUSSIA_TOP[2], {"type": "draw", "card": 12}],
     ["The next card has a plug back (plants 03–15)."]),
    ("quebec", DEALT, [{"type": "sold", "player": "Ann", "plant": 8, "price": 8}, {"type": "draw", "card": 13}],
     ["Plant 18 lies on top.", "The next card has a socket back (plants 16 and up)."]),
    ("brazil", [3, 4, 5, 6, 7, 8, 9, 14], [{"type": "sold", "player": "Ann", "plant": 6, "price": 6},
                                           {"type": "draw", "card": 10}],
     ["The next card can have a plug or a socket back: look at the deck."]),
])
def test_the_table_shows_the_next_back_on_maps_with_their_own_deal_s7(client, make_game, board, dealt, entries, shown):
    """Digest §1, §7: the deck panel says which back the next card shows on Russia (5 plug cards on top),
    Québec (18, then 22, under the plug card on top) and Brazil, as the engine tracks it."""
    game_id = make_game(_own_deal_line(board, dealt), entries)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    for words in shown:
        assert words in html, words
    backs = {"plug back (plants": "plug", "socket back (plants": "socket", "plug or a socket back": "either"}
    assert len([w for w in backs if w in html]) == 1       # one sentence, the one the engine's backs give
    for path in (f"/games/{game_id}/print/aid", f"/games/{game_id}/log", f"/games/{game_id}/export"):
        assert client.get(path).status_code == 200, path


def _chips(html: str) -> list:
    return [int(n) for n in re.findall(r'name="dealt" value="(\d+)"', html)]


def test_the_new_game_page_offers_the_plug_plants_the_chosen_map_deals_s7(client):
    """Digest §1 and §7: the table ticks the plug plants it dealt, as many as the map deals (the
    engine's edition_deal.deal_offer): 8 of 3–15 on Germany; on Russia 6, without 6 and 14 (out of
    its game); Brazil always deals 6 and 14 (said in the reader's language); China keeps its own
    plant setup, so nothing is offered. The area picker's redraw brings the map's list at once."""
    germany = client.get("/games/new/areas", query_string=new_game_form()).get_data(as_text=True)
    assert _chips(germany) == list(range(3, 16)) and "Tick the 8 plug plants" in germany
    russia = client.get("/games/new/areas", query_string=new_game_form(map="russia", areas=[])).get_data(as_text=True)
    assert 'id="dealt-plants"' in russia and 'hx-swap-oob="true"' in russia
    assert _chips(russia) == [3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 15] and "Tick the 6 plug plants" in russia
    ja = {"Accept-Language": "ja"}
    brazil = client.get("/games/new/areas", query_string=new_game_form(map="brazil", areas=[]), headers=ja).get_data(as_text=True)
    assert "発電所6、14が必ずその中に入ります" in brazil and "8枚" in brazil
    china = client.post("/games/new", data=new_game_form(map="china", areas=[]), headers=ja).get_data(as_text=True)
    assert _chips(china) == [] and "独自の発電所の準備" in china


def test_ticking_a_dealt_plant_redraws_nothing(client):
    """A tick of a dealt plant leaves the picker as it is (204): replacing the chips under a finger
    would swallow the next tap; the next redraw carries the ticks."""
    first = client.get("/games/new/areas", query_string=new_game_form()).get_data(as_text=True)
    drawn = re.search(r'name="drawn" value="([0-9a-f]+)"', first)[1]
    assert client.get("/games/new/areas", query_string={**new_game_form(dealt=["3", "5"]), "drawn": drawn}).status_code == 204
    again = client.get("/games/new/areas", query_string=new_game_form(dealt=["3", "5"], areas=["NW", "W"])).get_data(as_text=True)
    assert 'value="3" checked' in again and 'value="5" checked' in again and 'value="4" checked' not in again
