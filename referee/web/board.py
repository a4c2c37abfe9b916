"""The board as SVG, drawn from the map file alone: areas shaded in their printed colours, links with
their costs, each city a disc holding its house spaces (10, 15, 20: the edition's house prices),
houses in their spaces in their players' colours, and the cities' printed names.

Coordinates in maps/*.toml are fractions of the board's longer side, so one scale (SCALE units per
longer side) serves both axes and the board keeps its shape. The marks are drawn at the map's size
factor (placement.fit: the largest at which no name touches a name, a disc or a cost), and the page
never draws the board narrower than what keeps names readable and discs a finger's size. The parts
that never change during a game — areas, links, costs, discs and names — are built once per map and
cached as markup; a page adds only the houses, a build's selection and routes, drawn under the names.
"""
import math
from html import escape
from itertools import combinations

from flask_babel import gettext as _
from markupsafe import Markup

from ..rules.state import neutral

from .. import offloop
from .memo import MISSING, per_object
from .placement import CITY, COST, FONT, SPACE, fit

SCALE = 1000          # SVG units per the board's longer side
MARGIN = 12           # around the outermost names and discs
AREA = 2.6            # an area's shading around its cities, in disc radii
TAP = 44              # CSS px: the smallest target a finger hits reliably
READABLE = 12         # CSS px: the smallest a name is drawn (on a phone the board scrolls instead)
MAX_HIT = 40          # SVG units: a city's hit circle at most


def point(city) -> tuple:
    return round(city.x * SCALE, 1), round(city.y * SCALE, 1)


def laid_out(game_map) -> tuple:
    """placement.fit at the page's scale, kept per map. Laying a board out takes 100–150 ms of Python
    (Germany: 130 ms), once per board in the server's life: the first game on a board, the new-game
    page's preview of a board, a custom board; under the server it is done in a worker process
    (referee.offloop), so no other table waits for it."""
    return fit.known_or(game_map, SCALE, work=lambda: offloop.run("process", fit, game_map, SCALE))


def lay_out_here(game_map) -> None:
    """placement.fit worked out on this thread and kept (the server's start-up, before it answers
    anyone: the workers are still starting, and nobody waits for the loop)."""
    fit(game_map, SCALE)


def shipped_boards() -> list:
    """Every shipped map as each edition prints it (the boards a new game can be played on), the base
    game's Germany and USA first: they are the boards most games are played on."""
    from ..catalog import available_editions, available_maps, load_edition, load_map
    from ..catalog.edition_boards import board_for
    boards = {}
    for name in sorted(available_maps(), key=lambda name: (name not in ("germany", "usa"), name)):
        game_map = load_map(name)
        for edition in available_editions():
            printed = board_for(game_map, load_edition(edition, game_map))
            boards[id(printed)] = printed
    return list(boards.values())


def boards_to_lay_out() -> list:
    """The shipped boards not laid out yet. Reading the 18 map files the first time takes ~250 ms of
    Python, so under the server it runs on a thread (referee.offloop), never on the loop."""
    return offloop.run("cpu", _not_laid_out)


def _not_laid_out() -> list:
    return [printed for printed in shipped_boards() if fit.known(printed, SCALE) is MISSING]


def lay_out_shipped_boards() -> int:
    """Lay out every shipped board not yet laid out, one at a time (so one worker is always free for a
    page): the server does it in the background once it answers, so the first page of a new game, or
    of a stored game on another board, waits for no layout (60–440 ms each, 3.5 s for all 20).
    The number of boards laid out."""
    todo = boards_to_lay_out()
    for printed in todo:
        laid_out(printed)
    return len(todo)


def size(game_map) -> float:
    """The map's size factor for its marks (1: a disc of CITY units)."""
    return laid_out(game_map)[0]


def spots_of(game_map) -> dict:
    return laid_out(game_map)[1]


@per_object(16)
def box(game_map) -> tuple:
    """(x, y, width, height) of the board in SVG units: every disc and name, and a margin."""
    r = CITY * size(game_map)
    boxes = [s.box for s in spots_of(game_map).values()]
    boxes += [(x - r, y - r, x + r, y + r) for x, y in map(point, game_map.cities.values())]
    left, top = min(b[0] for b in boxes) - MARGIN, min(b[1] for b in boxes) - MARGIN
    right, bottom = max(b[2] for b in boxes) + MARGIN, max(b[3] for b in boxes) + MARGIN
    return round(left, 1), round(top, 1), round(right - left, 1), round(bottom - top, 1)


