"""Russia's removals (referee/maprules/russia_removal.py, no_sale_kept.py), played on real tables."""
from referee import rulings
from mapkit import map_table, russia_fewest_cities, russia_first_pass
from tablekit import at_phase, finish_phase


def kinds(events):
    return [e["type"] for e in events]


def test_the_first_player_passing_the_first_auction_replaces_the_lowest_plant():
    """ロシア 第 2 フェーズ: 「最初のオークションにおいて、発電所選択できるプレイヤーがパスした場合発電所の入れ替えを
    行う」; (例外2) 「ロシアは最初のプレイヤーがパスしたとき、もっとも低い発電所を廃棄し」."""
    t = map_table("russia", 4)
    t.edit(lambda s: s.update(round=2))
    events = t.do("pass", player="Ann")
    assert kinds(events) == ["auction_passed", "first_pass_removal"]
    assert 3 in t.state["removed"] and 3 not in t.state["market"]
    draw = t.state["next"]["actions"][0]
    assert draw["type"] == "draw" and draw["cause"] == "first_pass" and draw["replacing"] == 3
    assert draw["possible"] == [13]                                   # Russia's deck: 13 on top
    t.draw(13)
    assert t.state["market"] == [4, 5, 7, 8, 9, 13]
    assert t.state["next"]["actions"][0]["plants"] == [4, 5, 7]        # 3 open to auction (market_size)


def test_a_later_choosers_pass_replaces_nothing():
    """Only the first player's pass (「最初のプレイヤーがパスしたとき」): Cara, choosing after Ann, passes and the
    market stays as it is."""
    t = russia_first_pass()
    assert kinds(t.game.events[-1]) == ["auction_passed"]
    assert t.state["market"] == [4, 7, 8, 9, 10, 13]


def test_the_first_player_passing_after_a_purchase_still_replaces_the_lowest_plant():
    """The table may enter a quick `sold` for a later player first; Ann is still the first player, and the
    card that replaces 3 may be any of 10, 11 and the three random cards shuffled with them."""
    t = map_table("russia", 4)
    t.edit(lambda s: s.update(round=2))
    t.do("sold", player="Bob", plant=5, price=5)
    t.draw(13)
    events = t.do("pass", player="Ann")
    assert "first_pass_removal" in kinds(events) and 3 in t.state["removed"]
    assert {10, 11} < set(t.state["next"]["actions"][0]["possible"])


def test_nobody_buying_removes_no_plant_in_russia():
    """ロシア 第 2 フェーズ: 「全員パスによる発電所の入れ替えがない」; (例外2) 「全員パス時は廃棄しない」: only the
    first player's pass removed a plant."""
    t = map_table("russia", 4)
    t.edit(lambda s: s.update(round=2))
    t.do("pass", player="Ann")
    t.draw(13)
    finish_phase(t)
    events = [e for f in t.game.events for e in f]
    assert "no_sale_kept" in kinds(t.game.events[-1])
    assert [e["plant"] for e in events if e["type"] == "first_pass_removal"] == [3]
    assert [e for e in events if e["type"] == "plant_removed"] == []
    assert t.state["market"] == [4, 5, 7, 8, 9, 13] and t.state["phase"] == "resources"


def test_plants_are_removed_by_the_fewest_cities_anyone_has():
    """ロシア 第 4 フェーズ: 「発電所マーケットにある発電所の最小値 ≤ プレイヤーの建設件数の最小値 が成立する場合、
    発電所マーケットにある最も小さい発電所を入れ替える」; 建設による発電所の破棄 (例外2) 「ロシアは建設件数の少ない
    プレイヤーを基準とする」: the fewest is 3, so 3 goes and 4 stays although Ann has 4 cities."""
    t = russia_fewest_cities()
    removal, why = [e for e in t.game.events[-1] if e["type"] in ("plant_removed", "fewest_cities")]
    assert removal["plants"] == [3] and removal["cities"] == 3
    assert why["cities"] == 3 and why["most"] == 4
    assert t.state["market"] == [4, 5, 7, 8, 9]
    t.draw(13)
    assert t.state["market"] == [4, 5, 7, 8, 9, 13]


def test_no_removal_while_a_player_has_fewer_cities_than_the_lowest_plant():
    """The most cities (5) would remove 3, 4 and 5 in the base game; Dan has none, so nothing goes."""
    t = at_phase(map_table("russia", 4), "building")
    in_play = sorted(t.ctx.map.cities_in(t.ctx.areas))
    t.give("Ann", cities=in_play[:4])
    offer = t.state["next"]["actions"][0]
    events = t.do("build", player=offer["player"], cities=[offer["cities"][0]["city"]])
    assert "plant_removed" not in kinds(events)
    t = at_phase(map_table("russia", 4), "building")
    t.give("Cara", cities=in_play[:4])
    t.do("build", player="Dan", cities=[t.state["next"]["actions"][0]["cities"][0]["city"]])
    assert t.state["market"] == [3, 4, 5, 7, 8, 9]


def test_russia_rulings_are_explained_in_each_language():
    first, fewest = russia_first_pass().game, russia_fewest_cities().game
    board = first.ctx.map
    removal = next(e for f in first.events for e in f if e["type"] == "first_pass_removal")
    why = next(e for f in fewest.events for e in f if e["type"] == "fewest_cities")
    assert "Ann" in rulings.render(removal, "ja", board) and "発電所" in rulings.render(removal, "ja", board)
    assert "電廠" in rulings.render(removal, "zh-Hant", board)
    assert "都市" in rulings.render(why, "ja", board) and "城市" in rulings.render(why, "zh-Hant", board)
