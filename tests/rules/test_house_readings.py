"""House readings (maps/readings/readings.toml, docs/rules-notes.md §6): where the seeds read two ways, the setup
line's `readings` chooses; each test is one option and one reading, citing its seed line."""
import json

import pytest

from referee import rulings
from referee.game import Game, replay
from referee.rules.errors import BadSetup
from mapkit import benelux_end_of_round, give_mines, map_table
from tablekit import Table, at_phase, deck_of, finish_phase, setup_line

V2_MARKET = [1, 2, 3, "4+", 5, "6+", 7, 8]


def table(players=4, **extra) -> Table:
    return Table(Game(setup_line(players, **extra)))


def step3_card_before_step2(**extra) -> Table:
    """Round 1: the Step 3 card comes up in the auction, long before anyone has 7 cities."""
    t = table(**extra)
    t.buy_round_one([3, 4, 5], [13, 11, 12])
    deck_of(t, [], above=0, under=[30, 31])
    t.do("sold", player="Dan", plant=6, price=6)
    t.draw("step3")
    return t


# --- step3_before_step2 ---------------------------------------------------------------------------

def test_step3_before_step2_step2_first_removes_for_step2_and_draws_then_for_step3():
    """Default (RULES.md: "nothing of Step 2 is skipped; its one-time removal happens too")."""
    t = step3_card_before_step2()
    kinds = [e["type"] for e in t.game.events[-1]]
    assert "step2" in kinds and "step2_skipped" not in kinds
    removed = [e["cause"] for e in t.game.events[-1] if e["type"] == "plant_removed"]
    assert removed == ["step2"]                        # and a card is drawn for it, then Step 3's removal
    assert t.state["next"]["actions"][0]["type"] == "draw"


def test_step3_before_step2_step3_only_removes_only_the_lowest_plant_and_the_card():
    """Seed 000 ステップ3 1.: 「フェイズ2の終了時に、最も番号の小さな発電所とステップ3カードをゲームから除外します。
    このとき新たな発電所は補充しません」: no Step 2 removal, no draw."""
    t = step3_card_before_step2(readings={"step3_before_step2": "step3_only"})
    events = t.game.events[-1]
    skipped = next(e for e in events if e["type"] == "step2_skipped")
    assert skipped["reading"] == "step3_before_step2" and skipped["choice"] == "step3_only"
    assert [e["cause"] for e in events if e["type"] == "plant_removed"] == ["step3"]
    assert t.state["step"] == 3 and t.state["step2_started"] and "step3" not in t.state["market"]
    assert len(t.state["market"]) == 6 and not (t.state["queue"] and t.state["queue"][0]["task"] == "draw")
    assert "Table rule" in rulings.render(skipped, "en") and "ステップ3" in rulings.render(skipped, "ja")


# --- variation 2: removal by player count, and single cards ---------------------------------------

PAIRS_8 = [9, 10, 12, 14, 16, 19, 20, 21]


def test_variation_2_removal_pairs_removes_as_many_pairs_as_the_count():
    """Default; seed 000 バリエーション 2: 「これをプレイヤー人数によって決められた枚数 (のセット) が除外されるまで続けます」
    read as sets: 3 players, 8 pairs (16 cards)."""
    t = table(3, variation=2, market=V2_MARKET, removed_pairs=PAIRS_8)
    assert len([c for c in t.state["removed"] if c in PAIRS_8 or c in [f"{n}+" for n in PAIRS_8]]) == 16
    with pytest.raises(BadSetup, match="removed_pairs lists the 8 numbers"):
        table(3, variation=2, market=V2_MARKET, removed_pairs=PAIRS_8[:4])


