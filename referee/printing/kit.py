"""Drawing kit for printed sheets: colours, text in the reader's font, and a top-down flow of blocks.

A card must fit its box at the largest type size that fits, in every language, so each face is
drawn by a function over a Flow that can run dry (measure only) first; see `fit`. Paragraphs are
broken into lines by `linebreak` (kinsoku kept inside the column), not by ReportLab's CJK breaker.
"""
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from . import fonts, linebreak

INK = colors.HexColor("#1d2430")
MUTED = colors.HexColor("#5b6472")
ACCENT = colors.HexColor("#17406d")     # headings and bands: a deep grid blue
SPARK = colors.HexColor("#f0a500")      # small highlights
TINT = colors.HexColor("#eaf0f7")       # alternate rows
RULE = colors.HexColor("#b9c4d2")
WHITE = colors.white
MIN_TYPE = 8.0      # points: nothing on a card or a report is printed smaller (issue 24)


def colour(value) -> colors.Color:
    return value if isinstance(value, colors.Color) else colors.HexColor(value)


def text_width(text: str, lang: str, size: float) -> float:
    return sum(stringWidth(piece, font, size) for font, piece in fonts.runs(text, lang))


def draw_text(c, x, y, text, lang, size, fill=INK, align="left", bold=False):
    """One line at baseline y; bold is a stroked fill, since the shipped fonts have one weight."""
    text = str(text)
    width = text_width(text, lang, size)
    x -= {"left": 0, "centre": width / 2, "right": width}[align]
    c.saveState()
    c.setFillColor(colour(fill))
    t = c.beginText(x, y)
    if bold:
        c.setStrokeColor(colour(fill))
        c.setLineWidth(size * (0.04 if lang == "en" else 0.03))
        t.setTextRenderMode(2)
    for font, piece, (right, up) in fonts.pieces(text, lang):
        t.setTextOrigin(x + right * size, y + up * size)
        t.setFont(font, size)
        t.textOut(piece)
        x += stringWidth(piece, font, size)
    c.drawText(t)
    c.restoreState()
    return width


class Set(Flowable):
    """A paragraph of plain text in a language, set in lines by `linebreak` for the width it is given and
    drawn line by line with `draw_text` (so Traditional Chinese marks sit centred here too)."""

    def __init__(self, text, lang: str, size: float, leading: float, fill=INK, align="left"):
        super().__init__()
        self.text, self.lang, self.size, self.leading, self.fill, self.align = str(text), lang, size, leading, fill, align
        self.lines: list[str] = []

    def wrap(self, available_width, _available_height):
        self.width = available_width
        self.lines = linebreak.lines(self.text, available_width, lambda piece: text_width(piece, self.lang, self.size))
        self.height = len(self.lines) * self.leading
        return self.width, self.height

    def draw(self):
        ascent = fonts.registered(fonts.font_for(self.lang)).face.ascent * self.size / 1000
        x = {"left": 0, "centre": self.width / 2, "right": self.width}[self.align]
        for i, line in enumerate(self.lines):
            draw_text(self.canv, x, self.height - ascent - i * self.leading, line, self.lang, self.size, self.fill,
                      self.align)


def shrink(text: str, lang: str, size: float, width: float) -> float:
    """The size at which one line of text fits width (never larger than size, never under MIN_TYPE)."""
    need = text_width(text, lang, size)
    return size if need <= width else max(size * width / need, min(size, MIN_TYPE))


