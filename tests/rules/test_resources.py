"""RULES.md phase 3 (buying) and the phase-5 refill."""
import pytest

from referee.rules.errors import CannotAfford, CannotStore, NotAvailable, NotYourTurn
from tablekit import at_phase


def resources_table(table, players=4, **plants):
    t = at_phase(table(players), "resources")
    for name, owned in plants.items():
        t.give(name, plants=owned)
    return t


def test_resources_are_bought_in_reverse_order(table):
    t = resources_table(table, Ann=[(4, {})], Dan=[(8, {})])
    err = t.rejects("buy", NotYourTurn, player="Ann", coal=1)
    assert "Dan's turn" in err.message
    t.do("buy", player="Dan", coal=1)
    assert t.state["next"]["waiting_for"] == ["Cara"]


def test_resources_are_bought_from_the_cheapest_spaces_first(table):
    t = resources_table(table, Dan=[(8, {}), (7, {})])
    events = t.do("buy", player="Dan", coal=4, oil=4)
    # coal 1+1+1+2, oil 3+3+3+4
    assert events[0]["cost"] == 5 + 13
    assert t.p("Dan")["money"] == 50 - 18
    assert t.state["resources"]["market"] == {"coal": 20, "oil": 14, "garbage": 6, "uranium": 2}


def test_a_player_buys_only_what_their_plants_can_store(table):
    t = resources_table(table, Dan=[(4, {}), (9, {})])         # 4 coal, 2 oil of room
    err = t.rejects("buy", CannotStore, player="Dan", coal=5)
    assert "at most 4 coal and 2 oil" in err.message
    t.rejects("buy", CannotStore, player="Dan", garbage=1)
    t.do("buy", player="Dan", coal=4, oil=2)


def test_a_hybrid_stores_coal_and_oil_in_any_mix(table):
    t = resources_table(table, Dan=[(5, {}), (4, {})])
    t.do("buy", player="Dan", coal=5, oil=3)
    held = [pl["stored"] for pl in t.p("Dan")["plants"]]
    assert sum(h.get("coal", 0) for h in held) == 5 and sum(h.get("oil", 0) for h in held) == 3
    assert all(sum(h.values()) <= 4 for h in held)


def test_a_resource_not_in_the_market_cannot_be_bought(table):
    t = resources_table(table, Dan=[(11, {})])
    t.edit(lambda s: s["resources"].update(market={**s["resources"]["market"], "uranium": 1},
                                           supply={**s["resources"]["supply"], "uranium": 11}))
    err = t.rejects("buy", NotAvailable, player="Dan", uranium=2)
    assert "only 1 uranium left" in err.message


def test_resources_cost_money_no_debt(table):
    t = resources_table(table, Dan=[(11, {})])
    t.give("Dan", money=20)
    err = t.rejects("buy", CannotAfford, player="Dan", uranium=2)
    assert "costs 30" in err.message


def test_what_a_player_may_still_buy_is_offered_with_bounds(table):
    t = resources_table(table, Dan=[(5, {"coal": 1}), (6, {})])
    buy = t.state["next"]["actions"][0]
    assert buy["max"] == {"coal": 3, "oil": 3, "garbage": 2, "uranium": 0}


def test_resources_move_between_own_plants_at_any_time_within_capacity(table):
    t = resources_table(table, Ann=[(5, {"oil": 2}), (7, {"oil": 2})])
    t.do("move", player="Ann", moves=[{"from": 5, "to": 7, "resource": "oil", "count": 2}])
    assert t.p("Ann")["plants"][1]["stored"] == {"oil": 4}
    t.give("Ann", plants=[(9, {"oil": 2})])
    err = t.rejects("move", CannotStore, player="Ann", moves=[{"from": 7, "to": 9, "resource": "oil"}])
    assert "room for 0 more" in err.message
    t.rejects("move", NotAvailable, player="Ann", moves=[{"from": 7, "to": 5, "resource": "oil", "count": 5}])
    t.rejects("move", NotAvailable, player="Ann", moves=[{"from": 7, "to": 4, "resource": "oil"}],
              match="does not own plant 4")
    t.give("Ann", plants=[(4, {})])
    t.rejects("move", CannotStore, player="Ann", moves=[{"from": 7, "to": 4, "resource": "oil"}],
              match="cannot store oil")


