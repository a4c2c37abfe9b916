"""Taps and seconds per round: the table page driven in headless Chromium through a recorded game.

Run: python bench/taps.py [--rounds N] [--size 1024x768]

Starts `referee serve --bench` on a free port with a temporary games file, waits for its start-up
work (every shipped board laid out ahead: GET /bench/settled), imports the setup line of
examples/germany-4p.jsonl on the game list, then enters each recorded fact the quickest way the
table page offers, as a person at the tablet would: an auction with bids recorded by its result
("sold": the form opened, the buyer, the plant, the price typed and sent with Enter), a plant card
nobody bid on, a raise button, the drawn card, a suggestion whose cities are the ones built, in
one tap (else the cities one by one and Build), an offer of the cubes bought (else a stepper tap
for one cube, the count typed for more), the referee's power proposals accepted at once when they
are what was powered (else each player's form). A tap is a click on the page; typing a number
counts as one. Each round's seconds run from its first tap to its last answer drawn on screen.
After every entry the page must show the next sequence number, so a page that enters something else
fails the run. Prints one line per round and a last line `round median T taps, S s; 4 players`.
Uses Debian's /usr/bin/chromium, never a downloaded browser.
"""
import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "e2e")]

from chromium import CHROMIUM, device, launch  # noqa: E402
from screens import EXAMPLE, import_log  # noqa: E402
from tableplayer import city_option, ready_to_buy, settled, suggested_cities, swap  # noqa: E402
from webkit import Server, settle  # noqa: E402

RESOURCES = ("coal", "oil", "garbage", "uranium")


