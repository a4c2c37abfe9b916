"""Where the faces of a two-sided card go on paper: one sheet (A4, letter), or A6 cards 4 to an A4 sheet.

An A6 card has a front and a back. Four A6 cards tile an A4 sheet exactly, so the fronts fill one
page and the backs the next, each back behind its front when the sheet is printed on both sides
(flipped on the long edge). The cut lines are marked where they meet the sheet's edges and at the
centre; a printer cannot print to the edge, so every face keeps a margin from its card's edge.
"""
from dataclasses import dataclass, field

from reportlab.lib.pagesizes import A4, A6, letter
from reportlab.lib.units import mm

from .kit import RULE

SIZES = {"a4": A4, "a6": A6, "letter": letter}
CARDS_PER_SHEET = 4


@dataclass
class Page:
    size: tuple[float, float]
    faces: list[tuple[int, tuple]] = field(default_factory=list)  # (face index, (x, top, width, height))
    cuts: bool = False


def pages(size: str, cards: int) -> list[Page]:
    """The pages for `cards` copies of a card (A6), or one sheet holding both faces (A4, letter)."""
    if size == "a6":
        return _a6(cards)
    w, h = SIZES[size]
    margin, gutter = 13 * mm, 6 * mm
    col = (w - 2 * margin - gutter) / 2
    box = h - 2 * margin
    return [Page((w, h), [(0, (margin, h - margin, col, box)), (1, (margin + col + gutter, h - margin, col, box))])]


def _a6(cards: int) -> list[Page]:
    sheet_w, sheet_h = A4
    card_w, card_h = A6
    margin = 6.5 * mm
    out = []
    for first in range(0, cards, CARDS_PER_SHEET):
        slots = [(i % 2, i // 2) for i in range(min(CARDS_PER_SHEET, cards - first))]
        for face in (0, 1):
            page = Page((sheet_w, sheet_h), cuts=True)
            for col, row in slots:
                col = col if face == 0 else 1 - col   # the back lies behind its front after a long-edge flip
                x, top = col * card_w + margin, sheet_h - row * card_h - margin
                page.faces.append((face, (x, top, card_w - 2 * margin, card_h - 2 * margin)))
            out.append(page)
    return out


def cut_marks(c, page: Page):
    """Short hairlines on the cut lines at the sheet's edges and a cross at the centre; the cut removes them."""
    w, h = page.size
    mx, my = w / 2, h / 2
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.3)
    near, far = 2 * mm, 5 * mm
    c.line(mx, near, mx, far)
    c.line(mx, h - near, mx, h - far)
    c.line(near, my, far, my)
    c.line(w - near, my, w - far, my)
    c.line(mx - 2 * mm, my, mx + 2 * mm, my)
    c.line(mx, my - 2 * mm, mx, my + 2 * mm)
    c.restoreState()
