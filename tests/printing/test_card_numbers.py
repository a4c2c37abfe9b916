"""Every number on the player aid is the catalogue's, in the right row, for every player count and language.

The expected numbers are read from the edition the engine plays with (never typed here); the labels
come from the same catalogues the card uses, so these tests hold in each language.
"""
import re

import pytest
from reportlab.lib.pagesizes import A6

from referee.catalog import available_maps, load_edition, load_map
from referee.printing.card import OVERRIDE_LABELS
from referee.catalog.files import maps_dir
from referee.i18n import translations
from referee.rulings import describe_rules
from pdfkit import page_count, reading, text
from printkit import LANGS, card, cities

pytestmark = pytest.mark.slow   # grids of printed cards over maps, player counts and languages

PLAYERS = (2, 3, 4, 5, 6)


def edition(map_id="germany"):
    return load_edition("original", map=load_map(map_id))


def rows(page_text: str, label: str, cells=r"\d+\+?", most=7) -> list[list[str]]:
    """Every run of up to `most` numbers that follows `label` on a line (cards side by side give several)."""
    found = re.finditer(re.escape(label) + r"((?:[ \t]+(?:" + cells + r")(?=\s|$)){1," + str(most) + "})", page_text)
    return [m.group(1).split() for m in found]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", PLAYERS)
def test_refill_rows_hold_the_catalogue_amounts_for_steps_1_2_3(players, lang):
    _ = translations(lang).gettext
    page = text(card(players=players, lang=lang))
    for resource in ("coal", "oil", "garbage", "uranium"):
        expected = [str(n) for n in edition().refill[players][resource]]
        assert rows(page, _(resource.capitalize()), most=3) == [expected], resource


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", PLAYERS)
def test_player_count_figures_stand_beside_their_labels(players, lang):
    _ = translations(lang).gettext
    count, e = edition().player_counts[players], edition()
    page = text(card(players=players, lang=lang))
    expected = {_("Areas in play"): str(count.areas), _("Removed at setup"): str(count.removed),
                _("Plant limit"): str(count.max_plants), _("Step 2 at"): cities(lang, count.step2),
                _("Game ends at"): cities(lang, count.end),
                _("Starting money"): _("%(amount)s Elektro") % {"amount": e.starting_money}}
    for label, value in expected.items():
        assert re.search(re.escape(label) + r"[ \t]+" + re.escape(value) + r"(?=\s|$)", page), (label, value)


@pytest.mark.parametrize("lang", LANGS)
def test_income_table_lists_every_payment_under_its_city_count(lang):
    _ = translations(lang).gettext
    page = text(card(lang=lang))
    income = edition().income
    assert sum(rows(page, _("Income")), []) == [str(n) for n in income]
    counts = [str(n) for n in range(len(income) - 1)] + [f"{len(income) - 1}+"]
    assert sum(rows(page, _("Cities")), []) == counts


@pytest.mark.parametrize("players", PLAYERS)
def test_thresholds_in_the_rules_text_follow_the_player_count(players):
    """The Step 2 and game-end sentences quote the counts for this table, not another's."""
    count = edition().player_counts[players]
    page = " ".join(reading(card(players=players)).split())  # reading order, not layout
    assert f"someone reaches {cities('en', count.step2)}; the lowest plant" in page
    assert f"someone reaches {cities('en', count.end)}: power what" in page
    assert f"Over {count.max_plants} plants: discard" in page


@pytest.mark.parametrize("lang", LANGS)
def test_a6_cards_each_carry_the_full_numbers(lang):
    """Five players: five A6 cards (4 + 1 over two sheets), every copy with the refill and income rows."""
    _ = translations(lang).gettext
    pdf = card(players=5, lang=lang, size="a6")
    (w, h), pages = A6, page_count(pdf)
    slots = [text(pdf, page, (col * w, row * h, w, h)) for page in range(1, pages + 1) for col in (0, 1) for row in (0, 1)]
    backs = [s for s in slots if rows(s, _("Income"))]
    assert len(backs) == 5
    for back in backs:
        assert rows(back, _("Coal"), most=3) == [[str(n) for n in edition().refill[5]["coal"]]]
        assert sum(rows(back, _("Income")), []) == [str(n) for n in edition().income]


