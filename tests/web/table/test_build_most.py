"""The build panel's "most cities for the money" comes in its own request (issue 21, item 3): the
budget search may take long on a big open board, so neither the table page nor a seat's phone waits
for it; the panel shows the cheapest 1–3 cities at once and asks for the rest once shown
(GET …/build/most on the table, …/seat/build/most on the builder's phone), worked out in a worker
process. Money is secret (seed 004, line 78: 「所持金のみ非公開情報。」): only a viewer who may see the
builder's money gets the figure (referee.web.viewer).
"""
import re

import pytest

from seatkit import KEY, app, phone, tablet  # noqa: F401  (fixtures)

from referee import offloop
from referee.planner.core import Planner
from referee.web import inputs

HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def unanswered():
    """Every test starts with no answer worked out (the cache is the process's)."""
    inputs._suggestions.cache_clear()


@pytest.fixture
def building(example, first_at, stored):
    """(game id, the builder's seat index, the builder) at the first build of round 2."""
    game_id = example(first_at(lambda s: s["phase"] == "building" and s["round"] == 2))
    game = stored(game_id)
    builder = game.state["next"]["waiting_for"][0]
    return game_id, list(game.state["players"]).index(builder), builder


def placeholder(html: str) -> str | None:
    found = re.search(r'<div class="suggestions" id="most-\d+" hx-get="([^"]+)" hx-trigger="load"', html)
    return found and found[1].replace("&amp;", "&")


def panel_of(html: str) -> str:
    return html.split('id="input"')[1].split("</section>")[0]


def test_the_builders_phone_shows_the_cheapest_cities_at_once_and_asks_for_the_most_once_shown(
        phone, building, monkeypatch):
    game_id, seat, builder = building
    asked = []
    real = Planner.suggest

    def counting(self, *args, **kwargs):
        asked.append(kwargs)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(Planner, "suggest", counting)
    device = phone(game_id, seat)
    for headers in ({}, HTMX):      # the page, and a live update of it
        html = device.get(f"/games/{game_id}/seat", headers=headers).get_data(as_text=True)
        assert "Cheapest 1 city:" in panel_of(html) and "Most cities for the money" not in html
        assert placeholder(html) and "Working out the most cities for the money…" in html
    assert not [a for a in asked if a.get("budget") is not None and a.get("count") is None], \
        "a page waited for the budget search"
    response = device.get(placeholder(html), headers=HTMX)
    answer = response.get_data(as_text=True)
    assert response.status_code == 200 and "Most cities for the money:" in answer and "hx-get" not in answer
    assert f'name="player" value="{builder}"' in answer and 'name="type" value="build"' in answer


def test_the_answer_is_the_planners_most_cities_for_the_builders_money(app, phone, building, stored):
    game_id, seat, builder = building
    device = phone(game_id, seat)
    answer = device.get(placeholder(device.get(f"/games/{game_id}/seat").get_data(as_text=True)),
                        headers=HTMX).get_data(as_text=True)
    game = stored(game_id)
    with app.test_request_context():
        inputs.work_out_most(game, builder)
        most = next(s for s in inputs.panel(game)["suggestions"] if s["most"])
    assert f"Most cities for the money: {most['names']} = {most['total']}" in answer
    assert re.findall(r'name="cities" value="([^"]+)"', answer)[-len(most["cities"]):] == most["cities"]


def test_once_worked_out_the_panel_shows_it_itself(phone, building):
    game_id, seat, _builder = building
    device = phone(game_id, seat)
    device.get(placeholder(device.get(f"/games/{game_id}/seat").get_data(as_text=True)), headers=HTMX)
    again = device.get(f"/games/{game_id}/seat", headers=HTMX).get_data(as_text=True)
    assert placeholder(again) is None and "Most cities for the money:" in panel_of(again)


@pytest.mark.parametrize("lang, words", [("ja", "所持金で建てられる最多都市を計算中…"),
                                         ("zh-Hant", "正在計算用現有資金能建最多的城市…")])
def test_the_placeholder_speaks_the_readers_language(phone, building, lang, words):
    game_id, seat, _builder = building
    assert words in phone(game_id, seat, lang).get(f"/games/{game_id}/seat").get_data(as_text=True)


def test_the_table_asks_only_while_it_shows_everyones_money(tablet, building):
    game_id, _seat, _builder = building
    hidden = tablet.get(f"/games/{game_id}/").get_data(as_text=True)
    assert placeholder(hidden) is None and "Most cities for the money" not in hidden
    seq = re.search(r'id="page-seq" name="page_seq" value="(\d+)"', hidden)[1]
    secret = tablet.get(f"/games/{game_id}/build/most?seq={seq}", headers=HTMX).get_data(as_text=True)
    assert "Cheapest 1 city:" in secret and "Most cities for the money" not in secret     # asked anyway: no figure
    assert tablet.post(f"/games/{game_id}/money", data={"shown": "1"}).status_code == 303
    shown = tablet.get(f"/games/{game_id}/").get_data(as_text=True)
    answer = tablet.get(placeholder(shown), headers=HTMX).get_data(as_text=True)
    assert "Most cities for the money:" in answer and f'action="/games/{game_id}/facts"' in answer


def test_a_watcher_and_another_seat_get_no_figure(app, phone, building):
    game_id, seat, _builder = building
    watcher = app.test_client()
    seq = re.search(r'id="page-seq" name="page_seq" value="(\d+)"',
                    watcher.get(f"/games/{game_id}/").get_data(as_text=True))[1]
    refused = watcher.get(f"/games/{game_id}/build/most?seq={seq}", headers=HTMX)
    assert refused.status_code == 403 and "Most cities" not in refused.get_data(as_text=True)
    other = phone(game_id, (seat + 1) % 4)
    response = other.get(f"/games/{game_id}/seat/build/most?seq={seq}&type=build", headers=HTMX)
    assert response.status_code == 204 and not response.get_data()
    nobody = app.test_client().get(f"/games/{game_id}/seat/build/most?seq={seq}", headers=HTMX)
    assert nobody.status_code == 403 and "This device has no seat at this game." in nobody.get_data(as_text=True)


def test_a_page_behind_the_table_gets_nothing_to_swap(phone, building):
    """Its live update redraws the panel at the table's moment."""
    game_id, seat, _builder = building
    url = placeholder(phone(game_id, seat).get(f"/games/{game_id}/seat").get_data(as_text=True))
    stale = re.sub(r"seq=\d+", "seq=1", url)
    response = phone(game_id, seat).get(stale, headers=HTMX)
    assert response.status_code == 204 and not response.get_data()


@pytest.mark.parametrize("lang, words", [("en", "helper process stopped"), ("ja", "補助プロセス"),
                                         ("zh-Hant", "輔助程序")])
def test_a_worker_that_dies_is_a_clear_page_in_the_readers_language(phone, building, monkeypatch, lang, words):
    game_id, seat, _builder = building
    device = phone(game_id, seat, lang)
    url = placeholder(device.get(f"/games/{game_id}/seat").get_data(as_text=True))

    def lost(*args, **kwargs):
        raise offloop.WorkerLost("a worker process ended while working")
    monkeypatch.setattr(offloop, "run", lost)
    for headers in ({}, HTMX):
        response = device.get(url, headers=headers)
        html = response.get_data(as_text=True)
        assert response.status_code == 503 and words in html and "Traceback" not in html
    assert (response.headers["HX-Retarget"], response.headers["HX-Reswap"]) == ("#message", "innerHTML")
