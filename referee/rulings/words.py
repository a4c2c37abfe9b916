"""One reader's words, and the tables of writers every ruling and log line is written by.

The engine explains itself in English (an event's `reason`, an error's `message`) for logs and the
command line. The table and the printed reports speak the players' language, so every ruling is
written from an event's type and fields (a fact's fields, an error's class, the structured `next`;
docs/actions.md §3.8, §4, §5) through the one set of catalogues (referee.i18n). Nothing parses or
translates the English text; a field the engine renames makes the tests fail instead of a sentence
going quietly wrong. Nothing here raises on an odd input: an unknown event or fact is still shown,
by its type and fields.
"""
from functools import cached_property, reduce

from babel.lists import format_list

from ..catalog import load_edition
from ..i18n import babel_locale, language, translations
from ..rules.context import RESOURCES, STEP3
from .reading_names import reading_name
from .vocabulary import KINDS, MARKETS, N_, PHASES, RESOURCES as RESOURCE_NAMES

SENTENCE_GAP = {"en": " ", "ja": "", "zh-Hant": ""}
LIST_GAP = {"en": "; ", "ja": "；", "zh-Hant": "；"}   # between lists that themselves hold commas

RULINGS = {}   # event type -> writer(words, event); the map rules' own join them (rulings/setup.py)
FACTS = {}     # table fact type -> writer(words, fact)


