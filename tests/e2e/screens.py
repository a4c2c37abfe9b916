"""Every screen of the table app, reached as a person reaches it: recorded games imported on the game
list (cut where the table waits for each kind of input), then the pages that hang off them."""
import json
from pathlib import Path

from referee.game import Game
from tableplayer import START, Refused, TablePlayer, city_option, new_game, suggested_cities, swap

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "germany-4p.jsonl"
PANELS = ("nominate", "bid", "draw", "discard", "buy", "build", "power", "over")


def panel_of(state: dict) -> str:
    """The input the table page shows for this state (the names TablePlayer.panel() reads)."""
    nxt = state["next"]
    kinds = {a["type"] for a in nxt["actions"]}
    for kind, panel in (("draw", "draw"), ("discard", "discard"), ("power", "power"), ("pass_bid", "bid"),
                        ("nominate", "nominate"), ("buy", "buy"), ("build", "build")):
        if kind in kinds:
            return panel
    return "over" if nxt["phase"] == "over" else "unknown"


def cut_points(path=EXAMPLE) -> dict:
    """{panel: the recorded log's lines up to the last moment the table waits for that input}."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    game = Game(json.loads(lines[0]))
    last = {panel_of(game.state): 1}
    for n, line in enumerate(lines[1:], 2):
        game.play(json.loads(line))
        last[panel_of(game.state)] = n
    return {panel: "\n".join(lines[:last[panel]]) + "\n" for panel in PANELS}


def import_log(page, base: str, text: str, name="game.jsonl") -> str:
    """Import a game log through the game list's form; returns the table's URL it opens."""
    page.goto(base + "/")
    page.set_input_files("#log", {"name": name, "mimeType": "application/jsonl", "buffer": text.encode()})
    with page.expect_navigation():
        page.locator("form.import button[type=submit]").click()
    page.locator("#table").wait_for()
    return page.url


def on_a_fresh_device(browser, make, base: str) -> dict:
    """make(page, base) on a page of a device of its own, closed afterwards (imports for a module's tests)."""
    from chromium import device
    context = device(browser)
    try:
        return make(context.new_page(), base)
    finally:
        context.close()


def tables(page, base: str) -> dict:
    """{panel: table URL} of one imported game per input panel."""
    return {panel: import_log(page, base, text, f"{panel}.jsonl") for panel, text in cut_points().items()}


def pages(base: str, tables: dict) -> list:
    """[(screen name, URL, what to tap after loading it or None)] of every page reached without
    sending a fact: list, new game, each table input, a build with cities chosen, the log, a
    correction, a missing game, the Join page and a seat's phone at a bid, a purchase, a build and
    a power choice."""
    out = [("list", base + "/", None), ("new-game", base + "/games/new", None)]
    out += [(f"table-{panel}", url, None) for panel, url in tables.items()]
    out.append(("table-build-chosen", tables["build"], choose_cities))
    out += [("log", tables["over"] + "log", None), ("correct", tables["over"] + "log/1", None),
            ("missing-game", base + "/games/99999/", None), ("join", tables["buy"] + "join", None)]
    out += [(f"seat-{panel}", tables[panel] + "join", seat_of_acting) for panel in ("bid", "buy", "build", "power")]
    return out


def seat_of_acting(page):
    """From the Join page, open the seat of a player the table waits for (a phone showing their input)."""
    for link in page.locator(".seat-link code").all_inner_texts():
        page.goto(link)
        if page.locator("#seat #input").count():
            return
    raise AssertionError("no seat shows an input")


def choose_cities(page):
    """On a build panel: tap the cities of the suggestion with the most cities one by one in the
    city list, so the plan and routes show (a suggestion itself builds at once)."""
    suggested = suggested_cities(page)
    chosen = []
    for city in suggested[-1] if suggested else []:
        chosen.append(city)
        swap(page, city_option(page, chosen).click)


NAMES = ["Ann", "Bob", "Cara"]


def every_screen(page, base: str, games: dict, lan=None):
    """Visit every screen in turn, yielding its name while the page shows it: the pages above, the
    new-game form refused, a game just started, an entry refused, an entry beaten by another device
    and, given a `--lan` server's URL, the page a device without the table key gets."""
    for name, url, then in pages(base, games):
        page.goto(url)
        if then:
            then(page)
        yield name
    refuse_new_game(page, base)
    yield "new-game-refused"
    table = new_game(page, base, NAMES, ["NW", "W", "SW"])
    yield "table-start"
    page.fill("#input form.nominate input[name=bid]", "1")     # below the plant's number
    unchecked(page, "#input form.nominate")
    refused(page, "#input form.nominate button[name=plant][value='4']")
    yield "table-refused"
    deaf(page)                                                 # both tap at once: this page has not
    other = page.context.new_page()                            # heard of the other device's fact yet
    other.goto(table)
    TablePlayer(other).step()
    other.close()
    refused(page, "#input form.nominate button[name=plant][value='3']")
    yield "table-moved"
    if lan:
        page.goto(lan + "/games/new")       # without the table key: the 403 page, not a form
        yield "forbidden"


def deaf(page):
    """Keep the page from following the table live (its event stream's news is dropped), as a page
    whose tap crosses another device's fact on the way."""
    page.evaluate("() => document.addEventListener('sse:fact', e => e.stopImmediatePropagation(), true)")


def unchecked(page, form: str):
    """Let a form send what its fields' bounds would stop (as a browser that checks none would), so
    that the server's refusal can be seen."""
    page.locator(form).evaluate("f => { f.noValidate = true; }")


def refused(page, button: str):
    """Tap a button whose entry the app refuses (the page then shows why)."""
    try:
        swap(page, page.locator(button).click)
    except Refused:
        return
    raise AssertionError(f"{button} was accepted")


def refuse_new_game(page, base: str):
    """The new-game form sent with one name only: refused as incomplete (or, without the table key,
    as not allowed)."""
    page.goto(base + "/games/new")
    page.fill("input[name=name_1]", "Ann")
    with page.expect_navigation():
        page.locator(START).click()
