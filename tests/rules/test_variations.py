"""Seed 000's new power plant cards, variations 1–4 (新発電所カード; maps/variations/new_cards.toml,
referee/catalog/variations.py, referee/rules/variation_rules.py)."""
import json

import pytest

from referee.catalog import load_map
from referee.game import Game, replay
from referee.rules.errors import BadSetup, InvalidBid, NotAvailable
from mapkit import germany_cities
from tablekit import Table, setup_line

V2_MARKET = [1, 2, 3, "4+", 5, "6+", 7, 8]
PAIRS = {2: [9, 10, 12, 14, 16, 19, 20, 21], 3: [9, 10, 12, 14, 16, 19, 20, 21], 4: [9, 10, 12, 14], 5: [], 6: []}


def table(players=3, board="germany", **extra) -> Table:
    return Table(Game({**setup_line(players, board), **extra}))


def v2(players=3, **extra) -> Table:
    return table(players, variation=2, market=V2_MARKET, removed_pairs=PAIRS[players], **extra)


def v3(players, **extra) -> Table:
    line = {**setup_line(players), "variation": 3, "cities": germany_cities(V3_TABLE[players][0]), **extra}
    del line["areas"]
    return Table(Game(line))


# seed 000 バリエント3用各種条件テーブル: 使用都市数, ステップ2 開始都市数, ゲーム終了 都市数, ゲーム開始時に除外する発電所数
V3_TABLE = {2: (24, 12, 24, 10), 3: (24, 8, 20, 10), 4: (32, 8, 20, 5), 5: (40, 8, 18, 0), 6: (42, 7, 15, 0)}


def test_variation_1_new_cards_only_market_1_to_8_with_11_on_top():
    """Seed 000 バリエーション 1: 「01～08 番の発電所をルールに従って発電所市場に置きます。… 「ステップ 3」
    カードを山札の一番下に置き、11 番の発電所を山札の一番上に置きます」."""
    t = table(3, variation=1)
    assert t.state["market"] == ["1+", "2+", "3+", "4+", "5+", "6+", "7+", "8+"]
    assert t.state["deck"]["top"] == "11+" and t.state["next"]["actions"][0]["plants"] == ["1+", "2+", "3+", "4+"]
    assert len(t.ctx.plants) == 42 and not {"52+", "54+", "57+", "60+"} & set(t.ctx.plants)   # 「…バリエーション 3 のゲームでのみ使用」
    assert t.state["deck"]["above"] == 42 - 8 - 8        # the base removal: 8 face down for 3 players
    t.do("nominate", player="Ann", plant=4, bid=4)        # a plain number means the only card of that number
    assert t.game.events[-1][0]["plant"] == "4+"
    t.do("pass_bid", player="Bob")
    t.do("pass_bid", player="Cara")
    t.rejects("draw", match=r"plant 11\+ lies on top", card="9+")
    t.do("draw", card="11+")
    assert "11+" in t.state["market"]


def test_variation_1_on_france_removes_11():
    """Seed 000: 「フランスマップでプレイする場合、11 番のカードをゲームから除外して下さい」."""
    areas = list(load_map("france").areas)[:3]
    t = Table(Game({**setup_line(3), "map": "france", "areas": areas, "variation": 1}))
    assert t.state["removed"] == ["11+"] and t.state["deck"]["top"] is None and "11+" not in t.state["deck"]["unseen"]


def test_variation_2_first_card_of_each_number_1_to_8_removed_the_second_in_the_market():
    """Seed 000 バリエーション 2: 「各番号の発電所について、1 枚目にめくられた発電所はゲームから除外し、2 枚目に
    めくられた発電所は発電所市場に置きます。それぞれ 1 枚しかないで、01、02 番の発電所が除外されることは
    ありません」; old 17, 18 and the old Step 3 card are out."""
    t = v2(4)
    assert t.state["market"] == ["1+", "2+", 3, "4+", 5, "6+", 7, 8]
    assert {"3+", 4, "5+", 6, "7+", "8+"} <= set(t.state["removed"]) and not {1, 2} & set(t.state["removed"])
    assert {17, 18} - set(t.ctx.plants) == {17, 18} and t.state["deck"]["top"] is None
    assert t.game.setup["market"] == ["1+", "2+", 3, "4+", 5, "6+", 7, 8]


