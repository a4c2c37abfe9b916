"""Turn a parsed map TOML into a Map, reporting every mistake a hand-editor might make.

Everything in a board ends up in pages, printouts and the engine's arithmetic, so its text and
numbers are held to what a board at the table can be: names of a printable length, colours a
browser and a printer read as colours and nothing else (a colour goes into a page's style), and
numbers in the game's range.
"""
import difflib
import re

import webcolors

from . import names
from .checks import Problems, is_int, is_num, listing
from .edition_check import EDITION_KEYS
from .model import Area, City, Connection, Map
from .setup_check import check_setup

CITY_ID = re.compile(r"^[a-z0-9_]+$")
AREA_ID = re.compile(r"^[A-Za-z0-9_]+$")
TOP_KEYS = ("id", "name", "connections", "areas", "cities", "overrides", "islands", "equal_areas", "setup", "rules",
            "area_borders")
AREA_KEYS = ("name", "colour")
CITY_KEYS = ("name", "romaji", "area", "x", "y", "spaces", "opens")
DEFAULT_COLOUR = "#888888"
HEX_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
COLOUR_NAMES = frozenset(webcolors.names("css3"))
BOARD_NAME_MOST, NAME_MOST = 60, 40      # characters: the board's name; an area's or city's
COST_MOST = 100             # Elektro for one connection (the dearest on a shipped board is 31)
NUMBER_MOST = 10_000        # any other number of a board, either sign: no count, price or plant comes near


def build_map(data: dict, where: str, expect_id: str | None = None) -> Map:
    p = Problems(where)
    p.unknown_keys(data, TOP_KEYS, "")
    for k in TOP_KEYS[:5]:
        if k not in data:
            p.add(f"missing required key '{k}'" + _misplaced(data, k))
    ident = _map_id(p, data.get("id"), expect_id)
    name = data.get("name")
    if "name" in data and not _text(name):
        p.add(f"name must be non-empty text (the printed board name), got {name!r}")
    elif "name" in data and len(name) > BOARD_NAME_MOST:
        p.add(f"name is {len(name)} characters long; a board's name has at most {BOARD_NAME_MOST}")
    areas = _areas(p, _table(p, data, "areas"))
    cities = _cities(p, _table(p, data, "cities"), areas)
    conns = _connections(p, data.get("connections", []), cities)
    overrides = _table(p, data, "overrides")
    p.unknown_keys(overrides, EDITION_KEYS, "overrides: ")
    islands, equal = data.get("islands", 1), data.get("equal_areas", True)
    if not (is_int(islands) and islands >= 1):
        p.add(f"islands: {islands!r} must be a whole number ≥ 1 (land masses no connection joins)")
        islands = 1
    if not isinstance(equal, bool):
        p.add(f"equal_areas: {equal!r} must be true or false")
    if cities and areas:
        if equal is not False:
            _area_sizes(p, areas, cities)
        _connected(p, cities, conns, islands)
    borders = _area_borders(p, data.get("area_borders"), areas, cities, conns) if "area_borders" in data else ()
    _unambiguous(p, "cities", {c.id: c.name for c in cities.values()})
    _unambiguous(p, "areas", {a.id: a.name for a in areas.values()})
    for key in ("overrides", "setup", "rules"):
        _in_range(p, data.get(key), key)
    setup = check_setup(p, data.get("setup", {}), areas)
    rules = _table(p, data, "rules")
    p.raise_if_any()
    m = Map(ident, name, areas, cities, tuple(conns), overrides, setup=setup, rules=rules, islands=islands,
            area_borders=borders, source=where)
    from ..maprules import check as check_rules  # rule modules import the engine, which imports this
    for problem in check_rules(rules, m):
        p.add(problem)
    p.raise_if_any()
    return m


def _area_borders(p, raw, areas, cities, conns) -> tuple:
    """The pairs of areas whose printed regions border each other (Australia: the states), as the
    play areas' adjacency; every pair a printed connection joins must be among them."""
    example = 'e.g. area_borders = [["brown", "green"], ["green", "yellow"]]'
    if not isinstance(raw, list) or not raw:
        p.add(f"area_borders: must be a list of pairs of area ids, {example}")
        return ()
    out = set()
    for i, pair in enumerate(raw, 1):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(a, str) for a in pair)):
            p.add(f"area_borders: item {i} {pair!r} must be two area ids, {example}")
            continue
        unknown = [a for a in pair if a not in areas]
        if unknown:
            p.add(f"area_borders: item {i}: unknown area {listing(unknown)}; areas are {listing(areas)}")
        elif pair[0] == pair[1]:
            p.add(f"area_borders: item {i}: an area borders itself: {pair[0]}")
        elif frozenset(pair) in out:
            p.add(f"area_borders: item {i}: {pair[0]} and {pair[1]} are listed twice")
        else:
            out.add(frozenset(pair))
    if not areas or not cities:
        return tuple(sorted(tuple(sorted(b)) for b in out))
    linked = {frozenset((cities[c.a].area, cities[c.b].area)) for c in conns
              if c.a in cities and c.b in cities and cities[c.a].area != cities[c.b].area}
    for pair in sorted(tuple(sorted(b)) for b in linked - out):
        p.add(f"area_borders: a connection joins {pair[0]} and {pair[1]}, so they border each other; "
              f"add [\"{pair[0]}\", \"{pair[1]}\"]")
    return tuple(sorted(tuple(sorted(b)) for b in out))


