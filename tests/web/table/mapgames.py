"""Legal games on any map up to a chosen moment, for the table page's map-rule tests.

The property tests' bot (tests/properties/propkit.py) plays every map's own rules from `next`; with
every choice its first one it plays the same game each time, so a test can stop it where a map's
own input appears and store that log like any other game.
"""
from properties.propkit import Choices, Run, dumps

from referee.game import Game


class FirstChoices(Choices):
    """The bot's own choice every time: a deterministic game."""

    def __init__(self):
        super().__init__(None)

    def int(self, lo: int, hi: int) -> int:
        return lo


def play_until(board: str, stop, players: int = 3, limit: int = 1500, **setup):
    """The bot's game on `board` (setup fields as given) up to the first state `stop(state, ctx)`
    accepts: (setup, entries, game)."""
    run = Run(None, players, board)
    if setup:       # mapkit's board_setup picks the areas itself
        run.setup.update(setup)
        run.game = Game(run.setup)
        run.snapshots = [dumps(run.game.state)]
    run.ch = FirstChoices()
    for _ in range(limit):
        if stop(run.state, run.ctx):
            return run.setup, list(run.game.log), run.game
        assert not run.over(), f"the game on {board} ended before the moment the test wants"
        run.step()
    raise AssertionError(f"no such moment in {limit} entries on {board}")


def offer(state: dict, kind: str, player: str | None = None) -> dict | None:
    return next((a for a in state["next"]["actions"] if a["type"] == kind and (player is None or a.get("player") == player)),
                None)
