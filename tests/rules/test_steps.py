"""RULES.md Steps: Step 2, and Step 3 in each of its timings."""
import pytest

from referee.rules.errors import IllegalBuild
from tablekit import at_phase, deck_of, finish_phase

SEVEN = ["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln", "aachen"]


def test_step2_starts_after_phase4_and_removes_the_lowest_plant(table):
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(market=[7, 8, 9, 10, 11, 12, 14, 15]))
    deck_of(t, [20, 21, 22, 23])
    t.give("Dan", plants=[(13, {})], cities=SEVEN[:6])
    t.do("build", player="Dan", cities=["aachen"])
    assert t.state["step"] == 1
    t.draw(20)                          # plant 7 ≤ 7 cities, replaced
    # the other players may still build only one house per city in this phase
    t.give("Cara", plants=[(14, {})])
    t.rejects("build", IllegalBuild, player="Cara", cities=["essen"], match="Step 1")
    finish_phase(t)
    events = t.game.events[-1]
    assert t.events_of(events, "step2")
    low = t.events_of(events, "plant_removed")[-1]["plant"]
    assert t.events_of(events, "plant_removed")[-1]["cause"] == "step2"
    assert low not in t.state["market"] and low in t.state["removed"]
    t.draw(t.state["next"]["actions"][0]["possible"][0])
    assert t.state["step"] == 2 and t.state["phase"] == "bureaucracy"


@pytest.mark.parametrize("players,threshold", [(2, 10), (3, 7), (4, 7), (5, 7), (6, 6)])
def test_step2_city_count_by_player_count(table, players, threshold):
    cities = ["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln", "aachen",
              "bremen", "osnabrueck", "kassel"]
    for count, starts in ((threshold - 1, False), (threshold, True)):
        t = at_phase(table(players), "building")
        t.edit(lambda s: s.update(market=[20, 21, 22, 23, 24, 25, 26, 27]))
        last = t.state["order"][-1]
        t.give(last, plants=[(13, {})], cities=cities[:count])
        finish_phase(t)
        assert t.state["step2_started"] is starts


def test_short_game_never_reaches_step2(table):
    t = at_phase(table(6, short_game=True), "building")
    t.edit(lambda s: s.update(market=[20, 21, 22, 23, 24, 25, 26, 27]))
    t.give("Ann", plants=[(13, {})], cities=SEVEN[:6])
    finish_phase(t)
    assert t.state["step"] == 1 and not t.state["step2_started"]


def test_step3_card_drawn_in_the_auction_stands_highest_then_leaves_with_the_lowest(table):
    t = table(4)
    t.buy_round_one([3, 4], [13, 11])
    t.edit(lambda s: s.update(step=2, step2_started=True))
    deck_of(t, [], above=0, under=[30, 31])
    t.do("sold", player="Cara", plant=5, price=5)
    events = t.draw("step3")
    assert t.state["market"] == [6, 7, 8, 9, 10, 11, 13, "step3"]
    assert t.events_of(events, "deck_shuffled")[0]["deck"] == [30, 31]
    assert t.state["phase"] == "auction" and t.state["next"]["waiting_for"] == ["Dan"]
    t.do("sold", player="Dan", plant=6, price=6)
    t.draw(30)
    assert t.state["step"] == 3 and t.state["phase"] == "resources"
    assert t.state["market"] == [8, 9, 10, 11, 13, 30]       # 7 removed with the card, no replacement
    assert 7 in t.state["removed"]


def test_step3_card_drawn_in_the_auction_is_never_on_offer(table):
    t = table(4)
    t.edit(lambda s: s.update(market=[3, 4, 5, 6, 7, 8, 9, 10], step=2, step2_started=True))
    deck_of(t, [], above=0, under=[30])
    t.do("sold", player="Ann", plant=3, price=3)
    t.draw("step3")
    assert t.state["next"]["actions"][0]["plants"] == [4, 5, 6, 7]


def test_step3_begins_in_phase_3_when_drawn_in_phase_2(table):
    t = round_two_auction(table)
    deck_of(t, [], above=0, under=[30, 31])
    first = t.state["order"][0]
    t.do("sold", player=first, plant=t.state["market"][0], price=t.state["market"][0])
    t.draw("step3")
    for name in t.state["order"][1:]:
        t.do("pass", player=name)
    assert t.state["phase"] == "resources" and t.state["step"] == 3
    assert len(t.state["market"]) == 6


