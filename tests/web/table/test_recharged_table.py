"""A Power Grid: Recharged game through the table app (docs/editions.md): the table page, the log, the
seat join page, the export and the printed report answer without an error for a 3-player game with
the discount token and a 2-player game with the Trust; a bid of 1 on the discounted plant is taken
from the form as from the engine; the export carries the edition and the deal."""
import json
import re

import pytest

from rechargedkit import DEALT, TRUST_CITIES
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


def _form(players=3, **extra):
    names = ["Ann", "Bob", "Cara"][:players]
    form = {"map": "germany", "order_by": "table", "areas": ["NW", "W", "SW"], "edition": "recharged"}
    for i, n in enumerate(names, 1):
        form.update({f"name_{i}": n, f"colour_{i}": ["red", "blue", "green"][i - 1], f"position_{i}": str(i)})
    form.update(extra)
    return form


def test_the_new_game_page_offers_the_edition_and_starts_a_recharged_game(client, app):
    page = client.get("/games/new").get_data(as_text=True)
    assert 'name="edition" value="recharged"' in page and 'name="dealt" value="15"' in page
    answer = client.post("/games/new", data=_form(dealt=["3", "4", "5", "6", "7", "8", "9", "10"]))
    assert answer.status_code == 303
    from webkit import stored
    setup = json.loads(sorted(stored(app))[-1][1])
    assert setup["edition"] == "recharged" and setup["dealt"] == [3, 4, 5, 6, 7, 8, 9, 10] and "seed" in setup


def test_a_two_player_recharged_game_from_the_page_has_the_trust_unless_left_out(client, app):
    from webkit import stored
    assert client.post("/games/new", data=_form(2)).status_code == 303
    assert client.post("/games/new", data=_form(2, no_trust="1")).status_code == 303
    games = [json.loads(g[1]) for g in sorted(stored(app))]
    assert "trust_cities" not in games[0]      # the stored line is as entered; the engine places the cities
    from referee.game import Game
    assert Game(games[0]).setup["trust"] is True and Game(games[1]).setup["trust"] is False


def test_a_wrong_deal_is_refused_on_the_page(client):
    answer = client.post("/games/new", data=_form(dealt=["3", "4", "5"]))
    assert answer.status_code == 400 and "8" in answer.get_data(as_text=True)


def test_the_trust_taking_its_plant_redraws_the_players_part(client, make_game, post):
    """Digest §4: the Trust takes its plant when the replacement card is drawn; no human player's side
    changes, yet the players' part (which holds the Trust's panel) must be drawn again, not kept."""
    game_id = make_game(RECHARGED_2P, TRUST_ENTRIES[:1])
    client.get(f"/games/{game_id}/")                       # the page on screen: the Trust without a plant
    html = post(game_id, type="draw", card="13").get_data(as_text=True)
    assert '<section id="players" hx-preserve></section>' not in html
    assert re.search(r'<article class="[^"]*neutral[^"]*".*?<span class="num">9</span>', html, re.S)
