"""Games that run unusually long: the engine must keep every invariant and never crash."""
import pytest

from propkit import check_invariants
from referee.game import Game
from referee.rules.errors import IllegalAction
from tablekit import setup_line

pytestmark = pytest.mark.slow


def idle_rounds(game, rounds):
    """Round 1's plants at their minimum, then everyone passes, builds nothing and powers nothing;
    the table draws the lowest possible card."""
    while game.state["round"] <= rounds and game.state["phase"] != "over":
        act = game.state["next"]["actions"][0]
        if act["type"] == "draw":
            entry = {"type": "draw", "card": act["possible"][0]}
        elif act["type"] == "nominate" and game.state["round"] == 1:
            entry = {"type": "sold", "player": act["player"], "plant": act["plants"][0], "price": act["plants"][0]}
        elif act["type"] == "power":
            entry = {"type": "power", "player": act["player"], "plants": [], "cities": 0}
        else:
            entry = {"type": "pass", "player": act["player"]}
        try:
            game.play(entry)
        except IllegalAction as e:  # a ValueError too: keep it apart from the engine's own crashes
            raise AssertionError(f"{entry} refused: {e.message}") from None
        check_invariants(game.state, game.ctx)


@pytest.mark.parametrize("board", ["germany", "usa"])
def test_a_full_game_where_nobody_builds_runs_the_deck_dry_keeping_every_invariant(board):
    game = Game(setup_line(2, board))
    idle_rounds(game, 30)
    assert game.state["step"] == 3 and game.state["market"] == []


@pytest.mark.parametrize("board", ["germany", "usa"])
def test_a_short_game_where_nobody_builds_runs_the_deck_dry_keeping_every_invariant(board):
    game = Game(setup_line(2, board, short_game=True))
    idle_rounds(game, 30)
    assert game.state["step"] == 1 and game.state["deck"]["step3_drawn"]
