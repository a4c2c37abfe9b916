"""Hand-edited catalogue files with mistakes: each error names the file and the problem."""
import json
import re

import pytest

from referee.catalog import CatalogError, available_maps, load_edition, load_map
from referee.catalog.decks import load_deck
from referee.catalog.files import BUILTIN_EDITIONS

GOOD = """
id = "bad"
name = "Small board"
connections = [
  ["a1", "a2", 5],
  ["a2", "b1", 10],
  ["b1", "b2", 0],
]
[areas]
A = { name = "Area A", colour = "#ff0000" }
B = { name = "Area B" }
[cities]
a1 = { name = "Ä-Stadt", area = "A", x = 0.1, y = 0.1 }
a2 = { name = "A Two", area = "A", x = 0.2, y = 0.1 }
b1 = { name = "B One", area = "B", x = 0.5, y = 0.5 }
b2 = { name = "B Two", area = "B", x = 0.6, y = 0.5 }
"""


def write(tmp_path, text, name="bad.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def edit(text, *pairs):
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def map_error(tmp_path, text) -> str:
    with pytest.raises(CatalogError) as e:
        load_map(write(tmp_path, text))
    return str(e.value)


def test_the_good_small_board_loads(tmp_path):
    board = load_map(write(tmp_path, GOOD))
    assert board.areas["B"].colour  # colour is optional
    assert board.resolve_city("a-stadt") == "a1"


MAP_CASES = {
    "missing required key": (
        [('name = "Small board"\n', "")], "missing required key 'name'"),
    "unknown top-level key": (
        [('name = "Small board"', 'name = "Small board"\nsize = 3')], "unknown key 'size' (allowed: id, name"),
    "connections after a table": (
        [('connections = [\n  ["a1", "a2", 5],\n  ["a2", "b1", 10],\n  ["b1", "b2", 0],\n]\n', ""),
         ('B = { name = "Area B" }', 'B = { name = "Area B" }\nconnections = [["a1", "a2", 5]]')],
        "missing required key 'connections' (found inside [areas]: top-level keys must come before"),
    "map id with upper case or spaces": (
        [('id = "bad"', 'id = "Bad Board"')], "id 'Bad Board' must be lower-case"),
    "city id with a space": (
        [("b2 = {", '"b two" = {'), ('"b2", 0', '"b two", 0')], "city 'b two': id must be lower-case"),
    "city id with upper case": (
        [("b2 = {", "B2 = {"), ('"b2", 0', '"B2", 0')], "city 'B2': id must be lower-case"),
    "unknown area of a city": (
        [('area = "B", x = 0.6', 'area = "C", x = 0.6')], "city 'b2': unknown area 'C' (areas: A, B)"),
    "city without area": (
        [('area = "B", x = 0.6', 'x = 0.6')], "city 'b2': missing 'area'"),
    "unknown city in a connection": (
        [('["b1", "b2", 0]', '["b1", "b2", 0],\n  ["b1", "nowhere", 3]')],
        "connection 4 (b1–nowhere): unknown city 'nowhere'"),
    "misspelt city in a connection": (
        [('["b1", "b2", 0]', '["b1", "bb2", 0]')], "unknown city 'bb2' (did you mean 'b2'?)"),
    "connection of a city to itself": (
        [('["b1", "b2", 0]', '["b1", "b2", 0],\n  ["b2", "b2", 1]')], "connection 4 (b2–b2): connects a city to itself"),
    "duplicate edge in the same direction": (
        [('["b1", "b2", 0]', '["b1", "b2", 0],\n  ["a1", "a2", 6]')],
        "connection 4 (a1–a2): duplicate of connection 1"),
    "duplicate edge in the other direction": (
        [('["b1", "b2", 0]', '["b1", "b2", 0],\n  ["a2", "a1", 5]')],
        "connection 4 (a2–a1): duplicate of connection 1"),
    "negative cost": (
        [('["a1", "a2", 5]', '["a1", "a2", -3]')], "connection 1 (a1–a2): cost -3 must be a whole number from 0 to 100 (Elektro)"),
    "fractional cost": (
        [('["a1", "a2", 5]', '["a1", "a2", 2.5]')], "connection 1 (a1–a2): cost 2.5 must be a whole number"),
    "cost as text": (
        [('["a1", "a2", 5]', '["a1", "a2", "5"]')], "connection 1 (a1–a2): cost '5' must be a whole number"),
    "connection not a triple": (
        [('["a1", "a2", 5]', '["a1", "a2"]')], "connection 1: expected [city, city, cost]"),
    "disconnected board names the cities cut off": (
        [('["a2", "b1", 10],\n', "")], "board is not connected: cut off from the rest: b1, b2"),
    "areas of different sizes": (
        [('b2 = {', 'b3 = { name = "B Three", area = "B", x = 0.7, y = 0.5 }\nb2 = {'),
         ('["b1", "b2", 0]', '["b1", "b2", 0], ["b2", "b3", 1]')],
        "areas must all hold the same number of cities; counts: A 2, B 3"),
    "missing coordinate": (
        [('x = 0.2, y = 0.1 }', 'x = 0.2 }')], "city 'a2': missing coordinate 'y'"),
    "non-numeric coordinate": (
        [('x = 0.2, y = 0.1 }', 'x = "left", y = 0.1 }')], "city 'a2': coordinate x = 'left' is not a number"),
    "coordinate outside 0..1": (
        [('x = 0.2, y = 0.1 }', 'x = 250, y = 0.1 }')], "city 'a2': coordinate x = 250 is outside 0..1"),
    "area without a name": (
        [('B = { name = "Area B" }', 'B = { colour = "#00f" }')], "area 'B': missing 'name'"),
    "unknown key of a city": (
        [('x = 0.2, y = 0.1 }', 'x = 0.2, y = 0.1, pop = 3 }')], "city 'a2': unknown key 'pop' (allowed: name, romaji, area, x, y, spaces, opens)"),
    "two cities answering to one name": (
        [('name = "A Two"', 'name = "AE Stadt"')], "both answer to 'aestadt'"),
    "invalid TOML": (
        [('name = "Small board"', 'name = Small board')], "not valid TOML"),
}


@pytest.mark.parametrize("case", MAP_CASES)
def test_map_validation_error_names_file_and_problem(tmp_path, case):
    edits, expected = MAP_CASES[case]
    msg = map_error(tmp_path, edit(GOOD, *edits))
    assert "bad.toml: " in msg
    assert expected in msg


def test_all_problems_are_reported_at_once(tmp_path):
    msg = map_error(tmp_path, edit(GOOD, ('["a1", "a2", 5]', '["a1", "a2", -1]'), ('area = "B", x = 0.6', 'area = "Q", x = 0.6')))
    assert "cost -1" in msg and "unknown area 'Q'" in msg
    assert all(line.startswith(str(tmp_path / "bad.toml")) or "bad.toml: " in line for line in msg.splitlines())


def test_missing_file(tmp_path):
    with pytest.raises(CatalogError, match=r"none\.toml: file not found"):
        load_map(tmp_path / "none.toml")


def test_edited_file_is_read_again(tmp_path):
    path = write(tmp_path, GOOD)
    assert load_map(path).name == "Small board"
    path.write_text(GOOD.replace("Small board", "Renamed board"), encoding="utf-8")
    assert load_map(path).name == "Renamed board"


def test_referee_maps_env_var_points_at_another_maps_folder(tmp_path, monkeypatch):
    write(tmp_path, GOOD.replace('id = "bad"', 'id = "tiny"'), "tiny.toml")
    write(tmp_path, GOOD, "other.toml")
    monkeypatch.setenv("REFEREE_MAPS", str(tmp_path))
    assert available_maps() == ["other", "tiny"]
    assert load_map("Tiny").id == "tiny"
    with pytest.raises(CatalogError, match=r"other\.toml: id 'bad' must match the file name 'other\.toml'"):
        load_map("other")
    assert load_edition().starting_money == 50  # editions fall back to the built-in folder


# --- edition files ------------------------------------------------------------------------

def _inline_plants() -> str:
    """The edition with its plants written out as a [plants] table (an edition may hold its own
    plants instead of naming a deck file), in the column layout the cases below edit."""
    rows = [f"{n:<2} = {{ kind = {json.dumps(p.kind) + ',':<13} accepts = {json.dumps(list(p.accepts)) + ',':<16} "
            f"burns = {p.burns}, powers = {p.powers} }}" for n, p in load_deck("base").cards.items()]
    text = (BUILTIN_EDITIONS / "original.toml").read_text(encoding="utf-8").replace('deck = "base"\n', "")
    return text + "\n[plants]\n" + "\n".join(rows) + "\n"


ORIGINAL = _inline_plants()

EDITION_CASES = {
    "missing table": (
        [(re.search(r"income = \[.*\]\n", ORIGINAL).group(0), "")], "missing required key 'income'"),
    "unknown plant kind": (
        [('13 = { kind = "ecological"', '13 = { kind = "solar"')], "plants.13: kind 'solar' is not one of"),
    "single-resource plant accepting another": (
        [('4  = { kind = "coal",       accepts = ["coal"]', '4  = { kind = "coal",       accepts = ["oil"]')],
         "plants.4: a coal plant accepts coal, got ['oil']"),
    "hybrid accepting one resource": (
        [('5  = { kind = "hybrid",     accepts = ["coal", "oil"]', '5  = { kind = "hybrid",     accepts = ["coal"]')],
         "plants.5: a hybrid plant accepts two or more resources"),
    "green plant burning": (
        [('accepts = [],              burns = 0, powers = 1', 'accepts = [],              burns = 2, powers = 1')],
         "plants.13: burns 2 does not fit a ecological plant"),
    "plant with missing field": (
        [(", powers = 1 }", " }")], "plants.3: needs exactly kind, accepts, burns, powers; missing powers"),
    "initial market plant unknown": (
        [("initial_market = [3,", "initial_market = [2,")], "initial_market: plant 2 is not in [plants]"),
    "top of deck in the market": (
        [("top_of_deck = 13", "top_of_deck = 10")], "top_of_deck: 10 must be the number of a plant"),
    "player-count row missing a column": (
        [("2 = { areas = 3, removed = 8, max_plants = 4, step2 = 10, end = 21 }",
          "2 = { areas = 3, removed = 8, max_plants = 4, step2 = 10 }")],
        "player_counts.2: needs exactly areas, removed, max_plants, step2, end"),
    "refill step list too short": (
        [("2 = { coal = [3, 4, 3]", "2 = { coal = [3, 4]")], "refill.2.coal: expected [step1, step2, step3]"),
    "refill row for a player count missing": (
        [(re.search(r"\n6 = \{ coal.*\n", ORIGINAL).group(0), "\n")], "refill: no row for 6 players"),
    "unknown resource": (
        [("coal    = 24\noil", "coal    = 24\npeat = 3\noil")], "totals: unknown resource 'peat'"),
    "market slots not ascending": (
        [("uranium = [1, 2, 3,", "uranium = [2, 1, 3,")], "market_slots.uranium: must be in ascending order"),
    "market start beyond the slots": (
        [("uranium =  2", "uranium = 13")], "market_start.uranium: 13 must be a whole number 0..12"),
    "totals below the market start": (
        [("uranium = 12\n", "uranium = 1\n")], "totals.uranium: 1 must be a whole number ≥ 2"),
    "income not ascending": (
        [("income = [10, 22,", "income = [22, 10,")], "income: must be in ascending order"),
}


@pytest.mark.parametrize("case", EDITION_CASES)
def test_edition_validation_error_names_file_and_problem(tmp_path, case):
    edits, expected = EDITION_CASES[case]
    path = write(tmp_path, edit(ORIGINAL, *edits), "broken.toml")
    with pytest.raises(CatalogError) as e:
        load_edition(path)
    assert "broken.toml: " in str(e.value)
    assert expected in str(e.value)


def test_unchanged_copy_of_the_edition_loads(tmp_path):
    assert load_edition(write(tmp_path, ORIGINAL, "copy.toml")).plants == load_edition().plants
