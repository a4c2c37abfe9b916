"""Seed 000's four ways to play the new power plant cards (maps/variations/new_cards.toml), as a game's
board, edition tables and variation: the cards in play, the starting market, the card on top, the
plants known to be out of the game and, in variation 3, the cities chosen one by one.

The setup line carries everything the table turned up (variation 2's market and pairs), so a log
replays anywhere; the engine then needs only `Variation.first_of_number` (rules/variation_rules.py).
"""
import dataclasses
from dataclasses import dataclass
from pathlib import Path

from ..rules.cards import number, parse_id, ranked, twin
from .checks import is_int, listing
from .decks import BUILTIN_EDITIONS, available_decks, deck_from_data, load_deck
from .errors import CatalogError
from .files import read_toml, stamp
from .model import Area

CHOSEN = "chosen"   # the one play area of a game whose cities are chosen one by one (variation 3)
VARIATION_KEYS = ("variation", "deck", "market", "removed_pairs", "unpaired", "cities")
FILE = BUILTIN_EDITIONS.parent / "variations" / "new_cards.toml"


@dataclass(frozen=True)
class Variation:
    number: int
    deck: str = ""                  # the deck's name, variation 4
    first_of_number: bool = False   # variation 2: the first card of a number turned up leaves the game
    cities: int = 0                 # variation 3: cities chosen one by one (0: areas are chosen)
    removed: tuple = ()             # cards out of the game from the start, known to all


_cache: dict = {}


def variations() -> dict:
    """{number: its table in maps/variations/new_cards.toml}."""
    key = stamp(FILE)
    if _cache.get("stamp") != key:
        _cache.update(stamp=key, data={int(k): v for k, v in read_toml(FILE).items()})
    return _cache["data"]


def prepare(setup: dict, game_map, edition, house=None) -> tuple:
    """(board, edition, Variation or None, the setup's variation fields normalised) for a setup line
    (`house`: the house readings chosen other than the default, catalog/readings.py); CatalogError
    saying what is wrong."""
    house = house or {}
    given = setup.get("variation")
    if given is None:
        stray = [k for k in VARIATION_KEYS[1:] if k in setup]
        if stray:
            raise CatalogError(f"{listing(stray)}: only with a variation (\"variation\": 1 to 4, seed 000)")
        return game_map, edition, None, {}
    spec = _spec(given)
    allowed = {"deck": spec.get("own_deck"), "market": spec.get("market_numbers"),
               "removed_pairs": spec.get("market_numbers"), "cities": spec.get("choose_cities"),
               "unpaired": spec.get("market_numbers") and house.get("variation_2_unpaired") == "out"}
    stray = [k for k, ok in allowed.items() if k in setup and not ok]
    if stray:
        more = " without the house reading variation_2_unpaired = out" if stray == ["unpaired"] else ""
        raise CatalogError(f"{listing(stray)}: not a field of variation {given}{more}")
    players = setup.get("players")
    seats = len(players) if isinstance(players, list) else 0
    out = {"variation": given}
    edition, variation, removed = tables(given, game_map, edition, seats, setup.get("deck"), out, house)
    if spec.get("market_numbers"):
        market, known = _turned_up(spec, setup, edition.plants, edition.player_counts.get(seats), out, house)
        removed += known
        counts = {n: dataclasses.replace(row, removed=0) for n, row in edition.player_counts.items()}  # all known
        edition = dataclasses.replace(edition, initial_market=tuple(ranked(market)), player_counts=counts)
    if spec.get("choose_cities"):
        game_map = chosen_board(game_map, setup.get("cities"), variation.cities, out)
    elif "areas" not in setup:
        raise CatalogError(f"variation {given}: choose the play areas (\"areas\")")
    return game_map, edition, dataclasses.replace(variation, removed=tuple(ranked(removed))), out


def tables(given: int, game_map, edition, seats: int, deck=None, out=None, house=None) -> tuple:
    """(edition, Variation, plants out of the game by map) of a variation on a board for a player count,
    before anything is turned up: what the printed aid shows, and what a game's setup starts from
    (`house`: the house readings chosen other than the default)."""
    spec = _spec(given)
    house = house or {}
    map_removed = map_removed_by(spec, game_map, house)
    if game_map.setup and map_removed is None:
        raise CatalogError(f"variation {given} cannot be played on {game_map.name}: the map prepares its own plants "
                           "(seed 001); play it on a map without its own plant setup")
    plants, market, top, deck_name = _cards(spec, deck, edition, {} if out is None else out, house)
    removed = list(map_removed or [])
    counts = dict(edition.player_counts)
    if spec.get("choose_cities"):
        counts = {n: dataclasses.replace(counts[n], areas=1, removed=row["removed"], step2=row["step2"],
                                         end=row["end"]) for n, row in _rows(spec).items() if n in counts}
    edition = dataclasses.replace(edition, plants=plants, initial_market=tuple(ranked(market)),
                                  top_of_deck=None if top in removed else top, player_counts=counts)
    variation = Variation(given, deck_name, bool(spec.get("first_of_number")),
                          _rows(spec).get(seats, {}).get("cities", 0))
    return edition, variation, removed


