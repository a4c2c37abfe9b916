"""The table app on a hostile network and a broken disk (issue: no way in, no silent loss, every
fault named), over HTTP with Flask's test client. The faults that need a real process (start-up,
SIGKILL, a real full disk, two servers on one file) are in test_serve_faults.py."""
import io
import json
import os
import sqlite3
from pathlib import Path

import pytest
from webkit import GERMANY, GERMANY_3P, fill, read_only, stored

from referee.store import Store
from referee.web import create_app

JA = {"Accept-Language": "ja"}
ZH = {"Accept-Language": "zh-Hant"}
FIRST_FACTS = [{"type": "nominate", "player": "Ann", "plant": 4}, {"type": "pass_bid", "player": "Bob"},
               {"type": "pass_bid", "player": "Cara"}]


def rows(app, game_id) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("SELECT COUNT(*) FROM entries WHERE game = ?", (game_id,)).fetchone()[0]


def post_fact(client, game_id, seq, headers=None, **fields):
    return client.post(f"/games/{game_id}/facts", data={"type": "nominate", "player": "Ann", "plant": "4",
                                                         "seq": str(seq), **fields}, headers=headers or {})


# --- Host, redirects, headers -----------------------------------------------------------------

def test_requests_under_a_host_this_server_does_not_serve_are_refused(app, client, make_game):
    """DNS rebinding: another site's name pointed at 127.0.0.1 gets no page, no form token and no change."""
    evil = {"Host": "rebind.evil.example:8765"}
    page = client.get("/", headers=evil)
    assert page.status_code == 421 and "csrf" not in page.get_data(as_text=True).lower()
    assert page.mimetype == "text/plain"
    log = io.BytesIO(GERMANY.read_bytes())
    imported = client.post("/games/import", data={"log": (log, "g.jsonl")}, headers=evil,
                           content_type="multipart/form-data")
    assert imported.status_code == 421 and stored(app) == []
    game_id = make_game()
    assert post_fact(client, game_id, 0, headers=evil).status_code == 421 and rows(app, game_id) == 0
    for host in ("localhost", "localhost:8765", "127.0.0.1:8765", "127.3.4.5", "[::1]:8765"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    assert client.get("/", headers={"Host": "192.168.1.20:8765"}).status_code == 421
    app.config["HOSTS"] = ("192.168.1.20",)      # the LAN address `referee serve --lan` printed
    assert client.get("/", headers={"Host": "192.168.1.20:8765"}).status_code == 200


def test_the_host_refusal_is_in_the_readers_language(client):
    body = client.get("/", headers={"Host": "evil.example", **JA}).get_data(as_text=True)
    assert "審判アプリ" in body and "アドレス" in body, body


@pytest.mark.parametrize("target", ["/%09/evil.example/", "//evil.example/", "/\\evil.example/", "https://evil.example/",
                                    "/%0A/evil.example", "/%0D%0ASet-Cookie:x=1", "/\t/evil.example/", "/no/such/page",
                                    "javascript:alert(1)", ""])
def test_redirects_go_only_to_paths_of_this_app(client, target):
    response = client.get("/language/en", query_string={"next": target})
    assert response.status_code == 302 and response.headers["Location"] == "/"


def test_a_redirect_to_a_page_of_this_app_is_kept(client, make_game):
    game_id = make_game()
    response = client.get("/language/ja", query_string={"next": f"/games/{game_id}/log?page=2"})
    assert response.headers["Location"] == f"/games/{game_id}/log?page=2"


@pytest.mark.parametrize("target", ["/\t/evil.example/", "/\n/evil.example/", "/\r\nX-Evil: 1", "//evil.example/"])
def test_a_plain_form_fact_with_a_foreign_next_stores_once_and_returns_to_the_table(app, client, make_game, target):
    game_id = make_game()
    response = post_fact(client, game_id, 0, next=target)
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{game_id}/"
    assert rows(app, game_id) == 1


def test_no_header_value_can_carry_a_newline_from_input(tmp_path):
    """The key link keeps the rest of the address; a newline in the path is sent percent-encoded."""
    app = create_app({"DATABASE": str(tmp_path / "g.sqlite3"), "TESTING": True, "TABLE_KEY": "k" * 16})
    response = app.test_client().get("/%0D%0AX-Evil:%201?key=" + "k" * 16)
    assert response.status_code == 302
    assert "\n" not in response.headers["Location"] and "\r" not in response.headers["Location"]
    assert "X-Evil" not in response.headers


def test_every_answer_carries_the_security_headers_and_a_samesite_session(app, client, make_game):
    game_id = make_game()
    for path in ("/", "/games/new", f"/games/{game_id}/", "/no/such/page", "/static/board.js"):
        response = client.get(path)
        policy = response.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["X-Frame-Options"] == "DENY"
    assert "unsafe-inline" not in policy.partition("script-src")[2], "scripts: only this app's files and handlers"
    cookie = next(c for c in app.test_client().get("/").headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie


def test_no_server_path_appears_in_any_page(app, client, make_game):
    game_id = make_game()
    folders = {str(Path(app.config["CUSTOM_MAPS"])), str(Path(app.config["DATABASE"]).parent)}
    for path in ("/", "/games/new", f"/games/{game_id}/", f"/games/{game_id}/log", "/games/999/", "/nowhere"):
        html = client.get(path).get_data(as_text=True)
        assert not any(f in html for f in folders), path


# --- Limits where a person types ----------------------------------------------------------------

def test_a_player_name_of_more_than_40_characters_is_refused_with_the_limit(app, client):
    form = {"map": "germany", "areas": ["NW", "W", "SW"], "order_by": "app", "name_1": "名" * 1600,
            "colour_1": "red", "name_2": "Bob", "colour_2": "blue", "name_3": "Ｃａｒａ" + " " * 50, "colour_3": "green"}
    response = client.post("/games/new", data=form, headers=JA)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "1600" in html and "40" in html and stored(app) == []
    form["name_1"] = "名" * 40       # 40 after normalisation (the full-width name and spaces count as "Cara")
    assert client.post("/games/new", data=form).status_code == 303


def test_the_game_report_pdf_never_fails_on_an_accepted_log_with_very_long_names(app, client):
    long = "名" * 1600
    lines = GERMANY.read_text(encoding="utf-8").replace("Anna", long).replace("Bernd", "B" * 1600)
    response = client.post("/games/import", data={"log": (io.BytesIO(lines.encode()), "long.jsonl")},
                           content_type="multipart/form-data")
    assert response.status_code == 303
    game_id = response.headers["Location"].strip("/").split("/")[-1]
    for headers in ({}, JA, ZH):
        report = client.get(f"/games/{game_id}/print/report", headers=headers)
        assert report.status_code == 200 and report.data.startswith(b"%PDF-")
    assert client.get(f"/games/{game_id}/print/aid").status_code == 200


BOARD = (Path(__file__).resolve().parents[2] / "maps" / "italy.toml").read_text(encoding="utf-8") \
    .replace('id = "italy"', 'id = "myitaly"', 1)


def upload(client, text: str, headers=None):
    return client.post("/games/new/board", data={"board": (io.BytesIO(text.encode()), "myitaly.toml")},
                       content_type="multipart/form-data", headers=headers or {})


def first_colour(text: str) -> str:
    return text[text.index('colour = "'):].split('"')[1]


@pytest.mark.parametrize("colour", ["red;background-image:url(http://evil.example/a)", "url(x)", "#12345",
                                    "#1234567", "rgb(1,2,3)", "red\n", "notacolour"])
def test_a_board_colour_is_a_colour_name_or_rrggbb_and_nothing_else(app, client, colour):
    text = BOARD.replace(first_colour(BOARD), colour.replace("\n", "\\n"), 1)
    response = upload(client, text)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "#rrggbb" in html and "evil.example/a)\"" not in html
    assert not (Path(app.config["CUSTOM_MAPS"]) / "myitaly.toml").exists()


@pytest.mark.parametrize("colour", ["teal", "DarkOrange", "#3A9D4A"])
def test_a_board_may_name_its_colours_as_css_does(client, colour):
    assert upload(client, BOARD.replace(first_colour(BOARD), colour, 1)).status_code == 200


def test_a_board_name_of_more_than_60_characters_is_refused_with_the_limit(client):
    name = BOARD[BOARD.index('name = "'):].split('"')[1]
    response = upload(client, BOARD.replace(f'name = "{name}"', f'name = "{"N" * 500}"', 1))
    assert response.status_code == 400 and "at most 60" in response.get_data(as_text=True)


def test_a_connection_cost_out_of_the_games_range_is_refused_at_upload_with_the_range(client):
    cost = BOARD.index("connections")
    line_end = BOARD.index("]", BOARD.index("[", BOARD.index("[", cost) + 1))
    start = BOARD.rindex(",", 0, line_end)
    text = BOARD[:start] + ", 99999999999999999999" + BOARD[line_end:]
    response = upload(client, text)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "from 0 to 100 (Elektro)" in html


# --- Every change needs its sequence number ------------------------------------------------------------

def test_every_change_requires_its_sequence_number(app, client, make_game):
    game_id = make_game(entries=FIRST_FACTS)
    for fields in ({"type": "undo"}, {"type": "redo"}, {"type": "nominate", "player": "Bob", "plant": "5"}):
        response = client.post(f"/games/{game_id}/facts", data=fields, headers=JA)
        assert response.status_code == 400 and "再読み込み" in response.get_data(as_text=True)
    correction = client.post(f"/games/{game_id}/log/1", data={"player": "Ann", "plant": "5", "bid": "5"})
    assert correction.status_code == 400
    assert rows(app, game_id) == 3


def test_two_undos_sent_at_the_same_sequence_number_apply_once(app, client, make_game):
    game_id = make_game(entries=FIRST_FACTS)
    answers = [client.post(f"/games/{game_id}/facts", data={"type": "undo", "seq": "3"}).status_code for _ in range(2)]
    assert answers == [303, 409] and rows(app, game_id) == 4


# --- Damaged games ---------------------------------------------------------------------------------

def tamper(app, game_id, seq, text):
    """Write a row as a damaged file would hold it (the log's triggers would refuse the change)."""
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("DROP TRIGGER entries_append_only_update")
        db.execute("UPDATE entries SET entry = ? WHERE game = ? AND seq = ?", (text, game_id, seq))


def started(app):
    """The check `referee serve` runs at start, on this app."""
    from referee.health import check_all
    from referee.web.storage import mark_damaged
    store = Store(app.config["DATABASE"])
    pages, damaged, count = check_all(store)
    store.close()
    mark_damaged(app, damaged)
    return pages, damaged, count


def test_a_damaged_game_is_named_at_start_and_its_page_says_so_in_the_readers_language(app, client, make_game):
    game_id, sound = make_game(entries=FIRST_FACTS), make_game()
    tamper(app, game_id, 2, '{"type": "fly"}')
    pages, damaged, count = started(app)
    assert pages == [] and count == 2 and list(damaged) == [game_id] and damaged[game_id].entry == 2
    page = client.get(f"/games/{game_id}/", headers=JA)
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "2" in html and "破損" in html
    assert "Game #%s is damaged" % game_id in client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert "損壞" in client.get(f"/games/{game_id}/", headers=ZH).get_data(as_text=True)
    assert client.get(f"/games/{sound}/").status_code == 200
    listing = client.get("/").get_data(as_text=True)
    assert f"damaged from entry 2" in listing


def test_a_damaged_game_found_when_opened_takes_no_fact_and_offers_its_readable_part(app, client, make_game):
    game_id = make_game(entries=FIRST_FACTS)
    tamper(app, game_id, 3, "\x00not json")
    refused = post_fact(client, game_id, 3, type="draw", card="13")
    assert refused.status_code == 409 and rows(app, game_id) == 3
    readable = client.get(f"/games/{game_id}/readable")
    lines = readable.get_data(as_text=True).splitlines()
    assert readable.status_code == 200 and len(lines) == 3 and json.loads(lines[0])["type"] == "setup"
    assert json.loads(lines[2]) == FIRST_FACTS[1]
    too_many = client.post(f"/games/{game_id}/keep", data={"upto": "3"})
    assert too_many.status_code == 400 and "2" in too_many.get_data(as_text=True)
    kept = client.post(f"/games/{game_id}/keep", data={"upto": "1"})
    assert kept.status_code == 303
    new_id = int(kept.headers["Location"].strip("/").split("/")[-1])
    assert rows(app, new_id) == 1 and rows(app, game_id) == 3, "a new game; nothing deleted"
    assert client.get(f"/games/{new_id}/").status_code == 200
    assert post_fact(client, new_id, 1, type="pass_bid", player="Bob").status_code == 303


def test_a_fact_from_the_table_page_on_a_damaged_game_takes_the_device_to_its_page(app, client, make_game):
    game_id = make_game(entries=FIRST_FACTS)
    tamper(app, game_id, 1, '{"type": "fly"}')
    response = post_fact(client, game_id, 3, headers={"HX-Request": "true"}, type="draw", card="13")
    assert response.status_code == 409 and response.headers["HX-Redirect"] == f"/games/{game_id}/"
    assert rows(app, game_id) == 3


def test_a_game_short_of_its_stored_sequence_never_accepts_a_fact(app, client, make_game):
    """A row lost from the middle of the log (a damaged page): the game stops before it, and never
    stores its next fact under a number that is already taken."""
    game_id = make_game(entries=FIRST_FACTS)
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("DROP TRIGGER entries_append_only_delete")
        db.execute("DELETE FROM entries WHERE game = ? AND seq = 2", (game_id,))
    for seq in (1, 2, 3):
        assert post_fact(client, game_id, seq, type="draw", card="13").status_code == 409
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert "entry 2 is missing" in html and rows(app, game_id) == 2


def test_a_game_whose_last_rows_are_lost_is_damaged_too(app, client, make_game):
    game_id = make_game(entries=FIRST_FACTS)
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("DROP TRIGGER entries_append_only_delete")
        db.execute("DELETE FROM entries WHERE game = ? AND seq = 3", (game_id,))
    assert post_fact(client, game_id, 2, type="pass_bid", player="Cara").status_code == 409
    assert "entry 3 is missing" in client.get(f"/games/{game_id}/").get_data(as_text=True)


# --- The file fails while serving ---------------------------------------------------------------------

def test_a_full_disk_refuses_the_fact_saying_so_and_the_next_fact_works_once_space_is_free(small_disk):
    """A real full disk: the games file on a small tmpfs, filled up by another file."""
    db = small_disk / "games.sqlite3"
    app = create_app({"DATABASE": str(db), "TESTING": True, "WTF_CSRF_ENABLED": False,
                      "CUSTOM_MAPS": str(small_disk / "maps")})
    client = app.test_client()
    created = client.post("/games/new", data={"map": "germany", "areas": ["NW", "W", "SW"], "order_by": "table",
                                               "name_1": "Ann", "colour_1": "red", "position_1": "1",
                                               "name_2": "Bob", "colour_2": "blue", "position_2": "2",
                                               "name_3": "Cara", "colour_3": "green", "position_3": "3"})
    game_id = int(created.headers["Location"].strip("/").split("/")[-1])
    client.get(f"/games/{game_id}/")
    filler = fill(small_disk)
    nominate = {"type": "nominate", "player": "Ann", "plant": "4", "seq": "0"}
    response = client.post(f"/games/{game_id}/facts", data=nominate, headers=JA)
    assert response.status_code == 503 and "ディスク" in response.get_data(as_text=True)
    filler.unlink()
    assert client.post(f"/games/{game_id}/facts", data=nominate).status_code == 303
    assert rows(app, game_id) == 1


def test_a_database_deleted_while_serving_refuses_every_fact_and_says_why(app, client, make_game):
    game_id = make_game()
    client.get(f"/games/{game_id}/")
    db = Path(app.config["DATABASE"])
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    answers = [post_fact(client, game_id, seq, headers=JA) for seq in range(5)]
    assert {a.status_code for a in answers} == {503}
    assert "削除" in answers[0].get_data(as_text=True)
    assert "deleted" in client.get("/").get_data(as_text=True), "every page says so"
    assert not db.exists()


def test_a_store_fault_on_the_table_page_is_said_in_the_message_area(app, client, make_game):
    game_id = make_game()
    client.get(f"/games/{game_id}/")
    Path(app.config["DATABASE"]).unlink()
    response = post_fact(client, game_id, 0, headers={"HX-Request": "true", **ZH})
    assert response.status_code == 503 and response.headers["HX-Retarget"] == "#message"
    assert "刪除" in response.get_data(as_text=True)


def test_a_database_replaced_while_serving_refuses_every_fact(app, client, make_game):
    game_id = make_game()
    client.get(f"/games/{game_id}/")
    db = Path(app.config["DATABASE"])
    other = db.with_name("other.sqlite3")
    Store(other).close()
    os.replace(other, db)
    response = post_fact(client, game_id, 0)
    assert response.status_code == 503 and "replaced" in response.get_data(as_text=True)
    assert Store(db).games() == [], "nothing went into the new file either"


def test_a_read_only_database_is_served_read_only_with_a_banner(read_only_db):
    """A read-only folder (a remounted disk: root may write to any file chmod makes read-only)."""
    app = create_app({"DATABASE": str(read_only_db), "TESTING": True, "WTF_CSRF_ENABLED": False,
                      "CUSTOM_MAPS": str(read_only_db.parent / "maps")})
    client = app.test_client()
    page = client.get("/", headers=JA)
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "読み取り専用" in html
    assert client.get("/games/1/").status_code == 200 and client.get("/games/1/export").status_code == 200
    refused = post_fact(client, 1, 0)
    assert refused.status_code == 503 and "read-only" in refused.get_data(as_text=True)
    new = client.post("/games/new", data={"map": "germany"})
    assert new.status_code == 503


@pytest.fixture
def read_only_db(tmp_path, small_disk):
    """A games file with one game on a disk then made read-only."""
    db = small_disk / "games.sqlite3"
    store = Store(db)
    from referee.archive import summary
    from referee.game import Game
    store.create(json.dumps(GERMANY_3P), summary(Game(GERMANY_3P)))
    store.close()
    read_only(small_disk)
    return db
