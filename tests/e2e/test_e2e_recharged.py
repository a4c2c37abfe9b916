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


def watched(page, problems=None) -> list:
    """The console errors and 4xx/5xx answers the page meets (the guide: a browser test fails on any)."""
    problems = [] if problems is None else problems
    page.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
    return problems


def seat_link(page, table_url: str, seat: int) -> str:
    """The seat's address the Join page shows (seat: index in setup order)."""
    page.goto(table_url + "join")
    return page.locator(".seat-link .url code").all_inner_texts()[seat]


def test_a_seat_phone_opens_the_discounted_plant_at_1(server, new_page):
    """Digest §2 on Ann's own phone (zh-Hant, 390×844): the token shows on plant 5 and a bid of 1 is stored."""
    tablet = new_page("ja", "tablet")
    url = import_log(tablet, server, log(setup_line(3, edition="recharged", dealt=DEALT)))
    phone = new_page("zh-Hant", "phone")
    problems = watched(phone)
    phone.goto(seat_link(tablet, url, 0))
    plant = phone.locator("#seat #input form.nominate button[name=plant][value='5']")
    assert plant.locator(".token").inner_text() == "1" and plant.is_visible()
    phone.fill("#seat #input form.nominate input[name=bid]", "1")
    swap(phone, plant.click)
    assert exported(tablet, url)[-1] == {"type": "nominate", "player": "Ann", "plant": 5, "bid": 1}
    assert sideways_scroll(phone) == 0 and problems == []


def test_a_two_player_game_with_the_trust_from_the_seat_phones(server, new_page):
    """Digest §4/§8: 2 players and the Trust. Ann opens plant 6 on her phone (ja), Bob passes on his
    (zh-Hant); after the replacement card the Trust takes its plant, which the tablet shows."""
    setup = setup_line(2, edition="recharged", dealt=DEALT, trust_cities=TRUST_CITIES)
    tablet = new_page("ja", "tablet")
    url = import_log(tablet, server, log(setup))
    ann, bob = new_page("ja", "phone"), new_page("zh-Hant", "phone")
    problems = watched(bob, watched(ann))
    ann.goto(seat_link(tablet, url, 0))
    bob.goto(seat_link(tablet, url, 1))
    ann.fill("#seat #input form.nominate input[name=bid]", "6")
    swap(ann, ann.locator("#seat #input form.nominate button[name=plant][value='6']").click)
    bob.reload()
    swap(bob, bob.locator("#seat #input button.pass").click)
    entries = exported(tablet, url)
    assert entries[-2:] == [{"type": "nominate", "player": "Ann", "plant": 6, "bid": 6},
                            {"type": "pass_bid", "player": "Bob"}]
    tablet.goto(url)
    for card in (13, 20):                         # the replacement, then the Trust's plant is replaced
        swap(tablet, tablet.locator(f"#input button[name=card][value='{card}']").click)
    panel = tablet.locator(".players article.neutral")
    assert "トラスト" in panel.inner_text() and panel.locator(".card .num").all_inner_texts() == ["9"]
    assert sideways_scroll(ann) == 0 and sideways_scroll(bob) == 0 and problems == []


def trust_options(page) -> list:
    return page.locator("#trust-cities select[name=trust_city_1] option").evaluate_all(
        "os => os.map(o => o.value).filter(v => v)")


