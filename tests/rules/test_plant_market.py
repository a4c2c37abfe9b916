"""RULES.md: market removals at any time, the end-of-round plant market."""
from tablekit import TOWNS, at_phase, deck_of, finish_phase


def test_all_plants_at_or_below_most_cities_removed_at_once(table):
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(market=[6, 7, 8, 9, 10, 11, 12, 14]))
    deck_of(t, [4, 15, 16, 17, 18])
    t.give("Dan", plants=[(13, {})], cities=["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln"])
    events = t.do("build", player="Dan", cities=["aachen"])
    removed = t.events_of(events, "plant_removed")
    assert [{k: v for k, v in e.items() if k != "reason"} for e in removed] == [
        {"type": "plant_removed", "plants": [6, 7], "player": "Dan", "cities": 7, "draws": 2, "cause": "cities"}]
    assert t.state["market"] == [8, 9, 10, 11, 12, 14] and t.state["removed"] == [6, 7]
    assert [(task["task"], task["replacing"], task["cause"]) for task in t.state["queue"]] == [
        ("draw", 6, "cities"), ("draw", 7, "cities")]


def test_each_replacement_card_at_or_below_most_cities_is_removed_in_turn(table):
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(market=[6, 7, 8, 9, 10, 11, 12, 14]))
    deck_of(t, [4, 15, 16, 17, 18])
    t.give("Dan", plants=[(13, {})], cities=["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln"])
    t.do("build", player="Dan", cities=["aachen"])
    events = t.draw(4)              # drawn, and at once removed in its turn
    assert [(e["plants"], e["draws"]) for e in t.events_of(events, "plant_removed")] == [([4], 1)]
    assert t.events_of(events, "plant_removed")[0]["player"] == "Dan"
    t.draw(15)
    t.draw(16)
    assert t.state["market"] == [8, 9, 10, 11, 12, 14, 15, 16]
    assert t.state["removed"] == [6, 7, 4]
    assert t.state["next"]["waiting_for"] == ["Cara"]


def test_no_cards_drawn_for_plants_removed_once_the_end_is_reached(table):
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(market=[16, 17, 18, 19, 20, 21, 22, 23]))
    t.give("Dan", plants=[(13, {})], cities=TOWNS[:16])
    events = t.do("build", player="Dan", cities=["wiesbaden"])
    removed = t.events_of(events, "plant_removed")[0]
    assert (removed["plants"], removed["draws"]) == ([16, 17], 0)
    assert (removed["player"], removed["cities"]) == ("Dan", 17)
    assert len(t.events_of(events, "no_draw")) == 2 and t.state["market"] == [18, 19, 20, 21, 22, 23]


def test_replacement_draws_are_limited_by_what_is_left_in_the_deck(table):
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(step=3, step2_started=True, market=[6, 7, 20, 21, 22, 23]))
    t.edit(lambda s: s["deck"].update(step3_drawn=True, shuffled=[30], above=0, unseen=[], removed_unseen=0))
    t.give("Dan", plants=[(13, {})], cities=["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln"])
    events = t.do("build", player="Dan", cities=["aachen"])
    assert t.events_of(events, "plant_removed")[0]["draws"] == 1
    events = t.draw(30)
    assert t.events_of(events, "no_draw")[0]["cause"] == "deck_empty"
    assert t.state["market"] == [20, 21, 22, 23, 30]


def test_plants_players_own_are_never_removed_by_city_count(table):
    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(market=[20, 21, 22, 23, 24, 25, 26, 27]))
    t.give("Cara", plants=[(6, {})])
    t.give("Dan", plants=[(13, {})], cities=["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln"])
    t.do("build", player="Dan", cities=["aachen"])
    assert [pl["number"] for pl in t.p("Cara")["plants"]] == [6]
    assert t.state["removed"] == []


def test_end_of_round_in_steps_1_and_2_the_highest_plant_goes_under_the_deck(table):
    t = at_phase(table(4), "bureaucracy")
    deck_of(t, [20, 21, 22])
    events = []
    for name in list(t.state["order"]):
        events += t.do("power", player=name)
    under = t.events_of(events, "plant_under_deck")
    assert under[0]["plant"] == 10 and t.state["deck"]["under"] == [10]
    t.draw(21)
    assert t.state["market"] == [3, 4, 5, 6, 7, 8, 9, 21]
    assert t.state["round"] == 2 and t.state["phase"] == "auction"


def test_end_of_round_in_step3_the_lowest_plant_leaves_and_one_is_drawn(table):
    t = at_phase(table(4), "bureaucracy")
    t.edit(lambda s: s.update(step=3, step2_started=True, market=[20, 21, 22, 23, 24, 25]))
    t.edit(lambda s: s["deck"].update(step3_drawn=True, shuffled=[30, 31], above=0, unseen=[], removed_unseen=0))
    finish_phase(t)
    assert 20 in t.state["removed"]
    t.draw(31)
    assert t.state["market"] == [21, 22, 23, 24, 25, 31]


def test_end_of_round_in_step3_with_an_empty_deck_removes_only(table):
    t = at_phase(table(4), "bureaucracy")
    t.edit(lambda s: s.update(step=3, step2_started=True, market=[20, 21, 22, 23, 24, 25]))
    t.edit(lambda s: s["deck"].update(step3_drawn=True, shuffled=[], above=0, unseen=[], removed_unseen=0))
    finish_phase(t)
    assert t.state["market"] == [21, 22, 23, 24, 25]
    assert t.state["phase"] == "auction"