class Taps:
    """Enters facts on one table page, counting taps."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.by_kind: dict[str, int] = {}        # taps per kind of entry, over the run
        self.seq = int(page.locator("#table").get_attribute("data-seq"))

    # -- taps --------------------------------------------------------------------------------------

    def swap(self, locator):
        """A tap htmx answers by redrawing the table."""
        self.taps += 1
        swap(self.page, locator.click)

    def local(self, locator):
        """A tap the page answers by itself (it may ask for a preview after the last one)."""
        self.taps += 1
        locator.click()

    def type(self, locator, value):
        self.taps += 1
        locator.fill(str(value))

    def fact_button(self, kind: str):
        return self.page.locator(f"#input form.fact:has(input[name=type][value={kind}]) button").first

    def entered(self, count=1):
        """The entries were taken: the table is that many sequence numbers further."""
        self.seq += count
        got = int(self.page.locator("#table").get_attribute("data-seq"))
        assert got == self.seq, f"the page is at {got}, not {self.seq}: " + self.page.locator("#message").inner_text()

    # -- facts -------------------------------------------------------------------------------------

    def enter(self, fact: dict, rest: list):
        """Enter one fact; returns how many of the following facts it entered too (one-tap power)."""
        before = self.taps
        more = getattr(self, "pass_" if fact["type"] == "pass" else fact["type"])(fact, rest) or 0
        self.entered(1 + more)
        self.by_kind[fact["type"]] = self.by_kind.get(fact["type"], 0) + self.taps - before
        return more

    def nominate(self, fact, rest):
        if fact.get("bid", fact["plant"]) != fact["plant"]:
            self.type(self.page.locator("#input form.nominate input[name=bid]"), fact["bid"])
        self.swap(self.page.locator(f"#input form.nominate button[name=plant][value='{fact['plant']}']"))

    def bid(self, fact, rest):
        quick = self.page.locator(f"#input button[name=amount][value='{fact['amount']}']")
        if quick.count():
            self.swap(quick.first)
            return
        form = self.page.locator("#input form.typed")
        self.type(form.locator("input[name=amount]"), fact["amount"])
        self.swap(form.locator("button"))

    def pass_bid(self, fact, rest):
        self.swap(self.fact_button("pass_bid"))

    def pass_(self, fact, rest):
        self.swap(self.fact_button("pass"))

    def draw(self, fact, rest):
        self.swap(self.page.locator(f"#input button[name=card][value='{fact['card']}']"))

    def discard(self, fact, rest):
        self.swap(self.page.locator(f"#input form.discard button[name=plant][value='{fact['plant']}']"))

    def buy(self, fact, rest):
        want = {r: fact.get(r, 0) for r in RESOURCES}
        for form in self.page.locator("#input form.needs").all():     # the one-tap offer
            if {r: int(form.locator(f"input[name={r}]").get_attribute("value")) for r in RESOURCES} == want:
                self.swap(form.locator("button"))
                return
        local = self.page.locator("#input table.buy[data-local]").count() > 0
        for r, n in want.items():
            row = f"#input table.buy tr:has(i.cube.{r}) td.stepper"
            if local and n > 1:                          # typed on the keypad: one tap
                self.type(self.page.locator(f"{row} input.count"), n)
                continue
            for _ in range(n):
                (self.local if local else self.swap)(self.page.locator(f"{row} .step").last)
        ready_to_buy(self.page, want)
        self.swap(self.page.locator("#input form.fact:not(.needs):has(input[name=type][value=buy]) button"))

    def sold(self, fact, rest):
        """An auction run at the table, recorded as its result: open the form, the buyer (unless
        already chosen), the plant, the price typed and sent with the keyboard's Enter."""
        quick = self.page.locator("#input details.quick")
        if quick.get_attribute("open") is None:
            self.local(quick.locator("summary"))
        form = self.page.locator("#input form.sold")
        buyer = form.locator(f"input[name=player][value='{fact['player']}']")
        if not buyer.is_checked():
            self.local(buyer)
        self.local(form.locator(f"input[name=plant][value='{fact['plant']}']"))
        price = form.locator("input[name=price]")
        self.taps += 1
        price.fill(str(fact["price"]))
        swap(self.page, lambda: price.press("Enter"))

    def build(self, fact, rest):
        want = list(fact["cities"])
        suggested = suggested_cities(self.page)
        match = [i for i, cities in enumerate(suggested) if sorted(cities) == sorted(want)]
        if match and not fact.get("in_order"):       # a suggestion builds in one tap
            self.swap(self.page.locator("#input .suggestions form button").nth(match[0]))
            return
        chosen = []
        for city in want:
            chosen.append(city)
            self.swap(city_option(self.page, chosen))
        if fact.get("in_order"):
            self.swap(self.page.locator("#input form.fact:has(input[name=in_order]) button"))
        else:
            self.swap(self.fact_button("build"))

    def power(self, fact, rest):
        together = [fact] + rest[:self.page.locator("#input form.power").count() - 1]
        accept = self.page.locator("#input form.power-all button")
        if accept.count() and all(self.proposed(f) for f in together):
            self.swap(accept)
            return len(together) - 1
        form = self.page.locator(f"#input form.power:has(input[name=player][value='{fact['player']}'])")
        for box in form.locator("input[name=plants]").all():
            if box.is_checked() != (int(box.get_attribute("value")) in fact.get("plants", [])):
                self.swap(box)       # the form previews on change
        if "cities" in fact and not self.proposed(fact):
            self.type(form.locator("input[name=powered]"), fact["cities"])
        self.swap(form.locator("button.big"))

    def proposed(self, fact) -> bool:
        """The fact is what the page proposes for that player (the plants checked, as many cities as they power)."""
        return self.page.evaluate(
            """fact => {
                const form = [...document.querySelectorAll('#input form.power')]
                    .find(f => f.elements.player.value === fact.player);
                if (!form) return false;
                const fired = [...form.querySelectorAll('input[name=plants]:checked')].map(b => +b.value).sort();
                const want = [...(fact.plants || [])].sort();
                const most = +((form.querySelector('.total').textContent.match(/\\d+/) || [-1])[0]);
                return JSON.stringify(fired) === JSON.stringify(want) && (fact.cities === undefined || fact.cities === most);
            }""", fact)


