"""Games leave memory when nobody has asked for them for a while (or when more are open than the
server keeps), and come back from the store, at the same entry, when asked for again."""
import gc
import json
import time
import tracemalloc

import pytest
from webkit import GERMANY, recorded

from referee.archive import summary
from referee.game import Game
from referee.store import Store, entry_text
from referee.web import create_app

IDLE = 0.5      # seconds: the test's server forgets a game this soon


@pytest.fixture
def forgetful(tmp_path):
    """(app, [ids of 100 stored games, 20 facts each]) with games leaving memory after IDLE seconds."""
    setup, facts = recorded(GERMANY)
    facts = facts[:20]
    game = Game(json.loads(setup))
    for fact in facts:
        game.play(fact)
    path = tmp_path / "games.sqlite3"
    app = create_app({"DATABASE": str(path), "TESTING": True, "WTF_CSRF_ENABLED": False,
                      "OPEN_GAMES_IDLE": IDLE, "OPEN_GAMES_MOST": 1000})
    store = Store(path)
    ids = [store.create(setup, summary(game), [entry_text(f) for f in facts]) for _ in range(100)]
    store.close()
    return app, ids


def in_use() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def test_memory_returns_to_its_level_after_100_games_are_opened_and_left(forgetful):
    app, ids = forgetful
    client, tables = app.test_client(), app.extensions["referee.tables"]
    assert client.get(f"/games/{ids[0]}/").status_code == 200     # templates, board and catalogue loaded once
    time.sleep(IDLE * 1.2)
    tables.drop_idle()
    tracemalloc.start()
    try:
        level = in_use()
        tables.idle = 600                   # opening them all under tracemalloc takes a while
        for game_id in ids:
            assert client.get(f"/games/{game_id}/").status_code == 200
        opened = in_use()
        assert len(tables.open) == 100
        tables.idle = IDLE
        time.sleep(IDLE * 1.2)
        assert client.get(f"/games/{ids[0]}/").status_code == 200      # the others go as it is asked for
        left = in_use()
    finally:
        tracemalloc.stop()
    assert list(tables.open) == [ids[0]]
    assert opened - level > 10_000_000, "100 open games take room (else this test could not fail)"
    assert left - level < (opened - level) / 20, f"{(left - level) / 1e6:.1f} MB stay of {(opened - level) / 1e6:.1f} MB"


def test_a_game_asked_for_again_comes_back_from_the_store_at_the_same_entry(forgetful):
    app, ids = forgetful
    client, tables = app.test_client(), app.extensions["referee.tables"]
    client.post(f"/games/{ids[0]}/facts", data={"type": "undo", "seq": "20"}, headers={"HX-Request": "true"})
    time.sleep(IDLE * 1.2)
    tables.drop_idle()
    assert ids[0] not in tables.open
    page = client.get(f"/games/{ids[0]}/").get_data(as_text=True)
    assert 'data-seq="21"' in page and tables.open[ids[0]].seq == 21


def test_no_more_games_stay_in_memory_than_the_server_keeps_the_least_recently_asked_for_leaving_first(forgetful):
    app, ids = forgetful
    app.extensions["referee.tables"].most = 5
    client, tables = app.test_client(), app.extensions["referee.tables"]
    for game_id in ids[:8]:
        client.get(f"/games/{game_id}/")
    client.get(f"/games/{ids[3]}/")
    assert list(tables.open) == [ids[4], ids[5], ids[6], ids[7], ids[3]]
