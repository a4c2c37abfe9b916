"""Only the table changes games (the key), cross-site posts are refused (CSRF), and the page language."""
import re

import pytest
from webkit import FOUR, stored

from referee.web import create_app

KEY = "s3cret-key"


@pytest.fixture
def keyed(tmp_path):
    """An app as `referee serve --lan` makes it: changes need the table key."""
    return create_app({"DATABASE": str(tmp_path / "lan.sqlite3"), "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "TABLE_KEY": KEY})


def test_without_the_key_a_device_can_look_but_not_change(keyed):
    client = keyed.test_client()
    assert client.get("/").status_code == 200
    response = client.post("/games/new", data=FOUR)
    assert response.status_code == 403
    assert "Only the table can change this game" in response.get_data(as_text=True)
    assert stored(keyed) == []


def test_without_the_key_the_page_offers_no_change_buttons(keyed):
    page = keyed.test_client().get("/").get_data(as_text=True)
    assert "/games/new" not in page and 'action="/games/import"' not in page


def test_the_printed_url_sets_the_key_cookie_and_then_changes_are_allowed(keyed):
    client = keyed.test_client()
    response = client.get(f"/?key={KEY}")
    assert response.status_code == 302 and response.location == "/"
    assert f"table_key={KEY}" in response.headers["Set-Cookie"] and "HttpOnly" in response.headers["Set-Cookie"]
    assert client.post("/games/new", data=FOUR).status_code == 303
    assert len(stored(keyed)) == 1


def test_the_key_is_dropped_from_the_address_but_other_query_fields_kept(keyed):
    response = keyed.test_client().get(f"/games/new?map=usa&key={KEY}&name_1=A%20B")
    assert response.location == "/games/new?map=usa&name_1=A+B"


def test_a_wrong_key_is_a_403_and_sets_no_cookie(keyed):
    response = keyed.test_client().get("/?key=guess")
    assert response.status_code == 403 and "table_key" not in response.headers.get("Set-Cookie", "")


def test_a_403_for_an_htmx_request_is_a_fragment_for_the_message_area(keyed):
    response = keyed.test_client().post("/games/new", data=FOUR, headers={"HX-Request": "true"})
    assert response.status_code == 403
    assert response.headers["HX-Retarget"] == "#message"
    assert "<html" not in response.get_data(as_text=True)


def test_without_a_table_key_any_device_may_change(client, app):
    assert client.post("/games/new", data=FOUR).status_code == 303


@pytest.fixture
def guarded(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "csrf.sqlite3"), "TESTING": True, "WTF_CSRF_ENABLED": True})


def test_a_cross_site_post_without_the_csrf_token_is_refused_and_stores_nothing(guarded):
    response = guarded.test_client().post("/games/new", data=FOUR)
    assert response.status_code == 400
    assert "came from another site" in response.get_data(as_text=True)
    assert stored(guarded) == []


def test_the_pages_own_form_carries_the_csrf_token_and_is_accepted(guarded):
    client = guarded.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/games/new").get_data(as_text=True))[1]
    assert client.post("/games/new", data={**FOUR, "csrf_token": token}).status_code == 303


def test_htmx_requests_send_the_csrf_token_as_a_header(guarded):
    client = guarded.test_client()
    page = client.get("/games/new").get_data(as_text=True)
    token = re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', page)[1]
    assert client.post("/games/new", data=FOUR, headers={"X-CSRFToken": token}).status_code == 303


# --- language ---------------------------------------------------------------------------------

@pytest.mark.parametrize("header, lang, word", [
    ("ja-JP,ja;q=0.9,en;q=0.5", "ja", "ゲーム一覧"),
    ("zh-TW,zh;q=0.9", "zh-Hant", "遊戲列表"),
    ("zh-Hant-HK", "zh-Hant", "遊戲列表"),
    ("de-DE,en;q=0.5", "en", "Games"),
    ("", "en", "Games"),
])
def test_the_page_language_follows_the_browser(client, header, lang, word):
    page = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in page and word in page


def test_the_language_switch_is_remembered_by_cookie_over_the_browser(client):
    response = client.get("/language/ja?next=/games/new")
    assert response.status_code == 302 and response.location == "/games/new"
    page = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="ja">' in page and "ゲーム一覧" in page


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", ""])
def test_the_language_switch_only_returns_to_this_site(client, target):
    assert client.get("/language/zh-Hant", query_string={"next": target}).location == "/"


def test_an_unknown_language_is_ignored(client):
    response = client.get("/language/xx?next=/")
    assert "Set-Cookie" not in response.headers


def test_every_page_links_to_the_three_languages(client):
    page = client.get("/games/new").get_data(as_text=True)
    for code in ("en", "ja", "zh-Hant"):
        assert f'href="/language/{code}?next=/games/new"' in page
