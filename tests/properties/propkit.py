"""Random legal Power Grid games for the property tests.

`Run` plays a game from its setup to the end, choosing every fact from `state["next"]` with
hypothesis draws (`Choices`), and checks `check_invariants` after every accepted entry. About seven
facts in ten come from a small sensible bot (so games progress and end); the rest are random legal
choices within the offered bounds. The all-zero draw sequence is the pure bot game. A fact within
the bounds `state["next"]` offers (`within_offer`) must be accepted.

`known_illegal` builds actions that the rules certainly forbid in the current state; `junk` builds
malformed entries that the engine must refuse (or, if it accepts them, leave a consistent state).
"""
import json
import os
import tempfile
from collections import Counter

from hypothesis import HealthCheck, Phase, event, note, settings, strategies as st

from referee.game import Game, replay
from referee.rules import engine, map_setup, plant_market, prepared, resources
from referee.rules.cards import number, rank, ranked
from referee.rules.context import RESOURCES, STEP3
from referee.rules.errors import IllegalAction
from referee.rules.state import houses_in
from mapkit import board_setup

SCALE = int(os.environ.get("REFEREE_PROPERTY_SCALE", "1"))  # e.g. 20 for a long hunt (~15 min)


def games(n):
    # no shrinking: a game is hundreds of draws and shrinking one takes minutes; a failure notes
    # the path of its log (JSON Lines) instead, which `referee replay` plays up to the bad entry.
    return settings(max_examples=n * SCALE, deadline=None, print_blob=True,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.large_base_example])


BOX = {"coal": 24, "oil": 24, "garbage": 24, "uranium": 12}
MAX_ENTRIES = 4000  # a game not over after this many entries is not progressing


def dumps(state) -> str:
    return json.dumps(state, sort_keys=True)


class Choices:
    """Every choice is a hypothesis draw; 0 is always the bot's (or the simplest) choice."""

    def __init__(self, data):
        self.data = data

    def int(self, lo: int, hi: int) -> int:
        return lo if hi <= lo else self.data.draw(st.integers(lo, hi))

    def pick(self, seq):
        seq = list(seq)
        return seq[self.int(0, len(seq) - 1)]

    def one_in(self, n: int) -> bool:
        return self.int(0, n - 1) == n - 1

    def some(self, seq, most: int) -> list:
        """1..most distinct items of seq, in seq's order."""
        seq = list(seq)
        k = self.int(1, min(most, len(seq)))
        chosen = set()
        while len(chosen) < k:
            chosen.add(self.int(0, len(seq) - 1))
        return [seq[i] for i in sorted(chosen)]


# --------------------------------------------------------------------------- invariants

def plant_places(state) -> list:
    """Every plant number where the state keeps it: market, players, removed, the deck's parts,
    and the uranium mines a map keeps apart from the players' plants (Australia)."""
    deck = state["deck"]
    places = [c for c in state["market"] if c != STEP3]
    places += [pl["number"] for p in state["players"].values() for pl in p["plants"]]
    places += [n for mines in state.get("map", {}).get("mines", {}).values() for n in mines]
    places += state.get("map", {}).get("trust", {}).get("plants", [])   # Recharged's Trust (2 players)
    places += state["removed"] + deck["unseen"] + deck["under"] + (deck["shuffled"] or []) + deck.get("aside", [])
    return places