def view_box(game_map) -> str:
    return "%s %s %s %s" % box(game_map)


@per_object(16)
def hit_radius(game_map) -> float:
    """A city's hit circle in SVG units: most of the way to its nearest neighbour, so that a tap on a
    city's disc is always that city even where two cities nearly touch."""
    nearest = min(math.dist(point(a), point(b)) for a, b in combinations(game_map.cities.values(), 2))
    return round(max(CITY * size(game_map), min(MAX_HIT, 0.5 * nearest)), 1)


@per_object(16)
def min_width(game_map) -> int:
    """CSS px the board is never drawn narrower than (its area pans instead), so that every hit circle
    is at least TAP px across and every name READABLE px tall."""
    return math.ceil(box(game_map)[2] * max(TAP / (2 * hit_radius(game_map)), READABLE / (FONT * size(game_map))))


def min_height(game_map) -> int:
    """CSS px the board is never drawn shorter than: its height at min_width."""
    _x, _y, width, height = box(game_map)
    return math.ceil(min_width(game_map) * height / width)


@per_object(32)
def focus(game_map, areas: tuple) -> tuple:
    """Where the play areas' middle lies on the board, (across, down) as fractions of its width and
    height: a board larger than its area is scrolled there first (static/board.js)."""
    inside = game_map.cities_in(areas) or set(game_map.cities)
    xs, ys = zip(*(point(game_map.cities[c]) for c in inside))
    left, top, width, height = box(game_map)
    return round(((min(xs) + max(xs)) / 2 - left) / width, 3), round(((min(ys) + max(ys)) / 2 - top) / height, 3)


@per_object(32)
def static_layer(game_map, areas: tuple, prices: tuple = (10, 15, 20)) -> Markup:
    """The areas shaded, links, their costs, then the cities' discs with their house spaces (each
    labelled with its price); outside the play areas greyed."""
    inside = game_map.cities_in(areas)
    k = size(game_map)
    parts = ['<g class="areas">']
    for area in game_map.areas.values():
        cities = [c for c in game_map.cities.values() if c.area == area.id]
        off = "" if any(c.id in inside for c in cities) else " off"
        shade = [f'<circle cx="{x}" cy="{y}" r="{round(AREA * CITY * k, 1)}"/>' for x, y in map(point, cities)]
        shade += [f'<line x1="{point(game_map.cities[c.a])[0]}" y1="{point(game_map.cities[c.a])[1]}" '
                  f'x2="{point(game_map.cities[c.b])[0]}" y2="{point(game_map.cities[c.b])[1]}"/>'
                  for c in game_map.connections
                  if game_map.cities[c.a].area == area.id == game_map.cities[c.b].area]
        parts.append(f'<g class="area{off}" style="--area: {escape(area.colour)}; '
                     f'--reach: {round(2 * AREA * CITY * k, 1)}px">{"".join(shade)}</g>')
    parts.append('</g><g class="links">')
    for link in game_map.connections:
        (ax, ay), (bx, by) = point(game_map.cities[link.a]), point(game_map.cities[link.b])
        off = "" if {link.a, link.b} <= inside else " off"
        parts.append(f'<line class="link{off}" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>')
    for link, (x, y) in zip(game_map.connections, laid_out(game_map)[2]):
        off = "" if {link.a, link.b} <= inside else " off"
        parts.append(f'<g class="cost{off}"><circle cx="{x}" cy="{y}" r="{round(COST * k, 1)}"/>'
                     f'<text x="{x}" y="{y}">{link.cost}</text></g>')
    parts.append("</g><g class=\"cities\">")
    spots = spots_of(game_map)
    for city in sorted(game_map.cities.values(), key=lambda c: c.id):
        x, y = point(city)
        area = game_map.areas[city.area]
        off = "" if city.id in inside else " off"
        places = "".join(f'<g class="space s{n}"><circle cx="{sx}" cy="{sy}" r="{round(SPACE * k, 1)}"/>'
                         f'<text x="{sx}" y="{sy}">{price}</text></g>'
                         for n, ((sx, sy), price) in enumerate(zip(spots[city.id].spaces, prices), 1))
        parts.append(f'<g class="city{off}" data-city="{escape(city.id)}">'
                     f'<circle cx="{x}" cy="{y}" r="{round(CITY * k, 1)}" style="fill:{escape(area.colour)}"/>'
                     f'{places}</g>')
    parts.append("</g>")
    return Markup("".join(parts))


