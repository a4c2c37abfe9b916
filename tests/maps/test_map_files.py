"""Every map of seed 001 with public data is a map file: its board, areas and setup numbers."""
import pytest

from referee.catalog import available_maps, load_edition, load_map
from referee.game import Game
from mapkit import board_setup, player_counts

SEED_001_MAPS = ["france", "italy", "benelux", "centraleurope", "korea", "china", "spainportugal", "russia",
                 "japan", "quebec", "northerneurope", "ukireland", "australia", "indian", "brazil",
                 "badenwurttemberg"]

# seed 001 燃料初期価格 (石炭, 石油, 廃棄物, ウラン): the cheapest filled space at setup; None: no cube at all
START_PRICES = {
    "germany": (1, 3, 7, 14), "usa": (1, 3, 7, 14), "brazil": (1, 3, 7, 14), "badenwurttemberg": (1, 3, 7, 14),
    "france": (1, 3, 7, 5), "italy": (3, 4, 5, 14), "benelux": (3, 1, 7, 14), "centraleurope": (1, 3, 7, 14),
    "korea": (1, 3, 7, 14), "china": (5, 5, 5, None), "spainportugal": (1, 3, 6, 5), "russia": (3, 1, None, 6),
    "japan": (2, 4, 6, 12), "quebec": (2, 2, 7, 14), "northerneurope": (3, 3, 5, 7), "ukireland": (1, 3, 5, None),
    "australia": (1, 3, 4, 2), "indian": (1, 2, 2, 6),
}


def test_every_seed_001_map_with_data_has_a_map_file_named_after_its_data_file():
    assert set(SEED_001_MAPS) <= set(available_maps())
    for ident in SEED_001_MAPS:
        assert load_map(ident).id == ident


@pytest.mark.parametrize("ident", SEED_001_MAPS)
def test_map_areas_are_the_data_files_colour_ids_and_coordinates_fractions(ident):
    m = load_map(ident)
    assert set(m.areas) <= {"brown", "purple", "blue", "yellow", "green", "red", "pink", "orange"}
    assert all(0 <= c.x <= 1 and 0 <= c.y <= 1 for c in m.cities.values())
    assert max(max(c.x for c in m.cities.values()) - min(c.x for c in m.cities.values()),
               max(c.y for c in m.cities.values()) - min(c.y for c in m.cities.values())) > 0.85


@pytest.mark.parametrize("ident", sorted(START_PRICES))
def test_starting_resource_prices_follow_seed_001(ident):
    """seed 001 燃料初期価格: 「下記の値段以上の欄に燃料をすべて埋めてスタート」."""
    ed = load_edition("original", map=load_map(ident))
    for r, price in zip(("coal", "oil", "garbage", "uranium"), START_PRICES[ident]):
        slots, n = ed.market_slots[r], ed.market_start[r]
        if price is None:
            assert n == 0, (r, n)
        else:
            assert n == sum(1 for s in slots if s >= price), (r, n)
            assert slots[len(slots) - n] == price


@pytest.mark.parametrize("ident", SEED_001_MAPS)
def test_starting_money_is_50_elektro_on_every_map(ident):
    """seed 001 初期資金: 「50 エレクトロ(北海道は 45 エレクトロ)」."""
    t = Game(board_setup(3, ident))
    assert {p["money"] for p in t.state["players"].values()} == {50}


@pytest.mark.parametrize("ident", SEED_001_MAPS)
def test_every_map_starts_a_game_at_every_player_count_with_its_areas(ident):
    """seed 001 プレイエリア: 「2 人は 3 エリア、3 人~5 人は人数分のエリア、6 人は 5 エリア」."""
    assert player_counts(ident) == [2, 3, 4, 5, 6]
    for n in player_counts(ident):
        g = Game(board_setup(n, ident))
        assert len(g.setup["areas"]) == {2: 3, 3: 3, 4: 4, 5: 5, 6: 5}[n]


def test_the_british_isles_are_two_islands_whose_areas_may_be_played_together():
    """Ireland and Great Britain share no connection; a table may still play areas on both."""
    m = load_map("ukireland")
    assert m.islands == 2 and m.areas_connected(["green", "red", "pink"])
    assert not m.areas_connected(["red", "brown"])   # on one island, areas still must touch


def test_india_plays_with_8_uranium_cubes():
    """seed 001 インド亜大陸 セットアップ時: 「ウランは8個しか使わない(4個をゲームから除外)」."""
    state = Game(board_setup(3, "indian")).state
    assert state["resources"]["market"]["uranium"] + state["resources"]["supply"]["uranium"] == 8
