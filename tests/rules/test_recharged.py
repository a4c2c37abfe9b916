"""Power Grid: Recharged, one test per rule of the digest /work/shared/recharged.md (its sections cited
as §N), on the edition maps/editions/recharged.toml and its rules (referee/maprules/discount_token.py,
against_the_trust.py, uranium_phase_out.py, coal_storage.py; referee/catalog/edition_*.py; docs/editions.md)."""
import json

import pytest

from referee.catalog import load_edition, load_map
from referee.game import Game, replay
from referee.rules.errors import BadSetup, ImpossibleDraw, InvalidBid, IllegalBuild
from rechargedkit import (DEALT, TRUST_CITIES, coal_storage, discount_bought, discount_undercut, discount_unsold,
                          recharged_table, shared_win_on_money, trust_fuel_and_blocks, trust_passes,
                          trust_phase_out, trust_round_one, trust_table, uranium_phase_out)
from referee.rules.deck import possible_draws as deck_possible
from tablekit import Table, at_phase, finish_phase, setup_line

PLUG = list(range(3, 16))


def types(events):
    return [e["type"] for e in events]


def all_events(t):
    return [e for ev in t.game.events for e in ev]


# --- §1 Deck building (plug/socket backs) ---

def test_card_set_is_unchanged_s1():
    """§1: the same 42 plants as the original, same values."""
    assert load_edition("recharged").plants == load_edition("original").plants


def test_opening_market_is_the_eight_dealt_plug_plants_lowest_four_current_s1():
    """§1 step 1: 8 plug plants dealt face up, sorted; the 4 lowest are the current market."""
    t = recharged_table(dealt=[15, 3, 9, 11, 4, 12, 14, 6])
    assert t.state["market"] == [3, 4, 6, 9, 11, 12, 14, 15]
    assert t.state["next"]["actions"][0]["plants"] == [3, 4, 6, 9]


def test_dealt_plants_must_be_eight_distinct_plug_plants_s1():
    """§1 step 1: only plants 03–15 are dealt, eight of them."""
    for dealt, words in (([3, 4, 5, 6, 7, 8, 9, 16], "16 is not a plug plant"),
                         ([3, 4, 5, 6, 7, 8, 9], "8 plug plants are dealt face up; 7 given"),
                         ([3, 3, 5, 6, 7, 8, 9, 10], "listed twice")):
        with pytest.raises(BadSetup, match=words):
            Game(setup_line(3, edition="recharged", dealt=dealt))


def test_without_dealt_a_seed_lets_the_engine_deal_and_the_setup_keeps_the_deal_s1():
    """§1: the table deals; with a seed the engine may deal instead (tests, demos), and the normalised
    setup records what was dealt so the log replays without the seed's help."""
    line = {**setup_line(3), "edition": "recharged", "seed": 11}
    del line["order"]
    game = Game(line)
    dealt = game.setup["dealt"]
    assert len(dealt) == 8 and set(dealt) <= set(PLUG) and game.state["market"] == dealt
    assert Game(line).setup["dealt"] == dealt        # the same seed deals the same
    with pytest.raises(BadSetup, match="give the 8 plug plants dealt"):
        Game(setup_line(3, edition="recharged"))


def test_the_top_card_is_an_unknown_plug_plant_s1():
    """§1 step 2: one more plug plant lies face down on top: the next card can only be a plug plant
    not dealt; its back is visible ("plug")."""
    t = recharged_table()
    deck = t.state["deck"]
    assert deck["top"] is None and deck["backs"]["next"] == ["plug"]
    t.do("sold", player="Ann", plant=8, price=8)
    err = t.rejects("draw", ImpossibleDraw, card=20)
    assert "possible: 3, 4, 13, 14, 15" in err.message


