"""The TrueType fonts embedded in every printed PDF, one per language, registered once per process.

Japanese reads best in a Japanese design (IPAexGothic: Japanese punctuation and glyph forms), but
IPAexGothic has no 垃 or 圾, which Traditional Chinese needs for garbage; WenQuanYi Micro Hei covers
Traditional Chinese, kana and Latin with accents (Düsseldorf), so it sets Chinese and English.
ReportLab embeds a subset of the glyphs used, so each PDF stays small. A character a language's font
lacks (a player named in another script) is set in the other font rather than shown as a box.

Taiwan sets the full-width 。，、；：！？ in the middle of their square; Micro Hei draws them low and
left, as the mainland does. In Traditional Chinese each is moved so that its ink is centred where an
ideograph's is (`offsets`, measured from the font's own outlines).
"""
from functools import lru_cache
from xml.sax.saxutils import escape

from PIL import Image, ImageDraw, ImageFont
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..shipped import PACKAGE

FONTS_DIR = PACKAGE / "fonts"
FILES = {  # font name in the PDF -> (file, index of the face in a collection)
    "IPAexGothic": ("ipaexg.ttf", 0),
    "WenQuanYiMicroHei": ("wqy-microhei.ttc", 0),
}
FONT_OF = {"en": "WenQuanYiMicroHei", "ja": "IPAexGothic", "zh-Hant": "WenQuanYiMicroHei"}
CENTRED = {"zh-Hant": "。，、；：！？"}   # punctuation a language sets in the middle of its square


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


@lru_cache(maxsize=None)
def offsets(lang: str) -> dict[str, tuple[float, float]]:
    """(right, up) in ems to move each of the language's CENTRED marks so that its ink sits in the middle
    of its square: across, the middle of its advance; up, where the ink of 口 is centred."""
    file, index = FILES[FONT_OF[lang]]
    em = 200
    face = ImageFont.truetype(str(FONTS_DIR / file), em, index=index)

    def middle(char):   # the centre of the character's ink, in ems from its origin on the baseline
        image = Image.new("L", (3 * em, 3 * em))
        ImageDraw.Draw(image).text((em, 2 * em), char, font=face, fill=255, anchor="ls")
        left, top, right, bottom = image.getbbox()
        return ((left + right) / 2 - em) / em, (2 * em - (top + bottom) / 2) / em

    _x, up = middle("口")
    moves = {}
    for mark in CENTRED.get(lang, ""):
        x, y = middle(mark)
        move = (round(face.getlength(mark) / em / 2 - x, 3), round(up - y, 3))
        if max(map(abs, move)) >= 0.05:   # ！ and ？ already sit in the middle
            moves[mark] = move
    return moves


def pieces(text: str, lang: str) -> list[tuple[str, str, tuple[float, float]]]:
    """(font, piece, (right, up) in ems) runs: `runs`, with each centred mark a piece of its own."""
    moves = offsets(lang)
    out = []
    for font, run in runs(text, lang):
        out += [(font, part, moves.get(part, (0.0, 0.0))) for part in _split(run, moves)]
    return out


def _split(run: str, marks) -> list[str]:
    out, start = [], 0
    for i, char in enumerate(run):
        if char in marks:
            out += [run[start:i], char] if i > start else [char]
            start = i + 1
    return out + ([run[start:]] if start < len(run) else [])


def markup(text: str, lang: str) -> str:
    """Paragraph markup for plain text: escaped, with font switches only where a glyph is missing."""
    main = font_for(lang)
    return "".join(escape(piece) if font == main else f'<font name="{font}">{escape(piece)}</font>'
                   for font, piece in runs(str(text), lang))