def _misplaced(data, key) -> str:
    for tname, t in data.items():
        if isinstance(t, dict) and key in t:
            return f" (found inside [{tname}]: top-level keys must come before the first [table])"
    return ""


def _text(v) -> bool:
    return isinstance(v, str) and v.strip() != ""


def _name(p, table, label, what) -> None:
    if "name" not in table:
        p.add(f"{label}missing 'name' ({what})")
    elif not _text(table["name"]):
        p.add(f"{label}name must be non-empty text ({what}), got {table['name']!r}")
    elif len(table["name"]) > NAME_MOST:
        p.add(f"{label}name is {len(table['name'])} characters long; at most {NAME_MOST} fit the board")


def _map_id(p, ident, expect_id):
    if ident is None:
        return ident
    if not isinstance(ident, str) or not CITY_ID.fullmatch(ident):
        p.add(f"id {ident!r} must be lower-case ascii letters, digits or '_' (no spaces)")
    elif expect_id is not None and ident != expect_id:
        p.add(f"id '{ident}' must match the file name '{expect_id}.toml'")
    return ident


def _table(p, data, key) -> dict:
    v = data.get(key, {})
    if not isinstance(v, dict):
        p.add(f"'{key}' must be a table ([{key}]), got {type(v).__name__}")
        return {}
    return v


def _areas(p, raw) -> dict:
    if not raw:
        p.add("no areas: add e.g. [areas] NW = { name = \"North-west\", colour = \"#3a9d4a\" }")
    out = {}
    for aid, a in raw.items():
        label = f"area '{aid}': "
        if not AREA_ID.fullmatch(aid):
            p.add(f"{label}id must be ascii letters, digits or '_' (no spaces)")
        if not isinstance(a, dict):
            p.add(f"{label}expected a table {{ name = ..., colour = ... }}")
            continue
        p.unknown_keys(a, AREA_KEYS, label)
        _name(p, a, label, "text shown to players")
        colour = a.get("colour", DEFAULT_COLOUR)
        if not is_colour(colour):
            shown = repr(colour) if not isinstance(colour, str) or len(colour) <= 40 else repr(colour[:40] + "…")
            p.add(f"{label}colour must be #rrggbb (such as \"#3a9d4a\") or a colour name such as \"teal\", "
                  f"got {shown}")
            colour = DEFAULT_COLOUR
        out[aid] = Area(aid, a.get("name"), colour)
    return out


def _cities(p, raw, areas) -> dict:
    if not raw:
        p.add("no cities: add e.g. [cities] aachen = { name = \"Aachen\", area = \"W\", x = 0.1, y = 0.5 }")
    out = {}
    for cid, c in raw.items():
        label = f"city '{cid}': "
        if not CITY_ID.fullmatch(cid):
            p.add(f"{label}id must be lower-case ascii letters, digits or '_' (no spaces), e.g. 'duesseldorf'")
        if not isinstance(c, dict):
            p.add(f"{label}expected a table {{ name = ..., area = ..., x = ..., y = ... }}")
            continue
        p.unknown_keys(c, CITY_KEYS, label)
        _name(p, c, label, "the printed name, e.g. \"Düsseldorf\"")
        if "romaji" in c and not _text(c["romaji"]):
            p.add(f"{label}romaji must be non-empty text (the name in Latin letters a player may type, "
                  f"e.g. \"Kyoto\" for 京都), got {c['romaji']!r}")
        area = c.get("area")
        if area is None:
            p.add(f"{label}missing 'area' (one of {listing(areas)})")
        elif not isinstance(area, str) or area not in areas:
            p.add(f"{label}unknown area {area!r} (areas: {listing(areas)})")
        for k in ("x", "y"):
            v = c.get(k)
            if v is None:
                p.add(f"{label}missing coordinate '{k}' (a number 0..1, north-up)")
            elif not is_num(v):
                p.add(f"{label}coordinate {k} = {v!r} is not a number (0..1, north-up)")
            elif not 0 <= v <= 1:
                p.add(f"{label}coordinate {k} = {v} is outside 0..1 (fractions of the board, north-up)")
        spaces, opens = _spaces(p, c, label)
        out[cid] = City(cid, c.get("name"), area, c.get("x"), c.get("y"), c.get("romaji"), spaces, opens)  # kept so links still check
    return out


