"""Turn a parsed deck TOML (maps/decks/*.toml) into a Deck, reporting every problem of the file.

Each message starts with the key it is about (`cards."13+"`, `market`), so `referee decks check`
can name the line, as `referee maps check` does for a board.
"""
import re

from ..rules.cards import parse_id, rank
from .checks import Problems, is_int, listing
from .edition_check import KINDS, RESOURCES
from .model import Deck, Plant

DECK_KEYS = ("id", "name", "source", "market", "top", "higher", "cards")
CARD_KEYS = ("kind", "burns", "powers")
DECK_ID = re.compile(r"^[a-z0-9_]+$")
CARD_ID = re.compile(r"^[0-9]{1,3}\+?$")
MARKET_SIZE = 8


def accepts(kind: str) -> tuple:
    """The resources a plant of this kind stores and burns (RULES.md Components)."""
    return ("coal", "oil") if kind == "hybrid" else (kind,) if kind in RESOURCES else ()


def build_deck(data: dict, where: str, expect_id: str | None = None):
    p = Problems(where)
    p.unknown_keys(data, DECK_KEYS, "")
    for key in ("id", "name", "source", "cards"):
        if key not in data:
            p.add(f"missing required key '{key}'")
    ident = data.get("id")
    if "id" in data and not (isinstance(ident, str) and DECK_ID.match(ident)):
        p.add(f"id: {ident!r} must be lower-case ascii letters, digits or '_'")
    elif expect_id is not None and ident is not None and ident != expect_id:
        p.add(f"id: '{ident}' must match the file name '{expect_id}.toml'")
    for key, what in (("name", "the deck's name shown to players"), ("source", "where the card values come from")):
        if key in data and not (isinstance(data[key], str) and data[key].strip()):
            p.add(f"{key}: must be non-empty text ({what}), got {data[key]!r}")
    cards, named = _cards(p, data.get("cards"), Plant)
    market = _ids(p, "market", data.get("market"), named)
    if isinstance(data.get("market"), list) and len(data["market"]) != MARKET_SIZE:
        p.add(f"market: {len(data['market'])} cards listed; allowed: {MARKET_SIZE} (the current and future market)")
    if market is None or "market" not in data:
        market = sorted(cards, key=rank)[:MARKET_SIZE]
    top = data.get("top")
    if top is not None:
        card = _card_id(top)
        if card not in named or card in market:
            p.add(f"top: {top!r} must be a card of [cards] that is not in the market")
        top = card
    higher = _higher(p, data.get("higher"), named)
    if named and len(named) <= len(market):
        p.add(f"cards: {len(named)} cards leave no deck after the {len(market)} of the market; allowed: more")
    p.raise_if_any()
    return Deck(id=ident, name=data["name"], source=data["source"], cards=cards, market=tuple(market), top=top,
                higher=tuple(higher), where=where,
                market_given="market" in data)


def _card_id(value):
    """A card id from a TOML value: 13, "13" or "13+"; None when it is none of these."""
    if is_int(value):
        return value
    return parse_id(value) if isinstance(value, str) and CARD_ID.match(value.strip()) else None


def _cards(p, raw, Plant) -> tuple:
    """(card id -> Plant for the good cards, every card id named): a card with a bad value is
    reported once, not again where the market or `top` names it."""
    if raw is None:
        return {}, set()
    if not isinstance(raw, dict) or not raw:
        p.add('cards: must be a table of cards, e.g. [cards] "13+" = { kind = "hybrid", burns = 1, powers = 2 }')
        return {}, set()
    out, named = {}, set()
    for key, row in raw.items():
        label = f'cards."{key}": '
        card = _card_id(key)
        if card is None or (card if is_int(card) else int(card[:-1])) < 1:
            p.add(f"{label}a card is its number, with a + for a new card (\"13\", \"13+\")")
            continue
        if card in named:
            p.add(f"{label}the card is listed twice (\"13\" and 13 are one card)")
            continue
        named.add(card)
        if not isinstance(row, dict) or set(row) != set(CARD_KEYS):
            got = listing(row) if isinstance(row, dict) else repr(row)
            p.add(f"{label}needs exactly {listing(CARD_KEYS)}; got {got or 'nothing'}")
            continue
        kind, burns, powers = (row[k] for k in CARD_KEYS)
        if kind not in KINDS:
            p.add(f"{label}kind {kind!r} is not one of {listing(KINDS)}")
            continue
        green = not accepts(kind)
        if not is_int(burns) or burns < 0 or (burns == 0) != green:
            p.add(f"{label}burns {burns!r}; allowed for {kind} plants: " + ("0" if green else "1 or more"))
            continue
        if not is_int(powers) or powers < 1:
            p.add(f"{label}powers {powers!r} must be a whole number ≥ 1 (cities powered)")
            continue
        out[card] = Plant(card, kind, accepts(kind), burns, powers)
    return out, named


def _ids(p, key, raw, cards):
    if raw is None:
        return None
    if not isinstance(raw, list) or not raw:
        p.add(f"{key}: must be a list of cards of [cards], e.g. [\"1+\", \"2+\"]")
        return None
    out = []
    for value in raw:
        card = _card_id(value)
        if card not in cards:
            p.add(f"{key}: {value!r} is not a card of [cards]")
        elif card in out:
            p.add(f"{key}: {value!r} is listed twice")
        else:
            out.append(card)
    return out


def _higher(p, raw, cards) -> list:
    """Both cards of a number in one deck need a declared order; the engine ranks the new card
    higher (seed 000 バリエーション 3: 「+ のついた新発電所の方を番号の大きな発電所と見なします」)."""
    doubled = sorted({c for c in cards if isinstance(c, str) and int(c[:-1]) in cards}, key=rank)
    given = _ids(p, "higher", raw, cards) or []
    for card in given:
        if card not in doubled:
            p.add(f"higher: {card!r}: only one card of its number is in the deck, so it needs no order"
                  if isinstance(card, str) or f"{card}+" not in cards else
                  f"higher: {card!r}: the new card of a number ranks higher (seed 000); allowed: \"{card}+\"")
    missing = [c for c in doubled if c not in given]
    if missing:
        p.add(f"higher: both cards of {listing(int(c[:-1]) for c in missing)} are in the deck; declare which ranks "
              f"higher: higher = [{', '.join(f'{chr(34)}{c}{chr(34)}' for c in missing)}]")
    return given
