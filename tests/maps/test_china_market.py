"""China's planned plant market (referee/maprules/china_market.py) and no removal when nobody buys
(referee/maprules/no_sale_kept.py), played on real tables."""
from referee import rulings
from referee.rules.context import STEP3
from mapkit import china_step3_card, china_two_rounds, map_table, skip_to_step3_part
from tablekit import at_phase, finish_phase


def kinds(events):
    return [e["type"] for e in events]


def round_one(t, plants):
    for name, plant in zip(list(t.state["order"]), plants):
        t.do("sold", player=name, plant=plant, price=plant)


def to_phase5_draws(t):
    """Resources, building and bureaucracy pass by; phase 5's market update waits for its draws."""
    for _ in range(3):
        finish_phase(t)


def test_no_future_market_every_plant_in_the_market_is_open_to_auction():
    """中国 基本: 「未来のマーケットはない」; 開始時: 「人数分の発電所を出す」."""
    t = map_table("china", 6)
    assert t.state["market"] == [5, 6, 7, 8, 9, 10]
    assert t.state["next"]["actions"][0]["plants"] == [5, 6, 7, 8, 9, 10]
    t.do("nominate", player="Ann", plant=10)
    assert t.state["auction"]["lot"]["plant"] == 10


def test_a_plant_bought_in_steps_1_and_2_is_not_replaced_until_phase_5():
    """中国 第 2 フェーズ (ステップ 1・2): 「発電所購入直後に発電所の補充はない(補充は第 5 フェーズ)」."""
    t = map_table("china", 4)
    events = t.do("sold", player="Ann", plant=8, price=8)
    assert kinds(events) == ["plant_bought", "plant_not_replaced"]
    assert t.state["market"] == [5, 6, 7]
    assert t.state["next"]["actions"][0]["type"] == "nominate"          # no draw is asked for
    assert t.state["next"]["actions"][0]["plants"] == [5, 6, 7]


def test_phase_5_draws_half_the_players_and_more_until_the_market_holds_players_minus_one():
    """中国 第 5 フェーズ (ステップ 1・2): 「まず、人数/2 枚(端数切捨て)で発電所を補充する。人数-1 枚より少ない
    場合は人数-1 枚になるように補充する」: 4 players bought all four plants, so 2 are not enough: 3 come."""
    t = map_table("china", 4)
    round_one(t, [5, 6, 7, 8])
    assert t.state["market"] == []
    to_phase5_draws(t)
    announced = [e for f in t.game.events[-1:] for e in f if e["type"] == "china_market"]
    assert announced and announced[0]["draws"] == 3 and announced[0]["minimum"] == 2 and announced[0]["target"] == 3
    for card in (9, 10, 12):                      # the ordered deck: 9, 10, then 12 (11 is out with 4 players)
        assert t.state["next"]["actions"][0]["possible"] == [card]
        t.draw(card)
    assert t.state["market"] == [9, 10, 12]
    assert t.state["phase"] == "auction" and t.state["round"] == 2


def test_phase_5_removes_the_smallest_plants_down_to_players_minus_one():
    """「人数-1 枚より多い場合は、小さい発電所から人数-1 枚になるように除外する」: 3 plants left, 2 drawn
    (人数/2), then 9 and 10, the smallest, leave the game."""
    t = china_two_rounds()
    trimmed = [e for e in t.game.events[-1] if e["type"] == "market_trimmed"][0]
    assert trimmed["plants"] == [9, 10] and trimmed["target"] == 3
    assert t.state["market"] == [12, 13, 14]
    assert {9, 10} <= set(t.state["removed"])


def test_nobody_buying_removes_no_plant_in_china():
    """中国 第 2 フェーズ: 「全員購入パス時の発電所の除外がない」; 全員パス時 (例外1) 「中国は補充しない」."""
    t = china_two_rounds()
    auction_end = next(f for f in t.game.events if any(e["type"] == "no_sale_kept" for e in f))
    assert "plant_removed" not in kinds(auction_end)


def test_two_players_always_get_a_market_of_two_plants():
    """「(例外)2 人プレイの場合は発電所の枚数は常に 2 枚補充する」: the market is filled to 2, not 人数-1 = 1."""
    t = map_table("china", 2)
    assert t.state["market"] == [5, 6]
    round_one(t, [5, 6])
    to_phase5_draws(t)
    t.draw(7)
    t.draw(8)                                     # 9 is out with 2 players
    assert t.state["market"] == [7, 8]
    finish_phase(t)                               # round 2: nobody buys
    to_phase5_draws(t)
    t.draw(10)                                    # 人数/2 = 1 drawn; 3 plants, so 7 leaves
    assert t.state["market"] == [8, 10]


