"""Bad input from addresses, queries and uploads is a clear answer in the page's language, never a 500:
Unicode digits ("²" passes str.isdigit() but not int()), numbers past Python's 4300-digit limit, a
setup naming a server file as its map, an upload larger than the app takes."""
import io
import json
from pathlib import Path

import pytest
from webkit import FOUR, GERMANY_3P

from referee.store import Store

HUGE = "9" * 5000
JA = {"Accept-Language": "ja"}
MAPS = Path(__file__).resolve().parents[2] / "maps"


def stored_games(app) -> list:
    store = Store(app.config["DATABASE"])
    try:
        return store.games()
    finally:
        store.close()


def message_of(response) -> str:
    """The error box of a page or fragment."""
    html = response.get_data(as_text=True)
    start = html.index('class="error')
    return html[start:html.index("</div>", start)]


@pytest.mark.parametrize("path", [f"/games/{HUGE}/", "/games/²/", "/games/1/log/" + HUGE, "/games/1/log/²",
                                  f"/games/{HUGE}/export", f"/games/{HUGE}/print/aid"])
def test_an_address_with_a_huge_or_unicode_number_is_the_404_page(client, make_game, path):
    make_game()
    response = client.get(path)
    assert response.status_code == 404


@pytest.mark.parametrize("given", ["²", HUGE, "-1", "1e3"])
def test_a_table_page_with_a_bad_page_seq_is_the_page_itself(client, make_game, given):
    game_id = make_game()
    response = client.get(f"/games/{game_id}/", query_string={"page_seq": given}, headers={"HX-Request": "true"})
    assert response.status_code == 200


@pytest.mark.parametrize("given", ["²", HUGE])
def test_a_fact_with_a_bad_sequence_number_is_a_400_in_the_page_language(app, client, make_game, given):
    game_id = make_game()
    response = client.post(f"/games/{game_id}/facts", data={"type": "pass", "player": "Ann", "seq": given},
                           headers=JA)
    assert response.status_code == 400
    assert "再読み込み" in response.get_data(as_text=True)


@pytest.mark.parametrize("given", ["²", HUGE])
def test_a_fact_with_a_bad_amount_is_a_400_naming_the_field(client, make_game, given):
    game_id = make_game()
    response = client.post(f"/games/{game_id}/facts",
                           data={"type": "nominate", "player": "Ann", "plant": given, "seq": "0"})
    assert response.status_code == 400
    assert "9" * 21 not in message_of(response)     # the reply names the field, not 5000 digits


@pytest.mark.parametrize("given", ["²", HUGE, "0"])
def test_a_log_page_number_that_is_no_page_shows_the_newest_page(client, make_game, given):
    game_id = make_game()
    assert client.get(f"/games/{game_id}/log", query_string={"page": given}).status_code == 200


@pytest.mark.parametrize("given", ["²", HUGE])
def test_a_player_aid_for_a_bad_player_count_is_a_400_saying_what_is_allowed(client, given):
    response = client.get("/print/aid", query_string={"map": "germany", "players": given}, headers=JA)
    assert response.status_code == 400
    message = message_of(response)
    assert "2" in message and "6" in message and "9" * 21 not in message


# --- a setup's map must be a board the referee has, never a server file ------------------------

def test_an_imported_log_whose_map_is_a_server_path_is_refused_and_nothing_stored(app, client, tmp_path):
    board = tmp_path / "x.toml"
    board.write_text((MAPS / "germany.toml").read_text(encoding="utf-8"), encoding="utf-8")   # a playable file
    setup = {**GERMANY_3P, "map": str(board)}
    response = client.post("/games/import", data={"log": (io.BytesIO(json.dumps(setup).encode()), "game.jsonl")},
                           content_type="multipart/form-data", headers=JA)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "インポート" in html and "germany" in html
    assert stored_games(app) == []


def test_a_new_game_on_a_server_path_is_refused_and_nothing_stored(app, client):
    response = client.post("/games/new", data={**FOUR, "map": "/tmp/x.toml"}, headers=JA)
    assert response.status_code == 400
    assert "地図" in response.get_data(as_text=True) or "マップ" in response.get_data(as_text=True)
    assert stored_games(app) == []


# --- too large an upload ------------------------------------------------------------------------

def test_an_oversized_board_upload_says_a_board_file_is_too_large_in_the_page_language(client):
    big = io.BytesIO(b"#" * (2 * 1024 * 1024 + 10))
    response = client.post("/games/new/board", data={"board": (big, "big.toml")},
                           content_type="multipart/form-data", headers=JA)
    assert response.status_code == 413
    message = message_of(response)
    assert ".toml" in message and ".jsonl" not in message and "512 KB" in message and "ボード" in message


def test_an_oversized_game_log_says_a_game_log_is_at_most_2_mb(client):
    big = io.BytesIO(b"#" * (2 * 1024 * 1024 + 10))
    response = client.post("/games/import", data={"log": (big, "big.jsonl")}, content_type="multipart/form-data")
    assert response.status_code == 413
    assert ".jsonl" in response.get_data(as_text=True)
