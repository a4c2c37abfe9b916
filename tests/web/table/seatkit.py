"""Seat devices for the web tests: the app as `referee serve --lan` makes it (changes need the table
key or a seat), the key holder's tablet, a phone on a seat, and a seat's post of a fact."""
import re

import pytest

from referee.web import create_app

KEY = "table-key"


@pytest.fixture
def app(tmp_path):
    """As `referee serve --lan` makes it: changes need the table key (or a seat)."""
    return create_app({"DATABASE": str(tmp_path / "games.sqlite3"), "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "TABLE_KEY": KEY, "CUSTOM_MAPS": str(tmp_path / "maps")})


@pytest.fixture
def tablet(app):
    device = app.test_client()
    assert device.get(f"/?key={KEY}").status_code == 302
    return device


def seat_links(tablet, game_id) -> list:
    """The seat addresses the Join page shows, in setup order (Anna, Bernd, Clara, Dieter)."""
    html = tablet.get(f"/games/{game_id}/join").get_data(as_text=True)
    return [re.sub(r"^http://[^/]+", "", url) for url in re.findall(r"<code translate=\"no\">([^<]+)</code>", html)]


@pytest.fixture
def phone(app, tablet):
    """phone(game_id, seat) -> a device that opened that seat's link (seat: index in setup order)."""
    def make(game_id, seat, lang=None):
        device = app.test_client()
        if lang:
            device.set_cookie("lang", lang)
        response = device.get(seat_links(tablet, game_id)[seat])
        assert response.status_code == 302 and response.location == f"/games/{game_id}/seat"
        return device
    return make


def seat_post(device, game_id, seq, htmx=True, **fields):
    headers = {"HX-Request": "true"} if htmx else {}
    return device.post(f"/games/{game_id}/seat/facts", data={"seq": str(seq), **fields}, headers=headers)
