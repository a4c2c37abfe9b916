"""The TrueType fonts embedded in every printed PDF, one per language, registered once per process.

Japanese reads best in a Japanese design (IPAexGothic: Japanese punctuation and glyph forms), but
IPAexGothic has no 垃 or 圾, which Traditional Chinese needs for garbage; WenQuanYi Micro Hei covers
Traditional Chinese, kana and Latin with accents (Düsseldorf), so it sets Chinese and English.
ReportLab embeds a subset of the glyphs used, so each PDF stays small. A character a language's font
lacks (a player named in another script) is set in the other font rather than shown as a box.
"""
from functools import lru_cache
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..shipped import PACKAGE

FONTS_DIR = PACKAGE / "fonts"
FILES = {  # font name in the PDF -> (file, index of the face in a collection)
    "IPAexGothic": ("ipaexg.ttf", 0),
    "WenQuanYiMicroHei": ("wqy-microhei.ttc", 0),
}
FONT_OF = {"en": "WenQuanYiMicroHei", "ja": "IPAexGothic", "zh-Hant": "WenQuanYiMicroHei"}


@lru_cache(maxsize=None)
def registered(name: str) -> TTFont:
    """Load and register one font the first time it is needed (loading takes ~0.1 s)."""
    file, index = FILES[name]
    font = TTFont(name, str(FONTS_DIR / file), subfontIndex=index)
    pdfmetrics.registerFont(font)
    return font


def font_for(lang: str) -> str:
    """The registered font name that sets a language."""
    name = FONT_OF[lang]
    registered(name)
    return name


def covers(name: str, char: str) -> bool:
    return ord(char) in registered(name).face.charToGlyph


def missing(name: str, text: str) -> str:
    """The characters of text (spaces and line breaks aside) that font `name` has no glyph for."""
    return "".join(sorted({c for c in text if not c.isspace() and not covers(name, c)}))


def runs(text: str, lang: str) -> list[tuple[str, str]]:
    """(font, piece) runs: the language's font, and another shipped font where it lacks a glyph."""
    main = font_for(lang)
    out: list[tuple[str, str]] = []
    for char in text:
        font = main
        if not char.isspace() and not covers(main, char):
            font = next((f for f in FILES if f != main and covers(f, char)), main)
        if out and out[-1][0] == font:
            out[-1] = (font, out[-1][1] + char)
        else:
            out.append((font, char))
    return out


def markup(text: str, lang: str) -> str:
    """Paragraph markup for plain text: escaped, with font switches only where a glyph is missing."""
    main = font_for(lang)
    return "".join(escape(piece) if font == main else f'<font name="{font}">{escape(piece)}</font>'
                   for font, piece in runs(str(text), lang))