def test_the_trust_city_selects_follow_the_areas_tapped_and_start_the_game(server, new_page, shots):
    """Digest §4 on the new-game page (ja, tablet): tapping areas redraws the six selects with the
    chosen areas' cities at once; a seventh-city order not joined is refused in Japanese, then the six
    cities in a joined order start the game with them."""
    from tableplayer import START, settled
    page = new_page("ja", "tablet")
    problems = []
    page.on("console", lambda m: m.type == "error" and "status of 400" not in m.text   # the refusal below
            and problems.append(f"console: {m.text}"))
    page.on("response", lambda r: r.status >= 400 and not r.url.endswith("/games/new")
            and problems.append(f"{r.status} {r.url}"))
    page.goto(server + "/games/new")

    def paced(entry):   # one change at a time: each redraw of the form is checked as it lands
        entry()
        page.wait_for_timeout(450)      # the form's redraw after typing stops (input delay:400ms)
        settled(page)
    paced(lambda: page.locator("input[name=map][value=germany]").check())
    for seat, name in enumerate(["春子", "健太"], 1):
        paced(lambda: page.fill(f"input[name=name_{seat}]", name))
        paced(lambda: page.evaluate("() => document.activeElement.blur()"))   # its change event, alone
        paced(lambda: page.select_option(f"select[name=position_{seat}]", str(seat)))
    paced(lambda: page.locator("input[name=edition][value=recharged]").check())
    every = trust_options(page)
    assert "berlin" in every and "trier" in every            # no area chosen yet: every city
    for area in ("NW", "W"):
        page.locator(f"#areas label.toggle:has(input[value='{area}'])").click()
        settled(page)
        page.locator(f"#areas input[value='{area}']:checked").wait_for(state="attached")
    page.wait_for_function("() => !document.querySelector(\"#trust-cities option[value='trier']\")")
    assert "essen" in trust_options(page) and "berlin" not in trust_options(page)
    page.locator("#areas label.toggle:has(input[value='SW'])").click()
    settled(page)
    page.locator("#trust-cities option[value='trier']").first.wait_for(state="attached")
    assert "mainz" in trust_options(page) and "berlin" not in trust_options(page)
    apart = ["duesseldorf", "trier", "aachen", "saarbruecken", "mainz", "koeln"]
    for i, city in enumerate(apart, 1):
        paced(lambda: page.select_option(f"select[name=trust_city_{i}]", city))
    with page.expect_navigation():
        page.locator(START).click()
    alert = page.locator(".error[role=alert]").inner_text()
    assert "トラストの都市：Trier（2番目に置いた都市）" in alert
    page.screenshot(path=str(shots / "new-game-trust-refused-ja-tablet.png"), full_page=True)
    joined = ["duesseldorf", "aachen", "trier", "saarbruecken", "mainz", "koeln"]
    for i, city in enumerate(joined, 1):
        paced(lambda: page.select_option(f"select[name=trust_city_{i}]", city))
    with page.expect_navigation():
        page.locator(START).click()
    page.locator("#table").wait_for()
    assert exported(page, page.url)[0]["trust_cities"] == joined
    assert problems == [], problems


MARKING = setup_line(3, edition="recharged", dealt=DEALT, start_cities=True)


@pytest.mark.parametrize("lang", ["ja", "zh-Hant"])
def test_start_cities_are_marked_on_the_tablet_and_a_seat_phone(server, new_page, shots, lang):
    """Digest §6 (the experienced players' start): Ann taps Essen on the tablet's board and marks it; Bob
    picks Bremen from the list on his phone and marks it; the marks show on the board."""
    tablet = new_page(lang, "tablet")
    problems = watched(tablet)
    url = import_log(tablet, server, log(MARKING))
    tablet.screenshot(path=str(shots / f"start-city-{lang}-tablet.png"))
    swap(tablet, tablet.locator(".board g.targets a[aria-label='Essen']").click)
    mark = tablet.locator("#input form.fact button.big")
    assert mark.is_enabled() and mark.is_visible() and mark.bounding_box()["y"] + 44 <= 768
    swap(tablet, mark.click)
    assert exported(tablet, url)[-1] == {"type": "start_city", "player": "Ann", "city": "essen"}
    assert tablet.locator(".board g.start-marks circle").count() == 1
    phone = new_page(lang, "phone")
    watched(phone, problems)
    phone.goto(seat_link(tablet, url, 1))
    phone.screenshot(path=str(shots / f"start-city-{lang}-phone.png"), full_page=True)
    swap(phone, phone.locator("#seat #input a.city-option", has_text="Bremen").click)
    mark = phone.locator("#seat #input form.fact button.big")
    assert mark.is_enabled()
    swap(phone, mark.click)
    assert exported(tablet, url)[-1] == {"type": "start_city", "player": "Bob", "city": "bremen"}
    tablet.goto(url)
    assert tablet.locator(".board g.start-marks circle").count() == 2
    tablet.screenshot(path=str(shots / f"start-city-marked-{lang}-tablet.png"))
    assert sideways_scroll(phone) == 0 and sideways_scroll(tablet) == 0 and problems == []
