"""Seats and private money (issue 16, parts 1, 2 and 5): a seat link per player, which enters only
that player's facts while the rules wait for them; a shared screen that never shows money unless
the table chooses; a device with neither key nor seat sees no input.

Seed 004, line 78: 「所持金のみ非公開情報。それ以外は全て公開情報となる。」 (money alone is secret).
"""
import json
import re
import sqlite3

import pytest

from seatkit import app, phone, seat_links, seat_post, tablet  # noqa: F401  (fixtures)
from tablekit import Table, at_phase, setup_line

from referee.game import Game
from referee.rules.errors import WrongPhase
from referee.rulings import describe_next as render_next, render_error
from referee.store import Store, _add_column
from referee.web.inputs import panel
from referee.web.viewer import OUT_OF_REACH, Viewer, seen

def moneys(stored, game_id) -> dict:
    return {n: p["money"] for n, p in stored(game_id).state["players"].items()}


# The Join page and the links

def test_the_join_page_shows_a_qr_code_and_its_address_per_seat(tablet, example):
    game_id = example(0)
    html = tablet.get(f"/games/{game_id}/join").get_data(as_text=True)
    assert html.count('<svg class="qr"') == 4 and html.count("<path d=\"M") == 4
    assert len(set(re.findall(rf"http://localhost/games/{game_id}/seat/[\w-]+", html))) == 4
    for name in ("Anna", "Bernd", "Clara", "Dieter"):
        assert f"</i> {name}</h2>" in html


def test_the_table_page_links_to_join_only_for_the_key_holder(tablet, client, example):
    game_id = example(0)
    assert f'href="/games/{game_id}/join"' in tablet.get(f"/games/{game_id}/").get_data(as_text=True)
    assert "/join" not in client.get(f"/games/{game_id}/").get_data(as_text=True)


def test_the_join_page_and_its_links_need_the_table_key(client, example):
    game_id = example(0)
    assert client.get(f"/games/{game_id}/join").status_code == 403
    assert client.post(f"/games/{game_id}/join/0", data={"do": "reissue"}).status_code == 403


def test_a_seat_link_is_kept_in_a_cookie_for_its_game_only(app, tablet, example):
    game_id = example(0)
    response = app.test_client().get(seat_links(tablet, game_id)[0])
    cookie = response.headers["Set-Cookie"]
    assert f"seat_{game_id}=" in cookie and f"Path=/games/{game_id}/" in cookie and "HttpOnly" in cookie


def test_a_revoked_link_is_refused_in_the_readers_language_and_a_new_one_works(app, tablet, phone, example):
    game_id = example(0)
    old = seat_links(tablet, game_id)[1]
    device = phone(game_id, 1, lang="ja")
    assert tablet.post(f"/games/{game_id}/join/1", data={"do": "revoke"}).status_code == 303
    join = tablet.get(f"/games/{game_id}/join").get_data(as_text=True)
    assert join.count('<svg class="qr"') == 3 and "Revoked: no phone can act for Bernd" in join
    for response in (device.get(f"/games/{game_id}/seat"), app.test_client().get(old, headers={"Accept-Language": "ja"})):
        assert response.status_code == 403
        assert "この席のリンクはテーブルで無効にされました" in response.get_data(as_text=True)
    assert seat_post(device, game_id, 0, type="pass", player="Bernd").status_code == 403
    assert tablet.post(f"/games/{game_id}/join/1", data={"do": "reissue"}).status_code == 303
    new = seat_links(tablet, game_id)[1]
    assert new != old and app.test_client().get(new).status_code == 302


def test_reissuing_a_link_revokes_the_old_one(app, tablet, example):
    game_id = example(0)
    old = seat_links(tablet, game_id)[2]
    tablet.post(f"/games/{game_id}/join/2", data={"do": "reissue"})
    assert "revoked" in app.test_client().get(old).get_data(as_text=True)


