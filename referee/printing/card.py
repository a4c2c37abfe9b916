"""The player aid: one card for the table's map and player count, in the players' language.

Every number comes from the catalogue the engine plays with (the edition as the map changes it):
nothing on the card is typed in twice. On one sheet (A4, letter) the front is the round (five phases,
who acts first, the steps) and the back the numbers (player-count figures, refill, income), the rules
people forget and the map's own rules. On A6 the same parts take two cards, so that body text stays
at 8 pt or more: the round; the numbers; the steps and the rules people forget; the map's own rules.
"""
import io
import dataclasses
from dataclasses import dataclass

from babel.numbers import format_decimal
from reportlab.pdfgen.canvas import Canvas

from ..catalog import Edition, Map, PlayerCount, load_edition, load_map
from ..catalog.edition_boards import board_for
from ..catalog.edition_deal import map_deal
from ..catalog.variations import tables
from ..i18n import LANGUAGES, babel_locale
from ..rules import map_setup
from ..rules.context import PHASES, Context
from ..rulings import MARKETS, describe_rules
from ..rulings.editions import describe_edition
from ..rulings.readings import describe_readings
from ..rulings.variations import describe_variation
from . import fonts, market
from .kit import ACCENT, MUTED, RULE, SPARK, TINT, WHITE, Flow, draw_text, fit, shrink, text_width
from .sheets import PER_SHEET, SIZES, cut_marks, pages
from .words import N_, RESOURCE_COLOURS, Words


class PrintError(ValueError):
    """A request that cannot be printed: the message says what is wrong and what is allowed."""


# Edition keys a board may override (maps/*.toml [overrides]) and how the card names them.
OVERRIDE_LABELS = {
    "starting_money": N_("starting money"), "income": N_("income table"), "refill": N_("refill table"),
    "player_counts": N_("player-count table"), "plants": N_("power plants"),
    "initial_market": N_("plant market at setup"), "top_of_deck": N_("card on top of the deck"),
    "market_slots": N_("resource market spaces"), "market_start": N_("resource market at setup"),
    "totals": N_("resources in the box"), "house_costs": N_("house costs"),
    "short_game_end": N_("end of the short game"),
}
# The refill table's columns, each its own message: zh-Hant writes 第一階段 as its sentences do, not 第1階段.
STEP_NAMES = (N_("Step 1"), N_("Step 2"), N_("Step 3"))
ONE_PAGE_SIZES = [x / 4 for x in range(52, 27, -1)]   # 13 pt down to 7 pt
A6_SIZES = [x / 4 for x in range(46, 35, -1)]         # 11.5 pt down to 9 pt: body text (0.9 of it) 8 pt or more


@dataclass(frozen=True)
class Card:
    words: Words
    map: Map
    edition: Edition
    players: int
    rules: tuple[str, ...] = ()   # the map's own setup and rules, one sentence each (rulings.describe_rules)
    changed: tuple[str, ...] = ()  # the edition tables whose numbers the board really changes
    one_page: bool = True         # a4/letter: one sheet, front and back; a6: two cards (see the docstring)
    variation: object = None      # seed 000's variation played (catalog.variations.Variation), if any
    readings: tuple = ()          # house readings chosen other than the default: (option, choice) pairs

    @property
    def count(self) -> PlayerCount:
        return self.edition.player_counts[self.players]

    @property
    def context(self) -> Context:
        """The engine's view of the table, so thresholds a map rule changes (Step 2) are the map's."""
        return Context(self.map, self.edition, self.players, tuple(self.map.areas))

    @property
    def removed(self) -> int:
        """Plants removed at setup for this count: face down, or the map's known list (China)."""
        known = self.map.setup.get("removed_by_players", {})
        if self.variation is not None and self.variation.first_of_number:   # variation 2: pairs, face up
            return 2 * self.count.removed
        return len(known[self.players]) if self.players in known else self.count.removed

    @property
    def own_rules(self) -> bool:
        return bool(self.rules or self.changed)

    @property
    def sections(self) -> tuple:
        """What each face holds, in order: one sheet's two faces, or A6's three (four with the map's rules)."""
        if self.one_page:
            return (_title, _round, _steps), (_numbers, _forgotten, _closing_rules)
        return (_title, _round), (_numbers,), (_title, _steps, _forgotten), (_rules_title, _map_rules)

    @property
    def faces(self) -> int:
        return len(self.sections) - (0 if self.one_page or self.own_rules else 1)


