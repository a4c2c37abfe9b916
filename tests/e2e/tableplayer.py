"""A person at the tablet: creates a game on the new-game page and plays it through the table page.

It decides only from what the page offers (the enabled plant buttons, which are the plants the
chooser can pay for, the players' plant cards, the steppers, the build suggestions, the power forms) with a simple, deterministic
strategy that ends a 3-player game in about ten rounds:

- auction: the player to choose opens the dearest plant they can pay for, unless they already have
  a full hand that it would not improve; everyone else passes (the very first lot gets one raise,
  the first lot of round 2 is recorded with the quick "sold" form);
- a drawn card: the first card the page offers; a discard: the lowest plant;
- resources: enough cubes for one firing of every plant, fewer if the money does not reach;
- building: the suggestion with the most cities, tapped city by city on the board in odd rounds
  and taken in one tap in even rounds;
- bureaucracy: each player's proposal, as filled in.

Every tap waits for htmx's swap of #table (or a full page load) and fails on an error message.
"""
import re

RESOURCES = ("coal", "oil", "garbage", "uranium")
BUSY = ".htmx-request, .htmx-swapping, .htmx-settling"
START = "form.new-game button.primary[type=submit]"    # "Start the game"


class Refused(AssertionError):
    """The page showed an error where the strategy expected its entry to be accepted."""


def new_game(page, base: str, names, areas, shots=None, board="germany") -> str:
    """Fill in and submit the new-game form (seat order = turn order); returns the table's URL."""
    page.goto(base + "/games/new")
    page.locator(f"input[name=map][value={board}]").check()
    for seat, name in enumerate(names, 1):
        page.fill(f"input[name=name_{seat}]", name)
        page.select_option(f"select[name=position_{seat}]", str(seat))
    # The last name's change event fires when it loses focus; if that happens on the first area's
    # tap, the answer can replace #areas between the press and the release and the tap is lost.
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.wait_for_timeout(450)          # the form's redraw after typing stops (input delay:400ms) goes first
    settled(page)
    for area in areas:
        page.locator(f"#areas label.toggle:has(input[value='{area}'])").click()
        settled(page)
        page.locator(f"#areas input[value='{area}']:checked").wait_for(state="attached")
    page.locator("#areas p.status.ok").wait_for()
    if shots:
        shots("new-game")
    with page.expect_navigation():
        page.locator(START).click()
    page.locator("#table").wait_for()
    return page.url


def show_money(page):
    """The table shows everyone's money (its Show money switch): the strategy decides from what each
    player can pay, which the shared screen offers only then (money is secret otherwise: issue 20)."""
    with page.expect_navigation():
        page.locator("#table .tools button.money-switch").click()
    page.locator("#table .tools button.money-switch.on").wait_for()


def settled(page):
    """Wait until htmx has no request, swap or settle under way."""
    page.wait_for_function(f"() => !document.querySelector('{BUSY}')")


def swap(page, tap):
    """Run tap() (a click that htmx answers by redrawing #table, or #seat on a seat's phone) and wait
    until the new one has settled; Refused if the page shows a new error message instead."""
    root = page.evaluate("""() => {
        const root = document.getElementById('table') || document.getElementById('seat');
        root.dataset.old = '1';
        for (const e of document.querySelectorAll('#message .error')) e.dataset.old = '1';
        return root.id;
    }""")
    tap()
    fresh_error = "#message .error:not([data-old])"
    page.wait_for_function(
        f"() => !document.querySelector('#{root}[data-old]') && !!document.querySelector('#{root}')"
        f" && !document.querySelector('{BUSY}') || !!document.querySelector('{fresh_error}')")
    error = page.locator(fresh_error)
    if error.count():
        raise Refused(error.inner_text())


def ready_to_buy(page, want: dict):
    """Wait until the buy form holds these amounts ({resource: count}) and its button is enabled,
    after the page's preview of the price has come back."""
    page.wait_for_function(
        """([want, busy]) => {
            const form = document.querySelector('#input form.fact:not(.needs):has(input[name=type][value=buy])');
            if (!form || document.querySelector(busy)) return false;
            const ok = Object.entries(want).every(([r, n]) => +form.elements[r].value === n);
            return ok && !form.querySelector('button').disabled;
        }""", arg=[want, BUSY])


