"""Games at chosen moments, posting facts the way the page does, and reading back what was stored."""
import json
from pathlib import Path

import pytest

from referee.game import replay
from referee.store import Store

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "germany-4p.jsonl"
LINES = EXAMPLE.read_text(encoding="utf-8").splitlines()
SETUP = json.loads(LINES[0])
ENTRIES = [json.loads(line) for line in LINES[1:]]


@pytest.fixture
def first_at():
    """first_at(test) -> how many entries of the example game lead to the first state passing `test`."""
    def count(test):
        game = replay(LINES[:1])
        for n, entry in enumerate(ENTRIES):
            if test(game.state):
                return n
            game.play(entry)
        raise AssertionError("the example never gets there")
    return count


@pytest.fixture
def example(make_game):
    """example(n) -> id of a stored game holding the example's first n entries (all of them if None)."""
    def make(n=None):
        return make_game(SETUP, ENTRIES[:n] if n is not None else ENTRIES)
    return make


@pytest.fixture
def stored(app):
    """stored(game_id) -> the Game replayed from what the store holds (not from the app's cache)."""
    def load(game_id):
        store = Store(app.config["DATABASE"])
        try:
            setup, entries = store.load(game_id)
        finally:
            store.close()
        return replay([setup, *entries])
    return load


@pytest.fixture
def show_money(client):
    """show_money(game_id): the table chooses to show everyone's money (the shared screen's bounds quote it)."""
    def show(game_id):
        assert client.post(f"/games/{game_id}/money", data={"shown": "1"}).status_code == 303
    return show


@pytest.fixture
def post(client, stored):
    """post(game_id, htmx=True, **fields) posts a fact at the game's current sequence (seq=None leaves it out)."""
    def send(game_id, htmx=True, seq="current", **fields):
        if seq == "current":
            seq = len(stored(game_id).log)
        data = {k: v for k, v in fields.items() if v is not None}
        if seq is not None:
            data["seq"] = str(seq)
        headers = {"HX-Request": "true"} if htmx else {}
        return client.post(f"/games/{game_id}/facts", data=data, headers=headers)
    return send
