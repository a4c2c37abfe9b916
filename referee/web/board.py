"""The board as SVG, drawn from the map file's coordinates.

Coordinates in maps/*.toml are fractions of the board's longer side, so one scale (SCALE units per
longer side) serves both axes and the board keeps its shape. The part that never changes during a
game — links, their printed costs, cities and their names, the play areas — is built once per map
and play areas and cached as markup; a page adds only the houses, a build's selection and routes.
"""
import math
from functools import lru_cache
from html import escape
from itertools import combinations

from markupsafe import Markup

SCALE = 1000          # SVG units per the board's longer side
PAD = 70              # room around the outermost cities for names and houses
PAD_X = 110           # names are wider than tall
HOUSE = 13            # a house's side
HOUSE_SLOTS = ((-22, -28), (9, -28), (-6.5, -44))   # house offsets from a city's centre: 1st, 2nd, 3rd
TAP = 44              # CSS px: the smallest target a finger hits reliably
MAX_HIT = 40          # SVG units: a city's hit circle at most (a city's dot is 15)


def point(city) -> tuple:
    return round(city.x * SCALE, 1), round(city.y * SCALE, 1)


@lru_cache(maxsize=16)
def box(game_map) -> tuple:
    """(x, y, width, height) of the board in SVG units."""
    xs = [point(c)[0] for c in game_map.cities.values()]
    ys = [point(c)[1] for c in game_map.cities.values()]
    return min(xs) - PAD_X, min(ys) - PAD, max(xs) - min(xs) + 2 * PAD_X, max(ys) - min(ys) + 2 * PAD


def view_box(game_map) -> str:
    return "%s %s %s %s" % box(game_map)


@lru_cache(maxsize=16)
def hit_radius(game_map) -> float:
    """A city's hit circle in SVG units: most of the way to its nearest neighbour, so that a tap on a
    city's dot is always that city even where two cities nearly touch."""
    nearest = min(math.dist(point(a), point(b)) for a, b in combinations(game_map.cities.values(), 2))
    return round(min(MAX_HIT, 0.85 * nearest), 1)


@lru_cache(maxsize=16)
def min_width(game_map) -> int:
    """CSS px the board is never drawn narrower than (its box scrolls instead on a phone), so that
    every hit circle is at least TAP px across."""
    return math.ceil(box(game_map)[2] * TAP / (2 * hit_radius(game_map)))


def landscape(game_map) -> bool:
    """A board wider than tall gets the table's full width (beside the input it would be too small to tap)."""
    _x, _y, width, height = box(game_map)
    return width > height


@lru_cache(maxsize=32)
def static_layer(game_map, areas: tuple) -> Markup:
    """Links with their costs, then cities with their printed names; outside the play areas greyed."""
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
        parts.append(f'<g class="cost{off}"><circle cx="{mx}" cy="{my}" r="12"/>'
                     f'<text x="{mx}" y="{my}">{link.cost}</text></g>')
    parts.append('</g><g class="cities">')
    for city in sorted(game_map.cities.values(), key=lambda c: c.id):
        x, y = point(city)
        area = game_map.areas[city.area]
        off = "" if city.id in inside else " off"
        parts.append(f'<g class="city{off}" data-city="{escape(city.id)}">'
                     f'<circle cx="{x}" cy="{y}" r="15" style="fill:{escape(area.colour)}"/>'
                     f'<text x="{x}" y="{y + 34}">{escape(city.name)}</text></g>')
    parts.append("</g>")
    return Markup("".join(parts))


def houses(game_map, state: dict, colours: dict) -> list:
    """One entry per house on the board: where it stands and whose colour it is (first builder first)."""
    out = []
    taken: dict[str, int] = {}
    for name, p in state["players"].items():
        for city in p["cities"]:
            slot = taken.get(city, 0)
            taken[city] = slot + 1
            x, y = point(game_map.cities[city])
            dx, dy = HOUSE_SLOTS[min(slot, len(HOUSE_SLOTS) - 1)]
            out.append({"x": round(x + dx, 1), "y": round(y + dy, 1), "colour": colours[name], "player": name,
                        "city": game_map.cities[city].name})
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
