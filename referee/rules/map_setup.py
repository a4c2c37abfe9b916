"""The map's own setup (seed 001): its starting market, plants out of the game, the deck it prepares.

The numbers are data in the map file (`[setup]`, checked by the catalogue, docs/maps.md); the
edition tables a map replaces (money, areas, resource market, refill) come through `[overrides]`.
"""
from . import backs, cards, hooks, prepared
from .events import event, listing, named


def market(ctx) -> list:
    """The starting plant market: the map's own for this player count (China: one plant per
    player), else the edition's."""
    own = ctx.map.setup.get("market_by_players", {}).get(ctx.players)
    return cards.ranked(own if own is not None else ctx.edition.initial_market)


def step3_plants(ctx) -> int:
    """Plants in the market in Step 3: the opening market less the Step 3 card and the lowest plant,
    which leave with no replacement (docs/rules-notes.md: 8 − 2 = 6), or the map's own number (China)."""
    return hooks.fold(ctx, "step3_size", len(market(ctx)) - 2, ctx)


def removed(ctx) -> list:
    """Plants out of the game from the start, known to all: by map (France 13, Russia 6 and 14, ...),
    by player count where the map fixes them (China), and by seed 000's variation (France's 11 in
    variation 1, variation 2's turned-up cards); a map's card the variation does not play is no card."""
    setup = ctx.map.setup
    known = set(setup.get("removed", [])) | set(setup.get("removed_by_players", {}).get(ctx.players, []))
    if ctx.variation is not None:
        known = {c for c in known if c in ctx.plants} | set(ctx.variation.removed)
    return cards.ranked(known)


def random_removals(ctx) -> int:
    """Plants removed face down at random: the edition's count, none where the map fixes them."""
    return 0 if ctx.players in ctx.map.setup.get("removed_by_players", {}) else ctx.counts.removed


def removable(deck_plants: list, top) -> int:
    """How many plants the face-down removal can take: every plant of the deck but the card put on
    top (seed 000: 「最初に発電所市場に並べる03～10の発電所と13番の発電所は除外しません」). A small deck
    (variation 4, 「発電所の数を増やしたり、減らしたりすることもできます」) loses only what it holds."""
    return len([n for n in deck_plants if n != top])


def short_removal(state: dict, ctx) -> list:
    """The ruling that the face-down removal took fewer plants than the edition's count, or []."""
    due, hidden = random_removals(ctx), state["deck"]["removed_unseen"]
    if hidden >= due:
        return []
    return [event("setup_removal_short", f"The deck holds only {hidden} plant(s) that can be removed: "
                  f"{hidden} removed face down instead of {due}", removed=hidden, due=due)]


def deck(ctx, top: int, deck_plants: list) -> dict:
    """The deck at setup. Without a `[setup] deck` or set-aside plants it is the base deck
    (deck.py): `top`, then the rest shuffled, then the Step 3 card."""
    setup = ctx.map.setup
    aside = sorted(setup.get("aside_until_step2", []))
    plants = [n for n in deck_plants if n not in aside]
    hidden = min(random_removals(ctx), removable(plants, top))
    out = {"top": top, "above": len(plants) - hidden, "removed_unseen": hidden, "unseen": plants,
           "under": [], "step3_drawn": False, "shuffled": None}
    if "deck" in setup or aside:
        out["prepared"] = prepared.build(setup.get("deck", [top, "rest", "step3"]), plants, hidden)
        out["hidden"] = 0
        prepared.derive(out)
    if aside:
        out["aside"] = aside
    deal = getattr(ctx.edition, "deal", None)
    if deal and "prepared" not in out:   # Recharged: plug card(s) face down on top, the body by backs
        out["backs"] = backs.layers(plants, deal, ctx.players)
        out["top"] = backs.known_top(out)
        out["backs"]["next"] = backs.next_backs(out, backs.possible(out))
    return out


def return_aside(state: dict) -> list:
    """Step 2 begins: plants set aside at setup go on top of the deck in their order (seed 001,
    スペイン&ポルトガル: 「ステップ2開始時に山札の上から 18, 22, 27 になるように置く」), before the
    Step 2 removal draws."""
    deck = state["deck"]
    cards = deck.pop("aside", [])
    if not cards:
        return []
    prepared.put_on_top(deck, cards)
    return [event("cards_on_top", f"Step 2: {named('plant', cards)}, set aside at setup, go on top of the deck "
                  f"in the order {listing(cards)}", plants=cards)]
