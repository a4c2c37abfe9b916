"""Record the example games: `python examples/record.py` rewrites examples/*.jsonl.

Each game is played by the referee against simple, sensible players (seeded, so the files come
out the same every time): a player buys a plant when short of capacity, bidding a little over the
minimum for a good one; buys the resources its plants need for the next run; builds the cheapest
one to three cities it can afford while keeping money for resources, and no further ahead of its
capacity than two cities; powers what the referee proposes. The deck is realistic: each card drawn
is chosen at random among the cards that could come up. The files are JSON Lines, the setup first
and one table fact a line, as `referee replay FILE` reads them.
"""
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from referee.game import Game  # noqa: E402
from referee.rules.errors import IllegalAction  # noqa: E402
from referee.rules.power import best  # noqa: E402
from referee.rules.resources import price_of  # noqa: E402
from referee.rules.state import houses_in  # noqa: E402
from referee.rules.storage import alloc_of, specs_of  # noqa: E402

GAMES = {
    "germany-4p.jsonl": {"seed": 1848, "map": "germany", "areas": ["NW", "W", "SW", "E"],
                         "players": [("Anna", "red"), ("Bernd", "blue"), ("Clara", "green"), ("Dieter", "yellow")]},
    "usa-2p.jsonl": {"seed": 1776, "map": "usa", "areas": ["NE", "SE", "NC"],
                     "players": [("Emma", "purple"), ("Frank", "black")]},
}
FUEL = {"coal": 2, "oil": 3, "garbage": 4, "uranium": 8}  # least a cube is reckoned to cost


class Table:
    """Sensible players at one table; `entry()` is the next fact they would report."""

    def __init__(self, game: Game, rnd: random.Random):
        self.game, self.rnd = game, rnd
        # a little character per player: how far over the minimum they will bid
        self.premium = {name: rnd.randint(1, 6) for name in game.state["players"]}

    @property
    def state(self):
        return self.game.state

    @property
    def ctx(self):
        return self.game.ctx

    # ---- judging plants
    def spec(self, number):
        return self.ctx.plant(number)

    def fuel_price(self, resource) -> int:
        """What a cube costs now; a scarce resource counts as dear."""
        left = self.state["resources"]["market"][resource]
        now = price_of(self.ctx, self.state, resource, 1) if left else 12
        return max(now, FUEL[resource]) + (4 if left < 4 else 0)

    def score(self, number) -> float:
        """Cities powered per round, less the cost of its fuel (in cities' worth of income)."""
        s = self.spec(number)
        fuel = s.burns * min((self.fuel_price(r) for r in s.accepts), default=0)
        return s.powers - fuel / 8

    def capacity(self, name) -> int:
        return sum(self.spec(pl["number"]).powers for pl in self.state["players"][name]["plants"])

    def reserve(self, name) -> int:
        """Money kept back when buying a plant, for resources and a city or two."""
        if self.state["round"] == 1:
            return 10
        return min(40, 15 + 2 * len(self.state["players"][name]["cities"]))

    def wants(self, name, number) -> bool:
        p = self.state["players"][name]
        mine = [pl["number"] for pl in p["plants"]]
        if not mine:
            return True
        short = self.capacity(name) < len(p["cities"]) + 2 + p["money"] // 50  # rich players plan ahead
        if len(mine) < self.ctx.max_plants:
            return short and self.spec(number).powers >= 2 or self.score(number) > max(map(self.score, mine))
        worst = min(mine, key=self.score)
        return short and self.score(number) > self.score(worst) + 1

    def limit(self, name, number) -> int:
        """The most this player pays for a plant it wants."""
        good = self.score(number) >= 3
        return min(number + self.premium[name] + (4 if good else 0),
                   self.state["players"][name]["money"] - self.reserve(name))

    # ---- the next fact
    def entry(self) -> dict:
        nxt = self.state["next"]
        first = nxt["actions"][0]
        if first["type"] == "draw":
            return {"type": "draw", "card": self.rnd.choice(first["possible"])}
        if first["type"] == "discard":
            weakest = min(first["plants"], key=lambda n: (self.score(n), n))
            return {"type": "discard", "player": first["player"], "plant": weakest}
        return getattr(self, nxt["phase"])(nxt["actions"])

    def auction(self, acts):
        by = {a["type"]: a for a in acts}
        lot = self.state["auction"]["lot"]
        if lot:
            who = lot["turn"]
            if "bid" in by and self.wants(who, lot["plant"]) and lot["bid"] < self.limit(who, lot["plant"]):
                step = 1 if self.rnd.random() < 0.7 else 2
                return {"type": "bid", "player": who, "amount": min(lot["bid"] + step, self.limit(who, lot["plant"]))}
            return {"type": "pass_bid", "player": who}
        nom = by["nominate"]
        who = nom["player"]
        money = self.state["players"][who]["money"]
        offer = [n for n in nom["plants"] if n <= money - self.reserve(who) and self.wants(who, n)]
        if self.state["round"] == 1:
            offer = offer or nom["plants"][:1]
        if not offer:
            return {"type": "pass", "player": who}
        plant = max(offer, key=lambda n: (self.score(n), -n))
        opening = plant if self.rnd.random() < 0.8 else min(plant + 1, money)
        return {"type": "nominate", "player": who, "plant": plant, "bid": opening}

    def resources(self, acts):
        buy = acts[0]
        who = buy["player"]
        p = self.state["players"][who]
        target = len(p["cities"]) + 2  # what it may have to power after building
        want = dict.fromkeys(FUEL, 0)
        plants = sorted(p["plants"], key=lambda pl: -self.spec(pl["number"]).powers)
        powered = 0
        for pl in plants:
            s = self.spec(pl["number"])
            if powered >= target:
                break
            powered += s.powers
            missing = s.burns - sum(pl["stored"].values())
            open_ = [r for r in s.accepts if buy["cheapest"][r] is not None]
            if missing > 0 and open_:
                want[min(open_, key=lambda r: buy["cheapest"][r])] += missing
        amounts = {r: min(n, buy["max"][r]) for r, n in want.items() if min(n, buy["max"][r])}
        budget = p["money"] - (10 if p["cities"] else 0)
        while amounts and sum(price_of(self.ctx, self.state, r, n) for r, n in amounts.items()) > budget:
            r = max(amounts, key=lambda r: buy["cheapest"][r])
            amounts[r] -= 1
            amounts = {r: n for r, n in amounts.items() if n}
        return {"type": "buy", "player": who, **amounts} if amounts else {"type": "pass", "player": who}

    def building(self, acts):
        build = acts[0]
        who, offer, money = build["player"], build["cities"], build["money"]
        if not offer:
            return {"type": "pass", "player": who}
        p = self.state["players"][who]
        own = len(p["cities"])
        if not own:  # a first city: an empty one with cheap neighbours, by lot among the best
            empty = [o["city"] for o in offer if houses_in(self.state, o["city"]) == 0] or [offer[0]["city"]]
            return {"type": "build", "player": who, "cities": [self.rnd.choice(sorted(empty, key=self.hub)[:6])]}
        leader = max(len(q["cities"]) for q in self.state["players"].values())
        late = leader >= self.ctx.end_cities - 4
        keep = 0 if late else min(12, sum(self.spec(pl["number"]).burns for pl in p["plants"]) * 2)
        capacity = self.capacity(who)
        most = max(0, min(4 if late else 3, capacity + 2 - own))
        best = None
        for k in range(1, most + 1):
            if own + k >= self.ctx.end_cities and not self.would_win(who, own + k):
                break  # ending the game now would hand the win to someone else
            plan = self.cheapest(who, k)
            if plan is None or plan.total > money - keep:
                break
            best = plan
        if best is None:
            return {"type": "pass", "player": who}
        return {"type": "build", "player": who, "cities": best.cities}

    def powerable(self, name, cities: int) -> int:
        """The most of `cities` this player's plants could power with the cubes now on them."""
        plants = self.state["players"][name]["plants"]
        return best(specs_of(self.ctx, plants), alloc_of(plants), cities)["cities"]

    def would_win(self, name, cities: int) -> bool:
        mine = self.powerable(name, cities)
        return all(mine > self.powerable(other, len(p["cities"]))
                   for other, p in self.state["players"].items() if other != name)

    def hub(self, city) -> tuple:
        """How cheaply a city reaches its three nearest neighbours (lower is a better start)."""
        planner = self.ctx.planner
        others = (c for c in self.ctx.map.cities_in(self.ctx.areas) if c != city)
        near = sorted(d for d in (planner.distance(city, c) for c in others) if d is not None)[:3]
        return sum(near), city

    def cheapest(self, who, k):
        p = self.state["players"][who]
        occupied = {c: houses_in(self.state, c) for q in self.state["players"].values() for c in q["cities"]}
        try:
            plans = self.ctx.planner.suggest(p["cities"], step=self.state["step"], occupied=occupied, count=k,
                                             house_costs=self.ctx.edition.house_costs)
        except ValueError:
            return None
        return plans[0] if plans else None

    def bureaucracy(self, acts):
        act = acts[0]
        return {"type": "power", "player": act["player"], "plants": act["proposal"]["plants"],
                "cities": act["proposal"]["cities"]}


