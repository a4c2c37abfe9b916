"""A map's own setup and rules, one short sentence each (the printed player aid, the table app's rules screen).

Each rule module of referee/maprules holds its own sentence (`describe`) and the writers of its own
events (`RULINGS`); they join the base writers here, so that a rule lives in one place.
"""
import dataclasses

from ..catalog import load_edition
from ..catalog.variations import map_removed
from ..maprules import known, module
from ..rules.context import RESOURCES, STEP3, Context
from .words import RULINGS, Words


def join_rulings(rules) -> None:
    """Each map rule's event writers (`RULINGS` of its module) join the base ones, for (name, module)
    in `rules`; an event type has one writer, so a second is refused rather than silently winning."""
    for name, rule in rules:
        for kind, write in getattr(rule, "RULINGS", {}).items():
            if kind in RULINGS:
                raise ImportError(f"referee/maprules/{name}.py: RULINGS: event type {kind!r} already has a writer")
            RULINGS[kind] = write


join_rulings((name, module(name)) for name in known())
RULE_WORDS = {name: module(name).describe for name in known() if hasattr(module(name), "describe")}


def describe_rules(game_map, lang: str, players=None, variation=None) -> list[str]:
    """The map's own setup and rules in the reader's language, one sentence each, written from the
    map file's data (the edition as the map changes it, [setup], each [rules.<name>] and its
    parameters) — never from retyped numbers. Given `players`, only what holds for that count. Under
    seed 000's `variation` (a number or a Variation) the variation deals the plants: its own plants out
    of the game stand for the map's, and the card on top is the variation's (said with the variation)."""
    w = Words(lang, game_map)
    base, edition = load_edition("original"), w.edition
    setup = dict(game_map.setup)
    if variation is not None:
        removed = map_removed(variation, game_map)
        if removed is not None:
            setup["removed"] = list(removed)
        edition = dataclasses.replace(edition, top_of_deck=base.top_of_deck)
    lines = _setup_words(w, game_map, setup, base, edition, players)
    for name, params in game_map.rules.items():
        write = RULE_WORDS.get(name)
        values = {**getattr(module(name), "DEFAULTS", {}), **params}
        lines.append(write(w, values, players) if write else w._("This map plays the rule %(rule)s.", rule=name))
    return [line for line in lines if line]


def _by_players(w, table: dict, players, write) -> str:
    """A per-player-count list (China): the one for `players`, else each distinct one with its counts."""
    if players is not None:
        return write(table[players]) if players in table else ""
    groups = {}
    for n in sorted(table):
        groups.setdefault(tuple(table[n]), []).append(n)
    return w.lists(w._("%(players)s: %(list)s", players=_counts(w, counts), list=write(list(key)))
                   for key, counts in groups.items())


def _counts(w, counts) -> str:
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return w._("%(low)s–%(high)s players", low=counts[0], high=counts[-1])
    return w.ngettext("%(players)s player", "%(players)s players", counts[-1], players=w.join(counts, "or"))


def _deck_part(w, part) -> str:
    if part == "rest":
        return w._("the other plants, shuffled")
    if part == STEP3:
        return w._("the Step 3 card")
    if isinstance(part, list):
        cards = [w.card(c) for c in part if c != "random"]
        randoms = part.count("random")
        if randoms:
            cards.append(w.ngettext("%(num)s plant at random", "%(num)s plants at random", randoms))
        return w._("%(cards)s, shuffled", cards=w.join(cards))
    return str(part)


def _deck_parts(w, deck) -> list[str]:
    """The prepared deck from the top; a run of three or more plants in rising order is written as one
    (its unbroken stretches as ranges: "8, 10, 12–15 in order"), and cards drawn at random one after
    another as their count."""
    parts, i = [], 0
    while i < len(deck):
        j = i
        while (isinstance(deck[i], int) and j + 1 < len(deck) and isinstance(deck[j + 1], int)
               and deck[j + 1] > deck[j]
               or deck[i] == "random" and j + 1 < len(deck) and deck[j + 1] == "random"):
            j += 1
        if deck[i] == "random":
            parts.append(w.ngettext("%(num)s plant at random", "%(num)s plants at random", j - i + 1))
        elif j - i >= 2 and deck[j] - deck[i] == j - i:
            parts.append(w._("%(low)s to %(high)s in order", low=deck[i], high=deck[j]))
        elif j - i >= 2:
            parts.append(w._("%(plants)s in order", plants=w.series(_stretches(w, deck[i:j + 1]))))
        else:
            parts += [_deck_part(w, p) for p in deck[i:j + 1]]
        i = j + 1
    return parts


