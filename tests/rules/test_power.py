"""RULES.md phase 5: powering cities and income."""
import pytest

from referee.rules.errors import IllegalPower, WrongPhase
from tablekit import at_phase


def bureaucracy(table, players=4, **owned):
    t = at_phase(table(players), "bureaucracy")
    for name, (plants, cities) in owned.items():
        t.give(name, plants=plants, cities=cities)
    return t


INCOME = [10, 22, 33, 44, 54, 64, 73, 82, 90, 98, 105, 112, 118, 124, 129, 134, 138, 142, 145, 148, 150]


@pytest.mark.parametrize("cities", [0, 1, 4, 10, 16, 20, 24])
def test_income_table_by_cities_powered(table, cities):
    assert table(4).ctx.edition.income_for(cities) == INCOME[min(cities, 20)]
    towns = [f"c{i}" for i in range(cities)]
    t = bureaucracy(table, Ann=([(37, {}), (44, {}), (50, {})], towns))   # powers up to 15
    events = t.do("power", player="Ann")
    assert events[0]["income"] == INCOME[min(cities, 15)]
    assert t.p("Ann")["money"] == 50 + INCOME[min(cities, 15)]


def test_powering_no_city_pays_10(table):
    t = bureaucracy(table, Ann=([(4, {})], ["essen"]))
    events = t.do("power", player="Ann")
    assert (events[0]["cities"], events[0]["income"]) == (0, 10)
    assert t.p("Ann")["money"] == 60


def test_cities_powered_never_exceed_cities_owned(table):
    t = bureaucracy(table, Ann=([(13, {}), (18, {})], ["essen", "duisburg"]))
    assert t.state["next"]["actions"][0]["max_cities"] == 2
    err = t.rejects("power", IllegalPower, player="Ann", plants=[13, 18], cities=3)
    assert "0 to 2 cities" in err.message


def test_a_player_may_power_fewer_cities_than_possible(table):
    t = bureaucracy(table, Ann=([(13, {}), (18, {})], ["essen", "duisburg", "bremen"]))
    events = t.do("power", player="Ann", plants=[13, 18], cities=1)
    assert events[0]["income"] == 22


def test_a_plant_burns_its_resources_which_return_to_the_supply(table):
    t = bureaucracy(table, Ann=([(8, {"coal": 5})], ["essen", "duisburg"]))
    supply = t.state["resources"]["supply"]["coal"]
    t.do("power", player="Ann", plants=[8])
    assert t.p("Ann")["plants"][0]["stored"] == {"coal": 2}
    assert t.state["resources"]["supply"]["coal"] == supply + 3


def test_a_plant_without_its_resources_cannot_fire(table):
    t = bureaucracy(table, Ann=([(8, {"coal": 2})], ["essen", "duisburg"]))
    err = t.rejects("power", IllegalPower, player="Ann", plants=[8])
    assert "cannot all fire" in err.message


def test_a_hybrid_burns_any_mix_of_coal_and_oil(table):
    t = bureaucracy(table, Ann=([(5, {"coal": 1, "oil": 1})], ["essen"]))
    t.do("power", player="Ann", plants=[5], burn={"5": {"coal": 1, "oil": 1}})
    assert t.p("Ann")["plants"][0]["stored"] == {}


def test_a_hybrid_mix_must_add_up_to_its_count_of_its_own_kinds(table):
    t = bureaucracy(table, Ann=([(5, {"coal": 2, "oil": 2})], ["essen"]))
    t.rejects("power", IllegalPower, player="Ann", plants=[5], burn={"5": {"coal": 1}}, match="exactly 2")
    t.rejects("power", IllegalPower, player="Ann", plants=[5], burn={"5": {"coal": 1, "garbage": 1}},
              match="cannot burn garbage")
    t.rejects("power", IllegalPower, player="Ann", plants=[5], burn={"5": {"coal": 3, "oil": 0}},
              match="exactly 2")


def test_hybrid_full_of_oil_cannot_burn_coal_held_on_a_full_coal_plant(table):
    """FAQ ruling: a plant fires only from cubes on it; swapping needs a plant with room."""
    t = bureaucracy(table, Ann=([(5, {"oil": 4}), (4, {"coal": 4})], ["essen", "duisburg"]))
    t.rejects("power", IllegalPower, player="Ann", plants=[5], burn={"5": {"coal": 2}}, match="cannot all fire")
    t.do("power", player="Ann", plants=[5], burn={"5": {"oil": 2}})