def suggested_cities(page) -> list:
    """[[city id, ...] of each one-tap suggestion of the build panel], in the panel's order, once the
    most cities for the money (asked for in its own request when money may be seen) has come."""
    page.wait_for_function(f"() => !document.querySelector('#input .suggestions[hx-get]') "
                           f"&& !document.querySelector('{BUSY}')")
    return page.locator("#input .suggestions form").evaluate_all(
        "fs => fs.map(f => [...f.querySelectorAll('input[name=cities]')].map(i => i.value))")


def city_option(page, cities: list, among="#input .city-options a"):
    """The city link (in the list, or on the board: `among`) whose tap makes the draft exactly these cities."""
    index = page.locator(among).evaluate_all(
        """(as, want) => as.findIndex(a => {
            const got = new URLSearchParams(a.getAttribute('href').split('?')[1]).getAll('cities');
            return got.length === want.length && want.every(c => got.includes(c));
        })""", cities)
    assert index >= 0, f"no city link adds {cities[-1]} to {cities[:-1]}"
    return page.locator(among).nth(index)


class TablePlayer:
    def __init__(self, page, shots=None):
        self.page = page
        self.shots = shots          # shots(name): save a screenshot (or None)
        self.entries = 0            # facts entered
        self.nominations = 0
        self.raised = False         # the first lot got its one raise
        self.sold = False           # a lot was recorded with the quick "sold" form
        self.seen = set()           # input panels already photographed

    # -- reading the page --------------------------------------------------------------------------

    def panel(self) -> str:
        """Which input the table waits for: draw, discard, power, bid, nominate, buy, build or over."""
        return self.page.evaluate("""() => {
            const input = document.querySelector('#input');
            if (!input) return 'over';
            const has = s => !!input.querySelector(s);
            if (has('button[name=card]')) return 'draw';
            if (has('form.discard')) return 'discard';
            if (has('form.power')) return 'power';
            if (has('input[name=type][value=pass_bid]')) return 'bid';
            if (has('form.nominate')) return 'nominate';
            if (has('table.buy')) return 'buy';
            if (has('input[name=type][value=build]')) return 'build';
            return 'unknown';
        }""")

    def round(self) -> int:
        return int(re.search(r"\d+", self.page.locator(".status .where span").first.inner_text())[0])

    def player(self, name: str) -> dict:
        """A player's plants as the players' panel shows them (money is secret on the shared screen)."""
        return self.page.evaluate("""name => {
            const article = [...document.querySelectorAll('.players article.player')]
                .find(a => a.querySelector('header strong').textContent.trim() === name);
            const plants = [...article.querySelectorAll('.card')].map(c => ({
                number: +c.querySelector('.num').textContent,
                fuel: [...c.querySelectorAll('.fuel .cube')].map(i => i.classList[1]),
                burns: +(c.querySelector('.fuel b')?.textContent.replace(/\\D/g, '') || 0),
                stored: c.querySelectorAll('.stored .cube:not(.empty)').length,
            }));
            return {plants};
        }""", name)

    def acting(self, kind: str) -> str:
        return self.page.locator(f"#input form.fact:has(input[name=type][value={kind}]) input[name=player]") \
            .first.get_attribute("value")

    # -- acting ------------------------------------------------------------------------------------

    def tap(self, locator):
        swap(self.page, locator.click)

    def enter(self, locator):
        """Tap a button that sends a fact."""
        self.tap(locator)
        self.entries += 1

    def fact_button(self, kind: str, inside="#input"):
        return self.page.locator(f"{inside} form.fact:not(.suggestion):has(input[name=type][value={kind}]) button")

    def step(self) -> str:
        """Enter one fact (after any draft taps it needs); returns the panel it answered."""
        kind = self.panel()
        if self.shots and kind not in self.seen:
            self.seen.add(kind)
            self.shots(f"input-{kind}")
        getattr(self, kind)()
        return kind

    def play_to_end(self, limit=600):
        """Play until the game is over; returns the facts entered."""
        for _ in range(limit):
            if self.step() == "over":
                return self.entries
        raise AssertionError(f"no winner after {limit} entries")

    def over(self):
        pass

    def unknown(self):
        raise AssertionError("the table page shows no input it knows: " + self.page.locator("#input").inner_text())

    def draw(self):
        self.enter(self.page.locator("#input button[name=card]").first)

    def discard(self):
        buttons = "#input form.discard button[name=plant]"
        lowest = min(self.page.locator(buttons).evaluate_all("bs => bs.map(b => +b.value)"))
        self.enter(self.page.locator(f"{buttons}[value='{lowest}']"))

    def power(self):
        self.enter(self.page.locator("#input form.power button.big").first)

    def bid(self):
        raise_ = self.page.locator("#input form.fact:has(input[name=type][value=bid]) button[name=amount]")
        if self.nominations == 1 and not self.raised and raise_.count():
            self.raised = True
            self.enter(raise_.first)
        else:
            self.enter(self.fact_button("pass_bid"))

    def nominate(self):
        name = self.acting("nominate")
        me = self.player(name)
        offered = self.page.locator("#input form.nominate button[name=plant]:not([disabled])") \
            .evaluate_all("bs => bs.map(b => +b.value)")
        affordable = offered        # the engine offers only plants the chooser can pay for
        own = [p["number"] for p in me["plants"]]
        can_pass = self.fact_button("pass").count() > 0
        if not affordable or (can_pass and len(own) >= 3 and max(affordable) <= min(own)):
            self.enter(self.fact_button("pass"))
            return
        plant = max(affordable)
        self.nominations += 1
        if self.round() == 2 and not self.sold:
            self.sold = True
            self.record_sale(name, plant)
        else:
            self.enter(self.page.locator(f"#input form.nominate button[name=plant][value='{plant}']"))

    def record_sale(self, name: str, plant: int):
        """The auction was run at the table: record who bought which plant for how much."""
        page = self.page
        if page.locator("#input details.quick[open]").count() == 0:
            page.locator("#input details.quick summary").click()
        form = page.locator("#input form.sold")
        form.locator(f"input[name=player][value='{name}']").check()
        form.locator(f"input[name=plant][value='{plant}']").check()
        form.locator("input[name=price]").fill(str(plant))
        self.enter(form.locator("button"))

    def buy(self):
        name = self.acting("buy")
        rows = {r: self.page.locator(f"#input table.buy tr:nth-child({i})") for i, r in enumerate(RESOURCES, 1)}
        need = dict.fromkeys(RESOURCES, 0)
        for plant in self.player(name)["plants"]:
            if not plant["fuel"]:
                continue
            fuel = plant["fuel"][0]
            if len(plant["fuel"]) > 1 and not self.can_add(rows[fuel]):
                fuel = plant["fuel"][1]
            need[fuel] += max(0, plant["burns"] - plant["stored"])
        for r, n in need.items():
            for _ in range(n):
                if not self.can_add(rows[r]):
                    break
                self.tap(rows[r].locator("td.stepper a.step").last)
        button = self.page.locator("#input form.fact:not(.needs):has(input[name=type][value=buy]) button")
        while button.is_disabled():
            amounts = {r: int(rows[r].locator("input.count").input_value()) for r in RESOURCES}
            if not any(amounts.values()):
                self.enter(self.fact_button("pass"))
                return
            most = max(amounts, key=amounts.get)
            self.tap(rows[most].locator("td.stepper a.step").first)
        self.enter(button)

    @staticmethod
    def can_add(row) -> bool:
        return row.locator("td.stepper > :last-child").evaluate("e => e.tagName") == "A"

    def build(self):
        page = self.page
        suggested = suggested_cities(page)
        if not suggested:
            self.enter(self.fact_button("pass"))
            return
        best = max(range(len(suggested)), key=lambda i: (len(suggested[i]), i))
        if self.round() % 2 == 0:       # the suggestion itself: built in one tap
            self.enter(page.locator("#input .suggestions form button").nth(best))
            return
        chosen = []
        for city in suggested[best]:
            chosen.append(city)
            self.tap(city_option(page, chosen, "#table .board .targets a"))
        if self.shots and "plan" not in self.seen:
            self.seen.add("plan")
            self.shots("input-build-plan")
        self.enter(self.fact_button("build"))