def _stretches(w, numbers) -> list[str]:
    """Rising plant numbers as their unbroken stretches: 8, 10, 12–15."""
    out, start = [], 0
    for k in range(1, len(numbers) + 1):
        if k == len(numbers) or numbers[k] != numbers[k - 1] + 1:
            run = numbers[start:k]
            out += [w._("%(low)s–%(high)s", low=run[0], high=run[-1])] if len(run) >= 3 else [str(n) for n in run]
            start = k
    return out


def _dealt(setup, players) -> list:
    """The prepared deck; for a known player count without the plants that count removes or puts in
    the market (China, 3 players: no 9 among the plants in order, no 46 among the last cards)."""
    gone = set(setup.get("removed_by_players", {}).get(players, ())) | set(setup.get("market_by_players", {}).get(players, ()))
    return [[c for c in part if c not in gone] if isinstance(part, list) else part
            for part in setup["deck"] if isinstance(part, list) or part not in gone]


def _board_market(game_map, edition, players):
    """The name of the board's resource market when a map rule adds another (Korea: the South), else None:
    the board's start prices are then labelled, as the other market's are."""
    counts = sorted(edition.player_counts)
    if not counts:
        return None
    ctx = Context(game_map, edition, players if players in edition.player_counts else counts[0], tuple(game_map.areas))
    return next(iter(ctx.refill_tables))


def _setup_words(w, game_map, setup, base, edition, players) -> list[str]:
    """Seed 001's setup items for the map: money, resources, plant market, deck, removals, areas."""
    lines = []
    if edition.starting_money != base.starting_money:
        lines.append(w._("Each player starts with %(money)s.", money=w.money(edition.starting_money)))
    if edition.market_start != base.market_start or edition.market_slots != base.market_slots:
        prices = w.start_prices(edition.market_slots, edition.market_start)
        board_market = _board_market(game_map, edition, players)
        lines.append(w._("Resources at setup in %(market)s: %(prices)s (every space from that price up is filled).",
                         market=w.market(board_market), prices=prices) if board_market
                     else w._("Resources at setup: %(prices)s (every space from that price up is filled).", prices=prices))
    for r in RESOURCES:
        out = base.totals.get(r, 0) - edition.totals.get(r, 0)
        if out > 0:
            lines.append(w.ngettext("Only %(count)s %(resource)s are used: %(num)s is out of the game.",
                                    "Only %(count)s %(resource)s are used: %(num)s are out of the game.",
                                    out, count=edition.totals[r], resource=w.resource(r)))
    if edition.initial_market != base.initial_market:
        half = len(edition.initial_market) // 2
        lines.append(w._("The plant market starts as %(current)s (current) and %(future)s (future): two rows of "
                         "%(size)s.", current=w.join(edition.initial_market[:half]),
                         future=w.join(edition.initial_market[half:]), size=half))
    if "market_by_players" in setup:
        lines.append(w._("The plant market starts with one plant per player (%(plants)s); there is no future "
                         "market.", plants=_by_players(w, setup["market_by_players"], players, w.join)))
    if "deck" in setup:
        lines.append(w._("The deck from the top: %(parts)s.", parts=" → ".join(_deck_parts(w, _dealt(setup, players)))))
    elif edition.top_of_deck != base.top_of_deck:
        lines.append(w._("On top of the deck: %(plant)s, not %(base)s.",
                         plant=w.plant(edition.top_of_deck), base=w.plant(base.top_of_deck)))
    if setup.get("removed"):
        lines.append(w._("Out of the game from the start, known to all: %(plants)s.", plants=w.plants(setup["removed"])))
    if "removed_by_players" in setup:
        listed = _by_players(w, setup["removed_by_players"], players, w.join)
        if listed:
            lines.append(w._("Plants out of the game from the start, known to all, instead of the face-down "
                             "removal: %(plants)s.", plants=listed))
    if setup.get("aside_until_step2"):
        aside = setup["aside_until_step2"]
        lines.append(w._("Kept out of the deck until Step 2 begins, then put on top of it in this order from the "
                         "top: %(plants)s.", plants=w.series(aside)))
    if setup.get("area_plants"):
        swaps = [w._("%(area)s %(plants)s", area=w._(game_map.areas[a].name), plants=w.join(sorted(cards)))
                 for a, cards in setup["area_plants"].items() if a in game_map.areas]
        lines.append(w._("Each area in play brings this board's own cards, which replace the plants of the same "
                         "number: %(swaps)s.", swaps=w.lists(swaps)))
    for n, count in sorted(edition.player_counts.items()):
        if (players is None or n == players) and n in base.player_counts and count.areas != base.player_counts[n].areas:
            lines.append(w.ngettext("With %(players)s players play %(num)s area.",
                                    "With %(players)s players play %(num)s areas.", count.areas, players=n))
    return lines
