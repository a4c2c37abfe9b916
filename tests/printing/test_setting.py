"""Setting: every printed line stays inside its column and away from the edge a printer clips, lines are
broken by the CJK rules (kinsoku) without hanging a mark in the margin, and Traditional Chinese sets its
full-width punctuation in the middle of the square, as Taiwan prints it."""
import io

import pdfplumber
import pytest
from hypothesis import example, given, settings, strategies as st
from reportlab.pdfgen.canvas import Canvas

from referee.catalog import available_maps, load_map
from referee.printing import fonts, linebreak
from referee.printing.card import aid
from referee.printing.kit import draw_text
from referee.printing.report import MARGIN, PAGE
from referee.printing.sheets import pages
from pdfkit import render
from printkit import LANGS, card, report

SLACK = 0.3   # points: rounding in the PDF's numbers
MAPS = sorted(available_maps())


def pdf_chars(pdf: bytes):
    """Per page, the printed characters (pdfplumber's chars, x from the left, top from the top)."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            yield page.chars


def by_line(chars) -> list[list[dict]]:
    """Characters grouped into printed lines, each left to right. A Chinese mark moved into the middle
    of its square still belongs to the line it is set in."""
    lines = []
    for c in sorted(chars, key=lambda c: (c["bottom"], c["x0"])):
        middle = (c["top"] + c["bottom"]) / 2
        line = next((line for line in lines if abs(line[0] - middle) < c["size"] * 0.45
                     and abs(line[1][-1]["size"] - c["size"]) < 0.01), None)
        if line is None:
            lines.append((middle, [c]))
        else:
            line[1].append(c)
    return [sorted(chars, key=lambda c: c["x0"]) for _m, chars in lines]


def lines_of(pdf: bytes) -> list[str]:
    return ["".join(c["text"] for c in line) for chars in pdf_chars(pdf) for line in by_line(chars)]


def stranded(text: str) -> bool:
    """A printed line that is a paragraph's widow: one kanji or kana and its stop (a table's one-character
    label, 煤 or 油, is no paragraph's end)."""
    return linebreak.widow(text) and text[-1:] in linebreak.CANNOT_START


def inside(c, box, page_height, lang) -> bool:
    """Across, the character's square (a centred Chinese mark is drawn moved inside its own square);
    down, its middle (a font's box reaches past the ink above and below)."""
    x, top, width, height = box   # top from the page's foot, as ReportLab draws; pdfplumber's from its head
    moved = fonts.offsets(lang).get(c["text"], (0, 0))[0] * c["size"]
    middle = (c["top"] + c["bottom"]) / 2
    return (x - SLACK <= c["x0"] - moved and c["x1"] - moved <= x + width + SLACK
            and page_height - top <= middle <= page_height - top + height)


def test_a_line_never_starts_with_a_closing_mark_a_small_kana_or_a_prolonged_sound_mark():
    measure = len
    for text in ("あいうえお。かきくけこ", "あいうえおっかきく", "あいうえおーかきく", "あいうえお」かき",
                 "あいうえお、かきくけ", "你好你好你，我們", "你好你好你：我們", "Bob wins.你好你好"):
        for line in linebreak.lines(text, 5, measure)[1:]:
            assert line[:1] not in linebreak.CANNOT_START, (text, line)


def test_a_line_never_ends_with_an_opening_bracket_or_quote():
    for text in ("あいう「えおかきく」", "あいうえ（おかき）", "你好你好「我們」"):
        for line in linebreak.lines(text, 5, len):
            assert line[-1:] not in linebreak.CANNOT_END, (text, line)


def test_a_katakana_word_keeps_two_characters_on_each_side_of_a_break():
    assert linebreak.lines("スキャンしてこのゲームを開く", 9, len) == ["スキャンしてこの", "ゲームを開く"]
    assert "ゲーム" in linebreak.units("このゲームを") and "プレ" in linebreak.units("プレイヤー")


@pytest.mark.parametrize("text, width", [("あいうえおかきくけこさす。", 6), ("電廠卡正面朝下洗勻後放置。", 6),
                                         ("このカードの数字はこのマップのものです。", 19), ("あい 20 う。", 6)])
