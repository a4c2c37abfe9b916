"""The house readings in the reader's words (maps/readings/readings.toml, catalog/readings.py): each option's
name and its choices, for the new-game page, the player aid, and the rulings that apply one."""
from .reading_names import CHOICES, NAMES, reading_name   # noqa: F401  (NAMES, CHOICES: the new-game page)
from .words import Words, ruling


def describe_readings(chosen: dict, lang: str) -> list[str]:
    """One line per house reading chosen other than the default (the player aid, the table's start)."""
    w = Words(lang)
    return [reading_name(w, option, choice) for option, choice in sorted(chosen.items())]


@ruling("house_readings")
def _house_readings(w, e):
    return w._("Table rules for this game: %(rules)s.",
               rules=w.lists(reading_name(w, o, c) for o, c in sorted(e["readings"].items())))
