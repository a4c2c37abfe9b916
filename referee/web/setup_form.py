"""The new-game form: its values read into a setup line, and the common mistakes named in the page's language.

The engine has the last word (`Game(setup)` raises BadSetup); these checks only exist so that what
people get wrong most often (names, colours, the number and adjacency of areas, the drawn order)
is explained in their language and all at once, before the engine sees the setup.

Form fields: map (a map id, or custom:<file> for a board of the custom maps folder); name_N, colour_N, position_N for seat N (seat order = N's order, rows without a
name are empty seats); areas (repeated); toggle (an area tapped on the map); short_game; order_by
("table": position_N is the round-1 order drawn by lot, "app": the referee draws it); move ("N:up" or
"N:down": a seat's arrow button, moving that seat's player one seat round the table). Seed 000's new
plant cards: variation (1–4, empty for the base game); market_N (variation 2: "old" or "new", the card
of number N, 3–8, turned up second); removed_pairs (variation 2: the numbers removed in pairs);
cities (repeated) and toggle_city (variation 3: a city tapped on the map); deck (variation 4: a
shipped deck's id; an uploaded deck file is read by games.create). Table rules: reading_<option>
(a house reading's choice, maps/readings/readings.toml; only those that concern the game and differ from the
default go into the setup line). Power Grid: Recharged: edition ("recharged"), dealt (repeated: the plug
plants dealt face up; none: the referee deals), no_trust (2 players without the Trust; the referee places
the Trust's cities), trust_city_N (the Trust's six cities in placement order), start_cities (the experienced
players' start: each player marks a start city at the table before round 1's auction).
"""
import re
import secrets
import unicodedata
from dataclasses import dataclass, field

from flask_babel import gettext as _, ngettext

from ..catalog import CatalogError, available_maps, load_edition, load_map
from ..catalog import readings
from ..catalog.deck_check import MARKET_SIZE
from ..catalog.decks import available_decks
from ..catalog.edition_boards import board_for
from ..catalog.edition_deal import deal_offer
from ..catalog.edition_options import TRUST_CITIES, trust_city_choices, trust_city_problem
from ..catalog.variations import cities_needed
from ..rules.fields import normal_name
from ..rulings import vocabulary
from ..rulings.readings import CHOICES, NAMES
from ..rulings.vocabulary import N_
from . import custom_maps
from .language import listed
from .numbers import wholes

SEATS = 6
DEFAULT_MAP = "germany"     # the base game's board, chosen until the table picks another
NAME_MOST = 40              # characters of a player's name (after normalisation): fits a card, a chip and a report
HOUSE_COLOURS = ("red", "blue", "green", "yellow", "purple", "black")
VARIATION_2_NUMBERS = (3, 4, 5, 6, 7, 8)   # seed 000: of these, the card turned up second goes to the market
ROW_FIELD = re.compile(r"(name|colour|position)_([1-9][0-9]?)")
MOVE = re.compile(r"([1-9][0-9]?):(up|down)")     # a seat's up/down button


def shown(name: str) -> str:
    """A map's or area's name in the page's language (as in the file when there is no translation)."""
    return vocabulary.name(_, name)


def map_name(map_id: str) -> str:
    """A stored game's map by its name in the page's language (its id if the file is gone)."""
    try:
        return shown(load_map(map_id).name)
    except CatalogError:
        return map_id


def colour_names() -> dict:
    return {"red": _("red"), "blue": _("blue"), "green": _("green"), "yellow": _("yellow"),
            "purple": _("purple"), "black": _("black")}


@dataclass
class Seat:
    seat: int
    name: str = ""
    colour: str = ""
    position: str = ""