class Words:
    """One reader's language: sentences from the catalogue and the game's nouns (plants, cubes,
    cities, money) written the way that language writes them. A map rule's writers (referee/maprules)
    get one and need nothing else."""

    def __init__(self, lang: str, game_map=None):
        self.lang, self.map = language(lang), game_map
        catalogue = translations(self.lang)
        self._gettext, self._ngettext = catalogue.gettext, catalogue.ngettext

    def _(self, msgid: str, **values) -> str:
        text = self._gettext(msgid)
        return text % values if values else text

    def ngettext(self, singular: str, plural: str, num: int, **values) -> str:
        return self._ngettext(singular, plural, num) % {"num": num, **values}

    def join(self, items, style="standard") -> str:
        """'5, 6, and 7' / '5、6、7' / '5、6和7'; style "or" for a choice."""
        items = [str(i) for i in items]
        return format_list(items, style=style, locale=babel_locale(self.lang)) if items else ""

    def series(self, items) -> str:
        """A sequence without a conjunction ('Ann, Bob, Cara' / 'Ann、Bob、Cara'): a turn order, placements."""
        items = [str(i) for i in items]
        middle = babel_locale(self.lang).list_patterns["standard"]["middle"]
        return reduce(middle.format, items) if items else ""

    def sentences(self, *parts) -> str:
        return SENTENCE_GAP[self.lang].join(p for p in parts if p)

    def lists(self, parts) -> str:
        """Lists that themselves hold commas, one after another ('2–3 players: 3, 4; 4 players: 5')."""
        return LIST_GAP[self.lang].join(parts)

    def money(self, amount) -> str:
        return self._("%(amount)s Elektro", amount=amount)

    def money_range(self, low, high) -> str:
        """'10 to 14 Elektro', or one sum when both ends meet."""
        if low == high:
            return self.money(low)
        return self._("%(low)s to %(high)s Elektro", low=low, high=high)

    def plant(self, number) -> str:
        if number == STEP3:
            return self._("the Step 3 card")
        return self._("plant %(number)s", number=number)

    def plants(self, numbers, style="standard") -> str:
        numbers = list(numbers)
        return self.ngettext("plant %(plants)s", "plants %(plants)s", len(numbers),
                             plants=self.join(numbers, style))

    def card(self, card) -> str:
        """A card the table may draw: a plant number or the Step 3 card."""
        return self._("the Step 3 card") if card == STEP3 else str(card)

    def resource(self, name) -> str:
        return self._(RESOURCE_NAMES[name]) if name in RESOURCE_NAMES else str(name)

    def cubes(self, amounts: dict, style="standard") -> str:
        """'2 coal and 1 oil' / '石炭2個と石油1個' in the resources' usual order, zero counts left out."""
        parts = [self._("%(count)s %(resource)s", count=amounts[r], resource=self.resource(r))
                 for r in RESOURCES if amounts.get(r)]
        return self.join(parts, style)

    def start_prices(self, slots: dict, start: dict) -> str:
        """'coal from 1, oil from 3, ...': where each resource's cubes begin (they fill the dearest spaces)."""
        parts, absent = [], []
        for r in RESOURCES:
            if r in slots:
                count = start.get(r, 0)
                if count:
                    parts.append(self._("%(resource)s from %(price)s", resource=self.resource(r),
                                        price=sorted(slots[r])[-count]))
                else:
                    absent.append(self.resource(r))
        if not absent:
            return self.join(parts)
        # a clause of its own: zh-Hant read 「垃圾從5元起和鈾不放」 when the list joined both kinds
        none = self._("no %(resource)s", resource=self.join(absent))
        return self._("%(prices)s; %(none)s", prices=self.join(parts), none=none) if parts else none

    def kinds(self, kinds) -> str:
        """Plant kinds as a choice: 'ecological or fusion'."""
        return self.join((self._(KINDS[k]) for k in kinds), "or")

    def market(self, name) -> str:
        """One of a map's resource markets (Korea's North and South), in a sentence."""
        return self._(MARKETS[name])

    def city(self, city_id) -> str:
        """The name printed on the board, when the board is known."""
        city = self.map.cities.get(city_id) if self.map is not None else None
        return city.name if city is not None else str(city_id)

    def cities(self, city_ids) -> str:
        return self.join(self.city(c) for c in city_ids)

    def cities_by_name(self, texts) -> str:
        """Cities as the table typed them (a fact), shown by their printed names where they resolve."""
        names = []
        for text in texts:
            try:
                names.append(self.city(self.map.resolve_city(text)) if self.map is not None else str(text))
            except ValueError:
                names.append(str(text))
        return self.join(names)

    def phase(self, phase) -> str:
        return self._(PHASES[phase][1])

    def move(self, m: dict) -> str:
        return self._("%(cubes)s from %(source)s to %(target)s",
                      cubes=self.cubes({m["resource"]: m.get("count", 1)}),
                      source=self.plant(m["from"]), target=self.plant(m["to"]))

    @cached_property
    def edition(self):
        """The edition as this map changes it (its market spaces, its player counts)."""
        return load_edition("original", map=self.map)

    def reading_note(self, event: dict) -> str:
        """'(Table rule: …)' naming the house reading an event applies, "" for none (the default)."""
        if not event.get("reading"):
            return ""
        return self._("(Table rule: %(rule)s.)", rule=reading_name(self, event["reading"], event.get("choice")))

    def ruling(self, kind: str, event: dict, **extra) -> str:
        """The writer of another event type: a map rule whose event reads as a base one (Korea's North refill)."""
        return RULINGS[kind](self, event, **extra)

    def fact(self, fact) -> str:
        """A table fact as its log line (a taken-back fact, a correction)."""
        return write(FACTS, self, fact, N_("%(kind)s: %(details)s"))


def writer(table: dict, kind: str):
    def register(fn):
        table[kind] = fn
        return fn
    return register


def ruling(kind):
    return writer(RULINGS, kind)


def fact_line(kind):
    return writer(FACTS, kind)


def write(table: dict, w: Words, record, unknown: str) -> str:
    """A record in words by its type's writer; one its writer cannot read (an unknown type, a field
    missing from an old or hand-made record) is still shown, by its type and fields."""
    write_one = table.get(record.get("type")) if isinstance(record, dict) else None
    if write_one is not None:
        try:
            return write_one(w, record)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass
    if not isinstance(record, dict):
        return str(record)
    details = ", ".join(f"{k} {v}" for k, v in record.items() if k not in ("type", "reason"))
    return w._(unknown, kind=record.get("type"), details=details)


def render(event: dict, lang: str, game_map=None) -> str:
    """One ruling in the reader's language, from the event's type and fields."""
    return write(RULINGS, Words(lang, game_map), event, N_("Ruling %(kind)s: %(details)s"))


def describe_fact(fact: dict, lang: str, game_map=None) -> str:
    """One line of the game's log for a table fact (or an undo, redo or correction)."""
    return Words(lang, game_map).fact(fact)
