"""Korea's two resource markets (referee/maprules/korea_markets.py), seed 001 朝鮮."""
import pytest

from referee import rulings
from referee.rules.errors import BadAction, NotAvailable
from mapkit import korea_north_first, map_table
from tablekit import at_phase, Table, setup_line
from referee.game import Game


def korea_buying(players=3) -> Table:
    t = at_phase(map_table("korea", players), "resources")
    t.give("Cara", plants=[(4, {}), (9, {})])
    return t


def test_korea_north_market_starts_at_the_seed_prices_and_shares_the_box_with_the_south():
    """燃料初期価格 朝鮮: 「石炭 北:1 南:1 石油 北:3 南:3 廃棄物 北:7 南:7 ウラン 北:— 南:14」."""
    t = korea_buying()
    offer = t.state["next"]["actions"][0]["markets"]
    assert offer["north"]["cheapest"] == {"coal": 1, "oil": 3, "garbage": 7, "uranium": None}
    assert offer["south"]["cheapest"] == {"coal": 1, "oil": 3, "garbage": 7, "uranium": 14}
    north, south = t.state["map"]["north_market"], t.state["resources"]["market"]
    assert north == {"coal": 12, "oil": 6, "garbage": 2, "uranium": 0}
    for r, box in {"coal": 24, "oil": 24, "garbage": 24, "uranium": 12}.items():
        assert north[r] + south[r] + t.state["resources"]["supply"][r] == box


def test_korea_buyer_declares_a_market_and_buys_only_from_it_at_its_prices():
    """第 3 フェーズ: 「北・南どちらかのマーケットから購入を宣言してから購入。宣言していないマーケットから資源を
    購入できない。」 Three coal cost 1 + 1 + 2 in the North, 1 + 2 + 3 in the South."""
    t = korea_buying()
    south_before = dict(t.state["resources"]["market"])
    bought = t.do("buy", player="Cara", coal=3, market="north")[0]
    assert bought["market"] == "north" and bought["cost"] == 1 + 1 + 2
    assert t.state["map"]["north_market"]["coal"] == 9 and t.state["resources"]["market"] == south_before


def test_korea_same_cubes_cost_what_the_declared_market_asks():
    t = korea_buying()
    t.give("Bob", plants=[(4, {})])
    assert t.do("buy", player="Cara", coal=3, market="south")[0]["cost"] == 1 + 2 + 3
    assert t.state["map"]["north_market"]["coal"] == 12 and t.state["resources"]["market"]["coal"] == 9
    assert t.do("buy", player="Bob", coal=3, market="north")[0]["cost"] == 1 + 1 + 2


def test_korea_purchase_without_a_declared_market_is_refused_and_the_north_has_no_uranium():
    """One `buy` is one declared market; the North has no uranium track (ウラン 北:—)."""
    t = korea_buying()
    t.give("Cara", plants=[(11, {})])
    t.rejects("buy", BadAction, match="declare the market", player="Cara", coal=1)
    t.rejects("buy", BadAction, match="north, south", player="Cara", coal=1, market="east")
    t.rejects("buy", NotAvailable, match="north market", player="Cara", uranium=1, market="north")
    offer = t.state["next"]["actions"][0]
    assert offer["markets"]["north"]["max"]["uranium"] == 0 and offer["markets"]["south"]["max"]["uranium"] == 2
    assert offer["max"]["uranium"] == 2 and offer["cheapest"]["uranium"] == 14
    assert t.do("buy", player="Cara", uranium=1, market="south")[0]["cost"] == 14


def test_a_market_field_is_refused_on_a_map_with_one_market():
    t = at_phase(Table(Game(setup_line(3))), "resources")
    t.give("Cara", plants=[(4, {})])
    t.rejects("buy", BadAction, match="one resource market", player="Cara", coal=1, market="north")
    assert "markets" not in t.state["next"]["actions"][0]


def test_korea_refill_fills_the_north_first_from_the_shared_supply():
    """第 5 フェーズ: 「北から補充する。」 The supply holds no coal at setup (both markets full); the 2 coal
    Cara burns go to the North (due 2, 3 players, Step 1); the South's 2 due find none left."""
    t = korea_north_first()
    refills = [e for e in t.game.events[-1] if e["type"] in ("north_refill", "refill")]
    assert [e["type"] for e in refills] == ["north_refill"] * 3 + ["refill"] * 4
    north_coal, south_coal = refills[0], refills[3]
    assert north_coal["resource"] == south_coal["resource"] == "coal"
    assert (north_coal["due"], north_coal["added"]) == (2, 2) and (south_coal["due"], south_coal["added"]) == (2, 0)
    assert t.state["map"]["north_market"]["coal"] == 12 and t.state["resources"]["supply"]["coal"] == 0


def test_korea_rulings_name_the_market_in_each_language():
    t = korea_north_first()
    board = t.ctx.map
    bought = next(e for events in t.game.events for e in events if e["type"] == "resources_bought")
    north = next(e for e in t.game.events[-1] if e["type"] == "north_refill")
    assert rulings.render(bought, "en", board) == "Cara buys 2 coal from the North market for 2 Elektro."
    assert "北の資源市場" in rulings.render(bought, "ja", board)
    assert "北方燃料市場" in rulings.render(bought, "zh-Hant", board)
    assert rulings.render(north, "en", board).startswith("Refill coal in the North market: put 2 on space 1")
    assert rulings.render(north, "ja", board).startswith("北の資源市場の石炭を補充")
    fact = {"type": "buy", "player": "Cara", "coal": 2, "market": "north"}
    assert rulings.describe_fact(fact, "en") == "Cara buys 2 coal from the North market"
    assert rulings.describe_fact(fact, "zh-Hant") == "Cara從北方燃料市場購買2個煤"
