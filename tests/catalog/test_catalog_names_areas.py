"""Typing city and area names the way people do; which areas may be played together."""
import pytest

from referee.catalog import CatalogError, load_map

TRIANGLE = """
id = "triangle"
name = "Triangle with a tail"
connections = [
  ["a1", "b1", 3], ["b1", "c1", 3], ["c1", "a1", 3], ["c1", "d1", 3],
  ["a1", "a2", 1], ["b1", "b2", 1], ["c1", "c2", 1], ["d1", "d2", 1],
]
[areas]
A = { name = "Alpha" }
B = { name = "Beta" }
C = { name = "Gamma" }
D = { name = "Delta" }
[cities]
a1 = { name = "A1", area = "A", x = 0.1, y = 0.1 }
a2 = { name = "A2", area = "A", x = 0.1, y = 0.2 }
b1 = { name = "B1", area = "B", x = 0.3, y = 0.1 }
b2 = { name = "B2", area = "B", x = 0.3, y = 0.2 }
c1 = { name = "C1", area = "C", x = 0.5, y = 0.1 }
c2 = { name = "C2", area = "C", x = 0.5, y = 0.2 }
d1 = { name = "D1", area = "D", x = 0.7, y = 0.1 }
d2 = { name = "D2", area = "D", x = 0.7, y = 0.2 }
"""


@pytest.fixture(scope="module")
def germany():
    return load_map("germany")


@pytest.mark.parametrize("typed, city", [
    ("duesseldorf", "duesseldorf"), ("Düsseldorf", "duesseldorf"), ("dusseldorf", "duesseldorf"),
    ("DÜSSELDORF", "duesseldorf"), ("Duesseldorf", "duesseldorf"),
    ("Frankfurt (Main)", "frankfurt_main"), ("frankfurt-main", "frankfurt_main"),
    ("frankfurt main", "frankfurt_main"), ("FRANKFURT_ODER", "frankfurt_oder"),
    ("Köln", "koeln"), ("koln", "koeln"), ("München", "muenchen"), ("Nuernberg", "nuernberg"),
    ("Osnabrück", "osnabrueck"), ("saarbrucken", "saarbruecken"),
])
def test_resolve_city_accepts_ids_and_printed_names_in_any_spelling(germany, typed, city):
    assert germany.resolve_city(typed) == city


def test_resolve_city_on_usa():
    usa = load_map("usa")
    assert usa.resolve_city("St. Louis") == "st_louis"
    assert usa.resolve_city("new york") == "new_york"


def test_unknown_city_names_the_map_and_suggests(germany):
    with pytest.raises(CatalogError, match=r"unknown city 'dusseldorff' on germany; did you mean Düsseldorf \(duesseldorf\)\?"):
        germany.resolve_city("dusseldorff")
    with pytest.raises(CatalogError, match=r"unknown city 'Frankfurt' on germany; did you mean .*frankfurt_main.*"):
        germany.resolve_city("Frankfurt")
    with pytest.raises(CatalogError, match=r"unknown city 'zzz' on germany; no close match"):
        germany.resolve_city("zzz")


@pytest.mark.parametrize("typed", ["NW", "nw", "Nw", "North-west", "north west"])
def test_resolve_area_any_case(germany, typed):
    assert germany.resolve_area(typed) == "NW"


def test_unknown_area(germany):
    with pytest.raises(CatalogError, match=r"unknown area 'NC' on germany"):
        germany.resolve_area("NC")


def test_cities_in_areas(germany):
    assert germany.cities_in(["W"]) == {"dortmund", "duesseldorf", "duisburg", "essen", "kassel",
                                        "muenster", "osnabrueck"}
    assert germany.cities_in("w") == germany.cities_in(["W"])  # one id, not its letters
    assert len(germany.cities_in(["NW", "sw", "E"])) == 21


def test_germany_area_adjacency(germany):
    assert germany.areas_adjacent("W", "SW")  # Düsseldorf-Aachen
    assert germany.areas_adjacent("NW", "NE")
    assert not germany.areas_adjacent("NW", "SE")
    assert not germany.areas_adjacent("W", "SE")


def test_germany_play_areas_must_be_connected(germany):
    assert germany.areas_connected(["NW", "W", "SW"])
    assert germany.areas_connected(["NE", "E", "SE"])  # E borders both
    assert not germany.areas_connected(["NW", "SE"])
    assert not germany.areas_connected(["NW", "NE", "SE"])  # NW-NE joined, SE cut off
    assert germany.areas_connected(germany.areas)
    assert germany.areas_connected(["E"])
    assert not germany.areas_connected([])


def test_adjacency_on_a_small_custom_map(tmp_path):
    path = tmp_path / "triangle.toml"
    path.write_text(TRIANGLE, encoding="utf-8")
    board = load_map(path)
    assert board.areas_adjacent("A", "B") and board.areas_adjacent("C", "D")
    assert not board.areas_adjacent("A", "D")
    assert board.areas_connected(["A", "B", "C", "D"])
    assert board.areas_connected(["A", "C", "D"])  # through C
    assert not board.areas_connected(["A", "B", "D"])  # D touches only C
    assert not board.areas_connected(["A", "D"])
