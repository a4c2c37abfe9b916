"""Around the game (issue 23): the BG Stats play and its download, the standings page and merges,
the evening's charts on the finished game, the manifest and its icons, seat short codes and what the
Join page says about the address its codes use. Every refusal is a page in the reader's language."""
import io
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image

from referee import evening, playlog
from referee.archive import import_log
from referee.game import replay
from referee.store import Store
from referee.web import create_app
from referee.web.guard import POLICY
from referee.web.shortcodes import code_of

ROOT = Path(__file__).resolve().parents[2]
GERMANY = (ROOT / "examples" / "germany-4p.jsonl").read_bytes()
USA = (ROOT / "examples" / "usa-2p.jsonl").read_bytes()
JA = {"Accept-Language": "ja"}
ZH = {"Accept-Language": "zh-Hant"}
KEY = "table-key"


@pytest.fixture
def imported(app):
    """imported(data, ...) -> ids of the logs imported into the app's store."""
    def load(*logs):
        store = Store(app.config["DATABASE"])
        try:
            return [import_log(store, data) for data in logs]
        finally:
            store.close()
    return load


# Log the play in BG Stats ------------------------------------------------------------------------

def test_bgstats_button_opens_bg_stats_with_the_play(client, imported):
    [game_id] = imported(GERMANY)
    page = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert f'href="/games/{game_id}/bgstats"' in page and f'href="/games/{game_id}/play.json"' in page
    answer = client.get(f"/games/{game_id}/bgstats")
    assert answer.status_code == 303
    url = answer.headers["Location"]
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(parse_qs(urlsplit(url).query)["data"][0])
    assert data["game"]["bggId"] == 2651 and data["board"] == "Germany"
    assert [p["name"] for p in data["players"] if p["winner"]] == ["Bernd"]
    assert "durationMin" not in data        # an import: every entry stored at one time


def test_play_download_is_the_same_json_as_a_file(client, imported):
    [game_id] = imported(USA)
    answer = client.get(f"/games/{game_id}/play.json")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert "attachment" in answer.headers["Content-Disposition"]
    pushed = client.get(f"/games/{game_id}/bgstats").headers["Location"]
    assert json.loads(answer.data) == json.loads(parse_qs(urlsplit(pushed).query)["data"][0])


def test_duration_is_the_stored_first_to_last_fact(app, client, make_game):
    setup, *lines = GERMANY.decode().splitlines()
    game_id = make_game(json.loads(setup), [json.loads(line) for line in lines])
    store = Store(app.config["DATABASE"])
    store.db.execute("PRAGMA recursive_triggers = OFF")
    store.db.execute("DROP TRIGGER entries_append_only_update")      # a test moves the clock, not the log
    store.db.execute("UPDATE entries SET at = 1000.0 + seq * 30 WHERE game = ?", (game_id,))
    store.close()
    data = json.loads(client.get(f"/games/{game_id}/play.json").data)
    assert data["playDate"] == playlog.stamp(1030.0)
    assert data["durationMin"] == round((len(lines) - 1) * 30 / 60)


@pytest.mark.parametrize("headers, words", [({}, "The game is not over yet"), (JA, "ゲームはまだ終わっていません"),
                                            (ZH, "遊戲尚未結束")])
def test_a_game_not_over_cannot_be_logged_and_says_why(client, imported, headers, words):
    [game_id] = imported(b"\n".join(GERMANY.splitlines()[:30]))
    for path in ("bgstats", "play.json"):
        answer = client.get(f"/games/{game_id}/{path}", headers=headers)
        assert answer.status_code == 409 and words in answer.get_data(as_text=True)
    assert "/bgstats" not in client.get(f"/games/{game_id}/").get_data(as_text=True)


def test_an_unknown_game_is_a_404_page(client):
    assert client.get("/games/99/bgstats").status_code == 404


def test_a_seat_has_the_bgstats_button_after_the_end(app, imported):
    [game_id] = imported(USA)
    tablet = app.test_client()
    html = tablet.get(f"/games/{game_id}/join").get_data(as_text=True)
    link = re.search(r'<code translate="no">http://localhost(/games/\d+/seat/[^<]+)</code>', html).group(1)
    phone = app.test_client()
    phone.get(link)
    seat = phone.get(f"/games/{game_id}/seat").get_data(as_text=True)
    assert f'href="/games/{game_id}/bgstats"' in seat


# The evening's charts ---------------------------------------------------------------------------

def test_the_finished_pages_charts_carry_the_evenings_numbers(client, imported):
    [game_id] = imported(USA)
    figures = evening.per_round(replay(USA))
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    charts = re.findall(r'<figure class="chart">.*?</figure>', html, re.S)
    assert len(charts) == len(evening.SERIES)
    for chart, key in zip(charts, ("cities", "capacity", "money", "paid_plants", "paid_resources", "paid_building")):
        drawn = dict(re.findall(r'<title>(\w+): ([\d, ]+)</title>', chart))
        assert drawn == {n: ", ".join(map(str, v)) for n, v in figures[key].items()}, key
    paid = evening.paid(figures)
    assert re.search(rf'Frank</td><td>{paid["Frank"]["plants"]}</td><td>{paid["Frank"]["resources"]}</td>'
                     rf'<td>{paid["Frank"]["building"]}</td>', html)


