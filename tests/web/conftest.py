"""An app on a fresh SQLite file per test, its test client, and games made through the store."""
import json

import pytest
from webkit import GERMANY_3P

from referee.archive import summary
from referee.game import Game
from referee.store import Store, entry_text
from referee.web import create_app



@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "games.sqlite3"), "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "CUSTOM_MAPS": str(tmp_path / "maps")})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def make_game(app):
    """make_game(setup=GERMANY_3P, entries=[...]) -> id of a stored game."""
    def make(setup=GERMANY_3P, entries=()):
        game = Game(setup)
        for e in entries:
            game.play(e)
        store = Store(app.config["DATABASE"])
        try:
            return store.create(json.dumps(setup, ensure_ascii=False), summary(game), [entry_text(e) for e in entries])
        finally:
            store.close()
    return make
