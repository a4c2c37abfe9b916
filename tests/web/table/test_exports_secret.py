"""Exports and logs respect the secret (issue 20, part 2), and advice that respects every rule on a
phone (part 6): the whole log is the table key holder's until the game ends; the log page says what
happened at the table, never a balance; a seat's phone keeps its own money's advice, which never
suggests more cities than a build may add.

Seed 004, line 78: 「所持金のみ非公開情報。それ以外は全て公開情報となる。」 (money alone is secret).
Seed 001, 日本(アークライト版): 「最初のラウンドは 2 都市までしか配置ができない。」 (two cities in round 1).
"""
import re

import pytest

from mapgames import offer, play_until
from seatkit import KEY, app, tablet  # noqa: F401  (fixtures)
from tablekit import Table

from referee.web.inputs import most_cities, panel, work_out_most

TITLES = {"en": "The whole log is the table&#39;s until the game ends",
          "ja": "ゲーム終了までは、全記録はテーブルの端末だけが見られます",
          "zh-Hant": "遊戲結束前，完整紀錄只有牌桌的裝置能取得"}


@pytest.fixture
def device(app, tablet):
    """device(kind, game_id, lang) -> a seat's phone (the first player's), a watcher or the tablet."""
    def make(kind, game_id, lang="en"):
        if kind == "key holder":
            one = tablet
        else:
            one = app.test_client()
            if kind == "seat":
                html = tablet.get(f"/games/{game_id}/join").get_data(as_text=True)
                link = re.findall(r"<code translate=\"no\">http://[^/]+([^<]+)</code>", html)[0]
                assert one.get(link).status_code == 302
        one.set_cookie("lang", lang)
        return one
    return make


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hant"])
@pytest.mark.parametrize("kind", ["seat", "watcher"])
def test_before_the_end_the_export_is_a_403_page_in_the_readers_language(device, example, kind, lang):
    game_id = example(40)
    response = device(kind, game_id, lang).get(f"/games/{game_id}/export")
    html = response.get_data(as_text=True)
    assert response.status_code == 403 and response.mimetype == "text/html"
    assert TITLES[lang] in html and '"type": "buy"' not in html and "Elektro" not in html


@pytest.mark.parametrize("kind", ["seat", "watcher"])
def test_before_the_end_the_report_with_everyones_money_is_a_403_page_saying_why(device, example, kind):
    game_id = example(40)
    response = device(kind, game_id, "ja").get(f"/games/{game_id}/print/report")
    assert response.status_code == 403 and TITLES["ja"] in response.get_data(as_text=True)


def test_the_key_holder_exports_the_game_at_any_moment(device, example):
    game_id = example(40)
    response = device("key holder", game_id).get(f"/games/{game_id}/export")
    assert response.status_code == 200 and response.mimetype == "application/jsonl"
    assert len(response.get_data(as_text=True).splitlines()) == 41


@pytest.mark.parametrize("kind", ["seat", "watcher", "key holder"])
def test_after_the_end_anyone_has_the_whole_log_and_the_report(device, example, kind):
    game_id = example()
    one = device(kind, game_id)
    assert one.get(f"/games/{game_id}/export").status_code == 200
    assert one.get(f"/games/{game_id}/print/report").status_code == 200


def test_the_game_list_offers_export_only_to_whom_it_may_go(tablet, client, example):
    playing, over = example(40), example()
    listed = client.get("/").get_data(as_text=True)
    assert f"/games/{playing}/export" not in listed and f"/games/{over}/export" in listed
    assert f"/games/{playing}/export" in tablet.get("/").get_data(as_text=True)


def test_the_readable_part_of_a_damaged_game_is_the_key_holders(app, tablet, client, example):
    game_id = example(40)
    db = app.config["DATABASE"]
    import sqlite3
    with sqlite3.connect(db) as conn:          # as a damaged file holds it (past the append-only trigger)
        conn.execute("DROP TRIGGER entries_append_only_update")
        conn.execute("UPDATE entries SET entry = '{\"type\": \"nonsense\"}' WHERE game = ? AND seq = 30", (game_id,))
    assert client.get(f"/games/{game_id}/readable").status_code == 403
    page = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert f"/games/{game_id}/readable" not in page
    response = tablet.get(f"/games/{game_id}/readable")
    assert response.status_code == 200 and len(response.get_data(as_text=True).splitlines()) == 30


