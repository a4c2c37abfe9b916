"""A Power Grid: Recharged game in headless Chromium against a real `referee serve` (docs/editions.md):
on the tablet the discounted plant carries its token and opens at 1 (the bid field lets 1 through);
a 2-player game shows the Trust's panel and its plant; a seat phone of that game opens and stays
within the screen."""
import json

import pytest
from looks import sideways_scroll
from rechargedkit import DEALT, TRUST_CITIES
from screens import import_log
from tableplayer import swap
from tablekit import setup_line

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("browser")]  # one server and one Chromium


def log(setup, entries=()) -> str:
    return "\n".join(json.dumps(line) for line in [setup, *entries]) + "\n"


def exported(page, url: str) -> list:
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    text = page.request.get(url.split("/games/")[0] + f"/games/{game_id}/export").text()
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("lang", ["ja", "zh-Hant"])
def test_the_discounted_plant_opens_at_1_from_the_tablet(server, new_page, lang):
    page = new_page(lang, "tablet")
    url = import_log(page, server, log(setup_line(3, edition="recharged", dealt=DEALT)))
    token = page.locator("#input form.nominate button[name=plant][value='5'] .token")
    assert token.inner_text() == "1" and token.is_visible()
    page.fill("#input form.nominate input[name=bid]", "1")
    swap(page, page.locator("#input form.nominate button[name=plant][value='5']").click)
    assert exported(page, url)[-1] == {"type": "nominate", "player": "Ann", "plant": 5, "bid": 1}


def test_a_two_player_game_shows_the_trust_on_the_tablet_and_a_phone(server, new_page):
    entries = [{"type": "sold", "player": "Ann", "plant": 6, "price": 6}, {"type": "draw", "card": 13},
               {"type": "draw", "card": 20}]
    setup = setup_line(2, edition="recharged", dealt=DEALT, trust_cities=TRUST_CITIES)
    for size in ("tablet", "phone"):
        page = new_page("ja", size)
        import_log(page, server, log(setup, entries))
        panel = page.locator(".players article.neutral")
        assert "トラスト" in panel.inner_text() and panel.locator(".card .num").all_inner_texts() == ["9"]
        assert sideways_scroll(page) == 0
