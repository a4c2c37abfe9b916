"""RULES.md phase 4: building."""
import pytest

from referee.rules.errors import CannotAfford, IllegalBuild, NotYourTurn
from tablekit import at_phase, building


def cost_of(t, name, cities):
    before = t.p(name)["money"]
    events = t.do("build", player=name, cities=cities)
    assert before - t.p(name)["money"] == events[0]["cost"]
    return events[0]


def test_building_goes_in_reverse_order(table):
    t = building(table)
    t.rejects("build", NotYourTurn, player="Ann", cities=["essen"], match="Dan's turn")
    t.do("build", player="Dan", cities=["essen"])
    assert t.state["next"]["waiting_for"] == ["Cara"]


def test_the_first_city_costs_only_its_house(table):
    t = building(table)
    assert cost_of(t, "Dan", ["trier"])["cost"] == 10


@pytest.mark.parametrize("city,cost", [("duisburg", 10), ("dortmund", 12), ("aachen", 21)])
def test_seed_example_step1_costs_from_essen_and_muenster(table, city, cost):
    """000's building example: Anna (Essen, Münster) pays Duisburg 10, Dortmund 12, Aachen 21."""
    t = building(table, Dan=["essen", "muenster"])
    assert cost_of(t, "Dan", [city])["cost"] == cost


def test_seed_example_step1_bob_from_duesseldorf_to_duisburg_pays_12(table):
    t = building(table, Dan=["duesseldorf"])
    assert cost_of(t, "Dan", ["Duisburg"])["cost"] == 12


def test_seed_example_duesseldorf_and_koeln_in_step2_cost_17_plus_19(table):
    """000's example: Step 2, from Essen, Düsseldorf (2 + 15) then Köln (4 + 15) = 36."""
    t = building(table, step=2, Dan=["essen"], Ann=["duesseldorf", "koeln"])
    built = cost_of(t, "Dan", ["Köln", "Düsseldorf"])
    assert built["cost"] == 36
    assert built["cities"] == ["duesseldorf", "koeln"]
    assert built["builds"] == [{"city": "duesseldorf", "from": "essen", "connection": 2, "house": 15},
                               {"city": "koeln", "from": "duesseldorf", "connection": 4, "house": 15}]


def test_seed_example_koeln_alone_in_step2_costs_21(table):
    t = building(table, step=2, Dan=["essen"], Ann=["duesseldorf", "koeln"])
    assert cost_of(t, "Dan", ["koeln"])["cost"] == 21


def test_step1_allows_one_house_per_city(table):
    t = building(table, Ann=["essen"])
    err = t.rejects("build", IllegalBuild, player="Dan", cities=["essen"])
    assert "Step 1 allows 1 house" in err.message


def test_step2_allows_a_second_house_at_15_and_step3_a_third_at_20(table):
    t = building(table, step=2, Ann=["essen"], Bob=["essen"])
    t.rejects("build", IllegalBuild, player="Dan", cities=["essen"], match="Step 2 allows 2")
    t.edit(lambda s: s.update(step=3))
    assert cost_of(t, "Dan", ["essen"])["cost"] == 20
    t2 = building(table, step=2, Ann=["essen"])
    assert cost_of(t2, "Dan", ["essen"])["cost"] == 15


def test_a_player_never_has_two_houses_in_one_city(table):
    t = building(table, step=3, Dan=["essen"])
    t.rejects("build", IllegalBuild, player="Dan", cities=["essen"], match="one house per player")


def test_building_is_paid_in_full_no_debt(table):
    t = building(table, Dan=["essen"])
    t.give("Dan", money=23)
    err = t.rejects("build", CannotAfford, player="Dan", cities=["duisburg", "dortmund"])
    assert "costs 24" in err.message and "has 23" in err.message


def test_cities_outside_the_play_areas_cannot_be_built(table):
    t = building(table)
    err = t.rejects("build", IllegalBuild, player="Dan", cities=["berlin"])
    assert "outside the play areas" in err.message


def test_unknown_city_names_are_refused_with_a_suggestion(table):
    t = building(table)
    err = t.rejects("build", IllegalBuild, player="Dan", cities=["Esen"])
    assert "Esen" in err.message and "essen" in err.message.lower()


def test_several_cities_in_one_turn_each_added_to_the_network_for_the_next(table):
    t = building(table, Dan=["essen"])
    built = cost_of(t, "Dan", ["aachen", "duesseldorf"])
    # Düsseldorf 2 + 10, then Aachen from Düsseldorf 9 + 10
    assert built["cost"] == 31 and built["cities"] == ["duesseldorf", "aachen"]


def test_building_nothing_is_a_pass(table):
    t = building(table)
    events = t.do("pass", player="Dan")
    assert {k: events[0][k] for k in ("type", "player", "phase")} == {"type": "passed", "player": "Dan",
                                                                      "phase": "building"}


def test_builds_are_offered_with_their_single_city_cost(table):
    t = building(table, Dan=["essen"])
    build = t.state["next"]["actions"][0]
    costs = {o["city"]: o["cost"] for o in build["cities"]}
    assert costs["duisburg"] == 10 and costs["duesseldorf"] == 12 and "essen" not in costs


def test_short_game_nobody_builds_an_eighth_city(table):
    t = at_phase(table(4, short_game=True), "building")
    t.give("Dan", plants=[(13, {})], cities=["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln"])
    err = t.rejects("build", IllegalBuild, player="Dan", cities=["aachen", "trier"])
    assert "may build 1 more" in err.message
    events = t.do("build", player="Dan", cities=["aachen"])
    assert t.events_of(events, "game_end_reached")
