"""Another edition's rules in the reader's words (Power Grid: Recharged, docs/editions.md): the numbers
it plays otherwise than the original, each with the original's beside it, and its own rules, one
sentence each, for the printed aid and the table's rules screen."""
from ..catalog import load_edition
from ..catalog.edition_options import aid_rules
from ..maprules import module as rule_module
from .setup import RULE_WORDS
from .vocabulary import N_
from .words import Words

EDITION_NAMES = {"recharged": N_("Power Grid: Recharged")}   # the editions' names as shown


def describe_edition(game_map, edition, lang: str, players: int, played: bool = False) -> list[str]:
    """`played`: the edition as a game plays it (its rules as set up: the Trust only when it plays);
    otherwise as the aid for any table of this map and player count."""
    original = load_edition("original", map=game_map)
    if edition.id == original.id or not edition.id:
        return []
    w = Words(lang, game_map)
    ours, theirs = edition.player_counts[players], original.player_counts.get(players)
    parts = []
    if theirs is not None:
        for key, label in (("step2", N_("Step 2 at %(ours)s cities (original: %(theirs)s)")),
                           ("end", N_("the game ends at %(ours)s cities (original: %(theirs)s)")),
                           ("max_plants", N_("at most %(ours)s plants (original: %(theirs)s)"))):
            if getattr(ours, key) != getattr(theirs, key):
                parts.append(w._(label, ours=getattr(ours, key), theirs=getattr(theirs, key)))
    for r in edition.resources:
        if edition.market_start.get(r) != original.market_start.get(r):
            parts.append(w._("%(resource)s starts with %(ours)s cubes (original: %(theirs)s)",
                             resource=w.resource(r).capitalize() if w.lang == "en" else w.resource(r),
                             ours=edition.market_start[r], theirs=original.market_start[r]))
    if tuple(edition.tie_breaks) != tuple(original.tie_breaks):
        parts.append(w._("a tie on cities powered goes to money alone"))
    lines = [w._("%(edition)s differs from the original here: %(changes)s.",
                 edition=w._(EDITION_NAMES.get(edition.id, edition.name)), changes=w.lists(parts))] if parts else []
    if edition.deal:
        lines += _deal_words(w, edition)
    rules = {k: v for k, v in edition.rules.items() if k not in game_map.rules} if played \
        else aid_rules(edition, game_map, players)
    for name, params in rules.items():
        if name in RULE_WORDS:
            lines.append(RULE_WORDS[name](w, {**getattr(rule_module(name), "DEFAULTS", {}), **params}, players))
    return lines


def _deal_words(w, edition) -> list[str]:
    """How the table deals the opening market: the edition's way, or a map's own (digest §7: Russia's
    6 dealt and 5 on top, the plants always dealt, the cards below the top card, the plants never removed)."""
    deal, usual = edition.deal, load_edition(edition.id).deal
    if (deal["market"], deal["top"]) == (usual["market"], usual["top"]):
        lines = [w._("Setup: shuffle plants 03–15 (plug backs), deal 8 face up (the 4 lowest are the current "
                     "market) and 1 face down on top of the deck; the backs show whether the next card is "
                     "a plug or a socket plant.")]
    else:
        lines = [w._("Setup on this map: shuffle the plug plants left in the game, deal %(market)s face up (the "
                     "%(current)s lowest are the current market) and put %(top)s face down on top of the deck; "
                     "the backs show whether the next card is a plug or a socket plant.",
                     market=deal["market"], current=deal["market"] // 2, top=deal["top"])]
    if deal.get("always"):
        lines.append(w._("Always dealt face up: %(plants)s.", plants=w.plants(deal["always"])))
    if deal.get("below_top"):
        lines.append(w._("Directly below the card on top, in this order: %(plants)s.",
                         plants=w.series(deal["below_top"])))
    if deal.get("kept"):
        lines.append(w._("Never removed face down at setup: %(plants)s.", plants=w.plants(deal["kept"])))
    return lines
