"""Every ruling carries, as fields, the cause and the numbers a reader needs (docs/actions.md §3.8, §4):
referee.rulings writes each ruling from its type and fields, never from the English `reason`."""
from tablekit import at_phase, deck_of, finish_phase

SEVEN = ["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln", "aachen"]
TOWNS = SEVEN + ["bremen", "osnabrueck", "kassel", "hannover", "hamburg", "kiel", "cuxhaven", "wilhelmshaven",
                 "flensburg", "luebeck"]


def draw_wanted(t):
    """The waiting draw as `next` offers it, and the queued task behind it."""
    (action,) = t.state["next"]["actions"]
    assert action["type"] == "draw"
    return action, t.state["queue"][0]


def test_a_draw_after_a_purchase_names_the_plant_bought_as_the_one_replaced(table):
    t = table(4)
    t.do("sold", player="Ann", plant=3, price=3)
    action, task = draw_wanted(t)
    assert (action["replacing"], action["cause"]) == (3, "bought") == (task["replacing"], task["cause"])
    assert action["possible"] == [13]
    drawn = t.events_of(t.draw(13), "plant_drawn")[0]
    assert (drawn["plant"], drawn["replacing"], drawn["cause"]) == (13, 3, "bought")


def test_each_cause_of_a_draw_is_named_with_the_plant_it_replaces(table):
    t = table(3)
    t.buy_round_one([3, 4, 5], [13, 11, 12])
    at_phase(t, "building")
    t.give("Ann", plants=[], cities=SEVEN[:5])
    t.do("build", player="Ann", cities=["koeln"])                  # 6 cities: plant 6 goes
    assert draw_wanted(t)[0]["replacing"] == 6 and draw_wanted(t)[0]["cause"] == "cities"
    t.draw(14)
    finish_phase(t)                                                # Step 2 at 7 cities is not reached
    finish_phase(t)                                                # bureaucracy: the highest goes under
    action, _ = draw_wanted(t)
    assert action["cause"] == "end_of_round"
    assert action["replacing"] == t.state["deck"]["under"][-1]


def test_no_sale_and_step2_draws_say_so(table):
    t = table(3)
    t.buy_round_one([3, 4, 5], [13, 11, 12])
    t.edit(lambda s: s.update(round=2, phase="auction", queue=[], acted=[], closing=False,
                              auction={"bought": [], "out": [], "lot": None, "sales": 0}))
    for name in list(t.state["order"]):
        t.do("pass", player=name)
    action, _ = draw_wanted(t)
    assert (action["replacing"], action["cause"]) == (6, "no_sale")
    t.draw(14)
    at_phase(t, "building")
    t.give("Ann", cities=SEVEN)
    finish_phase(t)
    action, _ = draw_wanted(t)
    assert action["cause"] == "step2" and action["replacing"] in t.state["removed"]


def test_no_draw_says_whether_the_deck_is_empty_or_the_game_is_ending(table):
    t = table(4)
    t.edit(lambda s: s["deck"].update(above=0, top=None, unseen=[], removed_unseen=0, step3_drawn=True, shuffled=[]))
    skipped = t.events_of(t.do("sold", player="Ann", plant=3, price=3), "no_draw")[0]
    assert (skipped["cause"], skipped["replacing"], skipped["draw_cause"]) == ("deck_empty", 3, "bought")

    t = at_phase(table(4), "building")
    t.edit(lambda s: s.update(market=[16, 17, 18, 19, 20, 21, 22, 23]))
    t.give("Dan", plants=[(13, {})], cities=TOWNS[:16])
    events = t.do("build", player="Dan", cities=["wiesbaden"])
    assert [(e["cause"], e["replacing"], e["draw_cause"]) for e in t.events_of(events, "no_draw")] == \
        [("game_ending", 16, "cities"), ("game_ending", 17, "cities")]
    reached = t.events_of(events, "game_end_reached")[0]
    assert (reached["player"], reached["cities"], reached["end"]) == ("Dan", 17, 17)


def test_a_plant_bought_says_how_it_was_won(table):
    t = table(3)
    t.do("nominate", player="Ann", plant=4, bid=5)
    t.do("bid", player="Bob", amount=6)
    t.do("pass_bid", player="Cara")
    won = t.events_of(t.do("pass_bid", player="Ann"), "plant_bought")[0]
    assert (won["player"], won["price"], won["how"]) == ("Bob", 6, "auction")
    t.draw(13)
    t.do("nominate", player="Ann", plant=3)
    t.do("pass_bid", player="Cara")
    t.draw(11)
    last = t.events_of(t.do("nominate", player="Cara", plant=5, bid=7), "plant_bought")[0]
    assert (last["player"], last["price"], last["how"]) == ("Cara", 7, "unopposed")
    assert t.events_of(table(3).do("sold", player="Ann", plant=3, price=9), "plant_bought")[0]["how"] == "sold"