@pytest.mark.parametrize("players, body", [(2, (3, 24)), (3, (2, 23)), (4, (3, 26)), (5, (4, 29)), (6, (4, 29))])
def test_removals_by_player_count_leave_the_body_by_back_s1(players, body):
    """§1 step 4 table: plug/socket removed 1+5, 2+6, 1+3, 0+0; the body is 42 − 9 − removed (with the
    plug on top counted apart): 27/25/29/33 cards + 1."""
    t = recharged_table(players, trust=False) if players == 2 else recharged_table(players)
    deck = t.state["deck"]
    assert deck["backs"]["layers"] == [{"plug": 1, "socket": 0}, {"plug": body[0], "socket": body[1]}]
    assert deck["above"] == 1 + sum(body) == {2: 27, 3: 25, 4: 29, 5: 33, 6: 33}[players] + 1
    assert deck["removed_unseen"] == {2: 6, 3: 8, 4: 4, 5: 0, 6: 0}[players]


def test_after_the_top_plug_the_next_back_can_be_either_and_a_spent_back_cannot_come_s1():
    """§1: everyone sees the next card's back; the engine knows how many plug cards the body still holds."""
    t = recharged_table(3)     # body: 2 plug, 23 socket
    t.do("sold", player="Ann", plant=8, price=8)
    t.draw(13)
    assert t.state["deck"]["backs"]["next"] == ["plug", "socket"]
    t.do("sold", player="Bob", plant=7, price=7)
    t.draw(14)
    t.do("sold", player="Cara", plant=6, price=6)
    t.draw(15)                 # the body's second and last plug card
    assert t.state["deck"]["backs"]["next"] == ["socket"]
    t.rejects("draw", ImpossibleDraw, card=3)


def test_step3_card_lies_under_the_stack_s1():
    """§1 step 5: the Step 3 card under the stack; cards put under go below it."""
    t = recharged_table(5)
    assert t.state["deck"]["above"] == 34 and not t.state["deck"]["step3_drawn"]


def test_a_map_with_its_own_plant_setup_keeps_it_s7():
    """§7 (a reading, docs/editions.md): the British Isles' prepared deck (Step 3 card third from the
    bottom) stays, as the edition gives the map no deal of its own; nothing is dealt."""
    line = {**setup_line(3), "map": "ukireland", "areas": _areas("ukireland", 3), "edition": "recharged"}
    game = Game(line)
    assert "dealt" not in game.setup and game.state["market"] == [3, 4, 5, 6, 7, 8, 9, 10]
    assert game.state["deck"]["prepared"] and "backs" not in game.state["deck"]
    with pytest.raises(BadSetup, match="keeps its own plant setup"):
        Game({**line, "dealt": DEALT})


def _areas(board, players):
    from mapkit import board_setup
    return board_setup(players, board)["areas"]


# --- §2 The discount token ---

def test_token_goes_on_the_lowest_current_plant_at_the_start_of_phase_2_s2():
    """§2.1: every round, round 1 included."""
    t = recharged_table()
    assert t.state["map"]["discount"] == 5 and "discount_placed" in types(t.game.events[0])


def test_discounted_plant_minimum_bid_is_1_s2():
    """§2.1: the token's plant opens at 1; others at their number; 0 is refused."""
    t = recharged_table()
    assert t.state["next"]["actions"][0]["minimum"] == [[5, 1]]
    t.rejects("nominate", InvalidBid, player="Ann", plant=5, bid=0)
    t.rejects("nominate", InvalidBid, player="Ann", plant=6, bid=1)
    t.do("nominate", player="Ann", plant=5, bid=1)
    assert t.state["auction"]["lot"]["bid"] == 1


def test_last_bidder_left_pays_the_minimum_s2():
    """§2.1 (TL test_last_player_pays_the_minimum): everyone else passes, the opener pays 1."""
    t = recharged_table()
    t.do("nominate", player="Ann", plant=5, bid=1)
    t.do("pass_bid", player="Bob")
    t.do("pass_bid", player="Cara")
    assert t.p("Ann")["money"] == 49


def test_bought_discount_plant_takes_the_token_off_for_the_round_s2():
    """§2.2."""
    t = discount_bought()
    assert t.state["map"]["discount"] is None and "discount_bought" in types(t.game.events[-1])


