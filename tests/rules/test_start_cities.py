"""Power Grid: Recharged, the experienced players' start (an optional rule; referee/maprules/experienced_start.py).

Digest /work/shared/recharged.md §6, "Experienced-player starting cities" [M]: "After the order and the
zone are fixed, each player in order marks a future start city with a uranium token. Their first house
must go there. Until Step 2, other players may not build in marked cities." §4 (last point): with the
Trust, SJ reads its 6 cities as decided first, with a Trust house on the 15 space of each human-marked
city (SJ RULES-NOTES #7: "the Trust then has 8 houses in supply")."""
import pytest

from referee.catalog.errors import CatalogError
from referee.game import Game
from referee.rules import building, errors, legal
from rechargedkit import TRUST_CITIES, recharged_table, trust_table
from tablekit import at_phase, setup_line

MARKS = {"Ann": "essen", "Bob": "bremen", "Cara": "koeln"}


def marking(players=3, **extra):
    return recharged_table(players, start_cities=True, **extra)


def marked(players=3, marks=MARKS, **extra):
    t = marking(players, **extra)
    for name in t.state["order"]:
        t.do("start_city", player=name, city=marks[name])
    return t


def test_the_option_is_off_by_default_and_carried_by_the_setup_line_s6():
    plain = recharged_table(3)
    assert "start_cities" not in plain.game.setup and plain.state["next"]["actions"][0]["type"] == "nominate"
    t = marking()
    assert t.game.setup["start_cities"] is True
    assert Game(t.game.setup).state == t.state           # the normalised setup replays the same table
    with pytest.raises((CatalogError, errors.IllegalAction), match="start_cities"):
        Game(setup_line(3, start_cities=True))           # the original edition has no such option
    with pytest.raises((CatalogError, errors.IllegalAction), match="start_cities"):
        Game(setup_line(3, edition="recharged", dealt=[5, 6, 7, 8, 9, 10, 11, 12], start_cities="yes"))


def test_each_player_marks_a_start_city_in_turn_order_before_the_auction_s6():
    t = marking()
    order = t.state["order"]
    for i, name in enumerate(order):
        offer = t.state["next"]["actions"]
        assert [a["type"] for a in offer] == ["start_city"] and offer[0]["player"] == name
        assert t.state["next"]["waiting_for"] == [name] and MARKS[name] in offer[0]["cities"]
        assert all(MARKS[n] not in offer[0]["cities"] for n in order[:i])     # a city marked is no choice
        events = t.do("start_city", player=name, city=MARKS[name])
        assert events[0]["type"] == "start_city_marked" and events[0]["city"] == MARKS[name]
    assert t.state["map"]["start_cities"] == MARKS
    assert t.state["next"]["actions"][0]["type"] == "nominate"


def test_nothing_else_is_entered_before_the_marks_s6():
    t = marking()
    t.rejects("nominate", errors.WrongPhase, player="Ann", plant=5, bid=1)


def test_a_mark_out_of_order_is_refused_s6():
    t = marking()
    with pytest.raises(errors.NotYourTurn) as info:
        t.do("start_city", player="Bob", city="bremen")
    assert info.value.ruling["cause"] == "turn" and info.value.ruling["due"] == "Ann"
    assert t.state["map"]["start_cities"] == {}


@pytest.mark.parametrize("city, cause", [("berlin", "outside"), ("essen", "taken")])
def test_a_mark_outside_the_areas_or_marked_already_is_refused_s6(city, cause):
    t = marking()
    t.do("start_city", player="Ann", city="essen")
    with pytest.raises(errors.IllegalStartCity) as info:
        t.do("start_city", player="Bob", city=city)
    assert info.value.ruling["type"] == "start_city_refused" and info.value.ruling["cause"] == cause


def test_a_start_city_marked_after_every_player_marked_is_refused_s6():
    t = marked()
    t.rejects("start_city", errors.WrongPhase, player="Ann", city="hamburg")


def test_a_start_city_fact_in_a_game_without_the_option_is_refused_s6():
    recharged_table(3).rejects("start_city", errors.WrongPhase, player="Ann", city="essen")


