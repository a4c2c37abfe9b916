"""The card's layout: every face fits its box, type stays readable, A6 cards sit 2 or 4 to an A4 sheet."""
import io

import pdfplumber
import pytest
from reportlab.lib.pagesizes import A4, letter

from referee.catalog import available_maps, load_edition, load_map
from referee.i18n import translations
from referee.printing import PrintError, card_pdf
from referee.printing.card import aid as make_aid, draw_face, type_sizes
from referee.printing.kit import MIN_TYPE, Flow
from referee.printing.sheets import pages
from pdfkit import page_count as pages_in, page_sizes, render, renders, text
from printkit import LANGS, card, smallest_type

SIZES = ("a4", "a6", "letter")
BODY = 0.9   # paragraphs are set at 0.9 (the fine print) or 0.92 of a face's base type


def aid(lang, players, map_id="germany", size="a4"):
    return make_aid(load_map(map_id), players, lang, size)


def laid_out(c, size, players):
    """(the sheet, each face's type size) as card_pdf lays them out."""
    sheet = pages(size, players, c.faces)
    return sheet, type_sizes(c, sheet)


def assert_every_face_fits(c, size, players):
    sheet, sizes = laid_out(c, size, players)
    for page in sheet:
        for index, (x, top, width, height) in page.faces:
            flow = Flow(None, c.words.lang, x, top, width, sizes[index], draw=False)
            draw_face(flow, c, index)
            assert 0 < flow.used <= height, (c.map.id, size, players, index)
    return sizes


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_face_fits_its_box_at_the_type_size_chosen(lang, size, players):
    """Nothing runs off a card: laid out at its chosen size, each face ends inside its box."""
    assert_every_face_fits(aid(lang, players, size=size), size, players)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("map_id", [m for m in available_maps() if load_map(m).rules or load_map(m).overrides])
def test_every_map_with_its_own_rules_fits_every_size_and_player_count_readably(map_id, lang):
    """The map's own rules close the back of a one-page sheet (still at least 9.5 pt) and get an A6 face
    of their own (body text at least 8 pt, as the other faces), for every player count the map allows."""
    for players in sorted(load_edition("original", map=load_map(map_id)).player_counts):
        for size in SIZES:
            c = aid(lang, players, map_id, size)
            assert c.rules and c.faces == (4 if size == "a6" else 2)
            sizes = assert_every_face_fits(c, size, players)
            assert min(sizes) * (BODY if size == "a6" else 1) >= (8 if size == "a6" else 9.5), (players, size, sizes)


@pytest.mark.parametrize("lang", LANGS)
def test_a6_type_is_readable_at_arms_length(lang):
    """Body text (0.9 of the base type) of at least 8 pt on A6, the round, the numbers and the rules people
    forget taking two cards; a one-page sheet gets a base of at least 11 pt."""
    c = aid(lang, 6, size="a6")
    assert c.faces == 3 and min(laid_out(c, "a6", 6)[1]) * BODY >= 8
    assert min(laid_out(aid(lang, 6), "a4", 6)[1]) >= 11


@pytest.mark.parametrize("players, page_count", [(2, 2), (4, 3), (5, 5), (6, 5)])
def test_a6_second_cards_follow_all_the_first_with_a_blank_back(players, page_count):
    """A6, a map without rules of its own: each player's second card (the steps and the rules people
    forget) comes after all the first cards, its back blank; a last sheet holding second cards alone has
    no back page (2 players: 2 first and 2 second cards on one sheet)."""
    sheet = pages("a6", players, 3)
    assert len(sheet) == page_count and all(page.faces for page in sheet)
    faces = [index for page in sheet for index, _box in page.faces]
    assert faces.count(0) == faces.count(1) == faces.count(2) == players
    fronts = [index for page in sheet for index, _box in page.faces if index != 1]
    assert fronts == [0] * players + [2] * players
    pdf = card_pdf("germany", players, "ja", "a6")
    assert pages_in(pdf) == page_count
    assert text(pdf).count(translations("ja").gettext("Often forgotten")) == players


