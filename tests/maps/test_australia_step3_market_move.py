"""Australia's Step 3 market move (referee/maprules/step3_market_move.py), played on the Australia board.

Seed 001, オーストラリア ステップ3: 「3種類の資源を安いものから6個を9~10の資源市場に移動する(最低資源価格は3になる)。」
"""
from pathlib import Path

import pytest

from referee import rulings
from referee.catalog import CatalogError, load_map
from referee.rules.resources import price_of, track
from mapkit import australia_step3, map_table
from tablekit import at_phase, finish_phase


def step3_with(coal: int):
    """Step 3 begins with the bureaucracy phase, `coal` cubes on the coal market (the rest in the supply)."""
    t = at_phase(map_table("australia", 3), "building")
    t.edit(lambda s: (s.update(step=2, step2_started=True, step3_at="bureaucracy"),
                      s["resources"]["market"].update(coal=coal), s["resources"]["supply"].update(coal=24 - coal)))
    finish_phase(t)
    return t


def test_step3_moves_the_six_cheapest_cubes_of_coal_oil_and_garbage_to_the_9_and_10_spaces():
    """「3種類の資源を安いものから6個を9~10の資源市場に移動する」: a full coal market gives up its 1s and 2s."""
    t = australia_step3()
    moved = t.game.events[-1][-1]
    assert moved["type"] == "market_moved" and moved["lowest"] == 3
    assert moved["moves"]["coal"] == {"from": [1, 1, 1, 2, 2, 2], "to": [9, 9, 9, 10, 10, 10]}
    assert moved["moves"]["oil"]["from"] == [3, 3, 3, 4, 4, 4]          # 18 oil: the cheapest sit on 3 and 4
    assert moved["moves"]["garbage"]["from"] == [4, 4, 4, 5, 5, 5]
    assert "uranium" not in moved["moves"]
    assert t.state["resources"]["market"] == {"coal": 24, "oil": 18, "garbage": 15, "uranium": 12}


def test_after_the_move_the_cheapest_resource_price_is_3_and_the_moved_cubes_cost_9_and_10():
    """「(最低資源価格は3になる)」: 15 coal sat on 4–8; six go to 9–10, the rest stay on 6–8."""
    t = step3_with(coal=15)
    s, ctx = t.state, t.ctx
    assert track(ctx, s, "coal")[0] == 3 and track(ctx, s, "coal")[-6:] == (9, 9, 9, 10, 10, 10)
    assert price_of(ctx, s, "coal", 1) == 6
    assert price_of(ctx, s, "coal", 15) == 3 * (6 + 7 + 8 + 9 + 10)
    assert track(ctx, s, "uranium") == ctx.edition.market_slots["uranium"]   # uranium keeps its own track


def test_before_step3_the_board_track_is_unchanged():
    t = at_phase(map_table("australia", 3), "resources")
    assert track(t.ctx, t.state, "coal") == t.ctx.edition.market_slots["coal"]
    assert price_of(t.ctx, t.state, "coal", 3) == 3


def test_after_the_move_refills_fill_from_the_10_spaces_and_never_reach_the_1_and_2_spaces():
    """The market still fills from its dearest empty space: an empty coal market refills onto 10 and 9."""
    t = step3_with(coal=0)
    finish_phase(t)                                                        # everyone powers; refill in Step 3
    refill = next(e for e in t.game.events[-1] if e["type"] == "refill" and e["resource"] == "coal")
    assert (refill["added"], refill["spaces"]) == (4, [10, 10, 10, 9])    # 3 players, Step 3: 4 coal
    assert price_of(t.ctx, t.state, "coal", 1) == 9 and price_of(t.ctx, t.state, "coal", 4) == 9 + 30


def test_step3_market_move_is_explained_in_each_language():
    moved = australia_step3().game.events[-1][-1]
    assert "9 and 10" in rulings.render(moved, "en") and "cheapest space is 3" in rulings.render(moved, "en")
    assert "最低資源価格は3" in rulings.render(moved, "ja") and "石炭" in rulings.render(moved, "ja")
    assert "垃圾" in rulings.render(moved, "zh-Hant")


def test_the_rules_parameters_are_checked_with_the_key_and_what_is_allowed(tmp_path):
    text = (Path(__file__).resolve().parents[2] / "maps" / "australia.toml").read_text(encoding="utf-8")
    text = text.replace("spaces = [9, 9, 9, 10, 10, 10]", "spaces = [10, 9]").replace("two_cubes = [50]",
                                                                                        'two_cubes = "50"')
    (tmp_path / "australia.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_map(str(tmp_path / "australia.toml"))
    assert "rules.step3_market_move.spaces: [10, 9] is not a list of prices, cheapest first" in str(info.value)
    assert "rules.uranium_mines.two_cubes: '50' is not a list of plant numbers" in str(info.value)
