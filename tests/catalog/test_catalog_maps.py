"""The Germany and USA boards as transcribed into maps/*.toml."""
import heapq
import os
from pathlib import Path

import pytest

import referee.catalog as catalog
from referee.catalog import MAPS_DIR, CatalogError, available_maps, load_map

RULEBOOK_COSTS = [  # RULES.md / rulebook worked example on the Germany board
    ("essen", "duisburg", 0),
    ("duesseldorf", "koeln", 4),
    ("duesseldorf", "aachen", 9),
    ("essen", "duesseldorf", 2),
    ("muenster", "dortmund", 2),
]
ZERO_COST = {
    "germany": {("duisburg", "essen"), ("halle", "leipzig"), ("frankfurt_main", "wiesbaden")},
    "usa": {("cheyenne", "denver"), ("jacksonville", "savannah"), ("new_york", "philadelphia")},
}


def cost(board, a, b):
    found = [c.cost for c in board.connections if {c.a, c.b} == {a, b}]
    assert len(found) == 1, f"{a}-{b}: {found}"
    return found[0]


def shortest(board, start, goal):
    nbrs = {}
    for c in board.connections:
        nbrs.setdefault(c.a, []).append((c.b, c.cost))
        nbrs.setdefault(c.b, []).append((c.a, c.cost))
    best, todo = {start: 0}, [(0, start)]
    while todo:
        d, here = heapq.heappop(todo)
        if here == goal:
            return d
        for n, w in nbrs[here]:
            if d + w < best.get(n, 1e9):
                best[n] = d + w
                heapq.heappush(todo, (d + w, n))


def test_maps_dir_is_the_top_level_maps_folder():
    if not os.environ.get("REFEREE_MAPS"):
        assert MAPS_DIR == Path(catalog.__file__).resolve().parents[2] / "maps"
    assert {"germany", "usa"} <= set(available_maps())


@pytest.mark.parametrize("name, n_connections", [("germany", 83), ("usa", 87)])
def test_base_boards_have_42_cities_in_6_areas_of_7(name, n_connections):
    board = load_map(name)
    assert board.id == name
    assert len(board.cities) == 42
    assert len(board.areas) == 6
    assert all(len(board.cities_in([a])) == 7 for a in board.areas)
    assert len(board.connections) == n_connections


def test_area_ids_are_the_compass_ids():
    assert set(load_map("germany").areas) == {"NW", "NE", "W", "E", "SW", "SE"}
    assert set(load_map("usa").areas) == {"NW", "NC", "NE", "SW", "SC", "SE"}


@pytest.mark.parametrize("a, b, printed", RULEBOOK_COSTS)
def test_rulebook_example_costs_on_germany(a, b, printed):
    assert cost(load_map("germany"), a, b) == printed


def test_rulebook_example_building_duesseldorf_then_koeln_from_essen():
    # 000: second houses (15) in Düsseldorf then Köln cost 17 then 19.
    germany = load_map("germany")
    assert 15 + shortest(germany, "essen", "duesseldorf") == 17
    assert 15 + shortest(germany, "duesseldorf", "koeln") == 19
    assert shortest(germany, "essen", "aachen") == 11
    assert shortest(germany, "duesseldorf", "duisburg") == 2


@pytest.mark.parametrize("name", ["germany", "usa"])
def test_zero_cost_links_are_kept(name):
    zero = {tuple(sorted((c.a, c.b))) for c in load_map(name).connections if c.cost == 0}
    assert zero == {tuple(sorted(p)) for p in ZERO_COST[name]}


@pytest.mark.parametrize("name", ["germany", "usa"])
def test_printed_names_ids_and_coordinates(name):
    board = load_map(name)
    for c in board.cities.values():
        assert c.id.isascii() and c.id == c.id.lower() and " " not in c.id
        assert 0 <= c.x <= 1 and 0 <= c.y <= 1
    assert len({(c.x, c.y) for c in board.cities.values()}) == 42


def test_germany_printed_names_keep_diacritics():
    cities = load_map("germany").cities
    assert cities["duesseldorf"].name == "Düsseldorf"
    assert cities["koeln"].name == "Köln"
    assert cities["frankfurt_main"].name == "Frankfurt (Main)"
    assert cities["frankfurt_oder"].name == "Frankfurt (Oder)"
    assert cities["essen"].area == "W" and cities["aachen"].area == "SW"


def test_germany_is_north_up():
    c = load_map("germany").cities
    assert c["flensburg"].y < c["hamburg"].y < c["muenchen"].y  # y grows southwards
    assert c["aachen"].x < c["berlin"].x < c["frankfurt_oder"].x  # x grows eastwards


def test_base_boards_have_no_overrides():
    assert load_map("germany").overrides == {} and load_map("usa").overrides == {}


def test_load_map_is_cached_per_path_and_accepts_ids_in_any_case():
    assert load_map("germany") is load_map("GERMANY") is load_map(MAPS_DIR / "germany.toml")


def test_maps_are_hashable_for_holders_like_the_rules_context():
    assert hash(load_map("germany")) == hash(load_map("germany"))
    assert load_map("germany") != load_map("usa")


def test_unknown_map_id_lists_the_available_maps():
    with pytest.raises(CatalogError, match=r"unknown map 'germny'.*available: .*germany.*did you mean germany"):
        load_map("germny")