def test_hybrid_may_burn_coal_once_a_plant_has_room_to_swap(table):
    t = bureaucracy(table, Ann=([(5, {"oil": 4}), (4, {"coal": 4}), (9, {"oil": 1})], ["essen"]))
    t.do("power", player="Ann", plants=[5], burn={"5": {"coal": 1, "oil": 1}}, cities=1)
    stored = [pl["stored"] for pl in t.p("Ann")["plants"]]
    assert sum(s.get("coal", 0) for s in stored) == 3 and sum(s.get("oil", 0) for s in stored) == 4


def test_ecological_and_fusion_plants_need_no_resources(table):
    t = bureaucracy(table, Ann=([(13, {}), (50, {})], [f"c{i}" for i in range(9)]))
    events = t.do("power", player="Ann")
    assert events[0]["cities"] == 7 and events[0]["burned"] == {}


def test_the_default_is_the_most_cities_the_plants_can_power(table):
    t = bureaucracy(table, Ann=([(10, {"coal": 2}), (8, {"coal": 3}), (13, {})], [f"c{i}" for i in range(4)]))
    proposal = next(a for a in t.state["next"]["actions"] if a["player"] == "Ann")["proposal"]
    assert proposal["cities"] == 4
    assert proposal["plants"] == [10, 8]      # 4 cities; the eco plant would add nothing


def test_each_player_powers_once_in_the_bureaucracy_phase(table):
    t = bureaucracy(table, Ann=([(13, {})], ["essen"]))
    t.do("power", player="Ann")
    t.rejects("power", WrongPhase, player="Ann", match="already powered")


def test_power_only_in_the_bureaucracy_phase(table):
    t = table(4)
    t.rejects("power", WrongPhase, player="Ann")


def test_power_city_count_burns_fewest_cubes(table):
    t = bureaucracy(table, Ann=([(9, {"oil": 2}), (4, {"coal": 4}), (7, {"oil": 6})], ["essen", "duisburg", "bremen"]))
    events = t.do("power", player="Ann", cities=1)
    assert (events[0]["plants"], events[0]["burned"], events[0]["cities"]) == ([9], {"oil": 1}, 1)
    assert events[0]["burn"] == {"9": {"oil": 1}} and events[0]["chosen"] is True
    assert events[0]["income"] == 22
    assert [pl["stored"] for pl in t.p("Ann")["plants"]] == [{"oil": 1}, {"coal": 4}, {"oil": 6}]


def test_power_city_count_beyond_what_the_plants_can_power_is_refused(table):
    t = bureaucracy(table, Ann=([(9, {"oil": 2})], ["essen", "duisburg", "bremen"]))
    t.rejects("power", IllegalPower, player="Ann", cities=2, match="0 to 1 cities")


def test_power_tie_keeps_dearer_cubes(table):
    """Plants 3 (2 oil) and 4 (2 coal) each power 1 city with 2 cubes: coal (1 Elektro) is cheaper
    to rebuy than oil (3), so plant 4 burns; with coal sold out, plant 3 burns its oil instead."""
    t = bureaucracy(table, Ann=([(3, {"oil": 2}), (4, {"coal": 2})], ["essen"]))
    assert t.do("power", player="Ann", cities=1)[0]["burned"] == {"coal": 2}
    t = bureaucracy(table, Ann=([(3, {"oil": 2}), (4, {"coal": 2})], ["essen"]))
    t.edit(lambda s: s["resources"].update(market={**s["resources"]["market"], "coal": 0},
                                           supply={**s["resources"]["supply"], "coal": 22}))
    assert t.do("power", player="Ann", cities=1)[0]["plants"] == [3]


def test_power_tie_hybrid_burns_the_cheaper_resource(table):
    t = bureaucracy(table, Ann=([(5, {"coal": 2, "oil": 2})], ["essen"]))
    assert t.do("power", player="Ann")[0]["burn"] == {"5": {"coal": 2}}
    t = bureaucracy(table, Ann=([(5, {"coal": 2, "oil": 2})], ["essen"]))
    t.edit(lambda s: s["resources"].update(market={**s["resources"]["market"], "coal": 3, "oil": 24},
                                           supply={**s["resources"]["supply"], "coal": 19, "oil": 0}))
    assert t.do("power", player="Ann")[0]["burn"] == {"5": {"oil": 2}}


def test_power_proposal_gives_the_referees_choice_in_full(table):
    t = bureaucracy(table, Ann=([(5, {"oil": 1}), (4, {"coal": 1}), (13, {})], ["essen", "duisburg"]))
    proposal = next(a for a in t.state["next"]["actions"] if a["player"] == "Ann")["proposal"]
    assert proposal == {"plants": [5, 13], "cities": 2, "burn": {"5": {"coal": 1, "oil": 1}}}
    events = t.do("power", player="Ann", **proposal)
    assert events[0]["burned"] == {"coal": 1, "oil": 1} and events[0]["chosen"] is False