def test_the_log_page_says_what_happened_but_no_balance(client, example, stored):
    game_id = example(120)
    money = {n: p["money"] for n, p in stored(game_id).state["players"].items()}
    html = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    assert "pays" in html or "for 9 Elektro" in html or "buys" in html       # the payments are public
    for name, m in money.items():
        for balance in (f"{name} has {m}", f"{m} Elektro left", f"{name}: {m} Elektro", f"leaves {m}"):
            assert balance not in html
    text = re.sub(r"<[^>]+>", " ", html)
    assert not re.search(r"\d+ Elektro left|has \d+ Elektro|leaves \d+|balance|in hand", text)


# A seat's own phone: all of the advice its money allows

def test_a_seat_on_its_build_turn_sees_its_own_money_dependent_advice_and_the_tablet_does_not(
        device, example, stored, first_at):
    game_id = example(first_at(lambda s: s["phase"] == "building" and s["round"] == 2))
    builder = stored(game_id).state["next"]["waiting_for"][0]
    seat = list(stored(game_id).state["players"]).index(builder)
    tablet = device("key holder", game_id)
    phone = tablet.application.test_client()
    html = tablet.get(f"/games/{game_id}/join").get_data(as_text=True)
    link = re.findall(r"<code translate=\"no\">http://[^/]+([^<]+)</code>", html)[seat]
    assert phone.get(link).status_code == 302
    own = phone.get(f"/games/{game_id}/seat").get_data(as_text=True)
    shared = tablet.get(f"/games/{game_id}/").get_data(as_text=True)
    reach = phone.get(f"/games/{game_id}/seat/reach").get_data(as_text=True)     # asked by the page once shown
    most = re.search(r'<div class="suggestions" id="most-\d+" hx-get="([^"]+)"', own)[1].replace("&amp;", "&")     # the build panel's, too
    assert "Most cities for the money:" in phone.get(most).get_data(as_text=True)
    assert "Most cities for your money now:" in reach
    assert "Most cities for the money" not in shared and "money:" not in shared.split('id="input"')[1].split("</section>")[0]


def test_a_phone_is_not_told_to_tap_a_board_it_does_not_show(device, example, stored, first_at):
    game_id = example(first_at(lambda s: s["phase"] == "building" and s["round"] == 2))
    builder = stored(game_id).state["next"]["waiting_for"][0]
    seat = list(stored(game_id).state["players"]).index(builder)
    tablet = device("key holder", game_id)
    html = tablet.get(f"/games/{game_id}/join").get_data(as_text=True)
    link = re.findall(r"<code translate=\"no\">http://[^/]+([^<]+)</code>", html)[seat]
    for lang, board, words in (("en", "on the board", "Tap cities below."), ("ja", "ボード", "下の都市をタップ"),
                               ("zh-Hant", "圖板", "點選下方城市")):
        phone = tablet.application.test_client()
        phone.set_cookie("lang", lang)
        assert phone.get(link).status_code == 302
        own = phone.get(f"/games/{game_id}/seat").get_data(as_text=True)
        assert words in own and board not in own.split('id="input"')[1].split("</section>")[0], lang
    assert "Tap cities on the board or below." in tablet.get(f"/games/{game_id}/").get_data(as_text=True)


# Japan's round 1: two cities at most, in every piece of advice

def test_japan_round_one_advice_never_suggests_more_cities_than_may_be_built(app):
    """Seed 001 日本: in round 1 a player builds in 2 cities at most; with money for many more, neither
    the build panel's suggestions nor the phone's "most cities for your money" passes 2."""
    _setup, _entries, game = play_until("japan", lambda s, c: s["phase"] == "building")
    t = Table(game)
    builder = game.state["next"]["waiting_for"][0]
    t.give(builder, money=250)
    assert offer(game.state, "build")["max_cities"] == 2
    with app.test_request_context():
        assert panel(game)["most_pending"]      # worked out in its own request (GET …/build/most), then shown
        work_out_most(game, builder)
        built = panel(game)
        most = most_cities(game, builder)
    assert built["suggestions"] and all(len(s["cities"]) <= 2 for s in built["suggestions"])
    assert any(s["most"] and len(s["cities"]) == 2 for s in built["suggestions"])
    assert most is not None and len(most["cities"]) == 2
