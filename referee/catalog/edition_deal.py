"""A game's edition as its setup line plays it: the dealt opening market of Power Grid: Recharged,
the board the edition prints for the map, and the edition's setup options (the Trust).

The table deals the opening market itself (digest /work/shared/recharged.md §1): the setup line's
`dealt` lists the plug plants dealt face up (8); without it a `seed` lets the engine deal (tests,
demos), and the normalised setup keeps what was dealt, so a log replays anywhere. A map with its own
plant setup in seed 001 (a prepared deck, a market by player count, plants set aside) keeps it: the
deal is the base game's setup step, which such a map replaces (a reading, docs/editions.md), unless
the edition gives the map a deal of its own (`[maps.<id>] deal`, digest §7: Russia, Québec, Brazil):
that deal then replaces the map's prepared deck (`[setup] deck`).
"""
import dataclasses
import random

from ..rules.cards import number, ranked
from .checks import is_int, listing
from .edition_boards import board_for
from .edition_options import OPTION_KEYS, options_for
from .errors import CatalogError

EDITION_KEYS = ("dealt", *OPTION_KEYS)   # setup fields an edition reads (docs/actions.md §1.1)
OWN_PLANT_SETUP = ("deck", "market_by_players", "removed_by_players", "aside_until_step2")


def prepare_edition(setup: dict, game_map, edition, original=None) -> tuple:
    """(board, edition, the setup's edition fields normalised) for a setup line; CatalogError saying
    what is wrong. `original`: the original edition's tables, for a map that keeps its own setup."""
    given = [k for k in EDITION_KEYS if k in setup]
    if edition.deal is None and not edition.options:
        if given:
            raise CatalogError(f"{listing(given)}: only with an edition that deals its market "
                               f"(\"edition\": \"recharged\"); this game's edition is {edition.id!r}")
        return game_map, edition, {}
    if setup.get("variation") is not None:
        raise CatalogError(f"the new power plant cards (variation) are played with the original edition, "
                           f"not {edition.id!r}")
    out = {}
    game_map = board_for(game_map, edition, "board" in setup)
    players = setup.get("players")
    seats = len(players) if isinstance(players, list) else 0
    dealing = edition.deal is not None
    game_map, edition = map_deal(game_map, edition, original)
    if dealing and edition.deal is None and "dealt" in setup:
        raise CatalogError(f"dealt: {game_map.name} keeps its own plant setup (seed 001), so nothing is dealt")
    if edition.deal is not None:
        dealt = _dealt(setup, game_map, edition)
        out["dealt"] = dealt
        edition = dataclasses.replace(edition, initial_market=tuple(ranked(dealt)), top_of_deck=None)
    edition, chosen = options_for(setup, edition, seats, game_map)
    out.update(chosen)
    return game_map, edition, out


def map_deal(game_map, edition, original=None) -> tuple:
    """(board, edition) as the edition's deal applies on this map: a map the edition gives a deal of its
    own plays it instead of its seed 001 deck (`own_deal_map`); another map with its own plant setup
    keeps that setup and deals nothing (the `original` edition's opening market and top card)."""
    if edition.deal is None:
        return game_map, edition
    if edition.deal["own"]:
        game_map = own_deal_map(game_map)
    if any(k in game_map.setup for k in OWN_PLANT_SETUP):
        base = original or edition
        edition = dataclasses.replace(edition, deal=None, initial_market=base.initial_market,
                                      top_of_deck=base.top_of_deck)
    return game_map, edition


def deal_offer(game_map, edition, original=None) -> dict | None:
    """What the table deals face up on this board (the edition's, `board_for`; the new-game page asks
    it): {"size": how many plug plants, "plugs": those it deals from, "always": those always among
    them}; None when the map keeps its own plant setup and nothing is dealt (`map_deal`), or the
    edition deals nothing."""
    game_map, edition = map_deal(game_map, edition, original)
    if edition.deal is None:
        return None
    plugs = pool(game_map, edition)
    return {"size": edition.deal["market"], "plugs": plugs, "always": [n for n in edition.deal["always"] if n in plugs]}


OWN_DEAL_REPLACES = ("initial_market", "top_of_deck")   # a map's [overrides] its own deal replaces


def own_deal_map(game_map):
    """The map as an edition with a deal of the map's own plays it: without its seed 001 prepared deck,
    printed opening market (Russia's 3–5 / 7–9) and card on top (France's 11), which the deal replaces
    (the rest of the map's setup, its plants out of the game, stays)."""
    if "deck" not in game_map.setup and not set(OWN_DEAL_REPLACES) & set(game_map.overrides):
        return game_map
    return dataclasses.replace(game_map, setup={k: v for k, v in game_map.setup.items() if k != "deck"},
                               overrides={k: v for k, v in game_map.overrides.items() if k not in OWN_DEAL_REPLACES})


def pool(game_map, edition) -> list:
    """The plug plants the table deals from: the edition's, less those the map removes."""
    gone = set(game_map.setup.get("removed", []))
    return [n for n in edition.deal["plug"] if n not in gone and n in edition.plants]


def _dealt(setup: dict, game_map, edition) -> list:
    offer = deal_offer(game_map, edition)       # map_deal has been applied: the same edition back
    plugs, size = offer["plugs"], offer["size"]
    fixed = offer["always"]     # plants the map always deals face up (France 11, Brazil 6 and 14: digest §7, BG, a reading)
    dealt = setup.get("dealt")
    if dealt is None:
        seed = setup.get("seed")
        if seed is None or isinstance(seed, bool) or not isinstance(seed, int):
            raise CatalogError(f"dealt: give the {size} plug plants dealt face up for the opening market "
                               f"(\"dealt\": [{', '.join(map(str, plugs[:size]))}]), or a 'seed' for the "
                               "engine to deal them")
        rest = [n for n in plugs if n not in fixed]
        return sorted(fixed + random.Random(f"recharged-deal:{seed}").sample(rest, size - len(fixed)))
    if not isinstance(dealt, list) or not all(is_int(n) for n in dealt):
        raise CatalogError(f"dealt: a list of {size} plant numbers, got {dealt!r}")
    wrong = sorted({n for n in dealt if n not in plugs})
    if wrong:
        raise CatalogError(f"dealt: {listing(wrong)} {'is' if len(wrong) == 1 else 'are'} not a plug plant of "
                           f"this game; the opening market is dealt from {listing(plugs)}")
    if len(set(dealt)) != len(dealt):
        raise CatalogError(f"dealt: a plant is listed twice: {dealt}")
    if len(dealt) != size:
        raise CatalogError(f"dealt: {size} plug plants are dealt face up; {len(dealt)} given")
    missing = [n for n in fixed if n not in dealt]
    if missing:
        raise CatalogError(f"dealt: on {game_map.name} " + (f"plant {fixed[0]} is" if len(fixed) == 1 else
                                                             f"plants {listing(fixed)} are")
                           + " always in the opening market")
    return sorted(number(n) for n in dealt)
