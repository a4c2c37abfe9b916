"""Shared fragments (issue 21, item 7): the #table fragment a live update asks for is drawn once per
sequence number, language and view (referee.web.table.shared_fragment) and handed to every device
with the same ones — never to a device of another view (the key holder or a watcher, with the table's
money choice), another language or another sequence number, and always with the device's own form
token. Money is the one secret of the game (seed 004, line 78: 「所持金のみ非公開情報。」): a
fragment drawn for the key holder while money is shown must never reach a screen where it is not.
"""
import re

import pytest
from flask import template_rendered

from referee.web import create_app

KEY = "table-key"
HTMX = {"HX-Request": "true"}
TOKEN = re.compile(r'name="csrf_token" value="([^"]*)"')


@pytest.fixture
def app(tmp_path):
    """As `referee serve --lan` makes it (a key holder and watchers), form tokens checked."""
    return create_app({"DATABASE": str(tmp_path / "games.sqlite3"), "TESTING": True,
                       "TABLE_KEY": KEY, "CUSTOM_MAPS": str(tmp_path / "maps")})


def device(app, lang="en", key=False):
    client = app.test_client()
    client.set_cookie("lang", lang)
    if key:
        assert client.get(f"/?key={KEY}").status_code == 302
    return client


def poll(client, game_id, seen):
    """The page's live poll from a page drawn at `seen`."""
    response = client.get(f"/games/{game_id}/", query_string={"since": seen, "page_seq": seen, "live": "1"},
                          headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def uncached(app, game_id, client, seen):
    """The same poll drawn afresh: every fragment the table keeps is forgotten first."""
    app.extensions["referee.tables"].open[game_id].fragments.clear()
    return poll(client, game_id, seen)


def without_tokens(html: str) -> str:
    return TOKEN.sub('name="csrf_token" value=""', html)


@pytest.fixture
def renders(app):
    """The names of the templates drawn while the test runs."""
    drawn = []

    def record(sender, template, context, **extra):
        drawn.append(template.name)
    template_rendered.connect(record, app)
    yield drawn
    template_rendered.disconnect(record, app)


@pytest.fixture
def game(app, example):
    """A game 12 entries in (an auction: the key holder's input, the players' money), opened by the key holder."""
    game_id = example(12)
    assert device(app, key=True).get(f"/games/{game_id}/").status_code == 200
    return game_id


def test_a_second_device_of_the_same_view_and_language_gets_the_fragment_without_drawing_it(app, game, renders):
    first, second = device(app, key=True), device(app, key=True)
    html = poll(first, game, 11)
    assert renders.count("_table.html") == 1
    again = poll(second, game, 11)
    assert renders.count("_table.html") == 1, "the fragment was drawn again for the same view"
    assert without_tokens(again) == without_tokens(html) and 'data-seq="12"' in again


def test_a_watcher_never_gets_the_key_holders_fragment_nor_the_other_way_round(app, game):
    holder, watcher = device(app, key=True), device(app)
    for order in ((holder, watcher), (watcher, holder)):
        pages = {id(c): poll(c, game, 11) for c in order}
        for client in order:
            assert without_tokens(pages[id(client)]) == without_tokens(uncached(app, game, client, 11))
    assert 'name="type" value="undo"' in pages[id(holder)]      # the key holder's input…
    assert 'name="type" value="undo"' not in pages[id(watcher)]     # …never on a watcher's screen


def test_a_device_of_another_language_gets_its_own_language(app, game):
    pages = {lang: poll(device(app, lang, key=True), game, 11) for lang in ("en", "ja", "zh-Hant", "en")}
    assert len(set(map(without_tokens, pages.values()))) == 3
    for lang in ("ja", "zh-Hant"):
        assert without_tokens(pages[lang]) == without_tokens(uncached(app, game, device(app, lang, key=True), 11))
    assert "Round" in pages["en"] and "Round" not in pages["ja"] and "Round" not in pages["zh-Hant"]


def test_showing_the_money_draws_the_fragment_again_though_no_entry_was_made(app, game):
    """The money choice changes the view, not the sequence number: a fragment drawn while money was
    shown is never handed to the shared screen once it is hidden again."""
    holder, watcher = device(app, key=True), device(app)
    hidden = poll(watcher, game, 11)
    assert holder.post(f"/games/{game}/money", data={"shown": "1", "csrf_token": token(holder, game)}).status_code == 303
    shown = poll(watcher, game, 11)
    assert without_tokens(shown) != without_tokens(hidden)
    assert without_tokens(shown) == without_tokens(uncached(app, game, watcher, 11))
    assert holder.post(f"/games/{game}/money", data={"shown": "0", "csrf_token": token(holder, game)}).status_code == 303
    assert without_tokens(poll(watcher, game, 11)) == without_tokens(hidden)


def token(client, game_id) -> str:
    return TOKEN.search(client.get(f"/games/{game_id}/").get_data(as_text=True))[1]


def test_a_fragment_of_an_older_entry_is_never_served(app, game, example):
    holder = device(app, key=True)
    before = poll(holder, game, 11)
    assert 'data-seq="12"' in before
    response = holder.post(f"/games/{game}/facts", data={"type": "undo", "seq": "12",
                                                         "csrf_token": token(holder, game)}, headers=HTMX)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    after = poll(device(app, key=True), game, 11)
    assert 'data-seq="13"' in after and 'data-seq="12"' not in after
    assert without_tokens(after) == without_tokens(uncached(app, game, holder, 11))


def test_each_device_gets_its_own_form_token_and_it_is_taken(app, game):
    """The form token is the device's own (its session's): a shared fragment carries none of another device."""
    first, second = device(app, key=True), device(app, key=True)
    tokens = [TOKEN.findall(poll(c, game, 11)) for c in (first, second)]
    assert tokens[0] and tokens[1] and set(tokens[0]).isdisjoint(tokens[1])
    assert not any("form-token-" in t for t in tokens[0] + tokens[1])
    response = second.post(f"/games/{game}/facts", data={"type": "undo", "seq": "12", "csrf_token": tokens[1][0]},
                           headers=HTMX)
    assert response.status_code == 200
    refused = first.post(f"/games/{game}/facts", data={"type": "undo", "seq": "13", "csrf_token": tokens[1][0]},
                         headers=HTMX)
    assert refused.status_code == 400       # another device's token is not this one's


def test_a_table_keeps_fragments_of_its_current_entry_only(app, game):
    table = app.extensions["referee.tables"].open[game]
    table.keep_fragment(table.seq - 1, ("old",), "drawn before")
    assert table.fragment(table.seq - 1, ("old",)) is None
    table.keep_fragment(table.seq, ("now",), "drawn now")
    assert table.fragment(table.seq, ("now",)) == "drawn now"
    table.seq += 1
    assert table.fragment(table.seq - 1, ("now",)) is None


MOVE_FORM = re.compile(r'<form class="fact move"[^>]*>\s*<input type="hidden" name="csrf_token" value="([^"]*)">\s*'
                       r'<input type="hidden" name="seq" value="([^"]*)">')


def test_the_move_forms_are_drawn_once_per_players_and_plants_and_carry_each_pages_number_and_token(
        app, example, renders):
    """The move-cubes forms change only when someone's plants do (referee.web.table.moves_html): drawn
    once, then put in every answer with that page's sequence number and that device's form token."""
    from webkit import fact_form

    from conftest import ENTRIES

    from referee.web.table import moves_drawn
    moves_drawn.cache_clear()       # kept by the process: another test may have drawn these very forms
    game = example(100)     # round 4: every player holds three plants, and may move cubes between them
    first, second = device(app, key=True), device(app, key=True)
    mine, theirs = poll(first, game, 99), poll(second, game, 99)
    forms = MOVE_FORM.findall(mine)
    assert len(forms) == 4 and {seq for _token, seq in forms} == {"100"}
    token = set(TOKEN.findall(mine))
    assert len(token) == 1 and {t for t, _seq in forms} == token
    assert {t for t, _seq in MOVE_FORM.findall(theirs)} == set(TOKEN.findall(theirs)) != token
    assert renders.count("_moves.html") == 1
    answer = first.post(f"/games/{game}/facts", headers=HTMX,
                        data={**fact_form(ENTRIES[100]), "seq": 100, "page_seq": 100, "csrf_token": token.pop()})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert '<section class="moves" id="moves" hx-preserve></section>' in answer.get_data(as_text=True), \
        "the page that entered it shows these very forms: kept"
    fresh = first.get(f"/games/{game}/", headers=HTMX).get_data(as_text=True)   # a page with nothing to keep
    forms = MOVE_FORM.findall(fresh)
    assert len(forms) == 4 and {seq for _token, seq in forms} == {"101"}, "the new page's number, not the old"
    assert renders.count("_moves.html") == 1 and renders.count("_table.html") == 3, "the same plants: not drawn again"
