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