def test_the_first_house_must_go_in_the_marked_city_s6():
    t = at_phase(marked(), "building", order=["Ann", "Bob", "Cara"])
    t.edit(lambda s: s["players"]["Cara"].update(money=50))
    with pytest.raises(errors.IllegalBuild) as info:
        t.do("build", player="Cara", cities=["duesseldorf"])
    assert info.value.ruling == {**info.value.ruling, "type": "start_city_first", "city": "koeln"}
    offer = next(a for a in t.state["next"]["actions"] if a["type"] == "build")
    assert offer["start_city"] == "koeln" and [o["city"] for o in offer["cities"]] == ["koeln"]
    choices = legal.build_choices(t.state, t.ctx, {"type": "build", "player": "Cara"})
    assert [o["city"] for o in choices["cities"]] == ["koeln"]
    assert {o["city"]: o["reason"] for o in choices["refused"]}["duesseldorf"] == "start"
    with_mark = legal.build_choices(t.state, t.ctx, {"type": "build", "player": "Cara", "cities": ["koeln"]})
    assert "duesseldorf" in {o["city"] for o in with_mark["cities"]}
    assert building.starts(t.state, t.ctx, "Cara") == ((("koeln", 0),),)
    t.do("build", player="Cara", cities=["duesseldorf", "koeln"])
    assert set(t.p("Cara")["cities"]) == {"koeln", "duesseldorf"}
    assert building.starts(t.state, t.ctx, "Cara") is None   # from the second build on: the base rule


def test_other_players_may_not_build_in_a_marked_city_until_step2_s6():
    t = at_phase(marked(), "building", order=["Ann", "Bob", "Cara"])
    t.edit(lambda s: s["players"]["Cara"].update(cities=["koeln"], money=50))
    with pytest.raises(errors.IllegalBuild) as info:
        t.do("build", player="Cara", cities=["essen"])
    assert info.value.ruling["type"] == "start_city_closed" and info.value.ruling["cities"] == ["essen"]
    offer = next(a for a in t.state["next"]["actions"] if a["type"] == "build")
    assert "essen" not in {o["city"] for o in offer["cities"]} and "duesseldorf" in {o["city"] for o in offer["cities"]}
    refused = legal.build_choices(t.state, t.ctx, {"type": "build", "player": "Cara"})["refused"]
    assert {"city": "essen", "reason": "closed", "rule": "start_city_closed"} in refused
    assert "essen" in building.closed_to(t.state, t.ctx, "Cara") and "essen" not in building.closed_to(
        t.state, t.ctx, "Ann")
    t.edit(lambda s: s.update(step=2))
    t.do("build", player="Cara", cities=["essen"])     # Step 2: open like any other
    assert "essen" in t.p("Cara")["cities"]


def test_with_the_trust_its_cities_come_first_and_a_trust_house_goes_on_each_mark_s4_s6():
    t = trust_table(start_cities=True)
    offer = t.state["next"]["actions"][0]
    assert not set(TRUST_CITIES) & set(offer["cities"])
    first = t.state["order"][0]
    with pytest.raises(errors.IllegalStartCity) as info:
        t.do("start_city", player=first, city="essen")
    assert info.value.ruling["cause"] == "trust"
    events = t.do("start_city", player=first, city="bremen")
    assert [e["type"] for e in events] == ["start_city_marked", "start_city_trust"]
    t.do("start_city", player=t.state["order"][1], city="hamburg")
    trust = t.state["map"]["trust"]
    assert trust["supply"] == 8 and trust["reserved"] == ["bremen", "hamburg"]   # 16 − 6 − 2 (SJ RULES-NOTES #7)
    t = at_phase(t, "building", order=[first, t.state["order"][1]])
    t.edit(lambda s: s["players"][first].update(money=50))
    second = t.state["order"][1]
    events = t.do("build", player=second, cities=["hamburg"])           # the 10 space; the Trust's 15 is taken
    assert not [e for e in events if e["type"] == "trust_blocks"]       # no second Trust house
    trust = t.state["map"]["trust"]
    assert "hamburg" in trust["cities"] and trust["reserved"] == ["bremen"] and trust["supply"] == 8
