"""Three things a table does now and then, in headless Chromium against a real `referee serve`:
moving cubes between a player's plants, choosing the coal/oil mix a hybrid plant burns, and
correcting an earlier fact from the log page (accepted, and refused with the reason)."""
import json

import pytest
from screens import EXAMPLE, import_log
from tableplayer import settled, swap

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("browser")]  # one server and one Chromium

LINES = [line for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]
# Round 2's bureaucracy before Bernd powers: Bernd has hybrid plant 12 (2 coal) and oil plant 9 (1 oil).
BUREAUCRACY = LINES[:63]
OIL_TO_HYBRID = {"type": "move", "player": "Bernd", "moves": [{"from": 9, "to": 12, "resource": "oil", "count": 1}]}


def entries(page, url: str) -> list:
    """The game's stored log entries (its export), setup left out."""
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    text = page.request.get(url.split("/games/")[0] + f"/games/{game_id}/export").text()
    return [json.loads(line) for line in text.splitlines()[1:]]


def bernd(page):
    return page.locator(".players article.player:has(header strong:text-is('Bernd'))")


def test_cubes_are_moved_between_a_players_plants_with_the_move_form(server, new_page):
    page = new_page("en", "tablet")
    url = import_log(page, server, "\n".join(BUREAUCRACY) + "\n")
    page.locator("label.tab-more").click()                 # behind the stage's last tab
    panel = page.locator("details.move:has(input[name=player][value=Bernd])")
    panel.locator("summary").click()
    form = panel.locator("form.move")
    form.locator("select[name=from]").select_option("9")
    form.locator("select[name=to]").select_option("12")
    form.locator("select[name=resource]").select_option("oil")
    form.locator("input[name=count]").fill("1")
    swap(page, form.locator("button").click)
    assert entries(page, url)[-1] == OIL_TO_HYBRID
    card = bernd(page).locator(".card:has(.num:text-is('12'))")
    assert card.locator(".stored .cube.oil").count() == 1 and card.locator(".stored .cube.coal").count() == 2


def test_a_hybrid_plants_mix_is_chosen_in_the_power_form_and_burned(server, new_page):
    page = new_page("en", "tablet")
    url = import_log(page, server, "\n".join(BUREAUCRACY + [json.dumps(OIL_TO_HYBRID)]) + "\n")
    form = page.locator("#input form.power:has(input[name=player][value=Bernd])")
    mix = form.locator("select[name=burn_12]")
    assert mix.locator("option").all_inner_texts()[1:] == ["2 coal + 0 oil", "1 coal + 1 oil", "0 coal + 2 oil"]
    swap(page, lambda: mix.select_option("coal=1,oil=1"))        # the preview redraws the panel
    form = page.locator("#input form.power:has(input[name=player][value=Bernd])")
    assert form.locator("select[name=burn_12]").input_value() == "coal=1,oil=1"
    assert "Powers" in form.locator(".total").inner_text()
    swap(page, form.locator("button.big").click)
    fact = entries(page, url)[-1]
    assert fact["type"] == "power" and fact["player"] == "Bernd" and fact["burn"]["12"] == {"coal": 1, "oil": 1}
    assert bernd(page).locator(".card:has(.num:text-is('12')) .stored .cube:not(.empty)").count() == 1   # 1 coal left


def test_a_fact_is_corrected_from_the_log_page_and_a_correction_that_breaks_a_later_fact_is_refused(server, new_page):
    page = new_page("en", "phone")
    url = import_log(page, server, "\n".join(LINES[:3]) + "\n")    # Dieter opens plant 4 at 5, Anna bids 6
    page.goto(url + "log")
    with page.expect_navigation():
        page.locator("#fact-1 a.button").click()
    page.fill("form.correction input[name=bid]", "6")                # Anna's bid of 6 would no longer beat it
    with page.expect_navigation():
        page.locator("form.correction button").click()
    assert "fact 2" in page.locator("#message .error").inner_text()
    assert entries(page, url)[0]["bid"] == 5, "nothing changed"
    page.fill("form.correction input[name=bid]", "4")
    with page.expect_navigation():
        page.locator("form.correction button").click()
    assert page.url.endswith("/log#fact-1")
    assert "plant 4 at 4 Elektro" in page.locator("#fact-1 .fact-line").inner_text()
    assert entries(page, url)[-1] == {"type": "correct", "fact": 1,
                                      "action": {"type": "nominate", "player": "Dieter", "plant": 4, "bid": 4}}


def test_the_browser_stops_an_opening_bid_below_the_tapped_plants_number(server, new_page):
    page = new_page("en", "tablet")
    url = import_log(page, server, LINES[0] + "\n")
    seq = page.locator("#table").get_attribute("data-seq")
    page.fill("#input form.nominate input[name=bid]", "4")
    page.locator("#input form.nominate button[name=plant][value='5']").click()
    settled(page)
    assert page.locator("#input form.nominate input[name=bid]").evaluate("e => e.validity.rangeUnderflow")
    assert page.locator("#table").get_attribute("data-seq") == seq and entries(page, url) == []
    swap(page, page.locator("#input form.nominate button[name=plant][value='4']").click)   # 4 on plant 4 is fine
    assert entries(page, url) == [{"type": "nominate", "player": "Dieter", "plant": 4, "bid": 4}]


def test_cubes_are_chosen_on_the_page_with_one_preview_after_the_last_tap_or_typed_count(server, new_page):
    """Issue "the table at a glance", fewer taps: + and − and a count typed on the keypad change the
    amounts on the page; the engine prices them once, after the last change; Buy stores them."""
    page = new_page("en", "tablet")
    url = import_log(page, server, "\n".join(LINES[:22]) + "\n", "buy.jsonl")      # Dieter buys coal
    previews = []
    page.on("request", lambda r: previews.append(r.url) if "type=buy" in r.url else None)
    coal = "#input table.buy tr[data-resource=coal]"
    priced = ("n => !document.querySelector('#input form.fact:not(.needs) button').disabled"
              f" && document.querySelector('{coal} input.count').value === String(n)"
              " && document.querySelector('#input .total').textContent.includes('Price')")
    page.evaluate(f"""() => {{                  // four quick taps: + + + −
        const steps = document.querySelectorAll('{coal} td.stepper .step');
        for (const s of [steps[1], steps[1], steps[1], steps[0]]) s.click();
    }}""")
    page.wait_for_function(priced, arg=2)
    settled(page)
    page.locator(f"{coal} input.count").fill("3")                     # typed on the keypad
    page.wait_for_function(priced, arg=3)
    settled(page)
    assert [("coal=2" in u, "coal=3" in u) for u in previews] == [(True, False), (False, True)]
    swap(page, page.locator("#input form.fact:not(.needs):has(input[name=type][value=buy]) button").click)
    bought = entries(page, url)[-1]
    assert {k: v for k, v in bought.items() if v} == {"type": "buy", "player": "Dieter", "coal": 3}
