"""Where the faces of a two-sided card go on paper: one sheet (A4, letter), or A6 cards 2 or 4 to an A4 sheet.

An A6 card has a front and a back. Four A6 cards tile an A4 sheet exactly; two stand one above the
other in the middle of it, a wide margin left and right. The fronts fill one page and the backs the
next, each back behind its front when the sheet is printed on both sides (flipped on the long edge).
The cut lines are marked where they meet the sheet's edges and where they cross; a printer cannot
print to the edge, so every face keeps a margin from its card's edge.
"""
from dataclasses import dataclass, field

from reportlab.lib.pagesizes import A4, A6, letter
from reportlab.lib.units import mm

from .kit import RULE

SIZES = {"a4": A4, "a6": A6, "letter": letter}
PER_SHEET = (2, 4)   # A6 cards to an A4 sheet; the first is one column, the second two


@dataclass
class Page:
    size: tuple[float, float]
    faces: list[tuple[int, tuple]] = field(default_factory=list)  # (face index, (x, top, width, height))
    cuts: tuple = ()   # A6: the cut lines, (x positions, y positions) on the sheet


def pages(size: str, cards: int, faces: int = 2, per_sheet: int = 4) -> list[Page]:
    """The pages for `cards` copies of a card (A6, `per_sheet` to an A4 sheet), or one sheet holding
    front and back (A4, letter).

    On A6 a card of more than two faces (the map's rules) is several cards, each copy of the first
    coming first; the last card's back is left blank when the faces are odd."""
    if size == "a6":
        return _a6(cards, faces, per_sheet)
    w, h = SIZES[size]
    margin, gutter = 12 * mm, 6 * mm
    col = (w - 2 * margin - gutter) / 2
    box = h - 2 * margin
    return [Page((w, h), [(0, (margin, h - margin, col, box)), (1, (margin + col + gutter, h - margin, col, box))])]


def _a6(cards: int, faces: int, per_sheet: int) -> list[Page]:
    sheet_w, sheet_h = A4
    card_w, card_h = A6
    margin = 6.5 * mm
    columns = per_sheet // 2
    left = (sheet_w - columns * card_w) / 2
    cuts = (tuple(left + k * card_w for k in range(columns + 1)), tuple(sheet_h - k * card_h for k in range(3)))
    fronts = [face for face in range(0, faces, 2) for _copy in range(cards)]   # each physical card's front face
    out = []
    for first in range(0, len(fronts), per_sheet):
        for side in (0, 1):
            page = Page((sheet_w, sheet_h), cuts=cuts)
            for i, front in enumerate(fronts[first:first + per_sheet]):
                col, row = i % columns, i // columns
                col = col if side == 0 else columns - 1 - col   # the back lies behind its front after a long-edge flip
                x, top = left + col * card_w + margin, sheet_h - row * card_h - margin
                if front + side < faces:
                    page.faces.append((front + side, (x, top, card_w - 2 * margin, card_h - 2 * margin)))
            if page.faces:   # only a last sheet of rules cards alone has no backs at all
                out.append(page)
    return out


def cut_marks(c, page: Page):
    """Short hairlines on each cut line where it meets the sheet's edges, and a cross where two cut lines
    meet inside the sheet; the cut removes them. A cut line on the sheet's own edge needs no mark."""
    w, h = page.size
    xs, ys = page.cuts
    near, far, arm = 2 * mm, 5 * mm, 2 * mm
    inside_x = [x for x in xs if near < x < w - near]
    inside_y = [y for y in ys if near < y < h - near]
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.3)
    for x in inside_x:
        c.line(x, near, x, far)
        c.line(x, h - near, x, h - far)
    for y in inside_y:
        c.line(near, y, far, y)
        c.line(w - near, y, w - far, y)
    for x in inside_x:
        for y in inside_y:
            c.line(x - arm, y, x + arm, y)
            c.line(x, y - arm, x, y + arm)
    c.restoreState()
