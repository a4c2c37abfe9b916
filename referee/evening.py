"""The evening at a glance: each player's figures at the end of every round of a recorded game.

Read from the replayed game (referee.game.Game), never re-decided: the state at the end of each
round (cities, money, the plants held) and the rulings that say what was paid (plant_bought,
resources_bought, built). A plant's capacity is the catalogue's number of cities it powers. No
Flask, no SQL: the table page (referee.web.ending) and the printed report both draw from here.

A fact belongs to the round its game was in when it was entered (the state before it), so the
plants bought in round 3's auction count in round 3 even though the round's end comes later.
"""
from .rules.storage import specs_of

SERIES = ("cities", "capacity", "money", "paid_plants", "paid_resources", "paid_building")
PAID = {"plant_bought": ("paid_plants", "price"), "resources_bought": ("paid_resources", "cost"),
        "built": ("paid_building", "cost")}


def round_ends(game) -> dict:
    """{round: the state at that round's end} for every round played (the last: the game's last state)."""
    ends = {}
    for state in game.states:
        ends[state["round"]] = state
    return ends


def per_round(game) -> dict:
    """{"rounds": [1, 2, ...], "players": [names in seat order], and one {name: [value per round]} per
    SERIES}: cities connected, plants' capacity (cities they can power) and money at each round's
    end, and Elektro paid during the round for plants, resources and building."""
    ends = round_ends(game)
    rounds = sorted(ends)
    names = list(game.state["players"])
    out = {"rounds": rounds, "players": names}
    for key, value in (("cities", lambda p: len(p["cities"])),
                       ("capacity", lambda p: sum(s.powers for s in specs_of(game.ctx, p["plants"]))),
                       ("money", lambda p: p["money"])):
        out[key] = {n: [value(ends[r]["players"][n]) for r in rounds] for n in names}
    index = {r: i for i, r in enumerate(rounds)}
    for key, _field in PAID.values():
        out[key] = {n: [0] * len(rounds) for n in names}
    for i, events in enumerate(game.events[1:], 1):
        in_round = game.states[i - 1]["round"]
        for e in events:
            if e["type"] in PAID and e.get("player") in out["cities"]:
                key, field = PAID[e["type"]]
                out[key][e["player"]][index[in_round]] += e.get(field, 0)
    return out


def paid(figures: dict) -> dict:
    """{name: {"plants": total, "resources": total, "building": total}} over the whole game."""
    return {n: {kind: sum(figures[f"paid_{kind}"][n]) for kind in ("plants", "resources", "building")}
            for n in figures["players"]}