def test_six_players_draw_at_least_three():
    """人数/2: with 6 players at least 3 cards come, even when the market already holds 5."""
    t = map_table("china", 6)
    t.edit(lambda s: s.update(round=2))
    finish_phase(t)                               # nobody buys: 5..10 stay
    to_phase5_draws(t)
    for card in (11, 12, 13):
        t.draw(card)
    assert t.state["market"] == [9, 10, 11, 12, 13]


def test_no_plant_is_removed_by_city_count_in_china():
    """中国 第 4 フェーズ: 「建設による発電所廃棄ルールがない」."""
    t = at_phase(map_table("china", 4), "building")
    in_play = sorted(t.ctx.map.cities_in(t.ctx.areas))
    t.give("Ann", cities=in_play[:6])
    offer = t.state["next"]["actions"][0]
    who = offer["player"]
    events = t.do("build", player=who, cities=[offer["cities"][0]["city"]])
    assert "plant_removed" not in kinds(events)
    assert t.state["market"] == [5, 6, 7, 8]


def test_step3_plant_bought_is_replaced_at_once_and_phase_5_removes_the_smallest_and_refills_to_four():
    """中国 第 2 フェーズ (ステップ 3): 「マーケットにある発電所の数は 4 つで発電所を購入された後即座に補充する」;
    第 5 フェーズ (ステップ 3): 「マーケットにある発電所は 4 つ。最も小さい発電所を除外して山札から発電所を補充する」."""
    t = map_table("china", 4)
    skip_to_step3_part(t)
    t.edit(lambda s: s.update(round=2, step=3, step2_started=True))
    events = t.do("sold", player="Ann", plant=8, price=8)
    assert "plant_not_replaced" not in kinds(events)
    assert t.state["next"]["actions"][0]["type"] == "draw"
    t.draw(31)
    assert t.state["market"] == [5, 6, 7, 31]
    for _ in range(4):
        finish_phase(t)
    assert t.state["market"] == [6, 7, 31]                            # 5 left the game
    t.draw(32)
    assert t.state["market"] == [6, 7, 31, 32] and t.state["round"] == 3


def test_the_step3_card_in_the_phase_5_draws_brings_the_market_to_four():
    """The Step 3 card comes up among China's phase-5 draws: the lowest plant and the card leave (base),
    then the market is filled to the Step 3 size of 4 (中国 ステップ 3: 「マーケットにある発電所は 4 つ」)."""
    t = china_step3_card()
    first = [e for f in t.game.events for e in f if e["type"] == "plant_drawn"][-5]
    assert first["plant"] == 31 and first["replacing"] is None and first["cause"] == "market_refill"
    assert 31 in t.state["removed"]                                   # the lowest, with the Step 3 card
    assert t.state["market"] == [32, 34, 35, 36]
    assert t.state["step"] == 3 and t.state["round"] == 2
    assert t.state["next"]["actions"][0]["plants"] == [32, 34, 35, 36]


def test_the_draws_offer_exactly_the_cards_that_can_come_up():
    """山札: 「[ 5 ~ 30 を順番に並べる ] → [ 31, 32, 34, 35, STAFF3 をシャッフル ] → …」: in the ordered part
    one card only; then any of the shuffled five."""
    t = map_table("china", 4)
    round_one(t, [5, 6, 7, 8])
    to_phase5_draws(t)
    assert t.state["next"]["actions"][0]["possible"] == [9]
    t.rejects("draw", card=10)
    t = map_table("china", 4)
    round_one(t, [5, 6, 7, 8])
    skip_to_step3_part(t)
    to_phase5_draws(t)
    assert t.state["next"]["actions"][0]["possible"] == [31, 32, 34, 35, STEP3]


def test_china_market_rulings_are_explained_in_each_language():
    game = china_two_rounds().game
    board = game.ctx.map
    events = {e["type"]: e for f in game.events for e in f}
    for kind in ("plant_not_replaced", "china_market", "market_trimmed", "no_sale_kept"):
        assert rulings.render(events[kind], "en", board) != rulings.render(events[kind], "ja", board)
    assert "決算" in rulings.render(events["china_market"], "ja", board)
    assert "點算供電" in rulings.render(events["china_market"], "zh-Hant", board)
    assert "除外" in rulings.render(events["market_trimmed"], "ja", board)
    assert "發電廠" in rulings.render(events["market_trimmed"], "zh-Hant", board)
    drawn = next(e for e in events.values() if e["type"] == "plant_drawn")
    assert "None" not in rulings.render(drawn, "en", board)