def map_removed(variation, game_map):
    """The plants a variation (a number or a Variation) puts out of the game on this board in place of the
    map's own (seed 000: on France variation 1 removes 11, and the map's 13 is not among the new cards);
    None where the map's own stand."""
    given = getattr(variation, "number", variation)
    return None if given is None else map_removed_by(_spec(given), game_map, {})


def map_removed_by(spec, game_map, house) -> list | None:
    """The variation's plants out of the game on this board; on France with variation 1 the house reading
    france_variation_1 = eleven_and_thirteen keeps the map's own 13 out too, as 13+ (docs/rules-notes.md)."""
    removed = spec.get("map_removed", {}).get(game_map.id)
    if removed is not None and house.get("france_variation_1") == "eleven_and_thirteen":
        removed = [*removed, "13+"]
    return removed


def _spec(given) -> dict:
    table = variations()
    if not is_int(given) or given not in table:
        raise CatalogError(f"variation: {given!r}; allowed: {listing(table)} (seed 000 新発電所カード)")
    return table[given]


def cities_needed(given: int, players: int) -> int:
    """How many cities a variation has the table choose one by one for this many players (0: areas)."""
    return _rows(_spec(given)).get(players, {}).get("cities", 0) if _spec(given).get("choose_cities") else 0


def _rows(spec) -> dict:
    return {int(n): row for n, row in spec.get("player_counts", {}).items()}


def _cards(spec, given_deck, edition, out, house=None) -> tuple:
    """(cards in play, market, top card, deck name) of the variation, or of the setup's own deck."""
    if spec.get("own_deck"):
        deck, out["deck"] = _own_deck(given_deck)
        market, top = list(deck.market), deck.top
        if not deck.market_given and (house or {}).get("variation_4_market") == "three_to_ten":
            market = _three_to_ten(deck)
        if top is None and (house or {}).get("variation_4_top") == "thirteen":
            top = next((c for c in (13, "13+") if c in deck.cards and c not in market), None)
        return dict(deck.cards), market, top, deck.name
    plants = {}
    for deck_id, which in spec["cards"].items():
        cards = load_deck(deck_id).cards
        plants.update(cards if which == "all" else {c: cards[c] for c in which})
    for card in spec.get("leave_out", []):
        plants.pop(card, None)
    top = spec["top"] if "top" in spec else None if spec.get("market_numbers") else edition.top_of_deck
    return plants, list(spec.get("market", edition.initial_market)), top, ""


def _three_to_ten(deck) -> list:
    """The house reading variation_4_market = three_to_ten: the base game's market, one card of each number
    3–10 (the lower ranked where a number has two), for a deck file that names no market."""
    market = []
    for n in range(3, 11):
        card = next((c for c in (n, f"{n}+") if c in deck.cards), None)
        if card is None:
            raise CatalogError(f"variation 4: the house reading variation_4_market = three_to_ten lays out plants 3–10, "
                               f"but the deck {deck.name} has no plant {n}")
        market.append(card)
    return market


def _own_deck(given) -> tuple:
    """Variation 4: (the deck, as the normalised setup keeps it): a shipped deck by its id, a file by
    its path (carried in the log as data, so the log replays anywhere) or that data."""
    if given is None:
        raise CatalogError("variation 4: name the deck (\"deck\": a deck id such as \"new\", a deck file, or its "
                           "contents)")
    if isinstance(given, dict):
        return deck_from_data(given, "the setup's deck"), given
    if not isinstance(given, str) or not given.strip():
        raise CatalogError(f"deck: {given!r}; allowed: a deck id ({listing(available_decks())}), a file or its "
                           "contents")
    deck = load_deck(given)
    if given.strip().lower() in available_decks():
        return deck, given.strip().lower()
    return deck, read_toml(Path(given))


