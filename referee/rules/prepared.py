"""A deck the map prepares in a given order (seed 001 「発電所の山札」), known only through the draws.

Some maps build the deck from parts: known cards in a set order (Quebec 22, 18, 13), known cards
shuffled together (Brazil 19, 24, 30, 38), some random cards shuffled in with known ones (Russia
10, 11 and three others), the Step 3 card among other cards (China) or above some of them (British
Isles: third from the bottom). Such a deck is `deck["prepared"]`: its parts from the top down, each
`{"cards": known plants in it, "count": cards in it, "step3": the Step 3 card is one of them}`; the
rest of a part's count are *pool* cards: unseen plants not named in any part (the setup's
face-down removals hide among them). `deck["hidden"]` counts pool cards that lay below the Step 3
card and are shuffled with the plants put under it once it comes up. `top` and `above` are kept
as in the base deck (deck.py): the known top card, and the cards above the Step 3 card's part.
A map without a prepared deck never has these keys, and deck.py plays the base deck.
"""
from .cards import ranked
from .context import STEP3
from .events import event, listing


def build(spec: list, deck_plants: list, removed_unseen: int) -> list:
    """The parts of a deck from the map's `[setup] deck` list; plants not in `deck_plants` (in the
    market or removed) are skipped. "rest" is every plant not named, less the random removals."""
    named = {c for item in spec for c in (item if isinstance(item, list) else [item]) if isinstance(c, int)}
    randoms = sum((item if isinstance(item, list) else [item]).count("random") for item in spec)
    rest = len([n for n in deck_plants if n not in named]) - removed_unseen - randoms
    parts = []
    for item in spec:
        group = item if isinstance(item, list) else [item]
        if group == ["rest"]:
            parts.append({"cards": [], "count": rest, "step3": False})
            continue
        cards = sorted(c for c in group if isinstance(c, int) and c in deck_plants)
        step3 = "step3" in group
        count = len(cards) + step3 + group.count("random")
        if count:
            parts.append({"cards": cards, "count": count, "step3": step3})
    return parts


def pool(deck: dict) -> list:
    named = {c for part in deck["prepared"] for c in part["cards"]}
    return [c for c in deck["unseen"] if c not in named]


def free(part: dict) -> int:
    return part["count"] - len(part["cards"]) - part["step3"]


def unseen_in_deck(deck: dict) -> int:
    """How many unseen plants still lie in the deck (the rest of `unseen` were removed at setup)."""
    return sum(p["count"] - p["step3"] for p in deck["prepared"]) + deck.get("hidden", 0)


def possible(deck: dict) -> list:
    part = deck["prepared"][0]
    plants = set(part["cards"]) | (set(pool(deck)) if free(part) else set())
    return ranked(plants) + ([STEP3] if part["step3"] else [])


def take(deck: dict, card) -> list:
    """Draw `card` from the first part; the Step 3 card ends the prepared deck: everything below it
    is shuffled with the plants put under the deck."""
    part = deck["prepared"][0]
    events = []
    before = unseen_in_deck(deck)
    part["count"] -= 1
    if card == STEP3:
        part["step3"] = False
        below = deck["prepared"]
        deck["prepared"] = []
        deck["step3_drawn"] = True
        known = [c for p in below for c in p["cards"]]
        deck["shuffled"] = ranked(deck["under"] + known)
        deck["unseen"] = [c for c in deck["unseen"] if c not in known]
        deck["hidden"] = sum(free(p) for p in below)
        deck["under"] = []
        events.append(event("deck_shuffled", f"Step 3 card drawn: the {len(deck['shuffled']) + deck['hidden']} "
                            "cards under it are shuffled and form the deck", deck=deck["shuffled"],
                            hidden=deck["hidden"]))
    else:
        if card in part["cards"]:
            part["cards"].remove(card)
        deck["unseen"].remove(card)
    if deck["prepared"] and not part["count"]:
        deck["prepared"].pop(0)
    derive(deck)
    if deck["removed_unseen"] and before and unseen_in_deck(deck) == 0:
        events.append(event("setup_removals_known", "Every card above the Step 3 card has been drawn, so "
                            f"the plants removed at setup were {listing(deck['unseen'])}",
                            plants=list(deck["unseen"])))
    return events


def take_hidden(deck: dict, card) -> None:
    """After the Step 3 card: a pool card that lay below it comes up."""
    deck["unseen"].remove(card)
    deck["hidden"] -= 1


def put_on_top(deck: dict, cards: list) -> None:
    """Known cards placed on top of the deck, the first topmost (Spain & Portugal at Step 2)."""
    deck.setdefault("prepared", [])
    deck["prepared"][0:0] = [{"cards": [c], "count": 1, "step3": False} for c in cards]
    deck["unseen"] = ranked(deck["unseen"] + list(cards))
    derive(deck)


def derive(deck: dict) -> None:
    """`top` and `above` as the base deck reports them."""
    parts = deck["prepared"]
    first = parts[0] if parts else None
    deck["top"] = first["cards"][0] if first and first["count"] == 1 and first["cards"] else None
    if not deck["step3_drawn"]:
        deck["above"] = 0
        for p in parts:
            if p["step3"]:
                break
            deck["above"] += p["count"]
