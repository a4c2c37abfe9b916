"""The player aid follows the map's own rules: the plant market's numbers are the engine's, and a base
line a map's rule changes is printed in the map's version or left to the map's rules section."""
import copy
import re

import pytest

from referee import maprules
from referee.catalog import load_edition, load_map
from referee.catalog.files import maps_dir
from referee.i18n import translations
from referee.rules import plant_market
from mapkit import china_step3_card, map_table
from pdfkit import reading
from printkit import card

pytestmark = pytest.mark.slow   # a grid of printed cards, every map in three languages


def flat(pdf: bytes) -> str:
    """The card's words with every space and line break taken out, so a wrapped sentence is found whole."""
    return re.sub(r"\s+", "", reading(pdf))


def has(pdf_text: str, sentence: str) -> bool:
    return re.sub(r"\s+", "", sentence) in pdf_text


def engine_market(map_id, players=4):
    """What the engine opens to auction on the map's opening market, and the whole opening market."""
    t = map_table(map_id, players)
    return len(plant_market.current(t.state, t.ctx)), len(t.state["market"])


def step3_market(map_id, players=4):
    """The plants in the Step 3 market: China's as played to Step 3; elsewhere the opening market less
    the Step 3 card and the lowest plant (docs/rules-notes.md: 8 − 2 = 6)."""
    if map_id == "china":
        t = china_step3_card()
        assert t.state["step"] == 3
        return len(plant_market.current(t.state, t.ctx))
    return engine_market(map_id, players)[1] - 2


@pytest.mark.parametrize("map_id", ["china", "russia", "benelux", "germany"])
def test_plants_open_to_auction_and_the_step3_market_are_the_engines(map_id):
    _ = translations("en").gettext
    page = flat(card(map_id, 4))
    opened, whole = engine_market(map_id)
    if opened == whole:
        assert has(page, "Offer any plant of the market (there is no future market)") and "(thelowest" not in page
    else:
        assert has(page, f"(the lowest {opened})")
    assert has(page, f"In Step 3 the market holds {step3_market(map_id)} plants")


def test_china_opens_every_plant_and_holds_4_in_step3_russia_opens_3_and_holds_4():
    """Seed 001: 中国 「未来のマーケットはない」, ステップ 3 「マーケットにある発電所は 4 つ」; ロシア 「現在の
    マーケット:03~05」, 「ステップ 3: マーケットにある発電所は 4 つ」."""
    china, russia = flat(card("china", 4, "ja")), flat(card("russia", 4, "ja"))
    _ = translations("ja").gettext
    step3 = _("In Step 3 the market holds %(n)d plants, all open to auction.")
    assert has(china, step3 % {"n": 4}) and has(russia, step3 % {"n": 4})
    assert has(china, _("Offer any plant of the market (there is no future market) at its number or more, or pass "
                        "for the round. Bids go clockwise; a pass is final. One plant a round; in round 1 all must buy."))
    assert has(russia, _("Offer a plant of the current market (the lowest %(n)d) at its number or more, or pass for "
                         "the round. Bids go clockwise; a pass is final. One plant a round; in round 1 all must buy.")
               % {"n": 3})


BASE_CITY = "Any time: market plants numbered at or below the most cities of any player leave the game and are replaced."
FEWEST = "Any time: market plants numbered at or below the fewest cities of any player leave the game and are replaced."
BASE_NO_SALE = "No plant sold in a round (after round 1): the lowest leaves and is replaced."
BASE_UPDATE = "Steps 1–2: the highest plant goes under the deck; Step 3: the lowest leaves. Draw a replacement."
NOT_GREEN = ("Steps 1–2: the highest plant that is not green goes under the deck; Step 3: the lowest leaves. "
             "Draw a replacement.")
AND_LOWEST = ("Steps 1–2: the highest plant goes under the deck and the lowest leaves the game; Step 3: the lowest "
              "leaves. Draw a replacement for each.")
NO_SALE_TWO = ("No plant sold in a round (after round 1): the %(num)d lowest plant leaves and a card is drawn for it.",
               "No plant sold in a round (after round 1): the %(num)d lowest leave and a card is drawn for each.")
# map -> (lines printed, lines left out); a line is a msgid, or (singular, plural, n) for ngettext
LINES = {
    "germany": ([BASE_CITY, BASE_NO_SALE, BASE_UPDATE], [FEWEST, NOT_GREEN, AND_LOWEST]),
    "china": ([], [BASE_CITY, FEWEST, BASE_NO_SALE, BASE_UPDATE, NOT_GREEN, AND_LOWEST]),
    "russia": ([FEWEST, BASE_UPDATE], [BASE_CITY, BASE_NO_SALE]),
    "badenwurttemberg": ([(*NO_SALE_TWO, 2), BASE_UPDATE], [BASE_CITY, FEWEST, BASE_NO_SALE]),
    "quebec": ([BASE_CITY, BASE_NO_SALE, NOT_GREEN], [BASE_UPDATE]),
    "benelux": ([BASE_CITY, BASE_NO_SALE, AND_LOWEST], [BASE_UPDATE]),
}


def said(lang, line) -> str:
    t = translations(lang)
    if isinstance(line, tuple):
        singular, plural, n = line
        return t.ngettext(singular, plural, n) % {"num": n}
    return t.gettext(line)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("map_id", list(LINES))
def test_a_base_line_the_maps_rules_change_is_printed_as_the_map_plays_it_or_left_out(map_id, lang):
    printed, left_out = LINES[map_id]
    for size in ("a4", "a6"):
        page = flat(card(map_id, 4, lang, size))
        for line in printed:
            assert has(page, said(lang, line)), (size, line)
        for line in left_out:
            assert not has(page, said(lang, line)), (size, line)


def test_china_still_says_income_and_refill_in_phase_5():
    _ = translations("ja").gettext
    page = flat(card("china", 4, "ja"))
    assert has(page, _("Income by cities powered (none pays %(base)d). Refill resources.") % {"base": load_edition("original", map=load_map("china")).income[0]})


def _maps():
    return [load_map(p.stem) for p in sorted(maps_dir().glob("*.toml"))]


def test_every_rule_that_changes_a_printed_market_line_is_known_to_the_card():
    """A new rule removing plants by another city count, or changing the no-sale removal or the end-of-round
    market update, must say on the card how the map plays it (its hook market_rules)."""
    maps = _maps()
    tasks = [{"task": "remove_lowest", "cause": "no_sale", "replace": True}, {"task": "refill"},
             {"task": "market_update"}, {"task": "new_round"}]
    for name in maprules.known():
        rule = maprules.module(name)
        params = next((m.rules[name] for m in maps if name in m.rules), {})
        changes = rule.market_rules({}, None, params) if hasattr(rule, "market_rules") else {}
        if hasattr(rule, "low_cities"):
            assert "city_removal" in changes, name
        if not hasattr(rule, "phase_end"):
            continue
        for phase in ("auction", "bureaucracy"):
            out = rule.phase_end(copy.deepcopy(tasks), {"phase": phase, "round": 2, "step": 1}, None, params)
            if tasks[0] not in out:
                assert "no_sale" in changes, name
            at = next((i for i, t in enumerate(out) if t == tasks[2]), None)
            if at is None or out[at - 1] != tasks[1]:
                assert "market_update" in changes, name
