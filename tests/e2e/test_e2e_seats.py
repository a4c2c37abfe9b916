"""A tablet with the table key and a phone on a seat, in two browser contexts against `referee
serve --lan`: the phone shows its own player's money and nobody else's, in its own language, and a
fact entered on either shows on the other at once, without a reload (money alone is secret: seed
004, line 78)."""
import re

import pytest
from looks import english_words, sideways_scroll
from tableplayer import new_game, settled, swap

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("browser")]

PLAYERS = ["Ann", "Bob", "Cara"]
LIVE = "document.addEventListener('htmx:sseOpen', () => { window.live = true; })"


def following(page, url: str):
    """Open the page, wait for its event stream, and mark it so that a reload would show."""
    page.goto(url)
    page.wait_for_function("() => window.live === true")
    page.evaluate("() => { window.notReloaded = true; }")


def seat_swap(page, tap):
    """Run tap() on the seat page and wait until htmx has put the new #seat in place."""
    page.evaluate("() => { document.getElementById('seat').dataset.old = '1'; }")
    tap()
    page.wait_for_function("() => !!document.querySelector('#seat:not([data-old])')")
    settled(page)


def test_a_phone_on_a_seat_sees_only_its_money_and_its_fact_reaches_the_tablet(lan_server, new_page, shots):
    url, key = lan_server
    tablet = new_page("en", "tablet")
    tablet.context.add_init_script(LIVE)
    tablet.goto(f"{url}/?key={key}")
    game = new_game(tablet, url, PLAYERS, ["NW", "W", "SW"])
    # Ann opens plant 6 and the others pass: Ann pays 6, Bob and Cara keep 50; the table draws a card.
    swap(tablet, tablet.locator("#input form.nominate button[name=plant][value='6']").click)
    for _ in range(2):
        swap(tablet, tablet.locator("#input form.fact:has(input[name=type][value=pass_bid]) button").click)
    swap(tablet, tablet.locator("#input button[name=card]").first.click)      # the card that replaces plant 6
    assert "Bob" in tablet.locator("#waiting").inner_text()
    assert tablet.locator(".players .money").all_inner_texts() == ["•• Elektro"] * 3, "no money on the shared screen"

    with tablet.expect_navigation():
        tablet.locator("a.button", has_text="Join").click()
    shots_join = tablet.locator(".seat-link")
    assert shots_join.count() == 3 and tablet.locator("svg.qr").count() == 3
    links = tablet.locator(".seat-link code").all_inner_texts()
    tablet.screenshot(path=str(shots / "join.png"))

    phone = new_page("zh-Hant", "phone")
    phone.context.add_init_script(LIVE)
    phone.goto(links[1])                                   # Bob's seat
    assert phone.url.endswith("/seat") and phone.locator("html").get_attribute("lang") == "zh-Hant"
    assert phone.locator(".own-money").inner_text().startswith("50 元")
    text = phone.locator("main").inner_text()
    assert "44" not in text, "Ann's money is not on Bob's phone"
    assert "你可以做的事" in text and sideways_scroll(phone) == 0
    assert english_words(phone, PLAYERS + ["QR"], "main") == [], "the seat page speaks the phone's language"
    phone.screenshot(path=str(shots / "seat.png"), full_page=True)

    following(tablet, game)                                # the tablet back on the table, following it
    following(phone, phone.url)
    seat_swap(phone, phone.locator("#input form.nominate button[name=plant][value='5']").click)
    assert phone.locator("#message .error").count() == 0
    assert phone.locator("#input").count() == 0, "Cara bids next: nothing for Bob to enter"
    assert "Cara" in phone.locator("#waiting").inner_text()

    tablet.wait_for_function("() => document.getElementById('waiting').textContent.includes('Cara')", timeout=10000)
    settled(tablet)
    assert tablet.evaluate("() => window.notReloaded === true"), "pushed to the tablet, not reloaded"
    assert re.search(r"Bob opens an auction on plant 5", tablet.locator(".rulings").inner_text())
    assert tablet.locator(".players .money").all_inner_texts() == ["•• Elektro"] * 3
    assert "up to their money" in tablet.locator("#input").inner_text()

    at = phone.locator("#seat").get_attribute("data-seq")
    swap(tablet, tablet.locator("#input form.fact:has(input[name=type][value=pass_bid]) button").click)   # Cara passes
    phone.wait_for_function(f"() => document.getElementById('seat').dataset.seq !== '{at}'", timeout=10000)
    settled(phone)
    assert phone.evaluate("() => window.notReloaded === true"), "pushed to the phone, not reloaded"
    assert phone.locator(".own .cards .card .num").all_inner_texts() == ["5"], "Bob's phone shows the plant he won"
