"""Plant cards by id: a number (13) for a base-game card, the number and a plus ("13+") for a card of
seed 000's new power plant cards (新発電所カード), so both cards of a number can be in one game.

A card's number sets its minimum bid, the cities it is removed at and the turn order; between two
cards of one number the new card ranks higher (seed 000 バリエーション 3: 「+ のついた新発電所の方を番号の
大きな発電所と見なします」). A fact may name a card by its number alone when the game holds one card
of that number (docs/actions.md).
"""
from .context import STEP3
from .errors import BadAction
from .fields import whole


def is_new(card) -> bool:
    return isinstance(card, str) and card.endswith("+")


def number(card) -> int:
    return int(card[:-1]) if is_new(card) else card


def rank(card):
    """The market's order: by number, a new card above the base card of its number, Step 3 last."""
    return (float("inf"), 0) if card == STEP3 else (number(card), is_new(card))


def ranked(cards) -> list:
    return sorted(cards, key=rank)


def twin(card):
    """The other card of the same number."""
    return number(card) if is_new(card) else f"{card}+"


def parse_id(text: str):
    """A card id from its written form ("13", "13+"), or None when the text is no card."""
    body = text.strip()[:-1] if text.strip().endswith("+") else text.strip()
    if not (body.isascii() and body.isdigit()) or len(body) > 4:
        return None
    return f"{int(body)}+" if text.strip().endswith("+") else int(body)


def new_id(value):
    """A new card's id as a fact writes it ("13+"); None for anything else (a number as text is no id:
    numbers are JSON integers)."""
    return parse_id(value) if isinstance(value, str) and value.strip().endswith("+") else None


def plant_id(value, label: str, plants=None):
    """A plant named in a fact: a whole number, or a new card's id ("13+"). With the game's cards,
    a plain number whose only card is the new one means that card."""
    if isinstance(value, str):
        card = new_id(value)
        if card is None:
            raise BadAction(f"{label} is a plant number such as 13, or \"13+\" for a new card; got {value!r}")
    else:
        card = whole(value, label)
    if plants is not None and card not in plants and not is_new(card) and f"{card}+" in plants:
        return f"{card}+"
    return card


def canonical(action: dict, plants) -> dict:
    """The fact with every plant it names written as the game's card id (13, or "13+" where the game
    holds only the new 13), so the rules compare ids. Games of base cards only keep their facts as
    entered."""
    if not any(is_new(c) for c in plants):
        return action

    def one(v):
        card = new_id(v) if isinstance(v, str) else v if isinstance(v, int) and not isinstance(v, bool) else None
        if card is None:
            return v
        return f"{card}+" if card not in plants and not is_new(card) and f"{card}+" in plants else card

    out = dict(action)
    for field in ("plant", "card"):
        if field in out and out[field] != STEP3 and not (isinstance(out[field], str)
                                                          and out[field].strip().lower() in ("step3", "3rd")):
            out[field] = one(out[field])
    if isinstance(out.get("plants"), list):
        out["plants"] = [one(v) for v in out["plants"]]
    if isinstance(out.get("moves"), list):
        out["moves"] = [{**m, **{k: one(m[k]) for k in ("from", "to") if k in m}} if isinstance(m, dict) else m
                        for m in out["moves"]]
    return out