def test_letter_sheet_holds_the_same_numbers_as_a4():
    letter, a4 = text(card(size="letter")), text(card())
    for label in ("Coal", "Oil", "Garbage", "Uranium", "Income"):
        assert rows(letter, label) == rows(a4, label)


def test_a_board_that_overrides_edition_tables_prints_its_own_numbers(tmp_path):
    """A map's [overrides] change the card's numbers and are named under the board's own rules."""
    board = (maps_dir() / "germany.toml").read_text(encoding="utf-8")
    board = board.replace('id = "germany"', 'id = "island"').replace('name = "Germany"', 'name = "Island"')
    board = board.replace("[overrides]", "[overrides]\nstarting_money = 45\n"
                                         + "refill = { " + ", ".join(
                                             f"{n} = {{ coal = [9, 8, 7], oil = [3, 4, 5], garbage = [2, 3, 4], "
                                             "uranium = [1, 2, 2] }" for n in range(2, 7)) + " }")
    path = tmp_path / "island.toml"
    path.write_text(board, encoding="utf-8")
    page = " ".join(text(card(str(path), players=4)).split())
    assert "Coal 9 8 7" in page
    assert "Starting money 45 Elektro" in page
    assert "Rules of Island" in page
    assert "This board changes the refill table and starting money" in page


# The maps of seed 001: the numbers a map changes are read from its file (the edition as it overrides it,
# its [setup] and its rules' parameters), never typed into the card.

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", PLAYERS)
def test_korea_prints_the_south_refill_then_the_norths_from_the_rule(players, lang):
    """Seed 001 朝鮮: two markets, 北から補充する; the North's table is korea_markets' north_refill."""
    _ = translations(lang).gettext
    board = load_map("korea")
    north = board.rules["korea_markets"]["north_refill"][str(players)]
    page = text(card("korea", players=players, lang=lang))
    for resource in ("coal", "oil", "garbage"):
        south = [str(n) for n in edition("korea").refill[players][resource]]
        assert rows(page, _(resource.capitalize()), most=3) == [south, [str(n) for n in north[resource]]], resource
    assert rows(page, _("Uranium"), most=3) == [[str(n) for n in edition("korea").refill[players]["uranium"]]]
    for market in ("the South market", "the North market"):
        assert _("Refill of %(market)s, %(players)s") % {
            "market": _(market), "players": translations(lang).ngettext("%(num)d player", "%(num)d players",
                                                                        players) % {"num": players}} in page


@pytest.mark.parametrize("map_id", ["australia", "badenwurttemberg", "china", "indian", "russia"])
@pytest.mark.parametrize("players", PLAYERS)
def test_a_maps_figures_are_its_own(map_id, players):
    """Areas (Australia: the base counts on its five areas), the plants removed at setup (China: its known
    list), Step 2 (Baden-Württemberg: one city earlier) and money come from the map's file."""
    board, e = load_map(map_id), edition(map_id)
    count = e.player_counts[players]
    removed = board.setup.get("removed_by_players", {}).get(players)
    step2 = count.step2 - board.rules.get("step2_earlier", {}).get("by", 0)
    page = text(card(map_id, players=players))
    expected = {"Areas in play": str(count.areas), "Removed at setup": str(len(removed) if removed else count.removed),
                "Step 2 at": cities("en", step2), "Starting money": f"{e.starting_money} Elektro"}
    for label, value in expected.items():
        assert re.search(re.escape(label) + r"[ \t]+" + re.escape(value) + r"(?=\s|$)", page), (label, value)
    assert f"someone reaches {cities('en', step2)}; the lowest" in " ".join(reading(card(map_id, players)).split())


@pytest.mark.parametrize("lang, sentence", [("en", "Only %s uranium are used: %s are out of the game."),
                                            ("ja", "ウランは%s個しか使わない。%s個はゲームから除外する。")])
def test_india_prints_the_uranium_its_box_keeps(lang, sentence):
    """Seed 001 インド亜大陸: ウランは8個しか使わない(4個をゲームから除外) — the map's [overrides.totals]."""
    kept, base = edition("indian").totals["uranium"], edition().totals["uranium"]
    flat = "".join(reading(card("indian", 4, lang)).split())   # lines broken anywhere
    assert "".join((sentence % (kept, base - kept)).split()) in flat


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ["a4", "a6"])
def test_every_rule_sentence_of_the_map_is_printed(size, lang):
    """The card's map section holds rulings.describe_rules for the table (France: resources, top card 11, 13 out)."""
    pdf = card("france", 4, lang, size)
    flat = "".join(reading(pdf).split())
    sentences = describe_rules(load_map("france"), lang, 4)
    assert len(sentences) == 3
    for sentence in sentences:
        assert "".join(sentence.split()) in flat, sentence


