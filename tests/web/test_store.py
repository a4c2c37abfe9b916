"""The store: append-only logs in SQLite (WAL), one transaction per fact, and never two devices
applying the same next fact, whether through one app's open tables or two processes' stores."""
import json
import sqlite3
import threading

import pytest
from webkit import GERMANY, GERMANY_3P, recorded

from referee.archive import summary
from referee.game import Game
from referee.store import Conflict, Store, UnknownGame, entry_text
from referee.web.tables import Moved, Tables

FIRST = {"type": "nominate", "player": "Ann", "plant": 3}


@pytest.fixture
def path(tmp_path):
    return tmp_path / "deep" / "games.sqlite3"


@pytest.fixture
def game_id(path):
    store = Store(path)
    try:
        return store.create(json.dumps(GERMANY_3P), summary(Game(GERMANY_3P)))
    finally:
        store.close()


def test_a_new_store_file_and_its_folder_are_made_in_wal_mode(path):
    store = Store(path)
    assert path.exists()
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_entries_are_kept_exactly_as_written_and_in_order(path, game_id):
    store = Store(path)
    texts = ['{"type":"nominate","player":"Ann","plant":3}', '{"type": "bid", "player": "Bob",  "amount": 4}']
    for seq, text in enumerate(texts, 1):
        store.append(game_id, seq, text, {})
    assert store.load(game_id) == (json.dumps(GERMANY_3P), texts)
    assert store.entries_after(game_id, 1) == texts[1:]


def test_an_entry_number_already_taken_or_skipped_is_a_conflict_and_changes_nothing(path, game_id):
    store = Store(path)
    store.append(game_id, 1, entry_text(FIRST), {"round": 1})
    with pytest.raises(Conflict):
        store.append(game_id, 1, '{"type": "pass"}', {"round": 9})
    with pytest.raises(Conflict):
        store.append(game_id, 3, '{"type": "pass"}', {"round": 9})
    assert store.load(game_id)[1] == [entry_text(FIRST)]
    assert store.games()[0]["summary"] == {"round": 1}, "the summary of a refused entry is rolled back too"


