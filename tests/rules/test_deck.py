"""The unknown deck: which plants could still come up (RULES.md Setup, Steps)."""
import pytest

from referee.rules.errors import ImpossibleDraw


def test_first_draw_must_be_plant_13_on_top(table):
    t = table(4)
    t.do("sold", player="Ann", plant=3, price=3)
    err = t.rejects("draw", ImpossibleDraw, card=20)
    assert "plant 13 lies on top" in err.message
    t.draw(13)
    assert t.state["market"] == [4, 5, 6, 7, 8, 9, 10, 13]


@pytest.mark.parametrize("card", [3, 5, 10])
def test_draw_of_a_plant_in_the_market_or_owned_is_impossible(table, card):
    t = table(4)
    t.do("sold", player="Ann", plant=3, price=3)
    t.draw(13)
    t.do("sold", player="Bob", plant=4, price=4)
    err = t.rejects("draw", ImpossibleDraw, card=card)
    assert "not in the deck" in err.message


def test_a_plant_drawn_once_cannot_be_drawn_again(table):
    t = table(4)
    t.buy_round_one([3, 4], [13, 20])
    t.do("sold", player="Cara", plant=5, price=5)
    t.rejects("draw", ImpossibleDraw, card=20)
    t.rejects("draw", ImpossibleDraw, card=41)


def test_step3_cannot_be_drawn_while_cards_lie_above_it(table):
    t = table(4)
    t.do("sold", player="Ann", plant=3, price=3)
    err = t.rejects("draw", ImpossibleDraw, card="step3")
    assert "still lie above" in err.message


def test_step3_comes_exactly_when_nothing_is_left_above_it_and_setup_removals_become_known(table):
    t = table(4)
    t.edit(lambda s: s["deck"].update(above=1, top=None, unseen=[20, 30, 31, 32, 33]))
    t.do("sold", player="Ann", plant=3, price=3)
    events = t.draw(20)
    known = t.events_of(events, "setup_removals_known")
    assert known and known[0]["plants"] == [30, 31, 32, 33]
    t.do("sold", player="Bob", plant=4, price=4)
    err = t.rejects("draw", ImpossibleDraw, card=30)
    assert "only the Step 3 card" in err.message
    assert t.state["next"]["actions"][0]["possible"] == ["step3"]


def test_after_the_step3_reshuffle_the_deck_is_exactly_the_plants_put_under(table):
    t = table(4)
    t.edit(lambda s: s["deck"].update(above=0, top=None, unseen=[], removed_unseen=0, under=[27, 35]))
    t.do("sold", player="Ann", plant=3, price=3)
    events = t.draw("step3")
    assert t.events_of(events, "deck_shuffled")[0]["deck"] == [27, 35]
    t.do("sold", player="Bob", plant=4, price=4)
    assert t.state["next"]["actions"][0]["possible"] == [27, 35]
    t.rejects("draw", ImpossibleDraw, card="step3", match="already been drawn")
    t.draw(35)
    t.do("sold", player="Cara", plant=5, price=5)
    t.draw(27)
    t.do("sold", player="Dan", plant=6, price=6)
    assert t.state["deck"]["shuffled"] == []


def test_an_empty_deck_means_no_replacement(table):
    t = table(4)
    t.edit(lambda s: s["deck"].update(above=0, top=None, unseen=[], removed_unseen=0,
                                      step3_drawn=True, shuffled=[]))
    events = t.do("sold", player="Ann", plant=3, price=3)
    assert t.events_of(events, "no_draw")
    assert t.events_of(events, "no_draw")[0]["cause"] == "deck_empty"
    assert t.state["next"]["waiting_for"] == ["Bob"]
    assert t.state["market"] == [4, 5, 6, 7, 8, 9, 10]


def test_draw_accepts_a_number_or_step3_and_nothing_else(table):
    t = table(4)
    t.do("sold", player="Ann", plant=3, price=3)
    t.rejects("draw", card="thirteen", match="plant number or")
