"""Decks of any size (seed 000 バリエント4: 「発電所の数を増やしたり、減らしたりすることもできます」): the
face-down removal takes only what the deck holds, says so in a ruling, and the game never sticks."""
import pytest

from referee.game import Game
from referee.rules.errors import BadSetup
from referee import rulings
from tablekit import Table, setup_line, at_phase, finish_phase


def deck(numbers, **extra) -> dict:
    """A deck file's contents: coal plants of these numbers."""
    return {"id": "small", "name": "Small", "source": "a test", **extra,
            "cards": {str(n): {"kind": "coal", "burns": 2, "powers": n // 10 + 1} for n in numbers}}


NINE = [3, 4, 5, 6, 7, 8, 9, 10, 13]


def small(players=3, numbers=NINE, **extra) -> Table:
    return Table(Game({**setup_line(players), "variation": 4, "deck": deck(numbers), **extra}))


def test_small_deck_removes_only_what_it_holds_and_says_so():
    """Seed 000 (3 players): 「ランダムに8つの発電所をゲームから除外します」; a deck holding one plant beyond the
    market loses that one, never a negative count."""
    t = small(3)
    d = t.state["deck"]
    assert (d["above"], d["removed_unseen"]) == (0, 1)
    short = [e for e in t.game.events[0] if e["type"] == "setup_removal_short"]
    assert short == [{"type": "setup_removal_short", "reason": short[0]["reason"], "removed": 1, "due": 8}]
    assert "8" in rulings.render(short[0], "ja") and "1" in rulings.render(short[0], "ja")


def test_small_deck_never_removes_the_card_on_top():
    """Seed 000: 13 lies on top and is never among the plants removed (「13番の発電所は除外しません」)."""
    t = Table(Game({**setup_line(3), "variation": 4, "deck": deck(NINE + [20], top=13)}))
    d = t.state["deck"]
    assert d["top"] == 13 and (d["above"], d["removed_unseen"]) == (1, 1)


def test_a_full_deck_makes_no_short_removal_ruling():
    t = Table(Game(setup_line(3)))
    assert not [e for e in t.game.events[0] if e["type"] == "setup_removal_short"]
    assert t.state["deck"]["removed_unseen"] == 8


def test_nine_card_deck_three_players_is_not_stuck_after_the_step3_card():
    """The issue's deck 3–10 and 13 at 3 players: the only card left above is the Step 3 card, it can
    be drawn (it was refused before: "-8 card(s) still lie above the Step 3 card"), and then the deck is empty."""
    t = small(3)
    t.do("sold", player=t.state["order"][0], plant=3, price=3)
    t.rejects("draw", card=13)
    t.draw("step3")
    assert t.state["deck"]["step3_drawn"] and "step3" in t.state["market"]
    t.do("sold", player=t.state["order"][1], plant=4, price=4)
    assert not (t.state["queue"] and t.state["queue"][0]["task"] == "draw")   # nothing left to draw


@pytest.mark.parametrize("numbers", [NINE, NINE + [20, 30]], ids=["3-10 and 13", "13, 20 and 30"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_small_deck_plays_past_the_end_of_round_1(numbers, players):
    """A deck of 13, 20 and 30 stuck at the end of round 1 (deck.above = -7 before): now the end-of-round
    draw is the Step 3 card and round 2 begins."""
    t = small(players, numbers)
    order = list(t.state["order"])
    for name, plant in zip(order, NINE):
        t.do("sold", player=name, plant=plant, price=plant)
        while t.state["queue"] and t.state["queue"][0]["task"] == "draw":
            t.draw(_one_possible(t))
    for phase in ("resources", "building", "bureaucracy"):
        assert t.state["phase"] == phase
        finish_phase(t)
        while t.state["queue"] and t.state["queue"][0]["task"] == "draw":
            t.draw(_one_possible(t))
    assert t.state["round"] == 2 and t.state["deck"]["above"] >= 0


def _one_possible(t):
    from referee.rules.deck import possible_draws
    return possible_draws(t.state["deck"])[0]


def test_a_deck_too_small_to_play_is_refused_at_setup_with_the_reason():
    """Eight cards fill the market and leave no deck: refused, with the count (docs/decks.md)."""
    with pytest.raises(BadSetup, match="8 cards leave no deck after the 8 of the market"):
        small(3, NINE[:8])
