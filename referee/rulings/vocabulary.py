"""The game's nouns, marked once for the catalogues: resources, plant kinds, phases, markets, boards and areas.

Rulings, the table pages and the printed aids all name these things; each name is defined here
and translated where it is shown, so a noun reads the same on a card, a page and a ruling.
"""


def N_(message):
    """Marks a word for the catalogues where it is defined; it is translated where it is used."""
    return message


# In a sentence ('2 coal and 1 oil'), and as a label ('Coal' heads a printed row).
RESOURCES = {"coal": N_("coal"), "oil": N_("oil"), "garbage": N_("garbage"), "uranium": N_("uranium")}
RESOURCE_LABELS = {"coal": N_("Coal"), "oil": N_("Oil"), "garbage": N_("Garbage"), "uranium": N_("Uranium")}

# A plant's kind other than the resource it burns.
KINDS = {"hybrid": N_("coal or oil"), "ecological": N_("ecological"), "fusion": N_("fusion")}

# The phases of a round: the state's name -> (number, name).
PHASES = {"turn_order": (1, N_("Turn order")), "auction": (2, N_("Auction")), "resources": (3, N_("Buying resources")),
          "building": (4, N_("Building")), "bureaucracy": (5, N_("Bureaucracy"))}

# Resource markets of a map with more than one (Korea): in a sentence, and as a title.
MARKETS = {"north": N_("the North market"), "south": N_("the South market"),
           "storage": N_("the coal storage")}   # Recharged USA (referee/maprules/coal_storage.py)
MARKET_TITLES = {"north": N_("North market"), "south": N_("South market"), "storage": N_("Coal storage")}

# Names in the map files (boards, then play areas) as the pages and cards show them; a name not
# listed (a custom map's) stays as its file spells it.
NAMES = frozenset((
    N_("Australia"), N_("Baden-Württemberg"), N_("Benelux"), N_("Brazil"), N_("British Isles (UK & Ireland)"),
    N_("Central Europe"), N_("China"), N_("France"), N_("Germany"), N_("Indian Subcontinent"), N_("Italy"),
    N_("Japan"), N_("Korea"), N_("Northern Europe"), N_("Québec"), N_("Russia"), N_("Spain & Portugal"), N_("USA"),
    N_("Austria"), N_("Baltic States"), N_("Blue"), N_("Brown"), N_("Czechia"), N_("Denmark"), N_("East"),
    N_("Finland"), N_("Green"), N_("Hungary"), N_("North-central"), N_("North-east"), N_("North-west"),
    N_("Northern England"), N_("Northern Ireland"), N_("Northern Sweden"), N_("Norway"), N_("Orange"), N_("Pink"),
    N_("Poland (east)"), N_("Poland (west)"), N_("Portugal"), N_("Purple"), N_("Red"), N_("Republic of Ireland"),
    N_("Scotland"), N_("Slovakia"), N_("South-central"), N_("South-east"), N_("South-west"), N_("Southern England"),
    N_("Southern Sweden"), N_("Wales"), N_("West"), N_("Yellow"),
))


def name(gettext, text: str) -> str:
    """A board's or area's name through `gettext` when the catalogues know it, else as the file spells it."""
    return gettext(text) if text in NAMES else text
