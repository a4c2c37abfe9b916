"""The game's own words in the reader's language: resources, phases, maps; shared by cards and reports."""
from .. import rulings
from ..i18n import translations
from ..rulings.vocabulary import N_, PHASES, RESOURCE_LABELS, name

__all__ = ["N_", "RESOURCE_COLOURS", "Words"]

# The board's cube colours: coal brown, oil black, garbage yellow, uranium red.
RESOURCE_COLOURS = {"coal": "#7a4a1e", "oil": "#1b1b1b", "garbage": "#e8b90c", "uranium": "#c8232c"}
PHASE_NAMES = {number: label for number, label in PHASES.values()}


class Words:
    """gettext and ngettext of one language, the printed names, and the rulings' own wording
    (`rulings`: money, lists) so a sum or a list reads the same on paper as at the table."""

    def __init__(self, lang: str):
        self.lang = lang
        catalogue = translations(lang)
        self.gettext, self.ngettext = catalogue.gettext, catalogue.ngettext
        self.rulings = rulings.Words(lang)

    def resource(self, key: str) -> str:
        return self.gettext(RESOURCE_LABELS[key])

    def phase(self, number: int) -> str:
        return self.gettext(PHASE_NAMES[number])

    def map_name(self, game_map) -> str:
        """The board's name as the table app shows it; a custom map's stays as its file spells it."""
        return name(self.gettext, game_map.name)

    def cities(self, n: int) -> str:
        return self.ngettext("%(num)s city", "%(num)s cities", n) % {"num": n}

    def players(self, n: int) -> str:
        return self.ngettext("%(num)d player", "%(num)d players", n) % {"num": n}

    def money(self, n: int) -> str:
        return self.rulings.money(n)