@dataclass
class SetupForm:
    map_id: str
    seats: list
    areas: list
    short_game: bool = False
    order_by: str = "table"
    problems: list = field(default_factory=list)
    variation: int | None = None    # seed 000's variation 1–4, None: the base game's cards
    market: dict = field(default_factory=dict)   # variation 2: number 3–8 -> "old" or "new"
    pairs: str = ""                 # variation 2: the numbers removed in pairs, as typed
    unpaired: str = ""              # variation 2, house reading variation_2_unpaired = out: single cards, as typed
    cities: list = field(default_factory=list)   # variation 3: the cities chosen one by one
    deck: str = "new"               # variation 4: a shipped deck's id
    deck_data: dict | None = None   # variation 4: an uploaded deck file's contents
    edition: str = "original"       # or "recharged" (Power Grid: Recharged, docs/editions.md)
    dealt: list = field(default_factory=list)    # Recharged: the plug plants dealt face up (none: the referee deals)
    no_trust: bool = False          # Recharged with 2 players: play without the Trust
    start_cities: bool = False      # Recharged: the experienced players' start (each marks a start city)
    trust_cities: list = field(default_factory=lambda: [""] * 6)   # Recharged, 2 players: the Trust's 6 cities as placed ("" unset)
    readings: dict = field(default_factory=dict)   # Table rules: house reading -> the choice made

    def house(self) -> dict:
        """The table rules for the setup line: those that concern this game and are not the default."""
        board = self.board
        if board is None:
            return {}
        return {o: c for o, c in self.readings.items() if c != readings.default(o)
                and readings.applies(o, board.id, self.variation, len(self.players))}

    def table_rules(self) -> list:
        return table_rules(self)

    def cities_needed(self) -> int:
        """Variation 3: how many cities this many players choose (0 otherwise or for an unplayable count)."""
        return cities_needed(self.variation, len(self.players)) if self.variation == 3 else 0

    def unpaired_cards(self) -> list | None:
        """Variation 2's single cards turned up while pairs were searched ("11, 24+"), None when the text holds
        something else; full-width digits and commas are read as the ASCII ones."""
        words = unicodedata.normalize("NFKC", self.unpaired).replace(",", " ").replace("、", " ").split()
        if not all(re.fullmatch(r"[0-9]{1,3}\+?", w) for w in words):
            return None
        return [w if w.endswith("+") else int(w) for w in words]

    def pair_numbers(self) -> list | None:
        """Variation 2's removed pairs as numbers, None when the text holds something else."""
        return wholes(self.pairs, longest=3)

    @property
    def players(self) -> list:
        return [s for s in self.seats if s.name]

    @property
    def board(self):
        """The chosen map (a shipped one, or a board of the custom maps folder), None when the form names none we have."""
        return custom_maps.load(self.map_id)

    def areas_needed(self) -> int | None:
        """How many areas this many players use (the edition's table), None for an unplayable count."""
        board = self.board
        edition = readings.tables(load_edition("original", map=board), self.house(), len(self.players), board) \
            if board else None      # a table rule may change the count (Australia's two players)
        row = edition.player_counts.get(len(self.players)) if edition else None
        return row.areas if row else None

    def connected(self) -> bool:
        return bool(self.areas) and self.board.areas_connected(self.areas)