def aid(game_map: Map, players: int, lang: str, size: str, variation=None, deck=None,
        edition_id: str = "original") -> Card:
    """The card for a table: the map's edition tables (as seed 000's variation changes them: its number,
    or a game's Context playing one; or another edition, Power Grid: Recharged) and its own rules in the
    reader's words."""
    edition, base = load_edition("original", map=game_map), load_edition("original")
    changed = tuple(k for k in sorted(game_map.overrides) if getattr(edition, k) != getattr(base, k))
    played, house = None, ()
    if isinstance(variation, Context):
        edition, played, house = variation.edition, variation.variation, variation.readings
        game_map = variation.map          # the board the edition prints (Recharged Germany, USA)
    elif variation is not None:
        edition, played, _removed = tables(variation, game_map, edition, players, deck)
    elif edition_id != "original":
        edition = load_edition(edition_id, map=game_map)
        # the map's own deal replaces its seed 001 deck and market; a map keeping its own plant setup deals nothing
        game_map, edition = map_deal(board_for(game_map, edition), edition, load_edition("original", map=game_map))
        if edition.deal and not edition.initial_market:   # dealt at the table: a market of that many plants
            edition = dataclasses.replace(edition, initial_market=edition.deal["plug"][:edition.deal["market"]])
    rules = describe_rules(game_map, lang, players, played) + describe_edition(
        game_map, edition, lang, players, played=isinstance(variation, Context))
    return Card(Words(lang), game_map, edition, players, tuple(rules), changed, one_page=size != "a6", variation=played,
                readings=house)




def card_pdf(map_id, players: int, lang: str = "en", size: str = "a4", per_sheet: int = 4,
             variation=None, deck=None, edition_id: str = "original") -> bytes:
    """The player aid as a PDF: one sheet (a4, letter), or one A6 card per player, `per_sheet` (2 or 4)
    to an A4 sheet. `variation` (1–4, seed 000's new plant cards; `deck` for 4, or a game's Context)
    changes its numbers."""
    if lang not in LANGUAGES:
        raise PrintError(f"unknown language {lang!r}; languages are {', '.join(LANGUAGES)}")
    if size not in SIZES:
        raise PrintError(f"unknown size {size!r}; sizes are {', '.join(SIZES)}")
    if isinstance(per_sheet, bool) or per_sheet not in PER_SHEET:
        raise PrintError(f"A6 cards come {' or '.join(map(str, PER_SHEET))} to an A4 sheet; got {per_sheet!r}")
    game_map = map_id if isinstance(map_id, Map) else load_map(map_id)     # a game's own board (custom) as is
    edition = load_edition("original", map=game_map)
    if isinstance(players, bool) or players not in edition.player_counts:
        counts = sorted(edition.player_counts)
        raise PrintError(f"Power Grid on {game_map.name} is for {counts[0]}–{counts[-1]} players; got {players!r}")
    if edition_id != "original" and variation is not None and not isinstance(variation, Context):
        raise PrintError("the new power plant cards (variation) are played with the original edition")
    card = aid(game_map, players, lang, size, variation, deck, edition_id)
    sheet = pages(size, players, card.faces, per_sheet)
    s = type_sizes(card, sheet)
    out = io.BytesIO()
    w = card.words
    c = Canvas(out, pagesize=sheet[0].size, pageCompression=1, invariant=1, lang=lang,
               initialFontName=fonts.font_for(lang))  # else an unembedded Helvetica is declared
    c.setTitle(w.gettext("%(game)s player aid: %(map)s, %(players)s")
               % {"game": w.gettext("Power Grid"), "map": w.map_name(game_map), "players": w.players(players)})
    for page in sheet:
        c.setPageSize(page.size)
        if page.cuts:
            cut_marks(c, page)
        for index, (x, top, width, _) in page.faces:
            draw_face(Flow(c, lang, x, top, width, s[index]), card, index)
        c.showPage()
    c.save()
    return out.getvalue()


