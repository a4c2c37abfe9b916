"""Plant decks as data: maps/decks/*.toml (the base game's cards, seed 000's new cards, a group's own).

A deck is its cards (number, kind, cubes per run, cities) and, for a game played with it alone
(variation 4), its starting market and the card on top of the deck. Loaded once per file version.
"""
from pathlib import Path

from .deck_check import build_deck
from .errors import CatalogError
from .files import BUILTIN_EDITIONS, cached, locate, maps_dir, read_toml, shown
from .model import Deck


_cache: dict[Path, tuple[tuple, Deck]] = {}


def _deck_dirs() -> list[Path]:
    """The maps folder's decks, then the shipped ones (a folder of one's own maps may have none)."""
    return list(dict.fromkeys([maps_dir() / "decks", BUILTIN_EDITIONS.parent / "decks"]))


def available_decks() -> list[str]:
    return sorted({p.stem for d in _deck_dirs() if d.is_dir() for p in d.glob("*.toml")})


def load_deck(name_or_path) -> Deck:
    """A shipped deck by id, or any deck file by path (cached per file version)."""
    path = _locate(name_or_path)
    shipped = {d.resolve() for d in _deck_dirs()}
    return cached(_cache, path, lambda real: build_deck(
        read_toml(real), shown(path), expect_id=real.stem if real.parent in shipped else None))


def deck_from_data(data, where: str) -> Deck:
    """A deck carried in a game's setup line (its file as JSON), so the log plays anywhere."""
    if not isinstance(data, dict):
        raise CatalogError(f"{where}: a deck is a deck file's contents as an object (docs/decks.md)")
    return build_deck(data, where)


def plants_table(deck: Deck) -> dict:
    """The deck's cards as an edition's [plants] table (maps/editions/*.toml `deck = "base"`)."""
    return {str(c): {"kind": p.kind, "accepts": list(p.accepts), "burns": p.burns, "powers": p.powers}
            for c, p in deck.cards.items()}


def _locate(x) -> Path:
    return locate(x, "a deck", _deck_dirs(), available_decks)