@pytest.mark.parametrize("path", ["/games/{id}/seat/not-a-token", "/games/{id}/seat/" + "x" * 300])
def test_an_unknown_link_is_refused_with_a_message(client, example, path):
    response = client.get(path.format(id=example(0)))
    assert response.status_code == 403 and "is not one of this game" in response.get_data(as_text=True)


def test_a_link_of_another_game_is_refused(app, tablet, example):
    first, second = example(0), example(0)
    link = seat_links(tablet, first)[0].replace(f"/games/{first}/", f"/games/{second}/")
    assert app.test_client().get(link).status_code == 403


def test_the_seat_page_without_a_seat_says_how_to_get_one(client, example):
    response = client.get(f"/games/{example(0)}/seat")
    assert response.status_code == 403 and "Scan your seat" in response.get_data(as_text=True)


@pytest.mark.parametrize("form", [{"do": "reissue"}, {"do": "burn"}])
def test_a_bad_link_change_is_a_400(tablet, example, form):
    game_id = example(0)
    seat = 9 if form["do"] == "reissue" else 0
    assert tablet.post(f"/games/{game_id}/join/{seat}", data=form).status_code == 400


# What a seat may enter

def test_a_seat_enters_its_players_fact_while_the_rules_wait_for_it(phone, example, stored):
    game_id = example(1)                                   # Dieter opened plant 4 at 5; Anna's turn to bid
    response = seat_post(phone(game_id, 0), game_id, 1, type="bid", player="Anna", amount="6")
    assert response.status_code == 200 and 'id="seat"' in response.get_data(as_text=True)
    assert stored(game_id).facts[-1] == {"type": "bid", "player": "Anna", "amount": 6}


def test_a_seat_cannot_enter_another_players_fact(phone, example, stored):
    game_id = example(1)
    response = seat_post(phone(game_id, 1), game_id, 1, type="bid", player="Anna", amount="6")
    assert response.status_code == 403 and response.headers["HX-Retarget"] == "#message"
    assert "it enters only Bernd&#39;s own facts" in response.get_data(as_text=True)
    assert len(stored(game_id).facts) == 1


def test_a_seat_cannot_enter_its_players_fact_when_it_is_not_their_turn(phone, example, stored):
    game_id = example(1)
    response = seat_post(phone(game_id, 1), game_id, 1, type="pass_bid", player="Bernd")
    html = response.get_data(as_text=True)
    assert response.status_code == 403
    assert "The table is not waiting for that from Bernd now." in html and "Waiting for Anna" in html
    assert len(stored(game_id).facts) == 1


@pytest.mark.parametrize("fields", [{"type": "undo"}, {"type": "sold", "player": "Dieter", "plant": "3", "price": "3"},
                                    {"type": "move", "player": "Dieter", "from": "3", "to": "4", "resource": "coal"}])
def test_a_seat_cannot_enter_the_tables_own_facts(phone, example, stored, fields):
    game_id = example(0)                                   # Dieter's turn to choose
    assert seat_post(phone(game_id, 3), game_id, 0, **fields).status_code == 403
    assert stored(game_id).facts == []


def test_a_seat_cannot_change_the_table_page_or_the_money_choice(phone, example, stored):
    game_id = example(0)
    device = phone(game_id, 3)
    assert device.post(f"/games/{game_id}/facts", data={"seq": "0", "type": "pass", "player": "Dieter"}).status_code == 403
    assert device.post(f"/games/{game_id}/money", data={"shown": "1"}).status_code == 403
    assert stored(game_id).facts == []


def test_a_refused_seat_fact_quotes_the_players_own_money_on_their_phone(phone, example):
    game_id = example(1)
    response = seat_post(phone(game_id, 0), game_id, 1, type="bid", player="Anna", amount="5")
    assert response.status_code == 422 and "6 to 50 Elektro" in response.get_data(as_text=True)


def test_a_seat_fact_from_a_page_behind_the_table_gets_the_fresh_seat(phone, tablet, example):
    game_id = example(1)
    device = phone(game_id, 1)
    tablet.post(f"/games/{game_id}/facts", data={"seq": "1", "type": "bid", "player": "Anna", "amount": "6"})
    response = seat_post(device, game_id, 1, type="pass_bid", player="Bernd")
    assert response.status_code == 409 and response.headers["HX-Retarget"] == "#seat"