def test_step3_card_drawn_in_phase4_leaves_with_the_lowest_and_applies_from_phase5(table):
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(step=2, step2_started=True, market=[6, 10, 11, 12, 14, 15, 16, 17]))
    deck_of(t, [], above=0, under=[30, 31])
    t.give("Dan", plants=[(13, {})], cities=SEVEN[:5])
    t.do("build", player="Dan", cities=["koeln"])      # 6 cities: plant 6 removed
    t.draw("step3")
    assert t.state["market"] == [11, 12, 14, 15, 16, 17]
    assert 10 in t.state["removed"]
    assert t.state["step"] == 2 and t.state["step3_at"] == "bureaucracy"
    finish_phase(t)
    assert t.state["phase"] == "bureaucracy" and t.state["step"] == 3


def test_step3_card_drawn_in_phase5_applies_from_the_next_round(table):
    t = at_phase(table(4), "bureaucracy")
    t.edit(lambda s: s.update(step=2, step2_started=True))
    deck_of(t, [], above=0, under=[30])
    finish_phase(t)                        # refill in Step 2, plant 10 goes under, draw
    t.draw("step3")
    assert t.state["market"] == [4, 5, 6, 7, 8, 9]
    assert t.state["deck"]["shuffled"] == [10, 30]
    assert t.state["round"] == 2 and t.state["step"] == 3
    assert t.state["next"]["actions"][0]["plants"] == [4, 5, 6, 7, 8, 9]


def test_step3_card_drawn_by_the_step2_removal_makes_the_next_refill_step3(table):
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(market=[20, 21, 22, 23, 24, 25, 26, 27]))
    t.edit(lambda s: s["resources"].update(market={"coal": 0, "oil": 0, "garbage": 0, "uranium": 0},
                                           supply={"coal": 24, "oil": 24, "garbage": 24, "uranium": 12}))
    deck_of(t, [], above=0, under=[30])
    t.give("Ann", plants=[(13, {})], cities=SEVEN)
    finish_phase(t)
    t.draw("step3")                        # the Step 2 replacement is the Step 3 card
    assert t.state["market"] == [22, 23, 24, 25, 26, 27]
    assert t.state["step"] == 3 and t.state["phase"] == "bureaucracy"
    finish_phase(t)
    # 4 players, Step 3 column: 4 5 4 2
    assert t.state["resources"]["market"] == {"coal": 4, "oil": 5, "garbage": 4, "uranium": 2}


def test_step3_before_step2_applies_step2_first_including_its_removal(table):
    t = table(4)
    t.buy_round_one([3, 4, 5], [13, 11, 12])
    deck_of(t, [], above=0, under=[30, 31])
    t.do("sold", player="Dan", plant=6, price=6)
    t.draw("step3")
    events = t.game.events[-1]
    assert t.events_of(events, "step2")
    assert t.events_of(events, "step2")[0]["cause"] == "step3_card"
    # Step 2 removes 7 and draws a replacement from the shuffled deck ...
    assert 7 in t.state["removed"]
    t.draw(31)
    # ... then Step 3 removes its card and the (new) lowest plant
    assert 8 in t.state["removed"]
    assert t.state["market"] == [9, 10, 11, 12, 13, 31]
    assert t.state["step"] == 3 and t.state["step2_started"]


def round_two_auction(table):
    t = table(4)
    t.buy_round_one([3, 4, 5, 6], [13, 11, 12, 14])
    finish_phase(t)
    finish_phase(t)
    finish_phase(t)
    t.draw(15)
    t.edit(lambda s: s.update(step=2, step2_started=True))
    return t


def test_step3_card_is_never_on_offer_even_as_the_market_shrinks(table):
    t = table(6)
    t.edit(lambda s: s.update(step=2, step2_started=True))
    deck_of(t, [], above=0)
    t.do("sold", player="Ann", plant=3, price=3)
    t.draw("step3")
    for name, plant in (("Bob", 4), ("Cara", 5), ("Dan", 6), ("Eve", 7)):
        t.do("sold", player=name, plant=plant, price=plant)
    assert t.state["market"] == [8, 9, 10, "step3"]
    nominate = t.state["next"]["actions"][0]
    assert nominate["plants"] == [8, 9, 10]
    t.rejects("nominate", player="Finn", plant="step3", bid=50, match="not in the current market")


