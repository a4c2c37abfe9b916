"""Every screen as a person sees it in headless Chromium against a real `referee serve`: it fits a
1024×768 tablet and a 390×844 phone without sideways scrolling, a finger can hit everything on
the table view, a Japanese or Chinese page has no English UI words, the chosen language stays,
refusals are explained in the page's language, and with --lan a device without the key is told
in its language that only the table changes games."""
import json

import pytest
from looks import english_words, sideways_scroll, small_targets
from screens import EXAMPLE, NAMES, PANELS, choose_cities, every_screen, on_a_fresh_device, tables, unchecked
from tableplayer import Refused, TablePlayer, new_game, swap

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("browser")]  # one server and one Chromium

# every example game's players: the one server also holds games other browser tests imported (the game
# list names their players)
PLAYERS = [p["name"] for path in sorted(EXAMPLE.parent.glob("*.jsonl"))
           for p in json.loads(path.read_text(encoding="utf-8").splitlines()[0])["players"]]


@pytest.fixture(scope="module")
def games(server, browser):
    """{panel: table URL}: the recorded game imported once per input the table can wait for."""
    return on_a_fresh_device(browser, tables, server)


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_no_screen_scrolls_sideways(server, lan_server, games, new_page, size):
    page = new_page("en", size)
    wide = {name: sideways_scroll(page) for name in every_screen(page, server, games, lan_server[0])}
    assert {name: px for name, px in wide.items() if px > 0} == {}
    assert len(wide) == 24


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_every_tap_target_on_the_table_view_is_at_least_44_px(server, games, new_page, size):
    page = new_page("en", size)
    small = {}
    for panel in PANELS:
        page.goto(games[panel])
        if found := small_targets(page):
            small[panel] = found
    page.goto(games["build"])
    choose_cities(page)
    if found := small_targets(page):
        small["build with cities chosen"] = found
    assert small == {}


@pytest.mark.parametrize("lang", ["ja", "zh-Hant"])
def test_pages_in_japanese_and_chinese_show_no_english_ui_words(server, lan_server, games, new_page, lang):
    page = new_page(lang, "tablet")
    english = {}
    for name in every_screen(page, server, games, lan_server[0]):
        assert page.locator("html").get_attribute("lang") == lang, name
        # allowed: player names, the log file's extension (.jsonl), QRコード
        if words := english_words(page, PLAYERS + NAMES + ["jsonl", "QR"]):
            english[name] = words
    assert english == {}


def test_the_chosen_language_is_kept_across_pages_and_visits(server, games, new_page):
    page = new_page("en", "tablet")
    page.goto(games["buy"])
    assert page.locator("html").get_attribute("lang") == "en"
    with page.expect_navigation():
        page.locator("nav.langs a[lang=ja]").click()
    assert page.url == games["buy"], "the switcher stays on the page it was used on"
    for url in (server + "/", server + "/games/new", games["build"], games["over"] + "log"):
        page.goto(url)
        assert page.locator("html").get_attribute("lang") == "ja", url
        assert page.locator("nav.langs a[aria-current]").get_attribute("lang") == "ja"
    later = page.context.new_page()          # the same device, another visit
    later.goto(games["power"])
    assert later.locator("html").get_attribute("lang") == "ja"
    with later.expect_navigation():
        later.locator("nav.langs a[lang=zh-Hant]").click()
    assert later.locator("html").get_attribute("lang") == "zh-Hant"


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hant"])
def test_a_refused_entry_is_explained_in_the_page_language_and_changes_nothing(server, new_page, lang):
    page = new_page(lang, "phone")
    new_game(page, server, ["Ann", "Bob", "Cara"], ["NW", "W", "SW"])
    seq = page.locator("#table").get_attribute("data-seq")
    waiting = page.locator("#waiting").inner_text()
    page.fill("#input form.nominate input[name=bid]", "1")        # below the plant's number
    unchecked(page, "#input form.nominate")                       # the browser would stop it (min)
    with pytest.raises(Refused) as refused:
        swap(page, page.locator("#input form.nominate button[name=plant][value='4']").click)
    assert "4" in str(refused.value), "the least opening bid"
    assert "50" not in str(refused.value), "the most is the player's money, secret on the shared screen"
    assert page.locator("#table").get_attribute("data-seq") == seq
    assert page.locator("#waiting").inner_text() == waiting
    if lang != "en":
        assert english_words(page, ["Ann", "Bob", "Cara"], "#message") == []
    page.fill("#input form.nominate input[name=bid]", "")
    TablePlayer(page).step()                                  # the entry as allowed is accepted
    assert page.locator("#table").get_attribute("data-seq") != seq
    assert page.locator("#message .error").count() == 0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_with_lan_a_device_without_the_key_watches_without_controls(lan_server, new_page, lang):
    url, key = lan_server
    table = new_page("en", "tablet")
    table.goto(f"{url}/?key={key}")                       # the address the QR code carries
    assert "key=" not in table.url
    game = new_game(table, url, ["Ann", "Bob", "Cara"], ["NW", "W", "SW"])

    guest = new_page(lang, "phone")
    guest.goto(url + "/")
    assert guest.locator("a[href='/games/new']").count() == 0, "no New game button without the key"
    guest.goto(game)
    assert guest.locator("#waiting").inner_text()
    assert guest.locator("main form, #input, button:not([data-zoom])").count() == 0, "no input, no undo, no button"
    assert guest.goto(url + "/games/new").status == 403
    assert guest.locator("main form").count() == 0
    title = guest.locator("main .error strong").inner_text()
    if lang == "ja":
        assert english_words(guest, ["QR"], "main") == []    # QRコード
    else:
        assert title == "Only the table can change this game"
    assert guest.locator("main a.button[href='/']").count() == 1, "a way back to the games"
    assert sideways_scroll(guest) == 0
