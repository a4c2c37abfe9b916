"""Where each city's printed name and its three house places go on the board.

Names are drawn above houses and routes (board.py), so nothing hides a name ("ünster" for Münster);
but a name over a neighbour's houses or dot, or names touching, still mislead. Each city tries its
name in eight directions around its dot, with its houses on the opposite side, and keeps the spot
that covers least of what is already there: dots, houses, names, link costs, the links themselves
(crossings), and the space beyond the outermost cities (it shrinks the board). The most crowded
cities choose first, then every city chooses again knowing all the others. Done once per map (cached).
"""
import math
import unicodedata
from dataclasses import dataclass

from .memo import per_object

DOT = 15            # a city's dot radius (SVG units)
FONT = 24           # a name's font size (SVG units)
HOUSE = 16          # a house's side
HOUSE_RING = 33     # from a city's centre to its houses' centres
HOUSE_SPREAD = math.radians(42)     # between neighbouring houses on the ring
COST = 12           # a link cost's circle radius
GAP = 3             # between a dot and its name
NEAR = 260          # what lies further from a city than this cannot touch its name or houses
# name directions (x right, y down), the first preferred: below, above, right, left, then the diagonals
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
# how much each kind of overlap costs, per unit of area covered (links: per crossing)
WEIGHT = {"dot": 12, "beside": 6, "name": 10, "house": 25, "cost": 5, "link": 40, "outside": 8}
PREFER = 20         # the cost of each step down the list of directions
BESIDE = 16         # a name this close to another city's dot reads as that city's
OUTSIDE = 40        # a name reaching further than this beyond the outermost dots widens the board


@dataclass(frozen=True)
class Spot:
    """A city's name (its box, and where the text is anchored) and its house places, first first."""
    box: tuple          # (left, top, right, bottom)
    anchor: str         # SVG text-anchor: start, middle or end
    text_x: float
    text_y: float       # the text's vertical centre (drawn with dominant-baseline: central)
    houses: tuple       # ((x, y) top-left corner of each house, in building order)


def text_width(name: str) -> float:
    """The drawn width of a name, estimated on the wide side (no font metrics at hand; bold sans
    fonts such as DejaVu's are wide): wide East Asian characters and m/w are one em, capitals three
    quarters, narrow letters, spaces and stops less, other letters two thirds."""
    def em(ch):
        if unicodedata.east_asian_width(ch) in "WF" or ch in "mwMW":
            return 1.0
        if ch in "ijlftrI .,'()-":
            return 0.42
        return 0.76 if ch.isupper() else 0.68
    return sum(map(em, name)) * FONT


def candidate(x: float, y: float, name: str, direction: tuple) -> Spot:
    """The name in `direction` from the dot (just clear of it), the houses around the opposite side."""
    ux, uy = direction
    norm = math.hypot(ux, uy)
    width, height = text_width(name), FONT * 1.05
    sx, sy = (ux > 0) - (ux < 0), (uy > 0) - (uy < 0)
    cx = x + ux / norm * (DOT + GAP) + sx * width / 2
    cy = y + uy / norm * (DOT + GAP) + sy * height / 2
    box = (round(cx - width / 2, 1), round(cy - height / 2, 1), round(cx + width / 2, 1), round(cy + height / 2, 1))
    anchor, text_x = ("start", box[0]) if sx > 0 else ("end", box[2]) if sx < 0 else ("middle", round(cx, 1))
    away = math.atan2(-uy, -ux)
    houses = tuple((round(x + HOUSE_RING * math.cos(a) - HOUSE / 2, 1),
                    round(y + HOUSE_RING * math.sin(a) - HOUSE / 2, 1))
                   for a in (away, away - HOUSE_SPREAD, away + HOUSE_SPREAD))
    return Spot(box, anchor, text_x, round(cy, 1), houses)