def test_no_chart_while_the_game_runs(client, imported):
    """Money is secret while the game runs (seed 004): the charts come with the result."""
    [game_id] = imported(b"\n".join(GERMANY.splitlines()[:120]))
    assert '<figure class="chart">' not in client.get(f"/games/{game_id}/").get_data(as_text=True)


@pytest.mark.parametrize("headers, title", [(JA, "ラウンドごとの発電能力"), (ZH, "每回合發電能力")])
def test_the_charts_titles_are_in_the_readers_language(client, imported, headers, title):
    [game_id] = imported(USA)
    assert title in client.get(f"/games/{game_id}/", headers=headers).get_data(as_text=True)


# Standings ---------------------------------------------------------------------------------------

def test_the_game_list_links_the_standings(client):
    assert 'href="/standings"' in client.get("/").get_data(as_text=True)


def test_standings_page_lists_every_player_best_first(client, imported):
    imported(GERMANY, USA)
    html = client.get("/standings").get_data(as_text=True)
    names = re.findall(r'<span class="who">([^<]+)</span>', html)
    assert names == ["Frank", "Bernd", "Emma", "Dieter", "Clara", "Anna"]     # wins, then cities powered
    assert re.search(r'<span class="who">Frank</span>.*?>1</td>.*?>1</td>.*?>21\.0</td>.*?>39\.0</td>', html, re.S)


def test_standings_filter_by_map_and_ignore_an_unknown_one(client, imported):
    imported(GERMANY, USA)
    usa = client.get("/standings?map=usa").get_data(as_text=True)
    assert re.findall(r'<span class="who">([^<]+)</span>', usa) == ["Frank", "Emma"]
    every = client.get("/standings?map=nowhere&edition=nothing").get_data(as_text=True)
    assert len(re.findall(r'<span class="who">', every)) == 6


def test_merge_two_names_and_undo_it(client, imported):
    imported(GERMANY, USA)
    answer = client.post("/standings/merge", data={"name": "Emma", "into": "Anna"})
    assert answer.status_code == 303
    html = client.get("/standings").get_data(as_text=True)
    assert "Emma is counted as Anna" in html and len(re.findall(r'<span class="who">', html)) == 5
    assert client.post("/standings/unmerge", data={"name": "emma"}).status_code == 303
    assert len(re.findall(r'<span class="who">', client.get("/standings").get_data(as_text=True))) == 6


@pytest.mark.parametrize("form, headers, words", [
    ({"name": "Anna", "into": "Bernd"}, {}, "played each other in game 1"),
    ({"name": "Anna", "into": "Bernd"}, JA, "対戦しています"),
    ({"name": "Anna", "into": "Nobody"}, ZH, "請從戰績表中選兩個名字"),
    ({"name": "Anna", "into": " anna "}, JA, "すでに同じプレイヤー"),
    ({}, {}, "Choose two names from the standings"),
])
def test_a_bad_merge_says_why_and_keeps_nothing(app, client, imported, form, headers, words):
    imported(GERMANY, USA)
    answer = client.post("/standings/merge", data=form, headers=headers)
    assert answer.status_code == 400 and words in answer.get_data(as_text=True)
    store = Store(app.config["DATABASE"])
    assert store.merges() == {}
    store.close()


def test_unmerging_a_name_never_merged_says_so(client, imported):
    imported(USA)
    answer = client.post("/standings/unmerge", data={"name": "Emma"}, headers=JA)
    assert answer.status_code == 400 and "統合されていません" in answer.get_data(as_text=True)


def test_with_the_table_key_only_the_table_merges(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "g.sqlite3"), "TESTING": True, "WTF_CSRF_ENABLED": False,
                      "TABLE_KEY": KEY})
    watcher = app.test_client()
    assert watcher.post("/standings/merge", data={"name": "a", "into": "b"}).status_code == 403
    assert 'action="/standings/merge"' not in watcher.get("/standings").get_data(as_text=True)


def test_standings_with_no_game(client):
    assert "No finished game yet." in client.get("/standings").get_data(as_text=True)


# Installable ---------------------------------------------------------------------------------------

def test_manifest_names_the_app_and_its_icons(client):
    answer = client.get("/manifest.webmanifest", headers=JA)
    assert answer.status_code == 200 and answer.mimetype == "application/manifest+json"
    m = answer.get_json()
    assert (m["name"], m["short_name"], m["start_url"], m["display"]) == ("電力会社 審判", "審判", "/", "standalone")
    assert m["theme_color"].startswith("#")
    sizes = {i["sizes"]: i for i in m["icons"] if i["purpose"] == "any"}
    assert set(sizes) == {"192x192", "512x512"}
    for icon in m["icons"]:
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.mimetype == "image/png"
        image = Image.open(io.BytesIO(png.data))
        assert f"{image.width}x{image.height}" == icon["sizes"]