def test_variation_2_pair_removal_by_player_count_is_known():
    """Seed 000: 「山札を 1 枚ずつめくっていき、同じ番号の発電所が出たら 2 枚ともゲームから除外します。ただし、
    最初の発電所市場にある発電所は無視します。これをプレイヤー人数によって決められた枚数 (のセット) が除外
    されるまで続けます」; 「プレイヤーは除外された発電所を見ることができます」: nothing is face down."""
    for players, pairs in PAIRS.items():
        t = v2(players)
        assert {c for n in pairs for c in (n, f"{n}+")} <= set(t.state["removed"])
        assert t.state["deck"]["removed_unseen"] == 0 and t.state["deck"]["above"] == len(t.state["deck"]["unseen"])
    with pytest.raises(BadSetup, match="removed_pairs lists the 4 numbers"):
        table(4, variation=2, market=V2_MARKET, removed_pairs=[9, 10])
    with pytest.raises(BadSetup, match="removed_pairs: 5 has no pair"):
        table(4, variation=2, market=V2_MARKET, removed_pairs=[5, 9, 10, 12])
    with pytest.raises(BadSetup, match="one plant of each number 1–8"):
        table(5, variation=2, market=[1, 2, 3, 3, 5, 6, 7, 8])


def test_variation_2_first_card_of_a_number_turned_up_in_play_leaves_and_the_draw_stays_due():
    t = v2(5)
    t.do("sold", player="Ann", plant=3, price=3)
    events = t.do("draw", card=30)
    assert events[0]["type"] == "first_of_number_removed" and events[0]["twin"] == "30+"
    assert 30 in t.state["removed"] and t.state["next"]["actions"][0]["type"] == "draw"
    events = t.do("draw", card="30+")                 # the second card of 30 goes to the market
    assert events[0]["type"] == "plant_drawn" and "30+" in t.state["market"]


def test_variation_3_big_plants_rank_the_new_46_and_50_above_the_old():
    """Seed 000 バリエーション 3: 「すべての旧発電所カードと、46、50、52、54、57、60 番の新発電所カードを使用します」,
    「+ のついた新発電所の方を番号の大きな発電所と見なします」."""
    t = v3(4)
    assert len(t.ctx.plants) == 48 and {"46+", "50+", "52+", "54+", "57+", "60+", 46, 50} <= set(t.ctx.plants)
    assert t.state["market"] == [3, 4, 5, 6, 7, 8, 9, 10] and t.state["deck"]["top"] == 13
    t.edit(lambda s: s.update(market=[13, 46, "46+", 50, "50+", 52, 54, 57]))
    assert t.state["next"]["actions"][0]["plants"] == [13, 46, "46+", 50]
    t.rejects("nominate", InvalidBid, match="below plant 46\\+'s minimum of 46", player="Ann", plant="46+", bid=45)
    t.rejects("nominate", NotAvailable, player="Ann", plant="50+")


@pytest.mark.parametrize("players", sorted(V3_TABLE))
def test_variation_3_table_by_player_count(players):
    """Seed 000 バリエント3用各種条件テーブル: cities used, Step 2 at, the end at, plants removed."""
    cities, step2, end, removed = V3_TABLE[players]
    t = v3(players)
    assert len(t.ctx.map.cities_in(t.ctx.areas)) == cities
    assert (t.ctx.step2_cities, t.ctx.end_cities, t.state["deck"]["removed_unseen"]) == (step2, end, removed)


