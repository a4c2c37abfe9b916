"""Each map's own rules and setup in one short sentence each, in en, ja and zh-Hant (rulings.describe_rules).

Seed 001 gives each map's setup items and rules (/work/shared/seeds/001_*.txt); the sentences are
written from the map file's data and each rule's parameters, so a rule module without its sentence,
a placeholder left unfilled or an English word in a Japanese or Chinese sentence fails here.
"""
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from referee import maprules, rulings
from referee.rulings.setup import join_rulings
from referee.catalog import available_maps, load_edition, load_map

LANGS = ("en", "ja", "zh-Hant")


def counts(map_id):
    return sorted(load_edition("original", map=load_map(map_id)).player_counts)


def names_of(board) -> list[str]:
    """Names the sentences may print as the board spells them: cities, and areas the catalogue leaves as is."""
    return sorted({c.name for c in board.cities.values()} | {a.name for a in board.areas.values()}, key=len,
                  reverse=True)


def english_left(text, board) -> list[str]:
    for name in names_of(board):
        text = text.replace(name, "")
    return re.findall(r"[A-Za-z]+", text)


def words(map_id, lang, players=None) -> list[str]:
    return rulings.describe_rules(load_map(map_id), lang, players)


def test_every_rule_module_has_its_sentence():
    """A new module in referee/maprules without its `describe` fails here."""
    assert len(maprules.known()) >= 26    # the scan found the modules
    assert set(maprules.known()) - set(rulings.RULE_WORDS) == set(), "rules without a sentence (describe)"
    assert set(rulings.RULE_WORDS) <= set(maprules.known()), "sentences for rules that no longer exist"


def test_a_rules_words_live_in_its_module_and_import_no_babel_or_flask():
    """The engine layer stays pure: a rule's writers get the reader's words (`w`) and need nothing else."""
    for name in maprules.known():
        rule = maprules.module(name)
        assert rulings.RULE_WORDS[name] is rule.describe
        assert all(rulings.RULINGS[kind] is write for kind, write in getattr(rule, "RULINGS", {}).items()), name
        source = Path(rule.__file__).read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) (babel|flask)", source, re.M), name


def test_an_event_type_with_a_second_writer_is_refused_by_name():
    with pytest.raises(ImportError, match=r"maprules/copycat\.py: RULINGS: event type 'bid' already has a writer"):
        join_rulings([("copycat", SimpleNamespace(RULINGS={"bid": lambda w, e: "?"}))])
    assert rulings.RULINGS["bid"].__module__ == "referee.rulings.auction"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("map_id", available_maps())
def test_every_map_renders_in_each_language_with_nothing_left_unfilled(map_id, lang):
    board = load_map(map_id)
    for players in [None, *counts(map_id)]:
        lines = words(map_id, lang, players)
        for line in lines:
            assert line.strip() and "%(" not in line and "%s" not in line, (players, line)
            if lang != "en":
                assert not english_left(line, board), (players, line)
        if players is None:
            assert len(lines) >= len(board.rules), lines   # at least one sentence per rule the map names


@pytest.mark.parametrize("map_id", available_maps())
def test_sentences_differ_by_language(map_id):
    en, ja, zh = (words(map_id, lang) for lang in LANGS)
    assert len(en) == len(ja) == len(zh)
    assert all(len({a, b, c}) == 3 for a, b, c in zip(en, ja, zh)), (en, ja, zh)


def test_the_base_boards_have_no_rules_of_their_own():
    assert words("germany", "ja") == words("usa", "zh-Hant") == []


def test_france_top_card_11_and_plant_13_out_of_the_game():
    """Seed 001: 山札の一番上のカード フランス 11 の発電所; プレイマップによる除外 フランス 13 の発電所."""
    assert "On top of the deck: plant 11, not plant 13." in words("france", "en")
    ja = words("france", "ja")
    assert "山札の一番上のカードは発電所13ではなく発電所11。" in ja
    assert any("除外" in line and "発電所13" in line for line in ja)
    assert any("11號發電廠" in line and "牌堆頂" in line for line in words("france", "zh-Hant"))


@pytest.mark.parametrize("lang, money", [("en", "1 Elektro less"), ("ja", "1エレクトロ安く"), ("zh-Hant", "便宜1元")])
def test_vienna_discount_names_wien_and_the_discount(lang, money):
    """Seed 001 中央ヨーロッパ: ウィーンにネットワークがある場合、廃棄物の購入コストが -1 (最安値は 1)."""
    line = next(line for line in words("centraleurope", lang) if "Wien" in line)
    assert money in line
    assert rulings.Words(lang).resource("garbage") in line


