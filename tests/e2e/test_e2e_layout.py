"""One screen per moment (issue: the table at a glance, item 1), in headless Chromium against a real
`referee serve`: every moment of a round of the recorded 4-player game on a 1024×768 and a 768×1024
tablet needs no vertical page scroll, with the waiting sentence, the input, the plant and resource
markets and every player's row on screen together (while building, the board in front of the
markets, with the markets at a glance over it), and the input's buttons whole, in every language;
on a 390×844 phone one column, the current moment first, nothing scrolls sideways. A page behind
the table says so in its language."""
import pytest
from chromium import device
from looks import sideways_scroll
from moments import moment_tables
from screens import choose_cities, on_a_fresh_device
from tableplayer import Refused, swap

pytestmark = pytest.mark.e2e

MOMENTS = ("nominate", "bid", "draw", "discard", "buy", "build", "build-chosen", "power", "refill",
           "round-end-draw", "over")

# Whether an element is whole on screen, cut to what the boxes that scroll around it show: a part
# hidden in its box (scrolled out of view) counts as off screen.
SHOWN_JS = """const shown = el => {
    const r = el.getBoundingClientRect();
    let top = 0, bottom = innerHeight;
    for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
    }
    return r.top >= top - 1 && r.bottom <= bottom + 1;
};"""
# Where each part the table must see at once lies on screen, and whether it is shown whole.
IN_VIEW_JS = """sels => { %s
    return Object.fromEntries(sels.map(sel => {
        const el = document.querySelector(sel);
        if (!el || !el.checkVisibility()) return [sel, null];
        const r = el.getBoundingClientRect();
        return [sel, {top: Math.round(r.top), bottom: Math.round(r.bottom), shown: shown(el)}];
    }));
}""" % SHOWN_JS
# The input's buttons (the quick ones and the one that enters what was chosen) not whole in view in
# their box: a player's own Power button only where no "power as proposed" stands for them all.
BUTTONS_CUT_JS = """() => { %s
    return [...document.querySelectorAll('#input button.big')]
        .filter(b => !b.closest('.power-list') || !document.querySelector('#input .power-all'))
        .filter(b => b.checkVisibility() && !shown(b)).map(b => b.textContent.trim());
}""" % SHOWN_JS


@pytest.fixture(scope="module")
def moments(server, browser):
    return on_a_fresh_device(browser, moment_tables, server)


def show(page, moments, moment):
    page.goto(moments[moment])
    if moment == "build-chosen":
        choose_cities(page)


def test_the_recorded_game_has_every_moment(moments):
    assert set(MOMENTS) <= set(moments)


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hant"])
@pytest.mark.parametrize("size", ["tablet", "portrait"])
def test_no_moment_scrolls_the_page_on_a_tablet_and_the_table_is_on_screen_at_once(moments, new_page, size, lang):
    page = new_page(lang, size)
    problems = {}
    for moment in MOMENTS:
        show(page, moments, moment)
        height, inner = page.evaluate("() => [document.scrollingElement.scrollHeight, innerHeight]")
        parts = ["#waiting", "#players"]
        parts += ["#end h2"] if moment == "over" else ["#input h2", "#input .actions, #input .cards, #input .power-all"]
        parts += ["section.board", ".glance"] if moment.startswith("build") else ["#market", "#resources"]
        boxes = page.evaluate(IN_VIEW_JS, parts)
        off = [sel for sel, box in boxes.items() if box is None or not box["shown"]]
        rows = page.locator("#players article.player").evaluate_all(
            "(rows, inner) => rows.filter(r => r.getBoundingClientRect().bottom > inner).length", inner)
        cut = page.evaluate(BUTTONS_CUT_JS)
        if height > inner or off or rows or cut or sideways_scroll(page):
            problems[moment] = {"page": height, "screen": inner, "off screen": off, "player rows cut": rows,
                                "buttons cut": cut}
    assert problems == {}


def test_the_board_comes_forward_when_building_and_the_markets_are_one_tap_away(moments, new_page):
    page = new_page("en", "tablet")
    show(page, moments, "build")
    assert page.locator("section.board").is_visible() and not page.locator("#market").is_visible()
    glance = page.locator(".pane-board .glance")          # the markets at a glance over the board
    assert glance.locator(".card").count() == page.locator("#market .card").count() > 0
    assert glance.locator(".stock .cube").count() == page.locator("#resources .track").count() == 4
    page.locator("label.tab-markets").click()
    assert page.locator("#market").is_visible() and page.locator("#resources").is_visible()
    show(page, moments, "buy")
    assert page.locator("#market").is_visible() and not page.locator("section.board").is_visible()
    page.locator("label.tab-more").click()
    assert page.locator("#deck").is_visible()
    assert page.locator(".status a[href$='/log']").is_visible()       # the log and its corrections
    assert page.locator("header .print-menu summary").is_visible()


def test_the_board_pans_and_zooms_in_its_own_area(moments, new_page):
    page = new_page("en", "tablet")
    show(page, moments, "build")
    box = page.locator(".board-box")
    before = page.evaluate("() => document.querySelector('.board-box svg').getBoundingClientRect().width")
    page.locator(".zoom button[data-zoom=in]").click()
    after = page.evaluate("() => document.querySelector('.board-box svg').getBoundingClientRect().width")
    assert after == pytest.approx(before * 1.5, rel=0.02)
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")
    height, inner = page.evaluate("() => [document.scrollingElement.scrollHeight, innerHeight]")
    assert height <= inner, "zooming scrolls the board's area, never the page"


def test_a_phone_shows_one_column_the_moment_first_and_never_scrolls_sideways(moments, new_page):
    page = new_page("en", "phone")
    wide, order = {}, {}
    for moment in MOMENTS:
        show(page, moments, moment)
        if px := sideways_scroll(page):
            wide[moment] = px
        tops = page.evaluate(IN_VIEW_JS, ["#waiting", "#input, #end", "#players", ".stage"])
        if not tops["#waiting"]["top"] < tops["#input, #end"]["top"] < tops["#players"]["top"] < tops[".stage"]["top"]:
            order[moment] = tops
    assert wide == {} and order == {}


def test_a_page_behind_the_table_says_the_table_moved_on(moments, browser, server):
    """Back after another tab entered a fact: the page catches up and says so; an entry from a page
    that is still behind is refused with what happened, not with "another device"."""
    context = device(browser, "en", "tablet")
    try:
        page, other = context.new_page(), context.new_page()
        page.goto(moments["bid"])
        seq = int(page.locator("#table").get_attribute("data-seq"))
        page.evaluate("() => document.querySelectorAll('.poll').forEach((p) => p.remove())")   # no poll: behind
        other.goto(moments["bid"])
        swap(other, other.locator("#input form.fact:has(input[name=type][value=pass_bid]) button").click)
        with pytest.raises(Refused) as refused:
            swap(page, page.locator("#input form.fact:has(input[name=type][value=pass_bid]) button").click)
        assert f"it showed entry {seq}, and the table is at entry {seq + 1}" in str(refused.value)
        assert int(page.locator("#table").get_attribute("data-seq")) == seq + 1

        swap(other, other.locator(".status form.fact:has(input[name=type][value=undo]) button").click)
        page.goto(moments["bid"] + "log")
        page.go_back()
        page.locator("#message .info").wait_for()
        assert "The table has moved on" in page.locator("#message .info").inner_text()
        assert int(page.locator("#table").get_attribute("data-seq")) == seq + 2
    finally:
        context.close()