@pytest.mark.parametrize("players,step,expected", [
    (2, 1, (3, 2, 1, 1)), (2, 2, (4, 2, 2, 1)), (2, 3, (3, 4, 3, 1)),
    (3, 1, (4, 2, 1, 1)), (3, 2, (5, 3, 2, 1)), (3, 3, (3, 4, 3, 1)),
    (4, 1, (5, 3, 2, 1)), (4, 2, (6, 4, 3, 2)), (4, 3, (4, 5, 4, 2)),
    (5, 1, (5, 4, 3, 2)), (5, 2, (7, 5, 3, 3)), (5, 3, (5, 6, 5, 2)),
    (6, 1, (7, 5, 3, 2)), (6, 2, (9, 6, 5, 3)), (6, 3, (6, 7, 6, 3)),
])
def test_refill_table_by_players_and_step(table, players, step, expected):
    t = at_phase(table(players), "bureaucracy")
    t.edit(lambda s: s.update(step=step, step2_started=step > 1))
    t.edit(lambda s: s["resources"].update(market={"coal": 0, "oil": 0, "garbage": 0, "uranium": 0},
                                           supply={"coal": 24, "oil": 24, "garbage": 24, "uranium": 12}))
    for name in list(t.state["order"]):
        t.do("power", player=name)
    m = t.state["resources"]["market"]
    assert (m["coal"], m["oil"], m["garbage"], m["uranium"]) == expected


def test_refill_goes_to_the_most_expensive_empty_spaces_first(table):
    t = at_phase(table(4), "bureaucracy")
    for name in list(t.state["order"]):
        events = t.do("power", player=name)
    refill = {e["resource"]: e for e in events if e["type"] == "refill"}
    # start: oil on 3–8 (18), garbage on 7–8 (6), uranium on 14, 16; Step 1, 4 players: 5 3 2 1
    assert refill["coal"]["added"] == 0
    assert refill["oil"]["spaces"] == [2, 2, 2]
    assert refill["garbage"]["spaces"] == [6, 6]
    assert refill["uranium"]["spaces"] == [12]


def test_seed_example_e1_refill_after_round_one_purchases(table):
    """000's example (rules-notes E1): 5 players, Step 1, 10 coal, 2 oil and 1 garbage sold and
    4 coal burned back: Step 1 wants 5 coal but only 4 are in the supply, so 4 are refilled."""
    t = at_phase(table(5), "bureaucracy")
    t.edit(lambda s: s["resources"].update(market={"coal": 14, "oil": 16, "garbage": 5, "uranium": 2},
                                           supply={"coal": 4, "oil": 8, "garbage": 19, "uranium": 10}))
    for name in list(t.state["order"]):
        events = t.do("power", player=name)
    refill = {e["resource"]: e for e in events if e["type"] == "refill"}
    assert (refill["coal"]["due"], refill["coal"]["added"]) == (5, 4)
    assert (refill["coal"]["supply"], refill["coal"]["room"]) == (4, 10)   # short of cubes, not of room
    assert {r: e["spaces"] for r, e in refill.items()} == {
        "coal": [4, 3, 3, 3], "oil": [3, 3, 2, 2], "garbage": [7, 6, 6], "uranium": [12, 10]}
    assert t.state["resources"]["supply"]["coal"] == 0


def test_a_plant_stores_at_most_twice_what_it_burns_and_only_its_own_kinds(table):
    t = resources_table(table, Dan=[(8, {}), (13, {})])          # coal plant burning 3; an eco plant
    t.rejects("buy", CannotStore, player="Dan", coal=7)
    t.rejects("buy", CannotStore, player="Dan", oil=1)
    t.do("buy", player="Dan", coal=6)
    assert [pl["stored"] for pl in t.p("Dan")["plants"]] == [{"coal": 6}, {}]