def type_sizes(card: Card, sheet) -> list[float]:
    """The base type size of each face: the largest at which it fits its box on the card's pages."""
    boxes = {index: box for page in sheet for index, box in page.faces}
    steps = A6_SIZES if sheet[0].cuts else ONE_PAGE_SIZES
    sizes = [fit(card.words.lang, lambda flow, i=i: draw_face(flow, card, i), steps, boxes[i])
             for i in range(card.faces)]
    return sizes if sheet[0].cuts else [min(sizes)] * len(sizes)  # side by side: one size for both


def draw_face(f: Flow, card: Card, index: int):
    for section in card.sections[index]:
        section(f, card)


def _title(f: Flow, card: Card):
    w = card.words
    _ = w.gettext
    f.band(_("%(game)s · %(map)s") % {"game": _("Power Grid"), "map": w.map_name(card.map)}, w.players(card.players))
    f.gap(0.6)


def _round(f: Flow, card: Card):
    """The round: five phases with who acts first."""
    w, e = card.words, card.edition
    _ = w.gettext
    f.heading(_("A round in five phases"))
    forward, backward = _("first player first"), _("last player first")
    first, second, third = e.house_costs
    phases = [   # in the base order, 1 to 5; printed in the order the map plays them, keeping their numbers
        ("", _("Most cities first; a tie goes to the highest plant. Round 1: by lot, then re-sorted "
               "after the auction by plant, highest first.")),
        (forward, _auction(card)),
        (backward, _("Cheapest space first; a plant stores twice what it burns, of its own kind. "
                     "Resources may move between your own plants at any time.")),
        (backward, w.rulings.sentences(
            _("House %(first)d / %(second)d / %(third)d plus connections; your first city costs only its "
              "house. Houses per city: the step number.") % {"first": first, "second": second, "third": third},
            any(c.spaces for c in card.map.cities.values())    # Japan, Baden-Württemberg: the board's own spaces
            and _("Some cities print their own spaces and prices: build there as the board shows."))),
        (forward, w.rulings.sentences(
            _("Income by cities powered (none pays %(base)d). Refill resources.") % {"base": e.income[0]},
            market.line(w, card.context, "market_update", _("Steps 1–2: the highest plant goes under the deck; "
                                                            "Step 3: the lowest leaves. Draw a replacement.")))),
    ]
    for name in card.context.phase_order:
        number = PHASES.index(name) + 1
        order, text = phases[number - 1]
        _phase(f, number, w.phase(number), order)
        f.para(text, k=0.92, indent=f.s * 1.9)
        f.gap(0.45)


def _steps(f: Flow, card: Card):
    """When Steps 2 and 3 begin, and the Step 3 market."""
    w = card.words
    _ = w.gettext
    f.gap(0.2)
    f.heading(_("Steps"))
    f.para(_("Step 2: after the building phase in which someone reaches %(cities)s; the lowest plant "
             "leaves once and is replaced.") % {"cities": w.cities(card.context.step2_cities)}, k=0.92)
    f.gap(0.3)
    f.para(_("Step 3: when its card is drawn. The card and the lowest plant leave, no replacement; "
             "shuffle the deck. Drawn in"), k=0.92)
    for text in (_("phase 2: it stands as the highest plant until the auction ends; Step 3 from phase 3"),
                 _("phase 4: Step 3 from phase 5"),
                 _("phase 5: Step 3 from the next round")):
        f.para(text, k=0.92, indent=f.s * 1.1, bullet=SPARK)
    f.gap(0.3)
    f.para(_("In Step 3 the market holds %(n)d plants, all open to auction.")
           % {"n": map_setup.step3_plants(card.context)}, k=0.92)
    f.gap(0.6)


def _auction(card: Card) -> str:
    """Phase 2: the plants open to auction as the map's rules count them (China: all of them)."""
    _ = card.words.gettext
    n = market.open_plants(card.context)
    if n is None:
        return _("Offer any plant of the market (there is no future market) at its number or more, or pass "
                 "for the round. Bids go clockwise; a pass is final. One plant a round; in round 1 all must buy.")
    return (_("Offer a plant of the current market (the lowest %(n)d) at its number or more, or pass for "
              "the round. Bids go clockwise; a pass is final. One plant a round; in round 1 all must buy.")
            % {"n": n})