@pytest.mark.parametrize("map_id", sorted(available_maps()))
def test_the_footnote_names_only_the_tables_whose_numbers_the_board_really_changes(map_id):
    """Baden-Württemberg and Japan print the base refill table on their boards: their card does not
    say the refill table changes (it once did, from the mere [overrides] entry)."""
    game_map = load_map(map_id)
    edition, base = load_edition("original", map=game_map), load_edition("original")
    differ = [key for key in sorted(game_map.overrides) if getattr(edition, key) != getattr(base, key)]
    page = " ".join(reading(card(map_id, players=4)).split())
    if not differ:
        assert "This board changes" not in page
        return
    said = page[page.index("This board changes the"):].split(";")[0]
    for key, label in OVERRIDE_LABELS.items():
        assert (label in said) == (key in differ), (key, said)


@pytest.mark.parametrize("lang", LANGS)
def test_baden_wurttemberg_lists_the_auction_before_the_turn_order(lang):
    """Seed 001 バーデン=ヴュルテンベルク州, 基本: 「第1フェーズ(プレイ順決定)と第2フェーズ(発電所オークション)が
    入れ替わる」: the card's round starts with phase 2; elsewhere phase 1 comes first."""
    t = translations(lang)
    order, auction = (t.gettext(p) for p in ("Turn order", "Auction"))
    for map_id, first in (("badenwurttemberg", auction), ("germany", order)):
        page = "".join(reading(card(map_id, players=4, lang=lang)).split())
        phases = [page.index("".join(name.split())) for name in (order, auction)]
        assert (phases[1] < phases[0]) == (first == auction), map_id


@pytest.mark.parametrize("lang", LANGS)
def test_australias_uranium_row_takes_cubes_off_the_market(lang):
    """Seed 001 オーストラリア 第5フェーズ: 「ウランの収入が終了後、補充表に従ってウランを減らす」: the board's
    uranium numbers are printed below 0 (with a minus sign, not a hyphen), with the line that says so; coal and
    the rest refill as usual."""
    _ = translations(lang).gettext
    table = load_edition("original", map=load_map("australia")).refill[4]
    page = text(card("australia", players=4, lang=lang))
    assert rows(page, _("Uranium"), cells=r"\u2212\d+", most=3) == [[f"\u2212{n}" for n in table["uranium"]]]
    assert rows(page, _("Coal"), most=3) == [[str(n) for n in table["coal"]]]
    flat = "".join(reading(card("australia", players=4, lang=lang)).split())
    assert "".join(_("Below 0: that many cubes leave the market instead.").split()) in flat
    assert "".join(_("Below 0: that many cubes leave the market instead.").split()) not in "".join(
        reading(card("germany", players=4, lang=lang)).split())


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_china_deck_line_lists_no_plant_the_same_card_removes(players):
    """Seed 001 中国, プレイ人数による除外: with 2–4 players 46 is out of the game, so the card's deck line
    (zh-Hant once printed 「…44、46和50洗混」 above the bullet removing 46) does not shuffle it in."""
    removed = load_map("china").setup["removed_by_players"][players]
    deck = next(line for line in describe_rules(load_map("china"), "en", players) if line.startswith("The deck"))
    shuffled = [int(n) for part in deck.split("→")[1:] for n in re.findall(r"\d+", part) if n != "3"]
    assert shuffled and not set(shuffled) & set(removed), deck
    assert ("46" in deck) == (46 not in removed)


def test_india_pays_income_in_the_final_round_only_after_a_blackout():
    """Seed 001 インド亜大陸, フェーズ5 (大規模停電): 「最終ラウンドに大規模停電が発生した場合は、収入処理を行う。」 — the
    card keeps the condition (it once said 最終ラウンドも収入処理を行います, as if always)."""
    flat = "".join(reading(card("indian", 4, "ja")).split())
    assert "最終ラウンドに大規模停電が発生した場合は、収入処理を行う" in flat
    assert "最終ラウンドも収入処理" not in flat
    assert "A blackout in the final round means incomes are paid after all" in " ".join(reading(card("indian", 4)).split())