def test_lower_replacement_leaves_with_the_token_and_is_redrawn_once_s2():
    """§2.3 (TL test_smaller_replacement_is_removed_with_the_token; §8.8): the drawn 3 and the token
    leave; another card is drawn at once and not checked again; 5 becomes ordinary."""
    t = discount_undercut()
    assert t.state["map"]["discount"] is None and 3 in t.state["removed"] and 3 not in t.state["market"]
    assert t.state["queue"][0]["cause"] == "discount"
    t.draw(4)                  # lower than 5 too, but the token is gone
    assert 4 in t.state["market"] and "discount_undercut" not in types(t.game.events[-1])
    from referee.rules.auction import minimum_bid
    assert minimum_bid(t.state, t.ctx, 5) == 5


def test_unsold_discount_plant_leaves_at_the_end_of_the_auction_s2():
    """§2.4: removed and replaced once; the replacement is not checked."""
    t = discount_unsold()
    assert 5 in t.state["removed"] and t.state["queue"][0]["cause"] == "discount_unsold"
    t.draw(3)                  # lower, but no token: it stays
    assert 3 in t.state["market"] and t.state["phase"] == "resources"


def test_no_separate_nobody_bought_removal_s2():
    """§2 (§8.9): in a round where everyone passes, only the discounted plant leaves."""
    t = discount_unsold()
    t.draw(30)
    t.edit(lambda s: s.update(phase="auction", round=2, auction={"bought": [], "out": [], "lot": None, "sales": 0})
           or s["map"].update(discount=s["market"][0]) or s.update(acted=[], queue=[], closing=False))
    low = t.state["market"][0]
    for name in list(t.state["order"]):
        t.do("pass", player=name)
    events = t.game.events[-1]
    assert types(events).count("discount_unsold") == 1 and "plant_removed" not in types(events)
    assert t.state["removed"].count(low) == 1


def test_no_removal_of_plants_at_or_below_the_most_cities_s2():
    """§2 R1 (§8.7): a plant numbered below the leader's city count stays and may be bought."""
    t = at_phase(recharged_table(), "building")
    t.give("Ann", plants=[(13, {})], cities=["essen", "duisburg", "dortmund", "muenster", "duesseldorf"])
    t.do("build", player="Cara", cities=["bremen"])
    assert t.state["market"][:2] == [5, 6]


def test_token_removal_comes_before_a_step3_removal_s2():
    """§2 Interaction: a Step 3 card drawn in phase 2: first the unsold discount plant leaves and is
    replaced, then the lowest plant and the Step 3 card leave."""
    t = recharged_table()
    t.edit(lambda s: s["deck"].update(above=0, step3_drawn=False, under=[30, 31, 32], unseen=[], removed_unseen=0,
                                      backs={"plug": PLUG, "layers": [], "next": []}) or s.update(step=2,
                                                                                                  step2_started=True))
    t.do("sold", player="Ann", plant=8, price=8)
    t.draw("step3")
    t.do("sold", player="Bob", plant=7, price=7)
    t.draw(30)
    t.do("sold", player="Cara", plant=6, price=6)
    t.draw(31)
    events = t.game.events[-1]
    assert types(events)[-3:] == ["plant_drawn", "turn_order", "discount_unsold"]
    t.draw(32)
    after = types(t.game.events[-1])
    assert after.index("plant_removed") < after.index("step3")
    assert t.state["step"] == 3 and len(t.state["market"]) == 6


def test_token_in_step3_goes_on_the_lowest_of_six_s2():
    t = recharged_table()
    t.edit(lambda s: s.update(step=3, market=[20, 21, 22, 23, 24, 25]))
    from referee.maprules import discount_token
    discount_token._place(t.state, t.ctx, {})
    assert t.state["map"]["discount"] == 20


def test_token_is_off_on_china_russia_and_baden_wurttemberg_s2():
    """§2 end (BG plantDiscountActive)."""
    for board in ("china", "russia", "badenwurttemberg"):
        assert "discount_token" not in load_edition("recharged", map=load_map(board)).rules
    assert "discount_token" in load_edition("recharged", map=load_map("japan")).rules


# --- §3 Resources ---

def test_garbage_starts_with_nine_and_the_rest_is_unchanged_s3():
    e, o = load_edition("recharged"), load_edition("original")
    assert e.market_start == {"coal": 24, "oil": 18, "garbage": 9, "uranium": 2}
    assert (e.refill, e.income, e.market_slots, e.totals, e.starting_money) == \
        (o.refill, o.income, o.market_slots, o.totals, o.starting_money)
    assert recharged_table().state["resources"]["market"]["garbage"] == 9


