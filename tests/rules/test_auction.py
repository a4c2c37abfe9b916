"""RULES.md phase 2: the auction."""

from referee.rules.errors import (CannotAfford, InvalidBid, NotAvailable, NotYourTurn, WrongPhase)


def test_opening_bid_must_be_at_least_the_plant_number(table):
    t = table(4)
    t.edit(lambda s: s.update(market=[13, 14, 15, 16, 17, 18, 19, 20]))
    err = t.rejects("nominate", InvalidBid, player="Ann", plant=13, bid=12)
    assert err.message == "bid 12 is below plant 13's minimum of 13"


def test_only_current_market_plants_can_be_auctioned(table):
    t = table(4)
    err = t.rejects("nominate", NotAvailable, player="Ann", plant=7, bid=7)
    assert "open to auction: 3, 4, 5, 6" in err.message


def test_only_the_first_player_without_a_plant_opens(table):
    t = table(4)
    err = t.rejects("nominate", NotYourTurn, player="Bob", plant=3, bid=3)
    assert "Ann's turn" in err.message


def test_bidding_goes_clockwise_and_a_raise_must_beat_the_bid(table):
    t = table(4, order=["Cara", "Ann", "Bob", "Dan"])
    t.do("nominate", player="Cara", plant=4, bid=4)
    # clockwise from Cara by seat: Dan, Ann, Bob
    assert t.state["auction"]["lot"]["turn"] == "Dan"
    t.rejects("bid", NotYourTurn, player="Ann", amount=5)
    err = t.rejects("bid", InvalidBid, player="Dan", amount=4)
    assert "at least 5" in err.message
    t.do("bid", player="Dan", amount=5)
    assert t.state["auction"]["lot"]["turn"] == "Ann"
    assert t.state["next"]["actions"][0] == {"type": "bid", "player": "Ann", "plant": 4, "min": 6, "max": 50}


def test_a_pass_in_an_auction_is_final_for_that_auction(table):
    t = table(4)
    t.do("nominate", player="Ann", plant=3, bid=3)
    t.do("pass_bid", player="Bob")
    t.do("bid", player="Cara", amount=4)
    t.do("bid", player="Dan", amount=5)
    t.do("bid", player="Ann", amount=6)
    assert t.state["auction"]["lot"]["turn"] == "Cara"       # Bob is skipped
    t.do("pass_bid", player="Cara")
    t.do("pass_bid", player="Dan")
    assert t.p("Ann")["plants"] == [{"number": 3, "stored": {}}]
    assert t.p("Ann")["money"] == 44


def test_a_bid_may_not_exceed_the_bidders_money(table):
    t = table(4)
    t.give("Bob", money=5)
    t.do("nominate", player="Ann", plant=3, bid=3)
    err = t.rejects("bid", CannotAfford, player="Bob", amount=6)
    assert "has only 5" in err.message


def test_winner_pays_the_bank_and_a_new_plant_is_drawn_and_the_market_resorted(table):
    t = table(4)
    events = t.do("sold", player="Ann", plant=6, price=9)
    assert t.p("Ann")["money"] == 41
    assert t.state["next"]["actions"][0]["type"] == "draw"
    t.rejects("sold", WrongPhase, player="Bob", plant=3, price=3)   # the draw comes first
    t.draw(13)
    assert t.state["market"] == [3, 4, 5, 7, 8, 9, 10, 13]
    assert {k: events[0][k] for k in ("type", "player", "plant", "price")} == {
        "type": "plant_bought", "player": "Ann", "plant": 6, "price": 9}


def test_each_player_buys_at_most_one_plant_a_round(table):
    t = table(4)
    t.do("sold", player="Ann", plant=3, price=3)
    t.draw(13)
    err = t.rejects("sold", NotYourTurn, player="Ann", plant=4, price=4)
    assert "already bought" in err.message


def test_the_opener_who_did_not_win_chooses_again(table):
    t = table(4)
    t.do("nominate", player="Ann", plant=3, bid=3)
    t.do("bid", player="Bob", amount=4)
    for name in ("Cara", "Dan", "Ann"):
        t.do("pass_bid", player=name)
    t.draw(13)
    assert t.state["next"]["waiting_for"] == ["Ann"]
    assert t.state["next"]["actions"][0]["type"] == "nominate"


def test_players_who_bought_do_not_bid_again_this_round(table):
    t = table(4)
    t.do("sold", player="Bob", plant=3, price=3)
    t.draw(13)
    t.do("nominate", player="Ann", plant=4, bid=4)
    assert t.state["auction"]["lot"]["bidders"] == ["Ann", "Cara", "Dan"]


def test_the_last_player_without_a_plant_buys_at_the_opening_bid(table):
    t = table(4)
    t.buy_round_one([3, 4, 5], [13, 11, 12])
    events = t.do("nominate", player="Dan", plant=6, bid=6)
    assert t.events_of(events, "plant_bought")[0]["price"] == 6


