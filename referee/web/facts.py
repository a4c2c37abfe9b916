"""Turning the table page's form values into a table fact (or an undo/redo) for Game.play.

Only the form's shape is checked here — numbers that are numbers, players that exist, fields that
are present — so a malformed request gets a 400 in the page's language. Whether the fact is legal
is the engine's business.

Form fields (all text; repeated fields may appear several times):

    type       nominate | bid | pass_bid | sold | pass | draw | discard | buy | move | build | power | start_city
               | undo | redo
    player     a player's name, as in the setup
    plant      nominate, sold, discard: a plant number
    bid        nominate: the opening bid (blank: the plant's number)
    amount     bid: the new high bid
    price      sold: what the plant went for
    card       draw: a plant number or "step3"
    keep_<r>   discard: cubes of resource r moved to the other plants (all blank: as many as fit)
    coal, oil, garbage, uranium   buy: cubes of each (blank: 0)
    market     buy: the resource market declared, on a map with several (Korea: north or south; blank: none)
    from, to, resource, count     move: one transfer between two of the player's plants (count blank: 1)
    cities     build: a city id, repeated for each city
    city       start_city: the city a player marks (Recharged's experienced players' start)
    new_network  build: the city built that begins another network (Japan; blank: none)
    in_order   build: any value: the cities are charged in the order given (the table's), not the cheapest
    plants     power: a plant number to fire, repeated; `fire=1` says the list was given (maybe empty);
               with neither, the engine fires its proposal
    burn_<plant>       power: the mix a fired hybrid burns, as "coal=1,oil=1"
    powered    power: cities to power (blank: as many as possible)
"""
import hashlib
import json

from flask_babel import gettext as _

from ..rules.context import RESOURCES
from .language import listed
from .numbers import typed, whole
from .views import resource_name

TYPES = ("nominate", "bid", "pass_bid", "sold", "pass", "draw", "discard", "buy", "move", "build", "power",
         "start_city", "undo", "redo")


class FormError(ValueError):
    """The form itself is malformed; the message is already in the page's language."""


def number(form, field: str, label: str, default=None) -> int:
    text = typed(form.get(field))
    if not text:
        if default is None:
            raise FormError(_("%(what)s is missing.", what=label))
        return default
    if text.startswith("-") and whole(text[1:]) is not None:
        raise FormError(_("%(what)s cannot be negative.", what=label))
    value = whole(text)
    if value is None:
        raise FormError(_("%(what)s must be a whole number, not “%(given)s”.", what=label, given=text[:20]))
    return value


def plant(form, field: str, label: str):
    """A plant as the form names it: its number, or a new card's id with its plus ("13+", seed 000)."""
    text = typed(form.get(field))
    if text.endswith("+") and whole(text[:-1]) is not None:
        return f"{whole(text[:-1])}+"
    return number(form, field, label)


def optional_number(form, field: str, label: str):
    return number(form, field, label) if (form.get(field) or "").strip() else None


def player(form, players) -> str:
    name = (form.get("player") or "").strip()
    if not name:
        raise FormError(_("Say which player: one of %(players)s.", players=listed(players, "or")))
    if name not in players:
        raise FormError(_("There is no player “%(name)s” in this game; players are %(players)s.",
                          name=name, players=listed(players)))
    return name


def amounts(form, prefix: str) -> dict:
    """{resource: n} for the non-blank fields prefix+resource."""
    out = {}
    for r in RESOURCES:
        n = optional_number(form, prefix + r, resource_name(r))
        if n is not None:
            out[r] = n
    return out


