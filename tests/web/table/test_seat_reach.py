"""The seat page's "most cities your money builds" comes in its own request (issue 21, item 2's
fallback): the exact budget search may take tens of ms, so the seat page (and every live update of
it) answers at once and asks for the answer when it is shown. Money is secret (seed 004, line 78:
「所持金のみ非公開情報。」): only the seat's own phone may ask.
"""
import re

import pytest

from seatkit import app, phone, seat_links, tablet  # noqa: F401  (fixtures)

from referee.planner.core import Planner
from referee.web import inputs, views


@pytest.fixture(autouse=True)
def unanswered():
    """Every test starts with no answer worked out (the cache is the process's)."""
    inputs._suggestions.cache_clear()


def resources(first_at):
    return first_at(lambda s: s["phase"] == "resources" and s["round"] >= 2)


def names(app, game, most) -> list:
    """The cities' names as the page writes them (duesseldorf: Düsseldorf)."""
    with app.test_request_context():
        return [views.words(game.ctx.map).city(c) for c in most["cities"]]


def placeholder(html: str) -> str | None:
    found = re.search(r'<p id="reach-(\w+)" class="working" hx-get="([^"]+)" hx-trigger="load"', html)
    return found and found.group(2).replace("&amp;", "&")


def test_the_seat_page_answers_without_the_planner_and_asks_for_the_answer_once_shown(
        phone, example, first_at, monkeypatch):
    game_id = example(resources(first_at))

    def refuse(*args, **kwargs):
        raise AssertionError("the seat page waited for the planner")
    monkeypatch.setattr(Planner, "suggest", refuse)
    device = phone(game_id, 2)
    for headers in ({}, {"HX-Request": "true"}):        # the page, and a live update of it
        response = device.get(f"/games/{game_id}/seat", headers=headers)
        html = response.get_data(as_text=True)
        assert response.status_code == 200 and "What you could do" in html
        assert placeholder(html) and "Working out the most cities your money builds" in html
        assert 'id="reach" role="status" aria-live="polite"' in html


def test_the_answer_is_the_planners_most_cities_for_the_seats_money(app, phone, example, stored, first_at):
    game_id = example(resources(first_at))
    device = phone(game_id, 2)
    url = placeholder(device.get(f"/games/{game_id}/seat").get_data(as_text=True))
    response = device.get(url, headers={"HX-Request": "true"})
    game = stored(game_id)
    most = inputs.most_cities(game, "Clara")
    assert response.status_code == 200 and most
    html = response.get_data(as_text=True)
    assert re.search(rf"Most cities for your money now: .+ = {most['total']} Elektro\.", html)
    assert all(name in html for name in names(app, game, most))
    assert "hx-get" not in html


def test_an_answer_already_worked_out_is_on_the_page_itself_and_keeps_its_place(phone, example, first_at):
    """A live update of the same moment draws the same element (same id, same text): the morph keeps
    the answer shown instead of asking again."""
    game_id = example(resources(first_at))
    device = phone(game_id, 2)
    url = placeholder(device.get(f"/games/{game_id}/seat").get_data(as_text=True))
    answer = device.get(url).get_data(as_text=True).strip()
    again = device.get(f"/games/{game_id}/seat", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert placeholder(again) is None and answer in again


def test_a_changed_moment_gets_another_question(phone, example, first_at, stored):
    """The answer's element is named after the planner's question (network, occupied cities, money):
    another question is another element, so a morph never keeps a stale answer."""
    at = resources(first_at)
    game_id = example(at)
    other = example(at + 12)
    ids = {re.search(r'id="reach-(\w+)"', phone(g, 2).get(f"/games/{g}/seat").get_data(as_text=True)).group(1)
           for g in (game_id, other)}
    assert inputs.most_cities_question(stored(game_id), "Clara") != inputs.most_cities_question(stored(other), "Clara")
    assert len(ids) == 2


@pytest.mark.parametrize("lang, words", [("en", "does not work"), ("ja", "使えません"), ("zh-Hant", "無法使用")])
def test_only_the_seats_own_phone_gets_the_answer(app, tablet, phone, example, first_at, lang, words):
    game_id = example(resources(first_at))
    url = f"/games/{game_id}/seat/reach"
    watcher = app.test_client()
    for device in (watcher, tablet):
        device.set_cookie("lang", lang)
        response = device.get(url)
        text = response.get_data(as_text=True)
        assert response.status_code == 403 and words in text and "Elektro" not in text


def test_another_seats_phone_gets_its_own_players_answer(app, phone, example, stored, first_at):
    game_id = example(resources(first_at))
    url = f"/games/{game_id}/seat/reach"
    for seat, name in ((1, "Bernd"), (2, "Clara")):
        most = inputs.most_cities(stored(game_id), name)
        html = phone(game_id, seat).get(url).get_data(as_text=True)
        assert f"= {most['total']} Elektro." in html and all(n in html for n in names(app, stored(game_id), most))
