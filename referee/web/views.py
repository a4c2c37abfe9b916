"""What the table page shows, read from the engine's state and `next` (no rules are decided here).

Each function turns one part of the state into plain values a template draws: the plant market as
cards, the resource track space by space, the players, and what is known of the deck. Sentences
about the game (rulings, refusals, what the table waits for, log lines) come from referee.rulings,
in the page's language.
"""
import re
from functools import lru_cache

from flask_babel import gettext as _, ngettext
from markupsafe import Markup

from .. import rulings
from ..rulings.vocabulary import KINDS, MARKET_TITLES
from ..rules import building
from ..rules.state import neutral
from ..rules.context import RESOURCES, STEP3
from ..rules.deck import possible_draws
from ..rules.plant_market import current as open_plants
from ..rules.resources import markets
from .language import current
from .memo import per_object
from .setup_form import HOUSE_COLOURS

CSS_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$")


def words(game_map=None) -> rulings.Words:
    return rulings.Words(current(), game_map)


def ruling(event: dict, game_map=None) -> str:
    """An automatic ruling in the page's language, written from its type and fields."""
    return rulings.render(event, current(), game_map)


def refusal(error, next_actions=None, game_map=None, fact=None, money: bool = True) -> str:
    """Why the engine refused an entry (`fact`) and, given `next`, what is allowed now, in the page's
    language; without `money`, no bound quotes a player's money (a shared screen while money is secret)."""
    return rulings.render_error(error, current(), next_actions, game_map, fact, money)


def waiting(next_actions: dict, game_map=None, money: bool = True) -> str:
    """One sentence: what the table is waiting for, and from whom (without `money`, nothing that tells
    the waited-for player's money)."""
    return rulings.describe_next(next_actions, current(), game_map, money)


def fact_text(fact: dict, game_map=None) -> str:
    """One line of the log for a fact, in the page's language."""
    return rulings.describe_fact(fact, current(), game_map)


def phase_name(phase: str) -> str:
    return _("Game over") if phase == "over" else words().phase(phase)


def resource_name(r: str) -> str:
    return _resource_name(r, current())


@lru_cache(maxsize=64)
def _resource_name(r: str, lang: str) -> str:
    return rulings.Words(lang).resource(r)


def kind_name(kind: str) -> str:
    return _(KINDS[kind]) if kind in KINDS else resource_name(kind)


def colour(value: str) -> str:
    """A player's colour as a value for --house: the box's six as referee.css defines them (the one
    place they are set), other CSS colours as given (an imported log), anything else grey."""
    if value in HOUSE_COLOURS:
        return f"var(--house-{value})"
    return value if CSS_COLOUR.match(value or "") else "#888"


def colours(state: dict) -> dict:
    return {name: colour(p["colour"]) for name, p in state["players"].items()}


def card(ctx, number, lang: str | None = None) -> dict:
    """A plant card as printed: number, what it burns and how much, cities powered (one shared,
    read-only dict per card and language; `lang`: the page's, when the caller has it already)."""
    return _card(ctx, number, lang or current())


@per_object(1024)
def _card(ctx, number, lang: str) -> dict:
    if number == STEP3:
        return {"step3": True}
    plant = ctx.plant(number)
    return {"number": number, "kind": plant.kind, "kind_name": kind_name(plant.kind),
            "burns": plant.burns, "powers": plant.powers,
            "fuel": list(plant.accepts) if plant.burns else []}


def market(state: dict, ctx) -> dict:
    """Current and future rows as on the table (the engine says which plants are open: four, or a
    map's own number — Russia 3, Benelux sometimes 5, China all); in Step 3 one row of all plants."""
    token = state.get("map", {}).get("discount")     # Power Grid: Recharged's discount token
    lang = current()
    cards = [dict(card(ctx, c, lang), least=1) if c == token and token is not None else card(ctx, c, lang)
             for c in state["market"]]
    if state["step"] == 3:
        return {"rows": [(_("Plant market"), cards)]}
    size = len(open_plants(state, ctx))
    plants = [c for c in cards if not c.get("step3")]
    future = plants[size:] + [c for c in cards if c.get("step3")]
    return {"rows": [(_("Current market"), plants[:size]), (_("Future market"), future)]}


def market_title(name) -> str:
    """A resource market's name on the page (a map's unknown market by its own name)."""
    return _(MARKET_TITLES[name]) if name in MARKET_TITLES else str(name)


def resource_track(state: dict, ctx, refills: dict) -> list:
    """Every resource market a player may buy from (the board's; Korea's North and South), each
    resource's spaces grouped by price and filled from the dearest, spaces just refilled marked."""
    out = []
    for m in markets(state, ctx):
        title = market_title(m.name) if m.name else None
        tracks = [one_track(state, r, m.slots[r], m.counts[r], refills.get(m.name, {}))
                  for r in RESOURCES if m.slots[r]]
        out.append({"name": m.name, "title": title, "tracks": tracks})
    return out


CUBE = {r: f'<i class="cube {r}"></i>' for r in RESOURCES}       # a space of the track with a cube on it
EMPTY_SPACE = '<i class="cube empty"></i>'


def one_track(state: dict, r: str, slots, have: int, refills: dict) -> dict:
    first_filled = len(slots) - have
    new_to = len(slots) - refills[r] if r in refills else first_filled
    return {"resource": r, "name": resource_name(r), "market": have, "supply": state["resources"]["supply"][r],
            "groups": _spaces(r, tuple(slots), first_filled, new_to), "cheapest": slots[first_filled] if have else None}


