"""`referee decks list` and `referee decks check FILE`: the plant decks on offer, and a group's own deck
checked (seed 000 バリエーション 4: 「特別に用意した発電所カードの組み合わせでプレイすることもできます」).

`check` lists every problem at once, one a line, `FILE line N: key: what is wrong; allowed: ...`, as
`referee maps check` does for a board; exit 2 if there is any, 0 with a short summary if none.
"""
from pathlib import Path

from .catalog import CatalogError
from .catalog.deck_check import build_deck
from .catalog.decks import available_decks, load_deck
from .catalog.files import read_toml, shown
from .maps_cli import list_and_check, placed, print_listing, printed_ok


def add_command(sub) -> None:
    list_and_check(sub, "decks", "list the plant decks, or check a deck file (variation 4)",
                   "the shipped plant decks", "check a deck file", run_list, run_check)


def run_list(args) -> int:
    return print_listing(available_decks(), load_deck, lambda d: f"{d.name}\t{len(d.cards)} cards\t{d.source}")


def run_check(args) -> int:
    path = Path(args.file)
    if not printed_ok(path, args.file, check_text):
        return 2
    deck = build_deck(read_toml(path), shown(path))
    new = sum(isinstance(c, str) for c in deck.cards)
    print(f"{args.file}: OK: {deck.name} ({deck.id}): {len(deck.cards)} cards ({new} new), market "
          f"{', '.join(map(str, deck.market))}" + (f", {deck.top} on top" if deck.top is not None else ""))
    return 0


def check_text(path: Path, text: str) -> list:
    """Every problem of the deck file as 'FILE line N: key: what' lines."""
    try:
        build_deck(read_toml(path), shown(path))
    except CatalogError as e:
        return [placed(shown(path), text, line) for line in str(e).splitlines()]
    return []
