"""Refusals: what is wrong with an entry (by the error's class) and what is allowed now (rules/errors.py)."""
from ..rules import errors
from .next import allowed_now
from .vocabulary import N_
from .words import Words, render


PROBLEMS = {
    errors.BadAction: N_("That entry is incomplete or was not understood."),
    errors.BadSetup: N_("The game cannot start like this: check the map, the players, their colours and the play "
                        "areas."),
    errors.WrongPhase: N_("That cannot be done at this point of the game."),
    errors.NotYourTurn: N_("That player cannot act now."),
    errors.InvalidBid: N_("That bid or price is too low."),
    errors.CannotAfford: N_("There is not enough money for that."),
    errors.CannotStore: N_("The plants cannot hold those resources."),
    errors.PlantBanned: N_("A rule of this map forbids that plant to that player (a uranium plant needs a house "
                           "outside the areas marked with the uranium ban)."),
    errors.NotAvailable: N_("That plant or those resources are not available."),
    errors.ImpossibleDraw: N_("That card cannot be the one that came up."),
    errors.IllegalBuild: N_("That cannot be built."),
    errors.IllegalPower: N_("Those plants cannot power that."),
    errors.IllegalStartCity: N_("That city cannot be marked as a start city."),
    errors.IllegalAction: N_("That cannot be done now."),
}


MOVED = N_("Another device entered something first; the page now shows the game as it stands.")


def render_error(error, lang: str, next_actions=None, game_map=None, fact=None, money: bool = True) -> str:
    """A refusal: what is wrong (by the error's class) and, given `next`, what is allowed now. Given
    the refused `fact` too, a bid or price too low is answered with its exact bounds. Without `money`
    (a shared screen while money is secret) no bound quotes a player's money: "up to their money".

    The web's Moved (another device entered first) is recognised by name, so that this module,
    used by printing and the command line too, does not import the web layer."""
    w = Words(lang, game_map)
    if type(error).__name__ == "Moved":
        return w._(MOVED)
    if getattr(error, "correcting", None) is not None:
        return _refused_correction(w, error)
    if isinstance(error, errors.InvalidBid) and (bounds := _bid_bounds(w, fact, next_actions, money)):
        return bounds
    problem = next((text for cls, text in PROBLEMS.items() if isinstance(error, cls)),
                   PROBLEMS[errors.IllegalAction])
    said = w._(problem)
    if getattr(error, "ruling", None):    # a map rule's refusal says exactly why, in its own words
        said = w.sentences(said, render(error.ruling, lang, game_map))
    if next_actions is None or isinstance(error, errors.BadSetup):
        return said
    return w.sentences(said, allowed_now(next_actions, lang, game_map, money))


def _refused_correction(w, error) -> str:
    """A correction that would make a fact illegal (Game._correct): which one, and why."""
    problem = render_error(error.cause, w.lang, None, w.map, error.failing_fact)
    if error.failing == error.correcting:
        return w.sentences(w._("Fact %(number)s cannot be corrected like this.", number=error.correcting), problem)
    return w.sentences(w._("Fact %(number)s cannot be corrected like this: fact %(later)s (%(fact)s) would then "
                           "be illegal.", number=error.correcting, later=error.failing,
                           fact=w.fact(error.failing_fact)), problem)


def _bid_bounds(w, fact, next_actions, money: bool = True) -> str | None:
    """Why a bid or price is too low, with the least and most allowed (None if the fact does not say
    which bid it was): an opening bid or a price is at least the plant's number and at most the
    player's money (`next`: nominate.max), a raise from `next`'s bid.min to bid.max."""
    if not isinstance(fact, dict):
        return None
    acts = {a["type"]: a for a in (next_actions or {}).get("actions", [])}
    kind, plant, player = fact.get("type"), fact.get("plant"), fact.get("player")
    if kind == "nominate" and isinstance(fact.get("bid"), int) and isinstance(plant, int):
        values = dict(bid=fact["bid"], plant=plant, player=player)
        nominate = acts.get("nominate")
        if nominate and nominate["player"] == player and not money:
            return w._("An opening bid of %(bid)s on plant %(plant)s is too low: it must be at least %(plant)s (the "
                       "plant's number), up to %(player)s's money.", **values)
        if nominate and nominate["player"] == player:
            return w._("An opening bid of %(bid)s on plant %(plant)s is too low: it must be at least %(plant)s (the "
                       "plant's number) and at most %(money)s (%(player)s's money).", money=w.money(nominate["max"]),
                       **values)
        return w._("An opening bid of %(bid)s on plant %(plant)s is too low: it must be at least %(plant)s, the "
                   "plant's number.", **values)
    if kind == "sold" and isinstance(fact.get("price"), int) and isinstance(plant, int):
        return w._("A price of %(price)s for plant %(plant)s is too low: it must be at least %(plant)s, the plant's "
                   "number.", price=fact["price"], plant=plant)
    bid = acts.get("bid")
    if kind == "bid" and isinstance(fact.get("amount"), int) and bid and bid["player"] == player and not money:
        return w._("A bid of %(amount)s on plant %(plant)s is too low: %(player)s may bid at least %(low)s, up to "
                   "their money, or pass.", amount=fact["amount"], plant=bid["plant"], player=player,
                   low=w.money(bid["min"]))
    if kind == "bid" and isinstance(fact.get("amount"), int) and bid and bid["player"] == player:
        return w._("A bid of %(amount)s on plant %(plant)s is too low: %(player)s may bid %(range)s (more than the "
                   "high bid, at most %(player)s's money), or pass.", amount=fact["amount"], plant=bid["plant"],
                   player=player, range=w.money_range(bid["min"], bid["max"]))
    return None
