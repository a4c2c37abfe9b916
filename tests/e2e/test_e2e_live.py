"""Two devices follow one table live in headless Chromium: a fact entered on one shows on the other
at once (pushed, before any poll), without a reload, and what the other was typing stays; when both enter at once,
one fact applies and the other device is shown the fresh moment."""
import json

from screens import EXAMPLE, deaf, import_log
from tableplayer import settled, swap

from referee.game import Game

LINES = EXAMPLE.read_text(encoding="utf-8").splitlines()
LIVE = "document.addEventListener('htmx:sseOpen', () => { window.live = true; })"


def first_power_moment() -> str:
    """The recorded game up to its first bureaucracy, every player still to power."""
    game = Game(json.loads(LINES[0]))
    for n, line in enumerate(LINES[1:], 1):
        if len([a for a in game.state["next"]["actions"] if a["type"] == "power"]) > 2:
            return "\n".join(LINES[:n]) + "\n"
        game.play(json.loads(line))
    raise AssertionError("the example has no bureaucracy")


def following(new_page, url: str, lang: str, size: str):
    """A device showing the table, its event stream open, and a mark that a reload would wipe."""
    page = new_page(lang, size)
    page.context.add_init_script(LIVE)
    page.goto(url)
    page.wait_for_function("() => window.live === true")
    page.evaluate("() => { window.notReloaded = true; }")
    return page


def seq(page) -> int:
    return int(page.locator("#table").get_attribute("data-seq"))


def test_a_fact_on_the_tablet_is_pushed_to_the_phone_and_what_the_phone_typed_stays(server, new_page):
    url = import_log(new_page("en", "tablet"), server, first_power_moment())
    tablet = following(new_page, url, "en", "tablet")
    phone = following(new_page, url, "zh-Hant", "phone")
    first, second = [f.get_attribute("value") for f in tablet.locator("#input form.power input[name=player]").all()[:2]]
    typed = phone.locator(f"#input form.power:has(input[name=player][value='{second}']) input[name=powered]")
    typed.fill("0")                                      # half-entered: not sent, not even left
    before = seq(phone)
    swap(tablet, tablet.locator(f"#input form.power:has(input[name=player][value='{first}']) button").click)
    # pushed, not polled: well before the fallback poll's 30 s (the second is bench/live.py's to measure)
    phone.wait_for_function(f"() => document.getElementById('table').dataset.seq === '{before + 1}'", timeout=10000)
    settled(phone)
    assert phone.evaluate("() => window.notReloaded === true"), "no reload"
    assert phone.locator(f"#input form.power input[name=player][value='{first}']").count() == 0
    assert typed.input_value() == "0", "what the phone was typing survives the redraw"
    assert phone.locator("#message").inner_text().strip() == "", "a live update needs no notice"


def test_two_devices_entering_at_once_one_applies_and_the_other_is_shown_the_fresh_moment(server, new_page):
    url = import_log(new_page("en", "tablet"), server, first_power_moment())
    tablet = following(new_page, url, "en", "tablet")
    phone = following(new_page, url, "ja", "phone")
    first = tablet.locator("#input form.power input[name=player]").first.get_attribute("value")
    at = seq(tablet)
    for page in (tablet, phone):     # both pages stay at this moment until their own answer comes
        deaf(page)
    buttons = [p.locator(f"#input form.power:has(input[name=player][value='{first}']) button") for p in (tablet, phone)]
    with tablet.expect_response(lambda r: "/facts" in r.url) as one, phone.expect_response(lambda r: "/facts" in r.url) as two:
        buttons[0].click()
        buttons[1].click()
    assert sorted([one.value.status, two.value.status]) == [200, 409]
    for page in (tablet, phone):
        page.wait_for_function(f"() => document.getElementById('table').dataset.seq === '{at + 1}'")
        assert page.locator(f"#input form.power input[name=player][value='{first}']").count() == 0
    loser = phone if two.value.status == 409 else tablet
    assert loser.locator("#message").inner_text().strip(), "the device that lost is told the table moved on"
