"""An unreachable server (issue 20, item 5): a tap that gets no answer shows, within 3 s, a note
(role="alert") in the page's language that it was not recorded; when `referee serve` is started again
on the same games file, the page's event stream comes back, the note goes and the page follows the
table again by itself, with no reload."""
import signal
import time

import pytest
from tableplayer import new_game, settled, swap
from webkit import Server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("browser")]

LIVE = "document.addEventListener('htmx:sseOpen', () => { window.opened = (window.opened || 0) + 1; })"
ALERT = "#offline[role=alert]"


def test_a_tap_while_the_server_is_down_says_so_and_the_page_recovers_after_a_restart(tmp_path, new_page):
    db = tmp_path / "games.sqlite3"
    server = Server(db)
    try:
        page = new_page("ja", "phone")
        page.context.add_init_script(LIVE)
        url = new_game(page, server.url, ["春子", "健太", "美咲"], ["NW", "W", "SW"])
        page.goto(url)
        page.wait_for_function("() => window.opened === 1")
        page.evaluate("() => { window.notReloaded = true; }")
        seq = page.locator("#table").get_attribute("data-seq")

        server.stop(signal.SIGKILL)                                   # the server dies mid-game
        tapped = time.monotonic()
        page.locator("#input form.nominate button[name=plant]").first.click()
        page.locator(ALERT).filter(has_text="記録されていません").wait_for(timeout=3000)
        assert time.monotonic() - tapped < 3
        assert page.locator("#table").get_attribute("data-seq") == seq, "nothing drawn as if recorded"

        server = Server(db, port=server.port)                         # back, on the same file
        page.wait_for_function("() => window.opened === 2", timeout=20_000)
        page.wait_for_function(f"() => !document.querySelector('{ALERT}').textContent", timeout=5000)
        assert page.evaluate("() => window.notReloaded === true"), "recovered without a reload"
        swap(page, page.locator("#input form.nominate button[name=plant]").first.click)     # the tap again
        assert int(page.locator("#table").get_attribute("data-seq")) == int(seq) + 1

        other = new_page("en", "tablet")                              # and it follows the table again
        other.goto(url)
        swap(other, other.locator("#input form.fact:has(input[name=type][value=pass_bid]) button").click)
        page.wait_for_function(f"() => document.getElementById('table').dataset.seq === '{int(seq) + 2}'",
                               timeout=10_000)
        settled(page)
        assert page.locator(ALERT).inner_text() == ""
    finally:
        server.stop()