# --- §4 Player counts, the Trust ---

def test_player_count_table_s4():
    """§4 (§8.1): 2p Step 2 at 7, end 18, 3 plants; the rest as the original."""
    counts = load_edition("recharged").player_counts
    assert [(c.areas, c.step2, c.end, c.max_plants) for c in counts.values()] == \
        [(3, 7, 18, 3), (3, 7, 17, 3), (4, 7, 17, 3), (5, 7, 15, 3), (5, 6, 14, 3)]


def test_the_trust_plays_by_default_with_two_players_and_can_be_left_out_s4():
    """§8.2: a setup option defaulting to on for Recharged 2p."""
    assert trust_table().game.setup["trust"] is True
    off = recharged_table(2, trust=False)
    assert off.game.setup["trust"] is False and "trust" not in off.state["map"]
    with pytest.raises(BadSetup, match="only with 2 players"):
        recharged_table(3, trust=True)


def test_trust_starting_cities_are_joined_in_placement_order_s4():
    """§4 Setup: each placement adjacent to an earlier Trust house."""
    with pytest.raises(BadSetup, match="not joined by a connection"):
        recharged_table(2, trust_cities=["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "bremen"])
    t = trust_table()
    assert t.state["map"]["trust"]["cities"] == TRUST_CITIES and t.state["map"]["trust"]["supply"] == 10


def test_trust_cities_are_full_in_step1_and_open_at_15_in_step2_s4():
    t = at_phase(trust_table(), "building", order=["Ann", "Bob"])
    err = t.rejects("build", IllegalBuild, player="Bob", cities=["essen"])
    assert "full" in err.message or "houses" in err.message
    t.edit(lambda s: s.update(step=2, step2_started=True))
    t.do("build", player="Bob", cities=["essen"])
    assert t.game.events[-1][0]["builds"][0]["house"] == 15


def test_trust_takes_the_highest_current_plant_after_the_first_player_s4():
    """§4 Phase 2 and §8.4 (reading "in_order", SJ): once the first player has bought."""
    t = trust_round_one()
    assert t.state["map"]["trust"]["plants"] == [9]
    assert t.state["queue"][0]["cause"] == "trust"


def test_trust_takes_nothing_when_the_plant_is_not_above_its_smallest_s4():
    t = trust_passes()
    assert t.state["map"]["trust"]["plants"] == [40, 42, 44] and "trust_passes" in types(t.game.events[-1])


def test_trust_takes_its_plant_after_the_first_sale_by_anyone_with_first_sale_s8():
    """§8.4 (TL's reading, the option "first_sale"): Bob wins the first auction, the Trust takes at once."""
    t = trust_table(trust_takes="first_sale")
    t.do("nominate", player="Ann", plant=6, bid=6)
    t.do("bid", player="Bob", amount=7)
    t.do("pass_bid", player="Ann")
    t.draw(13)
    assert t.state["map"]["trust"]["plants"]
    u = trust_table()
    u.do("nominate", player="Ann", plant=6, bid=6)
    u.do("bid", player="Bob", amount=7)
    u.do("pass_bid", player="Ann")
    u.draw(13)
    assert not u.state["map"]["trust"]["plants"]     # in_order: Ann (first) has not bought yet


def test_trust_takes_fuel_for_one_run_and_returns_it_in_phase_5_s4():
    t = trust_fuel_and_blocks()
    fuel = [e for e in all_events(t) if e["type"] == "trust_fuel"]
    assert fuel and fuel[0]["amounts"] == {"oil": 1}    # plant 9 burns 1 oil
    back = [e for e in all_events(t) if e["type"] == "trust_fuel_returned"]
    assert back and back[0]["amounts"] == {"oil": 1} and t.state["map"]["trust"]["fuel"] == {}


def test_building_in_an_empty_city_places_a_blocking_trust_house_s4():
    """§4 Phase 4: a Trust house on the 15 space; the city is full until Step 3."""
    t = trust_fuel_and_blocks()
    assert t.state["map"]["trust"]["cities"][6:] == ["hamburg", "bremen"] and t.state["map"]["trust"]["supply"] == 8
    from referee.rules.state import houses_in
    assert houses_in(t.state, "hamburg") == 2


def test_trust_houses_never_start_step2_or_end_the_game_s4():
    """§4 Phase 4: 18 Trust houses, a player with 1 city: after phase 4 neither Step 2 nor the end."""
    t = at_phase(trust_table(), "building", order=["Ann", "Bob"])
    many = sorted(t.ctx.map.cities_in(t.ctx.areas) - {"bremen"})[:18]
    t.edit(lambda s: s["map"]["trust"].update(cities=many))
    t.do("build", player="Bob", cities=["bremen"])
    t.do("pass", player="Ann")
    assert t.state["step"] == 1 and t.state["phase"] == "bureaucracy" and not t.state["step2_started"]


def test_trust_refill_row_option_s8():
    """§8.3: the 2-player row by default, the 3-player row with trust_refill 3."""
    t = at_phase(trust_table(trust_refill=3), "bureaucracy")
    t.edit(lambda s: s["resources"]["market"].update(coal=10))
    finish_phase(t)
    coal = next(e for e in t.game.events[-1] if e["type"] == "refill" and e["resource"] == "coal")
    assert coal["due"] == 4


# --- §5 Germany and USA ---

def test_recharged_germany_board_s5():
    """§5: Stralsund for Torgelow, Mainz for Wiesbaden, Essen–Dortmund 5, Mannheim–Saarbrücken 16."""
    board = recharged_table().ctx.map
    assert "stralsund" in board.cities and "mainz" in board.cities and "torgelow" not in board.cities
    cost = {frozenset((c.a, c.b)): c.cost for c in board.connections}
    assert cost[frozenset(("dortmund", "essen"))] == 5 and cost[frozenset(("mannheim", "saarbruecken"))] == 16
    assert cost[frozenset(("frankfurt_main", "mainz"))] == 0 and len(board.connections) == 83
    assert len(Game(setup_line(3)).ctx.map.connections) == 83 and "torgelow" in Game(setup_line(3)).ctx.map.cities


def test_recharged_usa_board_unverified_s5():
    """§5 (one source, BG): Boise–Cheyenne removed, Omaha–Chicago 12, Santa Fe–Houston 20,
    Cincinnati–Raleigh replaced by Knoxville–Raleigh 11."""
    board = recharged_table(3, "usa").ctx.map
    cost = {frozenset((c.a, c.b)): c.cost for c in board.connections}
    assert frozenset(("boise", "cheyenne")) not in cost and frozenset(("cincinnati", "raleigh")) not in cost
    assert cost[frozenset(("chicago", "omaha"))] == 12 and cost[frozenset(("houston", "santa_fe"))] == 20
    assert cost[frozenset(("knoxville", "raleigh"))] == 11 and len(board.connections) == 86
    assert load_edition("recharged").boards["usa"]["unverified"] is True


def test_germany_uranium_stops_once_plant_39_is_bought_s5():
    t = uranium_phase_out()
    assert t.state["map"]["uranium_stopped"] is True
    t = at_phase(t, "bureaucracy")
    before = t.state["resources"]["market"]["uranium"]
    finish_phase(t)
    uranium = next(e for e in t.game.events[-1] if e["type"] == "refill" and e["resource"] == "uranium")
    assert uranium["due"] == 0 and t.state["resources"]["market"]["uranium"] == before


def test_trust_taking_39_starts_the_phase_out_only_with_the_option_s8():
    """§8.5: default off (a player's purchase only); trust_phase_out true: on."""
    assert trust_phase_out().state["map"]["uranium_stopped"] is True
    from rechargedkit import _high_market
    t = trust_table()
    t.edit(_high_market)
    t.do("sold", player="Ann", plant=34, price=34)
    t.draw(13)
    assert 39 in t.state["map"]["trust"]["plants"] and t.state["map"]["uranium_stopped"] is False


def test_usa_coal_from_storage_at_8_only_when_the_track_is_bare_s5():
    t = coal_storage()
    assert types(t.log_events)[:2] == ["resources_bought", "coal_from_storage"]
    assert t.log_events[0]["cost"] == 2 * 8 + 3          # oil's cheapest space is 3
    assert t.state["resources"]["supply"]["coal"] == 22
    u = at_phase(recharged_table(3, "usa"), "resources")
    u.give("Ann", plants=[(4, {})])
    u.do("pass", player="Cara")
    u.do("pass", player="Bob")
    assert [e["type"] for e in u.do("buy", player="Ann", coal=1)] == ["resources_bought", "phase"]


# --- §6 The winner ---

def test_tie_is_broken_by_money_only_and_then_shared_s6():
    """§6 (§8.11; TL test_tie_on_money_is_shared): no tie-break by cities."""
    t = shared_win_on_money()
    assert sorted(t.state["result"]["winners"]) == ["Ann", "Bob", "Cara"]
    assert t.state["result"]["tie_breaks"] == ["money"]


# --- Setup lines, export and replay ---

def test_edition_fields_only_with_an_edition_that_deals_s1():
    with pytest.raises(BadSetup, match="only with an edition that deals"):
        Game(setup_line(3, dealt=DEALT))
    with pytest.raises(BadSetup, match="played with the original edition"):
        Game({**setup_line(5), "edition": "recharged", "variation": 1})


def test_a_recharged_log_replays_byte_identical():
    """The setup line carries the edition and the deal; the replayed state is the same."""
    t = trust_fuel_and_blocks()
    lines = [json.dumps(t.game.setup)] + [json.dumps(e) for e in t.game.log]
    again = replay(lines)
    assert json.dumps(again.state, sort_keys=True) == json.dumps(t.state, sort_keys=True)
    assert again.setup["edition"] == "recharged" and again.setup["trust_cities"] == TRUST_CITIES


# --- §7 Other maps ---

def test_france_always_has_11_in_the_opening_market_s7():
    """§7 France (BG, a reading): 13 out of the game, 11 always dealt face up."""
    line = {**setup_line(3), "map": "france", "areas": _areas("france", 3), "edition": "recharged", "seed": 5}
    del line["order"]
    game = Game(line)
    assert 11 in game.setup["dealt"] and 13 not in game.state["deck"]["unseen"] and 13 in game.state["removed"]
    with pytest.raises(BadSetup, match="plant 11 is always in the opening market"):
        Game({**line, "dealt": [3, 4, 5, 6, 7, 8, 9, 10]})


@pytest.mark.parametrize("players, plug, socket", [(2, 0, 6), (3, 1, 6), (4, 0, 3)])
def test_france_removes_its_own_counts_of_low_and_higher_plants_s7(players, plug, socket):
    """§7 France (BG, a reading): 2p removes 6 higher plants; 3p 1 low + 6 higher; 4p 3 higher
    (the standard Recharged table removes 1+5, 2+6, 1+3)."""
    line = {**setup_line(players), "map": "france", "areas": _areas("france", players),
            "edition": "recharged", "seed": 7}
    del line["order"]
    if players == 2:
        line["trust"] = False
    deck = Game(line).state["deck"]
    assert deck["removed_unseen"] == plug + socket
    body = deck["backs"]["layers"][1]
    # 12 plug plants (13 is out of the game): 8 dealt, 1 on top, the rest in the body less the removed
    assert body["plug"] == 12 - 8 - 1 - plug
    assert body["socket"] == 29 - socket


def _own_deal(board, players, **extra):
    """A Recharged game on a map with its own deal (digest §7), the market dealt by the engine unless given."""
    line = {**setup_line(players), "map": board, "areas": _areas(board, players), "edition": "recharged",
            "seed": 7, **extra}
    del line["order"]
    if players == 2:
        line["trust"] = False
    return Game(line)


@pytest.mark.parametrize("players, socket_out", [(2, 6), (3, 8), (4, 4), (5, 0)])
def test_russia_deals_six_low_plants_and_puts_the_five_others_on_top_s7(players, socket_out):
    """§7 Russia (BG russia.ts, a reading): 6 and 14 out; a market of 3 + 3 dealt from the 11 other low
    (plug) plants; the 5 undrawn face down on top (the digest's "6" is 13 − 2 − 6 = 5); 2p/3p/4p remove
    6/8/4 higher (socket) plants and no low one; the map's seed 001 deck (13, then 10, 11 …) is not used."""
    game = _own_deal("russia", players)
    dealt, deck = game.setup["dealt"], game.state["deck"]
    assert len(dealt) == 6 and not {6, 14} & set(dealt) and set(dealt) <= set(PLUG)
    assert game.state["market"] == dealt and "prepared" not in deck and deck["top"] is None
    assert deck["backs"]["layers"] == [{"plug": 5, "socket": 0}, {"plug": 0, "socket": 29 - socket_out}]
    assert deck["removed_unseen"] == socket_out and deck["backs"]["next"] == ["plug"]
    assert game.state["next"]["actions"][0]["plants"] == dealt[:3]      # 3 current, 3 future (market_size)
    with pytest.raises(BadSetup, match="6 plug plants are dealt face up; 8 given"):
        _own_deal("russia", players, dealt=[3, 4, 5, 7, 8, 9, 10, 11])
    with pytest.raises(BadSetup, match="6 is not a plug plant of this game"):
        _own_deal("russia", players, dealt=[3, 4, 5, 6, 7, 8])


def test_russia_draws_the_five_low_plants_before_any_higher_one_s7():
    """§7 Russia: the 5 plug cards on top come up first (any of them, in any order), then socket cards."""
    t = Table(_own_deal("russia", 3, dealt=[3, 4, 5, 7, 8, 9]))
    for player, plant, card in (("Ann", 5, 15), ("Bob", 4, 13), ("Cara", 3, 12)):
        t.do("sold", player=player, plant=plant, price=plant)
        assert t.state["deck"]["backs"]["next"] == ["plug"]
        t.rejects("draw", ImpossibleDraw, card=20)
        t.draw(card)
    assert t.state["deck"]["backs"]["layers"][0] == {"plug": 2, "socket": 0}
    assert deck_possible(t.state["deck"]) == [10, 11]


@pytest.mark.parametrize("players, plug, socket", [(2, 3, 22), (3, 2, 21), (4, 3, 24), (5, 4, 27)])
def test_quebec_deals_the_low_plants_with_13_and_puts_18_and_22_under_the_top_card_s7(players, plug, socket):
    """§7 Québec (BG quebec.ts, a reading): the opening market is dealt from every low plant, 13 too; one
    low plant face down on top, 18 and 22 directly below it; the removals (1+5, 2+6, 1+3) never take an
    eco plant (13, 27, 33, 37, 44, 50 stay in the body)."""
    game = _own_deal("quebec", players, dealt=[3, 4, 5, 6, 7, 8, 9, 13])
    deck = game.state["deck"]
    assert game.state["market"] == [3, 4, 5, 6, 7, 8, 9, 13] and "prepared" not in deck
    assert deck["backs"]["layers"] == [{"plug": 1, "socket": 0}, {"cards": [18]}, {"cards": [22]},
                                       {"plug": plug, "socket": socket}]
    assert deck["backs"]["kept"] == [27, 33, 37, 44, 50]


def test_quebec_18_then_22_come_up_after_the_top_card_s7():
    """§7 Québec: after the plug card on top, the next cards can only be 18, then 22 (shown on top)."""
    t = Table(_own_deal("quebec", 3, dealt=DEALT))
    t.do("sold", player="Ann", plant=8, price=8)
    t.draw(13)
    assert t.state["deck"]["top"] == 18 and t.state["deck"]["backs"]["next"] == ["socket"]
    t.do("sold", player="Bob", plant=7, price=7)
    t.rejects("draw", ImpossibleDraw, card=22)
    t.draw(18)
    assert t.state["deck"]["top"] == 22
    t.do("sold", player="Cara", plant=6, price=6)
    t.draw(22)
    assert t.state["deck"]["top"] is None and t.state["deck"]["backs"]["next"] == ["plug", "socket"]


def test_quebec_13_is_never_removed_so_the_last_low_card_must_be_13_s7():
    """§7 Québec: eco plants are never removed face down; with 13 unseen and one low card left in the
    body, that card can only be 13."""
    t = Table(_own_deal("quebec", 3, dealt=DEALT))     # undealt low plants: 3, 4, 13, 14, 15; body: 2 low
    t.do("sold", player="Ann", plant=8, price=8)
    t.draw(3)                                           # the top card (it undercuts the token: redrawn)
    t.draw(18)
    t.do("sold", player="Bob", plant=7, price=7)
    t.draw(22)
    t.do("sold", player="Cara", plant=6, price=6)
    t.draw(4)                                           # the body's first low card
    deck = t.state["deck"]
    assert deck["backs"]["layers"][0]["plug"] == 1 and 14 in deck["unseen"] and 15 in deck["unseen"]
    finish_phase(t)
    finish_phase(t)
    finish_phase(t)                                     # bureaucracy: the highest goes under, a card is drawn
    draw = next(a for a in t.state["next"]["actions"] if a["type"] == "draw")
    assert 13 in draw["possible"] and not {14, 15} & set(draw["possible"])
    t.rejects("draw", ImpossibleDraw, card=14)


def test_brazil_always_deals_6_and_14_and_never_removes_its_garbage_plants_s7():
    """§7 Brazil (BG brazil.ts, a reading): 6 and 14 are always in the opening market; the garbage plants
    above 14 (19, 24, 30, 38) are never removed face down: the body keeps them."""
    game = _own_deal("brazil", 3)
    assert {6, 14} <= set(game.setup["dealt"]) and len(game.setup["dealt"]) == 8
    deck = game.state["deck"]
    assert deck["backs"]["kept"] == [19, 24, 30, 38] and "prepared" not in deck
    assert deck["backs"]["layers"] == [{"plug": 1, "socket": 0}, {"plug": 2, "socket": 23}]
    with pytest.raises(BadSetup, match="plants 6, 14 are always in the opening market"):
        _own_deal("brazil", 3, dealt=[3, 4, 5, 7, 8, 9, 10, 14])


def test_an_impossible_draw_is_refused_in_the_players_language_s7():
    """§1, §7: a card that cannot lie there (Québec: 18 is under the plug card on top) is refused, and the
    refusal says which cards can come up, in en, ja and zh-Hant."""
    from referee.rulings import render_error
    t = Table(_own_deal("quebec", 3, dealt=DEALT))
    t.do("sold", player="Ann", plant=8, price=8)
    err = t.rejects("draw", ImpossibleDraw, card=18)
    assert "next card shows a plug back" in err.message
    texts = {lang: render_error(err, lang, t.state["next"], t.ctx.map) for lang in ("en", "ja", "zh-Hant")}
    assert "That card cannot be the one that came up" in texts["en"] and "13" in texts["en"]
    for lang in ("ja", "zh-Hant"):
        assert "That card" not in texts[lang] and "13" in texts[lang] and "18" not in texts[lang], texts[lang]


@pytest.mark.parametrize("board", ["russia", "quebec", "brazil"])
def test_a_recharged_game_on_a_map_with_its_own_deal_replays_byte_identical_s7(board):
    """The normalised setup keeps the dealt market; the log replays to the same state."""
    t = Table(_own_deal(board, 3))
    market = t.state["market"]
    t.do("sold", player="Ann", plant=market[2], price=market[2])
    t.draw(t.state["next"]["actions"][0]["possible"][0])
    assert t.game.setup["dealt"] == market
    lines = [json.dumps(t.game.setup)] + [json.dumps(e) for e in t.game.log]
    assert json.dumps(replay(lines).state, sort_keys=True) == json.dumps(t.state, sort_keys=True)


@pytest.mark.parametrize("bought, removed", [(True, True), (False, False)])
def test_benelux_removes_the_lowest_at_round_end_only_after_the_discount_plant_was_bought_s7(bought, removed):
    """§7 Benelux (BG PR #55, a reading): the phase-5 removal of the lowest plant happens only when the
    discounted plant was bought; an unsold one has already left."""
    t = at_phase(Table(Game({**setup_line(3), "map": "benelux", "areas": _areas("benelux", 3),
                             "edition": "recharged", "dealt": DEALT})), "bureaucracy")
    t.edit(lambda s: s["map"].update(discount_bought=bought))
    finish_phase(t)
    assert ("end_of_round_lowest" in types(t.game.events[-1])) is removed