def _phase(f: Flow, number: int, name: str, order: str):
    """Phase title line: a numbered disc, the phase's name, and who acts first on the right."""
    size = f.s * 1.05
    h = size * 1.55
    if f.draw:
        c, mid = f.c, f.y - h / 2
        r = size * 0.62
        c.setFillColor(ACCENT)
        c.circle(f.x + r, mid, r, stroke=0, fill=1)
        draw_text(c, f.x + r, mid - size * 0.33, str(number), f.lang, size * 0.92, WHITE, "centre", bold=True)
        tag = draw_text(c, f.x + f.w, mid - f.s * 0.3, order, f.lang, f.size(0.82), MUTED, "right")
        room = f.w - f.s * 1.9 - tag - f.s * 0.6
        draw_text(c, f.x + f.s * 1.9, mid - size * 0.36, name, f.lang, shrink(name, f.lang, size, room), ACCENT,
                  bold=True)
    f.y -= h


def _numbers(f: Flow, card: Card):
    """The numbers for this player count: figures, refill, income."""
    w, e, n = card.words, card.edition, card.count
    _ = w.gettext
    f.band(_("The numbers"), w.players(card.players))
    f.gap(0.6)
    figures = [
        (_("Cities in play"), str(card.variation.cities)) if card.variation is not None and card.variation.cities
        else (_("Areas in play"), str(n.areas)), (_("Removed at setup"), str(card.removed)),
        (_("Plant limit"), str(n.max_plants)), (_("Step 2 at"), w.cities(card.context.step2_cities)),
        (_("Game ends at"), w.cities(card.context.end_cities)), (_("Starting money"), w.money(e.starting_money)),
    ]
    value = {"align": "right", "k": 1.1, "bold": True, "fill": ACCENT}
    half = len(figures) // 2
    widths = [0.37, 0.08, 0.27, 0.28]   # left pairs hold short numbers, right pairs "17 cities"
    rows = [list(pair) for pair in zip(figures[:half], figures[half:])]
    if not all(text_width(label, f.lang, f.s) <= f.w * widths[2 * j] - f.s * (0.7, 1.75)[j]
               for row in rows for j, (label, _v) in enumerate(row)):
        rows, widths = [[pair] for pair in figures], [0.64, 0.36]  # one a row rather than squeezed labels
    for i, row in enumerate(rows):
        cells = [cell for j, (label, text) in enumerate(row)
                 for cell in ((label, {"pad": 2.5 if j else 1.0}), (text, value))]
        f.row(cells, widths, height=1.45, fill=TINT if i % 2 == 0 else None)
    f.gap(0.7)
    board_market, table = next(iter(card.context.refill_tables.items()))   # the board's, named beside another
    f.heading(_("Refill of %(market)s, %(players)s") % {"market": _(MARKETS.get(board_market, board_market)),
                                                       "players": w.players(card.players)}
              if board_market else _("Resource refill, %(players)s") % {"players": w.players(card.players)})
    _refill(f, card, table)
    f.gap(0.7)
    f.heading(_("Income"))
    _income(f, card)
    f.gap(0.6)
    for i, line in enumerate(describe_variation(card.variation, w.lang, removed=card.removed)):
        f.heading(line) if i == 0 else f.para(line, k=0.9)
        f.gap(0.2 if i else 0)
    if card.variation is not None:
        f.gap(0.4)
    if card.readings:   # house readings other than the default (docs/rules-notes.md §6)
        f.heading(_("Table rules"))
        for line in describe_readings(dict(card.readings), w.lang):
            f.para(line, k=0.9)
        f.gap(0.4)


def _forgotten(f: Flow, card: Card):
    """The rules people forget, each with this table's numbers."""
    w, n = card.words, card.count
    _ = w.gettext
    f.heading(_("Often forgotten"))
    ctx = card.context
    for text in filter(None, (
            market.line(w, ctx, "city_removal", _("Any time: market plants numbered at or below the most cities "
                                                  "of any player leave the game and are replaced.")),
            w.ngettext("Over %(num)d plant: discard one of the others; its resources may move to your "
                       "plants, the rest go to the supply (not the market).",
                       "Over %(num)d plants: discard one of the others; its resources may move to your "
                       "plants, the rest go to the supply (not the market).", n.max_plants) % {"num": n.max_plants},
            market.line(w, ctx, "no_sale", _("No plant sold in a round (after round 1): the lowest leaves and is "
                                              "replaced.")),
            _("The game ends after the building phase in which someone reaches %(cities)s: power what "
              "you can, no income.") % {"cities": w.cities(card.context.end_cities)},
            _("Winner: most cities powered; ties go to most money, then most cities.")
            if tuple(card.edition.tie_breaks) != ("money",) else
            _("Winner: most cities powered; ties go to most money; a tie on money shares the win."))):
        f.para(text, k=0.9, indent=f.s * 1.0, bullet=ACCENT)
        f.gap(0.2)


