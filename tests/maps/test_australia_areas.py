"""Australia's play areas are adjacent as the printed regions border each other (maps/australia.toml
`area_borders`; seed 001 オーストラリア: 「4 人まで人数分エリア、5 人以上は全て使用」, and 第4フェーズ 「電線コストは
マップ上のコストまたは一般接続コスト(20エレクトロ)のどちらを選択してもよい」: the west is not apart)."""
import copy
import tomllib
from pathlib import Path

import pytest

from referee.catalog import CatalogError, load_map
from referee.catalog.map_check import build_map
from referee.game import Game
from referee.rules.errors import BadSetup
from tablekit import setup_line

FILE = Path(__file__).resolve().parents[2] / "maps" / "australia.toml"


def game(players, areas):
    return Game({**setup_line(players), "map": "australia", "areas": areas})


@pytest.mark.parametrize("players, areas", [
    (2, ["brown", "green", "yellow"]),          # New South Wales, Queensland, NT / South Australia
    (2, ["red", "yellow", "pink"]),             # the west with the centre and Victoria
    (3, ["brown", "green", "yellow"]),          # refused as "not adjacent" before
    (3, ["red", "yellow", "green"]),
    (4, ["brown", "green", "red", "yellow"]),   # refused before
    (5, ["pink", "brown", "green", "red", "yellow"]),
    (6, ["pink", "brown", "green", "red", "yellow"]),
])
def test_australia_areas_bordering_on_the_printed_board_are_adjacent(players, areas):
    assert game(players, areas).setup["areas"] == areas


@pytest.mark.parametrize("players, areas", [
    (2, ["red", "green", "pink"]),          # Western Australia touches neither Queensland nor Victoria
    (3, ["red", "brown", "pink"]),
    (4, ["red", "pink", "brown", "green"]),
])
def test_australia_areas_not_bordering_are_refused(players, areas):
    with pytest.raises(BadSetup, match="must be adjacent"):
        game(players, areas)


def test_maps_check_refuses_borders_that_leave_out_a_printed_link():
    data = tomllib.loads(FILE.read_text(encoding="utf-8"))
    bad = copy.deepcopy(data)
    bad["area_borders"] = [pair for pair in data["area_borders"] if set(pair) != {"green", "brown"}] + [["red", "red"]]
    with pytest.raises(CatalogError) as info:
        build_map(bad, "australia.toml")
    text = str(info.value)
    assert "a connection joins brown and green" in text and "an area borders itself: red" in text
    assert load_map("australia").area_borders and build_map(data, "x").areas_adjacent("red", "yellow")
