"""Each map's setup rules of seed 001: its market, plants out of the game, the deck it prepares."""
from referee.game import Game
from referee.rules.deck import possible_draws
from referee.rules.errors import ImpossibleDraw
from mapkit import board_setup, map_table, spain_step2
from tablekit import at_phase, finish_phase


def state_of(board, players=4):
    return Game(board_setup(players, board)).state


def test_france_puts_11_on_top_of_the_deck_and_removes_13():
    """フランス: 山札の一番上のカード 「11 の発電所」; プレイマップによる除外 「13 の発電所を除外する」."""
    s = state_of("france")
    assert s["deck"]["top"] == 11 and "prepared" not in s["deck"]
    assert 13 in s["removed"] and 13 not in s["deck"]["unseen"]


def test_quebec_deck_starts_22_18_13():
    """ケベック州 [ 22, 18, 13 ] → [ 残りのカードをシャッフル ] → [ STAFE3 ]."""
    t = map_table("quebec")
    assert t.state["deck"]["top"] == 22
    for card in (22, 18, 13):
        chooser = t.state["next"]["waiting_for"][0]
        t.do("sold", player=chooser, plant=t.state["market"][0], price=t.state["market"][0])
        assert t.state["next"]["actions"][0]["possible"] == [card]
        t.rejects("draw", ImpossibleDraw, card=30)
        t.draw(card)
    assert len(possible_draws(t.state["deck"])) > 20   # then the shuffled rest


def test_brazil_deck_is_13_then_14_then_19_24_30_38_shuffled():
    """ブラジル [ 13 → 14 ] → [ 19, 24, 30, 38 をシャッフル ] → [ 残りのカードをシャッフル ] → [ STAFE3 ]."""
    s = state_of("brazil")
    parts = s["deck"]["prepared"]
    assert [p["cards"] for p in parts[:3]] == [[13], [14], [19, 24, 30, 38]]
    assert parts[-1] == {"cards": [], "count": 1, "step3": True}


def test_russia_market_is_3_current_and_3_future_without_6_and_14():
    """ロシア 「現在のマーケット:03~05 将来のマーケット:07~09」; 「06 と 14 の発電所を除外する」."""
    t = map_table("russia")
    assert t.state["market"] == [3, 4, 5, 7, 8, 9]
    assert t.state["next"]["actions"][0]["plants"] == [3, 4, 5]
    assert {6, 14} <= set(t.state["removed"])


def test_russia_deck_is_13_then_10_11_and_three_random_cards_shuffled():
    """ロシア [ 13 ] → [ 10, 11 とランダムな 3 枚をシャッフル ] → [ 残りのカードをシャッフル ] → [ STAFE3 ]."""
    t = map_table("russia")
    assert t.state["deck"]["top"] == 13
    parts = t.state["deck"]["prepared"]
    assert parts[1] == {"cards": [10, 11], "count": 5, "step3": False}
    t.do("sold", player=t.state["order"][0], plant=3, price=3)
    t.draw(13)
    possible = possible_draws(t.state["deck"])
    assert {10, 11, 12, 50} <= set(possible)       # 10, 11 or any of the three random cards


def test_china_removes_fixed_plants_by_player_count_and_shows_one_plant_per_player():
    """中国 プレイ人数による除外 「2・3 人 3, 4, 9, 11, 16, 18, 20, 24, 30, 33, 46 / 4 人 3, 4, 11, 18, 24, 33, 46 /
    5・6 人 3, 4, 33」; 開始時のマーケット 「人数分の発電所を出す」."""
    for n, removed, market in ((2, [3, 4, 9, 11, 16, 18, 20, 24, 30, 33, 46], [5, 6]),
                               (4, [3, 4, 11, 18, 24, 33, 46], [5, 6, 7, 8]), (6, [3, 4, 33], [5, 6, 7, 8, 9, 10])):
        s = state_of("china", n)
        assert s["removed"] == removed and s["market"] == market
        assert s["deck"]["removed_unseen"] == 0