def entries_of(setup: dict, facts: list) -> list:
    """The facts as a table enters them: an auction with bids is recorded as its result (`sold`:
    who bought which plant for how much); a lot nobody bid on stays as it was (rounds_of checks
    that the game goes as recorded)."""
    from referee.game import Game
    game, out, lot = Game(setup), [], []
    for fact in facts:
        before = game.state
        game.play(fact)
        if fact["type"] in ("nominate", "bid", "pass_bid"):
            lot.append((before, fact))
            if game.state["auction"]["lot"] is None:
                out += collapse(lot, game.state)
                lot = []
        else:
            out.append(fact)
    return out


def collapse(lot: list, after: dict) -> list:
    """A lot's facts, or the one `sold` entry that records its result."""
    first, facts = lot[0][0], [f for _, f in lot]
    if not any(f["type"] == "bid" for f in facts) and len(facts) <= 4:
        return facts
    plant = facts[0]["plant"]
    buyer = next(n for n, p in after["players"].items() if plant in [pl["number"] for pl in p["plants"]]
                 and plant not in [pl["number"] for pl in first["players"][n]["plants"]])
    price = first["players"][buyer]["money"] - after["players"][buyer]["money"]
    return [{"type": "sold", "player": buyer, "plant": plant, "price": price}]


def rounds_of(setup: dict, entries: list, facts: list) -> list:
    """[(round, [entries])], checked: every round begins, and the game ends, as in the recorded game."""
    from referee.game import Game

    def starts(played):
        game, seen = Game(setup), {}
        for entry in played:
            seen.setdefault(game.state["round"], {k: game.state[k] for k in ("players", "market", "resources", "deck")})
            game.play(entry)
        seen["end"] = {k: game.state[k] for k in ("players", "market", "resources", "deck")}
        return seen

    assert starts(entries) == starts(facts), "the entries must play the game as recorded"
    out = []
    game = Game(setup)
    for entry in entries:
        if not out or out[-1][0] != game.state["round"]:
            out.append((game.state["round"], []))
        out[-1][1].append(entry)
        game.play(entry)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    parser.add_argument("--size", default="1024x768", help="the tablet's viewport, WIDTHxHEIGHT")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"needs Debian's Chromium at {CHROMIUM}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    lines = [line for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]
    setup, facts = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    rounds = rounds_of(setup, entries_of(setup, facts), facts)[:args.rounds]
    width, height = (int(n) for n in args.size.split("x"))
    figures = []
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "games.sqlite3", "--bench")
        settle(server.port)         # measured after the server's start-up work (its boards laid out ahead)
        try:
            with sync_playwright() as p:
                browser = launch(p)
                context = device(browser)
                context.set_default_timeout(60_000)
                page = context.new_page()
                page.set_viewport_size({"width": width, "height": height})
                import_log(page, server.url, lines[0] + "\n", "setup.jsonl")
                settled(page)
                taps = Taps(page)
                for number, chunk in rounds:
                    before, start = taps.taps, time.perf_counter()
                    i = 0
                    while i < len(chunk):
                        i += 1 + taps.enter(chunk[i], chunk[i + 1:])
                    seconds = time.perf_counter() - start
                    figures.append((taps.taps - before, seconds))
                    print(f"round {number}: {len(chunk)} facts, {taps.taps - before} taps, {seconds:.1f} s", flush=True)
                browser.close()
        finally:
            server.stop()
    print("taps by entry: " + ", ".join(f"{kind} {n}" for kind, n in sorted(taps.by_kind.items(), key=lambda kv: -kv[1])))
    print(f"round median {statistics.median(t for t, _ in figures)} taps, "
          f"{statistics.median(s for _, s in figures):.1f} s; {len(setup['players'])} players; "
          f"{sum(t for t, _ in figures)} taps in {len(figures)} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
