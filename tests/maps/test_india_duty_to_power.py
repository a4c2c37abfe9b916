"""India's duty to power (referee/maprules/duty_to_power.py), seed 001 インド亜大陸 フェーズ5."""
from referee import rulings
from referee.rules.errors import IllegalPower
from mapkit import india_cities, map_table
from tablekit import at_phase


def india_powering():
    t = at_phase(map_table("indian", 3), "bureaucracy")
    t.give("Ann", plants=[(4, {"coal": 2}), (10, {"coal": 2})], cities=india_cities(t, 3))
    return t


def test_powering_fewer_cities_than_possible_is_refused():
    """「可能な限り多くの都市に自分の発電所で電力を供給する義務がある。」 Ann's plants 4 and 10 can power 3 of her
    3 cities: 3 it must be, whichever way she asks for fewer."""
    t = india_powering()
    act = next(a for a in t.state["next"]["actions"] if a["player"] == "Ann")
    assert act["min_cities"] == act["max_cities"] == 3
    t.rejects("power", IllegalPower, match="must power 3", player="Ann", cities=2)
    t.rejects("power", IllegalPower, match="must power 3", player="Ann", plants=[10])
    t.rejects("power", IllegalPower, match="must power 3", player="Ann", plants=[])
    assert t.do("power", player="Ann", plants=[4, 10])[0]["cities"] == 3


def test_a_player_who_can_power_nothing_may_power_nothing():
    t = india_powering()
    assert t.do("power", player="Bob")[0]["cities"] == 0


def test_the_duty_is_said_in_what_is_allowed_now():
    t = india_powering()
    assert "Ann (must power 3 cities, as many as possible)" in rulings.allowed_now(t.state["next"], "en")
    assert "供給する義務" in rulings.allowed_now(t.state["next"], "ja")
    assert "必須盡量供電" in rulings.allowed_now(t.state["next"], "zh-Hant")
