"""Standings across several imported games (referee/standings.py): ties, renamed players, merged names.

Games are made by renaming the players of the recorded games (examples/*.jsonl) and importing them
into a store, so every figure is one the engine ruled for a whole game.
"""
from pathlib import Path

import pytest

from referee import standings
from referee.archive import import_log
from referee.store import Store

ROOT = Path(__file__).resolve().parents[1]
GERMANY = (ROOT / "examples" / "germany-4p.jsonl").read_text(encoding="utf-8")   # Bernd 17, Dieter 13, Clara 11, Anna 10
USA = (ROOT / "examples" / "usa-2p.jsonl").read_text(encoding="utf-8")           # Frank 21 (39), Emma 19 (31)


def renamed(text: str, names: dict) -> bytes:
    for old, new in names.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return text.encode()


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "games.sqlite3")
    yield s
    s.close()


def rows(store, **kw):
    return {r["name"]: r for r in standings.table(standings.finished(store), store.merges(), **kw)}


def test_names_match_whatever_the_case_width_and_spaces():
    assert standings.key("  Anna   K ") == standings.key("anna k") == standings.key("ＡＮＮＡ　Ｋ")


def test_one_player_over_two_games_with_the_name_typed_two_ways(store):
    import_log(store, renamed(USA, {"Frank": "Anna", "Emma": "Bob"}))
    import_log(store, renamed(GERMANY, {"Anna": "  anna ", "Bernd": "Bob"}))
    by = rows(store)
    assert {standings.key(n) for n in by} == {"anna", "bob", "clara", "dieter"}      # one row for Anna
    anna = next(r for r in by.values() if standings.key(r["name"]) == "anna")
    assert (anna["games"], anna["wins"], anna["cities"], anna["money"]) == (2, 1, (21 + 10) / 2, (39 + 24) / 2)
    assert len(anna["names"]) == 2 and {standings.key(n) for n in anna["names"]} == {"anna"}
    bob = by["Bob"]
    assert (bob["games"], bob["wins"], bob["cities"]) == (2, 1, (19 + 17) / 2)


def test_best_first_and_ties_share_a_place(store):
    import_log(store, renamed(USA, {"Frank": "Ann", "Emma": "Eve"}))     # Ann wins with 21
    import_log(store, renamed(USA, {"Frank": "Bea", "Emma": "Eve"}))     # Bea wins with 21
    table = standings.table(standings.finished(store), store.merges())
    assert [(r["place"], r["name"], r["wins"]) for r in table] == [(1, "Ann", 1), (1, "Bea", 1), (3, "Eve", 0)]


def test_a_merge_counts_two_names_as_one_player(store):
    import_log(store, renamed(USA, {"Frank": "Anna", "Emma": "Emma"}))
    import_log(store, renamed(USA, {"Frank": "Anna K.", "Emma": "Emma"}))
    assert rows(store)["Anna"]["games"] == 1
    standings.check_merge(standings.finished(store), store.merges(), "anna k.", "ANNA")
    store.merge_name(standings.key("Anna K."), standings.key("Anna"))
    by = rows(store)
    assert "Anna K." not in by
    assert (by["Anna"]["games"], by["Anna"]["wins"], sorted(by["Anna"]["names"])) == (2, 2, ["Anna", "Anna K."])
    store.unmerge_name(standings.key("Anna K."))
    assert rows(store)["Anna K."]["games"] == 1


def test_merges_follow_a_chain(store):
    for name in ("A1", "A2", "A3"):
        import_log(store, renamed(USA, {"Frank": name, "Emma": "Emma"}))
    store.merge_name("a1", "a2")
    store.merge_name("a2", "a3")
    assert rows(store)["A3"]["games"] == 3


@pytest.mark.parametrize("name, into, reason", [
    ("Anna", "anna", "same"),                  # one name already
    ("Anna", "Nobody", "unknown"),             # not in any finished game
    ("", "Anna", "unknown"),
    ("Anna", "Emma", "together"),              # they played each other
])
def test_bad_merges_are_refused_saying_why(store, name, into, reason):
    import_log(store, renamed(USA, {"Frank": "Anna", "Emma": "Emma"}))
    with pytest.raises(standings.BadMerge) as e:
        standings.check_merge(standings.finished(store), store.merges(), name, into)
    assert e.value.reason == reason
    if reason == "together":
        assert e.value.game == 1


def test_a_merge_back_the_other_way_is_the_same_player(store):
    import_log(store, renamed(USA, {"Frank": "Anna", "Emma": "Emma"}))
    import_log(store, renamed(USA, {"Frank": "Anne", "Emma": "Emma"}))
    store.merge_name("anne", "anna")
    with pytest.raises(standings.BadMerge) as e:
        standings.check_merge(standings.finished(store), store.merges(), "Anna", "Anne")
    assert e.value.reason == "same"


def test_filtered_by_map(store):
    import_log(store, GERMANY.encode())
    import_log(store, USA.encode())
    assert set(rows(store, map_id="usa")) == {"Emma", "Frank"}
    assert set(rows(store, map_id="germany")) == {"Anna", "Bernd", "Clara", "Dieter"}
    assert set(rows(store, edition="original")) == {"Anna", "Bernd", "Clara", "Dieter", "Emma", "Frank"}
    assert rows(store, edition="recharged") == {}
    assert standings.filters(standings.finished(store)) == {"maps": ["germany", "usa"], "editions": ["original"]}


def test_unfinished_games_do_not_count(store):
    import_log(store, "\n".join(GERMANY.splitlines()[:40]).encode())
    assert standings.finished(store) == []


def test_a_game_stored_before_summaries_carried_the_ranking_is_replayed(store):
    game = import_log(store, USA.encode())
    store.db.execute("UPDATE games SET summary = ? WHERE id = ?",
                     ('{"map":"usa","phase":"over","winners":["Frank"]}', game))
    [found] = standings.finished(store)
    assert found["edition"] == "original"
    assert found["ranking"][0] == {"player": "Frank", "powered": 21, "money": 39}


def test_a_file_from_before_merges_gets_the_table_when_opened_and_a_read_only_one_has_none(tmp_path):
    import sqlite3
    path = tmp_path / "old.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE name_merges")
    db.commit()
    db.close()
    read_only = Store(path, read_only=True)
    assert read_only.merges() == {}
    read_only.close()
    s = Store(path)
    s.merge_name("anne", "anna")
    assert s.merges() == {"anne": "anna"}
    s.close()


def test_span_is_the_first_and_last_entry_or_the_creation(store):
    import json as _json
    game = store.create(_json.dumps({"type": "setup"}), {})
    first, last = store.span(game)
    assert first == last
    with pytest.raises(LookupError):
        store.span(99)


def test_an_older_games_replayed_ranking_is_kept_while_the_game_is_unchanged(store, monkeypatch):
    game = import_log(store, USA.encode())
    store.db.execute("UPDATE games SET summary = ? WHERE id = ?", ('{"map":"usa","phase":"over","winners":["Frank"]}', game))
    known = {}
    first = standings.finished(store, known)
    monkeypatch.setattr(standings, "replay", lambda lines: pytest.fail("replayed again"))
    assert standings.finished(store, known) == first
