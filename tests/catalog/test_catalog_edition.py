"""The base-game plant cards and rule tables (maps/editions/original.toml) against RULES.md."""
import re

import pytest

from referee.catalog import CatalogError, load_edition, load_map

# RULES.md, Components (from seed 002).
PLANT_TYPES = ("coal 4 8 10 15 20 25 31 36 42; oil 3 7 9 16 26 32 35 40; hybrid 5 12 21 29 46; "
               "garbage 6 14 19 24 30 38; uranium 11 17 23 28 34 39; ecological 13 18 22 27 33 37 44; fusion 50")
# number burns powers, as printed on the cards (shared/data/plants.json consensus).
PRINTED = """
    3 2 1 | 4 2 1 | 5 2 1 | 6 1 1 | 7 3 2 | 8 3 2 | 9 1 1
    10 2 2 | 11 1 2 | 12 2 2 | 13 0 1 | 14 2 2 | 15 2 3 | 16 2 3
    17 1 2 | 18 0 2 | 19 2 3 | 20 3 5 | 21 2 4 | 22 0 2 | 23 1 3
    24 2 4 | 25 2 5 | 26 2 5 | 27 0 3 | 28 1 4 | 29 1 4 | 30 3 6
    31 3 6 | 32 3 6 | 33 0 4 | 34 1 5 | 35 1 5 | 36 3 7 | 37 0 4
    38 3 7 | 39 1 6 | 40 2 6 | 42 2 6 | 44 0 5 | 46 3 7 | 50 0 6
"""
# RULES.md, Player-count table: players | areas | removed | max plants | Step 2 at | game ends at
PLAYER_TABLE = """
| 2 | 3 | 8 | 4 | 10 cities | 21 cities |
| 3 | 3 | 8 | 3 | 7 | 17 |
| 4 | 4 | 4 | 3 | 7 | 17 |
| 5 | 5 | 0 | 3 | 7 | 15 |
| 6 | 5 | 0 | 3 | 6 | 14 |
"""
# RULES.md, Refill table (coal / oil / garbage / uranium): players | Step 1 | Step 2 | Step 3
REFILL_TABLE = """
| 2 | 3 2 1 1 | 4 2 2 1 | 3 4 3 1 |
| 3 | 4 2 1 1 | 5 3 2 1 | 3 4 3 1 |
| 4 | 5 3 2 1 | 6 4 3 2 | 4 5 4 2 |
| 5 | 5 4 3 2 | 7 5 3 3 | 5 6 5 2 |
| 6 | 7 5 3 2 | 9 6 5 3 | 6 7 6 3 |
"""
INCOME = """0→10, 1→22, 2→33, 3→44, 4→54, 5→64, 6→73, 7→82, 8→90, 9→98, 10→105, 11→112,
12→118, 13→124, 14→129, 15→134, 16→138, 17→142, 18→145, 19→148, 20+→150."""
RESOURCES = ("coal", "oil", "garbage", "uranium")


@pytest.fixture(scope="module")
def ed():
    return load_edition()


def rows(table):
    return [[int(n) for n in re.findall(r"\d+", line)] for line in table.strip().splitlines()]


def test_42_plants_numbered_3_to_40_then_42_44_46_50(ed):
    assert list(ed.plants) == [*range(3, 41), 42, 44, 46, 50]
    assert all(n == p.number for n, p in ed.plants.items())


def test_plant_types_are_those_of_rules_md(ed):
    for group in PLANT_TYPES.split("; "):
        kind, *numbers = group.split()
        assert sorted(n for n, p in ed.plants.items() if p.kind == kind) == [int(n) for n in numbers], kind


def test_burns_and_powers_are_the_printed_card_values(ed):
    printed = {n: (b, c) for n, b, c in (map(int, card.split()) for card in re.split(r"[|\n]", PRINTED) if card.strip())}
    assert {n: (p.burns, p.powers) for n, p in ed.plants.items()} == printed


def test_plants_accept_their_own_kind_and_hybrids_coal_or_oil(ed):
    for p in ed.plants.values():
        want = {"hybrid": ("coal", "oil"), "ecological": (), "fusion": ()}.get(p.kind, (p.kind,))
        assert p.accepts == want, p


def test_a_plant_stores_twice_what_it_burns_and_green_plants_store_nothing(ed):
    assert ed.plants[3].capacity == 4 and ed.plants[46].capacity == 6
    assert all(p.capacity == 0 for p in ed.plants.values() if p.kind in ("ecological", "fusion"))


def test_plant_market_setup(ed):
    assert ed.initial_market == (3, 4, 5, 6, 7, 8, 9, 10)
    assert ed.top_of_deck == 13
    assert "Step 3" in ed.step3_note


def test_player_count_table_is_rules_md(ed):
    for players, areas, removed, max_plants, step2, end in rows(PLAYER_TABLE):
        pc = ed.player_counts[players]
        assert (pc.players, pc.areas, pc.removed, pc.max_plants, pc.step2, pc.end) == (
            players, areas, removed, max_plants, step2, end)
    assert sorted(ed.player_counts) == [2, 3, 4, 5, 6]


def test_refill_table_is_rules_md(ed):
    for players, *steps in rows(REFILL_TABLE):
        by_step = [steps[0:4], steps[4:8], steps[8:12]]
        assert ed.refill[players] == {r: tuple(s[i] for s in by_step) for i, r in enumerate(RESOURCES)}
    assert sorted(ed.refill) == [2, 3, 4, 5, 6]


def test_income_table_is_rules_md_and_caps_at_150(ed):
    pays = [int(m) for m in re.findall(r"→(\d+)", INCOME)]
    assert ed.income == tuple(pays) and len(pays) == 21
    assert [ed.income_for(n) for n in (0, 1, 20, 21, 42)] == [10, 22, 150, 150, 150]
    with pytest.raises(ValueError):
        ed.income_for(-1)


def test_resource_market_layout(ed):
    for r in ("coal", "oil", "garbage"):
        assert ed.market_slots[r] == tuple(price for price in range(1, 9) for _ in range(3))
    assert ed.market_slots["uranium"] == (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16)


def test_market_start_fills_the_dearest_slots(ed):
    # coal 3 on each of 1-8, oil on 3-8, garbage on 7-8, uranium on 14 and 16.
    held = {r: ed.market_slots[r][len(ed.market_slots[r]) - ed.market_start[r]:] for r in RESOURCES}
    assert held["coal"] == ed.market_slots["coal"]
    assert held["oil"] == tuple(p for p in range(3, 9) for _ in range(3))
    assert held["garbage"] == (7, 7, 7, 8, 8, 8)
    assert held["uranium"] == (14, 16)


def test_box_totals_money_houses_short_game(ed):
    assert ed.totals == {"coal": 24, "oil": 24, "garbage": 24, "uranium": 12}
    assert ed.resources == RESOURCES
    assert ed.starting_money == 50
    assert ed.house_costs == (10, 15, 20)
    assert ed.short_game_end == 7


def test_edition_is_cached_and_shared_by_maps_without_overrides(ed):
    assert load_edition("original") is ed
    assert load_edition(map=load_map("germany")) is ed
    assert load_edition(map="usa") is ed


def test_unknown_edition_lists_the_available_ones():
    with pytest.raises(CatalogError, match=r"unknown edition 'deluxe'; available: .*original"):
        load_edition("deluxe")
