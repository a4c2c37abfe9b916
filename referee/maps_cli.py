"""`referee maps list` and `referee maps check FILE`: the boards on offer, and a typed-in board checked.

A board a user types in (seed 001's Hokkaido, the fan-made Japan map) is the same TOML as the
shipped maps (docs/maps.md). `check` reports every problem at once, one line each:
`FILE line N: key: what is wrong; allowed: ...` (the line of the key, found by reading the text, since
TOML readers do not give it), exits 2 if there is any and 0 with a short summary if there is none.
"""
import re
from itertools import combinations
from pathlib import Path

from .catalog import CatalogError, available_maps, load_edition, load_map
from .catalog.files import read_toml, shown
from .catalog.map_check import build_map
from .rules.errors import IllegalAction

HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)\s*=""")
SAMPLE_NAMES = ["A", "B", "C", "D", "E", "F"]


def add_command(sub) -> None:
    list_and_check(sub, "maps", "list the boards, or check a board file (a custom map)",
                   "the boards in the maps folder", "check a map file", run_list, run_check)


def list_and_check(sub, noun: str, about: str, listed: str, checked: str, run_list, run_check) -> None:
    """`referee NOUN list` and `referee NOUN check FILE` (maps, decks)."""
    verbs = sub.add_parser(noun, help=about).add_subparsers(dest="verb", required=True)
    verbs.add_parser("list", help=listed).set_defaults(func=run_list)
    check = verbs.add_parser("check", help=f"{checked}; every problem on its own line, exit 2 if any")
    check.add_argument("file")
    check.set_defaults(func=run_check)


def run_list(args) -> int:
    return print_listing(available_maps(), load_map, lambda m: f"{m.name}\t{len(m.areas)} areas, {len(m.cities)} "
                                                             f"cities\t{', '.join(m.rules) or 'base rules'}")


def print_listing(idents, load, line) -> int:
    """One line per catalogue entry (maps, decks); one that does not load is named with its first problem."""
    for ident in idents:
        try:
            item = load(ident)
        except CatalogError as e:
            print(f"{ident}\t(not loadable: {str(e).splitlines()[0]})")
            continue
        print(f"{ident}\t{line(item)}")
    return 0


def run_check(args) -> int:
    path = Path(args.file)
    if not printed_ok(path, args.file, check_text):
        return 2
    m = load_map(path)
    print(f"{args.file}: OK: {m.name} ({m.id}): {len(m.areas)} areas, {len(m.cities)} cities, "
          f"{len(m.connections)} connections; rules: {', '.join(m.rules) or 'base rules'}")
    return 0


def printed_ok(path: Path, given: str, check_text) -> bool:
    """Read the file and print each of its problems (check_text(path, text) lists them); True if none."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"{given}: cannot read: {getattr(e, 'strerror', None) or 'not UTF-8 text'}")
        return False
    problems = check_text(path, text)
    for line in problems:
        print(line)
    return not problems


def check_text(path: Path, text: str) -> list:
    """Every problem of the map file as 'FILE line N: key: what; allowed: ...' lines."""
    try:
        data = read_toml(path)
        m = build_map(data, shown(path))
        edition = load_edition("original", map=m)
    except CatalogError as e:
        return [placed(shown(path), text, line) for line in str(e).splitlines()]
    return [placed(shown(path), text, line) for line in _playable(m, edition)]


def _playable(m, edition) -> list:
    """A map that loads must also start a game at every player count of its edition."""
    from .game import Game
    out = []
    for n, row in sorted(edition.player_counts.items()):
        chosen = next((c for c in combinations(m.areas, row.areas) if m.areas_connected(c)), None)
        if chosen is None:
            out.append(f"areas: no {row.areas} of the {len(m.areas)} areas form one connected region for "
                       f"{n} players; allowed: at least {row.areas} areas joined by connections")
            continue
        setup = {"map": m.source, "players": [{"name": s, "colour": s} for s in SAMPLE_NAMES[:n]],
                 "areas": list(chosen), "order": SAMPLE_NAMES[:n]}
        try:
            Game(setup)
        except IllegalAction as e:
            out.append(f"setup: a {n}-player game cannot start: {e.message}")
    return out


def placed(file: str, text: str, problem: str) -> str:
    """`problem` ('where: message') as 'FILE line N: message' when the key's line is found."""
    overrides = f"{file} [overrides]: "
    if problem.startswith(overrides):
        message = "overrides." + problem[len(overrides):]
    else:
        message = problem.removeprefix(f"{file}: ")
    line = _line_of(text, _key_path(message))
    return f"{file} line {line}: {message}" if line else f"{file}: {message}"


def _key_path(message: str) -> list:
    """The TOML key a message is about, as a path: 'city 'x': ...' -> ['cities', 'x']."""
    for word, table in (("city", "cities"), ("area", "areas")):
        hit = re.match(rf"{word} '([^']+)': ", message)
        if hit:
            return [table, hit.group(1)]
    hit = re.match(r"connection \d+ \(([^–]+)–([^)]+)\)", message)
    if hit:
        return ["connections", hit.group(1), hit.group(2)]
    if message.startswith(("board is not connected", "missing required key 'connections'")):
        return ["connections"]
    if message.startswith("areas must"):
        return ["areas"]
    hit = re.match(r'([A-Za-z0-9_]+)\."([^"]+)": ', message)   # a quoted key: cards."13+"
    if hit:
        return [hit.group(1), hit.group(2)]
    hit = re.match(r"([A-Za-z0-9_.]+)(?: item \d+)?: ", message)
    return hit.group(1).split(".") if hit else []


def _line_of(text: str, path: list) -> int | None:
    """The line that best matches a key path: a [table] header or a key inside it."""
    if not path:
        return None
    if path[0] == "connections" and len(path) == 3:
        pair = re.compile(rf'"{re.escape(path[1])}"\s*,\s*"{re.escape(path[2])}"')
        return next((i for i, line in enumerate(text.splitlines(), 1) if pair.search(line)), None)
    best, best_len, table = None, 0, []
    for i, line in enumerate(text.splitlines(), 1):
        header = HEADER.match(line)
        if header:
            table = [p.strip().strip('"\'') for p in header.group(1).split(".")]
            here = table
        else:
            key = KEY.match(line)
            if not key:
                continue
            here = table + [key.group(1).strip('"\'')]
        n = 0
        while n < min(len(here), len(path)) and here[n] == path[n]:
            n += 1
        if n == len(here) and n > best_len:
            best, best_len = i, n
    return best
