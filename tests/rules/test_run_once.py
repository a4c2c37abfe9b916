"""`next`'s one-tap purchase (buy offer `run_once`): the cubes a player must buy so that every plant
can run once with what it holds (RULES.md phase 5: a plant burns the resources printed on it to
power its cities; a hybrid burns coal and oil in any mix)."""
from referee.rules import legal
from tablekit import at_phase


def buying(table, **plants):
    t = at_phase(table(4), "resources")
    for name, owned in plants.items():
        t.give(name, plants=owned)
    return t


def offer(t):
    return next(a for a in t.state["next"]["actions"] if a["type"] == "buy")


def test_run_once_buys_what_each_plant_burns_less_what_it_holds(table):
    t = buying(table, Dan=[(4, {"coal": 1}), (3, {}), (6, {"garbage": 1})])
    assert offer(t)["run_once"] == {"coal": 1, "oil": 2}
    events = t.do("buy", player="Dan", **offer(t)["run_once"])
    assert events[0]["type"] == "resources_bought"


def test_run_once_fills_a_hybrid_with_the_cheaper_cube_each_time(table):
    """The opening market: coal from 1, oil from 3, so a hybrid takes coal until coal costs more."""
    t = buying(table, Dan=[(5, {})])
    assert offer(t)["run_once"] == {"coal": 2}
    t.edit(lambda s: s["resources"]["market"].update(coal=1))      # one coal left, at 8
    t.edit(lambda s: s["resources"]["supply"].update(coal=s["resources"]["supply"]["coal"] + 23))
    assert offer(t)["run_once"] == {"oil": 2}


def test_run_once_counts_spare_coal_and_oil_towards_a_hybrid(table):
    t = buying(table, Dan=[(4, {"coal": 3}), (5, {"oil": 1})])     # 1 coal beyond plant 4's 2, and 1 oil
    assert "run_once" not in offer(t)
    t = buying(table, Dan=[(4, {"coal": 2}), (5, {"oil": 1})])
    assert offer(t)["run_once"] == {"coal": 1}


def test_no_run_once_offer_when_nothing_is_needed_or_it_is_unaffordable(table):
    t = buying(table, Dan=[(4, {"coal": 2}), (13, {})])
    assert "run_once" not in offer(t)
    t = buying(table, Dan=[(4, {})])
    t.give("Dan", money=1)
    assert "run_once" not in offer(t) and legal.run_once(t.state, t.ctx, "Dan") is None
