"""Plant decks as data (maps/decks/*.toml) and `referee decks check FILE` (seed 000 新発電所カード,
バリエーション 4: 「特別に用意した発電所カードの組み合わせでプレイすることもできます」)."""
import subprocess
import sys

import pytest

from referee.catalog import CatalogError, load_edition
from referee.catalog.decks import available_decks, deck_from_data, load_deck
from referee.rules import cards
from referee.rules.errors import BadAction

NEW = load_deck("new")


def test_decks_shipped_base_and_new_cards():
    """Seed 000 内容物: 「発電所カード 46 枚」, numbered 1 to 60 with a + on each new card; 17 and 18 are
    not among them."""
    assert available_decks() == ["base", "new"]
    assert len(NEW.cards) == 46 and all(cards.is_new(c) for c in NEW.cards)
    assert {"17+", "18+"}.isdisjoint(NEW.cards) and {"1+", "2+", "52+", "54+", "57+", "60+"} <= set(NEW.cards)
    plant = NEW.cards["13+"]
    assert (plant.number, plant.kind, plant.burns, plant.powers) == ("13+", "hybrid", 1, 2)
    assert NEW.cards["50+"].accepts == ("uranium",) and NEW.cards["50+"].capacity == 4
    assert NEW.cards["4+"].accepts == ("coal", "oil") and NEW.cards["60+"].accepts == ()
    assert NEW.market == ("1+", "2+", "3+", "4+", "5+", "6+", "7+", "8+") and NEW.top == "11+"
    assert "lunboks" in NEW.source


def test_decks_the_edition_plays_the_base_deck_file():
    base = load_deck("base")
    assert len(base.cards) == 42 and load_edition().plants == base.cards
    assert base.market == (3, 4, 5, 6, 7, 8, 9, 10)   # the 8 lowest when the file names none


def test_decks_card_ids_rank_a_new_card_above_the_base_card_of_its_number():
    """Seed 000 バリエーション 3: 「+ のついた新発電所の方を番号の大きな発電所と見なします」."""
    assert cards.ranked(["46+", 50, 46, "13+", "step3", 13]) == [13, "13+", 46, "46+", 50, "step3"]
    assert cards.number("46+") == 46 and cards.twin("46+") == 46 and cards.twin(46) == "46+"
    assert cards.plant_id("13+", "plant") == "13+" and cards.plant_id(13, "plant", {"13+": None}) == "13+"
    with pytest.raises(BadAction, match="a plant number such as 13"):
        cards.plant_id("13", "plant")        # numbers are JSON integers, a base card too


GOOD = """id = "ours"
name = "Our deck"
source = "our box, counted by hand"
market = ["1+", 2, 3, 4, 5, 6, 7, 8]
higher = ["9+"]

[cards]
"1+" = { kind = "coal", burns = 3, powers = 1 }
"2" = { kind = "oil", burns = 2, powers = 1 }
"3" = { kind = "oil", burns = 2, powers = 1 }
"4" = { kind = "coal", burns = 2, powers = 1 }
"5" = { kind = "hybrid", burns = 2, powers = 1 }
"6" = { kind = "garbage", burns = 1, powers = 1 }
"7" = { kind = "oil", burns = 3, powers = 2 }
"8" = { kind = "coal", burns = 3, powers = 2 }
"9" = { kind = "oil", burns = 1, powers = 1 }
"9+" = { kind = "coal", burns = 3, powers = 3 }
"""


def check(tmp_path, text):
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "referee.cli", "decks", "check", str(path)],
                          capture_output=True, text=True, cwd=tmp_path)
    return done.returncode, done.stdout.splitlines()


def test_decks_check_accepts_a_good_file_with_a_summary(tmp_path):
    code, lines = check(tmp_path, GOOD)
    assert (code, lines) == (0, [f"{tmp_path / 'deck.toml'}: OK: Our deck (ours): 10 cards (2 new), market "
                                 "1+, 2, 3, 4, 5, 6, 7, 8"])


def test_decks_check_lists_one_message_per_problem_with_its_line(tmp_path):
    bad = (GOOD.replace('"5" = { kind = "hybrid"', '"5" = { kind = "solar"')
           .replace('"6" = { kind = "garbage", burns = 1', '"6" = { kind = "garbage", burns = 0')
           .replace('higher = ["9+"]\n', "")
           .replace('"8" = { kind = "coal", burns = 3, powers = 2 }', '"8" = { kind = "coal", burns = 3 }')
           .replace('source = "our box, counted by hand"\n', ""))
    code, lines = check(tmp_path, bad)
    assert code == 2
    assert lines == [
        "deck.toml: missing required key 'source'",
        "deck.toml line 10: cards.\"5\": kind 'solar' is not one of coal, oil, garbage, uranium, hybrid, "
        "ecological, fusion",
        "deck.toml line 11: cards.\"6\": burns 0; allowed for garbage plants: 1 or more",
        "deck.toml line 13: cards.\"8\": needs exactly kind, burns, powers; got kind, burns",
        'deck.toml: higher: both cards of 9 are in the deck; declare which ranks higher: higher = ["9+"]',
    ]


def test_decks_check_refuses_an_unknown_card_in_the_market_and_a_base_card_declared_higher(tmp_path):
    code, lines = check(tmp_path, GOOD.replace('market = ["1+", 2,', 'market = ["1+", 12,')
                        .replace('higher = ["9+"]', 'higher = [9]'))
    assert code == 2 and len(lines) == 3
    assert lines[0].endswith("line 4: market: 12 is not a card of [cards]")
    assert lines[1].endswith('line 5: higher: 9: the new card of a number ranks higher (seed 000); allowed: "9+"')
    assert "both cards of 9" in lines[2]


def test_decks_a_deck_carried_as_data_is_checked_the_same_way():
    with pytest.raises(CatalogError, match="the setup's deck: cards: must be a table"):
        deck_from_data({"id": "x", "name": "x", "source": "x", "cards": []}, "the setup's deck")
    with pytest.raises(CatalogError, match="a deck is a deck file's contents"):
        deck_from_data("new", "the setup's deck")