def test_the_log_is_append_only_even_to_raw_sql(path, game_id):
    store = Store(path)
    store.append(game_id, 1, entry_text(FIRST), {})
    for sql in ("UPDATE entries SET entry = '{}'", "DELETE FROM entries"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            store.db.execute(sql)
    assert store.load(game_id)[1] == [entry_text(FIRST)]


@pytest.mark.parametrize("bad", [999, 0, -1, 2 ** 70, "1", True])
def test_unknown_or_impossible_game_ids_are_unknown_games(path, game_id, bad):
    store = Store(path)
    with pytest.raises(UnknownGame):
        store.load(bad)
    with pytest.raises(UnknownGame):
        store.append(bad, 1, "{}", {})


def test_games_are_listed_most_recently_played_first_with_their_entry_count(path, game_id):
    store = Store(path)
    other = store.create(json.dumps(GERMANY_3P), {"map": "germany"})
    store.append(game_id, 1, entry_text(FIRST), {"map": "germany", "round": 1})
    listed = store.games()
    assert [g["id"] for g in listed] == [game_id, other]
    assert [g["entries"] for g in listed] == [1, 0]


def test_two_stores_on_one_file_storing_the_same_next_entry_exactly_one_wins(path, game_id):
    """Two processes' connections (here: two threads, each its own Store) race for each next entry."""
    rounds, start, won = 40, threading.Barrier(2), {0: [], 1: []}

    def writer(me):
        store = Store(path)
        for seq in range(1, rounds + 1):
            start.wait()
            try:
                store.append(game_id, seq, f'{{"n": {seq}, "by": {me}}}', {})
                won[me].append(seq)
            except Conflict:
                pass
        store.close()
    threads = [threading.Thread(target=writer, args=(me,)) for me in won]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(won[0] + won[1]) == list(range(1, rounds + 1)), "every number stored exactly once"
    stored = [json.loads(e) for e in Store(path).load(game_id)[1]]
    assert [(e["n"], e["by"]) for e in stored] == [(n, 0 if n in won[0] else 1) for n in range(1, rounds + 1)]


def test_concurrent_posts_of_the_same_next_fact_apply_exactly_once(path, game_id):
    """Eight request threads, each with its own store connection, post the same fact seen at seq 0."""
    tables = Tables()
    start, outcomes = threading.Barrier(8), []

    def post():
        store = Store(path)
        try:
            table = tables.get(store, game_id)
            start.wait()
            table.play(store, dict(FIRST), seen=0)
            outcomes.append("applied")
        except Moved as e:
            outcomes.append(("moved", e.seq))
        finally:
            store.close()
    threads = [threading.Thread(target=post) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("applied") == 1 and outcomes.count(("moved", 1)) == 7
    assert Store(path).load(game_id)[1] == [entry_text(FIRST)]


def test_two_apps_on_one_file_the_loser_is_told_the_game_moved_on_and_sees_it(path, game_id):
    """Two server processes: each keeps its own open tables; the second one's copy is out of date."""
    mine, theirs = Tables(), Tables()
    store_a, store_b = Store(path), Store(path)
    a, b = mine.get(store_a, game_id), theirs.get(store_b, game_id)
    a.play(store_a, dict(FIRST), seen=0)
    with pytest.raises(Moved) as moved:
        b.play(store_b, {"type": "nominate", "player": "Ann", "plant": 4}, seen=0)
    assert moved.value.seq == 1 and b.seq == 1
    assert b.game.state == a.game.state, "the loser now holds the game as stored"


def test_a_fact_without_a_seen_number_still_gets_the_next_number_after_catching_up(path, game_id):
    mine, theirs = Tables(), Tables()
    store_a, store_b = Store(path), Store(path)
    a, b = mine.get(store_a, game_id), theirs.get(store_b, game_id)
    a.play(store_a, dict(FIRST))
    b.play(store_b, {"type": "bid", "player": "Bob", "amount": 4})
    assert Store(path).load(game_id)[1] == [entry_text(FIRST), entry_text({"type": "bid", "player": "Bob", "amount": 4})]


def test_a_table_got_in_this_request_is_not_read_again_and_what_another_process_stored_meanwhile_is_refused_as_moved(
        path, game_id):
    """A page's fact plays on the table as it is in memory (`fresh`: no read of the file before the
    append); an entry another process stored in between takes the number, the copy is read again
    and the fact judged again on it: refused as made against an older view when it no longer applies
    (and a fact the copy behind refuses is judged again on the copy as stored, so no wrong refusal
    is given either)."""
    mine, theirs = Tables(), Tables()
    store_a, store_b = Store(path), Store(path)
    a, b = mine.get(store_a, game_id), theirs.get(store_b, game_id)
    reads = []
    news = store_b.news
    store_b.news = lambda *args: reads.append(args) or news(*args)
    b.play(store_b, dict(FIRST), seen=0, fresh=True)
    assert reads == [] and store_b.load(game_id)[1] == [entry_text(FIRST)]
    bid = {"type": "bid", "player": "Bob", "amount": 4}
    with pytest.raises(Moved) as moved:
        a.play(store_a, bid, seen=0, fresh=True)    # a's copy is behind: the nominate is not in it
    assert moved.value.seq == 1 and a.game.state == b.game.state
    assert Store(path).load(game_id)[1] == [entry_text(FIRST)], "nothing of the refused fact is stored"
    b.play(store_b, bid, seen=1, fresh=True)
    with pytest.raises(Moved) as moved:     # legal on the copy behind (seq 1), taken by b's bid in the file
        a.play(store_a, {"type": "pass_bid", "player": "Bob"}, seen=1, fresh=True)
    assert moved.value.seq == 2 and Store(path).load(game_id)[1][-1] == entry_text(bid)


def test_a_fact_from_a_page_ahead_of_this_copy_is_judged_on_the_game_as_stored(path, game_id):
    """A page drawn by another process (ahead of this copy) enters a fact: the copy catches up and
    takes it, where it applies on the game the page showed."""
    mine, theirs = Tables(), Tables()
    store_a, store_b = Store(path), Store(path)
    a = mine.get(store_a, game_id)
    theirs.get(store_b, game_id).play(store_b, dict(FIRST), seen=0, fresh=True)
    assert a.seq == 0
    a.play(store_a, {"type": "bid", "player": "Bob", "amount": 4}, seen=1, fresh=True)
    assert a.seq == 2 and len(Store(path).load(game_id)[1]) == 2


def test_a_fact_stored_without_reading_first_brings_the_tables_money_choice_back(path, game_id):
    """Table.play's `fresh`: the money choice (which another request or process may have changed) is
    read with the append, so the answer is drawn with the choice as it stands."""
    table = Tables().get(Store(path), game_id, read=False)
    assert table.money is False
    Store(path).show_money(game_id, True)                   # elsewhere
    table.play(Store(path), dict(FIRST), seen=0, fresh=True)
    assert table.money is True
    assert Store(path).append(game_id, 2, entry_text({"type": "pass_bid", "player": "Bob"}), {}) is True


def test_an_open_table_got_without_reading_is_as_in_memory_and_a_new_one_is_read(path, game_id):
    tables, store = Tables(), Store(path)
    reads = []
    news = store.news
    store.news = lambda *args: reads.append(args) or news(*args)
    tables.get(store, game_id, read=False)
    assert len(reads) == 1, "a game not yet open is read whole, its money choice with it"
    tables.get(store, game_id, read=False)
    assert len(reads) == 1
    tables.get(store, game_id)
    assert len(reads) == 2


def test_a_store_failure_leaves_no_fact_in_memory_that_the_store_lacks(path, game_id):
    tables, store = Tables(), Store(path)
    table = tables.get(store, game_id)

    class Broken(Store):
        def append(self, *args):
            raise sqlite3.OperationalError("disk I/O error")
    broken = Broken(path)
    with pytest.raises(sqlite3.OperationalError):
        table.play(broken, dict(FIRST))
    assert tables.get(store, game_id).game.facts == [] and table.seq == 0
    table.play(store, dict(FIRST))
    assert store.load(game_id)[1] == [entry_text(FIRST)]


def test_a_whole_recorded_game_stored_fact_by_fact_replays_to_the_same_state(path):
    setup, entries = recorded(GERMANY)
    store = Store(path)
    game_id = store.create(setup, summary(Game(json.loads(setup))))
    table = Tables().get(store, game_id)
    for seq, entry in enumerate(entries):
        table.play(store, entry, seen=seq)
    fresh = Tables().get(Store(path), game_id)
    assert fresh.seq == len(entries) and fresh.game.state == table.game.state
    assert store.games()[0]["summary"]["phase"] == "over"


def test_preload_opens_the_most_recently_played_games_and_skips_a_log_it_cannot_replay(path):
    store = Store(path)
    ids = [store.create(json.dumps(GERMANY_3P), {}) for _ in range(4)]
    store.append(ids[0], 1, entry_text(FIRST), {})                  # played after the others were made
    broken = store.create('{"type": "setup", "map": "atlantis"}', {})   # the newest; the three most recent: broken, ids[0], ids[3]
    tables = Tables()
    assert tables.preload(store) == [ids[0], ids[3]]
    assert set(tables.open) == {ids[0], ids[3]} and broken not in tables.open
    assert tables.open[ids[0]].seq == 1