def read(form) -> SetupForm:
    """The form's values, as typed (names normalised as the engine compares them)."""
    maps = available_maps()
    map_id = form.get("map") or (DEFAULT_MAP if DEFAULT_MAP in maps else maps[0] if maps else "")
    seats = {}
    for key in form:
        if m := ROW_FIELD.fullmatch(key):
            seat = seats.setdefault(int(m[2]), Seat(int(m[2])))
            value = form.get(key, "")
            setattr(seat, m[1], normal_name(value) if m[1] == "name" else value.strip())
    for n in range(1, SEATS + 1):
        seats.setdefault(n, Seat(n, colour=HOUSE_COLOURS[n - 1]))
    ordered = [seats[n] for n in sorted(seats)]
    if move := MOVE.fullmatch(form.get("move") or ""):
        swap_seats(ordered, int(move[1]), -1 if move[2] == "up" else 1)
    result = SetupForm(map_id=map_id, seats=ordered, areas=[],
                       short_game=bool(form.get("short_game")),
                       order_by="app" if form.get("order_by") == "app" else "table")
    board = result.board
    chosen = list(dict.fromkeys(form.getlist("areas")))
    toggle = form.get("toggle")
    if toggle:
        chosen = [a for a in chosen if a != toggle] if toggle in chosen else chosen + [toggle]
    result.areas = [a for a in chosen if board and a in board.areas]
    given = form.get("variation") or ""
    result.variation = int(given) if given in ("1", "2", "3", "4") else None
    result.market = {n: "new" if form.get(f"market_{n}") == "new" else "old" for n in VARIATION_2_NUMBERS}
    result.pairs = (form.get("removed_pairs") or "")[:200]
    result.unpaired = (form.get("unpaired") or "")[:200]
    result.deck = form.get("deck") if form.get("deck") in available_decks() else "new"
    result.readings = {o: form.get(f"reading_{o}") for o, spec in readings.options().items()
                       if form.get(f"reading_{o}") in spec["choices"]}
    cities = list(dict.fromkeys(form.getlist("cities")))
    tapped = form.get("toggle_city")
    if tapped:
        cities = [c for c in cities if c != tapped] if tapped in cities else cities + [tapped]
    result.cities = [c for c in cities if board and c in board.cities]
    result.edition = "recharged" if form.get("edition") == "recharged" else "original"
    result.dealt = sorted({int(n) for n in form.getlist("dealt") if n.isascii() and n.isdigit() and len(n) < 3})
    result.no_trust = bool(form.get("no_trust"))
    result.start_cities = bool(form.get("start_cities"))
    result.trust_cities = [(form.get(f"trust_city_{i}") or "")[:60] for i in range(1, TRUST_CITIES + 1)]
    return result


def swap_seats(seats: list, number: int, step: int):
    """Move what seat `number` holds (name, colour, drawn place) one seat up (-1) or down (+1);
    the seats themselves keep their numbers."""
    i = next((i for i, s in enumerate(seats) if s.seat == number), None)
    if i is None or not 0 <= i + step < len(seats):
        return
    a, b = seats[i], seats[i + step]
    (a.name, a.colour, a.position), (b.name, b.colour, b.position) = (b.name, b.colour, b.position), (a.name, a.colour, a.position)


def check(f: SetupForm) -> list:
    """Translated descriptions of what is wrong with the form, [] when the engine may judge it."""
    problems = []
    if f.board is None:
        problems.append(_("Choose a map: %(maps)s, or a board of your own.",
                          maps=listed((shown(load_map(m).name) for m in available_maps()), "or")))
    players = f.players
    if len(players) < 2:
        problems.append(_("Enter the names of at least two players, one per seat."))
    elif len(players) > SEATS:
        problems.append(_("Power Grid is for 2 to 6 players; %(count)s names were entered.", count=len(players)))
    for p in players:
        if any(unicodedata.category(c) == "Cc" for c in p.name):
            problems.append(_("The name in seat %(seat)s has a character that cannot be shown; type it again.",
                              seat=p.seat))
        if len(p.name) > NAME_MOST:
            problems.append(_("The name in seat %(seat)s is %(length)s characters long; a name has at most %(most)s.",
                              seat=p.seat, length=len(p.name), most=NAME_MOST))
    names = [p.name for p in players]
    for name in dict.fromkeys(n for n in names if names.count(n) > 1):
        problems.append(_("Two players are called “%(name)s”. Each player needs a name of their own.", name=name))
    problems += _colour_problems(players)
    needed = f.areas_needed() if f.board and f.variation != 3 else None
    cities = f.cities_needed() if f.board else 0
    if cities and len(f.cities) != cities:
        problems.append(_("With %(players)s players variation 3 uses %(needed)s cities; %(chosen)s are chosen.",
                          players=len(players), needed=cities, chosen=len(f.cities)))
    held = f.deck_data.get("cards") if f.variation == 4 and isinstance(f.deck_data, dict) else None
    if isinstance(held, dict) and len(held) <= MARKET_SIZE:
        problems.append(_("The deck file holds %(cards)s plants: the market takes %(market)s, which leaves none to "
                          "draw. A deck needs at least %(least)s plants.",
                          cards=len(held), market=MARKET_SIZE, least=MARKET_SIZE + 1))
    if f.house().get("variation_2_unpaired") == "out" and f.unpaired_cards() is None:
        problems.append(_("Single cards turned up: type the plants, such as 11, 24+."))
    if f.variation == 2 and f.pair_numbers() is None:
        problems.append(_("Removed pairs: type the plant numbers removed in pairs, such as 12, 27."))
    if needed is not None and len(f.areas) != needed:
        problems.append(_("With %(players)s players the game uses %(needed)s areas; %(chosen)s are chosen.",
                          players=len(players), needed=needed, chosen=len(f.areas)))
    elif needed is not None and not f.connected():
        problems.append(_("The chosen areas must be adjacent: together one connected region of the map."))
    problems += _trust_city_problems(f)
    if f.order_by == "table" and 2 <= len(players) <= SEATS:
        places = sorted(p.position for p in players)
        if places != [str(n) for n in range(1, len(players) + 1)]:
            problems.append(_("Give each player their place in the round-1 order drawn at the table "
                              "(1 to %(count)s, each once), or let the referee draw it.", count=len(players)))
    return problems


