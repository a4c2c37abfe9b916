"""The Print buttons: the player aid and the game report as PDFs in the page's language, and the
4xx pages (in that language) for what cannot be printed."""
import re

import pytest
from pdfkit import reading as pdf_text
from webkit import GERMANY_3P

JA = {"Accept-Language": "ja"}


def test_the_player_aid_of_a_game_is_a_pdf_of_its_map_and_player_count_on_a6_cards_by_default(client, make_game):
    game_id = make_game()
    response = client.get(f"/games/{game_id}/print/aid")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF-")
    assert 'filename="power-grid-aid-germany-3p-a6.pdf"' in response.headers["Content-Disposition"]
    assert re.search(rb"/MediaBox \[ 0 0 595\.\d+ 841\.\d+ \]", response.data)      # A6 cards on A4 sheets
    assert pdf_text(response.data).count("3") >= 1


@pytest.mark.parametrize("size, width", [("a4", b"595"), ("letter", b"612")])
def test_the_player_aid_comes_on_the_paper_chosen(client, make_game, size, width):
    response = client.get(f"/games/{make_game()}/print/aid?size={size}")
    assert response.status_code == 200 and f"-{size}.pdf" in response.headers["Content-Disposition"]
    assert re.search(rb"/MediaBox \[ 0 0 " + width, response.data)


def test_the_player_aid_is_in_the_page_language(client, make_game):
    response = client.get(f"/games/{make_game()}/print/aid?size=a4", headers=JA)
    assert b"/Lang (ja)" in response.data
    assert "発電所" in pdf_text(response.data)


def test_the_game_report_is_a_pdf_whose_qr_code_opens_the_game_on_this_server(app, client, make_game):
    app.config["HOSTS"] = ("192.168.1.20",)     # the LAN address `referee serve --lan` printed
    game_id = make_game(entries=[{"type": "nominate", "player": "Ann", "plant": 4}])
    response = client.get(f"/games/{game_id}/print/report", base_url="http://192.168.1.20:8765")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF-")
    assert f'filename="power-grid-game-{game_id}-report.pdf"' in response.headers["Content-Disposition"]
    assert f"http://192.168.1.20:8765/games/{game_id}/" in pdf_text(response.data)


def test_an_unknown_paper_size_is_a_400_naming_the_sizes_in_the_page_language(client, make_game):
    response = client.get(f"/games/{make_game()}/print/aid?size=a3", headers=JA)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and response.mimetype == "text/html"
    assert "「a3」" in html and "A6" in html and "レター" in html and "Choose" not in html


@pytest.mark.parametrize("path", ["/games/99/print/aid", "/games/99/print/report", "/print/aid?map=mars&players=3"])
def test_printing_for_an_unknown_game_or_map_is_the_404_page(client, path):
    response = client.get(path)
    assert response.status_code == 404 and "There is no such game or page" in response.get_data(as_text=True)


def test_the_game_list_prints_the_aid_of_any_map_and_player_count(client):
    page = client.get("/").get_data(as_text=True)
    assert 'action="/print/aid"' in page and 'name="players"' in page
    assert '<input type="radio" name="size" value="a6" checked>' in page
    response = client.get("/print/aid?map=usa&players=6&size=letter")
    assert response.status_code == 200 and response.data.startswith(b"%PDF-")
    assert 'filename="power-grid-aid-usa-6p-letter.pdf"' in response.headers["Content-Disposition"]


@pytest.mark.parametrize("players", ["7", "1", "", "two"])
def test_a_player_count_the_tables_lack_is_a_400_saying_what_is_allowed(client, players):
    response = client.get(f"/print/aid?map=germany&players={players}")
    assert response.status_code == 400
    assert "for 2 to 6 players" in response.get_data(as_text=True)


def test_the_table_view_offers_the_report_and_the_aid_on_each_paper(client, make_game):
    game_id = make_game(GERMANY_3P)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert f'href="/games/{game_id}/print/report"' in html
    for size in ("a6", "a4", "letter"):
        assert f'href="/games/{game_id}/print/aid?size={size}"' in html


def test_the_end_of_a_game_offers_its_report(client, example):
    game_id = example()
    end = re.search(r'<section id="end".*?</section>', client.get(f"/games/{game_id}/").get_data(as_text=True), re.S)
    assert f'href="/games/{game_id}/print/report"' in end[0]
