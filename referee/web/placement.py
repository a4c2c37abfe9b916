"""Where each city's printed name goes on the board, and how large the board's marks are drawn.

A city is a disc holding its house spaces (board.py); its name is placed in one of eight directions
around it, keeping the spot that covers least of what is already there: city discs, names, link
costs, the links themselves (crossings), and the space beyond the outermost cities (it shrinks the
board). The most crowded cities choose first, then every city chooses again knowing all the others.

The marks are drawn at a size factor `k` (1: a city disc of CITY units on a board of 1000 units
per longer side): the largest of a few steps down at which no name touches another name, a city
disc or a link cost, no link cost touches a city disc and no two discs touch (clashes); a cost
under a name moves along its link (place_costs). A crowded map (Korea's Seoul
cluster, Japan's Kanto) gets smaller marks, and the page draws it wider so that a name stays
readable (board.min_width). Done once per map (cached).
"""
import math
import unicodedata
from dataclasses import dataclass

from .memo import per_object

CITY = 22           # a city disc's radius at k = 1 (SVG units)
SPACE = 8.5         # a house space's radius in the disc
FONT = 24           # a name's font size
COST = 12           # a link cost's circle radius
GAP = 3             # between a disc and its name
NEAR = 260          # what lies further from a city than this cannot touch its name
STEPS = tuple(round(0.88 ** n, 4) for n in range(12))      # the size factors tried, largest first
# name directions (x right, y down), the first preferred: below, above, right, left, then the diagonals
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
# how much each kind of overlap costs, per unit of area covered (links: per crossing)
WEIGHT = {"dot": 30, "beside": 6, "name": 30, "cost": 12, "link": 40, "outside": 8}
PREFER = 20         # the cost of each step down the list of directions
BESIDE = 10         # a name this close to another city's disc reads as that city's
OUTSIDE = 40        # a name reaching further than this beyond the outermost discs widens the board


@dataclass(frozen=True)
class Spot:
    """A city's name (its box, and where the text is anchored) and its house spaces' centres."""
    box: tuple          # (left, top, right, bottom)
    anchor: str         # SVG text-anchor: start, middle or end
    text_x: float
    text_y: float       # the text's vertical centre (drawn with dominant-baseline: central)
    spaces: tuple       # ((x, y) of each house space, in building order: 10, 15, 20)


def text_width(name: str, font: float = FONT) -> float:
    """The drawn width of a name, estimated on the wide side (no font metrics at hand; bold sans
    fonts such as DejaVu's are wide): wide East Asian characters and m/w are one em, capitals three
    quarters, narrow letters, spaces and stops less, other letters two thirds."""
    def em(ch):
        if unicodedata.east_asian_width(ch) in "WF" or ch in "mwMW":
            return 1.0
        if ch in "ijlftrI .,'()-":
            return 0.42
        return 0.76 if ch.isupper() else 0.68
    return sum(map(em, name)) * font


def spaces(x: float, y: float, k: float) -> tuple:
    """A disc's three house spaces: the first at the top, the others below it left and right."""
    ring = (CITY - SPACE - 1.5) * k
    return tuple((round(x + ring * math.cos(a), 1), round(y + ring * math.sin(a), 1))
                 for a in (math.radians(-90), math.radians(150), math.radians(30)))


def candidate(x: float, y: float, name: str, direction: tuple, k: float) -> Spot:
    """The name in `direction` from the disc, just clear of it."""
    ux, uy = direction
    norm = math.hypot(ux, uy)
    width, height = text_width(name, FONT * k), FONT * k * 1.05
    sx, sy = (ux > 0) - (ux < 0), (uy > 0) - (uy < 0)
    cx = x + ux / norm * (CITY + GAP) * k + sx * width / 2
    cy = y + uy / norm * (CITY + GAP) * k + sy * height / 2
    box = (round(cx - width / 2, 1), round(cy - height / 2, 1), round(cx + width / 2, 1), round(cy + height / 2, 1))
    anchor, text_x = ("start", box[0]) if sx > 0 else ("end", box[2]) if sx < 0 else ("middle", round(cx, 1))
    return Spot(box, anchor, text_x, round(cy, 1), spaces(x, y, k))