def test_bids_and_passes_in_an_auction_name_the_plant(table):
    t = table(3)
    t.do("nominate", player="Ann", plant=4)
    assert t.do("bid", player="Bob", amount=6)[0]["plant"] == 4
    assert t.do("pass_bid", player="Cara")[0]["plant"] == 4


def test_turn_order_says_which_rule_set_it(table):
    assert table(3).game.events[0][0]["rule"] == "lot"
    assert table(3, order=None, seed=7).game.events[0][0]["rule"] == "seed"
    t = table(3)
    events = []
    for name, plant, card in zip(list(t.state["order"]), [3, 4, 5], [13, 11, 12]):
        t.do("sold", player=name, plant=plant, price=plant)
        events += t.draw(card)
    assert [e["rule"] for e in t.events_of(events, "turn_order")] == ["plants"]
    finish_phase(t)
    finish_phase(t)
    finish_phase(t)
    events = t.draw(t.state["next"]["actions"][0]["possible"][0])
    assert [e["rule"] for e in t.events_of(events, "turn_order")] == ["cities"]


def test_step2_names_who_reached_how_many_cities_and_the_threshold(table):
    t = at_phase(table(4), "building")
    t.give("Bob", plants=[(13, {})], cities=SEVEN)
    t.give("Cara", plants=[(14, {})], cities=["bremen"])
    step2 = t.events_of(sum((t.do("pass", player=n) for n in reversed(t.state["order"])), []), "step2")[0]
    assert (step2["cause"], step2["players"], step2["cities"], step2["threshold"]) == ("cities", ["Bob"], 7, 7)


def test_step2_brought_by_the_step3_card_says_so(table):
    t = table(4)
    t.buy_round_one([3, 4, 5], [13, 11, 12])
    deck_of(t, [], above=0, under=[30, 31])
    t.do("sold", player="Dan", plant=6, price=6)
    step2 = t.events_of(t.draw("step3"), "step2")[0]
    assert step2["cause"] == "step3_card" and "players" not in step2


def test_a_pass_names_its_phase(table):
    t = at_phase(table(3), "resources")
    assert t.do("pass", player=t.state["next"]["waiting_for"][0])[0]["phase"] == "resources"
    t = at_phase(table(3), "building")
    assert t.do("pass", player=t.state["next"]["waiting_for"][0])[0]["phase"] == "building"


def test_a_discard_gives_the_plant_limit(table):
    t = table(3)
    t.give("Ann", plants=[(4, {}), (8, {}), (9, {})])
    t.do("sold", player="Ann", plant=3, price=3)
    t.draw(13)
    assert t.do("discard", player="Ann", plant=4)[0]["limit"] == 3


def test_a_refill_gives_the_supply_and_the_room_that_limited_it(table):
    t = at_phase(table(4), "bureaucracy")
    # an edition may hold more cubes than market spaces, so the room can be what runs short
    t.edit(lambda s: s["resources"].update(market={"coal": 22, "oil": 24, "garbage": 6, "uranium": 2},
                                           supply={"coal": 10, "oil": 3, "garbage": 1, "uranium": 0}))
    finish_phase(t)
    refill = {e["resource"]: e for e in t.events_of(t.game.events[-1], "refill")}
    assert {r: (e["due"], e["added"], e["supply"], e["room"]) for r, e in refill.items()} == \
        {"coal": (5, 2, 10, 2), "oil": (3, 0, 3, 0), "garbage": (2, 1, 1, 18), "uranium": (1, 0, 0, 10)}


def test_a_build_lists_each_city_with_the_city_it_connects_from_and_its_costs(table):
    t = at_phase(table(3), "building")
    t.give("Cara", plants=[(13, {})], cities=["essen"])
    built = t.do("build", player="Cara", cities=["duesseldorf", "koeln"])[0]
    assert built["builds"] == [{"city": "duesseldorf", "from": "essen", "connection": 2, "house": 10},
                               {"city": "koeln", "from": "duesseldorf", "connection": 4, "house": 10}]
    assert sum(b["connection"] + b["house"] for b in built["builds"]) == built["cost"]
    first = at_phase(table(3), "building").do("build", player="Cara", cities=["essen"])[0]
    assert first["builds"] == [{"city": "essen", "from": None, "connection": 0, "house": 10}]
