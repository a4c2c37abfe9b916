"""`referee print card` and `referee print report`: write a player aid or a game report as PDF.

referee/cli.py registers these with `add_commands(subparsers)`. Bad input (unknown map or language,
a player count the tables do not have, an unreadable or illegal game, an unwritable output) exits 2
with one line on stderr and writes nothing.
"""
import argparse
import sys

from ..i18n import LANGUAGES
from ..planner.cli import one_line_errors

EXIT_BAD_INPUT = 2
SIZES = ("a4", "a6", "letter")
PER_SHEET = (2, 4)   # referee.printing.sheets.PER_SHEET, without loading ReportLab


def add_commands(subparsers) -> None:
    top = subparsers.add_parser("print", help="print a player aid or a game report as PDF",
                                description="Print a player aid card for a map and player count, "
                                            "or the report of a recorded game, as a PDF.")
    sub = top.add_subparsers(dest="what", required=True, metavar="card|report")
    card = sub.add_parser("card", help="a player aid for a map and player count",
                          description="A player aid: the five phases, the refill and income tables for "
                                      "the player count, the thresholds and the rules people forget.")
    card.add_argument("--map", required=True,
                      help="any map id `referee maps list` shows (germany, china, ...) or path to a .toml board")
    card.add_argument("--players", required=True, type=_whole, metavar="N", help="number of players")
    _common(card)
    card.add_argument("--variation", type=_whole, metavar="1-4",
                      help="seed 000's new power plant cards: play variation 1, 2, 3 or 4 (4 needs --deck)")
    card.add_argument("--deck", metavar="FILE.toml", help="variation 4: the group's own deck file (or a deck id)")
    card.add_argument("--edition", default="original", metavar="EDITION",
                      help="original (default) or recharged (Power Grid: Recharged): its numbers, the ones that "
                           "differ from the original marked, and its rules")
    card.add_argument("--size", type=_choice(SIZES, "size"), default="a4",
                      help="a4 or letter: one sheet; a6: two cards per player, on A4 sheets (default a4)")
    card.add_argument("--per-sheet", type=_per_sheet, default=4,
                      metavar="2|4", help="a6: cards to an A4 sheet, 2 (one above the other, wide margins) "
                                          "or 4 (the sheet tiled) (default 4)")
    card.set_defaults(func=run_card)
    report = sub.add_parser("report", help="the report of a recorded game (JSON Lines)",
                            description="Standings, the tie-break, cities and money per round, and every "
                                        "plant bought, for a recorded game.")
    report.add_argument("game", metavar="GAME.jsonl")
    _common(report)
    report.add_argument("--url", help="the game's address on the table's server, printed as a QR code")
    report.set_defaults(func=run_report)
    for p in (top, card, report):
        one_line_errors(p)


def _common(p):
    p.add_argument("--lang", type=_choice(tuple(LANGUAGES), "language"), default="en",
                   help=f"{', '.join(LANGUAGES)} (default en)")
    p.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="where to write the PDF")


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of players is a whole number, not {text!r}") from None


def _per_sheet(text: str) -> int:
    if text.strip() in map(str, PER_SHEET):
        return int(text)
    raise argparse.ArgumentTypeError(f"A6 cards come {' or '.join(map(str, PER_SHEET))} to an A4 sheet, not {text!r}")


def _choice(allowed: tuple, what: str):
    """A case-forgiving choice ('zh-hant', 'A6'), named in the error with every allowed value."""
    def parse(text: str) -> str:
        for value in allowed:
            if text.strip().lower().replace("_", "-") == value.lower():
                return value
        raise argparse.ArgumentTypeError(f"unknown {what} {text!r}; {what}s are {', '.join(allowed)}")
    parse.__name__ = what
    return parse


def run_card(args) -> int:
    from ..catalog import CatalogError
    from . import PrintError, card_pdf
    if args.deck is not None and args.variation != 4:
        return _fail("--deck names the deck of variation 4; add --variation 4")
    try:
        pdf = card_pdf(args.map, args.players, args.lang, args.size, args.per_sheet, args.variation, args.deck,
                       args.edition)
    except (PrintError, CatalogError) as e:
        return _fail(str(e))
    return _write(args.output, pdf)


def run_report(args) -> int:
    from ..game import ReplayError, replay
    from . import report_pdf
    try:
        with open(args.game, "rb") as f:
            game = replay(f)
    except OSError as e:
        return _fail(f"{args.game}: cannot read: {e.strerror}")
    except ReplayError as e:
        return _fail(f"{args.game} {e}")
    return _write(args.output, report_pdf(game, args.lang, url=args.url))


def _write(path: str, pdf: bytes) -> int:
    try:
        with open(path, "wb") as f:
            f.write(pdf)
    except OSError as e:
        return _fail(f"cannot write {path}: {e.strerror}")
    print(f"wrote {path}")
    return 0


def _fail(message: str) -> int:
    print(f"referee print: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def main(argv=None) -> int:
    """Run `print ...` on its own (tests, `python -m referee.printing.cli card ...`)."""
    top = one_line_errors(argparse.ArgumentParser(prog="referee"))
    add_commands(top.add_subparsers(dest="command", required=True))
    args = top.parse_args(["print", *(sys.argv[1:] if argv is None else argv)])
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