def test_variation_2_removal_cards_removes_as_many_cards_as_the_count():
    """Seed 000 バリエーション 2: 「プレイヤーの人数によって何枚かの発電所がゲームから除外されます」 read as cards:
    3 players remove 8 cards, 4 pairs."""
    t = table(3, variation=2, market=V2_MARKET, removed_pairs=PAIRS_8[:4], readings={"variation_2_removal": "cards"})
    assert t.game.setup["readings"] == {"variation_2_removal": "cards"}
    assert {9, "9+", 21} & set(t.state["removed"]) == {9, "9+"}
    with pytest.raises(BadSetup, match="lists the 4 numbers.*removes cards, two a pair"):
        table(3, variation=2, market=V2_MARKET, removed_pairs=PAIRS_8, readings={"variation_2_removal": "cards"})


def test_variation_2_unpaired_back_single_cards_stay_in_the_deck():
    """Default; seed 000: 「同じ番号の発電所が出たら 2 枚ともゲームから除外します」: only pairs leave."""
    t = table(5, variation=2, market=V2_MARKET)
    assert 11 in t.state["deck"]["unseen"]
    with pytest.raises(BadSetup, match="unpaired: not a field of variation 2 without the house reading"):
        table(5, variation=2, market=V2_MARKET, unpaired=[11])


def test_variation_2_unpaired_out_single_cards_turned_up_leave_the_game():
    """Seed 000: 「各番号の発電所について、1 枚目にめくられた発電所はゲームから除外し」: the cards turned up singly
    while pairs were searched leave too; a twin of one drawn later goes to the market."""
    out = {"variation_2_unpaired": "out"}
    t = table(5, variation=2, market=V2_MARKET, unpaired=[11, "24+"], readings=out)
    assert {11, "24+"} <= set(t.state["removed"]) and 11 not in t.state["deck"]["unseen"]
    assert t.game.setup["unpaired"] == [11, "24+"]
    t.do("sold", player=t.state["order"][0], plant=3, price=3)
    t.draw("11+")                                          # the second of number 11: it stays in the market
    assert "11+" in t.state["market"]
    with pytest.raises(BadSetup, match="are a pair"):
        table(5, variation=2, market=V2_MARKET, unpaired=[11, "11+"], readings=out)
    again = replay([json.dumps(t.game.setup)])
    assert again.state["removed"] == Game(t.game.setup).state["removed"]


# --- variation 4: the card on top and the market ------------------------------------------------

