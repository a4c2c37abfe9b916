"""The uranium ban of Central Europe, Spain & Portugal, Northern Europe and the British Isles
(referee/maprules/uranium_ban.py)."""
import pytest

from referee import rulings
from referee.catalog import load_map
from referee.rules.errors import IllegalAction, PlantBanned
from mapkit import map_table, swap_market, uranium_ban_auction

CE = dict(areas=["yellow", "purple", "brown"])   # Austria (marked), Hungary, Slovakia


def ce_round_two(cities: dict):
    t = map_table("centraleurope", 3, **CE)
    swap_market(t, [3, 4, 5, 11, 12, 13, 14, 15])
    t.edit(lambda s: s.update(round=2))
    for name, owned in cities.items():
        t.give(name, cities=owned)
    return t


def test_uranium_ban_a_player_with_houses_only_in_marked_areas_must_pass_on_a_uranium_plant():
    """中央ヨーロッパ 第 2 フェーズ: 「ハンガリー、スロバキア、チェコの地域にネットワークがない(電力ネットワークが
    ウラン禁止マークのエリアしかない)場合ウラン燃料を用いる発電所を持つことができない。オークションに出た場合は必ず
    パスをする。」"""
    t = uranium_ban_auction()
    opened, ban, bought = t.game.events[-1][:3]
    assert (opened["type"], ban["type"], bought["type"]) == ("auction_opened", "uranium_ban", "plant_bought")
    assert ban["players"] == ["Cara"] and ban["plant"] == 11 and ban["areas"] == ["red", "blue", "yellow"]
    assert bought["player"] == "Bob" and bought["how"] == "unopposed" and bought["price"] == 11


def test_uranium_ban_a_barred_player_is_not_offered_the_plant_and_may_not_open_it_or_be_entered_as_buying_it():
    t = ce_round_two({"Ann": ["wien"], "Bob": ["budapest"], "Cara": ["graz", "linz"]})
    nominate, _, sold = t.state["next"]["actions"]
    assert nominate["player"] == "Ann" and nominate["plants"] == [3, 4, 5]
    assert sold["plants"] == [3, 4, 5, 11]
    assert sold["refused"] == {"Ann": [11], "Cara": [11]}
    t.rejects("nominate", PlantBanned, match="no house outside .*Austria", player="Ann", plant=11)
    t.rejects("sold", PlantBanned, player="Cara", plant=11, price=11)
    t.do("sold", player="Bob", plant=11, price=15)
    assert [pl["number"] for pl in t.p("Bob")["plants"]] == [11]


def test_uranium_ban_a_barred_player_never_gets_a_turn_to_bid():
    """「オークションに出た場合は必ずパスをする」: Bob (Wien only) is left out; Ann and Cara bid."""
    t = ce_round_two({"Ann": ["budapest"], "Bob": ["wien"], "Cara": ["bratislava"]})
    t.do("nominate", player="Ann", plant=11)
    assert t.state["auction"]["lot"]["bidders"] == ["Ann", "Cara"] and t.state["next"]["waiting_for"] == ["Cara"]
    t.rejects("bid", IllegalAction, player="Bob", amount=12)


def test_uranium_ban_in_round_1_nobody_has_a_network_so_nobody_may_buy_a_uranium_plant():
    """「ネットワークがない…場合」: before anyone has built, nobody has a network in the named areas."""
    t = map_table("centraleurope", 3, **CE)
    swap_market(t, [3, 4, 5, 11, 12, 13, 14, 15])
    nominate, sold = t.state["next"]["actions"]
    assert nominate["plants"] == [3, 4, 5] and sold["refused"] == {"Ann": [11], "Bob": [11], "Cara": [11]}
    t.rejects("nominate", PlantBanned, player="Ann", plant=11)


def test_uranium_ban_concerns_only_plants_that_burn_uranium_including_a_maps_own_cards():
    """北欧: Southern Sweden's card 10 burns uranium (the map's own card), so it is banned in round 1 too;
    coal, oil, hybrid and ecological plants never are."""
    t = map_table("northerneurope", 3, areas=["purple", "red", "orange"])
    swap_market(t, [5, 10, 12, 13, 14, 15, 16, 18])
    assert t.ctx.plant(10).kind == "uranium" and t.ctx.plant(5).kind == "hybrid"
    nominate, sold = t.state["next"]["actions"]
    assert nominate["plants"] == [5, 12, 13] and sold["refused"] == {n: [10] for n in ("Ann", "Bob", "Cara")}


@pytest.mark.parametrize("board, marked", [("centraleurope", {"red", "blue", "yellow"}),   # Poland, Austria
                                           ("spainportugal", {"yellow"}),                 # Portugal
                                           ("northerneurope", {"red", "orange"}),         # Norway, Denmark
                                           ("ukireland", {"green"})])                     # Republic of Ireland
def test_uranium_ban_is_named_by_each_map_of_seed_001_with_its_marked_areas(board, marked):
    assert set(load_map(board).rules["uranium_ban"]["areas"]) == marked


def test_uranium_ban_ruling_and_refusal_are_explained_in_each_language():
    t = uranium_ban_auction()
    ban = t.game.events[-1][1]
    assert "Cara" in rulings.render(ban, "en") and "must pass" in rulings.render(ban, "en")
    assert "ウラン禁止マーク" in rulings.render(ban, "ja") and "パス" in rulings.render(ban, "ja")
    assert "禁鈾" in rulings.render(ban, "zh-Hant")
    t2 = ce_round_two({"Ann": ["wien"]})
    error = t2.rejects("nominate", PlantBanned, player="Ann", plant=11)
    assert "ウラン禁止マーク" in rulings.render_error(error, "ja", t2.state["next"])
