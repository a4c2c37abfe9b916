"""Boards' own city spaces (map key `spaces`/`opens`, docs/maps.md) and the British Isles' area check.

The base rule (RULES.md Building; seed 000 第4フェーズ 「ステップ1では各都市に1軒、ステップ2では2軒、
ステップ3では3軒まで」) gives every city the spaces 10/15/20 opening one per Step; Japan's six starting
cities print 10/10/20 (two open in Step 1), and its small cities and Baden-Württemberg's five cities
beyond the state print fewer spaces (the board data, shared/data/maps/*.json `slotCosts`, `stepSlots`).
"""
import pytest

from buildkit import offered
from mapkit import bw_step2, map_table
from pdfkit import text
from referee.catalog import CatalogError, load_map
from referee.game import Game
from referee.planner.core import get_planner
from referee.printing import card_pdf
from referee.rules.errors import BadSetup, IllegalBuild
from tablekit import at_phase, setup_line

JAPAN = ["brown", "green", "purple"]


def japan_building():
    """Japan, 3 players, Step 1, building: Cara and Bob passed, Ann to build; Bob has Tokyo."""
    t = at_phase(map_table("japan", 3, areas=JAPAN), "building")
    t.give("Bob", cities=["tokyo"])
    t.give("Ann", cities=["yokohama"], money=100)
    t.edit(lambda s: s["map"]["networks"].update({"Bob": ["tokyo"], "Ann": ["yokohama"]}))
    t.do("pass", player="Cara")
    t.edit(lambda s: s.update(acted=["Cara", "Bob"]))
    return t


def test_city_spaces_japan_second_tokyo_house_in_step_1_costs_10():
    """Japan's starting cities take two houses in Step 1, the second also at 10 (board: 10/10/20)."""
    t = japan_building()
    assert offered(t)["tokyo"] == 0 + 10        # Yokohama–Tokyo costs 0
    events = t.do("build", player="Ann", cities=["tokyo"])
    assert events[0]["builds"][0]["house"] == 10 and events[0]["cost"] == 10


def test_city_spaces_japan_starting_city_third_house_only_in_step_3():
    game_map = load_map("japan")
    assert [game_map.open_spaces("tokyo", s) for s in (1, 2, 3)] == [2, 2, 3]
    assert [game_map.house_price("tokyo", k, (10, 15, 20)) for k in range(3)] == [10, 10, 20]
    t = japan_building()
    t.give("Cara", cities=["tokyo"])
    assert "tokyo" not in offered(t)
    t.rejects("build", IllegalBuild, match="東京 is full: Step 1 allows 2", player="Ann", cities=["tokyo"])


def test_city_spaces_japan_small_cities_have_two_spaces():
    """Morioka prints 15 and 20 (from Step 2); Koriyama 10 and 15 (Steps 1 and 2), never a third."""
    game_map = load_map("japan")
    assert [game_map.open_spaces("morioka", s) for s in (1, 2, 3)] == [0, 1, 2]
    assert [game_map.open_spaces("koriyama", s) for s in (1, 2, 3)] == [1, 2, 2]
    assert game_map.house_price("morioka", 0, (10, 15, 20)) == 15
    t = japan_building()
    t.rejects("build", IllegalBuild, match="さいたま can be built only from Step 2", player="Ann",
              cities=["saitama"])
    assert "saitama" not in offered(t)


def test_city_spaces_badenwurttemberg_basel_first_house_in_step_2_costs_15():
    """The five cities beyond the state print only a 15 and a 20 space (seed 001 バーデン=ヴュルテンベルク州
    第4フェーズ 「エリア外都市の建設はステップ2より建設可」)."""
    t = bw_step2()
    t.draw(t.state["next"]["actions"][0]["possible"][0])
    t.edit(lambda s: s.update(phase="building", acted=["Ann", "Bob"]))
    t.give("Cara", cities=["lorrach"], money=100)
    assert offered(t)["basel"] == 2 + 15                   # Lörrach–Basel 2, Basel's first space 15
    events = t.do("build", player="Cara", cities=["basel"])
    assert events[0]["builds"][0]["house"] == 15 and events[0]["cost"] == 17


def test_city_spaces_planner_prices_the_board_spaces():
    planner = get_planner(load_map("badenwurttemberg"), ["yellow", "green", "purple"])
    plan = planner.route(["lorrach"], ["basel"], step=3, occupied={"basel": 1}, house_costs=(10, 15, 20))
    assert plan.builds[0].house == 20
    with pytest.raises(ValueError, match="Basel is full for step 2"):
        planner.route(["lorrach"], ["basel"], step=2, occupied={"basel": 1}, house_costs=(10, 15, 20))
    assert "basel" not in planner.each_cost(["lorrach"], step=1)


def test_city_spaces_key_is_checked(tmp_path):
    text = open(load_map("germany").source, encoding="utf-8").read()
    for old, new in (('"Aachen", area = "SW"', '"Aachen", area = "SW", spaces = [20, 10]'),
                     ('"Bremen", area = "NW"', '"Bremen", area = "NW", spaces = [10, 15], opens = [1, 4]'),
                     ('"Kiel", area = "NW"', '"Kiel", area = "NW", opens = [1]')):
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "spaces.toml"
    path.write_text(text.replace('id = "germany"', 'id = "spaces"'), encoding="utf-8")
    with pytest.raises(CatalogError) as e:
        load_map(path)
    lines = sorted(line.partition(": ")[2] for line in str(e.value).splitlines())   # file order
    assert len(lines) == 3
    assert lines[0].startswith("city 'aachen': spaces = [20, 10] must list 1 to 3 house prices")
    assert lines[1].startswith("city 'bremen': opens = [1, 4] must give the Step (1 to 3)")
    assert lines[2].startswith("city 'kiel': opens without spaces")


def test_island_areas_british_isles_refuses_an_area_cut_off_on_its_island():
    """The British Isles (seed 001 ブリテン諸島): the play areas on each island must touch there, so
    Scotland + Wales + Republic of Ireland (Scotland and Wales do not touch) is refused."""
    game_map = load_map("ukireland")
    assert not game_map.areas_connected(["brown", "yellow", "green"])
    assert game_map.areas_connected(["brown", "pink", "green"])         # Scotland–Northern England; Ireland
    assert game_map.areas_connected(["orange", "green", "yellow"])      # Ireland's two; Wales alone on Britain
    with pytest.raises(BadSetup, match="must be adjacent"):
        Game({**setup_line(3, "germany"), "map": "ukireland", "areas": ["brown", "yellow", "green"]})


def test_city_spaces_the_printed_aid_says_the_board_prints_its_own_spaces():
    says = "Some cities print their own spaces and prices"
    assert says in " ".join(text(card_pdf("japan", 3)).split())
    assert says not in " ".join(text(card_pdf("germany", 3)).split())