def overlap(a: tuple, b: tuple) -> float:
    """The area two boxes (left, top, right, bottom) share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def crosses(box: tuple, segment: tuple) -> bool:
    """Whether a line segment passes through a box (clipped against it, Liang–Barsky)."""
    (x1, y1), (x2, y2) = segment
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                low = max(low, t)
            else:
                high = min(high, t)
            if low > high:
                return False
    return True


def midpoint(a: tuple, b: tuple) -> tuple:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def square(x: float, y: float, r: float) -> tuple:
    return (x - r, y - r, x + r, y + r)


def house_box(corner: tuple) -> tuple:
    return (corner[0], corner[1], corner[0] + HOUSE, corner[1] + HOUSE)


@per_object(32)
def layout(game_map, scale: int) -> dict:
    """{city id: Spot} for every city, coordinates in SVG units (`scale` per the board's longer side)."""
    centres = {c.id: (c.x * scale, c.y * scale) for c in game_map.cities.values()}
    names = {c.id: c.name for c in game_map.cities.values()}
    links = [(centres[k.a], centres[k.b]) for k in game_map.connections]
    costs = [square(*midpoint(a, b), COST) for a, b in links]
    near = {c: [d for d in centres if d != c and math.dist(centres[c], centres[d]) < NEAR] for c in centres}
    close_links = {c: [i for i, (a, b) in enumerate(links)
                       if min(math.dist(p, centres[c]) for p in (a, b, midpoint(a, b))) < NEAR] for c in centres}
    options = {c: [candidate(*centres[c], names[c], d) for d in DIRECTIONS] for c in centres}
    chosen: dict[str, Spot] = {}

    xs, ys = [x for x, _y in centres.values()], [y for _x, y in centres.values()]
    extent = (min(xs) - OUTSIDE, min(ys) - OUTSIDE, max(xs) + OUTSIDE, max(ys) + OUTSIDE)

    def fixed(city: str, rank: int, spot: Spot) -> float:
        """What a spot covers of the board itself: dots, link costs and links, and how far it reaches
        beyond the outermost cities (the same every pass)."""
        mine = [spot.box] + [house_box(h) for h in spot.houses]
        total = rank * PREFER
        total += sum((b[2] - b[0]) * (b[3] - b[1]) - overlap(b, extent) for b in mine) * WEIGHT["outside"]
        for other in near[city]:
            dot = square(*centres[other], DOT + 2)
            total += sum(overlap(b, dot) for b in mine) * WEIGHT["dot"]
            total += overlap(spot.box, square(*centres[other], DOT + BESIDE)) * WEIGHT["beside"]
        for i in close_links[city]:
            total += sum(overlap(b, costs[i]) for b in mine) * WEIGHT["cost"]
            total += crosses(spot.box, links[i]) * WEIGHT["link"] * FONT
        return total

    def covered(city: str, spot: Spot) -> float:
        """What a spot covers of the names and houses the other cities have chosen so far."""
        total = 0.0
        mine = parts[spot]
        for other in near[city]:
            theirs = chosen.get(other)
            if theirs is None or not overlap(mine[0], parts[theirs][0]):
                continue
            name, houses = theirs.box, parts[theirs][2:]
            total += overlap(spot.box, name) * WEIGHT["name"]
            total += sum(overlap(b, h) for b in mine[1:] for h in houses) * WEIGHT["house"]
            total += sum(overlap(h, name) for h in mine[2:]) * WEIGHT["house"]
        return total

    # per spot: the box around all of it, its name's box, its houses' boxes
    parts = {}
    for spot in (s for c in centres for s in options[c]):
        boxes = (spot.box, *map(house_box, spot.houses))
        envelope = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                    max(b[2] for b in boxes), max(b[3] for b in boxes))
        parts[spot] = (envelope, *boxes)
    base = {c: [fixed(c, rank, spot) for rank, spot in enumerate(options[c])] for c in centres}
    crowd = sorted(centres, key=lambda c: (-sum(1 / max(DOT * 2, math.dist(centres[c], centres[d]))
                                                 for d in near[c]), c))
    for _pass in range(3):
        for city in crowd:
            chosen.pop(city, None)
            chosen[city] = min(zip(base[city], options[city]), key=lambda o: o[0] + covered(city, o[1]))[1]
    return chosen
