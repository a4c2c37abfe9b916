"""What the engine tells a seat: which facts the table waits for from one player themselves
(legal.own_facts), and what a player could do with what they have (legal.standing). RULES.md
"Hidden information": money is secret (004), so a player's own phone is where their money and what
it buys are shown."""
from referee.rules import legal
from tablekit import at_phase


def test_own_facts_are_the_waiting_players_bid_or_pass_and_nobody_elses(table):
    t = table(4)
    chooser = t.state["next"]["waiting_for"][0]
    assert legal.own_facts(t.state["next"], chooser) == {"nominate"}      # round 1: no pass
    others = [n for n in t.state["players"] if n != chooser]
    assert all(legal.own_facts(t.state["next"], n) == set() for n in others)
    t.do("nominate", player=chooser, plant=3)
    bidder = t.state["next"]["waiting_for"][0]
    assert legal.own_facts(t.state["next"], bidder) == {"bid", "pass_bid"}
    assert legal.own_facts(t.state["next"], chooser) == set()


def test_own_facts_leave_the_tables_draw_to_the_table(table):
    t = table(4)
    chooser = t.state["next"]["waiting_for"][0]
    t.do("sold", player=chooser, plant=3, price=3)          # an auction run at the table: its own fact
    assert t.state["next"]["actions"][0]["type"] == "draw"
    assert all(legal.own_facts(t.state["next"], n) == set() for n in t.state["players"])


def test_own_facts_in_bureaucracy_are_each_players_power_choice(table):
    t = at_phase(table(3), "bureaucracy")
    for name in t.state["players"]:
        assert legal.own_facts(t.state["next"], name) == {"power"}


def test_standing_names_the_plants_money_reaches_the_cubes_and_the_income(table):
    t = table(4)
    t.give("Dan", plants=[(4, {"coal": 2})], cities=["essen", "duisburg"], money=5)
    could = legal.standing(t.state, t.ctx, "Dan")
    assert could["plants"] == [3, 4, 5]                     # 6 is more than 5 Elektro
    assert could["power"] == {"plants": [4], "cities": 1, "income": t.ctx.edition.income_for(1)}
    assert could["cubes"]["coal"] == 2 and could["cubes"]["uranium"] == 0   # plant 4 holds 2 more; 5 Elektro
