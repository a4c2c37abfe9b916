"""A whole recorded game (examples/germany-4p.jsonl: Step 2, Step 3 and the end) played with a seat
phone per player (390×844, in ja and zh-Hant by turns) and the tablet (issue 20, "Tests that must
exist"): each player's own facts — opening an auction, bids (a quick raise or a typed amount),
passes, discards, purchases (+ and a typed count), builds (cities tapped, then Build), power (the
plants fired, a count typed, a hybrid's mix chosen) — are entered on that player's phone, the
table's own (cards drawn) on the tablet. Each device follows the table live. The test fails on any
console error, any answer 4xx/5xx and any moment whose action button is not on the phone's first
screen."""
import json
from pathlib import Path

import pytest
from chromium import LOCALES
from screens import import_log
from tableplayer import BUSY, city_option, ready_to_buy, settled, swap

from referee.game import Game
from referee.rules import legal

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.xdist_group("browser")]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "germany-4p.jsonl"
RESOURCES = ("coal", "oil", "garbage", "uranium")
PHONE = {"width": 390, "height": 844}
ACTION = "#input button.big, #input form.nominate button[name=plant], #input form.discard button[name=plant]"
ON_SCREEN_JS = """sel => { scrollTo(0, 0); const b = document.querySelector(sel); if (!b) return 'no action';
    const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight ? null : Math.round(r.bottom); }"""


class Device:
    """One page (the tablet's table or a seat's phone) entering recorded facts the way a person taps."""

    def __init__(self, page, root: str, problems: list):
        self.page, self.root, self.problems = page, root, problems
        self.used: set = set()
        page.on("console", lambda m: m.type == "error" and "Failed to load resource" not in m.text
                and problems.append(f"console: {m.text}"))
        page.on("response", lambda r: r.status >= 400 and not r.url.endswith("/favicon.ico")
                and problems.append(f"{r.status} {r.request.method} {r.url}"))

    def at(self, seq: int):
        """Wait until the page shows entry `seq` (pushed by the event stream) and has settled."""
        self.page.wait_for_function(
            f"() => document.getElementById('{self.root}').dataset.seq === '{seq}'"
            f" && !document.querySelector('{BUSY}')", timeout=15_000)

    def tap(self, locator):
        swap(self.page, locator.click)

    def button(self, kind: str):
        return self.page.locator(f"#input form.fact:not(.needs):has(input[name=type][value={kind}]) button").first

    def enter(self, fact: dict):
        if self.root == "seat":
            if (where := self.page.evaluate(ON_SCREEN_JS, ACTION)) is not None:
                self.problems.append(f"{fact}: action off screen ({where})")
        getattr(self, "pass_" if fact["type"] == "pass" else fact["type"])(fact)

    def nominate(self, fact):
        if fact.get("bid", fact["plant"]) != fact["plant"]:
            self.page.locator("#input form.nominate input[name=bid]").fill(str(fact["bid"]))
            self.used.add("typed bid")
        self.tap(self.page.locator(f"#input form.nominate button[name=plant][value='{fact['plant']}']"))
        self.used.add("nominate")

    def bid(self, fact):
        quick = self.page.locator(f"#input button[name=amount][value='{fact['amount']}']")
        if quick.count():
            self.tap(quick.first)
            self.used.add("bid")
            return
        form = self.page.locator("#input form.typed")
        form.locator("input[name=amount]").fill(str(fact["amount"]))
        self.tap(form.locator("button"))
        self.used.add("typed bid")

    def pass_bid(self, fact):
        self.tap(self.button("pass_bid"))
        self.used.add("pass")

    def pass_(self, fact):
        self.tap(self.button("pass"))
        self.used.add("pass")

    def draw(self, fact):
        self.tap(self.page.locator(f"#input button[name=card][value='{fact['card']}']"))

    def discard(self, fact):
        self.tap(self.page.locator(f"#input form.discard button[name=plant][value='{fact['plant']}']"))
        self.used.add("discard")

    def buy(self, fact):
        want = {r: fact.get(r, 0) for r in RESOURCES}
        for r, n in want.items():
            row = f"#input table.buy tr[data-resource={r}] td.stepper"
            if n > 1:
                self.page.locator(f"{row} input.count").fill(str(n))
                self.used.add("typed count")
            elif n == 1:
                self.page.locator(f"{row} .step").last.click()
                self.used.add("stepper")
        ready_to_buy(self.page, want)
        self.tap(self.button("buy"))

    def build(self, fact):
        chosen = []
        for city in fact["cities"]:
            chosen.append(city)
            self.tap(city_option(self.page, chosen))
        self.page.evaluate("() => scrollTo(0, 0)")
        if (where := self.page.evaluate(ON_SCREEN_JS, "#input .actions button.big")) is not None:
            self.problems.append(f"{fact}: Build off screen ({where})")
        self.tap(self.button("build"))
        self.used.add("build by tapping")

    def power(self, fact):
        form = self.page.locator(f"#input form.power:has(input[name=player][value='{fact['player']}'])")
        for box in form.locator("input[name=plants]").all():
            if box.is_checked() != (int(box.get_attribute("value")) in fact.get("plants", [])):
                self.tap(box)                                    # the form previews on change
        mix = form.locator("select[name^=burn_]")
        if mix.count() and mix.first.locator("option").count() > 2:
            # a hybrid's mix chosen, then "coal first" again: the fact stays as recorded
            swap(self.page, lambda: mix.first.select_option(index=2))
            swap(self.page, lambda: form.locator("select[name^=burn_]").first.select_option(index=0))
            self.used.add("hybrid mix")
        if "cities" in fact:
            form.locator("input[name=powered]").fill(str(fact["cities"]))
            self.used.add("typed cities")
        self.tap(form.locator("button.big"))
        self.used.add("power")