def test_step2_reached_in_the_same_phase4_as_the_step3_card_still_waits_for_the_phase_end(table):
    t = at_phase(table(4), "building", order=["Ann", "Bob", "Cara", "Dan"])
    t.edit(lambda s: s.update(market=[7, 10, 11, 12, 14, 15, 16, 17]))
    deck_of(t, [], above=0, under=[9, 30])
    t.give("Dan", plants=[(13, {})], cities=SEVEN[:6])
    t.do("build", player="Dan", cities=["aachen"])      # Step 2 reached; plant 7 removed
    t.draw("step3")                                      # card and plant 10 leave at once
    assert t.state["market"] == [11, 12, 14, 15, 16, 17]
    finish_phase(t)                                      # Step 2 after phase 4: 11 leaves, one drawn
    t.draw(9)
    assert t.state["market"] == [9, 12, 14, 15, 16, 17]
    assert t.state["step"] == 3 and t.state["phase"] == "bureaucracy"


def test_short_game_sets_the_step3_card_aside_and_stays_in_step1(table):
    t = at_phase(table(4, short_game=True), "bureaucracy")
    deck_of(t, [], above=0, under=[30, 31])
    finish_phase(t)                                      # plant 10 goes under, a card is drawn
    events = t.draw("step3")
    assert t.events_of(events, "step3_card_set_aside")
    t.draw(31)
    assert t.state["step"] == 1 and not t.state["step2_started"]
    assert t.state["market"] == [3, 4, 5, 6, 7, 8, 9, 31]


def test_short_game_plants_put_under_after_the_card_was_set_aside_come_up_again(table):
    t = at_phase(table(4, short_game=True), "bureaucracy")
    deck_of(t, [], above=0, under=[30])
    finish_phase(t)                                      # plant 10 goes under; the card comes up
    t.draw("step3")
    t.draw(30)
    assert t.state["market"] == [3, 4, 5, 6, 7, 8, 9, 30] and t.state["deck"]["shuffled"] == [10]
    at_phase(t, "bureaucracy")
    finish_phase(t)                                      # plant 30 goes under, below the shuffled 10
    assert t.state["next"]["actions"][0]["possible"] == [10]
    t.draw(10)
    at_phase(t, "bureaucracy")
    finish_phase(t)                                      # plant 10 goes under, below 30
    assert t.state["next"]["actions"][0]["possible"] == [30]


def test_step3_card_among_replacement_draws_takes_the_lowest_remaining_plant(table):
    """Plants 5 and 6 go at once for 6 cities; the first replacement is the Step 3 card, which
    leaves with the lowest plant still in the market (10, not 6), and the other card is still drawn."""
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(step=2, step2_started=True, market=[5, 6, 10, 11, 12, 14, 15, 16]))
    deck_of(t, [], above=0, under=[30, 31])
    t.give("Dan", plants=[(13, {})], cities=SEVEN[:5])
    events = t.do("build", player="Dan", cities=["koeln"])
    assert t.events_of(events, "plant_removed")[0]["plants"] == [5, 6]
    events = t.draw("step3")
    assert [e["plant"] for e in t.events_of(events, "plant_removed")] == [10]
    assert t.state["next"]["actions"][0]["possible"] == [30, 31]
    t.draw(30)
    assert t.state["market"] == [11, 12, 14, 15, 16, 30]
    assert t.state["removed"] == [5, 6, 10]
    assert t.state["step3_at"] == "bureaucracy" and t.state["next"]["waiting_for"] == ["Cara"]


def test_step3_card_as_the_second_replacement_draw_leaves_six_plants(table):
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(step=2, step2_started=True, market=[5, 6, 10, 11, 12, 14, 15, 16]))
    deck_of(t, [20], under=[30])
    t.give("Dan", plants=[(13, {})], cities=SEVEN[:5])
    t.do("build", player="Dan", cities=["koeln"])
    t.draw(20)
    t.draw("step3")
    assert t.state["market"] == [11, 12, 14, 15, 16, 20]
    assert t.state["removed"] == [5, 6, 10] and t.state["queue"] == []


def test_step3_card_among_replacement_draws_in_the_auction_stands_highest(table):
    """A replacement drawn in phase 2 at or below the most cities goes; the Step 3 card drawn for
    it stands as the highest plant until the auction ends."""
    t = table(4)
    t.edit(lambda s: s.update(step=2, step2_started=True, market=[7, 8, 9, 10, 11, 12, 13, 14]))
    t.give("Bob", cities=SEVEN[:6])
    deck_of(t, [4], under=[30, 31])
    t.do("sold", player="Ann", plant=7, price=7)
    events = t.draw(4)
    assert t.events_of(events, "plant_removed")[0]["plants"] == [4]
    t.draw("step3")
    assert t.state["market"] == [8, 9, 10, 11, 12, 13, 14, "step3"]
    assert t.state["phase"] == "auction" and t.state["next"]["waiting_for"] == ["Bob"]
