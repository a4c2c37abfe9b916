"""`referee print card --edition recharged` (docs/editions.md): the Recharged numbers on the card, the ones
that differ from the original named with the original's beside them, and the edition's rules."""
import pytest

from referee.catalog import load_map
from referee.printing.card import aid, card_pdf


def test_the_recharged_card_has_its_numbers_and_marks_those_that_differ():
    card = aid(load_map("germany"), 2, "en", "a4", edition_id="recharged")
    assert (card.count.step2, card.count.end, card.count.max_plants) == (7, 18, 3)
    assert "stralsund" in card.map.cities
    text = " ".join(card.rules)
    assert "Step 2 at 7 cities (original: 10)" in text and "Garbage starts with 9 cubes (original: 6)" in text
    assert "Discount token" in text and "Nuclear phase-out" in text and "Against the Trust" in text


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hant"])
def test_the_recharged_card_prints_in_each_language(lang):
    assert card_pdf("usa", 4, lang, edition_id="recharged").startswith(b"%PDF")


def test_the_original_card_names_no_edition_rule():
    card = aid(load_map("germany"), 2, "en", "a4")
    assert not any("original:" in line for line in card.rules) and card.count.step2 == 10


@pytest.mark.parametrize("board, says, not_said", [
    ("russia", ["deal 6 face up (the 3 lowest are the current market) and put 5 face down on top"],
     ["The deck from the top", "The plant market starts as"]),
    ("quebec", ["Directly below the card on top, in this order: 18, 22.",
                "Never removed face down at setup: plants 13, 18, 22, 27, 33, 37, 44, and 50."],
     ["The deck from the top"]),
    ("brazil", ["Always dealt face up: plants 6 and 14.",
                "Never removed face down at setup: plants 19, 24, 30, and 38."],
     ["The deck from the top"]),
    ("france", ["Always dealt face up: plant 11."], ["On top of the deck: plant 11"]),
])
def test_the_recharged_card_words_a_maps_own_deal_not_its_seed_001_deck_s7(board, says, not_said):
    """Digest §7 (readings): the aid for Recharged on Russia, Québec, Brazil and France says the map's own
    deal, and no longer the seed 001 deck, market or top card that deal replaces; it prints in each language."""
    text = " ".join(aid(load_map(board), 3, "en", "a4", edition_id="recharged").rules)
    assert all(s in text for s in says), text
    assert not any(s in text for s in not_said), text
    for lang in ("en", "ja", "zh-Hant"):
        assert card_pdf(board, 3, lang, edition_id="recharged").startswith(b"%PDF")


@pytest.mark.parametrize("board", ["ukireland", "china"])
def test_the_recharged_card_of_a_map_keeping_its_own_plant_setup_deals_nothing_s7(board):
    """§7 (a reading): a map the edition gives no deal of its own keeps its seed 001 plant setup, as a
    game plays it, so its aid words that setup and no Recharged deal."""
    text = " ".join(aid(load_map(board), 3, "en", "a4", edition_id="recharged").rules)
    assert "The deck from the top" in text and "deal 8 face up" not in text and "Setup on this map" not in text