def test_the_seat_page_offers_its_player_input_only_on_their_turn(phone, example):
    game_id = example(1)
    anna = phone(game_id, 0).get(f"/games/{game_id}/seat").get_data(as_text=True)
    bernd = phone(game_id, 1).get(f"/games/{game_id}/seat").get_data(as_text=True)
    assert 'name="amount" value="6"' in anna and f'action="/games/{game_id}/seat/facts"' in anna
    assert "<form" not in bernd and "Waiting for Anna" in bernd


def test_the_seat_page_has_no_auction_run_at_the_table(phone, example):
    game_id = example(0)
    html = phone(game_id, 3).get(f"/games/{game_id}/seat").get_data(as_text=True)
    assert 'value="nominate"' in html and 'value="sold"' not in html


def test_the_seat_poll_answers_204_while_nothing_changed(phone, example):
    game_id = example(1)
    device = phone(game_id, 0)
    assert device.get(f"/games/{game_id}/seat?since=1", headers={"HX-Request": "true"}).status_code == 204
    assert device.get(f"/games/{game_id}/seat?since=0", headers={"HX-Request": "true"}).status_code == 200


# What a seat sees

def test_a_seat_sees_its_own_money_and_nobody_elses(phone, example, stored, first_at):
    game_id = example(first_at(lambda s: s["phase"] == "resources"))
    money = moneys(stored, game_id)
    assert len(set(money.values())) > 1
    html = phone(game_id, 2).get(f"/games/{game_id}/seat").get_data(as_text=True)
    assert f"<strong>{money['Clara']} Elektro</strong>" in html
    for name, m in money.items():
        if m != money["Clara"]:
            assert f">{m} Elektro<" not in html and f"{m} Elektro" not in html, name


def test_the_seat_page_says_what_the_player_could_power_and_afford(phone, example, stored, first_at):
    game_id = example(first_at(lambda s: s["phase"] == "resources"))
    html = phone(game_id, 2).get(f"/games/{game_id}/seat").get_data(as_text=True)
    assert "What you could do" in html and "income" in html
    assert re.search(r"[Cc]oal: up to \d", html) and 'hx-get="/games/%d/seat/reach' % game_id in html
    reach = phone(game_id, 2).get(f"/games/{game_id}/seat/reach").get_data(as_text=True)   # asked once shown
    assert re.search(r"Most cities for your money now: .+ = \d+ Elektro", reach)