def check_invariants(state: dict, ctx) -> None:
    ed = ctx.edition
    players = state["players"]
    res = state["resources"]

    # every cube is somewhere, never a negative count
    for r in RESOURCES:
        on_plants = 0
        for p in players.values():
            for pl in p["plants"]:
                n = pl["stored"].get(r, 0)
                assert isinstance(n, int) and n >= 0, (pl, r)
                on_plants += n
        on_plants += state.get("map", {}).get("trust", {}).get("fuel", {}).get(r, 0)   # the Trust's, till phase 5
        market, supply = res["market"][r], res["supply"][r]
        assert 0 <= market <= len(ed.market_slots[r]), (r, market)
        others = [m for m in resources.markets(state, ctx)   # Korea's North (not Recharged USA's coal storage,
                  if m.counts is not res["market"] and m.name is not None]   # offered as the board's market)
        assert all(0 <= m.counts[r] <= len(m.slots[r]) for m in others), (r, others)
        market += sum(m.counts[r] for m in others)
        assert supply >= 0, (r, supply)
        assert market + supply + on_plants == ed.totals[r], (r, market, supply, on_plants)

    # money, houses, cities
    in_play = ctx.map.cities_in(ctx.areas)
    houses = Counter()
    for name, p in players.items():
        assert isinstance(p["money"], int) and p["money"] >= 0, (name, p["money"])
        assert len(set(p["cities"])) == len(p["cities"]), (name, "two houses in one city", p["cities"])
        assert set(p["cities"]) <= in_play, (name, set(p["cities"]) - in_play)
        houses.update(p["cities"])
        if ctx.short_game:
            assert len(p["cities"]) <= ctx.end_cities, (name, len(p["cities"]))
    assert state["step"] in (1, 2, 3)
    if ctx.short_game:  # "Step 1 only"
        assert state["step"] == 1 and not state["step2_started"], state["step"]
    # the Trust's six starting houses (Recharged); its blocking houses stand on the 15 space beyond the Step's
    houses.update(state.get("map", {}).get("trust", {}).get("cities", [])[:6])
    trust = state.get("map", {}).get("trust")
    if trust is not None:   # 16 houses: its cities, its supply and those on marked start cities' 15 spaces
        assert len(trust["cities"]) + trust["supply"] + len(trust.get("reserved", ())) == 16, trust
    marks = state.get("map", {}).get("start_cities", {})   # Recharged's experienced start (digest §6)
    for name, city in marks.items():
        if players[name]["cities"]:
            assert city in players[name]["cities"], (name, "first house not in the marked city", city)
        if state["step"] == 1 and not state["step2_started"]:
            assert all(city not in p["cities"] for n, p in players.items() if n != name), (city, "another's mark")
    for city, n in houses.items():
        assert n <= ctx.map.open_spaces(city, state["step"]), (city, n, "houses in Step", state["step"])
    assert sorted(state["order"]) == sorted(players)

    # plants: the limit once no discard is pending; stored cubes of the right kind, within 2x burns
    discard_pending = any(t["task"] == "discard" for t in state["queue"])
    for name, p in players.items():
        limit = ctx.max_plants + (1 if discard_pending else 0)
        assert len(p["plants"]) <= limit, (name, [pl["number"] for pl in p["plants"]], state["queue"])
        for pl in p["plants"]:
            spec = ctx.plant(pl["number"])
            one_run = getattr(spec, "printed", None) is not None   # India's garbage plants store one run
            assert spec.capacity == (spec.burns if one_run else 2 * spec.burns)
            assert set(pl["stored"]) <= set(spec.accepts), (name, pl, spec.accepts)
            assert all(n > 0 for n in pl["stored"].values()), pl
            assert sum(pl["stored"].values()) <= spec.capacity, (name, pl, spec.burns)
    if not discard_pending:
        assert all(len(p["plants"]) <= ctx.max_plants for p in players.values())

    # the plant market: sorted, Step 3 card last, nothing owned or removed; each plant in one place
    market = state["market"]
    plants = [c for c in market if c != STEP3]
    assert plants == ranked(plants), market
    assert market.count(STEP3) <= 1 and (STEP3 not in market or market[-1] == STEP3), market
    owned = {pl["number"] for p in players.values() for pl in p["plants"]}
    assert not owned & set(plants), (owned & set(plants))
    assert not set(state["removed"]) & set(plants), (set(state["removed"]) & set(plants))
    places = plant_places(state)
    twice = [n for n, k in Counter(places).items() if k > 1]
    assert not twice, ("plants in two places", twice)
    assert set(places) == set(ctx.plants), set(ctx.plants) ^ set(places)
    deck = state["deck"]
    in_deck = prepared.unseen_in_deck(deck) if "prepared" in deck else deck["above"]
    assert len(deck["unseen"]) - in_deck == deck["removed_unseen"], deck
    assert deck["top"] is None or deck["top"] in deck["unseen"]
    if STEP3 in market:
        assert deck["step3_drawn"] and state["phase"] == "auction"
    if not state["queue"]:  # at rest, no market plant is at or below the most cities anyone has (the map's count)
        most = plant_market.low_cities(state, ctx)
        assert most is None or all(number(n) > most for n in plants), (plants, most)
    if not state["queue"] and state["phase"] != "over" and not state["end_reached"]:
        # 8 cards (the Step 3 card among them while it waits in an auction) until Step 3 leaves 6;
        # the short game sets the Step 3 card aside and keeps 8; an empty deck lets the market shrink
        exhausted = deck["step3_drawn"] and not deck["shuffled"] and not deck.get("hidden")
        full = len(map_setup.market(ctx))
        size = full if (ctx.short_game or not deck["step3_drawn"] or STEP3 in market) else full - 2
        if any(rule.__name__.endswith(".china_market") for rule, _ in ctx.rules):   # no future market
            china_market_size(state, ctx, len(plants), exhausted)
        else:
            assert len(market) == size or (exhausted and len(market) < size), (market, size)

    if state["phase"] == "over":
        winners = state["result"]["winners"]
        assert winners and set(winners) <= set(players)
        assert state["next"]["actions"] == []


def china_market_size(state, ctx, size, exhausted) -> None:
    """China (seed 001 中国): one plant per player in round 1, bought without replacement; from then on
    players − 1 (2 with two players) after each phase 5, fewer as plants are bought; 4 in Step 3 (the
    Step 3 card can come up at the Step 2 draw, so the first Step 3 phase 5 may start with fewer)."""
    n = ctx.players
    if state["step"] == 3:
        assert size <= 4 and (size == 4 or exhausted or state["phase"] == "bureaucracy"), (state["market"], "Step 3")
        return
    target = 2 if n == 2 else n - 1
    if state["round"] == 1:
        assert size <= n, state["market"]
    elif state["phase"] == "auction" and state["auction"]["sales"] == 0 and state["auction"]["lot"] is None:
        assert size == target, (state["market"], target)
    else:
        assert size <= target, (state["market"], target)


# --------------------------------------------------------------------------- choosing facts

def powers(ctx, numbers) -> int:
    return sum(ctx.plant(n).powers for n in numbers)