def play(name: str, spec: dict) -> tuple:
    """(the game's lines: setup then facts, the finished Game)."""
    rnd = random.Random(spec["seed"])
    names = [n for n, _ in spec["players"]]
    setup = {"type": "setup", "map": spec["map"], "areas": spec["areas"],
             "players": [{"name": n, "colour": c} for n, c in spec["players"]],
             "order": rnd.sample(names, len(names))}  # round 1's order, drawn by lot
    game = Game(setup)
    table = Table(game, rnd)
    lines = [setup]
    while game.state["phase"] != "over":
        entry = table.entry()
        try:
            game.play(entry)
        except IllegalAction as e:
            raise SystemExit(f"{name}: the players tried an illegal fact {entry}: {e.message}") from None
        lines.append(entry)
        if len(lines) > 5000:
            raise SystemExit(f"{name}: the game does not end")
    return lines, game


def record(name: str, spec: dict) -> dict:
    lines, game = play(name, spec)
    (HERE / name).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    return {"file": name, "entries": len(lines) - 1, "rounds": game.state["round"],
            "winners": game.state["result"]["winners"], "ranking": game.state["result"]["ranking"]}


def main():
    for name, spec in GAMES.items():
        summary = record(name, spec)
        print(f"{summary['file']}: {summary['entries']} facts, {summary['rounds']} rounds, "
              f"won by {', '.join(summary['winners'])}; "
              + "; ".join(f"{r['player']} {r['powered']}/{r['cities']} cities, {r['money']} Elektro"
                          for r in summary["ranking"]))


if __name__ == "__main__":
    main()