def test_variation_3_cities_chosen_one_by_one_instead_of_areas():
    """Seed 000: 「このバリエントでは、プレイエリアの選択ルールを使用しません。表に示された数の都市を直接選択し、
    選択されなかった都市はゲームでは使用しません」."""
    chosen = germany_cities(24)
    t = v3(3)
    assert t.game.setup["cities"] == chosen and "areas" not in t.game.setup
    outside = sorted(set(load_map("germany").cities) - set(chosen))[0]
    assert outside not in t.ctx.map.cities_in(t.ctx.areas)
    with pytest.raises(BadSetup, match="choose 24 cities one by one"):
        v3(3, cities=chosen[:23])
    with pytest.raises(BadSetup, match="cut off"):
        v3(3, cities=chosen[:23] + ["konstanz"])
    with pytest.raises(BadSetup, match="cities: not a field of variation 1"):
        table(3, variation=1, cities=chosen)


def test_variation_4_a_deck_of_ones_own_is_carried_in_the_setup_line(tmp_path):
    """Seed 000 バリエント4: 「特別に用意した発電所カードの組み合わせでプレイすることもできます」; the log carries the
    deck file so it replays anywhere."""
    deck = tmp_path / "ours.toml"
    deck.write_text('id = "ours"\nname = "Ours"\nsource = "our box"\nmarket = [3, 4, 5, 6, 7, 8, 9, 10]\n'
                    'top = "13+"\n[cards]\n' + "".join(f'"{n}" = {{ kind = "coal", burns = 2, powers = {n // 10 + 1} }}\n'
                                                      for n in range(3, 13))
                    + '"13+" = { kind = "ecological", burns = 0, powers = 1 }\n'
                      '"14+" = { kind = "oil", burns = 1, powers = 2 }\n', encoding="utf-8")
    t = table(2, variation=4, deck=str(deck))
    assert t.game.setup["deck"]["id"] == "ours" and t.state["deck"]["top"] == "13+"
    again = replay([json.dumps(t.game.setup)])
    assert again.state == t.state
    assert table(2, variation=4, deck="new").state["market"][0] == "1+"
    with pytest.raises(BadSetup, match="variation 4: name the deck"):
        table(2, variation=4)


def test_variations_refused_where_they_do_not_fit():
    with pytest.raises(BadSetup, match="variation: 5; allowed: 1, 2, 3, 4"):
        table(3, variation=5)
    with pytest.raises(BadSetup, match="deck: not a field of variation 1"):
        table(3, variation=1, deck="new")
    with pytest.raises(BadSetup, match="only with a variation"):
        table(3, market=V2_MARKET)
    with pytest.raises(BadSetup, match="cannot be played on Québec"):
        Game({**setup_line(3), "map": "quebec", "areas": list(load_map("quebec").areas)[:3], "variation": 1})


@pytest.mark.parametrize("make", [lambda: table(3, variation=1), lambda: v2(4), lambda: v3(3)])
def test_variation_normalised_setup_line_starts_the_same_game(make):
    """Export, import and replay: the normalised setup line (Game.setup) carries the variation whole."""
    t = make()
    again = Game(json.loads(json.dumps(t.game.setup)))
    assert again.setup == t.game.setup and again.state == t.state and again.ctx.variation == t.ctx.variation


def test_variation_1_on_france_says_11_is_out_of_the_game_not_13():
    """Seed 000 バリエーション1: 「フランスマップでプレイする場合、11 番のカードをゲームから除外して下さい」: the map's
    own removal of 13 (seed 001) is not the variation's; the card and the table's rules say 11+."""
    from referee.catalog import load_map
    from referee.printing.card import aid
    france = load_map("france")
    base = " ".join(aid(france, 4, "en", "a4").rules)
    played = " ".join(aid(france, 4, "en", "a4", variation=1).rules)
    assert "13" in base and "11+" not in base
    assert "11+" in played and "13" not in played
