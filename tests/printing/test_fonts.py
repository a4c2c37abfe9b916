"""Fonts: shipped with their licences, embedded in every PDF, and holding a glyph for every printed character."""
import re

import pytest
from babel.messages.pofile import read_po

from referee.catalog import available_maps, load_map
from referee.game import Game
from referee.i18n import CATALOGUES, LANGUAGES, locale_id, translations
from referee.printing import fonts, report_pdf
from referee.rulings import describe_rules
from pdfkit import fonts as pdf_fonts, reading
from printkit import LANGS, card, report

PRINTED_FROM = ("referee/printing/", "referee/rulings/", "referee/maprules/")  # the report prints rulings too


def embedded(pdf: bytes) -> list[tuple[str, str]]:
    """(font name, "yes"/"no" embedded) for each font a page uses, as pdffonts' emb column says it."""
    return [(name, "yes" if inside else "no") for name, inside in pdf_fonts(pdf)]


def printed_strings(lang: str) -> list[str]:
    """Every translation in the catalogue of strings the cards and reports print (msgids for English)."""
    with open(CATALOGUES / locale_id(lang) / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalogue = read_po(f)
    out = []
    for m in catalogue:
        if not m.id or not any(loc.startswith(PRINTED_FROM) for loc, _line in m.locations):
            continue
        forms = m.id if lang == "en" else m.string
        out += [forms] if isinstance(forms, str) else list(forms)
    return [re.sub(r"%\(\w+\)[sd]", "", s) for s in out if s]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ["a4", "a6"])
def test_every_font_in_a_card_is_embedded_and_is_the_languages_font(lang, size):
    found = embedded(card(lang=lang, size=size))
    assert found and all(emb == "yes" for _name, emb in found), found
    assert {name.split("+")[-1].removesuffix("-0") for name, _emb in found} == {fonts.FONT_OF[lang]}


@pytest.mark.parametrize("lang", LANGS)
def test_every_font_in_a_report_is_embedded(lang):
    found = embedded(report(lang, url="http://table.local:8000/games/1"))
    assert found and all(emb == "yes" for _name, emb in found), found


def test_a_player_name_the_languages_font_lacks_is_set_in_the_other_font():
    """IPAexGothic has no 垃: a Japanese report naming such a player embeds the Chinese font for it."""
    assert fonts.missing("IPAexGothic", "垃圾王") == "圾垃"
    game = Game({"map": "germany", "areas": ["NW", "W", "SW"], "order": ["垃圾王", "Bob", "Cara"],
                 "players": [{"name": "垃圾王", "colour": "red"}, {"name": "Bob", "colour": "blue"},
                             {"name": "Cara", "colour": "green"}]})
    pdf = report_pdf(game, "ja")
    names = {name.split("+")[-1].removesuffix("-0") for name, _emb in embedded(pdf)}
    assert names == {"IPAexGothic", "WenQuanYiMicroHei"}
    assert "垃圾王" in reading(pdf)


@pytest.mark.parametrize("lang", LANGS)
def test_the_languages_font_has_a_glyph_for_every_printed_translation(lang):
    strings = printed_strings(lang)
    assert len(strings) > 50  # the printing strings really were found in the catalogue
    missing = {s: fonts.missing(fonts.FONT_OF[lang], s) for s in strings}
    assert {s: m for s, m in missing.items() if m} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_languages_font_has_a_glyph_for_every_maps_own_rules(lang):
    """The map section prints rulings.describe_rules: each sentence of every map, any player count."""
    sentences = [line for m in available_maps() for players in (None, 2, 3, 4, 5, 6)
                 for line in describe_rules(load_map(m), lang, players)]
    assert len(sentences) > 60
    missing = {s: fonts.missing(fonts.FONT_OF[lang], s) for s in sentences}
    assert {s: m for s, m in missing.items() if m} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_map_city_and_area_name_has_a_glyph_in_each_languages_font(lang):
    _ = translations(lang).gettext
    names = [_(load_map(m).name) for m in available_maps()]
    for m in available_maps():
        board = load_map(m)
        names += [c.name for c in board.cities.values()] + [a.name for a in board.areas.values()]
    assert "Düsseldorf" in names
    assert {n: fonts.missing(fonts.FONT_OF[lang], n) for n in names if fonts.missing(fonts.FONT_OF[lang], n)} == {}


def test_each_shipped_font_has_its_licence_beside_it():
    for file, _index in fonts.FILES.values():
        assert (fonts.FONTS_DIR / file).is_file()
        licences = [p for p in fonts.FONTS_DIR.glob("LICENSE-*.txt") if file in p.read_text(encoding="utf-8")]
        assert len(licences) == 1, file
    assert set(fonts.FONT_OF) == set(LANGUAGES)