@pytest.mark.parametrize("lang, words", [("ja", ["できること", "エレクトロ"]), ("zh-Hant", ["你可以做的事", "元"])])
def test_the_seat_page_speaks_the_phones_language(app, tablet, example, lang, words):
    game_id = example(1)
    device = app.test_client()
    device.get(seat_links(tablet, game_id)[0], headers={"Accept-Language": lang})
    html = device.get(f"/games/{game_id}/seat", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    for word in words:
        assert word in html
    switched = device.get(f"/language/en?next=/games/{game_id}/seat")
    assert switched.location == f"/games/{game_id}/seat"
    assert "What you could do" in device.get(f"/games/{game_id}/seat").get_data(as_text=True)


# A watcher: neither key nor seat

def test_a_watcher_sees_the_game_without_any_input(client, example):
    game_id = example(1)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert "<form" not in html and "hx-post" not in html and "Undo" not in html
    assert "Anna" in html and "Auction of plant 4" not in html and "Waiting for Anna" in html
    log = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    assert "<form" not in log and "/log/1\"" not in log
    assert client.get(f"/games/{game_id}/log/1").status_code == 403
    assert 'method="post"' not in client.get("/").get_data(as_text=True)     # the print form stays


def test_a_watcher_gets_no_form_to_move_cubes_between_plants(tablet, client, example, first_at):
    game_id = example(first_at(lambda s: any(len(p["plants"]) > 1 for p in s["players"].values())))
    assert 'value="move"' in tablet.get(f"/games/{game_id}/").get_data(as_text=True)
    assert "<form" not in client.get(f"/games/{game_id}/").get_data(as_text=True)


def test_the_key_holder_still_has_every_control(tablet, example):
    html = tablet.get(f"/games/{example(1)}/").get_data(as_text=True)
    assert "Undo" in html and 'name="amount" value="6"' in html


# Money on the shared screen (the table page, with or without the key)

def money_shown_anywhere(html: str, money: dict) -> list:
    """Every way the page could give away a player's money: an amount beside Elektro, a field's
    upper bound, a sum left, a range up to it."""
    found = []
    for name, m in money.items():
        for pattern in (f">{m} Elektro<", f'max="{m}"', f"to {m}", f"{m} Elektro (", f"has {m}", f"leaves",
                        f"{name}&#39;s money)", "left):"):
            if pattern in html:
                found.append(pattern)
    return found


def moments(first_at):
    return {"auction": 1, "resources": first_at(lambda s: s["phase"] == "resources"),
            "building": first_at(lambda s: s["phase"] == "building")}


def draft(stored, game_id, phase) -> dict:
    """A draft the tablet taps together at that moment (a buy or a build preview)."""
    act = stored(game_id).state["next"]["actions"][0]
    if phase == "resources":
        resource = next(r for r, n in act["max"].items() if n)
        return {"type": "buy", "player": act["player"], resource: "1"}
    if phase == "building":
        return {"type": "build", "player": act["player"], "cities": act["cities"][0]["city"]}
    return {}


@pytest.mark.parametrize("phase", ["auction", "resources", "building"])
def test_the_shared_screen_shows_no_money_in_any_moment_unless_shown(tablet, client, example, stored, first_at, phase):
    game_id = example(moments(first_at)[phase])
    money = moneys(stored, game_id)
    for device in (tablet, client):
        html = device.get(f"/games/{game_id}/", query_string=draft(stored, game_id, phase)).get_data(as_text=True)
        assert money_shown_anywhere(html, money) == [], phase
    shown = tablet.post(f"/games/{game_id}/money", data={"shown": "1"})
    assert shown.status_code == 303 and shown.location == f"/games/{game_id}/"
    html = client.get(f"/games/{game_id}/", query_string=draft(stored, game_id, phase)).get_data(as_text=True)
    assert money_shown_anywhere(html, money)


def test_the_typed_bid_says_up_to_their_money(tablet, example):
    html = tablet.get(f"/games/{example(1)}/").get_data(as_text=True)
    assert "Another amount (at least 6, up to their money)" in html


def test_a_refused_bid_on_the_shared_screen_quotes_no_money(tablet, example):
    game_id = example(1)
    response = tablet.post(f"/games/{game_id}/facts", data={"seq": "1", "type": "bid", "player": "Anna", "amount": "5"},
                           headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Anna may bid at least 6 Elektro, up to their money, or pass." in html and "50" not in html


def test_a_refused_opening_bid_on_the_shared_screen_quotes_no_money(tablet, example):
    game_id = example(0)
    response = tablet.post(f"/games/{game_id}/facts", data={"seq": "0", "type": "nominate", "player": "Dieter",
                                                            "plant": "4", "bid": "1"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "up to Dieter&#39;s money" in html and "50 Elektro" not in html


def test_a_build_refusal_on_the_shared_screen_names_no_sum_left(tablet, example, stored, first_at):
    game_id = example(moments(first_at)["building"])
    html = tablet.get(f"/games/{game_id}/", query_string=draft(stored, game_id, "building")).get_data(as_text=True)
    assert not re.search(r"has \d+ Elektro left", html)


def test_showing_money_is_the_key_holders_choice_and_can_be_taken_back(tablet, client, example):
    game_id = example(0)
    assert client.post(f"/games/{game_id}/money", data={"shown": "1"}).status_code == 403
    tablet.post(f"/games/{game_id}/money", data={"shown": "1"})
    assert '<span class="money">50 Elektro</span>' in client.get(f"/games/{game_id}/").get_data(as_text=True)
    tablet.post(f"/games/{game_id}/money", data={"shown": "0"})
    assert "50 Elektro" not in client.get(f"/games/{game_id}/").get_data(as_text=True)


# The store: seats and the money choice in a file made before them

OLD_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, setup TEXT NOT NULL, summary TEXT NOT NULL DEFAULT '{}',
                    created REAL NOT NULL, updated REAL NOT NULL, logged INTEGER);
CREATE TABLE entries (game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL CHECK (seq >= 1),
                      entry TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game, seq)) WITHOUT ROWID;
INSERT INTO games (setup, summary, created, updated, logged) VALUES ('{}', '{}', 0, 0, 0);
"""


def test_a_games_file_from_before_seats_gets_them_when_opened(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.close()
    read_only = Store(path, read_only=True)
    assert read_only.seats(1) == {} and read_only.money_shown(1) is False and read_only.seat_of("x") is None
    read_only.close()
    store = Store(path)
    assert store.seats(1) == {} and store.money_shown(1) is False
    _add_column(store.db, "money_shown", "INTEGER NOT NULL DEFAULT 0")   # another server upgrading it too
    store.issue_seat(1, "Ann", "t1")
    store.show_money(1, True)
    assert store.seats(1) == {"Ann": "t1"} and store.money_shown(1) is True
    store.issue_seat(1, "Ann", "t2")
    assert store.seats(1) == {"Ann": "t2"} and store.seat_of("t1")["revoked"] is not None
    store.revoke_seat(1, "Ann")
    assert store.seats(1) == {"Ann": None} and store.seat_of("t2")["revoked"] is not None
    store.close()


def test_the_game_report_with_everyones_money_is_the_key_holders_until_the_game_is_over(tablet, client, example):
    game_id = example(1)
    assert client.get(f"/games/{game_id}/print/report").status_code == 403
    assert "/print/report" not in client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert tablet.get(f"/games/{game_id}/print/report").status_code == 200
    assert client.get(f"/games/{example()}/print/report").status_code == 200      # the whole example: over


def test_the_shared_screen_offers_every_plant_the_map_allows_whatever_the_money(app):
    t = Table(Game(setup_line(4)))
    chooser = t.state["next"]["actions"][0]["player"]
    t.give(chooser, money=5)                               # plants 3, 4 and 5 within it; 6 not
    with app.test_request_context():
        assert panel(t.game)["open"] == [3, 4, 5]
        assert panel(seen(t.game, Viewer()), money=False)["open"] == [3, 4, 5, 6], "holding 6 back would tell the money"


def test_the_build_panel_on_the_shared_screen_names_no_sum_left(app):
    """Issue 20: no "No city is affordable … more than Dan's money", no "more than Dan's money" list,
    no "most cities for the money": every city open to Dan is offered, as to a player with any money."""
    t = at_phase(Table(Game(setup_line(4))), "building")
    t.give("Ann", cities=["essen"])
    t.give("Dan", cities=["duisburg"], money=11)            # every city open to Dan costs more
    with app.test_request_context():
        own = panel(t.game)
        assert own["empty"].startswith("No city is affordable") and "11" in own["empty"]
        built = panel(seen(t.game, Viewer()), money=False)
        assert "empty" not in built and built["options"], "an empty list would tell the money"
        assert all(r["reason"] != "budget" for r in built["refused"])
        assert all(not s["most"] for s in built["suggestions"])


def test_a_refusal_to_the_chooser_on_the_shared_screen_names_neither_the_money_nor_the_plants_it_reaches(app):
    t = Table(Game(setup_line(4)))
    chooser = t.state["next"]["actions"][0]["player"]
    t.give(chooser, money=5)
    private = render_error(WrongPhase("x"), "en", t.state["next"], t.ctx.map, money=False)
    assert "a plant of the current market" in private and "up to their money" in private
    assert "5 Elektro" not in private and "plant 3" not in private
    assert "5 Elektro" in render_error(WrongPhase("x"), "en", t.state["next"], t.ctx.map)


def test_a_bidder_whose_money_cannot_raise_looks_like_any_other_on_the_shared_screen(app):
    t = Table(Game(setup_line(4)))
    chooser = t.state["next"]["actions"][0]["player"]
    t.do("nominate", player=chooser, plant=3, bid=10)
    bidder = t.state["next"]["waiting_for"][0]
    t.give(bidder, money=10)                                # cannot raise: only pass
    assert legal_kinds(t) == {"pass_bid"}
    with app.test_request_context():
        private = panel(seen(t.game, Viewer()), money=False)
        assert private["raises"] == [11, 15] and private["bid"]["min"] == 11
        assert panel(t.game)["raises"] == [] and panel(t.game)["bid"] is None
    said = render_next(t.state["next"], "en", money=False)
    assert said == f"Waiting for {bidder} to raise the bid or pass." and "has" not in said
    assert "more than" in render_next(t.state["next"], "en")
    allowed = render_error(WrongPhase("x"), "en", t.state["next"], t.ctx.map, money=False)
    assert "up to their money" in allowed and "can only pass" not in allowed


def legal_kinds(t) -> set:
    return {a["type"] for a in t.state["next"]["actions"]}


def test_a_seat_fact_is_stored_without_reading_the_file_first(phone, example, stored, monkeypatch):
    """Its play reads the file with its append (referee.web.tables.Table.play, `fresh`)."""
    from referee.store import Store
    game_id = example(1)
    device = phone(game_id, 0)
    reads = []
    news = Store.news
    monkeypatch.setattr(Store, "news", lambda self, *args: reads.append(args) or news(self, *args))
    assert seat_post(device, game_id, 1, type="bid", player="Anna", amount="6").status_code == 200
    assert reads == [] and stored(game_id).facts[-1] == {"type": "bid", "player": "Anna", "amount": 6}


def test_a_seat_fact_awaited_in_the_file_but_not_in_a_copy_behind_it_is_taken(tmp_path, example, stored):
    """Another process (here another app on the same file) entered the fact that makes it this seat's
    turn: the phone's fact is judged on the game as stored, not refused by the copy behind."""
    from seatkit import KEY, seat_links
    from referee.web import create_app
    config = {"DATABASE": str(tmp_path / "games.sqlite3"), "TESTING": True, "WTF_CSRF_ENABLED": False,
              "TABLE_KEY": KEY, "CUSTOM_MAPS": str(tmp_path / "maps")}
    mine, theirs = create_app(config), create_app(config)
    game_id = example(1)                                   # Anna's turn to bid
    tablet = mine.test_client()
    tablet.get(f"/?key={KEY}")
    device = mine.test_client()
    assert device.get(seat_links(tablet, game_id)[1]).status_code == 302     # Bernd's phone, on `mine`
    other = theirs.test_client()
    other.get(f"/?key={KEY}")
    assert other.post(f"/games/{game_id}/facts", data={"seq": "1", "type": "bid", "player": "Anna",
                                                       "amount": "6"}).status_code == 303
    response = seat_post(device, game_id, 2, type="pass_bid", player="Bernd")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert stored(game_id).facts[-1] == {"type": "pass_bid", "player": "Bernd"}


def test_the_game_a_viewer_sees_takes_out_the_secret_money_and_leaves_the_game_as_it_is(example, stored):
    """viewer.seen shares what it does not change with the state itself: the real state keeps every
    player's money, and the engine's offers are worked out for the money taken out."""
    game = stored(example(1))                              # Anna's turn to bid on plant 4
    before = json.dumps(game.state, sort_keys=True)
    money = {name: p["money"] for name, p in game.state["players"].items()}
    phone = seen(game, Viewer(seat="Anna"))
    assert phone.state["players"]["Anna"]["money"] == money["Anna"]
    assert all(phone.state["players"][n]["money"] == OUT_OF_REACH for n in money if n != "Anna")
    assert phone.state["next"] is not game.state["next"]
    assert json.dumps(game.state, sort_keys=True) == before
