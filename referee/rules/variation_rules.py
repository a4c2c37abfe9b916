"""The engine's part of seed 000's variations: in variation 2 (old and new cards mixed) the first
card of a number turned up leaves the game and the second goes to the market (「ゲーム中、各番号の
発電所について、1 枚目にめくられた発電所はゲームから除外し、2 枚目にめくられた発電所は発電所市場に
置きます」). The removed card is known to all (「プレイヤーは除外された発電所を見ることができます」).
"""
from . import cards
from .events import event


def in_deck(deck: dict, card) -> bool:
    """Whether the card still lies in the deck (never seen, or put under it)."""
    return card in deck["unseen"] or card in deck["under"] or card in (deck["shuffled"] or [])


def first_of_number(state: dict, ctx, card) -> list:
    """A drawn plant whose twin is still in the deck is the first of its number: it leaves the game
    and the draw stays due. Other variations, and a card whose twin has been seen, go on as usual."""
    variation = ctx.variation
    if variation is None or not variation.first_of_number or not in_deck(state["deck"], cards.twin(card)):
        return []
    state["removed"].append(card)
    return [event("first_of_number_removed", f"Plant {card} is the first card of number {cards.number(card)} "
                  f"turned up: it leaves the game (plant {cards.twin(card)} is still in the deck); draw again",
                  plant=card, twin=cards.twin(card))]