def _closing_rules(f: Flow, card: Card):
    """One sheet: the map's own rules close the back, under a heading."""
    if card.own_rules:
        f.gap(0.4)
        f.heading(card.words.gettext("Rules of %(map)s") % {"map": card.words.map_name(card.map)})
        _map_rules(f, card)


def _rules_title(f: Flow, card: Card):
    """A6: the map's own setup and rules have a card face of their own."""
    w = card.words
    f.band(w.gettext("Rules of %(map)s") % {"map": w.map_name(card.map)}, w.players(card.players))
    f.gap(0.6)


def _map_rules(f: Flow, card: Card):
    """The map's rules as bullets, the refill of any market a rule adds, and which tables the board changes."""
    w = card.words
    _ = w.gettext
    for text in card.rules:
        f.para(text, k=0.9, indent=f.s * 1.0, bullet=ACCENT)
        f.gap(0.2)
    for name, table in list(card.context.refill_tables.items())[1:]:   # the markets a map's rule adds
        f.gap(0.3)
        f.heading(_("Refill of %(market)s, %(players)s") % {"market": _(MARKETS.get(name, name)),
                                                           "players": w.players(card.players)}, k=1.0)
        _refill(f, card, table)
    if card.changed:
        f.gap(0.3)
        changed = w.rulings.join(_(OVERRIDE_LABELS.get(k, k)) for k in card.changed)
        f.para(_("This board changes the %(what)s; the numbers on this card are the board's.")
               % {"what": changed}, k=0.9, fill=MUTED)


def _refill(f: Flow, card: Card, table: dict):
    """Cubes the refill brings in Steps 1, 2, 3, a row per resource the table names."""
    w = card.words
    steps = [(w.gettext(name), {"align": "centre", "fill": MUTED, "k": 0.85}) for name in STEP_NAMES]
    f.row([("", {})] + steps, [0.4, 0.2, 0.2, 0.2], height=1.3)
    for i, resource in enumerate(r for r in card.edition.resources if r in table):
        amounts = [(_signed(a, w.lang), {"align": "centre", "k": 1.15, "bold": True}) for a in table[resource]]
        f.row([(w.resource(resource), {"chip": RESOURCE_COLOURS[resource]})] + amounts,
              [0.4, 0.2, 0.2, 0.2], height=1.5, fill=TINT if i % 2 == 0 else None)
    if any(a < 0 for amounts in table.values() for a in amounts):
        f.para(w.gettext("Below 0: that many cubes leave the market instead."), k=0.9, fill=MUTED)


def _signed(amount: int, lang: str) -> str:
    """A refill amount; one below 0 (Australia's uranium) with a true minus sign, not a hyphen."""
    text = format_decimal(abs(amount), locale=babel_locale(lang))
    return f"\u2212{text}" if amount < 0 else text


def _income(f: Flow, card: Card):
    """The income table as strips of seven: cities powered above, Elektro paid below."""
    _ = card.words.gettext
    income = card.edition.income
    last = len(income) - 1
    per = 7
    widths = [0.19] + [0.81 / per] * per
    for start in range(0, len(income), per):
        chunk = range(start, min(start + per, len(income)))
        cities = [(f"{i}+" if i == last else str(i), {"align": "centre", "fill": MUTED, "k": 0.8}) for i in chunk]
        paid = [(str(income[i]), {"align": "centre", "k": 1.05, "bold": True}) for i in chunk]
        f.row([(_("Cities"), {"fill": MUTED, "k": 0.8})] + cities, widths, height=1.25)
        f.row([(_("Income"), {"k": 0.85})] + paid, widths, height=1.45, fill=TINT)
        if f.draw:
            f.c.setStrokeColor(RULE)
            f.c.setLineWidth(0.4)
            f.c.line(f.x, f.y, f.x + f.w, f.y)
        f.gap(0.3)

