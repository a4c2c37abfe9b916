"""The house readings' names and choices (maps/readings/readings.toml) in catalogue msgids, and a
reading named in a reader's words: shared by the rulings (words.Words.reading_note), the new-game
page and the player aid."""
from .vocabulary import N_

NAMES = {
    "step3_before_step2": N_("Step 3 card before Step 2"),
    "variation_2_removal": N_("Variation 2: removal by player count"),
    "variation_2_unpaired": N_("Variation 2: single cards turned up while pairs are searched"),
    "variation_4_top": N_("Variation 4: card on top of the deck"),
    "variation_4_market": N_("Variation 4: starting market"),
    "france_variation_1": N_("France with variation 1"),
    "australia_uranium_price": N_("Australia: the uranium price of a mine"),
    "quebec_all_green": N_("Québec: a future market all green"),
    "benelux_removal_order": N_("Benelux: order of the end-of-round removals"),
    "australia_two_player_areas": N_("Australia: areas for 2 players"),
}
CHOICES = {
    ("step3_before_step2", "step2_first"): N_("Step 2's removal and draw come first, then Step 3's"),
    ("step3_before_step2", "step3_only"): N_("only the Step 3 card and the lowest plant leave (Step 2's removal is skipped)"),
    ("variation_2_removal", "pairs"): N_("the count is in pairs (8 pairs for 2–3 players)"),
    ("variation_2_removal", "cards"): N_("the count is in cards (8 cards, 4 pairs, for 2–3 players)"),
    ("variation_2_unpaired", "back"): N_("they are shuffled back into the deck"),
    ("variation_2_unpaired", "out"): N_("they leave the game too, known to all"),
    ("variation_4_top", "deck"): N_("the deck file's own card, or none"),
    ("variation_4_top", "thirteen"): N_("plant 13, as in the base game, where the deck file names none"),
    ("variation_4_market", "lowest"): N_("the 8 lowest plants of the deck"),
    ("variation_4_market", "three_to_ten"): N_("plants 3–10, as in the base game, where the deck file names none"),
    ("france_variation_1", "eleven"): N_("only 11 is out of the game"),
    ("france_variation_1", "eleven_and_thirteen"): N_("11 and 13 are out of the game"),
    ("australia_uranium_price", "cheapest_cube"): N_("the price where the cheapest uranium cube sits"),
    ("australia_uranium_price", "highest_empty"): N_("the price of the dearest empty uranium space"),
    ("quebec_all_green", "none_under"): N_("no plant goes under the deck and none is drawn"),
    ("quebec_all_green", "highest_under"): N_("the highest plant goes under the deck, as in the base game"),
    ("benelux_removal_order", "together"): N_("both plants leave, then the highest's card is drawn, then the lowest's"),
    ("benelux_removal_order", "lowest_first"): N_("the lowest leaves and is replaced first, then the usual update"),
    ("australia_two_player_areas", "three"): N_("3 areas, as the player aid prints"),
    ("australia_two_player_areas", "two"): N_("2 areas, as seed 001 says literally"),
}


def reading_name(w, option: str, choice) -> str:
    """'Step 3 card before Step 2: only the Step 3 card and the lowest plant leave'."""
    name = w._(NAMES[option]) if option in NAMES else option
    if choice is None:
        return name
    text = CHOICES.get((option, choice))
    return w._("%(rule)s: %(choice)s", rule=name, choice=w._(text) if text else choice)