def _spaces(p, c, label) -> tuple:
    """A city's own spaces (house prices, cheapest first) and the Step each opens in; by default the
    n-th space opens in Step n, as on the base boards."""
    spaces, opens = c.get("spaces"), c.get("opens")
    if spaces is None:
        if opens is not None:
            p.add(f"{label}opens without spaces: give the prices first, e.g. spaces = [10, 10, 20]")
        return (), ()
    if not (isinstance(spaces, list) and 1 <= len(spaces) <= 3 and all(is_int(v) and v >= 0 for v in spaces)
            and spaces == sorted(spaces)):
        p.add(f"{label}spaces = {spaces!r} must list 1 to 3 house prices (whole numbers ≥ 0), cheapest first")
        return (), ()
    if opens is None:
        opens = list(range(1, len(spaces) + 1))
    if not (isinstance(opens, list) and len(opens) == len(spaces) and all(is_int(v) and 1 <= v <= 3 for v in opens)
            and opens == sorted(opens)):
        p.add(f"{label}opens = {opens!r} must give the Step (1 to 3) each of the {len(spaces)} spaces opens in, "
              "in the order of spaces, e.g. opens = [1, 1, 3]")
        return (), ()
    return tuple(spaces), tuple(opens)


def _connections(p, raw, cities) -> list:
    if not isinstance(raw, list):
        p.add("'connections' must be a list of [city, city, cost]")
        return []
    out, seen = [], {}
    for i, item in enumerate(raw, 1):
        if not (isinstance(item, list) and len(item) == 3 and all(isinstance(c, str) for c in item[:2])):
            p.add(f"connection {i}: expected [city, city, cost], got {item!r}")
            continue
        a, b, cost = item
        label = f"connection {i} ({a}–{b}): "
        ok = True
        for c in dict.fromkeys((a, b)):
            if c not in cities:
                near = difflib.get_close_matches(c, cities, n=1)
                p.add(f"{label}unknown city '{c}'" + (f" (did you mean '{near[0]}'?)" if near else ""))
                ok = False
        if a == b:
            p.add(f"{label}connects a city to itself")
            ok = False
        if not is_int(cost) or not 0 <= cost <= COST_MOST:
            p.add(f"{label}cost {cost!r} must be a whole number from 0 to {COST_MOST} (Elektro)")
            ok = False
        pair = frozenset((a, b))
        if pair in seen:
            p.add(f"{label}duplicate of connection {seen[pair]} (links are undirected: list each pair once)")
            ok = False
        seen.setdefault(pair, i)
        if ok:
            out.append(Connection(a, b, cost))
    return out


def is_colour(value) -> bool:
    """A colour as a board may give it: #rrggbb or a CSS colour name; nothing a style could do more with."""
    return isinstance(value, str) and (HEX_COLOUR.fullmatch(value) is not None or value.lower() in COLOUR_NAMES)


def _in_range(p, value, path: str) -> None:
    """No number under `path` (overrides, setup, rules) beyond ±NUMBER_MOST: the engine and the pages
    would carry it; whether a number suits its key (≥ 0, a known plant…) the key's own check says."""
    if isinstance(value, dict):
        for key, item in value.items():
            _in_range(p, item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _in_range(p, item, f"{path}[{i}]")
    elif is_num(value) and abs(value) > NUMBER_MOST:
        p.add(f"{path} = {value} is outside -{NUMBER_MOST} to {NUMBER_MOST}: no count, price or plant of the "
              f"game is that large")


def _area_sizes(p, areas, cities) -> None:
    counts = {a: 0 for a in areas}
    for c in cities.values():
        if not isinstance(c.area, str) or c.area not in counts:
            return  # sizes mean nothing until every city has a known area
        counts[c.area] += 1
    if len(set(counts.values())) > 1:
        p.add("areas must all hold the same number of cities; counts: "
              + ", ".join(f"{a} {n}" for a, n in counts.items()))


def _connected(p, cities, conns, islands=1) -> None:
    nbrs = {c: set() for c in cities}
    for c in conns:
        nbrs[c.a].add(c.b)
        nbrs[c.b].add(c.a)
    groups, left = [], set(cities)
    for start in cities:  # file order, so ties keep the first group as "the board"
        if start not in left:
            continue
        group, todo = {start}, [start]
        while todo:
            for n in nbrs[todo.pop()] - group:
                group.add(n)
                todo.append(n)
        left -= group
        groups.append(group)
    if len(groups) > islands:
        main = max(groups, key=len)
        cut = "; ".join(listing(sorted(g)) for g in groups if g is not main)
        allowed = f" (islands = {islands} allows {islands} separate groups)" if islands > 1 else ""
        p.add(f"board is not connected: cut off from the rest: {cut}{allowed}")
    elif len(groups) < islands:
        p.add(f"islands: {islands} separate land masses declared, but the connections join the board into "
              f"{len(groups)}; allowed: {len(groups)}")


def _unambiguous(p, what, entries) -> None:
    entries = {i: n for i, n in entries.items() if isinstance(n, str)}  # bad names are reported already
    for key, ids in names.index(entries).items():
        if len(ids) > 1:
            p.add(f"{what} {listing(sorted(ids))} both answer to '{key}': make their names distinguishable")
