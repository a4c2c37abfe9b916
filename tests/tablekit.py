"""A Table drives a Game the way people at the table would (shared by the rule tests)."""
import copy
import json

import pytest

from referee.game import Game
from referee.rules import legal
from referee.rules.errors import IllegalAction

NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Finn"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "black"]
# Germany's cities, for giving a player that many of them
TOWNS = ["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln", "aachen", "bremen",
         "osnabrueck", "kassel", "hannover", "hamburg", "kiel", "cuxhaven", "wilhelmshaven",
         "flensburg", "luebeck", "trier", "saarbruecken", "mannheim", "wiesbaden"]
AREAS = {"germany": {2: ["NW", "W", "SW"], 3: ["NW", "W", "SW"], 4: ["NW", "W", "SW", "E"],
                     5: ["NW", "W", "SW", "E", "NE"], 6: ["NW", "W", "SW", "E", "NE"]},
         "usa": {2: ["NE", "SE", "NC"], 3: ["NE", "SE", "NC"], 4: ["NE", "SE", "NC", "SC"],
                 5: ["NE", "SE", "NC", "SC", "NW"], 6: ["NE", "SE", "NC", "SC", "NW"]}}


def setup_line(players=4, board="germany", **extra):
    names = NAMES[:players]
    line = {"type": "setup", "map": board, "players": [{"name": n, "colour": c} for n, c in zip(names, COLOURS)],
            "areas": AREAS[board][players], "order": names}
    line.update(extra)
    return line


class Table:
    def __init__(self, game: Game):
        self.game = game

    @property
    def state(self):
        return self.game.state

    @property
    def ctx(self):
        return self.game.ctx

    def p(self, name):
        return self.state["players"][name]

    def do(self, kind, **fields):
        return self.game.play({"type": kind, **fields})

    def rejects(self, kind, error=IllegalAction, match=None, **fields):
        """The fact is refused with a typed error, and nothing changes."""
        before = json.dumps(self.state, sort_keys=True)
        with pytest.raises(error, match=match) as info:
            self.do(kind, **fields)
        assert json.dumps(self.state, sort_keys=True) == before
        return info.value

    def edit(self, change):
        """Arrange a mid-game situation directly on the state (tests only)."""
        state = copy.deepcopy(self.state)
        change(state)
        state["next"] = legal.next_actions(state, self.ctx)
        self.game.states[-1] = state

    def give(self, name, plants=(), cities=(), money=None):
        def change(s):
            p = s["players"][name]
            for number, stored in plants:
                p["plants"].append({"number": number, "stored": dict(stored)})
                for r, n in stored.items():
                    from_supply = min(n, s["resources"]["supply"][r])
                    s["resources"]["supply"][r] -= from_supply
                    s["resources"]["market"][r] -= n - from_supply
            p["cities"] += list(cities)
            if money is not None:
                p["money"] = money
        self.edit(change)

    def draw(self, card):
        return self.do("draw", card=card)

    def buy_round_one(self, plants, draws):
        """Each player in turn order buys the given plant at its minimum; draws replace them."""
        for name, plant, draw in zip(list(self.state["order"]), plants, draws):
            self.do("sold", player=name, plant=plant, price=plant)
            self.draw(draw)

    def events_of(self, events, kind):
        return [e for e in events if e["type"] == kind]

def at_phase(t, phase, order=None):
    """Jump the table to the start of a phase with everyone still to act (tests only)."""
    def change(s):
        s["phase"] = phase
        s["acted"] = []
        s["queue"] = []
        s["closing"] = False
        s["auction"]["bought"] = list(s["players"])
        if order:
            s["order"] = list(order)
    t.edit(change)
    return t


def finish_phase(t):
    """Everyone still to act passes (or powers what they can, in phase 5)."""
    phase = t.state["phase"]
    while t.state["phase"] == phase and not t.state["queue"]:
        who = t.state["next"]["waiting_for"][0]
        t.do("power" if phase == "bureaucracy" else "pass", player=who)


def deck_of(t, unseen, above=None, removed=0, under=()):
    """Replace the unknown deck by one with these plants still to come (tests only)."""
    t.edit(lambda s: s["deck"].update(top=None, unseen=sorted(unseen), removed_unseen=removed,
                                      above=len(unseen) - removed if above is None else above,
                                      under=list(under)))


def building(table, players=4, step=1, **owned):
    """A table in the building phase of `step`, the named players owning those cities (and plant 13)."""
    t = at_phase(table(players), "building")
    t.edit(lambda s: s.update(step=step, step2_started=step > 1))
    for name, cities in owned.items():
        t.give(name, plants=[(13, {})], cities=cities)
    return t