def test_a_recorded_game_is_played_with_a_phone_per_seat_and_the_tablet(server, browser):
    lines = [line for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]
    setup, facts = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    names = [p["name"] for p in setup["players"]]
    problems: list = []
    contexts = []
    try:
        context = browser.new_context(locale=LOCALES["ja"], viewport={"width": 1024, "height": 768}, has_touch=True)
        contexts.append(context)
        tablet_page = context.new_page()
        url = import_log(tablet_page, server, lines[0] + "\n")
        tablet_page.goto(url + "join")
        links = tablet_page.locator(".seat-link code").all_inner_texts()
        tablet_page.goto(url)
        tablet = Device(tablet_page, "table", problems)
        phones = {}
        for n, name in enumerate(names):
            lang = ("ja", "zh-Hant")[n % 2]
            context = browser.new_context(locale=LOCALES[lang], viewport=PHONE, has_touch=True, is_mobile=True)
            context.set_default_timeout(30_000)
            contexts.append(context)
            page = context.new_page()
            page.goto(links[n])
            assert page.locator("html").get_attribute("lang") == lang
            phones[name] = Device(page, "seat", problems)

        game = Game(setup)
        for seq, fact in enumerate(facts):
            own = bool(fact.get("player")) and fact["type"] in legal.own_facts(game.state["next"], fact["player"])
            device = phones[fact["player"]] if own else tablet
            device.at(seq)
            device.enter(fact)
            game.play(fact)
            device.at(seq + 1)
            assert not problems, problems
        for device in [tablet, *phones.values()]:
            device.at(len(facts))
        assert game.state["phase"] == "over" and tablet.page.locator("#end").count() == 1
        used = set().union(*(p.used for p in phones.values()))
        assert {"nominate", "bid", "pass", "discard", "stepper", "typed count", "build by tapping", "power",
                "typed cities", "hybrid mix"} <= used, used
        assert not problems, problems
    finally:
        for context in contexts:
            context.close()