@pytest.mark.parametrize("players, page_count", [(2, 2), (4, 4), (5, 6), (6, 6)])
def test_a6_map_rules_are_the_back_of_each_players_second_card(players, page_count):
    sheet = pages("a6", players, 4)
    assert len(sheet) == page_count
    faces = [index for page in sheet for index, _box in page.faces]
    assert all(faces.count(i) == players for i in range(4))
    pdf = card_pdf("indian", players, "ja", "a6")
    assert pages_in(pdf) == page_count
    assert text(pdf).count("インド亜大陸の特別ルール") == players


@pytest.mark.parametrize("players, sheets", [(2, 1), (4, 1), (5, 2), (6, 2)])
def test_a6_cards_come_one_per_player_four_to_an_a4_sheet_front_then_back(players, sheets):
    sheet = pages("a6", players)
    assert len(sheet) == 2 * sheets
    assert all(page.size == A4 for page in sheet)
    fronts = [len(p.faces) for p in sheet if p.faces[0][0] == 0]
    backs = [len(p.faces) for p in sheet if p.faces[0][0] == 1]
    assert sum(fronts) == sum(backs) == players
    faces = aid("en", players, size="a6").faces   # with the second card, its back blank
    assert page_sizes(card(players=players, size="a6")) == [tuple(round(v) for v in A4)] * len(pages("a6", players, faces))


def test_each_back_lies_behind_its_front_when_flipped_on_the_long_edge():
    front, back = pages("a6", 4)[:2]
    width = A4[0]
    for (_f, (fx, ftop, fw, _h)), (_b, (bx, btop, bw, _h2)) in zip(front.faces, back.faces):
        assert btop == ftop
        assert abs((width - (bx + bw)) - fx) < 0.01  # mirrored across the sheet's vertical centre


@pytest.mark.parametrize("size, paper", [("a4", A4), ("letter", letter)])
def test_a4_and_letter_are_one_sheet_with_both_faces(size, paper):
    sheet = pages(size, 4)
    assert len(sheet) == 1 and sheet[0].size == paper and sorted(i for i, _ in sheet[0].faces) == [0, 1]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_pages_render_to_images_with_ink_on_them(lang, size):
    images = renders(card(lang=lang, size=size), dpi=30)
    assert len(images) == (3 if size == "a6" else 1)   # A6: the first cards front and back, the second cards
    for image in images:
        grey = image.convert("L")
        dark = sum(grey.histogram()[:128])
        assert dark > 0.01 * grey.width * grey.height


def test_a6_sheet_has_cut_marks_at_its_centre():
    grey = render(card(players=4, size="a6"), 1, dpi=144).convert("L")
    cx, cy = grey.width // 2, grey.height // 2
    assert min(grey.getpixel((cx + dx, cy)) for dx in range(-6, 7)) < 230      # the centre cross
    assert min(grey.getpixel((cx, 10 + dy)) for dy in range(6)) < 230          # a tick on the top edge


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 7}, "for 2–6 players; got 7"),
    ({"players": 1}, "for 2–6 players; got 1"),
    ({"lang": "fr"}, "unknown language 'fr'; languages are en, ja, zh-Hant"),
    ({"size": "b5"}, "unknown size 'b5'; sizes are a4, a6, letter"),
])
def test_a_card_that_cannot_be_printed_is_refused_with_what_is_allowed(kwargs, message):
    with pytest.raises(PrintError, match=message):
        card_pdf(**{"map_id": "germany", "players": 4, "lang": "en", "size": "a4", **kwargs})


@pytest.mark.parametrize("players, sheets", [(2, 1), (3, 2), (5, 3), (6, 3)])
def test_a6_cards_may_come_two_to_an_a4_sheet_one_above_the_other(players, sheets):
    sheet = pages("a6", players, per_sheet=2)
    assert len(sheet) == 2 * sheets and all(len(p.faces) <= 2 for p in sheet)
    for page in sheet:
        for _i, (x, _top, w, _h) in page.faces:
            assert abs(x - (A4[0] - w) / 2) < 0.01   # centred: the wide margins left and right
    second_cards = pages("a6", players, 3, per_sheet=2)
    assert pages_in(card(players=players, size="a6", per_sheet=2)) == len(second_cards) > 2 * sheets