def own_deck(numbers, **extra) -> dict:
    return {"id": "own", "name": "Own", "source": "a test", **extra,
            "cards": {str(n): {"kind": "coal", "burns": 2, "powers": n // 10 + 1} for n in numbers}}


DECK = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 20, 25, 30]


def test_variation_4_top_deck_puts_no_card_on_top_when_the_file_names_none():
    """Default; seed 000 バリエント4: 「各番号の発電所について1つを選択し、山札を作成します」: the deck as made."""
    assert table(3, variation=4, deck=own_deck(DECK)).state["deck"]["top"] is None


def test_variation_4_top_thirteen_puts_13_on_top_as_the_base_game():
    """Seed 000 準備: 「一番上に 13 番のカードを裏にして置きます」."""
    t = table(3, variation=4, deck=own_deck(DECK), readings={"variation_4_top": "thirteen"})
    assert t.state["deck"]["top"] == 13
    assert table(3, variation=4, deck=own_deck(DECK, top=20),
                 readings={"variation_4_top": "thirteen"}).state["deck"]["top"] == 20   # the file's own top stands


def test_variation_4_market_lowest_lays_out_the_8_lowest():
    """Default; seed 000 バリエーション 1: 「01～08 番の発電所をルールに従って発電所市場に置きます」."""
    assert table(3, variation=4, deck=own_deck(DECK)).state["market"] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_variation_4_market_three_to_ten_lays_out_plants_3_to_10():
    """Seed 000 (2 players): 「最初に発電所市場に並べる03～10の発電所」."""
    t = table(3, variation=4, deck=own_deck(DECK), readings={"variation_4_market": "three_to_ten"})
    assert t.state["market"] == [3, 4, 5, 6, 7, 8, 9, 10]
    with pytest.raises(BadSetup, match="has no plant 9"):
        table(3, variation=4, deck=own_deck([n for n in DECK if n != 9]), readings={"variation_4_market": "three_to_ten"})


# --- France with variation 1 ---------------------------------------------------------------------

def france(readings=None) -> Table:
    extra = {"readings": readings} if readings else {}
    return map_table("france", 3, variation=1, **extra)


def test_france_variation_1_eleven_takes_only_11_out():
    """Default; seed 000 バリエーション 1: 「フランスマップでプレイする場合、11 番のカードをゲームから除外して下さい」."""
    assert france().state["removed"] == ["11+"]


def test_france_variation_1_eleven_and_thirteen_takes_13_out_too():
    """Seed 001 フランス: 13 の発電所を除外する, kept for the new 13+."""
    t = france({"france_variation_1": "eleven_and_thirteen"})
    assert t.state["removed"] == ["11+", "13+"] and "13+" not in t.state["deck"]["unseen"]
    with pytest.raises(BadSetup, match="does not concern this game"):
        table(3, variation=1, readings={"france_variation_1": "eleven_and_thirteen"})


# --- Australia: the uranium price, the 2-player areas ---------------------------------------------

def mine_income(readings=None):
    extra = {"readings": readings} if readings else {}
    t = at_phase(map_table("australia", 3, **extra), "bureaucracy")
    give_mines(t, {"Ann": [11], "Bob": [23, 28]}, uranium=8)     # uranium on 4, 4, 5, 5, 6, 6, 7, 7
    finish_phase(t)
    return [e for fact in t.game.events[-3:] for e in fact if e["type"] == "mine_income"]


def test_australia_uranium_price_cheapest_cube_pays_where_the_cheapest_cube_sits():
    """Default; seed 001 オーストラリア: 「供給個数(発電件数)に現在の市場価格を掛け算した金額」, the price read as
    燃料初期価格 reads it."""
    bob, ann = mine_income()
    assert (bob["price"], ann["price"]) == (4, 3) and "reading" not in bob


def test_australia_uranium_price_highest_empty_pays_the_dearest_empty_space():
    """Seed 001 「現在の市場価格」 read as the dearest empty space, where the next cube goes."""
    bob, ann = mine_income({"australia_uranium_price": "highest_empty"})
    assert (bob["price"], bob["income"], ann["price"]) == (3, 7 * 3, 2)
    assert bob["choice"] == "highest_empty" and "Table rule" in rulings.render(bob, "en")


def test_australia_two_player_areas_three_as_the_aid_prints():
    """Default; seed 001: 「2 人は 3 エリア」."""
    assert len(map_table("australia", 2).game.setup["areas"]) == 3
    with pytest.raises(BadSetup, match="2 players play in 3 areas"):
        Game({**setup_line(2), "map": "australia", "areas": ["red", "yellow"]})


def test_australia_two_player_areas_two_as_seed_001_says_literally():
    """Seed 001: 「オーストラリアは 4 人まで人数分エリア」: 2 players, 2 areas."""
    two = {"australia_two_player_areas": "two"}
    g = Game({**setup_line(2), "map": "australia", "areas": ["red", "yellow"], "readings": two})
    assert g.setup["areas"] == ["red", "yellow"] and g.setup["readings"] == two
    assert g.ctx.end_cities == 14          # every city of two areas (7 each), as the British Isles' 2-player end
    with pytest.raises(BadSetup, match="does not concern this game"):
        Game({**setup_line(3), "map": "australia", "areas": ["red", "yellow", "green"], "readings": two})


# --- Québec and Benelux ---------------------------------------------------------------------------

def all_green(readings=None) -> Table:
    extra = {"readings": readings} if readings else {}
    t = map_table("quebec", 3, **extra)
    t.buy_round_one([3, 4, 5], [22, 18, 13])
    t.edit(lambda s: (s["market"].remove(10), s["removed"].append(10)))   # future market: 13, 18, 22
    at_phase(t, "bureaucracy")
    finish_phase(t)
    return t


def test_quebec_all_green_none_under_puts_nothing_under():
    """Default; seed 001 ケベック州: 「発電所更新時、緑以外のもっとも大きい発電所を山札に戻す」: there is none."""
    t = all_green()
    assert t.state["deck"]["under"] == [] and t.state["round"] == 2


def test_quebec_all_green_highest_under_plays_the_base_update():
    """Seed 000 フェイズ5: 「将来の発電所市場から最も番号の大きな発電所を取り除き、裏向きにして山札の一番下に入れ」."""
    t = all_green({"quebec_all_green": "highest_under"})
    under = next(e for e in t.game.events[-1] if e["type"] == "plant_under_deck")
    assert under["plant"] == 22 and t.state["deck"]["under"] == [22] and under["choice"] == "highest_under"
    assert "ケベック" in rulings.render(under, "ja") or "緑" in rulings.render(under, "ja")


def test_benelux_removal_order_together_draws_for_the_highest_first():
    """Default; seed 001 ベネルクス 第 5 フェーズ: 「最も価値の小さい発電所を破棄して山札から 1 枚補充する」 with the update."""
    t = benelux_end_of_round()
    assert t.state["deck"]["under"] == [10] and t.state["next"]["actions"][0]["replacing"] == 10


def test_benelux_removal_order_lowest_first_replaces_the_lowest_before_the_update():
    """The same line read in its order: discard the lowest, draw for it, then the usual update."""
    t = at_phase(map_table("benelux", 3, readings={"benelux_removal_order": "lowest_first"}), "bureaucracy")
    finish_phase(t)
    lowest = next(e for e in t.game.events[-1] if e["type"] == "end_of_round_lowest")
    assert lowest["choice"] == "lowest_first" and t.state["deck"]["under"] == []
    assert t.state["next"]["actions"][0]["replacing"] == 3
    t.draw(13)                                     # 13 comes up first, then the update puts the highest under
    assert t.state["deck"]["under"] == [13] and t.state["next"]["actions"][0]["replacing"] == 13


# --- the setup line -------------------------------------------------------------------------------

@pytest.mark.parametrize("readings, message", [
    ({"step3_first": "yes"}, "unknown house reading 'step3_first'; allowed: step3_before_step2"),
    ({"step3_before_step2": "maybe"}, "'maybe' is not a choice; allowed: step2_first, step3_only"),
    ({"quebec_all_green": "highest_under"}, "quebec_all_green does not concern this game"),
    ("step3_only", "an object of house readings"),
])
def test_an_unknown_house_reading_is_refused_with_what_is_allowed(readings, message):
    with pytest.raises(BadSetup, match=message):
        table(3, readings=readings)


def test_a_default_reading_is_kept_out_of_the_setup_line_and_others_are_named_at_the_start():
    assert "readings" not in table(3, readings={"step3_before_step2": "step2_first"}).game.setup
    t = table(3, readings={"step3_before_step2": "step3_only"})
    named = next(e for e in t.game.events[0] if e["type"] == "house_readings")
    assert named["readings"] == {"step3_before_step2": "step3_only"}
    assert "Step 3" in rulings.render(named, "en") and "ステップ3" in rulings.render(named, "ja")


def test_a_game_with_house_readings_replays_from_its_normalised_setup_line():
    """The log carries the readings (docs/actions.md §1.1 `readings`), so export and replay give the same game."""
    t = table(readings={"step3_before_step2": "step3_only"})
    t.buy_round_one([3, 4, 5], [13, 11, 12])
    lines = [json.dumps(t.game.setup)] + [json.dumps(f) for f in t.game.facts]
    again = replay(lines)
    assert again.state == t.state and again.ctx.readings == (("step3_before_step2", "step3_only"),)
