"""A map may change any edition table through its [overrides] (shallow, per top-level key)."""
import pytest

from catalogkit import tiny
from referee.catalog import CatalogError, load_edition


def test_map_overrides_a_scalar_and_a_whole_table(tmp_path):
    board = tiny(tmp_path, """starting_money = 45
[overrides.market_start]
coal = 21
oil = 15
garbage = 6
uranium = 4
""")
    ed = load_edition(map=board)
    assert ed.starting_money == 45
    assert ed.market_start == {"coal": 21, "oil": 15, "garbage": 6, "uranium": 4}
    assert ed.refill == load_edition().refill  # untouched keys stay
    assert load_edition().starting_money == 50  # the base edition is not changed


def test_nested_tables_are_replaced_whole_not_merged(tmp_path):
    board = tiny(tmp_path, "[overrides.market_start]\ncoal = 21\n")
    with pytest.raises(CatalogError) as e:
        load_edition(map=board)
    assert "tiny.toml [overrides]: market_start: missing 'oil'" in str(e.value)


def test_bad_override_value_is_blamed_on_the_map_file(tmp_path):
    board = tiny(tmp_path, "starting_money = -5\n")
    with pytest.raises(CatalogError, match=r"tiny\.toml \[overrides\]: starting_money: -5 must be a whole number ≥ 0"):
        load_edition(map=board)


def test_unknown_override_key_is_caught_when_the_map_loads(tmp_path):
    with pytest.raises(CatalogError, match=r"tiny\.toml: overrides: unknown key 'starting_cash' \(allowed: .*starting_money"):
        tiny(tmp_path, "starting_cash = 45\n")


TWO_TO_THREE = """[overrides.player_counts]
2 = { areas = 1, removed = 8, max_plants = 4, step2 = 10, end = 21 }
3 = { areas = 2, removed = 8, max_plants = 3, step2 =  7, end = 17 }
"""


def test_a_map_for_fewer_player_counts_keeps_the_edition_refill_rows_unused(tmp_path):
    """Seed 001: Hokkaido is for 2–4 players; overriding player_counts alone is enough."""
    ed = load_edition(map=tiny(tmp_path, TWO_TO_THREE))
    assert sorted(ed.player_counts) == sorted(ed.refill) == [2, 3]
    assert ed.refill[3] == load_edition().refill[3]


def test_a_map_for_fewer_player_counts_plays_them_and_refuses_the_others(tmp_path):
    from referee.game import Game
    from tablekit import setup_line
    tiny(tmp_path, TWO_TO_THREE)
    board = str(tmp_path / "tiny.toml")
    assert Game({**setup_line(3), "map": board, "areas": ["A", "B"]}).state["phase"] == "auction"
    with pytest.raises(ValueError, match="for 2–3 players; got 4"):
        Game({**setup_line(4), "map": board, "areas": ["A", "B"]})


def test_a_refill_row_beside_player_counts_in_the_same_file_without_its_count_is_an_error(tmp_path):
    rows = "".join(f"{n} = {{ coal = [1, 1, 1], oil = [1, 1, 1], garbage = [1, 1, 1], uranium = [1, 1, 1] }}\n"
                   for n in (2, 3, 4))
    board = tiny(tmp_path, TWO_TO_THREE + "[overrides.refill]\n" + rows)
    with pytest.raises(CatalogError, match=r"tiny\.toml \[overrides\]: refill\.4: 4 players is not in player_counts "
                                           r"\(2, 3\); remove the row or add the count to player_counts"):
        load_edition(map=board)