def test_round_one_every_player_must_buy_a_plant(table):
    t = table(4)
    err = t.rejects("pass", WrongPhase, player="Ann")
    assert "every player must buy" in err.message


def test_round_one_order_is_resorted_by_plant_number_highest_first(table):
    t = table(4)
    t.buy_round_one([3, 7, 5, 4], [13, 11, 12, 14])
    assert t.state["order"] == ["Bob", "Cara", "Dan", "Ann"]
    assert t.state["phase"] == "resources"
    assert t.state["next"]["waiting_for"] == ["Ann"]      # reverse order in phase 3


def test_passing_the_choice_puts_a_player_out_of_every_auction_this_round(table):
    t = round_two(table)
    first = t.state["order"][0]
    t.do("pass", player=first)
    assert first in t.state["auction"]["out"]
    t.do("nominate", player=t.state["order"][1], plant=t.state["market"][0], bid=t.state["market"][0])
    assert first not in t.state["auction"]["lot"]["bidders"]


def test_no_plant_sold_in_a_round_removes_the_lowest_plant(table):
    t = round_two(table)
    low = t.state["market"][0]
    for name in list(t.state["order"]):
        t.do("pass", player=name)
    assert low in t.state["removed"]
    assert t.state["next"]["actions"][0]["type"] == "draw"


def test_fourth_plant_discards_one_of_the_others_and_keeps_what_fits(table):
    t = table(3)
    t.give("Ann", plants=[(4, {"coal": 4}), (8, {"coal": 2}), (9, {"oil": 2})])
    t.do("sold", player="Ann", plant=5, price=5)
    t.draw(13)
    assert t.state["next"]["actions"] == [{"type": "discard", "player": "Ann", "plants": [4, 8, 9]}]
    err = t.rejects("discard", NotAvailable, player="Ann", plant=5)
    assert "plant 5 was just bought" in err.message
    t.rejects("sold", WrongPhase, player="Bob", plant=3, price=3)
    events = t.do("discard", player="Ann", plant=4)
    # 8 stores 6 coal (holds 2) and the new hybrid 5 stores 4: all 4 coal can stay
    assert sum(pl["stored"].get("coal", 0) for pl in t.p("Ann")["plants"]) == 6
    assert 4 in t.state["removed"]
    assert (events[0]["kept"], events[0]["returned"]) == ({"coal": 4}, {})


def test_discarded_plant_resources_may_return_to_the_supply_by_choice(table):
    t = table(3)
    t.give("Ann", plants=[(4, {"coal": 4}), (8, {"coal": 2}), (9, {"oil": 2})])
    supply = t.state["resources"]["supply"]["coal"]
    t.do("sold", player="Ann", plant=5, price=5)
    t.draw(13)
    t.do("discard", player="Ann", plant=4, keep={"coal": 1})
    assert t.state["resources"]["supply"]["coal"] == supply + 3
    assert t.state["resources"]["market"]["coal"] == 18   # returned cubes go to the supply, not the market


def test_discard_keep_beyond_room_is_refused(table):
    t = table(3)
    t.give("Ann", plants=[(7, {"oil": 6}), (8, {"coal": 6}), (9, {"oil": 2})])
    t.do("sold", player="Ann", plant=4, price=4)
    t.draw(13)
    err = t.rejects("discard", player="Ann", plant=7, keep={"oil": 3})
    assert "at most nothing" in err.message
    t.do("discard", player="Ann", plant=7)
    assert t.state["resources"]["supply"]["oil"] == 6


def test_two_players_may_own_four_plants(table):
    t = table(2)
    t.give("Ann", plants=[(4, {}), (8, {}), (9, {})])
    t.do("sold", player="Ann", plant=5, price=5)
    t.draw(13)
    assert len(t.p("Ann")["plants"]) == 4
    assert t.state["next"]["actions"][0]["type"] == "nominate"


def test_quick_entry_checks_price_and_money(table):
    t = table(4)
    t.rejects("sold", InvalidBid, player="Cara", plant=6, price=5)
    t.give("Cara", money=5)
    t.rejects("sold", CannotAfford, player="Cara", plant=6, price=6)
    t.rejects("sold", player="Zed", plant=6, price=6, match="unknown player 'Zed'")


def round_two(table):
    """A 4-player Germany game at the start of round 2's auction."""
    t = table(4)
    t.buy_round_one([3, 4, 5, 6], [13, 11, 12, 14])
    for name in reversed(t.state["order"]):
        t.do("pass", player=name)
    for name in reversed(t.state["order"]):
        t.do("pass", player=name)
    for name in list(t.state["order"]):
        t.do("power", player=name)
    t.draw(15)
    assert t.state["round"] == 2 and t.state["phase"] == "auction"
    return t