def fact_from_form(form, players) -> dict:
    """The entry a form describes; FormError if it is malformed."""
    kind = (form.get("type") or "").strip()
    if kind not in TYPES:
        raise FormError(_("Unknown entry “%(kind)s”. Use the buttons on the page.", kind=kind))
    if kind in ("undo", "redo"):
        return {"type": kind}
    if kind == "draw":
        card = (form.get("card") or "").strip()
        return {"type": "draw", "card": "step3" if card == "step3" else plant(form, "card", _("The card drawn"))}
    fact = {"type": kind, "player": player(form, players)}
    if kind == "nominate":
        fact["plant"] = plant(form, "plant", _("The plant"))
        bid = optional_number(form, "bid", _("The opening bid"))
        if bid is not None:
            fact["bid"] = bid
    elif kind == "bid":
        fact["amount"] = number(form, "amount", _("The bid"))
    elif kind == "sold":
        fact["plant"] = plant(form, "plant", _("The plant"))
        fact["price"] = number(form, "price", _("The price"))
    elif kind == "discard":
        fact["plant"] = plant(form, "plant", _("The plant to discard"))
        keep = amounts(form, "keep_")
        if keep:
            fact["keep"] = keep
    elif kind == "buy":
        fact.update({r: number(form, r, resource_name(r), default=0) for r in RESOURCES})
        market = (form.get("market") or "").strip()
        if market:
            fact["market"] = market
    elif kind == "move":
        resource = form.get("resource")
        if resource not in RESOURCES:
            raise FormError(_("Choose the resource to move."))
        fact["moves"] = [{"from": plant(form, "from", _("The plant to move from")),
                          "to": plant(form, "to", _("The plant to move to")),
                          "resource": resource, "count": number(form, "count", _("The number of cubes"), 1)}]
    elif kind == "build":
        cities = [c for c in form.getlist("cities") if c.strip()]
        if not cities:
            raise FormError(_("Choose at least one city to build in."))
        fact["cities"] = cities
        start = (form.get("new_network") or "").strip()
        if start:
            fact["new_network"] = start
        if (form.get("in_order") or "").strip():
            fact["in_order"] = True
    elif kind == "power":
        fact.update(power_fields(form))
    elif kind == "start_city":
        city = (form.get("city") or "").strip()
        if not city:
            raise FormError(_("Choose the city to mark."))
        fact["city"] = city[:60]
    return fact


def power_fields(form) -> dict:
    out = {}
    given = [p for p in form.getlist("plants") if p.strip()]
    if form.get("fire") or given:
        plants = [plant({"p": p}, "p", _("A plant to fire")) for p in given]
        out["plants"] = plants
        burn = {str(p): mix for p in plants if (mix := burn_mix(form.get(f"burn_{p}")))}
        if burn:
            out["burn"] = burn
    cities = optional_number(form, "powered", _("The cities to power"))
    if cities is not None:
        out["cities"] = cities
    return out


def burn_mix(text) -> dict:
    """"coal=1,oil=1" as {"coal": 1, "oil": 1}; blank gives {} (the engine's default mix)."""
    mix = {}
    for part in typed(text).split(","):
        if not part.strip():
            continue
        r, _sep, n = part.partition("=")
        if r.strip() not in RESOURCES:
            raise FormError(_("A burn mix names coal, oil, garbage or uranium, not “%(given)s”.", given=r.strip()))
        mix[r.strip()] = number({"n": n}, "n", resource_name(r.strip()))
    return mix


def moment(next_actions: dict, player: str | None = None) -> str:
    """A short name for the moment a device's input shows: what the table waits for (on a seat's
    phone, only what it waits for from that player) with its bounds. A live update to a page whose
    moment is still the same leaves its input alone — what is typed, chosen or focused there — and
    redraws the rest; once the moment changes, the input is drawn afresh."""
    actions = next_actions.get("actions", ())
    if player is not None:
        actions = [a for a in actions if a.get("player") == player]
    named = [next_actions.get("phase"), next_actions.get("round"), next_actions.get("step"), actions]
    return hashlib.blake2s(json.dumps(named, sort_keys=True, default=str).encode(), digest_size=8).hexdigest()


def same_moment(values, now) -> bool:
    """Whether a live update (the page's poll: `since`) comes from a page still showing moment `now`
    (the moment, or a function giving it: worked out only for a poll that says its page's moment)."""
    if values.get("since") is None or values.get("page_moment") is None:
        return False
    return values.get("page_moment") == (now() if callable(now) else now)