def test_resources_at_setup_are_the_maps_starting_prices():
    """Seed 001 燃料初期価格 (said 資源の初期価格, seed 000's word): フランス 石炭 1, 石油 3, 廃棄物 7, ウラン 5; ロシア 廃棄物 —."""
    assert "資源の初期価格：石炭は1から、石油は3から、廃棄物は7から、ウランは5から。" in words("france", "ja")[0]
    assert any("no garbage" in line and "uranium from 6" in line for line in words("russia", "en"))


def test_korea_two_markets_and_the_norths_starting_prices():
    """Seed 001 朝鮮: 北・南どちらかのマーケットから購入を宣言; 北から補充する; 北 石炭 1, 石油 3, 廃棄物 7, ウラン —."""
    line = next(line for line in words("korea", "ja") if "北" in line)
    assert "宣言" in line and "補充は北から" in line
    assert line.endswith("北の資源の初期価格：石炭は1から、石油は3から、廃棄物は7から。")


def test_india_uranium_eight_caps_and_blackout_limit_for_the_player_count():
    """Seed 001 インド亜大陸: ウランは8個しか使わない(4個をゲームから除外); ステップ1 価格3, ステップ2 価格5;
    新規建設した都市の数がプレイヤー人数×2を超えた場合、大規模停電 (建設都市数×3)."""
    ja = words("indian", "ja", 4)
    assert "ウランは8個しか使わない。4個はゲームから除外する。" in ja
    assert any("価格3エレクトロまで" in line and "価格5エレクトロまで" in line for line in ja)
    assert any("8を超えると大規模停電" in line and "×3エレクトロ" in line for line in ja)   # 4 players × 2
    assert any("超過6座即大停電" in line for line in words("indian", "zh-Hant", 3))


def test_australia_mines_general_link_and_step3_market():
    """Seed 001 オーストラリア: 一般接続コスト(20エレクトロ); 発電所50は1枚で2個; 9~10の資源市場に移動 (最低資源価格は3)."""
    en = " ".join(words("australia", "en"))
    assert "general link for 20 Elektro" in en and "(plant 50: 2)" in en
    assert "move to the 9 and 10 spaces; the cheapest space is then 3." in en
    assert "Out of the game from the start, known to all: plant 17." in en


def test_baden_wurttemberg_step2_one_city_earlier_for_the_player_count():
    """Seed 001: バーデン=ヴュルテンベルク州は、第2ステップ移行条件は上記表示件数-1 (2 人 10 → 9, 6 人 6 → 5)."""
    assert "Step 2 begins at 9 cities, not the base rule's 10." in words("badenwurttemberg", "en", 2)
    assert "ステップ2への移行条件は基本ルールの6都市ではなく5都市。" in words("badenwurttemberg", "ja", 6)
    assert "ステップ2への移行条件は基本ルールの都市数−1。" in words("badenwurttemberg", "ja")


def test_china_lists_follow_the_player_count():
    """Seed 001 中国: 人数分の発電所; 4 人 3, 4, 11, 18, 24, 33, 46 を除外; 第5フェーズ 人数/2 枚, 人数-1 枚."""
    en = words("china", "en", 4)
    assert any("one plant per player (5, 6, 7, and 8)" in line for line in en)
    assert any("removal: 3, 4, 11, 18, 24, 33, and 46." in line for line in en)
    assert any("draw at least 2 and fill or cut the market to 3 plants" in line for line in en)
    every = " ".join(words("china", "en"))
    assert "2–3 players: 3, 4, 9, 11, 16, 18, 20, 24, 30, 33, and 46; 4 players:" in every


def test_a_rule_for_another_player_count_is_left_out():
    """Seed 001 ブリテン諸島: 2人プレイの場合はどちらかが全都市を配置した時点でゲーム終了する."""
    two, four = words("ukireland", "en", 2), words("ukireland", "en", 4)
    end = "With 2 players the game also ends when a player has a house in every city in play."
    assert end in two and end not in four and len(two) == len(four) + 1


def test_prepared_decks_read_from_the_top():
    """Seed 001 山札: ブラジル [13 → 14] → [19, 24, 30, 38 をシャッフル] → 残り → STEP3; ブリテン諸島 STEP3 を底から 3 枚目."""
    assert ("The deck from the top: 13 → 14 → 19, 24, 30, and 38, shuffled → the other plants, shuffled → "
            "the Step 3 card.") in words("brazil", "en")
    assert "山札（上から）：13 → 残りの発電所をシャッフル → ステップ3カード → ランダムな発電所2枚。" in words("ukireland", "ja")


def test_uranium_ban_names_the_marked_areas_in_the_readers_language():
    """Seed 001 スペイン&ポルトガル: ポルトガルにネットワークがない … (the mark is on Portugal's area)."""
    assert any(line.startswith("ウラン禁止マークのエリア：ポルトガル。") for line in words("spainportugal", "ja"))
    assert any(line.startswith("Marked with the uranium ban: Portugal.") for line in words("spainportugal", "en"))