def test_china_deck_is_ordered_then_31_to_35_with_step3_then_36_to_50():
    """中国 [ 5 ~ 30 を順番に並べる ] → [ 31, 32, 34, 35, STAFF3 をシャッフル ] → [ 36 ~ 50 をシャッフル ];
    山札の一番上 「開始時にあるマーケットの次の数字に該当する発電所」."""
    s = state_of("china", 4)
    parts = s["deck"]["prepared"]
    ordered = [p["cards"][0] for p in parts if p["count"] == 1]
    assert s["deck"]["top"] == 9 and ordered == [9, 10, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29, 30]
    assert parts[-2] == {"cards": [31, 32, 34, 35], "count": 5, "step3": True}
    assert parts[-1]["cards"] == [36, 37, 38, 39, 40, 42, 44, 50]


def test_china_step3_card_may_come_among_31_to_35_and_the_rest_is_shuffled():
    """The Step 3 card is shuffled with 31, 32, 34 and 35: it can come up before any of them."""
    t = map_table("china", 6)
    t.edit(lambda s: s["deck"].update(prepared=s["deck"]["prepared"][-2:], above=0, top=None,
                                      unseen=[31, 32, 34, 35, 36, 37, 38, 39, 40, 42, 44, 46, 50]))
    finish_phase(at_phase(t, "bureaucracy"))     # China draws plants in phase 5 (maprules/china_market.py)
    assert t.state["next"]["actions"][0]["possible"] == [31, 32, 34, 35, "step3"]
    t.draw("step3")
    assert t.state["deck"]["shuffled"] == [31, 32, 34, 35, 36, 37, 38, 39, 40, 42, 44, 46, 50]


def test_spain_portugal_sets_18_22_27_aside_until_step2():
    """スペイン&ポルトガル 「18, 22, 27 をよけて作成する ステップ2開始時に山札の上から 18, 22, 27 になるように置く」."""
    s = state_of("spainportugal")
    assert s["deck"]["aside"] == [18, 22, 27] and not {18, 22, 27} & set(s["deck"]["unseen"])
    t = spain_step2()
    assert [e["type"] for e in t.game.events[-1]][1:3] == ["step2", "cards_on_top"]
    for card in (18, 22, 27):
        assert t.state["next"]["actions"][0]["possible"] == [card]
        t.draw(card)
        if t.state["next"]["actions"] and t.state["next"]["actions"][0]["type"] != "draw":
            break


def test_british_isles_step3_card_is_third_from_the_bottom():
    """ブリテン諸島 「[STAFE3]を底から 3 枚目に入れる」: two cards lie under it, shuffled later with the rest."""
    t = map_table("ukireland")
    parts = t.state["deck"]["prepared"]
    assert parts[-3]["step3"] and [p["count"] for p in parts[-2:]] == [1, 1]
    t.edit(lambda s: s["deck"].update(prepared=parts[-3:], above=0, top=None))
    t.do("sold", player=t.state["order"][0], plant=3, price=3)
    assert t.state["next"]["actions"][0]["possible"] == ["step3"]
    t.draw("step3")
    deck = t.state["deck"]
    assert deck["hidden"] == 2 and deck["shuffled"] == []


def test_australia_and_india_remove_their_map_plants():
    """オーストラリア 「17 の発電所を除外する」; インド亜大陸 「11 の発電所を除外する」."""
    assert 17 in state_of("australia")["removed"]
    assert 11 in state_of("indian")["removed"]


def test_northern_europe_swaps_in_the_cards_of_the_chosen_areas():
    """北欧 「使用するエリアによって、北欧マップ用のカードを追加し、同じ番号発電所を除外する」 (デンマーク : 19,26)."""
    g = Game({**board_setup(3, "northerneurope"), "areas": ["orange", "purple", "red"]})
    assert g.ctx.plant(19).kind == "oil" and g.ctx.plant(19).powers == 4        # Denmark's 19
    assert g.ctx.plant(7).kind == "ecological"                                   # Norway's 7
    assert g.ctx.plant(32).kind == "oil"                                          # Finland not played
    other = Game({**board_setup(3, "northerneurope"), "areas": ["brown", "yellow", "pink"]})
    assert other.ctx.plant(32).kind == "garbage" and other.ctx.plant(19).kind == "garbage"


def test_random_setup_removals_skip_plants_the_map_places():
    """基本 「各マップの特別ルールによる除外で除いた発電所以外で、ランダムに除外する」: placed plants are known."""
    t = map_table("quebec", 2)
    deck = t.state["deck"]
    pool = [c for c in deck["unseen"] if c not in (22, 18, 13)]
    assert deck["removed_unseen"] == 8 and len(pool) - 8 == deck["prepared"][3]["count"]