@lru_cache(maxsize=1024)
def _spaces(r: str, slots: tuple, first_filled: int, new_to: int) -> tuple:
    """A resource's spaces grouped by price, as drawn: a cube on each space from `first_filled` on,
    those before `new_to` marked as just refilled (one shared, read-only answer per track as it stands:
    a track of a hundred spaces is drawn once, not once per state and language)."""
    groups = []
    for i, price in enumerate(slots):
        space = CUBE[r] if i >= first_filled else EMPTY_SPACE
        if first_filled <= i < new_to:
            space = space.replace('"></i>', ' new"></i>')
        if groups and groups[-1]["price"] == price:
            groups[-1]["spaces"].append(space)
        else:
            groups.append({"price": price, "spaces": [space]})
    return tuple({"price": g["price"], "spaces": Markup("".join(g["spaces"]))} for g in groups)


def refill_before(events: list) -> dict:
    """{market name: {resource: cubes on it before this entry's refill}}, to mark the spaces just
    filled: the board's market (named None, or Korea's "south") by `refill`, Korea's North by `north_refill`."""
    out: dict = {}
    for e in events:
        if e["type"] in ("refill", "north_refill") and e["added"]:
            names = ("north",) if e["type"] == "north_refill" else (None, "south")
            for name in names:
                out.setdefault(name, {})[e["resource"]] = e["market_before"]
    return out


def refill_steps(events: list) -> list:
    """The refill as a person does it: per resource (and market, on Korea), how many cubes go on which price space."""
    out = []
    korea = any(e["type"] == "north_refill" for e in events)     # then the plain refill is the South's
    for e in events:
        if e["type"] not in ("refill", "north_refill") or not e["added"]:
            continue
        counts: dict[int, int] = {}
        for price in e["spaces"]:
            counts[price] = counts.get(price, 0) + 1
        places = [ngettext("%(num)s on space %(price)s", "%(num)s on space %(price)s", n, price=price)
                  for price, n in counts.items()]
        market = market_title("north" if e["type"] == "north_refill" else "south") if korea else None
        out.append({"resource": e["resource"], "name": resource_name(e["resource"]), "places": places,
                    "market": market})
    return out


def owned(ctx, plant: dict, lang: str | None = None) -> dict:
    """A player's plant card with the cubes on it and its empty places."""
    cubes = [r for r in RESOURCES for _n in range(plant["stored"].get(r, 0))]
    return {**card(ctx, plant["number"], lang), "cubes": cubes, "capacity": ctx.plant(plant["number"]).capacity,
            "stored": plant["stored"]}


def players(state: dict, ctx, sees_money=lambda name: True) -> list:
    """Every player in turn order: seat, colour, money (None where `sees_money(name)` says the viewer
    may not see it: referee.web.viewer), cities, plants with the cubes on them.

    Who acts now is marked on the table (acting_seats), not here, so that a turn passing on does
    not change what the players' panels show."""
    seats = list(state["players"])
    mines = state.get("map", {}).get("mines", {})     # Australia: uranium plants become mines
    lang = current()
    out = []
    for name in state["order"]:
        p = state["players"][name]
        out.append({"name": name, "seat": seats.index(name), "colour": colour(p["colour"]), "money": p["money"] if sees_money(name) else None,
                    "cities": len(p["cities"]), "plants": [owned(ctx, pl, lang) for pl in p["plants"]],
                    "mines": [card(ctx, n, lang) for n in mines.get(name, ())]})
    return out


def neutral_player(state: dict, ctx):
    """Power Grid: Recharged's neutral player with 2 (its plants, houses on the board, houses left), or None."""
    n = neutral(state)
    if n is None:
        return None
    return {"plants": [card(ctx, c) for c in n["plants"]], "houses": len(n["cities"]), "supply": n["supply"]}


def closed_cities(state: dict, ctx) -> list:
    """Cities of the play areas nobody may build in yet (Baden-Württemberg's five beyond the state,
    until Step 2), as the engine says, for the board to show them closed."""
    inside = ctx.map.cities_in(ctx.areas)
    return [c for c in building.closed_cities(state, ctx) if c in inside]


def acting_seats(state: dict) -> list:
    """Seat numbers (setup order) of the players the table waits for: table.css highlights their panels."""
    seats = list(state["players"])
    return [seats.index(name) for name in state["next"]["waiting_for"]]


def deck(state: dict, ctx=None) -> dict:
    """What the table knows of the face-down deck (and, in seed 000's variation 2, the cards out of the
    game, which tell what can still come)."""
    d = state["deck"]
    return {"above": d["above"], "top": d["top"], "step3_drawn": d["step3_drawn"], "under": d["under"],
            "shuffled": d["shuffled"], "unseen": d["unseen"] if not d["step3_drawn"] else [],
            "removed_unseen": d["removed_unseen"], "possible": possible_draws(d),
            "backs": d.get("backs", {}).get("next", []),      # Recharged: the backs the next card can show
            "removed": state["removed"] if ctx is not None and ctx.variation and ctx.variation.first_of_number else []}


def moment(state: dict) -> dict:
    """Where the game stands, all a page needs of the state itself: phase, round and step (the rest
    reaches templates only through the viewer's view: referee.web.viewer)."""
    return {"phase": state["phase"], "round": state["round"], "step": state["step"]}


def turn_order(state: dict) -> list:
    acting = set(state["next"]["waiting_for"])
    done = set(state["acted"])
    return [{"name": n, "colour": colour(state["players"][n]["colour"]), "acting": n in acting, "done": n in done}
            for n in state["order"]]
