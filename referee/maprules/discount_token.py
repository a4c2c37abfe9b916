"""Power Grid: Recharged: the discount token (an edition rule, maps/editions/recharged.toml).

The digest /work/shared/recharged.md §2 (rulebook p.4 as TL and SJ paraphrase it; BG, BZ agree):
1. At the start of every auction phase the token goes on the lowest plant of the current market
   (`discount_placed`); that plant's lowest bid is 1 Elektro, not its number.
2. Bought, the token leaves the market for the round (`discount_bought`).
3. While it lies on its plant, a plant drawn into the market in the auction phase lower than the
   discounted plant leaves the game with the token, and one more card is drawn at once
   (`discount_undercut`, draw cause `discount`); that draw is not checked again (the token is gone)
   and the formerly discounted plant is an ordinary plant again.
4. At the end of the auction phase a discounted plant nobody bought leaves the game and a card is
   drawn for it (`discount_unsold`, draw cause `discount_unsold`), before a Step 3 card drawn in that
   phase takes its lowest plant. The original's "nobody bought a plant: remove the lowest" is not
   in Recharged (digest §2, §8.9): this removal covers it, so the base one is dropped.
The token is kept as state["map"]["discount"] (the plant it lies on, or None).

No parameters.
"""
from ..rules import plant_market
from ..rules.cards import rank
from ..rules.deck import replacement
from ..rules.events import event
from . import unknown


def check(params: dict, game_map) -> list:
    return unknown(params)


def _token(state):
    return state.get("map", {}).get("discount")


def setup_state(state, ctx, params):
    state.setdefault("map", {})["discount"] = None
    state["queue"].append({"task": "discount_place"})   # round 1's auction begins at once


def phase_begins(state, ctx, params):
    if state["phase"] == "auction":
        return _place(state, ctx, {})
    if state.get("map", {}).get("discount") is not None:   # phases 3–5: no token
        state["map"]["discount"] = None
    return []


def _place(state, ctx, task) -> list:
    offer = plant_market.current(state, ctx)
    low = offer[0] if offer else None
    state.setdefault("map", {})["discount"] = low
    state["map"]["discount_bought"] = False
    if low is None:
        return []
    return [event("discount_placed", f"The discount token goes on plant {low}, the lowest of the current market: "
                  "its lowest bid is 1 Elektro", plant=low)]


def minimum_bid(least, state, ctx, plant, params):
    return 1 if plant == _token(state) and state["phase"] == "auction" else least


def plant_bought(state, ctx, name, plant, params):
    if plant != _token(state):
        return []
    state["map"]["discount"] = None
    state["map"]["discount_bought"] = True    # Benelux (referee/maprules/benelux_removal.py)
    return [event("discount_bought", f"{name} bought the discounted plant {plant}: the token leaves the market "
                  "for this round", player=name, plant=plant)]


def card_drawn(state, ctx, card, task, params):
    token = _token(state)
    if token is None or state["phase"] != "auction" or rank(card) >= rank(token):
        return []
    plant_market.take(state, [card])
    state["map"]["discount"] = None
    state["queue"].insert(0, replacement(card, "discount"))
    return [event("discount_undercut", f"Plant {card} is lower than the discounted plant {token}: it leaves the "
                  f"game with the token, and another card is drawn; plant {token} is an ordinary plant again",
                  plant=card, discounted=token)]


def phase_end(tasks, state, ctx, params):
    """End of the auction phase: the unsold discounted plant leaves first; no 'nobody bought' removal."""
    if state["phase"] != "auction":
        return tasks
    kept = [t for t in tasks if not (t.get("task") == "remove_lowest" and t.get("cause") == "no_sale")]
    return [{"task": "discount_unsold"}] + kept


def _unsold(state, ctx, task) -> list:
    token = _token(state)
    if token is None or token not in state["market"]:
        return []
    plant_market.take(state, [token])
    state["map"]["discount"] = None
    state["queue"].insert(0, replacement(token, "discount_unsold"))
    return [event("discount_unsold", f"Nobody bought the discounted plant {token}: it leaves the game and a card "
                  "is drawn for it", plant=token)]


TASKS = {"discount_place": _place, "discount_unsold": _unsold}


def market_rules(changes, ctx, params):
    return {**changes, "no_sale": None}


def describe(w, params, players) -> str:
    return w._("Discount token: at the start of each auction the lowest plant of the current market may be "
               "bought from 1 Elektro; a lower plant drawn while the token lies there leaves the game with the "
               "token and another card is drawn; if nobody buys the discounted plant, it leaves the game at the "
               "end of the auction.")


def _ruling_placed(w, e):
    return w._("Put the discount token on %(plant)s, the lowest plant of the current market: bids on it start at "
               "1 Elektro.", plant=w.plant(e["plant"]))


def _ruling_bought(w, e):
    return w._("%(player)s bought the discounted %(plant)s: take the token off the market until the next "
               "auction.", player=e["player"], plant=w.plant(e["plant"]))


def _ruling_undercut(w, e):
    return w._("%(plant)s came up lower than the discounted %(discounted)s: remove it from the game together "
               "with the discount token and draw another card at once; %(discounted)s is now an ordinary plant.",
               plant=w.plant(e["plant"]), discounted=w.plant(e["discounted"]))


def _ruling_unsold(w, e):
    return w._("Nobody bought the discounted %(plant)s: remove it from the game and draw a card to replace it.",
               plant=w.plant(e["plant"]))


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "discount_placed": _ruling_placed,
    "discount_bought": _ruling_bought,
    "discount_undercut": _ruling_undercut,
    "discount_unsold": _ruling_unsold,
}
