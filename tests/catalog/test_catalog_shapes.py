"""Values of the wrong shape anywhere in a map or edition file: the loader's precise message
(file, key, what is wrong, what is allowed), never a TypeError, KeyError or AttributeError."""
import copy
import tomllib

import pytest

from referee.catalog import CatalogError, load_edition, load_map
from referee.catalog.decks import load_deck, plants_table
from referee.catalog.edition_check import build_edition
from referee.catalog.files import BUILTIN_EDITIONS
from referee.catalog.map_check import build_map
from catalogkit import TINY, tiny

WRONG = [[1], "x", 1.5, {"a": 1}, True, 7]


def wrong_shapes(data, prefix=()):
    """(key path, value of another type) for every key, taking only the first item of a list
    (the others are read the same way)."""
    items = data.items() if isinstance(data, dict) else enumerate(data[:1]) if isinstance(data, list) else ()
    for key, value in items:
        yield from ((prefix + (key,), w) for w in WRONG if type(w) is not type(value))
        yield from wrong_shapes(value, prefix + (key,))


def replaced(data, path, value):
    data = copy.deepcopy(data)
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return data


def refusal(build, data) -> str:
    """The CatalogError's message, or "" when the data was accepted."""
    try:
        build(data)
    except CatalogError as e:
        return str(e)
    return ""


def test_overrides_market_start_wrong_shape_is_a_precise_message(tmp_path):
    cases = {
        "market_start = [24, 18, 6, 2]\n":
            "market_start: must be a table with coal, oil, garbage, uranium, got [24, 18, 6, 2]",
        'market_start = "full"\n': "market_start: must be a table with coal, oil, garbage, uranium, got 'full'",
        "market_start = { coal = [24], oil = 18, garbage = 6, uranium = 2 }\n":
            "market_start.coal: [24] must be a whole number 0..24",
        "market_start = { coal = 24.0, oil = 18, garbage = 6, uranium = 2 }\n":
            "market_start.coal: 24.0 must be a whole number 0..24",
        "starting_money = 50.5\n": "starting_money: 50.5 must be a whole number ≥ 0",
        "refill = 3\n": "refill: must be a non-empty table keyed by number, got 3",
    }
    for i, (override, message) in enumerate(cases.items()):
        board = tiny(tmp_path, override, name=f"tiny{i}.toml")
        with pytest.raises(CatalogError) as e:
            load_edition(map=board)
        assert str(e.value).splitlines()[0].endswith(f"/tiny{i}.toml [overrides]: {message}")


def test_every_edition_key_of_the_wrong_shape_is_named_in_the_message():
    edition = tomllib.loads((BUILTIN_EDITIONS / "original.toml").read_text(encoding="utf-8"))
    base = plants_table(load_deck(edition.pop("deck")))   # the plants come from the base deck file
    edition["plants"] = {n: base[n] for n in ("13", "5")}  # one plain plant, one hybrid
    edition["initial_market"] = [5]
    build = lambda data: build_edition(data, {}, "ed.toml")  # noqa: E731
    assert refusal(build, edition) == ""
    checked = 0
    for path, value in wrong_shapes(edition):
        message = refusal(build, replaced(edition, path, value))
        key = ".".join(map(str, path[:2]))
        assert all(line.startswith("ed.toml: ") for line in message.splitlines()), (path, value, message)
        assert key in message or f"{path[0]}: " in message, (path, value, message)
        checked += 1
    assert checked > 300


def test_every_map_key_of_the_wrong_shape_is_named_in_the_message():
    board = tomllib.loads(TINY + "[overrides]\nstarting_money = 45\n")
    build = lambda data: build_map(data, "tiny.toml")  # noqa: E731
    assert refusal(build, board) == ""
    for path, value in wrong_shapes(board):
        if path[0] == "overrides" and len(path) > 1:
            continue  # edition keys: checked when the edition loads (the edition sweep and the test above)
        message = refusal(build, replaced(board, path, value))
        what = {"connections": "connection", "cities": "city", "areas": "area"}.get(path[0], path[0])
        assert all(line.startswith("tiny.toml: ") for line in message.splitlines()), (path, value, message)
        assert what in message, (path, value, message)


@pytest.mark.parametrize("text, message", [
    (b'id = "\xff"\n', "not UTF-8 text"),
    (b"id = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nested too deeply"),
    (b"id = " + b"9" * 5000 + b"\n", "a number with thousands of digits"),
])
def test_unreadable_toml_is_a_catalog_error(tmp_path, text, message):
    path = tmp_path / "odd.toml"
    path.write_bytes(text)
    with pytest.raises(CatalogError, match=f"odd.toml: .*{message}"):
        load_map(path)


@pytest.mark.parametrize("name", ["x" * 5000, "x" * 5000 + ".toml", "a\x00b"])
def test_names_the_system_cannot_look_up_are_unknown_not_an_os_error(name):
    for load in (load_map, load_edition):
        with pytest.raises(CatalogError):
            load(name)
