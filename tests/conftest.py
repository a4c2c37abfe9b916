"""Shared fixtures."""
import pytest

from referee.game import Game
from tablekit import Table, setup_line


@pytest.fixture
def table():
    def make(players=4, board="germany", **extra):
        return Table(Game(setup_line(players, board, **extra)))
    return make