def _recharged_board(f: SetupForm):
    """The map as Recharged prints it (Germany renames two cities), which the Trust's cities are on."""
    try:
        return board_for(f.board, load_edition("recharged", f.board), custom_maps.carried(f.map_id))
    except CatalogError:
        return f.board


def deal_offer_for(f: SetupForm) -> dict | None:
    """What the table deals face up for Recharged on the chosen map (the engine's answer,
    edition_deal.deal_offer): None when the map keeps its own plant setup; the edition's plug plants
    before a map is chosen."""
    if f.board is None:
        edition = load_edition("recharged")
        return {"size": edition.deal["market"], "plugs": list(edition.deal["plug"]), "always": []}
    try:
        return deal_offer(_recharged_board(f), load_edition("recharged", f.board),
                          load_edition("original", map=f.board))
    except CatalogError:
        return None


def trusts_cities(f: SetupForm) -> list:
    """The Trust's cities the table placed, in order; [] when the referee places them (none chosen,
    or no Trust: another edition, not 2 players, or played without it). A value that is no city of
    the board counts as not chosen (a form posted by hand)."""
    if f.edition != "recharged" or len(f.players) != 2 or f.no_trust or f.board is None:
        return []
    board = _recharged_board(f)
    return [c for c in f.trust_cities if c in board.cities]


def trust_city_choices_for(f: SetupForm) -> list:
    """(city id, printed name) the Trust may start in: the chosen areas' cities (the engine's list),
    every city of the map until areas are chosen, by name."""
    if f.board is None:
        return []
    board = _recharged_board(f)
    ids = trust_city_choices(board, f.areas) if f.areas else list(board.cities)
    return sorted(((c, board.cities[c].name) for c in ids), key=lambda pair: pair[1])


def _trust_city_problems(f: SetupForm) -> list:
    """The engine's judgement of the Trust's cities (digest §4), worded in the page's language."""
    given = trusts_cities(f)
    if not given:
        return []
    if len(given) != TRUST_CITIES:
        return [_("The Trust's cities: choose all six, in the order they were placed, or none for the referee "
                  "to place them; %(chosen)s are chosen.", chosen=len(given))]
    board = _recharged_board(f)
    problem = trust_city_problem(given, board, set(trust_city_choices(board, f.areas)))
    if problem is None:
        return []
    kind, city, placement = problem
    if kind == "twice":
        return [_("The Trust's cities: each of the six must be a different city.")]
    if kind == "outside":
        return [_("The Trust's cities: %(city)s (placement %(number)s) is not in the chosen play areas.",
                  city=board.cities[city].name, number=placement)]
    return [_("The Trust's cities: %(city)s (placement %(number)s) must be joined by a connection to a Trust "
              "city placed before it.", city=board.cities[city].name, number=placement)]