@per_object(32)
def names_layer(game_map, areas: tuple) -> Markup:
    """The cities' printed names, each where placement.py put it; outside the play areas greyed."""
    inside = game_map.cities_in(areas)
    spots = spots_of(game_map)
    return Markup("".join(
        f'<text class="{"name" if city.id in inside else "name off"}" x="{spots[city.id].text_x}" '
        f'y="{spots[city.id].text_y}" text-anchor="{spots[city.id].anchor}">{escape(city.name)}</text>'
        for city in sorted(game_map.cities.values(), key=lambda c: c.id)))


def marks(game_map) -> str:
    """The size of the board's marks as CSS custom properties (names and costs scale with the discs)."""
    return f"--k: {size(game_map)}"


def houses(game_map, state: dict, colours: dict) -> Markup:
    """Every house in its city's next space, in its owner's colour (first builder first), as SVG:
    drawn once per placing of the houses (the same for every entry between two builds) and language."""
    other = neutral(state)
    who = tuple((name, colours[name], tuple(p["cities"])) for name, p in state["players"].items())
    trust = (tuple(other["cities"]), tuple(other.get("reserved", ()))) if other is not None else None
    return _houses(game_map, who, trust, _("The Trust") if other is not None else "")


@per_object(256)
def _houses(game_map, who: tuple, trust, trust_name: str) -> Markup:
    r = round(SPACE * size(game_map) + 1, 1)
    return Markup("".join(
        f'<circle cx="{h["x"]}" cy="{h["y"]}" r="{r}" style="--house: {escape(h["colour"])}">'
        f'<title>{escape(h["player"])} · {escape(h["city"])}</title></circle>'
        for h in placed(game_map, who, trust, trust_name)))


NEUTRAL_COLOUR = "#9a9a9a"


def placed(game_map, who: tuple, trust, trust_name: str) -> list:
    """One entry per house: its space (its city's next one), whose colour it is, and its city's name.
    `who`: (name, colour, cities) of each player in setup order; `trust`: Power Grid: Recharged's
    Trust (its cities, its reserved start cities) or None."""
    out = []
    taken: dict[str, set] = {}
    spots = spots_of(game_map)

    def put(city, slot, colour, name):
        taken.setdefault(city, set()).add(slot)
        places = spots[city].spaces
        x, y = places[min(slot, len(places) - 1)]
        out.append({"x": x, "y": y, "colour": colour, "player": name, "city": game_map.cities[city].name})

    if trust is not None:     # the Trust: its six on the 10 spaces, the rest on the 15s
        cities, reserved = trust
        for i, city in enumerate(cities):
            if city in spots:
                put(city, 0 if i < 6 else 1, NEUTRAL_COLOUR, trust_name)
        for city in reserved:   # on a marked start city's 15 space, its 10 space still free
            if city in spots:
                put(city, 1, NEUTRAL_COLOUR, trust_name)
    for name, colour, cities in who:
        for city in cities:
            put(city, min(set(range(len(taken.get(city, ())) + 1)) - taken.get(city, set())), colour, name)
    return out


def start_marks(game_map, state: dict) -> list:
    """The start cities the players marked (Recharged's experienced players' start: a uranium token on
    each), with whose mark it is; none once the marking player has built there."""
    marks = state.get("map", {}).get("start_cities", {})
    return [{**spot, "player": name} for name, city in marks.items() if city not in state["players"][name]["cities"]
            for spot in spots(game_map, [city])]


def routes(game_map, plan) -> list:
    """Polyline points for each path of a planned build (the planner's order)."""
    lines = []
    for step in plan.builds:
        if len(step.path) > 1:
            lines.append(" ".join("%s,%s" % point(game_map.cities[c]) for c in step.path))
    return lines


def spots(game_map, cities) -> list:
    return [{"id": c, "name": game_map.cities[c].name, "x": point(game_map.cities[c])[0],
             "y": point(game_map.cities[c])[1]} for c in cities]
