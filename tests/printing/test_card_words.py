"""The words of the printed aid as issue 24's full read found them: one style and one term for one thing
on a face, each number as the table will meet it."""
import re

import pytest

from referee.catalog import load_map
from referee.i18n import translations
from referee.printing import card_pdf
from referee.rulings import describe_rules
from pdfkit import reading, text
from printkit import card

MAPS_WITH_RULES = ("ukireland", "australia", "china", "korea", "indian", "japan", "russia", "benelux", "badenwurttemberg")


def squeezed(s: str) -> str:
    return "".join(s.split())


@pytest.mark.parametrize("map_id", MAPS_WITH_RULES)
def test_the_japanese_card_keeps_its_terse_style_without_desu_masu(map_id):
    """The card writes 「安いスペースから購入。」; its map rules switched to です/ます mid-paragraph
    (「…ウランはなし。その価格以上のスペースをすべて埋めて始めます。」)."""
    words = squeezed(reading(card(map_id, 4, "ja", "a4")))
    polite = re.findall(r".{8}(?:ます|です|ません|ください)[。）]", words)
    assert not polite, polite


@pytest.mark.parametrize("variation", [1, 2, 3])
def test_a_variation_card_keeps_the_terse_style_too(variation):
    words = squeezed(reading(card_pdf("germany", 4, "ja", "a4", variation=variation)))
    assert not re.findall(r".{8}(?:ます|です|ません)[。）]", words)


def test_variation_2_says_how_the_plants_removed_at_setup_are_found():
    """Seed 000: 「山札を 1 枚ずつめくっていき、同じ番号の発電所が出たら 2 枚ともゲームから除外します。ただし、
    最初の発電所市場にある発電所は無視します」: the card said "remove 8 plants at the start" and no more."""
    for lang, words in (("en", "when both cards of a number have come up, both leave the game"),
                        ("ja", "同じ番号の発電所が2枚とも出たら2枚とも除外する"),
                        ("zh-Hant", "同一編號的兩張發電廠都翻出時，兩張都移除遊戲")):
        page = squeezed(reading(card_pdf("germany", 4, lang, "a6", variation=2)))
        assert squeezed(words) in page, lang
    assert "until 8 plants are out" in " ".join(reading(card_pdf("germany", 4, "en", "a4", variation=2)).split())


def test_a_card_of_the_base_game_has_no_removal_procedure():
    assert "turn up the deck one card at a time" not in reading(card("germany", 4, "en", "a4"))


def test_zh_hant_names_the_steps_alike_on_one_face():
    """The refill table said 第1階段 beside the Steps paragraph's 第二階段 (issue 24)."""
    page = squeezed(text(card("germany", 4, "zh-Hant", "a4")))
    assert "第一階段" in page and "第二階段" in page and not re.search(r"第[0-9]階段", page)


def test_australias_negative_uranium_refill_prints_a_minus_sign_not_a_hyphen():
    page = text(card("australia", 4, "ja", "a4"))
    assert "\u2212" in page and not re.search(r"(?<![\w–])-\d", page)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_chinas_deck_line_lists_only_the_plants_dealt_in_order(players):
    """Seed 001 (China): 5–30 in order, skipping those removed or in the market; at 2–4 players the card
    said 「5〜30を順番に」 though 9, 11, 16, 18, 20, 24 and 30 may be out (issue 24)."""
    china = load_map("china")
    gone = set(china.setup["removed_by_players"][players]) | set(china.setup["market_by_players"][players])
    dealt = [n for n in range(5, 31) if n not in gone]
    line = next(x for x in describe_rules(china, "en", players) if x.startswith("The deck from the top"))
    in_order = line.split(": ", 1)[1].split(" → ")[0]
    named = set()
    for piece in re.findall(r"\d+(?:(?:–| to )\d+)?", in_order):
        low, _, high = re.split(r"(–| to )", piece) if re.search(r"–| to ", piece) else (piece, "", piece)
        named |= set(range(int(low), int(high) + 1))
    assert named == set(dealt), (players, in_order)


def test_koreas_first_start_price_line_names_its_market():
    """The first line gave the board's (South) prices unlabelled beside 「北の資源の初期価格」 (issue 24)."""
    for lang in ("en", "ja", "zh-Hant"):
        first = describe_rules(load_map("korea"), lang, 4)[0]
        south = translations(lang).gettext("the South market")
        assert first.startswith(south) or south in first, (lang, first)
