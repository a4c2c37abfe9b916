"""`referee route` and `referee suggest`: price a build, or find the cheapest cities to build.

The lead's referee/cli.py registers these with `add_commands(subparsers)`; `main(argv)` here
runs them standalone (tests, `python -m referee.planner.cli`).  Output is a readable table,
or JSON with --json.  Bad input exits with code 2 and one line on stderr.
"""
from __future__ import annotations

import argparse
import json
import sys

from .core import PlanError, get_planner

EXIT_BAD_INPUT = 2


class _BadInput(Exception):
    pass


def one_line_errors(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Make argparse report a usage error as one line on stderr (exit 2), without the usage text."""
    prog = parser.prog

    def error(message):
        print(f"{prog}: error: {message}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)

    parser.error = error
    return parser


def add_commands(subparsers) -> None:
    """Register `route` and `suggest` on the `referee` command's subparsers."""
    r = subparsers.add_parser(
        "route", help="price building the given cities (cheapest order and paths)",
        description="Price adding cities to a network: the cheapest build order, each city's "
                    "connection path inside the play areas, house price and running total.")
    _common(r)
    r.add_argument("--add", required=True, metavar="CITY,...",
                   help="cities to build in (ids or printed names)")
    r.set_defaults(func=run_route)
    one_line_errors(r)

    s = subparsers.add_parser(
        "suggest", help="the cheapest cities to build: a number of them, or all a budget allows",
        description="Find the cheapest sets of new cities for a network (exact): --count K gives "
                    "the cheapest sets of exactly K cities, --budget B the most cities B pays for.")
    _common(s)
    want = s.add_mutually_exclusive_group(required=True)
    want.add_argument("--count", type=_natural, metavar="K", help="number of new cities")
    want.add_argument("--budget", type=_natural, metavar="B", help="money available")
    s.add_argument("--top", type=_positive, default=1, metavar="N",
                   help="how many alternatives, best first (default 1)")
    s.set_defaults(func=run_suggest)
    one_line_errors(s)


def _common(p):
    p.add_argument("--map", required=True, help="map id (e.g. germany) or path to a .toml")
    p.add_argument("--areas", required=True, metavar="AREA,...", help="the play areas")
    p.add_argument("--step", type=int, choices=(1, 2, 3), default=1, help="game step (default 1)")
    p.add_argument("--network", default="", metavar="CITY,...",
                   help="cities already holding the player's house (default none)")
    p.add_argument("--occupied", default="", metavar="CITY=K,...",
                   help="houses other players already have in a city (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")


def _natural(text):
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if v < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more: {text!r}")
    return v


def _positive(text):
    v = _natural(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {text!r}")
    return v


def _names(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _occupied(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in _names(text):
        city, eq, count = item.rpartition("=")
        if not eq or not city.strip():
            raise _BadInput(f"--occupied wants CITY=K items, got {item!r}")
        try:
            k = int(count)
        except ValueError:
            raise _BadInput(f"--occupied {item!r}: {count!r} is not a number of houses") from None
        out[city.strip()] = k
    return out


def _setup(args):
    from referee.catalog import load_map
    m = load_map(args.map)
    planner = get_planner(m, _names(args.areas))
    return planner, _names(args.network), _occupied(args.occupied)


def _guard(run, args) -> int:
    try:
        return run(args)
    except (PlanError, _BadInput, ValueError, OSError) as e:  # CatalogError is a ValueError
        text = str(e).strip().splitlines()
        print(f"referee {args.command_name}: error: {text[0] if text else type(e).__name__}",
              file=sys.stderr)
        return EXIT_BAD_INPUT


def run_route(args) -> int:
    args.command_name = "route"
    return _guard(_route, args)


def run_suggest(args) -> int:
    args.command_name = "suggest"
    return _guard(_suggest, args)


def _route(args) -> int:
    planner, network, occupied = _setup(args)
    add = _names(args.add)
    if not add:
        raise _BadInput("--add names no city")
    plan = planner.route(network, add, step=args.step, occupied=occupied)
    if args.json:
        print(json.dumps(plan.to_json(), ensure_ascii=False))
    else:
        print(_table(planner, plan))
    return 0


def _suggest(args) -> int:
    planner, network, occupied = _setup(args)
    plans = planner.suggest(network, step=args.step, occupied=occupied, count=args.count,
                            budget=args.budget, top=args.top)
    if args.json:
        out = {"options": [{"cities": p.cities, **p.to_json()} for p in plans]}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    if not plans:
        print(f"no city can be built for {args.budget}")
        return 0
    blocks = []
    for n, p in enumerate(plans, 1):
        names = ", ".join(planner.name(c) for c in p.cities)
        blocks.append(f"option {n}: {names}\n{_table(planner, p)}")
    print("\n\n".join(blocks))
    return 0


def _table(planner, plan) -> str:
    name = planner.name
    rows = [("#", "city", "from", "path", "connection", "house", "total")]
    running = 0
    for n, b in enumerate(plan.builds, 1):
        running += b.connection + b.house
        rows.append((str(n), name(b.city), name(b.from_) if b.from_ else "-",
                     " - ".join(name(c) for c in b.path), str(b.connection), str(b.house), str(running)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    right = {0, 4, 5, 6}
    lines = ["  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                       for i, (cell, w) in enumerate(zip(r, widths))).rstrip() for r in rows]
    lines.append(f"total {plan.total} (connections {plan.connection}, houses {plan.houses})")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee", description="Power Grid build planner")
    sub = parser.add_subparsers(dest="command", required=True)
    add_commands(sub)
    return one_line_errors(parser)


def main(argv=None) -> int:
    """Run one command; returns the exit code (argparse's usage errors included)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:  # --help (0) or a usage error (2, already reported)
        return e.code if isinstance(e.code, int) else EXIT_BAD_INPUT
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