def test_a_paragraph_never_ends_on_a_lone_kanji_or_kana_and_its_stop(text, width):
    """A widow (「す。」 on a line of its own) takes a character of the line above down with it."""
    lines = linebreak.lines(text, width, len)
    assert not linebreak.widow(lines[-1]) and len(lines[-1].rstrip("。")) >= 2, lines
    assert all(len(line) <= width for line in lines) and "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_widow_is_one_cjk_character_and_its_marks_not_a_word_or_a_number():
    assert linebreak.widow("す。") and linebreak.widow("廠。") and linebreak.widow("す")
    assert not linebreak.widow("です。") and not linebreak.widow("20。") and not linebreak.widow("go.")


def test_latin_words_and_numbers_break_only_at_spaces():
    assert linebreak.lines("House 10/15/20 plus connections", 16, len) == ["House 10/15/20", "plus connections"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="あいう。、「」ーッabc 12（）ゲム", max_size=60), st.integers(min_value=3, max_value=20))
@example("11111、ッゲ", 3)   # the kinsoku rules cannot all be kept in 3: the column wins
def test_no_line_is_wider_than_its_column_and_no_text_is_lost(text, width):
    lines = linebreak.lines(text, width, len)
    assert all(len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@pytest.mark.slow
@pytest.mark.parametrize("size", ["a6", "a4"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("map_id", MAPS)
def test_every_printed_line_stays_inside_its_face_and_keeps_the_cjk_line_rules(map_id, lang, size):
    """A6: a face keeps 6.5 mm from its card's edge, which a printer may clip; A4: each face its column."""
    players = 4
    sheet = pages(size, players, aid(load_map(map_id), players, lang, size).faces)
    for chars, layout in zip(pdf_chars(card(map_id, players, lang, size)), sheet):
        faces = {box: [] for _face, box in layout.faces}
        height = layout.size[1]
        for c in chars:   # each character to the face its middle lies in
            across, down = (c["x0"] + c["x1"]) / 2, height - (c["top"] + c["bottom"]) / 2
            box = next((box for box in faces
                        if box[0] <= across <= box[0] + box[2] and box[1] - box[3] <= down <= box[1]), None)
            assert box is not None, (c["text"], across, down)
            faces[box].append(c)
        for box, face_chars in faces.items():
            for line in by_line(face_chars):
                text = "".join(c["text"] for c in line)
                assert all(inside(c, box, height, lang) for c in line), (text, line[0]["x0"], line[-1]["x1"], box)
                assert text[:1] not in linebreak.CANNOT_START and text[-1:] not in linebreak.CANNOT_END, text
                assert not stranded(text), f"a widow: {text!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_printed_line_of_the_report_stays_inside_its_margins(lang):
    width, height = PAGE
    for chars in pdf_chars(report(lang, url="http://table.local:8000/games/1")):
        for line in by_line(chars):
            text = "".join(c["text"] for c in line)
            assert all(inside(c, (MARGIN, height - MARGIN, width - 2 * MARGIN, height - 2 * MARGIN), height, lang)
                       for c in line), text
            assert text[:1] not in linebreak.CANNOT_START, text
            assert not stranded(text), f"a widow: {text!r}"


def test_the_qr_caption_keeps_the_word_game_whole():
    """It broke ゲー/ム: a katakana word is not split leaving one character."""
    lines = lines_of(report("ja", url="http://table.local:8000/games/1"))
    assert not any(line.endswith("ゲー") for line in lines)
    assert any("ゲーム" in line for line in lines)


def _ink_centre(image, left, right):
    """The centre of the dark pixels between two x positions."""
    grey = image.convert("L").crop((left, 0, right, image.height))
    box = grey.point(lambda v: 255 if v < 128 else 0).getbbox()
    return left + (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


@pytest.mark.parametrize("mark", list(fonts.CENTRED["zh-Hant"]))
def test_traditional_chinese_marks_sit_in_the_middle_of_their_square(mark):
    """Taiwan centres 。，、；：！？ in the square; the mark's ink centre is the ideograph's, across and up."""
    size, out = 100, io.BytesIO()
    c = Canvas(out, pagesize=(400, 200))
    draw_text(c, 50, 80, f"口{mark}口", "zh-Hant", size)
    c.save()
    image = render(out.getvalue(), 1, dpi=72)
    square_x, square_y = _ink_centre(image, 50, 150)
    mark_x, mark_y = _ink_centre(image, 150, 250)
    assert abs(mark_x - 200) <= 0.06 * size      # the middle of its advance
    assert abs(mark_y - square_y) <= 0.06 * size  # level with the ideograph's middle


def test_japanese_marks_stay_where_japanese_sets_them():
    assert fonts.offsets("ja") == {} and fonts.offsets("en") == {}