@pytest.mark.parametrize("per_sheet", [2, 4])
def test_every_a6_card_on_a_sheet_carries_the_numbers(per_sheet):
    """Each card's own box holds its whole face: the round to its last phase, the plant limit, the Step 3
    market, the map's rules."""
    players = 4
    e = load_edition("original", map=load_map("russia"))
    pdf = card("russia", players, "en", "a6", per_sheet)
    expected = {0: "5 Bureaucracy", 1: f"Plant limit {e.player_counts[players].max_plants}",
                2: "In Step 3 the market holds 4 plants", 3: "Rules of Russia"}
    for number, page in enumerate(pages("a6", players, 4, per_sheet), 1):
        for index, (x, top, w, h) in page.faces:
            words = " ".join(text(pdf, number, (x, A4[1] - top, w, h)).split())
            assert expected[index] in words, (per_sheet, number, x, top)


def _dark(grey, x, y, reach=6) -> bool:
    """A mark crosses the row through (x, y) within `reach` pixels of it."""
    return min(grey.getpixel((x + dx, y)) for dx in range(-reach, reach + 1)) < 230


@pytest.mark.parametrize("per_sheet", [2, 4])
def test_a6_sheet_has_cut_marks_on_every_cut_line(per_sheet):
    """Ticks where each inner cut line meets the sheet's edges and a cross where two cut lines meet."""
    grey = render(card(players=4, size="a6", per_sheet=per_sheet), 1, dpi=144).convert("L")
    scale = grey.width / A4[0]
    xs, ys = pages("a6", 4, per_sheet=per_sheet)[0].cuts
    inner_x = [x for x in xs if 10 < x < A4[0] - 10]
    middle = round((A4[1] - ys[1]) * scale)
    assert len(inner_x) == (2 if per_sheet == 2 else 1)
    for x in inner_x:
        px = round(x * scale)
        assert min(grey.getpixel((px + d, 10 + dy)) for d in (-1, 0, 1) for dy in range(6)) < 230   # top edge
        assert _dark(grey, px, middle)                                                              # the cross
    assert min(grey.getpixel((10 + dx, middle + d)) for d in (-1, 0, 1) for dx in range(6)) < 230  # left edge


def test_a_card_cannot_come_3_to_a_sheet():
    with pytest.raises(PrintError, match="A6 cards come 2 or 4 to an A4 sheet; got 3"):
        card_pdf("germany", 4, "en", "a6", per_sheet=3)


@pytest.mark.parametrize("map_id, lang, size, variation", [
    ("germany", "ja", "a6", 2), ("germany", "zh-Hant", "a6", 2), ("germany", "en", "a6", 2),
    ("germany", "ja", "a6", 3), ("germany", "zh-Hant", "a6", 3), ("germany", "en", "a6", 3),
    ("australia", "ja", "a4", None), ("australia", "ja", "letter", None), ("indian", "ja", "a4", None),
    ("indian", "ja", "letter", None), ("korea", "ja", "letter", None), ("russia", "ja", "letter", None),
    ("ukireland", "ja", "a6", None), ("germany", "zh-Hant", "a4", None)])
def test_nothing_on_a_card_is_printed_under_8_pt(map_id, lang, size, variation):
    """The income table's "cities" row (0.8 of the base) and the phase tags came out at 7.4–7.99 pt on
    variation 2/3 A6 faces and on A4 ja Australia and India (issue 24)."""
    pdf = card_pdf(map_id, 4, lang, size, variation=variation)
    assert smallest_type(pdf) >= MIN_TYPE - 0.01


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_no_map_card_at_any_player_count_prints_type_under_8_pt(lang, size):
    for map_id in available_maps():
        for players in sorted(load_edition("original", map=load_map(map_id)).player_counts):
            assert smallest_type(card(map_id, players, lang, size)) >= MIN_TYPE - 0.01, (map_id, players)


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_title_band_takes_two_lines_rather_than_shrinking(lang):
    """The UK ja A6 rules title was shrunk to 8.9 pt to fit one line (issue 24): a band's title is set
    at its band's size, on two lines if need be."""
    c = aid(lang, 4, "ukireland", "a6")
    sheet, sizes = laid_out(c, "a6", 4)
    title = c.words.gettext("Rules of %(map)s") % {"map": c.words.map_name(c.map)}
    pdf = card("ukireland", 4, lang, "a6")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        chars = [ch for page in doc.pages for ch in page.chars]
    band = [ch for ch in chars if ch["text"] in title.replace(" ", "") and ch["size"] > sizes[3] * 1.2]
    assert band and min(ch["size"] for ch in band) >= sizes[3] * 1.25 * 0.9 - 0.01
