"""The `referee` command: replay a recorded game; price and suggest builds."""
import argparse
import json
import os
import sys

from .game import replay, ReplayError
from . import decks_cli, games_cli, maps_cli, serve
from .planner import cli as planner_cli
from .printing import cli as printing_cli


def _replay(args) -> int:
    try:
        with open(args.file, "rb") as f:  # replay decodes, so a non-UTF-8 file is one clear line
            game = replay(f, at=args.at)
    except OSError as e:
        return _fail(f"{args.file}: cannot read: {e.strerror}")
    except ReplayError as e:
        return _fail(f"{args.file} {e}")
    return _emit(_json_for(sys.stdout, game.state))


def _json_for(out, data) -> str:
    """Names as written when `out` can encode them; else \\u escapes (PYTHONIOENCODING=ascii): the same JSON."""
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    try:
        text.encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(data, indent=1) + "\n"
    return text


def _emit(text: str) -> int:
    """Write to stdout: 0, or one line and 2 when stdout is closed or refuses the text."""
    if sys.stdout is None:
        return _fail("referee: cannot write the answer: standard output is closed")
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise  # the reader stopped early: main ends quietly
    except OSError as e:
        _drop_stdout()
        return _fail(f"referee: cannot write the answer: {e.strerror}")
    return 0


def _fail(line: str) -> int:
    if sys.stderr is not None:
        print(line, file=sys.stderr)
    return 2


def _drop_stdout() -> None:
    """Point stdout at /dev/null so the flush at exit cannot fail again and print a traceback."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _count(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise argparse.ArgumentTypeError(f"N is a whole number from 0 to 999999999, not {text[:20]!r}")
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
    printing_cli.add_commands(sub)
    serve.add_command(sub)
    games_cli.add_command(sub)
    maps_cli.add_command(sub)
    decks_cli.add_command(sub)
    for command in sub.choices.values():  # every subcommand's usage errors are one line too
        planner_cli.one_line_errors(command)
    return planner_cli.one_line_errors(top)


def main(argv=None) -> int:
    """Run one command. A reader that stops early (`| head`) ends it quietly with 0."""
    try:
        args = parser().parse_args(argv)
        code = args.func(args)
        if sys.stdout is not None:
            sys.stdout.flush()
        return code
    except BrokenPipeError:
        _drop_stdout()
        return 0


if __name__ == "__main__":
    sys.exit(main())
