"""Seed 000's variations in the reader's language: variation 2's ruling, and each variation named and
summed up for the printed aid, the game report and the new-game page. Registered into
the package's RULINGS like every other wording."""
from .vocabulary import N_
from .words import Words, ruling

NAMES = {
    1: N_("Variation 1: new cards only"),
    2: N_("Variation 2: old and new cards mixed"),
    3: N_("Variation 3: big plants"),
    4: N_("Variation 4: a deck of your own"),
}
SUMMARIES = {
    1: N_("Only the new plant cards (marked +). Plants 1–8 start in the market, 11 lies on top of the deck."),
    2: N_("Old and new cards together, without the old 17, 18 and Step 3 card. The first card of a number "
          "to come up leaves the game, the second goes to the market; removed cards are shown to all."),
    3: N_("All old cards and the new 46, 50, 52, 54, 57 and 60; a new card ranks above the old one of its "
          "number. Cities are chosen one by one instead of areas."),
    4: N_("A deck of the group's own choosing."),
}


@ruling("first_of_number_removed")
def _first_of_number_removed(w, e):
    return w._("%(plant)s is the first card of its number to come up: remove it from the game (%(twin)s is still in "
               "the deck) and draw again.", plant=w.plant(e["plant"]), twin=w.plant(e["twin"]))


def describe_variation(variation, lang: str, removed: int = 0) -> list[str]:
    """The variation's name and what it changes, one sentence each; nothing for the base game. With
    `removed` (the plants a player count removes at setup, the player aid's figure), variation 2 says
    how they are found, as seed 000 does: the deck turned up until that many have come up in pairs."""
    if variation is None:
        return []
    w = Words(lang)
    lines = [w._(NAMES[variation.number]), w._(SUMMARIES[variation.number])]
    if variation.first_of_number and removed:
        lines.append(w.ngettext(
            "Removed at setup: turn up the deck one card at a time; when both cards of a number have come up, "
            "both leave the game (the starting market's numbers do not count), until %(num)s plant is out.",
            "Removed at setup: turn up the deck one card at a time; when both cards of a number have come up, "
            "both leave the game (the starting market's numbers do not count), until %(num)s plants are out.",
            removed))
    if variation.cities:
        lines.append(w.ngettext("%(num)s city is chosen one by one.", "%(num)s cities are chosen one by one.",
                                variation.cities))
    if variation.deck:
        lines.append(w._("Deck: %(deck)s.", deck=variation.deck))
    return lines
