"""The physical deck, known only through the draws the table reports.

Before the Step 3 card: 'above' cards lie over it (13 on top), drawn from the 'unseen' plants,
which also hide the plants removed face down at setup; plants put under the deck lie below it
('under', in order). The Step 3 card comes up exactly when nothing is left above it; the deck is
then the plants put under it, shuffled ('shuffled': known contents, unknown order). Plants put
under after that (only in the short game, which stays in Step 1) lie below them, in order.
A deck the map prepares in its own order is `deck["prepared"]` (prepared.py), drawn first.
"""
from . import backs, cards, prepared
from .context import STEP3
from .errors import ImpossibleDraw, BadAction
from .events import event, listing


def possible_draws(deck: dict) -> list:
    if deck.get("prepared"):
        return prepared.possible(deck)
    if deck["step3_drawn"]:
        hidden = prepared.pool(deck) if deck.get("hidden") else []
        return cards.ranked(deck["shuffled"] + hidden) or deck["under"][:1]
    if deck["above"] == 0:
        return [STEP3]
    if deck["top"] is not None:
        return [deck["top"]]
    if deck.get("backs"):   # Recharged: the plug card on top, then the body by its backs (backs.py)
        return backs.possible(deck)
    return list(deck["unseen"])


def is_empty(deck: dict) -> bool:
    return (deck["step3_drawn"] and not deck["shuffled"] and not deck["under"] and not deck.get("hidden")
            and not deck.get("prepared"))


def cards_left(deck: dict) -> int:
    """How many cards the deck still holds (the Step 3 card counts until it is drawn)."""
    if "prepared" in deck:
        return sum(p["count"] for p in deck["prepared"]) + len(deck["shuffled"] or []) + deck.get("hidden", 0) \
            + len(deck["under"])
    if deck["step3_drawn"]:
        return len(deck["shuffled"]) + len(deck["under"])
    return deck["above"] + 1 + len(deck["under"])


def parse_card(card):
    if card == STEP3 or (isinstance(card, str) and card.strip().lower().replace(" ", "") in ("step3", "3rd")):
        return STEP3
    if isinstance(card, bool) or not isinstance(card, (int, str)) or (
            isinstance(card, str) and cards.new_id(card) is None):
        raise BadAction(f"a drawn card is a plant number or \"step3\" (a new card as \"13+\"), not {card!r}")
    return cards.plant_id(card, "a drawn card")


def take(deck: dict, card) -> list:
    """Remove a drawn card from the deck, or raise ImpossibleDraw saying what could come up."""
    possible = possible_draws(deck)
    if card not in possible:
        raise ImpossibleDraw(impossible_reason(deck, card, possible))
    if deck.get("prepared"):
        return prepared.take(deck, card)
    events = []
    if card == STEP3:
        deck["step3_drawn"] = True
        deck["shuffled"] = cards.ranked(deck["under"])
        deck["under"] = []
        events.append(event("deck_shuffled", f"Step 3 card drawn: the {len(deck['shuffled'])} plants "
                            "under it are shuffled and form the deck", deck=deck["shuffled"]))
    elif deck["step3_drawn"] and card not in deck["shuffled"] and deck.get("hidden"):
        prepared.take_hidden(deck, card)
    elif deck["step3_drawn"]:
        (deck["shuffled"] or deck["under"]).remove(card)
    else:
        if deck.get("backs"):
            backs.took(deck, card)
        deck["unseen"].remove(card)
        deck["above"] -= 1
        deck["top"] = backs.known_top(deck) if deck.get("backs") else None
        if deck["above"] == 0 and deck["removed_unseen"]:
            events.append(event("setup_removals_known", "Every card above the Step 3 card has been drawn, so "
                                f"the plants removed at setup were {listing(deck['unseen'])}",
                                plants=list(deck["unseen"])))
    if deck.get("backs"):
        deck["backs"]["next"] = backs.next_backs(deck, possible_draws(deck))
    return events


def impossible_reason(deck: dict, card, possible: list) -> str:
    shown = "Step 3" if card == STEP3 else f"plant {card}"
    if card == STEP3:
        why = f"{deck['above']} card(s) still lie above the Step 3 card" if not deck["step3_drawn"] \
            else "the Step 3 card has already been drawn"
    elif deck["top"] is not None and card != deck["top"]:
        why = f"plant {deck['top']} lies on top of the deck"
    elif not deck["step3_drawn"] and deck["above"] == 0:
        why = "only the Step 3 card is left above the plants put under it"
    elif deck.get("backs") and not deck["step3_drawn"] and card in deck["unseen"]:
        why = f"the next card shows a {' or '.join(deck['backs']['next'])} back" \
            if backs.back(deck, card) not in deck["backs"]["next"] else \
            "the plants never removed at setup fill what is left of that back there"
    else:
        why = "it is not in the deck (already seen, in a market, owned or removed)"
    allowed = "the deck is empty" if not possible else "possible: " + ", ".join(
        "Step 3" if c == STEP3 else str(c) for c in possible)
    return f"{shown} cannot be drawn: {why}; {allowed}"


DRAW_CAUSES = {"bought": "", "cities": "", "no_sale": "", "step2": " (Step 2)", "end_of_round": " (end of round)",
               "first_pass": " (the first player passed)", "discount": " (it went under the discounted plant)",
               "discount_unsold": " (the discounted plant was not bought)", "trust": " (the Trust took it)"}


def replacement(plant, cause: str) -> dict:
    """The queued draw that replaces a plant gone from the market; `replacing` and `cause` (a key
    of DRAW_CAUSES) say why for renderers, `reason` says it in English."""
    return {"task": "draw", "reason": f"replace plant {plant}{DRAW_CAUSES[cause]}", "replacing": plant, "cause": cause}


def put_under(deck: dict, plant: int) -> None:
    """End of a round in Steps 1–2: the plant goes under the deck (under the Step 3 card)."""
    deck["under"].append(plant)
