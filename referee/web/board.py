"""The board as SVG, drawn from the map file's coordinates.

Coordinates in maps/*.toml are fractions of the board's longer side, so one scale (SCALE units per
longer side) serves both axes and the board keeps its shape. The parts that never change during a
game — links, their printed costs, cities, the play areas, and the cities' names — are built once per
map and play areas and cached as markup; a page adds only the houses, a build's selection and routes,
drawn between the two so that neither a house nor a route ever hides a name. Where names and houses
go is placement.py's.
"""
import math
from html import escape
from itertools import combinations

from markupsafe import Markup

from .memo import per_object
from .placement import COST, DOT, FONT, HOUSE, layout

SCALE = 1000          # SVG units per the board's longer side
MARGIN = 12           # around the outermost names and houses
TAP = 44              # CSS px: the smallest target a finger hits reliably
READABLE = 12         # CSS px: the smallest a name is drawn (on a phone the board scrolls instead)
MAX_HIT = 40          # SVG units: a city's hit circle at most (a city's dot is 15)


def point(city) -> tuple:
    return round(city.x * SCALE, 1), round(city.y * SCALE, 1)


@per_object(16)
def box(game_map) -> tuple:
    """(x, y, width, height) of the board in SVG units: every dot, name and house place, and a margin."""
    boxes = [s.box for s in spots_of(game_map).values()]
    boxes += [(x, y, x + HOUSE, y + HOUSE) for s in spots_of(game_map).values() for x, y in s.houses]
    boxes += [(x - DOT, y - DOT, x + DOT, y + DOT) for x, y in map(point, game_map.cities.values())]
    left, top = min(b[0] for b in boxes) - MARGIN, min(b[1] for b in boxes) - MARGIN
    right, bottom = max(b[2] for b in boxes) + MARGIN, max(b[3] for b in boxes) + MARGIN
    return round(left, 1), round(top, 1), round(right - left, 1), round(bottom - top, 1)


def spots_of(game_map) -> dict:
    return layout(game_map, SCALE)


def view_box(game_map) -> str:
    return "%s %s %s %s" % box(game_map)


@per_object(16)
def hit_radius(game_map) -> float:
    """A city's hit circle in SVG units: most of the way to its nearest neighbour, so that a tap on a
    city's dot is always that city even where two cities nearly touch."""
    nearest = min(math.dist(point(a), point(b)) for a, b in combinations(game_map.cities.values(), 2))
    return round(min(MAX_HIT, 0.85 * nearest), 1)


@per_object(16)
def min_width(game_map) -> int:
    """CSS px the board is never drawn narrower than (its box scrolls instead on a phone), so that
    every hit circle is at least TAP px across and every name READABLE px tall."""
    return math.ceil(box(game_map)[2] * max(TAP / (2 * hit_radius(game_map)), READABLE / FONT))


def min_height(game_map) -> int:
    """CSS px the board is never drawn shorter than: its height at min_width (the table caps the
    board's height at the screen's, but never below this, or the hit circles would shrink)."""
    _x, _y, width, height = box(game_map)
    return math.ceil(min_width(game_map) * height / width)


@per_object(32)
def focus(game_map, areas: tuple) -> float:
    """Where the play areas' middle lies across the board (0 left edge, 1 right edge): a board wider
    than a phone's screen is scrolled there first (static/board.js)."""
    inside = game_map.cities_in(areas) or set(game_map.cities)
    xs = [point(game_map.cities[c])[0] for c in inside]
    left, _top, width, _height = box(game_map)
    return round(((min(xs) + max(xs)) / 2 - left) / width, 3)


@per_object(32)
def static_layer(game_map, areas: tuple) -> Markup:
    """Links with their costs, then the cities' dots; outside the play areas greyed."""
    inside = game_map.cities_in(areas)
    parts = ['<g class="links">']
    for link in game_map.connections:
        a, b = game_map.cities[link.a], game_map.cities[link.b]
        (ax, ay), (bx, by) = point(a), point(b)
        off = "" if {link.a, link.b} <= inside else " off"
        parts.append(f'<line class="link{off}" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>')
    for link in game_map.connections:
        (ax, ay), (bx, by) = point(game_map.cities[link.a]), point(game_map.cities[link.b])
        off = "" if {link.a, link.b} <= inside else " off"
        mx, my = round((ax + bx) / 2, 1), round((ay + by) / 2, 1)
        parts.append(f'<g class="cost{off}"><circle cx="{mx}" cy="{my}" r="{COST}"/>'
                     f'<text x="{mx}" y="{my}">{link.cost}</text></g>')
    parts.append('</g><g class="cities">')
    for city in sorted(game_map.cities.values(), key=lambda c: c.id):
        x, y = point(city)
        area = game_map.areas[city.area]
        off = "" if city.id in inside else " off"
        parts.append(f'<g class="city{off}" data-city="{escape(city.id)}">'
                     f'<circle cx="{x}" cy="{y}" r="{DOT}" style="fill:{escape(area.colour)}"/></g>')
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


def houses(game_map, state: dict, colours: dict) -> Markup:
    """Every house on the board in its owner's colour (first builder first), as SVG: drawn once per
    state (the page's view of a sequence number), never per answer."""
    return Markup("".join(
        f'<rect x="{h["x"]}" y="{h["y"]}" width="{HOUSE}" height="{HOUSE}" style="--house: {escape(h["colour"])}">'
        f'<title>{escape(h["player"])} · {escape(h["city"])}</title></rect>' for h in placed(game_map, state, colours)))


def placed(game_map, state: dict, colours: dict) -> list:
    """One entry per house: where it stands (its city's next house place), whose colour it is, and
    its city's name."""
    out = []
    taken: dict[str, int] = {}
    spots = spots_of(game_map)
    for name, p in state["players"].items():
        for city in p["cities"]:
            slot = taken.get(city, 0)
            taken[city] = slot + 1
            places = spots[city].houses
            x, y = places[min(slot, len(places) - 1)]
            out.append({"x": x, "y": y, "colour": colours[name], "player": name, "city": game_map.cities[city].name})
    return out


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
