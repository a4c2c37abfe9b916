"""An app on a fresh SQLite file per test, its test client, games made through the store, and a small disk."""
import json
import os
import subprocess

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


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB tmpfs mounted for the test (a disk that can be filled or made read-only); skipped
    where the test may not mount (not root, or no tmpfs)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)], capture_output=True)
    if done.returncode:
        pytest.skip(f"cannot mount a small tmpfs: {done.stderr.decode().strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)
