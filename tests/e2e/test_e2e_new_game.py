"""The new-game form redraws its area picker as it is filled in (templates/games/new.html,
static/latest.js): filled in as fast as fingers go, no redraw is aborted (htmx reports an aborted
request as a console error) and the picker ends up drawn from the form's last state, never an
earlier answer drawn over a later change."""
import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("browser")]  # one server and one Chromium


def test_the_new_game_form_filled_in_fast_shows_its_last_state_without_console_errors(server, new_page):
    from tableplayer import settled
    page = new_page("en", "tablet")
    problems = []
    page.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
    page.goto(server + "/games/new")
    for board in ("germany", "usa", "germany", "usa"):          # no pause between the changes
        page.locator(f"input[name=map][value={board}]").check()
    for seat, name in enumerate(["Ann", "Bob", "Cara", "Dan"], 1):
        page.fill(f"input[name=name_{seat}]", name)
        page.select_option(f"select[name=position_{seat}]", str(seat))
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.wait_for_timeout(600)              # the redraw after typing stops (input delay:400ms)
    settled(page)
    toggles = page.locator("#areas label.toggle span").all_inner_texts()
    assert "North-central" in toggles and "Bremen" not in page.locator("#areas").inner_text()   # the USA
    assert "0 of 4 areas chosen" in page.locator("#areas p.status").inner_text()
    page.locator("#areas label.toggle:has(input[value=NC])").click()
    settled(page)
    assert page.locator("#areas input[value=NC]").is_checked()
    assert "1 of 4 areas chosen" in page.locator("#areas p.status").inner_text()
    assert problems == []
