"""The plant market as the table's map runs it, for the player aid.

The numbers are the engine's: the plants open to auction are what `plant_market.current` (with the
map's `current_size` hooks) opens on the map's opening market, and the Step 3 market is China's
parameter or the opening market less the Step 3 card and the lowest plant. A base line that one of
the map's rules changes is printed in the map's version, or left out where the map's rules (printed
on the card by rulings.describe_rules) are the only way to say it.
"""
from ..maprules import china_market
from ..rules import map_setup, plant_market


def open_plants(ctx) -> int | None:
    """How many plants are open to auction in Steps 1–2; None when every plant of the market is."""
    market = map_setup.market(ctx)
    n = len(plant_market.current({"market": list(market), "step": 1}, ctx))
    return None if n == len(market) else n


def step3_plants(ctx) -> int:
    """Plants in the market in Step 3: China's parameter, else the opening market less the Step 3 card
    and the lowest plant, which leave with no replacement (docs/rules-notes.md: 8 − 2 = 6)."""
    params = ctx.map.rules.get("china_market")
    if params is not None:
        return {**china_market.DEFAULTS, **params}["step3_market"]
    return len(map_setup.market(ctx)) - 2


def _fewest(w, params):
    return w.gettext("Any time: market plants numbered at or below the fewest cities of any player leave the "
                     "game and are replaced.")


def _lowest_plants(w, params):
    n = params.get("plants", 2)
    return w.ngettext("No plant sold in a round (after round 1): the %(num)d lowest plant leaves and a card "
                      "is drawn for it.",
                      "No plant sold in a round (after round 1): the %(num)d lowest leave and a card is drawn "
                      "for each.", n) % {"num": n}


def _not_green(w, params):
    return w.gettext("Steps 1–2: the highest plant that is not green goes under the deck; "
                     "Step 3: the lowest leaves. Draw a replacement.")


def _and_lowest(w, params):
    return w.gettext("Steps 1–2: the highest plant goes under the deck and the lowest leaves the game; Step 3: "
                     "the lowest leaves. Draw a replacement for each.")


# The base lines a map's rule changes: rule name -> the map's version, or None (left to the map's rules).
CITY_REMOVAL = {"no_city_removal": None, "china_market": None, "russia_removal": _fewest}
NO_SALE = {"no_sale_kept": None, "no_sale_removal": _lowest_plants}
MARKET_UPDATE = {"china_market": None, "quebec_update": _not_green, "benelux_removal": _and_lowest}


def line(w, rules: dict, base: str, versions: dict) -> str | None:
    """The line as the map plays it: the version of the first of its rules that changes it, else `base`."""
    for name, version in versions.items():
        if name in rules:
            return version(w, rules[name]) if version else None
    return base
