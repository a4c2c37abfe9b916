"""Around the game in a real browser against `referee serve`: the wake-lock switch on the table page
(the Screen Wake Lock API on a secure page, NoSleep.js's video where there is none), a seat taken
from a second device by typing its short code, and the finished game's BG Stats button and charts.
Any console error or failed request fails the test."""
import re
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
USA = ROOT / "examples" / "usa-2p.jsonl"
GERMANY = ROOT / "examples" / "germany-4p.jsonl"


def watched(page) -> list:
    """Console errors and 4xx/5xx answers the page meets, collected as they happen."""
    problems = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return problems


def imported(page, url: str, path: Path, lines: int | None = None, tmp=None) -> int:
    """Import a game log through the game list's form; the id of the game it opens."""
    if lines is not None:
        cut = tmp / f"{path.stem}-{lines}.jsonl"
        cut.write_text("\n".join(path.read_text(encoding="utf-8").splitlines()[:lines]) + "\n", encoding="utf-8")
        path = cut
    page.goto(f"{url}/")
    page.set_input_files("#log", str(path))
    page.locator("form.import button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    return int(re.search(r"/games/(\d+)/", page.url).group(1))


def switch_state(page) -> tuple:
    return tuple(page.evaluate("() => { const b = document.getElementById('awake');"
                         " return [b.dataset.state, b.getAttribute('aria-checked'), b.textContent.trim()]; }"))


def test_the_wake_lock_switch_turns_off_stays_off_and_back_on(server, new_page, tmp_path):
    page = new_page("ja", "tablet")
    problems = watched(page)
    game_id = imported(page, server, GERMANY, 20, tmp_path)
    page.goto(f"{server}/games/{game_id}/")
    page.wait_for_function("() => ['on', 'waiting'].includes(document.getElementById('awake').dataset.state)")
    state, checked, _label = switch_state(page)
    assert checked == "true"
    button = page.locator("#awake")
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44 and box["y"] + box["height"] <= 768
    button.click()
    assert switch_state(page) == ("off", "false", "☀ 画面は消灯します")
    page.reload()
    page.wait_for_function("() => document.getElementById('awake').dataset.state === 'off'")
    assert page.evaluate("() => localStorage.getItem('referee.awake')") == "off"
    button.click()
    page.wait_for_function("() => ['on', 'waiting'].includes(document.getElementById('awake').dataset.state)")
    assert switch_state(page)[1] == "true"
    assert problems == []


def test_without_the_wake_lock_api_a_tap_starts_the_nosleep_video(server, new_page, tmp_path):
    """Plain http on a LAN has no navigator.wakeLock: the fallback waits for a tap, then plays."""
    page = new_page("zh-Hant", "tablet")
    page.context.add_init_script("delete Navigator.prototype.wakeLock;")
    problems = watched(page)
    game_id = imported(page, server, GERMANY, 20, tmp_path)
    page.goto(f"{server}/games/{game_id}/")
    page.wait_for_function("() => !!window.NoSleep")
    assert switch_state(page)[:2] == ("waiting", "true")
    assert "下一次點擊後" in switch_state(page)[2]
    page.locator("#status, .status, main").first.click(position={"x": 5, "y": 5})
    page.wait_for_function("() => document.getElementById('awake').dataset.state === 'on'")
    assert switch_state(page)[1] == "true" and "螢幕保持開啟" in switch_state(page)[2]
    page.locator("#awake").click()
    assert switch_state(page)[0] == "off"
    assert problems == []


def test_a_second_device_takes_its_seat_by_typing_the_short_code(server, new_page, tmp_path):
    tablet = new_page("en", "tablet")
    problems = watched(tablet)
    game_id = imported(tablet, server, USA, 40, tmp_path)
    tablet.goto(f"{server}/games/{game_id}/join")
    seat = tablet.locator("article.seat-link", has_text="Frank")
    code = seat.locator("[data-code]").inner_text()
    assert re.fullmatch(r"[2-9A-Z]{3}-[2-9A-Z]{3}", code)
    where = re.search(r"open (http://\S+/s) and type", tablet.locator(".reach").inner_text()).group(1)
    seat.locator("button.copy").click()
    tablet.wait_for_function("() => [...document.querySelectorAll('button.copy')].some(b => b.dataset.label)")
    phone = new_page("ja", "phone")
    on_phone = watched(phone)
    phone.goto(where)
    phone.fill("#code", "zzz-zzz")
    phone.locator("form.codebox button").click()
    assert "の席はありません" in phone.locator("#message").inner_text()
    assert [p for p in on_phone if p.startswith("404 ")] and all("code=zzz" in p or "status of 404" in p for p in on_phone)
    on_phone.clear()      # the refusal expected just now (a 404 page, and the console's note of it)
    phone.fill("#code", code.lower().replace("-", " "))
    phone.locator("form.codebox button").click()
    phone.wait_for_url(re.compile(rf"/games/{game_id}/seat$"))
    assert "Frank" in phone.locator(".own h1").inner_text()
    assert problems == [] and on_phone == []


def test_the_finished_game_has_its_bg_stats_button_and_six_charts(server, new_page, tmp_path, shots):
    page = new_page("en", "tablet")
    problems = watched(page)
    game_id = imported(page, server, USA)
    link = page.locator(f"a[href='/games/{game_id}/bgstats']")
    assert link.is_visible()
    assert page.locator("#end figure.chart").count() == 6
    assert page.locator("#end table.paid tbody tr").count() == 2
    assert problems == []