def _turned_up(spec, setup, plants, row, out, house=None) -> tuple:
    """Variation 2 (seed 000): the 14 cards 1–8 are turned up one by one; the first of each number
    leaves the game, the second goes to the market (1 and 2 have one card each). Then cards are turned
    up until as many pairs of one number as the player count removes are out: both leave the game
    (the market's cards are ignored). The setup names the market and the pairs the table turned up."""
    numbers = spec["market_numbers"]
    given = setup.get("market")
    example = [f"{n}+" if f"{n}+" in plants and n not in plants else n for n in numbers]
    if not isinstance(given, list):
        raise CatalogError(f"variation 2: market lists the {len(numbers)} plants that went to the market, one of "
                           f"each number {numbers[0]}–{numbers[-1]}, e.g. {example}")
    market = [_card(c, plants, "market") for c in given]
    if sorted(number(c) for c in market) != numbers:
        raise CatalogError(f"variation 2: market {given} must hold one plant of each number {numbers[0]}–{numbers[-1]}")
    out["market"] = ranked(market)
    known = [twin(c) for c in market if twin(c) in plants]
    pairs = setup.get("removed_pairs", [])
    house = house or {}
    wanted = row.removed if row is not None else 0
    as_cards = house.get("variation_2_removal") == "cards"
    if as_cards:     # the count is in cards, two a pair
        wanted //= 2
    if not isinstance(pairs, list) or len(pairs) != wanted or not all(is_int(n) for n in pairs) \
            or len(set(pairs)) != len(pairs):
        reading = " (house reading variation_2_removal = cards: the count removes cards, two a pair)" if as_cards else ""
        raise CatalogError(f"variation 2: removed_pairs lists the {wanted} numbers whose two cards were turned up and "
                           f"removed at setup for this player count (seed 000){reading}; got {pairs!r}")
    for n in pairs:
        if n in numbers or n not in plants or f"{n}+" not in plants:
            raise CatalogError(f"variation 2: removed_pairs: {n} has no pair of cards left in the deck")
        known += [n, f"{n}+"]
    if pairs:
        out["removed_pairs"] = sorted(pairs)
    if house.get("variation_2_unpaired") == "out":
        known += _unpaired(setup.get("unpaired", []), plants, known + list(market), out)
    return market, known


def _unpaired(given, plants, seen, out) -> list:
    """The house reading variation_2_unpaired = out: the single cards turned up during the search for pairs
    left the game too, as the first card of a number does in play (seed 000); the setup names them."""
    if not isinstance(given, list):
        raise CatalogError(f"variation 2: unpaired lists the cards turned up singly while pairs were searched, e.g. "
                           f"[11, \"24+\"]; got {given!r}")
    cards = [_card(c, plants, "unpaired") for c in given]
    for card in cards:
        if card in seen or cards.count(card) > 1:
            raise CatalogError(f"variation 2: unpaired: {card} is already out of the deck (in the market, removed, or "
                               "listed twice)")
        if twin(card) in cards:
            raise CatalogError(f"variation 2: unpaired: {card} and {twin(card)} are a pair: list the number in removed_pairs")
    if cards:
        out["unpaired"] = ranked(cards)
    return cards


def _card(value, plants, key):
    card = value if is_int(value) else parse_id(value) if isinstance(value, str) else None
    if is_int(card) and card not in plants and f"{card}+" in plants:   # 1 and 2 have only the new card
        card = f"{card}+"
    if card not in plants:
        raise CatalogError(f"variation 2: {key}: {value!r} is not a card of this game (a new card is written \"3+\")")
    return card


def chosen_board(game_map, cities, count, out):
    """Variation 3: the board with the chosen cities as its one play area, CHOSEN (seed 000:
    「表に示された数の都市を直接選択し、選択されなかった都市はゲームでは使用しません」). They must be
    joined by the board's connections, as the areas of the base game must be."""
    if any("areas" in params for params in game_map.rules.values() if isinstance(params, dict)):
        raise CatalogError(f"variation 3 cannot be played on {game_map.name}: its own rules go by area")
    if not isinstance(cities, list) or (count and len(cities) != count):
        raise CatalogError(f"variation 3: choose {count or 'the'} cities one by one (\"cities\": [...]) instead of "
                           f"areas; got {len(cities) if isinstance(cities, list) else 'none'}")
    try:
        chosen = [game_map.resolve_city(c) for c in cities]
    except ValueError as e:
        raise CatalogError(f"variation 3: {e}") from None
    if not chosen or len(set(chosen)) != len(chosen):
        raise CatalogError("variation 3: a city is chosen twice")
    links = {c: set() for c in chosen}
    for c in game_map.connections:
        if c.a in links and c.b in links:
            links[c.a].add(c.b)
            links[c.b].add(c.a)
    seen, todo = {chosen[0]}, [chosen[0]]
    while todo:
        for n in links[todo.pop()] - seen:
            seen.add(n)
            todo.append(n)
    if len(seen) != len(chosen):
        raise CatalogError(f"variation 3: the chosen cities must be joined by connections among them; cut off: "
                           f"{listing(sorted(set(chosen) - seen))}")
    out["cities"] = chosen
    picked = {c: dataclasses.replace(game_map.cities[c], area=CHOSEN) for c in chosen}
    return dataclasses.replace(game_map, areas={**game_map.areas, CHOSEN: Area(CHOSEN, "Chosen cities", "#888888")},
                               cities={**game_map.cities, **picked})
