"""The game's own words in the reader's language: resources, phases, maps; shared by cards and reports."""
from .. import rulings
from ..i18n import translations


def N_(text: str) -> str:
    """Mark a string for the catalogues; it is translated where it is shown."""
    return text


RESOURCES = {"coal": N_("Coal"), "oil": N_("Oil"), "garbage": N_("Garbage"), "uranium": N_("Uranium")}
# The board's cube colours: coal brown, oil black, garbage yellow, uranium red.
RESOURCE_COLOURS = {"coal": "#7a4a1e", "oil": "#1b1b1b", "garbage": "#e8b90c", "uranium": "#c8232c"}

PHASES = (N_("Turn order"), N_("Auction"), N_("Buying resources"), N_("Building"), N_("Bureaucracy"))

# The boards' printed names (maps/*.toml); a board not listed here keeps its own name.
MAP_NAMES = {"germany": N_("Germany"), "usa": N_("USA")}


class Words:
    """gettext and ngettext of one language, the printed names, and the rulings' own wording
    (`rulings`: money, lists) so a sum or a list reads the same on paper as at the table."""

    def __init__(self, lang: str):
        self.lang = lang
        catalogue = translations(lang)
        self.gettext, self.ngettext = catalogue.gettext, catalogue.ngettext
        self.rulings = rulings.Words(lang)

    def resource(self, key: str) -> str:
        return self.gettext(RESOURCES[key])

    def phase(self, number: int) -> str:
        return self.gettext(PHASES[number - 1])

    def map_name(self, game_map) -> str:
        """The board's name as the table app shows it (referee/web/setup_form.py marks the shipped maps'
        names); a custom map's stays as its file spells it."""
        return self.gettext(MAP_NAMES.get(game_map.id, game_map.name))

    def cities(self, n: int) -> str:
        return self.ngettext("%(num)s city", "%(num)s cities", n) % {"num": n}

    def players(self, n: int) -> str:
        return self.ngettext("%(num)d player", "%(num)d players", n) % {"num": n}

    def money(self, n: int) -> str:
        return self.rulings.money(n)
