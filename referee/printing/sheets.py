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


def pages(size: str, cards: int, faces: int = 2) -> list[Page]:
    """The pages for `cards` copies of a card (A6), or one sheet holding front and back (A4, letter).

    On A6 a card of more than two faces (the map's rules) is several cards, each copy of the first
    coming first; the last card's back is left blank when the faces are odd."""
    if size == "a6":
        return _a6(cards, faces)
    w, h = SIZES[size]
    margin, gutter = 13 * mm, 6 * mm
    col = (w - 2 * margin - gutter) / 2
    box = h - 2 * margin
    return [Page((w, h), [(0, (margin, h - margin, col, box)), (1, (margin + col + gutter, h - margin, col, box))])]


def _a6(cards: int, faces: int) -> list[Page]:
    sheet_w, sheet_h = A4
    card_w, card_h = A6
    margin = 6.5 * mm
    fronts = [face for face in range(0, faces, 2) for _copy in range(cards)]   # each physical card's front face
    out = []
    for first in range(0, len(fronts), CARDS_PER_SHEET):
        for side in (0, 1):
            page = Page((sheet_w, sheet_h), cuts=True)
            for i, front in enumerate(fronts[first:first + CARDS_PER_SHEET]):
                col, row = i % 2, i // 2
                col = col if side == 0 else 1 - col   # the back lies behind its front after a long-edge flip
                x, top = col * card_w + margin, sheet_h - row * card_h - margin
                if front + side < faces:
                    page.faces.append((front + side, (x, top, card_w - 2 * margin, card_h - 2 * margin)))
            if page.faces:   # only a last sheet of rules cards alone has no backs at all
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