def _colour_problems(players) -> list:
    names = colour_names()
    problems, taken = [], {}
    for p in players:
        if p.colour not in HOUSE_COLOURS:
            problems.append(_("%(name)s needs a house colour: one of %(colours)s.",
                              name=p.name, colours=listed(names.values(), "or")))
        elif p.colour in taken:
            problems.append(_("%(first)s and %(second)s both picked %(colour)s. Each player needs a colour of their own.",
                              first=taken[p.colour], second=p.name, colour=names[p.colour]))
        else:
            taken[p.colour] = p.name
    return problems


def setup_line(f: SetupForm) -> dict:
    """The setup line for the engine: seats in order, the drawn order or a seed for the referee to draw it."""
    players = f.players
    line = {"type": "setup", "map": f.map_id, "players": [{"name": p.name, "colour": p.colour} for p in players],
            "areas": f.areas, "short_game": f.short_game}
    if custom_maps.carried(f.map_id):     # the log carries a board not shipped with the referee
        line.update(map=f.board.id, board=custom_maps.board_data(f.map_id))
    if f.variation is not None:           # seed 000's new plant cards (docs/decks.md)
        line["variation"] = f.variation
    if f.variation == 2:
        line["market"] = [1, 2] + [f"{n}+" if f.market[n] == "new" else n for n in VARIATION_2_NUMBERS]
        line["removed_pairs"] = f.pair_numbers() or []
    if f.variation == 3:
        del line["areas"]
        line["cities"] = f.cities
    if f.variation == 4:
        line["deck"] = f.deck_data if f.deck_data is not None else f.deck
    if f.house():                         # house readings (docs/rules-notes.md §6)
        line["readings"] = f.house()
    if f.house().get("variation_2_unpaired") == "out":
        line["unpaired"] = f.unpaired_cards() or []
    if f.order_by == "table":
        line["order"] = [p.name for p in sorted(players, key=lambda p: p.position)]
    else:
        line["seed"] = secrets.randbelow(2 ** 31)
    if f.edition == "recharged":          # Power Grid: Recharged (docs/editions.md)
        line["edition"] = "recharged"
        if f.dealt:
            line["dealt"] = f.dealt
        if len(players) == 2 and f.no_trust:
            line["trust"] = False
        if trusts_cities(f):
            line["trust_cities"] = trusts_cities(f)
        if f.start_cities:                # the experienced players' start (digest §6)
            line["start_cities"] = True
        # what the table did not enter (the deal, the Trust's cities) the referee decides from a seed
        line.setdefault("seed", secrets.randbelow(2 ** 31))
    return line


VARIATION_SHORT = {1: N_("variation 1"), 2: N_("variation 2"), 3: N_("variation 3"), 4: N_("variation 4")}


def table_rules(f) -> list:
    """The Table rules section: each house reading with its choices (the default first) and where it
    applies, in the page's language: [(option, name, [(choice, label, chosen)], where)]."""
    out = []
    for option, spec in readings.options().items():
        chosen = f.readings.get(option, spec["choices"][0])
        choices = [(c, _(CHOICES[(option, c)]) + ("" if i else " " + _("(default)")), c == chosen)
                   for i, c in enumerate(spec["choices"])]
        where = [shown(load_map(m).name) for m in spec.get("maps", ())]
        where += [_(VARIATION_SHORT[n]) for n in spec.get("variations", ())]
        where += [ngettext("%(num)s player", "%(num)s players", n) for n in spec.get("players", ())]
        out.append((option, _(NAMES[option]), choices,
                    _("Only for: %(games)s", games=listed(where, "standard")) if where else ""))
    return out