def candidates(state: dict, ctx, ch: Choices) -> list:
    """Facts to try in order; the last one is always legal."""
    nxt = state["next"]
    acts = nxt["actions"]
    first = acts[0]
    if first["type"] == "draw":
        return [{"type": "draw", "card": ch.pick(first["possible"])}]
    if first["type"] == "start_city":   # Recharged's experienced start: a city of the offer
        return [{"type": "start_city", "player": first["player"], "city": ch.pick(first["cities"])}]
    bot = ch.int(0, 9) < 7
    if first["type"] == "discard":
        who, offer = first["player"], first["plants"]
        if bot:
            return [{"type": "discard", "player": who, "plant": min(offer, key=rank)}]
        plant = ch.pick(offer)
        fallback = {"type": "discard", "player": who, "plant": plant}
        stored = next(pl["stored"] for pl in state["players"][who]["plants"] if pl["number"] == plant)
        if stored and ch.one_in(2):
            keep = {r: ch.int(0, n) for r, n in stored.items()}
            return [dict(fallback, keep=keep), fallback]
        return [fallback]
    return PHASES[nxt["phase"]](state, ctx, ch, bot, acts)


def _auction(state, ctx, ch, bot, acts):
    by = {a["type"]: a for a in acts}
    if "pass_bid" in by:
        who = by["pass_bid"]["player"]
        fold = {"type": "pass_bid", "player": who}
        bid = by.get("bid")
        if bid is None:
            return [fold]
        p = state["players"][who]
        lot = state["auction"]["lot"]
        best = max((number(pl["number"]) for pl in p["plants"]), default=0)
        if bot:
            if number(lot["plant"]) > best and bid["min"] <= number(lot["plant"]) + 4 and p["money"] >= bid["min"] + 15:
                return [{"type": "bid", "player": who, "amount": bid["min"]}, fold]
            return [fold]
        if ch.one_in(2):
            return [fold]
        top = bid["max"] if ch.one_in(8) else min(bid["max"], bid["min"] + 10)
        return [{"type": "bid", "player": who, "amount": ch.int(bid["min"], top)}, fold]

    nom = by["nominate"]
    who, offer, money = nom["player"], nom["plants"], nom["max"]
    fallback = ({"type": "pass", "player": who} if "pass" in by else
                {"type": "nominate", "player": who, "plant": offer[0]})
    if bot:  # buys a plant when short of capacity, keeping money to build
        p = state["players"][who]
        mine = [pl["number"] for pl in p["plants"]]
        capacity = powers(ctx, mine)
        weakest = min((ctx.plant(n).powers for n in mine), default=0)
        reserve = 0 if state["round"] == 1 else 10 + 5 * len(mine)
        short = not mine or capacity < len(p["cities"]) + 2
        good = [n for n in offer if number(n) + reserve <= money and short
                and (len(mine) < ctx.max_plants or ctx.plant(n).powers > weakest)]
        if good:
            top = max(good, key=rank)
            return [{"type": "nominate", "player": who, "plant": top, "bid": number(top)}, fallback]
        return [fallback]
    kinds = [k for k in ("nominate", "pass", "sold") if k in by and not (k == "nominate" and not offer)]
    kind = ch.pick(kinds)
    if kind == "nominate":
        plant = ch.pick(offer)
        return [{"type": "nominate", "player": who, "plant": plant,
                 "bid": ch.int(number(plant), min(money, number(plant) + 10))}, fallback]
    if kind == "sold":
        sold = by["sold"]
        refused = sold.get("refused", {})   # plants a map rule forbids to a player (uranium ban)
        buyers = [n for n in sold["players"] if any(number(pl) <= state["players"][n]["money"]
                                                    and pl not in refused.get(n, [])
                                                    for pl in sold["plants"])]
        if buyers:
            name = ch.pick(buyers)
            cash = state["players"][name]["money"]
            plant = ch.pick([pl for pl in sold["plants"] if number(pl) <= cash and pl not in refused.get(name, [])])
            return [{"type": "sold", "player": name, "plant": plant,
                     "price": ch.int(number(plant), min(cash, number(plant) + 10))}, fallback]
    return [fallback]


