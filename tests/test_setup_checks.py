"""The setup line's shape: names are compared and kept normalised, every field has one form."""
import copy

import pytest

from referee.game import Game
from referee.rules.errors import BadSetup
from tablekit import setup_line


def with_names(*names, order=None):
    line = setup_line(len(names))
    for p, name in zip(line["players"], names):
        p["name"] = name
    line["order"] = list(names) if order is None else order
    return line


@pytest.mark.parametrize("twin", ["Ann ", " Ann", "A\u200bnn", "\ufeffAnn", "Ａｎｎ", "Ann\u00a0", "Ann\t"])
def test_setup_names_compared_after_nfkc_and_trim(twin):
    with pytest.raises(BadSetup, match="player names must differ"):
        Game(with_names("Ann", twin, "Cara"))


def test_setup_keeps_the_normalised_names_in_state_order_and_setup():
    game = Game(with_names(" Ann ", "Bo\u200bb", "Ｃａｒａ", order=["Ｃａｒａ", "Ann", "Bob "]))
    assert list(game.state["players"]) == ["Ann", "Bob", "Cara"]
    assert game.state["order"] == ["Cara", "Ann", "Bob"]
    assert [p["name"] for p in game.setup["players"]] == ["Ann", "Bob", "Cara"]
    assert game.setup["order"] == ["Cara", "Ann", "Bob"]
    assert game.events[0][0]["order"] == ["Cara", "Ann", "Bob"]


def test_setup_names_keep_their_case_and_inner_spaces_collapse():
    game = Game(with_names("ann lee", "Ann  Lee", "ANN LEE"))
    assert list(game.state["players"]) == ["ann lee", "Ann Lee", "ANN LEE"]


@pytest.mark.parametrize("order, message", [
    (["Ann", "Bob", 3], "order lists the players' names"),
    (["Ann", "Bob", ["Cara"]], "order lists the players' names"),
    (["Ann", "Bob", {"name": "Cara"}], "order lists the players' names"),
    ("Ann, Bob, Cara", "order lists the players' names"),
    (["Ann", "Bob"], "must list each player once"),
    (["Ann", "Bob", "Bob"], "must list each player once"),
    (["Ann", "Bob", "Zed"], "must list each player once"),
])
def test_setup_order_must_list_the_players_names(order, message):
    with pytest.raises(BadSetup, match=message):
        Game(with_names("Ann", "Bob", "Cara", order=order))


def test_setup_caller_editing_its_order_afterwards_changes_nothing():
    line = with_names("Ann", "Bob", "Cara")
    game = Game(line)
    line["order"].reverse()
    line["players"][0]["name"] = "Zed"
    assert game.setup["order"] == ["Ann", "Bob", "Cara"] and game.setup["players"][0]["name"] == "Ann"


@pytest.mark.parametrize("change, message", [
    ({"score": 0}, r"player 2 has unknown field\(s\) \['score'\]; a player has only name and colour"),
    ({"name": 7}, "player 2 needs a name of printable text"),
    ({"name": " \u200b "}, "player 2 needs a name of printable text"),
    ({"name": "Bob\x1b[31m"}, "player 2 needs a name of printable text"),
    ({"colour": ["blue"]}, r"player 2 \(Bob\) needs a colour of printable text"),
    ({"colour": "RED "}, "each player needs a colour of their own"),
])
def test_setup_player_fields_are_checked(change, message):
    line = setup_line(3)
    line["players"][1].update(change)
    with pytest.raises(BadSetup, match=message):
        Game(line)


@pytest.mark.parametrize("change", [
    {"map": ["germany"]}, {"map": "x" * 5000}, {"map": "a\x00b"}, {"edition": 1.5}, {"areas": [1, 2, 3]},
    {"areas": "NW"}, {"seed": 2 ** 80}, {"seed": float("nan")}, {"players": [[]] * 3}, {"short_game": "yes"},
    {"players": [{"name": "Ann", "colour": "red", "x": [[[[[[[[[[[]]]]]]]]]]]}] * 3}, {"type": "Setup"},
])
def test_setup_with_a_value_of_the_wrong_shape_is_a_bad_setup(change):
    line = {**setup_line(3), **change}
    before = copy.deepcopy(line)
    with pytest.raises(BadSetup):
        Game(line)
    assert line == before
