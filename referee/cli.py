"""The `referee` command: replay a recorded game; price and suggest builds."""
import argparse
import json
import sys

from .game import replay, ReplayError
from .planner import cli as planner_cli


def _replay(args) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            game = replay(f, at=args.at)
    except OSError as e:
        print(f"{args.file}: cannot read: {e.strerror}", file=sys.stderr)
        return 2
    except ReplayError as e:
        print(f"{args.file} {e}", file=sys.stderr)
        return 2
    json.dump(game.state, sys.stdout, ensure_ascii=False, indent=1)
    print()
    return 0


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"N is a whole number ≥ 0, not {text!r}")
    return int(text)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="referee", description="A digital referee for Power Grid.")
    sub = top.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="print the state of a recorded game (JSON Lines) as JSON")
    rp.add_argument("file")
    rp.add_argument("--at", type=_count, metavar="N",
                    help="stop after the first N log entries after the setup (blank lines not counted)")
    rp.set_defaults(func=_replay)
    planner_cli.add_commands(sub)
    return planner_cli.one_line_errors(top)


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
