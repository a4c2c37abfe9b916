"""Shared checks for the build rules of maps (new networks, the general link)."""
from referee.rules import engine, legal
from referee.web.inputs import suggestions


def offer(t) -> dict:
    return next(a for a in t.state["next"]["actions"] if a["type"] == "build")


def offered(t) -> dict:
    """{city: cost} of the build offer in `next`."""
    return {o["city"]: o["cost"] for o in offer(t)["cities"]}


def engine_price(t, name, cities, **fields) -> int:
    _, events = engine.apply(t.state, {"type": "build", "player": name, "cities": list(cities), **fields}, t.ctx)
    return events[0]["cost"]


def suggestions_are_priced_as_the_engine_prices_them(t, name) -> list:
    """Every suggestion of the table app costs what the engine charges for it, and fits the money."""
    found = suggestions(t.game, name, legal.build_choices(t.state, t.ctx, {"type": "build", "player": name}))
    for s in found:
        assert engine_price(t, name, s["cities"]) == s["total"] <= t.p(name)["money"]
    return found