def test_every_page_links_the_manifest(client):
    html = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html and 'name="theme-color"' in html


def test_the_wake_lock_fallback_is_vendored_with_its_licence_and_allowed_to_play(client):
    assert client.get("/static/nosleep-0.12.0.min.js").status_code == 200
    assert "MIT" in client.get("/static/nosleep-0.12.0.LICENSE").get_data(as_text=True)
    assert "media-src 'self' data:" in POLICY


def test_the_table_page_has_the_wake_lock_switch(client, imported):
    [game_id] = imported(b"\n".join(GERMANY.splitlines()[:10]))
    html = client.get(f"/games/{game_id}/", headers=ZH).get_data(as_text=True)
    assert 'id="awake"' in html and 'role="switch"' in html and "螢幕會休眠" in html


# Joining never fails ------------------------------------------------------------------------------

def join_codes(client, game_id) -> dict:
    html = client.get(f"/games/{game_id}/join").get_data(as_text=True)
    return dict(re.findall(r'id="seat-\d+"[^>]*>\s*<h2><i class="swatch"></i> (\w+)</h2>.*?data-code>([^<]+)<', html, re.S))


def test_the_join_page_shows_a_code_per_seat_and_where_to_type_it(client, imported):
    [game_id] = imported(USA)
    html = client.get(f"/games/{game_id}/join").get_data(as_text=True)
    codes = join_codes(client, game_id)
    assert set(codes) == {"Emma", "Frank"} and all(re.fullmatch(r"[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}", c)
                                                   for c in codes.values())
    assert "http://localhost/s" in html and 'data-copy="http://localhost/games/' in html


def test_a_typed_code_takes_the_phone_to_its_seat(app, client, imported):
    [game_id] = imported(USA)
    code = join_codes(client, game_id)["Frank"]
    phone = app.test_client()
    answer = phone.get(f"/s?code={code.lower().replace('-', ' ')}")
    assert answer.status_code == 303 and f"/games/{game_id}/seat/" in answer.headers["Location"]
    seat = phone.get(answer.headers["Location"], follow_redirects=True).get_data(as_text=True)
    assert "Frank" in seat and "Elektro" in seat


@pytest.mark.parametrize("headers, words", [({}, "No seat has the code"), (JA, "の席はありません"),
                                            (ZH, "沒有座位的代碼是")])
def test_an_unknown_code_says_so(client, imported, headers, words):
    imported(USA)
    answer = client.get("/s/ZZZ-ZZZ", headers=headers)
    assert answer.status_code == 404 and words in answer.get_data(as_text=True)
    assert 'name="code"' in answer.get_data(as_text=True)


def test_a_new_link_has_a_new_code_and_the_old_one_stops(client, imported):
    [game_id] = imported(USA)
    old = join_codes(client, game_id)["Emma"]
    client.post(f"/games/{game_id}/join/0", data={"do": "reissue"})
    new = join_codes(client, game_id)["Emma"]
    assert new != old
    assert client.get(f"/s/{old}").status_code == 404 and client.get(f"/s/{new}").status_code == 303


def test_code_of_a_token_is_stable_and_short():
    assert code_of("abc") == code_of("abc") != code_of("abd")
    assert len(code_of("abc")) == 7


def test_the_join_page_warns_when_its_address_is_this_machine_only(client, imported):
    [game_id] = imported(USA)
    html = client.get(f"/games/{game_id}/join", headers=JA).get_data(as_text=True)
    assert "このコンピューターでしか開けず" in html


def test_the_join_page_lists_the_addresses_when_there_are_several(client, imported, monkeypatch):
    monkeypatch.setattr("referee.netaddr.addresses", lambda: [("eth0", "192.168.1.5"), ("wlan0", "10.0.0.7")])
    app = client.application
    app.config["HOSTS"] = ("192.168.1.5", "10.0.0.7")
    [game_id] = imported(USA)
    html = client.get(f"/games/{game_id}/join", base_url="http://192.168.1.5:8765").get_data(as_text=True)
    assert 'several network addresses; the codes use <code class="address" translate="no">192.168.1.5</code>' in html
    assert "10.0.0.7" in html and "wlan0" in html
    assert "http://192.168.1.5:8765/s" in html


def test_serve_on_every_interface_answers_at_each_of_its_addresses(monkeypatch):
    from referee import serve
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.5")
    monkeypatch.setattr("referee.netaddr.addresses", lambda: [("eth0", "192.168.1.5"), ("wlan0", "10.0.0.7")])
    assert serve.served_names("0.0.0.0") == ("192.168.1.5", "10.0.0.7")
    assert serve.served_names("127.0.0.1") == ()


def test_this_machines_addresses_leave_out_loopback():
    from referee.netaddr import addresses
    assert all(not a.startswith("127.") and a.count(".") == 3 for _name, a in addresses())