class Flow:
    """Blocks laid top to bottom in a column at base size s; with draw=False it only measures."""

    def __init__(self, c, lang, x, top, width, s, draw=True):
        self.c, self.lang, self.x, self.top, self.y, self.w, self.s, self.draw = c, lang, x, top, top, width, s, draw
        self.font = fonts.font_for(lang)

    @property
    def used(self) -> float:
        return self.top - self.y

    def gap(self, k=0.5):
        self.y -= k * self.s

    def size(self, k=1.0) -> float:
        """The type size k times the base, never under MIN_TYPE: fitting a face then picks a base at
        which the small print (table labels at 0.8) is still 8 pt."""
        return max(self.s * k, MIN_TYPE)

    def leading(self, size) -> float:
        return size * (1.22 if self.lang == "en" else 1.32)

    def para(self, text, k=1.0, fill=INK, indent=0.0, bullet=None):
        """A wrapped paragraph; bullet is a small coloured square hung in the indent."""
        size = self.size(k)
        p = Set(text, self.lang, size, self.leading(size), fill)
        _, h = p.wrap(self.w - indent, 1e6)
        if self.draw:
            p.drawOn(self.c, self.x + indent, self.y - h)
            if bullet is not None:
                d = size * 0.42
                self.c.setFillColor(colour(bullet))
                self.c.rect(self.x + indent - size * 0.85, self.y - size * 0.78, d, d, stroke=0, fill=1)
        self.y -= h

    def band(self, text, right="", k=1.25, fill=ACCENT):
        """A full-width coloured heading bar, white text left, an optional note right. A title that would
        have to shrink by more than a tenth to fit one line takes two lines at its size instead."""
        size = self.size(k)
        pad, note = size * 0.45, self.size(0.95)
        room = self.w - 2 * pad - (text_width(right, self.lang, note) + pad if right else 0)
        lines = [text]
        if shrink(text, self.lang, size, room) < size * 0.9:
            lines = linebreak.lines(text, room, lambda piece: text_width(piece, self.lang, size))
        step = self.leading(size)
        h = size * 1.75 + step * (len(lines) - 1)
        if self.draw:
            self.c.setFillColor(colour(fill))
            self.c.roundRect(self.x, self.y - h, self.w, h, size * 0.25, stroke=0, fill=1)
            base = self.y - size * 0.875 - size * 0.36
            for i, line in enumerate(lines):
                draw_text(self.c, self.x + pad, base - i * step, line, self.lang, shrink(line, self.lang, size, room),
                          WHITE, bold=True)
            if right:
                draw_text(self.c, self.x + self.w - pad, base + size * 0.06, right, self.lang, note, WHITE, "right")
        self.y -= h

    def heading(self, text, k=1.1, fill=ACCENT, rule=True):
        size = self.size(k)
        if self.draw:
            base = self.y - size
            draw_text(self.c, self.x, base, text, self.lang, shrink(text, self.lang, size, self.w), fill, bold=True)
            if rule:
                self.c.setStrokeColor(RULE)
                self.c.setLineWidth(0.6)
                self.c.line(self.x, base - size * 0.32, self.x + self.w, base - size * 0.32)
        self.y -= size * 1.55

    def row(self, cells, widths, k=1.0, height=1.6, fill=None):
        """One table row. cells: (text, dict(k, fill, align, bold, chip)); widths: fractions of the column."""
        h = self.s * k * height
        if self.draw:
            if fill is not None:
                self.c.setFillColor(colour(fill))
                self.c.rect(self.x, self.y - h, self.w, h, stroke=0, fill=1)
            x = self.x
            for (text, opts), frac in zip(cells, widths):
                cw = self.w * frac
                size = self.size(opts.get("k", k))
                pad = self.s * 0.35 * opts.get("pad", 1.0)
                base = self.y - h / 2 - size * 0.36
                left = x + pad
                if opts.get("chip"):
                    d = size * 0.78
                    self.c.setFillColor(colour(opts["chip"]))
                    self.c.setStrokeColor(INK)
                    self.c.setLineWidth(0.4)
                    self.c.roundRect(left, self.y - h / 2 - d / 2, d, d, d * 0.2, stroke=1, fill=1)
                    left += d + pad
                align = opts.get("align", "left")
                room = x + cw - pad - left
                size = shrink(text, self.lang, size, room)
                at = {"left": left, "centre": (left + x + cw - pad) / 2, "right": x + cw - pad}[align]
                draw_text(self.c, at, base, text, self.lang, size, opts.get("fill", INK), align, opts.get("bold", False))
                x += cw
        self.y -= h


def fit(lang, layout, sizes, box):
    """The largest base size in `sizes` (descending) at which layout(flow) fits box (x, top, width, height).

    The layout only runs dry here, to measure. Fitting is monotonic in the size, so a binary search
    finds it in a few passes; if nothing fits, the smallest size is used."""
    x, top, width, height = box

    def fits(s):
        flow = Flow(None, lang, x, top, width, s, draw=False)
        layout(flow)
        return flow.used <= height

    lo, hi = 0, len(sizes) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(sizes[mid]):
            hi = mid
        else:
            lo = mid + 1
    return sizes[lo]
