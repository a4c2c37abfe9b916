"""What the table waits for, and what may be entered now, from the engine's `next` (rules/legal.py)."""
from .auction import DRAWS
from .words import Words


def describe_next(next_actions: dict, lang: str, game_map=None, money: bool = True) -> str:
    """The one sentence saying what the table is waiting for, and from whom. Without `money` (a
    screen the waited-for player's money is secret on) a bidder who can only pass reads like any other."""
    w = Words(lang, game_map)
    if not next_actions or next_actions.get("phase") == "over":
        return w._("The game is over.")
    acts = {a["type"]: a for a in next_actions.get("actions", [])}
    if "draw" in acts:
        a = acts["draw"]
        why = DRAWS[a["cause"]]
        why = w._(why, plant=w.plant(a["replacing"]))
        if len(a["possible"]) == 1:
            return w.sentences(why, w._("It can only be %(card)s.", card=w.plant(a["possible"][0])))
        return w.sentences(why, w._("Which card came up?"))
    if "discard" in acts:
        a = acts["discard"]
        return w._("%(player)s is over the plant limit: discard one of %(plants)s.",
                   player=a["player"], plants=w.plants(a["plants"], "or"))
    if "start_city" in acts:
        return w._("Waiting for %(player)s to mark a start city (experienced players: the first house goes there).",
                   player=acts["start_city"]["player"])
    if "bid" in acts or "pass_bid" in acts:
        a = acts.get("bid") or acts["pass_bid"]
        if "bid" in acts:
            return w._("Waiting for %(player)s to raise the bid on %(plant)s or pass.",
                       player=a["player"], plant=w.plant(a["plant"]))
        if not money:
            return w._("Waiting for %(player)s to raise the bid or pass.", player=a["player"])
        return w._("Waiting for %(player)s to pass: the bid is more than %(player)s has.", player=a["player"])
    if "nominate" in acts:
        if "pass" in acts:
            return w._("Waiting for %(player)s to open an auction or pass.", player=acts["nominate"]["player"])
        return w._("Waiting for %(player)s to open an auction; in round 1 everyone buys a plant.",
                   player=acts["nominate"]["player"])
    if "buy" in acts:
        return w._("Waiting for %(player)s to buy resources or pass.", player=acts["buy"]["player"])
    if "build" in acts:
        return w._("Waiting for %(player)s to build or pass.", player=acts["build"]["player"])
    if "power" in acts:
        return w._("Waiting for %(players)s to power cities.", players=w.join(next_actions["waiting_for"]))
    return w._("Waiting for %(players)s.", players=w.join(next_actions.get("waiting_for", [])))


def allowed_now(next_actions: dict, lang: str, game_map=None, money: bool = True) -> str:
    """What may be entered now, with its bounds: the second half of every refusal. Without `money`
    (a shared screen while money is secret) a bound that is a player's money is "up to their money"."""
    w = Words(lang, game_map)
    if not next_actions or next_actions.get("phase") == "over":
        return w._("The game is over: nothing more can be entered, though the last fact can still be taken back.")
    acts = {a["type"]: a for a in next_actions.get("actions", [])}
    if "draw" in acts:
        return w._("Only the card that came up can be entered now: %(cards)s.",
                   cards=w.join((w.card(c) for c in acts["draw"]["possible"]), "or"))
    if "discard" in acts:
        a = acts["discard"]
        return w._("First %(player)s discards one of %(plants)s.", player=a["player"],
                   plants=w.plants(a["plants"], "or"))
    if "start_city" in acts:
        return w._("First %(player)s marks a start city: a city of the play areas that nobody has marked.",
                   player=acts["start_city"]["player"])
    if "bid" in acts:
        a = acts["bid"]
        if not money:
            return w._("It is %(player)s's turn in the auction for %(plant)s: bid at least %(low)s, up to their "
                       "money, or pass.", player=a["player"], plant=w.plant(a["plant"]), low=w.money(a["min"]))
        return w._("It is %(player)s's turn in the auction for %(plant)s: bid %(range)s, or pass.",
                   player=a["player"], plant=w.plant(a["plant"]), range=w.money_range(a["min"], a["max"]))
    if "pass_bid" in acts and not money:
        return w._("It is %(player)s's turn in the auction: bid more than the high bid, up to their money, or pass.",
                   player=acts["pass_bid"]["player"])
    if "pass_bid" in acts:
        return w._("It is %(player)s's turn in the auction, and %(player)s can only pass.",
                   player=acts["pass_bid"]["player"])
    if "nominate" in acts:
        return _choose(w, acts["nominate"], "pass" in acts, money)
    if "buy" in acts:
        a = acts["buy"]
        if not money:
            return w._("It is %(player)s's turn to buy resources, or to pass.", player=a["player"])
        if not any(a["max"].values()):
            return w._("It is %(player)s's turn to buy resources, but %(player)s can buy none now: pass.",
                       player=a["player"])
        return w._("It is %(player)s's turn to buy resources (at most %(cubes)s), or to pass.",
                   player=a["player"], cubes=w.cubes(a["max"], "or"))
    if "build" in acts:
        a = acts["build"]
        if not a["cities"]:
            return w._("It is %(player)s's turn to build, but no city is affordable now: pass.", player=a["player"])
        cheapest = a["cities"][0]
        if not money:
            return w._("It is %(player)s's turn to build (the cheapest city is %(city)s at %(cost)s), or to pass.",
                       player=a["player"], city=w.city(cheapest["city"]), cost=w.money(cheapest["cost"]))
        return w._("It is %(player)s's turn to build with %(money)s (the cheapest city is %(city)s at %(cost)s), "
                   "or to pass.", player=a["player"], money=w.money(a["money"]), city=w.city(cheapest["city"]),
                   cost=w.money(cheapest["cost"]))
    powers = [a for a in next_actions.get("actions", []) if a["type"] == "power"]
    if powers:
        players = [w.ngettext("%(player)s (must power %(num)s city, as many as possible)",
                              "%(player)s (must power %(num)s cities, as many as possible)",
                              a["min_cities"], player=a["player"]) if a.get("min_cities") else
                   w.ngettext("%(player)s (up to %(num)s city)", "%(player)s (up to %(num)s cities)",
                              a["max_cities"], player=a["player"]) for a in powers]
        return w._("Still to power cities: %(players)s.", players=w.join(players))
    return describe_next(next_actions, w.lang, w.map, money)


def _choose(w, a, may_pass: bool, money: bool = True) -> str:
    """The chooser's turn; without `money`, neither the sum nor which plants it reaches (the plants of
    the current market are on the table for everyone to see)."""
    if not money:
        if may_pass:
            return w._("It is %(player)s's turn to choose: open an auction on a plant of the current market, "
                       "bidding from the plant's number up to their money, or pass.", player=a["player"])
        return w._("It is %(player)s's turn to choose: open an auction on a plant of the current market, bidding "
                   "from the plant's number up to their money.", player=a["player"])
    values = dict(player=a["player"], money=w.money(a["max"]))
    if a["plants"]:
        values["plants"] = w.plants(a["plants"], "or")
        if may_pass:
            return w._("It is %(player)s's turn to choose: open an auction on %(plants)s, bidding from the plant's "
                       "number up to %(money)s, or pass.", **values)
        return w._("It is %(player)s's turn to choose: open an auction on %(plants)s, bidding from the plant's "
                   "number up to %(money)s.", **values)
    if may_pass:
        return w._("It is %(player)s's turn to choose, but %(player)s cannot afford any plant on offer: pass.",
                   **values)
    return w._("It is %(player)s's turn to choose, but %(player)s cannot afford any plant on offer.", **values)