def _resources(state, ctx, ch, bot, acts):
    buy = acts[0]
    who, declared = buy["player"], {}
    if "markets" in buy:   # Korea: declare one market and buy from it alone
        market = ch.pick(sorted(buy["markets"]))
        buy, declared = buy["markets"][market], {"market": market}
    most = buy["max"]
    fallback = {"type": "pass", "player": who}
    if bot:
        want = dict.fromkeys(RESOURCES, 0)
        for pl in state["players"][who]["plants"]:
            spec = ctx.plant(pl["number"])
            missing = spec.burns - sum(pl["stored"].values())
            if missing > 0 and spec.accepts:
                cheap = [r for r in spec.accepts if buy["cheapest"][r] is not None]
                if cheap:
                    want[min(cheap, key=lambda r: buy["cheapest"][r])] += missing
        amounts = {r: min(n, most[r]) for r, n in want.items() if min(n, most[r])}
    else:
        amounts = {r: ch.int(0, n) for r, n in most.items() if n and ch.one_in(2)}
        amounts = {r: n for r, n in amounts.items() if n}
    tries = []
    while any(amounts.values()):
        tries.append({"type": "buy", "player": who, **amounts, **declared})
        amounts = {r: n // 2 for r, n in amounts.items() if n // 2}
    return tries + [fallback]


def _building(state, ctx, ch, bot, acts):
    build = acts[0]
    who, offer, money = build["player"], build["cities"], build["money"]
    fallback = {"type": "pass", "player": who}
    if not offer:
        return [fallback]
    if bot:
        owned = len(state["players"][who]["cities"])
        budget, chosen = money - (0 if owned == 0 else 10), []
        for o in offer[:3]:
            if o["cost"] > budget:
                break
            budget -= o["cost"]
            chosen.append(o["city"])
    else:
        if ch.one_in(6):
            return [fallback]
        chosen = [o["city"] for o in ch.some(offer, 3)]
    second = [{"type": "build", "player": who, "cities": [o["city"]], "new_network": o["city"]}
              for o in build.get("new_network", ())[:1] if ch.one_in(3)]   # Japan: a second network
    return second + [{"type": "build", "player": who, "cities": chosen[:k]} for k in range(len(chosen), 0, -1)] + [fallback]


def _bureaucracy(state, ctx, ch, bot, acts):
    act = acts[0] if bot else ch.pick(acts)
    who, proposal = act["player"], act["proposal"]
    full = {"type": "power", "player": who, "plants": proposal["plants"], "cities": proposal["cities"]}
    if bot:
        return [full]
    style = ch.int(0, 3)
    if style == 1:
        return [{"type": "power", "player": who}]
    if style == 2:
        plants = ch.some(proposal["plants"], 4) if proposal["plants"] and not ch.one_in(4) else []
        can = min(len(state["players"][who]["cities"]), powers(ctx, plants))
        return [{"type": "power", "player": who, "plants": plants, "cities": ch.int(0, can)}, full]
    if style == 3:
        return [{"type": "power", "player": who, "plants": proposal["plants"],
                 "cities": ch.int(0, proposal["cities"])}, full]   # fewer may be refused (India's duty)
    return [full]


PHASES = {"auction": _auction, "resources": _resources, "building": _building, "bureaucracy": _bureaucracy}


def within_offer(state: dict, ctx, entry: dict) -> bool:
    """Whether state["next"] promises this fact is legal: it is within the bounds offered there."""
    kind, who = entry.get("type"), entry.get("player")
    for act in state["next"]["actions"]:
        t = act["type"]
        if kind == "draw" == t:
            return entry["card"] in act["possible"]
        if kind == "start_city" == t:
            return who == act["player"] and entry["city"] in act["cities"]
        if kind == "discard" == t:
            return "keep" not in entry and who == act["player"] and entry["plant"] in act["plants"]
        if kind == t == "bid" and who == act["player"]:
            return act["min"] <= entry["amount"] <= act["max"]
        if kind == t == "nominate" and who == act["player"]:
            least = number(entry["plant"])
            return entry["plant"] in act["plants"] and least <= entry.get("bid", least) <= act["max"]
        if kind == t == "sold" and who in act["players"]:
            cash = state["players"][who]["money"]
            return (entry["plant"] in act["plants"] and entry["plant"] not in act.get("refused", {}).get(who, [])
                    and number(entry["plant"]) <= entry["price"] <= cash)
        if kind == t and kind in ("pass_bid", "pass") and who == act["player"]:
            return True
        if kind == t == "buy" and who == act["player"]:
            amounts = {r: entry.get(r, 0) for r in RESOURCES}
            bounds = act["markets"].get(entry.get("market")) if "markets" in act else act   # Korea: the one declared
            return (bounds is not None and ("markets" in act or "market" not in entry)
                    and sum(1 for n in amounts.values() if n) <= 1
                    and all(n <= bounds["max"][r] for r, n in amounts.items()))
        if kind == t == "build" and who == act["player"]:
            cost = {o["city"]: o["cost"] for o in act["cities"]}
            room = ctx.end_cities - len(state["players"][who]["cities"]) if ctx.short_game else len(cost)
            # with a network, a set costs at most the sum of its single costs (a star is a spanning
            # tree); from an empty network only a single first city is promised
            networked = bool(state["players"][who]["cities"]) or len(entry["cities"]) == 1
            # a city marked new_network begins a network (British Isles' link): one at a time is promised
            starts = sum(1 for o in act["cities"] if o.get("new_network") and o["city"] in entry["cities"])
            if "new_network" in entry:   # Japan: a second network named by the fact, its city alone
                return entry["cities"] == [entry["new_network"]] and any(
                    o["city"] == entry["new_network"] and o["cost"] <= act["money"] for o in act.get("new_network", ()))
            return (networked and starts <= 1 and all(c in cost for c in entry["cities"])
                    and len(entry["cities"]) <= room and sum(cost[c] for c in entry["cities"]) <= act["money"])
        if kind == t == "power" and who == act["player"]:
            plants = entry.get("plants", act["proposal"]["plants"])
            can = min(len(state["players"][who]["cities"]), powers(ctx, plants))
            least = act.get("min_cities", 0)   # India's duty to power as many as possible
            return set(plants) <= set(act["proposal"]["plants"]) and least <= entry.get("cities", can) <= can
    return False


def random_move(state, ch) -> dict | None:
    """A cube move between two of one player's plants (legal or not)."""
    holders = [(n, p) for n, p in state["players"].items() if any(pl["stored"] for pl in p["plants"])]
    if not holders:
        return None
    name, p = ch.pick(holders)
    src = ch.pick([pl for pl in p["plants"] if pl["stored"]])
    r = ch.pick(sorted(src["stored"]))
    dst = ch.pick([pl for pl in p["plants"] if pl is not src] or [src])
    return {"type": "move", "player": name,
            "moves": [{"from": src["number"], "to": dst["number"], "resource": r,
                       "count": ch.int(1, src["stored"][r])}]}


# --------------------------------------------------------------------------- a game being played

class Run:
    """A game driven to its end; every accepted entry is checked, every refused one changes nothing."""

    def __init__(self, data, players: int, board: str, setup: dict | None = None, **extra):
        self.ch = Choices(data)
        self.setup = setup or board_setup(players, board, **extra)
        self.game = Game(self.setup)
        self.snapshots = [dumps(self.game.state)]  # after each effective fact, kept independently
        self.redoable = []                          # snapshots of undone facts, most recent last
        self.entries = 0
        check_invariants(self.game.state, self.ctx)

    @property
    def state(self):
        return self.game.state

    @property
    def ctx(self):
        return self.game.ctx

    def over(self) -> bool:
        return self.state["phase"] == "over"

    def attempt(self, entry: dict) -> bool:
        """Play an entry; False if refused (then nothing changed). Non-IllegalAction errors propagate."""
        before, logged = dumps(self.state), len(self.game.log)
        try:
            self.game.play(entry)
        except IllegalAction as e:
            assert isinstance(e.message, str) and e.message, entry
            assert dumps(self.state) == before, ("a refused entry changed the state", entry)
            assert len(self.game.log) == logged, ("a refused entry was logged", entry)
            return False
        self.entries += 1
        check_invariants(self.state, self.ctx)
        kind = entry.get("type")
        if kind == "undo":
            self.redoable.append(self.snapshots.pop())
        elif kind == "redo":
            self.snapshots.append(self.redoable.pop())
        elif kind == "correct":
            self.redoable = []
            self.snapshots[entry["fact"]:] = [dumps(s) for s in self.game.states[entry["fact"]:]]
        else:
            self.redoable = []
            self.snapshots.append(dumps(self.state))
        assert self.snapshots[-1] == dumps(self.state)
        return True

    def refuse(self, entry: dict, why: str = "") -> IllegalAction:
        """The entry must be refused with a typed error, leaving state and log untouched."""
        before, logged = dumps(self.state), len(self.game.log)
        try:
            self.game.play(entry)
        except IllegalAction as e:
            assert isinstance(e.message, str) and e.message
            assert e.to_json()["error"] == e.code
            assert dumps(self.state) == before, ("a refused entry changed the state", why, entry)
            assert len(self.game.log) == logged
            return e
        raise AssertionError(f"illegal entry accepted ({why}): {entry}")

    def step(self) -> dict:
        """One legal fact chosen from state['next']."""
        if self.state["next"]["anytime"] and self.ch.one_in(10):
            move = random_move(self.state, self.ch)
            if move:
                self.attempt(move)
        for entry in candidates(self.state, self.ctx, self.ch):
            promised = within_offer(self.state, self.ctx, entry)
            if self.attempt(entry):
                return entry
            assert not promised, ("a fact within state['next']'s bounds was refused", entry, self.state["next"])
        raise AssertionError(f"no candidate accepted at {self.state['next']}")

    def play(self, before_each=None):
        """Play to the end; before_each(run) may add checks or entries before every fact."""
        try:
            while not self.over():
                assert self.entries < MAX_ENTRIES, "the game is not progressing"
                if before_each:
                    before_each(self)
                    if self.over():
                        break
                self.step()
            check_invariants(self.state, self.ctx)
            self.report()
        except BaseException:
            self.dump("failed")
            raise
        return self

    def report(self):
        """Hypothesis statistics (--hypothesis-show-statistics): which rulings the games reached."""
        seen = {e["type"] for events in self.game.events for e in events}
        for ruling in ("step2", "step3", "step3_card", "step3_coming", "step3_card_set_aside", "plant_discarded",
                       "no_draw", "setup_removals_known", "plant_removed"):
            if ruling in seen:
                event(f"ruling {ruling}")
        if self.state["result"]["tie_breaks"]:
            event("winner by tie-break")
        if self.state["deck"]["step3_drawn"] and not self.state["deck"]["shuffled"]:
            event("deck exhausted")

    def dump(self, why: str) -> str:
        fd, path = tempfile.mkstemp(prefix=f"referee-{why}-", suffix=".jsonl")
        with os.fdopen(fd, "w") as f:
            for entry in [self.setup] + self.game.log:
                f.write(json.dumps(entry) + "\n")
        note(f"game log so far ({len(self.game.log)} entries): {path}")
        return path

    # ----- checks on the log

    def replayed_state(self) -> str:
        lines = [json.dumps(self.setup)] + [json.dumps(e) for e in self.game.log]
        return dumps(replay(lines).state)

    def check_replay(self):
        assert self.replayed_state() == dumps(self.state), "replaying the log gives another state"
        fresh = Game(self.setup)
        for fact in self.game.facts:
            fresh.play(fact)
        assert dumps(fresh.state) == dumps(self.state), "replaying the effective facts gives another state"

    def expected_after(self, facts: list) -> str | None:
        """The state after playing these facts from the setup, or None if one is refused."""
        fresh = Game(self.setup)
        try:
            for fact in facts:
                fresh.play(fact)
        except IllegalAction:
            return None
        return dumps(fresh.state)

    def alternative(self, number: int) -> dict:
        """A legal fact for the state before fact `number` (maybe the same fact)."""
        before = json.loads(self.snapshots[number - 1])
        for entry in candidates(before, self.ctx, self.ch):
            try:
                engine.apply(before, entry, self.ctx)
                return entry
            except IllegalAction:
                continue
        raise AssertionError("no legal alternative")


# --------------------------------------------------------------------------- known-illegal entries

def known_illegal(run: Run) -> list:
    """(why, entry) pairs the rules certainly refuse in the current state."""
    state, ctx, game = run.state, run.ctx, run.game
    names = list(state["players"])
    nxt = state["next"]
    acts = nxt["actions"]
    out = [("unknown type", {"type": "teleport", "player": names[0]}),
           ("no type", {"player": names[0], "plant": 3}),
           ("numeric type", {"type": 7}),
           ("unknown player", {"type": "pass", "player": "Nobody"}),
           ("correct fact 0", {"type": "correct", "fact": 0, "action": {"type": "pass", "player": names[0]}}),
           ("correct past the end", {"type": "correct", "fact": len(game.facts) + 1,
                                     "action": {"type": "pass", "player": names[0]}}),
           ("correct fact as text", {"type": "correct", "fact": "1", "action": {"type": "pass"}}),
           ("correct with a log entry", {"type": "correct", "fact": max(1, len(game.facts)),
                                         "action": {"type": "undo"}}),
           ("move nothing", {"type": "move", "player": names[0], "moves": []}),
           ("move from an unowned plant", {"type": "move", "player": names[0],
                                           "moves": [{"from": 99, "to": 98, "resource": "coal"}]})]
    if not run.redoable:
        out.append(("redo with nothing undone", {"type": "redo"}))
    if not game.facts:
        out.append(("undo at setup", {"type": "undo"}))
    for name, p in state["players"].items():
        if p["plants"]:
            a = p["plants"][0]["number"]
            out += [("move zero cubes", {"type": "move", "player": name,
                                         "moves": [{"from": a, "to": a, "resource": "coal", "count": 0}]}),
                    ("move gold", {"type": "move", "player": name,
                                   "moves": [{"from": a, "to": a, "resource": "gold"}]})]
            break
    if state["phase"] == "over":
        return out + [("after the end", {"type": "pass", "player": names[0]}),
                      ("after the end", {"type": "power", "player": names[0]})]

    first = acts[0]
    if first["type"] == "draw":
        possible = first["possible"]
        seen = [c for c in plant_places(state) if c not in possible] + [99, 2, 0, -1]
        out += [("impossible card", {"type": "draw", "card": c}) for c in seen[:6] if c not in possible]
        # unseen plants that cannot lie there: a back the next card does not show, a card under a known one
        out += [("unseen card the deck cannot hold there", {"type": "draw", "card": c})
                for c in state["deck"]["unseen"] if c not in possible][:3]
        if STEP3 not in possible:
            out.append(("Step 3 card too early", {"type": "draw", "card": "step3"}))
        out += [("card as text", {"type": "draw", "card": str(c)}) for c in possible[:1] if c != STEP3]
        out += [("no card", {"type": "draw"}),
                ("other fact while a card is awaited", {"type": "pass", "player": names[0]}),
                ("discard while a card is awaited", {"type": "discard", "player": names[0], "plant": 3})]
        return out
    if first["type"] == "discard":
        who = first["player"]
        plants = state["players"][who]["plants"]
        newest = plants[-1]["number"]
        other = next(n for n in names if n != who)
        target = plants[0]
        out += [("discard the plant just bought", {"type": "discard", "player": who, "plant": newest}),
                ("discard an unowned plant", {"type": "discard", "player": who, "plant": 99}),
                ("discard by another player", {"type": "discard", "player": other, "plant": target["number"]}),
                ("draw while a discard is awaited", {"type": "draw", "card": 13}),
                ("other fact while a discard is awaited", {"type": "pass", "player": who})]
        for r, n in target["stored"].items():
            out.append(("keep more than was stored", {"type": "discard", "player": who,
                                                      "plant": target["number"], "keep": {r: n + 1}}))
        return out

    out += [("draw with no card awaited", {"type": "draw", "card": 13}),
            ("discard with none awaited", {"type": "discard", "player": names[0], "plant": 3})]
    waiting = nxt["waiting_for"]
    others = [n for n in names if n not in waiting]
    phase = state["phase"]
    if phase != "auction":
        out += [("nominate outside the auction", {"type": "nominate", "player": waiting[0], "plant": 3}),
                ("sold outside the auction", {"type": "sold", "player": waiting[0], "plant": 3, "price": 3}),
                ("bid outside the auction", {"type": "bid", "player": waiting[0], "amount": 99})]
    if phase not in ("resources",):
        out.append(("buy outside phase 3", {"type": "buy", "player": waiting[0], "coal": 1}))
    if phase not in ("building",):
        out.append(("build outside phase 4", {"type": "build", "player": waiting[0], "cities": ["x"]}))
    if phase != "bureaucracy":
        out.append(("power outside phase 5", {"type": "power", "player": waiting[0]}))
    out += ILLEGAL[phase](state, ctx, acts, waiting, others)
    return out


def _illegal_auction(state, ctx, acts, waiting, others):
    by = {a["type"]: a for a in acts}
    names = list(state["players"])
    out = []
    lot = state["auction"]["lot"]
    if lot:
        who = lot["turn"]
        money = state["players"][who]["money"]
        wrong = [n for n in names if n != who]
        out += [("bid by the wrong player", {"type": "bid", "player": w, "amount": lot["bid"] + 1}) for w in wrong[:2]]
        out += [("pass_bid by the wrong player", {"type": "pass_bid", "player": wrong[0]}),
                ("bid not above the current bid", {"type": "bid", "player": who, "amount": lot["bid"]}),
                ("bid above one's money", {"type": "bid", "player": who, "amount": money + 1}),
                ("bid as text", {"type": "bid", "player": who, "amount": str(lot["bid"] + 1)}),
                ("bid as a float", {"type": "bid", "player": who, "amount": lot["bid"] + 1.0}),
                ("bid with no amount", {"type": "bid", "player": who}),
                ("nominate during a lot", {"type": "nominate", "player": who, "plant": lot["plant"]}),
                ("pass the phase during a lot", {"type": "pass", "player": who}),
                ("sold during a lot", {"type": "sold", "player": who, "plant": lot["plant"], "price": money})]
        return out
    nom = by["nominate"]
    who, money = nom["player"], nom["max"]
    current = by["sold"]["plants"]
    future = [c for c in state["market"] if c not in current and c != STEP3]
    owned = [pl["number"] for p in state["players"].values() for pl in p["plants"]]
    wrong = [n for n in names if n != who]
    not_offered = (future + owned + state["removed"])[:3] + [99, 1]
    out += [("nominate a plant not on offer", {"type": "nominate", "player": who, "plant": n}) for n in not_offered]
    out += [("bid with no lot", {"type": "bid", "player": who, "amount": 99}),
            ("pass_bid with no lot", {"type": "pass_bid", "player": who}),
            ("sold a plant not on offer", {"type": "sold", "player": who, "plant": not_offered[0],
                                           "price": 200})]
    if not current:  # Step 3 with the deck and the market exhausted
        return out
    low = current[0]
    out += [("nominate by the wrong player", {"type": "nominate", "player": w, "plant": low}) for w in wrong[:2]]
    out += [("nominate below the minimum", {"type": "nominate", "player": who, "plant": low, "bid": low - 1}),
            ("nominate above one's money", {"type": "nominate", "player": who, "plant": low,
                                            "bid": max(money + 1, low)}),
            ("nominate a plant as text", {"type": "nominate", "player": who, "plant": str(low)}),
            ("sold below the minimum", {"type": "sold", "player": who, "plant": low, "price": low - 1}),
            ("sold above the buyer's money", {"type": "sold", "player": who, "plant": low,
                                              "price": max(money + 1, low)}),
            ("sold price as text", {"type": "sold", "player": who, "plant": low, "price": str(low)})]
    done = [n for n in names if n not in by["sold"]["players"]]
    out += [("sold to a player already done this round", {"type": "sold", "player": d, "plant": low,
                                                           "price": low}) for d in done[:2]]
    if state["round"] == 1:
        out.append(("pass in round 1", {"type": "pass", "player": who}))
    return out


def _illegal_resources(state, ctx, acts, waiting, others):
    buy = acts[0]
    who = buy["player"]
    out = [("buy by the wrong player", {"type": "buy", "player": o, "coal": 0}) for o in others[:2]]
    out += [("pass by the wrong player", {"type": "pass", "player": o}) for o in others[:1]]
    out += [(f"buy more {r} than allowed", {"type": "buy", "player": who, r: n + 1}) for r, n in buy["max"].items()]
    out += [("buy a negative amount", {"type": "buy", "player": who, "oil": -1}),
            ("buy an amount as text", {"type": "buy", "player": who, "coal": "1"}),
            ("buy a float amount", {"type": "buy", "player": who, "garbage": 1.0}),
            ("buy a boolean amount", {"type": "buy", "player": who, "uranium": True})]
    return out


def _illegal_building(state, ctx, acts, waiting, others):
    build = acts[0]
    who, step = build["player"], state["step"]
    p = state["players"][who]
    in_play = sorted(ctx.map.cities_in(ctx.areas))
    offered = [o["city"] for o in build["cities"]]
    out = [("build by the wrong player", {"type": "build", "player": o, "cities": offered[:1] or in_play[:1]})
           for o in others[:2]]
    out += [("pass by the wrong player", {"type": "pass", "player": o}) for o in others[:1]]
    full = [c for c in in_play if houses_in(state, c) >= step and c not in p["cities"]]
    out += [("build in a full city", {"type": "build", "player": who, "cities": [c]}) for c in full[:2]]
    out += [("build again in one's own city", {"type": "build", "player": who, "cities": [c]})
            for c in p["cities"][:2]]
    outside = sorted(set(ctx.map.cities) - set(in_play))
    out += [("build outside the play areas", {"type": "build", "player": who, "cities": [c]}) for c in outside[:2]]
    open_ = [c for c in in_play if houses_in(state, c) < step and c not in p["cities"]]
    out += [("build a city one cannot afford", {"type": "build", "player": who, "cities": [c]})
            for c in open_ if c not in offered][:2]
    out += [("build a city listed twice", {"type": "build", "player": who, "cities": [c, c]}) for c in offered[:1]]
    out += [("build an unknown city", {"type": "build", "player": who, "cities": ["Atlantis"]}),
            ("build with cities as text", {"type": "build", "player": who, "cities": offered[0] if offered else "x"}),
            ("build nothing", {"type": "build", "player": who, "cities": []}),
            ("build with no cities", {"type": "build", "player": who})]
    if ctx.short_game:
        room = ctx.end_cities - len(p["cities"])
        if len(open_) > room:
            out.append(("build past the short game's end", {"type": "build", "player": who,
                                                            "cities": open_[:room + 1]}))
    return out


def _illegal_bureaucracy(state, ctx, acts, waiting, others):
    out = [("power twice in a round", {"type": "power", "player": o}) for o in others[:2]]
    out.append(("pass in phase 5", {"type": "pass", "player": waiting[0]}))
    for act in acts[:2]:
        who, proposal = act["player"], act["proposal"]
        p = state["players"][who]
        out += [("power more cities than possible", {"type": "power", "player": who, "plants": proposal["plants"],
                                                     "cities": proposal["cities"] + 1}),
                ("power a negative number of cities", {"type": "power", "player": who, "cities": -1}),
                ("power cities as text", {"type": "power", "player": who, "cities": "1"}),
                ("fire an unowned plant", {"type": "power", "player": who, "plants": [99]})]
        if p["plants"]:
            n = p["plants"][0]["number"]
            out.append(("fire a plant twice", {"type": "power", "player": who, "plants": [n, n]}))
    return out


ILLEGAL = {"auction": _illegal_auction, "resources": _illegal_resources, "building": _illegal_building,
           "bureaucracy": _illegal_bureaucracy}


# --------------------------------------------------------------------------- malformed entries

TYPES = ["nominate", "bid", "pass_bid", "pass", "sold", "draw", "discard", "buy", "move", "build", "power",
         "undo", "redo", "correct", "setup", "", "PASS", None, 3, ["build"], {"type": "pass"}]
FIELDS = ["player", "plant", "bid", "amount", "price", "card", "cities", "coal", "oil", "garbage", "uranium",
          "plants", "burn", "keep", "moves", "fact", "action"]


def junk_value(run: Run, ch: Choices, depth: int = 0):
    state = run.state
    names = list(state["players"])
    cities = sorted(run.ctx.map.cities_in(run.ctx.areas))
    kind = ch.int(0, 13 if depth < 2 else 10)
    if kind == 0:
        return ch.pick(names)
    if kind == 1:
        return ch.int(-3, 60)
    if kind == 2:
        return ch.pick([None, True, False, "", "step3", "13", "Essen", -0.0, 2.5, 1e308, 10 ** 30])
    if kind == 3:
        return float(ch.int(0, 50))
    if kind == 4:
        return ch.pick(cities)
    if kind == 5:
        return [ch.pick(cities) for _ in range(ch.int(0, 3))]
    if kind == 6:
        return ch.pick([c for c in state["market"]] + [99])
    if kind == 7:
        return str(ch.int(0, 50))
    if kind == 8:
        return [ch.int(0, 50) for _ in range(ch.int(0, 3))]
    if kind == 9:
        return {ch.pick(list(BOX) + ["gold"]): ch.int(-1, 5)}
    if kind == 10:
        return ch.pick(names + ["Nobody", "ann", " Ann"])
    if kind == 11:
        return [{"from": ch.int(0, 50), "to": ch.int(0, 50), "resource": ch.pick(list(BOX)),
                 "count": junk_value(run, ch, depth + 1)}]
    if kind == 12:
        return junk(run, ch, depth + 1)
    return [junk_value(run, ch, depth + 1)]


def junk(run: Run, ch: Choices, depth: int = 0) -> dict:
    """Mostly the right fields of a real type with odd values; sometimes a foreign field or type."""
    if depth == 0 and run.state["next"]["actions"] and ch.one_in(2):  # a legal fact, one field spoilt
        entry = dict(candidates(run.state, run.ctx, ch)[0])
        field = ch.pick(sorted(entry) + FIELDS[:6])
        if ch.one_in(5):
            entry.pop(field, None)
        else:
            entry[field] = junk_value(run, ch, depth + 1)
        return entry
    entry = {}
    if not ch.one_in(12):
        entry["type"] = ch.pick(TYPES)
    kind = entry.get("type")
    fields = list(getattr(engine, "FIELDS", {}).get(kind, ())) if isinstance(kind, str) else []
    if entry.get("type") == "correct":
        fields = ["fact", "action"]
    for _ in range(ch.int(0, 4)):
        field = ch.pick(fields) if fields and not ch.one_in(8) else ch.pick(FIELDS)
        entry[field] = junk_value(run, ch, depth + 1)
    return entry
