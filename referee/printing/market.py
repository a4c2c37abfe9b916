"""The plant market as the table's map runs it, for the player aid.

The numbers are the engine's: the plants open to auction are what `plant_market.current` (with the
map's `current_size` hooks) opens on the map's opening market. A base line that the
map's rules change (the engine's Context.market_rules) is printed in the map's version, or left out
where the map's rules (printed on the card by rulings.describe_rules) are the only way to say it.
"""
from ..rules import map_setup, plant_market


def open_plants(ctx) -> int | None:
    """How many plants are open to auction in Steps 1–2; None when every plant of the market is."""
    market = map_setup.market(ctx)
    n = len(plant_market.current({"market": list(market), "step": 1}, ctx))
    return None if n == len(market) else n


def _fewest(w):
    return w.gettext("Any time: market plants numbered at or below the fewest cities of any player leave the "
                     "game and are replaced.")


def _lowest_plants(w, n):
    return w.ngettext("No plant sold in a round (after round 1): the %(num)d lowest plant leaves and a card "
                      "is drawn for it.",
                      "No plant sold in a round (after round 1): the %(num)d lowest leave and a card is drawn "
                      "for each.", n) % {"num": n}


def _not_green(w):
    return w.gettext("Steps 1–2: the highest plant that is not green goes under the deck; "
                     "Step 3: the lowest leaves. Draw a replacement.")


def _and_lowest(w):
    return w.gettext("Steps 1–2: the highest plant goes under the deck and the lowest leaves the game; Step 3: "
                     "the lowest leaves. Draw a replacement for each.")


# The map's version of a base line (Context.market_rules): (line, how the map plays it) -> its words.
VERSIONS = {("city_removal", "fewest"): _fewest, ("market_update", "not_green"): _not_green,
            ("market_update", "and_lowest"): _and_lowest}


def line(w, ctx, key: str, base: str) -> str | None:
    """The line as the map plays it: `base`, the map's version, or None where the map's own rules say it.
    The no-sale removal is changed by a number of plants, the other lines by a name."""
    changes = ctx.market_rules
    if key not in changes:
        return base
    how = changes[key]
    if how is None:
        return None
    return _lowest_plants(w, how) if key == "no_sale" else VERSIONS[key, how](w)
