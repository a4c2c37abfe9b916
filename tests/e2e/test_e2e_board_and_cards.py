"""Issue 24's screen nits, measured in headless Chromium against a real `referee serve` at 1024×768 in
Japanese and Traditional Chinese: plant numbers ("11+") and fuel ("×2") never wrap inside a card, the
new-game page's radios keep their size beside a long label, the board's ± buttons never lie over a
city name, and a fresh board is placed so that no name is cut at its left edge (Wilhelmshaven)."""
import json

import pytest
from screens import EXAMPLE, cut_points, import_log

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("browser")]  # one server and one Chromium

LINES = EXAMPLE.read_text(encoding="utf-8").splitlines()
SETUP = json.loads(LINES[0])
LANGS = ("ja", "zh-Hant")

WRAPPED = """() => [...document.querySelectorAll('.card .num, .card .fuel')].filter((e) => {
  const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const r = document.createRange(); r.selectNodeContents(n);
    if (new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size > 1) return true;
  }
  return false;
}).map((e) => e.textContent)"""

NAMES = """() => {
  const box = document.querySelector('.board-box').getBoundingClientRect();
  const zoom = [...document.querySelectorAll('.zoom button')].map((b) => b.getBoundingClientRect());
  const out = {covered: [], cut_left: [], zoom_over_board: zoom.some((z) => z.left < box.right && z.right > box.left
                                                                     && z.top < box.bottom && z.bottom > box.top)};
  for (const t of document.querySelectorAll('#board-names text')) {
    const n = t.getBoundingClientRect();
    if (n.right < box.left || n.left > box.right || n.bottom < box.top || n.top > box.bottom) continue;
    if (n.left < box.left - 0.5) out.cut_left.push(t.textContent);
    if (zoom.some((z) => n.left < z.right && n.right > z.left && n.top < z.bottom && n.bottom > z.top)) out.covered.push(t.textContent);
  }
  return out;
}"""


def show_board(page):
    if not page.locator(".pane-board .board-box").is_visible():
        page.locator("label.tab-board").click()
    page.wait_for_timeout(300)


@pytest.mark.parametrize("lang", LANGS)
def test_plant_numbers_and_fuel_never_wrap_inside_a_card(server, new_page, lang):
    """Variation 1's cards carry a plus (「11+」): on the table screen it wrapped under its number."""
    page = new_page(lang, "tablet")
    import_log(page, server, json.dumps({**SETUP, "variation": 1}) + "\n", "variation1.jsonl")
    assert page.locator(".card .num:has-text('+')").count() > 0
    assert page.evaluate(WRAPPED) == []
    show_board(page)
    assert page.evaluate(WRAPPED) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_variation_radios_keep_their_size_beside_a_long_label(server, new_page, lang):
    """A long variation label squeezed its radio to 13 px."""
    page = new_page(lang, "tablet")
    page.goto(server + "/games/new")
    sizes = page.evaluate("() => [...document.querySelectorAll('.choice input')].filter((i) => i.offsetParent).map((i) => i.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= 21.5, sizes


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("moment", ["start", "build"])
def test_the_zoom_buttons_lie_over_no_city_name_and_no_name_is_cut_at_the_left(server, new_page, lang, moment):
    """They hid 金沢 and Lübeck, and the first view cut Wilhelmshaven and Duisburg at the board's edge."""
    page = new_page(lang, "tablet")
    import_log(page, server, LINES[0] + "\n" if moment == "start" else cut_points()["build"], f"{moment}.jsonl")
    show_board(page)
    seen = page.evaluate(NAMES)
    assert not seen["zoom_over_board"] and seen["covered"] == [] and seen["cut_left"] == [], seen