def overlap(a: tuple, b: tuple) -> float:
    """The area two boxes (left, top, right, bottom) share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def box_meets_disc(box: tuple, centre: tuple, r: float) -> bool:
    """Whether a box and a disc touch (the box's nearest point lies inside the disc)."""
    dx = max(box[0] - centre[0], 0, centre[0] - box[2])
    dy = max(box[1] - centre[1], 0, centre[1] - box[3])
    return dx * dx + dy * dy < r * r


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


def _geometry(game_map, scale: int):
    centres = {c.id: (c.x * scale, c.y * scale) for c in game_map.cities.values()}
    links = [(centres[k.a], centres[k.b]) for k in game_map.connections]
    return centres, links


def cost_spots(game_map, scale: int, k: float) -> list:
    """Where each link's printed cost is drawn (one (x, y) per connection): at the link's middle, or,
    on a link too short to hold it clear of both discs, beside the middle on the side with fewer
    discs near."""
    centres, links = _geometry(game_map, scale)
    reach = (CITY + COST + 1) * k
    out = []
    for a, b in links:
        mx, my = midpoint(a, b)
        half = math.dist(a, b) / 2
        if half >= reach:
            out.append((round(mx, 1), round(my, 1)))
            continue
        off = math.sqrt(reach * reach - half * half)
        nx, ny = (-(b[1] - a[1]) / (2 * half), (b[0] - a[0]) / (2 * half)) if half else (0.0, -1.0)
        sides = [(mx + s * off * nx, my + s * off * ny) for s in (1, -1)]
        best = min(sides, key=lambda p: sum(1 for c in centres.values() if math.dist(p, c) < reach + CITY * k))
        out.append((round(best[0], 1), round(best[1], 1)))
    return out


def layout_at(game_map, scale: int, k: float) -> dict:
    """{city id: Spot} with the marks drawn at size factor k, coordinates in SVG units."""
    centres, links = _geometry(game_map, scale)
    names = {c.id: c.name for c in game_map.cities.values()}
    costs = [square(x, y, COST * k) for x, y in cost_spots(game_map, scale, k)]
    near = {c: [d for d in centres if d != c and math.dist(centres[c], centres[d]) < NEAR] for c in centres}
    close_links = {c: [i for i, (a, b) in enumerate(links)
                       if min(math.dist(p, centres[c]) for p in (a, b, midpoint(a, b))) < NEAR] for c in centres}
    options = {c: [candidate(*centres[c], names[c], d, k) for d in DIRECTIONS] for c in centres}
    chosen: dict[str, Spot] = {}

    xs, ys = [x for x, _y in centres.values()], [y for _x, y in centres.values()]
    extent = (min(xs) - OUTSIDE, min(ys) - OUTSIDE, max(xs) + OUTSIDE, max(ys) + OUTSIDE)

    def fixed(city: str, rank: int, spot: Spot) -> float:
        """What a spot covers of the board itself: discs, link costs and links, and how far it reaches
        beyond the outermost cities (the same every pass)."""
        b = spot.box
        total = rank * PREFER
        total += ((b[2] - b[0]) * (b[3] - b[1]) - overlap(b, extent)) * WEIGHT["outside"]
        for other in near[city]:
            total += overlap(b, square(*centres[other], (CITY + 2) * k)) * WEIGHT["dot"]
            total += overlap(b, square(*centres[other], (CITY + BESIDE) * k)) * WEIGHT["beside"]
        for i in close_links[city]:
            total += overlap(b, costs[i]) * WEIGHT["cost"]
            total += crosses(b, links[i]) * WEIGHT["link"] * FONT * k
        return total

    def covered(city: str, spot: Spot) -> float:
        """What a spot covers of the names the other cities have chosen so far."""
        return sum(overlap(spot.box, chosen[other].box) for other in near[city] if other in chosen) * WEIGHT["name"]

    base = {c: [fixed(c, rank, spot) for rank, spot in enumerate(options[c])] for c in centres}
    crowd = sorted(centres, key=lambda c: (-sum(1 / max(CITY * 2, math.dist(centres[c], centres[d]))
                                                 for d in near[c]), c))
    for _pass in range(3):
        for city in crowd:
            chosen.pop(city, None)
            chosen[city] = min(zip(base[city], options[city]), key=lambda o: o[0] + covered(city, o[1]))[1]
    return chosen


def place_costs(game_map, scale: int, k: float, spots: dict) -> list:
    """Each link's cost moved off the names where its first place (cost_spots) lies under one: the
    first of a few places along the link (or beside a short one) clear of every name, disc and cost
    placed before it; the first place if none is."""
    centres, links = _geometry(game_map, scale)
    boxes = [s.box for s in spots.values()]
    r = COST * k
    placed = []
    for (a, b), first in zip(links, cost_spots(game_map, scale, k)):
        tries = [first] + [(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])) for t in (0.38, 0.62, 0.28, 0.72)]
        spot = next((p for p in tries
                     if all(math.dist(p, c) >= (CITY + COST) * k for c in centres.values())
                     and not any(box_meets_disc(bx, p, r) for bx in boxes)
                     and all(math.dist(p, q) >= 2 * r for q in placed)), first)
        placed.append((round(spot[0], 1), round(spot[1], 1)))
    return placed


def clashes(game_map, scale: int, k: float, spots: dict, costs: list) -> list:
    """[(what, a, b)]: a name touching another name, a city disc or a link cost; a link cost touching
    a city disc (its own link's ends included); two city discs touching."""
    centres, _links = _geometry(game_map, scale)
    costs = [(spot, f"{c.a}-{c.b}") for spot, c in zip(costs, game_map.connections)]
    out = []
    ids = sorted(spots)
    for i, a in enumerate(ids):
        box = spots[a].box
        for b in ids[i + 1:]:
            if overlap(box, spots[b].box) > 0:
                out.append(("name/name", a, b))
        for c, centre in centres.items():
            if math.dist(centre, midpoint(box[:2], box[2:])) < NEAR and box_meets_disc(box, centre, CITY * k):
                out.append(("name/city", a, c))
        for centre, link in costs:
            if box_meets_disc(box, centre, COST * k):
                out.append(("name/cost", a, link))
    for centre, link in costs:
        for c, city in centres.items():
            if math.dist(centre, city) < (CITY + COST) * k:
                out.append(("cost/city", link, c))
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if math.dist(centres[a], centres[b]) < 2 * CITY * k + 2:
                out.append(("city/city", a, b))
    return out


@per_object(64)
def fit(game_map, scale: int) -> tuple:
    """(k, spots, costs): the largest size factor of STEPS at which the map has no clashes, its names'
    layout and its costs' places (the smallest step's, clashes and all, if none is clear: the layout
    test names them)."""
    for k in STEPS:
        spots = layout_at(game_map, scale, k)
        costs = place_costs(game_map, scale, k, spots)
        if not clashes(game_map, scale, k, spots, costs):
            break
    return k, spots, costs
