"""Correcting a fact from the log page: the fact turned back into the form fields that enter it again."""
from flask_babel import gettext as _

from ..rules.context import RESOURCES
from ..rules.building import network_cities
from ..rules.resources import markets
from .views import market_title, resource_name


def form_values(fact: dict) -> dict:
    """{field: [values]} that fact_from_form reads back as this fact."""
    kind = fact["type"]
    out = {"player": [fact["player"]]} if "player" in fact else {}
    simple = {"nominate": ("plant", "bid"), "bid": ("amount",), "sold": ("plant", "price"), "discard": ("plant",),
              "buy": RESOURCES}
    for field in simple.get(kind, ()):
        out[field] = [str(fact.get(field, "" if field == "bid" else 0))]
    if kind == "nominate" and "bid" not in fact:
        out["bid"] = [str(fact["plant"])]
    if kind == "draw":
        out["card"] = [str(fact.get("card", fact.get("plant")))]
    if kind == "discard":
        out.update({f"keep_{r}": [str(fact.get("keep", {}).get(r, ""))] for r in RESOURCES})
    if kind == "move":
        first = fact["moves"][0]
        out.update({"from": [str(first["from"])], "to": [str(first["to"])], "resource": [first["resource"]],
                    "count": [str(first.get("count", 1))]})
    if kind == "build":
        out["cities"] = list(fact["cities"]) + ["", ""]
        out["new_network"] = [fact.get("new_network", "")]
        out["in_order"] = ["1" if fact.get("in_order") else ""]
    if kind == "buy":
        out["market"] = [fact.get("market", "")]
    if kind == "start_city":     # Recharged's experienced start
        out["city"] = [fact["city"]]
    if kind == "power":
        if "plants" in fact:
            out["plants"] = [str(p) for p in fact["plants"]] + [""]
            out.update({f"burn_{p}": [",".join(f"{r}={n}" for r, n in mix.items())]
                        for p, mix in fact.get("burn", {}).items()})
        else:
            out["plants"] = [""]
        out["powered"] = [str(fact["cities"]) if "cities" in fact else ""]
    return out


def label(field: str) -> str:
    if field in RESOURCES:
        return resource_name(field)
    if field.startswith("keep_"):
        return _("Keep %(resource)s", resource=resource_name(field[5:]))
    if field.startswith("burn_"):
        return _("Mix burned by plant %(plant)s (e.g. coal=1,oil=1)", plant=field[5:])
    return {"player": _("Player"), "plant": _("Plant"), "bid": _("Opening bid"), "amount": _("Bid"),
            "price": _("Price"), "card": _("Card drawn (a number or step3)"), "from": _("From plant"),
            "to": _("To plant"), "resource": _("Resource"), "count": _("Cubes"), "cities": _("City"),
            "plants": _("Plant fired"), "powered": _("Cities powered"), "market": _("Declared market"),
            "new_network": _("City that begins another network"), "in_order": _("Order charged"),
            "city": _("Start city")}[field]


def correction_fields(fact: dict, posted, game) -> list:
    """The inputs of the correction form, filled from what was posted or else from the fact. A
    field the map does not play (a declared market off Korea, a new network off Japan) is left out."""
    fields = []
    for name, values in form_values(fact).items():
        choices = optional_choices(name, game)
        if name in OPTIONAL and choices is None and not any(values):
            continue
        if posted is not None:
            values = posted.getlist(name) or values
        for value in values:
            fields.append({"name": name, "label": label(name), "value": value,
                           "choices": list(game.state["players"]) if name == "player"
                           else list(RESOURCES) if name == "resource" else choices,
                           "labels": choice_labels(name, game)})
    return fields


OPTIONAL = ("market", "new_network")


def optional_choices(name: str, game):
    """The values a map-rule field takes on this map ("" for none), None if the map has no such rule."""
    if name == "market":
        names = [m.name for m in markets(game.state, game.ctx)]
        return [""] + names if len(names) > 1 else None
    if name == "new_network":
        cities = network_cities(game.ctx)
        return [""] + cities if cities is not None else None
    if name == "in_order":
        return ["", "1"]
    return None


def choice_labels(name: str, game) -> dict:
    """What a choice reads as: a resource's, market's or city's name; "" as none."""
    if name == "resource":
        return {r: resource_name(r) for r in RESOURCES}
    if name == "market":
        return {"": _("none"), **{m.name: market_title(m.name) for m in markets(game.state, game.ctx) if m.name}}
    if name == "new_network":
        return {"": _("none"), **{c.id: c.name for c in game.ctx.map.cities.values()}}
    if name == "in_order":
        return {"": _("the cheapest order"), "1": _("the order listed")}
    return {}
