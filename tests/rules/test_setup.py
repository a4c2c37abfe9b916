"""RULES.md Setup and the player-count table."""
import pytest

from referee.game import Game
from referee.rules.errors import BadSetup
from tablekit import setup_line


def test_setup_each_player_starts_with_50_elektro(table):
    t = table(4)
    assert [p["money"] for p in t.state["players"].values()] == [50, 50, 50, 50]


def test_setup_resource_market_starts_coal_1_oil_3_garbage_7_uranium_14(table):
    t = table(3)
    assert t.state["resources"]["market"] == {"coal": 24, "oil": 18, "garbage": 6, "uranium": 2}
    assert t.state["resources"]["supply"] == {"coal": 0, "oil": 6, "garbage": 18, "uranium": 10}
    buy = next(a for a in _resources_turn(t)["actions"] if a["type"] == "buy")
    assert buy["cheapest"] == {"coal": 1, "oil": 3, "garbage": 7, "uranium": 14}


def _resources_turn(t):
    t.buy_round_one([3, 4, 5], [13, 11, 12])
    return t.state["next"]


def test_setup_plant_market_is_3_to_10_sorted_current_four_lowest(table):
    t = table(4)
    assert t.state["market"] == [3, 4, 5, 6, 7, 8, 9, 10]
    nominate = t.state["next"]["actions"][0]
    assert nominate["plants"] == [3, 4, 5, 6]


@pytest.mark.parametrize("players,removed,above", [(2, 8, 26), (3, 8, 26), (4, 4, 30), (5, 0, 34), (6, 0, 34)])
def test_setup_deck_has_13_on_top_and_n_plants_removed_unseen(table, players, removed, above):
    deck = table(players).state["deck"]
    assert deck["removed_unseen"] == removed
    assert deck["above"] == above
    assert deck["top"] == 13
    assert 13 in deck["unseen"] and not set(range(3, 11)) & set(deck["unseen"])


@pytest.mark.parametrize("players,areas", [(2, 3), (3, 3), (4, 4), (5, 5), (6, 5)])
def test_player_count_table_areas_in_play(players, areas):
    line = setup_line(players)
    assert len(line["areas"]) == areas
    Game(line)
    line["areas"] = line["areas"][:-1]
    with pytest.raises(BadSetup, match=f"play in {areas} areas"):
        Game(line)


@pytest.mark.parametrize("players", [1, 7])
def test_setup_is_for_two_to_six_players(players):
    line = setup_line(2)
    line["players"] = [{"name": f"P{i}", "colour": f"c{i}"} for i in range(players)]
    with pytest.raises(BadSetup, match="2–6 players"):
        Game(line)


def test_setup_areas_must_be_adjacent():
    line = setup_line(3)
    line["areas"] = ["NW", "NE", "SE"]       # NW–SE and NE–SE are not adjacent on Germany
    with pytest.raises(BadSetup, match="must be adjacent"):
        Game(line)


def test_setup_areas_accept_names_in_any_case():
    line = setup_line(3)
    line["areas"] = ["nw", "w", "sw"]
    assert Game(line).ctx.areas == ("NW", "W", "SW")


def test_setup_unknown_map_is_a_clear_error():
    line = setup_line(3, board="germany")
    line["map"] = "atlantis"
    with pytest.raises(BadSetup, match="atlantis"):
        Game(line)


def test_setup_player_names_and_colours_must_differ():
    line = setup_line(3)
    line["players"][1]["name"] = "Ann"
    with pytest.raises(BadSetup, match="names must differ"):
        Game(line)
    line = setup_line(3)
    line["players"][1]["colour"] = "red"
    with pytest.raises(BadSetup, match="colour"):
        Game(line)


def test_round_one_order_is_drawn_by_lot_entered_or_from_a_seed():
    line = setup_line(4, order=["Cara", "Ann", "Dan", "Bob"])
    assert Game(line).state["order"] == ["Cara", "Ann", "Dan", "Bob"]
    seeded = setup_line(4)
    del seeded["order"]
    seeded["seed"] = 7
    first, again = Game(seeded).state["order"], Game(seeded).state["order"]
    assert first == again and sorted(first) == ["Ann", "Bob", "Cara", "Dan"]
    orders = set()
    for seed in range(20):
        seeded["seed"] = seed
        orders.add(tuple(Game(seeded).state["order"]))
    assert len(orders) > 1


def test_round_one_order_must_name_every_player_once():
    with pytest.raises(BadSetup, match="each player once"):
        Game(setup_line(3, order=["Ann", "Ann", "Bob"]))
